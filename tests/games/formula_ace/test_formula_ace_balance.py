"""The Formula Ace balance profile: exact values checked by hand on small cases, the race
chain against hand sums, purchases and their refusals, the verdicts, and ``paddock balance``
(text, JSON, PDF and exit codes)."""

from __future__ import annotations

import copy
import dataclasses
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
import yaml

from generator.balance.hook import Matchup
from generator.commands.balance.run import run_balance
from generator.commands.cli import main
from generator.games.formula_ace.balance import (
    AXES,
    RULES,
    FormulaMeasures,
    profile,
    profiles,
    rig_profile,
)
from generator.games.formula_ace.balance_race import RaceModel, excess_rolls, race, race_model
from generator.games.formula_ace.balance_rig import Purchase, Rig, bought, purchases, refusal
from generator.games.formula_ace.baseline import BASELINE_FILE, baseline
from generator.games.formula_ace.catalogues import formula_data
from generator.input.source import Mark
from generator.probability.dist import Dist
from generator.project.loading import load
from tests.conftest import VEHICLES

KIT = VEHICLES / "formula-ace"
SIXTH = Fraction(1, 6)


def base_rig() -> Rig:
    """The baseline: a stock Lambda, Seasoned pilot with Piloting 3 and G-Endurance 3."""
    found = profile(baseline()).detail
    assert isinstance(found, FormulaMeasures)
    return found.rig


def model(**changes: Any) -> RaceModel:
    """A race model with no hazard at all unless ``changes`` add some."""
    calm = RaceModel(turns=2, boosters_per_turn=1, boost_on="straights", start_face=3,
                     pivots=Dist.certain(0), narrow_passage=Fraction(0),
                     overtake=Fraction(0), overtaken=Fraction(0), field_piloting=3,
                     quit_at_zero=True)
    return dataclasses.replace(calm, **changes)


def team_data(**ship: Any) -> dict[str, Any]:
    """The baseline team as plain data, its first ship changed by ``ship``."""
    data: dict[str, Any] = yaml.safe_load(BASELINE_FILE.read_text(encoding="utf-8"))
    data["ships"][0].update(copy.deepcopy(ship))
    return data


def write(tmp_path: Path, data: dict[str, Any], name: str = "team.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


# -- the baseline, by hand ---------------------------------------------------------------


def test_baseline_is_a_stock_lambda_with_a_seasoned_pilot() -> None:
    rig = base_rig()
    assert (rig.type, rig.rank, rig.piloting, rig.g_endurance) == ("Lambda", "seasoned", 3, 3)
    assert (rig.speed, rig.hit_points, rig.boosters, rig.fins, rig.zaps) == (20, 10, 2, 2, 0)
    assert rig.space_left == 6


def test_baseline_axes_by_hand() -> None:
    values = FormulaMeasures(base_rig()).values
    assert values["cruise"] == 20
    assert values["boosted"] == 20 + 2 * Fraction(7, 2)            # 2 boosters, 3.5 each
    assert values["blackout"] == Fraction(1, 2)                    # d6 above 3
    assert values["narrow"] == Fraction(1, 2)
    # No boost through a narrow passage (straights only): 1/2 x (3.5 + 2 for 20 cm).
    assert values["passage_damage"] == Fraction(1, 2) * Fraction(11, 2)
    # Face 3: a test on a control roll of 5-6 (1/3), failed half the time: stall 1/6.
    assert values["restart"] == Fraction(5, 6)
    assert values["ramming"] == Fraction(7, 2)


def test_moves_and_blackouts_with_zero_to_four_boosters() -> None:
    m = FormulaMeasures(dataclasses.replace(base_rig(), boosters=3, zaps=1))
    # Zap o' Burn first (6 cm), then dice boosters at 3.5 each; a fourth is not fitted.
    assert m.moves() == [20, 26, Fraction(59, 2), 33, None]
    assert m.blackouts() == [0, Fraction(1, 2), Fraction(3, 4), Fraction(7, 8), None]
    assert m.passage_damage(4) is None
    # One Zap o' Burn fired: always 26 cm, so 1D + 3 on a failed passage; the booster's
    # G-Endurance test failed (1/2), the blacked-out pilot cannot steer through it (10/).
    assert m.passage_damage(1) == (1 - Fraction(1, 2) * Fraction(1, 2)) * Fraction(13, 2)
    assert m.passage_damage(0) == Fraction(1, 2) * Fraction(11, 2)


def test_auto_start_gives_a_second_try() -> None:
    rig = dataclasses.replace(base_rig(), auto_start=True)
    assert FormulaMeasures(rig).restart == 1 - SIXTH**2


def test_ramming_edge_adds_to_the_damage_dealt() -> None:
    rig = dataclasses.replace(base_rig(), ramming=2)
    assert FormulaMeasures(rig).ramming == Fraction(7, 2) + 2


# -- the race chain -------------------------------------------------------------------------


def test_a_calm_race_is_the_start_then_full_speed() -> None:
    found = race(base_rig(), model())
    start = 15 * Fraction(5, 6)                     # face 3: 15 cm unless it stalls (1/6)
    # Turn 2: running (5/6) on a straight, one booster fired: 23.5 cm; else start again.
    assert found.distance == start + Fraction(5, 6) * Fraction(47, 2) + SIXTH * start
    assert found.endings["finished"] == 1
    assert found.damage == 0


def test_a_narrow_passage_every_turn_by_hand() -> None:
    found = race(base_rig(), model(narrow_passage=Fraction(1)))
    # Turn 2 is raced with the engine running 5/6 of the time; half of those fail the
    # passage for 1D + 2 (20 cm, no boost through a passage); 10 hit points take it.
    assert found.damage == Fraction(5, 6) * Fraction(1, 2) * Fraction(11, 2)
    assert found.endings["finished"] == 1


def test_quitting_and_dying_with_four_hit_points_by_hand() -> None:
    rig = dataclasses.replace(base_rig(), hit_points=4)
    found = race(rig, model(narrow_passage=Fraction(1)))
    crash = Fraction(5, 6) * Fraction(1, 2)
    # A Damage Table roll with G-Endurance 3: a 6 (1/6), then the critical table kills on
    # 3-5 with a failed test (3 x 1/12) or 6 (1/6): 5/72 killed, 5/72 out, else on. Every
    # point rolls (12/), so over n rolls: killed 1 - (67/72)^n, out (67/72)^n - (62/72)^n.
    killed_within = [1 - Fraction(67, 72) ** n for n in range(5)]
    out_within = [Fraction(67, 72) ** n - Fraction(62, 72) ** n for n in range(5)]
    # 1D + 2 against 4 hit points: a 1 leaves 1 point; 2 empties it exactly; 3-6 leave
    # 1-4 points past the last, each a roll.
    killed = crash * SIXTH * sum(killed_within[n] for n in (1, 2, 3, 4))
    out = crash * SIXTH * sum(out_within[n] for n in (1, 2, 3, 4))
    assert found.endings["killed"] == killed
    assert found.endings["out"] == out
    assert found.endings["retired"] == crash * Fraction(5, 6) - killed - out
    assert found.endings["finished"] == 1 - crash * Fraction(5, 6)
    assert sum(found.endings.values()) == 1


def test_excess_rolls_go_on_after_the_pilot_is_out() -> None:
    one = excess_rolls(1, 3)
    assert one["killed"] == Fraction(5, 72) and one["out"] == Fraction(5, 72)
    assert one["engine"] == SIXTH * SIXTH           # a 6, then critical 1
    two = excess_rolls(2, 3)
    # A pilot out after the first roll still makes the second (12/), which kills 5/72.
    assert two["killed"] == Fraction(5, 72) + (1 - Fraction(5, 72)) * Fraction(5, 72)
    # Engine shut down: no roll worse than it, not both rolls nothing.
    assert two["engine"] == Fraction(62, 72) ** 2 - Fraction(60, 72) ** 2


def test_the_shipped_race_model_reads_fractions() -> None:
    shipped = race_model()
    assert shipped.narrow_passage == Fraction(1, 6)
    assert sum(q for _, q in shipped.pivots.items()) == 1
    found = race(base_rig())
    assert sum(found.endings.values()) == 1
    assert 0 < found.endings["finished"] < 1
    assert len(found.by_turn) == shipped.turns
    assert list(found.by_turn) == sorted(found.by_turn, reverse=True)


def test_more_hit_points_never_finish_less_often() -> None:
    finishes = [race(dataclasses.replace(base_rig(), hit_points=h)).endings["finished"]
                for h in range(6, 14)]
    assert finishes == sorted(finishes)
    assert finishes[0] < finishes[-1]


# -- purchases ------------------------------------------------------------------------------


def buy(item: str, skill: str | None = None) -> Purchase:
    found = {p.id: p for p in purchases(formula_data())}
    return found[f"school:{skill}" if skill else item]


def test_every_upgrade_and_both_schools_are_offered() -> None:
    ids = [p.id for p in purchases(formula_data())]
    assert ids == ["hit-point", "speed", "booster", "fin", "auto-start", "zap-o-burn",
                   "ramming-edge", "school:piloting", "school:g_endurance"]


def test_refusals_follow_the_maxima_and_space() -> None:
    data, rig = formula_data(), base_rig()
    assert refusal(rig, buy("booster"), data) is None
    assert refusal(dataclasses.replace(rig, space_left=0), buy("booster"), data) == "no space"
    assert refusal(dataclasses.replace(rig, space_left=0), buy("hit-point"), data) is None
    assert refusal(dataclasses.replace(rig, boosters=4), buy("booster"), data) == "at maximum"
    assert refusal(dataclasses.replace(rig, hit_points=20), buy("hit-point"),
                   data) == "at maximum"
    assert refusal(dataclasses.replace(rig, speed=40), buy("speed"), data) == "at maximum"
    assert refusal(dataclasses.replace(rig, zaps=2), buy("zap-o-burn"),
                   data) == "no booster left"
    assert refusal(dataclasses.replace(rig, auto_start=True), buy("auto-start"),
                   data) == "fitted"
    assert refusal(dataclasses.replace(rig, piloting=6), buy("", "piloting"),
                   data) == "at maximum"


def test_a_purchase_changes_the_rig_and_its_space() -> None:
    data, rig = formula_data(), base_rig()
    more = bought(rig, buy("booster"), data)
    assert (more.boosters, more.space_left) == (3, 5)
    tougher = bought(rig, buy("hit-point"), data)
    assert (tougher.hit_points, tougher.space_left) == (11, 6)
    schooled = bought(rig, buy("", "g_endurance"), data)
    assert (schooled.g_endurance, schooled.space_left) == (4, 6)


def test_per_thousand_credits_is_the_change_over_the_price() -> None:
    m = FormulaMeasures(base_rig())
    rows = {row.purchase.id: row for row in m.purchases}
    speed = rows["speed"].per_thousand
    assert speed["cruise"] == Fraction(1000, 1500)
    booster = rows["booster"].per_thousand
    assert booster["boosted"] == Fraction(7, 2) / 2             # 3.5 cm for 2000 credits
    tougher = FormulaMeasures(bought(base_rig(), buy("hit-point"), formula_data()))
    assert rows["hit-point"].per_thousand["finish"] == 5 * (
        tougher.race.endings["finished"] - m.race.endings["finished"])
    assert rows["school:piloting"].per_thousand["narrow"] == -SIXTH / 3


# -- verdicts ------------------------------------------------------------------------------


def verdicts(rig: Rig) -> set[str]:
    base = rig_profile(base_rig())
    matchup = Matchup(rig_profile(rig, ("ships", 0, "name")), base, AXES)
    found = RULES.run(matchup, lambda path: Mark(".".join(map(str, path)), 1, 1))
    return {f.rule for f in found}


def test_verdicts_on_small_changes() -> None:
    rig = base_rig()
    assert verdicts(dataclasses.replace(rig, hit_points=12)) >= {"FA-BAL-DOMINATES"}
    assert verdicts(dataclasses.replace(rig, piloting=2)) >= {"FA-BAL-DOMINATED"}
    assert "FA-BAL-TRADEOFFS" in verdicts(rig)
    assert "FA-BAL-TRADEOFFS" in verdicts(dataclasses.replace(rig, speed=24, hit_points=8))


def test_best_buy_is_silent_when_nothing_raises_the_finish() -> None:
    rig = dataclasses.replace(base_rig(), hit_points=20, speed=40, boosters=4, fins=4,
                              piloting=6, g_endurance=6, auto_start=True, zaps=4,
                              ramming=6)
    assert "FA-BAL-BEST-BUY" not in verdicts(rig)
    assert "FA-BAL-BEST-BUY" in verdicts(base_rig())


def test_every_axis_has_a_measure() -> None:
    assert AXES.unmeasured() == []
    assert RULES.unchecked() == []


# -- teams, run and CLI ---------------------------------------------------------------------


def test_each_ship_with_a_pilot_is_a_build(tmp_path: Path) -> None:
    data = team_data()
    data["ships"][2]["pilot"] = None
    path = write(tmp_path, data)
    loaded = load([path])
    team = loaded.definitions[0].model
    found = profiles(team)
    assert [p.name for p in found] == ["Lambda One (Ada Voss)", "Lambda Two (Bram Oduya)"]
    assert [p.path for p in found] == [("ships", 0, "name"), ("ships", 1, "name")]
    run = run_balance(loaded)
    assert [m.verdict for m in run.measured] == ["matches", "matches"]


def test_a_team_with_no_pilot_in_a_ship_is_skipped(tmp_path: Path) -> None:
    data = team_data()
    for ship in data["ships"]:
        ship["pilot"] = None
    run = run_balance(load([write(tmp_path, data)]))
    assert run.measured == []
    assert run.skipped == [(str(tmp_path / "team.yaml"), "no build to measure in it")]


def test_the_season_log_counts(tmp_path: Path) -> None:
    data = team_data()
    data["credits"] = 10000                            # enough for both purchases
    data["season"] = [{"buy": {"item": "hit-point", "ship": "Lambda One", "count": 2}},
                      {"buy": {"item": "school", "pilot": "Ada Voss",
                               "skill": "piloting"}}]
    team = load([write(tmp_path, data)]).definitions[0].model
    rig = profile(team).detail.rig
    assert (rig.hit_points, rig.piloting) == (12, 4)


def test_cli_text_names_each_ship_and_no_race_option(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    code = main(["balance", str(KIT), "-o", str(tmp_path / "b.pdf")])
    out = capsys.readouterr().out
    assert code == 0
    assert "Formula Ace Racing Pods: 9 builds against Lambda One (Ada Voss)" in out
    assert "Starling (Lena Morrow)" in out and "Anvil (Mika Sato)" in out
    assert "--race" not in out
    assert "FA-BAL-BEST-BUY" in out
    assert "hollow-star.yaml:24:11: info FA-BAL-BEST-BUY: Starling (Lena Morrow)" in out


def test_cli_json_carries_the_purchase_table(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    code = main(["balance", str(KIT / "hollow-star.yaml"), "--format", "json",
                 "-o", str(tmp_path / "b.pdf")])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert [p["name"] for p in data["profiles"]] == [
        "Starling (Lena Morrow)", "Kestrel (Otto Brandt)", "Magpie (Ines Caldera)"]
    starling = data["profiles"][0]
    assert starling["axes"]["cruise"]["value"] == 24.0       # Beta 22 + 2 speed bought
    items = {row["item"]: row for row in starling["details"]["purchases"]}
    assert items["speed"]["per_1000_credits"]["cruise"] == pytest.approx(1000 / 1500)
    assert items["school:g_endurance"]["price"] == 3000


def test_cli_exit_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: formula-ace\nkind: team\nname: [unclosed\n", encoding="utf-8")
    assert main(["balance", str(broken), "-o", str(tmp_path / "b.pdf")]) == 2
    stronger = KIT / "hollow-star.yaml"                  # Starling dominates a stock Lambda
    plain = write(tmp_path, team_data())
    assert main(["balance", str(plain), "--against", str(stronger),
                 "-o", str(tmp_path / "b.pdf")]) == 0
    assert main(["balance", str(plain), "--against", str(stronger), "--strict",
                 "-o", str(tmp_path / "b.pdf")]) == 1
    out = capsys.readouterr().out
    assert "FA-BAL-DOMINATED" in out and "Starling (Lena Morrow)" in out


def test_pdf_pages_carry_the_formula_ace_tables(tmp_path: Path) -> None:
    report = tmp_path / "b.pdf"
    assert main(["balance", str(KIT / "red-comet-racing.yaml"), "-o", str(report)]) == 0
    with pdfplumber.open(report) as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
        drawn = sum(len(page.lines) + len(page.rects) + len(page.curves)
                    for page in pdf.pages)
    for words in ("How the Formula Ace numbers are made", "By boosters fired",
                  "How the race ends", "Chance to be still racing after each turn",
                  "What 1,000 credits buy", "Change per 1,000 credits",
                  "Comet (Vera Kast)", "+1 hit point", "Pilot advanced school",
                  "Rockets, Mines, Decoys", "Comet is an Alpha", "Ember is a Beta"):
        assert words in text, words
    assert "--race" not in text
    assert drawn > 100                                  # the charts are vectors
