"""Sheet imposition: lay printed pieces out on paper, with crop marks and duplex backs.

A *component* has a trim size (where it is cut), a bleed (how far its art runs past the cut)
and a cut shape (a rectangle, a rounded rectangle or a hexagon inscribed in the trim). The
engine fits as many as it can inside the printer's safe margin, centres the block, draws crop
marks outside every trim, and for pieces with a back writes a back page after each front page,
mirrored so each back lands behind its own front when printed duplex:

* long-edge duplex flips the sheet about its vertical axis: columns mirror, rows stay;
* short-edge duplex flips it about its horizontal axis: rows mirror, columns stay.

By default (no gutter) neighbours are *butted*: they share each cut, the way home print-and-play
sheets fit nine poker cards on A4, and the art runs into the bleed wherever a piece has no
neighbour (the outer edges of the block, which may run on into the printer's margin). With a
gutter, every piece keeps its own bleed all round. Crop marks are short (in the frame around
the block) or full length (ruled across the sheet
under the art, so they show only in the frame and in gutters); cut lines on each trim serve
scissors instead. Duplex sheets carry registration targets at the block's corners, drawn on
both sides where they must coincide, so holding the sheet to the light shows any shift.
Every sheet page carries a TrimBox and BleedBox around what it holds. In *print-shop* mode each
face gets a page of its own, the page (MediaBox) the bleed size and the TrimBox the trim, fronts
and backs interleaved, which is what a card printer's upload expects.

Faces draw in their own coordinates: (0, 0) is the trim's lower-left corner and the art may
run ``bleed`` beyond every edge. A face with a ``key`` is drawn once per file as a PDF form
and reused, which keeps large decks of identical cards small and fast.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol
from weakref import WeakKeyDictionary

from reportlab.lib.colors import Color, black
from reportlab.pdfgen.canvas import Canvas

from generator.errors import UsageError
from generator.paper.units import SAFE_MARGIN, Paper, mm, to_mm

if TYPE_CHECKING:
    from generator.paper.pdf import PdfInfo

Duplex = Literal["long", "short"]
MarkStyle = Literal["short", "full"]
CutShape = Literal["rectangle", "rounded", "hexagon"]

CUT_LINE_WIDTH = 0.3
CUT_LINE_GREY = 0.55
REGISTRATION_RADIUS = mm(1.6)


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

    def box(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1), the form a PDF page box is written in."""
        return (self.x, self.y, self.right, self.top)

    def contains_point(self, x: float, y: float, tolerance: float = 1e-6) -> bool:
        """True when (x, y) lies strictly inside, not on an edge."""
        return (self.x + tolerance < x < self.right - tolerance
                and self.y + tolerance < y < self.top - tolerance)


def bounding(rects: Sequence[Rect]) -> Rect:
    """The smallest rectangle holding every one of ``rects``."""
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    x1, y1 = max(r.right for r in rects), max(r.top for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)


@dataclass(frozen=True)
class Component:
    """The geometry of one kind of printed piece: trim, bleed and the shape it is cut to."""

    width: float
    height: float
    bleed: float = mm(3)
    shape: CutShape = "rectangle"
    corner_radius: float = 0.0

    def describe(self) -> str:
        return f"{to_mm(self.width):.1f} x {to_mm(self.height):.1f} mm"

    def with_bleed(self, bleed: float) -> Component:
        """The same piece with another bleed (the command line's ``--bleed``)."""
        return replace(self, bleed=bleed)

    def bleed_size(self) -> tuple[float, float]:
        """Width and height of the art including bleed: a print-shop page."""
        return (self.width + 2 * self.bleed, self.height + 2 * self.bleed)


class Face(Protocol):
    """One side of a piece. ``key`` is None or a value equal for identical artwork."""

    @property
    def key(self) -> Hashable | None: ...

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None: ...


@dataclass(frozen=True)
class Layer:
    """Art many faces share (a card's design under each vehicle's name). A face lists its
    layers in a ``layers`` attribute; the writer draws each once per file as a form, and the
    face places it with :func:`use_layer`, so a thousand decks cost one drawing of the art."""

    key: Hashable
    draw: Callable[[Canvas, float, float, float], None]


_LAYER_FORMS: WeakKeyDictionary[Canvas, dict[Hashable, str]] = WeakKeyDictionary()
_FACE_FORMS: WeakKeyDictionary[Canvas, dict[Hashable, str]] = WeakKeyDictionary()


def use_layer(canvas: Canvas, layer: Layer, width: float, height: float,
              bleed: float) -> None:
    """Place ``layer`` from its form if the writer defined one, else draw it here."""
    name = _LAYER_FORMS.get(canvas, {}).get(layer.key)
    if name is None:
        layer.draw(canvas, width, height, bleed)
    else:
        canvas.doForm(name)


def define_layers(canvas: Canvas, face: Face, component: Component) -> None:
    """Draw each of ``face``'s layers as a form, once per file (forms cannot nest in
    ReportLab, so this happens before the face's own form is begun)."""
    bleed = component.bleed
    box = Rect(0, 0, component.width, component.height).grown(bleed)
    for layer in getattr(face, "layers", ()):
        define_layer(canvas, layer, box, component)


def define_layer(canvas: Canvas, layer: Layer, box: Rect,
                 component: Component | None = None) -> None:
    """Draw ``layer`` as a form with bounding box ``box``, unless this file has it."""
    forms = _LAYER_FORMS.setdefault(canvas, {})
    if layer.key in forms:
        return
    name = f"layer{len(forms)}"
    canvas.beginForm(name, lowerx=box.x, lowery=box.y, upperx=box.right, uppery=box.top)
    if component is None:
        layer.draw(canvas, box.width, box.height, 0.0)
    else:
        layer.draw(canvas, component.width, component.height, component.bleed)
    canvas.endForm()
    forms[layer.key] = name


@dataclass(frozen=True)
class Piece:
    """A thing to cut out: its front, its back if it has one, and a label for reports."""

    front: Face
    back: Face | None = None
    label: str = ""


class Caption(Protocol):
    """Text printed above the pieces of a sheet (what they are, at what size)."""

    def draw(self, canvas: Canvas, band: Rect) -> None: ...


@dataclass(frozen=True)
class SheetOptions:
    """How a sheet is laid out; defaults are what most home printers handle."""

    paper: Paper
    margin: float = SAFE_MARGIN
    gutter: float = 0.0
    crop_marks: bool = True
    mark_length: float = mm(3.5)
    mark_offset: float = mm(1)
    mark_width: float = 0.5
    duplex: Duplex = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    mark_style: MarkStyle = "short"
    cut_lines: bool = False
    registration: bool = True
    print_shop: bool = False
    group: tuple[int, int] = (1, 1)
    group_gap: float = 0.0
    header: float = 0.0
    butted: bool = False

    @property
    def mark_space(self) -> float:
        """Room kept around the block for crop and registration marks, their stroke included."""
        if not (self.crop_marks or self.registration):
            return 0.0
        return self.mark_offset + self.mark_length + self.mark_width / 2


@dataclass(frozen=True)
class Grid:
    """Where pieces go on one sheet: columns x rows of trims, ``pitch`` apart.

    Pieces may be kept together in groups of ``group`` (columns, rows), e.g. the six stickers
    of one die, with ``group_gap`` between groups. ``count`` is how many slots are filled
    (None for all): crop marks then frame only what is printed on a part-filled sheet.
    """

    component: Component
    paper: Paper
    columns: int
    rows: int
    pitch_x: float
    pitch_y: float
    left: float
    top: float
    group: tuple[int, int] = (1, 1)
    group_gap: float = 0.0
    count: int | None = None
    butted: bool = False

    @property
    def capacity(self) -> int:
        return self.columns * self.rows

    def used(self, count: int) -> Grid:
        """This grid with only its first ``count`` slots filled, same positions."""
        return replace(self, count=min(count, self.capacity))

    def slot(self, index: int) -> tuple[int, int]:
        """Row and column of the ``index``-th piece: row by row, group by group."""
        group_columns, group_rows = self.group
        if (group_columns, group_rows) == (1, 1):
            return divmod(index, self.columns)
        group_index, inside = divmod(index, group_columns * group_rows)
        group_row, group_column = divmod(group_index, self.columns // group_columns)
        row, column = divmod(inside, group_columns)
        return (group_row * group_rows + row, group_column * group_columns + column)

    def slots(self) -> Iterator[tuple[int, int]]:
        """The (row, column) of every filled slot."""
        for index in range(self.capacity if self.count is None else self.count):
            yield self.slot(index)

    def trim(self, row: int, column: int) -> Rect:
        """The trim rectangle of the front at ``row``, ``column`` (row 0 at the top)."""
        x = self.left + column * self.pitch_x + (column // self.group[0]) * self.group_gap
        y = (self.top - row * self.pitch_y - (row // self.group[1]) * self.group_gap
             - self.component.height)
        return Rect(x, y, self.component.width, self.component.height)

    def filled(self) -> frozenset[tuple[int, int]]:
        """The filled slots as a set, for neighbour look-ups."""
        return _filled_slots(self)

    def trims(self) -> list[Rect]:
        """The trim rectangle of every filled slot."""
        return [self.trim(row, column) for row, column in self.slots()]

    def back_trim(self, row: int, column: int, duplex: Duplex,
                  offset: tuple[float, float] = (0.0, 0.0)) -> Rect:
        """Where the back of that piece goes on the back page so it lands behind its front."""
        return mirror(self.trim(row, column), self.paper, duplex, offset)

    def column_edges(self) -> list[float]:
        """Every x where a vertical cut falls."""
        return sorted({round(edge, 4) for t in self.trims() for edge in (t.x, t.right)})

    def row_edges(self) -> list[float]:
        """Every y where a horizontal cut falls."""
        return sorted({round(edge, 4) for t in self.trims() for edge in (t.y, t.top)})

    def block(self) -> Rect:
        """What the crop marks stand clear of: the bleed box around every filled slot, or
        for butted pieces the trims (their outer bleed runs under the marks)."""
        return bounding(self.trims()).grown(0.0 if self.butted else self.component.bleed)

    def art(self, row: int, column: int) -> Rect:
        """How far the art of the piece at ``row``, ``column`` may reach: its bleed box, or
        for butted pieces the trim grown by the bleed only where no filled neighbour is."""
        trim, bleed = self.trim(row, column), self.component.bleed
        if not self.butted:
            return trim.grown(bleed)
        filled = self.filled()
        left = 0.0 if (row, column - 1) in filled else bleed
        right = 0.0 if (row, column + 1) in filled else bleed
        below = 0.0 if (row + 1, column) in filled else bleed
        above = 0.0 if (row - 1, column) in filled else bleed
        return Rect(trim.x - left, trim.y - below, trim.width + left + right,
                    trim.height + below + above)


@lru_cache(maxsize=64)
def _filled_slots(grid: Grid) -> frozenset[tuple[int, int]]:
    return frozenset(grid.slots())


def mirror(rect: Rect, paper: Paper, duplex: Duplex,
           offset: tuple[float, float] = (0.0, 0.0)) -> Rect:
    """Where ``rect`` on a front page falls on the back page, nudged by ``offset``."""
    if duplex == "long":
        x, y = paper.width - rect.x - rect.width, rect.y
    else:
        x, y = rect.x, paper.height - rect.y - rect.height
    return Rect(x + offset[0], y + offset[1], rect.width, rect.height)


def _fits(usable: float, pitch: float, gutter: float, group: int, group_gap: float) -> int:
    """How many pieces fit across ``usable``, in whole groups of ``group``."""
    group_size = group * pitch - gutter
    groups = math.floor((usable + group_gap) / (group_size + group_gap) + 1e-9)
    if group == 1:
        return math.floor((usable + gutter) / pitch + 1e-9)
    return groups * group


def plan_grid(component: Component, options: SheetOptions) -> Grid:
    """Fit as many pieces as the paper holds inside its margin, leaving room for marks."""
    paper = options.paper
    frame = options.margin + options.mark_space
    own_bleed = 0.0 if options.butted else component.bleed
    cell_w = component.width + 2 * own_bleed
    cell_h = component.height + 2 * own_bleed
    pitch_x, pitch_y = cell_w + options.gutter, cell_h + options.gutter
    usable_w = paper.width - 2 * frame
    usable_h = paper.height - 2 * frame - options.header
    group_columns, group_rows = options.group
    group_gap = options.group_gap if options.group != (1, 1) else 0.0
    columns = _fits(usable_w, pitch_x, options.gutter, group_columns, group_gap)
    rows = _fits(usable_h, pitch_y, options.gutter, group_rows, group_gap)
    if columns < 1 or rows < 1:
        raise UsageError(
            f"a {component.describe()} piece with {to_mm(component.bleed):.1f} mm bleed does "
            f"not fit on {paper.name} inside a {to_mm(options.margin):.0f} mm margin")
    block_w = columns * pitch_x - options.gutter + (columns // group_columns - 1) * group_gap
    block_h = rows * pitch_y - options.gutter + (rows // group_rows - 1) * group_gap
    left = (paper.width - block_w) / 2 + own_bleed
    bottom_frame, top_frame = frame, paper.height - frame - options.header
    top = (bottom_frame + top_frame + block_h) / 2 - own_bleed
    return Grid(component, paper, columns, rows, pitch_x, pitch_y, left, top,
                options.group, group_gap, butted=options.butted)


@dataclass
class SheetWriter:
    """Draws pieces onto a ReportLab canvas, sheet by sheet (or face by face for a shop)."""

    canvas: Canvas
    options: SheetOptions
    forms: dict[Hashable, str] = field(init=False)
    pages: int = 0
    page_size: tuple[float, float] = (0.0, 0.0)

    def __post_init__(self) -> None:
        # One form namespace per file: several writers may share a canvas (a file of
        # cards and reference sheets), and a form name must never be defined twice.
        self.forms = _FACE_FORMS.setdefault(self.canvas, {})

    def impose(self, component: Component, pieces: Sequence[Piece],
               caption: Caption | None = None) -> Grid | None:
        """Write every piece: a front page per sheet, then its back page if any piece has one,
        and return the grid used. In print-shop mode, a page per face instead (no grid)."""
        if self.options.print_shop:
            self.shop_pages(component, pieces)
            return None
        grid = plan_grid(component, self.options)
        for sheet in chunks(pieces, grid.capacity):
            self.front_page(grid, sheet, caption)
            if any(piece.back is not None for piece in sheet):
                self.back_page(grid, sheet)
        return grid

    def front_page(self, grid: Grid, sheet: Sequence[Piece],
                   caption: Caption | None = None) -> None:
        used = grid.used(len(sheet))
        trims = used.trims()
        self.start_page(grid.paper.width, grid.paper.height)
        self.set_boxes(trims, grid.component.bleed, grid.paper)
        if self.options.crop_marks and self.options.mark_style == "full":
            draw_crop_marks(self.canvas, used, self.options)
        for piece, (row, column) in zip(sheet, used.slots(), strict=True):
            self.place(piece.front, used.trim(row, column), grid.component,
                       used.art(row, column) if used.butted else None)
        if self.options.crop_marks and self.options.mark_style == "short":
            draw_crop_marks(self.canvas, used, self.options)
        if self.options.cut_lines:
            draw_cut_lines(self.canvas, grid.component, trims)
        if self.duplex_sheet(sheet):
            draw_registration(self.canvas, registration_points(used, self.options))
        if caption is not None and self.options.header > 0:
            caption.draw(self.canvas, header_band(grid, self.options))
        self.finish_page()

    def back_page(self, grid: Grid, sheet: Sequence[Piece]) -> None:
        used = grid.used(len(sheet))
        offset, duplex = self.options.back_offset, self.options.duplex
        backs = [(piece.back, mirror(used.trim(row, column), grid.paper, duplex, offset),
                  mirror(used.art(row, column), grid.paper, duplex, offset))
                 for piece, (row, column) in zip(sheet, used.slots(), strict=True)]
        self.start_page(grid.paper.width, grid.paper.height)
        self.set_boxes([rect for _, rect, _ in backs], grid.component.bleed, grid.paper)
        for face, rect, art in backs:
            if face is not None:
                self.place(face, rect, grid.component, art if used.butted else None)
        if self.options.cut_lines:
            draw_cut_lines(self.canvas, grid.component, [rect for _, rect, _ in backs])
        if self.options.registration:
            points = [mirror(Rect(x, y, 0, 0), grid.paper, duplex, offset)
                      for x, y in registration_points(used, self.options)]
            draw_registration(self.canvas, [(p.x, p.y) for p in points])
        self.finish_page()

    def shop_pages(self, component: Component, pieces: Sequence[Piece]) -> None:
        """One page per face, bleed-sized, fronts and backs interleaved. When some pieces
        have backs, a piece without one gets a blank back so the pairs never slip."""
        width, height = component.bleed_size()
        trim = Rect(component.bleed, component.bleed, component.width, component.height)
        with_backs = any(piece.back is not None for piece in pieces)
        for piece in pieces:
            faces: list[Face | None] = [piece.front, piece.back] if with_backs else [piece.front]
            for face in faces:
                self.start_page(width, height)
                self.canvas.setTrimBox(trim.box())
                self.canvas.setBleedBox((0.0, 0.0, width, height))
                if face is not None:
                    self.place(face, trim, component)
                self.finish_page()

    def duplex_sheet(self, sheet: Sequence[Piece]) -> bool:
        return self.options.registration and any(piece.back is not None for piece in sheet)

    def set_boxes(self, trims: Sequence[Rect], bleed: float, paper: Paper) -> None:
        """TrimBox around the pieces' trims, BleedBox around their bleed (kept on the page)."""
        trim = bounding(trims)
        grown = trim.grown(bleed)
        x0, y0 = max(0.0, grown.x), max(0.0, grown.y)
        x1, y1 = min(paper.width, grown.right), min(paper.height, grown.top)
        self.canvas.setTrimBox(trim.box())
        self.canvas.setBleedBox((x0, y0, x1, y1))

    def start_page(self, width: float, height: float) -> None:
        self.canvas.setPageSize((width, height))
        self.page_size = (width, height)

    def finish_page(self) -> None:
        self.canvas.showPage()
        self.pages += 1

    def place(self, face: Face, trim: Rect, component: Component,
              art: Rect | None = None) -> None:
        """Draw ``face`` with its trim at ``trim``, clipped to its bleed box, or to ``art``
        (a butted piece's art stops at the cuts it shares)."""
        c = self.canvas
        define_layers(c, face, component)
        c.saveState()
        if art is not None:
            path = c.beginPath()
            path.rect(art.x, art.y, art.width, art.height)
            c.clipPath(path, stroke=0, fill=0)
        c.translate(trim.x, trim.y)
        key = face.key
        if key is None:
            self.draw_clipped(face, component)
        else:
            form_key = (key, component.width, component.height, component.bleed)
            name = self.forms.get(form_key)
            if name is None:
                name = f"face{len(self.forms)}"  # unique within this canvas's namespace
                self.forms[form_key] = name
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
        path = canvas.beginPath()
        points = hexagon_points(trim)
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        path.close()
        canvas.drawPath(path, stroke=1, fill=0)
    elif component.shape == "rounded":
        canvas.roundRect(trim.x, trim.y, trim.width, trim.height, component.corner_radius,
                         stroke=1, fill=0)
    else:
        canvas.rect(trim.x, trim.y, trim.width, trim.height, stroke=1, fill=0)


def hexagon_points(trim: Rect) -> list[tuple[float, float]]:
    """The corners of a flat-topped hexagon filling ``trim`` (width = corner to corner)."""
    quarter = trim.width / 4
    mid = trim.y + trim.height / 2
    return [(trim.x, mid), (trim.x + quarter, trim.y), (trim.right - quarter, trim.y),
            (trim.right, mid), (trim.right - quarter, trim.top), (trim.x + quarter, trim.top)]


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


def chunks(items: Sequence[Piece], size: int) -> Iterator[Sequence[Piece]]:
    """Consecutive slices of ``size`` items: one sheet's worth each."""
    for start in range(0, len(items), size):
        yield items[start:start + size]


Batch = tuple[Component, Sequence[Piece], SheetOptions]


def sheets_writer(title: str, paper: Paper, cmyk: bool, batches: Sequence[Batch]
                  ) -> Callable[[Path], PdfInfo]:
    """A function writing ``batches`` into one PDF, each imposed on sheets of its own.

    Every game's card and sheet files are written this way. The manifest records the first
    imposed batch's page size (the paper's, or each piece's bleed box for a print shop).
    """
    def write(path: Path) -> PdfInfo:
        from generator.paper.pdf import finish, new_canvas  # pdf registers fonts: only when writing

        canvas = new_canvas(path, title, paper, cmyk)
        pages, size = 0, None
        for component, pieces, options in batches:
            if not pieces:
                continue
            writer = SheetWriter(canvas, options)
            writer.impose(component, pieces)
            pages += writer.pages
            size = size or writer.page_size
        return finish(canvas, pages, Paper("page", *size) if size else paper)
    return write
