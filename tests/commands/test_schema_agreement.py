"""The editor's JSON Schema and ``check`` agree: on mutants of every shipped file, a file the
JSON Schema refuses is one ``check`` finds a format error in (or an error of a rule the
schema also holds), and the other way round."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from generator.commands.json_schema import SCHEMA_RULES, kind_schema
from generator.input.findings import Severity
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
    return any(f.rule.startswith("SCHEMA-") or f.rule in SCHEMA_RULES for f in errors)


def as_json(data: Any) -> Any | None:
    """The data as an editor's JSON sees it (keys are text); None when JSON cannot hold it
    the way YAML did: a whole number written as a decimal (1.0 is an integer to JSON
    Schema, a decimal to check), a date or another value JSON has no type for."""
    def walk(value: Any) -> bool:
        if isinstance(value, float):
            return math.isfinite(value) and value != int(value)
        if isinstance(value, dict):
            return all(walk(k) and walk(v) for k, v in value.items())
        if isinstance(value, list):
            return all(walk(v) for v in value)
        return value is None or isinstance(value, bool | int | str)
    if not walk(data):
        return None
    return json.loads(json.dumps(data))


def cases() -> list[tuple[Path, Mutation]]:
    return [(path, Mutation(KINDS[n % len(KINDS)], seed=1000 * i + n))
            for i, path in enumerate(SEEDS) for n in range(PER_FILE)]


@pytest.mark.parametrize(("seed", "mutation"), cases(),
                         ids=lambda v: v.stem if isinstance(v, Path) else f"{v.kind}-{v.seed}")
def test_check_and_the_json_schema_agree_on_a_mutant(seed: Path, mutation: Mutation,
                                                     tmp_path: Path) -> None:
    text = mutate(seed.read_text(encoding="utf-8"), mutation)
    path = tmp_path / seed.name
    path.write_text(text, encoding="utf-8")
    try:
        data = yaml.safe_load(text)
    except Exception:  # noqa: BLE001 - PyYAML itself fails on some hostile values
        pytest.skip("not YAML PyYAML can load: no schema question")
    verdict = format_verdict(path)
    if verdict is None or not isinstance(data, dict):
        pytest.skip("not a schema question (unreadable, duplicate key or unknown game)")
    game = GAMES.get(data.get("game")) if isinstance(data.get("game"), str) else None
    kind = game.kinds.get(data.get("kind")) if game and isinstance(data.get("kind"), str) \
        else None
    document = as_json(data)
    if kind is None or document is None or game is None:
        pytest.skip("JSON cannot hold this value the way YAML did")
    errors = list(jsonschema.Draft202012Validator(kind_schema(game, kind)).iter_errors(
        document))
    assert bool(errors) == verdict, (
        f"check says {'wrong' if verdict else 'fine'}, the JSON Schema says "
        f"{errors[0].message if errors else 'fine'}:\n{text}")
