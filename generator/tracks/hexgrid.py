"""Hex geometry: coordinates, directions and facings, distances, lines, rings, page positions.

Hexes use *axial* coordinates ``(q, r)`` (the third cube coordinate is ``s = -q - r``), so
distance, lines, rings and rotations are exact integer arithmetic. The six directions are
numbered counter-clockwise, as angles grow on a page whose y axis points up:

* pointy-top hexes (a corner at the top): direction ``i`` points at ``60 * i`` degrees, so
  0 is east, 1 north-east, 2 north-west, 3 west, 4 south-west, 5 south-east;
* flat-top hexes (a side at the top): direction ``i`` points at ``60 * i - 30`` degrees.

A *facing* is one of twelve (a Frothy Races vehicle faces a hex side or a hex corner): facing
``k`` points at the angle of direction ``k / 2``, so even facings face a side and odd ones the
corner between two sides. People name facings as clock hours (12 is up the page, 3 is to the
right), which means the same thing for both orientations.

Maps are drawn as text in *offset* rows (one character a hex): pointy-top maps shift every
odd row half a hex to the right; flat-top maps shift every odd column half a hex down.

:class:`HexLayout` places hexes on a page at an exact physical size, measured across the flats
(the distance between the centres of two neighbours). Page coordinates are PDF points with y
pointing up; the first map row is at the top.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Literal, NamedTuple

Orientation = Literal["pointy", "flat"]
ORIENTATIONS: tuple[Orientation, ...] = ("pointy", "flat")
SQRT3 = math.sqrt(3.0)


class Hex(NamedTuple):
    """A hex in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate; q + r + s is always 0."""
        return -self.q - self.r

    def plus(self, other: Hex) -> Hex:
        """This hex moved by the vector ``other``."""
        return _new_hex(Hex, (self[0] + other[0], self[1] + other[1]))

    def minus(self, other: Hex) -> Hex:
        """The vector from ``other`` to this hex."""
        return Hex(self.q - other.q, self.r - other.r)

    def times(self, factor: int) -> Hex:
        """This vector repeated ``factor`` times."""
        return Hex(self.q * factor, self.r * factor)

    def neighbour(self, direction: int) -> Hex:
        """The hex next to this one in ``direction`` (0-5, any integer is taken modulo 6)."""
        return self.plus(DIRECTIONS[direction % 6])


DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1),
                               Hex(0, 1))
FACINGS = 12


# A hex made straight from its two numbers: the searches make millions of them, and the
# named tuple's own constructor is a Python function call more each time.
_new_hex = tuple.__new__
_STEPS = tuple((d.q, d.r) for d in DIRECTIONS)


def neighbours(hex_: Hex) -> list[Hex]:
    """The six hexes around ``hex_``, in direction order."""
    q, r = hex_
    return [_new_hex(Hex, (q + dq, r + dr)) for dq, dr in _STEPS]


# The hexes around a hex, by hex: the tiling asks again for the same map's hexes at every
# cut it tries (generator.tracks.tiling).
_AROUND: dict[Hex, tuple[Hex, ...]] = {}


def around(hex_: Hex) -> tuple[Hex, ...]:
    """:func:`neighbours`, kept for the process (at most 100,000 hexes)."""
    found = _AROUND.get(hex_)
    if found is None:
        if len(_AROUND) >= 100_000:
            _AROUND.clear()
        found = _AROUND[hex_] = tuple(neighbours(hex_))
    return found


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction from ``a`` to its neighbour ``b``; None when they are not neighbours."""
    step = b.minus(a)
    return DIRECTIONS.index(step) if step in DIRECTIONS else None


def distance(a: Hex, b: Hex) -> int:
    """Steps from ``a`` to ``b`` on the grid."""
    step = a.minus(b)
    return (abs(step.q) + abs(step.r) + abs(step.s)) // 2


def rotate(hex_: Hex, steps: int) -> Hex:
    """``hex_`` turned about the origin by ``steps`` sixths of a turn, counter-clockwise."""
    q, r = hex_
    for _ in range(steps % 6):
        q, r = q + r, -q
    return Hex(q, r)


def cube_round(q: float, r: float) -> Hex:
    """The hex containing fractional axial coordinates (nearest centre)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from ``a`` to ``b`` passes through, both ends included.

    Centres are nudged by a hair so a line running exactly along an edge always picks the
    same side, which keeps the result symmetric in a and b up to order.
    """
    steps = distance(a, b)
    if steps == 0:
        return [a]
    aq, ar = a.q + 1e-6, a.r + 2e-6
    bq, br = b.q + 1e-6, b.r + 2e-6
    return [cube_round(aq + (bq - aq) * i / steps, ar + (br - ar) * i / steps)
            for i in range(steps + 1)]


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` steps from ``centre``, walking counter-clockwise."""
    if radius == 0:
        return [centre]
    hexes = []
    here = centre.plus(DIRECTIONS[4].times(radius))
    for side in range(6):
        for _ in range(radius):
            hexes.append(here)
            here = here.neighbour(side)
    return hexes


def spiral(centre: Hex, radius: int) -> Iterator[Hex]:
    """Every hex within ``radius`` of ``centre``, ring by ring."""
    for k in range(radius + 1):
        yield from ring(centre, k)


# --- Facings ---------------------------------------------------------------------------


def is_side_facing(facing: int) -> bool:
    """True when ``facing`` looks at a hex side, False for a corner."""
    return facing % 2 == 0


def facing_of_direction(direction: int) -> int:
    """The side facing that looks along ``direction``."""
    return (direction % 6) * 2


def turn(facing: int, steps: int) -> int:
    """``facing`` turned by ``steps`` twelfths of a turn (30 degrees), counter-clockwise."""
    return (facing + steps) % FACINGS


def front_directions(facing: int) -> tuple[int, ...]:
    """Directions of the hexes in front: one for a side facing, two (right, left) for a corner."""
    if is_side_facing(facing):
        return (facing // 2,)
    return ((facing - 1) // 2 % 6, (facing + 1) // 2 % 6)


def _base_angle(orientation: Orientation) -> float:
    return 0.0 if orientation == "pointy" else -30.0


def direction_angle(direction: int, orientation: Orientation) -> float:
    """The page angle of ``direction`` in degrees, counter-clockwise from east."""
    return _base_angle(orientation) + 60.0 * (direction % 6)


def facing_angle(facing: int, orientation: Orientation) -> float:
    """The page angle of ``facing`` in degrees, counter-clockwise from east."""
    return _base_angle(orientation) + 30.0 * (facing % FACINGS)


def clock_to_facing(hour: int, orientation: Orientation) -> int:
    """A facing from a clock hour (1-12; 12 is up the page, 3 is to the right)."""
    angle = 90.0 - 30.0 * hour
    return round((angle - _base_angle(orientation)) / 30.0) % FACINGS


def facing_to_clock(facing: int, orientation: Orientation) -> int:
    """The clock hour (1-12) a facing points at."""
    hour = round((90.0 - facing_angle(facing, orientation)) / 30.0) % 12
    return hour or 12


def side_hours(orientation: Orientation) -> tuple[int, ...]:
    """The clock hours that face a hex side in this orientation, in order."""
    return tuple(sorted(facing_to_clock(f, orientation) for f in range(0, FACINGS, 2)))


# --- Offset rows (the text map) ----------------------------------------------------------


def offset_to_hex(column: int, row: int, orientation: Orientation) -> Hex:
    """The hex at ``column`` of text ``row``: odd rows (pointy) or odd columns (flat) shifted."""
    if orientation == "pointy":
        return Hex(column - (row - (row & 1)) // 2, row)
    return Hex(column, row - (column - (column & 1)) // 2)


def hex_to_offset(hex_: Hex, orientation: Orientation) -> tuple[int, int]:
    """``(column, row)`` of ``hex_`` in a text map: the inverse of :func:`offset_to_hex`."""
    if orientation == "pointy":
        return hex_.q + (hex_.r - (hex_.r & 1)) // 2, hex_.r
    return hex_.q, hex_.r + (hex_.q - (hex_.q & 1)) // 2


# --- Page positions ------------------------------------------------------------------------

Point = tuple[float, float]


@dataclass(frozen=True)
class HexLayout:
    """Hexes on a page: an orientation and the size across the flats, in points."""

    orientation: Orientation
    across_flats: float

    @property
    def radius(self) -> float:
        """Centre to corner: the circumradius."""
        return self.across_flats / SQRT3

    @property
    def half_extent(self) -> tuple[float, float]:
        """Half the width and half the height of one hex on the page."""
        if self.orientation == "pointy":
            return (self.across_flats / 2, self.radius)
        return (self.radius, self.across_flats / 2)

    def centre(self, hex_: Hex) -> Point:
        """The centre of ``hex_``, with hex (0, 0) at the origin and y pointing up."""
        if self.orientation == "pointy":
            return (self.across_flats * (hex_.q + hex_.r / 2), -1.5 * self.radius * hex_.r)
        return (1.5 * self.radius * hex_.q, -self.across_flats * (hex_.r + hex_.q / 2))

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex whose area contains the page point (x, y)."""
        if self.orientation == "pointy":
            r = -y / (1.5 * self.radius)
            return cube_round(x / self.across_flats - r / 2, r)
        q = x / (1.5 * self.radius)
        return cube_round(q, -y / self.across_flats - q / 2)

    def corner_offsets(self) -> list[Point]:
        """The six corners relative to the centre, counter-clockwise from the first."""
        return list(self._corner_offsets)

    @cached_property
    def _corner_offsets(self) -> tuple[Point, ...]:
        start = 30.0 if self.orientation == "pointy" else 0.0
        radius = self.radius
        return tuple((radius * math.cos(math.radians(start + 60 * i)),
                      radius * math.sin(math.radians(start + 60 * i))) for i in range(6))

    def corners(self, hex_: Hex) -> list[Point]:
        """The six corners of ``hex_`` on the page."""
        cx, cy = self.centre(hex_)
        return [(cx + dx, cy + dy) for dx, dy in self.corner_offsets()]

    def edge(self, hex_: Hex, direction: int) -> tuple[Point, Point]:
        """The side of ``hex_`` it shares with its neighbour in ``direction``."""
        corners = self.corners(hex_)
        # Corners sit 30 degrees either side of each direction: side i spans corners i-1, i.
        return corners[(direction - 1) % 6], corners[direction % 6]

    def bounds(self, hexes: Iterable[Hex]) -> tuple[float, float, float, float]:
        """(left, bottom, right, top) of the area the hexes cover."""
        half_w, half_h = self.half_extent
        centres = [self.centre(h) for h in hexes]
        if not centres:
            return (0.0, 0.0, 0.0, 0.0)
        xs = [x for x, _ in centres]
        ys = [y for _, y in centres]
        return (min(xs) - half_w, min(ys) - half_h, max(xs) + half_w, max(ys) + half_h)
