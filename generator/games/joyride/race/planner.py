"""The planning driver's value table: expected rounds to the finish from every driving state.

A driving state is (stage, position, gear): the lines crossed so far, where the car stands
(front space and facing) and its gear (0 after a SMASH). The table holds the expected number
of rounds still to drive to the finish under the exact dice odds of
``generator.probability.joyride`` (the sum of the dice rolled), solved once by value
iteration (stages from the last; each stage swept as whole arrays, ``planner_arrays.py``,
until no value moves by more than ``TOLERANCE``) and kept in the cache folder, keyed by the
course and by the code that solves it.

The table's own turn (what it plans with; the driver then plays the full turn, see
``driver.py``): shift from gear g to any gear the SHIFT step allows (up one, stay, down
one, engine brake down two at the price of a damage), ROLL every die of the new gear and,
seeing the total, steer or not as the move starts (in gear 1, or reverse). A move that
meets a barrier ends in a SMASH: the car stops short, drops to gear 0 and takes a damage.
Or, seeing the mirror's faces (which fall as dice do), lock every die, all but one or all but
two (four at most: the slots), steer that move or not, SHIFT as the dice left allow, and
roll them forwards; the rolled move steers only if the locked move did not (or in gear 2).
Every damage is priced at ``DAMAGE_ROUNDS`` rounds, the dashboard it costs. Smaller locks,
items, abilities and other cars are not in the table; the driver weighs them turn by turn by
reading it, so it plays at least as well as the table's plan (measured alone on Gasometer
Gauntlet: see docs/racing-joyride.md).
"""

from __future__ import annotations

import hashlib
import pickle
from array import array
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

from generator.games.joyride.race.course import JoyrideCourse, Position
from generator.games.joyride.race.planner_arrays import ArraySweeps
from generator.games.joyride.race.planner_rules import (
    DAMAGE_ROUNDS,
    MAX_GEAR,
    PACE,
    roll_odds,
)
from generator.keep.kept_store import KeptStore, named_for_code

# A move's outcome in the table: (position number, smashed, the number the table gives the
# lines it enters, in order: 0 for none; ValueTable.line_sets reads it back)
Outcome = tuple[int, bool, int]
MOST_SPACES = 3 * MAX_GEAR  # the longest move the table reads: every die of gear 5 a 3
# The ways a move runs, as (steer, reverse): straight on, steered either way, then the same
# in reverse (gear 1 only); a lock's move and a rolled one run the first three
WAYS = ((0, False), (1, False), (-1, False), (0, True), (1, True), (-1, True))


HERE = Path(__file__).parent
# Solved tables kept between runs in the cache folder, named by the code that solves them.
KEPT: KeptStore[bytes, list] = KeptStore(
    lambda: named_for_code("joyride-tables", "paddock-joyride-table-1",
                           [HERE / name for name in ("planner.py", "planner_arrays.py",
                                                     "planner_rules.py", "course.py")],
                           suffix="pickle"),
    most_entries=8, loads=pickle.loads,  # noqa: S301 - our own file
    dumps=partial(pickle.dumps, protocol=5))


class ValueTable:
    """Expected rounds to the finish, ``value(stage, position, gear)``."""

    def __init__(self, course: JoyrideCourse) -> None:
        self.course = course
        self.positions = course.positions
        self.index = course.index
        stages = course.stages
        count = len(self.positions)
        # values[stage][position * 6 + gear]; the finished stage is all zeros
        self.values: list[list[float]] = [[0.0] * (count * 6) for _ in range(stages + 1)]
        self.sweeps = 0
        self._outcomes: dict[tuple, list[Outcome]] = {}
        # Each set of lines a move enters gets a number (0: none), so the sweeps look up the
        # stage after it (``self.after_stage[stage][number]``) instead of working it out.
        self.line_sets: list[tuple[int, ...]] = [()]
        self._line_numbers: dict[tuple[int, ...], int] = {(): 0}
        self.after_stage: list[list[int]] = []
        kept = KEPT.get(self._key())
        if kept is not None:
            self.values = [list(row) for row in kept]
            return
        self.stuck = [all(not self.course.beam(*lead) for lead in self._first_steps(pos))
                      for pos in self.positions]
        # Every move from every position [n, way, spaces], each way of WAYS
        along = [[self._along(front, facing, steer, reverse) for steer, reverse in WAYS]
                 for front, facing in self.positions]
        self.after_stage = [[course.advance_lines(stage, lines) for lines in self.line_sets]
                            for stage in range(stages + 1)]
        lines = len(course.lines)
        sweeps = ArraySweeps(self, along)
        for stage in reversed(range(stages)):
            if stage + lines < stages:  # a lap to go: start from the next lap's values
                self._warm_start(stage, stage + lines)
            else:
                self._guess(stage)
            self.values[stage], passes = sweeps.solve_stage(stage, self.values[stage])
            self.sweeps += passes
        KEPT.put(self._key(), [array("d", row) for row in self.values])

    def _key(self) -> bytes:
        """What the table depends on: the course's spaces, lines and laps."""
        course = self.course
        plain = (sorted(course.open), [sorted(line) for line in course.lines],
                 course.laps, course.start_facing)
        return hashlib.blake2b(repr(plain).encode(), digest_size=16).digest()

    def _warm_start(self, stage: int, later: int) -> None:
        """Start a stage from the same stage a lap later plus a lap's rounds (one lap
        more to drive), so its sweeps begin near their answer."""
        facing = self.course.start_facing
        starts = [self.index[(h, facing)] for h in self.course.start_line
                  if (h, facing) in self.index]
        lap = min(self.values[later - self.course.next_line(later)][n * 6 + 2]
                  for n in starts) if starts else 0.0
        self.values[stage] = [value + lap for value in self.values[later]]

    def outcome(self, front, facing: int, spaces: int, steer: int, reverse: bool) -> Outcome:
        """The table's reading of a move on the empty track."""
        if 0 <= spaces <= MOST_SPACES:
            return self._along(front, facing, steer, reverse)[spaces]
        ray = self.course.ray(front, facing, spaces, steer, reverse)
        return self._reading(ray)

    def _along(self, front, facing: int, steer: int, reverse: bool) -> list[Outcome]:
        """The outcomes of every move of 0 to MOST_SPACES spaces one way (each way once)."""
        key = (front, facing, steer, reverse)
        found = self._outcomes.get(key)
        if found is None:
            found = self._outcomes[key] = [
                self._reading(ray)
                for ray in self.course.rays(front, facing, MOST_SPACES, steer, reverse)]
        return found

    def _reading(self, ray: Any) -> Outcome:
        line_of = self.course.line_of
        lines = tuple(line_of[h] for h in ray.entered if h in line_of)
        return (self.index[(ray.front, ray.facing)], ray.smashed, self._line_number(lines))

    def _line_number(self, lines: tuple[int, ...]) -> int:
        """The number of a set of lines entered in order (a new one gets the next)."""
        number = self._line_numbers.get(lines)
        if number is None:
            number = self._line_numbers[lines] = len(self.line_sets)
            self.line_sets.append(lines)
            for stage, row in enumerate(self.after_stage):
                row.append(self.course.advance_lines(stage, lines))
        return number

    @staticmethod
    def _first_steps(pos: Position) -> list[tuple]:
        """(space, direction) of every move's first space: ahead, steered, reversed."""
        front, facing = pos
        back = front.neighbour(facing + 3)
        return [(front, facing + s) for s in (0, 1, -1)] + \
               [(back, facing + 3 + s) for s in (0, 1, -1)]

    def _guess(self, stage: int) -> None:
        """Start a stage from a guess: the hexes still to drive through the lines left, at
        ``PACE`` spaces a round (the sweeps then settle it; a good start saves passes)."""
        course = self.course
        here = self._plain_to(course.lines[course.next_line(stage)])
        rest = 0
        for later in range(stage + 1, course.stages):
            ahead = self._plain_to(course.lines[course.next_line(later)])
            rest += min(ahead.get(h, 0) for h in course.lines[course.next_line(later - 1)])
        mine = self.values[stage]
        for number, (front, _) in enumerate(self.positions):
            guess = 1.0 + (here.get(front, 99) + rest) / PACE
            mine[number * 6:number * 6 + 6] = [guess] * 6

    def _plain_to(self, line: frozenset) -> dict:
        """Hexes to ``line`` from every open space, stepping to any neighbour."""
        found = {h: 0 for h in line}
        frontier = list(line)
        while frontier:
            following = []
            for hex_ in frontier:
                for there in [hex_.neighbour(d) for d in range(6)]:
                    if there in self.course.open and there not in found:
                        found[there] = found[hex_] + 1
                        following.append(there)
            frontier = following
        return found

    def expected(self, stage: int, rows: Sequence[tuple[float, tuple[Outcome, ...]]],
                 gear: int) -> float:
        """The expected rounds to go after rolling in ``gear``, steering at best."""
        total = 0.0
        for chance, picks in rows:
            total += chance * min(self.after(stage, pick, gear) for pick in picks)
        return total

    def after(self, stage: int, outcome: Outcome, gear: int) -> float:
        """Rounds to go from a move's outcome, in ``gear`` (gear 0 and a damage if it
        smashed)."""
        number, smashed, lines = outcome
        if lines:
            stage = self.course.advance_lines(stage, self.line_sets[lines])
        if smashed:
            return self.values[stage][number * 6] + DAMAGE_ROUNDS
        return self.values[stage][number * 6 + gear]

    def value(self, stage: int, pos: Position, gear: int) -> float:
        """Expected rounds to the finish from a state (0 once finished)."""
        return self.values[min(stage, self.course.stages)][self.index[pos] * 6 + gear]

    def start_value(self, front, facing: int) -> float:
        """Expected rounds from a space on the starting line: two dice driven straight
        (Setup > Start your Engines), then gear 2."""
        total = 0.0
        for spaces, chance in roll_odds(2):
            outcome = self.outcome(front, facing, spaces, 0, False)
            total += chance * self.after(0, outcome, 2)
        return total

    def solo_optimum(self) -> tuple[float, tuple]:
        """The fewest expected rounds over the starting line's spaces, and that space."""
        facing = self.course.start_facing
        spaces = [h for h in self.course.start_line if self.course.fits(h, facing)]
        best = min(spaces, key=lambda h: self.start_value(h, facing))
        return self.start_value(best, facing), best
