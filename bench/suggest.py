"""``paddock balance --suggest`` timings: whole processes, this checkout against a revision,
and the search alone in this process.

    .venv/bin/python bench/suggest.py                 # against main, 5 runs each
    .venv/bin/python bench/suggest.py --rev 48c2570 --runs 7

The builds searched are the basic chariot with one Whip card more (it dominates the
baseline) and one fewer (dominated): each needs a suggestion. Each run is a fresh
``python -m generator balance FILE --suggest`` process; runs of the two trees alternate.
Prints median wall and CPU seconds per tree, then, in this process, the median time of the
search itself and per edit measured.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from commands import export, run_once  # noqa: E402  (bench/ is on the path as a script)
from timing import save_results  # noqa: E402

CHARIOT = ROOT / "vehicles" / "frothy-races" / "basic-chariot.yaml"


def builds(folder: Path) -> dict[str, Path]:
    """The two files searched: a Whip card more and one fewer than the baseline."""
    text = CHARIOT.read_text(encoding="utf-8")
    made = {}
    for name, whip in (("over", 5), ("under", 3)):
        path = folder / f"{name}.yaml"
        path.write_text(re.sub(r"\n  whip: 4", f"\n  whip: {whip}", text).replace(
            "name: Basic Chariot", f"name: {name.title()}"), encoding="utf-8")
        made[name] = path
    return made


INNER = """
import statistics, sys, time
from pathlib import Path
from generator.commands.balance.suggest import suggest
from generator.project.loading import load
path = Path(sys.argv[1])
definition = load([path]).definitions[0]
text = path.read_text(encoding="utf-8")
times, tried = [], 0
for _ in range(int(sys.argv[2])):
    start = time.perf_counter()
    tried = suggest(definition, text, 0).tried
    times.append(time.perf_counter() - start)
print(statistics.median(times), tried)
"""


def inner(tree: Path, path: Path, runs: int) -> tuple[float, int]:
    """Median seconds of the search alone (one process, the search repeated), and the
    edits it measures, with ``tree``'s code."""
    done = subprocess.run([sys.executable, "-c", INNER, str(path), str(runs)], cwd=tree,
                          env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True,
                          text=True, check=True)
    seconds, tried = done.stdout.split()
    return float(seconds), int(tried)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="main", help="git revision to compare with [main]")
    parser.add_argument("--runs", type=int, default=5, help="runs of each command [5]")
    args = parser.parse_args()
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="paddock-bench-") as temp:
        scratch = Path(temp)
        files = builds(scratch)
        trees = {args.rev: export(args.rev, scratch / "base"), "this tree": ROOT}
        for name, path in files.items():
            argv = ["balance", str(path), "--suggest", "-o", "{out}"]
            times: dict[str, list[tuple[float, float]]] = {label: [] for label in trees}
            for tree in trees.values():  # not counted: writes the bytecode
                run_once(tree, argv, scratch)
            for _ in range(args.runs):
                for label, tree in trees.items():
                    times[label].append(run_once(tree, argv, scratch))
            row = {f"{label} {kind}": statistics.median(r[i] for r in runs)
                   for label, runs in times.items() for i, kind in enumerate(("wall", "cpu"))}
            for label, tree in trees.items():
                search, tried = inner(tree, path, args.runs)
                row.update({f"{label} search": search, f"{label} edits": tried})
            results[name] = row
            print(f"{name:6} whole process, {args.rev}: {row[f'{args.rev} wall']:.3f} s wall "
                  f"{row[f'{args.rev} cpu']:.3f} s cpu; this tree: "
                  f"{row['this tree wall']:.3f} s wall {row['this tree cpu']:.3f} s cpu")
            for label in trees:
                search, tried = row[f"{label} search"], row[f"{label} edits"]
                print(f"       search alone, {label}: {search:.3f} s, {tried:.0f} edits, "
                      f"{1000 * search / tried:.1f} ms an edit")
    print(f"medians of {args.runs} runs each; saved to {save_results('suggest', results)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
