"""The Joyride engine against rulebook play sentences read a third time, blind (the seed
file's line in brackets): each laid out in the test yard and stepped, what should happen
written first."""

from __future__ import annotations

from typing import Any

import pytest

from generator.games.joyride.model import Ability, BalanceEffect
from generator.games.joyride.race.api import driver_for
from generator.games.joyride.race.driver import Plan
from generator.games.joyride.race.engine import Race
from generator.games.joyride.race.results import RaceOptions
from generator.games.joyride.race.state import AbilityState
from generator.games.joyride.race.turn import end_step, take_turn
from tests.games.joyride.race_support import (
    CARS,
    fixed_plan,
    item,
    model,
    placed,
    row,
    straight_on,
    yard,
)

# --- END: placing the turn's damage comes last (Playing the Game > Your Turn > END) ---------

def test_a_mine_dropped_at_end_is_not_lost_to_the_damage_placed_after_it() -> None:
    """[406-408] END ends with "Finally, place any damage tokens you gained this turn": an
    item used at END comes before. A car holding a Mine and an Oil Slick, every other
    damage slot it would give up already shut, a rival close behind: both items are
    dropped, then the turn's damage shuts an item slot that is empty by then."""
    race = placed([(row(10), 0, 2), (row(6), 0, 2)])
    car, rival = race.entrants
    car.items = [item("Mine"), item("Oil Slick")]
    car.gear_damage, car.locked_damage = {3, 4, 5}, {1}
    car.on_turn, car.pending_damage = True, 1
    end_step(race, car, [2, 2])
    dropped = sorted(board.item.name for board in race.board.values())
    assert dropped == ["Mine", "Oil Slick"]
    assert car.items == [None, None] and len(car.item_damage) == 1
    assert car.pending_damage == 0 and car.damage_taken == 1


def rust_bucket_race() -> Race:
    """The yard with Rust Bucket alone (Duct Tape: a repair lit at END)."""
    driver = driver_for(yard())
    path = next(p for p in CARS if p.name == "rust-bucket.yaml")
    race = Race(driver.table.course, driver, [model(path)], 1, RaceOptions(log_events=True))
    car = race.entrants[0]
    car.front, car.facing, car.gear, car.dice = row(10), 0, 2, [2, 2]
    return race


def test_a_repair_at_end_mends_only_damage_already_placed() -> None:
    """[406-408] The turn's damage is placed last in END: a repair lit at END comes before
    it, so it cannot take off the token this turn's SMASH left on the mirror; the token is
    placed and the ability stays ready."""
    race = rust_bucket_race()
    car = race.entrants[0]
    car.on_turn, car.pending_damage = True, 1
    end_step(race, car, [2, 2])
    assert car.damage_taken == 1 and len(car.locked_damage | car.item_damage) == 1
    assert not any(state.used for state in car.abilities)


def test_a_repair_at_end_mends_an_earlier_token_before_the_new_one_is_placed() -> None:
    """[406-408] With a token placed on an earlier turn, the repair at END takes it off;
    this turn's token is placed after it and stays."""
    race = rust_bucket_race()
    car = race.entrants[0]
    car.locked_damage, car.damage_taken = {1}, 1
    car.on_turn, car.pending_damage = True, 1
    end_step(race, car, [2, 2])
    assert any(state.used for state in car.abilities)
    assert car.damage_taken == 2 and len(car.locked_damage | car.item_damage) == 1


# --- ability timing lights (Player Components > Driver Abilities > Timing Indicators) ------

def repair_car(timing: tuple[str, ...]) -> tuple[Race, Any]:
    """A baseline car in the yard whose one ability is a repair lit at ``timing``, its
    fourth gear and the gear above shut earlier, in gear 3."""
    race = placed([(row(10), 0, 3)])
    car = race.entrants[0]
    token = Ability(name="Patch Up", timing=timing, effect="Take a damage token off.",
                    balance=(BalanceEffect("repair", 1),))
    car.abilities = [AbilityState(token)]
    car.gear_damage, car.damage_taken = {4, 5}, 2
    return race, car


@pytest.mark.parametrize("timing", [("start",), ("lock",), ("shift",)])
def test_a_repair_lit_before_roll_is_made_in_time_to_shift_into_the_gear(
        timing: tuple[str, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    """[288-290] "if a light is illuminated, the ability can be used during that part of
    your turn": a repair lit only at START, LOCK or SHIFT is used (it was used at END
    only, so such a token never acted), before the SHIFT, which may then go up into the
    gear it mended."""
    race, car = repair_car(timing)
    shifts: list[int] = []
    real = race.driver.plan

    def spy(race_: Any, car_: Any) -> Any:
        shifts.extend(g for g, _, _ in race_.driver._shifts(car_))
        return real(race_, car_)

    monkeypatch.setattr(race.driver, "plan", spy)
    take_turn(race, car)
    assert car.abilities[0].used and car.gear_damage == {5}
    assert 4 in shifts


def test_a_repair_lit_only_at_roll_is_made_before_the_damage_is_placed() -> None:
    """[288-290, 406-408] A repair lit only at ROLL is used in the turn, before END places
    the turn's damage; one lit at END is too."""
    for timing in (("roll",), ("end",)):
        race, car = repair_car(timing)
        car.on_turn, car.pending_damage = True, 1
        end_step(race, car, [2, 2, 2])
        assert car.abilities[0].used and car.damage_taken == 3


def adjusting_car(timing: tuple[str, ...]) -> tuple[Race, Any]:
    """A baseline car in the yard, gear 2 with 2 and 2 on its mirror, whose one ability
    moves a move a space longer or shorter, lit at ``timing``."""
    race = placed([(row(4), 0, 2)])
    car = race.entrants[0]
    token = Ability(name="Throttle", timing=timing, effect="One space more or fewer.",
                    balance=(BalanceEffect("adjust_move", 1),))
    car.abilities = [AbilityState(token)]
    return race, car


def test_an_adjust_move_lit_at_lock_is_weighed_for_the_locked_move() -> None:
    """[288-290] A move adjustment lit at LOCK can change the locked move: the driver
    weighs locks a space longer and shorter (it was used at ROLL only, so a token lit at
    LOCK alone never acted); lit at ROLL alone, it is not weighed at LOCK."""
    race, car = adjusting_car(("lock",))
    adjusted = {total for chosen, _, total, use in race.driver._locks(car)
                if use == "adjust_move"}
    assert adjusted == {1, 3, 5}  # one die (2) and both (4), a space either way
    race, car = adjusting_car(("roll",))
    assert all(use != "adjust_move" for *_, use in race.driver._locks(car))


def test_an_adjust_move_at_lock_moves_the_locked_move_and_is_spent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """[288-290, 380] The locked move is the dice's total, changed by the ability once;
    the flipped token is not there for the ROLL."""
    race, car = adjusting_car(("lock", "roll"))
    fixed_plan(race, monkeypatch, Plan((0,), None, 0, 2, 0, ("adjust_move",), 0.0, 1))
    straight_on(race, monkeypatch)
    take_turn(race, car)
    moves = [e for e in race.events if e["action"] == "move"]
    assert moves[0]["phase"] == "lock" and moves[0]["result"]["spaces"] == 3
    assert moves[0]["result"]["to"] == list(row(7))
    assert car.abilities[0].used and car.offered("adjust_move", "roll")[0] == 0
