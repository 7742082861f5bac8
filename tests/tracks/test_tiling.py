"""Tiles chosen to fill pages: cut along hex edges, no page with a few hexes a neighbour had
room for, and every hex on exactly one tile."""

from __future__ import annotations

from collections.abc import Iterable

from generator.paper.units import mm
from generator.tracks.hexgrid import Hex, HexLayout
from generator.tracks.tiling import Area, Tile, fewest_tiles, plan_tiles, share_out

GEOMETRY = HexLayout("pointy", mm(25.4))
# A page area holding 7 hexes across (7 x 25.4 mm plus a hex of room) and 4 rows down.
AREA = Area(0.0, 0.0, mm(25.4) * 7.5, mm(25.4) * 3.9)


def test_a_straggler_goes_onto_the_neighbouring_page_that_has_room() -> None:
    # A hex far up on the left fixes where the first column of pages starts; far below,
    # a row of four crosses into the second column by one hex. Cut by columns, that hex is
    # a page of its own; the page beside it (three hexes) has room for it, so it goes there.
    row = [Hex(q, 10) for q in range(-1, 3)]
    hexes = [Hex(0, 0), *row]
    plan = plan_tiles(GEOMETRY, hexes, AREA)
    assert sorted(len(tile.hexes) for tile in plan.tiles) == [1, 4]
    (joined,) = [tile for tile in plan.tiles if len(tile.hexes) == 4]
    assert sorted(joined.hexes) == sorted(row)
    # Placed so that every hex of the merged tile is on its page.
    for hex_ in joined.hexes:
        x, y = joined.place(GEOMETRY.centre(hex_))
        assert AREA.x < x < AREA.x + AREA.width and AREA.y < y < AREA.y + AREA.height


def test_tiles_that_cannot_share_a_page_stay_apart_and_every_hex_is_on_one() -> None:
    hexes = [Hex(q, r) for q in range(12) for r in range(2)]
    chosen, plan = fewest_tiles(GEOMETRY, hexes, [AREA])
    assert chosen == 0
    owners = [h for tile in plan.tiles for h in tile.hexes]
    assert sorted(owners) == sorted(hexes), "every hex printed once"
    assert len(plan.tiles) == 2
    for tile in plan.tiles:
        xs = [GEOMETRY.centre(h)[0] for h in tile.hexes]
        assert max(xs) - min(xs) <= AREA.width - GEOMETRY.across_flats + 1e-6


def test_a_column_is_cut_down_from_its_own_top_hex() -> None:
    # Rows 0-3 fit one page high; a grid starting a row early would need two pages.
    hexes = [Hex(0, r) for r in range(3)]
    plan = plan_tiles(GEOMETRY, hexes, AREA, shift=(0.0, 0.9))
    assert len(plan.tiles) == 1


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
