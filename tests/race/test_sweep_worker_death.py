"""A sweep whose worker process dies under it (killed from outside, or by the system for
memory) runs the races not yet back in this process instead: the same results bit for bit,
not exit 3 ('a bug in Paddock') as before."""

from __future__ import annotations

import os
import random
import signal
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from generator.race.game import Standing
from generator.race.sweep import Field, RaceJob, default_workers, run_sweep

PARENT = os.getpid()  # a forked worker inherits it, so it knows it is not the parent


@dataclass(frozen=True)
class Fragile:
    """A race of one roll; race ``victim`` kills the worker process playing it (never this
    process), as a kill -9 from outside would."""

    victim: int
    seed_name: ClassVar[str] = "fragile"
    in_process_below: ClassVar[int] = 1
    first_here: ClassVar[bool] = False

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
        race[1] = random.Random(job.seed).randrange(len(job.grid))
        return True

    def score(self, race: list[Any]) -> tuple[int, int]:
        return race[1], len(race[0].grid)

    def standing(self, result: Any) -> Standing:
        winner, size = result
        return Standing(tuple(1 if s == winner else 2 for s in range(size)), winner)


@pytest.mark.skipif(default_workers() < 2, reason="needs two cores for worker processes")
def test_a_worker_killed_mid_sweep_leaves_the_results_as_they_would_be() -> None:
    field = Field("track", (1, 2, 3), Fragile(victim=40), None)
    calm = run_sweep(Field("track", (1, 2, 3), Fragile(victim=-1), None), 120, 4, workers=1)
    shaken = run_sweep(field, 120, 4, workers=2)
    assert shaken.results == calm.results
