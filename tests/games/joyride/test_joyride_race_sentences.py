"""The Joyride engine against the rulebook's play sentences not pinned elsewhere (the seed
file's line in brackets), each set up in the test yard and stepped: the dashboard and the
SHIFT, steering and reversing, collisions and their worked examples. Items, abilities and
the game's end: test_joyride_race_timing.py."""

from __future__ import annotations

from typing import Any

import pytest

from generator.games.joyride.race.items import BoardItem
from generator.games.joyride.race.movement import DONE, PILE_UP, SMASH, drive
from generator.games.joyride.race.turn import collect_all, roll_step, take_turn
from generator.tracks.hexgrid import Hex
from tests.games.joyride.race_support import (
    actions,
    fixed_plan,
    item,
    item_race,
    placed,
    plan,
    roll_asks,
    row,
    straight_on,
)

# --- the dashboard, SHIFT and the dice (Your Turn) -----------------------------------------

def test_locks_go_only_into_undamaged_slots() -> None:
    """[378, 516] Up to four dice, "so long as you have undamaged slots to put them in": in
    gear 5 with two locked slots shut, no lock the driver weighs holds more than two."""
    race = placed([(row(4), 0, 5)])
    car = race.entrants[0]
    car.locked_damage = {1, 2}
    sizes = {len(locked) for locked, *_ in race.driver._locks(car)}
    assert sizes == {0, 1, 2}
    car.locked_damage = set()
    assert max(len(locked) for locked, *_ in race.driver._locks(car)) == 4


def test_shift_up_only_into_an_undamaged_gear_and_never_above_five() -> None:
    """[389] "You can only shift up if the next gear is undamaged, and you cannot shift
    above gear five"."""
    race = placed([(row(4), 0, 3), (row(10), 0, 5)])
    third, fifth = race.entrants
    third.gear_damage = {4, 5}
    assert max(g for g, _, _ in race.driver._shifts(third)) == 3
    assert max(g for g, _, _ in race.driver._shifts(fifth)) == 5


def test_shift_down_and_engine_brake_need_dice_on_the_mirror(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """[393] "You cannot shift down or engine brake if there are not enough dice to
    remove": no turn the driver weighs drops more gears than the dice left unlocked."""
    race = placed([(row(4), 0, 3)])
    car = race.entrants[0]
    car.dice = [1, 1, 1]
    weighed: list[tuple[int, int]] = []
    real = race.driver._turn_value

    def spy(car_: Any, ray: Any, steer: int, locked: tuple[int, ...], gear: int,
            *rest: Any) -> float:
        weighed.append((len(locked), gear))
        return real(car_, ray, steer, locked, gear, *rest)

    monkeypatch.setattr(race.driver, "_turn_value", spy)
    race.driver.plan(race, car)
    assert (3, 3) in weighed and (1, 1) in weighed
    assert all(3 - gear <= 3 - locked for locked, gear in weighed)


def test_engine_brake_damage_waits_on_the_mirror_until_end(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """[391, 500] ENGINE BRAKE: down two gears, two dice off the mirror and a damage token
    on it, placed on a damage slot at the end of the turn."""
    race = placed([(row(4), 0, 4)])
    car = race.entrants[0]
    fixed_plan(race, monkeypatch, plan(gear=2, damage=1))
    seen: list[tuple[int, int]] = []

    def no_extra(race_: Any, car_: Any, *rest: Any) -> tuple[bool, int]:
        seen.append((car_.pending_damage, car_.damage_taken))
        return False, 0

    monkeypatch.setattr(race.driver, "add_dice", no_extra)
    straight_on(race, monkeypatch)
    take_turn(race, car)
    assert seen == [(1, 0)]  # on the mirror during ROLL
    assert car.gear == 2 and len(car.dice) == 2
    assert car.damage_taken == 1 and car.pending_damage == 0


def test_a_die_added_by_shift_up_is_the_one_rolled(monkeypatch: pytest.MonkeyPatch) -> None:
    """[389, 397, 406] Both dice locked in gear 2, SHIFT UP adds a die to the empty mirror:
    the ROLL rolls that one die, and END returns all three dice to the mirror."""
    race = placed([(row(4), 0, 2)])
    car = race.entrants[0]
    car.dice = [1, 1]
    fixed_plan(race, monkeypatch, plan(locked=(0, 1), gear=3))
    straight_on(race, monkeypatch)
    take_turn(race, car)
    rolls = [e for e in race.events if e["phase"] == "roll" and e["action"] == "move"]
    assert len(rolls) == 1 and len(rolls[0]["dice"]) == 1
    assert car.gear == 3 and car.dice[:2] == [1, 1] and car.dice[2] == rolls[0]["dice"][0]


def test_a_smash_on_the_lock_move_skips_to_end_and_the_next_turn_shifts_up(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """[442-444] SMASH: stop, 1 damage, gear zero with every die off the dashboard, skip to
    END; "You must shift up on your next turn" (then one die, so a reverse is allowed)."""
    race = placed([(row(20), 0, 3)])
    car = race.entrants[0]
    car.dice = [3, 3, 1]
    fixed_plan(race, monkeypatch, plan(locked=(0, 1), gear=3))
    take_turn(race, car)
    assert actions(race) == ["SMASH", "move", "damage"]  # no SHIFT, no ROLL
    assert car.gear == 0 and car.dice == [] and car.damage_taken == 1 and car.must_shift_up
    monkeypatch.undo()
    asked = roll_asks(race, monkeypatch)
    take_turn(race, car)
    assert car.gear == 1 and len(car.dice) == 1 and asked[0][1]


def test_precision_driving_face_stays_on_the_mirror(monkeypatch: pytest.MonkeyPatch) -> None:
    """[406, 658] The chosen face "remains even when you return the dice to your mirror"."""
    race = placed([(row(4), 0, 2)])
    car = race.entrants[0]
    car.dice = [1, 1]
    fixed_plan(race, monkeypatch, plan(locked=(0,), gear=2, face=(0, 3),
                                       uses=("choose_face",)))
    take_turn(race, car)
    assert car.dice[0] == 3
    moves = [e for e in race.events if e["action"] == "move"]
    assert moves[0]["dice"] == [3] and moves[0]["result"]["spaces"] == 3


def test_gear_master_shifts_two_down_free_or_three_for_a_damage() -> None:
    """[650] Gear Master with SHIFT DOWN drops two gears without penalty, with ENGINE BRAKE
    three gears for 1 damage."""
    race = placed([(row(4), 0, 4)])
    car = race.entrants[0]
    options = set(race.driver._shifts(car))
    assert (2, 0, "shift_down") in options and (1, 1, "shift_down") in options
    assert (3, 0, "") in options and (2, 1, "") in options


# --- steering and reversing (Driving) ------------------------------------------------------

def test_rolled_move_steers_only_if_the_locked_one_did_not_or_in_gear_two(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """[397-400, 430-432] After a steer at LOCK, the ROLL move may steer only in gear 2
    ("You must be in Gear 2 during ROLL for the bonus to apply")."""
    for gear, free in ((3, False), (2, True)):
        race = placed([(row(4), 0, gear)])
        car = race.entrants[0]
        car.on_turn, car.steers_left = True, 0  # the LOCK move steered
        asked = roll_asks(race, monkeypatch)
        roll_step(race, car, plan(locked=(0,), gear=gear), [2] * (gear - 1), True)
        assert asked == [(free, False)]


def test_reverse_only_in_gear_one_with_nothing_locked(monkeypatch: pytest.MonkeyPatch) -> None:
    """[402, 436-438] "If you are in Gear 1 and did not lock any dice, you can move in
    reverse": not with a die locked, not in gear 2."""
    for gear, locked, reverse in ((1, False, True), (1, True, False), (2, False, False)):
        race = placed([(row(10), 0, gear)])
        car = race.entrants[0]
        car.on_turn = True
        asked = roll_asks(race, monkeypatch)
        roll_step(race, car, plan(gear=gear), [2] * gear, locked)
        assert asked == [(True, reverse)]


def test_a_steer_moves_the_front_into_the_front_arcs_side_space_and_the_back_follows(
        ) -> None:
    """[428, 454-458] Steering: on the first space the front moves into the left or right
    space of the front arc, then on that way; the back moves into the space the front left
    (it "does not swing to the left or right before it moves")."""
    race = placed([(Hex(6, 3), 0, 2)])
    car = race.entrants[0]
    car.on_turn = True
    assert drive(race, car, 1, 1, False, "lock") == DONE
    assert car.front == Hex(6, 3).neighbour(1) and car.back == Hex(6, 3) and car.facing == 1
    assert drive(race, car, 2, -1, False, "roll") == DONE
    assert car.facing == 0 and car.front == Hex(9, 2) and car.back == Hex(8, 2)


def test_handbrake_turn_puts_the_front_beside_the_car_as_one_space() -> None:
    """[666-668] The front moves into the space directly beside the car, the back into the
    space the front left; the car drives on that way, the turn counting as one space."""
    race = placed([(Hex(4, 4), 0, 2)])
    car = race.entrants[0]
    beside = Hex(4, 4).neighbour(2)
    assert beside in {car.front.neighbour(2)} and car.back.neighbour(1) == beside
    car.on_turn = True
    assert drive(race, car, 1, 2, False, "lock") == DONE
    assert car.front == beside and car.back == Hex(4, 4) and car.facing == 2
    assert drive(race, car, 2, 0, False, "roll") == DONE
    assert car.front == Hex(4, 1)


def test_a_reversing_car_is_not_steered_by_a_slick_under_its_front() -> None:
    """[630] The slick acts on the end that leads: the back when reversing ("or the back of
    your car if moving in reverse")."""
    race = placed([(row(10), 0, 1)])
    car = race.entrants[0]
    race.board[row(10)] = BoardItem(item("Oil Slick"), face_down=False)
    car.on_turn = True
    assert drive(race, car, 2, 0, True, "roll") == DONE
    assert not car.oiled and car.facing == 0 and car.back == row(7)


def test_a_reversing_car_whose_back_is_on_a_slick_must_steer() -> None:
    """[630] "If the rear of your car is on an oil slick at the start of a move it has no
    effect (unless you are moving in reverse)"."""
    race = placed([(row(10), 0, 1)])
    car = race.entrants[0]
    race.board[row(9)] = BoardItem(item("Oil Slick"), face_down=False)
    car.on_turn = True
    assert drive(race, car, 2, 0, True, "roll") == DONE
    assert car.oiled and car.facing in (1, 5)
    assert car.back == row(9).neighbour(car.facing + 3).neighbour(car.facing + 3)


def test_a_slick_met_mid_move_turns_the_rest_of_the_move() -> None:
    """[630] The front moving out of a slick it drove onto steers at once, then drives the
    spaces left the new way; no other steer this turn."""
    race = placed([(row(4), 0, 3)])
    car = race.entrants[0]
    race.board[row(6)] = BoardItem(item("Oil Slick"), face_down=False)
    car.on_turn = True
    assert drive(race, car, 4, 0, False, "lock") == DONE
    assert car.oiled and car.steers_left == 0 and car.facing in (1, 5)
    assert car.front == row(6).neighbour(car.facing).neighbour(car.facing)


def test_a_reversing_car_crosses_a_line_with_its_back() -> None:
    """[150, 438] Any part of the car onto the line counts: reversing, the back leads over
    the item checkpoint, and the item is taken when the move ends."""
    race = item_race(items=(item("Nitro"),))
    car = race.entrants[0]
    car.front, car.facing, car.gear = row(16), 0, 1
    car.on_turn = True
    assert drive(race, car, 3, 0, True, "roll") == DONE
    collect_all(race)
    assert car.back == row(12) and car.stage == 1
    assert [i.name for i in car.items if i] == ["Nitro"]


# --- collisions (Collisions; Examples: Collisions) -----------------------------------------

def test_side_swipe_on_the_front_swings_it_about_the_back() -> None:
    """[476] "Leave the end you did not hit in place and push the other end out of the
    space you're moving into"."""
    race = placed([(row(4), 0, 3), (row(7), 5, 2)])
    yellow, red = race.entrants
    assert red.back == Hex(7, 1)
    yellow.on_turn = True
    assert drive(race, yellow, 5, 0, False, "lock") == DONE
    assert yellow.front == row(9) and red.back == Hex(7, 1)
    assert red.front == Hex(8, 1) and red.facing == 0


def test_a_car_side_swiped_again_on_the_roll_rotates_again() -> None:
    """[682-690] Examples: SIDE-SWIPE. The locked move swings the red car's rear out of the
    way; "If the yellow car steers to the left during ROLL, the red car will rotate again"."""
    race = placed([(Hex(4, 4), 0, 3), (Hex(7, 3), 2, 2)])
    yellow, red = race.entrants
    assert red.back == Hex(7, 4)
    yellow.on_turn = True
    assert drive(race, yellow, 3, 0, False, "lock") == DONE
    assert red.front == Hex(7, 3) and red.back == Hex(8, 3) and yellow.front == Hex(7, 4)
    assert drive(race, yellow, 2, 1, False, "roll") == DONE
    assert red.front == Hex(7, 3) and red.back == Hex(8, 2)
    assert yellow.front == Hex(9, 2) and actions(race).count("side-swipe") == 2


def test_a_side_swipe_stopped_by_a_barrier_rotates_as_far_as_it_can_then_piles_up() -> None:
    """[696-700] Examples: PILE-UP: SIDE-SWIPE. "The red car cannot rotate fully out of the
    way due to the barrier. It rotates as far as possible, then both cars PILE-UP"."""
    race = placed([(Hex(2, 3), 1, 3), (Hex(3, 1), 2, 3)])
    black, red = race.entrants
    assert red.back == Hex(3, 2) and black.front.neighbour(1) == red.back
    black.on_turn = True
    assert drive(race, black, 5, 0, False, "lock") == PILE_UP
    assert red.front == Hex(3, 1) and red.back == Hex(4, 1)  # one sixth, then the wall
    assert black.front == Hex(2, 3)
    assert (black.gear, red.gear, black.pending_damage, red.damage_taken) == (2, 2, 1, 1)


def test_rear_end_into_a_car_held_by_a_third_piles_up_all_three() -> None:
    """[732-736] The green car blocks the yellow car from being pushed: the red car moves
    as far as it can, then all three cars PILE-UP, each a gear down and a damage."""
    race = placed([(row(4), 0, 4), (row(9), 0, 3), (row(11), 0, 2)])
    red, yellow, green = race.entrants
    red.on_turn = True
    assert drive(race, red, 7, 0, False, "roll") == PILE_UP
    assert red.front == row(7) and yellow.front == row(9) and green.front == row(11)
    assert (red.gear, yellow.gear, green.gear) == (3, 2, 1)
    assert (red.pending_damage, yellow.damage_taken, green.damage_taken) == (1, 1, 1)


def test_head_on_pushed_backwards_into_a_barrier_piles_up() -> None:
    """[490, 494] A HEAD-ON taken as a push: the car hit moves backwards, and a barrier
    behind it makes a PILE-UP."""
    race = placed([(row(17), 0, 3), (row(20), 3, 5)])
    red, yellow = race.entrants
    red.on_turn = True
    assert drive(race, red, 8, 0, False, "roll") == PILE_UP
    assert yellow.back == row(23) and red.front == row(21)
    assert (red.gear, yellow.gear) == (2, 4) and yellow.damage_taken == 1


def test_head_on_both_cars_smash_when_the_car_hit_chooses_it(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """[486-488, 748] "Both cars immediately SMASH, ending the red car's turn": neither
    moves on; both go to gear 0 with a damage (the car hit places it at once)."""
    race = placed([(row(4), 0, 3), (row(7), 3, 2)])
    red, yellow = race.entrants
    monkeypatch.setattr(race.driver, "head_on_smash", lambda race_, hit, left: True)
    red.on_turn = True
    assert drive(race, red, 4, 0, False, "roll") == SMASH
    assert red.front == row(6) and yellow.front == row(7) and yellow.facing == 3
    assert (red.gear, yellow.gear) == (0, 0) and red.must_shift_up and yellow.must_shift_up
    assert red.pending_damage == 1 and yellow.damage_taken == 1 and yellow.dice == []


def test_the_car_hit_head_on_chooses_by_what_each_choice_costs_it() -> None:
    """[486] "the driver of that car decides": pushed backwards into a barrier from gear 1
    (a PILE-UP: gear 0, a damage and ground lost) our driver takes the SMASH; with room
    behind it takes the push, in any gear; against a barrier in gear 5, the PILE-UP."""
    race = placed([(row(4), 0, 3), (row(21), 3, 1), (Hex(10, 3), 3, 5)])
    _, cornered, roomy = race.entrants
    assert race.driver.head_on_smash(race, cornered, 6)
    for facing in range(6):
        for gear in range(6):
            roomy.facing, roomy.gear = facing, gear
            assert not race.driver.head_on_smash(race, roomy, 2)
    cornered.gear = 5
    assert not race.driver.head_on_smash(race, cornered, 6)
