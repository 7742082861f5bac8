"""The declarative schema: exact messages for unknown keys, types, ranges and lengths."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from generator.input.findings import Finding
from generator.input.schema import (
    INVALID,
    Bool,
    Choice,
    Int,
    ListOf,
    Nullable,
    Struct,
    Text,
    Validation,
    did_you_mean,
    show_path,
    spec_field,
)
from generator.input.source import parse_document


@dataclass(frozen=True)
class Wheel:
    """A test model."""

    size: int = spec_field(Int(1, 6), "Wheel size.")
    kind: str = spec_field(Choice(["spoked", "solid"]), "Wheel kind.", default="spoked")


@dataclass(frozen=True)
class Cart:
    """A test model."""

    name: str = spec_field(Text(), "The name.")
    wheels: tuple[Wheel, ...] = spec_field(ListOf(Struct(Wheel), 2, 4), "Wheels.")
    armour: int | None = spec_field(Nullable(Int(0, 2)), "Armour.", default=None,
                                    source="Guide > Armour")


def validate(text: str) -> tuple[object, list[Finding], Validation]:
    doc = parse_document(text, "cart.yaml")
    v = Validation(source="test format")
    value = Struct(Cart).validate(doc.root, (), v)
    return value, v.findings, v


GOOD = "name: Dray\nwheels:\n  - {size: 2}\n  - {size: 3, kind: solid}\n"


def test_a_valid_mapping_builds_the_frozen_model_and_records_positions() -> None:
    value, findings, v = validate(GOOD + "armour: blank\n")
    assert findings == []
    assert value == Cart("Dray", (Wheel(2), Wheel(3, "solid")), None)
    assert v.marks[("wheels", 1, "kind")].line == 4


def test_unknown_key_suggests_the_nearest_field() -> None:
    value, findings, _ = validate(GOOD + "armor: 1\n")
    assert value is INVALID
    (finding,) = findings
    assert finding.rule == "SCHEMA-UNKNOWN-KEY"
    assert finding.message == "armor: unknown key 'armor'; did you mean 'armour'?"
    assert (finding.mark.line, finding.mark.column) == (5, 1)
    assert finding.hint == "known keys here: name, wheels, armour"


def test_wrong_type_names_the_path_what_was_expected_and_found() -> None:
    _, findings, _ = validate("name: Dray\nwheels:\n  - {size: two}\n  - {size: 3}\n")
    (finding,) = findings
    assert finding.rule == "SCHEMA-TYPE"
    assert finding.message == ("wheels[0].size: expected a whole number from 1 to 6, "
                               "found 'two' (text)")
    assert (finding.mark.line, finding.mark.column) == (3, 12)


def test_out_of_range_value_cites_the_rulebook_section_when_declared() -> None:
    _, findings, _ = validate(GOOD + "armour: 3\n")
    (finding,) = findings
    assert finding.rule == "SCHEMA-VALUE"
    assert finding.message == ("armour: expected a whole number from 0 to 2, or blank "
                               "('blank' or ~), found 3 (a whole number)")
    assert finding.source == "Guide > Armour"


def test_choice_typo_suggests_the_option() -> None:
    _, findings, _ = validate("name: Dray\nwheels:\n  - {size: 2, kind: sollid}\n  - {size: 1}\n")
    (finding,) = findings
    assert finding.message.endswith("found 'sollid' (text); did you mean 'solid'?")


def test_wrong_length_and_missing_keys_are_all_reported_not_just_the_first() -> None:
    _, findings, _ = validate("wheels:\n  - {size: 9}\n")
    assert {(f.rule, f.message) for f in findings} == {
        ("SCHEMA-VALUE", "wheels[0].size: expected a whole number from 1 to 6, found 9 "
                         "(a whole number)"),
        ("SCHEMA-LENGTH", "wheels: expected 2 to 4 entries, found 1"),
        ("SCHEMA-MISSING-KEY", "name: required key 'name' is missing"),
    }


def test_a_list_too_long_points_at_its_first_surplus_entry() -> None:
    # wheels take 2 to 4: the fifth is the one to remove, so the finding sits on it.
    wheels = "".join(f"  - {{size: {n}}}\n" for n in range(1, 6))
    _, findings, _ = validate("name: Dray\nwheels:\n" + wheels)
    (finding,) = findings
    assert finding.message == "wheels: expected 2 to 4 entries, found 5"
    assert (finding.mark.line, finding.mark.column) == (7, 5)


def test_booleans_are_not_numbers_and_numbers_are_not_text() -> None:
    _, findings, _ = validate("name: 1812\nwheels:\n  - {size: true}\n  - {size: 1}\n")
    messages = sorted(f.message for f in findings)
    assert messages == [
        "name: expected text (put it in quotes to make it text), found 1812 (a whole number)",
        "wheels[0].size: expected a whole number from 1 to 6, found true (a yes/no value)",
    ]


@pytest.mark.parametrize(("word", "options", "expected"), [
    ("resiliance", ["resilience", "value"], "resilience"),
    ("WHIP", ["whip", "reins"], "whip"),
    ("zzz", ["whip", "reins"], None),
])
def test_did_you_mean(word: str, options: list[str], expected: str | None) -> None:
    assert did_you_mean(word, options) == expected


def test_show_path() -> None:
    assert show_path(("speed_table", "move_2", 4)) == "speed_table.move_2[4]"
    assert show_path(()) == "(top level)"


@dataclass(frozen=True)
class Trailer:
    """A test model with an optional mapping."""

    spare: Wheel | None = spec_field(Nullable(Struct(Wheel)), "A spare wheel.", default=None)


def test_a_bad_entry_inside_an_optional_mapping_keeps_its_own_place_and_words() -> None:
    # Formula Ace's season steps are optional mappings (`- buy: {item: sped}`): a typo
    # inside one used to come out as 'buy: expected a mapping, or blank, found a mapping'.
    doc = parse_document("spare: {size: 2, kind: sollid}\n", "trailer.yaml")
    v = Validation(source="test format")
    assert Struct(Trailer).validate(doc.root, (), v) is INVALID
    (finding,) = v.findings
    assert finding.message == ("spare.kind: expected one of 'spoked', 'solid', found "
                               "'sollid' (text); did you mean 'solid'?")
    assert (finding.mark.line, finding.mark.column) == (1, 24)
    doc = parse_document("spare: seven\n", "trailer.yaml")
    v = Validation(source="test format")
    Struct(Trailer).validate(doc.root, (), v)
    assert [f.message for f in v.findings] == [
        "spare: expected a mapping, or blank ('blank' or ~), found 'seven' (text)"]


def test_a_loose_choice_takes_the_book_spelling_and_names_but_not_typos() -> None:
    choice = Choice(["total-speed-way", "zap-o-burn", "web"], loose=True,
                    aliases={"Electromagnetic web": "web", "Nowhere": "missing"})

    def check(text: str) -> tuple[object, list[str]]:
        v = Validation(source="test format")
        value = choice.validate(parse_document(f"x: {text}\n", "c.yaml").root.entries["x"].value,
                                ("x",), v)
        return value, [f.message for f in v.findings]

    assert check("Total Speed Way") == ("total-speed-way", [])
    assert check("\"Zap o' Burn\"") == ("zap-o-burn", [])
    assert check("ELECTROMAGNETIC  WEB") == ("web", [])
    value, messages = check("Electromagnetic Webb")
    assert value is INVALID and messages[0].endswith("did you mean 'web'?")
    assert check("Nowhere")[0] is INVALID  # an alias for no option is ignored
    assert check("'-'")[0] is INVALID


def test_two_spellings_of_one_key_are_a_duplicate_not_a_silent_overwrite() -> None:
    from generator.input.schema import MapOf
    spec = MapOf(Choice(["booster", "zap-o-burn"], loose=True), Int(0, 9))
    v = Validation(source="test format")
    doc = parse_document("{Booster: 1, zap-o-burn: 2, booster: 3}\n", "m.yaml")
    assert spec.validate(doc.root, ("upgrades",), v) is INVALID
    (finding,) = v.findings
    assert finding.rule == "YAML-DUPLICATE-KEY"
    assert finding.message.startswith("key 'booster' is written twice")
    v = Validation(source="test format")
    doc = parse_document("{\"Zap o' Burn\": 2}\n", "m.yaml")
    assert spec.validate(doc.root, ("upgrades",), v) == {"zap-o-burn": 2}
    # A rule about upgrades.zap-o-burn finds the value written under the book's name.
    assert v.marks[("upgrades", "zap-o-burn")].column == 17


def test_an_optional_choice_keeps_its_did_you_mean() -> None:
    spec = Nullable(Choice(["piloting", "g_endurance", "firing"], loose=True))
    v = Validation(source="test format")
    doc = parse_document("skill: fireing\n", "s.yaml")
    assert spec.validate(doc.root.entries["skill"].value, ("skill",), v) is INVALID
    assert v.findings[0].message == (
        "skill: expected one of 'piloting', 'g_endurance', 'firing', or blank ('blank' or ~), "
        "found 'fireing' (text); did you mean 'firing'?")


@dataclass(frozen=True)
class Flag:
    """A test model with a yes/no field."""

    lit: bool = spec_field(Bool(), "Lit.")
    label: str = spec_field(Text(), "A label.", default="x")


@pytest.mark.parametrize(("text", "value"), [
    ("lit: yes", True), ("lit: 'yes'", True), ("lit: 'Off'", False), ('lit: "TRUE"', True),
    ("lit: false", False)])
def test_a_yes_no_field_takes_the_words_quoted_or_not(text: str, value: bool) -> None:
    # An editor's YAML 1.2 reads yes and 'yes' alike, as text; check takes both as the JSON
    # Schema does.
    v = Validation(source="test format")
    flag = Struct(Flag).validate(parse_document(text + "\n", "f.yaml").root, (), v)
    assert v.findings == [] and flag == Flag(lit=value)


@pytest.mark.parametrize("label", ["yes", "'yes'", '"No"', "'off'"])
def test_text_is_never_a_yes_no_word_quoted_or_not(label: str) -> None:
    v = Validation(source="test format")
    Struct(Flag).validate(parse_document(f"lit: true\nlabel: {label}\n", "f.yaml").root, (), v)
    assert [f.rule for f in v.findings] in (["SCHEMA-TYPE"], ["SCHEMA-VALUE"])
    assert "write other text" in v.findings[0].message


def test_a_whole_number_written_with_a_point_is_that_number() -> None:
    value, findings, _ = validate("name: Dray\nwheels:\n  - {size: 2.0}\n  - {size: 3}\n")
    assert findings == [] and value.wheels[0].size == 2  # type: ignore[attr-defined]
    _, findings, _ = validate("name: Dray\nwheels:\n  - {size: 2.5}\n  - {size: 3}\n")
    assert [f.message for f in findings] == [
        "wheels[0].size: expected a whole number from 1 to 6, found 2.5 (a decimal number)"]
