"""Race Types & Play Styles, Setup and the First Round Truce, sentence by sentence (the race
engine's side; the command's is tests/race/test_race_types_cli.py, the track checks'
tests/tracks/test_race_type_rules.py). Each test sets up the situation its sentence names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.errors import UsageError
from generator.games.frothy_races.race import RaceOptions, load_race_inputs, run_race
from generator.games.frothy_races.race.bots import Bot
from generator.games.frothy_races.race.engine import Car, Race
from tests.games.frothy_races.race.test_race_rules import BOWL, CHARIOT, place
from tests.track_files import STRIP, write_track

# A circuit with its start / finish line and no checkpoint: slot 1 top left, slot 2 on the
# far side (facing 9 o'clock); race_type and players are the test's.
CIRCUIT = """\
XXXXXXXXXX
X1.=.....X
X..=.....X
X..XXXX..X
X..XXXX..X
X.......2X
X........X
XXXXXXXXXX"""


def race_of(kind: str, count: int = 3, **options: Any) -> Race:
    track, vehicles = load_race_inputs(BOWL, [CHARIOT] * count)
    return Race(track, vehicles, ["careful"] * count, seed=1,
                options=RaceOptions(race_type=kind, **options))


# --- Setup -------------------------------------------------------------------------------


def test_setup_speed_control_and_damage_start_at_zero_in_the_left_most_box() -> None:
    """Setup: 'Speed' and 'Control' are set at 0 in the left-most box and the Damage Value
    at 0."""
    race = race_of("fastest", 4)
    for car in race.cars:
        assert car.speed == 0 and car.damage == 0
        assert car.marker == car.spec.start_marker()
        assert car.control_loss == car.spec.control_minimum == 0


def test_setup_each_vehicle_in_a_separate_starting_grid_space() -> None:
    """Setup: 'Each vehicle is then placed in a separate starting grid space': the grid's
    numbered slots, one vehicle each, in the order given (a sweep rotates that order)."""
    race = race_of("fastest", 4)
    assert len({car.hex for car in race.cars}) == 4
    assert [(c.hex, c.facing) for c in race.cars] == list(race.rt.slots[:4])


def test_setup_the_first_round_starts_with_a_speed_check() -> None:
    """Setup: '... ready to start the first round with a Speed Check'."""
    track, vehicles = load_race_inputs(BOWL, [CHARIOT] * 2)
    result = run_race(track, vehicles, bots="careful", seed=3,
                      options=RaceOptions(max_rounds=1, log_events=True))
    first = [e for e in result.events if e["round"] == 1][0]
    assert first["action"] == "speed check"


class AlwaysAttack(Bot):
    """Starts a Vehicle attack with one Reins card whenever a rival is beside it."""

    @property
    def may_attack(self) -> bool:
        return True

    def attack(self, race: Race, car: Car, targets: list[Car]) -> tuple[Car, str, int] | None:
        return (targets[0], "vehicle", 1)


def attacks_started(round_: int) -> int:
    track, vehicles = load_race_inputs(BOWL, [CHARIOT] * 2)
    race = Race(track, vehicles, ["careful"] * 2, seed=1, options=RaceOptions(log_events=True))
    red, black = race.cars
    place(race, red, 17, 16, speed=3)
    place(race, black, 17, 17, speed=3)
    red.bot = AlwaysAttack()
    race.round = round_
    race.attack_window(red, 1, 1)
    return sum(1 for e in race.events if e["action"] == "vehicle attack")


def test_first_round_truce_no_attack_is_started_in_round_1() -> None:
    """First Round Truce (Rec.): players may not initiate attacks during any movement phase
    of the first round. The engine holds every bot to it (it used to leave it to the bot)."""
    assert attacks_started(1) == 0
    assert attacks_started(2) == 1


def test_the_truce_is_no_longer_listed_as_left_out() -> None:
    result = race_of("fastest", 2, max_rounds=1).result()
    assert not any("Truce" in n for n in result.not_simulated)


# --- Toughest ----------------------------------------------------------------------------


def test_toughest_places_the_later_wipe_out_higher_in_one_round() -> None:
    """Toughest: vehicles race 'until all but one of them have been destroyed': the one
    that lasted longer places higher, though both went in round 3 and the first destroyed
    had gone further (by distance and the grid, the old order, it placed second)."""
    race = race_of("toughest", 3)
    early, late, survivor = race.cars
    race.start_remaining[early.index] += 30  # the first destroyed had gone furthest
    race.round = 3
    race.phase = 1
    race.take_damage(early, early.spec.max_damage, "wall collision")
    race.phase = 3
    race.take_damage(late, late.spec.max_damage, "wall collision")
    places = {v.slot: v.place for v in race.result().vehicles}
    assert places == {survivor.index: 1, late.index: 2, early.index: 3}
    assert [v.won for v in race.result().vehicles] == [False, False, True]


def test_toughest_stops_once_one_is_left() -> None:
    race = race_of("toughest", 3)
    race.take_damage(race.cars[0], race.cars[0].spec.max_damage, "wall collision")
    assert not race.over()
    race.take_damage(race.cars[1], race.cars[1].spec.max_damage, "wall collision")
    assert race.over()


# --- Furthest ----------------------------------------------------------------------------


def test_furthest_runs_its_set_number_of_rounds_past_the_round_limit() -> None:
    """Furthest: 'after a set number of rounds': a race set for more rounds than the
    engine's round limit runs them all (it used to stop at the limit)."""
    track, vehicles = load_race_inputs(BOWL, [CHARIOT] * 2)
    result = run_race(track, vehicles, bots="racing-line", seed=2,
                      options=RaceOptions(race_type="furthest", rounds=5, max_rounds=3))
    assert result.rounds == 5


def test_furthest_ends_early_only_when_every_vehicle_is_wiped_out() -> None:
    race = race_of("furthest", 2, rounds=9)
    race.round = 4
    assert not race.over()
    for car in race.cars:
        race.take_damage(car, car.spec.max_damage, "wall collision")
    assert race.over()


# --- Fastest -----------------------------------------------------------------------------


def test_fastest_ends_when_no_vehicle_is_still_racing() -> None:
    """Fastest: the first across the finish after the set laps wins; the race runs on
    until every vehicle has finished or been wiped out (places for all)."""
    race = race_of("fastest", 3)
    race.round = 6
    race.finish(race.cars[1])
    assert not race.over()
    race.take_damage(race.cars[0], race.cars[0].spec.max_damage, "wall collision")
    race.finish(race.cars[2])
    assert race.over()
    by_slot = {v.slot: v for v in race.result().vehicles}
    assert (by_slot[1].place, by_slot[2].place, by_slot[0].place) == (1, 2, 3)
    assert by_slot[1].won and by_slot[0].ended == "wiped out"


def test_fastest_counts_the_laps_asked_for() -> None:
    """'after completing a pre-determined number of laps': the race's lines are one lap's
    lines times the laps."""
    for laps in (1, 3):
        race = race_of("fastest", 2, laps=laps)
        assert race.stages == laps * len(race.rt.lines)


# --- Race types the engine does not play ---------------------------------------------------


@pytest.mark.parametrize(("asked", "name"), [
    ("pursuit", "Pursuit"), ("fox-and-hounds", "Fox and Hounds"),
    ("Fox and Hounds", "Fox and Hounds"), ("scoring", "Scoring"), ("tag-team", "Tag Team")])
def test_a_race_type_the_engine_does_not_play_is_refused(asked: str, name: str) -> None:
    with pytest.raises(UsageError, match=f"a {name} race was asked for, which the race "
                                         "engine does not play"):
        RaceOptions(race_type=asked)


@pytest.mark.parametrize("declared", ["Pursuit", "Fox and Hounds"])
def test_a_track_set_for_a_race_not_played_is_refused_not_raced_as_fastest(
        tmp_path: Path, declared: str) -> None:
    """The race type is the track's own unless one is asked for; a Pursuit or Fox and
    Hounds track used to be raced as Fastest with a note."""
    path = write_track(tmp_path, map_text=CIRCUIT, race_type=declared, players=2,
                       slot_facings={2: 9})
    track, vehicles = load_race_inputs(path, [CHARIOT] * 2)
    with pytest.raises(UsageError, match=f"Test Strip is set for a {declared} race"):
        run_race(track, vehicles, bots="careful", seed=1, options=RaceOptions(race_type=""))


def test_the_track_s_own_race_type_is_raced_when_none_is_asked_for(tmp_path: Path) -> None:
    path = write_track(tmp_path, map_text=CIRCUIT, race_type="Toughest", players=2,
                       slot_facings={2: 9})
    track, vehicles = load_race_inputs(path, [CHARIOT] * 2)
    race = Race(track, vehicles, ["careful"] * 2, seed=1, options=RaceOptions(race_type=""))
    assert race.options.race_type == "toughest"
    assert not any("race type" in n for n in race.not_simulated)


def test_a_race_type_other_than_the_track_s_is_named(tmp_path: Path) -> None:
    """Asked outright for another type than the track's (a Toughest track raced as
    Fastest), the result says so; it used to only for Pursuit and Fox and Hounds."""
    path = write_track(tmp_path, map_text=CIRCUIT, race_type="Toughest", players=2,
                       slot_facings={2: 9})
    track, vehicles = load_race_inputs(path, [CHARIOT] * 2)
    race = Race(track, vehicles, ["careful"] * 2, seed=1, options=RaceOptions(max_rounds=1))
    assert "the track's race type Toughest (raced as fastest)" in race.not_simulated


def test_a_track_without_a_line_is_refused_with_a_message(tmp_path: Path) -> None:
    """A Toughest (or Furthest) track needs no finish line to pass its checks, but the
    engine measures distance from line to line: refused plainly (it used to crash)."""
    path = write_track(tmp_path, map_text=CIRCUIT.replace("=", "."), race_type="Toughest",
                       players=2, slot_facings={2: 9})
    track, vehicles = load_race_inputs(path, [CHARIOT] * 2)
    with pytest.raises(UsageError, match="has no finish line or checkpoint"):
        run_race(track, vehicles, bots="careful", seed=1,
                 options=RaceOptions(race_type="toughest"))


def test_laps_round_a_course_that_does_not_loop_are_refused(tmp_path: Path) -> None:
    """Fastest: 'after completing a pre-determined number of laps': a lap ends at the
    finish line again, which a point-to-point strip never comes back to. Asked for 3 laps
    there, the engine used to race something else (about 11 rounds of it); one lap runs."""
    path = write_track(tmp_path, map_text=STRIP)
    track, vehicles = load_race_inputs(path, [CHARIOT] * 2)
    with pytest.raises(UsageError, match="does not loop back to its finish line, so it "
                                         "cannot be raced for 3 laps"):
        run_race(track, vehicles, bots="careful", seed=1, options=RaceOptions(laps=3))
    one = run_race(track, vehicles, bots="careful", seed=1, options=RaceOptions(laps=1))
    assert any(v.won for v in one.vehicles)


def test_a_long_furthest_race_never_runs_out_of_track() -> None:
    """A Furthest race of many rounds (the command takes up to 999) must not have its
    vehicles 'finish' the engine's endless laps: the laps grow with the rounds."""
    short, long = race_of("furthest", 2, rounds=12), race_of("furthest", 2, rounds=999)
    laps = long.stages // len(long.rt.lines)
    assert laps * long.rt.lap_length >= 999 * 40  # more than any vehicle drives a round
    assert short.stages == long.stages // 7  # the 150 rounds' 400 laps, as before


def test_the_finish_counts_only_after_the_checkpoints_and_the_laps() -> None:
    """Fastest: 'the first to cross a predesignated finish line after completing a
    pre-determined number of laps': the finish line counts once each lap's checkpoints
    are crossed in order, and ends the race only on the last lap."""
    race = race_of("fastest", 2, laps=2)
    car = race.cars[0]
    lap = len(race.rt.lines)
    assert lap >= 2  # the shipped bowl has checkpoints before its finish line
    finish_line = min(h for h in race.rt.lines[-1] if h not in race.occupant)
    race.enter(car, finish_line, 0)  # no checkpoint crossed yet: it does not count
    assert car.stage == 0 and car.racing
    car.stage = lap - 1  # lap 1's checkpoints all crossed
    race.enter(car, min(h for h in race.rt.lines[-1] if h not in race.occupant), 0)
    assert car.stage == lap and car.racing  # lap 1 done, one more to go
    car.stage = 2 * lap - 1
    race.enter(car, min(h for h in race.rt.lines[-1] if h not in race.occupant), 0)
    assert not car.racing and car.finished_round == race.round


def test_a_toughest_race_of_one_vehicle_is_refused() -> None:
    """Toughest: 'until all but one of them have been destroyed' holds for one vehicle
    before it starts; the engine used to run it until that vehicle wrecked itself or the
    round limit came, then call it the winner."""
    track, vehicles = load_race_inputs(BOWL, [CHARIOT])
    with pytest.raises(UsageError, match="needs two or more"):
        run_race(track, vehicles, bots="careful", seed=1,
                 options=RaceOptions(race_type="toughest"))
