"""The Whip budget the value table plans with is the pace the engine's own Card Recovery and
Stamina trait let a hand keep up: not less (the table would plan a slower vehicle than the
one raced, as it once did for the Bramblewick Goat Cart and its Stamina 1) and not more (the
driver would count on Whips its hand cannot hold).

Card Recovery: a card spent comes back to the hand only at the end of the next round.
The Stamina trait: at the start of every round, up to # Whip or Reins cards come back from
the Spent (or Recovery) box. Each round below is driven by the engine (``start_of_round``,
``play``, ``maintenance``) for every hand of up to five Whip cards and a Stamina of 0-3.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.engine import Car, Race
from generator.games.frothy_races.race.planner import whip_budget
from generator.games.frothy_races.race.planner_layers import whip_rounds
from generator.games.frothy_races.race.vehicles import RaceVehicle

REPO = Path(__file__).resolve().parents[4]
CHARIOT = REPO / "vehicles/frothy-races/basic-chariot.yaml"
BOWL = REPO / "vehicles/tracks/bogwater-bowl.yaml"
HANDS = [(whips, dual, stamina) for whips in range(4) for dual in range(3)
         for stamina in range(4) if whips + dual]
ROUNDS = 12


def a_race_with(whips: int, dual: int, stamina: int) -> tuple[Race, Car]:
    """The basic chariot with ``whips`` Whip and ``dual`` dual cards (no Reins) and the
    Stamina trait at ``stamina`` (none at 0), as the only vehicle of a race."""
    track, vehicles = load_race_inputs(BOWL, [CHARIOT])
    race = Race(track, vehicles, ["careful"], 1, RaceOptions())
    base = race.cars[0]
    spec: RaceVehicle = replace(base.spec, whip=whips, reins=0, dual=dual, specials=(),
                                traits=(("Stamina", stamina),) if stamina else ())
    car = Car(0, spec, base.bot, base.hex, base.facing)
    race.cars[0] = car
    return race, car


def whips_at_each_start(race: Race, car: Car, pace: int) -> list[int]:
    """The Whips in hand at each round's start (after the Stamina trait) when every round
    plays as many as it holds, up to ``pace``."""
    found = []
    for _ in range(ROUNDS):
        race.start_of_round(car)
        held = car.cards("whip")
        found.append(held)
        assert race.play(car, "whip", min(held, pace)) == min(held, pace)
        race.maintenance(car)
    return found


@pytest.mark.parametrize(("whips", "dual", "stamina"), HANDS)
def test_the_table_s_whip_rounds_are_the_rounds_the_engine_lets_a_hand_play(
        whips: int, dual: int, stamina: int) -> None:
    """Playing the table's whole budget k every round it can, the hand at each round's
    start holds what ``whip_rounds`` says: k every round, or (where it says a round that
    played all k starts the next one short) k, then k - 1, then k again."""
    race, car = a_race_with(whips, dual, stamina)
    k, _, ends, firsts = whip_rounds(car.spec)
    held = whips_at_each_start(race, car, k)
    expected, start = [], 0  # 0: a round with the whole budget; 1: one short
    for _ in range(ROUNDS):
        expected.append(k if start == 0 else k - 1)
        start = ends[0] if start == 0 else 0  # layer 0: all k played
    assert [min(h, k) for h in held] == expected
    assert len(firsts) == 1 + (expected.count(k - 1) > 0)


@pytest.mark.parametrize(("whips", "dual", "stamina"), HANDS)
def test_no_hand_keeps_up_more_whips_than_the_budget(whips: int, dual: int,
                                                     stamina: int) -> None:
    """One Whip a round more than the budget is more than the hand holds within a few
    rounds, unless the budget is already every card the vehicle has."""
    race, car = a_race_with(whips, dual, stamina)
    k = whip_budget(car.spec)
    held = whips_at_each_start(race, car, k + 1)
    if k == whips + dual:
        assert k + 1 > max(held)  # the whole hand, every round: nothing more to play
    else:
        assert min(held[2:]) < k + 1  # the pace k + 1 is not kept up
