"""Emergency Stop, raced: a Reins special card 'played during a Movement phase to reduce the
required movement of the vehicle by any number of spaces', the Speed rating falling by 1
for each space not moved (Whip & Reins, Reins Special Cards). A vehicle holding one may
drive any shorter walk this phase; the planning driver plays it where the phase's full
move (and the Reins' one less) would run into a wall."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.decisions import Plan, stopped_speed
from generator.games.frothy_races.race.engine import Car, Race
from generator.games.frothy_races.race.vehicles import speed_box
from tests.games.frothy_races.race.test_race_rules import BOWL, CHARIOT, place

# On Bogwater Bowl, facing the outer wall one space away: every walk of two or three
# spaces meets it, and a walk of one does not.
AT_THE_WALL = (-5, 13, 6)
PHASE = 1  # the basic chariot moves 3 spaces in its second phase at Speed 4
SPEED = 4


def stopping_chariot(tmp_path: Path, stops: int = 1) -> Path:
    """The basic chariot with ``stops`` Emergency Stop cards besides its own."""
    text = CHARIOT.read_text()
    cards = "  dual: 0\n"
    assert cards in text
    special = "".join("    - Emergency Stop\n" for _ in range(stops))
    path = tmp_path / f"stopping-{stops}.yaml"
    path.write_text(text.replace(cards, cards + ("  special:\n" + special if stops else "")))
    return path


def race_of(path: Path, driver: str = "careful") -> Race:
    track, vehicles = load_race_inputs(BOWL, [path])
    return Race(track, vehicles, [driver], seed=1, options=RaceOptions(log_events=True))


def at_the_wall(race: Race, hand: list[int]) -> Car:
    """The chariot at Speed 4 facing the wall, holding ``hand`` (whip, reins, dual, then
    each special card)."""
    car = race.cars[0]
    q, r, facing = AT_THE_WALL
    place(race, car, q, r, facing=facing, speed=SPEED)
    car.hand[:] = hand
    return car


def test_the_speed_falls_one_for_each_space_not_moved() -> None:
    assert [stopped_speed(4, 3, steps) for steps in range(4)] == [1, 2, 3, 4]
    assert stopped_speed(1, 3, 0) == 0  # never below 0


def test_an_emergency_stop_offers_every_shorter_walk(tmp_path: Path) -> None:
    """With the card: walks of 0, 1 and 2 of the phase's 3 spaces, played as "stop"; without
    it (or with only ordinary cards) none."""
    race = race_of(stopping_chariot(tmp_path))
    car = at_the_wall(race, [0, 0, 0, 1])
    spaces = race.moves(car, PHASE)
    assert spaces == 3
    stops = [o for o in race.options_for(car, PHASE) if o.card == "stop"]
    assert sorted({len(o.steps) for o in stops}) == [0, 1, 2]
    car.hand[:] = [2, 2, 0, 0]
    assert not [o for o in race.options_for(car, PHASE) if o.card == "stop"]
    plain = race_of(stopping_chariot(tmp_path, stops=0))
    car = at_the_wall(plain, [2, 2, 0])
    assert not [o for o in plain.options_for(car, PHASE) if o.card == "stop"]


def test_playing_it_spends_the_card_and_lowers_the_speed_rating(tmp_path: Path) -> None:
    """Moving one space of three: the card goes to Spent, the Speed falls from 4 to 2 with
    the marker in Speed 2's right-most box ('Speed Rating Changes'), and no collision."""
    race = race_of(stopping_chariot(tmp_path))
    car = at_the_wall(race, [0, 0, 0, 1])
    one = next(o for o in race.options_for(car, PHASE)
               if o.card == "stop" and len(o.steps) == 1 and o.blocked < 0)
    race.plan = lambda car, phase: Plan(one, 0)  # type: ignore[method-assign]
    start = car.hex
    race.move(car, PHASE)
    assert car.speed == 2
    assert car.marker == speed_box(car.spec.table, 2, right_most=True)
    assert car.hand[3] == 0 and car.spent[3] == 1
    assert car.hex != start and car.hex == one.hexes[-1]
    assert not [e for e in race.events if e["action"] == "collision"]
    played = [e for e in race.events if e["action"] == "special card"]
    assert played and played[-1]["result"]["card"] == "Emergency Stop"


@pytest.mark.parametrize("driver", ["careful", "aggressive"])
def test_the_planner_stops_short_of_a_wall(tmp_path: Path, driver: str) -> None:
    """Every walk of the phase's 3 spaces (and the Reins' 2) meets the wall: holding an
    Emergency Stop the planning driver stops short and takes no Damage; without one it
    has to crash."""
    race = race_of(stopping_chariot(tmp_path), driver)
    car = at_the_wall(race, [0, 0, 0, 1])
    race.move(car, PHASE)
    assert not [e for e in race.events if e["action"] == "collision"]
    assert car.damage == 0 and car.speed < SPEED and car.spent[3] == 1
    crashing = race_of(stopping_chariot(tmp_path, stops=0), driver)
    car = at_the_wall(crashing, [0, 0, 0])
    crashing.move(car, PHASE)
    assert [e for e in crashing.events if e["action"] == "collision"]


def test_an_emergency_stop_is_raced_not_named_as_left_out(tmp_path: Path) -> None:
    race = race_of(stopping_chariot(tmp_path))
    assert not [x for x in race.cars[0].spec.not_simulated if "Emergency Stop" in x]


def test_a_stop_to_a_safe_speed_is_priced_with_its_rolls_at_that_speed(tmp_path: Path
                                                                         ) -> None:
    """A turn after stopping short is rolled for at the Speed the stop leaves: at a Safe
    Speed, with the Control Loss that change clears ('Control Loss Points'), it costs no
    roll, though one at Speed 4 with Control Loss does (rough ground still rolls, for
    less)."""
    race = race_of(stopping_chariot(tmp_path))
    car = at_the_wall(race, [0, 0, 0, 1])
    car.control_loss = 3
    safe = max(s for s, dice in enumerate(car.spec.control) if dice == 0)
    assert safe < SPEED and car.spec.control[SPEED] > 0
    driver = car.bot
    _, turn_now, _, rough_now = driver.prices(race, car)
    _, turn_safe, _, rough_safe = driver.prices(race, car, safe)
    assert turn_now > 0 and rough_now > 0
    assert turn_safe == 0 and rough_safe < rough_now


def test_the_replay_names_the_card_on_the_round_it_was_played(tmp_path: Path) -> None:
    """A reader of the replay sees why a vehicle stood still or slowed: the round's row
    says 'played Emergency Stop' (each special card played is named)."""
    from generator.games.frothy_races.race import run_race
    from generator.games.frothy_races.race.replay import write_replay

    track, vehicles = load_race_inputs(BOWL, [stopping_chariot(tmp_path)] * 2)
    result = run_race(track, vehicles, bots="careful", seed=1, options=RaceOptions(
        log_events=True, snapshots=True))  # the race the tests above plan for: one table
    assert any(e.get("result", {}).get("card") == "Emergency Stop" for e in result.events
               if e["action"] == "special card")
    replay = tmp_path / "replay.pdf"
    write_replay(replay, track, result)
    with pdfplumber.open(replay) as pdf:
        text = " ".join((page.extract_text() or "") for page in pdf.pages)
    assert "played Emergency Stop" in " ".join(text.split())
