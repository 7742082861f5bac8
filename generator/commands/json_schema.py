"""``paddock schema GAME --json-schema``: a JSON Schema per kind of file, from the same field
declarations that validate, so an editor (VS Code's YAML extension, say) completes and checks
fields as the designer types. Paddock's own check stays the authority: some rules (a text's
printed fit, a rule between fields) no JSON Schema can say."""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache, partial
from pathlib import Path
from typing import Any

from generator.errors import OutputError
from generator.input.schema import (
    Spec,
    Struct,
)
from generator.paper.output import write_atomically
from generator.project.game import Game, Kind
from generator.project.kit import Kit
from generator.project.registry import GAMES

DRAFT = "https://json-schema.org/draft/2020-12/schema"

# Rules whose whole constraint the JSON Schema holds too, declared on the specs with ``also``
# or by a catalogue's names; ``schema_rules`` adds those with an editor schema of their own
# beside their check.
SCHEMA_RULES = frozenset({
    "FR-SPEED-RATINGS", "FR-DMG-RESILIENCE", "FR-TRAIT-UNKNOWN", "FR-SPECIAL-UNKNOWN",
    "FR-DMG-AFFECT-UNKNOWN", "FR-STAMINA-AFFECT-UNKNOWN", "FR-CUSTOM-SUMMARY",
    "JR-ABILITY-MIX", "JR-ABILITY-UNKNOWN", "TRK-PIECE-UNKNOWN",
    "OR-EQUIPMENT-STANDARD", "OR-BONUS-RANGE"})


@cache
def schema_rules() -> frozenset[str]:
    """Every rule an editor flags as ``check`` does (its whole constraint is in the JSON
    Schema): the agreement tests count them with the schema findings. (A function: it loads
    every game, which a command that needs one should not pay for.)"""
    return SCHEMA_RULES | {rule_id for game in GAMES.values() for kind in game.kinds.values()
                           for rule_id in kind.rules.editor_parts}


SCHEMA_FOLDER = Path("schemas")
KIT_SCHEMA_FILE = "kit.schema.json"
# One schema for every file of a project: it picks the kind's own schema by 'game' and
# 'kind', so an editor maps it to the whole vehicles/ folder once (EDITOR_SETTINGS) and a
# file finds its schema wherever under vehicles/ it is moved.
PROJECT_SCHEMA_FILE = "paddock.schema.json"
PROJECT_INPUT = "vehicles"
# (Both globs: yaml-language-server 1.x read '*' as any run of characters, slashes too; later
# versions match globs properly, where '**/' is any depth of folders.)
EDITOR_SETTINGS = {"yaml.schemas": {
    f"./{SCHEMA_FOLDER.as_posix()}/{PROJECT_SCHEMA_FILE}": [
        f"{PROJECT_INPUT}/*.yaml", f"{PROJECT_INPUT}/**/*.yaml"]}}
# The first line of every file Paddock writes and ships: where its schema comes from.
SCHEMA_LINE = (f"# Editor schema: {SCHEMA_FOLDER.as_posix()}/{PROJECT_SCHEMA_FILE} "
               f"(.vscode/settings.json maps it to {PROJECT_INPUT}/)")


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
    rules = [part for parts in kind.rules.editor_schemas(kind.context).values()
             for part in parts]
    # The rules that judge one value or one mapping alone (RuleBook.editor_schema); what a
    # part keeps under '$defs' (text patterns several parts share) goes to the root, where
    # its '#/$defs/...' references find it.
    shared = {key: value for part in rules for key, value in part.get("$defs", {}).items()}
    rules = [part for part in rules if set(part) != {"$defs"}]
    if rules:
        body["allOf"] = rules
    if shared:
        body["$defs"] = dict(sorted(shared.items()))
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


def project_schema(games: Iterable[Game]) -> dict[str, Any]:
    """The schema of any file of a project: each game and kind's own schema (a file beside
    this one), chosen by the file's 'game' and 'kind'; a kit by 'kind: kit'."""
    games = list(games)
    pairs = [(game.id, kind) for game in games for kind in game.kinds]
    chosen = [{"if": {"properties": {"game": {"const": game_id}, "kind": {"const": kind}},
                      "required": ["game", "kind"]},
               "then": {"$ref": schema_file_name(game_id, kind)}} for game_id, kind in pairs]
    kit = {"properties": {"kind": {"const": "kit"}}, "required": ["kind"]}
    return {"$schema": DRAFT, "title": "Paddock file (any game and kind)", "type": "object",
            "properties": {
                "game": {"enum": [game.id for game in games],
                         "description": "The game this file is for."},
                "kind": {"enum": sorted({kind for _, kind in pairs} | {"kit"}),
                         "description": "What the file defines."}},
            "required": ["kind"],
            "anyOf": [*({"properties": {"game": {"const": game_id}, "kind": {"const": kind}},
                         "required": ["game", "kind"]} for game_id, kind in pairs), kit],
            "allOf": [*chosen, {"if": kit, "then": {"$ref": KIT_SCHEMA_FILE}}]}


def project_folder(start: Path) -> Path:
    """The project a folder belongs to: the nearest folder at or above ``start`` holding
    vehicles/, or ``start`` itself when none does."""
    start = start.resolve()
    return next((folder for folder in (start, *start.parents)
                 if (folder / PROJECT_INPUT).is_dir()), start)


def missing_schemas(game: Game, folder: Path = SCHEMA_FOLDER) -> list[Path]:
    """Write the game's schemas into ``folder`` unless they are there; return those written
    (``paddock new``'s files find theirs through the project schema)."""
    names = [schema_file_name(game.id, k) for k in game.kinds]
    if all((folder / name).is_file() for name in (*names, PROJECT_SCHEMA_FILE, KIT_SCHEMA_FILE)):
        return []
    return write_schemas(game, folder)


def write_schemas(game: Game, folder: Path) -> list[Path]:
    """Write one schema file per kind of the game into ``folder``, with the project schema
    that picks among them and the kit's; return the paths."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"--json-schema {folder}: cannot make a folder there "
                          f"({exc.strerror}); give a folder") from exc
    bodies = {schema_file_name(game.id, kind.name): kind_schema(game, kind)
              for kind in game.kinds.values()}
    bodies[KIT_SCHEMA_FILE] = kit_schema(Kit)
    bodies[PROJECT_SCHEMA_FILE] = project_schema(GAMES.values())
    written = []
    for name, body in bodies.items():
        path = folder / name
        text = json.dumps(body, indent=2, ensure_ascii=False) + "\n"
        write_atomically(path, partial(Path.write_text, data=text, encoding="utf-8"))
        written.append(path)
    return written


def write_editor_settings(project: Path) -> Path | None:
    """Write the project's ``.vscode/settings.json`` (EDITOR_SETTINGS) unless there is one;
    the path written, or None."""
    settings = project / ".vscode" / "settings.json"
    if settings.exists():
        return None
    settings.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(EDITOR_SETTINGS, indent=2) + "\n"
    write_atomically(settings, partial(Path.write_text, data=text, encoding="utf-8"))
    return settings
