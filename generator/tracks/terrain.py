"""How each kind of hex is drawn: fills, vector icons, numbers and facing arrows.

One function draws one hex at one position and size, so the tiles (actual size), the
layout page's small map and the piece sheet all show a track the same way. Numbers on hexes
(slots, checkpoints, ratings) are the track's own data, not prose; they are only drawn
when the hex is big enough for 6 pt text.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, black
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from generator.keep.kept_drawings import can_replay, colour_key
from generator.paper.drawing import MIN_FONT_SIZE, colour, draw_line
from generator.paper.icons import IconSet
from generator.paper.pieces import Box, clip_polygon, grown_polygon
from generator.paper.units import mm
from generator.text.fonts import BOLD
from generator.tracks.hexgrid import HexLayout, Point, facing_angle
from generator.tracks.layout import Cell

INK = colour("#1d1d1b")
EDGE = colour("#8c8a84")
FILLS = {
    "track": colour("#f3f0e7"),
    "barrier": colour("#4b4a46"),
    "hazard": colour("#bcd6e2"),
    "fragile": colour("#f3f0e7"),
    "solid": colour("#d3cdc0"),
    "special": colour("#f5e6a3"),
}
CHECKPOINT = colour("#ffe07a")
ARROW = colour("#a9a496")
ITEM_CHECKPOINT = colour("#ffbf80")
ICON_INK = {
    "hazard": colour("#2f6690"),
    "fragile": colour("#8a5a2b"),
    "solid": colour("#4d4a44"),
    "special": colour("#866a00"),
}
ICONS = {"hazard": "hazard", "fragile": "fragile", "solid": "solid", "special": "special"}
MIN_TEXT_HEX = mm(4.5)  # below this size across, hexes carry colour and icons only


@dataclass(frozen=True)
class HexStyle:
    """Choices for one drawing of a map: whether to add numbers and the outline width."""

    numbers: bool = True
    outline: float = 0.5


def fill_of(cell: Cell) -> Color:
    """The background colour of a hex."""
    symbol = cell.symbol
    if symbol.checkpoint is not None:
        return ITEM_CHECKPOINT if symbol.item_checkpoint else CHECKPOINT
    return FILLS.get(symbol.terrain, FILLS["track"])


class _ClosedPath:
    """A finished path, as ``canvas.drawPath`` and ``clipPath`` take it: its operators."""

    __slots__ = ("code",)

    def __init__(self, code: str) -> None:
        self.code = code

    def getCode(self) -> str:  # noqa: N802 - ReportLab's name
        return self.code


def hex_path(canvas: Canvas, corners: list[Point]) -> _ClosedPath:
    """A closed path through the corners: the operators ReportLab's path object writes for
    moveTo, lineTo and close, made in one go (a map draws thousands of hexes)."""
    first, *rest = corners
    return _ClosedPath(" ".join(["n", fp_str(*first) + " m",
                                 *[fp_str(*point) + " l" for point in rest], "h"]))


# Per canvas, the operators of each (fill, edge, line width, fill mode) an outlined hex
# was drawn with: the first drawing's, around every later path (see outlined_hex).
_OUTLINED: weakref.WeakKeyDictionary[Canvas, dict[tuple[Any, ...],
                                                  tuple[list[str], list[str]]]] = \
    weakref.WeakKeyDictionary()


def outlined_hex(canvas: Canvas, path: _ClosedPath, fill: Color, edge: Color,
                 width: float) -> None:
    """``path`` filled with ``fill`` and outlined with ``edge`` at ``width``, the graphics
    state saved around it. Why not just the calls: a map draws thousands of hexes, and the
    operators around each path are the same as the first one's on this canvas (the calls
    leave the canvas as they found it), so they are written again as they are. Only on a
    canvas in its starting graphics state (see drawing.replay_or_draw), with opaque
    colours; otherwise the calls."""
    key = (colour_key(fill), colour_key(edge), width, canvas._fillMode)
    known = _OUTLINED.setdefault(canvas, {})
    around = known.get(key)
    code = canvas._code
    if around is not None and can_replay(canvas):
        code.extend((*around[0], path.code, *around[1]))
        return
    start = len(code)
    canvas.saveState()
    canvas.setFillColor(fill)
    canvas.setStrokeColor(edge)
    canvas.setLineWidth(width)
    canvas.drawPath(path, stroke=1, fill=1)
    canvas.restoreState()
    written = code[start:]
    if can_replay(canvas) and fill.alpha == edge.alpha == 1 and path.code in written:
        middle = written.index(path.code)
        known[key] = (written[:middle], written[middle + 1:])


def draw_cell(canvas: Canvas, geometry: HexLayout, cell: Cell, centre: Point, icons: IconSet,
              facing: int | None = None, style: HexStyle = HexStyle()) -> None:
    """Draw ``cell`` with its centre at ``centre``: the fill and outline first (one closed
    path, which is how the tests find every printed hex), then its markings."""
    cx, cy = centre
    corners = [(cx + dx, cy + dy) for dx, dy in geometry.corner_offsets()]
    outlined_hex(canvas, hex_path(canvas, corners), fill_of(cell), EDGE, style.outline)
    size = geometry.across_flats
    text = style.numbers and size >= MIN_TEXT_HEX
    symbol = cell.symbol
    if symbol.finish:
        draw_chequer(canvas, corners, centre, size)
        canvas.saveState()
        canvas.setStrokeColor(EDGE)
        canvas.setLineWidth(style.outline)
        canvas.drawPath(hex_path(canvas, corners), stroke=1, fill=0)  # the edge on top
        canvas.restoreState()
    icon = symbol.icon or ICONS.get(symbol.terrain)
    if symbol.fragile_markers:
        draw_marker_ring(canvas, centre, size)
    if icon and icon in icons:
        scale = 0.5 if symbol.terrain != "solid" else 0.62
        icons[icon].draw(canvas, cx - size * scale / 2, cy - size * scale / 2, size * scale,
                         ICON_INK.get(symbol.terrain, INK))
    if symbol.item and "item" in icons:
        icons["item"].draw(canvas, cx - size * 0.25, cy - size * 0.25, size * 0.5, INK)
    if symbol.checkpoint is not None and text:
        draw_number(canvas, str(symbol.checkpoint), centre, size)
        if symbol.item_checkpoint and "item" in icons:
            icons["item"].draw(canvas, cx + size * 0.12, cy + size * 0.12, size * 0.26, INK)
    if symbol.slot is not None:
        if facing is not None:
            draw_arrow(canvas, icons, centre, size, facing_angle(facing, geometry.orientation))
        if text:
            draw_number(canvas, str(symbol.slot), centre, size, on_arrow=facing is not None)
    if symbol.fragile_markers > 1 and text:  # several markers laid in one space
        canvas.setFillColor(ICON_INK["fragile"])
        draw_line(canvas, f"x{symbol.fragile_markers}", cx, cy + size * 0.26,
                  max(MIN_FONT_SIZE, size * 0.16), BOLD, "centre")
    if symbol.rating is not None and text:
        sign = "+" if symbol.rating > 0 else ""
        # A rated wall is a dark hex: its rating in the track's light colour.
        canvas.setFillColor(FILLS["track"] if symbol.terrain == "barrier" else INK)
        draw_line(canvas, f"{sign}{symbol.rating}", cx, cy - size * 0.42,
                  max(MIN_FONT_SIZE, size * 0.16), BOLD, "centre")


def draw_number(canvas: Canvas, text: str, centre: Point, size: float,
                on_arrow: bool = False) -> None:
    """A bold number in the middle of a hex (a little smaller on a facing arrow)."""
    font_size = max(MIN_FONT_SIZE, size * (0.3 if on_arrow else 0.34))
    canvas.setFillColor(INK)
    draw_line(canvas, text, centre[0], centre[1] - font_size * 0.36, font_size, BOLD, "centre")


def draw_arrow(canvas: Canvas, icons: IconSet, centre: Point, size: float,
               angle: float, ink: Color = ARROW) -> None:
    """A facing arrow (a starting slot's, a piece's way in) along ``angle`` (degrees)."""
    if "arrow" not in icons:
        return
    arrow = size * 0.7
    canvas.saveState()
    canvas.translate(*centre)
    canvas.rotate(angle - 90.0)  # the arrow icon points up
    icons["arrow"].draw(canvas, -arrow / 2, -arrow / 2, arrow, ink)
    canvas.restoreState()


def draw_chequer(canvas: Canvas, corners: list[Point], centre: Point, size: float,
                 bleed: float = 0.0, box: Box | None = None) -> None:
    """A chequered finish line, clipped to the hex. With a print shop's ``bleed`` it is one
    pattern running on past the cut: its squares drawn as a single path clipped to the hex
    grown by the bleed (a square the cut crosses is art at the edge, not a mark), and cut
    to ``box`` (the face's bleed box), so none of it reaches past the page."""
    if bleed > 0:
        outline = grown_polygon(corners, bleed)
        _bleeding_chequer(canvas, clip_polygon(outline, box) if box else outline, centre, size)
        return
    canvas.saveState()
    canvas.clipPath(hex_path(canvas, corners), stroke=0, fill=0)
    square = size / 4
    canvas.setFillColor(black)
    left, bottom = centre[0] - size, centre[1] - size
    # Each square cut to the hex's box as well as clipped to the hex, so nothing in the
    # file reaches past the hex (a hex at a page's margin keeps its art inside it).
    x_min, x_max = min(x for x, _ in corners), max(x for x, _ in corners)
    y_min, y_max = min(y for _, y in corners), max(y for _, y in corners)
    for row in range(8):
        for column in range(8):
            x0, y0 = max(left + column * square, x_min), max(bottom + row * square, y_min)
            x1 = min(left + (column + 1) * square, x_max)
            y1 = min(bottom + (row + 1) * square, y_max)
            if (row + column) % 2 == 0 and x1 > x0 and y1 > y0:
                canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    canvas.restoreState()


def _bleeding_chequer(canvas: Canvas, outline: list[Point], centre: Point, size: float
                      ) -> None:
    """The chequer clipped to ``outline``, each row of black squares one band of the
    path (its squares joined along their foot), so that every row runs on past the cut."""
    canvas.saveState()
    canvas.clipPath(hex_path(canvas, outline), stroke=0, fill=0)
    square = size / 4
    left, bottom = centre[0] - size, centre[1] - size
    # Each band cut to the outline's box as geometry too, not by the clip path alone.
    box = (min(x for x, _ in outline), min(y for _, y in outline),
           max(x for x, _ in outline), max(y for _, y in outline))
    path = canvas.beginPath()
    for row in range(8):
        y = bottom + row * square
        xs = [left + column * square for column in range(8) if (row + column) % 2 == 0]
        band = [(xs[0], y)]
        for x in xs:
            band += [(x, y + square), (x + square, y + square), (x + square, y),
                     (x + 2 * square, y)]
        band = clip_polygon(band, box)
        if band:
            path.moveTo(*band[0])
            for point in band[1:]:
                path.lineTo(*point)
            path.close()
    canvas.setFillColor(black)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


def draw_marker_ring(canvas: Canvas, centre: Point, size: float) -> None:
    """A dashed ring: a removable marker goes here (Frothy fragile obstacles are removed
    when a vehicle smashes through them)."""
    canvas.saveState()
    canvas.setStrokeColor(ICON_INK["fragile"])
    canvas.setLineWidth(0.8)
    canvas.setDash(2, 2)
    canvas.circle(centre[0], centre[1], size * 0.4, stroke=1, fill=0)
    canvas.restoreState()
