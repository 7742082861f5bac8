"""Damage and gear drops (Driving > Damage; Collisions > PILE-UP; Special Effects >
Explosions).

Damage taken on a car's own turn waits on its mirror until END; on anyone else's turn it is
placed at once. Where it goes is the driver's choice among the open damage slots; ours
gives up what the race needs least: an empty item slot, then a locked dice slot while the
car keeps three, then the highest gear, then whatever is left. A gear shut while the car is
in it (or above) shifts the car down at once. With every damage slot full, damage is ignored.
"""

from __future__ import annotations

from typing import Any

from generator.games.joyride.race.state import Entrant


def take_damage(race: Any, car: Entrant, amount: int, cause: str) -> None:
    """``amount`` damage to ``car`` (now, or at its END if it is on its turn)."""
    for _ in range(amount):
        if car.on_turn:
            car.pending_damage += 1
        else:
            place_damage(race, car, cause)


def place_damage(race: Any, car: Entrant, cause: str) -> None:
    """Put one damage token on an open damage slot, or ignore it if none is open."""
    slots = car.damage_slots_left()
    empty_items = [i for i in slots["items"] if car.items[i] is None]
    if empty_items:
        where = ("items", empty_items[0])
    elif slots["locked"] and car.lock_slots() > 3:
        where = ("locked", slots["locked"][0])
    elif slots["gears"]:
        where = ("gears", slots["gears"][0])
    elif slots["items"]:
        where = ("items", slots["items"][0])
    elif slots["locked"]:
        where = ("locked", slots["locked"][0])
    else:
        race.log(car, "damage", "ignored", result={"cause": cause, "reason": "slots full"})
        return
    kind, number = where
    car.damage_taken += 1
    if kind == "gears":
        car.gear_damage.add(number)
        if car.gear >= number:
            set_gear(car, number - 1)
    elif kind == "locked":
        car.locked_damage.add(number)
    else:
        car.item_damage.add(number)
        car.items[number] = None
    slot = f"{kind} {number + (kind != 'gears')}"
    race.log(car, "damage", "damage", result={"cause": cause, "slot": slot})


def set_gear(car: Entrant, gear: int) -> None:
    """Move the gear stick; dice leave the mirror (the last ones) to match it."""
    car.gear = max(0, gear)
    del car.dice[car.gear:]
    if car.gear == 0:
        car.must_shift_up = True


def drop_gear(race: Any, car: Entrant, cause: str) -> None:
    """Drop one gear now (a PILE-UP, or an explosion at the end of a turn)."""
    set_gear(car, car.gear - 1)
    race.log(car, "damage", "drop gear", result={"cause": cause, "gear": car.gear})
