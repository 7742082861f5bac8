"""The fifth pass over the Speed Check, the movement phases, Control rolls and race results
(Speed Check; Speed Changes; Movement; Control Loss; Race Types & Play Styles): readings no
earlier test pinned, each set up from the rulebook's sentence."""

from __future__ import annotations

import pytest

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.bots import Bot
from generator.games.frothy_races.race.course import move_sequences
from generator.games.frothy_races.race.decisions import Plan, SpeedChoice
from generator.games.frothy_races.race.engine import Race
from generator.probability.frothy_control import ControlOutcome
from tests.games.frothy_races.race.test_race_rules import (
    BOWL,
    CHARIOT,
    ICON_FACE,
    ScriptedDice,
    make_race,
    place,
    speed_check,
)
from tests.games.frothy_races.race.test_rulebook_readings_movement import TurnLeft


def results_race(kind: str, count: int = 3) -> Race:
    track, vehicles = load_race_inputs(BOWL, [CHARIOT] * count)
    return Race(track, vehicles, ["careful"] * count, seed=1,
                options=RaceOptions(race_type=kind, max_rounds=5))


def winners(race: Race) -> list[int]:
    return [v.slot for v in race.result().vehicles if v.won]


# --- Race Types & Play Styles ----------------------------------------------------------


def test_toughest_is_won_only_once_all_but_one_are_wiped_out() -> None:
    """Toughest: 'race around the track until all but one of them have been destroyed'.
    With two still going when the round limit stops the race nobody has won; once the
    second is wiped out the last one standing has."""
    race = results_race("toughest")
    first, second, third = race.cars
    race.take_damage(first, first.spec.max_damage, "wall collision")
    assert winners(race) == []
    race.round = 2
    race.take_damage(second, second.spec.max_damage, "wall collision")
    assert winners(race) == [third.index]
    places = {v.slot: v.place for v in race.result().vehicles}
    assert places == {third.index: 1, second.index: 2, first.index: 3}


def test_toughest_with_every_vehicle_wiped_out_has_no_winner() -> None:
    race = results_race("toughest", 2)
    for car in race.cars:
        race.take_damage(car, car.spec.max_damage, "wall collision")
    assert winners(race) == []


def covered(race: Race, spaces: dict[int, int]) -> None:
    """Make each vehicle have travelled ``spaces[index]`` since the start."""
    for car in race.cars:
        race.start_remaining[car.index] = race.car_remaining(car) + spaces[car.index]


def test_furthest_is_won_by_the_one_that_travelled_furthest() -> None:
    race = results_race("furthest")
    covered(race, {0: 7, 1: 9, 2: 4})
    assert winners(race) == [1]
    assert [v.place for v in race.result().vehicles] == [2, 1, 3]


def test_furthest_level_at_the_front_is_a_draw() -> None:
    """Furthest: 'The vehicle that has travelled the furthest ... is declared the winner';
    two level at the front are no one vehicle: no winner (places still list them)."""
    race = results_race("furthest")
    covered(race, {0: 9, 1: 9, 2: 4})
    assert winners(race) == []
    assert sorted(v.place for v in race.result().vehicles) == [1, 2, 3]


def test_furthest_is_not_won_by_a_wreck() -> None:
    """A wiped-out vehicle 'is out of the race': it places after those still going and
    cannot be the furthest, though its wreck went further."""
    race = results_race("furthest")
    covered(race, {0: 12, 1: 9, 2: 4})
    race.take_damage(race.cars[0], race.cars[0].spec.max_damage, "wall collision")
    assert winners(race) == [1]
    assert {v.slot: v.place for v in race.result().vehicles}[0] == 3


def test_fastest_first_across_the_line_places_first_in_the_same_round() -> None:
    """Fastest: 'The first to cross a predesignated finish line' wins: two finishing in one
    round place in the order they crossed, not the grid's."""
    race = results_race("fastest")
    race.round = 4
    race.finish(race.cars[2])
    race.finish(race.cars[0])
    by_slot = {v.slot: v for v in race.result().vehicles}
    assert by_slot[2].place == 1 and by_slot[2].won
    assert by_slot[0].place == 2 and not by_slot[0].won


# --- Speed Check and Speed changes ---------------------------------------------------------


def test_two_reins_to_accelerate_keep_the_two_lowest() -> None:
    """'If you use twice as many (or more) Reins than Whip cards to Accelerate then both
    dice kept must be the lowest values rolled': 3, 3, 1, 0 give 1 box, from rest Speed 1."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    speed_check(race, car, SpeedChoice(True, 0, 2), [3, 3, 1, 0])
    assert race.events[-1]["result"]["boxes"] == 1 and car.speed == 1


def test_whip_alone_to_accelerate_keeps_any_two() -> None:
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    speed_check(race, car, SpeedChoice(True, 1, 0), [0, 3, 3])
    assert race.events[-1]["result"]["boxes"] == 6


def test_whip_to_decelerate_keeps_the_lowest() -> None:
    """'If you use twice as many (or more) Whip than Reins cards to Decelerate then both
    dice kept must be the lowest values rolled': one Whip, 3, 3, 0 decelerate 3 boxes."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.set_speed(car, 6)
    speed_check(race, car, SpeedChoice(False, 1, 0), [3, 3, 0])
    assert race.events[-1]["result"]["boxes"] == 3


def test_decelerating_past_the_first_box_stops_at_speed_0() -> None:
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.set_speed(car, 1)
    speed_check(race, car, SpeedChoice(False, 0, 1), [3, 3, 3])
    assert car.speed == 0 and car.marker.box == 0


def test_no_card_at_rest_stays_at_rest() -> None:
    """'If you do not use any Whip or Reins cards then you must Decelerate': from Speed 0
    that is no change, whatever the dice."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    speed_check(race, car, SpeedChoice(True, 0, 0), [3, 3])
    assert car.speed == 0 and race.events[-1]["result"]["direction"] == "decelerate"


def test_a_speed_check_ending_at_a_safe_speed_clears_control_loss() -> None:
    """'Immediately remove all Control Loss points ... when it is at a Safe Speed after any
    Speed Check', even one that leaves the Speed as it was."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.set_speed(car, 2)
    car.control_loss = 5
    speed_check(race, car, SpeedChoice(False, 0, 1), [0, 0, 0])
    assert car.speed == 2 and car.control_loss == 0


def haste_or_slow(effect: str, count: int) -> ControlOutcome:
    return ControlOutcome(effects=frozenset({effect}), icon_count=count, spin_pairs=0,
                          pace_pairs=0, control_loss=1, stamina_lost=0, damage_dice=0)


def test_haste_stops_at_the_top_box() -> None:
    """Haste: 'Accelerate ... by 1 box for each Haste icon, up to its maximum allowed
    Speed': three Haste icons at the top Speed leave it there, not over-whipped."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.set_speed(car, 6)
    race.apply_control(car, haste_or_slow("haste", 3), slide=0)
    assert car.speed == 6


def test_slow_at_speed_0_stays_at_0() -> None:
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.apply_control(car, haste_or_slow("slow", 2), slide=0)
    assert car.speed == 0 and car.marker.box == 0


# --- Movement -----------------------------------------------------------------------------


def test_facing_a_side_allows_one_drift_a_phase() -> None:
    """Facing a side: the hex ahead, and 'Once per Movement Phase' a Drift into a front
    side hex, at any time during the move."""
    walks = set(move_sequences(0, 3))
    assert (0, 0, 0) in walks and (5, 0, 0) in walks and (0, 0, 1) in walks
    assert len(walks) == 7
    assert all(sum(step != 0 for step in walk) <= 1 for walk in walks)


def test_facing_a_corner_alternates_front_hexes() -> None:
    """Facing a corner: either front hex first, then 'consecutive movement in the same
    Movement Phase must be into the alternate side'."""
    assert set(move_sequences(1, 3)) == {(0, 1, 0), (1, 0, 1)}


def test_reins_cannot_make_a_standing_phase_move_backwards() -> None:
    """Reins: 'as long as you were already moving at least 1 space'; Whip: one space more,
    from a phase of none too."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 14, 16, facing=0, speed=0)
    options = race.options_for(car, 0)
    assert {o.card for o in options} == {None, "whip"}
    assert {len(o.steps) for o in options if o.card == "whip"} == {1}


def test_a_turn_at_a_safe_speed_rolls_no_dice_whatever_the_control_loss() -> None:
    """'If the Speed rating is indicated as Safe ... no Control roll needs to be made for
    normal changes of direction': Control Loss points add dice only to a roll that is
    made. No point comes off either: the vehicle changed direction."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 14, 16, facing=0, speed=2)
    car.control_loss = 4
    car.bot = TurnLeft(None)
    race.rng = ScriptedDice([])  # any die rolled would fail the test
    race.move(car, 0)
    assert car.facing == 1 and car.control_loss == 4


def test_control_loss_has_no_maximum() -> None:
    """'If a vehicle accumulates 10 or more Control Loss points' it keeps them (a paperclip
    marks the tens): the track does not stop at 10."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.gain_control_loss(car, 12)
    assert car.control_loss == 12


def test_moving_straight_takes_off_one_point_and_not_below_the_minimum() -> None:
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 14, 16, facing=0, speed=3)
    car.control_loss = 2
    car.bot = Straight()
    race.move(car, 0)
    assert car.control_loss == 1
    race.move(car, 1)
    assert car.control_loss == 0
    race.move(car, 2)
    assert car.control_loss == 0


class Straight(Bot):
    """Drives straight ahead with no card and never turns."""

    def plan_key(self, race, car, phase, spaces, whip, reins):  # type: ignore[no-untyped-def]
        return None

    def plan(self, race, car, phase, options):  # type: ignore[no-untyped-def]
        return Plan(next(o for o in options if o.card is None and set(o.steps) <= {0}), 0)


class Wide(Straight):
    """Asks to turn 60 degrees at the end of the phase."""

    def plan(self, race, car, phase, options):  # type: ignore[no-untyped-def]
        return Plan(super().plan(race, car, phase, options).option, 2)


def test_a_turn_is_30_degrees() -> None:
    """'alter the vehicle's facing by 30 degrees left or right': a driver asking for more
    is refused."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 14, 16, facing=0, speed=2)
    car.bot = Wide()
    with pytest.raises(RuntimeError, match="30 degrees"):
        race.move(car, 0)



def test_moving_straight_facing_a_corner_takes_off_a_point() -> None:
    """Facing a corner the front hexes alternate; that is no Drift (a Drift is a side
    facing's move to a front side hex), so the phase still counts as moving straight."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 14, 16, facing=1, speed=3)
    car.control_loss = 2
    car.bot = Zigzag()
    race.move(car, 1)  # Speed 3, phase 2: two spaces
    assert car.facing == 1 and car.control_loss == 1


class Zigzag(Straight):
    """Facing a corner, takes the first walk with no card and does not turn."""

    def plan(self, race, car, phase, options):  # type: ignore[no-untyped-def]
        return Plan(next(o for o in options if o.card is None and o.blocked < 0), 0)


class TurnLeftWithCards(TurnLeft):
    def __init__(self, cards: tuple[int, int]) -> None:
        super().__init__(None)
        self.cards = cards

    def control_cards(self, race, car, dice):  # type: ignore[no-untyped-def]
        return self.cards


@pytest.mark.parametrize(("speed", "points", "cards", "dice"), [
    (4, 1, (1, 1), 5),  # Control Loss Example 1: 2 dice, 1 for the point, 2 for the cards
    (3, 4, (1, 0), 6),  # Control Loss Example 2: 1 die, 4 for the points, 1 for the Whip
])
def test_control_loss_examples_roll_basic_plus_points_plus_cards(
        speed: int, points: int, cards: tuple[int, int], dice: int) -> None:
    """'Roll: the basic number of dice indicated in the Control row ..., plus 1 extra dice
    for every Control Loss point ..., plus 1 extra dice for each Whip &/or Reins card'."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 14, 16, facing=0, speed=speed)
    car.control_loss = points
    car.bot = TurnLeftWithCards(cards)
    # Pairs of Spins and of Slow/Haste: the roll passes, whatever is discarded.
    faces = ["left_spin", "right_spin", "slow", "haste"] * 2
    race.rng = ScriptedDice([ICON_FACE[i] for i in faces])
    phase = next(p for p in range(4) if race.moves(car, p))
    race.move(car, phase)
    rolled = next(e for e in race.events if e["action"] == "control roll (turn)")
    assert len(rolled["dice"]) == dice
    assert sum(car.spent) == sum(cards)


def test_maximum_deceleration_caps_the_boxes_moved() -> None:
    """'# Maximum Deceleration': the boxes a Speed Check may move when Decelerating."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.set_speed(car, 6)
    car.max_decel = 2
    speed_check(race, car, SpeedChoice(False, 0, 1), [3, 3, 3])
    assert race.events[-1]["result"]["boxes"] == 2


def test_wrecks_move_after_the_speed_checks_and_before_the_first_phase() -> None:
    """Rounds and Phases: '1. Speed Check ...', then '2. Movement Phases - Wiped-out
    vehicles are moved first'."""
    race = make_race(CHARIOT, 2)
    wreck, racer = race.cars
    place(race, wreck, 17, 15, facing=0, speed=3)
    race.round = 1
    race.take_damage(wreck, wreck.spec.max_damage, "wall collision")
    assert race.step()
    actions = [(e["action"], e["phase"]) for e in race.events if e["round"] == 2]
    names = [a for a, _ in actions]
    assert names.index("wreck moves") > names.index("speed check")
    assert all(phase == 0 for _, phase in actions[:names.index("wreck moves") + 1])


@pytest.mark.parametrize("race_type, why", [
    ("fastest", "nobody finished"),
    ("toughest", "more than one vehicle, or none, still going at the end"),
    ("furthest", "a tie at the front, or every vehicle wiped out"),
])
def test_a_race_with_no_winner_says_why_by_its_type(race_type: str, why: str) -> None:
    """Race Types & Play Styles: a race with no winner is one nobody finished (Fastest),
    one not down to a single vehicle (Toughest), or one with two level at the front or
    nobody still going (Furthest); the replay's results page and the summary say which, and
    the page says a vehicle of a Furthest or Toughest race is still going, not finished."""
    import dataclasses

    from generator.games.frothy_races.race import run_race
    from generator.games.frothy_races.race.replay import TEMPLATE, results_context
    from generator.text.templates import TextTemplates

    track, vehicles = load_race_inputs(BOWL, [CHARIOT, CHARIOT])
    result = run_race(track, vehicles, bots="careful", seed=1,
                      options=RaceOptions(race_type=race_type, laps=1, rounds=1,
                                          max_rounds=1))
    if race_type == "furthest":  # one round rarely leaves two level: made a draw by hand
        result = dataclasses.replace(result, vehicles=tuple(
            dataclasses.replace(v, won=False) for v in result.vehicles))
    assert not any(v.won for v in result.vehicles)  # a Fastest or Toughest one by the rules
    words = TextTemplates().blocks(TEMPLATE, results_context(track, result))
    assert words["results_title"].endswith(f"(no winner: {why})")
    # Only a Fastest race is finished by crossing the line; a Furthest one ends with the
    # clock, and a Toughest one stopped by the round limit is undecided: its vehicles are
    # still racing there, as in a Fastest race (they read 'still going' before).
    still = "still going after round 1" in words["results_rows"]
    assert still is (race_type == "furthest")
    limit = "still racing at the round limit" in words["results_rows"]
    assert limit is (race_type != "furthest")
    # A Toughest race has no distance to drive: no share of it is given.
    assert ("% of the race driven" in words["results_rows"]) is (race_type == "fastest")
