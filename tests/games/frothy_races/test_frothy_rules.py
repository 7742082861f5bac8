"""Every Frothy Races rule fires on a minimal bad case and is silent on the shipped vehicles."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.games.frothy_races.baseline import baseline
from generator.games.frothy_races.rules import RULES
from generator.input.findings import Severity
from tests.conftest import art, check_file, rule_ids, shipped_files, small_picture

Change = Callable[[dict[str, Any]], object]


def speed(data: dict[str, Any], at: int, moves: tuple[int, int, int, int]) -> None:
    for phase, spaces in enumerate(moves, start=1):
        data["speed_table"][f"move_{phase}"][at] = spaces


def damage_track(value: int, affects: dict[int, Any]) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["damage"]["value"] = value
        data["damage"]["affects"] = affects
    return change


def set_path(*path: str | int, value: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


BAD_CASES: dict[str, Change] = {
    "FR-ART-FILE": art("no-such-picture.png"),
    "FR-ART-RESOLUTION": art(small_picture),
    "FR-SPEED-RATINGS": set_path("speed_table", "move_1", value=[0, 1, 1, 1, 0, 0]),
    "FR-SPEED-ZERO-MOVES": set_path("speed_table", "move_3", 0, value=1),
    "FR-SPEED-BOXES": set_path("speed_table", "deceleration", 3, value=0),
    "FR-MOVE-PHASE-MAX": lambda d: speed(d, 6, (0, 7, 0, 5)),
    "FR-MOVE-ROUND-MAX": lambda d: speed(d, 6, (0, 6, 1, 6)),
    "FR-MOVE-TOTAL-FALLS": lambda d: speed(d, 6, (0, 4, 0, 4)),
    "FR-MOVE-SPEED-DROP": lambda d: speed(d, 6, (3, 3, 3, 3)),
    "FR-MOVE-EVEN-SPREAD": lambda d: speed(d, 2, (0, 0, 4, 0)),
    "FR-MOVE-STEP-FALLS": lambda d: speed(d, 6, (3, 3, 3, 3)),
    "FR-CONTROL-RISING": set_path("speed_table", "control", 5, value=1),
    "FR-DMG-RESILIENCE": set_path("damage", "resilience", value=3),
    "FR-DMG-AFFECT-LEVEL": damage_track(6, {9: "Haste", 6: "Wipe-out"}),
    "FR-DMG-WIPEOUT": damage_track(6, {1: "Haste"}),
    "FR-DMG-INDESTRUCTIBLE": lambda d: (damage_track(10, {10: "Wipe-out"})(d),
                                        set_path("damage", "resilience", value=2)(d)),
    "FR-DMG-FRAGILE": lambda d: (damage_track(3, {3: "Wipe-out"})(d),
                                 set_path("damage", "resilience", value=None)(d)),
    "FR-DMG-LOSE-TRAIT": damage_track(6, {2: {"name": "Lose Named Trait", "trait": "Flyer"},
                                          6: "Wipe-out"}),
    "FR-STAMINA-TRACK": set_path("stamina", "minimum", value=10),
    "FR-STAMINA-AFFECT-LEVEL": set_path("stamina", "affects", 11, value="Speed"),
    "FR-TRAIT-UNKNOWN": set_path("traits", value=[{"name": "Blads", "value": 1}]),
    "FR-SPECIAL-UNKNOWN": set_path("cards", "special", value=[{"name": "Lsh", "value": 1}]),
    "FR-DMG-AFFECT-UNKNOWN": damage_track(6, {3: "Whoops", 6: "Wipe-out"}),
    "FR-STAMINA-AFFECT-UNKNOWN": set_path("stamina", "affects", 9, value="Tired"),
    "FR-CUSTOM-SUMMARY": set_path("traits", value=[{"name": "Mud Lover", "custom": True}]),
    "FR-CUSTOM-SHADOWS": set_path("traits", value=[{"name": "Flyer", "custom": True,
                                                    "summary": "Flies."}]),
    "FR-HASH-MISSING": set_path("traits", value=["Blades"]),
    "FR-HASH-UNEXPECTED": set_path("traits", value=[{"name": "Flyer", "value": 2}]),
    "FR-HASH-RANGE": set_path("traits", value=[{"name": "Blades", "value": 5}]),
    "FR-AFFECT-PARAM": damage_track(6, {3: "Lose Named Trait", 6: "Wipe-out"}),
    "FR-AFFECT-PARAM-UNEXPECTED": damage_track(6, {3: {"name": "Haste", "card": "whip"},
                                                   6: "Wipe-out"}),
    "FR-DMG-RANDOM-CHOICES": damage_track(6, {3: {"name": "Random", "choices": ["Haste"]},
                                              6: "Wipe-out"}),
    "FR-HASH-NO-EFFECT": set_path("traits", value=[{"name": "Blades", "value": 0}]),
    "FR-TRAIT-COUNT": set_path("traits", value=["Flyer", "Leap", "Sneaky", "Savage",
                                                "Snapper"]),
    "FR-TRAIT-DUPLICATE": set_path("traits", value=[{"name": "Blades", "value": 1},
                                                    {"name": "blades", "value": 2}]),
    "FR-CARDS-LIMIT": lambda d: d["cards"].update(whip=1, reins=1),
    "FR-CARDS-GUIDE": lambda d: d["cards"].update(whip=5, reins=5),
    "FR-CARDS-DUAL": lambda d: d["cards"].update(whip=3, reins=3, dual=2),
    "FR-CARDS-SINGLE": lambda d: d["cards"].update(whip=1, reins=1, dual=4),
    "FR-SPECIAL-COUNT": lambda d: d["cards"].update(whip=2, reins=3, special=[
        {"name": "Survivor", "face": "whip"}, {"name": "Cool", "face": "reins"},
        {"name": "Yah!"}]),
    "FR-SPECIAL-FACE": set_path("cards", "special", value=[{"name": "Lucky", "value": 1}]),
    "FR-SPECIAL-DISCARD": set_path("cards", "special", value=[{"name": "Lash", "value": 3}]),
    "FR-CONTROL-FLAT": set_path("speed_table", "control", value=["safe"] * 7),
    "FR-DMG-LOSE-CARD": lambda d: (d["cards"].update(whip=0, reins=8, dual=0, special=[]),
                                   damage_track(6, {3: {"name": "-1 Whip / Reins card",
                                                        "card": "whip"}, 6: "Wipe-out"})(d)),
    "FR-DMG-NO-TARGET": lambda d: (set_path("damage", "resilience", value=None)(d),
                                   damage_track(8, {3: {"name": "-# Resilience", "value": 1},
                                                    8: "Wipe-out"})(d)),
    "FR-DMG-VALUE-IMPOSSIBLE": damage_track(6, {3: {"name": "Maximum Speed #", "value": 7},
                                                6: "Wipe-out"}),
    "FR-DMG-CONFLICT": damage_track(6, {2: "Haste", 4: "Slow", 6: "Wipe-out"}),
    "FR-TRAIT-NO-TARGET": lambda d: (d["cards"].update(whip=6, reins=0, dual=0, special=[]),
                                     set_path("traits", value=["Encouragement"])(d)),
    "FR-TRAIT-CONFLICT": set_path("traits", value=["Fortune Smiles", "Unlucky Charm"]),
    "FR-STAMINA-ROW": set_path("speed_table", "stamina", value=[3, 2, 1, 0, 1, -1, -3]),
    "FR-TRAIT-NONE": set_path("traits", value=[]),
    "FR-SPECIAL-WRONG-FACE": set_path("cards", "special", value=[
        {"name": "Lash", "value": 1, "face": "reins"}]),
    "FR-PRINT-BOXES": set_path("speed_table", "acceleration", 3, value=6),
    "FR-PRINT-TRACK": damage_track(25, {25: "Wipe-out"}),
    "FR-PRINT-TEXT": set_path("background", value="A very long tale. " * 400),
    "FR-PRINT-PIECE-TEXT": set_path("name", value="W" * 28),
}


def test_every_rule_has_a_bad_case_here() -> None:
    assert set(BAD_CASES) == set(RULES.rules)


def test_every_rule_but_the_print_checks_has_a_registered_check() -> None:
    assert set(RULES.unchecked()) == {"FR-PRINT-TEXT", "FR-PRINT-PIECE-TEXT", "FR-ART-FILE",
                                      "FR-ART-RESOLUTION"}


@pytest.mark.parametrize("rule_id", sorted(BAD_CASES))
def test_rule_fires_on_its_minimal_bad_case(rule_id: str, write_vehicle: Callable[..., Path]
                                            ) -> None:
    loaded = check_file(write_vehicle(BAD_CASES[rule_id]))
    fired = [f for f in loaded.findings if f.rule == rule_id]
    assert fired, f"{rule_id} did not fire; got {sorted(rule_ids(loaded.findings))}"
    rule = RULES[rule_id]
    for finding in fired:
        assert finding.severity is rule.severity
        assert finding.source == f"Frothy Races guide 3.6, {rule.source.split(', ', 1)[1]}"
        assert finding.mark.line >= 1 and finding.mark.column >= 1
        assert "{{" not in finding.message and finding.message


def test_stamina_row_needs_a_way_back_and_a_loss_for_its_affects(
        write_vehicle: Callable[..., Path]) -> None:
    no_gain = check_file(write_vehicle(set_path("speed_table", "stamina",
                                                value=[0, 0, 0, 0, -1, -2, -3])))
    (finding,) = [f for f in no_gain.findings if f.rule == "FR-STAMINA-ROW"]
    assert finding.message == ("the Stamina row loses Stamina but no Speed wins it back; "
                               "only a slower pace can repair the loss")
    never = check_file(write_vehicle(set_path("speed_table", "stamina", value=[0] * 7)))
    (finding,) = [f for f in never.findings if f.rule == "FR-STAMINA-ROW"]
    assert finding.message.endswith("but no Speed loses Stamina, so they never apply")
    off = check_file(write_vehicle(lambda d: (
        set_path("speed_table", "stamina", value=[0] * 7)(d),
        set_path("stamina", "affects", value={})(d))))
    assert "FR-STAMINA-ROW" not in rule_ids(off.findings)


def test_a_stamina_row_that_loses_stamina_needs_affects_on_the_track(
        write_vehicle: Callable[..., Path]) -> None:
    """Movement > Stamina: Stamina balances a fast vehicle only through the affects its
    track applies, so a row that costs Stamina beside a track with none changes nothing
    (a stamina section left out has no affects either)."""
    for change in (set_path("stamina", "affects", value={}),
                   lambda d: d.pop("stamina")):
        bare = check_file(write_vehicle(change))
        (finding,) = [f for f in bare.findings if f.rule == "FR-STAMINA-ROW"]
        assert finding.severity is Severity.WARNING
        assert finding.message == ("the Stamina row loses Stamina, but the Stamina track has "
                                   "no affects, so the loss changes nothing")
        assert not [f for f in bare.findings if f.severity is Severity.ERROR]


def test_a_stamina_affect_at_the_maximum_is_clean_and_one_past_it_is_an_error(
        write_vehicle: Callable[..., Path]) -> None:
    """Stamina Check: below the maximum, apply the affect at the value the vehicle is at
    'as well as the Stamina effects for all higher Stamina values', so one at the maximum
    applies once any Stamina is lost; one above the maximum, or below the minimum, never."""
    for level, fires in ((10, False), (11, True), (0, False)):
        loaded = check_file(write_vehicle(set_path(
            "stamina", "affects", level, value={"name": "-# Speed", "value": 1})))
        assert ("FR-STAMINA-AFFECT-LEVEL" in rule_ids(loaded.findings)) is fires, level


def test_a_stamina_track_written_upside_down_is_the_track_rule_not_a_schema_error(
        write_vehicle: Callable[..., Path]) -> None:
    """Maximum 0 and minimum 10 (the two swapped) is FR-STAMINA-TRACK at the minimum; the
    file format no longer refuses a maximum of 0 before the rule can say why."""
    loaded = check_file(write_vehicle(lambda d: (
        set_path("stamina", "maximum", value=0)(d), set_path("stamina", "minimum", value=10)(d),
        set_path("stamina", "affects", value={})(d))))
    assert [f.rule for f in loaded.findings if f.severity is Severity.ERROR] == [
        "FR-STAMINA-TRACK"]


def test_losing_a_card_counts_dual_cards_and_special_faces(
        write_vehicle: Callable[..., Path]) -> None:
    lose_whip = damage_track(6, {3: {"name": "-1 Whip / Reins card", "card": "whip"},
                                 6: "Wipe-out"})
    dual = check_file(write_vehicle(lambda d: (
        d["cards"].update(whip=0, reins=6, dual=1, special=[]), lose_whip(d))))
    special = check_file(write_vehicle(lambda d: (
        d["cards"].update(whip=0, reins=6, dual=0, special=[{"name": "Lash", "value": 1}]),
        lose_whip(d))))
    assert "FR-DMG-LOSE-CARD" not in rule_ids(dual.findings) | rule_ids(special.findings)


NEVER_ACTS: dict[str, tuple[str, Change]] = {
    "a trait that plays Whip cards as Reins, with no Whip card": ("FR-TRAIT-NO-TARGET", lambda d: (
        d["cards"].update(whip=0, reins=6, dual=0, special=[]),
        set_path("traits", value=["Snapper"])(d))),
    "a roll modifier when Tireless leaves no roll": ("FR-TRAIT-NO-TARGET", set_path(
        "traits", value=[{"name": "Tireless", "value": 2}, {"name": "Long Legs", "value": 1}])),
    "a Lash card when Tireless leaves no roll": ("FR-TRAIT-NO-TARGET", lambda d: (
        set_path("traits", value=[{"name": "Tireless", "value": 2}])(d),
        set_path("cards", "special", value=[{"name": "Lash", "value": 1}])(d))),
    "Beastmaster when Tireless and Anchor leave no Speed Check roll": ("FR-TRAIT-NO-TARGET",
        lambda d: (set_path("stamina", "affects", value={5: {"name": "-# Speed", "value": 1}})(d),
                   set_path("traits", value=[{"name": "Tireless", "value": 2},
                                             {"name": "Anchor", "value": 2}, "Beastmaster"])(d))),
    "a stamina Reins affect when Tireless and Anchor leave no Speed Check roll": (
        "FR-TRAIT-NO-TARGET", lambda d: (
            set_path("stamina", "affects", value={
                5: {"name": "+# Reins / Speed Check", "value": 1}})(d),
            set_path("traits", value=[{"name": "Tireless", "value": 2},
                                      {"name": "Anchor", "value": 2}])(d))),
    "Adaptive with no Reins to swap for": ("FR-TRAIT-NO-TARGET", lambda d: (
        d["cards"].update(whip=6, reins=0, dual=0, special=[]),
        set_path("traits", value=[{"name": "Adaptive", "value": 1}])(d))),
    "-1 Safe Speed with no Safe Speed": ("FR-DMG-NO-TARGET", lambda d: (
        set_path("speed_table", "control", value=[1, 1, 1, 2, 2, 3, 4])(d),
        damage_track(6, {3: "-1 Safe Speed", 6: "Wipe-out"})(d))),
    "a second -1 Safe Speed with one Safe Speed": ("FR-DMG-NO-TARGET", lambda d: (
        set_path("speed_table", "control", value=["safe", 1, 1, 2, 2, 3, 4])(d),
        damage_track(6, {2: "-1 Safe Speed", 4: "-1 Safe Speed", 6: "Wipe-out"})(d))),
    "-2 Resilience, then -1, from Resilience 1": ("FR-DMG-NO-TARGET", damage_track(6, {
        2: {"name": "-# Resilience", "value": 2}, 4: {"name": "-# Resilience", "value": 1},
        6: "Wipe-out"})),
    "a deceleration modifier when Anchor leaves no roll": ("FR-DMG-NO-TARGET", lambda d: (
        set_path("traits", value=[{"name": "Anchor", "value": 2}])(d),
        damage_track(6, {3: {"name": "+/- # Speed Check Deceleration Modifier", "value": -1},
                         6: "Wipe-out"})(d))),
    "Maximum Speed 6 lowers nothing": ("FR-DMG-VALUE-IMPOSSIBLE", damage_track(6, {
        3: {"name": "Maximum Speed #", "value": 6}, 6: "Wipe-out"})),
    "a maximum acceleration of every box in the row": ("FR-DMG-VALUE-IMPOSSIBLE", damage_track(
        6, {3: {"name": "# Maximum Acceleration", "value": 11}, 6: "Wipe-out"})),
    "a stamina loss of 7 Speed ratings": ("FR-DMG-VALUE-IMPOSSIBLE", set_path(
        "stamina", "affects", 5, value={"name": "-# Speed", "value": 7})),
    "Leap and Whitey": ("FR-TRAIT-CONFLICT", set_path("traits", value=["Leap", "Whitey"])),
    "Lady Luck and Ill Fate": ("FR-TRAIT-CONFLICT", set_path("traits", value=[
        "Ill Fate", "lady luck"])),
    # frcheck10: two entries whose numbers undo each other do nothing together (Traits:
    # Cautious/Hyperactive, Reckless/Lazy; Permanent Damage Affects: +/- # modifiers)
    "Cautious 1 and Hyperactive 1 cancel": ("FR-TRAIT-CONFLICT", set_path("traits", value=[
        {"name": "Cautious", "value": 1}, {"name": "Hyperactive", "value": 1}])),
    "Reckless 2 and Lazy 2 cancel": ("FR-TRAIT-CONFLICT", set_path("traits", value=[
        {"name": "lazy", "value": 2}, {"name": "Reckless", "value": 2}])),
    "a +1 and a -1 acceleration modifier at one level": ("FR-DMG-CONFLICT", damage_track(6, {
        3: [{"name": "+/- # Speed Check Acceleration Modifier", "value": 1},
            {"name": "+/- # Speed Check Acceleration Modifier", "value": -1}],
        6: "Wipe-out"})),
    "+2, -1 and -1 deceleration modifiers at one level": ("FR-DMG-CONFLICT", damage_track(6, {
        3: [{"name": "+/- # Speed Check Deceleration Modifier", "value": 2},
            {"name": "+/- # Speed Check Deceleration Modifier", "value": -1},
            {"name": "+/- # Speed Check Deceleration Modifier", "value": -1}],
        6: "Wipe-out"})),
    "a stamina -1 Speed below levels that already take 6": ("FR-DMG-VALUE-IMPOSSIBLE", set_path(
        "stamina", "affects", value={9: {"name": "-# Speed", "value": 4},
                                     7: {"name": "-# Speed", "value": 2},
                                     5: {"name": "-# Speed", "value": 1}})),
    # frcheck10: a Random's pick that the affects certain to come before it leave idle
    "a Random's Haste pick after a Haste": ("FR-DMG-NO-TARGET", damage_track(6, {
        1: "Haste", 3: {"name": "Random", "choices": ["haste", "-1 Safe Speed"]},
        6: "Wipe-out"})),
    "a Random's Maximum Speed 4 pick after Maximum Speed 3": ("FR-DMG-NO-TARGET", damage_track(
        6, {2: {"name": "Maximum Speed #", "value": 3},
            4: {"name": "Random", "choices": [{"name": "Maximum Speed #", "value": 4},
                                              "Haste"]}, 6: "Wipe-out"})),
    "a Random's loss of Blades after Blades is lost": ("FR-DMG-NO-TARGET", damage_track(6, {
        1: {"name": "Lose Named Trait", "trait": "Blades"},
        3: {"name": "Random", "choices": [{"name": "Lose Named Trait", "trait": "blades"},
                                          "Haste"]}, 6: "Wipe-out"})),
    "a Random's -1 Resilience once -2 has made it blank": ("FR-DMG-NO-TARGET", damage_track(6, {
        2: {"name": "-# Resilience", "value": 2},
        4: {"name": "Random", "choices": [{"name": "-# Resilience", "value": 1}, "Haste"]},
        6: "Wipe-out"})),
    "a Random's Slow pick beside a Haste": ("FR-DMG-CONFLICT", damage_track(6, {
        1: "Haste", 3: {"name": "Random", "choices": ["Slow", "-1 Safe Speed"]},
        6: "Wipe-out"})),
    "Leap lost before Whitey is (Leap never acts)": ("FR-TRAIT-CONFLICT", lambda d: (
        set_path("traits", value=["Whitey", "Leap"])(d),
        damage_track(6, {2: {"name": "Lose Named Trait", "trait": "Leap"},
                         4: {"name": "Lose Named Trait", "trait": "Whitey"}, 6: "Wipe-out"})(d))),
    "Hyperactive 1 and Cautious 1 both lost at one level (never apart)": (
        "FR-TRAIT-CONFLICT", lambda d: (
            set_path("traits", value=[{"name": "Hyperactive", "value": 1},
                                      {"name": "Cautious", "value": 1}])(d),
            damage_track(6, {3: [{"name": "Lose Named Trait", "trait": "Cautious"},
                                 {"name": "Lose Named Trait", "trait": "Hyperactive"}],
                             6: "Wipe-out"})(d))),
    "Leap lost while Whitey stays (Leap never acts)": ("FR-TRAIT-CONFLICT", lambda d: (
        set_path("traits", value=["Whitey", "Leap"])(d),
        damage_track(6, {3: {"name": "Lose Named Trait", "trait": "Leap"}, 6: "Wipe-out"})(d))),
}


@pytest.mark.parametrize("case", sorted(NEVER_ACTS))
def test_effects_that_can_never_act_are_errors(case: str, write_vehicle: Callable[..., Path]
                                               ) -> None:
    rule_id, change = NEVER_ACTS[case]
    loaded = check_file(write_vehicle(change))
    assert [f.rule for f in loaded.findings if f.severity is Severity.ERROR] == [rule_id]


STILL_ACTS: dict[str, Change] = {
    "Encouragement with a Reins-faced special card": lambda d: (
        d["cards"].update(whip=3, reins=0, dual=3, special=[{"name": "Whoah!", "value": 1}]),
        set_path("traits", value=["Encouragement"])(d)),
    "Snapper with a Whip-faced special card": lambda d: (
        d["cards"].update(whip=0, reins=6, dual=0, special=[{"name": "Lash", "value": 1}]),
        set_path("traits", value=["Snapper"])(d)),
    "-1 Resilience twice from Resilience 1 (to 0, then blank)": damage_track(6, {
        2: {"name": "-# Resilience", "value": 1}, 4: {"name": "-# Resilience", "value": 1},
        6: "Wipe-out"}),
    "-1 Safe Speed twice with three Safe Speeds": damage_track(6, {
        2: "-1 Safe Speed", 4: "-1 Safe Speed", 6: "Wipe-out"}),
    "Maximum Speed 0 and 5": damage_track(6, {2: {"name": "Maximum Speed #", "value": 5},
                                             4: {"name": "Maximum Speed #", "value": 0},
                                             6: "Wipe-out"}),
    "a maximum acceleration of 5, below the 6 two Speed dice make": damage_track(6, {
        3: {"name": "# Maximum Acceleration", "value": 5}, 6: "Wipe-out"}),
    "a maximum acceleration one box under a row of 7, Hyperactive 3 rolling up to 9": lambda d: (
        set_path("speed_table", "acceleration", value=[1] * 7)(d),
        set_path("traits", value=[{"name": "Hyperactive", "value": 3}])(d),
        damage_track(6, {3: {"name": "# Maximum Acceleration", "value": 6},
                         6: "Wipe-out"})(d)),
    "Beastmaster with Tireless (the roll to decelerate is left)": set_path("traits", value=[
        {"name": "Tireless", "value": 2}, "Beastmaster"]),
    "a stamina Reins affect with Anchor alone (the roll to accelerate is left)": lambda d: (
        set_path("stamina", "affects", value={
            5: {"name": "+# Reins / Speed Check", "value": 1}})(d),
        set_path("traits", value=[{"name": "Anchor", "value": 2}])(d)),
    "Tireless with a deceleration trait": set_path("traits", value=[
        {"name": "Tireless", "value": 2}, {"name": "Rubber Shoes", "value": 1}]),
    "a Random between Haste and Slow": damage_track(6, {
        3: {"name": "Random", "choices": ["Haste", "Slow"]}, 6: "Wipe-out"}),
    "Fortune Smiles and Ill Fate (different attacks)": set_path("traits", value=[
        "Fortune Smiles", "Ill Fate"]),
    "Cautious 2 and Hyperactive 1 (-1 is left)": set_path("traits", value=[
        {"name": "Cautious", "value": 2}, {"name": "Hyperactive", "value": 1}]),
    "Cautious 1 and Lazy 1 (different rolls)": set_path("traits", value=[
        {"name": "Cautious", "value": 1}, {"name": "Lazy", "value": 1}]),
    "Hyperactive d3 and Cautious 1 (a roll is made afresh)": set_path("traits", value=[
        {"name": "Hyperactive", "value": "d3"}, {"name": "Cautious", "value": 1}]),
    "a +1 acceleration modifier, then a -1 at a later level": damage_track(6, {
        2: {"name": "+/- # Speed Check Acceleration Modifier", "value": 1},
        4: {"name": "+/- # Speed Check Acceleration Modifier", "value": -1}, 6: "Wipe-out"}),
    "+1 acceleration and -1 deceleration modifiers at one level": damage_track(6, {
        3: [{"name": "+/- # Speed Check Acceleration Modifier", "value": 1},
            {"name": "+/- # Speed Check Deceleration Modifier", "value": -1}],
        6: "Wipe-out"}),
    "stamina -4 Speed, then -3 (past 6, but it still lowers Speed)": set_path(
        "stamina", "affects", value={9: {"name": "-# Speed", "value": 3},
                                     5: {"name": "-# Speed", "value": 3}}),
    "a Random's Haste pick before a Haste at a later level": damage_track(6, {
        2: {"name": "Random", "choices": ["Haste", "-1 Safe Speed"]}, 4: "Haste",
        6: "Wipe-out"}),
    "a Random's Maximum Speed 2 pick after Maximum Speed 4": damage_track(6, {
        2: {"name": "Maximum Speed #", "value": 4},
        4: {"name": "Random", "choices": [{"name": "Maximum Speed #", "value": 2}, "Haste"]},
        6: "Wipe-out"}),
    "a Random's -1 Resilience after -1 from Resilience 1 (to blank)": damage_track(6, {
        2: {"name": "-# Resilience", "value": 1},
        4: {"name": "Random", "choices": [{"name": "-# Resilience", "value": 1}, "Haste"]},
        6: "Wipe-out"}),
    "Leap and Whitey, Whitey lost (Leap acts from then)": lambda d: (
        set_path("traits", value=["Whitey", "Leap"])(d),
        damage_track(6, {3: {"name": "Lose Named Trait", "trait": "whitey"}, 6: "Wipe-out"})(d)),
    "Leap a Random may lose before Whitey is lost (Leap acts from then if not rolled)":
        lambda d: (set_path("traits", value=["Whitey", "Leap"])(d), damage_track(6, {
            2: {"name": "Random", "choices": ["Haste", {"name": "Lose Named Trait",
                                                        "trait": "Leap"}]},
            3: {"name": "Lose Named Trait", "trait": "Whitey"}, 6: "Wipe-out"})(d)),
    "Hyperactive 1 and Cautious 1, Cautious lost (Hyperactive acts from then)": lambda d: (
        set_path("traits", value=[{"name": "Hyperactive", "value": 1},
                                  {"name": "Cautious", "value": 1}])(d),
        damage_track(6, {3: {"name": "Lose Named Trait", "trait": "Cautious"},
                         6: "Wipe-out"})(d)),
    "Lazy 1 and Reckless 1, Lazy lost by a Random pick": lambda d: (
        set_path("traits", value=[{"name": "Lazy", "value": 1},
                                  {"name": "Reckless", "value": 1}])(d),
        damage_track(6, {3: {"name": "Random", "choices": [
            {"name": "Lose Named Trait", "trait": "Lazy"}, "Haste"]}, 6: "Wipe-out"})(d)),
}


@pytest.mark.parametrize("case", sorted(STILL_ACTS))
def test_effects_that_act_stay_clean(case: str, write_vehicle: Callable[..., Path]) -> None:
    loaded = check_file(write_vehicle(STILL_ACTS[case]))
    assert [f.rule for f in loaded.findings if f.severity is Severity.ERROR] == []


@pytest.mark.parametrize("path", shipped_files("frothy-races"), ids=lambda p: p.stem)
def test_shipped_definitions_have_no_findings_at_all(path: Path) -> None:
    loaded = check_file(path)
    assert loaded.findings == []
    assert len(loaded.definitions) + len(loaded.kit_files) == 1


def test_the_baseline_shipped_with_the_package_is_the_default_kit_basic_chariot() -> None:
    from tests.conftest import BASIC_CHARIOT
    loaded = check_file(BASIC_CHARIOT)
    assert loaded.definitions[0].model == baseline()


def test_the_movement_example_vehicle_is_the_guides_table() -> None:
    repo = Path(__file__).resolve().parents[3]
    loaded = check_file(repo / "vehicles/frothy-races/movement-example.yaml")
    table = loaded.definitions[0].model.speed_table
    assert [table.total(s) for s in range(7)] == [0, 2, 4, 6, 8, 10, 12]
    assert [table.moves(s) for s in range(7)] == [
        (0, 0, 0, 0), (1, 0, 1, 0), (1, 1, 1, 1), (1, 2, 1, 2), (0, 3, 3, 2), (0, 4, 3, 3),
        (0, 6, 0, 6)]
    assert list(table.control) == [0, 0, 0, 1, 2, 3, 4]


def test_speed_drop_names_the_phase_and_the_numbers(write_vehicle: Callable[..., Path]
                                                    ) -> None:
    loaded = check_file(write_vehicle(lambda d: speed(d, 6, (3, 3, 3, 3))))
    (finding,) = [f for f in loaded.findings if f.rule == "FR-MOVE-SPEED-DROP"]
    assert finding.message == ("a drop from Speed 6 to Speed 5 after movement phase 1 moves "
                               "10 spaces in the rest of the round, more than the 9 of keeping "
                               "Speed 6")
    assert finding.severity is Severity.WARNING


def test_phase_limit_points_at_the_offending_cell(write_vehicle: Callable[..., Path]) -> None:
    path = write_vehicle(lambda d: speed(d, 6, (0, 7, 0, 5)))
    loaded = check_file(path)
    (finding,) = [f for f in loaded.findings if f.rule == "FR-MOVE-PHASE-MAX"]
    lines = path.read_text().splitlines()
    assert "move_2" in lines[finding.mark.line - 1]
    assert lines[finding.mark.line - 1][finding.mark.column - 1] == "7"
    assert finding.severity is Severity.ERROR


def test_unknown_trait_suggests_the_guides_spelling(write_vehicle: Callable[..., Path]) -> None:
    loaded = check_file(write_vehicle(set_path("traits", value=[{"name": "cat o nines",
                                                                 "value": 1},
                                                                {"name": "Blads", "value": 1}])))
    unknown = [f for f in loaded.findings if f.rule == "FR-TRAIT-UNKNOWN"]
    assert [f.message for f in unknown] == [
        "trait 'Blads' is not in the guide's list; did you mean 'Blades'?"]


def test_custom_entries_with_their_own_text_are_accepted(write_vehicle: Callable[..., Path]
                                                         ) -> None:
    loaded = check_file(write_vehicle(set_path("traits", value=[
        {"name": "Mud Lover", "custom": True, "summary": "Mud costs nothing."}])))
    assert loaded.findings == []


def test_every_catalogue_entry_has_category_summary_text_and_source() -> None:
    from generator.games.frothy_races.catalogues import frothy_data
    data = frothy_data()
    for name in ("traits", "special_cards", "damage_affects", "stamina_affects"):
        for entry in data.catalogue(name):
            assert entry.category and entry.summary and entry.text and entry.section, entry.name
            assert "#" not in entry.summary or entry.takes_value, entry.name


TRAITS_SECTION = "Vehicle Creation Guide > Traits (Edges & Flaws)"
CARDS_SECTION = "Vehicle Creation Guide > Whip & Reins"
AFFECTS_SECTION = "Vehicle Creation Guide > Permanent Damage Affects"
STAMINA_SECTION = "Rules & Game-play > Maintenance Checks > Stamina Check"

# A rule shared by traits, special cards and affects cites the section where the guide says
# it for the entry at fault (the '#' note is printed under the special cards, the damage
# affects and the traits alike): (rule, change, the section its finding cites).
CITED_BY_KIND: dict[str, tuple[str, Change, str]] = {
    "a trait's '#' out of range": (
        "FR-HASH-RANGE", set_path("traits", value=[{"name": "Blades", "value": 4}]),
        TRAITS_SECTION),
    "a special card's '#' out of range": (
        "FR-HASH-RANGE", set_path("cards", "special", value=[{"name": "Lash", "value": 4,
                                                              "discard": True}]),
        CARDS_SECTION),
    "a stamina affect's '#' out of range": (
        "FR-HASH-RANGE", set_path("stamina", "affects", 8, value={
            "name": "+# Reins / Speed Check", "value": 4}), STAMINA_SECTION),
    "a damage affect's '#' missing": (
        "FR-HASH-MISSING", damage_track(6, {3: "+# Control / Round", 6: "Wipe-out"}),
        AFFECTS_SECTION),
    "a special card given a '#' it takes none of": (
        "FR-HASH-UNEXPECTED", set_path("cards", "special", value=[{"name": "Yah!",
                                                                   "value": 2}]),
        CARDS_SECTION),
    "a damage affect's '#' of 0": (
        "FR-HASH-NO-EFFECT", damage_track(6, {3: {
            "name": "+/- # Speed Check Acceleration Modifier", "value": 0}, 6: "Wipe-out"}),
        AFFECTS_SECTION),
    "a custom special card without a summary": (
        "FR-CUSTOM-SUMMARY", set_path("cards", "special", value=[
            {"name": "Boost", "custom": True, "face": "whip"}]), CARDS_SECTION),
    "a custom damage affect named as the guide's": (
        "FR-CUSTOM-SHADOWS", damage_track(6, {3: {"name": "Haste", "custom": True,
                                                  "summary": "Slow counts as Haste."},
                                              6: "Wipe-out"}), AFFECTS_SECTION),
    "a special card Tireless leaves nothing to act on": (
        "FR-TRAIT-NO-TARGET", lambda d: (
            set_path("traits", value=[{"name": "Tireless", "value": 2}])(d),
            set_path("cards", "special", value=[{"name": "Lash", "value": 1}])(d)),
        CARDS_SECTION),
    "a stamina affect's Speed drop beyond Speed 6": (
        "FR-DMG-VALUE-IMPOSSIBLE", set_path("stamina", "affects", 9, value={
            "name": "-# Speed", "value": 7}), STAMINA_SECTION),
    "a damage affect's Maximum Speed of 7": (
        "FR-DMG-VALUE-IMPOSSIBLE", damage_track(6, {3: {"name": "Maximum Speed #",
                                                        "value": 7}, 6: "Wipe-out"}),
        AFFECTS_SECTION),
    "a stamina affect Tireless and Anchor leave nothing to act on": (
        "FR-TRAIT-NO-TARGET", lambda d: (
            set_path("stamina", "affects", value={
                5: {"name": "+# Reins / Speed Check", "value": 1}})(d),
            set_path("traits", value=[{"name": "Tireless", "value": 2},
                                      {"name": "Anchor", "value": 2}])(d)), STAMINA_SECTION),
    "a stamina affect given a card to lose": (
        "FR-AFFECT-PARAM-UNEXPECTED", set_path("stamina", "affects", 9, value={
            "name": "-# Speed", "value": 1, "card": "whip"}), STAMINA_SECTION),
}


@pytest.mark.parametrize("case", sorted(CITED_BY_KIND))
def test_a_shared_rule_cites_the_section_of_the_entry_at_fault(
        case: str, write_vehicle: Callable[..., Path]) -> None:
    rule_id, change, section = CITED_BY_KIND[case]
    fired = [f for f in check_file(write_vehicle(change)).findings if f.rule == rule_id]
    assert fired, case
    assert {f.source for f in fired} == {f"Frothy Races guide 3.6, {section}"}
    assert all(f.severity is RULES[rule_id].severity for f in fired)


@pytest.mark.parametrize(("row", "value", "section"), [
    ("move_2", -4, "Vehicle Creation Guide > Movement > Movement per Phase (Move)"),
    ("acceleration", 2.5, "Vehicle Creation Guide > Movement > Acceleration / Deceleration"),
    ("stamina", 10, "Vehicle Creation Guide > Movement > Stamina"),
    ("control", 0, "Vehicle Creation Guide > Movement > Control"),
])
def test_a_speed_table_entry_the_schema_refuses_cites_its_row_section(
        row: str, value: object, section: str, write_vehicle: Callable[..., Path]) -> None:
    (finding,) = [f for f in check_file(write_vehicle(set_path(
        "speed_table", row, 5, value=value))).findings if f.rule.startswith("SCHEMA-")]
    assert finding.source == section and finding.severity is Severity.ERROR


def test_a_vehicle_built_without_the_optional_stamina_rule_is_clean(
        write_vehicle: Callable[..., Path]) -> None:
    # Stamina is optional (Vehicle Creation Guide > Movement > Stamina): the row and the
    # track may both be left out; the row then reads as zeros.
    path = write_vehicle(lambda d: (d["speed_table"].pop("stamina"), d.pop("stamina")))
    loaded = check_file(path)
    assert loaded.findings == []
    assert loaded.definitions[0].model.speed_table.stamina == (0,) * 7


def test_a_card_type_the_vehicle_has_none_of_may_be_left_out(
        write_vehicle: Callable[..., Path]) -> None:
    # Whip & Reins Overview: a vehicle has Whip and/or Reins cards.
    whip_only = check_file(write_vehicle(lambda d: (
        d.update(cards={"whip": 8}), set_path("traits", value=["Flyer"])(d))))
    assert whip_only.findings == []
    assert whip_only.definitions[0].model.cards.reins == 0
    too_few = check_file(write_vehicle(lambda d: d.update(cards={"reins": 3})))
    assert "FR-CARDS-LIMIT" in rule_ids(too_few.findings)


def test_a_finding_names_a_damage_affect_as_the_guide_writes_it(
        write_vehicle: Callable[..., Path]) -> None:
    loaded = check_file(write_vehicle(damage_track(6, {
        3: {"name": "-# Resilience", "value": 4}, 6: "Wipe-out"})))
    messages = {f.rule: f.message for f in loaded.findings}
    assert messages["FR-DMG-VALUE-IMPOSSIBLE"].startswith("'-# Resilience' with '#' = 4")
    assert messages["FR-HASH-RANGE"].startswith("damage affect '-# Resilience' has")


@pytest.mark.parametrize(("change", "guide_name"), [
    (damage_track(6, {3: {"name": "-2 Resilience", "value": 2}, 6: "Wipe-out"}),
     "-# Resilience"),
    (set_path("traits", value=[{"name": "Blades 2", "value": 2}]), "Blades"),
    (set_path("stamina", "affects", 9, value={"name": "-1 Speed", "value": 1}), "-# Speed"),
    (damage_track(6, {3: {"name": "-2 Speed Check Acceleration Modifier", "value": -2},
                      6: "Wipe-out"}), "+/- # Speed Check Acceleration Modifier"),
])
def test_a_number_both_in_the_name_and_under_value_is_refused(
        change: Change, guide_name: str, write_vehicle: Callable[..., Path]) -> None:
    # A name with its number reads as the entry with that '#' (test_book_spellings); given
    # a 'value:' as well, which number is meant is the designer's to say.
    (finding,) = [f for f in check_file(write_vehicle(change)).findings
                  if f.rule.endswith("-UNKNOWN")]
    assert finding.severity is Severity.ERROR and "another under 'value:'" in finding.message
    assert finding.hint and finding.hint.endswith(f"'{guide_name}'")


def test_a_typical_value_is_one_that_can_act_on_the_basic_chariot() -> None:
    # FR-HASH-RANGE's hint offers the typical range; FR-DMG-VALUE-IMPOSSIBLE rejects values
    # that can never act. A typical value the second rejects would send the user in circles
    # ('# Maximum Acceleration 6': two Speed dice make 6 at most, so 6 never limits).
    from generator.games.frothy_races.catalogues import frothy_data
    from generator.games.frothy_races.targets import typical_range, value_range
    data, vehicle = frothy_data(), baseline()
    for name in ("traits", "special_cards", "damage_affects", "stamina_affects"):
        for entry in data.catalogue(name):
            if "possible" in entry.extra or "below_row" in entry.extra:
                low, high = value_range(vehicle, data, entry)
                typical_low, typical_high = typical_range(vehicle, data, entry)
                assert low <= typical_low and typical_high <= high, entry.name


@pytest.mark.parametrize("name", ["# Maximum Acceleration", "# Maximum Deceleration"])
def test_a_maximum_of_six_boxes_is_impossible_and_atypical_five_is_clean(
        name: str, write_vehicle: Callable[..., Path]) -> None:
    six = check_file(write_vehicle(damage_track(6, {3: {"name": name, "value": 6},
                                                    6: "Wipe-out"})))
    assert {f.rule for f in six.findings} == {"FR-DMG-VALUE-IMPOSSIBLE", "FR-HASH-RANGE"}
    assert all("1 to 5" in (f.hint or "") for f in six.findings if f.rule == "FR-HASH-RANGE")
    five = check_file(write_vehicle(damage_track(6, {3: {"name": name, "value": 5},
                                                     6: "Wipe-out"})))
    assert five.findings == []


def test_a_count_of_one_space_reads_space(write_vehicle: Callable[..., Path]) -> None:
    # Speed 2 of the basic chariot moves 4 a round; Speed 3 cut to 1 moves less ('1 space',
    # not '1 spaces'), and a drop to Speed 2 after phase 3 moves 1 more, where keeping
    # Speed 3 moves none.
    path = write_vehicle(lambda d: speed(d, 3, (0, 0, 0, 1)))
    messages = [f.message for f in check_file(path).findings]
    assert any("Speed 3 moves 1 space a round" in m for m in messages), messages
    assert not any(" 1 spaces" in m for m in messages), messages


def test_a_control_row_reads_as_the_guide_prints_it(write_vehicle: Callable[..., Path]) -> None:
    """Movement Example (and our licence) print the Control row as 'SAFE' and '+1 DICE':
    written that way, or as '2 dice' or '1 die', it reads as the numbers do; a count of 0
    or past 12 is still refused, and 0 is told to be 'safe'."""
    row = ["SAFE", "Safe", "safe", "+1 DICE", "2 dice", "+3 Dice", "4 dice"]
    words = check_file(write_vehicle(set_path("speed_table", "control", value=row)))
    numbers = check_file(write_vehicle(set_path(
        "speed_table", "control", value=["safe", "safe", "safe", 1, 2, 3, 4])))
    assert words.findings == numbers.findings == []
    assert words.definitions[0].model.speed_table.control == (0, 0, 0, 1, 2, 3, 4)
    for bad in ("0 dice", "13 dice"):
        refused = check_file(write_vehicle(set_path("speed_table", "control", 3, value=bad)))
        (finding,) = [f for f in refused.findings if f.rule == "SCHEMA-VALUE"]
        assert finding.severity is Severity.ERROR
        assert ("rather than 0" in finding.message) == (bad == "0 dice")


def test_a_move_row_reads_a_dash_as_no_move(write_vehicle: Callable[..., Path]) -> None:
    """The Movement Example prints '-' where a Speed does not move in a phase: written so,
    a move row reads as with 0 there; a negative number is still refused."""
    dashes = check_file(write_vehicle(set_path(
        "speed_table", "move_1", value=["-", 1, 1, 1, "-", "\u2013", "-"])))
    zeros = check_file(write_vehicle(set_path(
        "speed_table", "move_1", value=[0, 1, 1, 1, 0, 0, 0])))
    assert dashes.findings == zeros.findings == []
    assert dashes.definitions[0].model.speed_table.move_1 == (0, 1, 1, 1, 0, 0, 0)
    negative = check_file(write_vehicle(set_path("speed_table", "move_1", 4, value=-1)))
    assert "SCHEMA-VALUE" in rule_ids(negative.findings)
