"""The core's sequential verdict when races can end with no winner (a Joyride race nobody
finishes, an Outrider battle with nobody left or more than one car at the round limit):
the fair share counts only the races that had a winner, so draws never pull a balanced
build under the band, and the rule's false-flag rate holds with draws too."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from generator.race.game import Standing
from generator.race.sweep import Field, RaceJob
from generator.race.verdict import StoppingRule, false_flag_rate, judge

RULE = StoppingRule(band=0.5, alpha=0.05, looks=10, cycles=2)


@dataclass(frozen=True)
class Lottery:
    """A race game of one round: nobody wins with chance ``draws``; otherwise each entrant
    wins by its weight (``Field.vehicles`` are the weights), the dice seeded by the job."""

    draws: float
    seed_name: ClassVar[str] = "lottery"
    in_process_below: ClassVar[int] = 10_000

    def prepare(self, field: Field) -> None:
        return None

    def setup(self, field: Field, job: RaceJob) -> list[Any]:
        return [field, job, None, False]

    def step(self, race: list[Any]) -> bool:
        if race[3]:
            return False
        field, job = race[0], race[1]
        dice = random.Random(job.seed)
        if dice.random() >= self.draws:
            weights = [field.vehicles[entrant] for entrant in job.grid]
            race[2] = dice.choices(range(len(weights)), weights)[0]
        race[3] = True
        return True

    def score(self, race: list[Any]) -> tuple[int | None, int]:
        return race[2], len(race[1].grid)

    def standing(self, result: Any) -> Standing:
        winner, size = result
        places = tuple(1 if slot == winner else 2 for slot in range(size))
        return Standing(places, winner)


def field(weights: tuple[float, ...], draws: float) -> Field:
    return Field("track", weights, Lottery(draws), None)


@pytest.mark.parametrize("size", [2, 3, 4])
def test_draws_do_not_make_a_balanced_build_underpowered(size: int) -> None:
    """Most races drawn: a build exactly as good as its field is never flagged by the
    sequential rule, and the fair share is one in ``size`` of the races with a winner."""
    for seed in (1, 2, 3):
        tally = judge(field((1.0,) * size, 0.6), RULE, None, seed, workers=1)
        assert 0.25 < tally.decided / tally.races < 0.55
        assert tally.fair_share(size) == pytest.approx(tally.decided / tally.races / size)
        assert RULE.flag(wilson_of(tally), tally.fair_share(size)) == "", (seed, tally)


def test_against_one_in_the_field_size_of_all_races_the_same_build_would_be_flagged() -> None:
    """The test above has teeth: 1000 races of a field of four with 70% drawn put a
    balanced build's interval wholly under half of a quarter, but inside the band round
    the share of the races with a winner."""
    tally = judge(field((1.0,) * 4, 0.7), RULE, 1000, 1, workers=1)
    assert tally.races == 1000
    assert RULE.flag(wilson_of(tally), 1 / 4) == "under"
    assert RULE.flag(wilson_of(tally), tally.fair_share(4)) == ""
    assert RULE.decided(tally.won, tally.races, tally.fair_share(4))


def test_a_clearly_weak_or_strong_build_is_still_flagged_with_draws() -> None:
    weak = judge(field((0.02, 1.0, 1.0, 1.0), 0.4), RULE, None, 1, workers=1)
    strong = judge(field((12.0, 1.0, 1.0, 1.0), 0.4), RULE, None, 1, workers=1)
    assert RULE.flag(wilson_of(weak), weak.fair_share(4)) == "under"
    assert RULE.flag(wilson_of(strong), strong.fair_share(4)) == "over"


def test_a_fixed_count_runs_exactly_that_many_races() -> None:
    tally = judge(field((1.0, 1.0), 0.3), RULE, 40, 1, workers=1)
    assert tally.races == 40 and 0 < tally.decided < 40


@pytest.mark.parametrize(("size", "draws"), [(2, 0.0), (2, 0.2), (4, 0.0), (4, 0.45)])
def test_the_false_flag_rate_holds_with_draws(size: int, draws: float) -> None:
    assert false_flag_rate(RULE, (1 - draws) / size, size, trials=300, draws=draws) \
        <= RULE.alpha


def wilson_of(tally: Any) -> Any:
    from generator.race.stats import wilson

    return wilson(tally.won, tally.races, RULE.z)
