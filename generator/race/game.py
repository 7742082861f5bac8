"""What a game gives the race core: the one interface every racing game implements.

The core (sweeps, workers, the Dask cluster, intervals, verdicts, event logs) never imports
a game. A game hands it an object that satisfies :class:`RaceGame`; ``commands/`` finds that
object through the game registry and passes it in a sweep's :class:`~generator.race.sweep.Field`.
The object must pickle (worker processes and cluster nodes receive it with the field), so a
game's is a small frozen dataclass of plain values.

A game may also say ``first_here = False`` (optional; True if absent): its races build
nothing another race uses, so a sweep over workers need not play race 1 in this process
first for the workers to inherit (``generator.race.sweep``).

And a game may say ``draws_shared = True`` (optional; False if absent): a race with no
winner is a draw shared by the entrants in first place (:meth:`Standing.share`), so each
race hands out exactly one win between its entrants. Such a game also gives
``settled(race, slot)``: True once what grid slot ``slot`` takes from the race (its share)
can no longer change. A verdict judges one entrant by its share alone, so it stops each race
there (``Field.watch``); a race run for anyone else is played to its end.

A race is run as: ``setup`` (the field's vehicles in the job's grid order, seeded by the
job), ``step`` until it says the race is over (each step one round; the engine asks its
driver for every decision on the way), then ``score``. ``prepare`` asks for the driver
before any of that: what every race of a field shares (a value table over the driving
states, say) is worked out once, in the process that forks the workers, so they inherit it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from generator.race.sweep import Field, RaceJob


@dataclass(frozen=True)
class Standing:
    """How a finished race ranks its grid: ``places[slot]`` is the place (1 best) of the
    vehicle in grid slot ``slot``; ``winner`` is the winning slot, None when nobody won (a
    race nobody finished, a battle nobody survived)."""

    places: tuple[int, ...]
    winner: int | None

    def share(self, slot: int) -> float:
        """Slot ``slot``'s share of the race's one win, for a game whose draws are shared: 1
        to the winner; with no winner, split equally between the slots in first place (a
        draw among them); nothing to anyone else."""
        if self.winner is not None:
            return 1.0 if self.winner == slot else 0.0
        first = self.places.count(1)
        return 1.0 / first if self.places[slot] == 1 else 0.0


class RaceGame(Protocol):
    """A game's races, as the core drives them."""

    @property
    def seed_name(self) -> str:
        """Names the game in each race's seed (``paddock-NAME:SWEEP:RACE``): two games'
        sweeps with the same seed never share dice."""
        ...

    @property
    def in_process_below(self) -> int:
        """Sweeps with fewer races than this per worker run in this process instead: a new
        worker starts without the decisions the races before it kept, and for a game whose
        races share much, forking costs more than a few races."""
        ...

    def prepare(self, field: Field) -> None:
        """Ask for the driver: build what every race of ``field`` shares, in this process."""
        ...

    def setup(self, field: Field, job: RaceJob) -> Any:
        """A race of the field's vehicles in ``job.grid`` order, seeded ``job.seed``, at
        its start."""
        ...

    def step(self, race: Any) -> bool:
        """Play one round of ``race``; False, playing nothing, once the race is over."""
        ...

    def score(self, race: Any) -> Any:
        """The finished race's result: a frozen dataclass of plain values (it pickles back
        from a worker and compares bit for bit)."""
        ...

    def standing(self, result: Any) -> Standing:
        """Places and the winner, by grid slot, of a result ``score`` gave."""
        ...


def run_race(game: RaceGame, field: Field, job: RaceJob) -> Any:
    """One race of ``field``: set up, stepped to its end, scored. With ``field.watch`` (an
    entrant) and a game that can tell when a slot's share is settled, it stops after the
    first step that settles the watched entrant's: the result then gives that entrant's
    share exactly, and nothing else a verdict needs (the others' places may differ)."""
    race = game.setup(field, job)
    settled = getattr(game, "settled", None) if field.watch is not None else None
    slot = job.grid.index(field.watch) if settled is not None else -1
    while game.step(race):
        if settled is not None and settled(race, slot):
            break
    return game.score(race)
