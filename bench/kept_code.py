"""What keeping the dataclasses' compiled methods between runs saves (generator/keep/kept_code.py).

    .venv/bin/python bench/kept_code.py --runs 15

Whole processes as a user runs them: ``paddock check`` and ``paddock build`` of the default
kit, each run a fresh process with a warm cache folder, alternately with the kept code and
without it (a stand-in module whose ``keep_compiled_dataclasses`` does nothing, put in place
before Paddock is imported: every class compiles its methods as Python does). Prints the
median wall and CPU time of each and the difference.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUN = """
import sys, types
if sys.argv[1] == "without":
    stub = types.ModuleType("generator.keep.kept_code")
    stub.keep_compiled_dataclasses = lambda: None
    sys.modules["generator.keep.kept_code"] = stub
sys.argv = ["paddock", *sys.argv[2:]]
from generator.commands.cli import run
run()
"""

COMMANDS = {"check default kit": ["check"], "build default kit": ["build", "-o", "{out}"]}


def one_run(mode: str, args: list[str], scratch: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one whole process."""
    out = Path(tempfile.mkdtemp(dir=scratch))
    argv = [a.replace("{out}", str(out / "out")) for a in args]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", RUN, mode, *argv], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as scratch:
        for name, args in COMMANDS.items():
            for mode in ("with", "without"):  # warm the cache folder and bytecode
                one_run(mode, args, Path(scratch))
            times: dict[str, list[tuple[float, float]]] = {"with": [], "without": []}
            for _ in range(runs):
                for mode in ("with", "without"):
                    times[mode].append(one_run(mode, args, Path(scratch)))
            walls = {m: statistics.median(t[0] for t in times[m]) for m in times}
            cpus = {m: statistics.median(t[1] for t in times[m]) for m in times}
            print(f"{name}: with kept code {walls['with']:.3f} s wall {cpus['with']:.3f} s "
                  f"CPU; without {walls['without']:.3f} s wall {cpus['without']:.3f} s CPU; "
                  f"saves {1000 * (walls['without'] - walls['with']):.0f} ms wall, "
                  f"{1000 * (cpus['without'] - cpus['with']):.0f} ms CPU "
                  f"(median of {runs}, {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
