"""The attacking driver prices an attack with the special cards the engine plays in it:
Kamikaze # and Berserker # add # to the attacker's value when played to start a Vehicle or
Personal attack, Swerve # and Shield # to the defender's (Whip & Reins, special cards). The
engine plays them before other cards (``upkeep.play_with``); the price counted none of them,
so a hand holding one never made an attack look better or worse."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.driver_attacks import (
    card_bonus,
    personal_attack_gain,
    vehicle_attack_gain,
)
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


@pytest.mark.parametrize("attack, defence, gain", [
    ("Kamikaze", "Swerve", vehicle_attack_gain),
    ("Berserker", "Shield", personal_attack_gain),
])
def test_an_attack_card_raises_the_price_a_defence_card_lowers_it(
        tmp_path: Path, attack: str, defence: str, gain: object) -> None:
    def priced(attacker: Path, target: Path) -> float:
        race = side_by_side(attacker, target)
        car, other = race.cars
        if gain is vehicle_attack_gain:
            return vehicle_attack_gain(AGGRESSIVE, car, other, 1)
        return personal_attack_gain(AGGRESSIVE, race, car, other, 1)

    plain = priced(CHARIOT, CHARIOT)
    assert card_bonus(side_by_side(with_card(tmp_path, attack), CHARIOT).cars[0], attack) == 2
    assert priced(with_card(tmp_path, attack), CHARIOT) > plain
    assert priced(CHARIOT, with_card(tmp_path, defence)) < plain


def test_a_card_not_in_hand_adds_nothing(tmp_path: Path) -> None:
    race = side_by_side(with_card(tmp_path, "Kamikaze"), CHARIOT)
    car = race.cars[0]
    car.hand[3] = 0
    assert card_bonus(car, "Kamikaze") == 0
