"""Groups of hexes packed onto the hex grids of pages, moved by whole hexes: the map tiles
(:mod:`generator.tracks.tiling`) and the modular track pieces
(:mod:`generator.tracks.pieces_sheet`).

A page's grid is every whole hex inside its printable area, hex (0, 0) in its top-left
corner, so a group moved by whole hexes keeps every hex whole and at exact size, and two
groups may share a cut line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.tracks.hexgrid import DIRECTIONS, Hex, HexLayout, Point

# Where a shape fits on a page grid, by grid and shape (relative to its first hex): the
# tiling tries each cut in several orders and a map's cuts repeat shapes, so nine in ten
# look-ups were worked out before. Kept for the newest shapes of the process.
_FITS: dict[tuple[object, ...], list[tuple[int, Hex, int, int, int]]] = {}
_MOST_FITS = 2048
_SPOTS: dict[tuple[HexLayout, frozenset[Hex]], tuple[list[Hex], dict[tuple[int, int], int]]] = {}


@dataclass(frozen=True)
class Area:
    """The rectangle of a page that hexes may be printed in, in points."""

    x: float
    y: float
    width: float
    height: float


def page_grid(geometry: HexLayout, area: Area) -> frozenset[Hex]:
    """The hexes of a page: every hex whose whole outline lies inside ``area`` when hex
    (0, 0) sits in its top-left corner (see :func:`grid_origin`)."""
    half_w, half_h = geometry.half_extent
    x0, y0 = grid_origin(geometry, area)
    reach = int(max(area.width, area.height) / min(half_w, half_h)) + 2
    found = set()
    for q in range(-reach, reach + 1):
        for r in range(-reach, reach + 1):
            x, y = geometry.centre(Hex(q, r))
            x, y = x + x0, y + y0
            if (area.x + half_w - 1e-6 <= x <= area.x + area.width - half_w + 1e-6
                    and area.y + half_h - 1e-6 <= y <= area.y + area.height - half_h + 1e-6):
                found.add(Hex(q, r))
    return frozenset(found)


def grid_origin(geometry: HexLayout, area: Area) -> Point:
    """Where hex (0, 0) of a page's grid is centred: in the area's top-left corner."""
    half_w, half_h = geometry.half_extent
    return (area.x + half_w, area.y + area.height - half_h)


def pack_shapes(geometry: HexLayout, shapes: Sequence[Sequence[tuple[Hex, ...]]],
                grid: frozenset[Hex], closed: frozenset[Hex] = frozenset()
                ) -> list[tuple[int, int, Hex]] | None:
    """Groups of hexes moved by whole hexes onto pages of ``grid``, in the order given:
    each shape (given as the ways it may be turned) goes onto the fullest page with room
    (a new page where none has), every hex on a free hex of the grid (on the first page,
    not on ``closed`` ones), turned and placed where it lies snuggest: the most of the
    hexes round it taken or off the grid, then topmost, then leftmost. For each shape:
    its page, the way chosen and its move; None if one fits no empty page. (A page's hexes
    are the bits of an integer, so that a fit or a count of neighbours is one AND.)"""
    spots, bit = _grid_bits(geometry, grid)
    used: list[int] = [sum(bit[(h.q, h.r)] for h in closed)] if closed else []
    found_all = []
    for options in shapes:
        fitting: list[tuple[int, int, Hex, int, int, int]] = []  # (place in spot order,
        # way, spot, mask, halo mask, sides off the grid)
        for way, hexes in enumerate(options):
            fitting.extend((number, way, spot, mask, halo, off) for number, spot, mask, halo, off
                           in _fits(geometry, grid, spots, bit, hexes))
        if not fitting:
            return None
        found = None
        for page, taken in enumerate(used):
            free = [f for f in fitting if not f[3] & taken]
            if free and (found is None or taken.bit_count() > found[0]):
                best = max(free, key=lambda f: ((f[4] & taken).bit_count() + f[5],
                                                -f[0], -f[1]))
                found = (taken.bit_count(), page, best)
        if found is None:
            used.append(0)
            best = max(fitting, key=lambda f: (f[5], -f[0], -f[1]))
            found = (0, len(used) - 1, best)
        _, page, (_, way, spot, mask, _, _) = found
        used[page] |= mask
        found_all.append((page, way, spot.minus(options[way][0])))
    return found_all


def _grid_bits(geometry: HexLayout, grid: frozenset[Hex]
               ) -> tuple[list[Hex], dict[tuple[int, int], int]]:
    """A grid's hexes top row first, left to right, and each one's bit (kept)."""
    key = (geometry, grid)
    found = _SPOTS.get(key)
    if found is None:
        if len(_SPOTS) >= 16:
            _SPOTS.clear()
        spots = sorted(grid, key=lambda h: (-geometry.centre(h)[1], geometry.centre(h)[0]))
        found = _SPOTS[key] = (spots, {(h.q, h.r): 1 << i for i, h in enumerate(spots)})
    return found


def _fits(geometry: HexLayout, grid: frozenset[Hex], spots: list[Hex],
          bit: dict[tuple[int, int], int], hexes: Sequence[Hex]
          ) -> list[tuple[int, Hex, int, int, int]]:
    """Every place ``hexes`` fit on the grid with their first hex on a spot: its number in
    spot order, the spot, the hexes covered, those round it and how many of those are off
    the grid (kept by grid and shape, the newest ``_MOST_FITS``)."""
    anchor = hexes[0]
    shape = tuple((h.q - anchor.q, h.r - anchor.r) for h in hexes)
    key = (geometry, grid, shape)
    found = _FITS.pop(key, None)
    if found is None:
        rim = sorted({(q + d.q, r + d.r) for q, r in shape for d in DIRECTIONS} - set(shape))
        found = []
        for number, spot in enumerate(spots):
            mask = _mask(bit, spot, shape)
            if mask:
                halo, off = _halo(bit, spot, rim)
                found.append((number, spot, mask, halo, off))
    _FITS[key] = found  # the newest last
    if len(_FITS) > _MOST_FITS:
        del _FITS[next(iter(_FITS))]
    return found


def _halo(bit: dict[tuple[int, int], int], spot: Hex, rim: list[tuple[int, int]]
          ) -> tuple[int, int]:
    """The page hexes round a shape placed at ``spot`` (its ``rim``, relative to its
    first hex), and how many of them are off the grid."""
    mask, off = 0, 0
    for dq, dr in rim:
        one = bit.get((spot.q + dq, spot.r + dr))
        if one is None:
            off += 1
        else:
            mask |= one
    return mask, off


def _mask(bit: dict[tuple[int, int], int], spot: Hex, shape: Sequence[tuple[int, int]]
          ) -> int:
    """The page hexes ``shape`` covers with its first hex on ``spot``; 0 if it leaves the
    grid."""
    mask = 0
    for dq, dr in shape:
        one = bit.get((spot.q + dq, spot.r + dr))
        if one is None:
            return 0
        mask |= one
    return mask
