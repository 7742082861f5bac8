"""The standard modular track pieces, printed once at actual size.

Pieces are packed onto the hexes of each page's grid, as map tiles are
(:func:`generator.tracks.hex_packing.pack_shapes`): the largest first, each turned by sixths of
a turn (which keeps every hex whole) to whichever way fits the fullest page at its
topmost, then leftmost, place; two pieces may share a cut line. A piece's outline is its
cut line; arrows in its entry hexes show the way in; its label is printed inside it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.paper.drawing import FittedText, colour
from generator.paper.icons import IconSet
from generator.paper.units import Paper
from generator.text.templates import TextTemplates
from generator.tracks.hex_packing import grid_origin, pack_shapes, page_grid
from generator.tracks.hexgrid import Hex, HexLayout, facing_angle
from generator.tracks.layout import Cell
from generator.tracks.legend import BUILTIN_LEGEND
from generator.tracks.model import DEFAULT_HEX, Players, Track
from generator.tracks.pieces import PieceShape, Transform, standard_pieces, step_names
from generator.tracks.sheets import (
    CUT,
    Furniture,
    PrintProblem,
    fitted,
    hex_area,
    most_central,
    plan_furniture,
    track_text,
)
from generator.tracks.terrain import draw_arrow, draw_cell

TEMPLATE = "tracks/pieces.j2"
# A label's box inside its hex, in hexes across the flats (its corners inside the slanted
# sides: half as wide as the hex is at 0.3 above its centre, less a hair).
LABEL_WIDTH, LABEL_HEIGHT = 0.92, 0.6
WAY_IN = colour("#b9b4a8")


@dataclass(frozen=True)
class PlacedPiece:
    """A copy of a piece on a page: the piece turned and moved onto the page's grid, where
    the grid's hex (0, 0) is centred, its label and the label's top-left corner."""

    shape: PieceShape
    origin: tuple[float, float]
    label: FittedText
    label_at: tuple[float, float]


@dataclass(frozen=True)
class PiecesDocument:
    """Every page of the piece sheet, planned."""

    paper: Paper
    pages: tuple[tuple[PlacedPiece, ...], ...]
    furniture: Furniture


def label_hex(shape: PieceShape, geometry: HexLayout) -> Hex:
    """Where a piece's label goes: its most central plain hex with no arrow, else its most
    central plain hex (an arrow under the label), else its most central hex."""
    entries = {h for way in shape.ways for h in way.entry.hexes}
    plain = [h for h, char in shape.cells.items() if char == "."]
    for choice in ([h for h in plain if h not in entries], plain, list(shape.cells)):
        if choice:
            middle = most_central([geometry.centre(h) for h in choice])
            return geometry.hex_at(*middle)
    raise PrintProblem(f"piece '{shape.name}' (no hexes)")


Copy = tuple[str, PieceShape, int]  # a piece's name, shape and which copy it is (from 1)
TRIES = 24  # orders the pieces are packed in: the fewest pages wins (the first on a tie)


def piece_orders() -> Iterator[list[Copy]]:
    """The orders to pack every copy of every piece in: the largest first (the list's
    order among equals), then the copies shuffled with seeds 1, 2, ... (a greedy packing
    depends on its order; a seed keeps every build the same)."""
    copies = [(name, shape, copy) for name, shape in standard_pieces().items()
              for copy in range(1, shape.count + 1)]
    yield sorted(copies, key=lambda c: -len(c[1].cells))
    for seed in range(1, TRIES):
        shuffled = list(copies)
        random.Random(seed).shuffle(shuffled)
        yield shuffled


def plan_pieces(paper: Paper, templates: TextTemplates) -> PiecesDocument:
    """Pack every copy of every standard piece onto the pages' grids, in the order of
    :func:`piece_orders` that takes the fewest pages."""
    geometry = HexLayout("pointy", DEFAULT_HEX)
    area = hex_area(paper)
    grid = page_grid(geometry, area)
    best: tuple[int, list[Copy], list[list[PieceShape]], list[tuple[int, int, Hex]]] | None \
        = None
    for copies in piece_orders():
        turns = [[shape.moved(Transform(turn, Hex(0, 0))) for turn in range(6)]
                 for _, shape, _ in copies]
        found = pack_shapes(geometry, [[tuple(sorted(t.cells)) for t in ways]
                                       for ways in turns], grid)
        if found is None:
            largest = max(copies, key=lambda c: len(c[1].cells))[0]
            raise PrintProblem(f"piece '{largest}' (larger than a page)")
        pages_used = max(page for page, _, _ in found) + 1
        if best is None or pages_used < best[0]:
            best = (pages_used, copies, turns, found)
    assert best is not None
    _, copies, turns, spots = best
    origin = grid_origin(geometry, area)
    width, height = geometry.across_flats * LABEL_WIDTH, geometry.across_flats * LABEL_HEIGHT
    pages: list[list[PlacedPiece]] = [[] for _ in range(max(p for p, _, _ in spots) + 1)]
    for (name, shape, copy), ways, (page, way, move) in zip(copies, turns, spots, strict=True):
        placed = ways[way].moved(Transform(0, move))
        names = [n for n in step_names() if n == name or n.rsplit("-", 1)[0] == name]
        words = templates.blocks(TEMPLATE, {"piece": shape, "names": names, "copy": copy})
        label = fitted(words["piece_label"], width, height, 7,
                       f"the label of piece '{name}'", align="centre")
        cx, cy = geometry.centre(label_hex(placed, geometry))
        at = (cx + origin[0] - width / 2, cy + origin[1] + label.height / 2)
        pages[page].append(PlacedPiece(placed, origin, label, at))
    words = templates.blocks(TEMPLATE, {"piece": None, "names": [], "copy": 0})
    sheet = track_text(templates, _default_size_track())
    furniture = plan_furniture(words["sheet_title"], sheet["actual_size"], sheet["check_bar"],
                               words["footer"])
    return PiecesDocument(paper, tuple(tuple(p) for p in pages), furniture)


def _default_size_track() -> Track:
    """A bare track at the default hex size: the actual-size notice quotes its size."""
    return Track(name="", players=Players(1, 1), start_facing=3)


def draw_pieces(canvas: Canvas, document: PiecesDocument, icons: IconSet) -> int:
    """Draw every page; returns the page count."""
    geometry = HexLayout("pointy", DEFAULT_HEX)
    for page in document.pages:
        canvas.setPageSize((document.paper.width, document.paper.height))
        for placed in page:
            draw_piece(canvas, geometry, placed, icons)
        document.furniture.draw(canvas, document.paper)
        canvas.showPage()
    return len(document.pages)


def draw_piece(canvas: Canvas, geometry: HexLayout, placed: PlacedPiece,
               icons: IconSet) -> None:
    """One piece: its hexes, the arrows of its ways in, its outline and its label."""
    ox, oy = placed.origin
    shape = placed.shape
    for hex_, char in shape.cells.items():
        cx, cy = geometry.centre(hex_)
        symbol = BUILTIN_LEGEND[char]
        facing = shape.ways[0].entry.direction * 2 if symbol.slot is not None else None
        draw_cell(canvas, geometry, Cell(hex_, symbol, ()), (cx + ox, cy + oy), icons, facing)
    for way in shape.ways:
        for hex_ in way.entry.hexes:
            if shape.cells[hex_] == ".":
                cx, cy = geometry.centre(hex_)
                draw_arrow(canvas, icons, (cx + ox, cy + oy), geometry.across_flats * 0.6,
                           facing_angle(way.entry.direction * 2, "pointy"), WAY_IN)
    canvas.saveState()
    canvas.setStrokeColor(CUT)
    canvas.setLineWidth(0.6)
    for hex_ in shape.cells:
        for direction in range(6):
            if hex_.neighbour(direction) not in shape.cells:
                (x1, y1), (x2, y2) = geometry.edge(hex_, direction)
                canvas.line(x1 + ox, y1 + oy, x2 + ox, y2 + oy)
    canvas.restoreState()
    placed.label.draw(canvas, *placed.label_at)
