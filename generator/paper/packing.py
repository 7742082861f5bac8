"""Packing: the pieces of several files of one build laid out together on shared sheets.

Geometry only (points, origin at the page's lower-left); :mod:`generator.paper.packed` draws
what this plans. The unit that is packed is a *block*: a grid of pieces of one kind, butted
or spaced exactly as that kind's own sheets lay them (:func:`generator.paper.grid.plan_grid`),
with its own crop marks and registration room round it. A kind fills whole blocks of the
grid its own sheets would use; its last, part-filled block may take any shape of whole rows
that holds its pieces (fewer columns, more rows), so it can slip into the room another kind
left. Blocks never overlap: each one's *footprint* is its art, bleed and marks, and
footprints are placed inside the printer's safe margin by the MaxRects method (each block
goes where it leaves the shortest side of free room, on the earliest sheet it fits; blocks
with backs first, largest first, so one-sided pieces fill what duplex sheets leave).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from generator.paper.grid import Grid, SheetOptions, plan_grid
from generator.paper.pieces import Component, Piece, Rect
from generator.paper.units import Paper

EPSILON = 1e-6


class Unpackable(ValueError):
    """A block larger than the room a sheet leaves it: its kind prints on sheets of its own."""


@dataclass(frozen=True)
class Kind:
    """One kind of piece a file imposes: its geometry, sheet options, pieces and source."""

    source: str
    component: Component
    options: SheetOptions
    pieces: Sequence[Piece]
    name: str = ""
    # What the faces are drawn with, where it differs from ``component`` (a piece drawn
    # without bleed, on a print shop's sheets: its edges are mirrored into the bleed).
    drawn: Component | None = None


@dataclass(frozen=True)
class Block:
    """Pieces of one kind in a grid of ``columns`` x ``rows`` (filled row by row)."""

    kind: Kind
    pieces: Sequence[Piece]
    columns: int
    rows: int

    @property
    def has_backs(self) -> bool:
        return any(piece.back is not None for piece in self.pieces)


@dataclass(frozen=True)
class Placed:
    """A block placed on a sheet: its grid, positioned, with only its pieces filled."""

    block: Block
    grid: Grid
    footprint: Rect


@dataclass
class Sheet:
    """One packed sheet: what is on it and the free room left (MaxRects' free list)."""

    placed: list[Placed] = field(default_factory=list)
    free: list[Rect] = field(default_factory=list)

    @property
    def has_backs(self) -> bool:
        return any(p.block.has_backs for p in self.placed)


def halo(grid: Grid, options: SheetOptions) -> float:
    """How far a block's footprint reaches past :meth:`Grid.block`: its crop marks and
    registration targets, or for butted pieces at least the art's outer bleed."""
    reach = grid.reach if grid.butted else 0.0
    return max(options.mark_space, reach)


def base_grid(kind: Kind, header: float = 0.0) -> Grid:
    """``kind``'s own sheet's grid on a page whose top ``header`` is kept for a caption,
    as the packed sheets keep it: a block of it always fits their room."""
    return plan_grid(kind.component, replace(kind.options, header=header))


def shaped(kind: Kind, columns: int, rows: int, count: int, header: float = 0.0) -> Grid:
    """The grid of ``kind`` with ``columns`` x ``rows`` slots, ``count`` filled, its
    footprint's lower-left corner at (0, 0)."""
    base = base_grid(kind, header)
    own_bleed = 0.0 if base.butted else kind.component.bleed
    gutter = kind.options.gutter
    block_h = rows * base.pitch_y - gutter
    grid = replace(base, columns=columns, rows=rows, left=0.0, top=0.0, count=count)
    edge = halo(grid, kind.options)
    if grid.group != (1, 1):  # gaps between groups: the block's corner read off its trims
        block = grid.block()
        return replace(grid, left=edge - block.x, top=edge - block.y)
    return replace(grid, left=edge + own_bleed, top=edge + block_h - own_bleed)


def footprint_size(grid: Grid, options: SheetOptions) -> tuple[float, float]:
    """Width and height of a shaped grid's footprint."""
    block = grid.block()
    edge = halo(grid, options)
    return block.width + 2 * edge, block.height + 2 * edge


def moved(grid: Grid, dx: float, dy: float) -> Grid:
    return replace(grid, left=grid.left + dx, top=grid.top + dy)


def blocks_of(kind: Kind, header: float = 0.0) -> list[tuple[Block, list[Grid]]]:
    """``kind``'s pieces cut into blocks, each with the grid shapes it may take (full
    blocks one; the last block every shape of whole rows that holds it, widest first)."""
    base = base_grid(kind, header)
    capacity = base.capacity
    found = []
    for start in range(0, len(kind.pieces), capacity):
        pieces = kind.pieces[start:start + capacity]
        count = len(pieces)
        narrowest: dict[int, int] = {}  # rows: the fewest columns that hold the pieces
        across, down = base.group  # pieces kept in groups: whole groups in each direction
        groups = math.ceil(count / (across * down))
        for columns in range(across, min(base.columns, groups * across) + 1, across):
            narrowest.setdefault(math.ceil(groups / (columns // across)) * down, columns)
        shapes = [shaped(kind, columns, rows, count, header) for rows, columns in
                  sorted(narrowest.items()) if rows <= base.rows]
        found.append((Block(kind, pieces, shapes[0].columns, shapes[0].rows), shapes))
    return found


ORDERS = ("area", "height", "width")  # largest first by: footprint area, height, width


def pack(kinds: Sequence[Kind], paper: Paper, margin: float, header: float = 0.0
         ) -> list[Sheet]:
    """Every piece of ``kinds`` on as few sheets of ``paper`` as this method finds, each
    block inside ``margin`` of the edge (and below a ``header`` band kept for a caption)
    and clear of every other block's footprint: blocks with backs first, each kind of
    block largest first by each of :data:`ORDERS` in turn, and the packing with the
    fewest pages kept (the first on a tie)."""
    tries = [pack_in_order(kinds, paper, margin, header, order) for order in ORDERS]
    return min(tries, key=lambda sheets: sum(2 if s.has_backs else 1 for s in sheets))


def pack_in_order(kinds: Sequence[Kind], paper: Paper, margin: float, header: float,
                  order: str) -> list[Sheet]:
    """:func:`pack` with the blocks taken largest first by ``order``."""
    area = Rect(margin, margin, paper.width - 2 * margin, paper.height - 2 * margin - header)
    blocks = [entry for kind in kinds for entry in blocks_of(kind, header)]
    blocks.sort(key=lambda entry: (not entry[0].has_backs,
                                   -_measure(entry[1][0], entry[0], order)))
    sheets: list[Sheet] = []
    for block, shapes in blocks:
        best = _best_spot(sheets, block, shapes)
        if best is None:
            sheets.append(Sheet(free=[area]))
            best = _best_spot(sheets[-1:], block, shapes)
            if best is None:
                raise Unpackable(f"a block of {block.kind.source} does not fit on {paper.name}")
            best = (len(sheets) - 1, *best[1:])
        index, grid, spot = best
        sheet = sheets[index]
        sheet.placed.append(Placed(replace(block, columns=grid.columns, rows=grid.rows),
                                   moved(grid, spot.x, spot.y), spot))
        sheet.free = _split(sheet.free, spot)
    return sheets


def _measure(grid: Grid, block: Block, order: str) -> float:
    """A block's footprint's area, height or width (``order``)."""
    width, height = footprint_size(grid, block.kind.options)
    return {"area": width * height, "height": height, "width": width}[order]


def _best_spot(sheets: Sequence[Sheet], block: Block, shapes: Sequence[Grid]
               ) -> tuple[int, Grid, Rect] | None:
    """The sheet, shape and spot leaving the shortest side of free room (Best Short Side
    Fit), earliest sheet first on a tie."""
    best: tuple[float, int, Grid, Rect] | None = None
    for index, sheet in enumerate(sheets):
        for grid in shapes:
            width, height = footprint_size(grid, block.kind.options)
            for free in sheet.free:
                if width <= free.width + EPSILON and height <= free.height + EPSILON:
                    # Top-left of the free rectangle: pieces stack from the top of the page.
                    spot = Rect(free.x, free.top - height, width, height)
                    score = min(free.width - width, free.height - height)
                    if best is None or (index, score) < (best[1], best[0]):
                        best = (score, index, grid, spot)
        if best is not None:
            break
    return None if best is None else (best[1], best[2], best[3])


def _split(free: Sequence[Rect], used: Rect) -> list[Rect]:
    """MaxRects: every free rectangle the used one overlaps is replaced by the (up to four)
    maximal rectangles beside it; rectangles inside another are dropped."""
    result: list[Rect] = []
    for rect in free:
        if not _overlaps(rect, used):
            result.append(rect)
            continue
        if used.x > rect.x + EPSILON:
            result.append(Rect(rect.x, rect.y, used.x - rect.x, rect.height))
        if used.right < rect.right - EPSILON:
            result.append(Rect(used.right, rect.y, rect.right - used.right, rect.height))
        if used.y > rect.y + EPSILON:
            result.append(Rect(rect.x, rect.y, rect.width, used.y - rect.y))
        if used.top < rect.top - EPSILON:
            result.append(Rect(rect.x, used.top, rect.width, rect.top - used.top))
    return [r for i, r in enumerate(result)
            if not any(j != i and _inside(r, other) and (r != other or j < i)
                       for j, other in enumerate(result))]


def _overlaps(a: Rect, b: Rect) -> bool:
    return (a.x < b.right - EPSILON and b.x < a.right - EPSILON
            and a.y < b.top - EPSILON and b.y < a.top - EPSILON)


def _inside(a: Rect, b: Rect) -> bool:
    return (a.x >= b.x - EPSILON and a.y >= b.y - EPSILON
            and a.right <= b.right + EPSILON and a.top <= b.top + EPSILON)


def pack_rectangles(sizes: Sequence[tuple[float, float]], area: Rect
                    ) -> list[tuple[int, float, float]] | None:
    """Rectangles of ``sizes`` (width, height) on as few pages as this method finds, each
    inside ``area`` and clear of the others: for each, in the order given, its page and the
    lower-left corner of its spot. The same MaxRects method as :func:`pack` (Best Short
    Side Fit, earliest page first, spots taken from the top of the free room). None if a
    rectangle is larger than ``area``."""
    pages: list[list[Rect]] = []
    found: dict[int, tuple[int, float, float]] = {}
    order = sorted(range(len(sizes)), key=lambda i: (-sizes[i][0] * sizes[i][1], i))
    for number in order:
        width, height = sizes[number]
        if width > area.width + EPSILON or height > area.height + EPSILON:
            return None
        best: tuple[float, int, Rect] | None = None
        for index, free_list in enumerate([*pages, [area]]):
            for free in free_list:
                if width <= free.width + EPSILON and height <= free.height + EPSILON:
                    score = min(free.width - width, free.height - height)
                    if best is None or score < best[0]:
                        best = (score, index, Rect(free.x, free.top - height, width, height))
            if best is not None:
                break
        assert best is not None  # a fresh page always has room
        _, index, spot = best
        if index == len(pages):
            pages.append([area])
        pages[index] = _split(pages[index], spot)
        found[number] = (index, spot.x, spot.y)
    return [found[number] for number in range(len(sizes))]
