"""The drive search's sweeps: states numbered as integers and searched back and forth.

:class:`PatternSearch` runs the search for a movement model with a ``pattern`` (every shipped
one) without storing the graph; ``stage`` is one step of the search back over a stored
graph; ``collector_paused`` keeps Python's garbage collector out of a long search. Used by
``movement.DriveGraph`` and ``movement.plain_lengths``.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

# Where a vehicle may step from a (facing, moved, flag): per direction, the (facing, moved,
# flag) it may arrive with. The same wherever it is, so a search works it out once.
Pattern = tuple[tuple[int, tuple[tuple[int, int, int], ...]], ...]
UNREACHABLE = -1


class AnyNeighbour:
    """A 'vehicle' that may step to any neighbour: its drive is the plain shortest path."""

    def pattern(self, facing: int, moved: int, flag: int) -> Pattern:
        return tuple((direction, ((0, 0, 0),)) for direction in range(6))


def mirrored(rows: list[tuple[int, ...]]) -> bool:
    """True when each space is its neighbour's neighbour the opposite way (as on any hex
    map), so the space a vehicle came from is read off the row of the space it is on."""
    return all(there < 0 or rows[there][(direction + 3) % 6] == space
               for space, row in enumerate(rows) for direction, there in enumerate(row))


class PatternSearch:
    """The drive search for a model with a ``pattern``, on states that are integers.

    A state is ``space * width + combination``, ``width`` being the number of (facing,
    moved, flag) combinations the starts lead to. From a combination, the pattern says in
    which directions a vehicle may step and with which combinations it arrives; turned
    round (``back``), it says from which direction and combinations a vehicle may have
    arrived. Neither depends on the space, so the states before and after any state are
    worked out from its space's row as a sweep meets them.

    Why not store them: a stored graph is a list (or array) of states before each state,
    several hundred thousand on a large map, scattered through memory; a sweep over them
    grows faster than the map once they outgrow the processor's caches, and building them
    costs as much as a sweep. Worked out, a sweep reads the rows (one per space) and a
    distance per state, in space order. A search back may also take states no start leads
    to; their distances never reach a start's (a state a start leads to only steps to
    states a start leads to), so the answers are the stored graph's.
    """

    def __init__(self, model: Any, starts: list[tuple[int, int, int, int]],
                 rows: list[tuple[int, ...]]) -> None:
        self.rows = rows
        self.local: dict[tuple[int, int, int], int] = {}
        combos: list[tuple[int, int, int]] = []
        for _, facing, moved, flag in starts:
            if (facing, moved, flag) not in self.local:
                self.local[(facing, moved, flag)] = len(combos)
                combos.append((facing, moved, flag))
        # combination -> ((direction, combinations it may arrive with), ...)
        self.steps: list[tuple[tuple[int, tuple[int, ...]], ...]] = []
        for combo in combos:  # grows as new combinations turn up
            found = []
            for direction, afters in model.pattern(*combo):
                ids: list[int] = []
                for after in afters:
                    if after not in self.local:
                        self.local[after] = len(combos)
                        combos.append(after)
                    ids.append(self.local[after])
                found.append((direction, tuple(ids)))
            self.steps.append(tuple(found))
        self.width = len(combos)
        # combination -> ((the direction back to the space before, combinations there), ...)
        came: list[dict[int, list[int]]] = [{} for _ in combos]
        for before, pattern in enumerate(self.steps):
            for direction, arrivals in pattern:
                for arrival in arrivals:
                    came[arrival].setdefault((direction + 3) % 6, []).append(before)
        self.back = [tuple((direction, tuple(befores)) for direction, befores in sorted(c.items()))
                     for c in came]
        self.starts = [self.code(state) for state in starts]

    def code(self, state: tuple[int, int, int, int]) -> int:
        """The integer of a (space, facing, moved, flag) state."""
        space, facing, moved, flag = state
        return space * self.width + self.local[(facing, moved, flag)]

    def lengths(self, starts: list[int], targets: list[frozenset[int]]) -> list[int]:
        """For each start state (one the graph was set up from), the fewest hexes to enter
        each target (spaces) in turn.

        One search back from the last target over (targets still to enter, state) pairs,
        nearest to a start first (A*): a pair's estimate is its distance to go plus the
        plain hex distance to it from the nearest start through the same lines, never more
        than the drive and never more than one less than the estimate of the pair a step
        on. So a pair's distance is known once it is taken, the search stops once every
        start has been, and it never takes a pair estimated further than the slowest
        start's drive: the states no drive from a start passes on its way (facing
        backwards, at the wrong stage, round the outside of a bend) are left alone.

        Why not a sweep per target over every state: that is the number of targets times
        every state the starts lead to, several times the pairs taken here, and a share of
        them that grows with the width of the track.
        """
        rows, width, back = self.rows, self.width, self.back
        if not targets:
            return [0] * len(starts)
        states, spaces = len(rows) * width, len(rows)
        inside = bytearray(len(targets) * spaces)  # (stage, space): 1 where the target is
        for stage, target in enumerate(targets):
            for space in target:
                inside[stage * spaces + space] = 1
        near = _plain_from(rows, _head_starts(rows, [start // width for start in starts],
                                              inside), inside, len(targets))
        # (stage, state) -> the distance to go with targets[stage] next (_FAR: not known)
        best = [_FAR] * (len(targets) * states)
        queue: list[list[int]] = []  # estimate -> the pairs taken at it
        last = len(targets) - 1
        for space in targets[last]:  # one step into the last target finishes
            row = rows[space]
            for which in range(width):
                for direction, befores in back[which]:
                    there = row[direction]
                    if there < 0 or near[last * spaces + there] == _FAR:
                        continue
                    estimate = 1 + near[last * spaces + there]
                    while len(queue) <= estimate:
                        queue.append([])
                    base = last * states + there * width
                    for before in befores:
                        if best[base + before] > 1:
                            best[base + before] = 1
                            queue[estimate].append(base + before)
        waiting = list(starts)
        estimate = 0
        while waiting and estimate < len(queue):
            self._take(queue, estimate, best, near, inside)
            queue[estimate] = []  # done with: its numbers go back to the allocator
            # a start is taken at its distance plus its own plain distance
            waiting = [start for start in waiting
                       if best[start] + near[start // width] > estimate]
            estimate += 1
        return [UNREACHABLE if best[start] == _FAR else best[start] for start in starts]

    def _take(self, queue: list[list[int]], estimate: int, best: list[int], near: list[int],
              inside: bytearray) -> None:
        """Take the pairs estimated at ``estimate`` (the list grows as they are taken): give
        the states one step before each its distance plus one, at the same stage unless the
        step enters the stage's target (that ends the stage), at the stage before when it
        enters that stage's target."""
        rows, width, back = self.rows, self.width, self.back
        spaces = len(rows)
        states = spaces * width
        for pair in queue[estimate]:
            stage, state = divmod(pair, states)
            space, which = divmod(state, width)
            here = stage * spaces
            distance = best[pair]
            if distance + near[here + space] != estimate:
                continue  # taken already, at a smaller distance
            value = distance + 1
            row = rows[space]
            for lower in (stage, stage - 1):
                if lower == stage:
                    if inside[here + space]:
                        continue  # entering it ends this stage: counted a stage on
                elif lower < 0 or not inside[lower * spaces + space]:
                    continue
                base_stage = lower * states
                plain = lower * spaces
                for direction, befores in back[which]:
                    there = row[direction]
                    if there < 0:
                        continue
                    to_start = near[plain + there]
                    if to_start == _FAR:
                        continue  # no start gets there at this stage
                    after = value + to_start
                    while len(queue) <= after:
                        queue.append([])
                    taken = queue[after]
                    base = base_stage + there * width
                    for before in befores:
                        if value < best[base + before]:
                            best[base + before] = value
                            taken.append(base + before)

    def first_entries(self, start: int, wanted: list[frozenset[int]]) -> list[int]:
        """For each of ``wanted`` (sets of spaces), the fewest hexes from ``start`` onto it."""
        return [self._first_entry(start, line) if line else UNREACHABLE for line in wanted]

    def _first_entry(self, start: int, line: frozenset[int]) -> int:
        """The fewest hexes from ``start`` onto ``line``: a search forwards, states nearest
        the line first (A*), each estimated by its hexes driven plus the plain hex distance
        from it to the line. The estimate never falls by more than the step taken, so once
        the estimates reach a drive onto the line found, none is shorter. Why not a
        breadth-first sweep: that takes every state nearer the start than the line, most
        of them no drive to the line passes."""
        rows, width, steps = self.rows, self.width, self.steps
        on_line = bytearray(len(rows))
        for space in line:
            on_line[space] = 1
        to_line = _plain_to(rows, line)
        if to_line[start // width] == _FAR:
            return UNREACHABLE
        best = {start: 0}  # state -> hexes driven to it (few states: a dictionary)
        queue: list[list[int]] = [[] for _ in range(to_line[start // width] + 1)]
        queue[-1].append(start)
        found = _FAR
        estimate = len(queue) - 1
        while estimate < min(found, len(queue)):
            for state in queue[estimate]:  # the list grows as states are taken
                driven = best[state]
                space, which = divmod(state, width)
                if driven + to_line[space] != estimate:
                    continue  # taken already, nearer the start
                row = rows[space]
                for direction, arrivals in steps[which]:
                    there = row[direction]
                    if there < 0:
                        continue
                    if on_line[there]:
                        found = min(found, driven + 1)
                        continue
                    if to_line[there] == _FAR:
                        continue
                    after = driven + 1 + to_line[there]
                    while len(queue) <= after:
                        queue.append([])
                    base = there * width
                    for arrival in arrivals:
                        if driven + 1 < best.get(base + arrival, _FAR):
                            best[base + arrival] = driven + 1
                            queue[after].append(base + arrival)
            estimate += 1
        return UNREACHABLE if found == _FAR else found

    def size(self) -> tuple[int, int]:
        """(states, moves) the starts lead to: the work a stored graph would hold."""
        rows, width, steps = self.rows, self.width, self.steps
        seen = bytearray(len(rows) * width)
        order = list(dict.fromkeys(self.starts))
        for state in order:
            seen[state] = 1
        moves = 0
        for state in order:  # the list grows: a breadth-first sweep
            space, which = divmod(state, width)
            row = rows[space]
            for direction, arrivals in steps[which]:
                there = row[direction]
                if there >= 0:
                    moves += len(arrivals)
                    for arrival in arrivals:
                        if not seen[there * width + arrival]:
                            seen[there * width + arrival] = 1
                            order.append(there * width + arrival)
        return len(order), moves


# A distance no drive reaches: larger than any number of states.
_FAR = 1 << 62


def _plain_to(rows: list[tuple[int, ...]], line: Iterable[int]) -> list[int]:
    """Space -> the fewest hexes from it to a space of ``line`` stepping to any neighbour
    (0 on the line, _FAR where none gets there)."""
    to_line = [_FAR] * len(rows)
    frontier = list(line)
    for space in frontier:
        to_line[space] = 0
    distance = 0
    while frontier:
        distance += 1
        following = []
        for space in frontier:
            for there in rows[space]:
                if there >= 0 and to_line[there] == _FAR:
                    to_line[there] = distance
                    following.append(there)
        frontier = following
    return to_line


def _head_starts(rows: list[tuple[int, ...]], starts: list[int], inside: bytearray
                 ) -> list[tuple[int, int]]:
    """Each of ``starts`` (spaces) with its head start: how many hexes nearer the first
    target (``inside``: 1 on its spaces, first) it is than the start furthest from it.

    Why: the drive search takes every pair estimated no further than the slowest start's
    drive; counted from the nearest start, the pairs along the way a nearer start drives
    are estimated that much too near and taken for nothing. Counting each start from its
    head start (any numbers would give the same answers) lines the starts up."""
    to_line = _plain_to(rows, (space for space in range(len(rows)) if inside[space]))
    reached = [to_line[space] for space in starts if to_line[space] < _FAR]
    furthest = max(reached, default=0)
    return [(space, furthest - to_line[space] if to_line[space] < _FAR else 0)
            for space in starts]


def _plain_from(rows: list[tuple[int, ...]], starts: list[tuple[int, int]],
                inside: bytearray, stages: int) -> list[int]:
    """(stage, space) -> the fewest hexes to the space, with targets still to enter from
    ``stage`` on (``inside``: 1 at (stage, space) on that stage's target), stepping to
    any neighbour, from the nearest of ``starts`` (space, hexes it counts as already
    driven); _FAR if none gets there. Never more than one more than at a space a step
    before."""
    spaces = len(rows)
    near = [_FAR] * (stages * spaces)
    joining: dict[int, list[int]] = {}  # hexes already driven -> the starts counting them
    for space, already in starts:
        joining.setdefault(already, []).append(space)
    frontier: list[int] = []
    distance = 0
    while frontier or joining:
        for space in joining.pop(distance, ()):
            if near[space] > distance:
                near[space] = distance
                frontier.append(space)
        distance += 1
        following = []
        for pair in frontier:
            stage, space = divmod(pair, spaces)
            for there in rows[space]:
                if there < 0:
                    continue
                if inside[stage * spaces + there]:
                    if stage + 1 == stages:
                        continue  # the drive is over
                    nxt = (stage + 1) * spaces + there
                else:
                    nxt = stage * spaces + there
                if near[nxt] > distance:
                    near[nxt] = distance
                    following.append(nxt)
        frontier = following
    return near


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector while a graph is built.

    Why: the graph is a list per state (a hundred thousand on a large map) holding only
    integers, so no cycle can form; left on, the collector would go through the lists
    again and again as they pile up, and the search would grow faster than the map."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def stage(predecessors: list[Sequence[int]], hexes: list[int], target: frozenset[int],
           after: list[int]) -> list[int]:
    """Distances to go when ``target`` is next: entering a target hex costs one step plus
    what remains from there; any other step costs one plus this stage's own distance.

    A breadth-first sweep backwards from the states one step before the target, whose
    starting values differ: a bucket per distance, each state settled at its smallest."""
    best = [UNREACHABLE] * len(hexes)
    in_target = [hex_ in target for hex_ in hexes]
    seeded: list[int] = []
    for nxt, inside in enumerate(in_target):  # only steps into the target start with a value
        if inside and after[nxt] != UNREACHABLE:
            value = after[nxt] + 1
            for state in predecessors[nxt]:
                if best[state] == UNREACHABLE:
                    seeded.append(state)
                    best[state] = value
                elif value < best[state]:
                    best[state] = value
    levels: list[list[int]] = []
    for state in seeded:
        while len(levels) <= best[state]:
            levels.append([])
        levels[best[state]].append(state)
    level = 0
    while level < len(levels):
        value = level + 1
        for state in levels[level]:
            if best[state] != level or in_target[state]:
                continue  # stale, or entering it completes the target (counted above)
            for previous in predecessors[state]:
                known = best[previous]
                if known == UNREACHABLE or value < known:
                    best[previous] = value
                    if len(levels) == value:
                        levels.append([])
                    levels[value].append(previous)
        level += 1
    return best
