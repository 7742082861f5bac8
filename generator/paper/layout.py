"""Laying out a face in millimetres from its top-left corner, with text fitted before drawing.

Every face (licence, card, dashboard, token) is drawn the way a designer reads a drawing: in
millimetres from the trim's top-left corner; :class:`Pen` turns that into ReportLab's points
from the lower-left. Text is planned before anything is drawn: each :class:`Slot` is fitted by
:class:`Plan` (shrinking to 6 pt at the least), and a slot that cannot fit becomes a problem a
print check reports (e.g. FR-PRINT-TEXT, OR-PRINT-TEXT) instead of a clipped line on paper.
Markup is sanitised on the way in (``generator.text.markup``): a tag we do not allow is shown as
typed and never reaches ReportLab, whichever path the text took.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from generator.errors import TemplateError, UsageError
from generator.paper.drawing import FittedText, colour, draw_line, fit_paragraph, polyline_path
from generator.paper.icons import IconSet
from generator.paper.units import mm, to_mm
from generator.text.fonts import BOLD, REGULAR
from generator.text.markup import sanitise

INK_HEX = "#1d1d1b"
INK = colour(INK_HEX)
CUT_GREY = colour("#9a9a9a")


@dataclass(frozen=True)
class Slot:
    """A piece of text and the box it must fit in (mm from the face's top-left).

    ``rotate=90`` runs the text up the box, bottom to top, for a label along a long edge;
    ``rotate=-90`` runs it down the box, top to bottom (the way text read back from a PDF
    takes turned words: turned up the box, they read back letter-reversed)."""

    part: str
    markup: str
    x: float
    y: float
    width: float
    height: float
    size: float
    font: str = REGULAR
    align: str = "centre"
    valign: str = "middle"
    colour_hex: str = INK_HEX
    rotate: int = 0
    split_words: bool = False

    def __post_init__(self) -> None:
        # Light text on a colour is bold below 7 pt: thin strokes of a light ink fill in
        # with the ground's colour where the plates do not quite register.
        if self.font == REGULAR and self.size < LIGHT_TEXT_REGULAR_FROM \
                and _is_light(self.colour_hex):
            object.__setattr__(self, "font", BOLD)


LIGHT_TEXT_REGULAR_FROM = 7.0


def _is_light(colour_hex: str) -> bool:
    """Whether a text colour is light (white or nearly): the text is on a dark ground."""
    value = colour(colour_hex)
    return min(value.red, value.green, value.blue) > 0.9


@dataclass(frozen=True)
class PlacedText:
    """A slot whose text fitted, ready to draw."""

    slot: Slot
    fitted: FittedText


@dataclass
class Plan:
    """A face's text ready to draw, or the parts whose text cannot fit."""

    texts: list[PlacedText] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def place(self, slot: Slot) -> None:
        """Fit ``slot`` (an empty one is skipped), or record it as a problem."""
        if not slot.markup.strip():
            return
        width, height = (slot.height, slot.width) if slot.rotate else (slot.width, slot.height)
        fitted = fit_paragraph(sanitise(slot.markup), mm(width), mm(height), slot.size,
                               align=slot.align, font=slot.font, colour_hex=slot.colour_hex,
                               split_words=slot.split_words)
        if fitted is None:
            self.problems.append(slot.part)
        else:
            self.texts.append(PlacedText(slot, fitted))

    def place_all(self, slots: Sequence[Slot]) -> Plan:
        for slot in slots:
            self.place(slot)
        return self

    def require(self, what: str) -> Plan:
        """This plan, or a TemplateError naming what cannot fit: for faces no vehicle owns
        (maneuver and reference cards), which only a user's template can make too long."""
        if self.problems:
            raise TemplateError(f"{what}: {', '.join(self.problems)} does not fit even at 6 pt;"
                                " shorten that text in your --templates folder")
        return self


@dataclass(frozen=True)
class Blocks:
    """Rendered template blocks: single slots by name, list blocks as lines."""

    blocks: Mapping[str, str]

    def __getitem__(self, name: str) -> str:
        return self.blocks[name].strip()

    def lines(self, name: str) -> list[str]:
        """A list block's items, one per line, blank lines dropped."""
        return [line for line in self.rows(name) if line]

    def rows(self, name: str) -> list[str]:
        """A list block's lines, blank ones kept: for blocks that label rows one to one
        (a track's levels), where an empty line is an empty row."""
        raw = self.blocks[name]
        if raw.endswith("\n"):
            raw = raw[:-1]
        return [line.strip() for line in raw.split("\n")] if raw else []

    def cells(self, name: str) -> list[list[str]]:
        """A table block: one row per line, cells separated by spaces."""
        return [row.split() for row in self.rows(name)]


class Pen:
    """Draws on one face in millimetres from its top-left corner."""

    def __init__(self, canvas: Canvas, height_mm: float, icons: IconSet | None = None) -> None:
        self.canvas = canvas
        self.height_mm = height_mm
        self.icons = icons

    def point(self, x: float, y: float) -> tuple[float, float]:
        """A point given in mm from the top-left, in points from the lower-left."""
        return mm(x), mm(self.height_mm - y)

    def _paint(self, fill: Color | None, stroke: Color | None, line: float,
               dash: Sequence[float] | None = None) -> tuple[int, int]:
        c = self.canvas
        if fill is not None:
            c.setFillColor(fill)
        if stroke is not None:
            c.setStrokeColor(stroke)
            c.setLineWidth(line)
        c.setDash(list(dash) if dash else [])
        return int(stroke is not None), int(fill is not None)

    def rect(self, x: float, y: float, width: float, height: float, fill: Color | None = None,
             stroke: Color | None = None, line: float = 0.5, radius: float = 0.0,
             dash: Sequence[float] | None = None) -> None:
        stroke_on, fill_on = self._paint(fill, stroke, line, dash)
        px, py = self.point(x, y + height)
        if radius:
            self.canvas.roundRect(px, py, mm(width), mm(height), mm(radius), stroke=stroke_on,
                                  fill=fill_on)
        else:
            self.canvas.rect(px, py, mm(width), mm(height), stroke=stroke_on, fill=fill_on)
        self.canvas.setDash([])

    def circle(self, cx: float, cy: float, r: float, fill: Color | None = None,
               stroke: Color | None = None, line: float = 0.5,
               dash: Sequence[float] | None = None) -> None:
        stroke_on, fill_on = self._paint(fill, stroke, line, dash)
        self.canvas.circle(*self.point(cx, cy), mm(r), stroke=stroke_on, fill=fill_on)
        self.canvas.setDash([])

    def polygon(self, points: Sequence[tuple[float, float]], fill: Color | None = None,
                stroke: Color | None = None, line: float = 0.5) -> None:
        stroke_on, fill_on = self._paint(fill, stroke, line)
        path = polyline_path(self.canvas, [self.point(x, y) for x, y in points])
        self.canvas.drawPath(path, stroke=stroke_on, fill=fill_on)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: Color, line: float = 0.5,
             dash: Sequence[float] | None = None) -> None:
        self._paint(None, stroke, line, dash)
        self.canvas.line(*self.point(x1, y1), *self.point(x2, y2))
        self.canvas.setDash([])

    def icon(self, name: str, cx: float, cy: float, size: float, ink: Color = INK) -> None:
        """Draw icon ``name`` in a square of side ``size`` mm centred on (cx, cy)."""
        assert self.icons is not None, "this face was made without icons"
        px, py = self.point(cx - size / 2, cy + size / 2)
        self.icons[name].draw(self.canvas, px, py, mm(size), ink)

    def arrow(self, cx: float, cy: float, heading: float, length: float, width: float,
              fill: Color, stroke: Color | None = None) -> None:
        """An alignment arrow centred on (cx, cy), pointing ``heading`` degrees clockwise
        from 'up the card'."""
        tip, neck, shaft = -length / 2, -length / 2 + length * 0.45, width / 4
        shape = [(0.0, tip), (width / 2, neck), (shaft, neck), (shaft, length / 2),
                 (-shaft, length / 2), (-shaft, neck), (-width / 2, neck)]
        self.polygon([rotate_point(px, py, heading, cx, cy) for px, py in shape], fill, stroke,
                     0.6)

    def stripes(self, x: float, y: float, width: float, height: float, first: Color,
                second: Color, band: float = 3.0) -> None:
        """Diagonal two-colour stripes filling a box (hazard tape, secondary arcs)."""
        self.rect(x, y, width, height, fill=first)
        box = (x, y, x + width, y + height)
        count = int((width + height) / band) + 2
        for i in range(0, count, 2):
            left = x - height + i * band
            stripe = clip_to_box([(left, y + height), (left + band, y + height),
                                  (left + band + height, y), (left + height, y)], box)
            if len(stripe) >= 3:
                self.polygon(stripe, fill=second)

    def clip_polygon(self, points: Sequence[tuple[float, float]]) -> None:
        """Clip what follows to a polygon (the caller saves and restores the state)."""
        path = polyline_path(self.canvas, [self.point(x, y) for x, y in points])
        self.canvas.clipPath(path, stroke=0, fill=0)

    def texts(self, plan: Plan) -> None:
        """Draw every fitted text of ``plan``, centred in its box as its slot asks."""
        for placed in plan.texts:
            self._text(placed)

    def _text(self, placed: PlacedText) -> None:
        placed = self._fitted_to_safe_area(placed)
        slot, fitted = placed.slot, placed.fitted
        dx, dy = self._into_safe_zone(placed)
        if not slot.rotate:
            free = mm(slot.height) - fitted.height
            top = mm(self.height_mm - slot.y) - (free / 2 if slot.valign == "middle" else 0.0)
            fitted.draw(self.canvas, mm(slot.x + dx), top - mm(dy))
            return
        c = self.canvas
        c.saveState()
        if slot.rotate < 0:  # down the box: the lines' tops along its right side
            c.translate(*self.point(slot.x + slot.width + dx, slot.y + dy))
        else:
            c.translate(*self.point(slot.x + dx, slot.y + slot.height + dy))
        c.rotate(slot.rotate)
        free = mm(slot.width) - fitted.height
        fitted.draw(c, 0.0, -(free / 2 if slot.valign == "middle" else 0.0))
        c.restoreState()

    def _fitted_to_safe_area(self, placed: PlacedText) -> PlacedText:
        """``placed``, or, where its lines are wider or taller than the safe area, its slot
        cut down to the safe area and its text fitted again (smaller, or wrapped anew, but
        never below 6 pt)."""
        area = safe_area(self.canvas)
        if area is None:
            return placed
        x0, y0, x1, y1 = text_box(placed)
        left, top, right, bottom = area
        if x1 - x0 <= right - left + 1e-6 and y1 - y0 <= bottom - top + 1e-6:
            return placed
        slot = placed.slot
        # The slot no larger than the safe area, moved no further than into it.
        width, height = min(slot.width, right - left), min(slot.height, bottom - top)
        x, y = min(max(slot.x, left), right - width), min(max(slot.y, top), bottom - height)
        plan = Plan()
        plan.place(replace(slot, x=x, y=y, width=width, height=height))
        return plan.texts[0] if plan.texts else placed

    def _into_safe_zone(self, placed: PlacedText) -> tuple[float, float]:
        """How far (mm, right and down) to move a text so that it lies inside the print
        shop's safe zone: none at home, nor for text already inside. A text larger than
        the safe area is a usage error naming the zone."""
        area = safe_area(self.canvas)
        if area is None:
            return 0.0, 0.0
        x0, y0, x1, y1 = text_box(placed)
        left, top, right, bottom = area
        if x1 - x0 > right - left + 1e-6 or y1 - y0 > bottom - top + 1e-6:
            raise UsageError(
                f"the {placed.slot.part} text ({x1 - x0:.1f} x {y1 - y0:.1f} mm) cannot keep "
                f"inside a safe zone of {to_mm(safe_zone(self.canvas)):g} mm on a "
                f"{self.width_of()} piece; choose a smaller safe_zone for the printer")
        return (max(0.0, left - x0) - max(0.0, x1 - right),
                max(0.0, top - y0) - max(0.0, y1 - bottom))

    def width_of(self) -> str:
        width, height = face_size(self.canvas) or (0.0, 0.0)
        return f"{to_mm(width):.1f} x {to_mm(height):.1f} mm"


def clip_to_box(polygon: Sequence[tuple[float, float]], box: tuple[float, float, float, float]
                ) -> list[tuple[float, float]]:
    """The part of a convex polygon inside ``box`` (x0, y0, x1, y1), clipped edge by edge
    (Sutherland-Hodgman), so a drawing's geometry never runs past what it fills."""
    x0, y0, x1, y1 = box
    edges = ((0, x0, 1.0), (0, x1, -1.0), (1, y0, 1.0), (1, y1, -1.0))
    points = list(polygon)
    for axis, limit, sign in edges:
        if not points:
            break
        kept: list[tuple[float, float]] = []
        for index, current in enumerate(points):
            previous = points[index - 1]
            inside_now = (current[axis] - limit) * sign >= 0
            inside_before = (previous[axis] - limit) * sign >= 0
            if inside_now != inside_before:
                share = (limit - previous[axis]) / (current[axis] - previous[axis])
                kept.append((previous[0] + share * (current[0] - previous[0]),
                             previous[1] + share * (current[1] - previous[1])))
            if inside_now:
                kept.append(current)
        points = kept
    return points


def rotate_point(x: float, y: float, degrees: float, cx: float, cy: float
                 ) -> tuple[float, float]:
    """(x, y) relative to a centre, turned ``degrees`` clockwise on the page (y grows down),
    then moved to the centre (cx, cy)."""
    angle = math.radians(degrees)
    return (cx + x * math.cos(angle) - y * math.sin(angle),
            cy + x * math.sin(angle) + y * math.cos(angle))


# A little more than the text's own box: a glyph's outline may reach past its line's
# leading (accents, descenders), and a print shop measures the ink.
SAFE_SLACK = 0.3


def safe_zone(canvas: Canvas) -> float:
    """How far (points) text keeps from every cut on ``canvas``: a print shop's safe zone
    (``generator.paper.pdf.new_canvas`` sets it from the profile); 0 on home sheets, whose
    layouts keep their own margins."""
    return float(getattr(canvas, "safe_zone", 0.0))


def face_size(canvas: Canvas) -> tuple[float, float] | None:
    """The trim of the face being drawn (points), where the sheet writer said it."""
    size = getattr(canvas, "face_size", None)
    return None if size is None else (float(size[0]), float(size[1]))


def safe_area(canvas: Canvas) -> tuple[float, float, float, float] | None:
    """(left, top, right, bottom) in mm from the face's top-left that text must keep
    within; None where no safe zone applies."""
    size, zone = face_size(canvas), safe_zone(canvas)
    if size is None or zone <= 0:
        return None
    inset = to_mm(zone) + SAFE_SLACK
    return inset, inset, to_mm(size[0]) - inset, to_mm(size[1]) - inset


def text_box(placed: PlacedText) -> tuple[float, float, float, float]:
    """Where a placed text's lines lie (x0, y0, x1, y1 in mm from the face's top-left), as
    :meth:`Pen._text` draws them: its widest line aligned in the slot, its lines' height
    placed as the slot's ``valign`` says."""
    slot, fitted = placed.slot, placed.fitted
    widths = fitted.paragraph.getActualLineWidths0() or [0.0]
    length, depth = (slot.height, slot.width) if slot.rotate else (slot.width, slot.height)
    # A line's width may count a trailing space: the wrap kept its words within the slot.
    along = min(to_mm(max(widths)), length)
    across = to_mm(fitted.height)
    start = {"left": 0.0, "right": length - along}.get(slot.align, (length - along) / 2)
    if slot.align == "justify":
        start, along = 0.0, length
    first = (depth - across) / 2 if slot.valign == "middle" else 0.0
    if not slot.rotate:
        return slot.x + start, slot.y + first, slot.x + start + along, slot.y + first + across
    if slot.rotate < 0:  # turned to run down the box: along downwards, across leftwards
        right = slot.x + slot.width - first
        return right - across, slot.y + start, right, slot.y + start + along
    # Turned to run up the box: along is upwards from the slot's foot, across rightwards.
    return (slot.x + first, slot.y + slot.height - start - along, slot.x + first + across,
            slot.y + slot.height - start)


def cut_guides(canvas: Canvas) -> bool:
    """Whether ``canvas`` takes cut guides: home sheets do, a print shop's files do not (a
    line on the cut shows as a line along the edge after a real cut)."""
    return bool(getattr(canvas, "cut_guides", True))


def cut_line(canvas: Canvas, width: float, height: float) -> None:
    """A hairline on the trim for scissors; crop marks outside it serve a guillotine. None in
    a print shop's files."""
    if not cut_guides(canvas):
        return
    canvas.setLineWidth(0.3)
    canvas.setStrokeColor(CUT_GREY)
    canvas.setDash([])
    canvas.rect(0, 0, width, height, stroke=1, fill=0)


@dataclass(frozen=True)
class TurnLog:
    """A log to write in turn by turn: tables side by side, a row per turn, its number
    printed in the first column (record sheets and rosters keep one for the rules that need
    last turn's figures). Millimetres; ``top`` is the top of the header row; column widths are
    ``shares`` of one table's width."""

    left: float
    top: float
    width: float
    turns: int
    shares: Sequence[float]
    header: float
    row: float
    tables: int = 2
    gap: float = 4.0

    @property
    def table_width(self) -> float:
        return (self.width - self.gap * (self.tables - 1)) / self.tables

    @property
    def rows(self) -> int:
        """Rows in each table."""
        return -(-self.turns // self.tables)

    def table_left(self, table: int) -> float:
        return self.left + table * (self.table_width + self.gap)

    def columns(self) -> tuple[list[float], list[float]]:
        """Left edges (within a table) and widths of the columns."""
        widths = [share * self.table_width for share in self.shares]
        return [sum(widths[:i]) for i in range(len(widths))], widths

    def draw(self, pen: Pen, grid: Color, row_fill: Color | None = None) -> None:
        """The tables' ruling, header bands and turn numbers (the headers' words are the
        caller's text slots, placed with :meth:`table_left` and :meth:`columns`)."""
        lefts, widths = self.columns()
        bottom = self.top + self.header + self.rows * self.row
        for table in range(self.tables):
            left = self.table_left(table)
            pen.rect(left, self.top, self.table_width, self.header, fill=colour("#e8e2d6"))
            for row in range(self.rows):
                y = self.top + self.header + row * self.row
                pen.rect(left, y, self.table_width, self.row, fill=row_fill, stroke=grid,
                         line=0.4)
                cx, base = pen.point(left + widths[0] / 2, y + self.row - 1.2)
                pen.canvas.setFillColor(INK)
                draw_line(pen.canvas, str(table * self.rows + row + 1), cx, base, 6.5,
                          align="centre")
            for x in lefts[1:]:
                pen.line(left + x, self.top, left + x, bottom, grid, 0.4)
            pen.rect(left, self.top, self.table_width, bottom - self.top, stroke=INK, line=0.7)
