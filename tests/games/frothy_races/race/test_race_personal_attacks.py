"""The planning driver's Personal attacks (``driver_attacks``): Whip cards against a vehicle
to the side, when the exact odds say the rival's Control roll costs it more than the
attacker risks plus the cards (Performing the Attack; Attack Outcome: the loser gains
Control Loss points, the difference, and rolls for Control at once). So the Personal
attack traits (Cat O' Nine, Whiplash, Shield, Thin Skin, Lady Luck, Ill Fate) count in a
verdict's races, as the Vehicle attack traits do."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from generator.games.frothy_races.race.driver import Planner
from generator.games.frothy_races.race.driver_attacks import (
    personal_attack_gain,
    personal_attack_losses,
)
from generator.games.frothy_races.race.engine import Car, Race
from generator.games.frothy_races.race.styles import STYLES
from generator.probability.frothy_dice import attack_value
from tests.games.frothy_races.race.test_race_rules import place
from tests.games.frothy_races.race.test_rulebook_readings_traits import side_by_side

AGGRESSIVE = STYLES["aggressive"]


def with_traits(car: Car, *traits: tuple[str, int]) -> None:
    car.spec = dataclasses.replace(car.spec, traits=traits)


def shaky_rival() -> tuple[Race, Car, Car]:
    """Red and Black side by side in round 3; Black at Speed 5 (three Control dice) with
    two Control Loss points already: a Control roll costs it dearly."""
    race, red, black = side_by_side()
    race.round = 3
    race.set_speed(black, 5)
    black.control_loss = 2
    return race, red, black


def expected_losses(a_extra: int, t_extra: int, a_bonus: int = 0, t_bonus: int = 0,
                    a_edge: int = 0, t_edge: int = 0) -> tuple[float, float, float]:
    odds = personal_attack_losses(a_extra, a_bonus, a_edge, t_extra, t_bonus, t_edge)
    return (sum(p for p, _, _ in odds), sum(p * t for p, t, _ in odds),
            sum(p * s for p, _, s in odds))


def test_the_odds_cover_every_roll_and_an_even_attack_is_even() -> None:
    total, to_target, to_self = expected_losses(1, 1)
    assert total == pytest.approx(1.0)
    assert to_target == pytest.approx(to_self)


def test_the_odds_are_the_attack_values_difference_by_enumeration() -> None:
    """One Whip (two dice, best two) against no card (one die): the target's expected
    Control Loss is the sum over the attack values where the attacker is higher."""
    a_odds, t_odds = attack_value(1), attack_value(0)
    want = sum(pa * pt * (a - t) for a, pa in a_odds.items() for t, pt in t_odds.items()
               if a > t)
    ties = sum(pa * pt * t for a, pa in a_odds.items() for t, pt in t_odds.items() if a == t)
    assert expected_losses(1, 0)[1] == pytest.approx(float(want + ties))
    assert isinstance(want, Fraction)


def test_tie_traits_settle_a_tie_by_one() -> None:
    """Lady Luck wins a tie by 1 (the other side gains 1); with no tie trait both sides
    lose by their own value."""
    plain = dict(((t, s), p) for p, t, s in personal_attack_losses(0, 0, 0, 0, 0, 0))
    lucky = dict(((t, s), p) for p, t, s in personal_attack_losses(0, 0, 1, 0, 0, 0))
    assert (2, 2) in plain and (3, 3) in plain  # a tie at 2 or 3: both gain their value
    assert not any(t and s for t, s in lucky)  # nobody loses both ways
    assert lucky[(1, 0)] > plain.get((1, 0), 0.0)


def test_the_aggressive_planner_starts_a_personal_attack_when_it_pays() -> None:
    race, red, black = shaky_rival()
    red.bot = Planner(AGGRESSIVE)
    red.hand[:3] = [4, 0, 0]  # Whips only: no Vehicle attack to weigh
    choice = red.bot.attack(race, red, [black])
    assert choice is not None
    target, kind, cards = choice
    assert (target, kind) == (black, "personal") and 1 <= cards <= 3


def test_the_careful_planner_and_the_first_round_start_none() -> None:
    race, red, black = shaky_rival()
    red.hand[:3] = [4, 0, 0]
    red.bot = Planner(STYLES["careful"])
    assert red.bot.attack(race, red, [black]) is None
    red.bot = Planner(AGGRESSIVE)
    race.round = 1
    assert red.bot.attack(race, red, [black]) is None


def test_no_personal_attack_on_the_vehicle_ahead() -> None:
    """A Personal attack reaches a vehicle to the side: with Savage, the space ahead is
    offered for Vehicle attacks only."""
    race, red, black = shaky_rival()
    place(race, black, 18, 16, facing=0, speed=5)  # the space ahead of Red
    black.control_loss = 2
    with_traits(red, ("Savage", 1))
    red.bot = Planner(AGGRESSIVE)
    red.hand[:3] = [4, 0, 0]
    assert red.bot.attack(race, red, [black]) is None


@pytest.mark.parametrize(("trait", "holder"), [
    ("Cat O' Nine", "attacker"), ("Whiplash", "attacker"), ("Thin Skin", "target")])
def test_attack_traits_raise_the_gain(trait: str, holder: str) -> None:
    race, red, black = shaky_rival()
    plain = personal_attack_gain(AGGRESSIVE, race, red, black, 1)
    with_traits(red if holder == "attacker" else black, (trait, 2))
    assert personal_attack_gain(AGGRESSIVE, race, red, black, 1) > plain


def test_a_shielded_rival_is_a_worse_target() -> None:
    race, red, black = shaky_rival()
    plain = personal_attack_gain(AGGRESSIVE, race, red, black, 1)
    with_traits(black, ("Shield", 2))
    assert personal_attack_gain(AGGRESSIVE, race, red, black, 1) < plain


# --- Sneaky: a Personal attack in the other vehicle's movement -----------------------------


def sneaky_red(style: str = "aggressive", sneaky: bool = True) -> tuple[Race, Car, Car]:
    """The shaky rival beside Red, which holds Whips only; Red has Sneaky (or not)."""
    race, red, black = shaky_rival()
    red.hand[:3] = [4, 0, 0]
    if sneaky:
        with_traits(red, ("Sneaky", 1))
    race.sneaky = [c for c in race.cars if c.spec.trait("Sneaky")]
    red.bot = Planner(STYLES[style])
    return race, red, black


def personal_attacks(race: Race) -> list[dict[str, object]]:
    return [e for e in race.events if e["action"] == "personal attack"]


def test_sneaky_attacks_a_vehicle_at_its_side_in_that_vehicle_s_move() -> None:
    """Sneaky: 'you may also initiate a Personal attack against an adjacent vehicle during
    that vehicle's movement turn'. Black moves; Red, at whose side it stands, attacks it
    with its Whips, as the exact odds say it pays."""
    race, red, black = sneaky_red()
    race.move(black, 0)
    attacks = personal_attacks(race)
    assert attacks and attacks[0]["vehicle"] == red.label
    assert attacks[0]["result"]["target"] == black.label
    assert red.spent[0] >= 1


@pytest.mark.parametrize(("style", "sneaky"), [("aggressive", False), ("careful", True)])
def test_no_attack_in_another_s_move_without_sneaky_or_from_a_careful_driver(
        style: str, sneaky: bool) -> None:
    race, red, black = sneaky_red(style, sneaky)
    race.move(black, 0)
    assert not personal_attacks(race) and red.spent[0] == 0


def test_a_failed_roll_from_a_sneaky_attack_costs_the_attacker_its_move() -> None:
    """Failing the Control roll after an attack it started ends the attacker's movement
    that phase (Attack Outcome): Red, still to move when its Sneaky attack's roll failed,
    stands this phase."""
    race, red, black = sneaky_red()
    red.move_lost = True  # as a failed roll after its Sneaky attack leaves it
    start = red.hex
    race.move(red, 0)
    assert red.hex == start and not red.move_lost


def test_tie_traits_count_in_a_vehicle_attack_s_price() -> None:
    """Fortune Smiles wins a tied Vehicle attack by 1, Unlucky Charm loses it by 1
    (attacks.attack_losers): the planner's price of a Vehicle attack reads them too."""
    from generator.games.frothy_races.race.driver_attacks import vehicle_attack_gain
    from generator.games.frothy_races.race.driver_prices import vehicle_attack_damage

    plain = vehicle_attack_damage(1, 0, 1, 0, 1, 1)
    lucky = vehicle_attack_damage(1, 0, 1, 0, 1, 1, 1, 0)
    assert lucky[1] < plain[1]  # ties no longer hurt the attacker
    race, red, black = shaky_rival()
    before = vehicle_attack_gain(AGGRESSIVE, red, black, 1)
    with_traits(red, ("Fortune Smiles", 1))
    assert vehicle_attack_gain(AGGRESSIVE, red, black, 1) > before
    with_traits(red, ("Unlucky Charm", 1))
    assert vehicle_attack_gain(AGGRESSIVE, red, black, 1) < before
