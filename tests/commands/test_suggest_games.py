"""``paddock balance --suggest`` beyond Frothy Races: for Joyride, Outrider and Formula Ace,
an over- and an under-powered build each get suggestions that, applied to the file, keep
every rule and land inside the band (measured again from the edited file); a balanced build
gets "nothing to change". Formula Ace strength is bought: a ship that dominates the baseline
having paid for it is inside, and an under-powered one is offered the purchases of 16/ as
season ``buy`` entries. (Circus Maximus has no balance profile: nothing to suggest.)"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from generator.commands.balance.edits import apply
from generator.commands.balance.suggest import outside, suggest
from generator.commands.cli import main
from generator.project.loading import load
from tests.conftest import REPO, VEHICLES

NEW_CAR = REPO / "templates" / "joyride" / "new-car.yaml.j2"


def joyride_car(name: str, change: Callable[[str], str] = lambda text: text) -> str:
    """The shipped Joyride template car (the baseline's numbers), renamed and changed."""
    done = main_new("joyride", name)
    return change(done)


def main_new(game: str, name: str) -> str:
    """The file ``paddock new GAME NAME`` writes."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "new.yaml"
        assert main(["new", game, name, "-o", str(target)]) == 0
        return target.read_text()


def iron_curtain(name: str, wide_defense: int) -> str:
    """Outrider's baseline vehicle renamed, with its wide side's Defense bonus changed."""
    text = (VEHICLES / "outrider" / "iron-curtain.yaml").read_text()
    text = text.replace("name: Iron Curtain", f"name: {name}")
    return text.replace("bonuses: {defense: 1, handling: 1}",
                        f"bonuses: {{defense: {wide_defense}, handling: 1}}")


def team(name: str, first_skills: str = "{piloting: 3, g_endurance: 3}",
         season: str = "season: []") -> str:
    """``paddock new formula-ace``'s team renamed, its first pilot's skills and its season
    replaced."""
    text = main_new("formula-ace", name)
    text = text.replace("skills: {piloting: 3, g_endurance: 3}", f"skills: {first_skills}", 1)
    return text.replace("season: []", season)


LOW_SEASON = """season:
  - race:
      name: Neon Canyon
      category: total-speed-way
      starters: 6
      results:
        - {pilot: "Low Pilot One", ship: "Low Ship One", place: 4}
# the season goes on
"""

BUILDS: dict[str, Callable[[], tuple[str, str]]] = {
    # (the file's text, where its first build stands: dominates, dominated, inside, or
    # bought: dominates, having paid for it, so inside)
    "joyride over": lambda: (joyride_car("Over", lambda t: t.replace(
        "{effect: shift_up, amount: 1}", "{effect: shift_up, amount: 2}")), "dominates"),
    "joyride under": lambda: (joyride_car("Under", lambda t: t.replace(
        "      - {effect: shift_down, amount: 1}\n", "")), "dominated"),
    "joyride balanced": lambda: (joyride_car("Even"), "inside"),
    "outrider over": lambda: (iron_curtain("Over Curtain", 2), "dominates"),
    "outrider under": lambda: (iron_curtain("Under Curtain", 0), "dominated"),
    "outrider balanced": lambda: (iron_curtain("Even Curtain", 1), "inside"),
    "formula-ace under, season written as []": lambda: (team(
        "Low", "{piloting: 2, g_endurance: 2}"), "dominated"),
    "formula-ace under, season as a block": lambda: (team(
        "Low", "{piloting: 2, g_endurance: 2}", LOW_SEASON), "dominated"),
    "formula-ace over, bought": lambda: (team("High", season=(
        "season:\n  - buy: {item: hit-point, ship: \"High Ship One\"}\n")), "bought"),
    "formula-ace balanced": lambda: (team("Even"), "inside"),
}


@pytest.mark.parametrize("case", list(BUILDS))
def test_each_suggestion_applied_lands_inside_the_band(tmp_path: Path, case: str) -> None:
    text, side = BUILDS[case]()
    path = tmp_path / "build.yaml"
    path.write_text(text)
    loaded = load([path])
    assert not [f for f in loaded.findings if f.severity.value == "error"], loaded.findings
    definition = loaded.definitions[0]
    hook = definition.game.balance
    assert hook is not None
    search = suggest(definition, text, 0)
    if side in ("inside", "bought"):
        assert not outside(search.now, hook) and search.suggestions == []
        assert search.now.dominates == (side == "bought")
        return
    assert getattr(search.now, side) and outside(search.now, hook)
    assert search.suggestions, f"{case}: nothing suggested"
    for number, found in enumerate(search.suggestions):
        edited = tmp_path / f"edited-{number}.yaml"
        edited.write_text(apply(text, [e for s in found.steps for e in s.edits]) or "")
        again = load([edited])
        assert not [f for f in again.findings if f.severity.value == "error"], found.diff
        after = suggest(again.definitions[0], edited.read_text(), 0)
        assert not outside(after.now, hook), found.diff


def test_formula_ace_suggests_purchases_with_their_price(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    path = tmp_path / "low.yaml"
    path.write_text(team("Low", "{piloting: 2, g_endurance: 2}", LOW_SEASON))
    assert main(["balance", str(path), "-o", str(tmp_path / "b.pdf"), "--suggest"]) == 0
    out = capsys.readouterr().out
    assert "Low Ship One (Low Pilot One) (" in out and "DOMINATED by the baseline now" in out
    assert "suggestion 1: buy " in out and " credits) (1 change): now " in out
    assert "+  - buy: {item: " in out and "ship: Low Ship One}" in out
    # the other two ships are the baseline's equals
    assert out.count("inside the band, nothing to change") == 2
