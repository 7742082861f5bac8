"""``paddock new``: write a commented definition, from the game's baseline, ready to edit."""

from __future__ import annotations

from pathlib import Path

from generator.errors import OutputError, UsageError
from generator.games.base import Game
from generator.names import slug
from generator.output import write_atomically
from generator.text import TextTemplates


def write_scaffold(game: Game, name: str, target: Path | None, force: bool,
                   templates: TextTemplates | None = None) -> Path:
    """Render the game's scaffold for ``name`` and write it, refusing to overwrite."""
    if game.scaffold is None:
        raise UsageError(f"{game.id} has no scaffold yet")
    path = target or Path(game.default_folder) / f"{slug(name, 'vehicle')}.yaml"
    if path.exists() and not force:
        raise OutputError(f"{path} already exists; pass --force to overwrite it")
    text = game.scaffold(name, templates or TextTemplates(), str(path))
    write_atomically(path, lambda temp: temp.write_text(text, encoding="utf-8"))
    return path
