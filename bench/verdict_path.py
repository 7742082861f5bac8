"""Where a race verdict's wall time goes: ``python bench/verdict_path.py [--repeats R]
[VEHICLE TRACK ...]``.

Runs ``paddock balance VEHICLE --race TRACK`` as a whole process R times (tables in the
cache folder) and reports medians of: its wall time; its CPU time with its workers'
(``RUSAGE_CHILDREN``); and its critical path in CPU seconds: the main process's CPU
before the worker pool starts (start-up, imports, reading the inputs), the busiest
worker's CPU (its races and the value tables it reads), and the main process's CPU after
the pool (the verdict rules, the report). On an idle two-core machine the wall time is
about that sum (plus the waits at the look boundaries); on a loaded one the wall time
says little and the critical path is the figure to compare.

The child process is this script run with ``--child``: it wraps ProcessPoolExecutor to
read each worker's CPU from /proc before the pool shuts down.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from timing import save_results

REPO = Path(__file__).resolve().parents[1]
DEFAULT = ["vehicles/frothy-races/marsh-hopper.yaml", "vehicles/tracks/bogwater-bowl.yaml",
           "vehicles/frothy-races/marsh-hopper.yaml", "vehicles/tracks/tin-plate-loop.yaml"]


def child(argv: list[str]) -> None:
    """Run the command in this process, timing its parts; the figures go to stderr."""
    from concurrent.futures import ProcessPoolExecutor

    marks: dict[str, Any] = {"workers": []}
    start, stop = ProcessPoolExecutor.__init__, ProcessPoolExecutor.shutdown

    def started(self: Any, *args: Any, **kwargs: Any) -> None:
        marks.setdefault("pre", time.process_time())
        start(self, *args, **kwargs)

    def stopped(self: Any, *args: Any, **kwargs: Any) -> None:
        cpus = [worker_cpu(pid) for pid in list(getattr(self, "_processes", None) or {})]
        if cpus:
            marks["workers"].append(max(cpus))
            marks["after"] = time.process_time()
        stop(self, *args, **kwargs)

    ProcessPoolExecutor.__init__ = started  # type: ignore[method-assign]
    ProcessPoolExecutor.shutdown = stopped  # type: ignore[method-assign]
    from generator.commands.cli import main

    main(argv)
    total = time.process_time()
    pre = marks.get("pre", total)
    post = total - marks.get("after", total)
    busiest = sum(marks["workers"])
    print(json.dumps({"pre": pre, "busiest_worker": busiest, "post": post}), file=sys.stderr)


def worker_cpu(pid: int) -> float:
    """A live process's CPU seconds (user + system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(vehicle: str, track: str, repeats: int) -> dict[str, float]:
    """Medians of ``repeats`` whole runs."""
    runs: list[dict[str, float]] = []
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall = time.perf_counter()
        done = subprocess.run([sys.executable, __file__, "--child", "balance", vehicle,
                               "--race", track, "-o", str(REPO / "output" / "bench-verdict.pdf")],
                              capture_output=True, text=True, cwd=REPO, env=env, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        found = json.loads(done.stderr.strip().splitlines()[-1])
        found["wall"] = time.perf_counter() - wall
        found["cpu_with_workers"] = (after.ru_utime + after.ru_stime - before.ru_utime
                                     - before.ru_stime)
        found["critical_path"] = found["pre"] + found["busiest_worker"] + found["post"]
        runs.append(found)
    return {key: round(statistics.median(r[key] for r in runs), 2) for key in runs[0]}


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("pairs", nargs="*", default=DEFAULT,
                        help="VEHICLE TRACK pairs (default: the Marsh Hopper on two tracks)")
    args = parser.parse_args()
    pairs = list(zip(args.pairs[::2], args.pairs[1::2], strict=True))
    results: dict[str, Any] = {"load": os.getloadavg()[0]}
    for vehicle, track in pairs:
        name = f"{Path(vehicle).stem} on {Path(track).stem}"
        results[name] = measure(vehicle, track, args.repeats)
        print(name, results[name])
    print(save_results("verdict-path", results))


if __name__ == "__main__":
    main()
