"""Sheets that belong to a game but to no vehicle: the game-neutral registry.

A game's dice stickers are the same for every player. They are listed here rather than in a
game package, so a game whose printed parts are plain data needs no code of its own, and no
game package ever prints another game's parts. Each entry takes the build context and the
ids of the games the build holds definitions for, and returns its outputs for those games.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.paper.dice import dice_outputs
from generator.paper.output import BuildContext, Output

SharedSheet = Callable[[BuildContext, frozenset[str]], list[Output]]

SHARED_SHEETS: tuple[SharedSheet, ...] = (dice_outputs,)


def shared_outputs(context: BuildContext, games: frozenset[str]) -> list[Output]:
    """Every game-neutral output for ``games``, in registry order."""
    return [output for sheet in SHARED_SHEETS for output in sheet(context, games)]
