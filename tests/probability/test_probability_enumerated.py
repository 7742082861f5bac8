"""Exact odds against brute force over every ordered face combination, the rule restated
from the rulebooks (not from the code), for the rolls the other probability tests check
by hand, closed form or simulation only: Joyride's roll and nitro die, Frothy Races'
Damage roll face by face, a Speed Check with extra dice under the keep limits, a Control
roll followed by its Damage roll, Formula Ace's damage, overtake and crash tables, and
Outrider's loss-of-control charts.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Hashable
from fractions import Fraction

import pytest

from generator.probability import (
    Die,
    Direction,
    control_roll,
    damage_points,
    formula_ace,
    joyride,
    outrider,
    speed_check,
)

JOYRIDE_FACES = (1, 1, 2, 2, 3, 3)  # Joyride 'driver set': every die shows 1-1-2-2-3-3
NITRO_FACES = (2, 2, 3, 3, 4, "bolt")  # 'Nitro': 2 2 3 3 4 and a lightning bolt
FROTHY_VALUES = (0, 1, 2, 2, 3, 3)  # Frothy Races 'Speed Check'
D6 = range(1, 7)


def exact(counts: Counter[Hashable], total: int) -> dict[Hashable, Fraction]:
    return {k: Fraction(n, total) for k, n in counts.items()}


# -- Joyride: the ROLL step --------------------------------------------------------------

@pytest.mark.parametrize("nitro", [False, True])
@pytest.mark.parametrize("dice", [0, 1, 2, 3])
def test_joyride_roll_matches_every_face_combination(dice: int, nitro: bool) -> None:
    nitro_faces: tuple[int | str | None, ...] = NITRO_FACES if nitro else (None,)
    counts: Counter[Hashable] = Counter()
    for roll in itertools.product(JOYRIDE_FACES, repeat=dice):
        for extra in nitro_faces:
            bolt = extra == "bolt"
            spaces = sum(roll) + (extra if isinstance(extra, int) else 0)
            counts[joyride.RolledMove(spaces, bolt)] += 1
    got = joyride.rolled_move(dice, nitro)
    assert dict(got.items()) == exact(counts, 6**dice * len(nitro_faces))


@pytest.mark.parametrize(("gear", "locked", "shift"),
                         [(3, (3,), 0), (4, (1, 2), 1), (5, (3, 3), -2), (2, (2, 2), 0)])
def test_joyride_turn_is_locked_values_plus_the_rest_rolled(
        gear: int, locked: tuple[int, ...], shift: int) -> None:
    left = gear - len(locked) + shift  # dice still on the mirror after SHIFT
    counts: Counter[Hashable] = Counter(
        joyride.RolledMove(sum(locked) + sum(roll))
        for roll in itertools.product(JOYRIDE_FACES, repeat=left))
    got = joyride.turn_move(gear, locked, shift)
    assert dict(got.items()) == exact(counts, 6**left)


# -- Frothy Races: the Damage roll, face by face ----------------------------------------

@pytest.mark.parametrize("resilience", [None, 0, 1, 2, 3])
@pytest.mark.parametrize("dice", [0, 1, 2, 3, 4])
def test_frothy_damage_roll_counts_faces_above_resilience(dice: int,
                                                          resilience: int | None) -> None:
    """'Damage Roll': a die scores when its value is higher than Resilience; a vehicle
    with no Resilience takes a point for every die."""
    counts: Counter[Hashable] = Counter(
        sum(1 for v in roll if resilience is None or v > resilience)
        for roll in itertools.product(FROTHY_VALUES, repeat=dice))
    got = damage_points(dice, resilience)
    assert dict(got.items()) == exact(counts, 6**dice)


@pytest.mark.parametrize(("whip", "reins", "direction"),
                         [(1, 1, "accelerate"), (0, 1, "accelerate"), (1, 0, "decelerate"),
                          (1, 0, "accelerate")])
def test_frothy_speed_check_with_an_extra_die_keeps_two_under_the_card_limits(
        whip: int, reins: int, direction: str) -> None:
    """'Speed Check': 2 dice + 1 per card (+1 for The Whips of Shame, "still choose the sum
    of only two"); cards against the direction at least as many as those for it: one kept
    die is a lowest value; at least twice as many: both kept dice are the lowest values."""
    against, towards = (reins, whip) if direction == "accelerate" else (whip, reins)
    n = 3 + whip + reins
    counts: Counter[Hashable] = Counter()
    for roll in itertools.product(FROTHY_VALUES, repeat=n):
        low = sorted(roll)
        best = max(a + b for a, b in itertools.combinations(roll, 2)
                   if (against < towards)
                   or (against < 2 * towards and min(a, b) == low[0])
                   or sorted((a, b)) == low[:2])
        counts[best] += 1
    got = speed_check(whip, reins, Direction(direction), extra_dice=1)
    assert dict(got.items()) == exact(counts, 6**n)


_ICONS = ("slide", "slow", "left_spin", "right_spin", "haste", "damage")


@pytest.mark.parametrize("resilience", [None, 1, 2])
@pytest.mark.parametrize("dice", [1, 2, 3])
def test_frothy_control_roll_then_its_damage_roll(dice: int, resilience: int | None) -> None:
    """'Control Roll' with no cards: Left/Right Spin pairs go (+1 Control Loss each), then
    Slow/Haste pairs (-1 Stamina each); the icons with the most dice left all apply, +1
    Control Loss each; Damage rolls one die per Damage icon and every point sustained
    ('Damage Roll': value higher than Resilience) adds one more Control Loss point."""
    counts: Counter[Hashable] = Counter()
    for roll in itertools.product(_ICONS, repeat=dice):
        left = Counter(roll)
        spins = min(left["left_spin"], left["right_spin"])
        paces = min(left["slow"], left["haste"])
        for icon, pairs in (("left_spin", spins), ("right_spin", spins),
                            ("slow", paces), ("haste", paces)):
            left[icon] -= pairs
        most = max(left.values())
        applied = [icon for icon, n in left.items() if most and n == most]
        loss = spins + len(applied)
        damage_dice = most if "damage" in applied else 0
        for faces in itertools.product(FROTHY_VALUES, repeat=damage_dice):
            sustained = sum(1 for v in faces if resilience is None or v > resilience)
            counts[loss + sustained] += 6 ** (dice - damage_dice)  # same weight per roll
    got = control_roll(dice).control_loss_with_damage(resilience)
    assert dict(got.items()) == exact(counts, 6 ** (2 * dice))


# -- Formula Ace: damage, critical damage, overtakes, crashes ---------------------------

_DAMAGE = {1: "scratch", 2: "booster_broken", 3: "fin_broken", 4: "booster_destroyed",
           5: "fin_destroyed"}
_CRITICAL = {3: "wounded_miss_one_race", 4: "wounded_miss_two_races",
             5: "wounded_miss_season"}


@pytest.mark.parametrize("g_endurance", [0, 1, 3, 5, 6])
def test_formula_ace_damage_table_over_every_three_dice(g_endurance: int) -> None:
    """12/: a d6 on the Damage Table, a 6 rerolls on the Critical Damage Table, whose 3-5
    need a G-endurance roll (a d6 at or under the level) or the pilot dies; 1 shuts the
    engine down, 2 ends the race, 6 blows the ship up."""
    counts: Counter[Hashable] = Counter()
    for first, second, endurance in itertools.product(D6, D6, D6):
        if first <= 5:
            result = _DAMAGE[first]
        elif second in _CRITICAL:
            result = _CRITICAL[second] if endurance <= g_endurance else "pilot_killed"
        else:
            result = {1: "engine_shut_down", 2: "pilot_hit", 6: "ship_explodes"}[second]
        counts[result] += 1
    got = formula_ace.damage_table(g_endurance)
    assert {str(k): p for k, p in got.items()} == exact(counts, 6**3)


def test_formula_ace_failed_overtake_over_both_dice() -> None:
    """11/: two d6, the higher to the overtaking ship, the lower to the overtaken one."""
    counts: Counter[Hashable] = Counter(
        (max(a, b), min(a, b)) for a, b in itertools.product(D6, D6))
    assert dict(formula_ace.failed_pass_damage().items()) == exact(counts, 36)


@pytest.mark.parametrize(("move_cm", "extra"), [(0, 0), (1, 1), (10, 1), (11, 2), (21, 3)])
def test_formula_ace_crash_damage_is_a_d6_plus_started_tens(move_cm: int,
                                                             extra: int) -> None:
    counts: Counter[Hashable] = Counter(v + extra for v in D6)
    assert dict(formula_ace.crash_damage(move_cm).items()) == exact(counts, 6)


@pytest.mark.parametrize("auto_start", [False, True])
@pytest.mark.parametrize("piloting", [0, 2, 4, 6])
@pytest.mark.parametrize("face", [1, 2, 4, 6])
def test_formula_ace_engine_start_over_control_and_piloting_dice(
        face: int, piloting: int, auto_start: bool) -> None:
    """13/: face c moves 5c cm; a control d6 of 8 - c or more calls for a piloting roll
    (a d6 at or under the skill) or the ship does not move; Auto Start Engine gives a
    second attempt (16/)."""
    attempts = 2 if auto_start else 1
    counts: Counter[Hashable] = Counter()
    for dice in itertools.product(D6, repeat=2 * attempts):
        pairs = zip(dice[::2], dice[1::2], strict=True)
        started = any(control < 8 - face or pilot <= piloting for control, pilot in pairs)
        counts[5 * face if started else 0] += 1
    got = formula_ace.engine_start(face, piloting, auto_start)
    assert dict(got.items()) == exact(counts, 6 ** (2 * attempts))


# -- Outrider: the loss-of-control charts on every equipment die ------------------------

_CHARTS = {  # 5.7, the detailed charts: (lowest roll, result), read top down
    "straight": ((4, "regain_control"), (1, "panic_brake")),
    "turn": ((5, "regain_control"), (3, "understeer"), (1, "oversteer")),
    "stop": ((5, "regain_control"), (3, "overshoot"), (2, "skid_right"), (1, "skid_left")),
}


@pytest.mark.parametrize("speedometer", [False, True])
@pytest.mark.parametrize("maneuver", sorted(_CHARTS))
@pytest.mark.parametrize("sides", [6, 8, 10, 12])
def test_outrider_loss_of_control_chart_over_every_face(sides: int, maneuver: str,
                                                        speedometer: bool) -> None:
    """5.7 read on the DRIVER die; the Speedometer's holder adds 1 to every die roll (4.3)."""
    counts: Counter[Hashable] = Counter(
        next(name for low, name in _CHARTS[maneuver] if face + speedometer >= low)
        for face in range(1, sides + 1))
    got = outrider.loss_of_control(Die.numbered(sides), outrider.ManeuverType(maneuver),
                                   speedometer)
    assert dict(got.items()) == exact(counts, sides)
