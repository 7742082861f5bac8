"""Outrider control checks and attacks: closed forms, the rulebook's worked
example, the Rule of Four, and brute-force double loops over both dice."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.probability import Die
from generator.probability.outrider import (
    D6,
    D8,
    D10,
    D12,
    ManeuverType,
    attack_damage_chance,
    collision_chance,
    control_check,
    initiative_chance,
    loss_of_control,
    target_difficulty,
)


def test_target_difficulty_example() -> None:
    # 5.5: Easy Right + Easy Left + Punch It! (3) + attack + Brake Hard = 5
    assert target_difficulty(3, modifiers=1, brake_hard=True) == 5
    # Rule of Four: modifiers stop at +4, Brake Hard still adds 1
    assert target_difficulty(2, modifiers=7, brake_hard=True) == 2 + 4 + 1


def test_unsuccessful_maneuver_example() -> None:
    # 5.6: 2 skill points and a natural 1 (total 3) against 5 -> loss of control.
    check = control_check(D10, 5, skill_points=2)
    assert check.success == Fraction(8, 10)  # rolls 3..10
    assert check.loss_of_control == Fraction(1, 10)
    assert check.failure == Fraction(1, 10)  # a 2


@settings(max_examples=60, deadline=None)
@given(
    die=st.sampled_from([D6, D8, D10, D12]),
    difficulty=st.integers(0, 20),
    bonuses=st.integers(0, 7),
    skill=st.integers(0, 5),
    speedometer=st.booleans(),
)
def test_control_check_closed_form(die: Die, difficulty: int, bonuses: int, skill: int,
                                   speedometer: bool) -> None:
    n = die.sides
    add = min(bonuses, 4) + skill + int(speedometer)
    need = difficulty - add  # lowest face that succeeds
    success = Fraction(min(n, max(0, n - need + 1)), n)
    loc = Fraction(1, n) if 1 + add < difficulty else Fraction(0)
    check = control_check(die, difficulty, bonuses=bonuses, skill_points=skill,
                          speedometer=speedometer)
    assert check.success == success
    assert check.loss_of_control == loc
    assert check.success + check.failure + check.loss_of_control == 1


def test_d6_against_d6_by_hand() -> None:
    # Damage iff weapon a != 1 and a >= armour d: sum over a=2..6 of a/36 = 20/36.
    assert attack_damage_chance(D6, D6) == Fraction(20, 36)


@pytest.mark.parametrize("weapon", [D6, D10, D12])
@pytest.mark.parametrize("armour", [D6, D8, D12])
@pytest.mark.parametrize(
    ("kwargs", "att", "dfn"),
    [
        ({}, 0, 0),
        ({"firepower": 2, "fire_linked": True}, 3, 0),
        ({"firepower": 4, "fire_linked": True, "target_stopped": True}, 5, 0),  # cap, then +1
        ({"skill_points": 6, "attacker_speedometer": True}, 7, 0),
        ({"defense": 4, "superior_initiative": True, "defender_speedometer": True}, 0, 5),
    ],
)
def test_attack_brute_force(weapon: Die, armour: Die, kwargs: dict[str, int], att: int,
                            dfn: int) -> None:
    nw, na = weapon.sides, armour.sides
    hits = sum(1 for a in range(1, nw + 1) for d in range(1, na + 1)
               if a != 1 and a + att >= d + dfn)
    got = attack_damage_chance(weapon, armour, **kwargs)  # type: ignore[arg-type]
    assert got == Fraction(hits, nw * na)


def test_a_natural_one_misses_whatever_the_bonus() -> None:
    assert attack_damage_chance(D6, D6, skill_points=50) == Fraction(5, 6)


def test_loss_of_control_charts() -> None:
    straight = loss_of_control(D6, ManeuverType.STRAIGHT)
    assert straight["panic_brake"] == Fraction(1, 2)
    turn = loss_of_control(D8, ManeuverType.TURN)
    assert turn["oversteer"] == Fraction(2, 8) and turn["regain_control"] == Fraction(4, 8)
    stop = loss_of_control(D12, ManeuverType.STOP)
    assert stop["skid_left"] == stop["skid_right"] == Fraction(1, 12)
    assert stop["overshoot"] == Fraction(2, 12)


# -- opposed rolls re-rolled until decided: initiative (4.2) and collisions (6.4) ------------


def decided_share(mine: int, theirs: int, add: int, their_add: int,
                  tie: tuple[int, ...], their_tie: tuple[int, ...]) -> Fraction:
    """Brute force: list both dice, settle ties by the die sizes then ``tie``, and take the
    share of decided contests won."""
    won = lost = 0
    for a in range(1, mine + 1):
        for b in range(1, theirs + 1):
            key, their_key = (a + add, mine, *tie), (b + their_add, theirs, *their_tie)
            won += key > their_key
            lost += key < their_key
    return Fraction(won, won + lost) if won + lost else Fraction(1, 2)


@pytest.mark.parametrize("engine", [D6, D8, D10, D12])
@pytest.mark.parametrize("opponent", [D6, D8, D10, D12])
@pytest.mark.parametrize(("bonus", "acceleration", "their_bonus", "their_acceleration"),
                         [(0, 0, 0, 0), (2, 2, 0, 0), (1, 1, 1, 0), (6, 2, 1, 1)])
def test_initiative_against_brute_force(engine: Die, opponent: Die, bonus: int,
                                        acceleration: int, their_bonus: int,
                                        their_acceleration: int) -> None:
    got = initiative_chance(engine, opponent, bonus=bonus, acceleration=acceleration,
                            opponent_bonus=their_bonus,
                            opponent_acceleration=their_acceleration)
    assert got == decided_share(engine.sides, opponent.sides, min(bonus, 4),
                                min(their_bonus, 4), (acceleration,), (their_acceleration,))


def test_initiative_closed_forms() -> None:
    # The same die and nothing to tell them apart: a coin flip after re-rolls.
    assert initiative_chance(D8, D8) == Fraction(1, 2)
    # d6 against d8: a tie goes to the larger die, so the d6 must roll strictly higher:
    # sum over a of (a - 1) / 48 = 15/48.
    assert initiative_chance(D6, D8) == Fraction(15, 48)
    assert initiative_chance(D8, D6) == 1 - Fraction(15, 48)
    # Equal dice, one more Acceleration: ties (1/6) go to it: (15 + 6) / 36.
    assert initiative_chance(D6, D6, acceleration=1) == Fraction(21, 36)


def test_collisions_settle_ties_on_the_armour_die_then_defense() -> None:
    assert collision_chance(D10, D10) == Fraction(1, 2)
    assert collision_chance(D10, D10, defense_characteristic=1) == Fraction(55, 100)
    assert collision_chance(D6, D6, speedometer=True) == decided_share(6, 6, 1, 0, (0,), (0,))
    assert collision_chance(D6, D12, defense=9) == decided_share(6, 12, 4, 0, (0,), (0,))
    assert collision_chance(D6, D8, defense=2, opponent_speedometer=True) == \
        decided_share(6, 8, 2, 1, (0,), (0,))
