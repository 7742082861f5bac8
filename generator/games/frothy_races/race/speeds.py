"""The Speed Check and Speed changes (Speed Check; Speed Changes; Speed Rating Changes), with
the exact odds a driver weighs.

Part of the Frothy race engine (``engine`` in this package): each function takes the race
first and is a method of ``Race`` there.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from generator.games.frothy_races.race.vehicles import (
    speed_box,
)
from generator.probability.frothy_dice import Direction, kept_lowest
from generator.probability.frothy_dice import speed_check as check_odds
from generator.probability.frothy_speed_table import Marker, Row, SpeedTable

if TYPE_CHECKING:
    from generator.games.frothy_races.race.engine import Car, Race


# Speed Check odds by everything they depend on (Race.speed_odds); the vehicle's own hash
# is kept, where the Speed table's and the marker's would be worked out at every call.
_ODDS: dict[tuple[object, ...], list[tuple[int, float]]] = {}


_SHIFTED: dict[tuple[object, ...], Marker] = {}  # the same for shift_marker
_AFTER: dict[tuple[object, ...], tuple[int, ...]] = {}  # the same for speed_after


def set_marker(race: Race, car: Car, marker: Marker, speed_check: bool = False) -> None:
    """Move the Speed marker; a Speed above the vehicle's limit drops to it. Control Loss
    is cleared when the Speed changes to a Safe one, or is Safe after a Speed Check
    ('Control Loss Points': Safe Speed); a vehicle that stays at the Safe Speed it had
    keeps what it gains (the Collision Example's Red chariot at Speed 1)."""
    table = car.spec.table
    before = car.speed
    car.marker = marker
    car.speed = car.spec.box_speeds[marker[0] is Row.ACCELERATION][marker[1]]
    if car.speed > car.max_speed:
        car.marker = speed_box(table, car.max_speed, right_most=True)
        car.speed = car.max_speed
    if (speed_check or car.speed != before) and race.is_safe(car, car.speed):
        car.control_loss = car.spec.control_minimum
    if car.wiped_out:  # the collision that wrecked it changes the Speed it bounces on at
        car.wreck_speed = car.speed


def set_speed(race: Race, car: Car, speed: int) -> None:
    """Change the Speed rating itself ('Speed Rating Changes'): a fall puts the marker in the
    new rating's right-most box, a rise in its left-most box of both rows (so the next
    deceleration counts from the left-most Deceleration box, not from the box matching
    the left-most Acceleration one). A change to the Speed it already has is no change,
    and the marker stays in its box. A rise past the vehicle's maximum Speed (a Rear-End's
    gain under 'Maximum Speed #') is Over-Whipping: it comes back down from the maximum by
    the ratings it could not rise ('any change that would take the vehicle's Speed above
    this value is treated as Over-Whipping'), so its last change is a fall, into the
    right-most box, even back at the Speed it had."""
    top = car.max_speed
    table = car.spec.table
    if speed > top:
        race.set_marker(car, speed_box(table, max(0, 2 * top - speed), right_most=True))
        return
    speed = max(0, speed)
    if speed == car.speed:
        return
    if speed < car.speed:
        race.set_marker(car, speed_box(table, speed, right_most=True))
    else:
        race.set_marker(car, Marker(Row.DECELERATION, sum(table.deceleration[:speed])))


def speed_check(race: Race, car: Car) -> None:
    """The round's Speed Check: the bot's choice of direction and cards, the roll, the
    dice kept, the marker moved. Rival # adds to it while its rival is ahead (the driver
    weighs the check with the bonus, as the roll applies it)."""
    bonus = rival_bonus(race, car) if car.rival >= 0 else 0
    if not bonus:
        _speed_check(race, car)
        return
    car.accel_mod += bonus
    try:
        _speed_check(race, car)
    finally:
        car.accel_mod -= bonus


def name_rivals(cars: Sequence[Car]) -> None:
    """Before the race, each vehicle with Rival # names its rival (``rival_of``)."""
    for car in cars:
        if car.spec.trait("Rival") > 0:
            car.rival = rival_of(cars, car)


def rival_of(cars: Sequence[Car], car: Car) -> int:
    """Rival #: 'choose any other vehicle competing in this race'. The one a player would
    name: the other entrant that moves furthest in a round at its top Speed (the first in
    grid order on a tie); -1 when there is none."""
    others = [c for c in cars if c is not car]
    if not others:
        return -1
    return max(others, key=lambda c: (sum(row[c.spec.top_speed] for row in c.spec.moves),
                                      -c.index)).index


def rival_bonus(race: Race, car: Car) -> int:
    """Rival #: add # to the rolls to Accelerate 'at the start of any round when that
    vehicle is ahead of you': finished before it, or nearer the finish while both race."""
    other = race.cars[car.rival]
    if other.finished_round:
        ahead = True
    elif not other.racing:
        ahead = False  # a wreck competes no longer
    else:
        ahead = race.car_remaining(other) < race.car_remaining(car)
    return car.spec.trait("Rival") if ahead else 0


def _speed_check(race: Race, car: Car) -> None:
    choice = car.bot.speed_check(race, car)
    accelerate = choice.accelerate
    whip, lash = race.play_with(car, "spur", max(0, choice.whip),
                                "Lash" if accelerate else None)
    reins, whoah = race.play_with(car, "reins", max(0, choice.reins),
                                  None if accelerate else "Whoah!")
    # Stamina's '+# Reins / Speed Check': the check is made 'as though they had played an
    # additional 2 Reins cards' (Stamina Check Example), so with those the player has used
    # cards and may choose either way; only with none at all must it Decelerate.
    extra_reins = race.stamina_reins(car)
    if whip + reins + extra_reins == 0:
        accelerate = car.spec.trait("Champing at the Bit") > 0
    direction = Direction.ACCELERATE if accelerate else Direction.DECELERATE
    table = car.spec.table
    # 'The player may add +# to the result' of a Lash or Whoah! card: to any result, a
    # negative one (Cautious, Reckless) too, or not at all.
    values, dice = race.speed_roll(car, whip, reins + extra_reins, direction, lash + whoah)
    boxes = car.bot.keep(race, car, accelerate, values)
    if boxes not in values:
        raise RuntimeError(f"{car.label}: the bot kept Speed dice the rules do not allow")
    marker = car.marker
    key = (car.spec, marker, boxes, accelerate, car.max_speed)
    shifted = _SHIFTED.get(key)
    if shifted is None:
        if len(_SHIFTED) >= 100_000:
            _SHIFTED.clear()
        shifted = _SHIFTED[key] = shift_marker(table, marker, boxes, accelerate,
                                               car.max_speed)
    marker = shifted
    before = car.speed
    race.set_marker(car, marker, speed_check=True)
    if race.logging:
        race.log(car, "speed check", dice, {"direction": direction.value, "whip": whip,
                                            "reins": reins, "boxes": boxes,
                                            "speed": [before, car.speed]})


def speed_after(race: Race, car: Car, accelerate: bool, values: Sequence[int]) -> list[int]:
    """The Speed each Speed Check value would leave the vehicle at."""
    marker = car.marker
    key = (car.spec, marker, accelerate, car.max_speed, tuple(values))
    found = _AFTER.get(key)
    if found is None:
        if len(_AFTER) >= 100_000:
            _AFTER.clear()
        table = car.spec.table
        found = _AFTER[key] = tuple(table.speed_of(shift_marker(table, marker, v, accelerate,
                                                               car.max_speed))
                                    for v in values)
    return list(found)


def stamina_reins(race: Race, car: Car) -> int:
    if not race.options.stamina or car.stamina >= car.spec.stamina_max:
        return 0  # Stamina Check: no affect applies at the maximum
    return sum(a.value for level, a in car.spec.stamina_affects
               if a.name == "+# Reins / Speed Check" and car.stamina <= level)


def race_speed_odds(race: Race, car: Car, accelerate: bool, whip: int, reins: int
               ) -> list[tuple[int, float]]:
    """The chance of each Speed a Speed Check with these cards would end at (exact odds
    from ``generator.probability``, as floats); what a bot weighs before choosing."""
    spec = car.spec
    fixed, extra, shift, _ = spec.speed_traits[accelerate]
    if accelerate:
        shift, limit = shift + car.accel_mod, car.max_accel
    else:
        shift, limit = shift + car.decel_mod, car.max_decel
    marker, back = car.marker, reverse_limit(car, accelerate)
    reins += race.stamina_reins(car)
    if spec.trait("Beastmaster"):  # any two dice kept: the odds of as many with no card
        whip, reins, extra = 0, 0, extra + whip + reins
    key = (spec, marker[0] is Row.ACCELERATION, marker[1], accelerate, whip,
           reins, fixed, shift, car.max_speed, limit, back, extra)
    found = _ODDS.get(key)
    if found is None:
        if len(_ODDS) >= 100_000:
            _ODDS.clear()
        found = _ODDS[key] = speed_odds(spec.table, marker, accelerate, whip, reins,
                                        extra, fixed, shift, car.max_speed, limit, back)
    return found


def speed_roll(race: Race, car: Car, whip: int, reins: int, direction: Direction,
               card: int = 0) -> tuple[list[int], list[int]]:
    """Every Speed Check value (boxes) the player may choose, and the dice rolled
    ('Speed Check'): any two dice the card rule lets it keep, not only the highest;
    with Tireless or Anchor, any number of boxes up to the trait's. ``card``: a Lash or
    Whoah! card's '#', which the player may add or not."""
    accelerate = direction is Direction.ACCELERATE
    fixed, extra, shift, rerolls = car.spec.speed_traits[accelerate]
    limit = car.max_accel if accelerate else car.max_decel
    if fixed:  # no roll, so no Speed Check roll modifier (Tireless, Anchor)
        back = reverse_limit(car, accelerate)
        return sorted({final_value(v + bonus, limit, back)
                       for v in range(min(fixed, limit) + 1) for bonus in {0, card}}), []
    rolled = race.roll_values(2 + whip + reins + extra)
    dice = sorted(race.reroll_low(rolled, rerolls))
    shift += car.accel_mod if accelerate else car.decel_mod
    # Beastmaster: 'you may always use the values on any two of the dice rolled, no
    # matter which cards were used'.
    lock = 0 if car.spec.trait("Beastmaster") else kept_lowest(whip, reins, direction)
    return list(check_values(tuple(dice), lock, shift, limit,
                             reverse_limit(car, accelerate), card)), dice


def reverse_limit(car: Car, accelerate: bool) -> int:
    """The most boxes a negative final Speed Check value may move the other way: none
    unless Cautious (accelerating) or Reckless (decelerating) says so ('If the final value
    is negative then Decelerate by that amount instead'), and then at most what '#
    Maximum Deceleration' (or Acceleration) allows, since the marker then moves
    'when Decelerating during a Speed check'."""
    if accelerate:
        return car.max_decel if car.spec.trait("Cautious") > 0 else 0
    return car.max_accel if car.spec.trait("Reckless") > 0 else 0


def final_value(value: int, limit: int, back: int) -> int:
    """The boxes a Speed Check moves: at most ``limit`` ('# Maximum Acceleration' /
    'Deceleration'); a negative value moves the other way by at most ``back``
    (``reverse_limit``), so without Cautious or Reckless no box at all: 'Speed Changes'
    moves the marker 'a number of boxes ... equal to the final Speed check value', and a
    '-# Speed Check Acceleration Modifier' says nothing of reversing."""
    value = min(value, limit)
    return value if value >= 0 else max(value, -back)


@lru_cache(maxsize=256)
def speed_values(whip: int, reins: int, accelerate: bool, extra: int
                 ) -> tuple[tuple[int, float], ...]:
    """Speed Check values and their chances, from the exact odds (as floats, once)."""
    direction = Direction.ACCELERATE if accelerate else Direction.DECELERATE
    dist = check_odds(whip, reins, direction, extra_dice=extra)
    return tuple((value, float(p)) for value, p in dist.items())


@lru_cache(maxsize=65536)
def speed_odds(table: SpeedTable, marker: Marker, accelerate: bool, whip: int, reins: int,
               extra: int, fixed: int, shift: int, top: int, limit: int,
               back: int) -> list[tuple[int, float]]:
    """Each Speed a Speed Check can end at, with its chance (cached: few markers recur).
    With Tireless or Anchor no die is rolled, so no modifier applies to the boxes (as
    speed_roll plays it): the most the trait allows."""
    values = ((fixed, 1.0),) if fixed else speed_values(whip, reins, accelerate, extra)
    odds: dict[int, float] = {}
    for value, p in values:
        boxes = final_value(value if fixed else value + shift, limit, back)
        speed = table.speed_of(shift_marker(table, marker, boxes, accelerate, top))
        odds[speed] = odds.get(speed, 0.0) + p
    return sorted(odds.items())


@lru_cache(maxsize=65536)
def shift_marker(table: SpeedTable, marker: Marker, boxes: int, accelerate: bool, top: int
                 ) -> Marker:
    """Apply a Speed Check of ``boxes`` (a negative value reverses the direction, as
    Cautious or Reckless can make it). Past the last box of the top Speed the vehicle may
    reach, the rest is a deceleration from there (Over-Whipping; 'Maximum Speed #')."""
    if boxes < 0:
        accelerate, boxes = not accelerate, -boxes
    if not accelerate:
        return table.decelerate(marker, boxes)
    here = table.acceleration_box(marker)
    last = sum(table.acceleration[:top + 1]) - 1
    if here + boxes <= last:
        return Marker(Row.ACCELERATION, here + boxes)
    return table.decelerate(Marker(Row.ACCELERATION, last), here + boxes - last)


def kept_sum(sorted_dice: list[int], lock: int) -> int:
    """The highest sum of two kept dice allowed when ``lock`` of them must be the lowest."""
    return max(kept_sums(sorted_dice, lock))


@lru_cache(maxsize=4096)
def check_values(sorted_dice: tuple[int, ...], lock: int, shift: int, limit: int, back: int,
                 card: int) -> tuple[int, ...]:
    """``speed_roll``'s values for dice rolled, kept: the same dice come up again and
    again. ``lock``: how many kept dice must be the lowest (``kept_sums``); ``shift``: the
    Speed Check modifiers; ``limit`` and ``back``: as ``final_value`` reads them;
    ``card``: a Lash or Whoah! card's '#', added or not."""
    return tuple(sorted({final_value(v + shift + bonus, limit, back)
                         for v in kept_sums(list(sorted_dice), lock) for bonus in {0, card}}))


def kept_sums(sorted_dice: list[int], lock: int) -> set[int]:
    """Every sum of two kept dice a player may choose when ``lock`` of them must be the
    lowest rolled (Speed Check: 'discard 1 dice for each card used')."""
    if len(sorted_dice) == 1:
        return {sorted_dice[0]}
    if lock == 2:
        return {sorted_dice[0] + sorted_dice[1]}
    if lock == 1:
        return {sorted_dice[0] + other for other in sorted_dice[1:]}
    return {a + b for i, a in enumerate(sorted_dice) for b in sorted_dice[i + 1:]}
