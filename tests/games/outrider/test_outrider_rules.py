"""Every Outrider rule fires on a minimal bad case and is silent on the shipped vehicles;
the catalogues say what the rulebook says."""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.games.outrider.baseline import BASELINE_FILE, baseline
from generator.games.outrider.catalogues import outrider_data
from generator.games.outrider.rules import RULES
from generator.games.outrider.spelling import ICON_KEYS, SLOT_KEYS, parse_slot_die
from generator.input.findings import Severity
from generator.probability.outrider import _LOSS_OF_CONTROL, ManeuverType
from tests.conftest import (
    VEHICLES,
    art,
    check_file,
    format_findings,
    rule_ids,
    small_picture,
)

Change = Callable[[dict[str, Any]], object]
OUTRIDER_VEHICLES = sorted((VEHICLES / "outrider").glob("*.yaml"))


def baseline_data() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(BASELINE_FILE.read_text(encoding="utf-8"))
    return data


@pytest.fixture
def write_outrider(tmp_path: Path) -> Callable[..., Path]:
    """Write the baseline Linebacker, changed by ``change(data)``, into a file of its own."""
    def write(change: Change | None = None, name: str = "vehicle.yaml") -> Path:
        data = copy.deepcopy(baseline_data())
        if change is not None:
            change(data)
        path = tmp_path / name
        path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True,
                                       default_flow_style=None), encoding="utf-8")
        return path
    return write


def side(name: str, **values: Any) -> Change:
    """Change keys of one variant: side('narrow', arcs=[...])."""
    def change(data: dict[str, Any]) -> None:
        data["variants"][name].update(values)
    return change


def bonuses(name: str, **values: int) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["variants"][name]["bonuses"] = values
    return change


def arc(weapon: str, facing: str, mount: str) -> dict[str, str]:
    return {"weapon": weapon, "facing": facing, "mount": mount}


def equipment(**dice: str) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["equipment"].update(dice)
    return change


def top(**values: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        data.update(values)
    return change


LONG_UPGRADES = [{"name": f"Gadget {i}", "roll": "attack", "bonus": 1,
                  "summary": "A long, long description of a gadget that fills the box up."}
                 for i in range(4)]

BAD_CASES: dict[str, Change] = {
    "OR-ART-FILE": art("no-such-picture.png"),
    "OR-ART-RESOLUTION": art(small_picture),
    "OR-EQUIPMENT-STANDARD": equipment(weapon="d12"),
    "OR-ACTION-POINTS": top(tachometer=6),
    "OR-SKILL-POINTS": top(skill_track=12),
    "OR-BONUS-RANGE": bonuses("narrow", defense=3),
    "OR-RULE-OF-FOUR": top(upgrades=[{"name": "Reactive Plating", "roll": "defense",
                                      "bonus": 3}]),
    "OR-VARIANT-BONUSES": bonuses("wide", defense=2, handling=2),
    "OR-VARIANT-ARCS": side("narrow", arcs=[arc("primary", "front", "articulated"),
                                            arc("secondary", "rear", "articulated")]),
    "OR-ARC-PRIMARY": side("wide", arcs=[arc("secondary", "front", "articulated")]),
    "OR-ARC-SECONDARY": side("wide", arcs=[arc("primary", "front", "articulated"),
                                           arc("secondary", "rear", "fixed"),
                                           arc("secondary", "left", "articulated"),
                                           arc("secondary", "right", "articulated")]),
    "OR-ARC-FIXED-FACING": side("wide", arcs=[arc("primary", "left", "fixed"),
                                              arc("secondary", "right", "articulated")]),
    "OR-CLASS-UNKNOWN": top(nickname="Linebaker"),
    "OR-CLASS-EQUIPMENT": top(nickname="Interceptor", equipment={
        "engine": "d6", "driver": "d10", "armor": "d12", "weapon": "d8"}),
    "OR-PRINT-ARCS": side("wide", arcs=[arc("primary", "front", "articulated"),
                                        arc("secondary", "front", "fixed"),
                                        arc("secondary", "front", "fixed")]),
    "OR-PRINT-TEXT": top(upgrades=LONG_UPGRADES),
}


def test_every_rule_has_a_bad_case_here() -> None:
    assert set(BAD_CASES) == set(RULES.rules)


def test_every_rule_but_the_print_check_has_a_registered_check() -> None:
    assert RULES.unchecked() == ["OR-PRINT-TEXT", "OR-ART-FILE", "OR-ART-RESOLUTION"]


@pytest.mark.parametrize("rule_id", sorted(BAD_CASES))
def test_rule_fires_on_its_minimal_bad_case(rule_id: str, write_outrider: Callable[..., Path]
                                            ) -> None:
    loaded = check_file(write_outrider(BAD_CASES[rule_id]))
    fired = [f for f in loaded.findings if f.rule == rule_id]
    assert fired, f"{rule_id} did not fire; got {sorted(rule_ids(loaded.findings))}"
    rule = RULES[rule_id]
    for finding in fired:
        assert finding.severity is rule.severity
        assert finding.source.startswith("Outrider, ")
        assert finding.mark.line >= 1 and finding.mark.column >= 1
        assert "{{" not in finding.message and finding.message


def test_variants_with_equal_bonuses_are_reported(write_outrider: Callable[..., Path]) -> None:
    loaded = check_file(write_outrider(lambda d: (
        bonuses("narrow", defense=1, firepower=1)(d), bonuses("wide", handling=2)(d))))
    findings = [f for f in loaded.findings if f.rule == "OR-VARIANT-BONUSES"]
    assert [f.mark.line for f in findings] == sorted({f.mark.line for f in findings})
    assert len(findings) == 2 and findings[0].message == findings[1].message
    finding = findings[0]
    assert finding.message == ("the narrow-arc side has 2 bonus lights and the wide-arc side 2; "
                               "the narrow side should carry more bonuses than the wide side")


def sides_shown(path: Path, rule_id: str) -> list[str]:
    """The side (narrow or wide) of each finding of ``rule_id``, from the section it is in."""
    lines = path.read_text().splitlines()
    shown = []
    for finding in (f for f in check_file(path).findings if f.rule == rule_id):
        above = [line.strip() for line in lines[:finding.mark.line]]
        shown.append(next(s for s in reversed(above) if s in ("narrow:", "wide:"))[:-1])
    return shown


@pytest.mark.parametrize(("change", "rule_id", "shown"), [
    # 2.1: the designer may have lowered the narrow side or raised the wide one.
    (bonuses("wide", defense=2, handling=1), "OR-VARIANT-BONUSES", ["narrow", "wide"]),
    (bonuses("narrow", defense=1, handling=1), "OR-VARIANT-BONUSES", ["narrow", "wide"]),
    # A wide side without bonuses has none to give up.
    (lambda d: (bonuses("narrow")(d), bonuses("wide")(d)), "OR-VARIANT-BONUSES", ["narrow"]),
    (side("wide", arcs=[arc("primary", "front", "fixed"), arc("secondary", "rear", "fixed")]),
     "OR-VARIANT-ARCS", ["narrow", "wide"]),
    # One fixed edge is as narrow as a side gets: only the wide side can change.
    (lambda d: (side("narrow", arcs=[arc("primary", "front", "fixed")])(d),
                side("wide", arcs=[arc("primary", "front", "fixed")])(d)),
     "OR-VARIANT-ARCS", ["wide"])])
def test_a_comparison_of_the_two_sides_is_shown_where_it_can_be_fixed(
        change: Change, rule_id: str, shown: list[str], write_outrider: Callable[..., Path]
        ) -> None:
    path = write_outrider(change)
    assert sides_shown(path, rule_id) == shown
    hints = {f.hint for f in check_file(path).findings if f.rule == rule_id}
    assert all(("variants.wide" in h) == (shown != ["narrow"]) for h in hints if h)
    assert all(("variants.narrow" in h) == (shown != ["wide"]) for h in hints if h)


@pytest.mark.parametrize("path", OUTRIDER_VEHICLES, ids=lambda p: p.stem)
def test_shipped_vehicles_have_no_findings_at_all(path: Path) -> None:
    loaded = check_file(path)
    assert loaded.findings == []
    assert len(loaded.definitions) == 1


def test_at_least_six_shipped_vehicles_of_classes_the_rulebook_names() -> None:
    data = outrider_data()
    nicknames = {check_file(p, templates=False).definitions[0].model.nickname
                 for p in OUTRIDER_VEHICLES}
    assert len(OUTRIDER_VEHICLES) >= 6 and len(nicknames) >= 6
    assert all(data.nickname_class(n) is not None for n in nicknames)


def test_the_baseline_is_the_shipped_iron_curtain_and_the_rulebook_example() -> None:
    shipped = check_file(VEHICLES / "outrider" / "iron-curtain.yaml").definitions[0].model
    assert shipped == baseline()
    assert shipped.equipment.as_tuple() == (8, 10, 12, 6)  # 2.7 Example Dashboard
    assert (shipped.action_points, shipped.skill_points) == (4, 10)


def test_the_model_gives_a_balance_report_what_it_needs() -> None:
    outlaw = check_file(VEHICLES / "outrider" / "chrome-outlaw.yaml").definitions[0].model
    assert (outlaw.action_points, outlaw.skill_points) == (4, 12)
    assert outlaw.roll_bonus("narrow", "control") == 2 + 2      # handling + Racing Harness
    assert outlaw.roll_bonus("wide", "attack") == 1
    assert outlaw.variants.narrow.bonuses.total == 4
    quick_draw = check_file(VEHICLES / "outrider" / "quick-draw.yaml").definitions[0].model
    assert quick_draw.variants.narrow.fire_linked_facings == ("front",)
    assert quick_draw.variants.wide.fire_linked_facings == ()


def test_equipment_message_names_the_dice_and_the_fix(write_outrider: Callable[..., Path]
                                                      ) -> None:
    path = write_outrider(equipment(weapon="d12"))
    findings = [f for f in check_file(path).findings if f.rule == "OR-EQUIPMENT-STANDARD"]
    assert [f.message for f in findings] == 2 * [
        "the equipment dice are engine d8, driver d10, armor d12, weapon d12; a standard game "
        "gives each vehicle one d6, one d8, one d10 and one d12"]
    assert [f.hint for f in findings] == 2 * ["use d6 in place of this d12 or the other one"]


@pytest.mark.parametrize(("dice", "shown"), [
    # 2.2: either slot of a repeated die may be the one the designer changed, so both show.
    ({"engine": "d12"}, ["engine", "armor"]),
    ({"driver": "d8"}, ["engine", "driver"]),
    ({"engine": "d6", "driver": "d6", "armor": "d6"}, ["engine", "driver", "armor", "weapon"]),
    ({"engine": "d20", "driver": "d4"}, ["engine", "driver"])])
def test_every_slot_breaking_the_standard_set_is_shown(
        dice: dict[str, str], shown: list[str], tmp_path: Path) -> None:
    lines = BASELINE_FILE.read_text(encoding="utf-8").splitlines(keepends=True)
    for slot, die in dice.items():
        lines = [f"  {slot}: {die}\n" if line.startswith(f"  {slot}: ") else line
                 for line in lines]
    path = tmp_path / "vehicle.yaml"
    path.write_text("".join(lines), encoding="utf-8")
    findings = [f for f in check_file(path).findings if f.rule == "OR-EQUIPMENT-STANDARD"]
    slots = [lines[f.mark.line - 1].split(":")[0].strip() for f in findings]
    assert slots == shown
    assert all(lines[f.mark.line - 1][f.mark.column - 1:].startswith("d") for f in findings)


@pytest.mark.parametrize(("slot", "die", "hint"), [
    ("weapon", "d20", "use d6 in place of the d20"),
    ("engine", "d4", "use d8 in place of the d4")])
def test_a_die_outside_the_standard_set_is_the_equipment_rule(
        slot: str, die: str, hint: str, write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(lambda d: (equipment(**{slot: die})(d), top(tachometer=4)(d)))
    (finding,) = check_file(path).findings
    assert (finding.rule, finding.severity, finding.hint) == (
        "OR-EQUIPMENT-STANDARD", Severity.ERROR, hint)
    assert f"{slot}: {die}" in path.read_text().splitlines()[finding.mark.line - 1]


@pytest.mark.parametrize(("value", "hint"), [
    (-1, "a bonus is never negative: write 0 or leave it out"), (3, "lower it to 2 or less")])
def test_a_bonus_outside_0_to_2_is_the_bonus_rule(
        value: int, hint: str, write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(bonuses("wide", defense=value))
    (finding,) = [f for f in check_file(path).findings if f.rule == "OR-BONUS-RANGE"]
    assert finding.message == (f"the wide side's defense bonus is {value:+d}; a characteristic "
                               "bonus is 0, +1 or +2")
    assert finding.hint == hint
    assert not [f for f in check_file(path).findings if f.rule.startswith("SCHEMA")]
    assert path.read_text().splitlines()[finding.mark.line - 1][
        finding.mark.column - 1:].startswith(str(value))


@pytest.mark.parametrize(("field", "value", "rule_id"), [
    ("tachometer", 13, "OR-ACTION-POINTS"), ("tachometer", -1, "OR-ACTION-POINTS"),
    ("skill_track", 40, "OR-SKILL-POINTS")])
def test_any_wrong_count_is_the_count_rule_not_a_schema_error(
        field: str, value: int, rule_id: str, write_outrider: Callable[..., Path]) -> None:
    (finding,) = check_file(write_outrider(top(**{field: value}))).findings
    assert (finding.rule, finding.severity) == (rule_id, Severity.ERROR)


def test_tachometer_must_follow_the_engine(write_outrider: Callable[..., Path]) -> None:
    (finding,) = [f for f in check_file(write_outrider(top(tachometer=6))).findings
                  if f.rule == "OR-ACTION-POINTS"]
    assert finding.message == "tachometer says 6 AP, but a d8 engine (Small Block) gives 4 AP"


def test_a_correct_tachometer_and_skill_track_are_silent(write_outrider: Callable[..., Path]
                                                         ) -> None:
    assert check_file(write_outrider(top(tachometer=4, skill_track=10))).findings == []


@pytest.mark.parametrize(("tachometer", "skill_track", "rules"), [
    # 2.3 writes Action Points as '4 AP', 2.4 Skill Points as 'ten (10) Skill Points'
    ("4 AP", "10 Skill Points", set()),
    ("4 Action Points", "10 skill points", set()),
    ("5 AP", "1 Skill Point", {"OR-ACTION-POINTS", "OR-SKILL-POINTS"}),
    # ...and the figure in words, alone or with the figure after it, as 2.4 writes a pool
    ("four AP", "ten (10) Skill Points", set()),
    ("four (4) Action Points", "Ten Skill Points", set()),
    ("five AP", "twelve (12) Skill Points", {"OR-ACTION-POINTS", "OR-SKILL-POINTS"}),
    # a word and a figure that disagree are no count
    ("4 AP", "ten (12) Skill Points", {"SCHEMA-TYPE", "CHECK-SKIPPED"})])
def test_a_tachometer_and_skill_track_read_with_their_units(
        tachometer: str, skill_track: str, rules: set[str],
        write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(top(tachometer=tachometer, skill_track=skill_track))
    assert {f.rule for f in check_file(path).findings} == rules


def test_a_tachometer_in_another_unit_is_refused(write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(top(tachometer="4 Skill Points"))
    assert {f.rule for f in check_file(path).findings} == {"SCHEMA-TYPE", "CHECK-SKIPPED"}


def test_rule_of_four_counts_characteristic_and_equipment(
        write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(BAD_CASES["OR-RULE-OF-FOUR"])
    (finding,) = [f for f in check_file(path).findings if f.rule == "OR-RULE-OF-FOUR"]
    assert finding.message == (
        "the narrow side can add +5 to a defense roll (defense +2, Reactive Plating +3); "
        "the rule of four caps it at +4, so +1 is wasted")
    assert finding.severity is Severity.WARNING
    # The finding points at the equipment that takes the roll past the cap, not at the
    # characteristic (+2 at most, legal alone).
    assert "Reactive Plating" in path.read_text().splitlines()[finding.mark.line - 1]


@pytest.mark.parametrize("roll", ["initiative", "control", "defense", "attack"])
def test_exactly_four_from_characteristic_and_equipment_is_clean(
        roll: str, write_outrider: Callable[..., Path]) -> None:
    characteristic = {"initiative": "acceleration", "control": "handling",
                      "defense": "defense", "attack": "firepower"}[roll]
    other = "handling" if roll == "defense" else "defense"

    def change(data: dict[str, Any]) -> None:
        bonuses("narrow", **{characteristic: 2, other: 2})(data)
        data["upgrades"] = [{"name": "Kit", "roll": roll, "bonus": 2}]
    assert check_file(write_outrider(change)).findings == []


@pytest.mark.parametrize(("roll", "section"), [
    # 7.4 puts the attacker's and the defender's rolls under the cap; 5.4 states the cap
    # for the control check, and initiative (4.1) names none of its own.
    ("attack", "Outrider, 7.4 Rolling to Damage"),
    ("defense", "Outrider, 7.4 Rolling to Damage"),
    ("control", "Outrider, 5.4 Determining a Successful Maneuver > The Rule of Four"),
    ("initiative", "Outrider, 5.4 Determining a Successful Maneuver > The Rule of Four")])
def test_a_roll_over_the_cap_cites_where_the_book_caps_that_roll(
        roll: str, section: str, write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(top(upgrades=[{"name": "Kit", "roll": roll, "bonus": 5}]))
    sources = {f.source for f in check_file(path).findings if f.rule == "OR-RULE-OF-FOUR"}
    assert sources == {section}


@pytest.mark.parametrize(("scope", "expected"), [
    (2, []),
    (3, ["the narrow side can add +5 to an attack roll (firepower +2, Scope +3); the rule of "
         "four caps it at +4, so +1 is wasted"])])
def test_fire_linked_arcs_are_earned_in_play_not_counted_towards_the_cap(
        scope: int, expected: list[str], write_outrider: Callable[..., Path]) -> None:
    def change(data: dict[str, Any]) -> None:
        bonuses("narrow", firepower=2, defense=1)(data)
        side("narrow", arcs=[arc("primary", "front", "fixed"),
                             arc("secondary", "front", "fixed")])(data)
        data["upgrades"] = [{"name": "Scope", "roll": "attack", "bonus": scope}]
    messages = [f.message for f in check_file(write_outrider(change)).findings
                if f.rule == "OR-RULE-OF-FOUR"]
    assert messages == expected


def test_one_piece_of_equipment_over_four_is_the_rule_of_four_not_a_schema_error(
        write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(top(upgrades=[{"name": "Nitrous", "roll": "initiative", "bonus": 5}]))
    findings = check_file(path).findings
    assert {f.rule for f in findings} == {"OR-RULE-OF-FOUR"}
    assert all(f.severity is Severity.WARNING for f in findings)
    assert all("Nitrous" in path.read_text().splitlines()[f.mark.line - 1] for f in findings)


def test_a_second_arc_on_the_same_edge_widens_nothing(write_outrider: Callable[..., Path]
                                                       ) -> None:
    narrow = [arc("primary", "front", "articulated"), arc("secondary", "rear", "fixed")]
    wide = [arc("primary", "front", "articulated"), arc("secondary", "front", "articulated")]
    path = write_outrider(lambda d: (side("narrow", arcs=narrow)(d), side("wide", arcs=wide)(d)))
    findings = [f for f in check_file(path).findings if f.rule == "OR-VARIANT-ARCS"]
    assert len(findings) == 2  # at both sides' arcs
    assert findings[0].message.startswith("the narrow-arc side's arcs cover 100 degrees, not less "
                                      "than the wide-arc side's 90")


def test_a_fixed_side_arc_points_at_its_facing(write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(BAD_CASES["OR-ARC-FIXED-FACING"])
    (finding,) = [f for f in check_file(path).findings if f.rule == "OR-ARC-FIXED-FACING"]
    assert "facing: left" in path.read_text().splitlines()[finding.mark.line - 1]


def at_mark(path: Path, rule_id: str) -> list[tuple[int, str]]:
    """(line, the text from each finding's column on) for every finding of ``rule_id``."""
    lines = path.read_text().splitlines()
    return [(f.mark.line, lines[f.mark.line - 1][f.mark.column - 1:])
            for f in check_file(path).findings if f.rule == rule_id]


@pytest.mark.parametrize(("rule_id", "arcs", "index", "value"), [
    ("OR-ARC-PRIMARY", [arc("primary", "front", "fixed"), arc("primary", "rear", "fixed")],
     1, "primary"),
    ("OR-ARC-SECONDARY", [arc("primary", "front", "articulated"),
                          arc("secondary", "rear", "fixed"),
                          arc("secondary", "left", "articulated"),
                          arc("secondary", "right", "articulated"),
                          arc("secondary", "rear", "articulated")], 3, "secondary"),
    ("OR-PRINT-ARCS", [arc("secondary", "rear", "fixed"), arc("primary", "rear", "fixed"),
                       arc("secondary", "rear", "articulated")], 2, "rear"),
])
def test_too_many_arcs_point_at_the_first_arc_beyond_the_limit(
        rule_id: str, arcs: list[dict[str, str]], index: int, value: str,
        write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(side("wide", arcs=arcs))
    text = path.read_text()
    (found,) = at_mark(path, rule_id)
    arc_lines = [n for n, line in enumerate(text.splitlines(), 1) if "{weapon:" in line]
    wide_arcs = arc_lines[-len(arcs):]
    assert found[0] == wide_arcs[index] and found[1].startswith(value)


def test_a_side_without_a_primary_arc_points_at_its_arcs(write_outrider: Callable[..., Path]
                                                          ) -> None:
    path = write_outrider(BAD_CASES["OR-ARC-PRIMARY"])
    ((_, text),) = at_mark(path, "OR-ARC-PRIMARY")
    assert text.startswith("- {weapon: secondary")


def test_equipment_alone_over_the_cap_points_at_the_equipment(
        write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(top(upgrades=[
        {"name": "Supercharger", "roll": "initiative", "bonus": 4},
        {"name": "Grip Tyres", "roll": "initiative", "bonus": 1}]))
    found = at_mark(path, "OR-RULE-OF-FOUR")
    assert len(found) == 2  # both sides: neither has an acceleration bonus to blame
    assert all(text.startswith("1}") for _, text in found)
    assert all("Grip Tyres" in path.read_text().splitlines()[line - 1] for line, _ in found)


def test_a_misspelt_nickname_gets_a_suggestion(write_outrider: Callable[..., Path]) -> None:
    (finding,) = [f for f in check_file(write_outrider(top(nickname="Linebaker"))).findings]
    assert finding.rule == "OR-CLASS-UNKNOWN"
    assert finding.message.endswith("did you mean 'Linebacker'?")


@pytest.mark.parametrize(("dice", "flagged"), [
    # 1.2's Interceptor is lightly armed (a d6 or d8 weapon, 2.6) and built for speed (no
    # d6 High Torque, 2.3): at each edge, and one past it
    ({"engine": "d8", "weapon": "d6"}, []), ({"engine": "d12", "weapon": "d8"}, []),
    ({"engine": "d8", "weapon": "d10"}, ["weapon"]), ({"engine": "d6", "weapon": "d8"}, ["engine"]),
    ({"engine": "d6", "weapon": "d12"}, ["engine", "weapon"])])
def test_an_interceptor_is_lightly_armed_and_fast(
        dice: dict[str, str], flagged: list[str], write_outrider: Callable[..., Path]) -> None:
    rest = [d for d in ("d6", "d8", "d10", "d12") if d not in dice.values()]
    held = {**dice, "driver": rest[0], "armor": rest[1]}
    path = write_outrider(top(nickname="interceptors", equipment=held))
    findings = check_file(path).findings
    assert [f.rule for f in findings] == ["OR-CLASS-EQUIPMENT"] * len(flagged)
    assert [f.severity for f in findings] == [Severity.WARNING] * len(flagged)
    assert all(f"this one's {slot} is a {held[slot]}" in f.message
               for f, slot in zip(findings, flagged, strict=True))


def test_a_class_the_book_only_names_holds_any_dice(
        write_outrider: Callable[..., Path]) -> None:
    """Only the Interceptor is described (1.2): a Night Hawk with a d12 weapon is fine."""
    held = {"engine": "d6", "driver": "d8", "armor": "d10", "weapon": "d12"}
    assert check_file(write_outrider(top(nickname="Night Hawk", equipment=held))).findings == []


@pytest.mark.parametrize("nickname", ["night hawk", " Night  Hawk ", "Níght-Hawk", "NIGHTHAWK",
                                      "Night Hawks"])  # 1.2: 'are called Interceptors'
def test_a_nickname_class_reads_in_any_case_spacing_or_accents(
        nickname: str, write_outrider: Callable[..., Path]) -> None:
    assert check_file(write_outrider(top(nickname=nickname))).findings == []


@pytest.mark.parametrize(("value", "expected"), [
    ("six", "an equipment die written dN (d6, d8, d10 or d12), or an engine class by name"),
    (8, "write the die as d8"),
    ("Lone Wolf", "Lone Wolf is a driver class (d12), not an engine")])
def test_an_unreadable_die_is_a_schema_error_at_its_place(
        value: Any, expected: str, write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(equipment(engine=value))
    (finding,) = format_findings(check_file(path).findings)
    assert finding.rule == "SCHEMA-VALUE" and expected in finding.message
    assert "engine:" in path.read_text().splitlines()[finding.mark.line - 1]


def test_a_typo_in_an_arc_key_suggests_the_right_one(write_outrider: Callable[..., Path]
                                                      ) -> None:
    path = write_outrider(side("narrow", arcs=[{"weapon": "primary", "facng": "front",
                                                "mount": "fixed"}]))
    messages = [f.message for f in check_file(path).findings]
    assert any("unknown key 'facng'; did you mean 'facing'?" in m for m in messages)


@pytest.mark.parametrize("arcs", ["left out", []])
def test_a_side_without_arcs_has_no_primary_weapon(
        arcs: Any, write_outrider: Callable[..., Path]) -> None:
    """7.1: every vehicle has its primary weapon; a side that lists no arcs, or leaves the
    list out, lacks it: the rule's error, not a file-format one."""
    def change(data: dict[str, Any]) -> None:
        if arcs == "left out":
            del data["variants"]["narrow"]["arcs"]
        else:
            data["variants"]["narrow"]["arcs"] = arcs
    findings = check_file(write_outrider(change)).findings
    assert [(f.rule, f.severity) for f in findings] == [("OR-ARC-PRIMARY", Severity.ERROR)]
    assert findings[0].hint == "give the side an arc with 'weapon: primary'"


def test_an_equipment_key_reads_as_the_book_writes_the_slot(
        write_outrider: Callable[..., Path]) -> None:
    """2.2 writes ENGINE, DRIVER, ARMOR and WEAPON: any case reads, and 'armour'."""
    def change(data: dict[str, Any]) -> None:
        data["equipment"] = {"ENGINE": "d8", "Driver": "d10", "Armour": "d12", "weapon": "d6"}
    loaded = check_file(write_outrider(change))
    assert loaded.findings == []
    assert loaded.definitions[0].model.equipment.as_tuple() == (8, 10, 12, 6)


def test_an_equipment_slot_written_twice_is_one_duplicate_key(
        write_outrider: Callable[..., Path]) -> None:
    def change(data: dict[str, Any]) -> None:
        data["equipment"] = {"engine": "d8", "driver": "d10", "armor": "d12", "armour": "d6",
                             "weapon": "d6"}
    rules = [f.rule for f in check_file(write_outrider(change)).findings]
    assert "YAML-DUPLICATE-KEY" in rules


def test_a_bonus_key_reads_as_the_book_writes_the_characteristic(
        write_outrider: Callable[..., Path]) -> None:
    """1.2 and 1.3 write ACCELERATION, HANDLING, DEFENSE, FIREPOWER: any case reads, and
    'defence' as our own British keys are spelt."""
    def change(data: dict[str, Any]) -> None:
        data["variants"]["narrow"]["bonuses"] = {"DEFENSE": 2, "Handling": 1}
        data["variants"]["wide"]["bonuses"] = {"defence": 1, "handling": 1}
    loaded = check_file(write_outrider(change))
    assert loaded.findings == []
    variants = loaded.definitions[0].model.variants
    assert (variants.narrow.bonuses.defense, variants.narrow.bonuses.handling) == (2, 1)
    assert variants.wide.bonuses.defense == 1


def test_a_bonus_key_reads_by_the_icon_the_book_draws_it_as(
        write_outrider: Callable[..., Path]) -> None:
    """1.2 names each characteristic with its icon: ACCELERATION (Piston), HANDLING (Wheel),
    DEFENSE (Shield), FIREPOWER (Blast). A bonus keyed by its icon is that bonus, and is
    ranged and totalled as it (it was an unknown key)."""
    def change(data: dict[str, Any]) -> None:
        data["variants"]["narrow"]["bonuses"] = {"Piston": 1, "WHEEL": 1, "shield": 2}
        data["variants"]["wide"]["bonuses"] = {"Shield": 1, "Wheel": 1, "blast": 0}
    loaded = check_file(write_outrider(change))
    assert loaded.findings == []
    narrow = loaded.definitions[0].model.variants.narrow.bonuses
    assert (narrow.acceleration, narrow.handling, narrow.defense) == (1, 1, 2)

    def over(data: dict[str, Any]) -> None:
        data["variants"]["narrow"]["bonuses"] = {"Blast": 3, "handling": 1}
    (finding,) = check_file(write_outrider(over)).findings
    assert (finding.rule, "firepower" in finding.message) == ("OR-BONUS-RANGE", True)
    # the icons read are the ones the catalogue draws each characteristic with
    assert {c.icon: c.id for c in outrider_data().characteristics.values()} == ICON_KEYS


def test_a_bonus_key_reads_by_the_slot_it_shows_under(
        write_outrider: Callable[..., Path]) -> None:
    """2.7: each bonus is lit beneath its slot's equipment token, so 'ARMOR: 2' under a
    side's bonuses is its Defense bonus, and 'weapon: 3' a Firepower bonus out of range."""
    def change(data: dict[str, Any]) -> None:
        data["variants"]["narrow"]["bonuses"] = {"ARMOR": 2, "Driver": 1}
        data["variants"]["wide"]["bonuses"] = {"armour": 1, "engine": 1}
    loaded = check_file(write_outrider(change))
    assert loaded.findings == []
    wide = loaded.definitions[0].model.variants.wide.bonuses
    assert (wide.defense, wide.acceleration) == (1, 1)
    (finding,) = check_file(write_outrider(bonuses("narrow", weapon=3))).findings
    assert (finding.rule, "firepower" in finding.message) == ("OR-BONUS-RANGE", True)
    data = outrider_data()
    assert {k: v for k, v in SLOT_KEYS.items() if k != "armour"} == {
        slot: data.slots[slot].characteristic for slot in data.slots}


@pytest.mark.parametrize("key", ["defens", "speed"])
def test_an_unknown_bonus_key_leaves_the_side_s_total_unknown(
        key: str, write_outrider: Callable[..., Path]) -> None:
    """'defens: 2' may be the side's Defense misspelt: the narrow side's total is not
    taken as 1 against the wide side's 2 (OR-VARIANT-BONUSES is skipped, not reported)."""
    def change(data: dict[str, Any]) -> None:
        data["variants"]["narrow"]["bonuses"] = {key: 2, "handling": 1}
    path = write_outrider(change)
    findings = check_file(path).findings
    assert [f.rule for f in findings if f.severity is not Severity.INFO] == [
        "SCHEMA-UNKNOWN-KEY"]
    (skipped,) = [f for f in findings if f.rule == "CHECK-SKIPPED"]
    assert "OR-VARIANT-BONUSES" in skipped.message and key in skipped.message


def test_a_user_template_that_overflows_a_card_is_an_error(
        tmp_path: Path, write_outrider: Callable[..., Path]) -> None:
    folder = tmp_path / "templates" / "outrider"
    folder.mkdir(parents=True)
    (folder / "vehicle-card.j2").write_text(
        '{% extends "outrider/vehicle-card-base.j2" %}'
        "{% block side_line %}" + "a very long variant line " * 12 + "{% endblock %}")
    from generator.project.loading import load
    from generator.text.templates import TextTemplates
    loaded = load([write_outrider()], TextTemplates(tmp_path / "templates"))
    parts = {f.message for f in loaded.findings if f.rule == "OR-PRINT-TEXT"}
    assert parts == {"variant title does not fit on the vehicle card (narrow side) even at 6 pt",
                     "variant title does not fit on the vehicle card (wide side) even at 6 pt"}


# --- the catalogues -------------------------------------------------------------------------

def test_engines_give_3_to_6_ap_and_drivers_their_die_in_skill_points() -> None:
    data = outrider_data()
    assert [data.action_points(d) for d in (6, 8, 10, 12)] == [3, 4, 5, 6]
    assert [data.skill_points(d) for d in (6, 8, 10, 12)] == [6, 8, 10, 12]
    assert data.standard_set == (6, 8, 10, 12)


def test_twenty_maneuver_cards_back_each_turn_with_its_mirror() -> None:
    data = outrider_data()
    cards = data.maneuver_cards()
    assert len(cards) == 20
    for card in cards:
        front, back = card.front, card.back
        assert front.type == back.type
        if front.type == "turn":
            assert {front.turn, back.turn} == {"left", "right"}
            assert front.difficulty == back.difficulty
            assert back.exit.x == pytest.approx(70 - front.exit.x)
            assert back.exit.y == pytest.approx(front.exit.y)
            assert back.exit.heading == pytest.approx(-front.exit.heading)


def test_the_difficulties_read_from_the_rulebook_example() -> None:
    faces = outrider_data().faces
    assert faces["punch_it"].difficulty == faces["easy_right"].difficulty == 1
    assert faces["easy_left"].difficulty == 1
    assert all(f.difficulty_from.startswith(("read", "reconstructed")) for f in faces.values())


def test_loss_of_control_charts_match_the_probability_module() -> None:
    charts = {c.id: c for c in outrider_data().charts}
    for kind in ManeuverType:
        rows = charts[kind.value].rows
        expected = _LOSS_OF_CONTROL[kind]
        assert [row.name.lower().replace(" ", "_") for row in rows] == [n for _, n in expected]
        assert [row.high if row.high is not None else 99 for row in rows] == [
            top_ for top_, _ in expected]


@pytest.mark.parametrize(("written", "roll"), [
    ("handling", "control"), ("DRIVER", "control"), ("Acceleration", "initiative"),
    ("engine", "initiative"), ("armor", "defense"), ("defence", "defense"),
    ("firepower", "attack"), ("weapon", "attack"),
    # ...with or without 'roll', and the control check (5.4), defensive roll (7.4)
    ("Driver roll", "control"), ("control check", "control"), ("attack roll", "attack"),
    ("ARMOR roll", "defense"), ("defensive", "defense"), ("initiative roll", "initiative"),
    # ...by its die (2.5's ARMOR die for defense), and in the plural (1.3's control checks)
    ("ARMOR die", "defense"), ("engine dice", "initiative"), ("control checks", "control"),
    ("Attack Rolls", "attack"), ("DRIVER rolls", "control"),
    # ...and by the icon 1.2 draws its characteristic as
    ("Shield", "defense"), ("wheel roll", "control"), ("Piston", "initiative"),
    ("BLAST", "attack")])
def test_an_upgrade_roll_reads_by_its_die_or_characteristic(
        written: str, roll: str, write_outrider: Callable[..., Path]) -> None:
    """1.3 and 5.4 name a roll by its die (the DRIVER roll) or by the characteristic added to
    it (handling): either reads as that roll, and counts toward its rule of four."""
    path = write_outrider(top(upgrades=[{"name": "Kit", "roll": written, "bonus": 5}]))
    findings = check_file(path).findings
    assert {f.rule for f in findings} == {"OR-RULE-OF-FOUR"}
    assert all(f" {roll} roll" in f.message for f in findings)


def test_an_arc_reads_by_the_book_s_words_for_it(write_outrider: Callable[..., Path]) -> None:
    """7.1 calls the weapons main and backup; 7.2 has fixed ones shoot forward or backward."""
    path = write_outrider(side("narrow", arcs=[arc("Main", "forward", "fixed"),
                                               arc("backup", "Back", "fixed")]))
    loaded = check_file(path)
    assert loaded.findings == []


@pytest.mark.parametrize(("written", "facing"), [
    ("front edge", "front"), ("Rear-facing", "rear"), ("left side", "left"),
    ("RIGHT EDGE", "right")])
def test_an_arc_s_facing_reads_with_edge_facing_or_side(
        written: str, facing: str, write_outrider: Callable[..., Path]) -> None:
    """1.2 speaks of the front and rear facing, and our findings of a card's edges ('put it
    on the front or rear edge'): an edge written so is that edge, and is judged as it."""
    mount = "fixed" if facing in ("front", "rear") else "articulated"
    loaded = check_file(write_outrider(side("wide", arcs=[
        arc("primary", written, mount), arc("secondary", "rear", "articulated")])))
    assert [f.rule for f in loaded.findings] == []
    assert loaded.definitions[0].model.variants.wide.arcs[0].facing == facing
    fixed = check_file(write_outrider(side("wide", arcs=[arc("primary", "Left Edge", "fixed")])))
    assert "OR-ARC-FIXED-FACING" in [f.rule for f in fixed.findings]
    arcs = loaded.definitions[0].model.variants.narrow.arcs
    assert [(a.weapon, a.facing) for a in arcs] == [("primary", "front"), ("secondary", "rear")]


def test_an_arc_reads_as_the_book_writes_it_in_the_plural_or_as_an_arc(
        write_outrider: Callable[..., Path]) -> None:
    """7.1's Secondary Weapon(s), 7.2's PRIMARY arc, secondary arc, Backup weapons and fixed
    or articulated weapons."""
    path = write_outrider(side("wide", arcs=[
        arc("PRIMARY arc", "front", "articulated weapons"),
        arc("Secondary Weapons", "rear", "fixed weapons"),
        arc("backup weapons", "left", "Articulated Weapons")]))
    loaded = check_file(path)
    assert [f.rule for f in loaded.findings] == []
    arcs = loaded.definitions[0].model.variants.wide.arcs
    assert [(a.weapon, a.mount) for a in arcs] == [
        ("primary", "articulated"), ("secondary", "fixed"), ("secondary", "articulated")]


@pytest.mark.parametrize(("which", "written", "read"), [
    # 7.2 fires with 'the PRIMARY arc' or 'a SECONDARY weapon', and 'fixed weapons' shoot
    # 'straight forward': the words read with their article, as the equipment dice do.
    ("wide", [("the PRIMARY arc", "the front", "an articulated weapon"),
              ("a SECONDARY weapon", "The rear edge", "a fixed weapon")],
     [("primary", "front", "articulated"), ("secondary", "rear", "fixed")]),
    # 7.1's Primary Weapon and backup weapons, 7.2's fixed and articulated weapons firing
    # forwards or backwards.
    ("narrow", [("Primary Weapon", "forwards", "fixed weapon"),
                ("backup weapon", "backwards", "Fixed Weapon")],
     [("primary", "front", "fixed"), ("secondary", "rear", "fixed")]),
])
def test_an_arc_reads_as_the_book_words_it(
        which: str, written: list[tuple[str, str, str]], read: list[tuple[str, str, str]],
        write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(side(which, arcs=[arc(*words) for words in written]))
    loaded = check_file(path)
    assert loaded.findings == []
    arcs = getattr(loaded.definitions[0].model.variants, which).arcs
    assert [(a.weapon, a.facing, a.mount) for a in arcs] == read


@pytest.mark.parametrize(("written", "roll"), [
    ("the attack roll", "attack"), ("a control check", "control"),
    ("the defensive roll", "defense"), ("an ENGINE roll", "initiative")])
def test_an_upgrade_roll_reads_with_its_article(
        written: str, roll: str, write_outrider: Callable[..., Path]) -> None:
    """7.4's 'the attack roll', 5.4's 'a control check': the roll read with its article."""
    path = write_outrider(top(upgrades=[{"name": "Kit", "roll": written, "bonus": 5}]))
    findings = check_file(path).findings
    assert {f.rule for f in findings} == {"OR-RULE-OF-FOUR"}
    assert all(f" {roll} roll" in f.message for f in findings)


@pytest.mark.parametrize(("dice", "read"), [
    # 2.3-2.6 name the class each die stands for in its slot: the name reads as the die, in
    # any case, with or without accents, '&' or 'and', singular or as the book's plural.
    ({"engine": "Small Block", "driver": "veterans", "armor": "EXPERIMENTAL COMPOUNDS",
      "weapon": "Small Arm"}, (8, 10, 12, 6)),
    ({"engine": "high-torque", "driver": "Mercenaries", "armor": "Ablatives and Appliques",
      "weapon": "Friggin' Ordinance"}, (6, 8, 10, 12)),
    ({"engine": "High Output", "driver": "Lone Wolves", "armor": "Laminate & Plating",
      "weapon": "Heavy Machine Gun"}, (12, 12, 8, 10)),
    # 2.3 gives each engine's Action Points in brackets after its power: '400+ HP (4 AP)'.
    ({"engine": "400+ HP (4 AP)", "driver": "d10", "armor": "d12", "weapon": "d6"},
     (8, 10, 12, 6)),
    ({"engine": "3 AP", "driver": "d10", "armor": "d12", "weapon": "d8"}, (6, 10, 12, 8)),
    ({"engine": "Big Block (5 AP)", "driver": "d12", "armor": "d8", "weapon": "d6"},
     (10, 12, 8, 6))])
def test_an_equipment_die_reads_by_its_class_name(
        dice: dict[str, str], read: tuple[int, ...], write_outrider: Callable[..., Path]
        ) -> None:
    loaded = check_file(write_outrider(equipment(**dice)))
    assert loaded.definitions[0].model.equipment.as_tuple() == read
    standard = sorted(read) == [6, 8, 10, 12]
    assert {f.rule for f in loaded.findings} == (set() if standard
                                                 else {"OR-EQUIPMENT-STANDARD"})


@pytest.mark.parametrize(("dice", "read"), [
    # 2.3-2.6 pair each die with its class ('an eight-sided ENGINE die (D8)'): both together
    # read as that die, the die first or last; 2.3's rows give an engine with its power and
    # 2.4 calls Veterans vets; each word of a name singular or plural, and 'armour'.
    ({"engine": "d8 Small Block", "driver": "Vets", "armor": "Experimental Compounds (D12)",
      "weapon": "D6 - Small Arms"}, (8, 10, 12, 6)),
    ({"engine": "300+ HP High Torque", "driver": "Mercenary (d8)",
      "armor": "Ablative & Appliqué", "weapon": "d12 Friggin' Ordinance"}, (6, 8, 10, 12)),
    ({"engine": "High Output d12", "driver": "d10 vet", "armor": "Improvised Armour",
      "weapon": "(D8) Light Machine Gun"}, (12, 10, 6, 8))])
def test_an_equipment_die_reads_beside_its_class_as_the_book_pairs_them(
        dice: dict[str, str], read: tuple[int, ...], write_outrider: Callable[..., Path]
        ) -> None:
    loaded = check_file(write_outrider(equipment(**dice)))
    assert loaded.findings == []
    assert loaded.definitions[0].model.equipment.as_tuple() == read


@pytest.mark.parametrize(("dice", "read"), [
    # 2.7's example writes a die beside its slot ('D8 Engine, D10 Driver, D12 Armor & D6
    # Weapon'); 2.2-2.6 word the dice ('a six-sided (D6) ARMOR die', 'twelve sided');
    # 2.3 gives an engine by its power alone and writes a class with its slot ('big block
    # engine'); 2.5's 'Improvised Armor' is 'Improvised' in the armor slot.
    ({"engine": "D8 Engine", "driver": "D10 Driver", "armor": "D12 Armor",
      "weapon": "D6 Weapon"}, (8, 10, 12, 6)),
    ({"engine": "six-sided ENGINE die (D6)", "driver": "eight-sided",
      "armor": "ten-sided (D10) ARMOR die", "weapon": "twelve sided"}, (6, 8, 10, 12)),
    ({"engine": "400+ HP", "driver": "1d10", "armor": "Improvised",
      "weapon": "12-sided"}, (8, 10, 6, 12)),
    ({"engine": "Big Block engine", "driver": "Lone Wolf driver", "armor": "armour: d8",
      "weapon": "Small Arms weapons"}, (10, 12, 8, 6))])
def test_an_equipment_die_reads_as_the_book_words_it(
        dice: dict[str, str], read: tuple[int, ...], write_outrider: Callable[..., Path]
        ) -> None:
    loaded = check_file(write_outrider(equipment(**dice)))
    assert loaded.findings == []
    assert loaded.definitions[0].model.equipment.as_tuple() == read


@pytest.mark.parametrize(("dice", "read"), [
    # 2.3-2.6 give each die with its article ('represented by a six-sided ENGINE die (D6)',
    # 'roll a six-sided (D6) ARMOR die', 'an eight-sided', 'The Lone Wolf is represented'):
    # the phrase copied whole, article and all, reads as the die it names.
    ({"engine": "an eight-sided ENGINE die (D8)", "driver": "a twelve-sided DRIVER die (D12)",
      "armor": "a six-sided (D6) ARMOR die", "weapon": "a ten-sided (D10) WEAPON die"},
     (8, 12, 6, 10)),
    ({"engine": "a Big Block", "driver": "The Lone Wolf", "armor": "an eight-sided (D8)",
      "weapon": "the Small Arms"}, (10, 12, 8, 6))])
def test_an_equipment_die_reads_with_the_article_the_book_gives_it(
        dice: dict[str, str], read: tuple[int, ...], write_outrider: Callable[..., Path]
        ) -> None:
    loaded = check_file(write_outrider(equipment(**dice)))
    assert loaded.findings == []
    assert loaded.definitions[0].model.equipment.as_tuple() == read


@pytest.mark.parametrize("value", ["a", "the d8 the", "a an d8", "ad8", "thed8"])
def test_an_article_alone_or_twice_is_no_die(value: str, write_outrider: Callable[..., Path]
                                             ) -> None:
    """Only one article, before the die and apart from it, reads."""
    path = write_outrider(equipment(engine=value))
    assert "SCHEMA-VALUE" in {f.rule for f in check_file(path).findings}


@pytest.mark.parametrize("value", ["six", "d8 Engine d10", "Armor", "D8 Armor", "HP 400"])
def test_a_die_s_words_read_only_as_one_die_of_the_slot(
        value: str, write_outrider: Callable[..., Path]) -> None:
    """Two dice, no die, or another slot's word is no die of this slot."""
    path = write_outrider(equipment(engine=value))
    assert "SCHEMA-VALUE" in {f.rule for f in check_file(path).findings}


def test_a_long_value_is_no_die_and_is_refused_at_once() -> None:
    """A value past any name's length is not searched for a die (the patterns backtrack)."""
    start = time.perf_counter()
    for value in ("engine " * 2000 + "d8 x", " " * 5000 + "x", "a" * 10000):
        with pytest.raises(ValueError):
            parse_slot_die("engine", value)
    assert time.perf_counter() - start < 1.0


def test_a_die_beside_another_die_s_class_names_both(write_outrider: Callable[..., Path]
                                                      ) -> None:
    """'d8 Big Block' is two different dice: refused at the value, saying which."""
    path = write_outrider(equipment(engine="d8 Big Block"))
    findings = check_file(path).findings
    assert [(f.rule, f.mark.line) for f in findings if f.severity is Severity.ERROR] == [
        ("SCHEMA-VALUE", line_of(path, "d8 Big Block"))]
    assert "d8 and Big Block (d10) are two different dice" in findings[0].message


def line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


@pytest.mark.parametrize(("change", "rule_id"), [
    # A value that failed on the narrow side hides nothing its rule finds on the wide side.
    (lambda d: (bonuses("narrow", defense="2", handling=1)(d),
                bonuses("wide", defense=3, handling=1)(d)), "OR-BONUS-RANGE"),
    (lambda d: (side("narrow", arcs=[arc("primary", "top", "fixed")])(d),
                side("wide", arcs=[arc("primary", "left", "fixed")])(d)), "OR-ARC-FIXED-FACING"),
    (lambda d: (side("narrow", arcs=[arc("primary", "front", "turret")])(d),
                side("wide", arcs=[arc("secondary", "front", "articulated")])(d)),
     "OR-ARC-PRIMARY"),
    (lambda d: (bonuses("narrow", defense=2.5)(d), bonuses("wide", defense=2)(d),
                top(upgrades=[{"name": "Plate", "roll": "defense", "bonus": 3}])(d)),
     "OR-RULE-OF-FOUR"),
    # ...nor does a side left out.
    (lambda d: (d["variants"].pop("wide"),
                side("narrow", arcs=[arc("primary", "front", "fixed"),
                                     arc("primary", "rear", "fixed")])(d)), "OR-ARC-PRIMARY")])
def test_a_failed_value_on_one_side_hides_no_finding_on_the_other(
        change: Change, rule_id: str, write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(change)
    findings = check_file(path).findings
    assert {f.rule for f in findings if f.rule.startswith("SCHEMA-")}
    assert rule_id in {f.rule for f in findings}


@pytest.mark.parametrize(("change", "rule_id", "line"), [
    # Two readable slots holding one die break the set of 2.2 whatever the unreadable holds.
    (lambda d: equipment(engine="d8 Big Block", weapon="d12")(d),
     "OR-EQUIPMENT-STANDARD", "d12"),
    # An Interceptor's d6 High Torque engine (1.2) does not fit whatever its weapon is.
    (lambda d: top(nickname="Interceptor", equipment={
        "engine": "d6", "driver": "d10", "armor": "d12", "weapon": "d8 Small Arms"})(d),
     "OR-CLASS-EQUIPMENT", "engine: d6"),
    # Equipment past the cap (5.4) stays past it whatever another upgrade adds.
    (lambda d: top(upgrades=[{"name": "Harness", "roll": "control", "bonus": 4},
                             {"name": "Seat", "roll": "speed", "bonus": 1}])(d),
     "OR-RULE-OF-FOUR", "Harness"),
    (lambda d: top(upgrades=[{"name": "Harness", "roll": "control", "bonus": 4},
                             {"name": "Seat", "roll": "control", "bonus": 0}])(d),
     "OR-RULE-OF-FOUR", "Harness"),
    (lambda d: top(upgrades=[{"name": "Harness " * 4, "roll": "control", "bonus": 4}])(d),
     "OR-RULE-OF-FOUR", "Harness"),
    # A bonus that failed can only add lights to the wide side, which already has as many
    # as the narrow one (2.1)...
    (lambda d: (bonuses("narrow", defense=1)(d), bonuses("wide", defense=1, speeed=1)(d)),
     "OR-VARIANT-BONUSES", "{defense: 1}"),
    # ...and an arc that failed can only widen the narrow side, already the wider one.
    (lambda d: (side("narrow", arcs=[arc("primary", "front", "articulated"),
                                     arc("secondary", "top", "fixed")])(d),
                side("wide", arcs=[arc("primary", "front", "fixed")])(d)),
     "OR-VARIANT-ARCS", "articulated"),
    # Two primary arcs, or three secondary, are too many whatever an unreadable arc is (7.1);
    (lambda d: side("narrow", arcs=[arc("primary", "front", "fixed"),
                                    arc("primary", "rear", "fixed"),
                                    arc("tertiary", "rear", "fixed")])(d),
     "OR-ARC-PRIMARY", "primary, facing: rear"),
    (lambda d: side("wide", arcs=[arc("primary", "front", "articulated"),
                                  arc("secondary", "rear", "fixed"),
                                  arc("secondary", "left", "articulated"),
                                  arc("secondary", "right", "articulated"),
                                  arc("tertiary", "rear", "fixed")])(d),
     "OR-ARC-SECONDARY", "secondary, facing: right"),
    # ...and three arcs on one edge do not fit beside an arc on an unknown edge (1.2).
    (lambda d: side("narrow", arcs=[arc("primary", "front", "fixed"),
                                    arc("secondary", "front", "fixed"),
                                    arc("secondary", "front", "articulated"),
                                    arc("secondary", "top", "fixed")])(d),
     "OR-PRINT-ARCS", "front, mount: articulated}")])
def test_a_failed_value_hides_no_finding_it_cannot_change(
        change: Change, rule_id: str, line: str, write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(change)
    findings = check_file(path).findings
    assert {f.rule for f in findings if f.rule.startswith("SCHEMA-")}
    assert line_of(path, line) in {f.mark.line for f in findings if f.rule == rule_id}
    skipped = [f.message for f in findings if f.rule == "CHECK-SKIPPED"]
    assert not any(rule_id in message for message in skipped)


@pytest.mark.parametrize(("change", "rule_id"), [
    (lambda d: equipment(engine="d8 Big Block")(d), "OR-EQUIPMENT-STANDARD"),
    (lambda d: top(nickname="Interceptor", equipment={
        "engine": "d8", "driver": "d10", "armor": "d12", "weapon": "d8 Small Arms"})(d),
     "OR-CLASS-EQUIPMENT"),
    (lambda d: top(upgrades=[{"name": "Harness", "roll": "speed", "bonus": 3}])(d),
     "OR-RULE-OF-FOUR"),
    (lambda d: (bonuses("narrow", defense=1, speeed=1)(d), bonuses("wide", defense=2)(d)),
     "OR-VARIANT-BONUSES"),
    (lambda d: side("wide", arcs=[arc("primary", "top", "fixed")])(d), "OR-VARIANT-ARCS"),
    (lambda d: side("wide", arcs=[arc("tertiary", "front", "articulated")])(d),
     "OR-ARC-PRIMARY")])
def test_a_finding_a_failed_value_could_make_is_a_skipped_check(
        change: Change, rule_id: str, write_outrider: Callable[..., Path]) -> None:
    """Nothing found in what read, but the unreadable value could break the rule."""
    findings = check_file(write_outrider(change)).findings
    assert rule_id not in {f.rule for f in findings}
    assert any(rule_id in f.message for f in findings if f.rule == "CHECK-SKIPPED")


@pytest.mark.parametrize(("key", "field", "rule_ids"), [
    ("Arcs", "arcs", {"OR-ARC-PRIMARY", "OR-VARIANT-ARCS"}),
    ("bonus", "bonuses", {"OR-VARIANT-BONUSES"})])
def test_a_misspelt_side_key_leaves_the_field_unknown_not_empty(
        key: str, field: str, rule_ids: set[str], write_outrider: Callable[..., Path]) -> None:
    """'Arcs:' for arcs is a typo, not a side without a primary arc (7.1) or bonuses (2.1)."""
    def change(data: dict[str, Any]) -> None:
        data["variants"]["narrow"][key] = data["variants"]["narrow"].pop(field)
    findings = check_file(write_outrider(change)).findings
    assert {f.rule for f in findings} == {"SCHEMA-UNKNOWN-KEY", "CHECK-SKIPPED"}
    (unknown,) = [f for f in findings if f.rule == "SCHEMA-UNKNOWN-KEY"]
    assert f"did you mean '{field}'" in unknown.message


def test_a_misspelt_top_level_key_leaves_the_field_unknown(
        write_outrider: Callable[..., Path]) -> None:
    """'Upgrades:' is a typo for upgrades, so the rule of four (5.4) is not judged as if the
    vehicle had none: it is listed as not checked."""
    def change(data: dict[str, Any]) -> None:
        data["Upgrades"] = [{"name": "Harness", "roll": "control", "bonus": 4}]
    findings = check_file(write_outrider(change)).findings
    assert {f.rule for f in findings} == {"SCHEMA-UNKNOWN-KEY", "CHECK-SKIPPED"}
    (skipped,) = [f for f in findings if f.rule == "CHECK-SKIPPED"]
    assert "OR-RULE-OF-FOUR" in skipped.message


def test_upgrades_or_bonuses_left_blank_are_none(write_outrider: Callable[..., Path]) -> None:
    """'upgrades:' with the template's example deleted, or 'bonuses:' with no lights under
    it (2.7: no lights, no bonus), reads as if the key were left out, not as a wrong type."""
    assert check_file(write_outrider(top(upgrades=None))).findings == []
    findings = check_file(write_outrider(side("wide", bonuses=None))).findings
    assert findings == []
    findings = check_file(write_outrider(side("narrow", bonuses=None))).findings
    assert {f.rule for f in findings} == {"OR-VARIANT-BONUSES"}


def test_an_unknown_card_edge_cites_where_the_book_puts_arcs_on_the_edges(
        write_outrider: Callable[..., Path]) -> None:
    """1.2: weapon arcs are the red areas along the vehicle card's edges."""
    path = write_outrider(side("narrow", arcs=[arc("primary", "top", "fixed")]))
    (finding,) = [f for f in check_file(path).findings if f.rule == "SCHEMA-VALUE"]
    assert finding.source == "Outrider, 1.2 Vehicle Cards > Weapon Arcs"
    assert finding.mark.line == line_of(path, "top")


def test_an_empty_nickname_skips_the_class_rule_naming_the_nickname(
        write_outrider: Callable[..., Path]) -> None:
    findings = check_file(write_outrider(top(nickname=""))).findings
    (skipped,) = [f for f in findings if f.rule == "CHECK-SKIPPED"]
    assert "because nickname has an error: OR-CLASS-UNKNOWN" in skipped.message


# --- orjrlegal: values typed as the book prints them ----------------------------------------


def editor_refuses(path: Path) -> bool:
    """Whether the editor's JSON Schema refuses the file (it must agree with check)."""
    import json

    import jsonschema

    from generator.commands.json_schema import kind_schema
    from generator.project.registry import GAMES
    data = json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8"))))
    game = GAMES["outrider"]
    validator = jsonschema.Draft202012Validator(kind_schema(game, game.kinds["vehicle"]))
    return any(True for _ in validator.iter_errors(data))


@pytest.mark.parametrize(("change", "rules"), [
    # 1.2: 'a +1 or +2 boost'; a bonus written with its sign, even quoted, is that number
    (bonuses("narrow", defense="+2", handling="+1"), set()),
    (bonuses("wide", defense="+1", handling=" + 1 "), set()),
    # ...and one out of range is still the range rule, not passed and not a schema error
    (bonuses("narrow", defense="+3", handling="+1"), {"OR-BONUS-RANGE"}),
    (bonuses("narrow", defense="+2", handling="-1"), {"OR-BONUS-RANGE", "OR-VARIANT-BONUSES"}),
    # 7.4: 'a +1 bonus': an upgrade's bonus with its sign
    (top(upgrades=[{"name": "Roll Cage", "roll": "defense", "bonus": "+1"}]), set()),
    (top(upgrades=[{"name": "Roll Cage", "roll": "control", "bonus": "+0"}]),
     {"SCHEMA-VALUE", "CHECK-SKIPPED"}),
    (top(upgrades=[{"name": "Roll Cage", "roll": "control", "bonus": "+1 or +2"}]),
     {"SCHEMA-TYPE", "CHECK-SKIPPED"})])
def test_a_bonus_reads_with_the_sign_the_book_prints(
        change: Change, rules: set[str], write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(change)
    assert {f.rule for f in check_file(path).findings} == rules
    assert editor_refuses(path) == bool(rules)


@pytest.mark.parametrize(("tachometer", "skill_track", "rules"), [
    # 2.3 brackets an engine's Action Points after its power: '400+ HP (4 AP)'
    ("(4 AP)", "(10 Skill Points)", set()),
    ("( four (4) Action Points )", 10, set()),
    ("(6 AP)", "(12 Skill Points)", {"OR-ACTION-POINTS", "OR-SKILL-POINTS"}),
    ("(4 Skill Points)", 10, {"SCHEMA-TYPE", "CHECK-SKIPPED"})])
def test_a_count_reads_in_the_brackets_the_book_gives_it(
        tachometer: Any, skill_track: Any, rules: set[str],
        write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(top(tachometer=tachometer, skill_track=skill_track))
    assert {f.rule for f in check_file(path).findings} == rules
    assert editor_refuses(path) == bool(rules)


@pytest.mark.parametrize(("dice", "read"), [
    # 2.4 gives each driver class its pool ('ten (10) Skill Points') as 2.3 gives an engine
    # its AP: the pool alone or after the class reads as the driver's die, as '4 AP' and
    # 'Small Block (4 AP)' read as the engine's; 2.3's whole row reads too.
    ({"engine": "400+ HP Small Block (4 AP)", "driver": "10 Skill Points"}, (8, 10)),
    ({"engine": "4 Action Points", "driver": "Veteran (10 Skill Points)"}, (8, 10)),
    ({"engine": "four (4) AP", "driver": "Vets (ten (10) Skill Points)"}, (8, 10)),
    ({"engine": "High Torque (3 Action Points)", "driver": "twelve Skill Points"}, (6, 12))])
def test_a_die_reads_by_the_points_the_book_gives_its_class(
        dice: dict[str, str], read: tuple[int, int], write_outrider: Callable[..., Path]
        ) -> None:
    loaded = check_file(write_outrider(equipment(**dice)))
    assert loaded.definitions[0].model.equipment.as_tuple()[:2] == read
    standard = sorted((*read, 12, 6)) == [6, 8, 10, 12]
    assert {f.rule for f in loaded.findings} == (set() if standard
                                                 else {"OR-EQUIPMENT-STANDARD"})


@pytest.mark.parametrize("dice", [
    # a class and a count that disagree are no die; a pool in the engine slot is refused
    {"driver": "Veteran (12 Skill Points)"}, {"engine": "Small Block (5 AP)"},
    {"engine": "10 Skill Points"}, {"driver": "4 AP"}])
def test_a_class_and_points_that_disagree_are_refused(
        dice: dict[str, str], write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(equipment(**dice))
    assert {f.rule for f in check_file(path).findings} == {"SCHEMA-VALUE", "CHECK-SKIPPED"}
    assert editor_refuses(path)


@pytest.mark.parametrize(("weapon", "mount", "refused"), [
    # 7.1's heading: 'Secondary Weapon(s)'; 7.2 'fixed weapons'
    ("Secondary Weapon(s)", "Fixed Weapon(s)", False), ("secondary weapons", "fixed", False),
    ("Tertiary Weapon(s)", "fixed", True)])
def test_an_arc_reads_by_the_books_heading(
        weapon: str, mount: str, refused: bool, write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(side("narrow", arcs=[arc("primary", "front", "fixed"),
                                               arc(weapon, "rear", mount)]))
    assert bool(check_file(path).findings) == refused
    assert editor_refuses(path) == refused


@pytest.mark.parametrize(("change", "rules"), [
    # 1.3 and 7.4 name a bonus with 'bonus' after it ('Defensive Bonus', 'Firepower Bonus')
    (bonuses("narrow", **{"Defensive Bonus": 2, "Handling Bonus": 1}), set()),
    (bonuses("wide", **{"defense bonus": 1, "HANDLING BONUS": "+1"}), set()),
    (bonuses("narrow", **{"Defense Bonus": 3, "handling": 1}), {"OR-BONUS-RANGE"}),
    (bonuses("narrow", **{"Defense Bonus": 2, "defense": 1}),
     {"YAML-DUPLICATE-KEY", "OR-VARIANT-BONUSES"}),   # one bonus written twice
    (bonuses("narrow", **{"Speed Bonus": 2, "handling": 1}),
     {"SCHEMA-UNKNOWN-KEY", "CHECK-SKIPPED"}),
    # 2.2's table heads each slot 'Engine Die', 'Armor Die'...
    (lambda d: d.update(equipment={"Engine Die": "d8", "DRIVER DIE": "d10",
                                   "armour die": "d12", "Weapon Die": "d6"}), set()),
    (lambda d: d.update(equipment={"Engine Die": "d20", "DRIVER DIE": "d10",
                                   "armour die": "d12", "Weapon Die": "d6"}),
     {"OR-EQUIPMENT-STANDARD"}),
    # ...and an upgrade's roll by the bonus that adds to it
    (top(upgrades=[{"name": "Roll Cage", "roll": "Defensive Bonus", "bonus": 1}]), set()),
    (top(upgrades=[{"name": "Roll Cage", "roll": "Speed Bonus", "bonus": 1}]),
     {"SCHEMA-VALUE", "CHECK-SKIPPED"})])
def test_a_key_or_roll_reads_as_the_book_heads_it(
        change: Change, rules: set[str], write_outrider: Callable[..., Path]) -> None:
    path = write_outrider(change)
    assert {f.rule for f in check_file(path).findings} == rules
    if "YAML-DUPLICATE-KEY" not in rules:  # no schema sees two spellings of one key
        assert editor_refuses(path) == bool(rules)
