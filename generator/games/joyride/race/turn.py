"""A car's turn, step by step: START > LOCK > SHIFT > ROLL > END (Playing the Game > Your
Turn).

START: a Rocket may be fired (and at SHIFT and END). LOCK: dice from the mirror go to open
locked slots and the car moves their total, steering if it likes. SHIFT: stay, up (a die
joins the mirror, if the next gear is open), down (a die leaves it), engine brake (two
leave, 1 damage); after a SMASH the car must shift up. ROLL: every die left on the mirror
is rolled and the car moves the total; it may steer if it did not steer in LOCK or is in
gear 2 (never after an Oil Slick's steer), and reverse in gear 1 with nothing locked. END:
the dice go back to the mirror with their faces, forced shifts, a Mine or Oil Slick may be
dropped and a repair ability used, and last the turn's damage is placed. Items picked
up are taken as each move ends, by every car the move carried over them.
"""

from __future__ import annotations

from typing import Any

from generator.games.joyride.race.damage import place_damage, set_gear, take_damage
from generator.games.joyride.race.driver import Plan
from generator.games.joyride.race.items import (
    collect,
    drop_item,
    end_of_turn_drops,
    fire_rocket,
    held,
)
from generator.games.joyride.race.movement import DONE, drive
from generator.games.joyride.race.state import Entrant


def take_turn(race: Any, car: Entrant) -> None:
    """Play one whole turn of ``car``."""
    car.on_turn = True
    car.steers_left, car.oiled = 1, False
    for ability in car.abilities:
        ability.used_this_turn = False
    fire_step(race, car, "start")
    repair(race, car, EARLY_REPAIR)
    plan = race.driver.plan(race, car)
    locked = [car.dice[i] for i in plan.locked]
    if plan.face is not None:
        index, face = plan.face
        locked[plan.locked.index(index)] = face
        _spend(car, "choose_face", "lock" if car.offered("choose_face", "lock")[0] else "start")
        race.log(car, "lock", "choose face", result={"face": face})
    if plan.adjust:  # an adjust-move ability lit at LOCK
        _spend(car, "adjust_move", "lock")
        race.log(car, "lock", "adjust move", result={"by": plan.adjust})
    mirror = [d for i, d in enumerate(car.dice) if i not in plan.locked]
    outcome = DONE
    if locked:
        outcome = _move(race, car, sum(locked) + plan.adjust, plan.steer, False, "lock",
                        dice=locked)
    rolled: list[int] = []
    if outcome == DONE and not race.over:
        mirror = shift_step(race, car, plan, mirror)
        rolled = roll_step(race, car, plan, mirror, bool(locked))
        mirror = []
    if car.gear == 0:
        locked, mirror, rolled = [], [], []
    end_step(race, car, locked + mirror + rolled)


def fire_step(race: Any, car: Entrant, step: str) -> None:
    """Fire a Rocket if the driver sees a rival in the blast: at START, SHIFT or END
    ("Fired items can be used during the START, SHIFT or END stages of your turn"; an
    item "can be used immediately", so one picked up on the LOCK move may fly at SHIFT)."""
    slot = held(car, "Rocket")
    if slot is not None and not race.over:
        start = race.driver.rocket_target(race, car)
        if start is not None:
            fire_rocket(race, car, slot, start, step)


def _spend(car: Entrant, effect: str, step: str) -> None:
    state = car.offered(effect, step)[1]
    if state is not None:
        state.spend()


def _move(race: Any, car: Entrant, spaces: int, steer: int, reverse: bool, step: str,
          dice: list[int]) -> str:
    if steer:
        car.steers_left -= 1
        if abs(steer) == 2:
            _spend(car, "sharp_steer", step)
    start = list(car.front)
    outcome = drive(race, car, spaces, steer, reverse, step)
    race.log(car, step, "reverse" if reverse else "move", dice=dice,
             result={"spaces": spaces, "steer": steer, "from": start,
                     "to": list(car.front), "facing": car.facing, "outcome": outcome})
    collect_all(race)
    return outcome


def collect_all(race: Any) -> None:
    """Items picked up during the move just ended, by every car in it: a car pushed or
    swung over an item checkpoint takes its item when the move ends ("you must finish
    your move before picking up the item"), not at the end of its own next move. A move
    that won the race picks nothing up: the game ended before the move did."""
    for other in race.entrants:
        for item in other.collected if not race.over else ():
            collect(race, other, item)
        other.collected.clear()


def shift_step(race: Any, car: Entrant, plan: Plan, mirror: list[int]) -> list[int]:
    """SHIFT: move the gear stick as planned; dice join or leave the mirror; a Rocket
    may be fired."""
    fire_step(race, car, "shift")
    change = plan.gear - car.gear
    for use in plan.uses:
        if use in ("shift_up", "shift_down"):
            _spend(car, use, "shift")
    if plan.damage:
        take_damage(race, car, plan.damage, "engine brake")
    mirror = mirror + [1] * change if change > 0 else mirror[:len(mirror) + change]
    if change:
        race.log(car, "shift", "shift", result={"from": car.gear, "to": plan.gear,
                                                "brake": bool(plan.damage)})
    car.gear = plan.gear
    car.must_shift_up = False
    return mirror


def roll_step(race: Any, car: Entrant, plan: Plan, mirror: list[int], locked: bool
              ) -> list[int]:
    """ROLL: add the nitro die or extra dice if they pay, roll, then drive the total.

    A car an Oil Slick made steer this turn "cannot steer again this turn" (Standard Items
    > Oil Slick): not with gear 2's bonus steer, nor with an ability's extra steer (items
    take precedence over driver abilities)."""
    driver = race.driver
    free = (car.steers_left > 0 or car.gear == 2) and not car.oiled
    extra_steer = None
    if not free and not car.oiled:
        extra_steer = car.extra_steer()
        free = extra_steer is not None
    sharp = car.offered("sharp_steer", "roll")[0] > 0 and free
    reverse = car.gear == 1 and not locked
    nitro, more = driver.add_dice(race, car, len(mirror), free, sharp, reverse)
    if not mirror and not nitro and not more:
        return []
    faces = [race.die() for _ in range(len(mirror) + more)]
    extra = 0
    if nitro:
        slot = held(car, "Nitro")
        assert slot is not None
        car.items[slot] = None
        face = race.nitro_die()
        extra = face or 0
        race.log(car, "roll", "nitro", dice=[face if face else "lightning"])
    if more:
        _spend(car, "extra_die", "roll")
    reroll = car.offered("reroll", "roll")[1]
    if reroll is not None:
        # a permanent reroll applies "whether you like it or not": a die is rolled again
        forced = reroll.ability.mode == "permanent"
        again = driver.reroll(car, faces, extra, free, sharp, reverse, forced)
        if again is not None:
            _spend(car, "reroll", "roll")
            faces[again] = race.die()
            race.log(car, "roll", "reroll", dice=[faces[again]])
    choice = driver.roll_move(car, sum(faces) + extra, free, sharp, reverse)
    if choice.spaces != sum(faces) + extra:
        _spend(car, "adjust_move", "roll")
    if choice.steer and car.steers_left <= 0 and car.gear != 2 and extra_steer is not None:
        extra_steer.spend()
        car.steers_left += 1
    if car.gear == 2 and choice.steer and car.steers_left <= 0:
        car.steers_left += 1  # gear 2's bonus steer
    _move(race, car, choice.spaces, choice.steer, choice.reverse, "roll", dice=faces)
    return faces[:len(mirror)]


def end_step(race: Any, car: Entrant, dice: list[int]) -> None:
    """END: dice back on the mirror, forced shifts, items and repairs, damage placed.

    In the rulebook's order (Your Turn > END): "First, return the dice ...", "Then shift
    down if an effect forced you to do so this turn. Finally, place any damage tokens": a
    car an explosion struck drops its gear before its damage is placed, so a damaged top
    gear it has just left does not shift it down a second time. Placing the turn's damage
    comes last, so an item used or an ability lit at END comes before it: a Mine dropped at
    END is not lost to the damage first, and a repair mends only damage already placed."""
    car.dice = dice[:car.gear]
    while len(car.dice) < car.gear:  # a die added but never rolled keeps a face of 1
        car.dice.append(1)
    if race.over:
        # "The game ends immediately": a turn that won the race has no END (no item used,
        # no gear dropped, no repair); the damage it took is still counted on the dashboard.
        _place_pending(race, car)
        return
    fire_step(race, car, "end")
    end_of_turn_drops(race)
    for name in ("Mine", "Oil Slick"):
        slot = held(car, name)
        if slot is not None:
            at = race.driver.drop_space(race, car)
            if at is not None:
                drop_item(race, car, slot, at, "end")
    repair(race, car, LATE_REPAIR)
    _place_pending(race, car)
    if car.gear == 0:
        set_gear(car, 0)


def _place_pending(race: Any, car: Entrant) -> None:
    """The turn is over: the damage tokens on the mirror go onto damage slots."""
    car.on_turn = False
    for _ in range(car.pending_damage):
        place_damage(race, car, "own turn")
    car.pending_damage = 0


# Where a repair lit at each step is made: the dashboard's damage stays as it is from START
# to the end of ROLL (the turn's own damage waits on the mirror until END), so a repair lit
# at START, LOCK or SHIFT is made at START (a gear mended in time to shift into it), one lit
# at ROLL or END at END, before the turn's damage is placed.
EARLY_REPAIR = ("start", "lock", "shift")
LATE_REPAIR = ("roll", "end")


def repair(race: Any, car: Entrant, steps: tuple[str, ...] = LATE_REPAIR) -> None:
    """A repair ability lit at one of ``steps`` takes damage tokens off, the lowest shut
    gear first ("if a light is illuminated, the ability can be used during that part of
    your turn")."""
    if not (car.gear_damage or car.locked_damage or car.item_damage):
        return  # nothing placed to mend (checked first: this runs every turn)
    amount, state, step = 0, None, steps[-1]
    for lit in steps:
        offered, source = car.offered("repair", lit)
        if offered > amount:
            amount, state, step = offered, source, lit
    if not amount or state is None:
        return
    state.spend()
    for _ in range(amount):
        if car.gear_damage:
            car.gear_damage.remove(min(car.gear_damage))
        elif car.locked_damage:
            car.locked_damage.pop()
        elif car.item_damage:
            car.item_damage.pop()
    race.log(car, step, "repair", result={"tokens": amount})
