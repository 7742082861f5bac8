"""Where each Frothy Races rule points: on its minimal bad case (BAD_CASES in
test_frothy_rules.py) every finding of the rule is in the changed file, at the line and column
of the value that breaks the rule, with the rule's severity and rulebook section."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from generator.games.frothy_races.rules import RULES
from generator.input.findings import Severity
from tests.conftest import check_file, rule_ids, small_picture
from tests.games.frothy_races.test_frothy_rules import (
    BAD_CASES,
    Change,
    damage_track,
    set_path,
    speed,
)
from tests.rule_coverage import At, assert_points_at

# rule -> the text its finding points at in the bad case's file.
AT: dict[str, At] = {
    "FR-AFFECT-PARAM": "Lose Named Trait, 6:",
    "FR-AFFECT-PARAM-UNEXPECTED": "whip}",
    "FR-ART-FILE": "no-such-picture.png",
    "FR-ART-RESOLUTION": small_picture,
    "FR-CARDS-DUAL": "2}",
    "FR-CARDS-GUIDE": "{whip: 5, reins: 5",
    "FR-CARDS-LIMIT": "{whip: 1, reins: 1",
    "FR-CARDS-SINGLE": "4}",
    "FR-CONTROL-FLAT": "safe]",               # Speed 6
    "FR-CONTROL-RISING": "1, 4]",             # Speed 5, easier than Speed 4
    "FR-CUSTOM-SHADOWS": "Flyer, custom",
    "FR-CUSTOM-SUMMARY": "{name: Mud Lover",
    "FR-DMG-AFFECT-LEVEL": "Haste, 6:",       # the affect at level 9 of 6
    "FR-DMG-AFFECT-UNKNOWN": "Whoops",
    "FR-DMG-CONFLICT": "Slow, 6:",
    "FR-DMG-FRAGILE": "3",
    "FR-DMG-INDESTRUCTIBLE": "10",
    "FR-DMG-LOSE-CARD": "whip}",
    "FR-DMG-LOSE-TRAIT": "Flyer}",
    "FR-DMG-NO-TARGET": "{name: -# Resilience",
    "FR-DMG-RANDOM-CHOICES": "[Haste]",
    "FR-DMG-RESILIENCE": "3",
    "FR-DMG-VALUE-IMPOSSIBLE": "7}",
    "FR-DMG-WIPEOUT": "6",                    # the maximum, where Wipe-out belongs
    "FR-HASH-MISSING": "Blades]",
    "FR-HASH-NO-EFFECT": "0}",
    "FR-HASH-RANGE": "5}",
    "FR-HASH-UNEXPECTED": "2}",
    "FR-MOVE-EVEN-SPREAD": "0, 1, 0, 0, 0]",  # Speed 2's row in the speed table
    "FR-MOVE-PHASE-MAX": "7]",
    "FR-MOVE-ROUND-MAX": "0]",                # Speed 6, its first phase
    "FR-MOVE-SPEED-DROP": "4, 3]",
    "FR-MOVE-STEP-FALLS": "3]",
    "FR-MOVE-TOTAL-FALLS": "0]",
    "FR-PRINT-BOXES": "6, 1, 2, 1]",
    "FR-PRINT-PIECE-TEXT": "W" * 28,
    "FR-PRINT-TEXT": "'A very long tale.",
    "FR-PRINT-TRACK": "25",
    "FR-SPECIAL-COUNT": "{name: Yah!}",
    "FR-SPECIAL-DISCARD": "{name: Lash, value: 3}",
    "FR-SPECIAL-FACE": "{name: Lucky",
    "FR-SPECIAL-UNKNOWN": "Lsh,",
    "FR-SPECIAL-WRONG-FACE": "reins}",
    "FR-SPEED-BOXES": "0, 1, 2, 1]",
    "FR-SPEED-RATINGS": "[0, 1, 1, 1, 0, 0]",
    "FR-SPEED-ZERO-MOVES": "1, 1, 1, 1, 3, 3, 0]",
    "FR-STAMINA-AFFECT-LEVEL": "Speed",
    "FR-STAMINA-AFFECT-UNKNOWN": "Tired",
    "FR-STAMINA-ROW": "1, -1, -3]",
    "FR-STAMINA-TRACK": "10",
    "FR-TRAIT-CONFLICT": "Unlucky Charm]",
    "FR-TRAIT-COUNT": "Snapper]",
    "FR-TRAIT-DUPLICATE": "{name: blades",
    "FR-TRAIT-NO-TARGET": "Encouragement]",
    "FR-TRAIT-NONE": "[]",
    "FR-TRAIT-UNKNOWN": "Blads,",
}


# The other ways into a rule that BAD_CASES does not take: (rule, change, what it points at).
BRANCHES: dict[str, tuple[str, Change, At]] = {
    "Wipe-out below the top of the Damage track": (
        "FR-DMG-WIPEOUT", damage_track(6, {3: "Wipe-out", 6: "Wipe-out"}),
        "Wipe-out, 6:"),
    "a Stamina track too long for the licence edge": (
        "FR-PRINT-TRACK", set_path("stamina", "maximum", value=25), "25"),
    # a rule shared by traits, cards and affects, met through a special card and affects
    "a special card's '#' beyond the typical range": (
        "FR-HASH-RANGE", lambda d: d["cards"].update(whip=3, special=[
            {"name": "Lash", "value": 4, "discard": True}]), "4,"),
    "a stamina affect's '#' beyond the typical range": (
        "FR-HASH-RANGE", set_path("stamina", "affects", 8, value={
            "name": "+# Reins / Speed Check", "value": 4}), "4}"),
    "a custom damage affect named as the guide's": (
        "FR-CUSTOM-SHADOWS", damage_track(6, {3: {"name": "Haste", "custom": True,
                                                  "summary": "Slow counts as Haste."},
                                              6: "Wipe-out"}), "Haste,"),
}


@pytest.mark.parametrize("case", sorted(BRANCHES))
def test_each_way_into_a_rule_points_at_what_breaks_it(
        case: str, write_vehicle: Callable[..., Path]) -> None:
    rule_id, change, at = BRANCHES[case]
    path = write_vehicle(change)
    findings = check_file(path).findings
    assert {f.rule for f in findings} == {rule_id}
    assert_points_at(findings, RULES[rule_id], path, at)


SEVEN = ["Haste", "Slow", "-1 Safe Speed", "Haste", "Slow", "-1 Safe Speed", "Haste"]
# Each limit of the guide reached exactly: (the rule that guards it, the change). The rule
# stays silent; another rule may speak (four cards are legal, but fewer than the guide's 6).
AT_THE_LIMIT: dict[str, tuple[str, Change]] = {
    "6 spaces in a phase, 12 in a round": ("FR-MOVE-PHASE-MAX", lambda d: speed(
        d, 6, (0, 6, 0, 6))),
    "12 spaces in a round": ("FR-MOVE-ROUND-MAX", lambda d: speed(d, 6, (0, 6, 0, 6))),
    "4 cards": ("FR-CARDS-LIMIT", lambda d: d["cards"].update(whip=2, reins=2)),
    "12 cards": ("FR-CARDS-LIMIT", lambda d: d["cards"].update(whip=6, reins=6)),
    "6 cards": ("FR-CARDS-GUIDE", lambda d: d["cards"].update(whip=3, reins=3)),
    "8 cards": ("FR-CARDS-GUIDE", lambda d: d["cards"].update(whip=4, reins=4)),
    "4 traits": ("FR-TRAIT-COUNT", set_path("traits", value=["Flyer", "Leap", "Sneaky",
                                                             "Savage"])),
    "a '#' of 3": ("FR-HASH-RANGE", set_path("traits", value=[{"name": "Blades",
                                                               "value": 3}])),
    "5 Acceleration boxes": ("FR-PRINT-BOXES", set_path("speed_table", "acceleration", 3,
                                                        value=5)),
    "a Damage track of 22 rows": ("FR-PRINT-TRACK", damage_track(21, {21: "Wipe-out"})),
    "Random of 7": ("FR-DMG-RANDOM-CHOICES", damage_track(6, {3: {
        "name": "Random", "choices": SEVEN}, 6: "Wipe-out"})),
    "Random of 2": ("FR-DMG-RANDOM-CHOICES", damage_track(6, {3: {
        "name": "Random", "choices": SEVEN[:2]}, 6: "Wipe-out"})),
    "2 special cards": ("FR-SPECIAL-COUNT", set_path("cards", "special", value=[
        {"name": "Lash", "value": 1}, {"name": "Yah!"}])),
    "Resilience 2": ("FR-DMG-RESILIENCE", set_path("damage", "resilience", value=2)),
    "a blank Resilience": ("FR-DMG-RESILIENCE", set_path("damage", "resilience", value=None)),
}


@pytest.mark.parametrize("case", sorted(AT_THE_LIMIT))
def test_rule_is_silent_at_the_guide_s_limit(case: str,
                                             write_vehicle: Callable[..., Path]) -> None:
    rule_id, change = AT_THE_LIMIT[case]
    findings = check_file(write_vehicle(change)).findings
    assert rule_id not in rule_ids(findings)
    assert not [f for f in findings if f.severity is Severity.ERROR]  # read, checked, legal


def test_every_rule_says_where_it_points() -> None:
    assert set(AT) == set(BAD_CASES) == set(RULES.rules)


@pytest.mark.parametrize("rule_id", sorted(AT))
def test_rule_points_at_what_breaks_it(rule_id: str, write_vehicle: Callable[..., Path]
                                       ) -> None:
    path = write_vehicle(BAD_CASES[rule_id])
    assert_points_at(check_file(path).findings, RULES[rule_id], path, AT[rule_id])


def test_a_stamina_track_too_tall_for_its_labels_says_to_shorten_the_track(
        write_vehicle: Callable[..., Path]) -> None:
    # 19 rows (18 down to 0) leave the basic chariot's stamina affects no room at 6 pt,
    # though the track itself fits along the edge (FR-PRINT-TRACK allows 22 rows).
    path = write_vehicle(set_path("stamina", "maximum", value=18))
    findings = check_file(path).findings
    assert {f.rule for f in findings} == {"FR-PRINT-TEXT"}
    assert_points_at(findings, RULES["FR-PRINT-TEXT"], path, "18")  # the value, as FR-PRINT-TRACK
    assert all("a shorter Stamina track" in (f.hint or "") for f in findings)
    assert check_file(write_vehicle(set_path("stamina", "maximum", value=17))).findings == []


def test_a_damage_track_too_tall_for_an_affect_points_at_the_damage_value(
        write_vehicle: Callable[..., Path]) -> None:
    # 22 rows (21 down to 0) leave a long custom affect no room at 6 pt. The finding points
    # at the Damage value, as the stamina one does at the maximum: it pointed at the
    # Resilience, the first key of the damage block, which gives the rows no room at all.
    long_name = {"name": "Axle Cracks And The Wheels Wobble Badly", "custom": True,
                 "summary": "Wobbly wheels."}
    path = write_vehicle(lambda d: d["damage"].update(resilience=None, value=21, affects={
        1: {"name": "+# Control Loss", "value": 1}, 16: long_name, 21: "Wipe-out"}))
    findings = [f for f in check_file(path).findings if f.rule == "FR-PRINT-TEXT"]
    assert findings
    assert_points_at(findings, RULES["FR-PRINT-TEXT"], path, "21")  # line 35: value: 21
