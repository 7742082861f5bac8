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

from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from generator.tracks.hexgrid import Hex, front_directions, is_side_facing, turn
from generator.tracks.sweeps import (
    UNREACHABLE,
    AnyNeighbour,
    Pattern,
    PatternSearch,
    collector_paused,
    mirrored,
    stage,
)

__all__ = ["UNREACHABLE", "DriveGraph", "MovementModel", "Pattern", "PhaseTurning", "State",
           "SteerPerMove", "Table", "collector_paused", "drive_lengths", "plain_lengths"]

State = tuple[Hex, int, int, int]
# Each track space, with its neighbour in each direction (None where that is no track space).
Table = dict[Hex, tuple["Hex | None", ...]]


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


class SteppedMovement:
    """What the movement models share: a state is (hex, facing, spaces moved, flag), and
    the moves from it are the model's ``pattern`` laid on the track's neighbour table."""

    def pattern(self, facing: int, moved: int, flag: int) -> Pattern:
        raise NotImplementedError

    def start(self, hex_: Hex, facing: int) -> State:
        return (hex_, facing, 0, 0)

    def moves(self, state: State, table: Table) -> Iterator[State]:
        hex_, facing, moved, flag = state
        around = table[hex_]
        for direction, afters in self.pattern(facing, moved, flag):
            there = around[direction]
            if there is not None:
                for after in afters:
                    yield (there, *after)


@dataclass(frozen=True)
class PhaseTurning(SteppedMovement):
    """Frothy Races: ``spaces`` a movement phase, 30 degrees of turn after each phase.

    The flag remembers, within a phase, whether a side-facing vehicle has drifted (1) and
    which front hex a corner-facing one last entered (1 right, 2 left), since it must
    alternate.
    """

    spaces: int = 2
    kind: str = "phase"
    sides_only: bool = False
    vehicle_length: int = 1

    def pattern(self, facing: int, moved: int, flag: int) -> Pattern:
        """Each direction the vehicle may step in next, with the (facing, moved, flag) it
        may have on arriving: what :meth:`moves` does, without the spaces."""
        out: list[tuple[int, tuple[tuple[int, int, int], ...]]] = []
        for direction, new_flag in self.steps(facing, flag):
            if moved + 1 < self.spaces:
                out.append((direction, ((facing, moved + 1, new_flag),)))
            else:
                out.append((direction, tuple((turn(facing, change), 0, 0)
                                             for change in (0, -1, 1))))
        return tuple(out)

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
class SteerPerMove(SteppedMovement):
    """Joyride: straight moves of ``spaces`` spaces, a steer of 60 degrees at the start of
    each. Facings are side facings only (even numbers); the car is two spaces long."""

    spaces: int = 2
    kind: str = "move"
    sides_only: bool = True
    vehicle_length: int = 2

    def pattern(self, facing: int, moved: int, flag: int) -> Pattern:
        """Each direction the car may step in next, with the (facing, moved, flag) it has on
        arriving: what :meth:`moves` does, without the spaces."""
        ahead = facing // 2
        headings = (ahead, (ahead - 1) % 6, (ahead + 1) % 6) if moved == 0 else (ahead,)
        return tuple((heading, ((heading * 2, (moved + 1) % self.spaces, 0),))
                     for heading in headings)


def drive_lengths(model: MovementModel, starts: Sequence[State], table: Table,
                  targets: Sequence[frozenset[Hex]]) -> list[int]:
    """For each start state, the fewest hexes to enter each target in turn (UNREACHABLE if
    it cannot be done).

    Target by target from the last, every state learns how far it still has to go (a
    backward breadth-first sweep, so all starting slots are answered by one search).
    """
    return DriveGraph(model, starts, table).lengths(starts, targets)


class DriveGraph:
    """The moves a vehicle obeying ``model`` can make on ``table`` from ``starts``: set up
    once per course, then any drive search from those starts to any targets reads it
    (its work grows with the states it reaches, no faster: a search back, or a sweep out).

    Spaces become small integers first (a table row per space). A model with a ``pattern``
    method (every shipped one) never looks inside a space, so a state is one integer, its
    space times the number of (facing, moved, flag) combinations plus that combination's
    number, and a sweep works out the states before or after one from its space's row and
    its combination's pattern (see :class:`PatternSearch`). Other models, or a table whose rows
    do not mirror each other, are asked ``moves``: every state reachable from the starts is
    numbered in the order found and stored with the states one step before it.
    """

    def __init__(self, model: MovementModel, starts: Sequence[State], table: Table) -> None:
        self.number_of = {hex_: i for i, hex_ in enumerate(table)}
        number_of = self.number_of
        rows = [tuple(-1 if n is None else number_of[n] for n in row) for row in table.values()]
        numbered = [(number_of[hex_], facing, moved, flag)
                    for hex_, facing, moved, flag in starts]
        self._patterns: PatternSearch | None = None
        self.index: dict[Any, int] = {}  # with moves: a numbered state -> its number
        self.spaces: list[int] = []  # with moves: state -> its space
        self.predecessors: list[Sequence[int]] = []  # with moves: state -> states before it
        if callable(getattr(model, "pattern", None)) and mirrored(rows):
            self._patterns = PatternSearch(model, numbered, rows)
            return
        self._before: list[list[int]] = []  # while exploring: state -> states before it
        with collector_paused():
            self._explore_moves(model, numbered, [tuple(None if n < 0 else n for n in row)
                                                  for row in rows])
            # Packed: a list holds pointers to int objects scattered through memory, an
            # array the numbers themselves, so a sweep's time stays in step with the map.
            self.predecessors = [array("i", b) for b in self._before]
            del self._before

    def _explore_moves(self, model: MovementModel, starts: list[tuple[int, int, int, int]],
                       table: Any) -> None:
        index = self.index
        spaces, predecessors = self.spaces, self._before
        frontier: list[Any] = list(dict.fromkeys(starts))
        for state in frontier:
            index[state] = len(spaces)
            spaces.append(state[0])
            predecessors.append([])
        while frontier:
            following = []
            for state in frontier:
                number = index[state]
                nxt: Any
                for nxt in model.moves(state, table):
                    there = index.get(nxt)
                    if there is None:
                        there = index[nxt] = len(spaces)
                        spaces.append(nxt[0])
                        predecessors.append([])
                        following.append(nxt)
                    predecessors[there].append(number)
            frontier = following

    def size(self) -> tuple[int, int]:
        """(states, moves) a vehicle can reach from the starts: the work a sweep does."""
        if self._patterns is not None:
            return self._patterns.size()
        return len(self.spaces), sum(len(before) for before in self.predecessors)

    def first_entries(self, start: State, lines: Sequence[frozenset[Hex]]) -> list[int]:
        """For each of ``lines`` on its own, the fewest hexes from ``start`` (a state the
        graph was set up from) to drive onto it: ``lengths([start], [line])`` for each,
        found by a search forwards per line (a line near the start costs little)."""
        if self._patterns is None:
            return [self.lengths([start], [line])[0] for line in lines]
        number_of = self.number_of
        wanted = [frozenset(number_of[h] for h in line if h in number_of) for line in lines]
        hex_, facing, moved, flag = start
        return self._patterns.first_entries(
            self._patterns.code((number_of[hex_], facing, moved, flag)), wanted)

    def lengths(self, starts: Sequence[State], targets: Sequence[frozenset[Hex]]) -> list[int]:
        """For each of ``starts`` (states the graph was set up from), the fewest hexes to
        enter each target in turn (UNREACHABLE if it cannot be done)."""
        number_of = self.number_of
        numbered = [(number_of[hex_], facing, moved, flag)
                    for hex_, facing, moved, flag in starts]
        numbered_targets = [frozenset(number_of[h] for h in target if h in number_of)
                            for target in targets]
        if self._patterns is not None:
            return self._patterns.lengths([self._patterns.code(s) for s in numbered],
                                          numbered_targets)
        after = [0] * len(self.spaces)  # distance to go once every target is behind
        for target in reversed(numbered_targets):
            after = stage(self.predecessors, self.spaces, target, after)
        return [after[self.index[state]] for state in numbered]


def plain_lengths(rows: list[tuple[int, ...]], starts: list[int],
                  targets: list[frozenset[int]]) -> list[int] | None:
    """For each of ``starts`` (spaces), the fewest hexes to enter each of ``targets`` (sets
    of spaces) in turn stepping to any neighbour (UNREACHABLE if it cannot be done): one
    search back for every start (see :meth:`PatternSearch.lengths`). None when the rows (each
    space's neighbours, -1 for none) do not mirror each other."""
    if not mirrored(rows):
        return None
    numbered = [(space, 0, 0, 0) for space in starts]
    search = PatternSearch(AnyNeighbour(), numbered, rows)
    return search.lengths([search.code(state) for state in numbered], targets)
