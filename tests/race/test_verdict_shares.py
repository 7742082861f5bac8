"""The core's sequential verdict for a game whose draws are shared (Outrider's battles): a
race with no winner hands its one win out equally to the entrants in first place, a race
stops once the judged entrant's share is settled, and the early stop changes no share."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import pytest

from generator.race.game import Standing, run_race
from generator.race.sweep import Field, RaceJob, plan_jobs, run_sweep
from generator.race.verdict import StoppingRule, judge

RULE = StoppingRule(band=0.5, alpha=0.05, looks=10, cycles=2)


@dataclass
class Knockout:
    """A race in progress: who is still in, the round each one went out, steps played."""

    job: RaceJob
    weights: list[float]
    out_in: list[int | None]
    dice: random.Random
    rounds: int = 0


@dataclass(frozen=True)
class Elimination:
    """Each round every entrant still in goes out with a chance that falls with its weight;
    the last one in wins, and after ``limit`` rounds those still in draw (or, all out in the
    same round, those that went out last)."""

    limit: int = 6
    seed_name: ClassVar[str] = "elimination"
    in_process_below: ClassVar[int] = 10_000
    draws_shared: ClassVar[bool] = True

    def prepare(self, field: Field) -> None:
        return None

    def setup(self, field: Field, job: RaceJob) -> Knockout:
        weights = [field.vehicles[entrant] for entrant in job.grid]
        return Knockout(job, weights, [None] * len(weights), random.Random(job.seed))

    def step(self, race: Knockout) -> bool:
        standing = [s for s, out in enumerate(race.out_in) if out is None]
        if len(standing) < 2 or race.rounds >= self.limit:
            return False
        race.rounds += 1
        for slot in standing:
            if race.dice.random() < 0.3 / race.weights[slot]:
                race.out_in[slot] = race.rounds
        return True

    def settled(self, race: Knockout, slot: int) -> bool:
        return race.out_in[slot] is not None

    def score(self, race: Knockout) -> tuple[int | None, ...]:
        return tuple(race.out_in)

    def standing(self, result: Any) -> Standing:
        standing = [s for s, out in enumerate(result) if out is None]
        winner = standing[0] if len(standing) == 1 else None
        ranks = [(0, 0) if out is None else (1, -out) for out in result]
        places = tuple(1 + sum(other < mine for other in ranks) for mine in ranks)
        return Standing(places, winner)


def test_a_share_is_the_win_or_an_equal_part_of_a_draw() -> None:
    assert [Standing((2, 1, 3), 1).share(s) for s in range(3)] == [0.0, 1.0, 0.0]
    draw = Standing((1, 3, 1, 4), None)
    assert [draw.share(s) for s in range(4)] == [0.5, 0.0, 0.5, 0.0]
    assert sum(Standing((1, 1, 1), None).share(s) for s in range(3)) == pytest.approx(1.0)


@pytest.mark.parametrize("weights", [(1.0, 1.0, 1.0, 1.0), (0.5, 1.0, 1.0), (3.0, 1.0, 1.0)])
def test_the_early_stop_changes_no_share_of_the_watched_entrant(
        weights: tuple[float, ...]) -> None:
    whole = Field("track", weights, Elimination(), None)
    watched = replace(whole, watch=0)
    full, stopped = run_sweep(whole, 200, 3, workers=1), run_sweep(watched, 200, 3, workers=1)
    assert [full.share(k, 0) for k in range(200)] == [stopped.share(k, 0) for k in range(200)]
    shares = {full.share(k, 0) for k in range(200)}
    assert 0.0 in shares and 1.0 in shares and shares - {0.0, 1.0}  # wins, losses and draws
    # the stop saved rounds: some races ended before their end
    assert any(a != b for a, b in zip(full.results, stopped.results, strict=True))


def test_a_race_stops_after_the_step_that_settles_the_watched_share() -> None:
    game = Elimination(limit=50)
    field = Field("track", (0.4, 1.0, 1.0, 1.0), game, None, watch=0)
    for job in plan_jobs(4, 40, 9, name=game.seed_name):
        result = run_race(game, field, job)
        slot = job.grid.index(0)
        last = max(out or 0 for out in result)
        standing = [out for out in result if out is None]
        if result[slot] is not None and len(standing) >= 2:
            assert result[slot] == last  # stopped in the round it went out, no later


def test_judge_counts_shares_against_one_in_the_field_size_of_all_races() -> None:
    field = Field("track", (1.0, 1.0, 1.0), Elimination(), None)
    tally = judge(field, RULE, 60, 5, 1)
    whole = run_sweep(field, 60, 5, workers=1)
    shares = [whole.share(k, 0) for k in range(60)]
    assert tally.races == tally.decided == 60
    assert tally.won == pytest.approx(sum(shares))
    assert tally.drawn == sum(1 for s in shares if 0 < s < 1)
    assert tally.fair_share(3) == pytest.approx(1 / 3)


@pytest.mark.parametrize("size", [2, 4])
def test_a_balanced_entrant_is_flagged_at_most_alpha_with_shared_draws(size: int) -> None:
    field = Field("track", (1.0,) * size, Elimination(limit=3), None)
    flagged = sum(bool(RULE.flag(_interval(judge(field, RULE, None, seed, 1)), 1 / size))
                  for seed in range(60))
    assert flagged / 60 <= RULE.alpha


def _interval(tally: Any) -> Any:
    from generator.race.stats import wilson

    return wilson(tally.won, tally.races, RULE.z)
