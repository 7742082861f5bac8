"""The sixth reading pass over Rules & Game-play (Frothy Races guide): sentences of Movement,
Control Loss, Collisions, 'Wipe-out' and Maintenance that had no test of their own, and the
two the engine read differently (a wreck after a Control roll no turn caused; the vehicle
hit facing a way past). Set up on Bogwater Bowl as test_race_rules does, dice scripted."""

from __future__ import annotations

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.bots import Bot
from generator.games.frothy_races.race.decisions import Plan
from generator.games.frothy_races.race.engine import Car, Race
from generator.tracks.hexgrid import Hex
from tests.games.frothy_races.race.test_race_readings import NoCards
from tests.games.frothy_races.race.test_race_rules import (
    BOWL,
    CHARIOT,
    EXAMPLE,
    ScriptedDice,
    icons,
    make_race,
    place,
    values,
)


def actions(race: Race) -> list[str]:
    return [e["action"] for e in race.events]


class Steps(Bot):
    """Drives the given steps with no card, turning ``turn`` at the end; no card to a
    Control roll."""

    def __init__(self, steps: tuple[int, ...], turn: int = 0) -> None:
        super().__init__()
        self.steps, self.turn = steps, turn

    def plan_key(self, race, car, phase, spaces, whip, reins):  # type: ignore[no-untyped-def]
        return None

    def plan(self, race, car, phase, options):  # type: ignore[no-untyped-def]
        return Plan(next(o for o in options if o.card is None and o.steps == self.steps),
                     self.turn)

    def control_cards(self, race, car, dice):  # type: ignore[no-untyped-def]
        return (0, 0)


class Bare(NoCards):
    """Adds no card to a Control roll and defends an attack with none."""

    def defend(self, race, car, attacker, kind):  # type: ignore[no-untyped-def]
        return 0


# --- 'Wipe-out' & Movement of Destroyed Vehicles ------------------------------------------


def one_damage_from_wipe_out(speed: int) -> tuple[Race, Car]:
    """A chariot five Damage in (its affects applied: '+1 Control Loss', '-1 Safe Speed',
    'Maximum Speed 4'), facing north-east at ``speed`` with an empty Control track, whose
    last space was due east (a Drift, or a space before a turn it has made since)."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.take_damage(car, 5, "test")
    place(race, car, 14, 16, facing=2, speed=speed)
    car.heading = 0
    car.control_loss = 0
    car.bot = NoCards()
    return race, car


def test_a_wreck_from_a_roll_no_turn_caused_rolls_the_way_it_heads() -> None:
    """'Move it one space in the direction it was heading when it was destroyed; (if the
    vehicle was destroyed as a consequence of a Control roll then use the direction it was
    travelling before any change of direction causing the Control roll)'. A chariot that
    last moved east and then turned to face north-east is hit before it moves again: the
    Control roll for that Damage (one die at Safe Speed 1, the '+1' affect) shows Damage,
    which wrecks it. No change of direction caused that roll, so the wreck rolls on the
    way it heads, north-east (the engine sent it east, the way of a space moved before a
    turn made in an earlier phase). A roll the turn itself calls for (two dice at Speed 3
    with the affect) still sends it the way it went before the turn, east."""
    race, car = one_damage_from_wipe_out(speed=1)
    race.rng = ScriptedDice(icons("damage") + values(3))
    race.reaction_roll(car, slide=1)
    assert car.wiped_out and car.wreck_heading == 1

    race, car = one_damage_from_wipe_out(speed=3)
    race.rng = ScriptedDice(icons("damage", "damage") + values(3, 3))
    race.turn(car, 1, moving=0)
    assert car.wiped_out and car.wreck_heading == 0


def test_a_wreck_that_meets_the_wall_rests_where_it_is() -> None:
    """'When the vehicle's Speed reaches 0, or if it hits a solid obstacle, then it comes
    to rest where it is and remains on the track as a solid obstacle': a wreck at Speed 3
    heading into the infield wall stays in its space, drops no debris, and is met there as
    a solid obstacle."""
    race = make_race(CHARIOT, 2)
    car, other = race.cars
    place(race, car, 17, 15, facing=4, speed=3)  # north-west of here is the infield wall
    race.round = 1
    race.take_damage(car, car.spec.max_damage, "test")
    start = car.hex
    race.round = 2
    race.move_wrecks()
    assert car.hex == start and car.wreck_speed == 0 and start not in race.debris
    assert race.occupant[start] == car.index
    west = race.rt.hexes[start].neighbour(3)
    place(race, other, west.q, west.r, facing=0, speed=2)
    race.rng = ScriptedDice(values(0, 0))
    race.collide(other, start, 0)
    assert [e["result"]["with"] for e in race.events if e["action"] == "collision"] == [
        "solid"]
    assert other.speed == 1  # half of 2, as against any solid obstacle


# --- Solid Obstacles and Vehicles: facing a way past ---------------------------------------


def head_on(hit_facing: int, hemmed: bool) -> tuple[Race, Car, Car]:
    """A chariot at Speed 3 runs east into another along the infield wall (north of it);
    when ``hemmed``, a third stands south-west of the one hit. No Damage die scores."""
    race = make_race(CHARIOT, 3 if hemmed else 2)
    car, hit = race.cars[:2]
    place(race, car, 16, 15, facing=0, speed=3)
    place(race, hit, 17, 15, facing=hit_facing, speed=2)
    if hemmed:
        place(race, race.cars[2], 16, 16, facing=0, speed=0)
    for each in race.cars:
        each.bot = NoCards()
    race.rng = ScriptedDice(values(*[0] * 10))
    race.collide(car, hit.hex, 0)
    return race, car, hit


def test_the_vehicle_hit_head_on_faces_a_way_past_too() -> None:
    """'If your vehicle's final position after resolving a collision with a solid obstacle
    or vehicle will not allow it to move past that obstacle or vehicle when it next moves,
    then you may change its direction by 30 degrees ...; if this change of direction will
    still not allow your vehicle to move past ..., then reduce its Speed rating to 0 [and]
    face it in any direction such that it may move past'. Both vehicles were in the
    collision. Facing west, the one hit has the vehicle that hit it straight ahead, the
    wall to its front right and a third chariot to its front left: a 30-degree turn gets
    it nowhere, so it stops (Speed 0, not the half of 2 a head-on leaves) and faces a way
    past. With no third chariot, a turn left to face the corner between west and
    south-west opens the front space to the south-west, so it turns and keeps the
    head-on's Speed 1. The engine left both as they were, facing what hit them."""
    race, car, hit = head_on(hit_facing=6, hemmed=True)
    assert [e["result"].get("kind") for e in race.events if e["action"] == "collision"] == [
        "head-on"]
    assert hit.speed == 0 and race.free(hit, hit.facing)

    race, car, hit = head_on(hit_facing=6, hemmed=False)
    assert hit.facing == 7 and race.free(hit, hit.facing) and hit.speed == 1


def test_a_vehicle_hit_from_behind_is_not_turned() -> None:
    """A vehicle the collision came from behind has the vehicle that hit it out of its
    way ('past that obstacle or vehicle'): hemmed in ahead by others, it is neither turned
    nor stopped by a rear-end collision; it keeps its facing and the rear-end's Speed gain."""
    race = make_race(CHARIOT, 4)
    car, hit, ahead, beside = race.cars
    place(race, car, 16, 15, facing=0, speed=3)
    place(race, hit, 17, 15, facing=0, speed=1)
    place(race, ahead, 18, 15, facing=0, speed=0)
    place(race, beside, 17, 16, facing=0, speed=0)
    for each in race.cars:
        each.bot = NoCards()
    race.rng = ScriptedDice(values(0, 0, 0, 0))
    race.collide(car, hit.hex, 0)
    assert not race.free(hit, hit.facing)
    assert hit.facing == 0 and hit.speed == 1 + 1  # half the difference of 3 and 1


# --- Hazards and Fragile Obstacles ---------------------------------------------------------


def test_a_vehicle_starting_in_a_hazard_ignores_it() -> None:
    """'These affects are only applied when your vehicle moves into the space containing
    the hazard or fragile obstacle. A vehicle starting a movement phase in a space
    containing a Hazard or Fragile Obstacle would ignore any collision with it': a chariot
    standing in the mud drives out of it straight, at Speed 1, with no Control Loss, no
    Control roll, and the Control Loss point back for moving straight."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 1, 10, facing=0, speed=1)
    assert race.rt.terrain[car.hex] == "hazard"
    car.control_loss = 1
    car.bot = Steps((0,))
    race.rng = ScriptedDice([])
    race.move(car, 0)
    assert race.rt.hexes[car.hex] == Hex(2, 10)
    assert "hazard" not in actions(race) and car.control_loss == 0


def test_each_more_fragile_marker_adds_a_die_and_one_goes() -> None:
    """'Multiple fragile obstacle markers may be put in the same space, where the number of
    dice used for the Damage roll is increased by 1 for each additional marker and only 1
    marker is removed each time a vehicle moves into the space': three markers at Speed 4
    roll half the Speed plus two, four dice, and leave two markers."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 17, 16, facing=0, speed=4)
    there = race.rt.neighbours[car.hex][0]
    race.debris[there] = 3
    race.rng = ScriptedDice(values(0, 0, 0, 0))
    race.rough_ground(car, there, 0)
    rolled = [e["dice"] for e in race.events if e["action"] == "damage roll (fragile obstacle)"]
    assert [len(d) for d in rolled] == [4]
    assert race.debris[there] == 2
    # The sentence's '(or alternatively, 1 marker is removed for each point of damage ...)'
    # is not played, and every result says so.
    assert any(n.startswith("rule alternative fragile obstacle markers")
               for n in race.result().not_simulated)


# --- Control Loss: moving straight ----------------------------------------------------------


def test_a_drift_or_a_turn_gives_no_control_loss_point_back() -> None:
    """'Move Straight - Remove 1 Control Loss point each movement phase that your vehicle
    moves 1 or more spaces and does not Drift, change direction or become involved in a
    collision or attack.' At Safe Speed 2 (one space a phase, no Control roll for a turn)
    with 2 Control Loss points on a straight: a straight space takes one off; a Drift, or
    a straight space and a turn, takes none."""
    for steps, turn, left in (((0,), 0, 1), ((5,), 0, 2), ((0,), 1, 2)):
        race = make_race(CHARIOT, 1)
        car = race.cars[0]
        place(race, car, 14, 16, facing=0, speed=2)
        car.control_loss = 2
        car.bot = Steps(steps, turn)
        race.move(car, 0)
        assert car.control_loss == left, (steps, turn)
        assert car.facing == turn


# --- Modifying Movement ----------------------------------------------------------------------


def test_at_most_one_card_changes_a_phase_by_one_space() -> None:
    """'You may use a maximum of 1 Whip or Reins card on any movement phase to modify the
    number of spaces your vehicle must move': every way the engine offers moves the
    phase's spaces, one more with a Whip, or one fewer with a Reins card, and no other
    count (at Speed 4 with both kinds of card in hand: 3, 4 or 2 spaces in phase 2)."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 10, 17, facing=0, speed=4)
    counts = {(o.card, len(o.steps)) for o in race.options_for(car, 1)}
    assert counts == {(None, 3), ("whip", 4), ("reins", 2)}


# --- Maintenance Checks ----------------------------------------------------------------------


def test_the_stamina_track_ends_cap_the_change() -> None:
    """'The value cannot go above the maximum or below the minimum values shown, ignore any
    changes that would take the value beyond these': at Speed 0 (+3) from 9 of 10 the
    chariot ends at 10; at Speed 6 (-3) from 1 it ends at the minimum, 0."""
    for speed, start, end in ((0, 9, 10), (6, 1, 0)):
        track, vehicles = load_race_inputs(BOWL, [CHARIOT])
        race = Race(track, vehicles, ["careful"], seed=1, options=RaceOptions(stamina=True))
        car = race.cars[0]
        race.set_speed(car, speed)
        car.stamina = start
        race.maintenance(car)
        assert car.stamina == end


def test_maintenance_checks_stamina_then_recovers_cards() -> None:
    """'1. Stamina Check 2. Card Recover', and Card Recovery's 'Cards in your Recovery box
    are returned to your hand ...; Cards in your Spent box are moved to your Recovery box':
    at the end of a round the Stamina affects act on the Speed first, then the Recovery box
    comes back to the hand and the Spent box waits in Recovery for a round."""
    track, vehicles = load_race_inputs(BOWL, [CHARIOT])
    race = Race(track, vehicles, ["careful"], seed=1, options=RaceOptions(stamina=True))
    car = race.cars[0]
    race.set_speed(car, 6)
    car.stamina = 10  # -3 at Speed 6: to 7, the '-1 Speed' at 9 acts
    car.hand = [1, 1, 0]
    car.recovery = [2, 0, 0]
    car.spent = [1, 2, 0]
    race.maintenance(car)
    assert car.stamina == 7 and car.speed == 5
    assert car.hand == [3, 1, 0] and car.recovery == [1, 2, 0] and car.spent == [0, 0, 0]


# --- Control Loss: a Drift, the icons ---------------------------------------------------------


def test_a_drift_needs_no_control_roll_at_any_speed() -> None:
    """'Drift movement is not a manoeuvre and does not require a Control roll': at Speed 3
    (one Control die for a turn) with 2 Control Loss points, a Drift and a straight space
    roll no die at all (the dice are scripted empty) and keep the Control Loss."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 12, 16, facing=0, speed=3)
    car.control_loss = 2
    car.bot = Steps((5, 0))
    race.rng = ScriptedDice([])
    race.move(car, 1)  # movement phase 2: two spaces at Speed 3
    assert not [a for a in actions(race) if a.startswith("control roll")]
    assert car.control_loss == 2 and car.facing == 0


def test_many_slow_or_damage_icons_are_one_control_loss_point_each_kind() -> None:
    """'After any failed Control roll, 1 Control Loss point is gained for each different
    icon affect applied - note that this is still only 1 Control Loss point for Slow or
    Damage icons, no matter how many icons of each there are', while Slow moves a box for
    'each' icon and Damage rolls a die for 'each' icon. At Speed 5 (three dice): three
    Slows are one point and three boxes back, to Speed 3; three Damage icons are one point,
    three Damage dice, and a point more for each Damage sustained (one here)."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 12, 16, facing=0, speed=5)
    car.bot = NoCards()
    race.rng = ScriptedDice(icons("slow", "slow", "slow"))
    race.reaction_roll(car, slide=0)
    assert car.control_loss == 1 and car.speed == 3

    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 12, 16, facing=0, speed=5)
    car.bot = NoCards()
    race.rng = ScriptedDice(icons("damage", "damage", "damage") + values(2, 0, 0))
    race.reaction_roll(car, slide=0)
    rolled = [e["dice"] for e in race.events if e["action"] == "damage roll (failed control roll)"]
    assert [len(d) for d in rolled] == [3]
    assert car.damage == 1 and car.control_loss == 1 + 1


# --- Damage Roll after a collision or an attack ------------------------------------------------


def test_damage_from_a_fragile_obstacle_calls_a_control_roll_at_a_safe_speed() -> None:
    """'Control Roll - if damage was sustained due to a Vehicle attack or collision ...
    you will need to make a Control roll, even if the vehicle is travelling at a Safe
    Speed rating', rolling 'a number of Control dice equal to the number of Control points
    it currently has': a fragile obstacle at Safe Speed 2 (one Damage die, a 3: one point,
    one Control Loss point and the '+1 Control Loss' affect) makes a Control roll of two
    dice; a roll that scores no Damage makes none."""
    for damage, dice in ((3, [2]), (0, [])):
        race = make_race(CHARIOT, 1)
        car = race.cars[0]
        place(race, car, 17, 16, facing=0, speed=2)
        car.bot = NoCards()
        there = race.rt.neighbours[car.hex][0]
        race.debris[there] = 1
        race.rng = ScriptedDice(values(damage) + icons("left_spin", "right_spin"))
        race.rough_ground(car, there, 0)
        rolled = [e["dice"] for e in race.events if e["action"] == "control roll (reaction)"]
        assert [len(d) for d in rolled] == dice


def test_a_vehicle_attack_rolls_half_the_winners_speed_rounded_up() -> None:
    """Vehicle attack: the loser rolls 'the difference between Attack Values (use the
    Attack value as is for ties); plus half the winner's speed (round up)'. The attacker at
    Speed 3 wins 3 to 2: the target rolls 1 + 2 dice. Tied at 2, both lose: the attacker
    rolls 2 + half of the target's Speed 5 (3), the target 2 + half of 3 (2)."""
    for attack_dice, target_die, damage in (((3, 0), 2, [3]), ((1, 1), 2, [5, 4])):
        race = make_race(EXAMPLE, 2)
        car, target = race.cars
        place(race, car, 17, 16, facing=0, speed=3)
        place(race, target, 17, 17, facing=0, speed=5)
        car.bot = target.bot = Bare()
        race.rng = ScriptedDice(values(*attack_dice, target_die) + values(*[0] * 9))
        race.attack(car, target, "vehicle", 1)
        rolled = [e["dice"] for e in race.events if e["action"] == "damage roll (vehicle attack)"]
        assert [len(d) for d in rolled] == damage


def test_a_slow_and_haste_pair_costs_stamina_or_a_control_loss_point() -> None:
    """'You must Discard any pairs of dice where one is showing Slow and the other a Haste
    ..., but lose 1 Stamina point for each such pair discarded (if you are not using
    Stamina rules then gain 1 Control Loss instead)'. At Speed 5: Slow, Haste and a Left
    Spin leave the Spin (one point); the pair costs a Stamina point with the Stamina rule,
    a Control Loss point more without it."""
    for stamina, loss, spent in ((True, 1, 1), (False, 2, 0)):
        track, vehicles = load_race_inputs(BOWL, [CHARIOT])
        race = Race(track, vehicles, ["careful"], seed=1,
                    options=RaceOptions(stamina=stamina))
        car = race.cars[0]
        place(race, car, 12, 16, facing=0, speed=5)
        car.bot = NoCards()
        race.rng = ScriptedDice(icons("slow", "haste", "left_spin"))
        race.reaction_roll(car, slide=0)
        assert car.control_loss == loss and car.stamina == car.spec.stamina_max - spent
        assert car.facing == 1 and car.speed == 5


# --- Solid Obstacles and Vehicles: what 'move past' asks -------------------------------------


def test_collision_example_white_turns_to_get_past_red() -> None:
    """Collision Example: 'Since the White chariot cannot move past the Red chariot on their
    next movement in its current direction it may change its facing by 30 degrees to left
    or right ... Since a turn to the right is sufficient to potentially allow the White
    chariot to Drift move past the Red chariot ... there is no further affect'. White,
    facing east with Red straight ahead (no Damage die scores here), halves its Speed 5 to
    2 and turns 30 degrees to face a corner, from which a front space beside Red is open;
    it is not stopped. The engine counted White's Drift spaces as a way past and left it
    facing Red."""
    race = make_race(CHARIOT, 2)
    white, red = race.cars
    place(race, white, 16, 16, facing=0, speed=5)
    place(race, red, 17, 16, facing=2, speed=1)
    race.rng = ScriptedDice(values(*[0] * 10))
    race.collide(white, red.hex, 0)
    assert white.speed == 2 and white.facing in (1, 11)
    assert race.free(white, white.facing) and not race.free(white, 0)
    assert red.facing == 2 and red.speed == 1


def test_a_vehicle_that_drifted_into_something_with_the_way_ahead_open_is_not_turned() -> None:
    """Facing a side, a vehicle whose Drift ran into another (its front-left space) still
    has the space straight ahead open: it can move past, so it keeps its facing."""
    race = make_race(CHARIOT, 2)
    car, other = race.cars
    place(race, car, 14, 16, facing=0, speed=3)
    north_east = race.rt.hexes[race.rt.neighbours[car.hex][1]]
    place(race, other, north_east.q, north_east.r, facing=0, speed=3)
    race.rng = ScriptedDice(values(*[0] * 10))
    race.collide(car, other.hex, 1)
    assert car.facing == 0 and car.speed == 1 and race.free(car, 0)
