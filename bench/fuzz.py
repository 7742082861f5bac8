"""A long fuzzing run: mutated shipped files and hostile documents through every loader.

    python bench/fuzz.py --cases 100000 [--seed 1]

Each case is a loader target, one of its shipped seed files and one to four mutations
(tests/fuzz_cases.py, shared with the property tests). It must end in findings or an input
error with a position; anything else is reported with what reproduces it. Prints cases per
second, how the cases ended, the slowest case, and every distinct contract break; the figures
go to bench/results/fuzz.json.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from timing import save_results

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    outcomes: Counter[str] = Counter()
    per_target: Counter[str] = Counter()
    broken: dict[str, dict[str, object]] = {}
    slowest = (0.0, "")
    hostile = sorted(HOSTILE_DOCUMENTS)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for number in range(args.cases):
            target = rng.choice(TARGETS)
            if number % 50 == 0:  # every hostile document, again and again, on every target
                name = hostile[(number // 50) % len(hostile)]
                text, recipe = HOSTILE_DOCUMENTS[name], f"hostile document {name!r}"
            else:
                index = rng.randrange(20)
                changes = [Mutation(rng.choice(MUTATION_KINDS), rng.randrange(2**32))
                           for _ in range(rng.randrange(1, 5))]
                text = seed_text(target, index)
                for change in changes:
                    text = mutate(text, change)
                recipe = f"seed_text({target!r}, {index}) mutated by {changes}"
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


if __name__ == "__main__":
    main()
