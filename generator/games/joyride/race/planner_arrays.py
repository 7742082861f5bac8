"""The value table's sweeps as whole arrays: every position and gear of a stage at once.

The same turn as ``planner.py`` describes (shift, roll and steer at best; or lock every die,
all but one or all but two of the mirror's faces, steer that move or not, shift and roll the
rest), priced the same way, but each pass updates a whole stage from the values the pass
before left (Jacobi), where the pure-Python sweeps updated a position at a time
(Gauss-Seidel). So a stage takes a few more passes, each a few numpy operations over
every position instead of a million Python sums: a table solved in 1.2 s of CPU instead of
13 s (Gasometer Gauntlet). Stages are still solved from the last, so a later stage is final
when an earlier one reads it, and each stage is swept until no value moves by more than the
table's tolerance.

Arrays are indexed by position number ``n`` (``N`` of them), the gear, a roll's total and
the pick among the steers; an outcome is (``there``: its position x 6, smashed, its line
set's number), read as ``values[after[line], there + gear]`` (``there`` + 0 after a SMASH,
plus a damage's price).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from generator.games.joyride.race.planner_rules import (
    DAMAGE_ROUNDS,
    LOCK_ALL,
    MAX_GEAR,
    STUCK,
    TOLERANCE,
    mirrors,
    roll_odds,
    shift_options,
)

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from generator.games.joyride.race.planner import ValueTable

MOST_PASSES = 200  # a stage's passes at most (a pass is cheap; the tolerance ends it first)
TOTALS = 3 * LOCK_ALL + 1  # a lock's totals 0-12, by index


class Outcomes:
    """Outcomes as arrays of one shape ``[n, total, pick]``: the position x 6, smashed and
    the line set's number."""

    def __init__(self, moves: NDArray, ways: list[int], totals: list[int]) -> None:
        """From ``moves[n, way, spaces, (position, smashed, line set)]``: the picks are the
        ``ways`` of each total in ``totals``."""
        picked = moves[:, ways][:, :, totals].transpose(0, 2, 1, 3)
        self.there = picked[..., 0] * 6
        self.smashed = picked[..., 1].astype(bool)
        self.line = picked[..., 2]


class ArraySweeps:
    """A table's stages solved with whole arrays (``table`` supplies the positions, the
    stage after each line set and the positions no move leaves)."""

    def __init__(self, table: ValueTable, along: list[list[list[tuple[int, bool, int]]]]
                 ) -> None:
        """``along[n][way][spaces]``: every move's outcome from every position, each way of
        ``planner.WAYS``."""
        self.count = count = len(table.positions)
        self.stages = table.course.stages
        self.after = np.array(table.after_stage, dtype=np.int64)  # [stage, line set]
        self.values = np.zeros((self.stages + 1, count * 6))
        self.stuck = np.array(table.stuck, dtype=bool)
        moves = np.array(along, dtype=np.int64)
        # Rolls with no lock, per gear: chance of each total; outcomes [n, total, pick] (the
        # driver may steer, or in gear 1 reverse; a pick twice over changes no minimum)
        self.moves = {gear: (np.array([c for _, c in roll_odds(gear)]),
                             Outcomes(moves, [0, 1, 2, 3, 4, 5] if gear == 1 else [0, 1, 2],
                                      [t for t, _ in roll_odds(gear)]))
                      for gear in range(1, MAX_GEAR + 1)}
        # A lock's move by its total (0-12): outcomes [n, total, steer 0 / +1 / -1]
        self.locks = Outcomes(moves, [0, 1, 2], list(range(TOTALS)))
        # Rolls of 1-4 dice forwards [stage, gear, dice, steer or not, n]; a stage's once
        # it is final (the stage being swept: every pass)
        self.rolls = np.zeros((self.stages + 1, MAX_GEAR + 1, LOCK_ALL + 1, 2, count))
        self.rolled_stage = [False] * (self.stages + 1)
        # What read() needs of an outcome array from a stage: where its values lie, whether
        # the gear counts (no SMASH) and a damage's price; worked out once a stage
        self._read: dict[tuple, tuple[NDArray, NDArray, NDArray]] = {}

    def read(self, stage: int, out: Outcomes, gear: int | NDArray,
             total: int | None = None) -> NDArray:
        """The value after each outcome of ``out`` (only those of one ``total``, if given)
        from ``stage``, the car in ``gear`` (0 and a damage after a SMASH)."""
        key = (stage, id(out), total)
        found = self._read.get(key)
        if found is None:
            index: tuple = () if total is None else (slice(None), total)
            after = self.after[stage, out.line[index]]
            smashed = out.smashed[index]
            found = self._read[key] = (after * (self.count * 6) + out.there[index],
                                       (~smashed).astype(np.int64),
                                       np.where(smashed, DAMAGE_ROUNDS, 0.0))
        base, moving, damage = found
        return self.values.reshape(-1)[base + moving * gear] + damage

    def solve_stage(self, stage: int, start: list[float]) -> tuple[list[float], int]:
        """Sweep ``stage`` from ``start`` until no value moves by more than the tolerance:
        its values and the passes it took."""
        for later in range(stage + 1, self.stages + 1):
            self.roll_values(later)
        self.values[stage] = start
        passes = 0
        for passes in range(1, MOST_PASSES + 1):  # noqa: B007 - the count is returned
            new = self.sweep(stage)
            change = float(np.max(np.abs(new - self.values[stage])))
            self.values[stage] = new
            if change < TOLERANCE:
                break
        self.rolled_stage[stage] = False
        return self.values[stage].tolist(), passes

    def roll_values(self, stage: int) -> None:
        """Rolls of 1-4 dice forwards from every position of ``stage`` in every gear, at
        the stage's values now (kept once the stage is final)."""
        if self.rolled_stage[stage]:
            return
        gears = np.arange(1, MAX_GEAR + 1)[:, None, None]  # [gear, n, steer]
        for dice in range(1, LOCK_ALL + 1):
            straight = np.zeros((MAX_GEAR, self.count))
            steered = np.zeros((MAX_GEAR, self.count))
            for total, chance in roll_odds(dice):
                vals = self.read(stage, self.locks, gears, total)
                straight += chance * np.minimum(vals[:, :, 0], STUCK)
                steered += chance * np.minimum(vals.min(axis=2), STUCK)
            self.rolls[stage, 1:, dice, 0] = straight
            self.rolls[stage, 1:, dice, 1] = steered
        self.rolled_stage[stage] = True

    def sweep(self, stage: int) -> NDArray:
        """One pass over ``stage``: every position and gear from the last pass's values."""
        self.rolled_stage[stage] = False
        self.roll_values(stage)
        rolled = np.full((MAX_GEAR + 1, self.count), STUCK)
        for gear, (chances, out) in self.moves.items():
            vals = self.read(stage, out, gear)
            rolled[gear] = np.minimum(vals.min(axis=2), STUCK) @ chances
        bases = {locked: self.lock_bases(stage, locked) for locked in range(1, LOCK_ALL + 1)}
        new = np.empty((self.count, 6))
        for gear in range(MAX_GEAR + 1):
            best = np.min([rolled[to] + damage * DAMAGE_ROUNDS
                           for to, damage in shift_options(gear)], axis=0)
            if gear >= 1:
                best = self.locked(gear, best, bases)
            new[:, gear] = np.minimum(1.0 + best, STUCK)
        new[self.stuck] = STUCK
        return new.reshape(-1)

    def lock_bases(self, stage: int, locked: int) -> tuple[NDArray, NDArray]:
        """For each total ``locked`` dice may show (``locked`` to 3 x ``locked``, by index
        from the least) and the best steer of that move: the value after a SMASH (infinite
        if none smashes) ``[n, total]``, and for each gear the car may then be in, after
        rolling the dice left ``[new gear, n, total]``; the rolled move steers only if the
        locked move did not, or in gear 2. The best steer is taken before the SHIFT's
        price is added: the same price for every steer, so the same minimum."""
        locks, totals = self.locks, slice(locked, 3 * locked + 1)
        there, smashed = locks.there[:, totals], locks.smashed[:, totals]
        after = self.after[stage, locks.line[:, totals]]
        flat = self.values.reshape(-1)
        start = after * (self.count * 6) + there
        crash = np.where(smashed, flat[start] + DAMAGE_ROUNDS, np.inf).min(axis=2)
        by_new = np.full((MAX_GEAR + 1, *crash.shape), np.inf)
        place = there // 6
        steered = np.array([False, True, True])
        for new in range(max(locked, 1), MAX_GEAR + 1):
            dice = new - locked
            if dice == 0:
                value = flat[start + new]
            else:
                steer = np.broadcast_to(~steered | (new == 2), there.shape).astype(np.int64)
                value = self.rolls[after, new, dice, steer, place]
            by_new[new] = np.where(smashed, np.inf, value).min(axis=2)
        return crash, by_new

    def locked(self, gear: int, rolled: NDArray,
               bases: dict[int, tuple[NDArray, NDArray]]) -> NDArray:
        """The best of a turn with no lock (``rolled``) and each lock the mirror's faces
        allow, over the mirrors of ``gear`` dice."""
        locks: dict[int, NDArray] = {}
        for kept in (0, 1, 2):
            locked = gear - kept
            if 1 <= locked <= LOCK_ALL:
                crash, by_new = bases[locked]
                best = np.full(crash.shape, STUCK)
                for new, damage in shift_options(gear):
                    if new - locked >= 0:
                        best = np.minimum(best, by_new[new] + damage * DAMAGE_ROUNDS)
                locks[kept] = np.minimum(best, crash)  # [n, total - locked]
        total = np.zeros(self.count)
        for chance, _, parts in mirrors(gear):
            best = rolled
            for kept, totals in enumerate(parts):
                if kept in locks:
                    for part in totals:
                        best = np.minimum(best, locks[kept][:, part - (gear - kept)])
            total += chance * best
        return total
