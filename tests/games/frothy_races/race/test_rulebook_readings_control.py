"""Control rolls and their effects as the rulebook reads them (Control Loss; Control Roll
Icons; the Control traits), set up on Bogwater Bowl's bottom straight (see test_race_rules
for the placing and the scripted dice)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.engine import Car, Race
from generator.tracks.hexgrid import Hex
from tests.games.frothy_races.race.test_race_readings import NoCards
from tests.games.frothy_races.race.test_race_rules import (
    BOWL,
    CHARIOT,
    ICON_FACE,
    ScriptedDice,
    make_race,
    place,
)


def with_trait(car: Car, name: str, value: int) -> None:
    car.spec = dataclasses.replace(car.spec, traits=car.spec.traits + ((name, value),))


def failed_turn(trait: str, value: int, icons: list[str]) -> tuple[Race, Car]:
    """A chariot at Speed 5 (3 Control dice) on the open straight at (12, 16) facing east
    turns left and rolls ``icons`` with no card."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 12, 16, facing=0, speed=5)
    with_trait(car, trait, value)
    car.bot = NoCards()
    race.rng = ScriptedDice([ICON_FACE[i] for i in icons] + [0] * 10)
    race.turn(car, 1, moving=0)
    return race, car


@pytest.mark.parametrize(("icons", "spaces"), [
    (("slide", "left_spin", "right_spin"), 2),  # the Spin pair goes: one Slide icon
    (("slide", "slide", "damage"), 3),
    (("slide", "slide", "slide"), 3),
])
def test_slippery_moves_a_space_more_for_each_slide_icon_up_to_its_number(
        icons: tuple[str, ...], spaces: int) -> None:
    """Slippery #: 'moves an extra number of spaces for each Slide icon effect on a failed
    Control roll, to a maximum of # extra spaces'. Slippery 2: one Slide icon slides 2
    spaces, two icons 3, three icons still 3."""
    race, car = failed_turn("Slippery", 2, list(icons))
    assert race.rt.hexes[car.hex] == Hex(12 + spaces, 16)


def test_spinner_turns_a_skid_30_degrees_more_for_each_skid_icon() -> None:
    """Spinner #: 'turns an extra 30 degrees for each left or right Skid icon effect on a
    failed Control roll, to a maximum of # such turns'. Two Left Spins and two Slides (a
    Left Skid of two icons) turn a Spinner 2 three times 30 degrees past its turn."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 12, 16, facing=0, speed=5)
    with_trait(car, "Spinner", 2)
    car.control_loss = 1  # 4 Control dice
    car.bot = NoCards()
    race.rng = ScriptedDice([ICON_FACE[i] for i in ("slide", "slide", "left_spin", "left_spin")])
    race.turn(car, 1, moving=0)
    assert car.facing == 1 + 1 + 2


def test_a_raised_control_minimum_is_where_the_track_starts(tmp_path: Path) -> None:
    """Setup sets Control 'in the left-most box'; a vehicle with a minimum Control Point
    total above 0 shows that minimum there (Vehicle Creation Guide, Control Table) and 'will
    always be rolling at least 1 extra dice' when it must roll: from the first round on."""
    text = CHARIOT.read_text().replace("control_loss:\n  minimum: 0",
                                       "control_loss:\n  minimum: 1")
    assert "minimum: 1" in text
    steady = tmp_path / "steady-chariot.yaml"
    steady.write_text(text)
    track, vehicles = load_race_inputs(BOWL, [steady])
    race = Race(track, vehicles, ["careful"], seed=1, options=RaceOptions(log_events=True))
    car = race.cars[0]
    assert car.control_loss == 1
    car.bot = NoCards()
    race.rng = ScriptedDice([ICON_FACE["slow"]])
    race.reaction_roll(car, slide=0)  # at Safe Speed 0: the Control Loss dice only
    roll = [e for e in race.events if e["action"] == "control roll (reaction)"][0]
    assert len(roll["dice"]) == 1


def test_a_passed_reaction_roll_still_pays_for_its_pairs() -> None:
    """Control Roll, Result: 'You must Discard any pairs of dice where one is showing a Left
    Spin and the other a Right Spin ..., but gain 1 Control Loss point for each such pair
    discarded', and a Slow and Haste pair costs a Stamina point (a Control Loss point
    without the Stamina rules), passed roll or not. At Safe Speed 1 with 4 Control Loss
    points: Left, Right, Slow, Haste: every die goes, the roll passes, 2 points more."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 12, 16, facing=0, speed=1)
    car.control_loss = 4
    car.bot = NoCards()
    race.rng = ScriptedDice([ICON_FACE[i] for i in ("left_spin", "right_spin", "slow", "haste")])
    race.reaction_roll(car, slide=0)
    roll = [e for e in race.events if e["action"] == "control roll (reaction)"][0]
    assert roll["result"]["effects"] == []
    assert car.control_loss == 6
