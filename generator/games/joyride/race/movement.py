"""Moving a car and what it meets (Driving > Movement, SMASH, Collisions; the Collisions
examples).

A move goes space by space in a straight line from the front (the back, reversing); the
trailing end takes the space the leading end leaves. A barrier ahead is a SMASH. Another
car ahead is a collision: a REAR-END (its back, facing our way) pushes it ahead of us for
half the movement left, rounded up; a HEAD-ON (its front, facing us) lets its driver choose
between both cars SMASHing and that push, backwards; anything else is a SIDE-SWIPE,
which swings the end we hit about the other end, a sixth of a turn at a time away from us,
until it is off the rest of our path. A push or swing stopped by a barrier or a third car is
a PILE-UP: every car in it takes a damage and drops a gear, and the mover's turn ends.
A car whose front leaves an Oil Slick on its own move must steer as it does and cannot
steer again this turn; a push it was making then ends and its movement left doubles.
"""

from __future__ import annotations

import math
from typing import Any

from generator.games.joyride.race.damage import drop_gear, set_gear, take_damage
from generator.games.joyride.race.state import Entrant
from generator.tracks.hexgrid import Hex

_VECTORS = tuple((math.cos(math.radians(60 * i)), math.sin(math.radians(60 * i)))
                 for i in range(6))
DONE, SMASH, PILE_UP = "done", "smash", "pile-up"


def drive(race: Any, car: Entrant, distance: int, steer: int, reverse: bool,
          step_name: str) -> str:
    """Move ``car`` ``distance`` spaces, steering ``steer`` sixths of a turn on the first
    space (reversing if asked); DONE, SMASH or PILE_UP."""
    heading = (car.facing + (3 if reverse else 0) + steer) % 6
    remaining, pushed, oiled = distance, None, None
    while remaining > 0 and not race.over:
        lead = car.back if reverse else car.front
        slick = race.board.get(lead)
        if slick is not None and slick.item.name == "Oil Slick" and not slick.face_down \
                and oiled != lead:
            oiled = lead
            if pushed is not None:
                pushed, remaining = None, remaining * 2
            travel = (car.facing + (3 if reverse else 0)) % 6
            heading = race.driver.oil_steer(race, car, travel, remaining, reverse)
            car.steers_left, car.oiled = 0, True
            race.log(car, step_name, "oil slick steer", result={"heading": heading})
        target = lead.neighbour(heading)
        if pushed is not None:
            if not push_step(race, car, pushed, heading):
                return PILE_UP
            if race.over:  # the car pushed won: the game ends at once
                return DONE
            step(race, car, target, heading, reverse)
            remaining -= 1
            continue
        if target not in race.course.open:
            smash(race, car, step_name)
            return SMASH
        other = race.car_at(target)
        if other is None:
            step(race, car, target, heading, reverse)
            remaining -= 1
            continue
        kind = collision_kind(other, target, heading)
        race.log(car, step_name, kind, result={"with": other.name, "left": remaining})
        if kind == "head-on" and race.driver.head_on_smash(race, other, remaining):
            smash(race, other, step_name)  # the car hit chose: both cars SMASH
            smash(race, car, step_name)
            return SMASH
        if kind in ("rear-end", "head-on"):
            pushed, remaining = other, -(-remaining // 2)
            continue
        if not side_swipe(race, car, other, target, heading, remaining):
            return PILE_UP
    return DONE


def collision_kind(other: Entrant, target: Hex, heading: int) -> str:
    """REAR-END, HEAD-ON or SIDE-SWIPE, from the space hit and the other car's facing."""
    if target == other.back and other.facing == heading:
        return "rear-end"
    if target == other.front and other.facing == (heading + 3) % 6:
        return "head-on"
    return "side-swipe"


def step(race: Any, car: Entrant, target: Hex, heading: int, reverse: bool) -> None:
    """One space on: the leading end enters ``target``, the other end follows."""
    if reverse:
        car.front, car.facing = car.back, (heading + 3) % 6
    else:
        car.front, car.facing = target, heading
    race.entered(car, target, own_move=True)


def push_step(race: Any, car: Entrant, pushed: Entrant, heading: int) -> bool:
    """Push ``pushed`` one space along ``heading``; False (a PILE-UP) if it cannot go."""
    ahead = [h.neighbour(heading) for h in pushed.spaces]
    new = next(h for h in ahead if h not in pushed.spaces)
    blocker = race.car_at(new)
    if new not in race.course.open or blocker is not None:
        pile_up(race, [car, pushed] + ([blocker] if blocker else []))
        return False
    pushed.front = pushed.front.neighbour(heading)
    race.entered(pushed, new, own_move=False)
    return True


def side_swipe(race: Any, car: Entrant, other: Entrant, target: Hex, heading: int,
               remaining: int) -> bool:
    """Swing the end of ``other`` in ``target`` off the mover's path; False on a PILE-UP."""
    hit_front = target == other.front
    pivot = other.back if hit_front else other.front
    start = next(d for d in range(6) if pivot.neighbour(d) == target)
    path, here = set(), target
    for _ in range(remaining):
        path.add(here)
        here = here.neighbour(heading)
    turn = _away(start, heading)
    for sixth in range(1, 6):
        direction = (start + turn * sixth) % 6
        new = pivot.neighbour(direction)
        blocker = race.car_at(new)
        if new not in race.course.open or (blocker is not None and blocker is not other):
            pile_up(race, [car, other] + ([blocker] if blocker else []))
            return False
        if hit_front:
            other.front, other.facing = new, direction
        else:
            other.facing = (direction + 3) % 6
        race.entered(other, new, own_move=False)
        if new not in path or race.over:  # off the path, or swung over the finish: won
            return True
    pile_up(race, [car, other])
    return False


def _away(start: int, heading: int) -> int:
    """+1 (anticlockwise) or -1: the way that swings the hit end along the mover's way."""
    def along(turn: int) -> float:
        x, y = _VECTORS[(start + turn) % 6]
        hx, hy = _VECTORS[heading]
        return x * hx + y * hy
    return 1 if along(1) > along(-1) else -1


def smash(race: Any, car: Entrant, step_name: str) -> None:
    """A SMASH: stop, 1 damage, gear 0 (every die off the dashboard); shift up next turn."""
    car.smashes += 1
    race.log(car, step_name, "SMASH", result={"at": list(car.front)})
    take_damage(race, car, 1, "smash")
    set_gear(car, 0)
    car.must_shift_up = True


def pile_up(race: Any, cars: list[Entrant]) -> None:
    """A PILE-UP: each car in it takes 1 damage and drops a gear ("Every car involved in
    the PILE-UP (including you) takes 1 damage and drops 1 gear"): once a car, even when
    the swing that piled up ran into the mover itself."""
    cars = [c for i, c in enumerate(cars) if all(c is not o for o in cars[:i])]
    race.log(cars[0], "collision", "PILE-UP", result={"cars": [c.name for c in cars]})
    for victim in cars:
        victim.pile_ups += 1
        take_damage(race, victim, 1, "pile-up")
        drop_gear(race, victim, "pile-up")
