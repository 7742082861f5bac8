"""Permanent Damage Affects as the rulebook reads them (Vehicle Creation Guide, Permanent
Damage Affects), each from its sentence, on the basic chariot (see test_race_rules)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from pathlib import Path

import yaml

from generator.games.frothy_races.race import RaceOptions, load_race_inputs, planner_moves
from generator.games.frothy_races.race.course import race_track
from generator.games.frothy_races.race.decisions import SpeedChoice
from generator.games.frothy_races.race.engine import Race
from generator.games.frothy_races.race.game import FrothyRace
from generator.games.frothy_races.race.planner_moves import forget_tables, table_key
from generator.games.frothy_races.race.styles import CAREFUL
from generator.games.frothy_races.race.vehicles import (
    Affect,
    RaceVehicle,
    race_vehicle,
    without_trait,
)
from generator.race.sweep import Field
from tests.games.frothy_races.race.test_race_readings import NoCards
from tests.games.frothy_races.race.test_race_rules import (
    BOWL,
    CHARIOT,
    ICON_FACE,
    VALUE_FACE,
    ScriptedDice,
    make_race,
    place,
    speed_check,
)

ORRERY = CHARIOT.with_name("glimmering-orrery.yaml")


def test_control_per_round_and_damage_per_round_come_at_the_round_start() -> None:
    """'+# Control / Round - at the start of each new round gain # Control points'; '#
    Damage / Round - make a Damage Roll at the start of each Round using # dice. You will
    receive Control points, but do not have to make a Control Roll'."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.apply_affect(car, Affect("+# Control / Round", 2))
    race.apply_affect(car, Affect("# Damage / Round", 1))
    race.rng = ScriptedDice([VALUE_FACE[3]])
    race.start_of_round(car)
    assert car.damage == 1 and car.control_loss == 2 + 1
    assert not [e for e in race.events if e["action"].startswith("control roll")]


def test_an_immediate_damage_affect_rolls_without_a_control_roll() -> None:
    """'# Damage - make another immediate Damage roll using the number of dice indicated.
    You will receive Control points, but do not have to make a Control Roll'."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.rng = ScriptedDice([VALUE_FACE[3], VALUE_FACE[3]])
    race.apply_affect(car, Affect("# Damage", 2))
    assert car.damage == 2 and car.control_loss == 2
    assert not [e for e in race.events if e["action"].startswith("control roll")]


def test_lower_resilience_scores_more_dice() -> None:
    """'-# Resilience - the vehicle's Resilience is permanently reduced by #': the chariot's
    Resilience 1 becomes 0, so a die showing 1 now scores."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.apply_affect(car, Affect("-# Resilience", 1))
    race.rng = ScriptedDice([VALUE_FACE[1], VALUE_FACE[0]])
    assert race.damage_roll(car, 2, "wall collision") == 1


def test_maximum_acceleration_caps_the_boxes_moved() -> None:
    """'# Maximum Acceleration - the vehicle may only move their Speed track marker by a
    maximum number of boxes, as shown, when Accelerating during a Speed check'. A roll of
    3 + 3 moves 2 boxes."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.apply_affect(car, Affect("# Maximum Acceleration", 2))
    speed_check(race, car, SpeedChoice(True, 1, 0), [3, 3, 0])
    assert race.events[-1]["result"]["boxes"] == 2


def test_maximum_speed_turns_the_rest_into_over_whipping() -> None:
    """'Maximum Speed # - ... any change that would take the vehicle's Speed above this
    value is treated as Over-Whipping'. Maximum Speed 2 from Speed 2's right-most box:
    3 boxes of acceleration go 3 boxes back down the Deceleration row."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 12, 16, speed=3)
    race.set_speed(car, 2)  # right-most box of Speed 2
    race.apply_affect(car, Affect("Maximum Speed #", 2))
    table = car.spec.table
    expected = table.speed_of(table.decelerate(car.marker, 3))
    speed_check(race, car, SpeedChoice(True, 1, 0), [3, 0, 0])
    assert car.speed == expected < 2


def test_minus_one_safe_speed_makes_the_top_safe_speed_roll_one_die() -> None:
    """'-1 Safe Speed - from now on the vehicle will have to make a Control roll using a
    basic 1 Control dice for any change of direction made at it's current highest Safe
    Speed rating'. The chariot's Speed 2 (its highest Safe Speed) now rolls one die."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 12, 16, speed=2)
    race.apply_affect(car, Affect("-1 Safe Speed", 1))
    car.bot = NoCards()
    race.rng = ScriptedDice([ICON_FACE["slow"]])
    race.turn(car, 1, moving=0)
    turn = [e for e in race.events if e["action"] == "control roll (turn)"]
    assert len(turn) == 1 and len(turn[0]["dice"]) == 1
    assert race.control_dice(car, 1) == 0  # Speed 1 stays Safe


def test_haste_affect_reads_slow_icons_as_haste() -> None:
    """'Haste - all Slow results on Control Roll dice are considered as Haste icons
    instead'."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 12, 16, speed=3)
    race.apply_affect(car, Affect("Haste", 0))
    car.bot = NoCards()
    race.rng = ScriptedDice([ICON_FACE["slow"]])
    race.turn(car, 1, moving=0)
    roll = [e for e in race.events if e["action"] == "control roll (turn)"][0]
    assert roll["result"]["effects"] == ["haste"]


def test_haste_and_slow_affects_together_read_each_die_once_from_its_face() -> None:
    """'Haste - all Slow results on Control Roll dice are considered as Haste icons
    instead'; 'Slow - all Haste results on Control Roll dice are considered as Slow icons
    instead'. The guide does not say what both do together; each speaks of the results
    on the dice, so each die is read once from the face it shows (our reading, in
    docs/reference/race-simulation.md): two Slow faces and a Haste face read as two Haste
    and a Slow, the pair is discarded, and one Haste is applied (with neither affect the
    same dice leave one Slow). Which affect came first does not matter."""
    for affects, effect in (((), "slow"), (("Haste", "Slow"), "haste"),
                            (("Slow", "Haste"), "haste")):
        race = make_race(CHARIOT, 1)
        car = race.cars[0]
        place(race, car, 12, 16, speed=3)
        for name in affects:
            race.apply_affect(car, Affect(name, 0))
        car.control_loss = 2  # three Control dice
        car.bot = NoCards()
        race.rng = ScriptedDice([ICON_FACE[i] for i in ("slow", "slow", "haste")])
        race.turn(car, 1, moving=0)
        roll = [e for e in race.events if e["action"] == "control roll (turn)"][0]
        assert len(roll["dice"]) == 3
        assert roll["result"]["effects"] == [effect] and roll["result"]["count"] == 1


def test_each_damage_affect_comes_into_play_once() -> None:
    """Damage Roll: 'apply all Damage Affects accumulated as each new Damage value level is
    reached'; a permanent affect 'comes into play for the rest of the game' once. At level 1
    a '1 Damage' affect ('make another immediate Damage roll') and '+1 Control Loss'; at
    level 2 '+1 Control / Round'. A wall's Damage die scores (level 1), the affect's one die
    scores (level 2): two Damage rolls in all, each affect once."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    car.spec = dataclasses.replace(car.spec, damage_affects=(
        (1, Affect("# Damage", 1)), (1, Affect("+# Control Loss", 1)),
        (2, Affect("+# Control / Round", 1))))
    race.rng = ScriptedDice([VALUE_FACE[3], VALUE_FACE[3]] + [VALUE_FACE[0]] * 6)
    race.damage_roll(car, 1, "wall collision")
    rolls = [e["action"] for e in race.events if e["action"].startswith("damage roll")]
    assert rolls == ["damage roll (wall collision)", "damage roll (damage affect)"]
    applied = [e["result"]["affect"] for e in race.events if e["action"] == "damage affect"]
    assert sorted(applied) == ["# Damage", "+# Control / Round", "+# Control Loss"]
    assert car.damage == 2 and car.extra_control == 1 and car.control_per_round == 1
    assert car.control_loss == 2  # one point for each point of Damage


def test_a_random_affect_applies_one_of_its_list_each_equally_likely() -> None:
    """'Random - the actual damage affect applied will be randomly determined, from a given
    list of damage affects': exactly one of the list comes into play. The guide gives no
    table from the dice to the list, so each is taken to be equally likely: over 80 seeds
    Haste and Slow each come up between 25 and 55 times."""
    picked: Counter[str] = Counter()
    for seed in range(80):
        race = make_race(CHARIOT, 1)
        race.rng = random.Random(seed)
        car = race.cars[0]
        race.apply_affect(car, Affect("Random", 0, choices=(Affect("Haste", 0),
                                                            Affect("Slow", 0))))
        assert len(car.icon_swap) == 1  # one of the two, never both
        picked[next(iter(car.icon_swap.values()))] += 1
    assert set(picked) == {"haste", "slow"}
    assert all(25 <= n <= 55 for n in picked.values())


def test_a_random_affect_is_raced_when_every_pick_is_and_named_when_one_is_not(
        tmp_path: Path) -> None:
    """The Glimmering Orrery's Random (Haste or Slow) is raced; a Random that may pick an
    affect the engine does not play (one of the designer's own) is named as not
    simulated (a Random with nothing listed is a rule error: FR-AFFECT-PARAM)."""
    orrery = raced(ORRERY)
    random_affect = next(a for _, a in orrery.damage_affects if a.name == "Random")
    assert [a.name for a in random_affect.choices] == ["Haste", "Slow"]
    assert not any("Random" in n for n in orrery.not_simulated)
    own = {"name": "Gremlins", "custom": True, "summary": "Gears slip: the designer's own."}
    for choices, why in (([{"name": "Haste"}, own], "one of its"),):
        data = yaml.safe_load(ORRERY.read_text(encoding="utf-8"))
        data["damage"]["affects"][3] = {"name": "Random", "choices": choices}
        changed = tmp_path / f"orrery-{len(choices)}.yaml"
        changed.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        vehicle = raced(changed)
        assert not any(a.name == "Random" for _, a in vehicle.damage_affects)
        assert any(n.startswith("damage affect Random") and why in n
                   for n in vehicle.not_simulated), vehicle.not_simulated


def test_a_random_pick_that_loses_a_trait_or_a_card_is_raced_with_what_it_names(
        tmp_path: Path) -> None:
    """A Random may pick 'Lose Named Trait' or '-1 Whip / Reins card', each naming what is
    lost as the affect alone does: the engine races the pick with that trait or card, and
    a race that rolls it loses the trait (its driver planning without it) or the card."""
    data = yaml.safe_load(ORRERY.read_text(encoding="utf-8"))
    # The Orrery loses Flyer at level 2 for certain; a pick at level 3 losing it again
    # could never act (FR-DMG-NO-TARGET), so level 2 takes another affect here.
    data["damage"]["affects"][2] = "Haste"
    data["damage"]["affects"][3] = {"name": "Random", "choices": [
        {"name": "Lose Named Trait", "trait": "Flyer"},
        {"name": "-1 Whip / Reins card", "card": "whip"}]}
    changed = tmp_path / "orrery-random-loss.yaml"
    changed.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    vehicle = raced(changed)
    random_affect = next(a for _, a in vehicle.damage_affects if a.name == "Random")
    lose, card = random_affect.choices
    assert (lose.name, lose.trait) == ("Lose Named Trait", "Flyer")
    assert (card.name, card.card) == ("-1 Whip / Reins card", "whip")
    assert not any("Random" in n for n in vehicle.not_simulated), vehicle.not_simulated
    track, vehicles = load_race_inputs(BOWL, [changed])
    lost = set()
    for seed in range(12):
        race = Race(track, vehicles, ["careful"], seed=seed, options=RaceOptions())
        car = race.cars[0]
        whips = car.cards("whip") + sum(car.spent) + sum(car.recovery)
        race.apply_affect(car, random_affect)
        if car.spec.trait("Flyer") == 0:
            lost.add("trait")
        elif car.cards("whip") + sum(car.spent) + sum(car.recovery) == whips - 1:
            lost.add("card")
    assert lost == {"trait", "card"}


def raced(path: Path) -> RaceVehicle:
    """The vehicle at ``path`` as the engine races it."""
    return race_vehicle(load_race_inputs(BOWL, [path])[1][0])


def test_lose_named_trait_races_on_without_it_and_plans_with_its_own_table() -> None:
    """'Lose "Named" Trait - your vehicle loses and may no longer use the specific Trait
    named'. The Glimmering Orrery loses Flyer at its second Damage point: the hazard it
    ignored before now costs it Control Loss; the other Orrery keeps its Flyer; and its
    planning driver reads a value table solved for the vehicle without it."""
    track, vehicles = load_race_inputs(BOWL, [ORRERY, ORRERY])
    race = Race(track, vehicles, ["careful", "careful"], seed=1,
                options=RaceOptions(log_events=True))
    car, other = race.cars
    lose = next(a for level, a in car.spec.damage_affects if a.name == "Lose Named Trait")
    assert (lose.trait, car.spec.trait("Flyer")) == ("Flyer", 1)
    assert not any("Lose Named Trait" in n for n in car.spec.not_simulated)
    before = car.bot.table(race, car)
    race.apply_affect(car, lose)
    assert car.spec.trait("Flyer") == 0 and other.spec.trait("Flyer") == 1
    assert car.bot.table(race, car) is not before
    assert other.bot.table(race, other) is before
    ford = next(h for h, t in enumerate(race.rt.terrain) if t == "hazard")
    race.rng = ScriptedDice([ICON_FACE["slow"]] * 8)
    for each in (other, car):
        race.rough_ground(each, ford, 0)
    hazards = [e["vehicle"] for e in race.events if e["action"] == "hazard"]
    assert hazards == [car.label]  # the hazard no longer ignored; the other still flies


def test_a_sweep_prepares_the_table_of_the_vehicle_a_lost_trait_makes() -> None:
    """A sweep reads or solves the tables its workers will need before they fork, the
    Orrery-without-Flyer's too: no worker solves one in the middle of a race."""
    track, vehicles = load_race_inputs(BOWL, [ORRERY])
    forget_tables()
    field = Field(track, tuple(vehicles), FrothyRace("careful"), RaceOptions())
    field.game.prepare(field)
    rt = race_track(track)
    stages = len(rt.lines) * RaceOptions().for_track(track).laps
    without = without_trait(race_vehicle(vehicles[0]), "Flyer")
    assert table_key(without, rt, stages, CAREFUL) in planner_moves._IN_PROCESS


def test_a_card_loss_spelled_with_its_card_loses_that_card(tmp_path: Path) -> None:
    """'-1 Reins card' (or '-1 Whip card') names the card it loses without a 'card:': the
    engine races it as that card's loss, not as the player's choice of either."""
    for spelling, kind in (("-1 Reins card", "reins"), ("-1 Whip card", "whip")):
        data = yaml.safe_load(ORRERY.read_text(encoding="utf-8"))
        data["damage"]["affects"][3] = {"name": spelling}
        changed = tmp_path / f"orrery-{kind}.yaml"
        changed.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        affect = next(a for _, a in raced(changed).damage_affects
                      if a.name == "-1 Whip / Reins card")
        assert affect.card == kind
        track, vehicles = load_race_inputs(BOWL, [changed])
        race = Race(track, vehicles, ["careful"], seed=1, options=RaceOptions())
        car = race.cars[0]
        before = car.cards(kind)
        race.apply_affect(car, affect)
        assert car.cards(kind) == before - 1
