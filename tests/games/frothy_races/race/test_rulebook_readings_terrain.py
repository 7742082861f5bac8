"""The track's own features as the rulebook reads them (Collisions: Hazards and Fragile
Obstacles, Solid Obstacles and Vehicles, ratings; 'Wipe-out': the debris a wreck leaves):
the sentences no other reading test pins, each set up on Bogwater Bowl (or a track changed
from it, or the test strip) with scripted dice. The audit's table of sentences is
docs/reference/frothy-track-audit.md."""

from __future__ import annotations

from pathlib import Path

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.engine import Car, Race
from tests.games.frothy_races.race.test_race_readings import NoCards
from tests.games.frothy_races.race.test_race_rules import (
    CHARIOT,
    ScriptedDice,
    icons,
    make_race,
    place,
    values,
)
from tests.games.frothy_races.race.test_rulebook_readings_audit import Steps
from tests.games.frothy_races.race.test_rulebook_readings_collisions import rated_race, rolls
from tests.track_files import STRIP, write_track


def put(race: Race, car: Car, space: int, facing: int = 0, speed: int = 0) -> None:
    """place() by the race's own space number."""
    h = race.rt.hexes[space]
    place(race, car, h.q, h.r, facing=facing, speed=speed)


def actions(race: Race) -> list[str]:
    return [e["action"] for e in race.events]


# --- Ratings: 'give any Hazard, Fragile Obstacle or Solid Obstacle a rating' ---------------


def test_a_walls_rating_adds_to_the_damage_dice_of_running_into_it(tmp_path: Path) -> None:
    """Solid Obstacles: 'eg. wrecked vehicles; walls (eg those around the edge of the
    track)'; Collisions: 'It is also possible to give any ... Solid Obstacle a rating which
    modifies the number of ... dice rolled for Damage'. Bogwater Bowl's top and bottom
    walls rated +2: at Speed 3 running into one rolls 3 + 2 dice (still a wall collision),
    into an unrated wall 3. The track was refused (TRK-RATING-PLAIN), and the engine
    never read a wall's rating."""
    race = rated_race(tmp_path, "         XXXXXXXXXXXXXXXXXXXXXXX\n", ("X", "R"),
                      "R: {terrain: barrier, rating: 2, label: spiked wall (+2)}")
    rt = race.rt
    rated = sorted(key for key, rating in rt.walls.items() if rating == 2)
    plain = sorted((h, d) for h in range(len(rt.hexes)) for d in range(6)
                   if rt.neighbours[h][d] < 0 and (h, d) not in rt.walls
                   and (h, d) not in rt.solid)
    assert rated and plain
    car = race.cars[0]
    car.bot = NoCards()
    for (space, direction), dice in ((rated[0], 5), (plain[0], 3)):
        race.events.clear()
        put(race, car, space, facing=direction * 2, speed=3)
        car.damage = 0
        race.rng = ScriptedDice(values(*[0] * dice))
        assert race.collision_cost(car, -1, direction) == dice
        race.collide(car, -1, direction)
        assert [len(d) for d in rolls(race, "damage roll (wall collision)")] == [dice]
        assert car.hex == space and car.speed <= 1  # halved (or stopped: no way past)


def test_a_negative_rating_takes_the_control_loss_to_nothing_and_the_roll_stays(
        tmp_path: Path) -> None:
    """Hazards: 'Gain a number of Control Loss points equal to half your current Speed
    (round up) - this may be modified by the hazard', then 'Make an immediate Control
    roll'. A shallow ford rated -3 at Speed 3: half the Speed, 2, less 3 is no point
    (never fewer than none), and the Control roll is still made: Speed 3's one die."""
    race = rated_race(tmp_path, "  X.....w.X                 XX.~....XX\n", ("w", "m"),
                      "m: {terrain: hazard, rating: -3, label: shallow ford (-3)}")
    ford = next(h for h, t in enumerate(race.rt.terrain)
                if t == "hazard" and race.rt.rating[h] == -3)
    car = race.cars[0]
    place(race, car, 17, 16, speed=3)
    car.bot = NoCards()
    race.rng = ScriptedDice(icons("left_spin", "right_spin"))
    race.rough_ground(car, ford, 0)
    hazard = [e for e in race.events if e["action"] == "hazard"]
    assert [e["result"]["control_loss"] for e in hazard] == [0]
    assert [len(e["dice"]) for e in race.events
            if e["action"] == "control roll (reaction)"] == [1]


def test_a_fragile_obstacles_rating_goes_with_it(tmp_path: Path) -> None:
    """'Give any ... Fragile Obstacle ... a rating'; a fragile obstacle 'is then usually
    removed from play', and a wreck leaves 'a fragile obstacle debris' of its own. A hay
    bale rated +1, hit at Speed 4, rolls 2 + 1 dice and goes; debris a wreck later drops
    on that space is met at Speed 3 with half the Speed, rounded up, 2 dice: the bale's
    rating went with the bale (the engine kept it on the space and rolled 3)."""
    race = rated_race(tmp_path, "    XX......**.....b.............XX\n", ("**", "y*"),
                      "y: {terrain: fragile, rating: 1, label: big bale (+1)}")
    bale = next(h for h, t in enumerate(race.rt.terrain)
                if t == "fragile" and race.rt.rating[h] == 1)
    car = race.cars[0]
    car.bot = NoCards()
    place(race, car, 17, 16, speed=4)
    race.rng = ScriptedDice(values(0, 0, 0))
    race.rough_ground(car, bale, 0)
    assert bale not in race.debris
    race.debris[bale] = 1  # a wreck rolls out of the space
    place(race, car, 17, 16, speed=3)
    race.rng = ScriptedDice(values(0, 0))
    race.rough_ground(car, bale, 0)
    assert [len(d) for d in rolls(race, "damage roll (fragile obstacle)")] == [3, 2]


# --- Markers the map lays: several in a space, or on a hazard ------------------------------


def test_a_stack_of_markers_the_map_lays_adds_a_die_each(tmp_path: Path) -> None:
    """'Multiple fragile obstacle markers may be put in the same space, where the number of
    dice used for the Damage roll is increased by 1 for each additional marker and only 1
    marker is removed each time a vehicle moves into the space': three markers laid by the
    track's legend, met at Speed 4, roll 2 + 2 dice and leave two."""
    race = rated_race(tmp_path, "    XX......**.....b.............XX\n", ("**", "z*"),
                      "z: {terrain: fragile, markers: 3, label: stacked bales}")
    stack = next(h for h, n in race.debris.items() if n == 3)
    car = race.cars[0]
    car.bot = NoCards()
    place(race, car, 17, 16, speed=4)
    race.rng = ScriptedDice(values(0, 0, 0, 0))
    race.rough_ground(car, stack, 0)
    assert [len(d) for d in rolls(race, "damage roll (fragile obstacle)")] == [4]
    assert race.debris[stack] == 2


def test_a_hazard_the_map_lays_a_marker_on_applies_both_with_one_roll(tmp_path: Path) -> None:
    """'It is possible to have a space containing both a hazard and a fragile obstacle - in
    which case, apply both but make only one Control roll': a ford (rated +1) with a
    marker on it, met at Speed 4: half the Speed plus the ford's rating in Control Loss
    (3), half the Speed in Damage dice (2: the rating is the ford's), one Control roll, and
    the marker goes while the ford stays."""
    race = rated_race(tmp_path, "  X.....w.X                 XX.~....XX\n", ("w", "v"),
                      "v: {terrain: hazard, rating: 1, markers: 1, label: ford and crate}")
    ford = next(h for h, n in race.debris.items() if race.rt.terrain[h] == "hazard")
    car = race.cars[0]
    car.bot = NoCards()
    place(race, car, 17, 16, speed=4)
    race.rng = ScriptedDice(values(0, 0) + icons(*["slow"] * 12))
    race.rough_ground(car, ford, 0)
    assert [e["result"]["control_loss"] for e in race.events if e["action"] == "hazard"] == [3]
    assert [len(d) for d in rolls(race, "damage roll (fragile obstacle)")] == [2]
    assert len([a for a in actions(race) if a.startswith("control roll")]) == 1
    assert ford not in race.debris and race.rt.terrain[ford] == "hazard"


# --- Hazards and Fragile Obstacles: 'only applied when your vehicle moves into the space' -


def test_a_vehicle_starting_among_fragile_markers_drives_out_unharmed() -> None:
    """'A vehicle starting a movement phase in a space containing a Hazard or Fragile
    Obstacle would ignore any collision with it': a chariot standing on a space where a
    fragile marker still lies (two were there; it knocked one away coming in) drives out
    straight at Speed 2 with no Damage roll, and the marker stays behind."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 14, 16, facing=0, speed=2)
    start = car.hex
    race.debris[start] = 1
    car.bot = Steps((0,))
    race.rng = ScriptedDice([])
    race.move(car, 0)
    assert car.hex != start and race.debris[start] == 1
    assert not [a for a in actions(race) if a.startswith("damage roll")]


def test_a_slide_into_a_hazard_moves_into_it() -> None:
    """The effects apply 'when your vehicle moves into the space containing the hazard';
    a Slide 'moves an additional space forwards'. A chariot at Safe Speed 2 slides east
    into the deep ford (rated +1): it gains half its Speed plus the rating, 2 points, and
    rolls those two dice for Control (a Left and a Right Spin: a pair, one point more)."""
    race = make_race(CHARIOT, 1)
    rt = race.rt
    ford = next(h for h in range(len(rt.hexes)) if rt.terrain[h] == "hazard"
                and rt.rating[h] == 1 and rt.neighbours[h][3] >= 0
                and rt.terrain[rt.neighbours[h][3]] == "track")
    car = race.cars[0]
    put(race, car, rt.neighbours[ford][3], facing=0, speed=2)
    car.bot = NoCards()
    race.rng = ScriptedDice(icons("left_spin", "right_spin"))
    assert race.slide(car, 0, 1, 1) is False
    assert car.hex == ford and "hazard" in actions(race)
    assert car.control_loss == 2 + 1


def test_a_hazard_remains_for_the_next_vehicle() -> None:
    """Hazards: 'You may move through a space containing a Hazard, which usually remains in
    play': two chariots at Speed 5 drive into the same ford, and each gains half its
    Speed (3) plus the ford's rating (1)."""
    race = make_race(CHARIOT, 2)
    ford = next(h for h, t in enumerate(race.rt.terrain)
                if t == "hazard" and race.rt.rating[h] == 1)
    for car, (q, r) in zip(race.cars, ((17, 16), (14, 16)), strict=True):
        place(race, car, q, r, speed=5)
        car.bot = NoCards()
        race.rng = ScriptedDice(icons(*["slow"] * 12))
        race.rough_ground(car, ford, 0)
    assert race.rt.terrain[ford] == "hazard"
    assert [e["result"]["control_loss"] for e in race.events if e["action"] == "hazard"] == [
        4, 4]


def test_a_wrecks_debris_is_met_as_a_fragile_obstacle() -> None:
    """'Each time the vehicle is so moved it leaves behind a fragile obstacle debris in the
    space it is moving out of': a wreck at Speed 3 rolls on a space, and the next chariot
    into the space it left, at Speed 5, makes a fragile obstacle's Damage roll of half its
    Speed, rounded up (3 dice), and clears the debris."""
    race = make_race(CHARIOT, 2)
    wreck, car = race.cars
    place(race, wreck, 17, 16, facing=0, speed=3)
    race.round = 1
    race.take_damage(wreck, wreck.spec.max_damage, "test")
    left = wreck.hex
    race.round = 2
    race.move_wrecks()
    assert wreck.hex != left and race.debris[left] == 1
    place(race, car, 16, 16, facing=0, speed=5)
    car.bot = NoCards()
    race.rng = ScriptedDice(values(0, 0, 0))
    race.rough_ground(car, left, 0)
    assert [len(d) for d in rolls(race, "damage roll (fragile obstacle)")] == [3]
    assert left not in race.debris


# --- Solid Obstacles: off the track is into the boundary wall ------------------------------


def test_driving_off_an_unwalled_edge_is_a_wall_collision(tmp_path: Path) -> None:
    """'A solid obstacle collision will usually also occur if a vehicle's movement would
    take it off of the track; ie. there is no defined space for it to move into - the
    vehicle is assumed to have collided with a boundary wall'; and it 'remains in the
    adjacent space'. The test strip with its top lane run to the map's edge (no barrier
    drawn there: a warning only): a chariot on the last space, facing east at Speed 2,
    has no card and must move its one space; every way is off the map or a barrier, so it hits the
    boundary wall (Speed dice, 2) and stays where it is; with no way past after a 30-degree
    turn either, it stops (Speed 0) and faces a way it can move past."""
    path = write_track(tmp_path, map_text=STRIP.replace("=.X\nX34", "=..\nX34"))
    track, vehicles = load_race_inputs(path, [CHARIOT])
    race = Race(track, vehicles, ["careful"], seed=1,
                options=RaceOptions(laps=1, log_events=True))
    rt = race.rt
    cells = track.layout.cells
    edge = next(h for h in range(len(rt.hexes))
                if rt.hexes[h].neighbour(0) not in cells)
    car = race.cars[0]
    put(race, car, edge, facing=0, speed=2)
    car.hand = [0] * len(car.hand)  # no Reins card to stop short with
    car.bot = Steps((0,))
    race.rng = ScriptedDice(values(0, 0))
    race.move(car, 0)
    assert [len(d) for d in rolls(race, "damage roll (wall collision)")] == [2]
    assert car.hex == edge and car.speed == 0 and race.free(car, car.facing)
