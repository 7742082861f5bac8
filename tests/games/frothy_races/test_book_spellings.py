"""A vehicle typed as the Frothy Races guide prints its tables and examples reads as the guide
means it, in ``paddock check`` and in the editor's schema alike; a value that is wrong
however it is spelt is still refused (frlegal2)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from generator.commands.json_schema import kind_schema
from generator.project.registry import GAMES
from tests.conftest import check_file, rule_ids
from tests.games.frothy_races.test_frothy_rules import Change, damage_track, set_path


def editor_errors(path: Path) -> list[str]:
    """The editor schema's complaints about the file, as an editor's JSON reads it."""
    game = GAMES["frothy-races"]
    data = json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8"))))
    validator = jsonschema.Draft202012Validator(kind_schema(game, game.kinds["vehicle"]))
    return [error.message for error in validator.iter_errors(data)]


def special(card: dict[str, Any]) -> Change:
    return set_path("cards", value={"whip": 3, "reins": 3, "special": [card]})


# A name with its number where the guide prints '#', as the examples print them: where the
# guide prints it, the change, and the entry and value it reads as.
NUMBERED: list[tuple[str, Change, tuple[str, int]]] = [
    ("Attack Example", damage_track(6, {1: "+1 Control Loss Point", 6: "Wipe-out"}),
     ("+# Control Loss", 1)),
    ("Collision Example", damage_track(6, {1: "+1 Control Point", 6: "Wipe-out"}),
     ("+# Control Loss", 1)),
    ("Damage Affects 1", damage_track(6, {1: "+1 Control / Round", 6: "Wipe-out"}),
     ("+# Control / Round", 1)),
    ("Damage Affects 2", damage_track(6, {3: "-1 Resilience", 6: "Wipe-out"}),
     ("-# Resilience", 1)),
    ("Damage Affects 3", damage_track(6, {3: "2 Damage", 6: "Wipe-out"}), ("# Damage", 2)),
    ("Damage Affects 6", damage_track(6, {3: "3 Maximum Acceleration", 6: "Wipe-out"}),
     ("# Maximum Acceleration", 3)),
    ("Damage Affects 8", damage_track(6, {3: "Maximum Speed 4", 6: "Wipe-out"}),
     ("Maximum Speed #", 4)),
    ("Damage Affects 11", damage_track(6, {3: "-1 Speed Check Acceleration Modifier",
                                           6: "Wipe-out"}),
     ("+/- # Speed Check Acceleration Modifier", -1)),
    ("Stamina Check Example", set_path("stamina", "affects", 9, value="-1Speed"),
     ("-# Speed", 1)),
    ("Stamina Check Example", set_path("stamina", "affects", 5, value="+1Reins / Speed Check"),
     ("+# Reins / Speed Check", 1)),
    ("example licence", set_path("traits", value=["Blades +1"]), ("Blades", 1)),
    ("Traits", set_path("traits", value=["Cat O' Nine 2"]), ("Cat O' Nine", 2)),
    ("Whip Special Cards", special({"name": "Berserker 2", "face": "Whip"}), ("Berserker", 2)),
]


@pytest.mark.parametrize(("where", "change", "reads"), NUMBERED,
                         ids=[f"{w}-{r[0]}" for w, _, r in NUMBERED])
def test_a_name_with_its_number_reads_as_the_guides_entry(
        where: str, change: Change, reads: tuple[str, int],
        write_vehicle: Callable[..., Path]) -> None:
    """The guide's examples print an entry with its number ('-1 Speed', '+1 Control Loss
    Point', 'Blades - +1'): so written, it is the entry with that '#'."""
    path = write_vehicle(change)
    loaded = check_file(path)
    errors = [f for f in loaded.findings if f.severity.name == "ERROR"]
    assert errors == []
    model = loaded.definitions[0].model
    refs = [*model.traits, *model.cards.special,
            *(a for level in model.damage.affects.values() for a in level),
            *(a for level in model.stamina.affects.values() for a in level)]
    assert any((ref.name, ref.value) == reads for ref in refs), refs
    assert editor_errors(path) == []


@pytest.mark.parametrize(("change", "rule"), [
    (set_path("stamina", "affects", 9, value={"name": "-1 Speed", "value": 2}),
     "FR-STAMINA-AFFECT-UNKNOWN"),
    (set_path("traits", value=["Blades -1"]), "FR-TRAIT-UNKNOWN"),
    (set_path("traits", value=["Blades 0"]), "FR-HASH-NO-EFFECT"),
    (damage_track(6, {3: "Maximum Speed 9", 6: "Wipe-out"}), "FR-DMG-VALUE-IMPOSSIBLE"),
    (set_path("stamina", "affects", 9, value="-7 Speed"), "FR-DMG-VALUE-IMPOSSIBLE"),
    (special({"name": "Yah! 2", "face": "whip"}), "FR-SPECIAL-UNKNOWN"),
])
def test_a_number_in_a_name_is_still_judged(change: Change, rule: str,
                                            write_vehicle: Callable[..., Path]) -> None:
    """Read from the name, a number meets the rules a 'value:' does; a name that takes no
    '#', a negative one, or a number given twice is refused."""
    findings = check_file(write_vehicle(change)).findings
    assert rule in rule_ids(findings)
    twice = [f for f in findings if "gives a number in its name and another" in f.message]
    assert bool(twice) == (rule == "FR-STAMINA-AFFECT-UNKNOWN")


@pytest.mark.parametrize("typed", ["2", "+1", " +1 "])
def test_a_number_typed_in_quotes_reads_as_the_number(
        typed: str, write_vehicle: Callable[..., Path]) -> None:
    """The guide prints signed numbers ('+1'); in YAML they are often quoted."""
    path = write_vehicle(set_path("traits", value=[{"name": "Blades", "value": typed}]))
    loaded = check_file(path)
    assert loaded.findings == [] and editor_errors(path) == []
    assert loaded.definitions[0].model.traits[0].value == int(typed)


def test_a_quoted_minus_is_kept_for_a_signed_modifier(
        write_vehicle: Callable[..., Path]) -> None:
    path = write_vehicle(damage_track(6, {3: {
        "name": "+/- # Speed Check Acceleration Modifier", "value": "-1"}, 6: "Wipe-out"}))
    loaded = check_file(path)
    assert loaded.findings == [] and editor_errors(path) == []
    assert loaded.definitions[0].model.damage.affects[3][0].value == -1


@pytest.mark.parametrize("typed", ["+-1", "1.5", "#1"])
def test_a_quoted_value_that_is_no_number_is_refused(
        typed: str, write_vehicle: Callable[..., Path]) -> None:
    path = write_vehicle(set_path("traits", value=[{"name": "Blades", "value": typed}]))
    assert "SCHEMA-VALUE" in rule_ids(check_file(path).findings)
    assert editor_errors(path)


def test_the_move_tables_stamina_row_reads_with_its_signs(
        write_vehicle: Callable[..., Path]) -> None:
    """The example licence's Move Table prints the Stamina row '+3 +2 +1 0 -1 ...'."""
    path = write_vehicle(set_path("speed_table", "stamina",
                                  value=["+3", "+2", "+1", "0", 0, "-1", "-3"]))
    loaded = check_file(path)
    assert loaded.findings == [] and editor_errors(path) == []
    assert loaded.definitions[0].model.speed_table.stamina == (3, 2, 1, 0, 0, -1, -3)
    past = check_file(write_vehicle(set_path("speed_table", "stamina", 0, value="+10")))
    (finding,) = [f for f in past.findings if f.rule.startswith("SCHEMA-")]
    assert "remove the quotes" not in finding.message  # 10 is past the row's range anyway


def test_a_control_entry_of_a_signed_count_reads_as_dice(
        write_vehicle: Callable[..., Path]) -> None:
    path = write_vehicle(set_path("speed_table", "control",
                                  value=["SAFE", "SAFE", "SAFE", "+1", "+2", "+3", "+4"]))
    loaded = check_file(path)
    assert loaded.findings == [] and editor_errors(path) == []
    for bad in ("-1", "+13", "0"):
        refused = write_vehicle(set_path("speed_table", "control", 3, value=bad))
        assert "SCHEMA-VALUE" in rule_ids(check_file(refused).findings), bad
        assert editor_errors(refused), bad


@pytest.mark.parametrize("blank", ["-", "", "\u2013", "Blank"])
def test_a_blank_resilience_may_be_written_as_the_guide_leaves_it(
        blank: str, write_vehicle: Callable[..., Path]) -> None:
    """Damage Table > Resilience: 'either blank, or ...'; the guide prints '-' for nothing."""
    path = write_vehicle(set_path("damage", "resilience", value=blank))
    loaded = check_file(path)
    assert loaded.findings == [] and editor_errors(path) == []
    assert loaded.definitions[0].model.damage.resilience is None


def test_a_resilience_that_is_no_blank_is_refused(write_vehicle: Callable[..., Path]) -> None:
    path = write_vehicle(set_path("damage", "resilience", value="--"))
    assert "SCHEMA-TYPE" in rule_ids(check_file(path).findings) and editor_errors(path)


def test_licence_rows_and_card_types_read_as_the_licence_prints_them(
        write_vehicle: Callable[..., Path]) -> None:
    """The licence names its rows MOVE 1, CONTROL, STAMINA and its cards WHIP, REINS; the
    guide calls a dual card 'Duel' (Vehicle Driving License Example)."""
    def licence(data: dict[str, Any]) -> None:
        table = data["speed_table"]
        data["speed_table"] = {"Acceleration": table["acceleration"],
                               "DECELERATION": table["deceleration"],
                               **{f"MOVE {n}": table[f"move_{n}"] for n in range(1, 5)},
                               "CONTROL": table["control"], "Stamina": table["stamina"]}
        data["cards"] = {"WHIP": 3, "REINS": 3, "Duel": 1}
    path = write_vehicle(licence)
    loaded = check_file(path)
    assert loaded.findings == [] and editor_errors(path) == []
    assert loaded.definitions[0].model.cards.dual == 1
    both = write_vehicle(set_path("cards", value={"whip": 3, "reins": 3, "duel": 1, "dual": 1}))
    assert "YAML-DUPLICATE-KEY" in rule_ids(check_file(both).findings)
    typo = write_vehicle(lambda d: d["speed_table"].update({"MOVE 5": [0] * 7}))
    assert "SCHEMA-UNKNOWN-KEY" in rule_ids(check_file(typo).findings) and editor_errors(typo)


@pytest.mark.parametrize("written", ["Lose Blades", 'Lose "Blades" Trait', "lose 'Blades'"])
def test_lose_named_trait_may_name_its_trait_in_place_of_named(
        written: str, write_vehicle: Callable[..., Path]) -> None:
    """Permanent Damage Affects 5, 'Lose "Named" Trait': the trait stands where the guide
    prints "Named"."""
    path = write_vehicle(damage_track(6, {3: written, 6: "Wipe-out"}))
    loaded = check_file(path)
    assert loaded.findings == [] and editor_errors(path) == []
    lost = loaded.definitions[0].model.damage.affects[3][0]
    assert (lost.name, lost.trait) == ("Lose Named Trait", "Blades")
    picked = check_file(write_vehicle(damage_track(6, {3: {
        "name": "Random", "choices": [written, "Haste"]}, 6: "Wipe-out"})))
    assert picked.findings == []


def test_lose_names_a_trait_the_vehicle_must_have(write_vehicle: Callable[..., Path]) -> None:
    loaded = check_file(write_vehicle(damage_track(6, {3: "Lose Flyer", 6: "Wipe-out"})))
    assert "FR-DMG-LOSE-TRAIT" in rule_ids(loaded.findings)


def test_the_guides_whip_or_reins_card_loss_needs_no_card(
        write_vehicle: Callable[..., Path]) -> None:
    """'-1 Whip / Reins card': where either is indicated, as the guide's name does, the
    player chooses which card; 'card:' may still name one."""
    for affect in ("-1 Whip / Reins card", {"name": "-1 Whip / Reins card", "card": "reins"}):
        path = write_vehicle(damage_track(6, {3: affect, 6: "Wipe-out"}))
        assert check_file(path).findings == [] and editor_errors(path) == [], affect
    bad = write_vehicle(damage_track(6, {3: {"name": "-1 Whip / Reins card", "card": "both"},
                                         6: "Wipe-out"}))
    assert "SCHEMA-VALUE" in rule_ids(check_file(bad).findings) and editor_errors(bad)
    whip = write_vehicle(damage_track(6, {3: {"name": "-1 Reins card", "card": "whip"},
                                          6: "Wipe-out"}))
    assert "FR-AFFECT-PARAM-UNEXPECTED" in rule_ids(check_file(whip).findings)


@pytest.mark.parametrize("affect", [{"name": "-1 Resilience", "card": "whip"},
                                    {"name": "Lose Blades", "card": "whip"}])
def test_a_name_read_as_the_guide_prints_it_takes_no_other_parameter(
        affect: dict[str, str], write_vehicle: Callable[..., Path]) -> None:
    path = write_vehicle(damage_track(6, {3: affect, 6: "Wipe-out"}))
    assert "FR-AFFECT-PARAM-UNEXPECTED" in rule_ids(check_file(path).findings)
    assert editor_errors(path)
