"""A Joyride race, round by round (Playing the Game: Setup, Racing, Ending the Round; Goal).

Setup: the pile of items is shuffled and the map's face-down pick-ups dealt from it; the
cars are drawn at random onto the initiative track from the bottom, each placing its front
on an empty space of the starting line (our drivers take the space the value table likes
best), pointing the way the track says; every car then rolls two dice, drives that far
straight on and keeps the dice on its mirror, in gear 2. Each round the cars take their
turns from the top of the initiative track; at the round's end the track is sorted by gear,
highest first, ties keeping their order. The first car to cross the starting line after
the track's laps wins at once; a car completing a lap repowers one used ability for each car
that completed that lap before it. A race nobody has won after ``max_rounds`` rounds has no
winner. One seeded generator (``random.Random``) rolls every die and shuffles everything, so
a seed gives the same race bit for bit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from generator.games.joyride.model import Car
from generator.games.joyride.race.course import JoyrideCourse
from generator.games.joyride.race.driver import PlanningDriver
from generator.games.joyride.race.items import BoardItem, draw, explode
from generator.games.joyride.race.movement import drive
from generator.games.joyride.race.results import (
    CarResult,
    RaceOptions,
    RaceResult,
    Snapshot,
    not_simulated,
)
from generator.games.joyride.race.state import AbilityState, Entrant
from generator.games.joyride.race.turn import collect_all, take_turn
from generator.games.joyride.standard import resolved_set, standard_abilities
from generator.race.events import event
from generator.tracks.hexgrid import Hex

NITRO_FACES = (2, 2, 3, 3, 4, None)  # None: the lightning bolt


def entrant_names(names: Sequence[str]) -> list[str]:
    """'Rust Bucket #2' for the second of two Rust Buckets; a lone car keeps its name."""
    counts = {n: names.count(n) for n in names}
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(f"{name} #{seen[name]}" if counts[name] > 1 else name)
    return out


class Race:
    """One race of ``cars`` (in grid order) on ``course``, driven by ``driver``."""

    def __init__(self, course: JoyrideCourse, driver: PlanningDriver, cars: Sequence[Car],
                 seed: int, options: RaceOptions, items: Sequence[Any] = ()) -> None:
        self.course, self.driver, self.options, self.seed = course, driver, options, seed
        self.rng = random.Random(seed)
        self.round = 0
        self.over = False
        self.winner: Entrant | None = None
        self.events: list[dict[str, Any]] = []
        self.snapshots: list[Snapshot] = []
        self.board: dict[Hex, BoardItem] = {}
        self.drops_at_end: list[Entrant] = []
        self.lap_order: dict[int, int] = {}
        self.items = tuple(items)
        names = entrant_names([car.name for car in cars])
        self.entrants = [Entrant(slot, name, car, Hex(0, 0), course.start_facing,
                                 abilities=[AbilityState(a) for a in self._set(car)])
                         for slot, (name, car) in enumerate(zip(names, cars, strict=True))]
        self.pile = [item for item in self.items for _ in range(4)]
        self.rng.shuffle(self.pile)
        for space in course.pickups:
            item = draw(self)
            if item is not None:
                self.board[space] = BoardItem(item, face_down=True)
        self.order: list[Entrant] = []

    def _set(self, car: Car) -> tuple[Any, ...]:
        if self.options.standard_abilities:
            return standard_abilities()
        return resolved_set(car.abilities)

    # --- dice and the log ------------------------------------------------------------

    def die(self) -> int:
        """A Joyride die: 1-1-2-2-3-3."""
        return (1, 1, 2, 2, 3, 3)[int(self.rng.random() * 6)]

    def nitro_die(self) -> int | None:
        """The nitro die: 2-2-3-3-4 and the lightning bolt (None)."""
        return NITRO_FACES[int(self.rng.random() * 6)]

    def log(self, car: Entrant | None, phase: str, action: str, dice: Any = None,
            result: Any = None) -> None:
        """One event of the log (kept when the options ask for it)."""
        if self.options.log_events:
            self.events.append(event(self.round, phase, car.name if car else None, action,
                                     dice, result))

    # --- the board -------------------------------------------------------------------

    def car_at(self, space: Hex) -> Entrant | None:
        """The car with a part on ``space``, if any."""
        for car in self.entrants:
            if space == car.front or space == car.back:
                return car
        return None

    def is_empty(self, space: Hex) -> bool:
        """Open track with no car and no item on it."""
        return space in self.course.open and self.car_at(space) is None \
            and space not in self.board

    def entered(self, car: Entrant, space: Hex, own_move: bool) -> None:
        """A part of ``car`` came onto ``space``: lines, mines and pick-ups.

        A face-down item is picked up by a car that drives over it ("When you drive over a
        face-down item on the track, pick it up"): on its own move, by its leading end,
        which is the back when it reverses; not by a car pushed or swung onto it."""
        course = self.course
        line = course.line_of.get(space)
        if line is not None and car.stage < course.stages and \
                line == course.next_line(car.stage):
            self._cross(car, line)
        found = self.board.get(space)
        if found is None or self.over:  # the game ended on the line: nothing more happens
            return
        if found.face_down and own_move:  # the leading end: the back, reversing
            del self.board[space]
            car.collected.append(found.item)
        elif not found.face_down and found.item.name == "Mine":
            del self.board[space]
            explode(self, space, None)

    def _cross(self, car: Entrant, line: int) -> None:
        course = self.course
        car.stage += 1
        self.log(car, "move", "cross", result={"line": course.line_names[line],
                                               "stage": car.stage})
        if line in course.item_lines:
            item = draw(self)
            if item is not None:
                car.collected.append(item)
        if car.stage % len(course.lines) == 0:
            self._lap(car)

    def _lap(self, car: Entrant) -> None:
        lap = car.stage // len(self.course.lines)
        ahead = self.lap_order.get(lap, 0)
        self.lap_order[lap] = ahead + 1
        spent = [a for a in car.abilities if a.used]
        for state in spent[:ahead]:
            state.used = False
        self.log(car, "move", "lap", result={"lap": lap, "repowered": min(ahead, len(spent))})
        if car.stage >= self.course.stages and self.winner is None:
            # "The first player to cross the finish line ... wins. The game ends
            # immediately": a car over the line after the winner (a pusher behind the car
            # it pushed over) does not take the win.
            car.finished_round = self.round
            self.winner, self.over = car, True

    # --- the race --------------------------------------------------------------------

    def setup(self) -> None:
        """Draw the initiative order, place the cars, drive the starting roll."""
        order = list(self.entrants)
        self.rng.shuffle(order)
        self.order = list(reversed(order))  # the first drawn sits at the bottom
        table, facing = self.driver.table, self.course.start_facing
        free = [h for h in self.course.start_line if self.course.fits(h, facing)]
        for car in order:
            space = min((h for h in free if self.car_at(h) is None
                         and self.car_at(h.neighbour(facing + 3)) is None),
                        key=lambda h: (table.start_value(h, facing), h))
            car.front, car.facing = space, facing
            self.log(car, "setup", "place", result={"at": list(space)})
        for car in sorted(order, key=lambda c: -c.front.q):
            car.dice = [self.die(), self.die()]
            # The starting roll is nobody's turn: damage it causes (a SMASH) is placed at
            # once, not left on the mirror for the car's first END.
            drive(self, car, sum(car.dice), 0, False, "setup")
            collect_all(self)
            self.log(car, "setup", "starting roll", dice=list(car.dice),
                     result={"to": list(car.front)})
        self._snapshot()

    def play_round(self) -> None:
        """Every car's turn in initiative order, then the track re-sorted by gear."""
        self.round += 1
        for car in list(self.order):
            if self.over:
                return
            take_turn(self, car)
        self.order.sort(key=lambda c: -c.gear)  # a stable sort: ties keep their order
        self.log(None, "round end", "initiative", result=[c.name for c in self.order])
        self._snapshot()

    def run(self) -> RaceResult:
        """Set up and race to the finish, or to ``max_rounds``."""
        self.setup()
        while self.step():
            pass
        return self.result()

    def step(self) -> bool:
        """Play the next round; False, playing nothing, once a car has won or the round
        limit is reached."""
        if self.over or self.round >= self.options.max_rounds:
            return False
        self.play_round()
        if self.over:
            self._snapshot()
        return True

    def _snapshot(self) -> None:
        if self.options.snapshots:
            self.snapshots.append(Snapshot.of(self))

    def result(self) -> RaceResult:
        """Places: the winner first, then by lines crossed and rounds to go."""
        table = self.driver.table
        def standing(car: Entrant) -> tuple[int, float]:
            if car is self.winner:
                return (0, 0.0)
            pos = (car.front, car.facing)
            left = table.value(car.stage, pos, max(car.gear, 0)) \
                if pos in table.index else 999.0
            return (1, -car.stage + left / 1000)
        ranked = sorted(self.entrants, key=standing)
        cars = tuple(CarResult.of(car, ranked.index(car) + 1) for car in self.entrants)
        return RaceResult(seed=self.seed, track=self.course.name, rounds=self.round,
                          winner=self.winner.slot if self.winner else None, cars=cars,
                          solo_optimum=round(table.solo_optimum()[0], 3),
                          not_simulated=not_simulated(self),
                          events=tuple(self.events), snapshots=tuple(self.snapshots))
