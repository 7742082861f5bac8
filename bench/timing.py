"""Timing helpers shared by the bench scripts (run as ``python bench/<script>.py``)."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(repeat: int, work: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs of ``work``, in seconds: the least disturbed run."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)
