"""The Joyride engine against rulebook sentences it used to read differently (the seed
file's line in brackets): each laid out in the test yard and stepped."""

from __future__ import annotations

from typing import Any

import pytest

from generator.games.joyride.race.api import driver_for
from generator.games.joyride.race.damage import take_damage
from generator.games.joyride.race.driver import Plan
from generator.games.joyride.race.engine import Race
from generator.games.joyride.race.items import BoardItem, collect, empty_front, rocket_path
from generator.games.joyride.race.movement import DONE, drive, pile_up
from generator.games.joyride.race.results import RaceOptions
from generator.games.joyride.race.turn import collect_all, end_step, roll_step
from generator.games.joyride.standard import baseline
from generator.tracks.hexgrid import Hex
from tests.games.joyride.race_support import item, item_yard, model, placed, row


def free_steers_asked(race: Any, monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The driver's ROLL moves from here on, each as whether a free steer was offered."""
    asked: list[bool] = []
    real = race.driver.roll_move

    def spy(car: Any, total: int, free_steer: bool, *rest: Any) -> Any:
        asked.append(free_steer)
        return real(car, total, free_steer, *rest)

    monkeypatch.setattr(race.driver, "roll_move", spy)
    return asked


def test_oil_slick_steer_takes_gear_twos_bonus_steer(monkeypatch: pytest.MonkeyPatch
                                                     ) -> None:
    """[630] "If the front of your car is on an oil slick at the start of a move, you must
    immediately steer and cannot steer again this turn": not even in gear 2 at ROLL."""
    race = placed([(row(4), 0, 2)])
    car = race.entrants[0]
    race.board[row(4)] = BoardItem(item("Oil Slick"), face_down=False)
    car.on_turn, car.steers_left = True, 1
    assert drive(race, car, 2, 0, False, "lock") == DONE
    assert car.facing in (1, 5) and car.oiled
    asked = free_steers_asked(race, monkeypatch)
    plan = Plan((), None, 0, 2, 0, (), 0.0)
    roll_step(race, car, plan, [2, 2], True)
    assert asked == [False]
    moves = [e for e in race.events if e["action"] == "move" and e["phase"] == "roll"]
    assert moves and moves[-1]["result"]["steer"] == 0


def test_gear_two_still_steers_twice_without_a_slick(monkeypatch: pytest.MonkeyPatch
                                                     ) -> None:
    """[432] Gear 2's bonus steer: a car that steered at LOCK may steer at ROLL in gear 2."""
    race = placed([(row(4), 0, 2)])
    car = race.entrants[0]
    car.on_turn = True
    assert drive(race, car, 1, 1, False, "lock") == DONE
    car.steers_left = 0  # the LOCK move's steer, as the turn counts it
    asked = free_steers_asked(race, monkeypatch)
    roll_step(race, car, Plan((), None, 0, 2, 0, (), 0.0), [2, 2], True)
    assert asked == [True]


def test_end_shifts_down_before_placing_damage() -> None:
    """[406-408] END: "Then shift down if an effect forced you to do so this turn. Finally,
    place any damage tokens": struck by an explosion in gear 5, the car drops to gear 4,
    then the damage shuts gear 5, which it has already left; it stays in gear 4."""
    race = placed([(row(4), 0, 5)])
    car = race.entrants[0]
    car.item_damage, car.locked_damage = {0, 1}, {1}  # only a gear is left to damage
    car.on_turn, car.pending_damage = True, 1
    race.drops_at_end.append(car)
    end_step(race, car, [2] * 5)
    assert car.gear_damage == {5}
    assert car.gear == 4 and len(car.dice) == 4


def test_reversing_car_picks_up_what_its_back_drives_over() -> None:
    """[570] "When you drive over a face-down item on the track, pick it up": reversing,
    the back is the end that drives over it [438]."""
    race = placed([(row(10), 0, 1)])
    car = race.entrants[0]
    race.board[row(7)] = BoardItem(item("Nitro"), face_down=True)
    car.on_turn = True
    assert drive(race, car, 3, 0, True, "roll") == DONE
    collect_all(race)
    assert car.back == row(6) and car.facing == 0
    assert row(7) not in race.board
    assert [i.name for i in car.items if i is not None] == ["Nitro"]


def test_pushed_car_does_not_pick_up_a_face_down_item() -> None:
    """[570, 632] A car pushed over a face-down item did not drive over it."""
    race = placed([(row(4), 0, 3), (row(7), 0, 2)])
    red, yellow = race.entrants
    race.board[row(8)] = BoardItem(item("Nitro"), face_down=True)
    red.on_turn = True
    drive(race, red, 6, 0, False, "roll")
    collect_all(race)
    assert yellow.front.q > 8 and yellow.items == [None, None]


def test_pushed_car_takes_an_item_checkpoints_item_when_the_move_ends() -> None:
    """[150, 154, 572] A car pushed onto an item checkpoint's line crosses it and takes its
    item once the move is over, not at the end of its own next move."""
    track = item_yard()
    driver = driver_for(track)
    race = Race(driver.table.course, driver, [baseline()] * 2, 1,
                RaceOptions(log_events=True), (item("Nitro"),))
    red, yellow = race.entrants
    red.front, red.facing, red.gear = row(8), 0, 3
    yellow.front, yellow.facing, yellow.gear = row(11), 0, 2
    red.on_turn = True
    assert drive(race, red, 6, 0, False, "roll") == DONE
    collect_all(race)
    assert yellow.stage == 1 and yellow.front == row(14)
    assert [i.name for i in yellow.items if i is not None] == ["Nitro"]
    assert yellow.collected == []


def test_pile_up_damages_each_car_once() -> None:
    """[494] "Every car involved in the PILE-UP (including you) takes 1 damage and drops 1
    gear": once, even if a car is named twice."""
    race = placed([(row(4), 0, 4), (row(8), 0, 3)])
    a, b = race.entrants
    pile_up(race, [a, b, a])
    assert (a.damage_taken, a.gear) == (1, 3)
    assert (b.damage_taken, b.gear) == (1, 2)


def test_rocket_needs_an_empty_front_arc_space() -> None:
    """[592, 863] "Both require an empty space": a Rocket does not leave from a space
    holding an item, as a dropped item cannot go on one."""
    race = placed([(row(4), 0, 2)])
    car = race.entrants[0]
    ahead = row(5)
    assert ahead in empty_front(race, car)
    race.board[ahead] = BoardItem(item("Oil Slick"), face_down=False)
    assert ahead not in empty_front(race, car)
    assert rocket_path(race, car, ahead) is None


def test_permanent_extra_dice_are_rolled_whether_you_like_it_or_not() -> None:
    """[307] Permanent abilities "apply every turn, whether you like it or not": the
    fixture's Afterburner (two extra dice on every ROLL) rolls them even two spaces from
    a wall with no steer left, where the driver would rather not."""
    from tests.games.joyride.race_support import FIXTURES, yard

    driver = driver_for(yard())
    race = Race(driver.table.course, driver, [model(FIXTURES / "overpowered.yaml")], 1,
                RaceOptions(log_events=True))
    car = race.entrants[0]
    car.front, car.facing, car.gear, car.dice = row(21), 0, 1, [1]
    car.on_turn, car.steers_left, car.oiled = True, 0, True  # no steer left this turn
    roll_step(race, car, Plan((0,), None, 0, 1, 0, (), 0.0), [], True)
    moves = [e for e in race.events if e["phase"] == "roll" and e["action"] == "move"]
    assert len(moves) == 1 and len(moves[0]["dice"]) == 2


def test_rocket_picked_up_on_the_lock_move_is_fired_at_end() -> None:
    """[596, 233] "Fired items can be used during the START, SHIFT or END stages of your
    turn" and "can be used immediately": a Rocket in hand at END, a rival ahead, flies."""
    race = placed([(row(4), 0, 2), (row(9), 0, 2)])
    shooter, target = race.entrants
    shooter.items[0] = item("Rocket")
    shooter.on_turn = True
    end_step(race, shooter, [2, 2])
    fired = [e for e in race.events if e["action"] == "fire Rocket"]
    assert fired and fired[0]["phase"] == "end"
    assert shooter.items == [None, None] and target.damage_taken == 1


def overpowered_race() -> Race:
    """The yard with the fixture car whose abilities are permanent extra dice, an extra
    steer and sharp steers."""
    from tests.games.joyride.race_support import FIXTURES, yard

    driver = driver_for(yard())
    return Race(driver.table.course, driver, [model(FIXTURES / "overpowered.yaml")], 1,
                RaceOptions(log_events=True))


def test_oil_slick_steer_also_takes_an_abilitys_extra_steer(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """[630, 536] "cannot steer again this turn", and items take precedence over driver
    abilities: Power Steering's extra steer does not give the ROLL a steer back."""
    race = overpowered_race()
    car = race.entrants[0]
    car.front, car.facing, car.gear, car.dice = row(4), 0, 3, [2, 2, 2]
    race.board[row(4)] = BoardItem(item("Oil Slick"), face_down=False)
    car.on_turn, car.steers_left = True, 1
    assert drive(race, car, 2, 0, False, "lock") == DONE and car.oiled
    asked = free_steers_asked(race, monkeypatch)
    roll_step(race, car, Plan((0, 1), None, 0, 3, 0, (), 0.0), [2], True)
    assert asked == [False]


def test_a_car_in_gear_one_dropping_a_gear_goes_to_gear_zero() -> None:
    """Reading (docs/racing-joyride.md): a PILE-UP's "drops 1 gear" from gear 1 leaves the
    car in gear 0 with no dice, as after a SMASH, and it must shift up next turn."""
    race = placed([(row(4), 0, 1), (row(8), 0, 3)])
    low, other = race.entrants
    pile_up(race, [low, other])
    assert low.gear == 0 and low.dice == [] and low.must_shift_up
    assert all(g >= 1 for g, _, _ in race.driver._shifts(low))  # shift up (Gear Master: 2)


def test_shifting_down_never_goes_below_gear_one() -> None:
    """[390-393] SHIFT DOWN and ENGINE BRAKE move the stick down the gear column (gears 1
    to 5): from gear 1 neither is offered, from gear 2 no engine brake."""
    race = placed([(row(4), 0, 1), (row(8), 0, 2)])
    first, second = race.entrants
    assert min(g for g, _, _ in race.driver._shifts(first)) == 1
    assert all(g >= 1 for g, _, _ in race.driver._shifts(second))
    assert all(damage == 0 for _, damage, _ in race.driver._shifts(second))


def test_round_end_sorts_by_gear_and_ties_keep_their_order(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """[412, 831] Highest gear at the top; cars in the same gear stay in their order."""
    race = placed([(Hex(4, 1), 0, 2), (Hex(4, 3), 0, 4), (Hex(4, 5), 0, 2)])
    a, b, c = race.entrants
    monkeypatch.setattr("generator.games.joyride.race.engine.take_turn",
                        lambda race, car: None)
    race.order = [c, a, b]
    race.play_round()
    assert race.order == [b, c, a]


def test_an_item_with_both_slots_full_replaces_one_and_with_both_shut_is_lost() -> None:
    """[572] Full slots: one item is discarded for the new one. Both slots damaged: the
    item is revealed, then discarded."""
    race = placed([(row(4), 0, 2), (row(10), 0, 2)])
    full, shut = race.entrants
    full.items = [item("Mine"), item("Rocket")]
    collect(race, full, item("Nitro"))
    assert sorted(i.name for i in full.items) in (["Nitro", "Rocket"], ["Mine", "Nitro"])
    shut.item_damage = {0, 1}
    collect(race, shut, item("Nitro"))
    assert shut.items == [None, None]


def test_lap_repowers_one_ability_for_each_car_ahead() -> None:
    """[296-303] The first car over the line gets none back, the second one, the third
    two: only abilities already used."""
    race = placed([(row(4), 0, 2), (row(8), 0, 2), (row(12), 0, 2)])
    lines = len(race.course.lines)
    for car in race.entrants:
        for state in car.abilities:
            state.used = True
    first, second, third = race.entrants
    for car in (first, second, third):
        car.stage = lines - 1
        race._cross(car, lines - 1)
        assert race.winner is first  # [354] the first over the line wins
    assert [sum(not s.used for s in c.abilities) for c in (first, second, third)] == [0, 1, 2]


def test_gear_damage_hits_the_highest_gear_and_shifts_the_car_down() -> None:
    """[512] Damage on the gears shuts the highest open gear; a car in it shifts down at
    once (damage on another's turn is placed at once [500])."""
    race = placed([(row(4), 0, 5)])
    car = race.entrants[0]
    car.item_damage, car.locked_damage = {0, 1}, {1}
    take_damage(race, car, 1, "test")
    assert car.gear_damage == {5} and car.gear == 4 and len(car.dice) == 4
    take_damage(race, car, 1, "test")
    assert car.gear_damage == {5, 4} and car.gear == 3


def test_damage_on_a_full_dashboard_is_ignored() -> None:
    """[524] With every damage slot full, more damage is ignored."""
    race = placed([(row(4), 0, 2)])
    car = race.entrants[0]
    take_damage(race, car, 12, "test")
    assert car.damage_taken == 8
    assert car.gear == 2 and car.top_gear() == 2


def test_a_car_pushed_over_the_finish_wins_and_its_pusher_does_not() -> None:
    """[354-356] The first car over the finish line wins and the game ends at once: a car
    pushed over it wins, and the car pushing it stops there."""
    track = item_yard()  # checkpoint 1 at space 12 of row 2, the finish line at space 0
    driver = driver_for(track)
    race = Race(driver.table.course, driver, [baseline()] * 2, 1,
                RaceOptions(log_events=True), ())
    pusher, pushed = race.entrants
    pusher.front, pusher.facing, pusher.gear = row(4), 3, 3
    pushed.front, pushed.facing, pushed.gear = row(2), 3, 2
    pusher.stage = pushed.stage = 1  # both past checkpoint 1
    pusher.on_turn = True
    drive(race, pusher, 6, 0, False, "roll")
    assert race.over and race.winner is pushed
    assert pushed.front == row(0) and pusher.front == row(3)


def test_a_smash_on_the_starting_roll_is_placed_at_once(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    """[340, 442, 500] The starting roll is nobody's turn: a car that SMASHes on it has
    its damage placed at once, and sits in gear 0 with no dice."""
    race = placed([(row(12), 0, 2)])
    car = race.entrants[0]
    monkeypatch.setattr(race.course, "start_facing", 3)  # the line faces the west wall
    monkeypatch.setattr(race.driver.table, "start_value", lambda space, facing: 0.0)
    race.setup()
    assert car.smashes == 1 and car.pending_damage == 0 and car.damage_taken == 1
    assert car.gear == 0 and car.dice == [] and car.must_shift_up


def test_a_mine_driven_onto_explodes_under_the_car() -> None:
    """[550, 624] A car moving onto a Mine: the mine explodes in its space and is removed;
    the car takes 1 damage (at its END, on its own turn) and drops a gear at the end of
    the turn; a car next to the space takes 1 damage at once."""
    race = placed([(row(4), 0, 3), (Hex(7, 3), 0, 2)])
    mover, near = race.entrants
    race.board[row(7)] = BoardItem(item("Mine"), face_down=False)
    mover.on_turn = True
    assert drive(race, mover, 4, 0, False, "lock") == DONE
    assert row(7) not in race.board and mover.front == row(8)
    assert mover.pending_damage == 1 and mover in race.drops_at_end
    assert near.damage_taken == 1 and near not in race.drops_at_end
    end_step(race, mover, [2, 2, 2])
    assert mover.gear == 2 and mover.damage_taken == 1


def test_a_rocket_flies_straight_on_over_dropped_items_to_the_first_car() -> None:
    """[592-594, 618] From a front-arc space the Rocket flies the way the car points, over
    a dropped item, and explodes in the space of the car part it meets; at a barrier it
    explodes in the space it is in."""
    race = placed([(row(4), 0, 2), (row(12), 0, 2)])
    shooter, target = race.entrants
    race.board[row(7)] = BoardItem(item("Oil Slick"), face_down=False)
    assert rocket_path(race, shooter, row(5)) == target.back
    side = next(h for h in empty_front(race, shooter) if h != row(5))
    end = rocket_path(race, shooter, side)
    assert end is not None and end.neighbour(0) not in race.course.open


def test_a_line_counts_only_after_the_lower_checkpoints() -> None:
    """[150] Onto the line from any direction counts, "but only if it has already crossed
    all lower-numbered checkpoints this lap": the finish line before checkpoint 1 does not."""
    track = item_yard()
    driver = driver_for(track)
    race = Race(driver.table.course, driver, [baseline()], 1, RaceOptions(), ())
    car = race.entrants[0]
    car.front, car.facing, car.gear = row(3), 3, 2
    car.on_turn = True
    drive(race, car, 3, 0, False, "roll")  # west over the finish line first
    assert car.front == row(0) and car.stage == 0 and not race.over
    car.facing = 0
    car.front = row(1)
    drive(race, car, 11, 0, False, "roll")  # east onto checkpoint 1 (space 12)
    assert car.stage == 1
