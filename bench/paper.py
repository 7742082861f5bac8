"""How much paper the default kit takes, here and at another git revision.

    .venv/bin/python bench/paper.py                 # this checkout against main
    .venv/bin/python bench/paper.py --rev HEAD~3

Builds the default kit (A4, home sheets: this checkout's vehicles/ with the default print
settings) with each tree's own code, then reports for each
track its tile pages and their mean fill (the map's hexes, each (sqrt 3)/2 * s^2 for s
across the flats, over the printable area of its tile pages: the paper inside the printer's
5 mm margin), and the kit's total page count from the manifest. Same pieces on both sides:
the shipped vehicles and tracks of this checkout.

Then the files this checkout packs onto shared sheets (``packed-sheets.pdf``, or
``<game>/packed-sheets.pdf`` for one game's pieces): each file of origin's pages at the other
revision against each packed file's pages, with the mean fill of each (the trims of the same
pieces, fronts and backs, from the packed file's manifest placements, over the printable
area of the pages).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.render_compare import export  # noqa: E402

MARGIN_MM = 5.0
A4_MM = (210.0, 297.0)


def build(source: Path, vehicles: Path, out: Path) -> dict[str, dict[str, object]]:
    """``paddock build`` of ``vehicles`` with ``source``'s code; the manifest."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run([sys.executable, "-m", "generator", "build", str(vehicles),
                           "-o", str(out)], cwd=source, env=env, capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"build with {source} failed:\n{done.stderr}")
    manifest = json.loads((out / "manifest.json").read_text())
    return {entry["path"]: entry for entry in manifest["files"]}


def track_hexes() -> dict[str, tuple[int, float]]:
    """Each shipped track's file stem: its number of hexes and hex size (mm across flats)."""
    from generator.paper.units import to_mm
    from generator.project.loading import load

    found = {}
    loaded = load([ROOT / "vehicles" / "tracks"])
    for definition in loaded.definitions:
        track = definition.model
        stem = Path(definition.path).stem
        found[stem] = (len(track.layout.cells), to_mm(track.hex_size))
    return found


def report(files: dict[str, dict[str, object]], hexes: dict[str, tuple[int, float]]
           ) -> tuple[dict[str, tuple[int, float]], int]:
    """Per track (tile pages, mean fill), and the kit's total pages."""
    printable = (A4_MM[0] - 2 * MARGIN_MM) * (A4_MM[1] - 2 * MARGIN_MM)
    tracks = {}
    for path, entry in files.items():
        if entry["kind"] != "track-tiles":
            continue
        stem = Path(path).name.removesuffix("-tiles.pdf")
        count, size = hexes[stem]
        pages = int(entry["pages"])  # type: ignore[call-overload]
        area = count * math.sqrt(3) / 2 * size * size
        tracks[stem] = (pages, area / (pages * printable))
    total = sum(int(entry["pages"]) for entry in files.values())  # type: ignore[call-overload]
    return tracks, total


def packed_report(before: dict[str, dict[str, object]], after: dict[str, dict[str, object]]
                  ) -> None:
    """Pages and mean fill of every packed file against the files its pieces came from."""
    printable = (A4_MM[0] - 2 * MARGIN_MM) * (A4_MM[1] - 2 * MARGIN_MM)
    print(f"\n{'packed file / its sources':44} {'pages before':>12} {'fill':>6} "
          f"{'pages after':>12} {'fill':>6}")
    for path, entry in sorted(after.items()):
        placements = entry.get("placements") or []
        if not placements:
            continue
        areas: dict[str, float] = {}
        for piece in placements:  # type: ignore[attr-defined]
            faces = 2 if "back_page" in piece else 1
            area = piece["width_mm"] * piece["height_mm"] * faces
            areas[piece["from"]] = areas.get(piece["from"], 0.0) + area
        pages0 = 0
        for source, area in sorted(areas.items()):
            pages = int(before[source]["pages"])  # type: ignore[call-overload]
            pages0 += pages
            print(f"  {source:42} {pages:12d} {area / (pages * printable):6.1%}")
        pages1 = int(entry["pages"])  # type: ignore[call-overload]
        total = sum(areas.values())
        print(f"{path:44} {pages0:12d} {total / (pages0 * printable):6.1%} {pages1:12d} "
              f"{total / (pages1 * printable):6.1%}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="main", help="git revision to compare with [main]")
    args = parser.parse_args()
    hexes = track_hexes()
    with tempfile.TemporaryDirectory(prefix="paddock-paper-") as temp:
        work = Path(temp)
        # This checkout's pieces for both, without its kit file (every value in it is the
        # default, and an older revision may not know a newer key).
        vehicles = work / "vehicles"
        shutil.copytree(ROOT / "vehicles", vehicles)
        (vehicles / "kit.yaml").unlink()
        files0 = build(export(args.rev, work / "base"), vehicles, work / "before")
        files1 = build(ROOT, vehicles, work / "after")
        before, after = report(files0, hexes), report(files1, hexes)
    print(f"{'track':24} {'pages before':>12} {'fill':>6} {'pages after':>12} {'fill':>6}")
    for stem in sorted(after[0]):
        (p0, f0), (p1, f1) = before[0][stem], after[0][stem]
        print(f"{stem:24} {p0:12d} {f0:6.1%} {p1:12d} {f1:6.1%}")
    tiles0 = sum(p for p, _ in before[0].values())
    tiles1 = sum(p for p, _ in after[0].values())
    print(f"{'all tile pages':24} {tiles0:12d} {'':6} {tiles1:12d}")
    change = (after[1] - before[1]) / before[1]
    packed_report(files0, files1)
    print(f"\ndefault kit, total pages: {before[1]} before ({args.rev}), {after[1]} after "
          f"({change:+.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
