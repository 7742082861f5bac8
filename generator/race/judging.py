"""Several sequential verdicts at once (a style on a track each): ``judge_all``.

Each field is judged exactly as :func:`~generator.race.verdict.judge` judges it alone: the
same races (each race's seed from its number), the same looks, the same tallies. Only where
the races run differs. They go to a pool of worker processes in pieces of one grid
rotation, and a worker that finishes a piece takes the next piece of the same field if
there is one, so each field stays mostly in one process: a process keeps every decision its
races made (the driver's memo) for its next races. A worker with nothing left of its own
field starts a field no one has started, and, once every field is started, helps with the
pieces of one still running instead of sitting idle. With nothing left of any current look,
it races the next look's first pieces rather than wait for the look to be judged; if the
rule stops at that look, those races are never counted (nor waited for), so the tallies
are the ones ``judge`` makes.

Why help: a field decided early (one look) leaves its worker idle while another runs to
many looks. Measured on Bogwater Bowl (bench/race_planner.py), a worker new to a field pays
about a fifth of a look more for its first pieces (the decisions its own races have not yet
met), and less if it has raced the track under another style; the later looks then take
half the wall time on two workers.

Why each worker reads its own fields' value tables (``prepare``, on its first piece of a
field) rather than this process reading them all before the fork: the reads then run side
by side in the workers, and a worker reads only the tables of the fields it races.

A worker that dies under the pool (killed from outside, or by the system for memory) loses
only the pieces it and the pool had under way: they, and the rest, are raced in this
process instead, with the same seeds, so the tallies are the same (as ``run_sweep`` does).
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from generator.race.progress import ProgressBar
from generator.race.sweep import Field, default_workers, run_sweep, without_cycle_collection
from generator.race.verdict import (
    Outcome,
    Piece,
    StoppingRule,
    Tally,
    Verdict,
    judge,
    outcomes,
)


def judge_all(fields: Sequence[Field], rule: StoppingRule, races: int | None, seed: int,
              workers: int | None) -> list[Tally]:
    """``judge`` for each of ``fields``, the tallies in order; ``races`` fixes each
    field's count (else the rule stops each)."""
    most = min(workers or default_workers(), default_workers())
    if races is not None and len(fields) == 1:
        return [judge(fields[0], rule, races, seed, most)]  # one sweep: its own workers
    if most <= 1 or len(fields) == 1:
        return [judge(one, rule, races, seed, 1) for one in fields]
    judging = Judging([Verdict.of(one, rule, races) for one in fields], rule, seed)
    return judging.run(min(most, len(fields)))


class Judging:
    """The verdicts of several fields, raced over one pool of workers."""

    def __init__(self, verdicts: list[Verdict], rule: StoppingRule, seed: int) -> None:
        self.verdicts, self.rule, self.seed = verdicts, rule, seed
        self.out: dict[Future[list[Outcome]], tuple[Verdict, Piece]] = {}
        self.bar = ProgressBar(sum(v.ends[-1] for v in verdicts))

    def run(self, workers: int) -> list[Tally]:
        """Every verdict's tally, in order."""
        fields = tuple(v.field for v in self.verdicts)
        try:
            pool = ProcessPoolExecutor(max_workers=workers, initializer=start_worker,
                                       initargs=(fields, self.seed))
            try:
                self.fill(pool, workers, None)
                self.drive(pool, workers)
            except BrokenProcessPool:
                # A worker died (see the module's docstring): what it had is raced here.
                for verdict, piece in self.out.values():
                    verdict.again.append(piece)
                self.out.clear()
                self.here()
            finally:
                # Pieces still out were raced ahead of a stop and are not needed: the
                # pool is not waited for (the report is made meanwhile).
                pool.shutdown(wait=False, cancel_futures=True)
        finally:
            self.bar.close()
        tallies = [v.tally for v in self.verdicts if v.tally is not None]
        if len(tallies) != len(self.verdicts):
            raise RuntimeError("a verdict was left unjudged")  # a bug: never expected
        return tallies

    def drive(self, pool: ProcessPoolExecutor, workers: int) -> None:
        """Take the pieces back as they finish, sending the next ones."""
        while self.out and any(v.tally is None for v in self.verdicts):
            done, _ = wait(self.out, return_when=FIRST_COMPLETED)
            for future in done:
                back = future.result()  # a dead worker: BrokenProcessPool, still out
                verdict, (first, count) = self.out.pop(future)
                if verdict.tally is None:
                    released = verdict.take(first, back, self.rule)
                    self.bar.total = max(self.bar.total - released, self.bar.done + count)
                    self.bar(count)
                self.fill(pool, workers, verdict)

    def fill(self, pool: ProcessPoolExecutor, workers: int, last: Verdict | None) -> None:
        """Send pieces until every worker has one (or none is ready): first the next of
        the field whose piece just came back (its worker is the one free), then a field
        not yet started, then any field still running."""
        while len(self.out) < workers:
            found = self.pick(last)
            if found is None:
                return
            verdict, piece = found
            index = self.verdicts.index(verdict)
            try:
                future = pool.submit(race_piece, index, *piece)
            except BrokenProcessPool:
                verdict.again.append(piece)
                raise
            self.out[future] = (verdict, piece)
            last = None

    def pick(self, last: Verdict | None) -> tuple[Verdict, Piece] | None:
        """The next piece to send: of the current looks (``fill``'s order), else, rather
        than leave a worker waiting at a look's end, a piece of the next look."""
        unstarted = [v for v in self.verdicts if not v.started]
        for ahead in (False, True):
            for verdict in ([last] if last else []) + unstarted + self.verdicts:
                piece = verdict.next_piece(ahead)
                if piece is not None:
                    return verdict, piece
        return None

    def here(self) -> None:
        """Race every verdict's remaining pieces in this process."""
        with without_cycle_collection():
            for verdict in self.verdicts:
                while (piece := verdict.next_piece()) is not None:
                    first, count = piece
                    back = race_outcomes(verdict.field, self.seed, first, count)
                    self.bar.total -= verdict.take(first, back, self.rule)
                    self.bar(count)


_FIELDS: tuple[Field, ...] = ()  # a worker's fields and seed, set as it starts
_SEED = 0


def start_worker(fields: tuple[Field, ...], seed: int) -> None:
    """A worker's start: the fields it may race (inherited when forked, not sent with each
    piece), and the cycle collector paused for its life (``without_cycle_collection``)."""
    global _FIELDS, _SEED
    _FIELDS, _SEED = fields, seed
    gc.disable()


def race_piece(index: int, first: int, count: int) -> list[Outcome]:
    """In a worker: a piece of field ``index``."""
    return race_outcomes(_FIELDS[index], _SEED, first, count)


def race_outcomes(one: Field, seed: int, first: int, count: int) -> list[Outcome]:
    """Races ``first`` .. ``first + count - 1`` of ``one``, as a verdict counts them."""
    return outcomes(run_sweep(one, count, seed, workers=1, first=first))
