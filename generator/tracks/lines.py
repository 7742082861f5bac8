"""A checkpoint or starting line drawn more than once, where a pair of tokens sets one line;
and a line that stops at an obstacle racers can drive round.

Shared by the checks of the lines' numbers, crossing and straightness (``rules.py``,
``setup_rules.py``), so a line drawn twice is one finding, not three.
"""

from __future__ import annotations

from collections.abc import Iterable

from generator.tracks.analysis import Course, Target
from generator.tracks.analysis import course_of as course
from generator.tracks.game import TrackGame
from generator.tracks.hexgrid import Hex, hex_to_offset, neighbours
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


def drives_round(the_course: Course, hexes: Iterable[Hex]) -> bool:
    """True when a line stops at an obstacle with track all round it, and racers get from
    one side of the line to the other round the obstacle. Why: a line is crossed only if it
    closes the track from wall to wall; an obstacle that touches the far wall closes it too.

    With other lines to close off the long way round a circuit, the spaces on both sides
    of the line then lie in one stretch between the lines (a line in pieces across a
    fork's branches is judged piece by piece). A track's only line has its sides joined the
    long way round anyway: there an end must meet nothing but the obstacle (one beside the
    line's middle, or beside an end that meets the wall, leaves it closed)."""
    line = frozenset(hexes)
    islands = _obstacle_islands(the_course)
    rest = the_course.open - the_course.line_hexes
    region = {h: n for n, group in enumerate(components(rest, rest)) for h in group}
    for piece in components(line, line):
        if not any(n in islands for h in piece for n in neighbours(h)):
            continue
        if len(the_course.targets) < 2:  # one line: its sides meet the long way round
            if any(_ends_at(the_course, end, islands) for end in _ends(piece)):
                return True
        elif len({region[n] for h in piece for n in neighbours(h) if n in region}) < 2:
            return True
    return False


def _ends(piece: list[Hex]) -> list[Hex]:
    """The hexes at the ends of a line: those with at most one neighbour on it."""
    on = set(piece)
    return [h for h in piece if sum(n in on for n in neighbours(h)) <= 1]


def _ends_at(the_course: Course, end: Hex, islands: frozenset[Hex]) -> bool:
    """True when every hex next to ``end`` that is not a track space is an obstacle's."""
    blocked = [n for n in neighbours(end) if n not in the_course.open]
    return bool(blocked) and all(n in islands for n in blocked)


# The largest Joyride obstacle token covers three hexes (Shared Components): a barrier that
# small, with track all round it, is an obstacle drawn as barrier, not a loop's infield.
OBSTACLE_HEXES = 3


def _obstacle_islands(the_course: Course) -> frozenset[Hex]:
    """The hexes of obstacles with track all round them (touching no wall and no edge of
    the map): solid obstacles, or a patch of barrier no bigger than an obstacle token. A
    larger patch of barrier is an infield (of a loop a lap goes round), never an obstacle
    to drive round."""
    cells = the_course.layout.cells
    blocked = frozenset(h for h, cell in cells.items()
                        if cell.symbol.terrain in ("solid", "barrier"))
    return frozenset(
        h for group in components(blocked, blocked)
        if all(n in blocked or n in the_course.open for g in group for n in neighbours(g))
        and (len(group) <= OBSTACLE_HEXES
             or all(cells[g].symbol.terrain == "solid" for g in group))
        for h in group)


def spans_a_fork(the_course: Course, hexes: Iterable[Hex]) -> bool:
    """True when a line drawn in pieces crosses every branch of a fork: each piece runs from
    barrier to barrier, and together they part the track before the line from the track
    after it (the other lines close off the long way round, so two of them are needed).
    Why: a Frothy checkpoint is ours, not the guide's, and may be drawn so; Joyride's,
    set by a pair of tokens, is one row (TRK-CHECKPOINT-NUMBERS says so)."""
    line = frozenset(hexes)
    pieces = components(line, line)
    if len(pieces) < 2 or len(the_course.targets) < 3 \
            or not all(the_course.line_crosses(p) for p in pieces):
        return False
    rest = the_course.open - the_course.line_hexes
    region = {h: n for n, group in enumerate(components(rest, rest)) for h in group}
    return len({region[n] for h in line for n in neighbours(h) if n in region}) >= 2
