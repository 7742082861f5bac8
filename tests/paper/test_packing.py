"""Shared sheets (generator.paper.packing, generator.paper.packed): the default kit's small
pieces packed onto fewer pages, read back from the PDFs: where each piece's art was placed,
that no two pieces overlap, every piece inside the printer's margin, every back behind its
front on a long-edge flip, and the manifest's positions matching the PDF."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pytest

from generator.paper.grid import SheetOptions
from generator.paper.packing import Kind, pack
from generator.paper.pieces import Component, Piece, Rect
from generator.paper.units import PAPERS, SAFE_MARGIN, Paper, mm
from tests.pdf_print_shop import unembedded_fonts

ROOT = Path(__file__).resolve().parents[2]
# One build's small pieces of every game share one file (docs/printing.md).
PACKED = ("packed-sheets.pdf",)
APART = ("licences,tokens,ability-tokens,player-aids,car-tokens,items,vehicle-cards,"
         "maneuver-cards,reference-cards,ship-cards,pilot-cards,reference-tables,cm-templates,"
         "dice-stickers,reference-card")
TOLERANCE = 0.01  # points


def build(out: Path, *extra: str, source: Path = ROOT / "vehicles"
          ) -> dict[str, dict[str, object]]:
    done = subprocess.run([sys.executable, "-m", "generator", "build", str(source),
                           "-o", str(out), *extra], cwd=ROOT, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    return {entry["path"]: entry for entry in manifest["files"]}


Built = tuple[Path, dict[str, dict[str, object]], Paper]
# Home sheets on the kit's A4, and a print shop's packed sheets (the copy-shop profile: A3,
# each piece with its whole 3 mm bleed and crop marks outside it).
MODES = {"home": ((), PAPERS["a4"]), "copy-shop": (("--print-shop", "copy-shop"), PAPERS["a3"])}


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Built:
    out = tmp_path_factory.mktemp("packed")
    return out, build(out), PAPERS["a4"]


@pytest.fixture(scope="module", params=sorted(MODES))
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Built:
    if request.param == "home":
        built: Built = request.getfixturevalue("kit")
        return built
    extra, paper = MODES[request.param]
    out = tmp_path_factory.mktemp(request.param)
    return out, build(out, *extra), paper


@dataclass(frozen=True)
class Drawn:
    """One piece's face as the page draws it: where its trim's corner is put, and the
    rectangle its art may paint (its bleed box, cut down by a butted block's art clip)."""

    x: float
    y: float
    paint: Rect


def _multiply(a: list[float], b: list[float]) -> list[float]:
    """a then b, as PDF matrices [a b c d e f]."""
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def _intersect(a: Rect, b: Rect | None) -> Rect:
    if b is None:
        return a
    x0, y0 = max(a.x, b.x), max(a.y, b.y)
    return Rect(x0, y0, min(a.right, b.right) - x0, min(a.top, b.top) - y0)


def drawn_pieces(page: pikepdf.Page) -> list[Drawn]:
    """Every face the page places. The writer draws each in a group of its own: an optional
    clip to the art (``re W n``), a translation to the trim's corner (``cm``), then either
    a face form (``Do``, its BBox the bleed box, from -bleed to the width plus the bleed)
    or the face inline, clipped first to its bleed box. Registration targets (a form whose
    box is centred on its origin) are not pieces."""
    forms = page.Resources.get("/XObject", pikepdf.Dictionary())
    found: list[Drawn] = []
    depth, ctm, stack = 0, [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], []
    art: Rect | None = None
    origin: tuple[float, float] | None = None
    pending: list[float] | None = None
    for instruction in pikepdf.parse_content_stream(page):
        operands, name = list(instruction.operands), str(instruction.operator)
        if name == "q":
            stack.append(ctm)
            depth += 1
            if depth == 1:
                art, origin = None, None
        elif name == "Q":
            ctm = stack.pop()
            depth -= 1
        elif name == "cm":
            matrix = [float(v) for v in operands]
            ctm = _multiply(matrix, ctm)
            if depth == 1 and origin is None:
                # A reflection is a mirrored edge of the piece before: not a piece.
                plain = matrix[:4] == [1.0, 0.0, 0.0, 1.0]
                origin = (ctm[4], ctm[5]) if plain else (float("nan"), 0.0)
        elif name == "re":
            pending = [float(v) for v in operands]
        elif name in ("W", "W*") and pending is not None:
            x, y, w, h = pending
            box = Rect(x + ctm[4], y + ctm[5], w, h)
            if depth == 1 and origin is None:
                art = box
            elif depth == 2 and origin is not None:
                found.append(Drawn(*origin, _intersect(box, art)))
                origin = (float("nan"), 0.0)  # one piece per group
        elif name == "Do" and depth == 1 and origin is not None and origin[0] == origin[0]:
            x0, y0, x1, y1 = (float(v) for v in forms[str(operands[0])].BBox)
            if abs(x0 + x1) > TOLERANCE:  # a registration target's box is centred on 0
                box = Rect(x0 + ctm[4], y0 + ctm[5], x1 - x0, y1 - y0)
                found.append(Drawn(*origin, _intersect(box, art)))
                origin = (float("nan"), 0.0)
        if name not in ("re", "W", "W*"):
            pending = None
    return found


def overlap(a: Rect, b: Rect) -> bool:
    return (a.x < b.right - TOLERANCE and b.x < a.right - TOLERANCE
            and a.y < b.top - TOLERANCE and b.y < a.top - TOLERANCE)


def test_the_default_kit_takes_fewer_pages_with_the_same_pieces(kit: Built, tmp_path: Path
                                                                ) -> None:
    """The packed files against the same components built apart (--only packs nothing; the
    tracks' token files are each game's too, built apart with --no-pack)."""
    _, files, _ = kit
    apart = build(tmp_path / "apart", "--only", APART)
    tracks = build(tmp_path / "tracks", "--no-pack", source=ROOT / "vehicles" / "tracks")
    apart.update({path: entry for path, entry in tracks.items()
                  if entry["kind"] == "track-tokens"})
    assert any(path.startswith("tracks/") for path in apart)
    assert not any(path.endswith("packed-sheets.pdf") for path in apart)
    packed_pages = sum(int(files[packed]["pages"])  # type: ignore[call-overload]
                       for packed in PACKED)
    apart_pages = sum(int(entry["pages"]) for entry in apart.values())  # type: ignore[call-overload]
    assert packed_pages <= apart_pages - 9, (packed_pages, apart_pages)
    # Every piece built apart is on a shared sheet, once.
    placed = [p for packed in PACKED for p in files[packed]["placements"]]  # type: ignore[attr-defined]
    for path in apart:
        assert path not in files
        assert any(p["from"] == path for p in placed), path


def trims_listed(placements: list[dict[str, float]], page: int, paper: Paper) -> list[Rect]:
    """The trims the manifest lists on ``page`` (fronts and backs), in points."""
    height = paper.height
    found = []
    for p in placements:
        for prefix, number in (("", p["page"]), ("back_", p.get("back_page"))):
            if number == page:
                top = height - mm(p[f"{prefix}y_mm"])
                found.append(Rect(mm(p[f"{prefix}x_mm"]), top - mm(p["height_mm"]),
                                  mm(p["width_mm"]), mm(p["height_mm"])))
    return found


def test_no_piece_overlaps_another_and_each_is_inside_the_margin(built: Built) -> None:
    """No two trims overlap, no piece's art reaches into another piece's trim, and all the
    art is inside the printer's 5 mm margin. (Two butted pieces' bleeds may both reach into
    the corner of an empty slot between them: that is paper cut away.)"""
    out, files, paper = built
    for packed in PACKED:
        placements: list[dict[str, float]] = \
            files[packed]["placements"]  # type: ignore[assignment]
        with pikepdf.open(out / packed) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                pieces = drawn_pieces(page)
                assert pieces, (packed, number)
                trims = trims_listed(placements, number, paper)
                # The same corners (the manifest's millimetres are rounded to 0.01 mm).
                assert len(trims) == len(pieces), (packed, number)
                for trim in trims:
                    assert any(abs(trim.x - d.x) < 0.1 and abs(trim.y - d.y) < 0.1
                               for d in pieces), (packed, number, trim)
                for i, trim in enumerate(trims):
                    for other in trims[i + 1:]:
                        assert not overlap(trim, other), (packed, number, trim, other)
                for piece in pieces:
                    paint = piece.paint
                    assert paint.x >= SAFE_MARGIN - TOLERANCE, (packed, number, paint)
                    assert paint.y >= SAFE_MARGIN - TOLERANCE, (packed, number, paint)
                    assert paint.right <= paper.width - SAFE_MARGIN + TOLERANCE
                    assert paint.top <= paper.height - SAFE_MARGIN + TOLERANCE
                    own = [t for t in trims if abs(t.x - piece.x) < TOLERANCE
                           and abs(t.y - piece.y) < TOLERANCE]
                    assert len(own) == 1, (packed, number, piece)
                    for trim in trims:
                        if trim is not own[0]:
                            assert not overlap(paint, trim), (packed, number, paint, trim)


def crop_marks(page: pikepdf.Page) -> list[Rect]:
    """Every crop mark on the page, as a (thin) rectangle: the straight two-point strokes
    0.5 pt wide drawn in page space (not inside a piece, which is translated first; cut
    lines are 0.3 pt and follow an outline)."""
    width, depth, start, found, inside = 1.0, 0, None, [], False
    for instruction in pikepdf.parse_content_stream(page):
        operands, name = list(instruction.operands), str(instruction.operator)
        depth += 1 if name == "q" else -1 if name == "Q" else 0
        if name == "q" and depth == 1:
            inside = False
        if name == "cm" and depth >= 1:
            inside = True
        if name == "w":
            width = float(operands[0])
        elif name == "m" and not inside:
            start = (float(operands[0]), float(operands[1]))
        elif name == "l" and start is not None and abs(width - 0.5) < 1e-6:
            x, y = float(operands[0]), float(operands[1])
            found.append(Rect(min(x, start[0]), min(y, start[1]), abs(x - start[0]),
                              abs(y - start[1])))
            start = None
        else:
            start = None if name != "l" else start
    return found


def test_crop_marks_stay_clear_of_every_piece(built: Built) -> None:
    """No crop mark runs into any piece's art, bleed included (a shop's marks start beyond
    the bleed; home marks beyond a butted block's short outer bleed)."""
    out, _, _ = built
    for packed in PACKED:
        with pikepdf.open(out / packed) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                marks = crop_marks(page)
                pieces = drawn_pieces(page)
                if number == 1:
                    assert marks, packed
                for mark in marks:
                    for piece in pieces:
                        assert not overlap(mark.grown(TOLERANCE), piece.paint), \
                            (packed, number, mark, piece)


def test_manifest_positions_match_the_pdf_and_backs_sit_behind_fronts(built: Built) -> None:
    out, files, paper = built
    height, width = paper.height, paper.width
    for packed in PACKED:
        entry = files[packed]
        placements: list[dict[str, float]] = entry["placements"]  # type: ignore[assignment]
        with pikepdf.open(out / packed) as pdf:
            drawn = {number: drawn_pieces(page) for number, page in enumerate(pdf.pages, 1)}
        assert len(pdf.pages) == entry["pages"]
        fronts = {n: sorted((round(d.x, 2), round(d.y, 2)) for d in pieces)
                  for n, pieces in drawn.items()}
        listed: dict[int, list[tuple[float, float]]] = {n: [] for n in drawn}
        for p in placements:
            x, top = mm(p["x_mm"]), height - mm(p["y_mm"])
            y = top - mm(p["height_mm"])
            listed[int(p["page"])].append((round(x, 2), round(y, 2)))
            if "back_page" in p:
                # Long-edge flip: the back's trim is the front's mirrored left to right.
                back_x = width - x - mm(p["width_mm"])
                assert abs(mm(p["back_x_mm"]) - back_x) < 0.01
                assert abs(mm(p["back_y_mm"]) - p["y_mm"] * mm(1)) < 0.01
                listed[int(p["back_page"])].append((round(back_x, 2), round(y, 2)))
        for number in drawn:
            want = sorted(listed[number])
            assert len(want) == len(fronts[number]), (packed, number)
            for (ax, ay), (bx, by) in zip(want, fronts[number], strict=True):
                assert abs(ax - bx) <= 0.02 and abs(ay - by) <= 0.02, (packed, number)


def _kind(source: str, size: float, count: int, backs: bool) -> Kind:
    piece = Piece(front=None, back=None if not backs else None)  # type: ignore[arg-type]
    return Kind(source, Component(mm(size), mm(size), mm(3)),
                SheetOptions(PAPERS["a4"], butted=True), [piece] * count)


def test_pack_keeps_footprints_apart_and_inside_the_margin() -> None:
    kinds = [_kind("a", 63.5, 13, False), _kind("b", 20, 40, False), _kind("c", 120, 2, False)]
    sheets = pack(kinds, PAPERS["a4"], SAFE_MARGIN)
    area = Rect(SAFE_MARGIN, SAFE_MARGIN, PAPERS["a4"].width - 2 * SAFE_MARGIN,
                PAPERS["a4"].height - 2 * SAFE_MARGIN)
    placed = 0
    for sheet in sheets:
        for i, block in enumerate(sheet.placed):
            spot = block.footprint
            assert spot.x >= area.x - 1e-6 and spot.right <= area.right + 1e-6
            assert spot.y >= area.y - 1e-6 and spot.top <= area.top + 1e-6
            # The block's bleed and marks lie inside its footprint.
            assert block.grid.block().x >= spot.x and block.grid.block().right <= spot.right
            for other in sheet.placed[i + 1:]:
                assert not overlap(spot, other.footprint)
            placed += len(block.block.pieces)
    assert placed == 13 + 40 + 2
    # Apart: two sheets of twelve squares, one of the small pieces, one of the large.
    assert len(sheets) < 4


def test_a_print_shops_packed_sheets_are_pdfx_with_every_font_embedded(built: Built) -> None:
    """The copy-shop profile's packed files carry the PDF/X keys and output intent, embed
    every font, give every page a BleedBox round its TrimBox, and pass qpdf --check."""
    out, _, paper = built
    if paper != MODES["copy-shop"][1]:
        pytest.skip("home sheets are no PDF/X files")
    paths = [out / packed for packed in PACKED]
    for path in paths:
        assert unembedded_fonts(path) == set(), path
        with pikepdf.open(path) as pdf:
            assert str(pdf.docinfo["/GTS_PDFXVersion"]).startswith("PDF/X-"), path
            assert len(pdf.Root.OutputIntents) == 1
            for page in pdf.pages:
                trim = [float(v) for v in page.TrimBox]
                bleed = [float(v) for v in page.BleedBox]
                assert bleed[0] < trim[0] and bleed[1] < trim[1], path
                assert bleed[2] > trim[2] and bleed[3] > trim[3], path
        if shutil.which("qpdf"):
            done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True,
                                  text=True, check=False)
            assert done.returncode == 0, done.stdout
