"""``paddock balance --suggest``: for a build outside the band, the fewest edits of its file
that bring it inside, each checked clean, measured on the exact axes and shown as a diff."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.commands.balance import suggest as suggest_module
from generator.commands.balance.edits import apply, candidate_steps
from generator.commands.balance.suggest import moved_axes, outside, suggest
from generator.commands.cli import main
from generator.project.loading import Definition, load
from tests.conftest import VEHICLES

CHARIOT = (VEHICLES / "frothy-races" / "basic-chariot.yaml").read_text()


def vehicle(tmp_path: Path, name: str, whip: int) -> Path:
    """The basic chariot renamed, with ``whip`` Whip cards (4 is the baseline's)."""
    path = tmp_path / f"{name.lower()}.yaml"
    text = CHARIOT.replace("name: Basic Chariot", f"name: {name}")
    path.write_text(re.sub(r"\n  whip: 4", f"\n  whip: {whip}", text))
    return path


@pytest.mark.parametrize(("whip", "side"), [(5, "dominates"), (3, "dominated")])
def test_every_suggestion_checks_clean_and_brings_the_build_inside(
        tmp_path: Path, whip: int, side: str) -> None:
    path = vehicle(tmp_path, "Trial", whip)
    definition = load([path]).definitions[0]
    hook = definition.game.balance
    assert hook is not None
    text = path.read_text()
    search = suggest(definition, text, 0)
    assert outside(search.now, hook) and getattr(search.now, side)
    assert search.suggestions and search.tried > 20
    assert all(len(s.edits) == 1 for s in search.suggestions), "one step is enough here"
    for number, found in enumerate(search.suggestions):
        edited = tmp_path / f"edited-{number}.yaml"
        edited.write_text(apply(text, found.edits) or "")
        loaded = load([edited])
        assert not [f for f in loaded.findings if f.severity.value == "error"]
        again = suggest(loaded.definitions[0], edited.read_text(), 0)
        assert not outside(again.now, hook), found.edits
    places = [tuple(p for p in s.edits[0].path if not isinstance(p, int))
              for s in search.suggestions]
    assert len(places) == len(set(places)), "one suggestion per place"


def test_suggest_prints_diffs_and_effects(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    over = vehicle(tmp_path, "Over", 5)
    assert main(["balance", str(over), str(VEHICLES / "frothy-races" / "whisper-gig.yaml"),
                 "-o", str(tmp_path / "b.pdf"), "--suggest"]) == 0
    out = capsys.readouterr().out
    assert f"Over ({over}): DOMINATES the baseline now" in out
    assert "  suggestion 1: " in out and "(1 change): now " in out
    assert f"    --- {over}\n    +++ {over}\n" in out
    # Each suggestion shows its edit as a diff of the file's own lines, then every axis it
    # moves, value before and after. Which five are shown is the search's order among
    # equally small edits (a Stamina maximum one lower became one when an affect at the
    # maximum became legal): the first is read here, whichever it is.
    first = out.split("  suggestion 1: ", 1)[1].split("  suggestion 2: ", 1)[0]
    assert re.search(r"\n    -  \S.*\n    \+  \S.*\n", first)
    assert re.search(r"\n    [A-Z][\w ]+: \S+ -> \S+ [\w/%]* ?\(now (better|worse|equal); "
                     r"(higher|lower) is better\)\n", first)
    shown = out.replace(str(VEHICLES.parent) + "/", "")
    assert ("Whisper Gig (vehicles/frothy-races/whisper-gig.yaml): trade-offs against the "
            "baseline now; inside the band, nothing to change") in shown


def test_suggest_with_json_is_bad_usage(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", str(vehicle(tmp_path, "Over", 5)), "--suggest", "--format",
                 "json", "-o", str(tmp_path / "b.pdf")]) == 2
    assert "--suggest prints text for people" in capsys.readouterr().err


def test_names_are_swapped_for_those_the_axes_read(tmp_path: Path) -> None:
    """Frothy Races: a trait for each modelled trait, a Damage affect for each measured one,
    the line otherwise as written; a special card (no axis reads one) is never swapped."""
    path = tmp_path / "swap.yaml"
    path.write_text(CHARIOT.replace("  dual: 0\n", "  dual: 0\n  special:\n"
                                    "    - {name: Lucky, value: 1, face: whip}\n"))
    definition = load([path]).definitions[0]
    hook = definition.game.balance
    assert hook is not None
    text = path.read_text()
    labels = [s.label for s in candidate_steps(text, definition, hook.swaps)]
    assert "traits.0.name Blades -> Armoured" in labels
    assert "traits.0.name Blades -> Lady Luck" in labels
    assert 'damage.affects.3 "-1 Safe Speed" -> "# Damage"' in labels
    assert 'damage.affects.1.name "+# Control Loss" -> "-# Resilience"' in labels
    assert "damage.affects.1.value 1 -> 2" in labels  # a level's one affect, in a mapping
    assert not [label for label in labels if label.startswith("cards.special.0.name")]
    step = next(s for s in candidate_steps(text, definition, hook.swaps)
                if s.label == "traits.1.name \"Cat O' Nine\" -> Reckless")
    edited = apply(text, step.edits) or ""
    assert "  - {name: Reckless, value: 1}\n" in edited
    assert [t.name for t in load_text(tmp_path, edited).model.traits] == ["Blades", "Reckless"]


def load_text(tmp_path: Path, text: str) -> Definition:
    path = tmp_path / "edited.yaml"
    path.write_text(text)
    (definition,) = load([path]).definitions
    return definition


def test_outrider_dice_are_exchanged_between_slots(tmp_path: Path) -> None:
    path = VEHICLES / "outrider" / "rattler.yaml"
    definition = load([path]).definitions[0]
    hook = definition.game.balance
    assert hook is not None
    text = path.read_text()
    steps = [s for s in candidate_steps(text, definition, hook.swaps)
             if s.label.startswith("exchange")]
    assert len(steps) == 6  # every pair of the four slots
    step = next(s for s in steps if "engine" in s.label and "driver" in s.label)
    edited = load_text(tmp_path, apply(text, step.edits) or "")
    assert (edited.model.equipment.engine, edited.model.equipment.driver) == (
        definition.model.equipment.driver, definition.model.equipment.engine)
    loaded = load([tmp_path / "edited.yaml"])
    assert not [f for f in loaded.findings if f.severity.value == "error"]


def test_a_swap_that_brings_a_build_inside_is_suggested(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "plated.yaml"
    path.write_text(CHARIOT.replace("name: Basic Chariot", "name: Plated")
                    + "  - {name: Armoured, value: 1}\n")
    definition = load([path]).definitions[0]
    hook = definition.game.balance
    assert hook is not None
    monkeypatch.setattr(suggest_module, "SHOWN", 200)
    search = suggest(definition, path.read_text(), 0)
    assert outside(search.now, hook)
    # one suggestion per place: the trait names are one place, shown once
    swaps = [s for s in search.suggestions if re.fullmatch(r"traits\.\d\.name .+ -> .+",
                                                            s.steps[0].label)]
    assert len(swaps) == 1
    for found in swaps:
        edited = load_text(tmp_path, apply(path.read_text(), found.edits) or "")
        assert not outside(suggest(edited, (tmp_path / "edited.yaml").read_text(), 0).now, hook)


class FakeRace:
    """A race verdict with one style's flag, as the race judge gives it."""

    def __init__(self, flag: str) -> None:
        interval = type("Interval", (), {"rate": 0.5, "low": 0.4, "high": 0.6})()
        self.styles = [type("Style", (), {"style": "careful", "flag": flag, "wins": interval,
                                          "races": 40, "fair_share": 0.25})()]


def test_with_race_the_edits_are_judged_on_the_race_verdict_too(tmp_path: Path) -> None:
    over = vehicle(tmp_path, "Over", 5)
    definition = load([over]).definitions[0]
    raced: list[str] = []

    def racer(text: str, edited: Definition) -> FakeRace:
        raced.append(text)
        return FakeRace("over" if "whip: 4" in text else "")  # the card count alone: still over

    search = suggest(definition, over.read_text(), 0, race_now=FakeRace("over"), racer=racer)
    assert search.raced == len(raced) and 0 < len(raced) <= suggest_module.RACED
    labels = [s.steps[0].label for s in search.suggestions]
    assert labels and "cards.whip 5 -> 4" not in labels
    assert all(s.race is not None and not s.race.styles[0].flag for s in search.suggestions)


def test_a_build_only_its_race_flags_gets_edits_that_weaken_it(tmp_path: Path) -> None:
    chariot = vehicle(tmp_path, "Even", 4)  # matches the baseline on every axis
    definition = load([chariot]).definitions[0]
    search = suggest(definition, chariot.read_text(), 0, race_now=FakeRace("over"),
                     racer=lambda text, edited: FakeRace(""))
    assert search.suggestions
    assert all(s.comparison.worse for s in search.suggestions), "each takes something away"
    inside_already = suggest(definition, chariot.read_text(), 0, race_now=FakeRace(""),
                             racer=lambda text, edited: FakeRace("over"))
    assert not inside_already.suggestions and inside_already.tried == 0


def test_a_suggestion_shows_every_axis_it_moves(tmp_path: Path) -> None:
    """Not only the axes whose standing changes: each whose value moves, with the reason
    the balance table gives where a row runs against the numbers."""
    path = tmp_path / "fast.yaml"
    path.write_text(CHARIOT.replace("name: Basic Chariot", "name: Fast").replace(
        "acceleration: [1, 2, 2, 2, 1, 2, 1]", "acceleration: [1, 2, 2, 2, 1, 2, 3]"))
    definition = load([path]).definitions[0]
    hook = definition.game.balance
    assert hook is not None
    baseline = hook.builds(hook.baseline())[0]
    before = hook.builds(definition.model)[0]
    after = hook.builds(load_text(tmp_path, CHARIOT).model)[0]
    moved = {m["short"]: m for m in moved_axes(hook, before, after, baseline)}
    expected = {axis.short for axis in hook.axes
                if axis.format(before.values[axis.id]) != axis.format(after.values[axis.id])}
    assert set(moved) == expected and len(expected) >= 2
    back = moved_axes(hook, after, before, baseline)
    reasons = [m for m in back if m["reason"]]
    assert [m["short"] for m in reasons] == ["Rounds to top"]
    assert "over-whipping" in reasons[0]["reason"]


def test_balance_race_suggest_races_each_suggestion(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The command as a user runs it: the edits shown were raced on the track given, in the
    vehicle's own field (4 races a style, and two suggestions shown, to keep the test quick:
    each edit raced is a vehicle of its own, whose two tables are solved afresh)."""
    monkeypatch.setattr(suggest_module, "SHOWN", 2)
    over = vehicle(tmp_path, "Over", 5)
    assert main(["balance", str(over), "--race", "tin-plate-loop", "--races", "4",
                 "--suggest", "-o", str(tmp_path / "b.pdf")]) == 0
    out = capsys.readouterr().out.split(f"Over ({over}): ")[1]
    shown = out.count("  suggestion ")
    assert shown >= 1
    assert out.count("    race, careful: won ") == shown
    assert out.count("    race, aggressive: won ") == shown
    assert "of 4 races (interval " in out
