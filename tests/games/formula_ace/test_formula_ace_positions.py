"""Formula Ace: each rule points at the value to change (the Ace too many, the fifth pilot,
the item a ship has no space for, a derby option in another category's race), and the
rules of a ship's weapons hold whenever a weapon is fitted, not only at the start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import VEHICLES, check_file, rule_ids
from tests.games.formula_ace.test_formula_ace_rules import (
    SEASONED_TSW,
    Change,
    add_pilots,
    both,
    buy,
    pilot,
    race,
    result,
    season,
    ship,
    write_team,
)

RED_COMET = VEHICLES / "formula-ace" / "red-comet-racing.yaml"


def finding_line(path: Path, rule: str) -> tuple[int, str]:
    """The line number of ``rule``'s first finding and the text from its column."""
    finding = next(f for f in check_file(path).findings if f.rule == rule)
    line = path.read_text(encoding="utf-8").splitlines()[finding.mark.line - 1]
    return finding.mark.line, line[finding.mark.column - 1:]


def nth_line(path: Path, text: str, n: int) -> int:
    """The line number of the ``n``th line (from 1) that contains ``text``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [i for i, line in enumerate(lines, start=1) if text in line][n - 1]


def items(item: str, count: int) -> list[dict[str, str]]:
    """``count`` derby items, each its own mapping (so the YAML is written without anchors)."""
    return [{"item": item} for _ in range(count)]


# --- FA-SHIP-SPACE: the item the ship has no room for ----------------------------------

def test_space_points_at_the_derby_item_that_does_not_fit(tmp_path: Path) -> None:
    # A Lambda has 6 space: the seventh mine is the one without room.
    path = write_team(tmp_path, ship(2, weapons=items("mines", 7)))
    line, _ = finding_line(path, "FA-SHIP-SPACE")
    assert line == nth_line(path, "{item: mines}", 7)


def test_space_points_at_the_upgrade_that_does_not_fit(tmp_path: Path) -> None:
    # An Alpha has 4 space: fin 1 and booster 1 fit, the Ramming Edges take it past.
    path = write_team(tmp_path, ship(0, type="Alpha",
                                     upgrades={"fin": 1, "booster": 1, "ramming-edge": 3}))
    _, text = finding_line(path, "FA-SHIP-SPACE")
    assert text.startswith("3")
    line, _ = finding_line(path, "FA-SHIP-SPACE")
    assert "ramming-edge: 3" in path.read_text().splitlines()[line - 1]


def test_space_counts_upgrades_before_derby_items(tmp_path: Path) -> None:
    # Auto start (1) and five mines fill a Lambda's 6; the sixth mine does not fit.
    path = write_team(tmp_path, ship(2, upgrades={"auto-start": 1},
                                     weapons=items("mines", 6)))
    line, _ = finding_line(path, "FA-SHIP-SPACE")
    assert line == nth_line(path, "{item: mines}", 6)


def test_space_on_a_ship_bought_points_into_it(tmp_path: Path) -> None:
    nova = {"new_ship": {"name": "Nova", "type": "Alpha", "pilot": "Cleo Marrant",
                         "weapons": items("smoke", 5)}}
    path = write_team(tmp_path, season(nova, rich=True))
    line, _ = finding_line(path, "FA-SHIP-SPACE")
    assert line == nth_line(path, "{item: smoke}", 5)


# --- FA-TEAM-RANKS and FA-PILOTS-MAX: the pilot to change -------------------------------

@pytest.mark.parametrize(("change", "who"), [
    # Bram made an Ace but left with a Seasoned pilot's 6 points: Bram's rank.
    (pilot(1, rank="ace"), "Bram Oduya"),
    # Cleo made Seasoned with a derby Ace's 8 points: Cleo's rank.
    (pilot(2, rank="seasoned"), "Cleo Marrant"),
    # Ada made an Ace with an Ace's points: the later of the two Aces.
    (pilot(0, rank="ace", skills={"piloting": 4, "g_endurance": 4}), "Cleo Marrant"),
], ids=["ace-with-seasoned-points", "seasoned-with-ace-points", "two-aces"])
def test_team_ranks_points_at_the_rank_to_change(change: Change, who: str,
                                                 tmp_path: Path) -> None:
    path = write_team(tmp_path, change)
    line, text = finding_line(path, "FA-TEAM-RANKS")
    lines = path.read_text().splitlines()
    assert text.startswith(("ace", "seasoned"))
    owner = next(i for i in range(line - 1, -1, -1) if "name:" in lines[i])
    assert who in lines[owner]


@pytest.mark.parametrize(("old", "new", "who"), [
    ("rank: ace", "rank: seasoned", "Vera Kast"),
    ("rank: seasoned\n    category: dragster-show", "rank: ace\n    category: dragster-show",
     "Jonah Reyes"),
], ids=["ace-made-seasoned", "seasoned-made-ace"])
def test_team_ranks_on_a_shipped_team(old: str, new: str, who: str, tmp_path: Path) -> None:
    # Red Comet lists its Ace, Vera Kast, first: the one rank changed is the one pointed at.
    text = RED_COMET.read_text().replace(old, new, 1)
    path = tmp_path / "team.yaml"
    path.write_text(text)
    line, _ = finding_line(path, "FA-TEAM-RANKS")
    lines = text.splitlines()
    assert "rank:" in lines[line - 1] and who in lines[line - 2]


def test_five_pilots_point_at_the_fifth(tmp_path: Path) -> None:
    path = write_team(tmp_path, add_pilots(SEASONED_TSW, {**SEASONED_TSW, "name": "Eve Lund"}))
    line, _ = finding_line(path, "FA-PILOTS-MAX")
    assert "Eve Lund" in path.read_text().splitlines()[line - 1]


# --- FA-DERBY-ONLY: the option or weapon used outside the derby --------------------------

@pytest.mark.parametrize(("values", "key"), [({"options": ["security"]}, "options"),
                                             ({"weapons_used": ["mines"]}, "weapons_used")])
def test_derby_extras_in_another_race_point_at_them(values: dict[str, Any], key: str,
                                                    tmp_path: Path) -> None:
    path = write_team(tmp_path, season(race("Oval", "total-speed-way", [
        result("Ada Voss", "Lambda One", 2, **values)])))
    _, text = finding_line(path, "FA-DERBY-ONLY")
    assert text.startswith("[")
    line, _ = finding_line(path, "FA-DERBY-ONLY")
    assert f"{key}:" in path.read_text().splitlines()[line - 1]


# --- FA-FIRING-NEVER: whenever a firing weapon is fitted --------------------------------

ACE_NO_FIRING = pilot(2, skills={"piloting": 5, "g_endurance": 3, "firing": 0})
# Cleo's own prize, so what she buys is paid from her winnings (14/, FA-PILOT-PURSE).
PIT = race("Pit", "destruction-derby", [result("Cleo Marrant", "Lambda Three", 1)], starters=9)


@pytest.mark.parametrize("step", [
    buy("rockets", ship="Lambda Three", mount="front"),
    {"new_ship": {"name": "Nova", "type": "Alpha", "pilot": "Cleo Marrant",
                  "weapons": [{"item": "rays", "mount": "rear"}]}},
], ids=["bought", "on-a-ship-bought"])
def test_firing_never_when_the_weapon_comes_later(step: dict[str, Any],
                                                  tmp_path: Path) -> None:
    path = write_team(tmp_path, both(ACE_NO_FIRING, season(PIT, step)))
    findings = check_file(path).findings
    assert rule_ids(findings) == {"FA-FIRING-NEVER"}, [f.message for f in findings]
    _, text = finding_line(path, "FA-FIRING-NEVER")
    assert text.startswith(("rockets", "rays"))


@pytest.mark.parametrize("steps", [
    [buy("missile", ship="Lambda Three", mount="front")],
    [buy("school", pilot="Cleo Marrant", skill="firing"),
     buy("rockets", ship="Lambda Three", mount="front")],
    [buy("mines", ship="Lambda Three")],
], ids=["missile-skill-plus-1", "school-first", "mines-do-not-fire"])
def test_firing_never_is_silent_when_the_weapon_can_act(steps: list[dict[str, Any]],
                                                        tmp_path: Path) -> None:
    path = write_team(tmp_path, both(ACE_NO_FIRING, season(PIT, *steps)))
    assert check_file(path).findings == []


# --- FA-RACE-REPEAT: a circuit once in each category ------------------------------------

def test_a_circuit_raced_again_in_another_category_is_fine(tmp_path: Path) -> None:
    path = write_team(tmp_path, season(
        race("Oval", "total-speed-way", [result("Ada Voss", "Lambda One", 2)]),
        race("Oval", "dragster-show", [result("Bram Oduya", "Lambda Two", 2)]),
        race("Oval", "destruction-derby", [result("Cleo Marrant", "Lambda Three", 2)])))
    assert check_file(path).findings == []


def test_a_circuit_raced_twice_in_a_category_points_at_the_second(tmp_path: Path) -> None:
    path = write_team(tmp_path, season(
        race("Oval", "total-speed-way", [result("Ada Voss", "Lambda One", 2)]),
        race("Salt Flats", "dragster-show", [result("Bram Oduya", "Lambda Two", 2)]),
        race("OVAL", "total-speed-way", [result("Ada Voss", "Lambda One", 3)])))
    findings = check_file(path).findings
    assert rule_ids(findings) == {"FA-RACE-REPEAT"}
    assert findings[0].severity.value == "warning"
    assert findings[0].message == ("OVAL (total-speed-way) is raced again at season step 3, "
                                   "after step 1; each circuit is raced once in each category")
    line, _ = finding_line(path, "FA-RACE-REPEAT")
    assert line == nth_line(path, "OVAL", 1)


# --- FA-CREDITS-NEGATIVE at the start: the purchase the credits do not cover ------------

@pytest.mark.parametrize(("old", "new", "where"), [
    ("{item: decoys}", "{item: repulsor}", "{item: repulsor}"),
    ("upgrades: {hit-point: 2}", "upgrades: {hit-point: 2, auto-start: 1}", "auto-start: 1"),
    ("      - {item: decoys}\n", "      - {item: decoys}\n  - {name: Spare, type: Tau}\n",
     "name: Spare"),
], ids=["an-item-swapped", "an-upgrade-added", "a-fourth-ship"])
def test_overspending_at_the_start_points_at_what_overdraws(old: str, new: str, where: str,
                                                            tmp_path: Path) -> None:
    # Red Comet spends 1850 of its 2500: what is listed after that, in the order paid
    # (ships in turn; a ship's price, then its upgrades, then its derby items), overdraws.
    path = tmp_path / "team.yaml"
    path.write_text(RED_COMET.read_text().replace(old, new, 1))
    line, _ = finding_line(path, "FA-CREDITS-NEGATIVE")
    assert where in path.read_text().splitlines()[line - 1]


def test_a_turret_without_a_weapon_is_pointed_at(tmp_path: Path) -> None:
    # Rockets, then two turrets: the first carries the rockets, the second nothing.
    path = write_team(tmp_path, ship(2, weapons=[{"item": "rockets", "mount": "front"},
                                                 {"item": "turret"}, {"item": "turret"}]))
    line, _ = finding_line(path, "FA-TURRET")
    assert line == nth_line(path, "{item: turret}", 2)


def test_a_ship_beyond_the_first_three_that_overdraws_is_named_as_bought(
        tmp_path: Path) -> None:
    # 4/: more ships are bought (1000 each, 16/); the baseline's 2500 pays for two more.
    extra = [{"name": name, "type": "Lambda"} for name in ("Four", "Five", "Six")]
    path = write_team(tmp_path, lambda d: d["ships"].extend(extra))
    (finding,) = check_file(path).findings
    assert finding.message == ("Six, a ship beyond the first three, and its equipment "
                               "(1000 credits) takes the balance to -500 credits")
    assert "Six" in path.read_text().splitlines()[finding.mark.line - 1]
