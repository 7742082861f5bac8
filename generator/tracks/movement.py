"""How a vehicle may move across hexes, and the shortest legal drive round a track.

A track's plain shortest path ignores which way a vehicle points; a real vehicle cannot
turn on the spot. Each game registers a movement model, and the drive search finds the
fewest hexes a vehicle obeying it needs from a starting slot to the finish, through the
checkpoints in order. The difference from the plain path shows how technical a track is.

* :class:`PhaseTurning` (Frothy Races, Movement): the vehicle faces one of 12 facings (a hex
  side or a hex corner); it moves a set number of spaces each movement phase, forwards only
  (facing a side: the hex ahead, with one Drift into a front-side hex a phase; facing a
  corner: either hex in front, then alternating), and may turn 30 degrees at the end of the
  phase.
* :class:`SteerPerMove` (Joyride, Driving > Movement): the car points at a hex side and drives
  straight; at the start of each move it may steer, entering the front-left or front-right
  space first and carrying on in that new direction.

A state is ``(hex, facing, spaces moved this phase or move, flag)``; every step moves exactly
one hex, so the search is a breadth-first one over states.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from generator.hexgrid import Hex, front_directions, is_side_facing, turn

State = tuple[Hex, int, int, int]
# Each track space, with its neighbour in each direction (None where that is no track space).
Table = dict[Hex, tuple["Hex | None", ...]]
UNREACHABLE = -1


class MovementModel(Protocol):
    """What the drive search needs from a game's movement rules: ``kind`` ('phase' or
    'move') and ``spaces`` describe it in messages; ``sides_only`` says whether a vehicle
    may face a hex corner; ``vehicle_length`` is how many spaces it fills."""

    @property
    def kind(self) -> str: ...

    @property
    def spaces(self) -> int: ...

    @property
    def sides_only(self) -> bool: ...

    @property
    def vehicle_length(self) -> int: ...

    def start(self, hex_: Hex, facing: int) -> State: ...

    def moves(self, state: State, table: Table) -> Iterator[State]: ...


@dataclass(frozen=True)
class PhaseTurning:
    """Frothy Races: ``spaces`` a movement phase, 30 degrees of turn after each phase.

    The flag remembers, within a phase, whether a side-facing vehicle has drifted (1) and
    which front hex a corner-facing one last entered (1 right, 2 left), since it must
    alternate.
    """

    spaces: int = 2
    kind: str = "phase"
    sides_only: bool = False
    vehicle_length: int = 1

    def start(self, hex_: Hex, facing: int) -> State:
        return (hex_, facing, 0, 0)

    def moves(self, state: State, table: Table) -> Iterator[State]:
        hex_, facing, moved, flag = state
        around = table[hex_]
        for direction, new_flag in self.steps(facing, flag):
            there = around[direction]
            if there is None:
                continue
            if moved + 1 < self.spaces:
                yield (there, facing, moved + 1, new_flag)
            else:
                for change in (0, -1, 1):
                    yield (there, turn(facing, change), 0, 0)

    @staticmethod
    def steps(facing: int, flag: int) -> Iterator[tuple[int, int]]:
        """The directions the vehicle may move in next, each with the flag it leaves."""
        if is_side_facing(facing):
            ahead = facing // 2
            yield ahead, flag
            if flag == 0:
                yield (ahead - 1) % 6, 1  # a Drift into the front-right side hex
                yield (ahead + 1) % 6, 1  # or the front-left one
            return
        right, left = front_directions(facing)
        if flag != 1:
            yield right, 1
        if flag != 2:
            yield left, 2


@dataclass(frozen=True)
class SteerPerMove:
    """Joyride: straight moves of ``spaces`` spaces, a steer of 60 degrees at the start of
    each. Facings are side facings only (even numbers); the car is two spaces long."""

    spaces: int = 2
    kind: str = "move"
    sides_only: bool = True
    vehicle_length: int = 2

    def start(self, hex_: Hex, facing: int) -> State:
        return (hex_, facing, 0, 0)

    def moves(self, state: State, table: Table) -> Iterator[State]:
        hex_, facing, moved, _ = state
        ahead = facing // 2
        headings = (ahead, (ahead - 1) % 6, (ahead + 1) % 6) if moved == 0 else (ahead,)
        around = table[hex_]
        for heading in headings:
            there = around[heading]
            if there is not None:
                yield (there, heading * 2, (moved + 1) % self.spaces, 0)


def drive_lengths(model: MovementModel, starts: Sequence[State], table: Table,
                  targets: Sequence[frozenset[Hex]]) -> list[int]:
    """For each start state, the fewest hexes to enter each target in turn (UNREACHABLE if
    it cannot be done).

    The states reachable from the starts are found once; then, target by target from the
    last, every state learns how far it still has to go (a backward breadth-first sweep, so
    all starting slots are answered by one search).
    """
    # Spaces become small integers first (a table row per space): hashing a state of four
    # integers is several times cheaper than one holding a Hex, and the models never look
    # inside a space, they only look it up in the table.
    number_of = {hex_: i for i, hex_ in enumerate(table)}
    rows = [tuple(None if n is None else number_of[n] for n in row) for row in table.values()]
    numbered_starts = [(number_of[hex_], facing, moved, flag)
                       for hex_, facing, moved, flag in starts]
    numbered_targets = [frozenset(number_of[h] for h in target if h in number_of)
                        for target in targets]
    return _drive_lengths(model, numbered_starts, rows, numbered_targets)


def _drive_lengths(model: MovementModel, starts: Sequence[Any], table: Any,
                   targets: Sequence[frozenset[Any]]) -> list[int]:
    """:func:`drive_lengths` on spaces already numbered (a state's space is an int, the
    table a list of rows)."""
    index: dict[State, int] = {}
    successors: list[list[int]] = []
    hexes: list[Hex] = []
    frontier = list(dict.fromkeys(starts))
    for state in frontier:
        index[state] = len(hexes)
        hexes.append(state[0])
        successors.append([])
    while frontier:
        following = []
        for state in frontier:
            links = successors[index[state]]
            for nxt in model.moves(state, table):
                number = index.get(nxt)
                if number is None:
                    number = index[nxt] = len(hexes)
                    hexes.append(nxt[0])
                    successors.append([])
                    following.append(nxt)
                links.append(number)
        frontier = following
    remaining = _remaining(successors, hexes, targets)
    return [remaining[index[s]] for s in starts]


def _remaining(successors: list[list[int]], hexes: list[Hex],
               targets: Sequence[frozenset[Hex]]) -> list[int]:
    """Hexes still to drive from each state, needing every target (stage 0 first)."""
    count = len(hexes)
    predecessors: list[list[int]] = [[] for _ in range(count)]
    for source, links in enumerate(successors):
        for target in links:
            predecessors[target].append(source)
    after = [0] * count  # distance to go once every target is behind
    for stage in range(len(targets) - 1, -1, -1):
        after = _stage(predecessors, hexes, targets[stage], after)
    return after


def _stage(predecessors: list[list[int]], hexes: list[Hex], target: frozenset[Hex],
           after: list[int]) -> list[int]:
    """Distances to go when ``target`` is next: entering a target hex costs one step plus
    what remains from there; any other step costs one plus this stage's own distance."""
    count = len(hexes)
    best = [UNREACHABLE] * count
    buckets: dict[int, list[int]] = {}
    in_target = [hex_ in target for hex_ in hexes]
    enters = [inside and left != UNREACHABLE for inside, left in zip(in_target, after,
                                                                      strict=True)]
    for nxt in range(count):  # only the states that step into the target start with a value
        if enters[nxt]:
            value = after[nxt] + 1
            for state in predecessors[nxt]:
                if best[state] == UNREACHABLE or value < best[state]:
                    best[state] = value
    for state in range(count):
        if best[state] != UNREACHABLE:
            buckets.setdefault(best[state], []).append(state)
    level = min(buckets, default=0)
    top = max(buckets, default=-1)
    while level <= top:
        for state in buckets.pop(level, []):
            if best[state] != level or in_target[state]:
                continue  # stale, or entering it completes the target (counted above)
            for previous in predecessors[state]:
                value = level + 1
                if best[previous] == UNREACHABLE or value < best[previous]:
                    best[previous] = value
                    buckets.setdefault(value, []).append(previous)
                    top = max(top, value)
        level += 1
    return best
