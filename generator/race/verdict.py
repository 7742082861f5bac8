"""The sequential verdict, for any game: race a build (entrant 0 of a field) in batches and
stop once its win rate's interval lies wholly outside the band round the fair share (a flag)
or wholly inside it (no flag), or at the last look.

Races run in batches of whole grid cycles (a cycle is twice the field size, so every entrant
starts from every slot alike); after each batch the win rate's Wilson interval, at a
confidence corrected for the number of looks (Bonferroni), is set against the band. Each
race's seed comes from its number, so a batch never re-runs a race. A game states the rule's
numbers in its own balance_rules.yaml and builds the :class:`StoppingRule` from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from generator.race.progress import ProgressBar
from generator.race.stats import Interval, wilson, with_winner
from generator.race.sweep import Field, run_sweep


@dataclass(frozen=True)
class StoppingRule:
    """The sequential rule's numbers."""

    band: float  # the band round the fair share: fair x (1 +- band)
    alpha: float  # the chance of a false flag the rule allows, over all its looks
    looks: int  # batches at most
    cycles: int = 4  # grid cycles (twice the field size) a batch

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> StoppingRule:
        """The rule from a verdict rule's ``params`` in a game's balance_rules.yaml (``band``,
        ``alpha``, ``looks``, ``cycles``)."""
        return cls(float(params["band"]), float(params["alpha"]), int(params["looks"]),
                   int(params["cycles"]))

    @property
    def z(self) -> float:
        """The normal quantile for each look: alpha shared over the looks, both sides."""
        return NormalDist().inv_cdf(1 - self.alpha / (2 * self.looks))

    def decided(self, wins: Interval, fair: float) -> bool:
        """The interval lies wholly outside the band, or wholly inside it."""
        low, high = fair * (1 - self.band), fair * (1 + self.band)
        return wins.low > high or wins.high < low or (wins.low >= low and wins.high <= high)

    def flag(self, wins: Interval, fair: float) -> str:
        """'over', 'under' or '' for an interval against the band."""
        if wins.low > fair * (1 + self.band):
            return "over"
        if wins.high < fair * (1 - self.band):
            return "under"
        return ""

    def batch(self, size: int) -> int:
        """Races a batch for a field of ``size``: whole grid cycles."""
        return 2 * size * self.cycles


@dataclass(frozen=True)
class Tally:
    """A build's races so far: how many, how many it won, how many had a winner."""

    races: int
    won: int
    decided: int

    def fair_share(self, size: int) -> float:
        """A balanced build's share: one in ``size`` of the races that had a winner."""
        return fair_share(self.decided, self.races, size)


def fair_share(decided: int, races: int, size: int) -> float:
    """A balanced build's share of the races: one in ``size`` of those that had a winner (a
    race nobody finishes has none, and counts as a win for no one)."""
    return (decided / races if races and decided else 1.0) / size


def judge(field: Field, rule: StoppingRule, races: int | None, seed: int,
          workers: int | None, scheduler: str | object | None = None) -> Tally:
    """Race ``field`` in batches until ``rule`` decides about entrant 0 (or ``races`` races
    exactly, in one go)."""
    size = len(field.vehicles)
    done = won = decided = 0
    target = races or rule.batch(size) * rule.looks
    while done < target:
        count = min(rule.batch(size), target - done) if races is None else target
        wins, winners = subject_wins(field, count, seed, workers, done, scheduler)
        won, decided, done = won + wins, decided + winners, done + count
        if races is None and rule.decided(wilson(won, done, rule.z),
                                          fair_share(decided, done, size)):
            break
    return Tally(done, won, decided)


def subject_wins(field: Field, races: int, seed: int, workers: int | None, first: int,
                 scheduler: str | object | None = None) -> tuple[int, int]:
    """Of the races numbered from ``first``: how many entrant 0 (the build) won, and how
    many had a winner."""
    bar = ProgressBar(races)
    try:
        sweep = run_sweep(field, races, seed, workers=workers, progress=bar, first=first,
                          scheduler=scheduler)
    finally:
        bar.close()
    return sum(sweep.won(k, 0) for k in range(races)), with_winner(sweep)


def false_flag_rate(rule: StoppingRule, fair: float, size: int, trials: int,
                    seed: int = 1, draws: float = 0.0) -> float:
    """The rule's false-flag rate for a build exactly as good as its field, by simulation:
    the share of ``trials`` sequential verdicts that flag. Bernoulli draws stand in for
    races here (bench/race.py measures it with races): a race has no winner with chance
    ``draws`` and entrant 0 wins it with chance ``fair`` (of all races), and each look
    judges against the fair share of the races so far that had a winner, as :func:`judge`
    does."""
    import random

    draw = random.Random(seed).random
    batch = rule.batch(size)
    flagged = 0
    for _ in range(trials):
        won = done = decided = 0
        for _ in range(rule.looks):
            for _ in range(batch):
                luck = draw()  # below draws: nobody wins; the next fair of it: entrant 0
                decided += luck >= draws
                won += draws <= luck < draws + fair
            done += batch
            if rule.decided(wilson(won, done, rule.z), fair_share(decided, done, size)):
                break
        flagged += bool(rule.flag(wilson(won, done, rule.z), fair_share(decided, done, size)))
    return flagged / trials
