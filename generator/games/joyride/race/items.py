"""Items on the board and in hand (Special Effects > Items, Explosions; Reference >
Standard Items).

The pile holds four pick-ups of each item the track recommends, shuffled; the face-down
pick-ups the map marks are dealt from it at setup. A car takes an item when its move ends
after crossing an item checkpoint (each lap) or driving onto a face-down pick-up; with both
slots full it discards the first open slot's item first; with both shut it reveals and
discards.

Played as the rulebook's notes read (items.yaml records the readings): the Rocket flies
straight from an empty space of the front arc until it meets a car (exploding in that
space) or a barrier (exploding where it is); a Mine explodes when a car moves onto it or
when it takes damage; an Oil Slick forces a steer on a car whose front leaves it on its own
move; Nitro adds the nitro die to a ROLL (its lightning face moves no space: the bolt's
effect is missing from our text). A custom item is picked up and held but never used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.games.joyride.race.course import front_arc, rear_arc
from generator.games.joyride.race.damage import drop_gear, take_damage
from generator.games.joyride.race.state import Entrant
from generator.tracks.hexgrid import Hex, neighbours

PLAYED = frozenset({"Rocket", "Mine", "Oil Slick", "Nitro"})


@dataclass
class BoardItem:
    """An item on a space: a face-down pick-up, or a dropped Mine or Oil Slick."""

    item: Any
    face_down: bool


def collect(race: Any, car: Entrant, item: Any) -> None:
    """Take an item into an open slot (discarding the first open slot's if both are full)."""
    slots = car.open_item_slots()
    if not slots:
        race.log(car, "item", "discard", result={"item": item.name, "reason": "slots shut"})
        return
    empty = [i for i in slots if car.items[i] is None]
    slot = empty[0] if empty else slots[0]
    if not empty:
        race.log(car, "item", "discard", result={"item": car.items[slot].name})
    car.items[slot] = item
    race.log(car, "item", "pick up", result={"item": item.name})


def draw(race: Any) -> Any | None:
    """The top item of the shuffled pile, or None when it has run out."""
    return race.pile.pop() if race.pile else None


def held(car: Entrant, name: str) -> int | None:
    """The slot holding an item called ``name``, if any."""
    return next((i for i, item in enumerate(car.items) if item is not None
                 and item.name == name), None)


def use(race: Any, car: Entrant, slot: int) -> Any:
    """Take an item out of its slot (it leaves the race once used)."""
    item = car.items[slot]
    car.items[slot] = None
    return item


def rocket_path(race: Any, car: Entrant, start: Hex) -> Hex | None:
    """Where a Rocket fired from ``start`` (a front-arc space) explodes; None if ``start``
    is not empty (no car and no item on it: "Fired items shoot from your front arc,
    dropped items are placed in your rear arc. Both require an empty space")."""
    if not race.is_empty(start):
        return None
    here = start
    while True:
        there = here.neighbour(car.facing)
        if race.car_at(there) is not None:
            return there
        if there not in race.course.open:
            return here
        here = there


def fire_rocket(race: Any, car: Entrant, slot: int, start: Hex, step: str = "start"
                ) -> None:
    """Fire the Rocket in ``slot`` from ``start`` at ``step`` and explode it where it
    stops."""
    at = rocket_path(race, car, start)
    assert at is not None
    use(race, car, slot)
    race.log(car, step, "fire Rocket", result={"from": list(start), "explodes": list(at)})
    explode(race, at, car)


def drop_item(race: Any, car: Entrant, slot: int, at: Hex, step: str) -> None:
    """Put a dropped item (Mine, Oil Slick) from ``slot`` on an empty rear-arc space."""
    item = use(race, car, slot)
    race.board[at] = BoardItem(item, face_down=False)
    race.log(car, step, f"drop {item.name}", result={"at": list(at)})


def empty_rear(race: Any, car: Entrant) -> list[Hex]:
    """Empty spaces of the rear arc (no car, no item, open track)."""
    return [h for h in rear_arc(car.front, car.facing) if race.is_empty(h)]


def empty_front(race: Any, car: Entrant) -> list[Hex]:
    """Empty spaces of the front arc a Rocket may leave from (no car, no item, open
    track: the same empty space a dropped item needs)."""
    return [h for h in front_arc(car.front, car.facing) if race.is_empty(h)]


def explode(race: Any, at: Hex, by: Entrant | None) -> None:
    """An explosion at ``at``: the car there takes 1 damage and drops a gear at the end of
    the turn, cars next to it take 1 damage (1 a car), items there or next to it take
    damage (a Mine then explodes in turn)."""
    race.log(by, "item", "explosion", result={"at": list(at)})
    around = {at, *neighbours(at)}
    struck = race.car_at(at)
    hurt = [c for c in race.entrants if c is struck or set(c.spaces) & around]
    for victim in hurt:
        take_damage(race, victim, 1, "explosion")
        if by is not None and victim is not by:
            by.damage_dealt += 1
    if struck is not None:
        race.drops_at_end.append(struck)
    chained = []
    for space in sorted(around & set(race.board)):
        hit = race.board.pop(space)
        race.log(by, "item", "item destroyed", result={"item": hit.item.name,
                                                       "at": list(space)})
        if hit.item.name == "Mine" and not hit.face_down:
            chained.append(space)
    for space in chained:
        explode(race, space, by)


def end_of_turn_drops(race: Any) -> None:
    """Gear drops an explosion owes, at the end of the current turn."""
    for car in race.drops_at_end:
        drop_gear(race, car, "explosion")
    race.drops_at_end.clear()
