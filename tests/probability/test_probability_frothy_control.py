"""Frothy Races control rolls: hand-counted small cases, the guide's worked
examples, a brute-force oracle over ordered rolls and discard subsets, a
seeded simulation, and properties of optimal play."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.probability import (
    FROTHY_DIE,
    ControlIcon,
    ControlOutcome,
    Die,
    Face,
    Objective,
    avoid_damage,
    best_control_outcome,
    control_roll,
    control_roll_counts,
    control_roll_ways,
    min_control_loss,
    min_expected_control_loss,
    resolve_control_roll,
)

SLIDE = ControlIcon.SLIDE
HASTE = ControlIcon.HASTE
SLOW = ControlIcon.SLOW
LEFT = ControlIcon.LEFT_SPIN
RIGHT = ControlIcon.RIGHT_SPIN
DAMAGE = ControlIcon.DAMAGE
ICONS = (SLIDE, HASTE, SLOW, LEFT, RIGHT, DAMAGE)
SIGMAS = 5.0


# -- an independent restatement of 'Control Roll' for the oracle -------------------

def oracle_resolve(dice: Sequence[str], stamina: bool, pairs_done: tuple[int, int] = (0, 0)
                   ) -> tuple[int, int, int, frozenset[str]]:
    """(control loss, damage dice, stamina lost, effects) of the dice left
    after optional discards, removing pairs one at a time from a list."""
    left = list(dice)
    spins, paces = pairs_done
    while LEFT in left and RIGHT in left:
        left.remove(LEFT)
        left.remove(RIGHT)
        spins += 1
    while SLOW in left and HASTE in left:
        left.remove(SLOW)
        left.remove(HASTE)
        paces += 1
    counts = Counter(left)
    most = max(counts.values(), default=0)
    effects = frozenset(i for i, c in counts.items() if c == most)
    loss = spins + len(effects) + (0 if stamina else paces)
    damage = most if DAMAGE in effects else 0
    return loss, damage, (paces if stamina else 0), effects


Rank = Callable[[tuple[int, int, int, frozenset[str]]], tuple[int, ...]]


def rank_min_loss(r: tuple[int, int, int, frozenset[str]]) -> tuple[int, ...]:
    return (r[0], r[1], r[2])


def rank_avoid_damage(r: tuple[int, int, int, frozenset[str]]) -> tuple[int, ...]:
    return (r[1], r[0], r[2])


def rank_success_first(r: tuple[int, int, int, frozenset[str]]) -> tuple[int, ...]:
    return (1 if r[3] else 0, r[0])


def objective_success_first(o: ControlOutcome) -> tuple[float, ...]:
    """A generic cost function: succeed if at all possible, then least loss."""
    return (0 if o.success else 1, o.control_loss)


@cache
def oracle_best(roll: tuple[str, ...], k: int, rank: Rank, stamina: bool,
                discards_first: bool) -> tuple[int, ...]:
    """Best rank over every subset of at most k dice to discard."""
    pairs_done = (0, 0)
    pool = list(roll)
    if not discards_first:
        spins = paces = 0
        while LEFT in pool and RIGHT in pool:
            pool.remove(LEFT)
            pool.remove(RIGHT)
            spins += 1
        while SLOW in pool and HASTE in pool:
            pool.remove(SLOW)
            pool.remove(HASTE)
            paces += 1
        pairs_done = (spins, paces)
    best: tuple[int, ...] | None = None
    for size in range(min(k, len(pool)) + 1):
        for drop in itertools.combinations(range(len(pool)), size):
            kept = [d for i, d in enumerate(pool) if i not in drop]
            r = rank(oracle_resolve(kept, stamina, pairs_done))
            if best is None or r < best:
                best = r
    assert best is not None
    return best


# -- hand-counted small cases ------------------------------------------------------

def test_one_die_always_fails_with_its_own_icon() -> None:
    r = control_roll(1)
    assert r.p_success == 0
    for icon in ICONS:
        assert r.p_effect(icon) == Fraction(1, 6)
    assert r.control_loss[1] == 1
    assert r.damage_dice[1] == Fraction(1, 6)
    # blank Resilience: the damage die always scores, adding a point
    assert r.control_loss_with_damage(None)[2] == Fraction(1, 6)
    assert r.control_loss_with_damage(1)[2] == Fraction(1, 6) * Fraction(2, 3)


def test_two_dice_by_hand() -> None:
    # 36 ordered rolls: 2 spin pairs (+1 loss, success), 2 pace pairs (success,
    # -1 stamina), 6 doubles (one effect), 26 mixed (two effects).
    r = control_roll(2)
    assert r.p_success == Fraction(4, 36)
    assert r.control_loss[0] == Fraction(2, 36)
    assert r.control_loss[1] == Fraction(8, 36)
    assert r.control_loss[2] == Fraction(26, 36)
    assert r.stamina_lost[1] == Fraction(2, 36)
    # Damage applies on a double Damage (2 dice) or a mix with Damage (1 die).
    assert r.damage_dice[2] == Fraction(1, 36)
    assert r.damage_dice[1] == Fraction(10, 36)


def test_two_dice_without_stamina_rules() -> None:
    r = control_roll(2, stamina_rules=False)
    assert r.control_loss[0] == 0
    assert r.control_loss[1] == Fraction(10, 36)
    assert r.stamina_lost[0] == 1


def test_two_dice_one_discard_by_hand() -> None:
    # Only a Slow/Haste pair is free; anything else costs exactly 1 point.
    r = control_roll(2, 1)
    assert r.control_loss[0] == Fraction(2, 36)
    assert r.control_loss[1] == Fraction(34, 36)


def test_discarding_every_die_always_succeeds() -> None:
    r = control_roll(3, 3)
    assert r.p_success == 1
    assert r.control_loss[0] == 1


def test_validation() -> None:
    with pytest.raises(ValueError):
        control_roll(2, 3)
    with pytest.raises(ValueError):
        resolve_control_roll([LEFT], [RIGHT])


# -- the guide's worked examples -------------------------------------------------------

EXAMPLE_1 = [SLIDE, SLOW, LEFT, RIGHT, RIGHT]  # Control Loss Example 1, two cards


def test_example_1_options_as_described() -> None:
    a = resolve_control_roll(EXAMPLE_1, [SLOW, RIGHT])
    assert a.effects == {SLIDE} and a.spin_pairs == 1 and a.control_loss == 2
    b = resolve_control_roll(EXAMPLE_1, [RIGHT, RIGHT])
    assert b.effects == {SLIDE, LEFT, SLOW} and b.control_loss == 3


def test_example_1_best_is_one_point() -> None:
    # By hand: dropping Slide and Left leaves Slow + 2 Right -> Right only.
    best = best_control_outcome(EXAMPLE_1, 2)
    assert best.control_loss == 1


def test_example_2_discard_damage_then_slow_haste_pair() -> None:
    roll = [SLIDE, DAMAGE, LEFT, HASTE, SLOW, SLOW]
    o = resolve_control_roll(roll, [DAMAGE])
    assert o.effects == {SLIDE, LEFT, SLOW}
    assert o.pace_pairs == 1 and o.stamina_lost == 1 and o.control_loss == 3
    assert best_control_outcome(roll, 1, avoid_damage).damage_dice == 0


def test_attack_example_control_roll() -> None:
    roll = [SLIDE, RIGHT, SLOW, LEFT, LEFT, DAMAGE, DAMAGE]
    chosen = resolve_control_roll(roll, [DAMAGE])
    assert chosen.effects == {LEFT, SLIDE, SLOW, DAMAGE}
    assert chosen.damage_dice == 1 and chosen.control_loss == 1 + 4
    other = resolve_control_roll(roll, [RIGHT])
    assert other.effects == {LEFT, DAMAGE} and other.damage_dice == 2


def test_collision_example_red_and_white_chariots() -> None:
    red = [LEFT, LEFT, LEFT, SLIDE, RIGHT]
    accepted = resolve_control_roll(red)
    assert accepted.effects == {LEFT} and accepted.control_loss == 2
    assert resolve_control_roll(red, [LEFT]).effects == {LEFT, SLIDE}
    white = [SLIDE, SLIDE, SLIDE, DAMAGE, HASTE, SLOW, LEFT, RIGHT]
    chosen = resolve_control_roll(white, [SLIDE, DAMAGE])
    assert chosen.effects == {SLIDE} and chosen.icon_count == 2
    assert chosen.spin_pairs == 1 and chosen.pace_pairs == 1 and chosen.control_loss == 2
    assert resolve_control_roll(white, [SLIDE, SLIDE]).effects == {SLIDE, DAMAGE}


def test_alternative_rule_pairs_before_discards() -> None:
    roll = [LEFT, LEFT, RIGHT, RIGHT]
    assert best_control_outcome(roll, 2).control_loss == 1  # drop L+R... or both Lefts
    assert best_control_outcome(roll, 2, discards_first=False).control_loss == 2
    with pytest.raises(ValueError):  # after the forced pairs nothing is left to drop
        resolve_control_roll(roll, [LEFT], discards_first=False)


# -- brute force and simulation ------------------------------------------------------------

OBJECTIVES: list[tuple[Objective, Rank]] = [
    (min_control_loss, rank_min_loss),
    (avoid_damage, rank_avoid_damage),
    (objective_success_first, rank_success_first),
]


def _rank_of_outcome(rank: Rank, o: ControlOutcome) -> tuple[int, ...]:
    return rank((o.control_loss, o.damage_dice, o.stamina_lost, o.effects))


@pytest.mark.parametrize(("dice", "discards"), [(1, 1), (2, 1), (3, 1), (3, 2), (4, 2), (4, 1)])
@pytest.mark.parametrize("which", range(len(OBJECTIVES)))
@pytest.mark.parametrize("discards_first", [True, False])
@pytest.mark.parametrize("stamina", [True, False])
def test_optimal_value_matches_brute_force(dice: int, discards: int, which: int,
                                           discards_first: bool, stamina: bool) -> None:
    """The distribution of the optimal objective value does not depend on how
    ties are broken, so it can be checked against exhaustive search."""
    objective, rank = OBJECTIVES[which]
    brute: Counter[tuple[int, ...]] = Counter()
    for roll in itertools.product(ICONS, repeat=dice):
        brute[oracle_best(tuple(sorted(roll)), discards, rank, stamina, discards_first)] += 1
    result = control_roll(dice, discards, objective, stamina_rules=stamina,
                          discards_first=discards_first)
    got = result.outcomes.map(lambda o: _rank_of_outcome(rank, o))
    assert dict(got.items()) == {k: Fraction(v, 6**dice) for k, v in brute.items()}


def test_seven_dice_two_discards_against_simulation() -> None:
    rng = random.Random(7)
    n = 20_000
    losses: Counter[int] = Counter()
    damage: Counter[int] = Counter()
    for _ in range(n):
        roll = tuple(sorted(rng.choice(ICONS) for _ in range(7)))
        loss, dmg, _ = oracle_best(roll, 2, rank_min_loss, True, True)
        losses[loss] += 1
        damage[dmg] += 1
    exact = control_roll(7, 2)
    for k in range(8):
        p = float(exact.control_loss[k])
        assert abs(losses[k] / n - p) <= SIGMAS * math.sqrt(p * (1 - p) / n)
        p = float(exact.damage_dice[k])
        assert abs(damage[k] / n - p) <= SIGMAS * math.sqrt(p * (1 - p) / n)


def test_large_roll_stays_exact() -> None:
    r = control_roll(12, 3)
    assert sum(p for _, p in r.outcomes.items()) == 1
    assert 0 < r.p_success < Fraction(1, 100)


# -- custom dice and objectives -----------------------------------------------------------

def test_blank_faces_never_apply_an_effect() -> None:
    # 'Control Roll Damage: Ignored' -- Damage faces are blank.
    ignored = Die("ignored", tuple(Face(icon=None if i == DAMAGE else i) for i in ICONS))
    r = control_roll(1, die=ignored)
    assert r.p_success == Fraction(1, 6)
    assert r.damage_dice[0] == 1


def test_expected_loss_objective_weighs_damage_by_resilience() -> None:
    # Slide + 2 Damage, one discard: dropping Slide leaves 2 damage dice and one
    # effect; dropping a Damage leaves two effects and one damage die.
    roll = [SLIDE, DAMAGE, DAMAGE]
    tough = best_control_outcome(roll, 1, min_expected_control_loss(2))  # each die 1/3
    assert tough.effects == {DAMAGE} and tough.damage_dice == 2  # 1 + 2/3 < 2 + 1/3
    # Blank Resilience: both options expect 3 points; the tie goes to fewer damage dice.
    flimsy = best_control_outcome(roll, 1, min_expected_control_loss(None))
    assert flimsy.damage_dice == 1


# -- properties ------------------------------------------------------------------------------

rolls = st.lists(st.sampled_from(ICONS), min_size=1, max_size=8)


@settings(max_examples=60, deadline=None)
@given(roll=rolls, data=st.data())
def test_optimal_choice_beats_any_specific_discard(roll: list[str], data: st.DataObject) -> None:
    k = data.draw(st.integers(0, len(roll)))
    drop = data.draw(st.lists(st.sampled_from(roll), max_size=k))
    if any(drop.count(i) > roll.count(i) for i in drop):
        return
    best = best_control_outcome(roll, k)
    chosen = resolve_control_roll(roll, drop)
    assert (best.control_loss, best.damage_dice, best.stamina_lost) <= (
        chosen.control_loss, chosen.damage_dice, chosen.stamina_lost)


@settings(max_examples=15, deadline=None)
@given(dice=st.integers(1, 6), data=st.data())
def test_more_cards_and_discarding_first_never_hurt(dice: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, dice - 1))
    base = control_roll(dice, k).control_loss
    more = control_roll(dice, k + 1).control_loss
    late = control_roll(dice, k, discards_first=False).control_loss
    for c in range(dice + 2):
        assert more.at_most(c) >= base.at_most(c)
        assert base.at_most(c) >= late.at_most(c)


def test_rolls_share_one_resolver_without_changing_any_result() -> None:
    # Rolls with the same objective share a memo of resolved count vectors; a roll
    # computed after bigger rolls filled that memo must equal one computed from empty.
    from generator.probability import frothy_control_odds as frothy

    frothy._shared_resolver.cache_clear()
    frothy._shared_table.cache_clear()
    fresh = control_roll(5, 2, avoid_damage)
    control_roll(8, 3, avoid_damage)
    control_roll(6, 0, avoid_damage)
    assert control_roll(5, 2, avoid_damage) == fresh


# -- the fast discard table against the plain definition ---------------------------------

LOPSIDED = Die("lopsided", (Face(icon=SLIDE), Face(icon=SLIDE), Face(icon=LEFT),
                            Face(icon=RIGHT), Face(icon=None), Face(icon=DAMAGE),
                            Face(icon=SLOW), Face(icon=HASTE)))


def mildest_slow_first(o: ControlOutcome) -> tuple[int, ...]:
    """Avoid damage, then the fewest points, then the effects in a preference order (as
    the balance profile ranks them): ties the table must break as the definition does."""
    order = {SLOW: 1, SLIDE: 2, LEFT: 3, RIGHT: 4, HASTE: 5, DAMAGE: 6}
    return (o.damage_dice, o.control_loss, o.stamina_lost,
            sum(order[ControlIcon(e)] for e in o.effects))


def plain_control_roll(dice: int, discards: int, objective: Objective, die: Die,
                       stamina: bool) -> dict[ControlOutcome, Fraction]:
    """The definition, spelt out: every ordered roll, every set of at most ``discards`` dice
    to drop, each resolved on its own; the player keeps the least (objective, sort_key)."""
    faces = [f.icon for f in die.faces]
    out: Counter[ControlOutcome] = Counter()
    for roll in itertools.product(faces, repeat=dice):
        options = []
        for size in range(discards + 1):
            for drop in itertools.combinations(range(dice), size):
                outcome = resolve_control_roll(roll, [roll[i] for i in drop], die=die,
                                               stamina_rules=stamina)
                cost = objective(outcome)
                options.append(((cost if isinstance(cost, tuple) else (cost,),
                                 outcome.sort_key()), outcome))
        out[min(options, key=lambda option: option[0])[1]] += 1
    return {o: Fraction(n, len(faces) ** dice) for o, n in out.items()}


@pytest.mark.parametrize("die", [FROTHY_DIE, LOPSIDED], ids=["frothy", "lopsided"])
@pytest.mark.parametrize("objective", [min_control_loss, avoid_damage, mildest_slow_first,
                                       objective_success_first])
@pytest.mark.parametrize("stamina", [True, False])
def test_discard_table_matches_the_plain_definition(die: Die, objective: Objective,
                                                    stamina: bool) -> None:
    # Whole distributions, ties included; larger rolls first so the smaller ones are read
    # from a table already grown past them, as in a balance profile.
    from generator.probability import frothy_control_odds as frothy

    frothy._shared_table.cache_clear()
    for dice, discards in [(4, 2), (4, 0), (3, 3), (3, 1), (2, 1), (1, 1), (0, 0), (4, 4)]:
        fast = control_roll(dice, discards, objective, die=die, stamina_rules=stamina)
        assert dict(fast.outcomes.items()) == plain_control_roll(dice, discards, objective,
                                                                 die, stamina)


@pytest.mark.parametrize(("dice", "discards", "discards_first"),
                         [(0, 0, True), (4, 0, True), (6, 2, True), (5, 2, False), (7, 3, False)])
def test_control_roll_ways_are_the_counts_in_no_particular_order(
        dice: int, discards: int, discards_first: bool) -> None:
    counts, total = control_roll_counts(dice, discards, avoid_damage,
                                        discards_first=discards_first)
    ways, ways_total = control_roll_ways(dice, discards, avoid_damage,
                                         discards_first=discards_first)
    assert ways == dict(counts) and ways_total == total == 6 ** dice
    assert [o.sort_key() for o, _ in counts] == sorted(o.sort_key() for o in ways)
