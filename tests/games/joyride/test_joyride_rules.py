"""Every Joyride car and item rule fires on a minimal bad case and is silent on what we ship;
the schema refuses what cannot be read; the catalogues say what the rulebook says."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.games.joyride.catalogues import joyride_data
from generator.games.joyride.rules import ITEM_RULES, RULES
from generator.games.joyride.scaffold import scaffold
from generator.games.joyride.standard import (
    baseline,
    resolved_set,
    standard_abilities,
    standard_items,
)
from generator.input.findings import Severity
from generator.paper.icons import IconSet
from generator.paper.units import to_mm
from generator.text.templates import TextTemplates
from generator.tracks.tokens import DAMAGE
from tests.conftest import VEHICLES, art, check_file, format_findings, rule_ids, small_picture

Change = Callable[[dict[str, Any]], object]
CARS = sorted((VEHICLES / "joyride").glob("*.yaml"))
ITEMS = sorted((VEHICLES / "joyride" / "items").glob("*.yaml"))


def scaffold_data() -> dict[str, Any]:
    """The car ``paddock new joyride`` writes: the baseline with its abilities spelled out."""
    data: dict[str, Any] = yaml.safe_load(scaffold("Test Car", TextTemplates()))
    return data


ITEM_DATA: dict[str, Any] = {
    "game": "joyride", "kind": "item", "name": "Tar Pit", "type": "dropped",
    "effect": "Drop it in your rear arc. A car driving onto it stops there."}


def write(tmp_path: Path, data: dict[str, Any], change: Change | None) -> Path:
    changed = copy.deepcopy(data)
    if change is not None:
        change(changed)
    path = tmp_path / "definition.yaml"
    path.write_text(yaml.safe_dump(changed, sort_keys=False, allow_unicode=True,
                                   default_flow_style=None), encoding="utf-8")
    return path


@pytest.fixture
def write_car(tmp_path: Path) -> Callable[..., Path]:
    """Write the scaffold's car, changed by ``change(data)``, into a file of its own."""
    return lambda change=None: write(tmp_path, scaffold_data(), change)


@pytest.fixture
def write_item(tmp_path: Path) -> Callable[..., Path]:
    """Write a small clean custom item, changed by ``change(data)``."""
    return lambda change=None: write(tmp_path, ITEM_DATA, change)


def dashboard(**values: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["dashboard"].update(values)
    return change


def gear(number: int, **values: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["dashboard"]["gears"][number - 1] = values
    return change


def ability(index: int, **values: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["abilities"][index].update(values)
    return change


def abilities(*entries: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["abilities"] = list(entries)
    return change


def top(**values: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        data.update(values)
    return change


def named(*names: str) -> list[Any]:
    """The scaffold's three spelled-out abilities, with some replaced by names."""
    spelled = scaffold_data()["abilities"]
    return [*spelled[:3 - len(names)], *names]


CAR_CASES: dict[str, Change] = {
    "JR-ART-FILE": art("no-such-picture.png"),
    "JR-ART-RESOLUTION": art(small_picture),
    "JR-DASH-ELEMENTS": dashboard(item_slots=["damage"]),
    "JR-DASH-MARKERS": gear(1, damage=False),
    "JR-DAMAGE-SLOTS": gear(4, damage=False),
    "JR-DAMAGE-PROTECTED": gear(2, marker="bonus-steer", damage=True),
    "JR-ABILITY-SET": lambda data: data["abilities"].pop(),
    "JR-ABILITY-TIMING": ability(0, timing=[]),
    "JR-ABILITY-MIX": abilities(*named("Handbrake Turn")),
    "JR-ABILITY-UNKNOWN": abilities(*named("Handbreak Turn")),
    "JR-ABILITY-TOGGLE": ability(0, mode="toggleable"),
    "JR-ABILITY-NAMES": ability(1, name="Double Clutch"),
    "JR-ABILITY-MEASURE-STEP": ability(0, timing=["end"]),
    "JR-ABILITY-MEASURE-GEARS": ability(0, balance=[{"effect": "shift_up", "amount": 4}]),
    "JR-ABILITY-MEASURE-STEERS": ability(2, balance=[{"effect": "extra_steer", "amount": 2}]),
    "JR-DICE-COLOUR": top(colour="#800080"),
    "JR-PRINT-TEXT": top(name="W" * 28),
    "JR-PRINT-ICON": ability(0, icon="gearstick"),
}
ITEM_CASES: dict[str, Change] = {
    "JR-ITEM-TIMING": top(timing=["roll"]),
    "JR-ITEM-STANDARD-NAME": top(name="Oil Slick"),
}


def test_every_rule_has_a_bad_case_here() -> None:
    assert set(CAR_CASES) == set(RULES.rules)
    assert set(ITEM_CASES) == set(ITEM_RULES.rules)


def test_every_rule_but_the_print_checks_has_a_registered_check() -> None:
    assert RULES.unchecked() == ["JR-PRINT-TEXT", "JR-PRINT-ICON", "JR-ART-FILE",
                                 "JR-ART-RESOLUTION"]
    assert ITEM_RULES.unchecked() == []


def test_the_minimal_cases_start_clean(write_car: Callable[..., Path],
                                       write_item: Callable[..., Path]) -> None:
    loaded = check_file(write_car())
    assert loaded.findings == []
    spelled = loaded.definitions[0].model.abilities  # the standard effects, under own names
    assert [dataclasses.replace(a, name="") for a in spelled] == [
        dataclasses.replace(a, name="") for a in standard_abilities()]
    assert [a.name for a in spelled] == ["Double Clutch", "Steady Hands", "Hard Lock"]
    assert check_file(write_item()).findings == []


@pytest.mark.parametrize("rule_id", sorted(CAR_CASES) + sorted(ITEM_CASES))
def test_rule_fires_on_its_minimal_bad_case(rule_id: str, write_car: Callable[..., Path],
                                            write_item: Callable[..., Path]) -> None:
    path = (write_car(CAR_CASES[rule_id]) if rule_id in CAR_CASES
            else write_item(ITEM_CASES[rule_id]))
    loaded = check_file(path)
    fired = [f for f in loaded.findings if f.rule == rule_id]
    assert fired, f"{rule_id} did not fire; got {sorted(rule_ids(loaded.findings))}"
    assert rule_ids(loaded.findings) == {rule_id}, "a minimal case breaks one rule"
    rule = (RULES.rules | ITEM_RULES.rules)[rule_id]
    for finding in fired:
        assert finding.severity is rule.severity
        assert finding.source.startswith("Joyride prototype rulebook, ")
        assert finding.mark.line >= 1 and finding.mark.column >= 1
        assert "{{" not in finding.message and finding.message


@pytest.mark.parametrize("path", CARS + ITEMS, ids=lambda p: p.stem)
def test_shipped_cars_and_items_have_no_findings_at_all(path: Path) -> None:
    loaded = check_file(path)
    assert loaded.findings == []
    assert len(loaded.definitions) == 1


def test_at_least_four_original_cars_each_with_a_full_unique_set() -> None:
    models = [check_file(p, templates=False).definitions[0].model for p in CARS]
    assert len(models) >= 4
    standard = {a.name for a in standard_abilities()}
    for car in models:
        names = {a.name for a in resolved_set(car.abilities)}
        assert len(names) == 3 and not names & standard
    assert {car.dashboard.layout for car in models} == {"gears-left", "gears-right"}
    modes = {a.mode for car in models for a in resolved_set(car.abilities)}
    assert modes == {"flip", "permanent", "toggleable"}


# --- what the findings say ------------------------------------------------------------------


def messages(path: Path, rule_id: str) -> list[str]:
    return [f.message for f in check_file(path).findings if f.rule == rule_id]


def line_of(path: Path, rule_id: str) -> str:
    (finding,) = [f for f in check_file(path).findings if f.rule == rule_id]
    return path.read_text().splitlines()[finding.mark.line - 1]


def test_a_missing_element_is_named_with_the_rulebook_count(write_car: Callable[..., Path]
                                                            ) -> None:
    path = write_car(dashboard(item_slots=["damage"], mirror=False))
    assert messages(path, "JR-DASH-ELEMENTS") == [  # in the order of the file
        "the dashboard has no rear-view mirror; every Joyride dashboard has one, where the "
        "dice wait between turns",
        "the dashboard has 1 item slots; every Joyride dashboard has 2"]


def test_a_dashboard_element_short_of_slots_is_told_what_kind_to_add(
        write_car: Callable[..., Path]) -> None:
    # The hint leads to a clean dashboard: both item slots and three of the four locked dice
    # slots are damage slots (Driving > Damage), so it does not offer 'damage or plain'.
    path = write_car(dashboard(item_slots=["damage"], locked_slots=["plain", "damage"]))
    hints = [f.hint for f in check_file(path).findings if f.rule == "JR-DASH-ELEMENTS"]
    assert hints == ["list 4 locked dice slots: one plain, the others damage",
                     "list 2 item slots, both damage"]


def test_a_marker_on_the_wrong_gear_is_reported_where_it_is_and_where_it_belongs(
        write_car: Callable[..., Path]) -> None:
    def swap(data: dict[str, Any]) -> None:
        data["dashboard"]["gears"][1] = {}
        data["dashboard"]["gears"][2] = {"marker": "bonus-steer", "damage": True}
    assert messages(write_car(swap), "JR-DASH-MARKERS") == [
        "gear 2 lacks the bonus-steer marker, which is on gear 3 instead",
        "gear 3 has the bonus-steer marker; it belongs on gear 2 only"]


def test_a_gear_column_listed_top_first_is_named_upside_down(
        write_car: Callable[..., Path]) -> None:
    # Gear 5 first, as the dashboard draws the column from the top: one hint says so.
    def upside_down(data: dict[str, Any]) -> None:
        data["dashboard"]["gears"].reverse()
    findings = [f for f in check_file(write_car(upside_down)).findings
                if f.rule == "JR-DASH-MARKERS"]
    assert len(findings) == 4
    assert {f.hint for f in findings} == {
        "the gears read upside down: list gear 1 first (it is drawn at the bottom of the "
        "column), gear 5 last"}
    swapped = [f.hint for f in check_file(write_car(CAR_CASES["JR-DASH-MARKERS"])).findings]
    assert not any("upside down" in hint for hint in swapped)


def test_a_gear_column_too_short_for_its_markers_is_one_finding(
        write_car: Callable[..., Path]) -> None:
    # No gears at all: JR-DASH-ELEMENTS asks for five; the markers they would carry are not
    # reported again as missing.
    path = write_car(dashboard(gears=[]))
    assert rule_ids(check_file(path).findings) == {"JR-DASH-ELEMENTS"}


def test_damage_slots_where_the_rulebook_puts_them(write_car: Callable[..., Path]) -> None:
    path = write_car(dashboard(locked_slots=["plain", "plain", "damage", "plain"],
                               item_slots=["damage", "plain"]))
    (locked, item) = [f for f in check_file(path).findings if f.rule == "JR-DAMAGE-SLOTS"]
    assert locked.message == "1 of the locked dice slots is a damage slot; 3 of the four are"
    assert locked.hint == ("a dashboard has 8 damage slots: gears 3, 4, 5, 3 locked dice slots "
                           "and both item slots")
    assert item.message == "item slot 2 is not a damage slot; both item slots are"


def test_one_locked_slot_and_gears_1_and_2_are_never_damaged(write_car: Callable[..., Path]
                                                              ) -> None:
    path = write_car(dashboard(locked_slots=["damage"] * 4))
    assert messages(path, "JR-DAMAGE-PROTECTED") == [
        "all four locked dice slots are damage slots; 1 of them can never be damaged"]
    path = write_car(dashboard(locked_slots=["damage"] * 3))  # and JR-DASH-ELEMENTS
    assert messages(path, "JR-DAMAGE-PROTECTED") == [
        "all three locked dice slots are damage slots; 1 of them can never be damaged"]
    path = write_car(CAR_CASES["JR-DAMAGE-PROTECTED"])
    assert messages(path, "JR-DAMAGE-PROTECTED") == [
        "gear 2 is a damage slot; gears 1 and 2 can never be damaged"]
    assert "damage: true" in line_of(path, "JR-DAMAGE-PROTECTED")


def test_timing_lights_are_a_non_empty_set_of_the_five_steps(write_car: Callable[..., Path]
                                                             ) -> None:
    assert messages(write_car(ability(1, timing=["lock", "lock"])), "JR-ABILITY-TIMING") == [
        "'Steady Hands' lights LOCK more than once"]
    path = write_car(ability(1, timing=["lok"]))
    (finding,) = format_findings(check_file(path).findings)
    assert finding.rule == "SCHEMA-VALUE" and "did you mean 'lock'?" in finding.message


def test_a_misspelt_standard_ability_gets_a_suggestion(write_car: Callable[..., Path]) -> None:
    path = write_car(CAR_CASES["JR-ABILITY-UNKNOWN"])
    (finding,) = check_file(path).findings
    assert finding.message == "'Handbreak Turn' is not a standard ability; did you mean " \
                              "'Handbrake Turn'?"
    assert "Handbreak Turn" in path.read_text().splitlines()[finding.mark.line - 1]


def test_a_unique_set_that_reuses_standard_abilities_mixes_the_sets(
        write_car: Callable[..., Path]) -> None:
    path = write_car(abilities("Gear Master", "Precision Driving", "Handbrake Turn"))
    assert messages(path, "JR-ABILITY-MIX") == [
        f"the unique set reuses the standard ability '{name}'; a car races with the standard "
        "set or its own unique set, not a mix"
        for name in ("Gear Master", "Precision Driving", "Handbrake Turn")]
    described = write_car(ability(2, name="handbrake-turn"))
    assert [f.rule for f in check_file(described).findings] == ["JR-ABILITY-MIX"]


def toggleable(back: str, front: str = "Double Clutch") -> Change:
    """The first token made toggleable, its other side called ``back``."""
    return ability(0, name=front, mode="toggleable", other_side={
        "name": back, "timing": ["roll"], "effect": "Roll one more die."})


def mark_text(path: Path, rule_id: str) -> list[str]:
    """The file's text from each finding's line:column on."""
    lines = path.read_text().splitlines()
    return [lines[f.mark.line - 1][f.mark.column - 1:]
            for f in check_file(path).findings if f.rule == rule_id]


@pytest.mark.parametrize("back", ["Handbrake Turn", "gear master", "Precision-Driving"])
def test_a_standard_ability_on_a_toggleable_tokens_back_mixes_the_sets(
        back: str, write_car: Callable[..., Path]) -> None:
    path = write_car(toggleable(back))
    assert rule_ids(check_file(path).findings) == {"JR-ABILITY-MIX"}
    assert mark_text(path, "JR-ABILITY-MIX") == [back]


@pytest.mark.parametrize(("change", "where"), [
    (ability(1, name="double clutch"), "double clutch"),      # two tokens
    (toggleable("Double Clutch"), "Double Clutch"),            # one token's two sides
    (toggleable("Steady-Hands"), "Steady Hands"),             # a back and another token
])
def test_every_face_of_the_set_has_a_name_of_its_own(change: Change, where: str,
                                                     write_car: Callable[..., Path]) -> None:
    path = write_car(change)
    assert rule_ids(check_file(path).findings) == {"JR-ABILITY-NAMES"}
    assert mark_text(path, "JR-ABILITY-NAMES") == [where]


def test_a_toggleable_token_with_a_back_of_its_own_is_clean(write_car: Callable[..., Path]
                                                            ) -> None:
    assert check_file(write_car(toggleable("Second Wind"))).findings == []


def test_a_described_standard_ability_is_reported_at_its_name(
        write_car: Callable[..., Path]) -> None:
    path = write_car(ability(2, name="HANDBRAKE TURN"))
    assert mark_text(path, "JR-ABILITY-MIX") == ["HANDBRAKE TURN"]


def test_a_unique_set_with_a_standard_effect_under_its_own_name_is_clean(
        write_car: Callable[..., Path]) -> None:
    assert check_file(write_car(ability(0, name="Double Clutch"))).findings == []


def test_a_toggleable_token_needs_its_other_side_and_only_it_has_one(
        write_car: Callable[..., Path]) -> None:
    other = {"name": "Reverse Gear", "timing": ["roll"], "effect": "Roll backwards."}
    assert messages(write_car(ability(0, other_side=other)), "JR-ABILITY-TOGGLE") == [
        "'Double Clutch' has another side but is flip; only a toggleable token's back is an "
        "ability"]
    assert check_file(write_car(ability(0, mode="toggleable", other_side=other))).findings == []


def test_a_measured_effect_must_be_able_to_act_at_one_of_the_lights(
        write_car: Callable[..., Path]) -> None:
    path = write_car(CAR_CASES["JR-ABILITY-MEASURE-STEP"])
    assert messages(path, "JR-ABILITY-MEASURE-STEP") == [
        "'Double Clutch' is measured as shift_up, which acts at SHIFT, but its lights are END",
        "'Double Clutch' is measured as shift_down, which acts at SHIFT, but its lights are END"]


def extra_gear(data: dict[str, Any]) -> None:
    data["dashboard"]["gears"].append({"damage": True, "marker": None})


def extra_ability(data: dict[str, Any]) -> None:
    data["abilities"].append({"name": "Spare Tyre", "timing": ["end"], "effect": "Mend."})


@pytest.mark.parametrize(("change", "rule_id", "pointed"), [
    (extra_gear, "JR-DASH-ELEMENTS", "{damage: true, marker: null}"),
    (dashboard(locked_slots=["plain", "damage", "damage", "damage", "plain"]),
     "JR-DASH-ELEMENTS", "plain]"),
    (dashboard(item_slots=["damage", "damage", "plain"]), "JR-DASH-ELEMENTS", "plain]"),
    (extra_ability, "JR-ABILITY-SET", "name: Spare Tyre"),
])
def test_one_element_too_many_is_shown_at_the_first_past_the_count(
        change: Change, rule_id: str, pointed: str, write_car: Callable[..., Path]) -> None:
    """The hint says to remove one: the finding points at the first beyond the count (five
    gears, four locked slots, two item slots, three abilities), not at the list's start."""
    path = write_car(change)
    (finding,) = [f for f in check_file(path).findings if f.rule == rule_id]
    line = path.read_text().splitlines()[finding.mark.line - 1]
    assert line[finding.mark.column - 1:] == pointed


@pytest.mark.parametrize(("change", "pointed"), [
    (gear(3, damage=False), "false}"),                # the value that should be true
    (gear(5), "{}"),                                  # no damage key: the gear itself
    (dashboard(locked_slots=["plain", "damage", "plain", "damage"]), "plain, damage]"),
    (dashboard(locked_slots=["plain", "damage", "damage"]), "[plain, damage, damage]"),
])
def test_a_missing_damage_slot_is_shown_at_the_slot_that_lacks_it(
        change: Change, pointed: str, write_car: Callable[..., Path]) -> None:
    """A gear at its damage value (or the gear when it has none); a second plain locked slot
    at that slot; a short row, where no slot is the wrong one, at the row."""
    path = write_car(change)
    (finding,) = [f for f in check_file(path).findings if f.rule == "JR-DAMAGE-SLOTS"]
    line = path.read_text().splitlines()[finding.mark.line - 1]
    assert line[finding.mark.column - 1:] == pointed


def test_a_measured_amount_stays_within_what_a_turn_can_use(
        write_car: Callable[..., Path]) -> None:
    """SHIFT moves between gears 1 and 5 (at most three gears past the usual one); a turn
    has two moves and one steer a move (one steer past every car's own)."""
    def measured(*effects: tuple[str, int]) -> Change:
        return ability(0, balance=[{"effect": e, "amount": n} for e, n in effects])
    assert messages(write_car(measured(("shift_up", 4), ("shift_down", 5))),
                    "JR-ABILITY-MEASURE-GEARS") == [
        "'Double Clutch' is measured as shift_up 4, but a SHIFT already moves one gear and "
        "the column runs from gear 1 to gear 5, never above: at most 3 more can be used",
        "'Double Clutch' is measured as shift_down 5, but a SHIFT already moves one gear "
        "and the column runs from gear 5 down to gear 1: at most 3 more can be used"]
    steer = ability(2, timing=["lock", "roll"], balance=[{"effect": "extra_steer", "amount": 2}])
    (finding,) = check_file(write_car(steer)).findings
    assert finding.rule == "JR-ABILITY-MEASURE-STEERS"
    assert finding.severity is Severity.WARNING
    assert "at most 1 more" in finding.message
    at_the_limit = measured(("shift_up", 3), ("shift_down", 3))
    assert check_file(write_car(at_the_limit)).findings == []
    one_more_steer = ability(2, balance=[{"effect": "extra_steer", "amount": 1}])
    assert check_file(write_car(one_more_steer)).findings == []
    many_dice = ability(0, timing=["roll"], balance=[{"effect": "extra_die", "amount": 5}])
    assert check_file(write_car(many_dice)).findings == []
    # Both steers of a turn may be sharp (LOCK and ROLL), never a third.
    both_sharp = ability(2, balance=[{"effect": "sharp_steer", "amount": 2}])
    assert check_file(write_car(both_sharp)).findings == []
    three_sharp = ability(2, balance=[{"effect": "sharp_steer", "amount": 3}])
    path = write_car(three_sharp)
    assert messages(path, "JR-ABILITY-MEASURE-STEERS") == [
        "'Hard Lock' is measured as sharp_steer 3, but a turn has two moves (LOCK and ROLL) "
        "and one steer a move at most: at most 2 sharp steers can be used"]
    assert "amount: 3" in line_of(path, "JR-ABILITY-MEASURE-STEERS")


def test_a_car_colour_without_dice_is_advice_naming_the_printed_colours(
        write_car: Callable[..., Path]) -> None:
    (finding,) = check_file(write_car(CAR_CASES["JR-DICE-COLOUR"])).findings
    assert finding.severity is Severity.INFO
    assert finding.message == ("no driver dice are printed in #800080; the sticker sheet's "
                               "driver dice come in #c62828, #1565c0, #2e7d32, #f9a825")


def test_an_unknown_icon_suggests_the_nearest(write_car: Callable[..., Path]) -> None:
    assert messages(write_car(CAR_CASES["JR-PRINT-ICON"]), "JR-PRINT-ICON") == [
        "there is no icon called 'gearstick'; did you mean 'gear_stick'?"]


def test_text_that_cannot_fit_points_at_the_part_and_the_piece(
        write_car: Callable[..., Path]) -> None:
    path = write_car(CAR_CASES["JR-PRINT-TEXT"])
    findings = [f for f in check_file(path).findings if f.rule == "JR-PRINT-TEXT"]
    # A long word is split on the tokens as a last resort; 28 capital Ws still overflow the
    # player aid, whose car line holds the name on one line.
    assert [f.message for f in findings] == [
        "turn car does not fit on the player aid even at 6 pt",
        "collision car does not fit on the player aid even at 6 pt"]
    assert findings[0].hint == ("shorten the text: a shorter name or driver's name (the player "
                                "aid prints both on one line)")
    lines = path.read_text().splitlines()
    assert all(lines[f.mark.line - 1].startswith("name:") for f in findings)
    # The same line overflowing with a long driver's name is found at the driver.
    path = write_car(top(name="Blue Streak", driver="W" * 28))
    findings = [f for f in check_file(path).findings if f.rule == "JR-PRINT-TEXT"]
    lines = path.read_text().splitlines()
    assert findings and all(lines[f.mark.line - 1].startswith("driver:") for f in findings)


def test_an_item_name_too_wide_names_the_pickup_once(write_item: Callable[..., Path]) -> None:
    # One unbroken word the width of 20 capital Ws: the pick-up's name slot and the card's.
    assert messages(write_item(top(name="W" * 20)), "JR-PRINT-TEXT") == [
        "pick-up name does not fit on the pick-up even at 6 pt",
        "card name does not fit on the item card even at 6 pt"]


@pytest.mark.parametrize(("change", "expected"), [
    (top(timing=["roll"]), "'Tar Pit' is dropped, used at START, SHIFT, END, not ROLL; and "
                           "its timing leaves out START, SHIFT, END"),
    # A dropped item lights all three of its type's steps: fewer would print another type's
    # lights (Special Effects > Items: the lights tell the types apart).
    (top(timing=["start"]), "'Tar Pit' is dropped, used at START, SHIFT, END, and its timing "
                            "leaves out SHIFT, END"),
    (top(type="fired", timing=["start", "shift", "end", "lock"]),
     "'Tar Pit' is fired, used at START, SHIFT, END, not LOCK"),
    (top(type="activated"), "'Tar Pit' is activated but says nothing about when it can be "
                            "used"),
    (top(type="activated", timing=["roll", "roll"]), "'Tar Pit' lights ROLL more than once"),
])
def test_items_are_used_when_their_type_says(change: Change, expected: str,
                                             write_item: Callable[..., Path]) -> None:
    assert messages(write_item(change), "JR-ITEM-TIMING") == [expected]


@pytest.mark.parametrize(("change", "item", "section"), [
    (dashboard(locked_slots=["plain", "broken", "damage", "damage"]), False,
     "Player Components > The Dashboard"),
    (dashboard(item_slots=["damage", "spare"]), False, "Player Components > The Dashboard"),
    (ability(0, timing=["boost"]), False, "Player Components > Timing Indicators"),
    (top(type="activated", timing=["finish"]), True, "Special Effects > Items"),
    # orjrlegal: a bare text is the steps written in a line ('START, SHIFT or END'), so a
    # lone 'start' reads; a word in it that is no step is the unreadable entry
    (top(timing="start or finish"), True, "Special Effects > Items"),
    # a token's timing left out is cited where its lights are, as a wrong step is
    (lambda data: data["abilities"][0].pop("timing"), False,
     "Player Components > Timing Indicators"),
])
def test_an_unreadable_entry_cites_the_section_of_its_list(
        change: Change, item: bool, section: str, write_car: Callable[..., Path],
        write_item: Callable[..., Path]) -> None:
    """A slot kind or a step the format does not know is cited where the list's sentence is
    (an item's steps under Items, not the ability tokens' Timing Indicators)."""
    path = write_item(change) if item else write_car(change)
    (finding,) = [f for f in check_file(path).findings if f.rule.startswith("SCHEMA-")]
    assert finding.source == f"Joyride prototype rulebook, {section}"


@pytest.mark.parametrize(("timing", "pointed"), [(None, "activated"), ([], "[]")])
def test_an_activated_item_without_steps_is_shown_where_they_are_missing(
        timing: list[str] | None, pointed: str, write_item: Callable[..., Path]) -> None:
    # Left out, the type asks for them; written empty, the empty list is the slip.
    change = top(type="activated", **({} if timing is None else {"timing": timing}))
    path = write_item(change)
    (finding,) = [f for f in check_file(path).findings if f.rule == "JR-ITEM-TIMING"]
    line = path.read_text().splitlines()[finding.mark.line - 1]
    assert line[finding.mark.column - 1:].startswith(pointed)


@pytest.mark.parametrize(("name", "message"), [
    ("rocket", "'rocket' is the name of a standard item"),
    ("Oil-Slick", "'Oil-Slick' is the name of a standard item"),
    ("OilSlick", "'OilSlick' is the name of a standard item"),
    ("Missile", "'Missile' is the rulebook's other name for the standard item Rocket"),
    # jrcheck8: a plural is the item it counts
    ("Rockets", "'Rockets' is the standard item Rocket, written in the plural"),
    ("oil slicks", "'oil slicks' is the standard item Oil Slick, written in the plural"),
    ("Mines", "'Mines' is the standard item Mine, written in the plural"),
    ("Missiles", "'Missiles' is the standard item Rocket, written in the plural"),
])
def test_a_custom_item_may_not_take_a_standard_items_name(
        name: str, message: str, write_item: Callable[..., Path]) -> None:
    path = write_item(top(name=name))
    assert messages(path, "JR-ITEM-STANDARD-NAME") == [message]
    assert rule_ids(check_file(path).findings) == {"JR-ITEM-STANDARD-NAME"}


@pytest.mark.parametrize("name", ["Rocket Skates", "Nitrous", "Minefield"])
def test_a_custom_item_whose_name_only_contains_a_standard_one_is_clean(
        name: str, write_item: Callable[..., Path]) -> None:
    assert check_file(write_item(top(name=name))).findings == []


@pytest.mark.parametrize("change", [
    ability(2, name="Handbrake Turns"),   # a described token
    abilities(*named("Precision Drivings")),  # a bare name
    toggleable("Gear Masters"),           # a toggleable token's back
])
def test_a_standard_ability_in_the_plural_mixes_the_sets(
        change: Change, write_car: Callable[..., Path]) -> None:
    """jrcheck8: a standard ability's name in the plural is still that ability."""
    path = write_car(change)
    assert rule_ids(check_file(path).findings) == {"JR-ABILITY-MIX"}


@pytest.mark.parametrize("change", [
    gear(2, marker="bonus steer"),                     # the rulebook's own words
    gear(2, marker="Bonus_Steer"),
    dashboard(layout="Gears Right"),
    ability(0, balance=[{"effect": "Shift Up", "amount": 1}]),
])
def test_words_spelt_with_spaces_or_capitals_are_read(
        change: Change, write_car: Callable[..., Path]) -> None:
    """jrcheck8: a marker, layout or measured effect written as the rulebook writes it (a
    space for the hyphen or underscore, capitals) is the same word, not a SCHEMA-VALUE."""
    assert check_file(write_car(change)).findings == []


def test_a_dropped_item_may_spell_out_its_steps(write_item: Callable[..., Path]) -> None:
    assert check_file(write_item(top(timing=["end", "start", "shift"]))).findings == []


def test_an_ability_that_is_neither_a_name_nor_a_mapping_is_refused(
        write_car: Callable[..., Path]) -> None:
    (finding,) = format_findings(check_file(write_car(abilities(3, "Gear Master",
                                                                "Handbrake Turn"))).findings)
    assert finding.rule == "SCHEMA-TYPE"
    # jrcheck8: it no longer offers a standard ability's name, which JR-ABILITY-MIX refuses
    assert "a mapping describing one of the car's own abilities" in finding.message


# --- the catalogues -------------------------------------------------------------------------


def test_the_five_steps_are_the_rulebooks_in_turn_order() -> None:
    data = joyride_data()
    assert [s.label for s in data.steps] == ["START", "LOCK", "SHIFT", "ROLL", "END"]
    assert [c.label for c in data.collisions] == ["SMASH", "SIDE-SWIPE", "REAR-END", "HEAD-ON",
                                                  "PILE-UP"]
    assert data.driver_die == (1, 1, 2, 2, 3, 3)


def test_the_standard_abilities_and_items() -> None:
    assert [a.name for a in standard_abilities()] == ["Gear Master", "Precision Driving",
                                                      "Handbrake Turn"]
    assert all(a.mode == "flip" and a.timing and a.balance for a in standard_abilities())
    items = {i.name: i for i in standard_items()}
    assert {name: i.type for name, i in items.items()} == {
        "Rocket": "fired", "Mine": "dropped", "Oil Slick": "dropped", "Nitro": "activated"}
    assert items["Rocket"].steps() == ("start", "shift", "end")
    assert items["Nitro"].steps() == ("roll",)
    assert joyride_data().pickups_per_item == 4


def test_every_measured_effect_acts_at_real_steps() -> None:
    data = joyride_data()
    for effect in data.effects.values():
        assert effect.steps and set(effect.steps) <= set(data.step_ids), effect.id


def test_the_baseline_is_the_standard_set_on_a_standard_dashboard() -> None:
    car = baseline()
    assert resolved_set(car.abilities) == standard_abilities()
    assert car.dashboard.damage_slots() == RULES["JR-DAMAGE-SLOTS"].params["total"] == 8
    assert scaffold_data()["dashboard"]["locked_slots"] == list(car.dashboard.locked_slots)


def test_damage_slots_are_sized_for_the_damage_tokens_the_track_sheets_print() -> None:
    data = joyride_data()
    assert data.geometry["damage_token"] == pytest.approx(to_mm(DAMAGE.width))
    assert data.geometry["damage_token"] == pytest.approx(to_mm(DAMAGE.height))


@pytest.mark.parametrize("icon", ["Gear_Stick", "gear stick", "GEAR-STICK"])
def test_an_icon_in_other_capitals_or_spacing_is_the_icon(
        icon: str, write_car: Callable[..., Path]) -> None:
    """jrcheck8: JR-PRINT-ICON refused 'Gear_Stick' (did you mean 'gear_stick'?) although
    the icon is plain; the build draws it. 'gearstick' (CAR_CASES) is still no icon."""
    assert check_file(write_car(ability(0, icon=icon))).findings == []
    assert IconSet().resolve(icon) == "gear_stick" and IconSet().resolve("gearstick") is None


# --- orjrlegal: values typed as the book prints them ----------------------------------------


def editor_refuses(path: Path) -> bool:
    """Whether the editor's JSON Schema refuses the file (it must agree with check)."""
    import json

    import jsonschema

    from generator.commands.json_schema import kind_schema
    from generator.project.registry import GAMES
    data = json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8"))))
    game = GAMES["joyride"]
    validator = jsonschema.Draft202012Validator(kind_schema(game, game.kinds[data["kind"]]))
    return any(True for _ in validator.iter_errors(data))


def timing_written(index: int, joiner: str, before: str = "", after: str = "") -> Change:
    """The token's own timing lights, in capitals, run together as one text."""
    steps = scaffold_data()["abilities"][index]["timing"]
    return ability(index, timing=before + joiner.join(s.upper() for s in steps) + after)


@pytest.mark.parametrize(("change", "rules"), [
    # Items: 'the START, SHIFT or END step': the steps as one text, as the book runs them
    (timing_written(0, ", "), set()),
    (timing_written(1, " or "), set()),
    (timing_written(2, " / ", "the ", " step"), set()),
    # ...each still one of the five, and still one light each
    (ability(0, timing="START, BRAKE"), {"SCHEMA-VALUE", "CHECK-SKIPPED"}),
    (timing_written(2, " or LOCK or "), {"JR-ABILITY-TIMING"}),
    # Non-standard abilities mark a permanent token '∞' and a toggleable one '↻'
    (ability(1, mode="\u221e"), set()),
    (ability(0, mode="\u21bb", other_side={"name": "Feather", "timing": "ROLL",
                                            "effect": "Roll one more die."}), set()),
    (ability(0, mode="\u21bb"), {"JR-ABILITY-TOGGLE"}),   # no other side: still the rule
    (ability(0, mode="\u221e\u21bb"), {"SCHEMA-VALUE", "CHECK-SKIPPED"}),
    # The Dashboard calls them damage slots
    (dashboard(locked_slots=["plain", "Damage Slot", "damage slots", "damage"],
               item_slots=["Damage Slot", "damage slot"]), set()),
    (dashboard(item_slots=["damaged", "damage"]), {"SCHEMA-VALUE", "CHECK-SKIPPED"})])
def test_a_car_reads_the_books_words(change: Change, rules: set[str],
                                     write_car: Callable[..., Path]) -> None:
    path = write_car(change)
    found = rule_ids(check_file(path).findings)
    assert found == rules
    assert editor_refuses(path) == bool(rules)


@pytest.mark.parametrize(("change", "rules"), [
    # Special Effects > Items: the types are headed 'Dropped Items', 'Fired Items',
    # 'Activated Items'; dropped items are used 'during the START, SHIFT or END step'
    (top(type="Dropped Items", timing="START, SHIFT or END"), set()),
    (top(type="fired item", timing="START, SHIFT, END"), set()),
    (top(type="Activated Items", timing="ROLL"), set()),
    (top(type="Thrown Items"), {"SCHEMA-VALUE", "CHECK-SKIPPED"}),
    (top(type="Dropped Items", timing="START or ROLL"), {"JR-ITEM-TIMING"})])
def test_an_item_reads_the_books_words(change: Change, rules: set[str],
                                       write_item: Callable[..., Path]) -> None:
    path = write_item(change)
    assert rule_ids(check_file(path).findings) == rules
    assert editor_refuses(path) == bool(rules)
