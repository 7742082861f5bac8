"""``paddock init``: a new project folder, ready for ``paddock new``.

It writes ``vehicles/`` with a commented ``kit.yaml`` (the default print settings, and where
waivers go), the JSON Schemas of every game's files and of the kit in ``schemas/``, and the
editor setting that maps the project schema to every file under ``vehicles/``
(``.vscode/settings.json``), so a file finds its schema wherever it is moved in there. A file
already there is
kept and said so, never overwritten; the kit written is checked as ``paddock check`` would.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from generator.commands.json_schema import (
    EDITOR_SETTINGS,
    KIT_SCHEMA_FILE,
    SCHEMA_FOLDER,
    SCHEMA_LINE,
    write_schemas,
)
from generator.errors import OutputError
from generator.input.findings import Severity
from generator.paper.output import write_atomically
from generator.project.registry import GAMES
from generator.text.templates import TextTemplates

KIT_TEMPLATE = "project/kit.yaml.j2"
__all__ = ["KIT_SCHEMA_FILE", "Started", "init_project"]


@dataclass
class Started:
    """What ``paddock init`` wrote, and what it found there already and kept."""

    written: list[Path] = field(default_factory=list)
    kept: list[Path] = field(default_factory=list)


def init_project(folder: Path, templates: TextTemplates | None = None) -> Started:
    """Write a project folder at ``folder`` (made if missing); keep what is there."""
    templates = templates or TextTemplates()
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{folder} is a file; give a folder for the new project")
    started = Started()
    vehicles = folder / "vehicles"
    try:
        vehicles.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot make {vehicles}: {exc.strerror}") from exc
    schemas = folder / SCHEMA_FOLDER
    kit = vehicles / "kit.yaml"
    text = templates.render(KIT_TEMPLATE, {"name": folder.resolve().name or "my kit",
                                           "schema_line": SCHEMA_LINE}).rstrip("\n") + "\n"
    refuse_unless_clean(text)
    write_new(kit, text, started)
    written = {path: None for game in GAMES.values() for path in write_schemas(game, schemas)}
    started.written += list(written)
    write_new(folder / ".vscode" / "settings.json",
              json.dumps(EDITOR_SETTINGS, indent=2) + "\n", started)
    return started


def write_new(path: Path, text: str, started: Started) -> None:
    """Write ``path`` unless it exists (then it is kept, and listed as kept)."""
    if path.exists():
        started.kept.append(path)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, lambda temp: temp.write_text(text, encoding="utf-8"))
    started.written.append(path)


def refuse_unless_clean(text: str) -> None:
    """The kit written must pass ``paddock check`` (a bug otherwise, caught by the tests)."""
    import tempfile

    from generator.project.loading import load

    with tempfile.TemporaryDirectory() as scratch:
        trial = Path(scratch) / "kit.yaml"
        trial.write_text(text, encoding="utf-8")
        errors = [f for f in load([trial]).findings if f.severity is not Severity.INFO]
    if errors:
        raise OutputError(f"the new kit file does not check clean: {errors[0].message}")
