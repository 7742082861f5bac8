"""Exact odds for Frothy Races (guide 3.6): the die, Speed Checks, attacks and damage rolls.

Why exact: the vehicle creation guide admits there is no points system and
nothing was measured; a balance report comparing two driving licences needs
numbers that do not move between runs. Readings of garbled or ambiguous rule
text are stated in the docstring of the function that depends on them.
Control rolls are in ``frothy_control`` (one roll) and ``frothy_control_odds`` (their
distributions); the speed table and its marker in ``frothy_speed_table``.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from generator.probability.dist import Die, Dist, Face, binomial, multiset_weights


class ControlIcon(StrEnum):
    """The six control icons, one per face of a Frothy Races die."""

    SLIDE = "slide"
    HASTE = "haste"
    SLOW = "slow"
    LEFT_SPIN = "left_spin"
    RIGHT_SPIN = "right_spin"
    DAMAGE = "damage"


# The standard die: values 0,1,2,2,3,3 and one icon per face ("Equipment";
# "Speed Check"). Which icon shares a face with which value is NOT settled by
# the text: 'Control Roll' says Left/Right Spin pairs show a '2' (fits: two
# 2-faces) but also that Slow/Haste pairs show a '1', impossible with a single
# 1-face. The sticker sheet decides; nothing in this module reads a face's
# value and icon from the same roll, so the pairing below changes no result.
FROTHY_DIE = Die(
    "frothy",
    (
        Face(0, ControlIcon.SLIDE),
        Face(1, ControlIcon.SLOW),
        Face(2, ControlIcon.LEFT_SPIN),
        Face(2, ControlIcon.RIGHT_SPIN),
        Face(3, ControlIcon.HASTE),
        Face(3, ControlIcon.DAMAGE),
    ),
)


# ---------------------------------------------------------------------------
# Speed checks, attacks, damage
# ---------------------------------------------------------------------------


class Direction(StrEnum):
    """What the player declared for the speed check."""

    ACCELERATE = "accelerate"
    DECELERATE = "decelerate"


def kept_lowest(whip: int, reins: int, direction: Direction) -> Literal[0, 1, 2]:
    """How many of the two kept speed dice must be the lowest rolled (0, 1 or 2).

    Reading of 'Speed Check' (the bullet for Accelerate is garbled: it repeats
    "more Whip than Reins", which would limit plain whipping). Following the
    Whip/Reins overview ("Acceleration will be limited if you use more Reins
    than Whip") and the Speed Check Example (1 Whip + 1 Reins to accelerate
    must keep the lowest), the cards that work against the declared direction
    limit the choice: Reins when accelerating, Whip when decelerating.
    against >= for  -> one kept die is the lowest; against >= 2*for -> both
    kept dice are the two lowest. "Equal number" counts, as in the rule and
    example (the overview's "more" is read as loose wording). With no cards
    played nothing is limited (both dice are kept anyway).
    """
    if whip < 0 or reins < 0:
        raise ValueError("card counts must be >= 0")
    if whip + reins == 0:
        return 0
    against, towards = (reins, whip) if direction is Direction.ACCELERATE else (whip, reins)
    if against >= 2 * towards:
        return 2
    if against >= towards:
        return 1
    return 0


def _kept_sum(sorted_values: list[int], lock: int) -> int:
    """Best kept pair (highest sum) allowed when `lock` dice must be lowest."""
    if len(sorted_values) == 1:
        return sorted_values[0]
    if lock == 2:
        return sorted_values[0] + sorted_values[1]
    if lock == 1:
        return sorted_values[0] + sorted_values[-1]
    return sorted_values[-1] + sorted_values[-2]


@lru_cache(maxsize=256)
def _pool_kept(dice: int, lock: int, die: Die) -> Dist[int]:
    """Kept sum of ``dice`` dice under ``lock`` (cached: every vehicle's speed checks and
    attacks roll the same few pools), counted in integers and divided once."""
    values = die.values()
    support = values.support
    weighted, total = multiset_weights(values, dice)
    out: dict[int, int] = {}
    for counts, ways in weighted:
        rolled = [v for v, c in zip(support, counts, strict=True) for _ in range(c)]
        rolled.sort()
        s = _kept_sum(rolled, lock)
        out[s] = out.get(s, 0) + ways
    return Dist._from_integers(dict(sorted(out.items())), total)


def speed_check(
    whip: int,
    reins: int,
    direction: Direction,
    *,
    extra_dice: int = 0,
    die: Die = FROTHY_DIE,
) -> Dist[int]:
    """Distribution of the speed check value (boxes to move) before modifiers.

    Rolls 2 dice + 1 per card (+ `extra_dice` for traits such as Long Legs,
    Rubber Shoes or the Whips of Shame option), keeps two under the
    `kept_lowest` limits. The player is assumed to keep the highest allowed
    sum in BOTH directions: accelerating moves right by the sum, decelerating
    moves left by it, and the keep-the-lowest limits only read as penalties if
    a high sum is what a decelerating player wants (to brake harder).
    The guide forces deceleration when no card is played (unless a trait such
    as Champing at the Bit says otherwise); that is the caller's rule to apply.
    """
    if extra_dice < 0:
        raise ValueError("extra_dice must be >= 0")
    lock = kept_lowest(whip, reins, direction)
    return _pool_kept(2 + whip + reins + extra_dice, lock, die)


def best_two(dice: int, die: Die = FROTHY_DIE) -> Dist[int]:
    """Sum of the best two of `dice` dice (the single value if only one die)."""
    if dice < 1:
        raise ValueError("need at least one die")
    return _pool_kept(dice, 0, die)


def attack_value(cards: int, *, extra_dice: int = 0, die: Die = FROTHY_DIE) -> Dist[int]:
    """Attack value before modifiers: roll 1 die + 1 per card, keep the best two
    ('Performing the Attack'). A defender playing no card rolls one die and
    that die is the value (as in the Attack Example: a single '3' scores 3)."""
    if cards < 0 or extra_dice < 0:
        raise ValueError("cards and extra_dice must be >= 0")
    return best_two(1 + cards + extra_dice, die)


def scoring_chance(resilience: int | None, die: Die = FROTHY_DIE) -> Fraction:
    """P(one damage die scores): its VALUE is strictly higher than Resilience;
    a blank Resilience (None) always scores ('Damage Roll').

    Note: the licence summary says "equal or higher", but 'Damage Roll', the
    vehicle creation guide and the Attack Example (Resilience 1: '2' and '3'
    score, '1' does not) all say strictly higher, which is used here. The
    Collision Example's numbers ('0'x5 vs Resilience 1 -> 2 damage) are garbled.
    """
    if resilience is None:
        return Fraction(1)
    return die.values().p(lambda v: v > resilience)


def damage_points(dice: int, resilience: int | None, die: Die = FROTHY_DIE) -> Dist[int]:
    """Damage sustained from a damage roll of `dice` dice (binomial, exact)."""
    if dice < 0:
        raise ValueError("dice must be >= 0")
    return binomial(dice, scoring_chance(resilience, die))
