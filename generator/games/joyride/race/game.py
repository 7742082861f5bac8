"""Joyride as the race core sees it (:class:`generator.race.game.RaceGame`): set a race up
on a track (the starting roll), play it round by round, score it.

The field's track is a Joyride track, its vehicles Joyride cars, its options
:class:`~generator.games.joyride.race.results.RaceOptions`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from generator.games.joyride.race.api import driver_for, race_items
from generator.games.joyride.race.engine import Race
from generator.games.joyride.race.results import RaceResult
from generator.race.game import Standing
from generator.race.sweep import Field, RaceJob


@dataclass(frozen=True)
class JoyrideRace:
    """Joyride races with this item pile (None: the track's recommended standard items)."""

    items: tuple[Any, ...] | None = None
    seed_name: ClassVar[str] = "joyride"
    # A race here reuses every decision the races before it made (about twice as fast as
    # in a new worker): fewer than this many races a worker stay in this process.
    in_process_below: ClassVar[int] = 25

    def prepare(self, field: Field) -> None:
        """The value table the planning driver reads, solved once in this process (forked
        workers inherit it; it is also kept in the cache folder between runs)."""
        driver_for(field.track, field.options.laps)

    def setup(self, field: Field, job: RaceJob) -> Race:
        driver = driver_for(field.track, field.options.laps)
        pile = race_items(field.track) if self.items is None else self.items
        race = Race(driver.table.course, driver, [field.vehicles[i] for i in job.grid],
                    job.seed, field.options, pile)
        race.setup()
        return race

    def step(self, race: Race) -> bool:
        return race.step()

    def score(self, race: Race) -> RaceResult:
        return race.result()

    def standing(self, result: Any) -> Standing:
        return Standing(tuple(car.place for car in result.cars), result.winner)


RACE_GAME = JoyrideRace()
"""What the registry hands the core."""


def items_of(field: Field) -> tuple[Any, ...]:
    """The item pile a Joyride field races with."""
    game = field.game
    if not isinstance(game, JoyrideRace):
        raise TypeError(f"not a Joyride field: {game!r}")
    return race_items(field.track) if game.items is None else game.items
