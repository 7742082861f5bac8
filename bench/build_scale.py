"""Build scale: time and peak memory of ``paddock build`` for N generated vehicles.

    .venv/bin/python bench/build_scale.py                  # N = 10, 100, 1000, 3 runs each
    .venv/bin/python bench/build_scale.py --counts 10 100 --runs 1

Each N is a folder of N Frothy Races vehicles (the shipped ones under new names, so every
licence, card and counter differs), built as a user builds it: ``paddock build DIR -o OUT``
in a fresh process, which prints licences, cards, counters, the generic deck and the dice
stickers and switches the set into the output folder. The figures are whole-process wall
time (median of the runs) and peak resident memory (the child's own ru_maxrss), with time and
memory per vehicle, so linear time and flat memory show as constant and falling columns.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import save_results  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "vehicles" / "frothy-races"


def write_vehicles(folder: Path, count: int) -> None:
    """``count`` vehicle files, cycling through the shipped vehicles under numbered names."""
    sources = [yaml.safe_load(path.read_text(encoding="utf-8"))
               for path in sorted(SHIPPED.glob("*.yaml"))]
    folder.mkdir(parents=True)
    for number in range(count):
        data = dict(sources[number % len(sources)])
        data["name"] = f"Racer {number:04d}"
        (folder / f"racer-{number:04d}.yaml").write_text(
            yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")


def run_build(vehicles: Path, out: Path) -> tuple[float, float]:
    """One whole-process build: (seconds, peak MiB)."""
    command = [sys.executable, "-m", "generator", "build", str(vehicles), "-o", str(out)]
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        assert process.stderr is not None
        raise SystemExit(f"build of {vehicles} failed ({process.returncode}): "
                         f"{process.stderr.read().decode()[-2000:]}")
    return elapsed, usage.ru_maxrss / 1024  # Linux reports KiB


def measure(count: int, runs: int, scratch: Path) -> dict[str, Any]:
    vehicles = scratch / f"vehicles-{count}"
    write_vehicles(vehicles, count)
    times, peaks = [], []
    for run in range(runs):
        out = scratch / f"out-{count}-{run}"
        seconds, peak = run_build(vehicles, out)
        times.append(seconds)
        peaks.append(peak)
        shutil.rmtree(out)
    median = statistics.median(times)
    peak = max(peaks)
    return {"vehicles": count, "runs": runs, "median_s": round(median, 3),
            "ms_per_vehicle": round(1000 * median / count, 1),
            "peak_mib": round(peak, 1), "mib_per_vehicle": round(peak / count, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--counts", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="paddock-scale-") as scratch:
        for count in args.counts:
            row = measure(count, args.runs, Path(scratch))
            rows.append(row)
            print(f"N = {count:>5}: {row['median_s']:8.2f} s ({row['ms_per_vehicle']:6.1f} ms "
                  f"per vehicle), peak {row['peak_mib']:7.1f} MiB", flush=True)
    if len(rows) > 1:
        first, last = rows[0], rows[-1]
        scale = last["vehicles"] / first["vehicles"]
        print(f"N x{scale:g}: time x{last['median_s'] / first['median_s']:.1f}, "
              f"peak memory x{last['peak_mib'] / first['peak_mib']:.1f}")
    path = save_results("build_scale", {"machine": os.uname().machine,
                                        "cpus": os.cpu_count(), "rows": rows})
    print(f"saved {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
