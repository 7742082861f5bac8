"""A checkpoint or starting line drawn more than once, where a pair of tokens sets one line.

Shared by the checks of the lines' numbers, crossing and straightness (``rules.py``,
``setup_rules.py``), so a line drawn twice is one finding, not three.
"""

from __future__ import annotations

from generator.tracks.analysis import Target
from generator.tracks.analysis import course_of as course
from generator.tracks.game import TrackGame
from generator.tracks.hexgrid import Hex, hex_to_offset
from generator.tracks.layout import components
from generator.tracks.model import Track


def drawn_twice(track: Track, target: Target, context: TrackGame) -> list[list[Hex]]:
    """The lines of a checkpoint or finish drawn as two or more separate lines, each from
    barrier to barrier (each in reading order, first line first), in a game whose lines are
    set by a pair of tokens (Joyride); empty for one line, or for a line in pieces with a gap
    between them (TRK-CHECKPOINT-CROSS's). A Frothy checkpoint may span a fork's branches."""
    if not context.straight_lines:
        return []
    pieces = components(target.hexes, target.hexes)
    if len(pieces) < 2 or not all(course(track).line_crosses(p) for p in pieces):
        return []
    def reading(hex_: Hex) -> tuple[int, int]:
        column, row = hex_to_offset(hex_, track.orientation)
        return row, column
    return sorted((sorted(piece, key=reading) for piece in pieces), key=lambda p: reading(p[0]))
