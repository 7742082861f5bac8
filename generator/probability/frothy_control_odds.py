"""Exact distributions of Frothy Races Control rolls: every roll of n dice with up to k
discards, played optimally for an objective, summed in integers and divided once."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from generator.probability.dist import Die, Dist, multiset_weights
from generator.probability.frothy_control import (
    ControlOutcome,
    Objective,
    _icon_categories,
    _Resolver,
    min_control_loss,
)
from generator.probability.frothy_dice import FROTHY_DIE, _pool_kept, damage_points
from generator.probability.frothy_discards import _DiscardTable
from generator.probability.frothy_speed_table import _locate


@dataclass(frozen=True)
class ControlRollResult:
    """Exact joint distribution of control roll outcomes, with the marginals a
    balance report asks for."""

    outcomes: Dist[ControlOutcome]

    @property
    def p_success(self) -> Fraction:
        """P(no effect applied)."""
        return self.outcomes.p(lambda o: o.success)

    def p_effect(self, icon: str) -> Fraction:
        """P(the effect of `icon` is applied)."""
        return self.outcomes.p(lambda o: icon in o.effects)

    @property
    def control_loss(self) -> Dist[int]:
        """Control-loss points gained, excluding damage sustained."""
        return self.outcomes.map(lambda o: o.control_loss)

    @property
    def damage_dice(self) -> Dist[int]:
        """Dice to roll for the Damage effect (0 when it is not applied)."""
        return self.outcomes.map(lambda o: o.damage_dice)

    @property
    def stamina_lost(self) -> Dist[int]:
        """Stamina lost to Slow/Haste pairs (0 with stamina rules off)."""
        return self.outcomes.map(lambda o: o.stamina_lost)

    @property
    def effects(self) -> Dist[frozenset[str]]:
        """Which set of effects is applied."""
        return self.outcomes.map(lambda o: o.effects)

    def control_loss_with_damage(self, resilience: int | None, die: Die = FROTHY_DIE
                                 ) -> Dist[int]:
        """Control-loss points including one per damage point sustained from
        the Damage effect's damage roll ('Control Roll' step 5)."""
        return self.outcomes.bind(
            lambda o: damage_points(o.damage_dice, resilience, die).map(
                lambda d: o.control_loss + d
            )
        )



@lru_cache(maxsize=32)
def _shared_resolver(categories: tuple[str | None, ...], objective: Objective,
                     stamina_rules: bool) -> _Resolver:
    """One resolver per (die, objective, rules), kept between calls.

    Why: a count vector resolves the same way whatever roll it came from, so the memo of
    a 10-die roll already holds most of what a 9-die roll needs; a balance profile asks
    for dozens of rolls with the same objective.
    """
    return _Resolver(categories, objective, stamina_rules)


@lru_cache(maxsize=32)
def _shared_table(categories: tuple[str | None, ...], faces: tuple[int, ...],
                  objective: Objective, stamina_rules: bool) -> _DiscardTable:
    """One discard table per (die, objective, rules), kept between calls: every roll of a
    balance profile reads the same vectors (see :class:`_DiscardTable`)."""
    return _DiscardTable(categories, faces, objective, stamina_rules)


def clear_caches() -> None:
    """Forget every roll and table kept between calls (benchmarks time cold runs)."""
    for cached in (_shared_resolver, _shared_table, _pool_kept, _locate):
        cached.cache_clear()


def control_roll(
    dice: int,
    discards: int = 0,
    objective: Objective = min_control_loss,
    *,
    die: Die = FROTHY_DIE,
    stamina_rules: bool = True,
    discards_first: bool = True,
) -> ControlRollResult:
    """Exact outcome distribution of a control roll of `dice` dice (base +
    control-loss points + cards) when up to `discards` dice (one per card, or
    trait) may be dropped and the player drops them optimally for `objective`.

    Order ('Control Roll', Result): optional discards, then forced Left/Right
    Spin pairs (+1 control loss each), then Slow/Haste pairs (-1 stamina each,
    or +1 control loss with `stamina_rules=False`); the icons with the highest
    remaining count all apply. `discards_first=False` is the alternative rule
    ('Control Roll Discards': forced pairs before card discards). Blank faces
    (a die built for the 'Ignored' alternative) never count as an icon.
    Choices that tie on the objective are broken by `ControlOutcome.sort_key`,
    so marginals the objective does not rank (e.g. which of two equally costly
    effects) reflect that fixed preference. Enumerates multisets, not ordered
    rolls: 15 dice are 15,504 count vectors.
    """
    weighted, total = control_roll_counts(dice, discards, objective, die=die,
                                          stamina_rules=stamina_rules,
                                          discards_first=discards_first)
    return ControlRollResult(Dist._trusted({o: Fraction(w, total) for o, w in weighted}))


def control_roll_counts(
    dice: int,
    discards: int = 0,
    objective: Objective = min_control_loss,
    *,
    die: Die = FROTHY_DIE,
    stamina_rules: bool = True,
    discards_first: bool = True,
) -> tuple[list[tuple[ControlOutcome, int]], int]:
    """:func:`control_roll` in integers: each outcome (in `ControlOutcome.sort_key` order)
    with the number of ordered rolls of `dice` dice that end in it, and the number of all
    ordered rolls (`die.sides ** dice`).

    Why: a balance profile sums and averages these; integers added up and divided once at
    the end are exact and many times faster than a Fraction per outcome.
    """
    ways, total = control_roll_ways(dice, discards, objective, die=die,
                                    stamina_rules=stamina_rules, discards_first=discards_first)
    return sorted(ways.items(), key=lambda kv: kv[0].sort_key()), total


def control_roll_ways(
    dice: int,
    discards: int = 0,
    objective: Objective = min_control_loss,
    *,
    die: Die = FROTHY_DIE,
    stamina_rules: bool = True,
    discards_first: bool = True,
) -> tuple[dict[ControlOutcome, int], int]:
    """:func:`control_roll_counts` in no particular order: for sums over the outcomes,
    which need no sorting (a balance profile makes dozens)."""
    if dice < 0 or discards < 0:
        raise ValueError("dice and discards must be >= 0")
    if discards > dice:
        raise ValueError("cannot discard more dice than are rolled")
    icons, categories = _icon_categories(die)
    out: dict[ControlOutcome, int]
    if discards_first:
        faces = tuple(sum(1 for f in die.faces if f.icon == c) for c in categories)
        out, total = _shared_table(categories, faces, objective, stamina_rules).counts(
            dice, discards)
    else:
        resolver = _shared_resolver(categories, objective, stamina_rules)
        weighted, total = multiset_weights(icons, dice)
        out = {}
        for counts, weight in weighted:
            o = resolver.optimal(counts, discards, discards_first)
            out[o] = out.get(o, 0) + weight
    return out, total
