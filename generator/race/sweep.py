"""Many races of one field on one track: fair grids, per-race seeds, local or cluster workers.

Game-neutral: the field carries the game's :class:`~generator.race.game.RaceGame`, which sets
each race up, steps it and scores it; nothing here knows which game it is.

Why each race gets its own seed from ``(sweep seed, race number)`` instead of one stream:
the races are then independent jobs, so any worker (a local process or a Dask cluster node)
can run any of them in any order and the sweep still comes out bit for bit the same.

Grids rotate so no entrant profits from the front slot: race ``k`` shifts the entrants by
``k`` places, and every second cycle reverses them, so over ``2 x field`` races each entrant
starts from every slot twice and every pair lines up in both orders.
"""

from __future__ import annotations

import gc
import hashlib
import os
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, overload

from generator.errors import UsageError
from generator.race.game import RaceGame, Standing, run_race

RaceResult = Any  # whatever the game's ``score`` gives: a frozen dataclass of plain values

Progress = Callable[[int], None]  # called with the number of races just finished


@dataclass(frozen=True)
class RaceJob:
    """One race of a sweep: its number, its seed and the entrants in grid order."""

    index: int
    seed: int
    grid: tuple[int, ...]  # entrant numbers, slot 1 first


@dataclass(frozen=True)
class Field:
    """What every race of a sweep shares: the track (or map, or scenario), the entrants, the
    game that races them (and how they are driven: its own settings) and the race options."""

    track: Any
    vehicles: tuple[Any, ...]
    game: RaceGame
    options: Any
    watch: int | None = None  # an entrant whose share alone is wanted (``game.run_race``)


@dataclass(frozen=True)
class Sweep:
    """A finished sweep: each race's result with the grid it ran on."""

    field: Field
    seed: int
    jobs: Sequence[RaceJob]
    results: tuple[RaceResult, ...]

    def standing(self, race: int) -> Standing:
        """Race ``race``'s places and winner by grid slot (the game reads its result)."""
        return self.field.game.standing(self.results[race])

    def place_of(self, race: int, entrant: int) -> int:
        """The place of entrant ``entrant`` (its number in the field) in race ``race``."""
        return self.standing(race).places[self.jobs[race].grid.index(entrant)]

    def share(self, race: int, entrant: int) -> float:
        """Entrant ``entrant``'s share of race ``race``'s one win (a game whose draws are
        shared: :meth:`Standing.share`)."""
        return self.standing(race).share(self.jobs[race].grid.index(entrant))

    def won(self, race: int, entrant: int) -> bool:
        """True when entrant ``entrant`` won race ``race`` (some races have no winner)."""
        winner = self.standing(race).winner
        return winner is not None and self.jobs[race].grid[winner] == entrant


def race_seed(sweep_seed: int, index: int, name: str = "race") -> int:
    """A 63-bit seed for race ``index``, the same on every machine and Python version;
    ``name`` is the game's ``seed_name`` ('race' for Frothy Races, whose seeds came first)."""
    digest = hashlib.sha256(f"paddock-{name}:{sweep_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def grid_order(entrants: int, index: int) -> tuple[int, ...]:
    """Entrant numbers in grid order for race ``index`` (rotated, reversed every other
    cycle)."""
    shift, cycle = index % entrants, index // entrants
    order = [(slot + shift) % entrants for slot in range(entrants)]
    return tuple(reversed(order)) if cycle % 2 else tuple(order)


MAX_RACES = 1_000_000
"""The most races one sweep may run (each race's result is held for the statistics: about
a gigabyte at this many; a million races take hours on a laptop)."""


class JobPlan(Sequence[RaceJob]):
    """Races ``first`` to ``first + races - 1`` of a sweep, each made when it is asked for:
    planning ``--races N`` costs nothing proportional to N before the first race runs, and a
    sweep run in batches asks for the next ones (a race's seed and grid come from its number
    alone)."""

    def __init__(self, entrants: int, races: int, seed: int, first: int = 0,
                 name: str = "race") -> None:
        self.entrants, self.races, self.seed, self.first = entrants, races, seed, first
        self.name = name

    def __len__(self) -> int:
        return self.races

    @overload
    def __getitem__(self, index: int) -> RaceJob: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[RaceJob]: ...

    def __getitem__(self, index: int | slice) -> RaceJob | Sequence[RaceJob]:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(self.races))]
        if not -self.races <= index < self.races:
            raise IndexError(index)
        k = self.first + index % self.races
        return RaceJob(k, race_seed(self.seed, k, self.name), grid_order(self.entrants, k))

    def __iter__(self) -> Iterator[RaceJob]:
        return (self[k] for k in range(self.races))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, JobPlan):
            return (self.entrants, self.races, self.seed, self.first, self.name) == \
                (other.entrants, other.races, other.seed, other.first, other.name)
        return isinstance(other, Sequence) and list(self) == list(other)

    def __hash__(self) -> int:
        return hash((self.entrants, self.races, self.seed, self.first, self.name))


def plan_jobs(entrants: int, races: int, seed: int, first: int = 0, name: str = "race"
              ) -> JobPlan:
    """Races ``first`` to ``first + races - 1`` of a sweep (made as they are run); ``name``
    is the game's ``seed_name``."""
    if races < 1:
        raise UsageError(f"--races {races}: run at least one race")
    if races > MAX_RACES:
        raise UsageError(f"--races {races}: at most {MAX_RACES:,} races in one sweep")
    return JobPlan(entrants, races, seed, first, name)


def run_job(field: Field, job: RaceJob) -> RaceResult:
    """Race one job: the field's vehicles in the job's grid order."""
    return run_race(field.game, field, job)


def run_chunk(field: Field, jobs: Sequence[RaceJob]) -> list[RaceResult]:
    """Race several jobs in one call, so a worker pays for the field's transfer once."""
    with without_cycle_collection():
        return [run_job(field, job) for job in jobs]


@contextmanager
def without_cycle_collection() -> Iterator[None]:
    """Race with Python's cycle collector paused, as it was before afterwards.

    Why: the engine keeps its decisions per track (kept plans and options, tens of
    thousands of small objects), and each full collection walks all of them: about a
    sixth of a sweep's time. A race leaves no reference cycles (a test checks), so
    reference counting alone frees everything a race drops; the only cycles, a few from a
    recursive helper in generator.probability each time a new Speed Check distribution is
    worked out, are bounded by that module's caches.

    What the races made and kept is frozen before the collector runs again
    (``gc.freeze``): the first collection after a sweep walked every one of those
    hundreds of thousands of objects (4% of a 300-race sweep), and each full one after
    it again, to find nothing; frozen, they are left to reference counting alone."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.freeze()
            gc.enable()


def chunks(jobs: Sequence[RaceJob], workers: int) -> Iterator[tuple[RaceJob, ...]]:
    """Jobs cut into pieces, made as they are asked for: about four per worker, so a slow
    piece does not idle the rest."""
    size = max(1, min(50, len(jobs) // (workers * 4) or 1))
    return (tuple(jobs[i:i + size]) for i in range(0, len(jobs), size))


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def run_sweep(field: Field, races: int, seed: int, *, workers: int | None = None,
              scheduler: str | object | None = None, progress: Progress | None = None,
              first: int = 0) -> Sweep:
    """Run ``races`` races of ``field`` (numbered from ``first``): in this process (one
    worker), in local worker processes, or on the Dask cluster at ``scheduler`` (an
    address, or a connected Dask client). The results are the same either way for the
    same seed."""
    jobs = plan_jobs(len(field.vehicles), races, seed, first, field.game.seed_name)
    if workers is not None and workers < 1:
        raise UsageError(f"--workers {workers}: use at least one worker")
    field.game.prepare(field)  # the driver's shared tables, built once before any fork
    # More processes than cores only adds start-up and memory: never more than the cores.
    workers = min(workers or default_workers(), default_workers())
    if scheduler is not None:
        from generator.race.cluster import run_on_cluster  # dask is an optional extra
        results = run_on_cluster(scheduler, field, list(chunks(jobs, 8)), run_chunk, progress)
    elif workers == 1 or len(jobs) < max(2, field.game.in_process_below * workers):
        results = list(_in_process(field, jobs, progress))
    else:
        results = _in_processes(field, jobs, workers, progress)
    return Sweep(field, seed, jobs, tuple(results))


def _in_process(field: Field, jobs: Sequence[RaceJob], progress: Progress | None
                ) -> Iterator[RaceResult]:
    with without_cycle_collection():
        for job in jobs:
            yield run_job(field, job)
            if progress:
                progress(1)


def _in_processes(field: Field, jobs: Sequence[RaceJob], workers: int,
                  progress: Progress | None) -> list[RaceResult]:
    """Race 1 here first: it builds the track's tables in this process, which forked
    workers then inherit instead of each building them again. A game whose races share
    nothing a race builds says so (``first_here = False``, optional; Outrider's battles):
    then every race goes to the workers, and a verdict's small batches do not wait on one
    race played alone first.

    Why not warm the decision caches here with more races before forking: each worker
    would inherit them, but the warming races run one at a time, so the learning a worker
    would have done alongside the others is done in series instead. Measured on 200 races
    with 2 workers, warming with 50 cut the CPU spent (2.2 s against 2.4 s) but made the
    sweep slower (1.5 s against 1.25 s). Workers already persist across pieces
    (a ProcessPoolExecutor keeps its processes), so each keeps what it has learned."""
    first_here = getattr(field.game, "first_here", True)
    done: list[RaceResult] = list(_in_process(field, jobs[:1], progress)) if first_here \
        else []
    rest: Sequence[RaceJob] = _Rest(jobs) if first_here else jobs
    pieces = chunks(rest, workers)
    in_flight: deque[Future[list[RaceResult]]] = deque()
    try:
        with ProcessPoolExecutor(max_workers=min(workers, len(rest))) as pool:
            # A few pieces per worker in flight, in order: never the whole sweep queued.
            for piece in pieces:
                in_flight.append(pool.submit(run_chunk, field, piece))
                if len(in_flight) >= workers * 4:
                    _collect(in_flight.popleft(), done, progress)
            while in_flight:
                _collect(in_flight.popleft(), done, progress)
    except BrokenProcessPool:
        # A worker died under us (killed from outside, or by the system for memory): not
        # a fault of the races, which are collected in order, so the ones not yet back
        # are run here instead, with the same seeds and the same results. (It used to end
        # the command with exit 3, 'a bug in Paddock'; a race that really kills its
        # process kills this one too, and is reported then.)
        done.extend(_in_process(field, jobs[len(done):], progress))
    return done


class _Rest(Sequence[RaceJob]):
    """The jobs after the first, without copying them."""

    def __init__(self, jobs: Sequence[RaceJob]) -> None:
        self.jobs = jobs

    def __len__(self) -> int:
        return len(self.jobs) - 1

    @overload
    def __getitem__(self, index: int) -> RaceJob: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[RaceJob]: ...

    def __getitem__(self, index: int | slice) -> RaceJob | Sequence[RaceJob]:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(len(self)))]
        return self.jobs[index + 1 if index >= 0 else index]


def _collect(future: Future[list[RaceResult]], done: list[RaceResult],
             progress: Progress | None) -> None:
    piece = future.result()
    done.extend(piece)
    if progress:
        progress(len(piece))
