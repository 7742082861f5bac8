"""Where pieces go on a sheet: the layout options, the grid of slots, and the mirror that puts
each back behind its own front.

* long-edge duplex flips the sheet about its vertical axis: columns mirror, rows stay;
* short-edge duplex flips it about its horizontal axis: rows mirror, columns stay.

By default (no gutter) neighbours are *butted*: they share each cut, the way home print-and-play
sheets fit nine poker cards on A4, and the art runs into the bleed wherever a piece has no
neighbour. With a gutter, every piece keeps its own bleed all round.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from generator.errors import UsageError
from generator.paper.pieces import Component, Piece, Rect, bounding
from generator.paper.printers import PrintShop
from generator.paper.units import SAFE_MARGIN, Paper, mm, to_mm

Duplex = Literal["long", "short"]
# Paper left between a butted block's outer art and the crop marks that start beyond it.
MARK_CLEARANCE = mm(0.25)
MarkStyle = Literal["short", "full"]


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
    shop: PrintShop | None = None
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
    # How far a butted block's art runs past its outer cuts: the bleed, or less where crop
    # marks start closer (home sheets), so no mark prints over art.
    outer_bleed: float | None = None

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

    @property
    def reach(self) -> float:
        """How far the art runs past the block's outer cuts."""
        return self.component.bleed if self.outer_bleed is None else self.outer_bleed

    def art(self, row: int, column: int) -> Rect:
        """How far the art of the piece at ``row``, ``column`` may reach: its bleed box, or
        for butted pieces the trim grown by the bleed only where no filled neighbour is."""
        trim, bleed = self.trim(row, column), self.component.bleed
        if not self.butted:
            return trim.grown(bleed)
        bleed = self.reach
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
    """How many pieces fit across ``usable``, in whole groups of ``group``. Groups sit a
    gutter and a group gap apart (as :meth:`Grid.trim` places them), so ``g`` groups span
    ``g * (group * pitch + group_gap) - gutter - group_gap``."""
    if group == 1:
        return math.floor((usable + gutter) / pitch + 1e-9)
    groups = math.floor((usable + gutter + group_gap) / (group * pitch + group_gap) + 1e-9)
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
    room = min(paper.width - 2 * options.margin - block_w,
               paper.height - 2 * options.margin - options.header - block_h) / 2
    return Grid(component, paper, columns, rows, pitch_x, pitch_y, left, top,
                options.group, group_gap, butted=options.butted,
                outer_bleed=outer_bleed(component, options, room) if options.butted else None)


def outer_bleed(component: Component, options: SheetOptions, room: float) -> float:
    """How far a butted block's art runs past its outer cuts: the bleed, short of the crop
    marks where there are some, and never into the printer's margin (``room`` is what the
    block leaves on its tightest side inside it: nine poker cards on Letter leave 1.35 mm)."""
    limit = options.mark_offset - MARK_CLEARANCE if options.crop_marks else component.bleed
    return max(0.0, min(component.bleed, limit, room))



def chunks(items: Sequence[Piece], size: int) -> Iterator[Sequence[Piece]]:
    """Consecutive slices of ``size`` items: one sheet's worth each."""
    for start in range(0, len(items), size):
        yield items[start:start + size]

