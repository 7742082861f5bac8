"""Rulebook readings the engine once got wrong, each set up from the rulebook's own example
or sentence, and results scored as the race types say (Race Types & Play Styles)."""

from __future__ import annotations

import dataclasses

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.bots import Bot
from generator.games.frothy_races.race.decisions import SpeedChoice
from generator.games.frothy_races.race.engine import Race, kept_sums
from generator.games.frothy_races.race.figures import sweep_stats
from generator.games.frothy_races.race.game import FrothyRace
from generator.probability.frothy_dice import Direction
from generator.race.sweep import Field, run_sweep
from tests.games.frothy_races.race.test_race_rules import (
    BOWL,
    CHARIOT,
    ICON_FACE,
    VALUE_FACE,
    ScriptedDice,
    make_race,
    place,
)


class NoCards(Bot):
    """A driver who adds no card to a Control roll (the examples' dice are then exact)."""

    def control_cards(self, race, car, dice):  # type: ignore[no-untyped-def]
        return (0, 0)


# --- Control Loss is kept at a Safe Speed that does not change -----------------------------


def test_collision_example_red_keeps_its_control_loss_at_speed_1() -> None:
    """Red, at Safe Speed 1, takes 3 Damage in the T-bone (3 Control Loss points and the
    '+1 Control Loss' affect) and rolls one Control die a point: 4 dice (the example adds a
    Reins card for a fifth, whose discard only changes which icons stand). Three Left Spins
    and a Right Spin: the pair costs a point, the Left Spin another; its Speed does not
    change, so it keeps them all, as the example goes on with them."""
    race = make_race(CHARIOT, 2)
    _, red = race.cars
    place(race, red, 17, 16, facing=2, speed=1)
    red.bot = NoCards()
    race.take_damage(red, 3, "vehicle collision")
    assert red.control_loss == 3 and red.extra_control == 1
    faces = [ICON_FACE[i] for i in ("left_spin", "left_spin", "left_spin", "right_spin")]
    race.rng = ScriptedDice(faces)
    race.reaction_roll(red, slide=0)
    roll = [e for e in race.events if e["action"] == "control roll (reaction)"][0]
    assert len(roll["dice"]) == 4
    assert roll["result"]["effects"] == ["left_spin"]
    assert red.speed == 1
    assert red.control_loss == 3 + 1 + 1
    assert red.facing == 3  # turned 30 degrees left from facing 2


def test_a_slow_to_a_safe_speed_still_clears_control_loss() -> None:
    """Control Loss Example 2's other half: a Slow that takes the Speed down to a Safe one
    clears every point, those the failed roll just gave too."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 17, 16, facing=0, speed=3)
    car.control_loss = 1
    car.bot = NoCards()
    table = car.spec.table
    slowed = table.speed_of(table.decelerate(car.marker, 2))
    race.rng = ScriptedDice([ICON_FACE["slow"]] * 2)  # 1 die at Speed 3, 1 a point
    race.reaction_roll(car, slide=0)
    assert slowed < 3 and race.is_safe(car, slowed)
    assert car.speed == slowed and car.control_loss == 0


# --- A Speed set to the Speed it has --------------------------------------------------------


def test_setting_the_speed_it_already_has_leaves_the_marker() -> None:
    """'A vehicle needing to change its actual Speed rating' moves the marker; one whose
    rating is already that Speed needs no change (Speed Rating Changes)."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    table = car.spec.table
    race.set_marker(car, table.decelerate(car.marker, 0))
    race.set_speed(car, 4)
    race.set_marker(car, table.decelerate(car.marker, 1))  # right-most box of Speed 3
    marker = car.marker
    assert car.speed == 3
    race.set_speed(car, 3)
    assert car.marker == marker


# --- Vehicle-vehicle collisions halve the Speed the Control roll left ------------------------


def test_t_bone_halves_the_speed_after_its_own_slow() -> None:
    """The Collision Example's order: Damage, the Control roll, then 'reduce its current
    Speed rating by half'. A Slow from White's roll stands, as it does against a wall."""
    race = make_race(CHARIOT, 2)
    white, red = race.cars
    place(race, white, 16, 16, facing=0, speed=5)
    place(race, red, 17, 16, facing=2, speed=1)
    white.bot = NoCards()
    table = white.spec.table
    white_damage = [VALUE_FACE[3]] * 2 + [VALUE_FACE[0]] * 3  # 2 Damage against Resilience 1
    red_damage = [VALUE_FACE[0]] * 5  # none
    control = [ICON_FACE["slow"]] * 6  # 3 dice at Speed 5, 2 Control Loss, +1 affect
    slowed = table.speed_of(table.decelerate(white.marker, 6))
    race.rng = ScriptedDice(white_damage + red_damage + control + [0] * 20)
    race.collide(white, red.hex, 0)
    assert slowed < 5
    assert white.speed == slowed // 2
    assert red.speed == 1


# --- The Speed Check: which dice to keep; Tireless --------------------------------------------


def test_speed_check_keeps_any_allowed_pair() -> None:
    """'Discard 1 dice for each Whip and/or Reins card used': which ones is the player's
    choice, within the rule on the lowest dice (the Speed Check Example's dice)."""
    dice = sorted([3, 2, 1, 0])
    assert kept_sums(dice, 0) == {1, 2, 3, 4, 5}
    assert kept_sums(dice, 1) == {1, 2, 3}
    assert kept_sums(dice, 2) == {1}


class Hold(Bot):
    """A driver content with the Speed it has."""

    def target_speed(self, race, car):  # type: ignore[no-untyped-def]
        return car.speed

    def speed_check(self, race, car):  # type: ignore[no-untyped-def]
        return SpeedChoice(True, 2, 0)


def test_speed_check_may_keep_fewer_boxes_than_the_best_pair() -> None:
    """At Speed 3 with two Whips the dice 3, 3, 1, 0 allow 6 boxes (Speed 6); a player
    who wants Speed 3 keeps a pair that does not overshoot it (1 + 0)."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.set_speed(car, 3)
    car.bot = Hold()
    race.rng = ScriptedDice([VALUE_FACE[v] for v in (3, 3, 1, 0)])
    race.speed_check(car)
    assert car.speed == 3
    assert race.events[-1]["result"]["boxes"] < 6


def test_tireless_may_take_fewer_boxes() -> None:
    """Tireless #: 'maintain or change your Speed by up to # boxes when Accelerating'."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    car.spec = dataclasses.replace(car.spec, traits=car.spec.traits + (("Tireless", 3),))
    values, dice = race.speed_roll(car, 1, 0, Direction.ACCELERATE)
    assert values == [0, 1, 2, 3] and dice == []
    race.set_speed(car, 3)
    car.bot = Hold()
    race.speed_check(car)
    assert car.speed == 3  # it kept its Speed, where all 3 boxes would make it Speed 4
    assert race.events[-1]["result"]["boxes"] < 3


# --- Results: winners, places, endings, identities ---------------------------------------------


def test_a_fastest_race_nobody_finishes_has_no_winner() -> None:
    track, vehicles = load_race_inputs(BOWL, [CHARIOT, CHARIOT])
    field = Field(track, tuple(vehicles), FrothyRace("careful"), RaceOptions(max_rounds=3))
    sweep = run_sweep(field, 4, 1, workers=1)
    for result in sweep.results:
        assert not any(v.won for v in result.vehicles)
        assert {v.ended for v in result.vehicles} == {"out of rounds"}
        assert sorted(v.place for v in result.vehicles) == [1, 2]
    stats = sweep_stats(sweep)
    assert stats.no_winner == 4
    assert all(e.wins.rate == 0 and e.out_of_rounds_rate == 1 for e in stats.entrants)


def test_a_non_finisher_places_after_every_finisher() -> None:
    track, vehicles = load_race_inputs(BOWL, [CHARIOT] * 3)
    race = Race(track, vehicles, ["careful"] * 3, seed=1, options=RaceOptions(max_rounds=1))
    ahead, slow, wrecked = race.cars
    ahead.stage = race.stages - 1  # far ahead, but never over the line
    race.round = 9
    race.finish(slow)
    race.take_damage(wrecked, wrecked.spec.max_damage, "wall collision")
    result = race.result()
    by_slot = {v.slot: v for v in result.vehicles}
    assert by_slot[slow.index].place == 1 and by_slot[slow.index].won
    assert by_slot[ahead.index].place == 2 and by_slot[ahead.index].ended == "out of rounds"
    assert by_slot[wrecked.index].place == 3 and by_slot[wrecked.index].ended == "wiped out"
    assert by_slot[wrecked.index].wipe_cause == "wall"


def test_copies_of_one_vehicle_are_told_apart_in_events_and_snapshots() -> None:
    track, vehicles = load_race_inputs(BOWL, [CHARIOT] * 3)
    race = Race(track, vehicles, ["careful"] * 3, seed=2,
                options=RaceOptions(log_events=True, snapshots=True, max_rounds=3))
    result = race.run()
    labels = {"Basic Chariot #1", "Basic Chariot #2", "Basic Chariot #3"}
    assert {v.label for v in result.vehicles} == labels
    assert {e["vehicle"] for e in result.events if e["vehicle"]} == labels
    assert {p.name for s in result.snapshots for p in s.positions} == labels
