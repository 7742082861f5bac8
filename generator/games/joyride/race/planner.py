"""The planning driver's value table: expected rounds to the finish from every driving state.

A driving state is (stage, position, gear): the lines crossed so far, where the car stands
(front space and facing) and its gear (0 after a SMASH). The table holds the expected number
of rounds still to drive to the finish under the exact dice odds of
``generator.probability.joyride`` (the sum of the dice rolled), solved once by value
iteration (Gauss-Seidel: stages from the last, positions nearest their next line first,
until no value moves by more than ``TOLERANCE``).

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
import itertools
import pickle
from array import array
from collections.abc import Sequence
from functools import lru_cache, partial
from pathlib import Path

from generator.games.joyride.race.course import JoyrideCourse, Position
from generator.keep.kept_store import KeptStore, named_for_code
from generator.probability.joyride import rolled_move
from generator.tracks.hexgrid import distance

MAX_GEAR = 5
LOCK_ALL = 4  # the table's lock-everything turn needs a slot a die
DAMAGE_ROUNDS = 0.5
TOLERANCE = 0.05
PACE = 5.0  # spaces a round, for the first guess only
MAX_SWEEPS = 8  # passes a stage at most: the states a race visits settle first
STUCK = 999.0  # rounds to go from a position no move can leave (walled in front and back)
# A move's outcome in the table: (position number, smashed, the number the table gives the
# lines it enters, in order: 0 for none; ValueTable.line_sets reads it back)
Outcome = tuple[int, bool, int]


HERE = Path(__file__).parent
# Solved tables kept between runs in the cache folder, named by the code that solves them.
KEPT: KeptStore[bytes, list] = KeptStore(
    lambda: named_for_code("joyride-tables", "paddock-joyride-table-1",
                           [HERE / "planner.py", HERE / "course.py"], suffix="pickle"),
    most_entries=8, loads=pickle.loads,  # noqa: S301 - our own file
    dumps=partial(pickle.dumps, protocol=5))


@lru_cache(maxsize=16)
def roll_odds(dice: int) -> tuple[tuple[int, float], ...]:
    """(total, chance) of rolling ``dice`` Joyride dice, from the exact distribution."""
    return tuple(sorted((move.spaces, float(p)) for move, p in rolled_move(dice).items()))


@lru_cache(maxsize=8)
def mirrors(dice: int) -> tuple[tuple[float, int, tuple[tuple[int, ...], ...]], ...]:
    """Every mirror of ``dice`` dice as faces fall (a multiset of 1-3s): its chance, its
    total, and the totals a lock may take keeping 0, 1 or 2 dice off (each way once)."""
    found: dict[tuple[int, ...], float] = {}
    for faces in itertools.product((1, 2, 3), repeat=dice):
        key = tuple(sorted(faces))
        found[key] = found.get(key, 0.0) + 3.0 ** -dice
    out = []
    for key, chance in sorted(found.items()):
        parts = tuple(tuple(sorted({sum(key) - sum(off)
                                    for off in itertools.combinations(key, kept)}))
                      for kept in (0, 1, 2) if kept <= dice)
        out.append((chance, sum(key), parts))
    return tuple(out)


def shift_options(gear: int, top: int = MAX_GEAR) -> tuple[tuple[int, int], ...]:
    """(new gear, damage) for each SHIFT allowed from ``gear``: stay, up, down, engine brake.
    From gear 0 (after a SMASH) the car must shift up."""
    if gear == 0:
        return ((1, 0),)
    options = [(gear, 0)]
    if gear + 1 <= top:
        options.append((gear + 1, 0))
    if gear - 1 >= 1:
        options.append((gear - 1, 0))
    if gear - 2 >= 1:
        options.append((gear - 2, 1))
    return tuple(options)


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
        self._outcomes: dict[tuple, Outcome] = {}
        self._rolls: dict[tuple[int, int], list[tuple[float, tuple]]] = {}
        # Each set of lines a move enters gets a number (0: none), so the sweeps look up the
        # stage after it (``self.after_stage[stage][number]``) instead of working it out.
        self.line_sets: list[tuple[int, ...]] = [()]
        self._line_numbers: dict[tuple[int, ...], int] = {(): 0}
        self.after_stage: list[list[int]] = []
        # Rolls from a later stage than the one being swept, which no longer changes
        self._settled: dict[int, float] = {}
        kept = KEPT.get(self._key())
        if kept is not None:
            self.values = [list(row) for row in kept]
            return
        self.moves = [self._moves(pos) for pos in self.positions]
        self.locks = [self._lock_moves(pos) for pos in self.positions]
        self.stuck = [all(not self.course.beam(*lead) for lead in self._first_steps(pos))
                      for pos in self.positions]
        self.after_stage = [[course.advance_lines(stage, lines) for lines in self.line_sets]
                            for stage in range(stages + 1)]
        lines = len(course.lines)
        for stage in reversed(range(stages)):
            if stage + lines < stages:  # a lap to go: start from the next lap's values
                self._warm_start(stage, stage + lines)
            self._solve(stage)
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
        """The table's reading of a move on the empty track (each asked once)."""
        key = (front, facing, spaces, steer, reverse)
        found = self._outcomes.get(key)
        if found is None:
            ray = self.course.ray(front, facing, spaces, steer, reverse)
            line_of = self.course.line_of
            lines = tuple(line_of[h] for h in ray.entered if h in line_of)
            found = self._outcomes[key] = (self.index[(ray.front, ray.facing)], ray.smashed,
                                           self._line_number(lines))
        return found

    def _line_number(self, lines: tuple[int, ...]) -> int:
        """The number of a set of lines entered in order (a new one gets the next)."""
        number = self._line_numbers.get(lines)
        if number is None:
            number = self._line_numbers[lines] = len(self.line_sets)
            self.line_sets.append(lines)
            for stage, row in enumerate(self.after_stage):
                row.append(self.course.advance_lines(stage, lines))
        return number

    def _moves(self, pos: Position) -> list[list[tuple[float, tuple[Outcome, ...]]]]:
        """For each gear 0-5: (chance, the outcomes the driver may pick from) per total."""
        front, facing = pos
        table: list[list[tuple[float, tuple[Outcome, ...]]]] = [[]]
        for gear in range(1, MAX_GEAR + 1):
            rows = []
            for total, chance in roll_odds(gear):
                picks = [self.outcome(front, facing, total, steer, False)
                         for steer in (0, 1, -1)]
                if gear == 1:
                    picks += [self.outcome(front, facing, total, steer, True)
                              for steer in (0, 1, -1)]
                rows.append((chance, tuple((n * 6, smashed, lines) for n, smashed, lines
                                           in dict.fromkeys(picks))))
            table.append(rows)
        return table

    def _lock_moves(self, pos: Position) -> list[tuple[tuple[bool, int, bool, int], ...]]:
        """For each locked total (0-12): (steered, position * 6, smashed, lines) per steer."""
        front, facing = pos
        table: list[tuple[tuple[bool, int, bool, int], ...]] = [()]
        for total in range(1, 3 * LOCK_ALL + 1):
            picks = []
            for steer in (0, 1, -1):
                number, smashed, lines = self.outcome(front, facing, total, steer, False)
                picks.append((steer != 0, number * 6, smashed, lines))
            table.append(tuple(picks))
        return table

    def _roll_key(self, stage: int, number: int, gear: int, dice: int, steer: bool) -> int:
        """A roll's key in the memos: one number for (stage, position, gear, dice, steer)."""
        return (((stage * len(self.positions) + number) * 6 + gear) * 5 + dice) * 2 + steer

    def _roll_value(self, stage: int, number: int, gear: int, dice: int, steer: bool,
                    memo: dict[int, float]) -> float:
        """Rounds to go after rolling ``dice`` dice forwards from a position in ``gear``
        (steering at best if ``steer``), as the last pass left the values."""
        if dice == 0:
            return self.values[stage][number * 6 + gear]
        key = self._roll_key(stage, number, gear, dice, steer)
        found = memo.get(key)
        if found is None:
            found = 0.0
            values, after = self.values, self.after_stage[stage]
            for chance, picks in self._forward(number, dice):
                best = STUCK
                for there, smashed, lines in (picks if steer else picks[:1]):
                    row = values[after[lines]]
                    best = min(best, row[there] + DAMAGE_ROUNDS if smashed
                               else row[there + gear])
                found += chance * best
            memo[key] = found
        return found

    def _forward(self, number: int, dice: int) -> list[tuple[float, tuple]]:
        """(chance, outcomes straight on then steered) of rolling ``dice`` dice forwards."""
        key = (number, dice)
        found = self._rolls.get(key)
        if found is None:
            front, facing = self.positions[number]
            found = []
            for total, chance in roll_odds(dice):
                picks = tuple((n * 6, smashed, lines) for n, smashed, lines in
                              (self.outcome(front, facing, total, steer, False)
                               for steer in (0, 1, -1)))
                found.append((chance, picks))
            self._rolls[key] = found
        return found

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

    def _order(self, stage: int) -> list[int]:
        line = self.course.lines[self.course.next_line(stage)]
        def near(number: int) -> int:
            front = self.positions[number][0]
            return min(distance(front, h) for h in line)
        return sorted(range(len(self.positions)), key=near)

    def _solve(self, stage: int) -> None:
        order = self._order(stage)
        if not any(self.values[stage]):
            self._guess(stage)
        for _ in range(MAX_SWEEPS):
            self.sweeps += 1
            if self._sweep(stage, order) < TOLERANCE:
                return

    def _sweep(self, stage: int, order: Sequence[int]) -> float:
        """One Gauss-Seidel pass over a stage; the largest change. Inlined: the table is
        a few hundred thousand of these sums a pass."""
        values, mine, stuck = self.values, self.values[stage], self.stuck
        moves, damage_rounds = self.moves, DAMAGE_ROUNDS
        rows = [values[after] for after in self.after_stage[stage]]
        shifts = [shift_options(gear) for gear in range(MAX_GEAR + 1)]
        memo: dict[int, float] = {}
        change = 0.0
        for number in order:
            base = number * 6
            if stuck[number]:
                mine[base:base + 6] = [STUCK] * 6
                continue
            rolled = [0.0] * (MAX_GEAR + 1)
            bases: dict[int, list] = {}  # this position's locks, for all its gears
            for gear in range(1, MAX_GEAR + 1):
                total = 0.0
                for chance, picks in moves[number][gear]:
                    best = STUCK
                    for there, smashed, lines in picks:
                        row = rows[lines]
                        value = row[there] + damage_rounds if smashed else row[there + gear]
                        if value < best:
                            best = value
                    total += chance * best
                rolled[gear] = total
            for gear in range(MAX_GEAR + 1):
                best = min(rolled[new] + damage * damage_rounds for new, damage in shifts[gear])
                if gear >= 1:
                    best = self._locked(stage, number, gear, best, memo, bases)
                value = min(1.0 + best, STUCK)
                if abs(value - mine[base + gear]) > change:
                    change = abs(value - mine[base + gear])
                mine[base + gear] = value
        return change

    def _locked(self, stage: int, number: int, gear: int, rolled: float,
                memo: dict[int, float], bases: dict[int, list]) -> float:
        """Rounds to go after a turn that may lock dice (``rolled``: the best turn locking
        none). The mirror's faces fall as dice do; the table's driver sees them and locks
        every die, all but one or all but two (choosing which to keep off; four at most,
        the slots), steers that move or not, shifts, and rolls what is left. ``bases``
        keeps this position's :meth:`_lock_bases` for the pass's other gears."""
        locks = {}
        for kept in (0, 1, 2):
            locked = gear - kept
            if 1 <= locked <= LOCK_ALL:
                if locked not in bases:
                    bases[locked] = self._lock_bases(stage, number, locked, memo)
                locks[kept] = self._lock_some(gear, locked, bases[locked])
        total = 0.0
        for chance, _, parts in mirrors(gear):
            best = rolled
            for kept, totals in enumerate(parts):
                if kept in locks:
                    lock = locks[kept]
                    for part in totals:
                        if lock[part] < best:
                            best = lock[part]
            total += chance * best
        return total

    @staticmethod
    def _lock_some(gear: int, locked: int, bases: list) -> dict[int, float]:
        """For each total ``locked`` dice may show: the rounds to go after locking them in
        ``gear``, steering at best, then the best SHIFT the gear allows and the roll of what
        is left (``bases``: :meth:`_lock_bases`)."""
        # (new gear, the SHIFT's damage in rounds); the price of no damage is 0.0, so adding
        # it changes no value by a bit.
        shifts = [(new, damage * DAMAGE_ROUNDS)
                  for new, damage in shift_options(gear) if new - locked >= 0]
        found: dict[int, float] = {}
        for spaces, picks in bases:
            best = STUCK
            for smashed, by_new in picks:
                if by_new is None:
                    if smashed < best:
                        best = smashed
                    continue
                for new, price in shifts:
                    value = by_new[new] + price
                    if value < best:
                        best = value
            found[spaces] = best
        return found

    def _lock_bases(self, stage: int, number: int, locked: int, memo: dict[int, float]
                    ) -> list[tuple[int, list[tuple[float, list[float] | None]]]]:
        """For each total ``locked`` dice may show and each steer of that move: the rounds to
        go after a SMASH (with no list), or, for each gear 0-5 the car may then be in, after
        the roll of what is left (the rolled move steers only if the locked move did not, or
        in gear 2): what every gear's SHIFTs choose from, worked out once for all of them."""
        values, after_stage, locks = self.values, self.after_stage[stage], self.locks[number]
        roll_value, settled, count = self._roll_value, self._settled, len(self.positions)
        gears = range(max(locked, 1), MAX_GEAR + 1)
        found = []
        # Inlined (a cold solve makes about a million of these sums): the memo is read here
        # before calling _roll_value (its key written out). A roll from a later stage is kept
        # for the whole solve (``settled``): that stage's values no longer change.
        for spaces, _ in roll_odds(locked):
            picks: list[tuple[float, list[float] | None]] = []
            for steered, there, smashed, lines in locks[spaces]:
                after = after_stage[lines]
                if smashed:
                    picks.append((values[after][there] + DAMAGE_ROUNDS, None))
                    continue
                row, place = values[after], there // 6
                book = memo if after == stage else settled
                by_new = [STUCK] * (MAX_GEAR + 1)
                for new in gears:
                    dice = new - locked
                    if dice == 0:
                        by_new[new] = row[there + new]
                        continue
                    steer = not steered or new == 2
                    known = book.get((((after * count + place) * 6 + new) * 5 + dice) * 2 + steer)
                    by_new[new] = roll_value(after, place, new, dice, steer, book) \
                        if known is None else known
                picks.append((0.0, by_new))
            found.append((spaces, picks))
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
