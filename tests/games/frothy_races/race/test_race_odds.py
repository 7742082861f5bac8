"""The race engine's dice against the exact odds in generator.probability.

Each mechanic is tested alone: many seeded rolls through the engine's own code path, and
every outcome's frequency must lie within 5 standard errors of its exact probability.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.engine import Race, best_two, resolve_icons
from generator.games.frothy_races.race.engine import damage_points as engine_damage
from generator.probability.frothy_control_odds import control_roll
from generator.probability.frothy_dice import Direction, attack_value, damage_points, speed_check

REPO = Path(__file__).resolve().parents[4]
ROLLS = 6000


@pytest.fixture(scope="module")
def race() -> Race:
    track, vehicles = load_race_inputs(REPO / "vehicles/tracks/tin-plate-loop.yaml",
                                       [REPO / "vehicles/frothy-races/basic-chariot.yaml"])
    return Race(track, vehicles, ["careful"], seed=2024, options=RaceOptions())


def assert_matches(counts: Counter[object], exact: dict[object, float], rolls: int) -> None:
    """Every outcome (seen or not) within 5 standard errors of its exact chance."""
    for outcome in set(exact) | set(counts):
        p = exact.get(outcome, 0.0)
        seen = counts.get(outcome, 0) / rolls
        error = math.sqrt(max(p * (1 - p), 1e-12) / rolls)
        assert abs(seen - p) <= 5 * error + 1e-9, (outcome, seen, p)


@pytest.mark.parametrize(("whip", "reins", "direction"), [
    (0, 0, Direction.DECELERATE), (1, 0, Direction.ACCELERATE), (1, 1, Direction.ACCELERATE),
    (2, 0, Direction.DECELERATE), (0, 2, Direction.DECELERATE)])
def test_speed_check_values(race: Race, whip: int, reins: int, direction: Direction) -> None:
    car = race.cars[0]
    counts = Counter(max(race.speed_roll(car, whip, reins, direction)[0]) for _ in range(ROLLS))
    exact = {v: float(p) for v, p in speed_check(whip, reins, direction).items()}
    assert_matches(counts, exact, ROLLS)


@pytest.mark.parametrize(("dice", "discards"), [(1, 0), (3, 1), (5, 2)])
def test_control_roll_effects(race: Race, dice: int, discards: int) -> None:
    counts: Counter[object] = Counter()
    for _ in range(ROLLS):
        icons = tuple(sorted(race.roll_icons(dice)))
        outcome = resolve_icons(icons, discards, careful=False, stamina=False)
        counts[outcome.effects] += 1
    exact_roll = control_roll(dice, discards, stamina_rules=False)
    exact = {e: float(p) for e, p in exact_roll.effects.items()}
    assert_matches(counts, exact, ROLLS)


@pytest.mark.parametrize("cards", [0, 1, 3])
def test_attack_values(race: Race, cards: int) -> None:
    counts = Counter(best_two(race.roll_values(1 + cards)) for _ in range(ROLLS))
    exact = {v: float(p) for v, p in attack_value(cards).items()}
    assert_matches(counts, exact, ROLLS)


@pytest.mark.parametrize(("dice", "resilience"), [(1, 1), (4, 0), (6, 2), (3, None)])
def test_damage_rolls(race: Race, dice: int, resilience: int | None) -> None:
    counts = Counter(engine_damage(race.roll_values(dice), resilience) for _ in range(ROLLS))
    exact = {v: float(p) for v, p in damage_points(dice, resilience).items()}
    assert_matches(counts, exact, ROLLS)
