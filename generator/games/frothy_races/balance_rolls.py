"""The rolls a Frothy Races balance profile reads, and the readings it rolls them with.

A trait's '#' as a distribution (a number, or a roll such as d3 rolled each time it is
used), the Control objectives a careful player discards for, and the engine's Control and
Damage rolls summarised and cached: vehicles share most of them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from generator.games.frothy_races.balance_axes import SETTINGS
from generator.games.frothy_races.catalogues import frothy_data
from generator.games.frothy_races.model import Vehicle
from generator.probability import (
    ControlIcon,
    ControlOutcome,
    Cost,
    Die,
    Dist,
    Objective,
    avoid_damage,
    control_roll_ways,
    damage_points,
    min_control_loss,
    repeat_sum,
)

INFINITE = math.inf
ZERO: Dist[int] = Dist.certain(0)


def mildest_first(first: Objective) -> Objective:
    """``first``, then the mildest effects in the settings' order of preference (no
    effect at all being the mildest).

    Why: the engine breaks ties between equally good discards by a fixed order of icon
    names; a player who has the choice keeps a Slow rather than a Haste.
    """
    rank = {icon: i + 1 for i, icon in enumerate(SETTINGS.effect_preference)}

    def cost(o: ControlOutcome) -> Cost:
        head = first(o)
        return (*(head if isinstance(head, tuple) else (head,)),
                sum(rank[e] for e in o.effects))

    return cost


OBJECTIVES: Mapping[str, Objective] = {"avoid_damage": mildest_first(avoid_damage),
                                       "min_control_loss": mildest_first(min_control_loss)}


def hash_dist(value: int | str | None) -> Dist[int]:
    """A '#' value as a distribution: a number for certain, or a roll such as '1d3'."""
    if value is None:
        return Dist.certain(1)
    if isinstance(value, int):
        return Dist.certain(value)
    count, sides = value.split("d")
    return repeat_sum(Die.numbered(int(sides)).values(), int(count))


def plus(a: Dist[int], b: Dist[int]) -> Dist[int]:
    """Independent sum (a check plus a rolled modifier)."""
    return a.combine(b, lambda x, y: x + y)


def minus(a: Dist[int], b: Dist[int]) -> Dist[int]:
    """Independent difference (a check less a rolled modifier, one attack less another)."""
    return a.combine(b, lambda x, y: x - y)


ICON_NAMES = tuple(str(icon) for icon in ControlIcon)


@dataclass(frozen=True)
class RollSummary:
    """What a vehicle's Control cell needs from one engine Control roll, in counts of the
    ordered rolls (``rolls`` in all): integers add up exactly and fast, and a cell mixing
    several rolls (Driver) divides once."""

    rolls: int
    successes: int  # rolls with no effect applied
    loss_points: int  # control-loss points from effects and Spin pairs (not damage), summed
    # (Damage icons left if Damage applies, else 0; rolls), fewest icons first
    damage_icons: tuple[tuple[int, int], ...]
    effect_rolls: Mapping[str, int]  # rolls applying each effect

    @property
    def p_success(self) -> Fraction:
        """Chance no effect applies."""
        return Fraction(self.successes, self.rolls)

    @property
    def control_loss(self) -> Fraction:
        """Expected points from effects and Spin pairs (not damage)."""
        return Fraction(self.loss_points, self.rolls)

    @property
    def damage_dice(self) -> Dist[int]:
        """Damage icons left when the Damage effect applies (0 otherwise)."""
        return Dist._from_integers(dict(self.damage_icons), self.rolls)

    @property
    def effects(self) -> Mapping[str, Fraction]:
        """Chance each effect applies."""
        return {icon: Fraction(n, self.rolls) for icon, n in self.effect_rolls.items()}


@lru_cache(maxsize=512)
def control_summary(dice: int, discards: int, objective: str) -> RollSummary:
    """The engine's Control roll, summarised and cached: vehicles share most (dice,
    discards) pairs, and the full outcome distribution is large."""
    ways, total = control_roll_ways(dice, discards, OBJECTIVES[objective])
    success = loss = 0
    damage_icons: dict[int, int] = {}
    effects = dict.fromkeys(ICON_NAMES, 0)
    for outcome, rolls in ways.items():
        if outcome.success:
            success += rolls
        loss += rolls * outcome.control_loss
        damage_icons[outcome.damage_dice] = damage_icons.get(outcome.damage_dice, 0) + rolls
        for icon in outcome.effects:
            effects[icon] += rolls
    return RollSummary(total, success, loss, tuple(sorted(damage_icons.items())), effects)


@lru_cache(maxsize=4096)
def damage_dist(dice: int, resilience: int | None) -> Dist[int]:
    """Damage points from a roll of ``dice`` dice (the engine's binomial, cached)."""
    return damage_points(dice, resilience)


@dataclass(frozen=True)
class Traits:
    """A vehicle's catalogue traits by the guide's name, each with its '#' as a distribution."""

    values: Mapping[str, Dist[int]]

    @classmethod
    def of(cls, vehicle: Vehicle) -> Traits:
        """The catalogue traits of ``vehicle``; custom traits are never measured."""
        catalogue = frothy_data().traits
        found: dict[str, Dist[int]] = {}
        for ref in vehicle.traits:
            entry = None if ref.custom else catalogue.find(ref.name)
            if entry is not None:
                found[entry.name] = hash_dist(ref.value)
        return cls(found)

    def has(self, name: str) -> bool:
        """True when the vehicle has the trait called ``name`` in the catalogue."""
        return name in self.values

    def __getitem__(self, name: str) -> Dist[int]:
        """The trait's '#' (0 when the vehicle does not have it)."""
        return self.values.get(name, ZERO)

