"""Frothy Races as the race core sees it (:class:`generator.race.game.RaceGame`): set a race
up on a track, play it round by round, score it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from generator.errors import UsageError
from generator.games.frothy_races.race.driver import Planner
from generator.games.frothy_races.race.engine import Race
from generator.games.frothy_races.race.planner import warm_control_odds
from generator.games.frothy_races.race.results import BOTS, RaceResult
from generator.race.game import Standing
from generator.race.sweep import Field, RaceJob


@dataclass(frozen=True)
class FrothyRace:
    """Frothy Races driven by one bot (careful, aggressive, racing-line, ...) for every
    vehicle. The field's track is a Frothy track, its vehicles licences, its options
    :class:`~generator.games.frothy_races.race.results.RaceOptions`."""

    bot: str = "careful"
    seed_name: ClassVar[str] = "race"
    in_process_below: ClassVar[int] = 1  # workers from two races on (measured: bench/race.py)

    def __post_init__(self) -> None:
        if self.bot not in BOTS:
            raise UsageError(f"unknown bot {self.bot!r}: choose one of {', '.join(BOTS)}")

    def prepare(self, field: Field) -> None:
        """Each planning entrant's value table, solved or read here (at once when it is
        in this process), so that forked workers inherit it and it is kept in the cache
        folder by this process; also those of the vehicle it becomes once it loses a
        trait (Lose Named Trait)."""
        warm_control_odds()
        race = Race(field.track, list(field.vehicles), [self.bot] * len(field.vehicles), 0,
                    field.options)
        for car in race.cars:
            if isinstance(car.bot, Planner):
                car.bot.table(race, car)
                car.bot.later_tables(race, car)

    def setup(self, field: Field, job: RaceJob) -> Race:
        warm_control_odds()
        race = Race(field.track, [field.vehicles[i] for i in job.grid],
                    [self.bot] * len(job.grid), job.seed, field.options)
        race.snapshot()
        return race

    def step(self, race: Race) -> bool:
        return race.step()

    def score(self, race: Race) -> RaceResult:
        return race.result()

    def standing(self, result: Any) -> Standing:
        winner = next((slot for slot, v in enumerate(result.vehicles) if v.won), None)
        return Standing(tuple(v.place for v in result.vehicles), winner)


RACE_GAME = FrothyRace()
"""What the registry hands the core (commands pick a bot with ``FrothyRace(bot)``)."""


def bot_of(field: Field) -> str:
    """The bot a Frothy Races field is driven by."""
    game = field.game
    if not isinstance(game, FrothyRace):
        raise TypeError(f"not a Frothy Races field: {game!r}")
    return game.bot
