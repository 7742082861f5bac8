"""Adaptive, raced: 'At the start of each round, before any other activity, you may swap up
to # number of your Whip or Reins cards you have available in your hand for cards of the
other type you currently have in your Spent or Recovery box' (Traits). The engine makes
the swap the driver asks for, within the trait's number and the cards there are; the
planning driver trades Reins for Whips while its hand holds fewer Whips than its table's
budget for a round, keeping one Reins."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.frothy_races.race import RaceOptions, load_race_inputs, run_race
from generator.games.frothy_races.race.driver import Planner
from generator.games.frothy_races.race.engine import Car, Race
from generator.games.frothy_races.race.upkeep import adapt
from tests.games.frothy_races.race.test_race_rules import BOWL, CHARIOT


def adaptive_chariot(tmp_path: Path, value: int = 2) -> Path:
    """The basic chariot with Adaptive # as its one trait."""
    head, _ = CHARIOT.read_text().split("traits:\n")
    path = tmp_path / "adaptive-chariot.yaml"
    path.write_text(head + f"traits:\n  - {{name: Adaptive, value: {value}}}\n")
    return path


def race_of(path: Path, bot: str = "careful") -> tuple[Race, Car]:
    track, vehicles = load_race_inputs(BOWL, [path])
    race = Race(track, vehicles, [bot], seed=1, options=RaceOptions(log_events=True))
    return race, race.cars[0]


def piles(car: Car) -> tuple[list[int], list[int], list[int]]:
    return car.hand[:2], car.spent[:2], car.recovery[:2]


def test_a_swap_takes_from_spent_first_and_leaves_the_card_given_there() -> None:
    class Piles:
        hand, spent, recovery = [0, 3, 0], [1, 0, 0], [2, 0, 0]

    car = Piles()
    adapt(car, 2)  # type: ignore[arg-type]
    assert car.hand[:2] == [2, 1]
    assert car.spent[:2] == [0, 1] and car.recovery[:2] == [1, 1]


def test_a_swap_stops_where_the_cards_run_out() -> None:
    class Piles:
        hand, spent, recovery = [3, 1, 0], [0, 0, 0], [0, 1, 0]

    car = Piles()
    adapt(car, -3)  # Whips for Reins: one Reins waits in Recovery
    assert car.hand[:2] == [2, 2] and car.recovery[:2] == [1, 0]


def test_the_planner_trades_reins_for_whips_at_the_round_s_start(tmp_path: Path) -> None:
    """No Whip in hand, three Reins, Whips in Spent: the careful planner takes back Whips
    up to Adaptive's 2 (its table wants more), keeping a Reins; before anything else."""
    race, car = race_of(adaptive_chariot(tmp_path))
    car.hand[:2], car.spent[:2], car.recovery[:2] = [0, 3], [2, 0], [2, 0]
    assert isinstance(car.bot, Planner)
    race.round = 2
    race.start_of_round(car)
    assert piles(car) == ([2, 1], [0, 2], [2, 0])


@pytest.mark.parametrize("bot", ["racing-line", "aggressive"])
def test_a_swap_is_the_driver_s_choice(tmp_path: Path, bot: str) -> None:
    """The heuristic drivers keep their hand; the attacking planner swaps as the careful."""
    race, car = race_of(adaptive_chariot(tmp_path, 1), bot)
    car.hand[:2], car.spent[:2], car.recovery[:2] = [0, 3], [2, 0], [0, 0]
    race.start_of_round(car)
    assert piles(car)[0] == ([0, 3] if bot == "racing-line" else [1, 2])


def test_adaptive_is_raced_not_listed_as_not_simulated(tmp_path: Path) -> None:
    track, vehicles = load_race_inputs(BOWL, [adaptive_chariot(tmp_path)])
    result = run_race(track, vehicles, bots="careful", seed=1, options=RaceOptions(laps=1))
    assert "Adaptive" not in " ".join(result.not_simulated)
