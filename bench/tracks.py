"""Time the track checks and builds, track by track: ``python bench/tracks.py [FILES...]``.

``--scale 3`` also times Bogwater Bowl (the largest shipped track) drawn 3 times larger each
way (every map character repeated 3 times across and each row 3 times down, numbered slots
kept once), to see how the searches grow with the number of spaces: the run ends with the
scaled track's time per space over Bogwater Bowl's for each stage (1.0 = linear). A track
scaled that way is also 3 times wider, so a vehicle has more legal moves from each space
(fewer are blocked by a wall) and the narrowest point is 3 times wider: the run prints the
states and moves per space a vehicle can reach on both (the drive search's graph; the
search itself takes only the states near the best drives), which say how much of the
growth is the shape, not the number of spaces.

``--lengthen 16`` times Tin-Plate Loop (built from pieces) with its two straights 16 times
longer: the same width and bends, only more spaces, which is what "linear in the number of
spaces" asks of the searches.

For each track: its track spaces, reading and validating it, its TRK rules (loading it
fresh, so nothing is cached: the drive search and the vertex cut dominate), the print check
(planning every page), and writing its PDFs. Medians of ``--repeat`` runs, in seconds.
``--processes N`` also times ``paddock check FILE`` as a user runs it, whole processes
(start-up included), for Bogwater Bowl and the scaled copy: medians of N. Results also go to
bench/results/tracks.json (ignored by git).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from timing import save_results

from generator.input.source import load_document
from generator.paper.output import BuildContext, write_atomically
from generator.paper.units import PAPERS
from generator.project.loading import load, run_rules
from generator.project.registry import GAMES
from generator.text.templates import TextTemplates
from generator.tracks import analysis
from generator.tracks.outputs import track_outputs

REPO = Path(__file__).resolve().parents[1]


def median_of(repeat: int, work: Callable[[], object]) -> float:
    """The median of ``repeat`` timed runs of ``work``, in seconds (a shared machine: the
    median, not the best, is what a user can expect)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def whole_process(path: Path, repeat: int) -> float:
    """Median seconds of ``paddock check FILE`` run as a separate process, start-up in."""
    command = [sys.executable, "-m", "generator", "check", str(path)]
    return median_of(repeat, lambda: subprocess.run(command, cwd=REPO, capture_output=True,
                                                    check=False))


def forget_kept_answers() -> None:
    """Time the searches, not the answers Paddock keeps between runs: start each timed run
    with none kept (in memory or on disk) and write none back."""
    analysis.ANSWERS.forget(reread=False)


def measure(path: Path, repeat: int) -> dict[str, float]:
    """Seconds for each stage of checking and building one track."""
    templates = TextTemplates()
    (definition,) = load([path]).definitions
    check = definition.kind.print_check
    assert check is not None

    def rules() -> None:
        forget_kept_answers()
        fresh = load([path]).definitions[0]  # a new model, so nothing is cached
        run_rules(fresh)

    def build() -> None:
        forget_kept_answers()
        with tempfile.TemporaryDirectory() as folder:
            context = BuildContext(Path(folder), PAPERS["a4"], templates)
            for output in track_outputs([load([path]).definitions[0]], context):
                write_atomically(Path(folder) / output.path, output.write)

    return {
        "spaces": len(definition.model.layout.passable),
        "read": median_of(repeat, lambda: load_document(path)),
        "rules": median_of(repeat, rules),
        "print check": median_of(repeat, lambda: check(load([path]).definitions[0], templates)),
        "build": median_of(repeat, build),
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


def lengthened_copy(path: Path, factor: int, folder: Path) -> Path:
    """``path``'s piece-built oval with ``factor - 1`` more straights after the finish line
    and after the back straight's short straight: a longer track of the same width."""
    text = path.read_text(encoding="utf-8")
    more = "  - straight\n" * (factor - 1)
    for after in ("  - finish\n", "  - short-straight\n"):
        assert text.count(after) == 1, after
        text = text.replace(after, after + more)
    name = re.search(r"^name: (.*)$", text, re.M)
    assert name is not None
    text = text.replace(name.group(0), f"name: {name.group(1)} x{factor}")
    out = folder / f"{path.stem}-long{factor}.yaml"
    out.write_text(text, encoding="utf-8")
    return out


def drive_work(path: Path) -> tuple[float, float]:
    """(states, moves) per track space a vehicle can reach on ``path``'s track: the drive
    search's graph, whatever the machine."""
    (definition,) = load([path]).definitions
    track = definition.model
    graph = analysis.course_of(track).drive_graph(definition.kind.context.movement)
    spaces = len(track.layout.passable)
    states, moves = graph.size()
    return states / spaces, moves / spaces


def per_space(small: dict[str, float], large: dict[str, float]) -> str:
    """Each stage's time per space on ``large`` over ``small`` (1.0 = linear)."""
    spaces = large["spaces"] / small["spaces"]
    return ", ".join(f"{k} {large[k] / small[k] / spaces:.2f}"
                     for k in ("rules", "print check", "build"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scale", type=int, default=0,
                        help="also time Bogwater Bowl this many times larger each way")
    parser.add_argument("--processes", type=int, default=0,
                        help="also time `paddock check` whole processes, medians of N")
    parser.add_argument("--lengthen", type=int, default=0,
                        help="also time Tin-Plate Loop with straights this many times longer")
    args = parser.parse_args()
    files = args.files or sorted((REPO / "vehicles" / "tracks").glob("*.yaml"))
    scratch = tempfile.TemporaryDirectory()
    bogwater = REPO / "vehicles" / "tracks" / "bogwater-bowl.yaml"
    scaled = None
    if args.scale > 1:
        scaled = scaled_copy(bogwater, args.scale, Path(scratch.name))
        files.append(scaled)
    oval = REPO / "vehicles" / "tracks" / "tin-plate-loop.yaml"
    longer = None
    if args.lengthen > 1:
        longer = lengthened_copy(oval, args.lengthen, Path(scratch.name))
        files.append(longer)
    assert "joyride" in GAMES
    print(f"Paddock track benchmark: Python {platform.python_version()}, {os.cpu_count()} CPUs, "
          f"{platform.machine()}; medians of {args.repeat}, seconds")
    results: dict[str, dict[str, float]] = {}
    print(f"{'track':<28}{'spaces':>8}{'read':>8}{'rules':>8}{'print':>8}{'build':>8}")
    for path in files:
        timing = measure(path, args.repeat)
        results[path.stem] = timing
        print(f"{path.stem:<28}{timing['spaces']:8d}" + "".join(
            f"{timing[k]:8.2f}" for k in ("read", "rules", "print check", "build")))
    if scaled is not None and bogwater.stem in results:
        small, large = results[bogwater.stem], results[scaled.stem]
        spaces = large["spaces"] / small["spaces"]
        print(f"{scaled.stem} has {spaces:.1f}x the spaces; time per space against "
              f"{bogwater.stem} (1.0 = linear):")
        print("    " + per_space(small, large))
        for path in (bogwater, scaled):
            states, moves = drive_work(path)
            results[path.stem]["drive states per space"] = states
            results[path.stem]["drive moves per space"] = moves
            print(f"    {path.stem}: drive graph {states:.1f} states and {moves:.1f} "
                  "moves per space")
    if longer is not None and oval.stem in results:
        small, large = results[oval.stem], results[longer.stem]
        print(f"{longer.stem} has {large['spaces'] / small['spaces']:.1f}x the spaces, the "
              f"same width; time per space against {oval.stem} (1.0 = linear):")
        print("    " + per_space(small, large))
    if args.processes:
        for path in [bogwater] + ([scaled] if scaled is not None else []):
            seconds = whole_process(path, args.processes)
            results[path.stem]["paddock check"] = seconds
            print(f"paddock check {path.name}, whole process: {seconds:.2f} s "
                  f"(median of {args.processes})")
    save_results("tracks", results)


if __name__ == "__main__":
    main()
