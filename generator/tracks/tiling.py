"""Split a hex map into page-sized tiles that are cut along hex edges.

Tiles are not rectangles of the map: every hex belongs to exactly one tile, the one whose
cell (a rectangle of the page grid) holds its centre. A tile page therefore prints whole
hexes only, and the cut between two tiles follows the hex sides between them: a zig-zag
join, like a jigsaw, so no hex is lost, doubled or cut in half.

A tile's cell is the page's drawing area shrunk by half a hex on every side, so a hex whose
centre is anywhere in the cell still fits on the page. All tiles share one scale and one
grid, so a hex's position on its tile page is its map position moved by the tile's offset.
Seam edges (between two tiles) get *match marks*: half-dots on both sides of every third
seam edge, which make whole dots when the tiles are laid together.
"""

from __future__ import annotations

import math
import string
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from math import floor

from generator.tracks.hexgrid import DIRECTIONS, Hex, HexLayout, Point

MATCH_EVERY = 3


@dataclass(frozen=True)
class Edge:
    """A side of a hex on a tile's outline: the hex, the side's direction, what is beyond
    (another tile's label, or None for the map's own edge), and the two corner points."""

    hex: Hex
    direction: int
    neighbour_tile: str | None
    start: Point
    end: Point

    @property
    def midpoint(self) -> Point:
        return ((self.start[0] + self.end[0]) / 2, (self.start[1] + self.end[1]) / 2)


@dataclass(frozen=True)
class Tile:
    """One page of the map: its grid place, label, hexes, and how map points move onto it."""

    row: int
    column: int
    hexes: tuple[Hex, ...]
    offset: Point

    @property
    def label(self) -> str:
        """'A1' for the top-left tile: rows are letters, columns numbers."""
        return tile_label(self.row, self.column)

    def place(self, point: Point) -> Point:
        """A map point on this tile's page."""
        return (point[0] + self.offset[0], point[1] + self.offset[1])


def tile_label(row: int, column: int) -> str:
    """Row letters (A-Z, then AA...) followed by the column number from 1."""
    letters = ""
    number = row
    while True:
        letters = string.ascii_uppercase[number % 26] + letters
        number = number // 26 - 1
        if number < 0:
            break
    return f"{letters}{column + 1}"


@dataclass(frozen=True)
class Area:
    """The rectangle of a page that hexes may be printed in, in points."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class TilePlan:
    """The tiles of one map, in reading order, with the grid they come from."""

    geometry: HexLayout
    area: Area
    tiles: tuple[Tile, ...]
    rows: int
    columns: int

    @cached_property
    def owners(self) -> dict[Hex, Tile]:
        """Each hex and the tile it is printed on."""
        return {h: tile for tile in self.tiles for h in tile.hexes}

    def owner(self) -> dict[Hex, Tile]:
        """Each hex and the tile it is printed on (worked out once per plan)."""
        return self.owners

    def outline(self, tile: Tile) -> list[Edge]:
        """The sides of the tile's hexes where the tile ends: its cut line (worked out once
        per tile: the footer's joins, the match marks and the cut line all ask)."""
        return self._outlines[tile.label]

    @cached_property
    def _outlines(self) -> dict[str, list[Edge]]:
        owner = self.owner()
        outlines: dict[str, list[Edge]] = {}
        for tile in self.tiles:
            edges = []
            for hex_ in tile.hexes:
                for direction in range(6):
                    beyond = owner.get(hex_.plus(DIRECTIONS[direction]))
                    if beyond is tile:
                        continue
                    start, end = self.geometry.edge(hex_, direction)
                    edges.append(Edge(hex_, direction, beyond.label if beyond else None,
                                      tile.place(start), tile.place(end)))
            outlines[tile.label] = edges
        return outlines

    def match_marks(self, tile: Tile) -> list[Edge]:
        """Seam edges that carry a half-dot: every third along each seam, chosen from the
        edges in map order, so the tiles on both sides pick the same ones."""
        owner = self.owner()
        chosen = []
        # Sorted, so the dots are drawn in the same order whatever PYTHONHASHSEED is (a set
        # of labels iterates in a per-process order) and the PDF bytes are reproducible.
        for other in sorted({e.neighbour_tile for e in self.outline(tile) if e.neighbour_tile}):
            seam = self._seams[frozenset((tile.label, other))]
            for hex_, direction, _ in seam[1::MATCH_EVERY]:
                if owner[hex_] is tile:
                    start, end = self.geometry.edge(hex_, direction)
                    chosen.append(Edge(hex_, direction, other, tile.place(start),
                                       tile.place(end)))
                else:
                    near = hex_.plus(DIRECTIONS[direction])
                    back = (direction + 3) % 6
                    start, end = self.geometry.edge(near, back)
                    chosen.append(Edge(near, back, other, tile.place(start), tile.place(end)))
        return chosen

    @cached_property
    def _seams(self) -> dict[frozenset[str], list[tuple[Hex, int, tuple[float, float]]]]:
        """Each seam between two tiles (keyed by their labels), in map order: each edge
        named the same way from both sides (from the hex with the smaller coordinates) and
        sorted by its midpoint. Found in one pass over the map, each edge once."""
        owner = self.owner()
        found: dict[frozenset[str], dict[tuple[Hex, int], tuple[float, float]]] = {}
        for tile in self.tiles:
            for hex_ in tile.hexes:
                for direction in range(6):
                    near = hex_.plus(DIRECTIONS[direction])
                    beyond = owner.get(near)
                    if beyond is None or beyond is tile or not hex_ < near:
                        continue  # each edge from its lower hex only
                    start, end = self.geometry.edge(hex_, direction)
                    key = (round((start[0] + end[0]) / 2, 3), round((start[1] + end[1]) / 2, 3))
                    found.setdefault(frozenset((tile.label, beyond.label)), {})[
                        (hex_, direction)] = key
        return {pair: sorted(((h, d, key) for (h, d), key in edges.items()),
                             key=lambda edge: edge[2])
                for pair, edges in found.items()}


def plan_tiles(geometry: HexLayout, hexes: Iterable[Hex], area: Area,
               shift: tuple[float, float] = (0.0, 0.0)) -> TilePlan:
    """Share ``hexes`` among tiles whose cells cover the page's ``area`` less half a hex.

    The cell grid starts at the top-left hex centre, moved up and left by ``shift`` (in
    cells, each from 0 to 1); a hex goes to the cell holding its centre. Empty cells make no
    tile, and rows and columns are counted from the first that has hexes.
    """
    all_hexes = sorted(set(hexes))
    half_w, half_h = geometry.half_extent
    cell_w, cell_h = area.width - 2 * half_w, area.height - 2 * half_h
    if cell_w <= 0 or cell_h <= 0:
        raise ValueError("a hex is larger than the printable area of a page")
    centres = {h: geometry.centre(h) for h in all_hexes}
    left = min(x for x, _ in centres.values()) - shift[0] * cell_w
    top = max(y for _, y in centres.values()) + shift[1] * cell_h
    cells: dict[tuple[int, int], list[Hex]] = {}
    for hex_, (x, y) in centres.items():
        place = (_index(top - y, cell_h), _index(x - left, cell_w))
        cells.setdefault(place, []).append(hex_)
    first_row = min(r for r, _ in cells)
    first_column = min(c for _, c in cells)
    tiles = []
    for (row, column), members in sorted(cells.items()):
        cell_left = left + column * cell_w
        cell_top = top - row * cell_h
        offset = (area.x + half_w - cell_left, area.y + area.height - half_h - cell_top)
        tiles.append(Tile(row - first_row, column - first_column, tuple(members), offset))
    rows = max(t.row for t in tiles) + 1
    columns = max(t.column for t in tiles) + 1
    return TilePlan(geometry, area, tuple(tiles), rows, columns)


def fewest_tiles(geometry: HexLayout, hexes: Iterable[Hex], areas: Iterable[Area],
                 steps: int = 4) -> tuple[int, TilePlan]:
    """The plan with the fewest tiles over the given page areas (the first wins a tie) and
    grid shifts of a quarter cell: the index of the area chosen, and its plan."""
    members = sorted(set(hexes))
    centres = [geometry.centre(h) for h in members]
    left = min(x for x, _ in centres)
    top = max(y for _, y in centres)
    half_w, half_h = geometry.half_extent
    # Hexes share a few dozen distinct centre columns and rows: each shift places those,
    # then counts the cells the hexes' (row, column) pairs fall in.
    xs, ys = sorted({x for x, _ in centres}), sorted({y for _, y in centres})
    column_of, row_of = {x: i for i, x in enumerate(xs)}, {y: i for i, y in enumerate(ys)}
    pairs = [(row_of[y], column_of[x]) for x, y in centres]
    best: tuple[int, int, Area, tuple[float, float]] | None = None
    for number, area in enumerate(areas):
        cell_w, cell_h = area.width - 2 * half_w, area.height - 2 * half_h
        if cell_w <= 0 or cell_h <= 0:
            continue
        for sx in range(steps):
            for sy in range(steps):
                shift = (sx / steps, sy / steps)
                origin_x, origin_y = left - shift[0] * cell_w, top + shift[1] * cell_h
                # _index, inlined: this runs for every row and column at every shift.
                cell_columns = [max(0, floor((x - origin_x) / cell_w + 1e-9)) for x in xs]
                across = cell_columns[-1] + 1  # the columns grow with x: the last is widest
                cell_rows = [max(0, floor((origin_y - y) / cell_h + 1e-9)) * across
                             for y in ys]
                count = len({cell_rows[r] + cell_columns[c] for r, c in pairs})
                if best is None or count < best[0]:
                    best = (count, number, area, shift)
    if best is None:
        raise ValueError("a hex is larger than the printable area of a page")
    _, number, area, shift = best
    return number, plan_tiles(geometry, members, area, shift)


def _index(distance: float, size: float) -> int:
    """Which cell a distance from the grid's first centre falls in (a hair of tolerance, so
    float noise never moves a hex sitting exactly on a cell border)."""
    return max(0, math.floor(distance / size + 1e-9))
