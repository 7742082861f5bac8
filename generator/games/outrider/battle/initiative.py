"""The initiative phase (4): ENGINE rolls, ties, and the Speedometer."""

from __future__ import annotations

from generator.games.outrider.battle.setup import Car
from generator.games.outrider.battle.state import Battle, die
from generator.probability.outrider import capped


def initiative_phase(battle: Battle) -> None:
    """Roll every standing car's ENGINE die plus its capped Acceleration (4.1), order them,
    breaking ties by the larger engine die, then Acceleration, then re-rolls (4.2), and give
    the Speedometer and its Second Wind Skill Point to the first (4.3)."""
    battle.phase = "initiative"
    battle.speedometer = None
    cars = battle.standing()
    totals = {}
    for car in cars:
        rolled = battle.roll(car.vehicle.equipment.engine)
        totals[car.slot] = rolled + capped(car.bonus("initiative"))
        battle.log(car, "initiative", [die("engine", car.vehicle.equipment.engine, rolled,
                                           totals[car.slot])])
    battle.initiative = totals
    battle.order = [c.slot for c in _ordered(battle, cars, totals)]
    if battle.order:
        first = battle.car(battle.order[0])
        battle.speedometer = first.slot
        first.skill += 1
        battle.log(first, "speedometer", order=[battle.car(s).identity for s in battle.order],
                   skill=first.skill)


def _key(car: Car, totals: dict[int, int]) -> tuple[int, int, int]:
    return (totals[car.slot], car.vehicle.equipment.engine, car.variant.bonuses.acceleration)


def _ordered(battle: Battle, cars: list[Car], totals: dict[int, int]) -> list[Car]:
    """Highest first; a group still tied after the die size and Acceleration re-rolls its
    ENGINE dice among itself until its order is settled."""
    groups: dict[tuple[int, int, int], list[Car]] = {}
    for car in cars:
        groups.setdefault(_key(car, totals), []).append(car)
    ordered: list[Car] = []
    for key in sorted(groups, reverse=True):
        ordered += _settle(battle, groups[key])
    return ordered


def _settle(battle: Battle, tied: list[Car]) -> list[Car]:
    if len(tied) == 1:
        return tied
    rolls = {}
    for car in tied:
        rolls[car.slot] = battle.roll(car.vehicle.equipment.engine)
        battle.log(car, "initiative re-roll",
                   [die("engine", car.vehicle.equipment.engine, rolls[car.slot])])
    by_roll: dict[int, list[Car]] = {}
    for car in tied:
        by_roll.setdefault(rolls[car.slot], []).append(car)
    settled: list[Car] = []
    for value in sorted(by_roll, reverse=True):
        settled += _settle(battle, by_roll[value])
    return settled
