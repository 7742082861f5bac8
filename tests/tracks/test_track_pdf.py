"""Track PDFs read back: every hex printed once at exact size, joins that line up, the
actual-size notice and 50 mm bar on every sheet, legible text, layout page and tokens."""

from __future__ import annotations

import functools
import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from generator.commands.cli import main
from generator.paper.units import PAPERS, SAFE_MARGIN, mm, to_mm
from generator.project.loading import load
from generator.tracks.hexgrid import Hex, HexLayout, neighbours
from generator.tracks.model import Track
from generator.tracks.sheets import SEAM, tile_plan
from generator.tracks.tiling import Tile, TilePlan
from tests.track_files import TRACKS, write_track

BUILT = ["flat-test-loop", "gasometer-gauntlet"]  # flat-top and pointy-top hexes

# A small Frothy circuit on flat-top hexes, so the flat tiles stay few and quick to read.
FLAT_LOOP = """\
XXXXXXXXXXXXXXXXXXXXXX
X12..=.......*......~X
X34..=...............X
X....XXXXXXXXXXXXX...X
XaaaaXXXXXXXXXXXXXbbbX
X....XXXXXXXXXXXXX...X
X....................X
X....................X
XXXXXXXXXXXXXXXXXXXXXX"""


@dataclass(frozen=True)
class PageData:
    """What the tests read from one PDF page, parsed once (pdfplumber is slow)."""

    number: int
    width: float
    height: float
    text: str
    sizes: tuple[float, ...]
    curves: tuple[dict[str, Any], ...]
    lines: tuple[dict[str, Any], ...]
    rects: tuple[dict[str, Any], ...]
    chars: tuple[dict[str, Any], ...]


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("tracks")
    flat = write_track(folder, "flat-test-loop.yaml", FLAT_LOOP, name="Flat Test Loop",
                       orientation="flat", start_facing=4, laps=2)
    # Each track's tokens in a file of its own, to read (a build packs them onto sheets
    # shared with the other games' small pieces: tests/paper/test_packing.py).
    assert main(["build", "--no-pack", str(flat), str(TRACKS / "gasometer-gauntlet.yaml"),
                 "-o", str(folder)]) == 0
    return folder


@functools.cache
def parsed(path: Path) -> tuple[PageData, ...]:
    keep = ("x0", "x1", "top", "bottom", "pts", "fill", "stroke", "stroking_color", "width",
            "size", "text")
    pages = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            def plain(objects: list[dict[str, Any]]) -> tuple[dict[str, Any], ...]:
                return tuple({k: o[k] for k in keep if k in o} for o in objects)
            pages.append(PageData(page.page_number, float(page.width), float(page.height),
                                  page.extract_text() or "", tuple(c["size"] for c in page.chars),
                                  plain(page.curves), plain(page.lines), plain(page.rects),
                                  plain(page.chars)))
    return tuple(pages)


def track_of(out: Path, name: str) -> Track:
    path = out / f"{name}.yaml" if (out / f"{name}.yaml").exists() else TRACKS / f"{name}.yaml"
    (definition,) = load([path]).definitions
    track: Track = definition.model
    return track


def printed_hexes(page: PageData, geometry: HexLayout) -> list[tuple[float, float]]:
    """Page centres (y up) of every printed hex: closed six-sided paths of the hex's size."""
    centres = []
    for curve in page.curves:
        points = curve["pts"][:-1] if curve["pts"][0] == curve["pts"][-1] else curve["pts"]
        if len(points) != 6 or not curve["fill"]:
            continue
        x = sum(p[0] for p in points) / 6
        top = sum(p[1] for p in points) / 6
        if all(abs(math.hypot(p[0] - x, p[1] - top) - geometry.radius) < 0.05 for p in points):
            centres.append((x, page.height - top))
    return centres


def tiles_of(out: Path, name: str) -> tuple[Track, TilePlan, tuple[PageData, ...]]:
    track = track_of(out, name)
    _, plan = tile_plan(track, PAPERS["a4"])
    return track, plan, parsed(out / "tracks" / f"{name}-tiles.pdf")


def owner_on_page(plan: TilePlan, page: int, point: tuple[float, float]) -> tuple[Tile, Hex]:
    """The one tile of tile page ``page`` with a hex printed at ``point``, and that hex."""
    found = []
    for tile in plan.on_page(page):
        hex_ = plan.geometry.hex_at(point[0] - tile.offset[0], point[1] - tile.offset[1])
        if hex_ in tile.hexes:
            found.append((tile, hex_))
    assert len(found) == 1, f"{len(found)} tiles print a hex at {point} on tile page {page}"
    return found[0]


@pytest.mark.parametrize("name", BUILT)
def test_every_map_hex_is_printed_exactly_once_across_the_tiles(out: Path, name: str) -> None:
    track, plan, pages = tiles_of(out, name)
    geometry = plan.geometry
    seen: Counter[Hex] = Counter()
    assert len(pages) == plan.pages  # the first page has the assembly map above its tiles
    assert "how the tiles go together" in pages[0].text.splitlines()[0]
    for number, page in enumerate(pages):
        title = page.text.splitlines()[0]
        for tile in plan.on_page(number) if number else ():
            assert re.search(rf"\b{tile.label}\b", title), (tile.label, title)
        for x, y in printed_hexes(page, geometry):
            tile, hex_ = owner_on_page(plan, number, (x, y))
            expected = tile.place(geometry.centre(hex_))
            assert to_mm(abs(expected[0] - x)) < 0.01 and to_mm(abs(expected[1] - y)) < 0.01
            seen[hex_] += 1
    assert len(plan.tiles) >= 2
    assert set(seen) == set(track.layout.cells)
    assert set(seen.values()) == {1}


@pytest.mark.parametrize("name", BUILT)
def test_several_tiles_share_a_page_each_labelled_on_itself(out: Path, name: str) -> None:
    track, plan, pages = tiles_of(out, name)
    if name == "gasometer-gauntlet":  # the small flat loop's three tiles fill three pages
        assert plan.pages < len(plan.tiles), "tiles are packed several to a page"
    for number, page in enumerate(pages):
        words = [(c["text"], c["x0"], page.height - c["top"]) for c in page.chars
                 if c["size"] >= 8.9]
        for tile in plan.on_page(number):
            # The label's first character lies inside one of the tile's own hexes.
            first = [(x, y) for text, x, y in words if text == tile.label[0]]
            assert any(owner_on_page(plan, number, (x + 2, y - 2))[0] == tile
                       for x, y in first if any(
                           plan.geometry.hex_at(x + 2 - t.offset[0], y - 2 - t.offset[1])
                           in t.hexes for t in plan.on_page(number))), tile.label


@pytest.mark.parametrize("name", BUILT)
def test_neighbouring_centres_on_a_tile_are_one_hex_apart(out: Path, name: str) -> None:
    track, plan, pages = tiles_of(out, name)
    geometry = plan.geometry
    checked = 0
    for number, page in enumerate(pages):
        centres: dict[tuple[str, Hex], tuple[float, float]] = {}
        for x, y in printed_hexes(page, geometry):
            tile, hex_ = owner_on_page(plan, number, (x, y))
            centres[(tile.label, hex_)] = (x, y)
        for (label, hex_), (x, y) in centres.items():
            for other in neighbours(hex_):
                if (label, other) in centres:
                    ox, oy = centres[(label, other)]
                    assert to_mm(math.hypot(ox - x, oy - y)) == pytest.approx(25.4, abs=0.01)
                    checked += 1
    assert checked > 100
    assert track.orientation == ("flat" if name == "flat-test-loop" else "pointy")


def seam_segments(page: PageData, offset: tuple[float, float]
                  ) -> set[tuple[tuple[float, float], tuple[float, float]]]:
    """The magenta join lines of a tile page, moved back to map coordinates (0.01 mm)."""
    found = set()
    for line in page.lines:
        colour = tuple(round(c, 3) for c in line["stroking_color"])
        if colour != tuple(round(c, 3) for c in (SEAM.red, SEAM.green, SEAM.blue)):
            continue
        ends = []
        for x, top in line["pts"]:
            mx, my = x - offset[0], page.height - top - offset[1]
            ends.append((round(to_mm(mx), 2), round(to_mm(my), 2)))
        found.add((min(ends), max(ends)))
    return found


@pytest.mark.parametrize("name", BUILT)
def test_the_joins_of_neighbouring_tiles_line_up(out: Path, name: str) -> None:
    _, plan, pages = tiles_of(out, name)

    def on_tile(tile: Tile) -> set[tuple[tuple[float, float], tuple[float, float]]]:
        """The seam lines on the tile's page that lie on the tile's own outline."""
        segments = seam_segments(pages[tile.page], tile.offset)
        outline = set()
        for edge in plan.outline(tile):
            ends = [(round(to_mm(x - tile.offset[0]), 2), round(to_mm(y - tile.offset[1]), 2))
                    for x, y in (edge.start, edge.end)]
            outline.add((min(ends), max(ends)))
        return segments & outline

    seams = {tile.label: on_tile(tile) for tile in plan.tiles}
    joined = 0
    for tile in plan.tiles:
        for other in {e.neighbour_tile for e in plan.outline(tile) if e.neighbour_tile}:
            assert other is not None
            shared = {seg for seg in seams[tile.label] if seg in seams[other]}
            expected = sum(1 for e in plan.outline(tile) if e.neighbour_tile == other)
            assert len(shared) == expected  # every seam edge drawn on both tiles, same place
            joined += 1
    assert joined >= 2


def every_pdf(out: Path) -> list[Path]:
    return sorted((out / "tracks").glob("*.pdf"))


def test_every_sheet_says_print_at_actual_size_and_carries_a_50_mm_bar(out: Path) -> None:
    for path in every_pdf(out):
        pages = parsed(path)
        fronts = [p for p in pages if "Print at actual size" in p.text
                  or "print at 100%" in " ".join(p.text.split())]
        if "tokens" in path.name:
            assert len(fronts) >= len(pages) // 2  # the backs of duplex sheets are bare
        else:
            assert fronts == list(pages), path.name
        for page in fronts:
            bars = [r for r in page.rects if abs(r["width"] - mm(50)) < mm(0.01) and r["stroke"]]
            assert bars, f"{path.name} page {page.number} has no 50 mm bar"


def test_the_layout_page_says_the_scale_its_map_is_drawn_at(out: Path) -> None:
    for path in every_pdf(out):
        if not path.name.endswith("-layout.pdf"):
            continue
        (page,) = parsed(path)
        text = " ".join(page.text.split())
        assert "25.4 mm across the flats" not in text, "the tiles' size is not the map's"
        match = re.search(r"Map at (\d+)% of actual size: each hex ([\d.]+) mm across here, "
                          r"([\d.]+) mm on the tiles", text)
        assert match, text[:300]
        percent, drawn, real = int(match[1]), float(match[2]), float(match[3])
        assert 100 * drawn / real == pytest.approx(percent, abs=0.6)
        assert "not to scale" not in text, "a map drawn at a stated scale is to scale"


def test_no_text_on_any_track_sheet_is_below_6_pt(out: Path) -> None:
    for path in every_pdf(out):
        for page in parsed(path):
            assert not page.sizes or min(page.sizes) >= 6 - 0.01, path.name


def test_nothing_on_a_tile_is_printed_within_5_mm_of_the_paper_edge(out: Path) -> None:
    for name in BUILT:
        for page in parsed(out / "tracks" / f"{name}-tiles.pdf"):
            for thing in (*page.chars, *page.curves, *page.lines, *page.rects):
                assert thing["x0"] >= SAFE_MARGIN - 0.5
                assert thing["x1"] <= page.width - SAFE_MARGIN + 0.5
                assert thing["top"] >= SAFE_MARGIN - 0.5
                assert thing["bottom"] <= page.height - SAFE_MARGIN + 0.5


def test_the_assembly_page_shows_where_every_tile_goes(out: Path) -> None:
    _, plan, pages = tiles_of(out, "gasometer-gauntlet")
    text = pages[0].text
    assert "how the tiles go together" in text
    for tile in plan.tiles:
        assert tile.label in text


def test_the_layout_page_lists_the_race_and_its_tokens(out: Path) -> None:
    (page,) = parsed(out / "tracks" / "gasometer-gauntlet-layout.pdf")
    text = " ".join(page.text.split())
    for expected in ("Gasometer Gauntlet", "Joyride · Fastest race · 2 laps · 2-4 players · "
                     "difficulty 2 of 5", "Location: Slag Lane Gasworks", "Rocket, Oil Slick, "
                     "Nitro", "2 × checkpoint 2 token, item side up", "1 × 3-hex obstacle",
                     "4 × Nitro pick-up", "32 × damage token", "Tram rails", "checkpoint 1, "
                     "checkpoint 2, checkpoint 3, then the finish line", "item checkpoint"):
        assert expected in text
    small = [c for c in page.curves if len(c["pts"]) == 7 and c["fill"]]
    assert len(small) >= len(track_of(out, "gasometer-gauntlet").layout.cells)  # the map


def token_centres(page: PageData) -> list[tuple[float, float]]:
    """Centres of hex-shaped token outlines (stroked, unfilled six-sided paths)."""
    found = []
    for curve in page.curves:
        points = curve["pts"][:-1] if curve["pts"][0] == curve["pts"][-1] else curve["pts"]
        if len(points) == 6 and curve["stroke"] and not curve["fill"]:
            found.append((sum(p[0] for p in points) / 6, sum(p[1] for p in points) / 6))
    return found


def test_joyride_token_backs_land_behind_their_fronts(out: Path) -> None:
    front, back = parsed(out / "tracks" / "gasometer-gauntlet-tokens.pdf")[:2]
    fronts, backs = token_centres(front), token_centres(back)
    assert len(fronts) == 2 + 6 + 1 + 12  # starting line, checkpoint pairs, obstacle, items
    assert len(backs) == 6 + 12  # item sides of the checkpoints, plain backs of the items
    for x, top in backs:  # long-edge duplex: columns mirror, rows stay
        assert any(abs(front.width - fx - x) < 0.01 and abs(ft - top) < 0.01
                   for fx, ft in fronts)
    assert "Rocket" in front.text and "Oil Slick" in front.text


def test_the_manifest_lists_every_track_file(out: Path) -> None:
    manifest = json.loads((out / "manifest.json").read_text())
    entries = {f["path"]: f for f in manifest["files"]}
    for name in BUILT:
        for kind in ("tiles", "layout", "tokens"):
            entry = entries[f"tracks/{name}-{kind}.pdf"]
            assert entry["kind"] == f"track-{kind}"
            assert entry["pages"] >= 1
    assert entries["tracks/gasometer-gauntlet-tiles.pdf"]["game"] == "joyride"
    assert entries["tracks/flat-test-loop-layout.pdf"]["vehicles"] == ["Flat Test Loop"]
    assert entries["tracks/pieces.pdf"]["kind"] == "track-pieces"


def test_the_piece_set_prints_every_copy_of_every_piece(out: Path) -> None:
    """Each label, read on its own inside its piece's hex (labels side by side share text
    lines): the piece, its names in a piece list and which copy it is."""
    from generator.text.templates import TextTemplates
    from generator.tracks.pieces import standard_pieces
    from generator.tracks.pieces_sheet import LABEL_WIDTH, plan_pieces

    document = plan_pieces(PAPERS["a4"], TextTemplates())
    geometry = HexLayout("pointy", mm(25.4))
    labels = []
    with pdfplumber.open(out / "tracks" / "pieces.pdf") as pdf:
        assert len(pdf.pages) == len(document.pages)
        for page, placed_pieces in zip(pdf.pages, document.pages, strict=True):
            for placed in placed_pieces:
                x, top = placed.label_at
                width = geometry.across_flats * LABEL_WIDTH
                box = (x, page.height - top, x + width, page.height - top + placed.label.height)
                labels.append(" ".join(page.crop(box).extract_text().split()))
                # The label lies inside one of its own piece's hexes.
                middle = (x + width / 2 - placed.origin[0],
                          top - placed.label.height / 2 - placed.origin[1])
                assert geometry.hex_at(*middle) in placed.shape.cells
    expected = []
    for name, piece in standard_pieces().items():
        written = f"{name}-left or {name}-right" if name.startswith("curve") else name
        expected += [f"{piece.label} · in a piece list: {written} · {copy} of {piece.count}"
                     for copy in range(1, piece.count + 1)]
    assert sorted(labels) == sorted(expected)


def test_a_tiles_label_goes_on_the_point_the_plain_sums_pick_ties_and_all() -> None:
    import random

    from generator.tracks.sheets import most_central

    rng = random.Random(12)
    for _ in range(500):
        points = [(round(rng.uniform(0, 600), rng.choice([0, 1, 3])),
                   round(rng.uniform(0, 800), rng.choice([0, 1, 3])))
                  for _ in range(rng.randint(1, 60))]
        points += points[: len(points) // 2] if rng.random() < 0.3 else []  # exact ties
        plain = min(points, key=lambda p: sum((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2
                                              for q in points))
        assert most_central(points) is plain


def test_outlined_hexes_write_what_the_plain_calls_write(tmp_path: Path) -> None:
    """The operators around each outlined hex are repeated from the canvas's first such hex:
    the file must be the one the canvas calls make, in RGB and in CMYK."""
    from reportlab.lib.colors import Color

    from generator.paper.pdf import finish, new_canvas
    from generator.paper.units import PAPERS
    from generator.tracks import terrain

    def page(path: Path, cmyk: bool, plain: bool) -> bytes:
        canvas = new_canvas(path, "hexes", PAPERS["a4"], cmyk=cmyk)
        fills = [terrain.FILLS[name] for name in ("track", "barrier", "hazard")]
        for n in range(60):
            x, y = 40 + 8 * (n % 12) * 5, 60 + 60 * (n // 12)
            path_ = terrain.hex_path(canvas, [(x, y), (x + 20, y), (x + 30, y + 17),
                                              (x + 20, y + 34), (x, y + 34), (x - 10, y + 17)])
            fill, width = fills[n % 3], (0.5, 0.2)[n % 2]
            if plain:
                canvas.saveState()
                canvas.setFillColor(fill)
                canvas.setStrokeColor(terrain.EDGE)
                canvas.setLineWidth(width)
                canvas.drawPath(path_, stroke=1, fill=1)
                canvas.restoreState()
            else:
                terrain.outlined_hex(canvas, path_, fill, terrain.EDGE, width)
            if n == 30:  # a colour left set between hexes must not leak into them
                canvas.setFillColor(Color(1, 0, 0))
        canvas.showPage()
        finish(canvas, 1, PAPERS["a4"])
        return path.read_bytes()

    for cmyk in (False, True):
        assert page(tmp_path / "fast.pdf", cmyk, plain=False) == \
            page(tmp_path / "plain.pdf", cmyk, plain=True)
