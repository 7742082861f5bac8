"""Markov chains shared between the measures of Frothy Races vehicles.

Keyed by what they read, so a profile re-measured without one trait (see
``balance.unmeasured``) and vehicles with the same licence rows or Damage track reuse them
instead of solving them again: the speed marker's moves (rounds to a Speed, to stop,
spaces from a standstill) and the Damage track to Wipe-out.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from generator.balance.axes import Value
from generator.games.frothy_races.balance_rolls import (
    INFINITE,
    ZERO,
    control_summary,
    damage_dist,
)
from generator.probability import (
    Direction,
    Dist,
    Marker,
    SpeedTable,
    expected_steps,
)

ACCELERATE, DECELERATE = Direction.ACCELERATE, Direction.DECELERATE

State = tuple[int, int | None]  # damage sustained, current Resilience (None = blank)
WIPED: State = (-1, None)
Effect = tuple[str, Any]


@dataclass(frozen=True)
class Move:
    """One round's move of the speed marker, as data.

    ``fixed``: Tireless or Anchor, the marker moves up to ``values`` boxes with no roll (and
    Tireless never over-whips); otherwise ``values`` is the final speed check value, moved
    in ``direction`` (a negative value reverses it).
    """

    direction: Direction
    values: Dist[int]
    fixed: bool = False


@lru_cache(maxsize=256)
def marker_step(table: SpeedTable, move: Move) -> Callable[[Marker], Dist[Marker]]:
    """Where one round's ``move`` takes the marker from each box, each box worked out once."""
    values, direction = move.values, move.direction
    where: Callable[[Marker], Dist[Marker]]
    if move.fixed and direction is ACCELERATE:
        last = sum(table.acceleration) - 1

        def where(m: Marker) -> Dist[Marker]:
            return values.map(
                lambda t: table.accelerate(m, max(0, min(t, last - table.acceleration_box(m)))))
    elif move.fixed:
        def where(m: Marker) -> Dist[Marker]:
            return values.map(lambda t: table.decelerate(m, max(0, t)))
    else:
        def where(m: Marker) -> Dist[Marker]:
            return values.map(lambda v: table.shift(m, v, direction))
    memo: dict[Marker, Dist[Marker]] = {}

    def step(m: Marker) -> Dist[Marker]:
        found = memo.get(m)
        if found is None:
            found = memo[m] = where(m)
        return found

    return step


@lru_cache(maxsize=1024)
def rounds_until(table: SpeedTable, move: Move | None, start: Marker, speed: int | None
                 ) -> Value:
    """Expected rounds of ``move`` from ``start`` until the marker shows ``speed`` or more
    (``None``: until it stops); infinite when some reachable box can never get there."""
    def done(m: Marker) -> bool:
        shown = table.speed_of(m)
        return shown == 0 if speed is None else shown >= speed

    if done(start):
        return Fraction(0)
    if move is None:
        return INFINITE
    try:
        return expected_steps(start, marker_step(table, move), done)
    except ValueError:  # some reachable box can never get there: infinite expectation
        return INFINITE


@lru_cache(maxsize=256)
def spaces_moved(table: SpeedTable, move: Move | None, rounds: int, totals: tuple[int, ...]
                 ) -> tuple[Fraction, ...]:
    """Expected spaces moved by the end of each of ``rounds`` rounds from a standstill,
    the marker moving by ``move`` each round (``None``: it stays), ``totals`` the spaces a
    round at each Speed. Exact: the marker's distribution over the boxes, in integers over
    one common denominator."""
    step = None if move is None else marker_step(table, move)
    where: dict[Marker, int] = {table.start: 1}
    denominator = 1
    moved, out = 0, []
    for _ in range(rounds):
        if step is not None:
            forms = {m: step(m)._integers() for m in where}
            common = math.lcm(*(d for _, d in forms.values()))
            after: dict[Marker, int] = {}
            for m, n in where.items():
                numerators, d = forms[m]
                scale = n * (common // d)
                for nxt, q in numerators.items():
                    after[nxt] = after.get(nxt, 0) + scale * q
            where, denominator, moved = after, denominator * common, moved * common
        moved += sum(n * totals[table.speed_of(m)] for m, n in where.items())
        out.append(Fraction(moved, denominator))
    return tuple(out)


def damage_roll(dice: int, fewer: Dist[int], jerry: Dist[int]) -> Dist[int]:
    """Dice actually rolled for a Damage roll of ``dice``: less ``fewer`` (B.S.H.,
    Failsafes) down to none, then ``jerry`` (Jerry Rigged) extra dice if a roll is made."""
    return fewer.bind(lambda f: Dist.certain(0) if dice - f <= 0
                      else jerry.map(lambda j: dice - f + j))


class DamageTrack:
    """A Damage track as the chains to Wipe-out read it: its value, Resilience, the affects
    that change later rolls (by level) and Jerry Rigged's extra dice; each chain solved once.
    """

    def __init__(self, value: int, resilience: int | None,
                 effects: tuple[tuple[int, tuple[Effect, ...]], ...], jerry: Dist[int]) -> None:
        self.value = value
        self.resilience = resilience
        self.effects = dict(effects)
        self.jerry = jerry
        self._advanced: dict[tuple[int, int, int | None], Dist[State]] = {}
        self._chains: dict[Dist[int], Value] = {}

    def _apply(self, effects: tuple[Effect, ...], resilience: int | None
               ) -> Dist[tuple[int | None, int]]:
        """(Resilience, extra damage) after applying ``effects`` in order."""
        result: Dist[tuple[int | None, int]] = Dist.certain((resilience, 0))
        for effect in effects:
            def then(state: tuple[int | None, int], e: Effect = effect
                     ) -> Dist[tuple[int | None, int]]:
                return self._apply_one(e, *state)
            result = result.bind(then)
        return result

    def _apply_one(self, effect: Effect, resilience: int | None, extra: int
                   ) -> Dist[tuple[int | None, int]]:
        kind, value = effect
        if kind == "resilience":
            return value.map(lambda v: (None if resilience is None else resilience - v, extra))
        if kind == "roll":
            dice = value.bind(lambda n: damage_roll(n, ZERO, self.jerry))
            return dice.bind(lambda n: damage_dist(n, resilience)).map(
                lambda k: (resilience, extra + k))
        options = Dist.uniform(range(len(value)))
        return options.bind(lambda i: self._apply(value[i], resilience)).map(
            lambda s: (s[0], extra + s[1]))

    def _advance(self, level: int, target: int, resilience: int | None) -> Dist[State]:
        """Damage climbs from ``level`` to ``target``: apply each newly reached level's
        affects in order (a '# Damage' affect may push the target higher)."""
        if target >= self.value:
            return Dist.certain(WIPED)
        if level >= target:
            return Dist.certain((target, resilience))
        key = (level, target, resilience)
        if key not in self._advanced:
            nxt = level + 1
            self._advanced[key] = self._apply(self.effects.get(nxt, ()), resilience).bind(
                lambda s: self._advance(nxt, target + s[1], s[0]))
        return self._advanced[key]

    def hits_to_wipe_out(self, dice: Dist[int]) -> Value:
        """Expected hits until Wipe-out from undamaged, each hit a Damage roll of ``dice``
        (already adjusted for traits). Hits rolling the same dice share one chain."""
        if dice not in self._chains:
            self._chains[dice] = self._solve_chain(dice)
        return self._chains[dice]

    def _solve_chain(self, dice: Dist[int]) -> Value:
        # The damage a hit scores depends on the Resilience, not on the level: worked out
        # once per Resilience the chain meets, not once per state.
        scored: dict[int | None, Dist[int]] = {}

        def hit(state: State) -> Dist[State]:
            level, resilience = state
            points = scored.get(resilience)
            if points is None:
                points = scored[resilience] = dice.bind(
                    lambda n: damage_dist(n, resilience))
            return points.bind(lambda k: self._advance(level, level + k, resilience))

        start: State = (0, self.resilience)
        try:
            return expected_steps(start, hit, lambda s: s == WIPED)
        except ValueError:  # no hit of this kind can ever damage the vehicle
            return INFINITE


@lru_cache(maxsize=256)
def damage_track(value: int, resilience: int | None,
                 effects: tuple[tuple[int, tuple[Effect, ...]], ...], jerry: Dist[int]
                 ) -> DamageTrack:
    """The shared :class:`DamageTrack` for these inputs."""
    return DamageTrack(value, resilience, effects, jerry)


def clear_caches() -> None:
    """Forget every roll and chain kept between measures (benchmarks time cold runs)."""
    for cached in (control_summary, damage_dist, marker_step, rounds_until, spaces_moved,
                   damage_track):
        cached.cache_clear()
