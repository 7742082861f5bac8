"""Split a hex map into page-sized tiles that are cut along hex edges.

Tiles are not rectangles of the map: every hex belongs to exactly one tile, the one whose
cell (a page-sized rectangle: columns of the map, each cut greedily down its length, see
:func:`plan_tiles`) holds its centre. A tile page therefore prints whole
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
from collections.abc import Callable, Iterable
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
    """Share ``hexes`` among tiles whose cells are the page's ``area`` less half a hex.

    The map is cut into columns a cell wide, starting at the leftmost hex centre moved left
    by ``shift[0]`` cells. Down each column, tiles are cut greedily: a tile starts at the
    highest hex centre not yet on a tile and takes every hex of the column whose centre is
    within a cell's height below it, so no page starts above its first hex (``shift[1]``
    is kept for callers and no longer used). Then a tile a neighbour has room for is folded
    into it (:func:`merge_small_tiles`). Rows are counted down each column from 0.
    """
    all_hexes = sorted(set(hexes))
    half_w, half_h = geometry.half_extent
    cell_w, cell_h = area.width - 2 * half_w, area.height - 2 * half_h
    if cell_w <= 0 or cell_h <= 0:
        raise ValueError("a hex is larger than the printable area of a page")
    centres = {h: geometry.centre(h) for h in all_hexes}
    left = min(x for x, _ in centres.values()) - shift[0] * cell_w
    columns: dict[int, list[Hex]] = {}
    for hex_, (x, _) in centres.items():
        columns.setdefault(_index(x - left, cell_w), []).append(hex_)
    first_column = min(columns)
    tiles = []
    for column, members in sorted(columns.items()):
        for row, (cell_top, run) in enumerate(_runs(members, centres, cell_h)):
            cell_left = left + column * cell_w
            offset = (area.x + half_w - cell_left, area.y + area.height - half_h - cell_top)
            tiles.append(Tile(row, column - first_column, tuple(sorted(run)), offset))
    tiles = merge_small_tiles(geometry, tiles, (cell_w, cell_h), area)
    rows = max(t.row for t in tiles) + 1
    columns_count = max(t.column for t in tiles) + 1
    return TilePlan(geometry, area, tuple(tiles), rows, columns_count)


def _runs(members: list[Hex], centres: dict[Hex, Point], cell_h: float
          ) -> list[tuple[float, list[Hex]]]:
    """A column's hexes cut greedily into cell-high runs from the top: (top, hexes)."""
    ordered = sorted(members, key=lambda h: -centres[h][1])
    runs: list[tuple[float, list[Hex]]] = []
    for hex_ in ordered:
        y = centres[hex_][1]
        if runs and runs[-1][0] - y <= cell_h + 1e-9:
            runs[-1][1].append(hex_)
        else:
            runs.append((y, [hex_]))
    return runs


def _count(ys: list[float], cell_h: float) -> int:
    """How many cell-high runs cover ``ys`` (highest first), cut greedily."""
    count, top = 0, math.inf
    for y in ys:
        if top - y > cell_h + 1e-9:
            count, top = count + 1, y
    return count


def merge_small_tiles(geometry: HexLayout, tiles: list[Tile], cell: tuple[float, float],
                      area: Area) -> list[Tile]:
    """Fold tiles into their neighbours where a page can hold both.

    The rule: take the tile with the fewest hexes; if one of the tiles it shares a seam with
    can take all its hexes (every hex centre of the two together within one page's cell, so
    each whole hex still fits on the page), the smaller goes into the neighbour with the
    fewest hexes that can (the neighbour keeps its label and place in the grid), and the
    search starts again; a tile no neighbour can take is left as it is. So no page carries
    a few hexes a neighbouring page had room for. Joins stay along hex edges."""
    half_w, half_h = geometry.half_extent
    centres = {h: geometry.centre(h) for tile in tiles for h in tile.hexes}

    def fits(hexes: Iterable[Hex]) -> bool:
        xs = [centres[h][0] for h in hexes]
        ys = [centres[h][1] for h in hexes]
        return max(xs) - min(xs) <= cell[0] + 1e-6 and max(ys) - min(ys) <= cell[1] + 1e-6

    def placed(tile: Tile, hexes: tuple[Hex, ...]) -> Tile:
        """The tile holding ``hexes``, its top hex at the top of the page's area and its
        hexes centred across it (a seam's half-dots on its outermost sides stay inside the
        printer's margin, clipped to their hexes)."""
        xs = [centres[h][0] for h in hexes]
        top = max(centres[h][1] for h in hexes)
        slack = cell[0] - (max(xs) - min(xs))
        return Tile(tile.row, tile.column, hexes,
                    (area.x + half_w + slack / 2 - min(xs), area.y + area.height - half_h - top))

    current = list(tiles)
    tried: set[str] = set()
    while True:
        owner = {h: tile.label for tile in current for h in tile.hexes}
        candidates = sorted((t for t in current if t.label not in tried),
                            key=lambda t: (len(t.hexes), t.row, t.column))
        if not candidates:
            return current
        small = candidates[0]
        near = {owner[n] for h in small.hexes for n in (h.plus(d) for d in DIRECTIONS)
                if n in owner and owner[n] != small.label}
        takers = sorted((t for t in current if t.label in near
                         and fits(t.hexes + small.hexes)),
                        key=lambda t: (len(t.hexes), t.row, t.column))
        if not takers:
            shared = share_out(small, [t for t in current if t is not small], fits)
            if shared is None:
                tried.add(small.label)
                continue
            grown = {label: placed(tile, hexes) for label, (tile, hexes) in shared.items()}
            current = [grown.get(t.label, t) for t in current if t is not small]
            tried.difference_update(grown)
            continue
        taker = takers[0]
        merged = placed(taker, tuple(sorted(taker.hexes + small.hexes)))
        current = [merged if t is taker else t for t in current if t is not small]
        tried.discard(taker.label)


def share_out(small: Tile, others: list[Tile], fits: Callable[[Iterable[Hex]], bool]
              ) -> dict[str, tuple[Tile, tuple[Hex, ...]]] | None:
    """``small``'s hexes shared among its neighbours, hex by hex, where no one neighbour can
    take them all: each hex goes to a tile it touches (the smallest that still fits on its
    page with it), nearest the others first, so every hex stays joined to its new tile
    along a hex edge. None unless every hex finds a tile. Returns each grown tile's label
    with the tile and its new hexes."""
    hexes: dict[str, list[Hex]] = {t.label: list(t.hexes) for t in others}
    tiles = {t.label: t for t in others}
    owner = {h: t.label for t in others for h in t.hexes}
    left = set(small.hexes)
    grown: set[str] = set()
    while left:
        moves = []
        for hex_ in sorted(left):
            near = {owner[n] for n in (hex_.plus(d) for d in DIRECTIONS) if n in owner}
            moves += [(len(hexes[label]), label, hex_) for label in near
                      if fits([*hexes[label], hex_])]
        if not moves:
            return None
        _, label, hex_ = min(moves)
        hexes[label].append(hex_)
        owner[hex_] = label
        left.discard(hex_)
        grown.add(label)
    return {label: (tiles[label], tuple(sorted(hexes[label]))) for label in grown}


def fewest_tiles(geometry: HexLayout, hexes: Iterable[Hex], areas: Iterable[Area],
                 steps: int = 4) -> tuple[int, TilePlan]:
    """The plan with the fewest tiles over the given page areas (the first wins a tie) and
    column shifts of a quarter cell: the index of the area chosen, and its plan."""
    members = sorted(set(hexes))
    centres = [geometry.centre(h) for h in members]
    left = min(x for x, _ in centres)
    half_w, half_h = geometry.half_extent
    best: tuple[int, int, Area, tuple[float, float]] | None = None
    for number, area in enumerate(areas):
        cell_w, cell_h = area.width - 2 * half_w, area.height - 2 * half_h
        if cell_w <= 0 or cell_h <= 0:
            continue
        for sx in range(steps):
            origin = left - sx / steps * cell_w
            strips: dict[int, list[float]] = {}
            for x, y in centres:
                strips.setdefault(max(0, floor((x - origin) / cell_w + 1e-9)), []).append(y)
            count = sum(_count(sorted(ys, reverse=True), cell_h) for ys in strips.values())
            if best is None or count < best[0]:
                best = (count, number, area, (sx / steps, 0.0))
    if best is None:
        raise ValueError("a hex is larger than the printable area of a page")
    _, number, area, shift = best
    return number, plan_tiles(geometry, members, area, shift)


def _index(distance: float, size: float) -> int:
    """Which cell a distance from the grid's first centre falls in (a hair of tolerance, so
    float noise never moves a hex sitting exactly on a cell border)."""
    return max(0, math.floor(distance / size + 1e-9))
