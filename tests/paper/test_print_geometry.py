"""The default kit's printed geometry read back from its PDFs, as a print shop checks it:
every shared-sheet piece's trim where the manifest says and framed by crop marks at its
declared size, no mark within a millimetre of any trim, each back behind its front under a
long-edge flip, and nothing drawn past a page's MediaBox (clip paths hide art from the eye,
not from a preflight, which reads the drawing itself)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfplumber
import pikepdf
import pytest

from generator.paper.pieces import Rect as PieceRect
from generator.paper.pieces import bleed_outline, clip_polygon, clip_polyline, hexagon_points
from tests.conftest import KitBuild
from tests.pdf_reads import shared_read

MM = 72 / 25.4
TOLERANCE_MM = 0.01
MARK_WIDTH_PT = 0.5  # SheetOptions.mark_width
MARK_LENGTH_MM = 3.5  # SheetOptions.mark_length
MARK_OFFSET_MM = 1.0  # SheetOptions.mark_offset: where a mark starts beyond a trim
Segment = tuple[float, float, float, float]


def test_clip_polygon_keeps_only_what_is_inside() -> None:
    square = [(-5.0, -5.0), (5.0, -5.0), (5.0, 5.0), (-5.0, 5.0)]
    clipped = clip_polygon(square, (0.0, 0.0, 10.0, 10.0))
    assert sorted(clipped) == [(0.0, 0.0), (0.0, 5.0), (5.0, 0.0), (5.0, 5.0)]
    assert clip_polygon(square, (20.0, 20.0, 30.0, 30.0)) == []


def test_clip_polyline_keeps_each_run_inside() -> None:
    line = [(-5.0, 1.0), (5.0, 1.0), (15.0, 1.0), (15.0, 5.0), (5.0, 5.0)]
    runs = clip_polyline(line, (0.0, 0.0, 10.0, 10.0))
    assert runs == [[(0.0, 1.0), (5.0, 1.0), (10.0, 1.0)], [(10.0, 5.0), (5.0, 5.0)]]


def test_a_hexagons_bleed_stays_inside_its_bleed_box() -> None:
    """A 3 mm bleed mitred round a hexagon's points reaches 3 / cos 30 = 3.46 mm past them:
    cut to the bleed box, it stops at 3 mm and still covers the whole box's edge band."""
    width, height, bleed = 29.33, 25.4, 3.0
    outline = bleed_outline(hexagon_points(PieceRect(0.0, 0.0, width, height)), bleed,
                            width, height)
    xs, ys = [x for x, _ in outline], [y for _, y in outline]
    assert min(xs) == pytest.approx(-bleed) and max(xs) == pytest.approx(width + bleed)
    assert min(ys) == pytest.approx(-bleed) and max(ys) == pytest.approx(height + bleed)


def marks_on(page: Any) -> list[Segment]:
    """The page's crop marks, in mm from its lower-left corner: 0.5 pt strokes 3.5 mm long."""
    height = float(page.height)
    marks = []
    for line in page.lines:
        length = max(line["x1"] - line["x0"], line["bottom"] - line["top"]) / MM
        if abs(line.get("linewidth", 0) - MARK_WIDTH_PT) < 0.01 and \
                abs(length - MARK_LENGTH_MM) < 0.05:
            marks.append((line["x0"] / MM, (height - line["bottom"]) / MM,
                          line["x1"] / MM, (height - line["top"]) / MM))
    return marks


def gap(mark: Segment, trim: tuple[float, float, float, float]) -> float:
    """How far a mark stays from a trim (x, y, width, height), in mm (0 where they meet)."""
    x0, y0, x1, y1 = mark
    x, y, width, height = trim
    across = max(x - x1, x0 - (x + width), 0.0)
    up = max(y - y1, y0 - (y + height), 0.0)
    return math.hypot(across, up)


def placements(out: Path, files: dict[str, dict[str, Any]]
               ) -> Iterator[tuple[Path, list[dict[str, Any]]]]:
    for path, entry in files.items():
        if entry["placements"]:
            yield out / path, entry["placements"]


@pytest.mark.parametrize("options", [(), ("--paper", "letter")], ids=["a4", "letter"])
def test_shared_sheet_pieces_are_framed_by_marks_and_backed_under_a_long_edge_flip(
        kit_build: Callable[..., KitBuild], options: tuple[str, ...]) -> None:
    out, files = kit_build(*options)
    checked = 0
    for pdf_path, placed in placements(out, files):
        with pdfplumber.open(pdf_path) as pdf:
            by_page: dict[int, list[dict[str, Any]]] = {}
            for piece in placed:
                by_page.setdefault(piece["page"], []).append(piece)
            for number, pieces in by_page.items():
                page = pdf.pages[number - 1]
                width, height = float(page.width) / MM, float(page.height) / MM
                marks = marks_on(page)
                verticals = [x0 for x0, _, x1, _ in marks if abs(x0 - x1) < 1e-3]
                horizontals = [y0 for _, y0, _, y1 in marks if abs(y0 - y1) < 1e-3]
                trims = [(p["x_mm"], height - p["y_mm"] - p["height_mm"], p["width_mm"],
                          p["height_mm"]) for p in pieces]
                for piece, trim in zip(pieces, trims, strict=True):
                    x, y, w, h = trim
                    where = f"{pdf_path.name} page {number}: {piece['piece']}"
                    assert x >= 0 and x + w <= width and y >= 0 and y + h <= height, where
                    # Its declared size, measured between the marks on its cuts.
                    for edge in (x, x + w):
                        assert any(abs(edge - v) <= TOLERANCE_MM for v in verticals), where
                    for edge in (y, y + h):
                        assert any(abs(edge - v) <= TOLERANCE_MM for v in horizontals), where
                    if piece.get("back_page"):
                        assert piece["back_x_mm"] == pytest.approx(width - x - w, abs=0.01)
                        assert piece["back_y_mm"] == pytest.approx(piece["y_mm"], abs=0.01)
                    checked += 1
                for mark in marks:
                    nearest = min(gap(mark, trim) for trim in trims)
                    assert nearest >= MARK_OFFSET_MM - TOLERANCE_MM, (pdf_path.name, number)
    assert checked > 500  # every small piece of the five games and the tracks


@dataclass(frozen=True)
class Sheet:
    """What the checks below read of a pdfplumber page: its size, its BleedBox, and the box
    of every character, rectangle, line, curve and picture (clip paths not applied)."""

    width: float
    height: float
    bleed: tuple[float, float, float, float]
    objects: dict[str, list[dict[str, float]]]


KINDS = ("chars", "rects", "lines", "curves", "images")
BOX_KEYS = ("x0", "x1", "top", "bottom", "width", "height")


def read_sheets(path: Path) -> list[Sheet]:
    """Every page of ``path`` read with pdfplumber (both checks below read the same)."""
    with pdfplumber.open(path) as pdf:
        sheets = []
        for page in pdf.pages:
            raw = page.page_obj.attrs["BleedBox"]
            x0, y0, x1, y1 = (float(v) for v in (raw.resolve() if hasattr(raw, "resolve")
                                                  else raw))
            sheets.append(Sheet(float(page.width), float(page.height), (x0, y0, x1, y1),
                                {kind: [{key: float(item[key]) for key in BOX_KEYS}
                                        for item in getattr(page, kind)]
                                 for kind in KINDS}))
        return sheets


def sheets(path: Path) -> list[Sheet]:
    """``read_sheets``, once per suite run for each distinct file (tests/pdf_reads.py)."""
    return shared_read("print-geometry-sheets", path, read_sheets)


def drawn_past_the_page(path: Path) -> list[str]:
    """Each object of ``path`` (characters, rectangles, lines, curves, pictures, their
    clip paths not applied) reaching more than 0.05 pt past its page's MediaBox."""
    found = []
    for number, page in enumerate(sheets(path), 1):
        for kind in KINDS:
            for item in page.objects[kind]:
                over = max(-item["x0"], item["x1"] - page.width, -item["top"],
                           item["bottom"] - page.height)
                if over > 0.05:
                    found.append(f"{path.name} page {number}: a {kind[:-1]} "
                                 f"{over / MM:.2f} mm past the page")
    return found


def test_nothing_on_the_home_sheets_is_drawn_past_the_page(
        kit_build: Callable[..., KitBuild]) -> None:
    out, files = kit_build()
    found = [line for path in files if path.endswith(".pdf")
             for line in drawn_past_the_page(out / path)]
    assert not found, found[:5]


# The faces that draw their own bleed past an outline or run art on past their edge.
SHOP_FILES = ("joyride/items.pdf", "joyride/car-tokens.pdf", "outrider/maneuver-cards.pdf",
              "tracks/gasometer-gauntlet-tokens.pdf", "tracks/bogwater-bowl-tokens.pdf",
              "tracks/tanners-twist-tokens.pdf")


def test_nothing_on_a_print_shops_face_pages_is_drawn_past_the_bleed(
        kit_build: Callable[..., KitBuild]) -> None:
    """A print shop's face page is its bleed box: art past it is art past the page."""
    out, files = kit_build("--print-shop")
    assert set(SHOP_FILES) <= set(files)
    found = [line for path in SHOP_FILES for line in drawn_past_the_page(out / path)]
    assert not found, found[:5]


@pytest.mark.parametrize("options", [(), ("--print-shop",)], ids=["home", "print-shop"])
def test_every_page_carries_a_trim_box_inside_its_bleed_box_inside_the_page(
        kit_build: Callable[..., KitBuild], options: tuple[str, ...]) -> None:
    """Map tiles, layouts and circuits (sheets printed whole) too: their boxes are the page."""
    out, files = kit_build(*options)
    pages = 0
    for path in (out / name for name in files if name.endswith(".pdf")):
        with pikepdf.open(path) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                where = f"{path.name} page {number}"
                assert "/TrimBox" in page and "/BleedBox" in page, where
                media, bleed, trim = ([float(v) for v in page[key]]
                                      for key in ("/MediaBox", "/BleedBox", "/TrimBox"))
                for outer, inner in ((media, bleed), (bleed, trim)):
                    assert outer[0] <= inner[0] + 1e-6 and outer[1] <= inner[1] + 1e-6, where
                    assert inner[2] <= outer[2] + 1e-6 and inner[3] <= outer[3] + 1e-6, where
                pages += 1
    assert pages > 100


# The print geometry audit: options the default kit does not use, read back from the PDFs.
PRINTER_MARGIN_MM = 5.0


def art_past_the_bleed_box(path: Path) -> list[str]:
    """Each rectangle, picture, character or large curve of ``path`` (clip paths not
    applied, as a preflight reads them) reaching past its page's BleedBox: what a home sheet
    draws there runs under the crop marks. Lines and small curves (the marks and the
    registration targets, which stand outside on purpose) are left out."""
    found = []
    for number, page in enumerate(sheets(path), 1):
        x0, y0, x1, y1 = page.bleed
        height = page.height
        for kind in ("chars", "rects", "curves", "images"):
            for item in page.objects[kind]:
                if kind == "curves" and max(item["width"], item["height"]) < 5 * MM:
                    continue
                over = max(x0 - item["x0"], item["x1"] - x1,
                           y0 - (height - item["bottom"]), (height - item["top"]) - y1)
                if over > 0.05:
                    found.append(f"{path.name} page {number}: a {kind[:-1]} "
                                 f"{over / MM:.2f} mm past the BleedBox")
                    break
    return found


@pytest.mark.parametrize("options", [(), ("--bleed", "10mm")], ids=["3mm", "10mm"])
def test_home_sheets_draw_no_art_past_their_bleed_box_or_page(
        kit_build: Callable[..., KitBuild], options: tuple[str, ...]) -> None:
    """A butted piece's art was drawn with the whole bleed and clipped to 0.75 mm: a
    preflight saw it under the crop marks, and a 10 mm bleed drew it off the page."""
    out, files = kit_build(*options)
    pdfs = [out / path for path in files if path.endswith(".pdf")]
    found = [line for path in pdfs for line in art_past_the_bleed_box(path)]
    found += [line for path in pdfs for line in drawn_past_the_page(path)]
    assert not found, found[:5]


def bleed_boxes(out: Path, files: dict[str, dict[str, Any]]) -> Iterator[tuple[str, float]]:
    """(where, mm) for each page's BleedBox: how near it comes to the paper's edge, for
    every page not printed whole."""
    for path in (out / name for name in files if name.endswith(".pdf")):
        with pikepdf.open(path) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                media, bleed = ([float(v) / MM for v in page[key]]
                                for key in ("/MediaBox", "/BleedBox"))
                if bleed == media:
                    continue
                yield (f"{path.name} page {number}",
                       min(bleed[0], bleed[1], media[2] - bleed[2], media[3] - bleed[3]))


@pytest.mark.parametrize("options", [
    ("--paper", "letter", "--marks", "lines"),
    ("--paper", "letter", "--marks", "none", "--no-pack"),
    ("--gutter", "4mm"),
    ("--gutter", "4mm", "--paper", "letter", "--duplex", "short"),
], ids=["letter-lines", "letter-none-apart", "gutter", "gutter-letter-short"])
def test_every_option_builds_with_art_inside_the_printers_margin(
        kit_build: Callable[..., KitBuild], options: tuple[str, ...]) -> None:
    """Letter without crop marks (nine poker cards butted: 1.35 mm to spare, not the 3 mm
    bleed) and a gutter between grouped dice stickers (each group's gutter was left out
    when counting how many fit) planned blocks larger than the sheet: the shared sheets
    stopped the build with an internal error, and sheets of their own ran art into the
    5 mm a home printer cannot print."""
    out, files = kit_build(*options)  # exit 0, not the internal error's 3
    nearest = min(bleed_boxes(out, files), key=lambda found: found[1])
    assert nearest[1] >= PRINTER_MARGIN_MM - TOLERANCE_MM, nearest
    for _, placed in placements(out, files):
        for piece in placed:
            assert piece["x_mm"] >= PRINTER_MARGIN_MM and piece["y_mm"] >= PRINTER_MARGIN_MM
