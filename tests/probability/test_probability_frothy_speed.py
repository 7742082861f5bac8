"""Frothy Races speed checks, attacks, damage rolls and the speed table.

Expected numbers come from hand calculation, brute-force enumeration of
ordered rolls with the keep rule restated from the guide's text, or a seeded
simulation; never from the implementation under test.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.probability import (
    Direction,
    Marker,
    Row,
    SpeedTable,
    attack_value,
    best_two,
    damage_points,
    expected_rounds_to_speed,
    expected_rounds_to_stop,
    kept_lowest,
    scoring_chance,
    speed_check,
)

VALUES = (0, 1, 2, 2, 3, 3)  # the Frothy die's faces ('Speed Check')
SIGMAS = 5.0  # a seeded run; 5 standard errors keeps false alarms ~1e-6 per check

ACC = Direction.ACCELERATE
DEC = Direction.DECELERATE


def assert_frequency(exact: Fraction, hits: int, n: int) -> None:
    p = float(exact)
    se = math.sqrt(p * (1 - p) / n)
    assert abs(hits / n - p) <= SIGMAS * se, (exact, hits, n)


# -- which dice may be kept --------------------------------------------------

@pytest.mark.parametrize(
    ("whip", "reins", "direction", "lowest"),
    [
        (1, 0, ACC, 0),  # plain whipping is not limited
        (3, 0, ACC, 0),
        (1, 1, ACC, 1),  # the Speed Check Example: 1 Whip + 1 Reins, keep the lowest
        (2, 2, ACC, 1),
        (2, 1, ACC, 0),
        (2, 3, ACC, 1),
        (1, 2, ACC, 2),  # twice as many Reins: both lowest
        (0, 1, ACC, 2),
        (0, 1, DEC, 0),  # plain reining is not limited
        (0, 3, DEC, 0),
        (1, 1, DEC, 1),
        (3, 2, DEC, 1),
        (1, 0, DEC, 2),  # whipping to brake: both lowest
        (2, 1, DEC, 2),
        (0, 0, DEC, 0),
    ],
)
def test_kept_lowest_follows_the_guide(whip: int, reins: int, direction: Direction,
                                       lowest: int) -> None:
    assert kept_lowest(whip, reins, direction) == lowest


def oracle_kept(roll: tuple[int, ...], whip: int, reins: int, direction: Direction) -> int:
    """Best allowed pair by trying every pair of dice, with the limits restated
    from 'Speed Check': cards against the direction >= cards for it -> one kept
    die is a lowest value; >= twice -> the kept dice are the two lowest."""
    against, towards = (reins, whip) if direction is ACC else (whip, reins)
    low = sorted(roll)
    best = -1
    for i, j in itertools.combinations(range(len(roll)), 2):
        pair = sorted((roll[i], roll[j]))
        if whip + reins and against >= 2 * towards:
            allowed = pair == low[:2]
        elif whip + reins and against >= towards:
            allowed = pair[0] == low[0]
        else:
            allowed = True
        if allowed:
            best = max(best, pair[0] + pair[1])
    return best


def test_two_dice_sum_by_hand() -> None:
    # face counts 0:1 1:1 2:2 3:2, convolved by hand
    expected = {0: 1, 1: 2, 2: 5, 3: 8, 4: 8, 5: 8, 6: 4}
    assert speed_check(0, 0, DEC) == speed_check(0, 0, ACC)
    got = speed_check(0, 0, DEC)
    assert {k: got[k] * 36 for k in range(7)} == expected


@pytest.mark.parametrize(
    ("whip", "reins", "direction"),
    [(1, 0, ACC), (2, 0, ACC), (1, 1, ACC), (0, 2, ACC), (1, 2, ACC),
     (0, 1, DEC), (2, 1, DEC), (1, 1, DEC), (1, 0, DEC), (0, 3, DEC)],
)
def test_speed_check_matches_ordered_enumeration(whip: int, reins: int,
                                                 direction: Direction) -> None:
    n = 2 + whip + reins
    counts: dict[int, int] = {}
    for roll in itertools.product(VALUES, repeat=n):
        v = oracle_kept(roll, whip, reins, direction)
        counts[v] = counts.get(v, 0) + 1
    got = speed_check(whip, reins, direction)
    assert {k: got[k] for k in range(7)} == {
        k: Fraction(counts.get(k, 0), 6**n) for k in range(7)
    }


@pytest.mark.parametrize(("whip", "reins", "direction", "seed"),
                         [(3, 1, ACC, 11), (2, 2, DEC, 12)])
def test_speed_check_against_simulation(whip: int, reins: int, direction: Direction,
                                        seed: int) -> None:
    rng = random.Random(seed)
    n = 20_000
    dice = 2 + whip + reins
    hits = [0] * 7
    for _ in range(n):
        roll = tuple(rng.choice(VALUES) for _ in range(dice))
        hits[oracle_kept(roll, whip, reins, direction)] += 1
    exact = speed_check(whip, reins, direction)
    for k in range(7):
        assert_frequency(exact[k], hits[k], n)


def test_extra_dice_are_rolled_and_discarded() -> None:
    assert speed_check(1, 0, ACC, extra_dice=2) == speed_check(3, 0, ACC)


@settings(max_examples=30, deadline=None)
@given(cards=st.integers(1, 5), k=st.integers(0, 6))
def test_more_helping_cards_never_lower_the_odds(cards: int, k: int) -> None:
    assert speed_check(cards + 1, 0, ACC).at_least(k) >= speed_check(cards, 0, ACC).at_least(k)
    assert speed_check(0, cards + 1, DEC).at_least(k) >= speed_check(0, cards, DEC).at_least(k)
    assert attack_value(cards).at_least(k) >= attack_value(cards - 1).at_least(k)


# -- attacks and damage --------------------------------------------------------

def test_attack_with_no_card_is_one_die() -> None:
    assert attack_value(0) == best_two(1)
    assert attack_value(0)[3] == Fraction(1, 3)


@pytest.mark.parametrize("cards", [1, 2, 3, 4])
def test_attack_is_best_two_of_one_plus_cards(cards: int) -> None:
    n = 1 + cards
    counts: dict[int, int] = {}
    for roll in itertools.product(VALUES, repeat=n):
        top = sorted(roll)[-2:]
        counts[sum(top)] = counts.get(sum(top), 0) + 1
    got = attack_value(cards)
    assert {k: got[k] for k in range(7)} == {
        k: Fraction(counts.get(k, 0), 6**n) for k in range(7)
    }


@pytest.mark.parametrize(
    ("resilience", "p"),
    [(None, Fraction(1)), (0, Fraction(5, 6)), (1, Fraction(4, 6)), (2, Fraction(2, 6)),
     (3, Fraction(0))],
)
def test_damage_roll_is_binomial_with_strictly_higher(resilience: int | None,
                                                      p: Fraction) -> None:
    assert scoring_chance(resilience) == p
    for n in range(6):
        d = damage_points(n, resilience)
        for k in range(n + 1):
            assert d[k] == math.comb(n, k) * p**k * (1 - p) ** (n - k)


# -- the speed table -------------------------------------------------------------

def test_acceleration_example_three_boxes_from_rest_reach_speed_two() -> None:
    table = SpeedTable((1, 2, 2, 2, 2, 2, 2), (1, 1, 1, 1, 1, 1, 1))
    m = table.accelerate(table.start, 3)
    assert m == Marker(Row.ACCELERATION, 3)
    assert table.speed_of(m) == 2


def test_overlap_matching_by_hand() -> None:
    # Speed 1 has 2 acceleration boxes over 3 deceleration boxes:
    # acc0 spans dec0-dec1, acc1 spans dec1-dec2.
    table = SpeedTable((1, 2, 1, 1, 1, 1, 1), (1, 3, 1, 1, 1, 1, 1))
    assert table.deceleration_box(Marker(Row.ACCELERATION, 1)) == 2  # right-most of dec0-1
    assert table.deceleration_box(Marker(Row.ACCELERATION, 2)) == 3
    assert table.acceleration_box(Marker(Row.DECELERATION, 1)) == 1
    assert table.acceleration_box(Marker(Row.DECELERATION, 2)) == 1  # left-most of acc0-1
    assert table.acceleration_box(Marker(Row.DECELERATION, 3)) == 2
    speed_only = SpeedTable(table.acceleration, table.deceleration, matching="speed")
    assert speed_only.deceleration_box(Marker(Row.ACCELERATION, 1)) == 3
    assert speed_only.acceleration_box(Marker(Row.DECELERATION, 3)) == 1


def test_over_whipping_example() -> None:
    # From the first speed-5 box, 2 boxes reach the end; a check of 4 decelerates
    # the other 2 and lands back on speed 5, in the deceleration row.
    table = SpeedTable((1, 1, 1, 1, 1, 2, 1), (1, 1, 1, 1, 1, 2, 1))
    first_speed5 = 5
    m = table.accelerate(Marker(Row.ACCELERATION, first_speed5), 4)
    assert m == Marker(Row.DECELERATION, 5)
    assert table.speed_of(m) == 5
    assert table.acceleration_box(m) == first_speed5  # left-most match after a deceleration


def test_deceleration_stops_at_the_left_end() -> None:
    table = SpeedTable((1,) * 7, (1,) * 7)
    assert table.decelerate(table.top, 99) == Marker(Row.DECELERATION, 0)


def test_speed_table_validates_its_rows() -> None:
    with pytest.raises(ValueError):
        SpeedTable((1,) * 6, (1,) * 7)
    with pytest.raises(ValueError):
        SpeedTable((1, 0, 1, 1, 1, 1, 1), (1,) * 7)


def test_rounds_to_speed_one_with_one_box_per_speed_is_geometric() -> None:
    # Best two of three dice sums to 0 only if all three show 0: 1/216.
    table = SpeedTable((1,) * 7, (1,) * 7)
    assert expected_rounds_to_speed(table, 1, whip=1) == Fraction(216, 215)
    assert expected_rounds_to_speed(table, 0, whip=1) == 0


def test_rounds_to_stop_from_one_box_above_zero() -> None:
    # Two dice, no card: only a double 0 (1/36) fails to move one box left.
    table = SpeedTable((1,) * 7, (1, 1, 1, 1, 1, 1, 1))
    start = Marker(Row.DECELERATION, 1)
    assert expected_rounds_to_stop(table, reins=0, start=start) == Fraction(36, 35)


BASIC = SpeedTable((1, 2, 2, 3, 3, 3, 2), (1, 1, 2, 2, 2, 3, 3))
# Equal rows make every box match the box with the same index in the other
# row, so a simulation can follow over-whipping without the matching rule.
SYMMETRIC = SpeedTable((1, 2, 2, 3, 3, 3, 2), (1, 2, 2, 3, 3, 3, 2))


def _best_two(dice: int, rng: random.Random) -> int:
    roll = sorted(rng.choice(VALUES) for _ in range(dice))
    return roll[-1] + roll[-2]


def _rounds_to_box(first_box: int, last_box: int, dice: int, rng: random.Random) -> int:
    """Rounds until an accelerating marker ends a check on a box >= first_box
    (speed >= target). Past last_box the surplus bounces back (Over-Whipping),
    which on SYMMETRIC is the same index in the deceleration row."""
    pos = rounds = 0
    while pos < first_box:
        pos += _best_two(dice, rng)
        if pos > last_box:
            pos = max(0, last_box - (pos - last_box))
        rounds += 1
    return rounds


def _rounds_to_zero(start_box: int, speed0_boxes: int, dice: int, rng: random.Random) -> int:
    pos, rounds = start_box, 0
    while pos >= speed0_boxes:
        pos -= _best_two(dice, rng)
        rounds += 1
    return rounds


def _assert_mean(samples: list[int], exact: Fraction) -> None:
    n = len(samples)
    mean = sum(samples) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in samples) / (n - 1))
    assert abs(mean - float(exact)) <= SIGMAS * sd / math.sqrt(n), (mean, float(exact))


@pytest.mark.parametrize(("target", "whip", "seed"), [(4, 1, 21), (6, 2, 22), (5, 3, 24)])
def test_rounds_to_speed_against_simulation(target: int, whip: int, seed: int) -> None:
    rng = random.Random(seed)
    first = sum(SYMMETRIC.acceleration[:target])
    last = sum(SYMMETRIC.acceleration) - 1
    samples = [_rounds_to_box(first, last, 2 + whip, rng) for _ in range(20_000)]
    _assert_mean(samples, expected_rounds_to_speed(SYMMETRIC, target, whip=whip))


def test_rounds_to_stop_against_simulation() -> None:
    rng = random.Random(23)
    start = sum(BASIC.deceleration) - 1
    samples = [_rounds_to_zero(start, BASIC.deceleration[0], 3, rng) for _ in range(20_000)]
    _assert_mean(samples, expected_rounds_to_stop(BASIC, reins=1))


def test_over_whipping_can_make_top_speed_slower_to_reach() -> None:
    # With one box per speed, a big roll from speed 5 bounces off the end:
    # more Whip cards raise the chance of overshooting the single top box.
    table = SpeedTable((1,) * 7, (1,) * 7)
    assert expected_rounds_to_speed(table, 6, whip=2) > expected_rounds_to_speed(table, 6, whip=1)


@settings(max_examples=12, deadline=None)
@given(
    acc=st.lists(st.integers(1, 4), min_size=7, max_size=7),
    dec=st.lists(st.integers(1, 4), min_size=7, max_size=7),
    target=st.integers(1, 6),
    cards=st.integers(1, 3),
)
def test_rounds_monotonicity(acc: list[int], dec: list[int], target: int, cards: int) -> None:
    table = SpeedTable(tuple(acc), tuple(dec))
    base = expected_rounds_to_speed(table, target, whip=cards)
    # Reaching a higher speed means having reached every lower one first.
    assert expected_rounds_to_speed(table, target - 1, whip=cards) <= base
    # More Whip helps unless a roll could overshoot the end before the target
    # is reached (at most 6 boxes a check).
    if sum(acc[target:]) >= 6:
        assert expected_rounds_to_speed(table, target, whip=cards + 1) <= base
    # Braking harder never hurts: the left end absorbs any surplus.
    assert expected_rounds_to_stop(table, reins=cards + 1) <= expected_rounds_to_stop(
        table, reins=cards
    )


@pytest.mark.parametrize("direction", [ACC, DEC])
def test_a_negative_check_moves_the_other_way(direction: Direction) -> None:
    # Cautious and Reckless: "if the final value is negative then [move the other way]
    # by that amount instead".
    table = SpeedTable((1, 2, 2, 2, 1, 2, 1), (1, 2, 2, 2, 1, 2, 1))
    middle = Marker(Row.ACCELERATION, 5)
    forward = table.accelerate if direction is ACC else table.decelerate
    backward = table.decelerate if direction is ACC else table.accelerate
    assert table.shift(middle, 2, direction) == forward(middle, 2)
    assert table.shift(middle, -2, direction) == backward(middle, 2)
    assert table.shift(middle, 0, direction) == forward(middle, 0)
