"""The sequential verdict, for any game: race a build (entrant 0 of a field) in batches and
stop once its win rate's interval lies wholly outside the band round the fair share (a flag)
or wholly inside it (no flag), or at the last look.

Races run in batches of whole grid cycles (a cycle is twice the field size, so every entrant
starts from every slot alike); after each batch the win rate's Wilson interval, at a
confidence corrected for the number of looks (Bonferroni), is set against the band. Each
race's seed comes from its number, so a batch never re-runs a race. A game states the rule's
numbers in its own balance_rules.yaml and builds the :class:`StoppingRule` from them.

A game whose draws are shared (``draws_shared``, :mod:`generator.race.game`) is judged by
the build's share of each race's one win instead: 1 for a win, 1/k for a draw among k in
first place. Every race then hands out exactly one win, so the fair share is one in the
field size of all races, and the count needs nothing but the build's own result: each race
stops as soon as that is settled (a wrecked vehicle takes no share of a battle the others
fight on). A share's variance is at most a win's of the same mean (a value in 0..1 with
mean p varies by at most p(1 - p)), so the Wilson interval and its calibrated quantiles are,
if anything, wide for it.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from statistics import NormalDist
from typing import Any

from generator.race.calibration import calibrated
from generator.race.progress import ProgressBar
from generator.race.stats import Interval, wilson
from generator.race.sweep import Field, Sweep, run_sweep, without_cycle_collection


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
    def bound_z(self) -> float:
        """The Bonferroni quantile for a flag: alpha shared over the looks, both sides (a
        bound on the false-flag rate whatever the looks; ``z`` spends alpha exactly)."""
        return NormalDist().inv_cdf(1 - self.alpha / (2 * self.looks))

    @property
    def bound_z_within(self) -> float:
        """The Bonferroni quantile for calling a build within the band: each edge of the
        band rejected on its own side (two one-sided tests), alpha shared over the looks."""
        return NormalDist().inv_cdf(1 - self.alpha / self.looks)

    @property
    def z(self) -> float:
        """The flag's quantile at each look: the least whose exact false-flag rate, for a
        build that wins its fair share, is at most alpha in every field of 2 to 6
        (``calibration``)."""
        return self.quantiles[0]

    @property
    def z_within(self) -> float:
        """The quantile for calling a build within the band: the least for which a build
        winning the band's edge is called within it at most alpha of the time. A stop for
        'within' never adds a flag, so it leaves the false-flag rate as it is."""
        return self.quantiles[1]

    @property
    def quantiles(self) -> tuple[float, float]:
        return calibrated(self.band, self.alpha, self.looks, self.cycles, self.bound_z,
                          self.bound_z_within)

    def decided(self, won: float, races: int, fair: float) -> bool:
        """The flag interval (``z``) lies wholly outside the band, or the 'within'
        interval (``z_within``) wholly inside it."""
        if self.flag(wilson(won, races, self.z), fair):
            return True
        within = wilson(won, races, self.z_within)
        return within.low >= fair * (1 - self.band) and within.high <= fair * (1 + self.band)

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
    """A build's races so far: how many, how many it won (its shares summed, in a game whose
    draws are shared), how many had a winner (every race, in such a game)."""

    races: int
    won: float
    decided: int
    drawn: int = 0  # races the build drew (took a share of less than a whole win)

    def fair_share(self, size: int) -> float:
        """A balanced build's share: one in ``size`` of the races that had a winner."""
        return fair_share(self.decided, self.races, size)


def fair_share(decided: int, races: int, size: int) -> float:
    """A balanced build's share of the races: one in ``size`` of those that had a winner (a
    race nobody finishes has none, and counts as a win for no one)."""
    return (decided / races if races and decided else 1.0) / size


Piece = tuple[int, int]  # the first race's number and how many races
Outcome = tuple[float, bool]
"""A race as a verdict counts it: entrant 0's win (True or False; its share of the win, in a
game whose draws are shared) and whether the race had a winner."""


def judge(field: Field, rule: StoppingRule, races: int | None, seed: int,
          workers: int | None, scheduler: str | object | None = None) -> Tally:
    """Race ``field`` a look at a time (each look one sweep, over ``workers``) until
    ``rule`` decides about entrant 0, or ``races`` races exactly, in one go."""
    verdict = Verdict.of(field, rule, races)
    # The cycle collector stays paused from the first look to the last (see
    # without_cycle_collection): between looks it would walk every decision kept so far.
    with without_cycle_collection():
        while verdict.tally is None:
            first, count = verdict.next_look()
            verdict.take(first, raced(verdict.field, count, seed, workers, first, scheduler),
                         rule)
    return verdict.tally


def raced(field: Field, races: int, seed: int, workers: int | None, first: int,
          scheduler: str | object | None = None) -> list[Outcome]:
    """The races numbered from ``first`` as a verdict counts them, with a progress bar."""
    bar = ProgressBar(races)
    try:
        sweep = run_sweep(field, races, seed, workers=workers, progress=bar, first=first,
                          scheduler=scheduler)
    finally:
        bar.close()
    return outcomes(sweep)


def shares_draws(field: Field) -> bool:
    """True for a game whose draws are shared (``draws_shared``)."""
    return bool(getattr(field.game, "draws_shared", False))


def watched(field: Field) -> Field:
    """The field as a verdict races it: in a game whose draws are shared, each race stops
    once entrant 0's share is settled."""
    return replace(field, watch=0) if shares_draws(field) else field


def outcomes(sweep: Sweep) -> list[Outcome]:
    """Each race of ``sweep`` as a verdict counts it."""
    races = range(len(sweep.results))
    if shares_draws(sweep.field):
        return [(sweep.share(k, 0), True) for k in races]
    return [(sweep.won(k, 0), sweep.standing(k).winner is not None) for k in races]


def counted(found: Sequence[Outcome], shared: bool) -> tuple[float, int, int]:
    """A look's races counted: entrant 0's wins (its shares summed, exactly, in a game whose
    draws are shared), the races with a winner, and the races it drew."""
    if shared:
        shares = [share for share, _ in found]
        return math.fsum(shares), len(shares), sum(1 for s in shares if 0.0 < s < 1.0)
    return sum(won for won, _ in found), sum(1 for _, winner in found if winner), 0


@dataclass
class Verdict:
    """One field's verdict under way: the races at each look (``ends``), the outcomes back
    so far, what is sent out, and the tally once the rule has stopped it."""

    field: Field
    ends: tuple[int, ...]  # races done after each look
    piece: int  # races a piece
    fixed: bool  # a count of races given: no look stops it early
    found: dict[int, Outcome] = dataclasses.field(default_factory=dict)  # by race number
    sent: int = 0  # races 0 .. sent - 1 have been sent out (or raced)
    again: list[Piece] = dataclasses.field(default_factory=list)  # lost with a worker
    looks: int = 0  # looks judged
    won: float = 0  # entrant 0's wins (its shares summed, where draws are shared)
    decided: int = 0
    drawn: int = 0
    tally: Tally | None = None  # the result, once stopped

    @classmethod
    def of(cls, one: Field, rule: StoppingRule, races: int | None) -> Verdict:
        size = len(one.vehicles)
        batch = rule.batch(size)
        ends = (races,) if races is not None else \
            tuple(batch * look for look in range(1, rule.looks + 1))
        return cls(watched(one), ends, 2 * size, races is not None)

    @property
    def started(self) -> bool:
        return self.sent > 0

    def next_piece(self, ahead: bool = False) -> Piece | None:
        """The next races to send: a lost piece first, then the current look's next
        piece; None when the current look is all sent (or the verdict is over). With
        ``ahead``, the next look's too: raced by a worker that would otherwise wait
        for the current look to be judged, and never counted if the rule stops at it."""
        if self.tally is not None:
            return None
        if self.again:
            return self.again.pop(0)
        end = self.ends[min(self.looks + int(ahead), len(self.ends) - 1)]
        if self.sent >= end:
            return None
        first, self.sent = self.sent, min(end, self.sent + self.piece)
        return first, self.sent - first

    def complete(self, end: int) -> bool:
        """Every race before ``end`` is back (races of a later look may be back too)."""
        return sum(1 for k in self.found if k < end) >= end

    def next_look(self) -> Piece:
        """All the current look's races not yet sent (``judge`` races a look at once)."""
        first, self.sent = self.sent, self.ends[self.looks]
        return first, self.sent - first

    def take(self, first: int, back: Sequence[Outcome], rule: StoppingRule) -> int:
        """Keep a piece's outcomes and judge, in order, every look now complete; the races
        the verdict will no longer need (all those after its stop)."""
        self.found.update(zip(range(first, first + len(back)), back, strict=True))
        while self.tally is None and self.complete(self.ends[self.looks]):
            start = self.ends[self.looks - 1] if self.looks else 0
            end = self.ends[self.looks]
            wins, winners, draws = counted([self.found[k] for k in range(start, end)],
                                           shares_draws(self.field))
            self.won, self.decided, self.drawn = (self.won + wins, self.decided + winners,
                                                  self.drawn + draws)
            self.looks += 1
            fair = fair_share(self.decided, end, len(self.field.vehicles))
            if self.looks == len(self.ends) or (not self.fixed and
                                                rule.decided(self.won, end, fair)):
                self.tally = Tally(end, self.won, self.decided, self.drawn)
                return self.ends[-1] - end
        return 0


def false_flag_rate(rule: StoppingRule, fair: float, size: int, trials: int,
                    seed: int = 1, draws: float = 0.0) -> float:
    """The rule's false-flag rate for a build exactly as good as its field (each race won
    with chance ``fair``), by simulation: the share of ``trials`` sequential verdicts that
    flag. Bernoulli draws stand in for races here; bench/race_planner.py measures it with
    races. With ``draws``, a race has no winner with that chance (``fair`` is then the
    share of all races the build wins) and each look judges against the fair share of the
    races so far that had a winner, as :func:`judge` does."""
    return verdict_shares(rule, fair, fair, size, trials, seed, draws)[0]


def verdict_shares(rule: StoppingRule, rate: float, fair: float, size: int, trials: int,
                   seed: int = 1, draws: float = 0.0) -> tuple[float, float]:
    """Of ``trials`` simulated sequential verdicts of a build that wins each race with
    chance ``rate`` where the fair share is ``fair``: the share flagged, and the share
    that stopped with the build called within the band. With ``draws`` (a race with no
    winner, that chance), the fair share at each look is one in ``size`` of the races that
    had a winner (``fair`` unused)."""
    import random

    draw = random.Random(seed).random
    flagged = within = 0
    for _ in range(trials):
        won = done = decided = 0
        share = fair
        for _ in range(rule.looks):
            for _ in range(rule.batch(size)):
                luck = draw()  # below draws: nobody wins; the next rate of it: the build
                decided += luck >= draws
                won += draws <= luck < draws + rate
            done += rule.batch(size)
            share = fair_share(decided, done, size) if draws else fair
            if rule.decided(won, done, share):
                break
        flag = rule.flag(wilson(won, done, rule.z), share)
        flagged += bool(flag)
        within += not flag and rule.decided(won, done, share)
    return flagged / trials, within / trials
