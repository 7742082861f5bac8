"""Tiles cut along hex edges and packed several to a page: every hex on exactly one tile,
each tile one piece, no two tiles on one hex of a page, and a small tile folded into a
neighbour with room for it."""

from __future__ import annotations

from collections.abc import Iterable

from generator.paper.units import mm
from generator.tracks.hex_packing import Area, page_grid
from generator.tracks.hexgrid import Hex, HexLayout
from generator.tracks.tiling import Tile, connected_parts, cut_tiles, pack_tiles, share_out

GEOMETRY = HexLayout("pointy", mm(25.4))
# A page area holding 7 hexes across (7 x 25.4 mm plus a hex of room) and 4 rows down.
AREA = Area(0.0, 0.0, mm(25.4) * 7.5, mm(25.4) * 3.9)


def printed_at(plan_tiles: Iterable[Tile], page: int) -> list[tuple[float, float]]:
    """Every hex centre printed on ``page``, rounded to 0.01 pt."""
    return [(round(x, 2), round(y, 2)) for tile in plan_tiles if tile.page == page
            for x, y in (tile.place(GEOMETRY.centre(h)) for h in tile.hexes)]


def test_two_strips_a_page_apart_on_the_map_share_one_page() -> None:
    # Two short rows far apart on the map: a page-sized cut would print each on its own
    # page; packed, both go onto one.
    hexes = [Hex(q, 0) for q in range(3)] + [Hex(q - 10, 20) for q in range(3)]
    _, plan = pack_tiles(GEOMETRY, hexes, [AREA])
    assert plan.pages == 1 and len(plan.tiles) == 2
    centres = printed_at(plan.tiles, 0)
    assert len(set(centres)) == len(centres) == 6, "no two hexes printed in one place"


def test_every_hex_lands_whole_on_its_page_grid_once() -> None:
    hexes = [Hex(q, r) for q in range(12) for r in range(5) if (q + r) % 7 != 3]
    chosen, plan = pack_tiles(GEOMETRY, hexes, [AREA])
    assert chosen == 0
    assert sorted(h for tile in plan.tiles for h in tile.hexes) == sorted(hexes)
    half_w, half_h = GEOMETRY.half_extent
    for page in range(plan.pages):
        centres = printed_at(plan.tiles, page)
        assert len(set(centres)) == len(centres)
        for x, y in centres:
            assert AREA.x + half_w - 0.01 <= x <= AREA.x + AREA.width - half_w + 0.01
            assert AREA.y + half_h - 0.01 <= y <= AREA.y + AREA.height - half_h + 0.01
    # At least as full as the map allows: no more pages than hexes over a page's grid,
    # plus one.
    assert plan.pages <= len(hexes) // len(page_grid(GEOMETRY, AREA)) + 2


def test_each_tile_is_one_piece() -> None:
    # A ring: a cut through its middle leaves two pieces in one cell, each its own tile.
    ring = [Hex(q, r) for q in range(8) for r in range(6)
            if not (2 <= q <= 5 and 2 <= r <= 3)]
    tiles = cut_tiles(GEOMETRY, ring, (mm(25.4) * 20, mm(25.4) * 20), 0.0)
    for tile in tiles:
        assert len(connected_parts(tile.hexes)) == 1


def test_a_column_is_cut_down_from_its_own_top_hex() -> None:
    # Three rows fit one cell high; a grid starting a row early would need two tiles.
    hexes = [Hex(0, r) for r in range(3)]
    tiles = cut_tiles(GEOMETRY, hexes, (mm(60), GEOMETRY.radius * 3.01), 0.0)
    assert len(tiles) == 1


def test_a_straggler_goes_into_the_neighbouring_tile_with_room() -> None:
    # A row of four crosses into the next column by one hex; the cell holds all four.
    row = [Hex(q, 10) for q in range(-1, 3)]
    tiles = cut_tiles(GEOMETRY, [Hex(0, 0), *row], (mm(25.4) * 4, mm(25.4) * 1), 0.3)
    assert sorted(len(tile.hexes) for tile in tiles) == [1, 4]


def test_a_small_tile_no_one_neighbour_can_take_is_shared_out_hex_by_hex() -> None:
    left = Tile(0, 0, (Hex(0, 0), Hex(1, 0)), (0.0, 0.0))
    small = Tile(0, 1, (Hex(2, 0), Hex(3, 0)), (0.0, 0.0))
    right = Tile(0, 2, (Hex(4, 0), Hex(5, 0)), (0.0, 0.0))

    def three(hexes: Iterable[Hex]) -> bool:
        return len(list(hexes)) <= 3

    shared = share_out(small, [left, right], three)
    assert shared is not None
    # Each hex goes to the tile it touches; every hex stays on exactly one tile.
    assert shared["A1"][1] == (Hex(0, 0), Hex(1, 0), Hex(2, 0))
    assert shared["A3"][1] == (Hex(3, 0), Hex(4, 0), Hex(5, 0))
    # Where the neighbours have no room, the small tile stays as it is.
    assert share_out(small, [left, right], lambda hexes: len(list(hexes)) <= 2) is None
