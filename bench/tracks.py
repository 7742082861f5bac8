"""Time the track checks and builds, track by track: ``python bench/tracks.py [FILES...]``.

For each track: reading and validating it, its TRK rules (the drive search and the vertex
cut dominate), the print check (planning every page), and writing its PDFs. Best of
``--repeat`` runs, in seconds; results also go to bench/results/tracks.json (ignored by git).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from timing import best_of, save_results

from generator.games.registry import GAMES
from generator.loading import load, run_rules
from generator.output import BuildContext, write_atomically
from generator.source import load_document
from generator.text import TextTemplates
from generator.tracks.outputs import track_outputs
from generator.units import PAPERS

REPO = Path(__file__).resolve().parents[1]


def measure(path: Path, repeat: int) -> dict[str, float]:
    """Seconds for each stage of checking and building one track."""
    templates = TextTemplates()
    (definition,) = load([path]).definitions
    check = definition.kind.print_check
    assert check is not None

    def rules() -> None:
        fresh = load([path]).definitions[0]  # a new model, so nothing is cached
        run_rules(fresh)

    def build() -> None:
        with tempfile.TemporaryDirectory() as folder:
            context = BuildContext(Path(folder), PAPERS["a4"], templates)
            for output in track_outputs([load([path]).definitions[0]], context):
                write_atomically(Path(folder) / output.path, output.write)

    return {
        "read": best_of(repeat, lambda: load_document(path)),
        "rules": best_of(repeat, rules),
        "print check": best_of(repeat, lambda: check(load([path]).definitions[0], templates)),
        "build": best_of(repeat, build),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    files = args.files or sorted((REPO / "vehicles" / "tracks").glob("*.yaml"))
    assert "joyride" in GAMES
    results = {}
    print(f"{'track':<28}{'read':>8}{'rules':>8}{'print':>8}{'build':>8}")
    for path in files:
        timing = measure(path, args.repeat)
        results[path.stem] = timing
        print(f"{path.stem:<28}" + "".join(f"{v:8.2f}" for v in timing.values()))
    save_results("tracks", results)


if __name__ == "__main__":
    main()
