"""The Joyride engine against the rulebook's play sentences not pinned elsewhere (the seed
file's line in brackets): items and their timing (with the fired-item examples), ability
tokens and their timing lights, and the game's end. Set up in the test yard and stepped."""

from __future__ import annotations

from typing import Any

import pytest

from generator.games.joyride.model import Ability, BalanceEffect
from generator.games.joyride.race.damage import take_damage
from generator.games.joyride.race.engine import Race
from generator.games.joyride.race.items import BoardItem, explode, fire_rocket, rocket_path
from generator.games.joyride.race.movement import DONE, drive
from generator.games.joyride.race.state import AbilityState
from generator.games.joyride.race.turn import collect_all, end_step, roll_step, take_turn
from generator.games.joyride.standard import standard_abilities
from generator.tracks.hexgrid import Hex
from tests.games.joyride.race_support import (
    CARS,
    actions,
    fixed_plan,
    item,
    item_race,
    model,
    placed,
    plan,
    roll_asks,
    row,
    straight_on,
)

# --- items (Special Effects > Items, Explosions; Examples: Fired Items) --------------------

def test_firing_at_a_barrier_damages_the_cars_beside_the_blast_only() -> None:
    """[773] The Rocket explodes in the space it is in as it hits the barrier: the two cars
    next to that space take 1 damage each, and as neither was hit, no gear drops."""
    race = placed([(row(10), 0, 2), (Hex(23, 1), 0, 3), (Hex(23, 3), 0, 3)])
    yellow, black, red = race.entrants
    yellow.items[0] = item("Rocket")
    yellow.on_turn = True
    assert rocket_path(race, yellow, row(11)) == row(23)
    fire_rocket(race, yellow, 0, row(11))
    assert black.damage_taken == 1 and red.damage_taken == 1 and yellow.pending_damage == 0
    assert race.drops_at_end == []


def test_chained_explosions_example() -> None:
    """[779-783] A Rocket into the green car's back: green 1 damage and a gear at the end of
    the turn, red and the mine beside it 1 damage; the mine explodes in turn, green takes 1
    more, and the oil slick beside the mine is removed."""
    race = placed([(row(4), 0, 2), (row(11), 0, 3), (Hex(10, 3), 0, 3)])
    black, green, red = race.entrants
    race.board[Hex(10, 1)] = BoardItem(item("Mine"), face_down=False)
    race.board[Hex(9, 1)] = BoardItem(item("Oil Slick"), face_down=False)
    black.items[0] = item("Rocket")
    black.on_turn = True
    assert rocket_path(race, black, row(5)) == green.back
    fire_rocket(race, black, 0, row(5))
    assert green.damage_taken == 2 and red.damage_taken == 1
    assert race.drops_at_end == [green] and race.board == {}


def test_an_explosion_takes_face_down_items_off_the_board() -> None:
    """[552] "Any item in that space or an adjacent space takes 1 damage, removing it from
    the game": a face-down pick-up too; items in hand are untouched."""
    race = placed([(row(4), 0, 2)])
    car = race.entrants[0]
    car.items[0] = item("Mine")
    race.board[row(12)] = BoardItem(item("Nitro"), face_down=True)
    explode(race, row(11), None)
    assert race.board == {} and car.items[0] is not None


def test_item_slot_damage_discards_the_item_on_it() -> None:
    """[520] "If you have an item on that slot you must immediately discard it"."""
    race = placed([(row(4), 0, 2)])
    car = race.entrants[0]
    car.items = [item("Mine"), item("Rocket")]
    car.locked_damage, car.gear_damage = {1, 2, 3}, {3, 4, 5}
    take_damage(race, car, 1, "test")
    assert len(car.item_damage) == 1
    assert sum(i is not None for i in car.items) == 1


def test_no_empty_rear_arc_space_means_no_drop() -> None:
    """[582] "If there are no empty spaces in your rear arc you cannot use the item": a car
    in one, a face-down pick-up in another, a barrier in the third."""
    race = placed([(Hex(10, 1), 0, 2), (Hex(8, 1), 0, 2)])
    car, rival = race.entrants
    rear = [car.back.neighbour(d) for d in (3, 2, 4)]
    assert rear[0] in rival.spaces and rear[1] not in race.course.open
    race.board[rear[2]] = BoardItem(item("Nitro"), face_down=True)
    car.items[0] = item("Mine")
    car.on_turn = True
    end_step(race, car, [2, 2])
    assert car.items[0] is not None and "drop Mine" not in actions(race)


def test_nitro_lets_gear_two_roll_and_steer_with_both_dice_locked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """[642] "You may use the nitro to make a rolled move even if you have no dice
    remaining on your mirror. This allows you to lock both dice in Gear 2 and still steer
    twice"."""
    race = placed([(row(4), 0, 2)])
    car = race.entrants[0]
    car.items[0] = item("Nitro")
    car.on_turn, car.steers_left = True, 0  # the LOCK move (both dice) steered
    monkeypatch.setattr(race.driver, "add_dice", lambda *args: (True, 0))
    asked = roll_asks(race, monkeypatch)
    rolled = roll_step(race, car, plan(locked=(0, 1), gear=2), [], True)
    assert rolled == [] and asked == [(True, False)]
    assert car.items[0] is None and "nitro" in actions(race)


def test_an_item_taken_on_the_lock_move_can_be_used_at_roll(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """[233, 572] "Take a random item when you complete your move (not your turn) ... Items
    can be used immediately": the Nitro from an item checkpoint crossed on the LOCK move is
    in hand when the ROLL is rolled."""
    race = item_race(items=(item("Nitro"),))
    car = race.entrants[0]
    car.front, car.facing, car.gear, car.dice = row(9), 0, 2, [3, 1]
    fixed_plan(race, monkeypatch, plan(locked=(0,), gear=2))
    in_hand: list[bool] = []

    def no_extra(race_: Any, car_: Any, *rest: Any) -> tuple[bool, int]:
        in_hand.append(car_.items[0] is not None)
        return False, 0

    monkeypatch.setattr(race.driver, "add_dice", no_extra)
    take_turn(race, car)
    assert car.stage == 1 and in_hand == [True]


def test_a_side_swiped_car_takes_an_item_checkpoints_item() -> None:
    """[150, 154, 476, 572] A car swung onto an item checkpoint's line crosses it ("any part
    of a car onto the line from any direction") and takes its item when the move ends."""
    race = item_race(2, items=(item("Nitro"),))
    mover, swung = race.entrants
    mover.front, mover.facing, mover.gear = row(8), 0, 3
    swung.front, swung.facing, swung.gear = Hex(12, 1), 1, 2
    assert swung.back == row(11) and not set(swung.spaces) & set(race.course.line_of)
    mover.on_turn = True
    assert drive(race, mover, 5, 0, False, "lock") == DONE
    collect_all(race)
    assert swung.front == Hex(12, 1) and swung.back == Hex(13, 1)
    assert swung.stage == 1 and [i.name for i in swung.items if i] == ["Nitro"]


# --- abilities (Player Components > Driver Abilities) --------------------------------------

def test_a_toggleable_token_gives_one_side_a_turn() -> None:
    """[308] "You can only use one side of a toggleable ability per turn": Verdigris's
    Hairpin used, its other side (Feathered Throttle) waits for the next turn."""
    verdigris = model(next(p for p in CARS if p.stem == "verdigris"))
    token = next(a for a in verdigris.abilities if a.mode == "toggleable")
    state = AbilityState(token)
    assert state.offers("sharp_steer", "lock") and not state.offers("adjust_move", "roll")
    state.spend()
    assert not state.offers("adjust_move", "roll") and not state.offers("sharp_steer", "roll")
    state.used_this_turn = False  # the next turn
    assert state.offers("adjust_move", "roll") == 1 and not state.used


def test_a_flipped_ability_stays_used_until_repowered() -> None:
    """[286, 294] Used, a token is flipped to low power and cannot be used again."""
    state = AbilityState(next(a for a in standard_abilities() if a.name == "Gear Master"))
    state.spend()
    state.used_this_turn = False  # a later turn
    assert state.used and not state.offers("shift_down", "shift")


# --- the end of the game (Goal) ------------------------------------------------------------

def winning_race(monkeypatch: pytest.MonkeyPatch) -> Race:
    """Item yard: a car past checkpoint 1 that crosses the finish line on its LOCK move,
    a Mine in hand, a damage pending and a rival close behind."""
    race = item_race(2)
    car, rival = race.entrants
    car.front, car.facing, car.gear, car.dice, car.stage = row(3), 3, 2, [3, 3], 1
    rival.front, rival.facing = row(7), 3
    car.items[0] = item("Mine")
    car.pending_damage = 1
    fixed_plan(race, monkeypatch, plan(locked=(0, 1), gear=2))
    return race


def test_the_game_ends_at_once_with_no_end_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """[354-356] "The game ends immediately": a turn that crosses the finish line has no
    more steps (no SHIFT, no ROLL, no item dropped at END); the damage it took is counted."""
    race = winning_race(monkeypatch)
    car = race.entrants[0]
    take_turn(race, car)
    assert race.over and race.winner is car
    assert car.items[0] is not None and not race.board and "drop Mine" not in actions(race)
    assert actions(race)[-3:] == ["lap", "move", "damage"]
    assert car.damage_taken == 1 and car.pending_damage == 0 and not car.on_turn


def test_a_winning_move_picks_nothing_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """[354-356, 572] An item is taken once the move is finished; the game ended first."""
    race = winning_race(monkeypatch)
    car = race.entrants[0]
    race.board[row(0)] = BoardItem(item("Nitro"), face_down=True)
    take_turn(race, car)
    assert race.winner is car and row(0) in race.board
    assert [i.name for i in car.items if i] == ["Mine"]


def token(name: str, effect: str, timing: tuple[str, ...], mode: str = "flip"
          ) -> AbilityState:
    """A custom ability token in play, measured as ``effect``."""
    return AbilityState(Ability(name=name, timing=timing, effect=f"{name}.", mode=mode,
                                balance=(BalanceEffect(effect, 1),)))


def test_a_permanent_reroll_is_rolled_whether_you_like_it_or_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """[307] Permanent abilities "apply every turn, whether you like it or not": a
    permanent reroll rolls a die again even where the driver would keep the roll; the same
    reroll on a flip token is left unused."""
    for mode, rerolled in (("permanent", True), ("flip", False)):
        race = placed([(row(4), 0, 2)])
        car = race.entrants[0]
        car.abilities = [token("Loaded Dice", "reroll", ("roll",), mode)]
        car.on_turn = True
        straight_on(race, monkeypatch)  # every total equally good: no reason to reroll
        roll_step(race, car, plan(gear=2), [2, 2], False)
        assert ("reroll" in actions(race)) is rerolled


def test_a_choose_face_ability_lit_at_start_is_used_before_the_locked_move() -> None:
    """[290, 658] "if a light is illuminated, the ability can be used during that part of
    your turn": a face chosen at START is still chosen before the locked move."""
    race = placed([(row(4), 0, 2)])
    car = race.entrants[0]
    car.abilities = [token("Sleight", "choose_face", ("start",))]
    assert any(face is not None for _, face, _, _ in race.driver._locks(car))
    car.abilities = [token("Sleight", "choose_face", ("end",))]
    assert all(face is None for _, face, _, _ in race.driver._locks(car))


def test_an_extra_steer_lit_at_lock_leaves_the_rolled_move_a_steer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """[290] An extra steer lit at LOCK covers the locked move's steer, so the ROLL move
    keeps the turn's own steer (in gear 3); lit at SHIFT only, it gives none."""
    for timing, free in ((("lock",), True), (("shift",), False)):
        race = placed([(row(4), 0, 3)])
        car = race.entrants[0]
        car.abilities = [token("Countersteer", "extra_steer", timing)]
        car.on_turn, car.steers_left = True, 0  # the LOCK move steered
        asked = roll_asks(race, monkeypatch)
        roll_step(race, car, plan(locked=(0,), gear=3), [2, 2], True)
        assert asked == [(free, False)]
