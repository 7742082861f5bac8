"""A Formula Ace circuit (6/ CIRCUIT CREATION): beacons in pairs along the route, the start
and finish lines, obstacles, the start grid and the laps, all in centimetres on the playing
surface (x to the right, y away from the start, as a plan is drawn).

Each gate is a pair of beacons, ``left`` and ``right`` as a pilot flying the route sees them;
the start and finish lines are given by their two ends the same way. The rules
(``circuit_rules``) measure the widths, spacings and distances 6/ sets.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from generator.games.formula_ace.value_forms import BlankIsEmpty
from generator.input.schema import Custom, Int, ListOf, Struct, Text, spec_field

BOOK = "Formula Ace Racing Pods"
SEC_CIRCUIT = f"{BOOK}, 6/ CIRCUIT CREATION"

Point = tuple[float, float]


# "12.5 cm", as 6/ writes lengths; 1/ spells the unit out ("centimetres"), and a length may
# be written "cm." or "cms" as well.
CM_UNIT = (r"([cC][mM][sS]?\.?|[cC][eE][nN][tT][iI][mM]([eE][tT][rR][eE]|[eE][tT][eE][rR])"
           r"[sS]?)")
CM_TEXT = r"^\s*-?[0-9]+(\.[0-9]+)?\s*" + CM_UNIT + r"\s*$"


def parse_coordinate(value: Any) -> float:
    """A coordinate in centimetres from the surface's corner: any number, or one written
    with its unit ("12.5 cm"). One below 0 is off the surface, which FA-CIRCUIT-SURFACE
    reports (6/ places beacons on the surface)."""
    if isinstance(value, str) and re.match(CM_TEXT, value):
        value = float(re.sub(CM_UNIT + r"\s*$", "", value.strip()))
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    raise ValueError("a number of centimetres, such as 25 or 12.5")


def parse_cm(value: Any) -> float:
    """A length in centimetres: a number, 0 or more."""
    length = parse_coordinate(value)
    if length < 0:
        raise ValueError("a length is 0 or more")
    return length


CM = Custom(parse_cm, "a number of centimetres (0 or more), or one written with cm",
            show=lambda v: f"{v:g}",
            json={"anyOf": [{"type": "number", "minimum": 0},
                            {"type": "string", "pattern": CM_TEXT.replace("-?", "")}]})
COORDINATE = Custom(parse_coordinate, "a number of centimetres, or one written with cm",
                    show=lambda v: f"{v:g}",
                    json={"anyOf": [{"type": "number"},
                                    {"type": "string", "pattern": CM_TEXT}]})
POINT = ListOf(COORDINATE, 2, 2, length_note=" ([x, y] in cm)")


@dataclass(frozen=True)
class Gate:
    """A pair of beacons across the route: the left and right edges of the circuit."""

    left: Point = spec_field(POINT, "The left beacon, [x, y] in cm.", source=SEC_CIRCUIT)
    right: Point = spec_field(POINT, "The right beacon, [x, y] in cm.", source=SEC_CIRCUIT)

    @property
    def width(self) -> float:
        """The circuit's width here: from beacon to beacon, in cm."""
        return distance(self.left, self.right)

    @property
    def middle(self) -> Point:
        return ((self.left[0] + self.right[0]) / 2, (self.left[1] + self.right[1]) / 2)


@dataclass(frozen=True)
class Obstacle:
    """An obstacle set in the circuit."""

    at: Point = spec_field(POINT, "Its centre, [x, y] in cm.", source=SEC_CIRCUIT)
    diameter: float = spec_field(CM, "Its diameter in cm (the book: 2 to 5).",
                                 source=SEC_CIRCUIT)


@dataclass(frozen=True)
class Surface:
    """The playing surface the circuit is laid on."""

    width: float = spec_field(CM, "Across, in cm (x runs 0 to this).", source=SEC_CIRCUIT)
    depth: float = spec_field(CM, "Front to back, in cm (y runs 0 to this).",
                              source=SEC_CIRCUIT)


@dataclass(frozen=True)
class Circuit:
    """A Formula Ace circuit: where its beacons, lines, obstacles and grid stand."""

    name: str = spec_field(Text(max_length=40), "The circuit's name, on its plan.")
    surface: Surface = spec_field(Struct(Surface), "The playing surface, in cm.",
                                  source=SEC_CIRCUIT)
    ships: int = spec_field(Int(1, 12), "How many ships race on it.", source=SEC_CIRCUIT)
    start: Gate = spec_field(Struct(Gate), "The start line: its left and right ends.",
                             source=SEC_CIRCUIT)
    finish: Gate = spec_field(Struct(Gate), "The finish line: its left and right ends (the "
                              "start line's for a lapped circuit).", source=SEC_CIRCUIT)
    gates: tuple[Gate, ...] = spec_field(
        ListOf(Struct(Gate), 1, 60), "The beacons in route order, a left and right pair "
        "each.", source=SEC_CIRCUIT)
    grid: tuple[Point, ...] = spec_field(
        ListOf(POINT, 1, 12), "Where each ship starts, [x, y] in cm, behind the start line.",
        source=SEC_CIRCUIT)
    laps: int = spec_field(Int(1, 20), "Laps to race.", default=1, source=SEC_CIRCUIT)
    obstacles: tuple[Obstacle, ...] = spec_field(
        BlankIsEmpty(ListOf(Struct(Obstacle)), ()), "Obstacles set in the circuit.", default=(),
        source=SEC_CIRCUIT)
    description: str = spec_field(Text(allow_empty=True), "A line or two for the plan.",
                                  default="")
    note: str = spec_field(Text(allow_empty=True), "A designer's note; never printed.",
                           default="")

    @property
    def lines(self) -> tuple[Gate, ...]:
        """The start line, every gate and the finish line, in route order."""
        return (self.start, *self.gates, self.finish)

    def side(self, which: str) -> list[Point]:
        """The left (or right) edge of the circuit: the line ends and beacons on that side."""
        return [getattr(line, which) for line in self.lines]


CIRCUIT_SCHEMA = Struct(Circuit, ignore=("game", "kind"))


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def to_segment(p: Point, a: Point, b: Point) -> float:
    """The distance from ``p`` to the segment ``a``-``b``."""
    ax, ay = b[0] - a[0], b[1] - a[1]
    length = ax * ax + ay * ay
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * ax + (p[1] - a[1]) * ay)
                                             / length))
    return distance(p, (a[0] + t * ax, a[1] + t * ay))


def cross(o: Point, a: Point, b: Point) -> float:
    """The z of (a - o) x (b - o): positive when ``b`` is to the left of o->a."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_cross(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """True when the segments p1-p2 and q1-q2 cross or touch."""
    d1, d2 = cross(q1, q2, p1), cross(q1, q2, p2)
    d3, d4 = cross(p1, p2, q1), cross(p1, p2, q2)
    if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and d1 and d2 and d3 and d4:
        return True
    return any(abs(d) < 1e-9 and _on(a, b, c) for d, a, b, c in (
        (d1, q1, q2, p1), (d2, q1, q2, p2), (d3, p1, p2, q1), (d4, p1, p2, q2)))


def _on(a: Point, b: Point, c: Point) -> bool:
    return min(a[0], b[0]) - 1e-9 <= c[0] <= max(a[0], b[0]) + 1e-9 and \
        min(a[1], b[1]) - 1e-9 <= c[1] <= max(a[1], b[1]) + 1e-9


def inside(p: Point, polygon: list[Point]) -> bool:
    """True when ``p`` lies inside ``polygon`` (ray casting)."""
    found = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > p[1]) != (y2 > p[1]):
            x = x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1)
            if x > p[0]:
                found = not found
    return found
