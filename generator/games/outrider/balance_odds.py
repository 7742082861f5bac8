"""The odds an Outrider build's measures ask for, each worked out once, and one side of the card.

Every build and each of the 24 placements of its dice asks the same few questions (a duel's
initiative, a control check, damage against an armour die, a collision), so each is cached
by the numbers it depends on; the chances "against the field" mix them over the field's
placements (see :mod:`generator.games.outrider.balance` for the readings of the rulebook).
A :class:`Side` is what one side of the card adds to each roll, and its arcs; arc coverage
is the union of cones about each arc's edge, with the OR-VARIANT-ARCS rule's widths.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

from generator.balance.axes import Value
from generator.games.outrider.catalogues import outrider_data
from generator.games.outrider.model import Arc, Variant, Vehicle
from generator.games.outrider.rules import RULES as VEHICLE_RULES
from generator.probability.dist import Die
from generator.probability.outrider import (
    ControlCheck,
    attack_damage_chance,
    collision_chance,
    control_check,
    initiative_chance,
)

FACING_DEGREES = {"front": 0, "right": 90, "rear": 180, "left": 270}
FULL_CIRCLE = 360


def field_dice() -> tuple[int, ...]:
    """The standard set every field vehicle places (2.2)."""
    return outrider_data().standard_set


def others(sides: int) -> tuple[int, ...]:
    """The field's engine dice once one of its dice is known to be ``sides``."""
    return tuple(d for d in field_dice() if d != sides)


def mean(values: Sequence[Fraction]) -> Fraction:
    """The plain mean of exact values (each case equally likely)."""
    return sum(values, Fraction(0)) / len(values)


def die_name(sides: int) -> str:
    """'d8'."""
    return f"d{sides}"


@dataclass(frozen=True)
class Collisions:
    """One side in collisions with the field: the chance to win one, and the expected
    collisions of each kind until the sixth armor token flips."""

    win: Fraction
    rams: Value
    incidentals: Value



# -- cached odds: every build and placement asks the same few questions -------------------


@cache
def die(sides: int) -> Die:
    """A numbered die, shared."""
    return Die.numbered(sides)


@lru_cache(maxsize=4096)
def duel(engine: int, bonus: int, acceleration: int, opponent: int) -> Fraction:
    """P(winning initiative against a field vehicle with an ``opponent`` engine)."""
    return initiative_chance(die(engine), die(opponent), bonus=bonus, acceleration=acceleration)


@lru_cache(maxsize=4096)
def check(driver: int, difficulty: int, bonus: int, speedometer: bool) -> ControlCheck:
    """A control check's three outcomes."""
    return control_check(die(driver), difficulty, bonuses=bonus, speedometer=speedometer)


@lru_cache(maxsize=16384)
def damage(weapon: int, armour: int, firepower: int, fire_linked: bool, attacker_won: bool,
           defense: int, moving: bool) -> Fraction:
    """P(a hit deals damage) when the attacker did (``attacker_won``) or did not win the
    round's initiative duel: the winner holds the Speedometer; a moving defender that won
    also has superior initiative, a stopped one gives the attacker 1 (7.4)."""
    defender_won = not attacker_won
    return attack_damage_chance(
        die(weapon), die(armour), firepower=firepower, fire_linked=fire_linked,
        target_stopped=not moving, attacker_speedometer=attacker_won, defense=defense,
        superior_initiative=defender_won and moving, defender_speedometer=defender_won)


@lru_cache(maxsize=4096)
def crash(armour: int, opponent: int, defense: int, characteristic: int, won: bool,
          moving: bool = True) -> Fraction:
    """P(winning a collision against a field vehicle's ``opponent`` armour die (no
    bonuses), the Speedometer with whoever won the round's duel; against a field vehicle
    standing stopped (not ``moving``) we ram it and add 1 (6.3, 6.4)."""
    return collision_chance(die(armour), die(opponent), defense=defense,
                            defense_characteristic=characteristic, speedometer=won,
                            opponent_speedometer=not won, target_stopped=not moving)


def mixed(p_won: Fraction, won: Fraction, lost: Fraction) -> Fraction:
    """A chance in a round whose duel is won with ``p_won``."""
    return p_won * won + (1 - p_won) * lost


# -- against the field: each chance depends on a few numbers, and the 24 placements of one
# build's dice share most of them (12 engine/armour pairs, 4 driver dice...), so each is
# cached on those numbers rather than worked out again for every placement.


@lru_cache(maxsize=4096)
def field_initiative(engine: int, bonus: int, acceleration: int) -> Fraction:
    """P(winning initiative against the field, any engine), ``bonus`` already capped."""
    return mean([duel(engine, bonus, acceleration, e) for e in field_dice()])


@lru_cache(maxsize=4096)
def field_initiative_knowing(engine: int, bonus: int, acceleration: int, known: int
                            ) -> Fraction:
    """P(winning initiative against a field vehicle one of whose dice is known to be
    ``known`` (its engine is one of the other three, each equally likely).

    Why: every chance below is linear in the chance the duel is won, so mixing over the
    field's engines is mixing once with this mean."""
    return mean([duel(engine, bonus, acceleration, e) for e in others(known)])


@lru_cache(maxsize=4096)
def field_control(engine: int, initiative: int, acceleration: int, driver: int, bonus: int,
                  difficulty: int) -> ControlCheck:
    """A control check against ``difficulty``, the Speedometer held in the rounds the duel
    against the field is won (``initiative`` already capped)."""
    p = field_initiative(engine, initiative, acceleration)
    won, lost = check(driver, difficulty, bonus, True), check(driver, difficulty, bonus, False)
    return ControlCheck(*(mixed(p, a, b) for a, b in (
        (won.success, lost.success), (won.failure, lost.failure),
        (won.loss_of_control, lost.loss_of_control))))


@lru_cache(maxsize=4096)
def field_attack(engine: int, initiative: int, acceleration: int, weapon: int, armour: int,
                 firepower: int, fire_linked: bool, moving: bool) -> Fraction:
    """P(a hitting attack by ``weapon`` damages a field vehicle with an ``armour`` die), its
    engine any of the others."""
    return mixed(field_initiative_knowing(engine, initiative, acceleration, armour),
                 damage(weapon, armour, firepower, fire_linked, True, 0, moving),
                 damage(weapon, armour, firepower, fire_linked, False, 0, moving))


@lru_cache(maxsize=4096)
def field_damage(engine: int, initiative: int, acceleration: int, armour: int, weapon: int,
                 defense: int, moving: bool) -> Fraction:
    """P(a hit by a field vehicle with a ``weapon`` die damages our ``armour`` die)."""
    return mixed(field_initiative_knowing(engine, initiative, acceleration, weapon),
                 damage(weapon, armour, 0, False, False, defense, moving),
                 damage(weapon, armour, 0, False, True, defense, moving))


@lru_cache(maxsize=4096)
def field_collision(engine: int, initiative: int, acceleration: int, armour: int,
                    opponent: int, defense: int, characteristic: int, moving: bool = True
                    ) -> Fraction:
    """P(winning a collision with a field vehicle of ``opponent`` armour die, moving or
    stopped)."""
    return mixed(field_initiative_knowing(engine, initiative, acceleration, opponent),
                 crash(armour, opponent, defense, characteristic, True, moving),
                 crash(armour, opponent, defense, characteristic, False, moving))


@lru_cache(maxsize=4096)
def field_collisions(engine: int, initiative: int, acceleration: int, armour: int,
                     defense: int, characteristic: int, tokens: int, moving: bool = True
                     ) -> Collisions:
    """Collisions with the field, any armour die equally likely: the chance to win one and
    the expected rams and incidentals until ``tokens`` damage."""
    win = mean([field_collision(engine, initiative, acceleration, armour, a, defense,
                                characteristic, moving) for a in field_dice()])
    return Collisions(win, rams_to_wreck(win, tokens),
                      tokens / (1 - win) if win < 1 else math.inf)


@lru_cache(maxsize=1024)
def rams_to_wreck(win: Fraction, tokens: int) -> Fraction:
    """Expected rams until ``tokens`` damage wreck the vehicle, winning each ram with
    ``win``: the winner of a ram takes 1 damage, the loser 2. Damage only climbs, so the
    expectation at each level follows from the two above it (exactly what the absorbing
    chain's linear system solves to)."""
    after = [Fraction(0), Fraction(0)]  # expected rams from tokens + 1 and tokens damage
    for _ in range(tokens):
        after.append(1 + win * after[-1] + (1 - win) * after[-2])
    return after[-1]


def clear_caches() -> None:
    """Forget every cached chance (benchmarks time cold runs)."""
    for cached in (duel, check, damage, crash, field_initiative, field_initiative_knowing,
                   field_control, field_attack, field_damage, field_collision,
                   field_collisions, rams_to_wreck, side_coverage):
        cached.cache_clear()


# -- one side of the card -----------------------------------------------------------------


@dataclass(frozen=True)
class Side:
    """What one side of the card adds to each roll (before the rule of four, which the
    odds apply), the characteristics that break ties, and its arcs."""

    name: str
    initiative: int
    control: int
    defense: int
    attack: int
    acceleration: int
    defense_characteristic: int
    fire_linked: bool
    arcs: tuple[Arc, ...]

    @classmethod
    def of(cls, vehicle: Vehicle, name: str) -> Side:
        """Side ``name`` (narrow or wide) of ``vehicle``, its upgrades counted."""
        variant: Variant = getattr(vehicle.variants, name)
        return cls(name=name, initiative=vehicle.roll_bonus(name, "initiative"),
                   control=vehicle.roll_bonus(name, "control"),
                   defense=vehicle.roll_bonus(name, "defense"),
                   attack=vehicle.roll_bonus(name, "attack"),
                   acceleration=variant.bonuses.acceleration,
                   defense_characteristic=variant.bonuses.defense,
                   fire_linked=bool(variant.fire_linked_facings), arcs=variant.arcs)

    @property
    def has_secondary(self) -> bool:
        """True when the side has a backup weapon arc."""
        return any(arc.weapon == "secondary" for arc in self.arcs)


def arc_cones(arcs: Sequence[Arc], widths: Mapping[str, int]) -> list[tuple[Fraction, Fraction]]:
    """Each arc as a cone (start, end) in degrees clockwise from straight ahead, split where
    it crosses 0 so every cone lies within 0-360."""
    cones = []
    for arc in arcs:
        centre, half = FACING_DEGREES[arc.facing], Fraction(widths[arc.mount], 2)
        start, end = centre - half, centre + half
        if start < 0:
            cones += [(start + FULL_CIRCLE, Fraction(FULL_CIRCLE)), (Fraction(0), end)]
        else:
            cones.append((start, end))
    return cones


def covered_degrees(arcs: Sequence[Arc], widths: Mapping[str, int]) -> Fraction:
    """Degrees of the compass inside at least one arc (overlaps count once)."""
    total, reach = Fraction(0), Fraction(-1)
    for start, end in sorted(arc_cones(arcs, widths)):
        if end > reach:
            total += end - max(start, reach)
            reach = end
    return min(total, Fraction(FULL_CIRCLE))


def arc_widths() -> dict[str, int]:
    """Arc widths in degrees, as the OR-VARIANT-ARCS rule counts them."""
    params = VEHICLE_RULES["OR-VARIANT-ARCS"].params
    return {"fixed": int(params["fixed_degrees"]),
            "articulated": int(params["articulated_degrees"])}


@lru_cache(maxsize=1024)
def side_coverage(arcs: tuple[Arc, ...]) -> Fraction:
    """Degrees of the compass ``arcs`` cover, with the rule's widths (cached: the 24
    placements of a build share its arcs)."""
    return covered_degrees(arcs, arc_widths())
