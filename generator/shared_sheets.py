"""Sheets every build prints whatever vehicles it holds: the game-neutral registry.

Some components belong to a game but to no vehicle: a game's dice stickers are the same for
every player. They are listed here rather than in a game package, so a game whose only printed
parts are data (Joyride's dice today) needs no package, and a game package never has to
print another game's parts. Each entry takes the build context and returns its outputs.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.dice import dice_outputs
from generator.output import BuildContext, Output

SharedSheet = Callable[[BuildContext], list[Output]]

SHARED_SHEETS: tuple[SharedSheet, ...] = (dice_outputs,)


def shared_outputs(context: BuildContext) -> list[Output]:
    """Every game-neutral output, in registry order."""
    return [output for sheet in SHARED_SHEETS for output in sheet(context)]
