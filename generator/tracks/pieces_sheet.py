"""The standard modular track pieces, printed once at actual size.

Pieces are packed onto pages in shelves, each turned (by sixths of a turn, which keeps every
hex whole) to the way it takes least height. A piece's outline is its cut line; arrows in
its entry hexes show the way in.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.paper.drawing import FittedText, colour
from generator.paper.icons import IconSet
from generator.paper.units import Paper, mm
from generator.text.templates import TextTemplates
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
    plan_furniture,
    track_text,
)
from generator.tracks.terrain import draw_arrow, draw_cell

TEMPLATE = "tracks/pieces.j2"
LABEL_H = mm(5)
WAY_IN = colour("#b9b4a8")
SPACING = mm(4)


@dataclass(frozen=True)
class PlacedPiece:
    """A copy of a piece on a page: the piece turned, where its hex (0, 0) goes, its label."""

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


def turned_to_fit(shape: PieceShape, geometry: HexLayout, width: float) -> PieceShape:
    """The piece turned the way that is lowest while still fitting ``width``."""
    options = []
    for turn in range(6):
        turned = shape.moved(Transform(turn, Hex(0, 0)))
        left, bottom, right, top = geometry.bounds(turned.cells)
        if right - left <= width:
            options.append((top - bottom, turn, turned))
    if not options:
        raise PrintProblem(f"piece '{shape.name}' (wider than a page)")
    return min(options, key=lambda o: (o[0], o[1]))[2]


def plan_pieces(paper: Paper, templates: TextTemplates) -> PiecesDocument:
    """Shelf-pack every copy of every standard piece onto pages."""
    geometry = HexLayout("pointy", DEFAULT_HEX)
    area = hex_area(paper)
    pages: list[list[PlacedPiece]] = [[]]
    x, shelf_top, shelf_height = area.x, area.y + area.height, 0.0
    for name, shape in standard_pieces().items():
        turned = turned_to_fit(shape, geometry, area.width)
        left, bottom, right, top = geometry.bounds(turned.cells)
        width, height = right - left, top - bottom + LABEL_H
        if height > area.height:
            raise PrintProblem(f"piece '{name}' (taller than a page)")
        for copy in range(1, shape.count + 1):
            if x + width > area.x + area.width + 1e-6:
                x, shelf_top, shelf_height = area.x, shelf_top - shelf_height - SPACING, 0.0
            if shelf_top - height < area.y - 1e-6:
                pages.append([])
                x, shelf_top, shelf_height = area.x, area.y + area.height, 0.0
            names = [n for n in step_names() if n == name or n.rsplit("-", 1)[0] == name]
            words = templates.blocks(TEMPLATE, {"piece": shape, "names": names, "copy": copy})
            label = fitted(words["piece_label"], max(width, mm(40)), LABEL_H, 7,
                           f"the label of piece '{name}'")
            origin = (x - left, shelf_top - LABEL_H - top)
            pages[-1].append(PlacedPiece(turned, origin, label, (x, shelf_top)))
            x += max(width, mm(40)) + SPACING
            shelf_height = max(shelf_height, height)
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
