"""Sheet imposition: lay printed pieces out on paper, with crop marks and duplex backs.

A *component* has a trim size (where it is cut) and a bleed (how far its art runs past the
cut). The engine fits as many as it can inside the printer's safe margin, centres the block,
draws crop marks outside every trim, and for pieces with a back writes a back page after each
front page, mirrored so each back lands behind its own front when printed duplex:

* long-edge duplex flips the sheet about its vertical axis: columns mirror, rows stay;
* short-edge duplex flips it about its horizontal axis: rows mirror, columns stay.

Faces draw in their own coordinates: (0, 0) is the trim's lower-left corner and the art may
run ``bleed`` beyond every edge. A face with a ``key`` is drawn once per file as a PDF form
and reused, which keeps large decks of identical cards small and fast.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, Protocol

from reportlab.pdfgen.canvas import Canvas

from generator.errors import UsageError
from generator.units import SAFE_MARGIN, Paper, mm, to_mm

Duplex = Literal["long", "short"]


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in points, origin at the lower-left like PDF."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def grown(self, amount: float) -> Rect:
        """The rectangle enlarged by ``amount`` on every side (e.g. trim -> bleed)."""
        return Rect(self.x - amount, self.y - amount, self.width + 2 * amount,
                    self.height + 2 * amount)


@dataclass(frozen=True)
class Component:
    """The geometry of one kind of printed piece."""

    width: float
    height: float
    bleed: float = mm(3)

    def describe(self) -> str:
        return f"{to_mm(self.width):.1f} x {to_mm(self.height):.1f} mm"


class Face(Protocol):
    """One side of a piece. ``key`` is None or a value equal for identical artwork."""

    @property
    def key(self) -> Hashable | None: ...

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None: ...


@dataclass(frozen=True)
class Piece:
    """A thing to cut out: its front, its back if it has one, and a label for reports."""

    front: Face
    back: Face | None = None
    label: str = ""


@dataclass(frozen=True)
class SheetOptions:
    """How a sheet is laid out; defaults are what most home printers handle."""

    paper: Paper
    margin: float = SAFE_MARGIN
    gutter: float = 0.0
    crop_marks: bool = True
    mark_length: float = mm(4)
    mark_offset: float = mm(1)
    mark_width: float = 0.5
    duplex: Duplex = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)

    @property
    def mark_space(self) -> float:
        """Room kept around the block of pieces for the crop marks, their stroke included."""
        if not self.crop_marks:
            return 0.0
        return self.mark_offset + self.mark_length + self.mark_width / 2


@dataclass(frozen=True)
class Grid:
    """Where pieces go on one sheet: columns x rows of trims, ``pitch`` apart."""

    component: Component
    paper: Paper
    columns: int
    rows: int
    pitch_x: float
    pitch_y: float
    left: float
    top: float

    @property
    def capacity(self) -> int:
        return self.columns * self.rows

    def used(self, count: int) -> Grid:
        """This grid cut down to the rows and columns ``count`` pieces fill, same positions:
        crop marks then frame only what is printed on a part-filled last sheet."""
        rows = math.ceil(count / self.columns)
        return replace(self, rows=rows, columns=min(self.columns, count))

    def slot(self, index: int) -> tuple[int, int]:
        """Row and column of the ``index``-th piece on a sheet, filled row by row."""
        return divmod(index, self.columns)

    def trim(self, row: int, column: int) -> Rect:
        """The trim rectangle of the front at ``row``, ``column`` (row 0 at the top)."""
        x = self.left + column * self.pitch_x
        y = self.top - row * self.pitch_y - self.component.height
        return Rect(x, y, self.component.width, self.component.height)

    def back_trim(self, row: int, column: int, duplex: Duplex,
                  offset: tuple[float, float] = (0.0, 0.0)) -> Rect:
        """Where the back of that piece goes on the back page so it lands behind its front."""
        front = self.trim(row, column)
        if duplex == "long":
            x, y = self.paper.width - front.x - front.width, front.y
        else:
            x, y = front.x, self.paper.height - front.y - front.height
        return Rect(x + offset[0], y + offset[1], front.width, front.height)

    def column_edges(self) -> list[float]:
        """Every x where a vertical cut falls."""
        edges = {round(self.left + c * self.pitch_x + d, 4)
                 for c in range(self.columns) for d in (0.0, self.component.width)}
        return sorted(edges)

    def row_edges(self) -> list[float]:
        """Every y where a horizontal cut falls."""
        edges = set()
        for r in range(self.rows):
            trim = self.trim(r, 0)
            edges.update({round(trim.y, 4), round(trim.top, 4)})
        return sorted(edges)

    def block(self) -> Rect:
        """The bleed box around every slot of the grid."""
        first, last = self.trim(0, 0), self.trim(self.rows - 1, self.columns - 1)
        return Rect(first.x, last.y, last.right - first.x, first.top - last.y).grown(
            self.component.bleed)


def plan_grid(component: Component, options: SheetOptions) -> Grid:
    """Fit as many pieces as the paper holds inside its margin, leaving room for marks."""
    paper = options.paper
    frame = options.margin + options.mark_space
    cell_w = component.width + 2 * component.bleed
    cell_h = component.height + 2 * component.bleed
    pitch_x, pitch_y = cell_w + options.gutter, cell_h + options.gutter
    usable_w, usable_h = paper.width - 2 * frame, paper.height - 2 * frame
    columns = math.floor((usable_w + options.gutter) / pitch_x + 1e-9)
    rows = math.floor((usable_h + options.gutter) / pitch_y + 1e-9)
    if columns < 1 or rows < 1:
        raise UsageError(
            f"a {component.describe()} piece with {to_mm(component.bleed):.1f} mm bleed does "
            f"not fit on {paper.name} inside a {to_mm(options.margin):.0f} mm margin")
    block_w = columns * pitch_x - options.gutter
    block_h = rows * pitch_y - options.gutter
    left = (paper.width - block_w) / 2 + component.bleed
    top = (paper.height + block_h) / 2 - component.bleed
    return Grid(component, paper, columns, rows, pitch_x, pitch_y, left, top)


@dataclass
class SheetWriter:
    """Draws pieces onto a ReportLab canvas, sheet by sheet."""

    canvas: Canvas
    options: SheetOptions
    forms: dict[Hashable, str] = field(default_factory=dict)
    pages: int = 0

    def impose(self, component: Component, pieces: Sequence[Piece]) -> Grid:
        """Write every piece: a front page per sheet, then its back page if any piece has one."""
        grid = plan_grid(component, self.options)
        for sheet in chunks(pieces, grid.capacity):
            self.front_page(grid, sheet)
            if any(piece.back is not None for piece in sheet):
                self.back_page(grid, sheet)
        return grid

    def front_page(self, grid: Grid, sheet: Sequence[Piece]) -> None:
        self.start_page(grid)
        for index, piece in enumerate(sheet):
            self.place(piece.front, grid.trim(*grid.slot(index)), grid.component)
        if self.options.crop_marks:
            draw_crop_marks(self.canvas, grid.used(len(sheet)), self.options)
        self.finish_page()

    def back_page(self, grid: Grid, sheet: Sequence[Piece]) -> None:
        self.start_page(grid)
        for index, piece in enumerate(sheet):
            if piece.back is not None:
                rect = grid.back_trim(*grid.slot(index), self.options.duplex,
                                      self.options.back_offset)
                self.place(piece.back, rect, grid.component)
        self.finish_page()

    def start_page(self, grid: Grid) -> None:
        self.canvas.setPageSize((grid.paper.width, grid.paper.height))

    def finish_page(self) -> None:
        self.canvas.showPage()
        self.pages += 1

    def place(self, face: Face, trim: Rect, component: Component) -> None:
        """Draw ``face`` with its trim at ``trim``, clipped to its bleed box."""
        c = self.canvas
        c.saveState()
        c.translate(trim.x, trim.y)
        key = face.key
        if key is None:
            self.draw_clipped(face, component)
        else:
            name = self.forms.get(key)
            if name is None:
                name = f"face{len(self.forms)}"
                self.forms[key] = name
                bleed = component.bleed
                c.beginForm(name, lowerx=-bleed, lowery=-bleed,
                            upperx=component.width + bleed, uppery=component.height + bleed)
                self.draw_clipped(face, component)
                c.endForm()
            c.doForm(name)
        c.restoreState()

    def draw_clipped(self, face: Face, component: Component) -> None:
        c = self.canvas
        c.saveState()
        bleed = component.bleed
        path = c.beginPath()
        path.rect(-bleed, -bleed, component.width + 2 * bleed, component.height + 2 * bleed)
        c.clipPath(path, stroke=0, fill=0)
        face.draw(c, component.width, component.height, bleed)
        c.restoreState()


def draw_crop_marks(canvas: Canvas, grid: Grid, options: SheetOptions) -> None:
    """Short marks in the frame around the block, in line with every cut, never on a trim."""
    canvas.saveState()
    canvas.setLineWidth(options.mark_width)
    canvas.setStrokeColorRGB(0, 0, 0)
    for x1, y1, x2, y2 in crop_mark_segments(grid, options):
        canvas.line(x1, y1, x2, y2)
    canvas.restoreState()


def crop_mark_segments(grid: Grid, options: SheetOptions
                       ) -> Iterator[tuple[float, float, float, float]]:
    """Each crop mark as a segment (x1, y1, x2, y2): outside the block's bleed, in line with
    every cut, so it never touches any piece's trim."""
    block = grid.block()
    start, length = options.mark_offset, options.mark_length
    for x in grid.column_edges():
        yield (x, block.top + start, x, block.top + start + length)
        yield (x, block.y - start, x, block.y - start - length)
    for y in grid.row_edges():
        yield (block.x - start, y, block.x - start - length, y)
        yield (block.right + start, y, block.right + start + length, y)


def chunks(items: Sequence[Piece], size: int) -> Iterator[Sequence[Piece]]:
    """Consecutive slices of ``size`` items: one sheet's worth each."""
    for start in range(0, len(items), size):
        yield items[start:start + size]
