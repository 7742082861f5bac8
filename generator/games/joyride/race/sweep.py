"""Many Joyride races of one field on one track: per-race seeds, rotated grids, local workers.

Each race's seed comes from (sweep seed, race number), so any worker may run any race in
any order and the sweep is the same bit for bit. Race ``k`` shifts the grid by ``k`` places
and every second cycle reverses it, so over two cycles each car starts from every place.
The grid order is the order cars are named in; where they start is drawn at setup, as the
rulebook draws the initiative track.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from generator.errors import UsageError
from generator.games.joyride.race.api import driver_for, run_race
from generator.games.joyride.race.results import RaceOptions, RaceResult

Progress = Callable[[int], None]
# Fewer races than this a worker run here: new workers start with no decision kept, and
# a race here reuses every decision the races before it made (about twice as fast).
SHARED_FROM = 25


@dataclass(frozen=True)
class Job:
    """One race of a sweep: its number, seed and the cars in grid order."""

    index: int
    seed: int
    grid: tuple[int, ...]


@dataclass(frozen=True)
class Field:
    """What every race of a sweep shares."""

    track: Any
    cars: tuple[Any, ...]
    options: RaceOptions
    items: tuple[Any, ...]


@dataclass(frozen=True)
class Sweep:
    """A finished sweep: each race's result with its job."""

    field: Field
    seed: int
    jobs: tuple[Job, ...]
    results: tuple[RaceResult, ...]

    def place_of(self, race: int, entrant: int) -> int:
        """The place of entrant ``entrant`` (its number in the field) in race ``race``."""
        return self.results[race].cars[self.jobs[race].grid.index(entrant)].place

    def won(self, race: int, entrant: int) -> bool:
        """True when the entrant won race ``race`` (a race nobody finished has no winner)."""
        result = self.results[race]
        return result.winner is not None and self.jobs[race].grid[result.winner] == entrant


def race_seed(sweep_seed: int, index: int) -> int:
    """A 63-bit seed for race ``index``, the same on every machine."""
    digest = hashlib.sha256(f"paddock-joyride:{sweep_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def grid_order(entrants: int, index: int) -> tuple[int, ...]:
    """Entrant numbers in grid order for race ``index``."""
    shift, cycle = index % entrants, index // entrants
    order = [(slot + shift) % entrants for slot in range(entrants)]
    return tuple(reversed(order)) if cycle % 2 else tuple(order)


def plan_jobs(entrants: int, first: int, races: int, seed: int) -> tuple[Job, ...]:
    """Races ``first`` to ``first + races - 1`` of a sweep."""
    if races < 1:
        raise UsageError(f"--races {races}: run at least one race")
    return tuple(Job(k, race_seed(seed, k), grid_order(entrants, k))
                 for k in range(first, first + races))


def run_job(field: Field, job: Job) -> RaceResult:
    """Race one job: the field's cars in the job's grid order."""
    return run_race(field.track, [field.cars[i] for i in job.grid], seed=job.seed,
                    options=field.options, items=field.items)


def run_chunk(field: Field, jobs: Sequence[Job]) -> list[RaceResult]:
    """Several jobs in one call (a worker pays for the field's transfer once)."""
    return [run_job(field, job) for job in jobs]


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def run_jobs(field: Field, jobs: Sequence[Job], workers: int | None = None,
             progress: Progress | None = None) -> list[RaceResult]:
    """Race ``jobs`` here (one worker) or in forked worker processes, which inherit the
    value table built here first; the results are the same either way."""
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise UsageError(f"--workers {workers}: use at least one worker")
    driver_for(field.track, field.options.laps)  # solved once, before any fork
    if workers == 1 or len(jobs) < SHARED_FROM * workers:
        results = []
        for job in jobs:
            results.append(run_job(field, job))
            if progress:
                progress(1)
        return results
    size = max(1, len(jobs) // (workers * 4))
    pieces = [tuple(jobs[i:i + size]) for i in range(0, len(jobs), size)]
    done: list[RaceResult] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for piece in pool.map(run_chunk, [field] * len(pieces), pieces):
            done.extend(piece)
            if progress:
                progress(len(piece))
    return done


def run_sweep(field: Field, races: int, seed: int, workers: int | None = None,
              progress: Progress | None = None) -> Sweep:
    """Run ``races`` races of ``field``."""
    jobs = plan_jobs(len(field.cars), 0, races, seed)
    return Sweep(field, seed, jobs, tuple(run_jobs(field, jobs, workers, progress)))
