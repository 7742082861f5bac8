"""Plane geometry of the table: poses, card and vehicle rectangles, overlap and corridors.

Millimetres on the map, x to the right and y up; a heading is in degrees clockwise from
straight up the map. A vehicle's pose is its front alignment arrow: the point 12 mm behind
the middle of its front edge (components.yaml: arrow_inset) and the way it faces. Every card
(vehicle, maneuver, range) is 70 x 120 mm.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

CARD_WIDTH = 70.0
CARD_LENGTH = 120.0
ARROW_INSET = 12.0
ARROW_SPAN = CARD_LENGTH - 2 * ARROW_INSET  # front arrow to rear arrow: 96 mm
HALF_WIDTH = CARD_WIDTH / 2
HALF_LENGTH = CARD_LENGTH / 2
CENTRE_BEHIND_ARROW = HALF_LENGTH - ARROW_INSET  # 48 mm

Point = tuple[float, float]


@lru_cache(maxsize=65536)
def _unit(heading: float) -> Point:
    r = math.radians(heading)
    return (math.sin(r), math.cos(r))


class Pose(NamedTuple):
    """A point on the map and a heading (degrees clockwise from up). A named tuple: the
    engine and the driver make hundreds of thousands of them."""

    x: float
    y: float
    heading: float

    @property
    def forward(self) -> Point:
        return _unit(self.heading)

    @property
    def right(self) -> Point:
        fx, fy = self.forward
        return (fy, -fx)

    def moved(self, ahead: float, aside: float = 0.0, turn: float = 0.0) -> Pose:
        """This pose moved ``ahead`` along its heading and ``aside`` to its right, then
        turned ``turn`` degrees clockwise."""
        fx, fy = _unit(self.heading)
        rx, ry = fy, -fx  # self.right, without asking for the heading's unit twice
        return Pose(self.x + fx * ahead + rx * aside, self.y + fy * ahead + ry * aside,
                    (self.heading + turn) % 360.0)

    def flipped(self) -> Pose:
        """The other alignment arrow of the same card, facing the other way: the front
        arrow of a vehicle becomes its rear arrow and back again (5.3 Moving in Reverse)."""
        return self.moved(-ARROW_SPAN, 0.0, 180.0)

    def rounded(self) -> tuple[float, float, float]:
        return (round(self.x, 6), round(self.y, 6), round(self.heading, 6))


class Rect(NamedTuple):
    """An oriented rectangle: centre, unit axes and half extents (along, across)."""

    cx: float
    cy: float
    ax: float  # unit vector along the length (the heading)
    ay: float
    half_length: float
    half_width: float

    def corners(self) -> tuple[Point, Point, Point, Point]:
        lx, ly = self.ax * self.half_length, self.ay * self.half_length
        wx, wy = self.ay * self.half_width, -self.ax * self.half_width
        c = (self.cx, self.cy)
        return ((c[0] + lx + wx, c[1] + ly + wy), (c[0] + lx - wx, c[1] + ly - wy),
                (c[0] - lx - wx, c[1] - ly - wy), (c[0] - lx + wx, c[1] - ly + wy))

    def contains(self, p: Point, margin: float = 0.0) -> bool:
        dx, dy = p[0] - self.cx, p[1] - self.cy
        along = dx * self.ax + dy * self.ay
        across = dx * self.ay - dy * self.ax
        return (abs(along) <= self.half_length + margin
                and abs(across) <= self.half_width + margin)


def rect_ahead(pose: Pose, behind: float, length: float, width: float) -> Rect:
    """The rectangle of ``length`` x ``width`` starting ``behind`` mm behind ``pose`` and
    running ahead along its heading."""
    fx, fy = pose.forward
    centre = length / 2 - behind
    return Rect(pose.x + fx * centre, pose.y + fy * centre, fx, fy, length / 2, width / 2)


@lru_cache(maxsize=8192)
def body(pose: Pose) -> Rect:
    """A vehicle's base (its area of influence, 1.2) from its front-arrow pose."""
    return rect_ahead(pose, CARD_LENGTH - ARROW_INSET, CARD_LENGTH, CARD_WIDTH)


def card_at(entry: Pose) -> Rect:
    """A maneuver card seated with its green entry arrow on ``entry`` (the arrow sits 12 mm
    in from the card's near end)."""
    return rect_ahead(entry, ARROW_INSET, CARD_LENGTH, CARD_WIDTH)


def _project(rect: Rect, axis: Point) -> tuple[float, float]:
    centre = rect.cx * axis[0] + rect.cy * axis[1]
    reach = (rect.half_length * abs(rect.ax * axis[0] + rect.ay * axis[1])
             + rect.half_width * abs(rect.ay * axis[0] - rect.ax * axis[1]))
    return centre - reach, centre + reach


def apart(a: Rect, b: Rect) -> bool:
    """Whether two rectangles' centres lie too far apart for them to meet: the first test
    :func:`overlap` makes (so ``apart(a, b)`` means ``overlap(a, b, slack)`` is False for
    any slack), the same sums, for a caller that skips several overlaps with one test."""
    dx, dy = a.cx - b.cx, a.cy - b.cy
    reach = a.half_length + a.half_width + b.half_length + b.half_width
    return dx * dx + dy * dy > reach * reach


def overlap(a: Rect, b: Rect, slack: float = 0.0) -> bool:
    """Whether two rectangles overlap by more than ``slack`` mm on every separating axis
    (slack > 0: touching is not overlapping). The battles' hottest test, so the projection
    of :func:`_project` is written out here, the same sums in the same order."""
    acx, acy, aax, aay, ahl, ahw = a
    bcx, bcy, bax, bay, bhl, bhw = b
    dx, dy = acx - bcx, acy - bcy
    reach = ahl + ahw + bhl + bhw  # >= both diagonals
    if dx * dx + dy * dy > reach * reach:
        return False
    for ux, uy in ((aax, aay), (aay, -aax), (bax, bay), (bay, -bax)):
        centre = acx * ux + acy * uy
        spread = ahl * abs(aax * ux + aay * uy) + ahw * abs(aay * ux - aax * uy)
        a_low, a_high = centre - spread, centre + spread
        centre = bcx * ux + bcy * uy
        spread = bhl * abs(bax * ux + bay * uy) + bhw * abs(bay * ux - bax * uy)
        b_low, b_high = centre - spread, centre + spread
        if (a_high if a_high < b_high else b_high) - (a_low if a_low > b_low else b_low) \
                <= slack:
            return False
    return True


def inside(rect: Rect, width: float, height: float) -> bool:
    """Whether every corner of ``rect`` lies on a width x height map. Asked for every step
    of every card the driver lays, so the corners of :meth:`Rect.corners` are written out
    here (the same sums) and the test stops at the first corner off the map."""
    cx, cy, ax, ay, half_length, half_width = rect
    lx, ly = ax * half_length, ay * half_length
    wx, wy = ay * half_width, -ax * half_width
    return (0.0 <= cx + lx + wx <= width and 0.0 <= cy + ly + wy <= height
            and 0.0 <= cx + lx - wx <= width and 0.0 <= cy + ly - wy <= height
            and 0.0 <= cx - lx - wx <= width and 0.0 <= cy - ly - wy <= height
            and 0.0 <= cx - lx + wx <= width and 0.0 <= cy - ly + wy <= height)


def distance_along(start: Pose, rect: Rect, half_width: float = math.inf) -> float:
    """How far along ``start``'s heading ``rect`` begins within ``half_width`` of the line
    ahead (0 if behind; inf if it lies wholly outside that strip). A fire corridor meets a
    base where the base crosses the strip, not at the base's nearest corner: a turned base's
    corner can stand nearer but off to the side (7.2 'the first vehicle to interrupt the
    range ruler'). The rectangle is clipped to the strip and its nearest point kept."""
    fx, fy = start.forward
    points = [((x - start.x) * fx + (y - start.y) * fy, (x - start.x) * fy - (y - start.y) * fx)
              for x, y in rect.corners()]
    if half_width != math.inf:
        points = _clipped(_clipped(points, half_width), -half_width)
        if not points:
            return math.inf
    return max(0.0, min(along for along, _ in points))


def _clipped(points: list[Point], bound: float) -> list[Point]:
    """The polygon ``points`` (along, across) cut to across <= bound (bound >= 0) or to
    across >= bound (bound < 0): one Sutherland-Hodgman pass."""
    sign = 1.0 if bound >= 0 else -1.0
    limit = abs(bound)
    kept: list[Point] = []
    for index, (a_along, a_across) in enumerate(points):
        b_along, b_across = points[(index + 1) % len(points)]
        a_in = sign * a_across <= limit
        if a_in:
            kept.append((a_along, a_across))
        if a_in != (sign * b_across <= limit):
            share = (sign * limit - a_across) / (b_across - a_across)
            kept.append((a_along + share * (b_along - a_along), sign * limit))
    return kept


def between(a: Pose, b: Pose, t: float) -> Pose:
    """The pose a share ``t`` of the way from ``a`` to ``b``, turning the short way round."""
    turn = (b.heading - a.heading + 180.0) % 360.0 - 180.0
    return Pose(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, (a.heading + turn * t) % 360.0)
