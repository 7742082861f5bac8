"""The audit of the Vehicle Creation Guide's damage affects, '#' values and Random picks:
each class of mistake is an error at the offending value, and the builds the guide allows
(a trait named by another spelling, a Random that may lose a trait) stay clean."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.input.findings import Severity
from tests.conftest import check_file, rule_ids
from tests.games.frothy_races.test_frothy_rules import Change, damage_track, set_path

W = "Wipe-out"


def hash_of(name: str, value: int | str) -> dict[str, Any]:
    return {"name": name, "value": value}


def with_cards(**cards: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["cards"].update(cards)
    return change


def both(*changes: Change) -> Change:
    def change(data: dict[str, Any]) -> None:
        for one in changes:
            one(data)
    return change


# case: (rule, change, the text at the finding's line and column)
ERRORS: dict[str, tuple[str, Change, str]] = {
    "Wipe-out a Random may pick before the top level": ("FR-DMG-WIPEOUT", damage_track(6, {
        3: {"name": "Random", "choices": ["Haste", W]}, 6: W}), W),
    "a second Haste": ("FR-DMG-NO-TARGET", damage_track(6, {2: "Haste", 4: "Haste", 6: W}),
                       "Haste"),
    "the same trait lost twice, by two spellings": ("FR-DMG-NO-TARGET", damage_track(6, {
        2: {"name": "Lose Named Trait", "trait": "Blades"},
        4: {"name": "Lose Named Trait", "trait": "blade"}, 6: W}), "{name"),
    "a later Maximum Speed no lower than the first": ("FR-DMG-NO-TARGET", damage_track(6, {
        2: hash_of("Maximum Speed #", 3), 4: hash_of("Maximum Speed #", 3), 6: W}), "{name"),
    "a higher Maximum Speed listed first at the level of a lower one": ("FR-DMG-NO-TARGET",
        damage_track(6, {2: [hash_of("Maximum Speed #", 5), hash_of("Maximum Speed #", 4)],
                         6: W}), "{name: 'Maximum Speed #', value: 5}"),
    "a card loss on a vehicle with no card of that kind": ("FR-DMG-LOSE-CARD", both(
        with_cards(whip=6, reins=0), set_path("traits", value=["Flyer"]),
        damage_track(6, {3: "-1 Reins card", 6: W})), "-1 Reins card"),
    "a maximum acceleration of 6, the most two Speed dice make": ("FR-DMG-VALUE-IMPOSSIBLE",
        damage_track(6, {3: hash_of("# Maximum Acceleration", 6), 6: W}), "6"),
    "a maximum deceleration Whoah! 1 and Lazy 1 cannot reach": ("FR-DMG-VALUE-IMPOSSIBLE",
        both(set_path("traits", value=[hash_of("Lazy", 1), hash_of("Blades", 1)]),
             with_cards(whip=3, reins=3, special=[hash_of("Whoah!", 1)]),
             damage_track(6, {3: hash_of("# Maximum Deceleration", 8), 6: W})), "8"),
    "a maximum acceleration no lower than Tireless's '#'": ("FR-DMG-VALUE-IMPOSSIBLE", both(
        set_path("traits", value=[hash_of("Tireless", 2)]),
        damage_track(6, {3: hash_of("# Maximum Acceleration", 2), 6: W})), "2"),
    "a trait listed twice, once with a hyphen for the space": ("FR-TRAIT-DUPLICATE", set_path(
        "traits", value=[hash_of("Long Legs", 1), hash_of("Long-Legs", 2)]), "{name: Long-Legs"),
    "a later maximum deceleration above the first": ("FR-DMG-NO-TARGET", damage_track(6, {
        2: hash_of("# Maximum Deceleration", 2), 4: hash_of("# Maximum Deceleration", 5),
        6: W}), "{name"),
    "-4 Resilience goes past blank from any Resilience": ("FR-DMG-VALUE-IMPOSSIBLE",
        damage_track(6, {3: hash_of("-# Resilience", 4), 6: W}), "4"),
    "-0 Resilience": ("FR-DMG-VALUE-IMPOSSIBLE", damage_track(6, {
        3: hash_of("-# Resilience", 0), 6: W}), "0"),
    "a Speed Check modifier of 0": ("FR-HASH-NO-EFFECT", damage_track(6, {
        3: hash_of("+/- # Speed Check Deceleration Modifier", 0), 6: W}), "0"),
    "a trait with a negative '#'": ("FR-HASH-NO-EFFECT", set_path("traits", value=[
        hash_of("Armoured", -1)]), "-1"),
    "a stamina affect with '#' 0": ("FR-HASH-NO-EFFECT", set_path(
        "stamina", "affects", 4, value=hash_of("+# Reins / Speed Check", 0)), "0"),
    "a card named on an affect that takes none": ("FR-AFFECT-PARAM-UNEXPECTED", damage_track(
        6, {3: {"name": "Slow", "card": "reins"}, 6: W}), "reins"),
    "a trait named on an affect that takes none": ("FR-AFFECT-PARAM-UNEXPECTED", damage_track(
        6, {3: {"name": "# Damage", "value": 1, "trait": "Blades"}, 6: W}), "Blades"),
    "a card the affect's own name contradicts": ("FR-AFFECT-PARAM-UNEXPECTED", damage_track(
        6, {3: {"name": "-1 Reins card", "card": "whip"}, 6: W}), "whip"),
    "choices on an affect that is not Random": ("FR-AFFECT-PARAM-UNEXPECTED", damage_track(
        6, {3: {"name": "Haste", "choices": ["Slow", "Haste"]}, 6: W}), "["),
    "a Random with one choice": ("FR-DMG-RANDOM-CHOICES", damage_track(6, {
        3: {"name": "Random", "choices": ["Slow"]}, 6: W}), "["),
    "a Random with eight choices": ("FR-DMG-RANDOM-CHOICES", damage_track(6, {
        3: {"name": "Random", "choices": ["Slow", "Haste"] * 4}, 6: W}), "["),
    "a Random among a Random's choices": ("FR-DMG-RANDOM-CHOICES", damage_track(6, {
        3: {"name": "Random", "choices": ["Slow", "Random"]}, 6: W}), "Random"),
    "Survivor with a blank Resilience": ("FR-TRAIT-NO-TARGET", both(
        set_path("damage", "resilience", value=None),
        damage_track(10, {10: W}),
        with_cards(whip=3, special=[{"name": "Survivor", "face": "whip"}])), "{name"),
    "Blades with no card to start a Vehicle attack": ("FR-TRAIT-NO-TARGET", both(
        with_cards(whip=6, reins=0), set_path("traits", value=[hash_of("Blades", 1)])), "{name"),
    "Sneaky with no card to start a Personal attack": ("FR-TRAIT-NO-TARGET", both(
        with_cards(whip=0, reins=6), set_path("traits", value=["Encouragement", "Sneaky"])),
        "Sneaky"),
    "a Random that may lose a trait the vehicle lacks": ("FR-DMG-LOSE-TRAIT", damage_track(6, {
        3: {"name": "Random", "choices": ["Haste", {"name": "Lose Named Trait",
                                                     "trait": "Flyer"}]}, 6: W}), "Flyer"),
    "a Random that may take a Safe Speed from a vehicle with none": ("FR-DMG-NO-TARGET", both(
        set_path("speed_table", "control", value=[1, 1, 1, 1, 2, 3, 4]),
        damage_track(6, {3: {"name": "Random", "choices": ["Haste", "-1 Safe Speed"]}, 6: W})),
        "-1 Safe Speed"),
    "a Random that may lower a blank Resilience": ("FR-DMG-NO-TARGET", both(
        set_path("damage", "resilience", value=None), damage_track(10, {
            3: {"name": "Random", "choices": ["Slow", hash_of("-# Resilience", 1)]}, 10: W})),
        "{name"),
    "Encouragement when every Reins card is dual": ("FR-TRAIT-NO-TARGET", both(
        with_cards(whip=5, reins=0, dual=1), set_path("traits", value=["Encouragement"])),
        "Encouragement"),
    "Snapper when every Whip card is dual": ("FR-TRAIT-NO-TARGET", both(
        with_cards(whip=0, reins=5, dual=1), set_path("traits", value=["Snapper"])),
        "Snapper"),
    "Adaptive when every card is dual": ("FR-TRAIT-NO-TARGET", both(
        with_cards(whip=0, reins=0, dual=6), set_path("traits", value=[hash_of("Adaptive", 1)])),
        "{name"),
    "Survivor taken as a trait with a blank Resilience": ("FR-TRAIT-NO-TARGET", both(
        set_path("damage", "resilience", value=None), damage_track(10, {10: W}),
        set_path("traits", value=["Survivor"])), "Survivor"),
    "a special card's ability taken as a trait without its '#'": ("FR-HASH-MISSING", set_path(
        "traits", value=["Kamikaze"]), "Kamikaze"),
    "Lash lost before the Tireless that holds its roll": ("FR-TRAIT-NO-TARGET", both(
        set_path("traits", value=[hash_of("Tireless", 2), hash_of("Lash", 1)]),
        damage_track(6, {2: {"name": "Lose Named Trait", "trait": "Lash"},
                         3: {"name": "Lose Named Trait", "trait": "Tireless"}, 6: W})), "{name"),
    "Lash lost with the Tireless that holds its roll": ("FR-TRAIT-NO-TARGET", both(
        set_path("traits", value=[hash_of("Tireless", 2), hash_of("Lash", 1)]),
        damage_track(6, {3: [{"name": "Lose Named Trait", "trait": "Tireless"},
                             {"name": "Lose Named Trait", "trait": "Lash"}], 6: W})), "{name"),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_each_class_is_an_error_at_the_offending_value(
        case: str, write_vehicle: Callable[..., Path]) -> None:
    rule_id, change, text = ERRORS[case]
    path = write_vehicle(change)
    loaded = check_file(path)
    errors = [f for f in loaded.findings if f.severity is Severity.ERROR]
    assert [f.rule for f in errors] == [rule_id], [f.message for f in errors]
    line = path.read_text().splitlines()[errors[0].mark.line - 1]
    assert line[errors[0].mark.column - 1:].startswith(text), line


@pytest.mark.parametrize("roll", ["d6", "d3"])
def test_a_special_card_with_a_rolled_value_may_be_kept(
        roll: str, write_vehicle: Callable[..., Path]) -> None:
    loaded = check_file(write_vehicle(with_cards(special=[hash_of("Kamikaze", roll)])))
    assert "FR-SPECIAL-DISCARD" not in {f.rule for f in loaded.findings}


def test_a_card_loss_named_by_its_spelling_counts_that_card(
        write_vehicle: Callable[..., Path]) -> None:
    """'-1 Reins card' loses a Reins card with no 'card:' (the guide's 'as indicated'): on
    a vehicle without one it is flagged, and it prints as the card it names."""
    from generator.games.frothy_races.catalogues import frothy_data, resolve
    path = write_vehicle(both(with_cards(whip=6, reins=0), set_path("traits", value=[]),
                              damage_track(6, {3: "-1 Reins card", 6: W})))
    loaded = check_file(path)
    (finding,) = [f for f in loaded.findings if f.rule == "FR-DMG-LOSE-CARD"]
    assert "'-1 Reins card' takes away a reins card" in finding.message
    line = path.read_text().splitlines()[finding.mark.line - 1]
    assert line[finding.mark.column - 1:].startswith("-1 Reins card")
    (loss,) = loaded.definitions[0].model.damage.affects[3]
    assert resolve(loss, frothy_data().damage_affects).label == "-1 Reins card"


def test_a_special_ability_taken_as_a_trait_prints_as_limited_use(
        write_vehicle: Callable[..., Path]) -> None:
    """The guide lets a special card's ability be a limited-use Trait instead; where a trait
    shares the name (Lash), the trait is meant."""
    from generator.games.frothy_races.catalogues import frothy_data, resolve
    loaded = check_file(write_vehicle(set_path("traits", value=[
        hash_of("Lucky", 2), hash_of("Lash", 1)])))
    lucky, lash = (resolve(t, frothy_data().traits) for t in loaded.definitions[0].model.traits)
    assert lucky.label == "Lucky 2" and lucky.summary.startswith("Limited use: ")
    assert "re-roll 2 of" in lucky.summary and lucky.text.startswith("Limited use: ")
    assert lash.category == "Acceleration" and "Limited" not in lash.summary
    assert [t.name for t in frothy_data().traits if t.name == "Lucky"] == []  # not listed


def test_too_many_special_cards_points_at_the_card_past_the_limit(
        write_vehicle: Callable[..., Path]) -> None:
    path = write_vehicle(with_cards(whip=2, reins=3, special=[
        {"name": "Survivor", "face": "whip"}, "Yah!", {"name": "Cool", "face": "reins"}]))
    (finding,) = [f for f in check_file(path).findings if f.rule == "FR-SPECIAL-COUNT"]
    line = path.read_text().splitlines()[finding.mark.line - 1]
    assert finding.severity is Severity.WARNING
    assert line[finding.mark.column - 1:].startswith("{name: Cool")  # the third


def test_a_loss_of_either_card_prints_both_names_capitalised() -> None:
    from generator.games.frothy_races.catalogues import frothy_data, resolve
    from generator.games.frothy_races.model import AffectRef
    either = AffectRef(name="-1 Whip / Reins card", card="either")
    assert resolve(either, frothy_data().damage_affects).label == "-1 Whip/Reins card"


def test_a_second_loss_of_the_only_reins_card_is_flagged(
        write_vehicle: Callable[..., Path]) -> None:
    lose = {"name": "-1 Whip / Reins card", "card": "reins"}
    loaded = check_file(write_vehicle(both(
        with_cards(whip=6, reins=0, special=[{"name": "Whoah!", "value": 1}]),
        damage_track(6, {2: lose, 4: lose, 6: W}))))
    (finding,) = [f for f in loaded.findings if f.rule == "FR-DMG-LOSE-CARD"]
    assert finding.severity is Severity.ERROR
    assert finding.mark.line > 1 and "left by then" in finding.message


CLEAN: dict[str, Change] = {
    "Lose Named Trait naming a trait by another of its spellings": damage_track(6, {
        3: {"name": "Lose Named Trait", "trait": "Cat o' Nines"}, 6: W}),
    "a trait written by another spelling, lost by the guide's name": both(
        set_path("traits", value=[hash_of("Blade", 1)]),
        damage_track(6, {3: {"name": "Lose Named Trait", "trait": "Blades"}, 6: W})),
    "a Random that may lose a trait or a card": damage_track(6, {
        3: {"name": "Random", "choices": [{"name": "Lose Named Trait", "trait": "Blades"},
                                          {"name": "-1 Whip / Reins card", "card": "whip"}]},
        6: W}),
    "two different traits lost": damage_track(6, {
        2: {"name": "Lose Named Trait", "trait": "Blades"},
        4: {"name": "Lose Named Trait", "trait": "Cat O' Nine"}, 6: W}),
    "Maximum Speed 4, then 2": damage_track(6, {2: hash_of("Maximum Speed #", 4),
                                               4: hash_of("Maximum Speed #", 2), 6: W}),
    "-3 Resilience from Resilience 1, to blank": damage_track(6, {
        3: hash_of("-# Resilience", 3), 6: W}),
    "a negative Speed Check modifier": damage_track(6, {
        3: hash_of("+/- # Speed Check Acceleration Modifier", -2), 6: W}),
    "Maximum Speed 0 after a maximum acceleration of 1": damage_track(6, {
        2: hash_of("# Maximum Acceleration", 1), 4: hash_of("Maximum Speed #", 0), 6: W}),
    "a Random of seven": damage_track(6, {3: {"name": "Random", "choices": [
        "Haste", "Slow", "-1 Safe Speed", hash_of("# Damage", 1), hash_of("# Damage", 2),
        hash_of("+# Control / Round", 1), hash_of("Maximum Speed #", 3)]}, 6: W}),
    "two losses of Reins with two Reins cards": damage_track(6, {
        2: {"name": "-1 Whip / Reins card", "card": "reins"},
        4: {"name": "-1 Whip / Reins card", "card": "reins"}, 6: W}),
    "Survivor with a Resilience": with_cards(whip=3, special=[{"name": "Survivor",
                                                               "face": "whip"}]),
    "a roll as the '#'": set_path("traits", value=[hash_of("Tank", "d3")]),
    "'-1 Reins card' with card: reins": damage_track(6, {
        3: {"name": "-1 Reins card", "card": "reins"}, 6: W}),
    "several affects at once, at the top level too": damage_track(6, {
        3: ["Haste", hash_of("# Damage", 1)], 6: [W, "-1 Safe Speed"]}),
    "Tank with Whip cards and Snapper": both(with_cards(whip=6, reins=0), set_path(
        "traits", value=[hash_of("Tank", 1), "Snapper"])),
    "Whiplash with only Reins and a Berserker card": both(with_cards(whip=0, reins=5, special=[
        hash_of("Berserker", 1)]), set_path("traits", value=[hash_of("Whiplash", 1)])),
    "'-1 Whip card' and '-1 Reins card' with no card:, the name says which": damage_track(6, {
        2: "-1 Whip card", 4: "-1 Reins card", 6: W}),
    "a Random that may take a Safe Speed the vehicle has": damage_track(6, {
        3: {"name": "Random", "choices": ["Haste", "-1 Safe Speed"]}, 6: W}),
    "Encouragement with dual cards and a Reins-faced special card": both(
        with_cards(whip=4, reins=0, dual=1, special=[hash_of("Whoah!", 1)]),
        set_path("traits", value=["Encouragement"])),
    "Adaptive with Whip cards and dual ones": both(
        with_cards(whip=5, reins=0, dual=1), set_path("traits", value=[hash_of("Adaptive", 1)])),
    "an acceleration modifier before the level that loses Tireless, acting from then on": both(
        set_path("traits", value=[hash_of("Tireless", 1)]), damage_track(6, {
            2: hash_of("+/- # Speed Check Acceleration Modifier", 1),
            4: {"name": "Lose Named Trait", "trait": "Tireless"}, 6: W})),
    "Lash lost after the Tireless that held its roll": both(
        set_path("traits", value=[hash_of("Tireless", 2), hash_of("Lash", 1)]),
        damage_track(6, {2: {"name": "Lose Named Trait", "trait": "Tireless"},
                         3: {"name": "Lose Named Trait", "trait": "Lash"}, 6: W})),
    "Lash a Random may lose before Tireless is lost": both(
        set_path("traits", value=[hash_of("Tireless", 2), hash_of("Lash", 1)]),
        damage_track(6, {2: {"name": "Random", "choices": [
            "Haste", {"name": "Lose Named Trait", "trait": "Lash"}]},
                         3: {"name": "Lose Named Trait", "trait": "Tireless"}, 6: W})),
    "an acceleration modifier once Tireless is lost": both(
        set_path("traits", value=[hash_of("Tireless", 1)]), damage_track(6, {
            2: {"name": "Lose Named Trait", "trait": "Tireless"},
            4: hash_of("+/- # Speed Check Acceleration Modifier", 1), 6: W})),
    "special cards' abilities taken as limited-use traits": set_path("traits", value=[
        "Determination", hash_of("Lucky", 1), hash_of("Blades", 1)]),
    "a maximum acceleration of 6 with Hyperactive 1": both(
        set_path("traits", value=[hash_of("Hyperactive", 1), hash_of("Blades", 1)]),
        damage_track(6, {3: hash_of("# Maximum Acceleration", 6), 6: W})),
    "a maximum deceleration of 6 with a Whoah! 1 card": both(
        with_cards(whip=3, reins=3, special=[hash_of("Whoah!", 1)]),
        damage_track(6, {3: hash_of("# Maximum Deceleration", 6), 6: W})),
    "a maximum acceleration of 1 with Tireless 2": both(
        set_path("traits", value=[hash_of("Tireless", 2)]),
        damage_track(6, {3: hash_of("# Maximum Acceleration", 1), 6: W})),
    "a maximum acceleration of 5 with Tireless 2 a later level loses": both(
        set_path("traits", value=[hash_of("Tireless", 2)]),
        damage_track(6, {3: hash_of("# Maximum Acceleration", 5),
                         4: {"name": "Lose Named Trait", "trait": "Tireless"}, 6: W})),
    "names with hyphens for spaces, and Failsafe for Failsafes": both(
        set_path("traits", value=[hash_of("Long-Legs", 1), "Lady-Luck",
                                  hash_of("Cat-O'-Nine", 1), hash_of("Fail-safe", 1)]),
        with_cards(whip=3, reins=3, special=[{"name": "Emergency-Stop", "face": "reins"}]),
        damage_track(6, {3: {"name": "Lose-Named-Trait", "trait": "Long-Legs"}, 6: "Wipe-Out"})),
    "Lash with a Tireless a Random may lose": both(
        set_path("traits", value=[hash_of("Tireless", 1), hash_of("Lash", 1)]),
        damage_track(6, {3: {"name": "Random", "choices": [
            "Haste", {"name": "Lose Named Trait", "trait": "Tireless"}]}, 6: W})),
}


@pytest.mark.parametrize("case", sorted(CLEAN))
def test_builds_the_guide_allows_stay_clean(case: str, write_vehicle: Callable[..., Path]
                                            ) -> None:
    loaded = check_file(write_vehicle(CLEAN[case]))
    assert [(f.rule, f.message) for f in loaded.findings
            if f.severity is not Severity.INFO] == []


@pytest.mark.parametrize("roll", ["0d6", "d0", "2d1"])
def test_a_roll_of_no_dice_or_one_sided_dice_is_refused(
        roll: str, write_vehicle: Callable[..., Path]) -> None:
    path = write_vehicle(set_path("traits", value=[hash_of("Tank", roll)]))
    loaded = check_file(path)
    (finding,) = [f for f in loaded.findings if f.severity is Severity.ERROR]
    assert finding.rule == "SCHEMA-VALUE" and "two or more sides" in finding.message
    line = path.read_text().splitlines()[finding.mark.line - 1]
    assert line[finding.mark.column - 1:].startswith(roll)


def test_a_random_pick_prints_the_trait_and_card_it_names(
        write_vehicle: Callable[..., Path]) -> None:
    from generator.games.frothy_races.catalogues import frothy_data, resolve
    loaded = check_file(write_vehicle(CLEAN["a Random that may lose a trait or a card"]))
    (random,) = loaded.definitions[0].model.damage.affects[3]
    labels = [resolve(pick, frothy_data().damage_affects).label for pick in random.choices]
    assert labels == ["Lose Blades", "-1 Whip card"]


def test_a_raised_damage_value_is_flagged_at_the_value_that_lost_its_wipe_out(
        write_vehicle: Callable[..., Path]) -> None:
    """Raising the Damage value past the Wipe-out leaves the new maximum without one: the
    finding is at the value, and the old Wipe-out now comes before the end."""
    path = write_vehicle(damage_track(7, {3: "Haste", 6: W}))
    found = [f for f in check_file(path).findings if f.rule == "FR-DMG-WIPEOUT"]
    lines = path.read_text().splitlines()
    assert [lines[f.mark.line - 1][f.mark.column - 1:][:1] for f in found] == ["7", "W"]
    assert all(f.severity is Severity.ERROR for f in found)


def test_a_speed_check_modifier_may_carry_its_sign_in_the_name(
        write_vehicle: Callable[..., Path]) -> None:
    """The guide writes '+/- #' for a modifier of either sign: '-# Speed Check Acceleration
    Modifier' with 1 reads as -1 (and with -1 stays -1), '+#' keeps its value; so a '-#' 1
    and a '+#' 1 at one level cancel (FR-DMG-CONFLICT). A '-#' with a roll, which cannot
    carry the sign, stays unknown."""
    loaded = check_file(write_vehicle(damage_track(6, {
        2: {"name": "-# Speed Check Acceleration Modifier", "value": 1},
        3: {"name": "-# speed check deceleration modifier", "value": -2},
        4: {"name": "+# Speed Check Deceleration Modifier", "value": 1}, 6: W})))
    assert loaded.findings == []
    affects = loaded.definitions[0].model.damage.affects
    assert [(a.name, a.value) for level in (2, 3, 4) for a in affects[level]] == [
        ("+/- # Speed Check Acceleration Modifier", -1),
        ("+/- # Speed Check Deceleration Modifier", -2),
        ("+/- # Speed Check Deceleration Modifier", 1)]
    both_signs = check_file(write_vehicle(damage_track(6, {3: [
        {"name": "-# Speed Check Acceleration Modifier", "value": 1},
        {"name": "+# Speed Check Acceleration Modifier", "value": 1}], 6: W})))
    assert rule_ids(both_signs.findings) == {"FR-DMG-CONFLICT"}
    rolled = check_file(write_vehicle(damage_track(6, {
        3: {"name": "-# Speed Check Acceleration Modifier", "value": "d3"}, 6: W})))
    assert rule_ids(rolled.findings) == {"FR-DMG-AFFECT-UNKNOWN"}
