"""Timing helpers shared by the bench scripts (run as ``python bench/<script>.py``)."""

from __future__ import annotations

import json
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def best_of(repeat: int, work: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs of ``work``, in seconds: the least disturbed run."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def save_results(name: str, results: dict[str, Any]) -> Path:
    """Write ``results`` to bench/results/<name>.json (ignored by git) and return the path."""
    out = Path(__file__).resolve().parent / "results" / f"{name}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    return out


def timed(repeat: int, work: Callable[[], object],
          setup: Callable[[], object] = lambda: None) -> tuple[float, float]:
    """Medians of ``repeat`` runs: wall seconds, and CPU seconds of this process and of the
    worker processes it waited for (``os.times``: children count once reaped)."""
    walls, cpus = [], []
    for _ in range(repeat):
        setup()
        before, start = os.times(), time.perf_counter()
        work()
        walls.append(time.perf_counter() - start)
        after = os.times()
        cpus.append(sum(getattr(after, f) - getattr(before, f)
                        for f in ("user", "system", "children_user", "children_system")))
    return statistics.median(walls), statistics.median(cpus)
