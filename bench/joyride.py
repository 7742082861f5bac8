"""Time the Joyride car checks, builds and balance profiles, car by car:
``python bench/joyride.py [FILES...]``.

For each car: reading and validating it, its JR rules, the print check (planning every
piece at the default sizes), writing its driver set (dashboard, tokens, player aid, car
tokens; the item set is written once per build and timed with it) and measuring its
balance profile (every axis, fresh: nothing cached between runs but the dice tables).
Best of ``--repeat`` runs, in seconds; results also go to bench/results/joyride.json
(ignored by git).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from timing import best_of, save_results

from generator.games.joyride.balance import profile
from generator.games.joyride.components import outputs
from generator.input.source import load_document
from generator.paper.output import BuildContext, write_atomically
from generator.paper.units import PAPERS
from generator.project.loading import load, run_rules
from generator.text.templates import TextTemplates

REPO = Path(__file__).resolve().parents[1]


def measure(path: Path, repeat: int) -> dict[str, float]:
    """Seconds for each stage of checking, building and profiling one car."""
    templates = TextTemplates()
    (definition,) = load([path]).definitions
    check = definition.kind.print_check
    assert check is not None

    def build() -> None:
        with tempfile.TemporaryDirectory() as folder:
            context = BuildContext(Path(folder), PAPERS["a4"], templates)
            for output in outputs([load([path]).definitions[0]], context):
                write_atomically(Path(folder) / output.path, output.write)

    return {
        "read": best_of(repeat, lambda: load_document(path)),
        "rules": best_of(repeat, lambda: run_rules(load([path]).definitions[0])),
        "print check": best_of(repeat, lambda: check(load([path]).definitions[0], templates)),
        "build": best_of(repeat, build),
        "balance": best_of(repeat, lambda: profile(load([path]).definitions[0].model)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    files = args.files or sorted((REPO / "vehicles" / "joyride").glob("*.yaml"))
    results = {}
    print(f"{'car':<24}{'read':>8}{'rules':>8}{'print':>8}{'build':>8}{'balance':>9}")
    for path in files:
        timing = measure(path, args.repeat)
        results[path.stem] = timing
        print(f"{path.stem:<24}" + "".join(f"{v:8.3f}" for v in timing.values()))
    save_results("joyride", results)


if __name__ == "__main__":
    main()
