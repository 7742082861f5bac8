"""Does the driver drive as a player would? Counts a race keeps of moves no player would choose.

* a *pointless Drift*: a move with a sideways step (a Drift while facing a hex side) after
  which, turned as it chose, the vehicle is no nearer the finish than before the move (the
  track's distance to go, ``RaceTrack.remaining``): sliding along a wall instead of driving;
* a *stop*: a round driven at Speed 0 (after the Speed Check) by a vehicle that neither
  starts the race that round nor was stopped by a collision the round before. Each is one
  of three, by the driver's own rating of the Speeds there (its value table for the Whips
  in hand, plus the price of running into a vehicle in the way this round):

  - the table calls Speed 0 best (``table_stops``): no fault;
  - *forced by the roll* (``forced_stops``): the table rates another Speed better, but the
    dice actually rolled allowed no legal value (of those the card rule lets the player
    keep, ``Race.speed_roll``) that leaves the vehicle at a Speed it rates better than 0;
  - *chosen against the table* (``chosen_stops``): the roll allowed a Speed it rates
    better, and the driver kept 0 anyway.

  ``needless_stops`` counts the last two (the table does not call Speed 0 best).

``bench/race_planner.py`` and the tests read these; ``time_trials`` and ``pairs`` race the
samples the issue's checks name.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from generator.games.frothy_races.race.api import RaceOptions
from generator.games.frothy_races.race.decisions import Plan
from generator.games.frothy_races.race.driver import Planner
from generator.games.frothy_races.race.engine import Car, Race
from generator.games.frothy_races.race.lookahead import in_the_way
from generator.tracks.hexgrid import FACINGS


class AuditedRace(Race):
    """A race that counts every move, every Drift that gains nothing, and needless stops."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.moves_made = self.pointless = self.rounds_driven = self.stops = 0
        self.chosen_stops = self.forced_stops = self.table_stops = 0
        self._collided: set[int] = set()
        self._allowed: list[int] = []
        for car in self.cars:  # each car has its own driver
            car.bot.keep = self.seeing(car.bot.keep)  # type: ignore[method-assign, assignment]

    def seeing(self, keep: Callable[[Race, Car, bool, list[int]], int]
               ) -> Callable[[Race, Car, bool, list[int]], int]:
        """The driver's ``keep``, noting the Speeds the values it may keep lead to: every
        legal value of the dice rolled (a special card's '+#' included)."""
        def kept(race: Race, car: Car, accelerate: bool, values: list[int]) -> int:
            self._allowed = race.speed_after(car, accelerate, values)
            return keep(race, car, accelerate, values)
        return kept

    def plan(self, car: Car, phase: int) -> Plan:
        self._last_plan = super().plan(car, phase)
        return self._last_plan

    def move(self, car: Car, phase: int) -> None:
        before = self.remaining(car.stage, car.hex * FACINGS + car.facing)
        facing, collisions = car.facing, car.costs.get("collisions", 0)
        super().move(car, phase)
        plan = self._last_plan
        if car.costs.get("collisions", 0) > collisions:
            self._collided.add(car.index)
        steps = plan.option.steps
        self.moves_made += bool(steps)
        drifted = facing % 2 == 0 and any(d != facing // 2 for d in steps)
        if drifted and car.racing and not car.finished_round:
            after = self.remaining(car.stage, car.hex * FACINGS + car.facing)
            self.pointless += after >= before

    def speed_check(self, car: Car) -> None:
        self._allowed = []
        super().speed_check(car)
        self.rounds_driven += 1
        if car.speed == 0 and self.round > 1 and car.index not in self._collided:
            self.count_stop(car)
        self._collided.discard(car.index)

    def count_stop(self, car: Car) -> None:
        """Sort a round at Speed 0 (see the module's docstring)."""
        bot = car.bot
        if not isinstance(bot, Planner):
            self.stops += 1  # no table to rate it by: every stop counts
            return
        state = car.hex * FACINGS + car.facing
        ahead = in_the_way(self, car, bot.driving)
        at = [bot.value(self, car, car.stage, 0, v, state, car.cards("spur"))
              + (ahead[v] if ahead else 0.0) for v in range(car.max_speed + 1)]
        if min(range(len(at)), key=at.__getitem__) == 0:
            self.table_stops += 1
            return
        self.stops += 1
        if any(at[v] < at[0] for v in self._allowed if v <= car.max_speed):
            self.chosen_stops += 1
        else:
            self.forced_stops += 1


@dataclass(frozen=True)
class Sample:
    """Races of one field: rounds to finish, Wipe-outs, and the audit's counts."""

    races: int
    finishers: int
    mean_rounds: float | None
    wipe_out: float  # share of the vehicles' races
    moves: int
    pointless_drifts: int
    rounds: int
    needless_stops: int  # stops where the table does not call Speed 0 best: the next two
    chosen_stops: int  # needless stops where the roll allowed a Speed the table rates better
    forced_stops: int  # needless stops where the dice rolled allowed none it rates better
    table_stops: int  # stops where the table calls Speed 0 best


def sample(track: Any, vehicles: list[Any], bot: str, races: int, options: RaceOptions,
           seed: int = 1) -> Sample:
    """``races`` audited races of ``vehicles`` (seeds seed, seed + 1, ...)."""
    rounds: list[int] = []
    wiped = moves = pointless = driven = stops = chosen = forced = table = 0
    for k in range(races):
        race = AuditedRace(track, vehicles, [bot] * len(vehicles), seed + k, options)
        result = race.run()
        rounds.extend(v.rounds for v in result.vehicles if v.finished)
        wiped += sum(v.wiped_out for v in result.vehicles)
        moves, pointless = moves + race.moves_made, pointless + race.pointless
        driven, stops = driven + race.rounds_driven, stops + race.stops
        chosen, forced = chosen + race.chosen_stops, forced + race.forced_stops
        table += race.table_stops
    return Sample(races, len(rounds), statistics.mean(rounds) if rounds else None,
                  wiped / (races * len(vehicles)), moves, pointless, driven, stops, chosen,
                  forced, table)

