"""A fake racing game of one roll a race, for the race core's tests: a sweep or verdict
whose worker process is killed mid-way must give the results it gives undisturbed."""

from __future__ import annotations

import os
import random
import signal
from dataclasses import dataclass
from typing import Any, ClassVar

from generator.race.game import Standing
from generator.race.sweep import Field, RaceJob

PARENT = os.getpid()  # a forked worker inherits it, so it knows it is not the parent


@dataclass(frozen=True)
class Coin:
    """A race of one roll: entrant 0 wins with ``chance``, else another entrant does, and a
    tenth of the races nobody wins. Race ``victim`` kills the worker process playing it
    (never this process), as a kill -9 from outside would."""

    chance: float
    victim: int = -1
    seed_name: ClassVar[str] = "coin"
    in_process_below: ClassVar[int] = 1

    def prepare(self, field: Field) -> None:
        return None

    def setup(self, field: Field, job: RaceJob) -> list[Any]:
        return [job, None]

    def step(self, race: list[Any]) -> bool:
        job = race[0]
        if race[1] is not None:
            return False
        if job.index == self.victim and os.getpid() != PARENT:
            os.kill(os.getpid(), signal.SIGKILL)
        roll = random.Random(job.seed).random()
        others = [slot for slot, entrant in enumerate(job.grid) if entrant != 0]
        race[1] = (job.grid.index(0) if roll < self.chance else
                   None if roll > 0.9 else others[int(roll * 1000) % len(others)],)
        return True

    def score(self, race: list[Any]) -> tuple[int | None, int]:
        return race[1][0], len(race[0].grid)

    def standing(self, result: Any) -> Standing:
        winner, size = result
        return Standing(tuple(1 if s == winner else 2 for s in range(size)), winner)
