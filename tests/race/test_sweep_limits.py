"""Race sweeps stream their plan, never start more workers than cores, and refuse a count
past the stated limit with exit 2."""

from __future__ import annotations

import subprocess
import sys
import time
import tracemalloc

import pytest

from generator.commands import arguments
from generator.errors import UsageError
from generator.games.frothy_races.race.game import FrothyRace
from generator.race import sweep
from generator.race.sweep import MAX_RACES, RaceJob, grid_order, plan_jobs, race_seed
from tests.conftest import REPO

TRACK = REPO / "vehicles" / "tracks" / "tin-plate-loop.yaml"
CHARIOT = REPO / "vehicles" / "frothy-races" / "basic-chariot.yaml"
GIG = REPO / "vehicles" / "frothy-races" / "whisper-gig.yaml"


def test_the_plan_is_made_as_it_is_read() -> None:
    tracemalloc.start()
    plan = plan_jobs(4, MAX_RACES, 7)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 100_000
    assert len(plan) == MAX_RACES
    assert plan[123_456] == RaceJob(123_456, race_seed(7, 123_456), grid_order(4, 123_456))
    assert plan[-1].index == MAX_RACES - 1
    assert list(plan_jobs(3, 5, 1)) == [RaceJob(k, race_seed(1, k), grid_order(3, k))
                                        for k in range(5)]
    assert next(iter(sweep.chunks(plan, 2))) == tuple(plan[:50])


def test_past_the_limit_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="at most 1,000,000"):
        plan_jobs(4, MAX_RACES + 1, 1)
    assert arguments.MAX_RACES == MAX_RACES


@pytest.mark.parametrize("count", ["100000000000000000000000", "1000001"])
def test_a_huge_race_count_is_exit_2_at_once(count: str) -> None:
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "generator", "race", str(TRACK),
                             str(CHARIOT), str(GIG), "--races", count], cwd=REPO,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "races" in result.stderr
    assert time.monotonic() - started < 30


@pytest.mark.parametrize(("args", "said"), [
    (["race", str(TRACK), str(CHARIOT), "--laps", "1000001"], "laps: at most 99"),
    (["race", str(TRACK), str(CHARIOT), "--type", "furthest", "--rounds", "1000001"],
     "rounds: at most 999"),
    (["battle", "--battles", "100000000000000000000000", str(REPO / "vehicles" / "outrider")],
     "battles: at most 1,000,000"),
    (["serve", "--port", "65536"], "port: at most 65,535"),
])
def test_every_count_past_its_limit_is_exit_2_at_once(args: list[str], said: str) -> None:
    """A count that sizes the work (laps, rounds, battles) has a stated most: --laps 1000001
    once ran until memory ran out."""
    result = subprocess.run([sys.executable, "-m", "generator", *args], cwd=REPO,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result.stderr
    assert said in result.stderr
    assert arguments.MAX_LAPS == 99


def test_workers_are_capped_at_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    class Pool:
        def __init__(self, max_workers: int) -> None:
            asked.append(max_workers)
            raise RuntimeError("stop here")

    monkeypatch.setattr(sweep, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(sweep, "default_workers", lambda: 2)
    monkeypatch.setattr(sweep, "_in_process", lambda field, jobs, progress: iter([]))
    monkeypatch.setattr(FrothyRace, "prepare", lambda self, field: None)  # no real field
    with pytest.raises(RuntimeError, match="stop here"):
        sweep.run_sweep(sweep.Field(None, (1, 2, 3), FrothyRace("careful"), None), 400, 1,
                        workers=128)
    assert asked == [2]
