"""Time the track checks and builds, track by track: ``python bench/tracks.py [FILES...]``.

``--scale 3`` also times Bogwater Bowl (the largest shipped track) drawn 3 times larger each
way (every map character repeated 3 times across and each row 3 times down, numbered slots
kept once), to see how the searches grow with the number of spaces.

For each track: reading and validating it, its TRK rules (the drive search and the vertex
cut dominate), the print check (planning every page), and writing its PDFs. Best of
``--repeat`` runs, in seconds; results also go to bench/results/tracks.json (ignored by git).
"""

from __future__ import annotations

import argparse
import re
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


def scaled_copy(path: Path, factor: int, folder: Path) -> Path:
    """``path``'s track with its map ``factor`` times larger each way, written in ``folder``."""
    head, body = path.read_text(encoding="utf-8").split("map: |2\n")
    rows = []
    for row in (r for r in body.split("\n") if r.strip()):
        wide = "".join(char * factor for char in row)
        for copy in range(factor):
            if copy != factor // 2:
                rows.append("  " + re.sub(r"[1-9]", ".", wide))
                continue
            seen: set[str] = set()
            chars = list(wide)
            for i, char in enumerate(chars):
                if char.isdigit():
                    chars[i] = "." if char in seen else char
                    seen.add(char)
            rows.append("  " + "".join(chars))
    out = folder / f"{path.stem}-x{factor}.yaml"
    name = re.search(r"^name: (.*)$", head, re.M)
    assert name is not None
    head = head.replace(name.group(0), f"name: {name.group(1)} x{factor}")
    out.write_text(head + "map: |2\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scale", type=int, default=0,
                        help="also time Bogwater Bowl this many times larger each way")
    args = parser.parse_args()
    files = args.files or sorted((REPO / "vehicles" / "tracks").glob("*.yaml"))
    scratch = tempfile.TemporaryDirectory()
    if args.scale > 1:
        files.append(scaled_copy(REPO / "vehicles" / "tracks" / "bogwater-bowl.yaml",
                                 args.scale, Path(scratch.name)))
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
