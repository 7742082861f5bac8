"""Tile plans kept between runs in the cache folder.

Packing a map's tiles onto the fewest pages tries every page area, cell size, shift and
order (:func:`generator.tracks.tiling.pack_tiles`): seconds of CPU a track, the same answer
every time for the same map, page and code. So the answer is kept as plain values under a
digest of everything it depends on: the hexes, the hex size and orientation, the page
areas and the room kept for the assembly map, and the source of the tiling modules (an
edited rule plans afresh; a stale plan is never read). Without a cache folder, or for a
damaged entry, the plan is worked out again (:func:`generator.keep.data_yaml.cached`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.keep.data_yaml import cached
from generator.tracks import hex_packing, tiling
from generator.tracks.hex_packing import Area
from generator.tracks.hexgrid import Hex, HexLayout
from generator.tracks.tiling import Tile, TilePlan, pack_tiles


@lru_cache(maxsize=1)
def _code() -> str:
    """The tiling rule's own code, as a digest: a change to it is a new kind of entry."""
    digest = hashlib.sha256()
    for module in (tiling, hex_packing):
        digest.update(Path(module.__file__ or "").read_bytes())
    return f"paddock-tiles-1 {digest.hexdigest()}"


def kept_pack_tiles(geometry: HexLayout, hexes: Iterable[Hex], areas: Sequence[Area],
                    kept: Sequence[float] = ()) -> tuple[int, TilePlan]:
    """:func:`~generator.tracks.tiling.pack_tiles`, read from the cache folder when the
    same map was packed on the same pages by the same code before."""
    members = sorted(set(hexes))
    question = repr((geometry.orientation, geometry.across_flats, members,
                     [(a.x, a.y, a.width, a.height) for a in areas], list(kept)))

    def work_out() -> Any:
        number, plan = pack_tiles(geometry, members, areas, kept)
        return (number, [(t.row, t.column, [tuple(h) for h in t.hexes], tuple(t.offset),
                          t.page) for t in plan.tiles])

    number, tiles = cached(question.encode(), _code(), work_out)
    return number, TilePlan(geometry, areas[number], tuple(
        Tile(row, column, tuple(Hex(*h) for h in hexes_), (offset[0], offset[1]), page)
        for row, column, hexes_, offset, page in tiles))
