"""``paddock new``: write a commented definition (a vehicle from the game's baseline, a track,
a Joyride item), ready to edit, and never one that ``paddock check`` would reject."""

from __future__ import annotations

import tempfile
from pathlib import Path

from generator.commands.json_schema import SCHEMA_LINE
from generator.commands.usage import choose_from
from generator.errors import OutputError, UsageError
from generator.input.findings import Severity
from generator.input.names import slug
from generator.paper.output import write_atomically
from generator.project.game import Game
from generator.text.templates import TextTemplates


def default_path(game: Game, kind: str, name: str) -> Path:
    """Where a new file goes: vehicles/<game>/, vehicles/tracks/ or vehicles/<game>/items/."""
    folder = Path(game.default_folder)
    if kind == "track":
        folder = folder.parent / "tracks"
    elif kind != "vehicle":
        folder = folder / f"{kind}s"
    # A name with no letters to keep is named after what the file holds (a Formula Ace team).
    what = next(iter(game.kinds)) if kind == "vehicle" and kind not in game.kinds else kind
    return folder / f"{slug(name, what)}.yaml"


def write_scaffold(game: Game, name: str, target: Path | None, force: bool,
                   templates: TextTemplates | None = None, kind: str = "vehicle") -> Path:
    """Render the scaffold of ``kind`` for ``name``, check it as ``paddock check`` would, and
    write it; refuse to overwrite, and refuse a name the file could not keep."""
    kind = "vehicle" if kind == next(iter(game.kinds)) else kind
    scaffold = game.scaffold_for(kind)
    if scaffold is None:
        main = next(iter(game.kinds))
        named = ["vehicle"] + ([main] if main != "vehicle" else [])
        kinds = [*named, *game.kind_scaffolds] if game.scaffold else list(game.kind_scaffolds)
        raise UsageError(choose_from(f"--kind (for {game.id})", kind, kinds))
    path = target or default_path(game, kind, name)
    if path.exists() and not force:
        raise OutputError(f"{path} already exists; pass --force to overwrite it")
    templates = templates or TextTemplates()
    text = SCHEMA_LINE + "\n" + scaffold(name, templates, str(path))
    text = text.rstrip("\n") + "\n"  # Jinja drops the template's last newline; editors want one
    refuse_if_it_fails_check(text, path.name, name, templates)
    write_atomically(path, lambda temp: temp.write_text(text, encoding="utf-8"))
    return path


def refuse_if_it_fails_check(text: str, file_name: str, name: str,
                             templates: TextTemplates) -> None:
    """Check the new file in a scratch folder; its errors (a name too long to print, say)
    become a usage error naming each one, and nothing is written."""
    from generator.project.loading import load  # loading imports the games, which import us

    with tempfile.TemporaryDirectory() as scratch:
        trial = Path(scratch) / file_name
        trial.write_text(text, encoding="utf-8")
        errors = [f for f in load([trial], templates).findings if f.severity is Severity.ERROR]
    if errors:
        reasons = "; ".join(f.message + (f" ({f.hint})" if f.hint else "") for f in errors)
        raise UsageError(f"cannot start a file for {name!r}: {reasons}")
