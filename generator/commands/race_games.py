"""Where commands wire a game to the race core: the registry names each racing game's
module (``Game.race_module``), and its ``RACE_GAME`` is what the core's sweeps race."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from generator.errors import UsageError
from generator.project.registry import get_game
from generator.race.game import RaceGame


def race_game(game_id: str, **settings: Any) -> RaceGame:
    """The race core's view of ``game_id``, with the game's own settings given (Frothy
    Races' ``bot``, Joyride's ``items``)."""
    found = get_game(game_id).race_game()
    if found is None:
        raise UsageError(f"{get_game(game_id).title} has no race engine")
    chosen: RaceGame = replace(found, **settings) if settings else found
    return chosen


def joyride_definition(path: Path) -> Any | None:
    """The Joyride definition in a file, or None if it is another game's (or unreadable:
    the caller's own loading then says why)."""
    from generator.project.loading import load

    if not path.is_file():
        return None
    loaded = load([path])
    if loaded.definitions and loaded.definitions[0].game.id == "joyride":
        return loaded.definitions[0]
    return None


def is_joyride_track(path: Path) -> bool:
    """True when ``path`` is a Joyride track file."""
    found = joyride_definition(path)
    return found is not None and found.kind.name == "track"
