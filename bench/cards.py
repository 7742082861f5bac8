"""Card benchmark: Paddock against a peer print-and-play tool, on the same cards.

    .venv/bin/python bench/cards.py                 # N = 100 and 1000, 3 runs each
    .venv/bin/python bench/cards.py --cards 5000 --runs 1

Paddock renders N complete Whip & Reins cards (text from the templates, icons, 3 mm bleed,
crop marks, registration marks, a back behind every front) for as many synthetic vehicles as
N needs (the shipped vehicles under new names, so faces really differ from deck to deck) into
one A4 PDF. Each run is a fresh subprocess, so its peak memory (ru_maxrss) is its own.

The peer is cartuli, installed from PyPI into its own virtual environment under
bench/results/ from the ``bench`` extra in pyproject.toml (so our environment keeps its own
ReportLab and Pillow); it makes the same cards its own way (SVG template -> CairoSVG image
-> ReportLab sheet) at --peer-cards (default 100: cartuli keeps every card image in memory).
If it cannot be installed or run, the report says so instead of printing numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
PEER_VENV = RESULTS / "peer-venv"


def make_decks(count: int) -> list[Any]:
    """Decks of synthetic vehicles, cut to exactly ``count`` cards in all."""
    from generator.games.frothy_races.cards import Deck, vehicle_deck
    from generator.games.frothy_races.catalogues import frothy_data
    from generator.project.loading import load

    bases = [d.model for d in load([ROOT / "vehicles" / "frothy-races"]).clean()]
    decks, total, index = [], 0, 0
    while total < count:
        base = bases[index % len(bases)]
        vehicle = replace(base, name=f"{base.name[:24]} {index // len(bases) + 1}")
        deck = vehicle_deck(vehicle, frothy_data())
        cards = deck.cards[:count - total]
        decks.append(Deck(deck.vehicle, cards))
        total += len(cards)
        index += 1
    return decks


def run_paddock(count: int, out: Path) -> dict[str, Any]:
    """Render ``count`` cards to ``out``; called in a child process."""
    from generator.games.frothy_races.cards import CardFaces
    from generator.paper.icons import IconSet
    from generator.paper.imposition import Component, SheetOptions, SheetWriter
    from generator.paper.pdf import finish, new_canvas
    from generator.paper.units import PAPERS, mm
    from generator.text.templates import TextTemplates

    decks = make_decks(count)
    templates, icons, paper = TextTemplates(), IconSet(), PAPERS["a4"]
    start = time.perf_counter()
    component = Component(mm(63.5), mm(88.9), mm(3))
    faces = CardFaces(templates, icons, component)
    if faces.problems(decks):
        raise SystemExit("card text does not fit")
    pieces = [piece for deck in decks for piece in faces.pieces(deck)]
    canvas = new_canvas(out, "benchmark", paper)
    writer = SheetWriter(canvas, SheetOptions(paper, butted=True))
    writer.impose(component, pieces)
    finish(canvas, writer.pages, paper)
    seconds = time.perf_counter() - start
    return {"tool": "paddock", "cards": len(pieces), "pages": writer.pages,
            "seconds": seconds, "peak_mb": peak_mb()}


def peer_cards(count: int) -> list[dict[str, Any]]:
    """The same cards as plain data (title, name, rules lines, status) for the peer."""
    from generator.games.frothy_races.cards import render_face_text
    from generator.text.templates import TextTemplates, plain

    templates = TextTemplates()

    def face(spec: Any) -> dict[str, Any]:
        text = render_face_text(spec, templates)
        return {"kind": spec.face, "title": plain(text.title), "name": plain(text.footer),
                "status": plain(text.status),
                "rules": [plain(line) for line in text.rules.split("<br/>")]}

    return [{"front": face(front), "back": face(back)}
            for deck in make_decks(count) for front, back in deck.cards]


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(side: str, count: int, out: Path) -> dict[str, Any]:
    """Run one side in a fresh process and read its JSON line."""
    if side == "paddock":
        command = [sys.executable, __file__, "--child", str(count), str(out)]
        stdin = ""
    else:
        command = [str(PEER_VENV / "bin" / "python"), str(ROOT / "bench" / "peer_cartuli.py"),
                   str(out)]
        stdin = json.dumps(peer_cards(count))
    # Bytecode written and reused, as after an install, whatever this shell says.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, cwd=ROOT,
                          check=False, env=env)
    whole = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr else "failed")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    result["whole"] = whole  # the process as a user waits for it: start-up, imports, writing
    # ... and the processor time it took (steadier than wall time when the machine is busy)
    result["whole_cpu"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return result


def install_peer() -> str | None:
    """Install the ``bench`` extra into the peer venv; None when ready, else why not."""
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]["bench"]
    try:
        if not (PEER_VENV / "bin" / "python").exists():
            subprocess.run([sys.executable, "-m", "venv", str(PEER_VENV)], check=True,
                           capture_output=True)
        subprocess.run([str(PEER_VENV / "bin" / "pip"), "install", "-q", *extra], check=True,
                       capture_output=True, text=True)
    except subprocess.CalledProcessError as exc:
        tail = (exc.stderr or "").strip().splitlines()[-1:] or ["no output"]
        return f"could not install {' '.join(extra)}: {tail[0]}"
    return None


def median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The run with the median time, the median whole-process time, and the largest peak
    memory of all runs."""
    ordered = sorted(runs, key=lambda r: r["seconds"])
    result = dict(ordered[len(ordered) // 2])
    result["whole"] = statistics.median(r["whole"] for r in runs)
    result["whole_cpu"] = statistics.median(r["whole_cpu"] for r in runs)
    result["peak_mb"] = max(r["peak_mb"] for r in runs)
    return result


def describe(result: dict[str, Any]) -> str:
    rate = result["cards"] / result["seconds"]
    return (f"{result['tool']:<16} {result['cards']:>6} cards  {result['pages']:>5} pages  "
            f"whole process {result['whole']:7.3f} s ({result['whole_cpu']:.3f} s CPU)  "
            f"cards alone {result['seconds']:8.3f} s  "
            f"{rate:9.0f} cards/s  "
            f"{result['seconds'] / result['pages']:7.4f} s/page  peak {result['peak_mb']:6.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--peer-cards", type=int, default=100)
    parser.add_argument("--no-peer", action="store_true")
    parser.add_argument("--child", nargs=2, metavar=("N", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(run_paddock(int(args.child[0]), Path(args.child[1]))))
        return
    RESULTS.mkdir(parents=True, exist_ok=True)
    ours: dict[int, dict[str, Any]] = {}
    for count in sorted(set(args.cards) | {args.peer_cards}):
        runs = [child("paddock", count, RESULTS / f"paddock-{count}.pdf")
                for _ in range(args.runs)]
        ours[count] = median_of(runs)
        print(describe(ours[count]) + f"   (median of {args.runs})")
    if args.no_peer:
        return
    problem = install_peer()
    if problem is None:
        try:
            peer = child("peer", args.peer_cards, RESULTS / f"cartuli-{args.peer_cards}.pdf")
        except RuntimeError as exc:
            problem = f"cartuli failed: {exc}"
    if problem is not None:
        print(f"peer not measured: {problem}")
        return
    print(describe(peer) + "   (one run)")
    mine = ours[args.peer_cards]
    whole = peer["whole"] / mine["whole"]
    cpu = peer["whole_cpu"] / mine["whole_cpu"]
    inner = (mine["cards"] / mine["seconds"]) / (peer["cards"] / peer["seconds"])
    print(f"at {args.peer_cards} cards Paddock is {whole:.0f}x faster than {peer['tool']} "
          f"whole process against whole process ({cpu:.0f}x in CPU time; {inner:.0f}x counting "
          f"the cards alone) and peaks at {mine['peak_mb']:.0f} MB against "
          f"{peer['peak_mb']:.0f} MB")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
