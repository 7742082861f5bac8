"""The Speed Check at a round's end, as the value-table solver weighs it (``planner_sweeps``):
every Speed's choices of direction and cards with their card prices, and each choice's
chance of each set of Speeds the dice let the player keep (``planner.speed_options``); the
best choice at every Speed and corridor state, and the choices as a ``CheckPlan``.
"""

from __future__ import annotations

import numpy as np

from generator.games.frothy_races.race.planner import speed_options
from generator.games.frothy_races.race.planner_edges import SWEEP_FLOAT
from generator.games.frothy_races.race.planner_plan import CheckPlan, Reach
from generator.games.frothy_races.race.styles import DrivingStyle
from generator.games.frothy_races.race.vehicles import RaceVehicle

Floats = np.ndarray


class SpeedChecks:
    """A vehicle's Speed Check choices as arrays."""

    def __init__(self, spec: RaceVehicle, style: DrivingStyle) -> None:
        """Each Speed's Speed Check choices: their card prices, and a matrix of each
        choice's chance of each set of Speeds the roll lets the player keep."""
        numbers: dict[tuple[int, ...], int] = {}
        options = speed_options(spec, style)
        for choices in options:
            for _, odds in choices:
                for _, ends in odds:
                    numbers.setdefault(ends, len(numbers))
        self.sets = sorted(numbers, key=numbers.__getitem__)
        self.prices, self.chances = [], []
        for choices in options:
            matrix = np.zeros((len(choices), len(self.sets)), SWEEP_FLOAT)
            for c, (_, odds) in enumerate(choices):
                for p, ends in odds:
                    matrix[c, numbers[ends]] += p
            self.prices.append(np.array([price for price, _ in choices], SWEEP_FLOAT))
            self.chances.append(matrix)
        self.stops = np.array([s[-1] == 0 for s in self.sets])  # sets that leave Speed 0
        self.rolled = [np.flatnonzero(m.any(axis=0)) for m in self.chances]  # by Speed
        self.reach = Reach.of(self.chances)
        self.speeds = spec.top_speed + 1
        self.still = all(row[0] == 0 for row in spec.moves)  # Speed 0 moves no space
        self.by_size = by_size(self.sets)
        self.moving = by_size([tuple(s for s in ends if s) for ends in self.sets])

    def check(self, first: Floats, f: int, layers: Floats) -> tuple[Floats, CheckPlan]:
        """The round's end: the best Speed Check choice at each Speed, each way the dice
        fall at the best Speed the player may keep from it, from the point-0 values
        ``first`` (Speed, corridor) of layer ``f``; and the choices as a plan (the round's
        end of ``layers``)."""
        first = first.copy()
        columns = np.arange(first.shape[1])
        still = self.still_check(first) if self.still else None
        best_of = best_in(first, self.by_size)
        kept = first[best_of, columns]
        out = np.zeros((self.speeds, len(columns)), SWEEP_FLOAT)
        picks = np.zeros((self.speeds, len(columns)), np.int64)
        prices = np.zeros((self.speeds, len(columns)), SWEEP_FLOAT)
        for v in range(self.speeds):
            sets = self.rolled[v]
            chances = self.chances[v][:, sets]
            total = self.prices[v][:, None] + 1.0 + product(chances, kept[sets])
            pick = np.argmin(total, axis=0)
            out[v] = total[pick, columns]
            picks[v] = self.reach.first[v] + pick
            prices[v] = self.prices[v][pick]
        return out, CheckPlan(f, layers, best_of, self.reach.terms(picks, best_of), prices,
                              still)

    def still_check(self, first: Floats) -> tuple[Floats, Floats, Floats, Floats]:
        """At Speed 0 a round that ends at Speed 0 ends where it began: W0 solves
        W0 = min over choices of (price + 1 + P(stuck at 0) W0 + the rest), set in
        ``first`` (in place); the choice, as ``CheckPlan.still`` holds it."""
        columns = np.arange(first.shape[1])
        kept = best_in(first, self.moving)
        moving = first[kept, columns]
        chances = self.chances[0]
        rest = product(chances[:, ~self.stops], moving[~self.stops])
        stay = np.maximum(1e-9, 1.0 - chances[:, self.stops].sum(axis=1))
        total = (self.prices[0][:, None] + 1.0 + rest) / stay[:, None]
        pick = np.argmin(total, axis=0)
        first[0] = total[pick, columns]
        leave = (chances * ~self.stops)[pick].T  # (sets, corridor)
        return self.prices[0][pick], leave, stay[pick], kept * len(columns) + columns


def product(chances: Floats, kept: Floats) -> Floats:
    """Each choice's expectation over the sets of Speeds: a matrix product done by numpy's
    own loops (a threaded BLAS is a hundred times slower on matrices this small, on a
    shared machine, and its sums need not come out the same bit for bit)."""
    return np.einsum("ck,ks->cs", chances, kept, optimize=False)


def by_size(sets: list[tuple[int, ...]]) -> list[tuple[Floats, Floats]]:
    """The sets of Speeds (each ascending) grouped by how many they hold: each group's
    places in ``sets`` and its Speeds (set, member); the empty sets, with Speed 0."""
    found: dict[int, list[int]] = {}
    for i, ends in enumerate(sets):
        found.setdefault(len(ends), []).append(i)
    return [(np.array(places), np.array([sets[i] or (0,) for i in places]))
            for _, places in sorted(found.items())]


def best_in(first: Floats, groups: list[tuple[Floats, Floats]]) -> Floats:
    """For each set of Speeds (``by_size``) and corridor state, the Speed of the set with
    the least value in ``first`` (Speed, corridor), the first of equals (as ``np.argmin``
    over the set's Speeds picks): the sets of a size at once, a member at a time."""
    best = np.empty((sum(len(places) for places, _ in groups), first.shape[1]), np.int64)
    for places, members in groups:
        low = first[members[:, 0]]
        at = np.repeat(members[:, :1], first.shape[1], axis=1)
        for j in range(1, members.shape[1]):
            other = first[members[:, j]]
            better = other < low
            np.copyto(low, other, where=better)
            np.copyto(at, members[:, j:j + 1], where=better)
        best[places] = at
    return best

