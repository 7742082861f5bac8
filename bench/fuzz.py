"""A long fuzzing run: mutated shipped files and hostile documents through every loader.

    python bench/fuzz.py --cases 100000 [--seed 1]
    python bench/fuzz.py --all-kinds --cases 100000 --minutes 55   # the long run

``--all-kinds`` adds the inputs at the trust boundary (tests/fuzz_edges.py): mutated user
templates, hostile command lines and a damaged cache folder, in the shares of
:data:`SHARES`; it stops at ``--cases`` or after ``--minutes``, whichever comes first, and
says how many it ran of each kind, how they ended, the tracebacks, exit codes 3 and hangs
(a case past 120 s), and the peak memory of this process and of the processes it started.

Each case is a loader target, one of its shipped seed files and one to four mutations
(tests/fuzz_cases.py, shared with the property tests). It must end in findings or an input
error with a position; anything else is reported with what reproduces it. Prints cases per
second, how the cases ended, the slowest case, and every distinct contract break; the figures
go to bench/results/fuzz.json.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from timing import save_results

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="paddock-fuzz-cache-")  # not yours

from tests.fuzz_cases import (  # noqa: E402  (the repository root is on the path only now)
    HOSTILE_DOCUMENTS,
    MUTATION_KINDS,
    TARGETS,
    ContractBroken,
    Mutation,
    mutate,
    run_case,
    seed_text,
)
from tests.fuzz_edges import EDGE_KINDS, Hang, run_edge  # noqa: E402

SHARES = {"loaders": 0.70, "templates": 0.15, "options": 0.14, "cache": 0.01}
"""How a long run divides its cases: the loaders' own kinds (every definition, kit, icon,
dice and data file) and the three kinds at the trust boundary."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--all-kinds", action="store_true",
                        help="templates, command lines and the cache folder too")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop after this long (with --all-kinds)")
    args = parser.parse_args()
    if args.all_kinds:
        long_run(args.cases, args.seed, args.minutes)
        return
    rng = random.Random(args.seed)
    outcomes: Counter[str] = Counter()
    per_target: Counter[str] = Counter()
    broken: dict[str, dict[str, object]] = {}
    slowest = (0.0, "")
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for number in range(args.cases):
            target = rng.choice(TARGETS)
            text, recipe = loader_input(rng, number, target)
            case_dir = Path(folder) / str(number)
            case_dir.mkdir()
            began = time.perf_counter()
            try:
                outcome = run_case(target, text, case_dir)
            except ContractBroken as exc:
                outcome = "BROKEN"
                key = str(exc).split("\n")[0][:200]
                broken.setdefault(key, {"target": target, "recipe": recipe,
                                        "detail": str(exc)[-1500:]})
            took = time.perf_counter() - began
            if took > slowest[0]:
                slowest = (took, f"{target}: {recipe}")
            outcomes[outcome] += 1
            per_target[target] += 1
            for path in case_dir.rglob("*"):
                if path.is_file():
                    path.unlink()
    elapsed = time.perf_counter() - start
    results = {
        "cases": args.cases, "seed": args.seed, "seconds": round(elapsed, 1),
        "cases_per_second": round(args.cases / elapsed, 1), "outcomes": dict(outcomes),
        "per_target": dict(per_target), "slowest_case_seconds": round(slowest[0], 3),
        "slowest_case": slowest[1][:300], "contract_breaks": list(broken.values()),
        "peak_memory_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
    }
    print(f"{args.cases} cases in {elapsed:.1f} s: {args.cases / elapsed:.0f} cases/s")
    print("ended in: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))
    print(f"slowest case: {slowest[0]:.2f} s ({slowest[1][:200]})")
    print(f"peak memory: {results['peak_memory_mb']} MB")
    print(f"contract breaks: {len(broken)} distinct")
    for key, found in broken.items():
        print(f"  {key}\n    reproduce: {found['target']}: {found['recipe']}")
    print(f"saved {save_results('fuzz', results)}")


def loader_case(rng: random.Random, number: int, folder: Path) -> tuple[str, str, str]:
    """One case of the loaders' kinds: (its kind, how it ended, what reproduces it)."""
    target = rng.choice(TARGETS)
    text, recipe = loader_input(rng, number, target)
    return target, run_case(target, text, folder), f"{target}: {recipe}"


def loader_input(rng: random.Random, number: int, target: str) -> tuple[str, str]:
    """Case ``number``'s text for ``target`` and what reproduces it: every 50th case a
    hostile document (each in turn, on every target), else a seed file mutated one to four
    times."""
    if number % 50 == 0:
        hostile = sorted(HOSTILE_DOCUMENTS)
        name = hostile[(number // 50) % len(hostile)]
        return HOSTILE_DOCUMENTS[name], f"hostile document {name!r}"
    index = rng.randrange(20)
    changes = [Mutation(rng.choice(MUTATION_KINDS), rng.randrange(2**32))
               for _ in range(rng.randrange(1, 5))]
    text = seed_text(target, index)
    for change in changes:
        text = mutate(text, change)
    return text, f"seed_text({target!r}, {index}) mutated by {changes}"


def long_run(cases: int, seed: int, minutes: float | None) -> None:
    """Every input kind, until ``cases`` or ``minutes`` (see the module's docstring)."""
    rng = random.Random(seed)
    kinds = list(SHARES)
    ran: Counter[str] = Counter()
    outcomes: Counter[str] = Counter()
    broken: dict[str, dict[str, object]] = {}
    hangs: list[str] = []
    slowest = (0.0, "")
    start = time.perf_counter()
    stop_at = start + minutes * 60 if minutes else None
    scratch = Path(tempfile.mkdtemp(prefix="paddock-fuzz-"))
    number = 0
    peak = 0.0
    while number < cases and (stop_at is None or time.perf_counter() < stop_at):
        kind = rng.choices(kinds, [SHARES[k] for k in kinds])[0]
        folder = scratch / str(number)
        folder.mkdir()
        began = time.perf_counter()
        case_seed = rng.randrange(2**32)
        try:
            if kind == "loaders":
                target, outcome, recipe = loader_case(rng, number, folder)
                kind = f"loaders:{target}"
            else:
                outcome = run_edge(kind, case_seed, folder)
                recipe = f"run_edge({kind!r}, {case_seed})"
        except ContractBroken as exc:
            outcome = "HANG" if isinstance(exc, Hang) else "BROKEN"
            recipe = f"run_edge({kind!r}, {case_seed})" if kind in EDGE_KINDS else kind
            if isinstance(exc, Hang):
                hangs.append(recipe)
            key = str(exc).split("\n")[0][:200]
            if key not in broken:
                print(f"contract break: {key}\n  reproduce: {recipe}", flush=True)
            broken.setdefault(key, {"kind": kind, "recipe": recipe,
                                    "detail": str(exc)[-1500:]})
        took = time.perf_counter() - began
        peak = _note_peak(peak, recipe)
        if took > slowest[0]:
            slowest = (took, recipe)
        ran[kind.partition(":")[0]] += 1
        outcomes[f"{kind.partition(':')[0]} {outcome}"] += 1
        shutil.rmtree(folder, ignore_errors=True)
        number += 1
        if number % 1000 == 0:
            _tidy_cache()
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(f"{number} cases, {time.perf_counter() - start:.0f} s, "
                  f"{len(broken)} contract breaks, peak {peak:.0f} MB", flush=True)
    report(number, time.perf_counter() - start, ran, outcomes, broken, hangs, slowest, seed)


def _note_peak(peak: float, recipe: str) -> float:
    """This process's peak memory in MB so far; a case that raised it by over 50 MB is
    printed with what reproduces it (the long run's figure is the largest of any case)."""
    now = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if peak and now > peak + 50:
        print(f"peak memory {peak:.0f} -> {now:.0f} MB on: {recipe[:300]}", flush=True)
    return now


def _tidy_cache() -> None:
    """Compiled user templates pile up in the run's own cache folder: drop them now and then."""
    for folder in Path(os.environ["XDG_CACHE_HOME"], "paddock").glob("templates-*"):
        shutil.rmtree(folder, ignore_errors=True)


def report(number: int, elapsed: float, ran: Counter[str], outcomes: Counter[str],
           broken: dict[str, dict[str, object]], hangs: list[str],
           slowest: tuple[float, str], seed: int) -> None:
    """Print and save what a long run found."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    tracebacks = sum(1 for found in broken.values() if "Traceback" in str(found["detail"])
                     or "internal error" in str(found["detail"]))
    results = {
        "mode": "all kinds", "cases": number, "seed": seed, "seconds": round(elapsed, 1),
        "cases_per_second": round(number / elapsed, 1), "cases_by_kind": dict(ran),
        "outcomes": dict(outcomes), "contract_breaks": list(broken.values()),
        "distinct_breaks_with_traceback_or_exit_3": tracebacks, "hangs": hangs,
        "slowest_case_seconds": round(slowest[0], 3), "slowest_case": slowest[1][:300],
        "peak_memory_mb": round(own), "peak_memory_of_children_mb": round(children),
    }
    print(f"{number} cases in {elapsed:.0f} s ({number / elapsed:.1f} cases/s)")
    print("by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(ran.items())))
    print("ended in: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))
    print(f"contract breaks: {len(broken)} distinct; hangs: {len(hangs)}")
    for key, found in broken.items():
        print(f"  {key}\n    reproduce: {found['recipe']}")
    print(f"slowest case: {slowest[0]:.2f} s ({slowest[1][:200]})")
    print(f"peak memory: {own:.0f} MB here, {children:.0f} MB in a child")
    print(f"saved {save_results('fuzz-all-kinds', results)}")


if __name__ == "__main__":
    main()
