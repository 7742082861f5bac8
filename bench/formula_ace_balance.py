"""Time Formula Ace balance: ``python bench/formula_ace_balance.py [--repeats 5] [FILES...]``.

Medians of ``--repeats`` runs, in seconds, of:

1. the whole process: ``paddock balance FILES -o TEMP.pdf`` in a fresh interpreter (start-up,
   loading, every rig measured with its purchase table, verdicts, the PDF written);
2. inner, from cold caches (the race chain's and the dice tables' caches cleared first):
   - the race chain of the baseline rig alone (one Markov chain over the race model's turns);
   - every axis of every ship with its pilot in FILES;
   - the same plus the per-1,000-credit purchase table (every purchase measured again);
   - the report's contents (every table and chart prepared, no PDF written).

Results also go to bench/results/formula_ace_balance.json (ignored by git). Figures depend on
the machine and on what else runs on it: quote them with the machine and load they came from.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from timing import save_results  # noqa: E402

from generator.commands.balance.document import report_content  # noqa: E402
from generator.commands.balance.run import run_balance  # noqa: E402
from generator.games.formula_ace import balance, balance_race, balance_rig  # noqa: E402
from generator.games.formula_ace.baseline import baseline  # noqa: E402
from generator.probability import dist  # noqa: E402
from generator.project.loading import load  # noqa: E402
from generator.text.templates import TextTemplates  # noqa: E402


def median_of(repeats: int, work: Callable[[], object], cold: bool = True) -> float:
    """The median of ``repeats`` runs of ``work`` in seconds, caches cleared before each."""
    times = []
    for _ in range(repeats):
        if cold:
            clear_caches()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def clear_caches() -> None:
    """Forget what earlier runs computed: races, the chain's steps and the dice tables."""
    balance_race.run_race.cache_clear()
    balance_rig.moved.cache_clear()
    balance_race.after_damage.cache_clear()
    balance_race.after_turn.cache_clear()
    balance_race.after_turn_weights.cache_clear()
    balance_race.taken.cache_clear()
    balance_race.excess_rolls.cache_clear()
    dist._multiset_weights.cache_clear()


def whole_process(files: list[Path]) -> None:
    """One ``paddock balance`` run in a fresh interpreter."""
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([sys.executable, "-m", "generator", "balance", *map(str, files),
                        "-o", str(Path(folder) / "balance.pdf")],
                       cwd=REPO, check=True, stdout=subprocess.DEVNULL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    files = args.files or sorted((REPO / "vehicles" / "formula-ace").glob("*.yaml"))
    teams = [d.model for d in load(files).definitions]
    base = next(balance.rigs(baseline()))[1]

    def axes_only() -> None:
        for team in teams:
            for _, rig in balance.rigs(team):
                balance.FormulaMeasures(rig).values  # noqa: B018 (measured for its time)

    def with_purchases() -> None:
        for team in teams:
            for p in balance.profiles(team):
                p.detail.purchases  # noqa: B018

    def report() -> None:
        report_content(run_balance(load(files)), TextTemplates())

    rigs = sum(1 for team in teams for _ in balance.rigs(team))
    results = {
        "files": [str(f) for f in files], "rigs": rigs, "repeats": args.repeats,
        "machine": f"{platform.machine()} {platform.python_version()}, {os.cpu_count()} cores",
        "whole process": median_of(args.repeats, lambda: whole_process(files), cold=False),
        "race chain (baseline)": median_of(args.repeats, lambda: balance_race.race(base)),
        "axes, every rig": median_of(args.repeats, axes_only),
        "axes + purchases, every rig": median_of(args.repeats, with_purchases),
        "report contents": median_of(args.repeats, report),
    }
    for name, value in results.items():
        shown = f"{value:.3f} s" if isinstance(value, float) else value
        print(f"{name:<30}{shown}")
    save_results("formula_ace_balance", results)


if __name__ == "__main__":
    main()
