"""Split a hex map into tiles cut along hex edges, several to a page.

Tiles are not rectangles of the map: every hex belongs to exactly one tile, and a tile is a
group of hexes joined side to side, so the cut between two tiles follows the hex sides
between them: a zig-zag join, like a jigsaw, so no hex is lost, doubled or cut in half.
:func:`pack_tiles` states the rule that cuts the map and puts the tiles on pages.

All tiles share one scale, and each is moved onto its page by a whole number of hexes of
the page's grid, so a hex's position on its page is its map position moved by its tile's
offset. Seam edges (between two tiles) get *match marks*: half-dots on both sides of every
third seam edge, which make whole dots when the tiles are laid together.
"""

from __future__ import annotations

import math
import string
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from generator.tracks.hex_packing import Area, grid_origin, pack_shapes, page_grid
from generator.tracks.hexgrid import DIRECTIONS, Hex, HexLayout, Point, around

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
    """One piece of the map: its name's row and column, hexes, how map points move onto
    its page, and which tile page that is."""

    row: int
    column: int
    hexes: tuple[Hex, ...]
    offset: Point
    page: int = 0  # the tile page it is printed on, from 0

    @cached_property
    def label(self) -> str:
        """'A1' for the top-left tile: rows are letters, columns numbers (see
        :func:`in_reading_order`)."""
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
class TilePlan:
    """The tiles of one map, page by page, and the page area they are printed in."""

    geometry: HexLayout
    area: Area
    tiles: tuple[Tile, ...]

    @property
    def pages(self) -> int:
        """How many tile pages the plan takes."""
        return max(t.page for t in self.tiles) + 1

    def on_page(self, page: int) -> list[Tile]:
        """The tiles printed on tile page ``page`` (from 0)."""
        return [t for t in self.tiles if t.page == page]

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


def merge_small_tiles(geometry: HexLayout, tiles: list[Tile], cell: tuple[float, float],
                      area: Area, share: bool = True) -> list[Tile]:
    """Fold tiles into their neighbours where a page can hold both.

    The rule: take the tile with the fewest hexes; if one of the tiles it shares a seam with
    can take all its hexes (every hex centre of the two together within one page's cell, so
    each whole hex still fits on the page), the smaller goes into the neighbour with the
    fewest hexes that can (the neighbour keeps its label and place in the grid), and the
    search starts again; a tile no neighbour can take is shared out hex by hex among the
    tiles it touches where ``share`` (:func:`share_out`), else left as it is. So no tile
    is a few hexes a neighbour had room for. Joins stay along hex edges."""
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
    owner = {h: tile.label for tile in current for h in tile.hexes}  # kept up to date
    while True:
        candidates = sorted((t for t in current if t.label not in tried),
                            key=lambda t: (len(t.hexes), t.row, t.column))
        if not candidates:
            return current
        small = candidates[0]
        near = {owner[n] for h in small.hexes for n in around(h)
                if n in owner and owner[n] != small.label}
        takers = sorted((t for t in current if t.label in near
                         and fits(t.hexes + small.hexes)),
                        key=lambda t: (len(t.hexes), t.row, t.column))
        if not takers:
            shared = share_out(small, [t for t in current if t is not small], fits) \
                if share else None
            if shared is None:
                tried.add(small.label)
                continue
            grown = {label: placed(tile, hexes) for label, (tile, hexes) in shared.items()}
            current = [grown.get(t.label, t) for t in current if t is not small]
            owner.update((h, label) for label, tile in grown.items() for h in tile.hexes)
            tried.difference_update(grown)
            continue
        taker = takers[0]
        merged = placed(taker, tuple(sorted(taker.hexes + small.hexes)))
        current = [merged if t is taker else t for t in current if t is not small]
        owner.update((h, taker.label) for h in small.hexes)
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
            near = {owner[n] for n in around(hex_) if n in owner}
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


def _index(distance: float, size: float) -> int:
    """Which cell a distance from the grid's first centre falls in (a hair of tolerance, so
    float noise never moves a hex sitting exactly on a cell border)."""
    return max(0, math.floor(distance / size + 1e-9))


# --- Several tiles to a page -----------------------------------------------------------------

FRACTIONS = (1.0, 1 / 2, 2 / 5, 1 / 3)
ORDERS = (0, 3)


def pack_tiles(geometry: HexLayout, hexes: Iterable[Hex], areas: Sequence[Area],
               kept: Sequence[float] = (), steps: int = 4) -> tuple[int, TilePlan]:
    """The map cut into compact tiles packed onto the fewest pages: the index of the page
    area chosen, and the plan (each tile's ``page`` and ``offset`` say where it is printed).
    ``kept``: for each area, how much of the top of its first page is kept for something
    else (the assembly map), so tiles go only below it there.

    The tiling rule. A page holds the hexes of a grid laid over its area (:func:`page_grid`:
    every whole hex inside it). A tile is cut from a *cell*, a rectangle of the map that a
    fraction of that grid (1, 1/2, 2/5 or 1/3 of its width, and of its height) can take
    wherever the tile's rows fall: the map is cut into columns a cell wide (starting a
    quarter cell further left at each of the ``steps`` shifts), each column down from its
    own top hex into runs a cell high (:func:`_runs`), and each run into its groups of
    hexes joined side to side (:func:`connected_parts`): a tile is one piece of paper, cut
    along hex edges. A tile a neighbour has room for in its cell is folded into it
    (:func:`merge_small_tiles`). The tiles, largest first, then go onto the pages' grids,
    moved by whole hexes (every hex lands on a hex of the grid, never on another tile's;
    two tiles may share a cut line), each onto the fullest page with room, at its
    topmost, then leftmost, place that fits (:func:`place_tiles`). Of every page area,
    fraction and shift, the plan with the fewest pages wins, then the one with the fewest
    tiles (fewer cuts and joins), then the first tried. Last, a small tile joins a map
    neighbour whose page has room beside it (:func:`fold_onto_neighbours`), and the tiles
    are named in reading order (:func:`in_reading_order`)."""
    members = sorted(set(hexes))
    best: tuple[tuple[int, int], int, list[Placement], float, frozenset[Hex]] | None = None
    for number, area in enumerate(areas):
        grid = page_grid(geometry, area)
        if not grid:
            continue
        span = _span(geometry, grid)
        closed = _closed(geometry, area, grid, kept[number] if number < len(kept) else 0.0)
        for across in FRACTIONS:
            for down in FRACTIONS:
                cell = (span[0] * across, span[1] * down)
                for shift in range(steps):
                    tiles = cut_tiles(geometry, members, cell, shift / steps)
                    for by in ORDERS:
                        placed = place_tiles(geometry, tiles, grid, cell[1], closed, by)
                        if placed is None:
                            break
                        score = (max(page for page, _, _ in placed) + 1, len(placed))
                        if best is None or score < best[0]:
                            best = (score, number, placed, cell[1], closed)
    if best is None:
        raise ValueError("a hex is larger than the printable area of a page")
    _, number, placed, band, closed = best
    area = list(areas)[number]
    folded = fold_onto_neighbours(placed, page_grid(geometry, area), closed)
    return number, planned(geometry, folded, area, band)


def _closed(geometry: HexLayout, area: Area, grid: frozenset[Hex], kept: float
            ) -> frozenset[Hex]:
    """The hexes of the first page's grid that reach into the ``kept`` top of the area."""
    if kept <= 0:
        return frozenset()
    _, y0 = grid_origin(geometry, area)
    line = area.y + area.height - kept
    half_h = geometry.half_extent[1]
    return frozenset(h for h in grid if geometry.centre(h)[1] + y0 + half_h > line + 1e-6)


def _span(geometry: HexLayout, grid: frozenset[Hex]) -> tuple[float, float]:
    """How far apart the centres of a tile's hexes may be, across and down, for it to fit
    on the grid whichever way its rows fall: the grid's span less the half-hex step that
    alternate rows (pointy) or columns (flat) are shifted by."""
    centres = [geometry.centre(h) for h in grid]
    xs, ys = [x for x, _ in centres], [y for _, y in centres]
    step_x, step_y = (geometry.across_flats / 2, 0.0) if geometry.orientation == "pointy" \
        else (0.0, geometry.across_flats / 2)
    return (max(xs) - min(xs) - step_x, max(ys) - min(ys) - step_y)


def cut_tiles(geometry: HexLayout, hexes: Sequence[Hex], cell: tuple[float, float],
              shift: float) -> list[Tile]:
    """The hexes cut into tiles whose centres fit in ``cell`` (see :func:`pack_tiles` for
    the rule), not yet placed or named."""
    half_w, half_h = geometry.half_extent
    cell_w, cell_h = cell
    centres = {h: geometry.centre(h) for h in hexes}
    left = min(x for x, _ in centres.values()) - shift * cell_w
    columns: dict[int, list[Hex]] = {}
    for hex_, (x, _) in centres.items():
        columns.setdefault(_index(x - left, cell_w) if cell_w > 0 else round(x), []
                           ).append(hex_)
    tiles = []
    for column, members in sorted(columns.items()):
        row = 0
        for _, run in _runs(members, centres, cell_h):
            for part in connected_parts(run):
                tiles.append(Tile(row, column, tuple(sorted(part)), (0.0, 0.0)))
                row += 1
    room = Area(0.0, 0.0, cell_w + 2 * half_w, cell_h + 2 * half_h)
    return merge_small_tiles(geometry, tiles, cell, room, share=False)


def connected_parts(hexes: Iterable[Hex]) -> list[list[Hex]]:
    """``hexes`` in groups joined hex to hex by a shared side, each group sorted."""
    left = set(hexes)
    parts = []
    for start in sorted(left):
        if start not in left:
            continue
        left.discard(start)
        part, todo = [start], [start]
        while todo:
            here = todo.pop()
            for near in around(here):
                if near in left:
                    left.discard(near)
                    part.append(near)
                    todo.append(near)
        parts.append(sorted(part))
    return parts


def in_reading_order(geometry: HexLayout, tiles: Sequence[Tile], band: float) -> list[Tile]:
    """The tiles renamed as a page of the map is read: rows (letters) are bands of the map
    ``band`` high counted from its top hex, a tile in the band of its own top hex;
    columns (numbers) count the tiles of a row from the left."""
    centres = {h: geometry.centre(h) for t in tiles for h in t.hexes}
    top = max(y for _, y in centres.values())

    def where(tile: Tile) -> tuple[int, float]:
        high = max(centres[h][1] for h in tile.hexes)
        return (_index(top - high, band) if band > 0 else 0,
                min(centres[h][0] for h in tile.hexes))

    ordered = sorted(tiles, key=where)
    bands = sorted({where(t)[0] for t in tiles})
    renamed, counts = [], dict.fromkeys(bands, 0)
    for tile in ordered:
        band_of = where(tile)[0]
        renamed.append(Tile(bands.index(band_of), counts[band_of], tile.hexes, tile.offset,
                            tile.page))
        counts[band_of] += 1
    return renamed


Placement = tuple[int, Hex, tuple[Hex, ...]]  # a tile's page, its move in hexes, its hexes


def place_tiles(geometry: HexLayout, tiles: Sequence[Tile], grid: frozenset[Hex],
                band: float, closed: frozenset[Hex] = frozenset(), by: int = 0
                ) -> list[Placement] | None:
    """``tiles`` moved onto pages of ``grid`` by :func:`pack_shapes`, largest first (by
    :func:`_size`; in reading order, bands ``band`` high, among equals), the first page's
    ``closed`` hexes kept free; None if one does not fit an empty page."""
    named = in_reading_order(geometry, tiles, band)
    order = sorted(range(len(named)), key=lambda i: (-_size(geometry, named[i], by), i))
    spots = pack_shapes(geometry, [[named[i].hexes] for i in order], grid, closed)
    if spots is None:
        return None
    placed = {number: (page, move, named[number].hexes)
              for number, (page, _, move) in zip(order, spots, strict=True)}
    return [placed[number] for number in range(len(tiles))]


def planned(geometry: HexLayout, placed: list[Placement], area: Area, band: float
            ) -> TilePlan:
    """The plan of placed tiles: each tile's offset on its page, named in reading order."""
    x0, y0 = grid_origin(geometry, area)
    tiles = []
    for page, move, hexes in placed:
        x, y = geometry.centre(move)
        tiles.append(Tile(0, 0, hexes, (x + x0, y + y0), page))
    named = in_reading_order(geometry, tiles, band)
    return TilePlan(geometry, area, tuple(sorted(named, key=lambda t: (t.page, t.row,
                                                                     t.column))))


def fold_onto_neighbours(placed: list[Placement], grid: frozenset[Hex],
                         closed: frozenset[Hex] = frozenset()) -> list[Placement]:
    """Placed tiles folded into a neighbour where its page has room for them beside it.

    The rule, once the pages are set: take the tile with the fewest hexes; if a tile it
    shares a seam with on the map has free hexes of its own page where the small tile's
    hexes would lie beside it as on the map, the small tile joins it (the smallest such
    neighbour), and the search starts again; else the next smallest is tried. Pages and
    the other tiles do not move, so it never costs a page; it spares a cut and a join.
    The first page's ``closed`` hexes stay free."""
    current = list(placed)
    while True:
        owner = {h: i for i, (_, _, hexes) in enumerate(current) for h in hexes}
        taken: dict[int, set[Hex]] = {0: set(closed)}
        for page, move, hexes in current:
            taken.setdefault(page, set()).update(h.plus(move) for h in hexes)
        for small in sorted(range(len(current)), key=lambda i: (len(current[i][2]), i)):
            page, move, hexes = current[small]
            own = {h.plus(move) for h in hexes}
            near = sorted({owner[n] for h in hexes for n in around(h)
                           if n in owner and owner[n] != small},
                          key=lambda i: (len(current[i][2]), i))
            taker = next((i for i in near if all(
                h.plus(current[i][1]) in grid and (h.plus(current[i][1]) not in
                                                  taken[current[i][0]] or (
                    current[i][0] == page and h.plus(current[i][1]) in own))
                for h in hexes)), None)
            if taker is not None:
                t_page, t_move, t_hexes = current[taker]
                current[taker] = (t_page, t_move, tuple(sorted(t_hexes + hexes)))
                del current[small]
                break
        else:
            return current


def _size(geometry: HexLayout, tile: Tile, by: int) -> float:
    """How large a tile is, for the order tiles are placed in: ``by`` 0 its hexes, 1 its
    height, 2 its width, 3 its box's area (hexes break ties)."""
    if by == 0:
        return len(tile.hexes)
    left, bottom, right, top = geometry.bounds(tile.hexes)
    size = (top - bottom, right - left, (top - bottom) * (right - left))[by - 1]
    return size + len(tile.hexes) * 1e-6
