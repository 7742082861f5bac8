"""The editor's JSON Schema and ``check`` agree: on mutants of every shipped file, a file the
JSON Schema refuses is one ``check`` finds a format error in (or an error of a rule the
schema also holds), and the other way round."""

from __future__ import annotations

import json
import math
from copy import deepcopy
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from generator.commands.json_schema import kind_schema, kit_schema, schema_rules
from generator.input.findings import Severity
from generator.project.kit import Kit
from generator.project.loading import load
from generator.project.registry import GAMES
from tests.conftest import shipped_files
from tests.fuzz_cases import Mutation, mutate

# Mutations that keep a file readable YAML most of the time: the ones a schema can judge.
KINDS = ("replace-value", "delete-line", "duplicate-line", "swap-lines")
PER_FILE = 12
SEEDS = [p for p in shipped_files() if p.name != "kit.yaml"]


def format_verdict(path: Path) -> bool | None:
    """True when ``check`` finds the file's format wrong (a schema finding or a rule the
    JSON Schema holds too), False when not; None when the file is not a schema question
    (unreadable YAML, a duplicate key the loaded data cannot show, an unknown game)."""
    loaded = load([path])
    if loaded.unreadable:
        return None
    errors = [f for f in loaded.findings if f.severity is Severity.ERROR]
    if any(f.rule in ("YAML-DUPLICATE-KEY", "DEF-GAME-UNKNOWN", "DEF-KIND-UNKNOWN")
           for f in errors):
        return None
    return any(f.rule.startswith("SCHEMA-") or f.rule in schema_rules() for f in errors)


def as_json(data: Any) -> Any | None:
    """The data as an editor's JSON sees it (keys are text); None when JSON cannot hold it
    the way YAML did: a number that is not finite, a date or another value JSON has no type
    for. (A whole number written as a decimal, 1.0, is a whole number to both.)"""
    def walk(value: Any) -> bool:
        if isinstance(value, float):
            return math.isfinite(value)
        if isinstance(value, dict):
            return all(walk(k) and walk(v) for k, v in value.items())
        if isinstance(value, list):
            return all(walk(v) for v in value)
        return value is None or isinstance(value, bool | int | str)
    if not walk(data):
        return None
    return json.loads(json.dumps(data))


def mutants(seed: Path) -> list[tuple[Mutation, str]]:
    """The file's mutants, each with its text."""
    original = seed.read_text(encoding="utf-8")
    return [(mutation, mutate(original, mutation))
            for mutation in (Mutation(KINDS[n % len(KINDS)], seed=1000 * SEEDS.index(seed) + n)
                             for n in range(PER_FILE))]


def schema_question(text: str, path: Path) -> tuple[Any, Any, bool] | None:
    """The JSON document, its kind's schema and check's verdict, when the mutant is a
    question the schema can answer: loadable YAML of a known game and kind, that JSON holds
    as YAML did, and that check reads (not unreadable, no duplicate key)."""
    try:
        data = yaml.safe_load(text)
    except Exception:  # noqa: BLE001 - PyYAML itself fails on some hostile values
        return None
    path.write_text(text, encoding="utf-8")
    verdict = format_verdict(path)
    if verdict is None or not isinstance(data, dict):
        return None
    game = GAMES.get(data.get("game")) if isinstance(data.get("game"), str) else None
    kind = game.kinds.get(data.get("kind")) if game and isinstance(data.get("kind"), str) \
        else None
    document = as_json(data)
    if kind is None or document is None or game is None:
        return None
    return document, kind_schema(game, kind), verdict


@pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.stem)
def test_check_and_the_json_schema_agree_on_every_mutant(seed: Path, tmp_path: Path) -> None:
    # Mutants that are no schema question are passed over, not reported as skipped tests.
    compared = 0
    for mutation, text in mutants(seed):
        question = schema_question(text, tmp_path / seed.name)
        if question is None:
            continue
        document, schema, verdict = question
        compared += 1
        errors = list(jsonschema.Draft202012Validator(schema).iter_errors(document))
        assert bool(errors) == verdict, (
            f"{mutation}: check says {'wrong' if verdict else 'fine'}, the JSON Schema says "
            f"{errors[0].message if errors else 'fine'}:\n{text}")
    assert compared > 0, f"no mutant of {seed.name} was a question the schema can answer"


# The spellings where an editor's YAML 1.2 and check's YAML 1.1 part ways, or JSON Schema and
# Python count differently: a quoted 'yes' (text to both), a bare yes (a bool to check, text
# to an editor: a Bool takes both, a Text neither), a whole number written 1.0 (a whole
# number to both), and plain wrong values of each type.
EDGE_VALUES: tuple[Any, ...] = ("yes", "Off", True, 1.0, 3.0, 2.5, "zzz", "FAST", 0, 20, -1,
                                None, "d20", "olive-drab")
LEAVES_PER_FILE = 15


class _BlockDumper(yaml.SafeDumper):
    """Writes text of several lines as a literal block, as a track's map must be."""


_BlockDumper.add_representer(str, lambda dumper, text: dumper.represent_scalar(
    "tag:yaml.org,2002:str", text, style="|" if "\n" in text else None))


def leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The key path of every scalar in the data, in file order (not game and kind)."""
    if isinstance(node, dict):  # (a track's map must be a literal block: no JSON can say)
        return [p for k, v in node.items() if k not in ("game", "kind", "map")
                for p in leaves(v, (*path, k))]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in leaves(v, (*path, i))]
    return [path]


def with_value(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A copy of the data with the scalar at ``path`` replaced."""
    copy = deepcopy(data)
    place = copy
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    return copy


def schema_of(data: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of a file's kind (the kit's for ``kind: kit``)."""
    if data.get("kind") == "kit":
        return kit_schema(Kit)
    game = GAMES[data["game"]]
    return kind_schema(game, game.kinds[data["kind"]])


@pytest.mark.parametrize("seed", shipped_files(), ids=lambda p: p.stem)
def test_check_and_the_json_schema_agree_on_edge_spellings(seed: Path, tmp_path: Path) -> None:
    data = yaml.safe_load(seed.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema_of(data))
    paths = leaves(data)
    step = max(1, len(paths) // LEAVES_PER_FILE)
    target = tmp_path / seed.name
    for n, path in enumerate(paths[::step]):
        for value in (EDGE_VALUES[(n + k) % len(EDGE_VALUES)] for k in range(3)):
            document = with_value(data, path, value)
            target.write_text(yaml.dump(document, Dumper=_BlockDumper, sort_keys=False),
                              encoding="utf-8")
            verdict = format_verdict(target)
            assert verdict is not None, f"{path} = {value!r} made {seed.name} unreadable"
            errors = list(validator.iter_errors(as_json(document)))
            assert bool(errors) == verdict, (
                f"{'.'.join(map(str, path))} = {value!r}: check says "
                f"{'wrong' if verdict else 'fine'}, the JSON Schema says "
                f"{errors[0].message[:200] if errors else 'fine'}")


@pytest.mark.parametrize("key", [2.0, 2.5])
def test_a_whole_number_key_written_with_a_point_is_that_number_to_both(
        key: float, tmp_path: Path) -> None:
    seed = next(p for p in SEEDS if p.stem == "glimmering-orrery")
    data = yaml.safe_load(seed.read_text(encoding="utf-8"))
    affects = data["damage"]["affects"]
    data["damage"]["affects"] = {key if level == 2 else level: entry
                                 for level, entry in affects.items()}
    assert 2 in affects
    target = tmp_path / seed.name
    target.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    errors = list(jsonschema.Draft202012Validator(schema_of(data)).iter_errors(as_json(data)))
    assert format_verdict(target) == bool(errors) == (key != int(key))


@pytest.mark.parametrize(("path", "value", "wrong"), [
    (("equipment", "weapon"), "d20", True),          # OR-EQUIPMENT-STANDARD: not a standard die
    (("equipment", "weapon"), "d8", True),           # OR-EQUIPMENT-STANDARD: the d8 twice
    (("equipment", "weapon"), " D6", False),
    (("equipment", "weapon"), "small arms", False),   # the d6's class, by name (2.6)
    (("equipment", "weapon"), "Light Machine Gun", True),   # the d8 twice, by name
    (("equipment", "weapon"), "Small Block", True),  # an engine class in the weapon slot
    (("equipment", "armor"), "Experimental Compounds", False),
    (("equipment", "armor"), "d12 Experimental Compound", False),   # the die beside its class
    (("equipment", "armor"), "Experimental Compounds (D10)", True),  # two different dice
    (("equipment", "engine"), "400+ HP Small Block", False),         # 2.3's row, with power
    (("equipment", "driver"), "Vets", False),                        # 2.4's other name
    (("equipment", "weapon"), "Small Arm (d6)", False),
    (("equipment", "weapon"), "D6 Weapon", False),                   # 2.7's die beside its slot
    (("equipment", "armor"), "twelve-sided (D12) ARMOR die", False),  # 2.5's words
    (("equipment", "armor"), "Experimental Compounds armour", False),  # class and slot word
    (("equipment", "armor"), "Improvised", True),    # the d6 class, no slot word: the d6 twice
    (("equipment", "engine"), "400+ HP", False),                     # 2.3's power alone
    (("equipment", "engine"), "Small Block engine", False),          # 2.3's class and slot
    (("equipment", "engine"), "D8 Armor", True),                     # another slot's word
    (("equipment", "engine"), "eight-sided (D10)", True),            # two different dice
    (("variants", "wide", "bonuses", "defense"), -1, True),   # OR-BONUS-RANGE
    (("variants", "wide", "bonuses", "defense"), 3, True),
    (("variants", "wide", "bonuses", "defense"), 2, False),
    (("tachometer",), 13, True),    # OR-ACTION-POINTS: the engine's AP, in both (any number reads)
    (("tachometer",), 4, False),
    (("tachometer",), "4 AP", False),           # 2.3's unit
    (("tachometer",), "5 Action Points", True),
    (("tachometer",), "4 Skill Points", True),  # another field's unit
])
def test_the_outrider_rules_the_schema_holds_agree_with_check(
        path: tuple[str, ...], value: Any, wrong: bool, tmp_path: Path) -> None:
    seed = next(p for p in SEEDS if p.stem == "iron-curtain")
    data = yaml.safe_load(seed.read_text(encoding="utf-8"))
    if path == ("tachometer",):
        data["tachometer"] = 4
    document = with_value(data, path, value)
    target = tmp_path / seed.name
    target.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    errors = list(jsonschema.Draft202012Validator(schema_of(data)).iter_errors(
        as_json(document)))
    assert format_verdict(target) == bool(errors) == wrong
