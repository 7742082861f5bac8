"""``paddock schema GAME --json-schema``: a JSON Schema per kind of file, from the same field
declarations that validate, so an editor (VS Code's YAML extension, say) completes and checks
fields as the designer types. Paddock's own check stays the authority: some rules (a text's
printed fit, a rule between fields) no JSON Schema can say."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

from generator.errors import OutputError
from generator.input.schema import (
    Bool,
    Choice,
    Either,
    Int,
    ListOf,
    MapOf,
    Nullable,
    OneOrMany,
    Spec,
    Struct,
    Text,
    declared_fields,
)
from generator.paper.output import write_atomically
from generator.project.game import Game, Kind

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_FOLDER = Path("schemas")


def schema_file_name(game_id: str, kind: str) -> str:
    """The file a kind's schema is written to: ``frothy-races.vehicle.schema.json``."""
    return f"{game_id}.{kind}.schema.json"


def kind_schema(game: Game, kind: Kind) -> dict[str, Any]:
    """The JSON Schema of one kind of file: ``game`` and ``kind`` fixed, then its fields."""
    body = struct_schema(kind.schema.model)
    body["properties"] = {"game": {"const": game.id, "description": "The game this file is for."},
                          "kind": {"const": kind.name, "description": "What the file defines."},
                          **body["properties"]}
    body["required"] = ["game", "kind", *body.get("required", [])]
    return {"$schema": DRAFT, "title": f"{game.title} {kind.name}", **body}


def struct_schema(model: type) -> dict[str, Any]:
    """A mapping with the model's declared fields, each with its one-line doc."""
    properties: dict[str, Any] = {}
    required = []
    for info in declared_fields(model):
        properties[info.name] = {**spec_schema(info.spec), "description":
                                 f"{info.doc} Accepts {info.spec.describe_doc()}."}
        if info.required:
            required.append(info.name)
    body: dict[str, Any] = {"type": "object", "properties": properties,
                            "additionalProperties": False}
    if required:
        body["required"] = required
    return body


def spec_schema(spec: Spec) -> dict[str, Any]:
    """One value spec as JSON Schema; a spec JSON Schema cannot express says what it wants."""
    if isinstance(spec, Struct):
        return struct_schema(spec.model)
    if isinstance(spec, Int):
        return _bounded({"type": "integer"}, spec)
    if isinstance(spec, Text):
        text: dict[str, Any] = {"type": "string"}
        if spec.max_length is not None:
            text["maxLength"] = spec.max_length
        if not spec.allow_empty:
            text["minLength"] = 1
        if getattr(spec, "pattern", None):
            text["pattern"] = spec.pattern  # type: ignore[attr-defined]
        return text
    if isinstance(spec, Bool):
        return {"type": "boolean"}
    if isinstance(spec, Choice):  # the book's names a loose choice takes are valid too
        return {"enum": [*spec.options, *(n for n in spec.aliases if n not in spec.options)]}
    if isinstance(spec, Nullable):
        return {"anyOf": [spec_schema(spec.inner), {"type": "null"},
                          {"enum": list(spec.blank_words)}]}
    if isinstance(spec, OneOrMany):
        return {"anyOf": [spec_schema(spec.item), _list(spec)]}
    if isinstance(spec, ListOf):
        return _list(spec)
    if isinstance(spec, MapOf):
        return {"type": "object", "additionalProperties": spec_schema(spec.value)}
    if isinstance(spec, Either):
        return {"anyOf": [spec_schema(a) for a in spec.alternatives]}
    struct = getattr(spec, "struct", None)
    if isinstance(struct, Struct):  # a name, or the mapping it stands for
        return {"anyOf": [{"type": "string", "minLength": 1}, struct_schema(struct.model)]}
    return {}


def _bounded(body: dict[str, Any], spec: Int) -> dict[str, Any]:
    low, high = getattr(spec, "min", None), getattr(spec, "max", None)
    if low is not None:
        body["minimum"] = low
    if high is not None:
        body["maximum"] = high
    return body


def _list(spec: ListOf) -> dict[str, Any]:
    body: dict[str, Any] = {"type": "array", "items": spec_schema(spec.item)}
    if spec.min_length:
        body["minItems"] = spec.min_length
    if spec.max_length is not None:
        body["maxItems"] = spec.max_length
    return body


def missing_schemas(game: Game, folder: Path = SCHEMA_FOLDER) -> list[Path]:
    """Write the game's schemas into ``folder`` unless they are there; return those written
    (``paddock new`` points each new file at its schema)."""
    if all((folder / schema_file_name(game.id, k)).is_file() for k in game.kinds):
        return []
    return write_schemas(game, folder)


def write_schemas(game: Game, folder: Path) -> list[Path]:
    """Write one schema file per kind of the game into ``folder``; return the paths."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"--json-schema {folder}: cannot make a folder there "
                          f"({exc.strerror}); give a folder") from exc
    written = []
    for kind in game.kinds.values():
        path = folder / schema_file_name(game.id, kind.name)
        text = json.dumps(kind_schema(game, kind), indent=2, ensure_ascii=False) + "\n"
        write_atomically(path, partial(Path.write_text, data=text, encoding="utf-8"))
        written.append(path)
    return written
