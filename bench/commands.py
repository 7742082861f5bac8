"""Whole-process command timings, as a user sees them: this checkout against a git revision.

    .venv/bin/python bench/commands.py                    # against main, 7 runs each
    .venv/bin/python bench/commands.py --rev 48c2570 --runs 11

Each run is a fresh ``python -m generator`` process (start-up, imports, data files and all);
a build writes into a new, empty folder every time. Paddock keeps compiled templates, parsed
data files and fitting outcomes in its cache folder between runs, as a user's machine does;
"build, empty cache" gives each run an empty one, as after installing or upgrading; a warm
build of unchanged input is answered from the cache folder (generator/commands/build_replay.py),
and "build, one file saved" edits a copy of the kit before each run, so it draws again.
Bytecode is written and reused, as after ``pip install`` (one uncounted run per command
writes it, whatever PYTHONDONTWRITEBYTECODE says). Runs of the two trees alternate, so a
busy machine slows both alike. Prints, per command, the median wall time and the median CPU
time (user + system, steadier than wall time when other work shares the cores) of each
tree, and the ratio of the medians.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from timing import save_results  # noqa: E402  (bench/ is on the path when run as a script)

COMMANDS = {
    # The floor under every command: Python starting and the command line imported (the
    # games, PyYAML, Jinja2 and ReportLab among them), nothing read or written.
    "import floor": ["--version"],
    "check one vehicle": ["check", "vehicles/frothy-races/basic-chariot.yaml"],
    "check default kit": ["check"],
    "build default kit": ["build", "-o", "{out}"],
    # The same build with an empty cache folder each time (XDG_CACHE_HOME): a first run
    # after installing or upgrading, before templates, data files and fits are kept.
    "build, empty cache": ["build", "-o", "{out}", "{empty-cache}"],
    # A warm cache, but one definition saved since the last build (a comment added, so its
    # bytes differ and its pages do not): the build cannot be replayed and draws again.
    "build, one file saved": ["build", "{kit-copy}", "-o", "{out}"],
}


def export(rev: str, into: Path) -> Path:
    """The tree of ``rev`` written under ``into``."""
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into


def run_once(tree: Path, argv: list[str], scratch: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one ``paddock`` process run in ``tree`` with its own code."""
    out = Path(tempfile.mkdtemp(dir=scratch))
    args = [a.replace("{out}", str(out / "kit")) for a in argv if a != "{empty-cache}"]
    if "{kit-copy}" in argv:
        kit = scratch / f"kit-of-{tree.name}"
        if not kit.exists():
            shutil.copytree(tree / "vehicles", kit)
        with open(kit / "frothy-races" / "basic-chariot.yaml", "a", encoding="utf-8") as file:
            file.write(f"# saved again ({out.name})\n")
        args = [str(kit) if a == "{kit-copy}" else a for a in args]
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree)
    if "{empty-cache}" in argv:
        env["XDG_CACHE_HOME"] = str(out / "cache")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "generator", *args], cwd=tree, env=env,
                          capture_output=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1) and argv != ["--version"]:
        raise SystemExit(f"{' '.join(args)} failed in {tree}:\n{done.stderr.decode()}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="main", help="git revision to compare with [main]")
    parser.add_argument("--runs", type=int, default=7, help="runs of each command [7]")
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; load average {os.getloadavg()[0]:.2f}")
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="paddock-bench-") as temp:
        scratch = Path(temp)
        trees = {args.rev: export(args.rev, scratch / "base"), "this tree": ROOT}
        for name, argv in COMMANDS.items():
            times: dict[str, list[tuple[float, float]]] = {label: [] for label in trees}
            for tree in trees.values():  # not counted: writes the bytecode, as an install does
                run_once(tree, argv, scratch)
            for _ in range(args.runs):
                for label, tree in trees.items():
                    times[label].append(run_once(tree, argv, scratch))
            row = {}
            for label, runs in times.items():
                row[f"{label} wall"] = statistics.median(w for w, _ in runs)
                row[f"{label} cpu"] = statistics.median(c for _, c in runs)
            results[name] = row
            base_wall, base_cpu = row[f"{args.rev} wall"], row[f"{args.rev} cpu"]
            now_wall, now_cpu = row["this tree wall"], row["this tree cpu"]
            print(f"{name:18}  {args.rev}: {base_wall:6.3f} s wall {base_cpu:6.3f} s cpu   "
                  f"this tree: {now_wall:6.3f} s wall {now_cpu:6.3f} s cpu   "
                  f"{base_wall / now_wall:4.1f}x wall {base_cpu / now_cpu:4.1f}x cpu")
    print(f"medians of {args.runs} runs each; saved to {save_results('commands', results)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
