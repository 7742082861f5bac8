"""Where each Formula Ace team and circuit rule points: on its minimal bad case (BAD_CASES in
test_formula_ace_rules.py and test_circuits.py) every finding of the rule is in the changed
file, at the line and column of the value that breaks the rule, with the rule's severity and
rulebook section."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.games.formula_ace import circuit_rules
from generator.games.formula_ace.rules import RULES
from tests.conftest import check_file
from tests.games.formula_ace import test_circuits as circuits
from tests.games.formula_ace.test_formula_ace_rules import (
    BAD_CASES,
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
from tests.rule_coverage import At, assert_points_at

LONG_NAME = "W" * 24


def long_pilot_name(data: dict[str, Any]) -> None:
    """Ada Voss renamed past what the roster can print, on her pilot entry and her ship."""
    data["pilots"][0]["name"] = data["ships"][0]["pilot"] = LONG_NAME


# rule -> the text its finding points at in the bad case's file.
TEAM_AT: dict[str, At] = {
    "FA-AUTO-START-ONE": "2}",                      # a purchase: the count bought
    "FA-BORROW": "1000}",
    "FA-BUY-TARGET": "{item: rockets",
    "FA-CREDITS-NEGATIVE": "buy: {item: speed",
    "FA-DERBY-ONLY": "- {item: mines}",
    "FA-FIRING-NEVER": "rockets, mount",
    "FA-MOUNT-NO-WEAPON": "rear}",
    "FA-NAME-DUPLICATE": "Lambda One, type",        # the second ship of that name
    "FA-NAME-UNKNOWN": "Ada Vos}",
    "FA-PILOT-CATEGORY": "Bram Oduya, ship",
    "FA-PILOT-DERBY-POINTS": "{piloting: 3, g_endurance: 3, firing: 3}",
    "FA-PILOT-FIRING": "1}",
    "FA-PILOT-PURSE": "Lambda Two, count",           # the other pilot's ship
    "FA-PILOT-SCHOOL": "4}",
    "FA-PILOT-SKILL-MAX": "5, g_endurance",
    "FA-PILOT-SKILL-POINTS": "{piloting: 4, g_endurance: 3}",
    "FA-PILOT-SKILL-UNSPENT": "{piloting: 2, g_endurance: 3}",
    "FA-PILOT-WOUND-RACES": "2",
    "FA-PILOTS-MAX": "name: Eve Lund",              # the fifth pilot
    "FA-PRINT-TEXT": LONG_NAME,
    "FA-RACE-DAMAGE": "2, boosters_broken: 1}",      # hit points lost, with a booster broken
    "FA-RACE-FEATURES": "7",
    "FA-RACE-FINISH": "1, hit_points_lost: 11",      # a place, for a ship out of hit points
    "FA-RACE-NO-HP": "Lambda One, place: 3}",        # the ship flown again with none left
    "FA-RACE-PILOT": "Cleo Marrant, ship",           # the pilot out for the season, racing
    "FA-RACE-PLACE": "4}",
    "FA-RACE-REPEAT": "Oval",                        # the second race of that name
    "FA-RACE-SHIP": "Lambda Three, place",           # the destroyed ship, racing again
    "FA-RACE-WEAPON-USED": "rockets]",               # the item the ship has none left of
    "FA-RECRUIT-RANK": "ace",
    "FA-REPAIR-EXCESS": "1}",
    "FA-REPAY": "100}",
    "FA-SCHOOL-MAX": "4}",                           # the levels bought
    "FA-SEASON-ENTRY": "{borrow: null}",
    "FA-SHIP-BOOSTERS-MAX": "3}",
    "FA-SHIP-FINS-MAX": "3}",
    "FA-SHIP-HP-MAX": "11}",
    "FA-SHIP-RAMMING-MAX": "7}",
    "FA-SHIP-SPACE": "{item: mines}",               # the weapons that fill the hull
    "FA-SHIP-SPEED-MAX": "21}",
    "FA-SHIP-ZAP": "3}",
    "FA-TEAM-CREDITS": "3000",
    "FA-TEAM-PILOTS": "- name: Ada Voss",            # the list of two pilots
    "FA-TEAM-RANKS": "ace",
    "FA-TEAM-SHIPS": "- {name: Lambda One",          # the list of two ships
    "FA-TURRET": "{item: turret}",
    "FA-WEAPON-MOUNT": "{item: rockets}",
}
TEAM_CASES = {**{rule_id: change for rule_id, (change, _) in BAD_CASES.items()},
              "FA-PRINT-TEXT": long_pilot_name}
CIRCUIT_AT: dict[str, At] = {
    "FA-CIRCUIT-AREA": "width: 100",
    "FA-CIRCUIT-CROSS": "- 192.6",                   # the gate whose line crosses another's
    "FA-CIRCUIT-FIRST": "- 150",                     # the start gate's beacons
    "FA-CIRCUIT-GRID": "- ",                          # each grid position (a list of two)
    "FA-CIRCUIT-LAPS": "2",
    "FA-CIRCUIT-LAST": "- 2",                        # the last gate's beacons
    "FA-CIRCUIT-OBSTACLE-PLACE": "- 140",
    "FA-CIRCUIT-OBSTACLE-SIZE": "8",
    "FA-CIRCUIT-SIDES": "left:",
    "FA-CIRCUIT-SPACING": "- 170",
    "FA-CIRCUIT-SURFACE": "- 252.5",                 # the point off the surface
    "FA-CIRCUIT-WIDTH": "left:",
}


RECRUIT = {"recruit": {"name": "Eve Lund", "rank": "seasoned", "category": "total-speed-way",
                       "skills": {"piloting": 3, "g_endurance": 3}}}
KILLED = race("Pit", "destruction-derby", [result(
    "Cleo Marrant", "Lambda Three", "dnf", hit_points_lost=11, pilot_outcome="killed",
    ship_destroyed=True)])
# The other ways into a rule that no table above takes: (rule, change, what it points at).
BRANCHES: dict[str, tuple[str, Change, At]] = {
    "a recruit during the season past four pilots": (
        "FA-PILOTS-MAX", both(add_pilots({**SEASONED_TSW, "recruited": True}),
                              season(RECRUIT, rich=True)), "name: Eve Lund"),
    "school for a pilot killed in a race": (
        "FA-BUY-TARGET", season(KILLED, buy("school", pilot="Cleo Marrant", skill="piloting"),
                                rich=True), "{item: school, pilot: Cleo Marrant"),
    "starting credits written negative": (
        "FA-TEAM-CREDITS", lambda d: d.update(credits=-2500), "-2500"),
    "no ship listed at the start": ("FA-TEAM-SHIPS", lambda d: d.update(ships=[]), "[]"),
    "school at the start of the season the starting credits cannot pay": (
        "FA-CREDITS-NEGATIVE", pilot(0, skills={"piloting": 4, "g_endurance": 3},
                                     school={"piloting": 1}), "1}"),
    "an option the credits held before its race cannot pay (17/)": (
        "FA-CREDITS-NEGATIVE", both(
            ship(2, weapons=[{"item": "repulsor"}, {"item": "rockets", "mount": "front"}]),
            season(race("Pit", "destruction-derby", [result(
                "Cleo Marrant", "Lambda Three", 1, options=["sabotage"])]))), "sabotage]"),
    "a ship bought for one pilot, armed with another's winnings (14/)": (
        "FA-PILOT-PURSE", season(
            race("Oval", "total-speed-way", [result("Ada Voss", "Lambda One", 1)]),
            {"new_ship": {"name": "Nova", "type": "Tau", "pilot": "Cleo Marrant",
                          "weapons": [{"item": "plasma", "mount": "front"},
                                      {"item": "plasma", "mount": "rear"}]}}),
        "- {item: plasma, mount: front}"),
    "another pilot sent to school with a winner's prize (14/, 16/)": (
        "FA-PILOT-PURSE", season(
            race("Oval", "total-speed-way", [result("Ada Voss", "Lambda One", 1)]),
            buy("school", pilot="Bram Oduya", skill="piloting")), "Bram Oduya, skill"),
    "a recruit's school levels paid with a winner's prize (14/, 16/)": (
        "FA-PILOT-PURSE", season(
            race("Oval", "total-speed-way", [result("Ada Voss", "Lambda One", 1)]),
            {"recruit": {**SEASONED_TSW, "skills": {"piloting": 4, "g_endurance": 3},
                         "school": {"piloting": 1}}}), "{piloting: 1}"),
    "more Special Features than ships at the start: one per player (19/)": (
        "FA-RACE-FEATURES", season({"race": {**race("Oval", "total-speed-way", [result(
            "Ada Voss", "Lambda One", 2)], starters=2)["race"], "special_features": 3}}), "3"),
    "a mount on an upgrade bought, which has no arc to fire in (16/, 17/)": (
        "FA-MOUNT-NO-WEAPON", season(buy("booster", ship="Lambda One", mount="front"),
                                     rich=True), "front}"),
    "a Special Feature named twice (19/)": (
        "FA-RACE-FEATURES", season({"race": {**race("Oval", "total-speed-way", [result(
            "Ada Voss", "Lambda One", 2)])["race"], "special_features": [
                "Laser turret", "Dust swarm", "laser-turret"]}}), "laser-turret]"),
    "a weapon bought during the season without a mount": (
        "FA-WEAPON-MOUNT", season(buy("rockets", ship="Lambda Three")), "rockets, ship"),
    "a weapon on a ship bought during the season, for a pilot with Firing 0": (
        "FA-FIRING-NEVER", both(
            pilot(2, skills={"piloting": 5, "g_endurance": 3, "firing": 0}),
            season({"new_ship": {"name": "Nova", "type": "Alpha", "pilot": "Cleo Marrant",
                                 "weapons": [{"item": "rockets", "mount": "front"}]}},
                   rich=True)), "rockets, mount: front}"),
}


@pytest.mark.parametrize("case", sorted(BRANCHES))
def test_each_way_into_a_rule_points_at_what_breaks_it(case: str, tmp_path: Path) -> None:
    rule_id, change, at = BRANCHES[case]
    path = write_team(tmp_path, change)
    findings = check_file(path).findings
    assert {f.rule for f in findings} == {rule_id}
    assert_points_at(findings, RULES[rule_id], path, at)


# Each limit of the book reached exactly: the rule that guards it stays silent (and so does
# every other).
AT_THE_LIMIT: dict[str, Change] = {
    "FA-PILOTS-MAX": add_pilots({**SEASONED_TSW, "recruited": True}),       # four pilots
    "FA-SHIP-BOOSTERS-MAX": season(buy("booster", ship="Lambda One", count=2), rich=True),
    "FA-SHIP-FINS-MAX": season(buy("fin", ship="Lambda One", count=2), rich=True),
    "FA-SHIP-SPEED-MAX": season(buy("speed", ship="Lambda One", count=20), rich=True),
    "FA-SHIP-HP-MAX": ship(0, upgrades={"hit-point": 10}),                   # twice 10
    "FA-SHIP-RAMMING-MAX": both(ship(0, type="Gamma"), season(
        buy("ramming-edge", ship="Lambda One", count=6), rich=True)),
    "FA-RACE-FEATURES": season({"race": {**race("Oval", "total-speed-way", [result(
        "Ada Voss", "Lambda One", 2)])["race"], "special_features": 6}}),
    "FA-RACE-FEATURES named": season({"race": {**race("Oval", "total-speed-way", [result(
        "Ada Voss", "Lambda One", 2)])["race"], "special_features": [
            "Laser turret", "Nerves jammer", "Plasma jammer", "Booster debugger", "Dust swarm",
            "Mine fields"]}}),                                              # all six, once
    "FA-SCHOOL-MAX": season(buy("school", pilot="Ada Voss", skill="piloting", count=3),
                            rich=True),                                     # 3 + 3 = 6
    "FA-RACE-PLACE": season(race("Oval", "total-speed-way", [result(
        "Ada Voss", "Lambda One", 3)], starters=3)),                        # last of three
}


@pytest.mark.parametrize("rule_id", sorted(AT_THE_LIMIT))
def test_rule_is_silent_at_the_book_s_limit(rule_id: str, tmp_path: Path) -> None:
    assert check_file(write_team(tmp_path, AT_THE_LIMIT[rule_id])).findings == []


def test_every_rule_says_where_it_points() -> None:
    assert set(TEAM_AT) == set(TEAM_CASES)
    assert set(TEAM_AT) == {r for r in RULES.rules if not r.startswith("FA-BAL-")}
    assert set(CIRCUIT_AT) == set(circuits.BAD_CASES) == set(circuit_rules.RULES.rules)


@pytest.mark.parametrize("rule_id", sorted(TEAM_AT))
def test_team_rule_points_at_what_breaks_it(rule_id: str, tmp_path: Path) -> None:
    path = write_team(tmp_path, TEAM_CASES[rule_id])
    assert_points_at(check_file(path).findings, RULES[rule_id], path, TEAM_AT[rule_id])


@pytest.mark.parametrize("rule_id", sorted(CIRCUIT_AT))
def test_circuit_rule_points_at_what_breaks_it(rule_id: str, tmp_path: Path) -> None:
    change, source = circuits.BAD_CASES[rule_id]
    path = circuits.write_circuit(tmp_path, change, source)
    assert_points_at(check_file(path).findings, circuit_rules.RULES.rules[rule_id], path,
                     CIRCUIT_AT[rule_id])


def test_an_obstacle_over_an_edge_points_at_its_centre(tmp_path: Path) -> None:
    # 6/: a disc centred inside the circuit whose rim reaches over the left edge.
    over = circuits.top(obstacles=[{"at": [150, 36.5], "diameter": 4}])
    path = circuits.write_circuit(tmp_path, over)
    findings = check_file(path).findings
    assert {f.rule for f in findings} == {"FA-CIRCUIT-OBSTACLE-PLACE"}
    assert_points_at(findings, circuit_rules.RULES.rules["FA-CIRCUIT-OBSTACLE-PLACE"], path,
                     "- 150")
