"""The Speed Check and Speed changes as the rulebook reads them (Speed Check; Speed Changes;
Speed Rating Changes; the Speed Check Variations and Speed traits), each set up from the
rulebook's example or sentence."""

from __future__ import annotations

import dataclasses

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.decisions import SpeedChoice
from generator.games.frothy_races.race.engine import Race
from generator.probability.frothy_speed_table import Row
from tests.games.frothy_races.race.test_race_rules import (
    BOWL,
    CHARIOT,
    REPO,
    make_race,
    place,
    speed_check,
)

# Whisper Gig: Speed 1 has 1 Acceleration box and 2 Deceleration boxes.
WHISPER = REPO / "vehicles/frothy-races/whisper-gig.yaml"


def test_a_speed_gain_sits_in_the_left_most_box_of_both_rows() -> None:
    """Speed Rating Changes Example, Speed Gain: the marker goes 'into the left-most
    corresponding Acceleration and Deceleration boxes of the new Speed rating'. On the
    Whisper Gig Speed 1 has one Acceleration box and two Deceleration boxes, so from the
    left-most Deceleration box one box of deceleration is Speed 0 again."""
    race = make_race(WHISPER, 1)
    car = race.cars[0]
    table = car.spec.table
    assert table.acceleration[1] == 1 and table.deceleration[1] == 2
    race.set_speed(car, 1)
    assert car.speed == 1
    assert table.deceleration_box(car.marker) == table.deceleration[0]  # left-most of Speed 1
    assert table.acceleration_box(car.marker) == table.acceleration[0]
    assert table.speed_of(table.decelerate(car.marker, 1)) == 0


def test_a_speed_loss_sits_in_the_right_most_box_of_both_rows() -> None:
    """Speed Rating Changes Example, Speed Loss: 'the corresponding right-most Acceleration
    and Deceleration boxes of the new Speed rating'."""
    race = make_race(WHISPER, 1)
    car = race.cars[0]
    place(race, car, 17, 16, speed=3)
    table = car.spec.table
    race.set_speed(car, 1)
    assert car.speed == 1 and car.marker.row is Row.ACCELERATION
    assert table.deceleration_box(car.marker) == sum(table.deceleration[:2]) - 1
    assert table.acceleration_box(car.marker) == sum(table.acceleration[:2]) - 1


def test_whoah_adds_to_a_negative_result_too() -> None:
    """Whoah! #: 'if this card is used to decelerate during a Speed Check then the player
    may add +# to the result'; Reckless #: 'Subtract # from all Speed Check rolls to
    Decelerate. If the final value is negative then Accelerate by that amount instead'.
    Reckless 2 and a roll of 0 + 0 make -2; the Whoah! 1 card makes the final value -1:
    one box of acceleration, not two."""
    race = make_race(REPO / "vehicles/frothy-races/bramblewick-goat-cart.yaml", 1)
    car = race.cars[0]
    car.spec = dataclasses.replace(car.spec, traits=car.spec.traits + (("Reckless", 2),))
    race.set_speed(car, 4)
    speed_check(race, car, SpeedChoice(False, 0, 1), [0, 0, 0])
    assert [e for e in race.events if e["action"] == "special card"]
    assert race.events[-1]["result"]["boxes"] == -1


def test_tireless_odds_add_no_modifier_as_no_die_is_rolled() -> None:
    """Tireless #: 'you do not make a Speed Check roll when attempting to Accelerate, but
    may ... change your Speed by up to # boxes'; Hyperactive # adds to 'all Speed Check
    rolls to Accelerate', and with no roll there is nothing to add to. The odds a driver
    weighs say what the Speed Check then does: Tireless 2 with Hyperactive 1 from rest is
    at most 2 boxes."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    car.spec = dataclasses.replace(car.spec, traits=car.spec.traits
                                   + (("Tireless", 2), ("Hyperactive", 1)))
    table = car.spec.table
    best = table.speed_of(table.accelerate(car.marker, 2))
    assert race.speed_odds(car, True, 1, 0) == [(best, 1.0)]
    speed_check(race, car, SpeedChoice(True, 1, 0), [])
    assert race.events[-1]["result"]["boxes"] == 2 and car.speed == best


def test_stamina_reins_let_a_vehicle_with_no_card_played_accelerate() -> None:
    """Speed Check: 'If you decide to use any Whip and/or Reins cards then you may choose to
    either Accelerate or Decelerate. If you do not use any ... then you must Decelerate.'
    The Stamina Check Example's tired vehicle makes 'their Speed check for this round as
    though they had played an additional 2 Reins cards': it has played cards, so it may
    Accelerate with none of its own, rolling 4 dice and keeping the two lowest (twice as
    many Reins as Whip to Accelerate): 3, 3, 1, 0 is 1 box. At full Stamina (no extra
    Reins) the same choice must Decelerate."""
    for stamina, direction, speed in ((5, "accelerate", 1), (10, "decelerate", 0)):
        track, vehicles = load_race_inputs(BOWL, [CHARIOT])
        race = Race(track, vehicles, ["racing-line"], seed=1,
                    options=RaceOptions(stamina=True, log_events=True))
        car = race.cars[0]
        car.stamina = stamina
        assert race.stamina_reins(car) == (2 if stamina == 5 else 0)
        speed_check(race, car, SpeedChoice(True, 0, 0), [3, 3, 1, 0])
        result = race.events[-1]["result"]
        assert result["direction"] == direction and car.speed == speed
        assert sum(car.spent) == 0  # no card of its own played
        if stamina == 5:
            assert result["boxes"] == 1 and len(race.events[-1]["dice"]) == 4
