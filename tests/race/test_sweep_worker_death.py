"""A sweep whose worker process dies under it (killed from outside, or by the system for
memory) runs the races not yet back in this process instead: the same results bit for bit,
not exit 3 ('a bug in Paddock') as before."""

from __future__ import annotations

import pytest

from generator.race.sweep import Field, default_workers, run_sweep
from tests.race.one_roll import Coin


@pytest.mark.skipif(default_workers() < 2, reason="needs two cores for worker processes")
def test_a_worker_killed_mid_sweep_leaves_the_results_as_they_would_be() -> None:
    field = Field("track", (1, 2, 3), Coin(0.3, victim=40), None)
    calm = run_sweep(Field("track", (1, 2, 3), Coin(0.3), None), 120, 4, workers=1)
    shaken = run_sweep(field, 120, 4, workers=2)
    assert shaken.results == calm.results
