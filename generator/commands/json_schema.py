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
    Spec,
    Struct,
)
from generator.paper.output import write_atomically
from generator.project.game import Game, Kind

DRAFT = "https://json-schema.org/draft/2020-12/schema"

# Rules whose whole constraint the JSON Schema holds too (declared on the specs with ``also``
# or by a catalogue's names): an editor flags what these rules report, and the agreement
# test counts them with the schema findings.
SCHEMA_RULES = frozenset({
    "FR-SPEED-RATINGS", "FR-DMG-RESILIENCE", "FR-TRAIT-UNKNOWN", "FR-SPECIAL-UNKNOWN",
    "FR-DMG-AFFECT-UNKNOWN", "FR-STAMINA-AFFECT-UNKNOWN", "FR-CUSTOM-SUMMARY",
    "JR-ABILITY-MIX", "JR-ABILITY-UNKNOWN", "TRK-PIECE-UNKNOWN"})
SCHEMA_FOLDER = Path("schemas")


def schema_file_name(game_id: str, kind: str) -> str:
    """The file a kind's schema is written to: ``frothy-races.vehicle.schema.json``."""
    return f"{game_id}.{kind}.schema.json"


def kind_schema(game: Game, kind: Kind) -> dict[str, Any]:
    """The JSON Schema of one kind of file: ``game`` and ``kind`` fixed, then its fields."""
    body = kind.schema.json_schema()
    body["properties"] = {"game": {"const": game.id, "description": "The game this file is for."},
                          "kind": {"const": kind.name, "description": "What the file defines."},
                          **body["properties"]}
    body["required"] = ["game", "kind", *body.get("required", [])]
    return {"$schema": DRAFT, "title": f"{game.title} {kind.name}", **body}


def kit_schema(model: type) -> dict[str, Any]:
    """The JSON Schema of a kit file (``model`` is the Kit): its fields, and ``kind: kit``."""
    body = struct_schema(model)
    body["properties"] = {"kind": {"const": "kit", "description": "What the file defines."},
                          **body["properties"]}
    body["required"] = ["kind", *body.get("required", [])]
    return {"$schema": DRAFT, "title": "Paddock kit file", **body}


def struct_schema(model: type) -> dict[str, Any]:
    """A mapping with the model's declared fields (see ``Struct.own_schema``)."""
    return Struct(model).json_schema()


def spec_schema(spec: Spec) -> dict[str, Any]:
    """One value spec as JSON Schema: what the spec declares beside its check."""
    return spec.json_schema()


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
