"""Outrider battles per second: ``python bench/battle.py [--battles N] [--repeat R]``.

Three measures, each the median of R runs:

- inner, one core: N battles of last car standing between four shipped vehicles (Rattler,
  Big Horn, Dust Devil, Iron Curtain), played in this process; battles a second, CPU time
  per battle and per decision (a vehicle's turn planned by the expected-gain driver);
- inner, all cores: the same N battles over worker processes (starting them included);
- whole processes, as a user runs them: ``paddock battle`` with the same four (N battles),
  and ``paddock balance FIXTURE --battle`` (a duel, the default) on the clearly overpowered
  and clearly weak test fixtures (both sides of the card, stopping as soon as the verdict is
  clear-cut), and both with ``--battle last-car-standing``; wall time and the CPU time of
  every process.

The machine is shared: wall times move with the load, CPU times much less; both are
printed, with the load average. Results also go to bench/results/battle.json.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from timing import save_results

from generator.commands.battle import Entrant, battles, load_vehicle
from generator.race.sweep import default_workers

REPO = Path(__file__).resolve().parents[1]
KIT = REPO / "vehicles" / "outrider"
FIELD = ["rattler", "big-horn", "dust-devil", "iron-curtain"]
FIXTURES = REPO / "tests" / "games" / "outrider" / "battle" / "fixtures"
PADDOCK = [sys.executable, "-m", "generator"]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def inner(entrants: list[Entrant], count: int, cores: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process and its workers) for ``count`` battles."""
    cpu0, child0, wall0 = time.process_time(), children_cpu(), time.perf_counter()
    battles(entrants, 1, count, "last-car-standing", cores)
    wall = time.perf_counter() - wall0
    return wall, time.process_time() - cpu0 + children_cpu() - child0


def whole(args: list[str]) -> tuple[float, float]:
    child0, wall0 = children_cpu(), time.perf_counter()
    subprocess.run(PADDOCK + args, cwd=REPO, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - wall0, children_cpu() - child0


def median_pair(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--battles", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    entrants = [Entrant(str(KIT / f"{n}.yaml"), load_vehicle(KIT / f"{n}.yaml"), "narrow")
                for n in FIELD]
    cores = default_workers()
    n, r = options.battles, options.repeat
    one = median_pair([inner(entrants, n, 1) for _ in range(r)])
    every = median_pair([inner(entrants, n, cores) for _ in range(r)])
    field_files = [str(KIT / f"{name}.yaml") for name in FIELD]
    results = {
        "load_average": os.getloadavg()[0], "cores": cores, "battles": n,
        "one_core": {"wall_s": one[0], "cpu_s": one[1], "battles_per_s": n / one[0],
                     "battles_per_cpu_s": n / one[1]},
        "all_cores": {"wall_s": every[0], "cpu_s": every[1], "battles_per_s": n / every[0]},
        "paddock_battle": dict(zip(("wall_s", "cpu_s"), median_pair(
            [whole(["battle", *field_files, "--battles", str(n)]) for _ in range(r)]),
            strict=True)),
    }
    for fixture, scenario in (("juggernaut", "duel"), ("lame-duck", "duel"),
                              ("juggernaut", "last-car-standing"),
                              ("lame-duck", "last-car-standing")):
        results[f"verdict_{fixture}_{scenario}"] = dict(zip(("wall_s", "cpu_s"), median_pair(
            [whole(["balance", str(FIXTURES / f"{fixture}.yaml"), "--battle", scenario,
                    "-o", os.devnull]) for _ in range(r)]), strict=True))
    for key, value in results.items():
        print(f"{key}: {value}")
    print(f"wrote {save_results('battle', results)}")


if __name__ == "__main__":
    main()
