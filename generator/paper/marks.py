"""The marks around pieces on a home sheet: crop marks (short, in the frame around the block,
or full length under the art), cut lines on each trim for scissors, and registration targets
drawn on both sides of a duplex sheet where they must coincide.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from reportlab.lib.colors import Color, black
from reportlab.pdfgen.canvas import Canvas

from generator.paper.drawing import polyline_path
from generator.paper.grid import Grid, SheetOptions
from generator.paper.pieces import Component, Layer, Rect, define_layer, hexagon_points, use_layer
from generator.paper.units import mm

CUT_LINE_WIDTH = 0.3
CUT_LINE_GREY = 0.55
REGISTRATION_RADIUS = mm(1.6)


def header_band(grid: Grid, options: SheetOptions) -> Rect:
    """The strip above the block (inside the safe margin) where a caption goes."""
    top = grid.paper.height - options.margin
    return Rect(options.margin, top - options.header, grid.paper.width - 2 * options.margin,
                options.header)


def draw_crop_marks(canvas: Canvas, grid: Grid, options: SheetOptions) -> None:
    """Crop marks in line with every cut: short ones in the frame, or full-length ones."""
    canvas.saveState()
    canvas.setLineWidth(options.mark_width)
    canvas.setStrokeColor(black)
    segments = (full_mark_segments(grid, options) if options.mark_style == "full"
                else crop_mark_segments(grid, options))
    for x1, y1, x2, y2 in segments:
        canvas.line(x1, y1, x2, y2)
    canvas.restoreState()


def crop_mark_segments(grid: Grid, options: SheetOptions
                       ) -> Iterator[tuple[float, float, float, float]]:
    """Each short crop mark as a segment (x1, y1, x2, y2): outside the block's bleed, in line
    with every cut, so it never touches any piece's trim."""
    block = grid.block()
    start, length = options.mark_offset, options.mark_length
    for x in grid.column_edges():
        yield (x, block.top + start, x, block.top + start + length)
        yield (x, block.y - start, x, block.y - start - length)
    for y in grid.row_edges():
        yield (block.x - start, y, block.x - start - length, y)
        yield (block.right + start, y, block.right + start + length, y)


def full_mark_segments(grid: Grid, options: SheetOptions
                       ) -> Iterator[tuple[float, float, float, float]]:
    """Full-length marks, margin to margin through every cut. They are drawn under the art,
    so inside the block they show only in gutters; the first cut removes the short ends."""
    paper, margin = grid.paper, options.margin
    for x in grid.column_edges():
        yield (x, margin, x, paper.height - margin)
    for y in grid.row_edges():
        yield (margin, y, paper.width - margin, y)


def cut_outline(canvas: Canvas, component: Component, trim: Rect) -> None:
    """Stroke the shape ``component`` is cut to, at ``trim``."""
    if component.shape == "hexagon":
        points = hexagon_points(trim)
        path = polyline_path(canvas, points)
        canvas.drawPath(path, stroke=1, fill=0)
    elif component.shape == "rounded":
        canvas.roundRect(trim.x, trim.y, trim.width, trim.height, component.corner_radius,
                         stroke=1, fill=0)
    else:
        canvas.rect(trim.x, trim.y, trim.width, trim.height, stroke=1, fill=0)



def draw_cut_lines(canvas: Canvas, component: Component, trims: Sequence[Rect]) -> None:
    """A hairline on every trim, for cutting with scissors or a craft knife."""
    canvas.saveState()
    canvas.setLineWidth(CUT_LINE_WIDTH)
    canvas.setStrokeColor(Color(CUT_LINE_GREY, CUT_LINE_GREY, CUT_LINE_GREY))
    for trim in trims:
        cut_outline(canvas, component, trim)
    canvas.restoreState()


def registration_points(grid: Grid, options: SheetOptions) -> list[tuple[float, float]]:
    """Centres of the registration targets: in the frame beyond each corner of the filled
    block, where no crop mark runs."""
    block = grid.block()
    inset = options.mark_offset + options.mark_length / 2
    return [(block.x - inset, block.y - inset), (block.right + inset, block.y - inset),
            (block.x - inset, block.top + inset), (block.right + inset, block.top + inset)]


REGISTRATION_TARGET = Layer("registration-target", lambda c, w, h, b: _target(c))


def _target(canvas: Canvas) -> None:
    radius = REGISTRATION_RADIUS
    canvas.setLineWidth(0.3)
    canvas.setStrokeColor(black)
    canvas.circle(0, 0, radius * 0.6, stroke=1, fill=0)
    canvas.line(-radius, 0, radius, 0)
    canvas.line(0, -radius, 0, radius)


def draw_registration(canvas: Canvas, points: Sequence[tuple[float, float]]) -> None:
    """A circle with cross hairs at each point (one form, reused): front and back targets
    coincide when the printer's duplex is true."""
    radius = REGISTRATION_RADIUS
    define_layer(canvas, REGISTRATION_TARGET, Rect(-radius, -radius, 2 * radius, 2 * radius))
    for x, y in points:
        canvas.saveState()
        canvas.translate(x, y)
        use_layer(canvas, REGISTRATION_TARGET, 0.0, 0.0, 0.0)
        canvas.restoreState()



def shop_slug(options: SheetOptions) -> float:
    """The room beyond a print-shop face's bleed for its crop marks: a gap, then the mark."""
    return options.mark_offset + options.mark_length + options.mark_width / 2


def draw_shop_crop_marks(canvas: Canvas, trim: Rect, bleed: float,
                         options: SheetOptions) -> None:
    """Crop marks in line with each cut of a print-shop face, starting ``mark_offset``
    beyond its bleed so no mark prints over the art."""
    canvas.saveState()
    canvas.setLineWidth(options.mark_width)
    canvas.setStrokeColor(black)
    start = bleed + options.mark_offset
    end = start + options.mark_length
    for x in (trim.x, trim.right):
        canvas.line(x, trim.y - start, x, trim.y - end)
        canvas.line(x, trim.top + start, x, trim.top + end)
    for y in (trim.y, trim.top):
        canvas.line(trim.x - start, y, trim.x - end, y)
        canvas.line(trim.right + start, y, trim.right + end, y)
    canvas.restoreState()
