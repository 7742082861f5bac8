"""Joyride movement: hand-counted sums, the nitro die, turn legality, and a
seeded simulation of a fifth-gear nitro roll."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from generator.probability import Dist
from generator.probability.joyride import (
    RolledMove,
    gear_move,
    mean_spaces,
    rolled_move,
    turn_move,
)

FACES = (1, 1, 2, 2, 3, 3)
NITRO = (2, 2, 3, 3, 4, None)  # None: the lightning face


def test_first_gear_is_one_die() -> None:
    g1 = gear_move(1)
    assert {m.spaces: p for m, p in g1.items()} == {1: Fraction(1, 3), 2: Fraction(1, 3),
                                                   3: Fraction(1, 3)}


def test_second_gear_by_hand() -> None:
    # each of 1,2,3 has chance 1/3: sums 2..6 with weights 1,2,3,2,1 over 9
    g2 = gear_move(2)
    assert {m.spaces: p * 9 for m, p in g2.items()} == {2: 1, 3: 2, 4: 3, 5: 2, 6: 1}
    assert all(not m.lightning for m in g2)


def test_nitro_alone_with_an_empty_mirror() -> None:
    alone = rolled_move(0, nitro=True)
    assert alone[RolledMove(2)] == Fraction(1, 3)
    assert alone[RolledMove(4)] == Fraction(1, 6)
    assert alone[RolledMove(0, lightning=True)] == Fraction(1, 6)


@pytest.mark.parametrize("gear", [1, 2, 3, 4, 5])
def test_mean_spaces_per_gear(gear: int) -> None:
    assert mean_spaces(gear_move(gear)) == 2 * gear
    # nitro adds (2+2+3+3+4)/6 = 14/6 when the bolt counts 0
    assert mean_spaces(gear_move(gear, nitro=True)) == 2 * gear + Fraction(14, 6)


def test_turn_adds_locked_values_and_rolls_the_rest() -> None:
    # gear 3, lock a 3, shift up: 3 dice are rolled (2 left + 1 added)
    t = turn_move(3, locked=[3], shift=1)
    assert mean_spaces(t) == 3 + 3 * 2
    assert min(m.spaces for m in t) == 3 + 3
    # engine brake from gear 4 with two locks leaves no die to roll
    assert turn_move(4, locked=[1, 2], shift=-2) == Dist.certain(RolledMove(3))


@pytest.mark.parametrize(
    ("gear", "locked", "shift"),
    [(0, [], 0), (6, [], 0), (5, [1, 1, 1, 1, 1], 0), (2, [1, 2], -1), (5, [], 1),
     (1, [], -1), (2, [4], 0)],
)
def test_illegal_turns_are_rejected(gear: int, locked: list[int], shift: int) -> None:
    with pytest.raises(ValueError):
        turn_move(gear, locked, shift)


def test_fifth_gear_with_nitro_against_simulation() -> None:
    rng = random.Random(5)
    n = 20_000
    seen: Counter[RolledMove] = Counter()
    for _ in range(n):
        spaces = sum(rng.choice(FACES) for _ in range(5))
        bolt = rng.choice(NITRO)
        seen[RolledMove(spaces + (bolt or 0), bolt is None)] += 1
    exact = gear_move(5, nitro=True)
    assert set(seen) <= set(exact.support)
    for move, p in exact.items():
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(seen[move] / n - float(p)) <= 5 * se
