"""The Joyride balance profile: what a car's unique abilities and dashboard change, exactly.

Every Joyride car rolls the same dice through the same gears, so a car differs only by its
dashboard and its set of three unique abilities. Each is measured on the axes of
``data/balance_axes.yaml`` against the baseline car (the standard abilities on a standard
dashboard), with the exact dice of ``generator.probability.joyride``: top speed, the chance
of an exact locked or rolled move, turns to top gear, braking, steering and durability.

An ability counts through what its car file says it is measured as (``balance``: an extra
die, a reroll, a sharp steer...; ``data/ability_effects.yaml``), and only on an axis whose
steps one of its timing lights shares with the effect. Readings, as the axes file records:

- One turn with the whole set ready: a flip ability is used once, a permanent one applies,
  a toggleable one gives whichever of its two sides serves the axis better.
- Abilities used in the same turn add up.
- The dice waiting on the mirror show 1, 2 or 3 with equal chance, as the last roll left them.
- To top gear: a permanent extra shift works every turn, any other once in the climb.

Abilities with no ``balance``, or whose removal changes no axis value, are reported as not
measured, and so is anything an effect's text adds that ``balance`` does not say.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from functools import cached_property, lru_cache
from pathlib import Path

from generator.balance.axes import AxisBook, Value
from generator.balance.hook import Matchup, Profile
from generator.balance.verdicts import register_race_verdicts, register_verdicts
from generator.games.joyride.catalogues import joyride_data
from generator.games.joyride.model import Ability, AbilityFace, Car
from generator.games.joyride.standard import resolved_set
from generator.input.findings import RuleBook
from generator.probability.joyride import mean_spaces, rolled_move

HERE = Path(__file__).parent
AXES: AxisBook[JoyrideMeasures] = AxisBook(HERE / "data" / "balance_axes.yaml")
RULES: RuleBook[Matchup] = RuleBook(HERE / "balance_rules.yaml")
EQUAL_WITHIN = register_verdicts(RULES, dominates="JR-BAL-DOMINATES",
                                 dominated="JR-BAL-DOMINATED", tradeoffs="JR-BAL-TRADEOFFS")
register_race_verdicts(RULES, overpowered="JR-BAL-RACE-OVERPOWERED",
                       underpowered="JR-BAL-RACE-UNDERPOWERED")

FACES = (1, 2, 3)  # the driver die's faces, each on two sides: all equally likely
Loadout = tuple[AbilityFace, ...]


def options(ability: Ability) -> tuple[AbilityFace, ...]:
    """What one ability can be this turn: itself, or either side of a toggleable token."""
    return ability.faces() if ability.mode == "toggleable" else (ability,)


def amount(faces: Sequence[AbilityFace], effect: str, steps: Sequence[str]) -> int:
    """How much of ``effect`` the ``faces`` give at ``steps``: a face counts when one of its
    lights is one of ``steps`` and one of the steps the effect acts at."""
    acts = set(joyride_data().effects[effect].steps) & set(steps)
    return sum(measured.amount for face in faces for measured in face.balance
               if measured.effect == effect and acts & set(face.timing))


@lru_cache(maxsize=256)
def lock_chances(gear: int, targets: tuple[int, ...], choose: int, adjust: int, slots: int
                 ) -> tuple[Fraction, ...]:
    """For each target, the chance that the ``gear`` dice on the mirror can be locked (at
    most ``slots`` of them, one at least) to move exactly that far, turning up to ``choose``
    locked dice to any face and making the move up to ``adjust`` longer or shorter."""
    rolls = list(itertools.product(FACES, repeat=gear))
    return tuple(Fraction(sum(_lockable(roll, target, choose, adjust, slots) for roll in rolls),
                          len(rolls)) for target in targets)


def _lockable(roll: tuple[int, ...], target: int, choose: int, adjust: int, slots: int
              ) -> bool:
    for size in range(1, min(slots, len(roll)) + 1):
        for chosen in itertools.combinations(roll, size):
            for turned in range(min(choose, size) + 1):
                # turn the highest or lowest dice: the widest reach either way
                for kept in (sorted(chosen)[turned:], sorted(chosen)[:size - turned]):
                    low, high = sum(kept) + turned, sum(kept) + 3 * turned
                    if low - adjust <= target <= high + adjust:
                        return True
    return False


@lru_cache(maxsize=256)
def roll_chances(gear: int, targets: tuple[int, ...], rerolls: int, adjust: int
                 ) -> tuple[Fraction, ...]:
    """For each target, the chance that a ROLL of ``gear`` dice moves exactly that far,
    rolling up to ``rerolls`` of them again (the best choice, once) and making the move up
    to ``adjust`` longer or shorter."""
    rolls = list(itertools.product(FACES, repeat=gear))
    return tuple(sum((_best_reroll(roll, target, rerolls, adjust) for roll in rolls),
                     Fraction(0)) / len(rolls) for target in targets)


def _best_reroll(roll: tuple[int, ...], target: int, rerolls: int, adjust: int) -> Fraction:
    """The chance of ending within ``adjust`` of ``target`` after the best reroll (or none)."""
    best = Fraction(int(abs(sum(roll) - target) <= adjust))
    for count in range(1, min(rerolls, len(roll)) + 1):
        for again in set(itertools.combinations(sorted(roll), count)):
            kept = sum(roll) - sum(again)
            fresh = list(itertools.product(FACES, repeat=count))
            hits = sum(abs(kept + sum(f) - target) <= adjust for f in fresh)
            best = max(best, Fraction(hits, len(fresh)))
    return best


class JoyrideMeasures:
    """Everything the axes and report pages read about one car, computed on demand."""

    def __init__(self, car: Car, abilities: Sequence[Ability] | None = None) -> None:
        self.car = car
        self.abilities = tuple(resolved_set(car.abilities) if abilities is None
                               else abilities)

    def loadouts(self) -> Iterator[Loadout]:
        """Every way the set can be used in one turn (one side of each toggleable token)."""
        yield from itertools.product(*(options(a) for a in self.abilities))

    def best(self, value: Callable[[Loadout], Value], higher: bool = True) -> Value:
        """The best value over the loadouts (the set used the best way for this axis)."""
        values = [value(loadout) for loadout in self.loadouts()] or [value(())]
        return max(values) if higher else min(values)

    def best_loadout(self, value: Callable[[Loadout], Value]) -> Loadout:
        """The loadout giving the highest value (the first of equals)."""
        return max(self.loadouts(), key=value, default=())

    # -- movement and control -------------------------------------------------------------

    def top_speed(self, gear: int, steps: Sequence[str], loadout: Loadout) -> Fraction:
        """Expected spaces rolling every die of ``gear`` (and extra dice), plus a longer move."""
        dice = gear + amount(loadout, "extra_die", steps)
        return mean_spaces(rolled_move(dice)) + amount(loadout, "adjust_move", steps)

    def lock_chances(self, gear: int, targets: Sequence[int], steps: Sequence[str],
                     loadout: Loadout) -> tuple[Fraction, ...]:
        """Chance of locking each target exactly, with this loadout and dashboard."""
        return lock_chances(gear, tuple(targets), amount(loadout, "choose_face", steps),
                            amount(loadout, "adjust_move", steps),
                            len(self.car.dashboard.locked_slots))

    def roll_chances(self, gear: int, targets: Sequence[int], steps: Sequence[str],
                     loadout: Loadout) -> tuple[Fraction, ...]:
        """Chance of rolling each target exactly, with this loadout."""
        return roll_chances(gear, tuple(targets), amount(loadout, "reroll", steps),
                            amount(loadout, "adjust_move", steps))

    # -- gears, steering, durability ------------------------------------------------------

    def turns_to_top_gear(self, start: int, top: int, steps: Sequence[str]) -> Value:
        """Turns shifting up from ``start`` to ``top``: one gear a turn, plus permanent
        extra shifts every turn and the others once each."""
        def turns(loadout: Loadout) -> Value:
            every = amount([f for f, a in zip(loadout, self.abilities, strict=True)
                            if a.mode == "permanent"], "shift_up", steps)
            once = amount(loadout, "shift_up", steps) - every
            return Fraction(max(1, math.ceil((top - start - once) / (1 + every))))
        return self.best(turns, higher=False)

    def steers(self, gear: int, moves: int, steps: Sequence[str], loadout: Loadout) -> int:
        """Steers in a turn: once (twice in gear 2), plus extra steers, one a move at most."""
        base = 2 if gear == 2 else 1
        return min(moves, base + amount(loadout, "extra_steer", steps))

    def turned(self, gear: int, moves: int, steer: int, sharp: int, steps: Sequence[str],
               loadout: Loadout) -> int:
        """Degrees the car can turn in a turn: ``steer`` a steer, ``sharp`` a sharp one."""
        count = self.steers(gear, moves, steps, loadout)
        sharp_steers = min(count, amount(loadout, "sharp_steer", steps))
        return sharp_steers * sharp + (count - sharp_steers) * steer

    def damage_before_gear_loss(self, steps: Sequence[str], loadout: Loadout) -> int:
        """Damage the locked dice and item slots take before a gear must, plus repairs."""
        dashboard = self.car.dashboard
        slots = dashboard.locked_slots.count("damage") + dashboard.item_slots.count("damage")
        return slots + amount(loadout, "repair", steps)

    @cached_property
    def values(self) -> dict[str, Value]:
        """Every axis, measured once."""
        return AXES.values(self)


@AXES.measure("top_speed")
def top_speed(m: JoyrideMeasures, gear: int, steps: list[str]) -> Value:
    return m.best(lambda loadout: m.top_speed(gear, steps, loadout))


def _mean(values: Sequence[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values)


@AXES.measure("exact_lock")
def exact_lock(m: JoyrideMeasures, gear: int, targets: list[int], steps: list[str]) -> Value:
    return m.best(lambda loadout: _mean(m.lock_chances(gear, targets, steps, loadout)))


@AXES.measure("exact_roll")
def exact_roll(m: JoyrideMeasures, gear: int, targets: list[int], steps: list[str]) -> Value:
    return m.best(lambda loadout: _mean(m.roll_chances(gear, targets, steps, loadout)))


@AXES.measure("turns_to_top_gear")
def turns_to_top_gear(m: JoyrideMeasures, start: int, top: int, steps: list[str]) -> Value:
    return m.turns_to_top_gear(start, top, steps)


@AXES.measure("brake_gears")
def brake_gears(m: JoyrideMeasures, steps: list[str]) -> Value:
    return m.best(lambda loadout: Fraction(1 + amount(loadout, "shift_down", steps)))


@AXES.measure("steers")
def steers(m: JoyrideMeasures, gear: int, moves: int, steps: list[str]) -> Value:
    return m.best(lambda loadout: Fraction(m.steers(gear, moves, steps, loadout)))


@AXES.measure("sharpest_turn")
def sharpest_turn(m: JoyrideMeasures, gear: int, moves: int, steer: int, sharp: int,
                  steps: list[str]) -> Value:
    return m.best(lambda loadout: Fraction(m.turned(gear, moves, steer, sharp, steps,
                                                    loadout)))


@AXES.measure("damage_before_gear_loss")
def damage_before_gear_loss(m: JoyrideMeasures, steps: list[str]) -> Value:
    return m.best(lambda loadout: Fraction(m.damage_before_gear_loss(steps, loadout)))


# ---------------------------------------------------------------------------------------
# The profile and the hook
# ---------------------------------------------------------------------------------------


def changed_axes(measures: JoyrideMeasures, index: int) -> list[str]:
    """The axes whose value changes when ability ``index`` is taken out of the set: what it
    contributes (the report lists them)."""
    without = measures.abilities[:index] + measures.abilities[index + 1:]
    values = JoyrideMeasures(measures.car, without).values
    return [axis.id for axis in AXES if values[axis.id] != measures.values[axis.id]]


def unmeasured(measures: JoyrideMeasures) -> tuple[str, ...]:
    """Abilities no axis reflects: no ``balance`` at all, or nothing changes without them."""
    return tuple(ability.title for index, ability in enumerate(measures.abilities)
                 if not any(face.balance for face in ability.faces())
                 or not changed_axes(measures, index))


def profile(car: Car) -> Profile:
    """Measure ``car`` on every axis; the report reads the details from ``detail``."""
    measures = JoyrideMeasures(car)
    return Profile(car.name, measures.values, measures, unmeasured(measures))
