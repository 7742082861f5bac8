"""The tenth reading pass, a blind one over Rules & Game-play and the entries the engine races:
sentences written down from the guide before the engine was read, kept where no earlier test
pinned them, and chiefly two rules meeting in one situation (a trait with a general rule, an
affect with a collision). Each is set up on Bogwater Bowl with scripted dice, as
test_race_rules does. One the engine played otherwise: a Rear-End's Speed gain past a
'Maximum Speed #' stopped at that Speed instead of being treated as Over-Whipping."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import yaml

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.decisions import SpeedChoice
from generator.games.frothy_races.race.engine import Car, Race
from generator.games.frothy_races.race.vehicles import Affect, speed_box
from generator.probability.frothy_control import ControlOutcome
from tests.games.frothy_races.race.test_race_readings import NoCards
from tests.games.frothy_races.race.test_race_rules import (
    BOWL,
    CHARIOT,
    ScriptedDice,
    icons,
    make_race,
    place,
    speed_check,
    values,
)
from tests.games.frothy_races.race.test_rulebook_readings_traits import Dice, Still, with_trait


def pace(effect: str, count: int) -> ControlOutcome:
    """A failed Control roll whose one effect is ``count`` Haste or Slow icons."""
    return ControlOutcome(effects=frozenset({effect}), icon_count=count, spin_pairs=0,
                          pace_pairs=0, control_loss=1, stamina_lost=0, damage_dice=0)


def rolls(race: Race, action: str) -> list[list[object]]:
    return [e["dice"] for e in race.events if e["action"] == action]


def rear_end(speed: int, hit_speed: int, hit_top: int) -> tuple[Car, Car]:
    """A basic chariot at (14, 16) moving east at ``speed`` runs into the back of one at
    (15, 16) facing east at ``hit_speed`` with a 'Maximum Speed #' of ``hit_top``; no
    Damage die scores."""
    race = make_race(CHARIOT, 2)
    car, hit = race.cars
    place(race, car, 14, 16, facing=0, speed=speed)
    place(race, hit, 15, 16, facing=0, speed=hit_speed)
    race.apply_affect(hit, Affect("Maximum Speed #", hit_top))
    race.rng = ScriptedDice(values(*[0] * 30))
    race.collide(car, hit.hex, 0)
    return car, hit


# --- Maximum Speed # with a Rear-End ----------------------------------------------------------


def test_a_rear_end_gain_past_maximum_speed_is_over_whipping() -> None:
    """Rear-End: 'The vehicle hit must then accelerate and increase its Speed rating by half
    the difference (round up)'; 'Maximum Speed # - ... any change that would take the
    vehicle's Speed above this value is treated as Over-Whipping', which 'is considered to
    Decelerate by the difference that it could not accelerate by'. Hit at Speed 2 by a
    chariot at Speed 6 under 'Maximum Speed 3', the gain of 2 would make it 4: it reaches
    3 and comes back the one rating it could not gain, to 2. The engine stopped it at 3."""
    car, hit = rear_end(6, 2, hit_top=3)
    assert car.speed == 4  # 6 less half the difference, 2
    assert hit.speed == 2
    # Its last change is a fall from 3, so it sits in Speed 2's right-most box (Speed
    # Rating Changes), not in the left-most one it started from.
    assert hit.marker == speed_box(hit.spec.table, 2, right_most=True)
    car, hit = rear_end(6, 1, hit_top=3)  # a gain of 3 from 1: 4 over, back to 2
    assert hit.speed == 2
    car, hit = rear_end(5, 3, hit_top=3)  # already at its maximum: a gain of 1 bounces
    assert hit.speed == 2


def test_a_rear_end_gain_up_to_maximum_speed_is_an_ordinary_rise() -> None:
    """Up to the Maximum Speed the gain is made as it is: hit at 2 by Speed 4 under
    'Maximum Speed 3', the gain of 1 makes it 3; the Rear-End Example's 6 into 1 under
    'Maximum Speed 4' still makes it 4."""
    car, hit = rear_end(4, 2, hit_top=3)
    assert (car.speed, hit.speed) == (3, 3)
    car, hit = rear_end(6, 1, hit_top=4)
    assert (car.speed, hit.speed) == (3, 4)


# --- Tireless with the card rule of the Speed Check ----------------------------------------


def test_tireless_with_no_card_played_must_decelerate() -> None:
    """Speed Check: 'If you do not use any Whip or Reins cards then you must Decelerate';
    Tireless #: 'you do not make a Speed Check roll when attempting to Accelerate'. The
    trait changes how an acceleration is made, not the rule that asks for a card to choose
    one (Champing at the Bit is the trait that accelerates with none): with no card a
    Tireless chariot at Speed 4 decelerates, rolling its two dice; with one Whip card it
    may hold its Speed or rise by up to # boxes, rolling nothing."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    with_trait(car, "Tireless", 2)
    place(race, car, 14, 16, facing=0, speed=4)
    speed_check(race, car, SpeedChoice(True, 0, 0), [2, 1])
    event = race.events[-1]
    assert event["result"]["direction"] == "decelerate" and len(event["dice"]) == 2
    assert event["result"]["boxes"] == 3 and car.speed == 2
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    with_trait(car, "Tireless", 2)
    place(race, car, 14, 16, facing=0, speed=4)
    speed_check(race, car, SpeedChoice(True, 1, 0), [])
    event = race.events[-1]
    assert event["result"]["direction"] == "accelerate" and event["dice"] == []
    assert event["result"]["boxes"] == 2 and car.speed == 5


def test_tireless_with_champing_at_the_bit_accelerates_with_no_card_and_no_roll() -> None:
    """With Champing at the Bit as well ('you Accelerate instead of Decelerate if you do not
    use any Whip/Reins cards'), a Tireless chariot with no card accelerates, and as Tireless
    makes no roll to accelerate, it moves up to # boxes without a die."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    with_trait(car, "Tireless", 2)
    with_trait(car, "Champing at the Bit", 1)
    place(race, car, 14, 16, facing=0, speed=4)
    speed_check(race, car, SpeedChoice(False, 0, 0), [])
    event = race.events[-1]
    assert event["result"]["direction"] == "accelerate" and event["dice"] == []
    assert car.speed == 5


# --- Dual cards at the Speed Check ---------------------------------------------------------


def test_a_dual_card_counts_as_the_face_it_is_played_as() -> None:
    """Whip & Reins Overview: 'some may be used as either ... Play the card with the face
    side up that you wish to apply'; Speed Check Variations: 'The player must state how the
    card is being used when it is played, before any dice are rolled'. A chariot holding
    only two dual cards accelerates with one as a Whip and one as Reins: the Reins face
    makes it keep the lowest die, so 3, 2, 1, 0 give 3; played both as Whips, nothing is
    limited and the same dice give 5. Either way both cards go to Spent."""
    for whip, reins, boxes in ((1, 1, 3), (2, 0, 5)):
        race = make_race(CHARIOT, 1)
        car = race.cars[0]
        car.hand[:3] = [0, 0, 2]
        speed_check(race, car, SpeedChoice(True, whip, reins), [3, 2, 1, 0])
        event = race.events[-1]
        assert (event["result"]["whip"], event["result"]["reins"]) == (whip, reins)
        assert event["result"]["boxes"] == boxes
        assert car.hand[2] == 0 and car.spent[2] == 2


# --- Failsafes, Jerry Rigged and the Damage rolls they change -------------------------------


def test_failsafes_taking_every_die_leaves_jerry_rigged_no_roll_to_add_to() -> None:
    """Failsafes #: 'If this takes the number of dice needing to be rolled to 0 or less then
    do not make a Damage roll'; Jerry Rigged #: 'whenever you make a Damage roll, roll #
    extra Damage dice'. A failed turn at Speed 3 (1 die) showing one Damage icon, with
    Failsafes 1 and Jerry Rigged 1: no Damage roll is made, so none is added to."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    with_trait(car, "Failsafes", 1)
    with_trait(car, "Jerry Rigged", 1)
    place(race, car, 14, 16, facing=0, speed=3)
    car.bot = NoCards()
    race.rng = ScriptedDice(icons("damage"))
    race.turn(car, 1, 0)
    assert not rolls(race, "damage roll (failed control roll)")
    assert car.damage == 0 and car.control_loss == 1  # the Damage effect's point only


def test_jerry_rigged_adds_to_a_damage_per_round_roll() -> None:
    """Jerry Rigged # adds its dice 'whenever you make a Damage roll': the roll a '# Damage
    / Round' affect makes 'at the start of each Round' too."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    with_trait(car, "Jerry Rigged", 1)
    race.apply_affect(car, Affect("# Damage / Round", 1))
    race.rng = Dice([])
    race.start_of_round(car)
    assert [len(d) for d in rolls(race, "damage roll (damage per round)")] == [2]


# --- Collision traits are not attack traits -------------------------------------------------


def test_spiked_and_bsh_leave_a_vehicle_attack_alone() -> None:
    """B.S.H. #: '# less Damage dice for any collision'; Spiked #: 'any vehicle involved in
    a collision with you rolls # extra'. A Vehicle attack is no collision: the loser rolls
    the difference plus half the winner's Speed (round up), whatever either has. Red (Speed
    4, Spiked 2) attacks Black (Speed 3, B.S.H. 1) with one Reins card and wins 3 to 0:
    Black rolls 3 + 2 = 5 dice."""
    race = make_race(CHARIOT, 2)
    red, black = race.cars
    with_trait(red, "Spiked", 2)
    with_trait(black, "B.S.H.", 1)
    red.spec = dataclasses.replace(red.spec, traits=tuple(
        t for t in red.spec.traits if t[0] != "Blades"))
    place(race, red, 14, 16, facing=0, speed=4)
    place(race, black, 14, 15, facing=0, speed=3)
    red.bot, black.bot = Still(), Still()
    race.rng = Dice(values(3, 0) + values(0))
    race.attack(red, black, "vehicle", 1)
    assert [len(d) for d in rolls(race, "damage roll (vehicle attack)")] == [5]


# --- Speed Check caps are not Control icon caps --------------------------------------------


def test_maximum_acceleration_and_deceleration_leave_haste_and_slow_alone() -> None:
    """'# Maximum Acceleration' ('# Maximum Deceleration') caps the boxes moved 'when
    Accelerating (Decelerating) during a Speed check'; a Haste or Slow icon moves the
    marker 'by 1 box for each' icon, whatever those caps. Three Haste icons from Speed 1's
    first box under '1 Maximum Acceleration' move it three boxes (to Speed 2's second
    box), and three Slow icons back under '1 Maximum Deceleration' three boxes."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.apply_affect(car, Affect("# Maximum Acceleration", 1))
    race.apply_affect(car, Affect("# Maximum Deceleration", 1))
    race.set_speed(car, 1)
    before = car.spec.table.acceleration_box(car.marker)
    race.apply_control(car, pace("haste", 3), slide=0)
    assert car.spec.table.acceleration_box(car.marker) == before + 3 and car.speed == 2
    race.set_speed(car, 3)
    race.apply_control(car, pace("slow", 3), slide=0)
    assert car.speed == 1


# --- A Spiked vehicle's wreck ----------------------------------------------------------------


def test_running_into_a_spiked_vehicles_wreck_adds_its_spikes() -> None:
    """Solid Obstacles: 'wrecked vehicles' are solid obstacles, run into with a Damage roll
    of the mover's Speed; Spiked #: 'any vehicle involved in a collision with you rolls #
    extra Damage dice'. The wreck is still the Spiked vehicle, its spikes on it (a reading:
    the guide does not say a wreck loses its Traits): a chariot at Speed 3 running into the
    wreck of a Spiked 2 vehicle rolls 5 dice, and the wreck none."""
    race = make_race(CHARIOT, 2)
    wreck, car = race.cars
    with_trait(wreck, "Spiked", 2)
    place(race, wreck, 15, 16, facing=0, speed=0)
    race.take_damage(wreck, wreck.spec.max_damage, "test")
    place(race, car, 14, 16, facing=0, speed=3)
    car.bot = NoCards()
    race.rng = Dice([])
    race.collide(car, wreck.hex, 0)
    assert [len(d) for d in rolls(race, "damage roll (obstacle collision)")] == [5]
    assert wreck.damage == wreck.spec.max_damage


# --- A damage affect inside a collision's Damage -----------------------------------------


def test_an_immediate_damage_affects_points_count_in_the_collisions_control_roll() -> None:
    """Damage Roll: 'Apply Damage Affects ... Gain Control Loss Points ... Control Roll';
    '# Damage - make another immediate Damage roll ... You will receive Control points, but
    do not have to make a Control Roll'. A chariot whose first Damage level brings '1
    Damage' hits the wall at Speed 3 (3 dice, one scores); the affect's die scores too:
    2 points, 2 Control Loss points, and the one Control roll the collision asks for rolls
    its Speed's die and both points' dice, 3."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    car.spec = dataclasses.replace(car.spec, damage_affects=(
        (1, Affect("# Damage", 1)),) + tuple(a for a in car.spec.damage_affects if a[0] > 1))
    place(race, car, 14, 16, facing=0, speed=3)
    car.bot = NoCards()
    race.rng = ScriptedDice(values(2, 0, 0) + values(2) + icons("slow", "haste", "slow"))
    race.collide(car, -1, 0)  # a wall (no space) ahead
    assert car.damage == 2
    assert [len(d) for d in rolls(race, "control roll (reaction)")] == [3]


# --- '-1 Safe Speed' with a hazard ----------------------------------------------------------


def test_a_hazard_at_a_lost_safe_speed_rolls_its_basic_die() -> None:
    """'-1 Safe Speed - ... make a Control roll using a basic 1 Control dice for any change
    of direction made at its current highest Safe Speed'; a hazard calls for a Control
    roll 'as per Damage Roll', where only 'Safe' Speeds roll no basic dice. At Speed 2,
    no longer Safe, a chariot driving into the ford (a hazard rated +1) gains 2 Control
    Loss points, half its Speed and the rating, and rolls 3 dice: its basic die and the
    points'. At a Safe Speed it would roll the 2 points' dice alone."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.apply_affect(car, Affect("-1 Safe Speed", 1))
    place(race, car, 0, 10, facing=0, speed=2)
    ford = race.rt.neighbours[car.hex][0]
    assert race.rt.terrain[ford] == "hazard" and race.rt.rating[ford] == 1
    car.bot = NoCards()
    race.rng = Dice([], pad=icons("slide")[0])
    race.enter(car, ford, 0)
    assert [len(d) for d in rolls(race, "control roll (reaction)")] == [3]


def test_a_stamina_affect_at_the_maximum_applies_once_stamina_is_lost(tmp_path: Path
                                                                       ) -> None:
    """Stamina Check: 'if your vehicle's Stamina is not currently at its maximum value ...
    Apply the Stamina effect for the Stamina value your vehicle is currently at, as well
    as the Stamina effects for all higher Stamina values'. A '-1 Speed' at the maximum (10)
    does nothing at 10 and acts at 9; a '+1 Reins / Speed Check' at 9 likewise."""
    data = yaml.safe_load(CHARIOT.read_text())
    data["stamina"]["affects"] = {10: {"name": "-# Speed", "value": 1},
                                  9: {"name": "+# Reins / Speed Check", "value": 1}}
    path = tmp_path / "tired-at-the-top.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    track, vehicles = load_race_inputs(BOWL, [path])
    race = Race(track, vehicles, ["racing-line"], seed=1, options=RaceOptions(stamina=True))
    car = race.cars[0]
    for stamina, speed_after, reins in ((10, 3, 0), (9, 2, 1)):
        race.set_speed(car, 3)  # the basic chariot's Stamina row gives 0 at Speed 3
        car.stamina = stamina
        race.maintenance(car)
        assert (car.stamina, car.speed, race.stamina_reins(car)) == (stamina, speed_after,
                                                                      reins)
