"""Each battle mechanic, rolled many times by the engine, against the exact odds of
generator/probability/outrider.py: within 5 standard errors."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from generator.games.outrider.battle.attacks import Shot, fire
from generator.games.outrider.battle.collisions import contest
from generator.games.outrider.battle.control import Driven, check, lose_control
from generator.games.outrider.battle.gain import _damage, damage_chance
from generator.games.outrider.battle.initiative import initiative_phase
from generator.games.outrider.battle.state import Plan, Step
from generator.probability.dist import Die
from generator.probability.outrider import (
    ManeuverType,
    attack_damage_chance,
    collision_chance,
    control_check,
    initiative_chance,
    loss_of_control,
)
from tests.games.outrider.battle.tables import two_cars, vehicle

TRIALS = 6000


def near(count: int, trials: int, exact: Fraction | float) -> None:
    """The observed share lies within 5 standard errors of the exact chance."""
    p = float(exact)
    error = math.sqrt(max(p * (1 - p), 1e-12) / trials)
    assert abs(count / trials - p) <= 5 * error + 1e-9, (count / trials, p)


def test_control_check_success_failure_and_loss_of_control() -> None:
    battle = two_cars(vehicle("iron-curtain"))
    battle.keep_events = False
    car = battle.car(1)
    battle.speedometer = car.slot
    plan = Plan((Step("punch_it"), Step("easy_right", True), Step("hard_left")), brake=True,
                skill=2)
    counts: Counter[str] = Counter()
    for _ in range(TRIALS):
        car.skill = 10
        outcome = check(battle, car, plan, 0)
        lost = outcome.loss is not None or (not outcome.success and outcome.stopped
                                            and not outcome.driven)
        counts["success" if outcome.success else "loss" if lost else "failure"] += 1
    # 1 + 1 + 3 = 5 for the cards, +1 attack token, +1 Brake Hard: 7 (5.4).
    odds = control_check(Die.numbered(10), 7, bonuses=1, skill_points=2, speedometer=True)
    near(counts["success"], TRIALS, odds.success)
    near(counts["failure"], TRIALS, odds.failure)
    near(counts["loss"], TRIALS, odds.loss_of_control)


@pytest.mark.parametrize(("face", "brake", "kind"), [
    ("punch_it", False, ManeuverType.STRAIGHT), ("easy_left", False, ManeuverType.TURN),
    ("ease_up", True, ManeuverType.STOP)])
def test_loss_of_control_charts(face: str, brake: bool, kind: ManeuverType) -> None:
    battle = two_cars(vehicle("iron-curtain"))
    battle.keep_events = False
    car = battle.car(1)
    plan = Plan((Step(face),), brake=brake)
    counts = Counter(lose_control(battle, car, plan, (Driven(face, False, 0),)).loss
                     for _ in range(TRIALS))
    exact = loss_of_control(Die.numbered(10), kind)
    for name, chance in exact.items():
        chart_name = name.replace("_", " ").title()
        near(counts[chart_name], TRIALS, chance)


def test_attack_damage_with_every_add() -> None:
    """A fire-linked primary shot at a stopped target, a Skill Point spent, the attacker
    holding the Speedometer, the defender with Defense +2 (7.4, 7.5)."""
    battle = two_cars(vehicle("big-horn"), vehicle("iron-curtain"))
    battle.keep_events = False
    car, target = battle.car(1), battle.car(2)
    target.moving = False
    battle.speedometer = car.slot
    shot = Shot(2, 0, car.vehicle.equipment.weapon, True)
    hits = 0
    for _ in range(TRIALS):
        car.skill, target.damage = 5, 0
        hits += fire(battle, car, shot, 1)
    exact = attack_damage_chance(Die.numbered(12), Die.numbered(12), firepower=2,
                                 fire_linked=True, target_stopped=True, skill_points=1,
                                 attacker_speedometer=True, defense=2)
    near(hits, TRIALS, exact)


def test_the_drivers_damage_odds_are_the_exact_ones() -> None:
    for weapon in (6, 8, 10, 12):
        for armour in (6, 8, 10, 12):
            for attack in range(0, 7):
                for defence in range(0, 6):
                    exact = attack_damage_chance(Die.numbered(weapon), Die.numbered(armour),
                                                 skill_points=attack, defense=min(defence, 4),
                                                 defender_speedometer=defence > 4)
                    assert _damage(weapon, armour, attack, defence) == pytest.approx(
                        float(exact), abs=1e-12)
    battle = two_cars(vehicle("rattler"), vehicle("big-horn"))
    shot = Shot(2, 0, 8, False)
    assert damage_chance(battle, battle.car(1), battle.car(2), shot) == pytest.approx(
        float(attack_damage_chance(Die.numbered(8), Die.numbered(8), firepower=1,
                                   defense=1, superior_initiative=False)))


def test_collision_contest() -> None:
    battle = two_cars(vehicle("iron-curtain"), vehicle("big-horn"))
    battle.keep_events = False
    car, other = battle.car(1), battle.car(2)
    wins = sum(contest(battle, car, other)[0] is car for _ in range(TRIALS))
    exact = collision_chance(Die.numbered(12), Die.numbered(8), defense=2,
                             defense_characteristic=2, opponent_defense=1,
                             opponent_defense_characteristic=1)
    near(wins, TRIALS, exact)


def test_initiative_and_the_speedometer() -> None:
    battle = two_cars(vehicle("dust-devil"), vehicle("rattler"))
    battle.keep_events = False
    first = 0
    for _ in range(TRIALS):
        initiative_phase(battle)
        first += battle.order[0] == 1
        assert battle.speedometer == battle.order[0]
    exact = initiative_chance(Die.numbered(12), Die.numbered(10), bonus=2, acceleration=2)
    near(first, TRIALS, exact)
