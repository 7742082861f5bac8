"""Encouragement, raced: 'You may use Reins cards as Whip cards during a Speed Check or for
1 space of extra Movement during the Move phase' (Traits). A chariot whose hand holds only
Reins cards plays one as a Whip in each of those two places, and in no other: a Personal
attack (started with Whip cards) and a Control roll still want a Whip card. The planning
driver's Whip budget counts the Reins too."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.decisions import SpeedChoice
from generator.games.frothy_races.race.engine import Car, Race
from generator.games.frothy_races.race.planner import whip_cards
from generator.games.frothy_races.race.vehicles import race_vehicle
from tests.games.frothy_races.race.test_race_rules import BOWL, CHARIOT, place, speed_check


def chariot(tmp_path: Path, encouraged: bool, special: str = "") -> Path:
    """The basic chariot with no trait but (maybe) Encouragement, and these cards."""
    text = CHARIOT.read_text()
    head, _ = text.split("traits:\n")
    cards = "cards:\n  whip: 4\n  reins: 4\n  dual: 0\n"
    assert cards in head
    head = head.replace(cards, cards + (f"  special:\n    - {special}\n" if special else ""))
    path = tmp_path / f"encouraged-{encouraged}.yaml"
    path.write_text(head + ("traits:\n  - Encouragement\n" if encouraged else ""))
    return path


def race_of(path: Path, count: int = 1) -> Race:
    track, vehicles = load_race_inputs(BOWL, [path] * count)
    return Race(track, vehicles, ["racing-line"] * count, seed=1,
                options=RaceOptions(log_events=True))


def reins_only(car: Car) -> None:
    """A hand of two Reins cards and nothing else."""
    car.hand[:] = [0, 2, 0] + [0] * (len(car.hand) - 3)


@pytest.mark.parametrize("encouraged", [True, False])
def test_a_reins_card_plays_as_a_whip_at_the_speed_check(tmp_path: Path,
                                                         encouraged: bool) -> None:
    """Accelerating with one Whip asked for: Encouragement plays a Reins card as it, so the
    check rolls three dice (two and one for the Whip) and the card goes to Spent; without
    it there is no Whip card to play, two dice are rolled and the hand is kept."""
    race = race_of(chariot(tmp_path, encouraged))
    car = race.cars[0]
    reins_only(car)
    assert car.cards("spur") == (2 if encouraged else 0)
    speed_check(race, car, SpeedChoice(True, 1, 0), [3, 2, 1])
    check = [e for e in race.events if e["action"] == "speed check"][-1]
    assert len(check["dice"]) == (3 if encouraged else 2)
    assert check["result"]["whip"] == (1 if encouraged else 0)
    assert car.hand[1] == (1 if encouraged else 2) and car.spent[1] == (1 if encouraged else 0)


@pytest.mark.parametrize("encouraged", [True, False])
def test_a_reins_card_plays_as_a_whip_for_a_space_more(tmp_path: Path,
                                                       encouraged: bool) -> None:
    """A movement phase offers the Whip's space more only when a card can be played as a
    Whip; with Encouragement, taking it spends a Reins card."""
    race = race_of(chariot(tmp_path, encouraged))
    car = race.cars[0]
    place(race, car, 12, 16, facing=0, speed=2)
    reins_only(car)
    options = race.options_for(car, 0)
    whipped = [o for o in options if o.card == "whip"]
    assert bool(whipped) is encouraged
    if encouraged:
        race.play(car, "spur", 1)
        assert car.hand[1] == 1 and car.spent[1] == 1


def test_a_personal_attack_and_a_control_roll_still_want_a_whip_card(tmp_path: Path) -> None:
    """Encouragement names the Speed Check and the space more: a hand of Reins holds no
    card for a Personal attack (or a Control roll's Whip) to play."""
    race = race_of(chariot(tmp_path, True))
    car = race.cars[0]
    reins_only(car)
    assert car.cards("whip") == 0
    assert race.play(car, "whip", 1) == 0 and car.hand[1] == 2


def test_special_reins_cards_play_as_whips_after_the_ordinary_ones(tmp_path: Path) -> None:
    """A special card with a Reins face is a Reins card too (as the check reads
    Encouragement, FR-TRAIT-NO-TARGET): it plays as a Whip once the ordinary Reins are
    spent, and Whip cards go before any Reins card."""
    race = race_of(chariot(tmp_path, True, "{name: Whoah!, value: 1}"))
    car = race.cars[0]
    car.hand[:] = [1, 1, 0, 1]
    assert car.cards("spur") == 3
    assert race.play(car, "spur", 1) == 1 and car.hand[:3] == [0, 1, 0]
    assert race.play(car, "spur", 2) == 2 and car.hand == [0, 0, 0, 0]


def test_the_planner_s_whip_budget_counts_the_reins(tmp_path: Path) -> None:
    """The table's Whip layers follow the cards that can be played as a Whip for Speed."""
    track, (plain, encouraged) = load_race_inputs(
        BOWL, [chariot(tmp_path, False), chariot(tmp_path, True)])
    assert whip_cards(race_vehicle(plain)) == 4
    assert whip_cards(race_vehicle(encouraged)) == 8


def test_encouragement_is_raced_not_listed_as_not_simulated(tmp_path: Path) -> None:
    from generator.games.frothy_races.race import run_race

    track, vehicles = load_race_inputs(BOWL, [chariot(tmp_path, True)])
    result = run_race(track, vehicles, bots="careful", seed=1, options=RaceOptions(laps=1))
    assert "Encouragement" not in " ".join(result.not_simulated)
