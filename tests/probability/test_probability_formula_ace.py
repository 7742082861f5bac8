"""Formula Ace skill tests and tables against hand calculation and a seeded
simulation of the damage table with its critical sub-table."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from generator.probability.formula_ace import (
    DamageResult,
    crash_damage,
    damage_table,
    engine_start,
    failed_pass_damage,
    p_no_blackout,
    p_pilot_killed,
    skill_test,
)


@pytest.mark.parametrize(("skill", "p"), [(-1, 0), (0, 0), (1, Fraction(1, 6)), (4, Fraction(4, 6)),
                                          (6, 1), (9, 1)])
def test_skill_test_is_roll_at_or_under(skill: int, p: Fraction) -> None:
    assert skill_test(skill) == p


def test_weapon_skill_modifier() -> None:
    assert skill_test(4, modifier=1) == Fraction(5, 6)


def test_blackout_is_one_test_per_booster() -> None:
    assert p_no_blackout(2, 3) == Fraction(1, 4)
    assert p_no_blackout(0, 1) == 1


def test_damage_table_by_hand() -> None:
    table = damage_table(g_endurance=3)
    for r in (DamageResult.SCRATCH, DamageResult.FIN_DESTROYED):
        assert table[r] == Fraction(1, 6)
    # criticals 3-5 kill on a failed G-endurance test (1/2 at level 3)
    assert table[DamageResult.PILOT_KILLED] == 3 * Fraction(1, 36) * Fraction(1, 2)
    assert table[DamageResult.WOUNDED_MISS_SEASON] == Fraction(1, 72)
    assert table[DamageResult.SHIP_EXPLODES] == Fraction(1, 36)


def test_pilot_death_over_several_rolls() -> None:
    per_roll = Fraction(3, 72) + Fraction(1, 36)  # failed wound tests + explosion
    assert p_pilot_killed(1, 3) == per_roll
    assert p_pilot_killed(3, 3) == 1 - (1 - per_roll) ** 3
    assert p_pilot_killed(0, 3) == 0


def test_damage_table_against_simulation() -> None:
    rng = random.Random(3)
    g = 2
    n = 30_000
    seen: Counter[DamageResult] = Counter()
    first = [DamageResult.SCRATCH, DamageResult.BOOSTER_BROKEN, DamageResult.FIN_BROKEN,
             DamageResult.BOOSTER_DESTROYED, DamageResult.FIN_DESTROYED]
    wounds = {3: DamageResult.WOUNDED_MISS_ONE_RACE, 4: DamageResult.WOUNDED_MISS_TWO_RACES,
              5: DamageResult.WOUNDED_MISS_SEASON}
    for _ in range(n):
        roll = rng.randint(1, 6)
        if roll <= 5:
            seen[first[roll - 1]] += 1
            continue
        crit = rng.randint(1, 6)
        if crit == 1:
            seen[DamageResult.ENGINE_SHUT_DOWN] += 1
        elif crit == 2:
            seen[DamageResult.PILOT_HIT] += 1
        elif crit == 6:
            seen[DamageResult.SHIP_EXPLODES] += 1
        elif rng.randint(1, 6) <= g:
            seen[wounds[crit]] += 1
        else:
            seen[DamageResult.PILOT_KILLED] += 1
    exact = damage_table(g)
    for result in DamageResult:
        p = float(exact[result])
        assert abs(seen[result] / n - p) <= 5 * math.sqrt(p * (1 - p) / n)


@pytest.mark.parametrize(("face", "piloting", "moves"),
                         [(1, 0, Fraction(1)), (4, 3, Fraction(3, 4)), (6, 6, Fraction(1)),
                          (6, 0, Fraction(1, 6))])
def test_engine_start_table(face: int, piloting: int, moves: Fraction) -> None:
    start = engine_start(face, piloting)
    assert start[5 * face] == moves
    again = engine_start(face, piloting, auto_start=True)
    assert again[0] == (1 - moves) ** 2


def test_failed_pass_and_crash_damage() -> None:
    both = failed_pass_damage()
    assert both.map(lambda hl: hl[0])[6] == Fraction(11, 36)
    assert both.map(lambda hl: hl[1])[1] == Fraction(11, 36)
    assert all(h >= lo for h, lo in both)
    assert crash_damage(21) == crash_damage(30)  # both +3: the rules' 21 cm example
    assert crash_damage(21).mean() == Fraction(7, 2) + 3
    assert crash_damage(0).mean() == Fraction(7, 2)
