"""The attacking driver prices an attack with what the engine plays in it: the special cards
(Kamikaze # and Berserker # add # to the attacker's value when played to start a Vehicle or
Personal attack, Swerve # and Shield # to the defender's: Whip & Reins, special cards; the
engine plays them before other cards, ``upkeep.play_with``) and the re-roll traits
(Persistent, Frenzied, Evasive, Guarded: Traits). The price counted none of them, so they
never made an attack look better or worse."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.driver_attacks import (
    card_bonus,
    personal_attack_gain,
    vehicle_attack_gain,
)
from generator.games.frothy_races.race.driver_prices import attack_odds
from generator.games.frothy_races.race.engine import Race
from generator.games.frothy_races.race.styles import AGGRESSIVE
from tests.games.frothy_races.race.test_race_rules import BOWL, CHARIOT, place


def with_card(tmp_path: Path, card: str) -> Path:
    path = tmp_path / f"{card.lower()}.yaml"
    path.write_text(CHARIOT.read_text().replace(
        "  dual: 0\n", f"  dual: 0\n  special:\n    - {{name: {card}, value: 2}}\n"))
    return path


def side_by_side(attacker: Path, target: Path) -> Race:
    track, vehicles = load_race_inputs(BOWL, [attacker, target])
    race = Race(track, vehicles, ["aggressive", "careful"], seed=1, options=RaceOptions())
    race.round = 3
    car, other = race.cars
    place(race, car, 14, 16, facing=0, speed=3)
    place(race, other, 14, 17, facing=0, speed=3)
    return race


def priced(gain: object, attacker: Path, target: Path) -> float:
    """What the attacking style makes of a one-card attack of ``gain``'s kind, side by side."""
    race = side_by_side(attacker, target)
    car, other = race.cars
    if gain is vehicle_attack_gain:
        return vehicle_attack_gain(AGGRESSIVE, car, other, 1)
    return personal_attack_gain(AGGRESSIVE, race, car, other, 1)


@pytest.mark.parametrize("attack, defence, gain", [
    ("Kamikaze", "Swerve", vehicle_attack_gain),
    ("Berserker", "Shield", personal_attack_gain),
])
def test_an_attack_card_raises_the_price_a_defence_card_lowers_it(
        tmp_path: Path, attack: str, defence: str, gain: object) -> None:
    plain = priced(gain, CHARIOT, CHARIOT)
    assert card_bonus(side_by_side(with_card(tmp_path, attack), CHARIOT).cars[0], attack) == 2
    assert priced(gain, with_card(tmp_path, attack), CHARIOT) > plain
    assert priced(gain, CHARIOT, with_card(tmp_path, defence)) < plain


def test_a_card_not_in_hand_adds_nothing(tmp_path: Path) -> None:
    race = side_by_side(with_card(tmp_path, "Kamikaze"), CHARIOT)
    car = race.cars[0]
    car.hand[3] = 0
    assert card_bonus(car, "Kamikaze") == 0


@pytest.mark.parametrize("cards, again", [(0, 1), (1, 1), (1, 2), (2, 1), (2, 3)])
def test_attack_odds_after_rerolls_match_every_roll_counted(cards: int, again: int) -> None:
    """Persistent, Frenzied, Evasive and Guarded re-roll up to # low dice (0 or 1, the
    lowest first: ``Race.reroll_low``) before the best two are kept: counted here over
    every roll and every re-roll of the six faces."""
    faces = (0, 1, 2, 2, 3, 3)
    dice = 1 + cards
    counted: dict[int, float] = {}
    for roll in itertools.product(faces, repeat=dice):
        low = sorted((i for i, v in enumerate(roll) if v <= 1), key=lambda i: roll[i])[:again]
        for fresh in itertools.product(faces, repeat=len(low)):
            final = list(roll)
            for i, value in zip(low, fresh, strict=True):
                final[i] = value
            final.sort()
            value = final[-1] + final[-2] if dice > 1 else final[0]
            p = (1 / 6) ** (dice + len(low))
            counted[value] = counted.get(value, 0.0) + p
    odds = dict(attack_odds(cards, again))
    assert set(odds) == set(counted)
    assert all(odds[v] == pytest.approx(counted[v], abs=1e-12) for v in odds)
    plain = dict(attack_odds(cards))
    assert sum(v * p for v, p in odds.items()) > sum(v * p for v, p in plain.items())


@pytest.mark.parametrize("attack, defence, gain", [
    ("Persistent", "Evasive", vehicle_attack_gain),
    ("Frenzied", "Guarded", personal_attack_gain),
])
def test_a_reroll_trait_raises_the_price_and_a_defending_one_lowers_it(
        tmp_path: Path, attack: str, defence: str, gain: object) -> None:
    def trait(name: str) -> Path:
        path = tmp_path / f"{name.lower()}.yaml"
        path.write_text(CHARIOT.read_text().replace(
            "traits:\n", f"traits:\n  - {{name: {name}, value: 2}}\n"))
        return path

    plain = priced(gain, CHARIOT, CHARIOT)
    assert priced(gain, trait(attack), CHARIOT) > plain
    assert priced(gain, CHARIOT, trait(defence)) < plain
