"""The pieces a sheet holds: rectangles in points, a component's trim, bleed and cut shape,
its faces, and the art many faces share (layers, drawn once per file as PDF forms).

Faces draw in their own coordinates: (0, 0) is the trim's lower-left corner and the art may
run ``bleed`` beyond every edge. A face with a ``key`` is drawn once per file as a PDF form
and reused, which keeps large decks of identical cards small and fast.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Literal, Protocol
from weakref import WeakKeyDictionary

from reportlab.pdfgen.canvas import Canvas

from generator.paper.units import mm, to_mm

CutShape = Literal["rectangle", "rounded", "hexagon"]

@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in points, origin at the lower-left like PDF."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def grown(self, amount: float) -> Rect:
        """The rectangle enlarged by ``amount`` on every side (e.g. trim -> bleed)."""
        return Rect(self.x - amount, self.y - amount, self.width + 2 * amount,
                    self.height + 2 * amount)

    def box(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1), the form a PDF page box is written in."""
        return (self.x, self.y, self.right, self.top)

    def contains_point(self, x: float, y: float, tolerance: float = 1e-6) -> bool:
        """True when (x, y) lies strictly inside, not on an edge."""
        return (self.x + tolerance < x < self.right - tolerance
                and self.y + tolerance < y < self.top - tolerance)


def bounding(rects: Sequence[Rect]) -> Rect:
    """The smallest rectangle holding every one of ``rects``."""
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    x1, y1 = max(r.right for r in rects), max(r.top for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)


@dataclass(frozen=True)
class Component:
    """The geometry of one kind of printed piece: trim, bleed and the shape it is cut to."""

    width: float
    height: float
    bleed: float = mm(3)
    shape: CutShape = "rectangle"
    corner_radius: float = 0.0
    # True when the faces draw their own art under any bleed they are given (pieces cut
    # along an outline: hex tokens, joined-hex counters); a print shop then gives them its
    # bleed. Otherwise a piece designed without bleed is extended by mirroring its edges.
    own_bleed: bool = False

    def describe(self) -> str:
        return f"{to_mm(self.width):.1f} x {to_mm(self.height):.1f} mm"

    def with_bleed(self, bleed: float) -> Component:
        """The same piece with another bleed (the command line's ``--bleed``)."""
        return replace(self, bleed=bleed)

    def bleed_size(self) -> tuple[float, float]:
        """Width and height of the art including bleed: a print-shop page."""
        return (self.width + 2 * self.bleed, self.height + 2 * self.bleed)


class Face(Protocol):
    """One side of a piece. ``key`` is None or a value equal for identical artwork."""

    @property
    def key(self) -> Hashable | None: ...

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None: ...


@dataclass(frozen=True)
class Layer:
    """Art many faces share (a card's design under each vehicle's name). A face lists its
    layers in a ``layers`` attribute; the writer draws each once per file as a form, and the
    face places it with :func:`use_layer`, so a thousand decks cost one drawing of the art."""

    key: Hashable
    draw: Callable[[Canvas, float, float, float], None]


_LAYER_FORMS: WeakKeyDictionary[Canvas, dict[Hashable, str]] = WeakKeyDictionary()
# The face forms of each file, shared by every SheetWriter drawing on it.
FACE_FORMS: WeakKeyDictionary[Canvas, dict[Hashable, str]] = WeakKeyDictionary()


def use_layer(canvas: Canvas, layer: Layer, width: float, height: float,
              bleed: float) -> None:
    """Place ``layer`` from its form if the writer defined one, else draw it here."""
    name = _LAYER_FORMS.get(canvas, {}).get(layer.key)
    if name is None:
        layer.draw(canvas, width, height, bleed)
    else:
        canvas.doForm(name)


def define_layers(canvas: Canvas, face: Face, component: Component) -> None:
    """Draw each of ``face``'s layers as a form, once per file (forms cannot nest in
    ReportLab, so this happens before the face's own form is begun)."""
    bleed = component.bleed
    box = Rect(0, 0, component.width, component.height).grown(bleed)
    for layer in getattr(face, "layers", ()):
        define_layer(canvas, layer, box, component)


def define_layer(canvas: Canvas, layer: Layer, box: Rect,
                 component: Component | None = None) -> None:
    """Draw ``layer`` as a form with bounding box ``box``, unless this file has it."""
    forms = _LAYER_FORMS.setdefault(canvas, {})
    if layer.key in forms:
        return
    name = f"layer{len(forms)}"
    canvas.beginForm(name, lowerx=box.x, lowery=box.y, upperx=box.right, uppery=box.top)
    if component is None:
        layer.draw(canvas, box.width, box.height, 0.0)
    else:
        layer.draw(canvas, component.width, component.height, component.bleed)
    canvas.endForm()
    forms[layer.key] = name


@dataclass(frozen=True)
class Piece:
    """A thing to cut out: its front, its back if it has one, and a label for reports."""

    front: Face
    back: Face | None = None
    label: str = ""


class Caption(Protocol):
    """Text printed above the pieces of a sheet (what they are, at what size)."""

    def draw(self, canvas: Canvas, band: Rect) -> None: ...



def hexagon_points(trim: Rect) -> list[tuple[float, float]]:
    """The corners of a flat-topped hexagon filling ``trim`` (width = corner to corner)."""
    quarter = trim.width / 4
    mid = trim.y + trim.height / 2
    return [(trim.x, mid), (trim.x + quarter, trim.y), (trim.right - quarter, trim.y),
            (trim.right, mid), (trim.right - quarter, trim.top), (trim.x + quarter, trim.top)]



def grown_polygon(points: Sequence[tuple[float, float]], distance: float
                  ) -> list[tuple[float, float]]:
    """``points`` (a simple polygon, either winding) with every edge moved ``distance``
    outwards and the corners mitred: the outline of a die-cut piece's bleed."""
    count = len(points)
    area = sum(points[i][0] * points[(i + 1) % count][1] - points[(i + 1) % count][0]
               * points[i][1] for i in range(count))
    outward = 1.0 if area < 0 else -1.0  # counter-clockwise: the outside is on the right

    def shifted(i: int) -> tuple[tuple[float, float], tuple[float, float]]:
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % count]
        length = math.hypot(x2 - x1, y2 - y1)
        nx, ny = outward * -(y2 - y1) / length, outward * (x2 - x1) / length
        return (x1 + nx * distance, y1 + ny * distance), (x2 - x1, y2 - y1)

    grown = []
    for i in range(count):
        (px, py), (dx, dy) = shifted(i - 1)
        (qx, qy), (ex, ey) = shifted(i)
        cross = dx * ey - dy * ex
        if abs(cross) < 1e-12:
            grown.append((qx, qy))
            continue
        t = ((qx - px) * ey - (qy - py) * ex) / cross
        grown.append((px + t * dx, py + t * dy))
    return grown


Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def bleed_box(width: float, height: float, bleed: float) -> Box:
    """A face's bleed box in its own coordinates (either y direction: it is symmetric)."""
    return (-bleed, -bleed, width + bleed, height + bleed)


def clip_polygon(points: Sequence[tuple[float, float]], box: Box) -> list[tuple[float, float]]:
    """The part of the polygon ``points`` inside the rectangle ``box`` (Sutherland-Hodgman).

    Art clipped by a clip path still carries its whole outline into the PDF, where a reader
    (or a print shop's preflight) sees it run off the page; art cut to its box here is what
    prints, so a bleed's mitred hexagon corner or a road running on past a card's edge ends
    exactly at the bleed."""
    x0, y0, x1, y1 = box
    edges: tuple[tuple[int, float, float], ...] = ((0, x0, 1.0), (0, x1, -1.0),
                                                   (1, y0, 1.0), (1, y1, -1.0))
    result = list(points)
    for axis, limit, sign in edges:
        if not result:
            break
        current, result = result, []
        for index, point in enumerate(current):
            previous = current[index - 1]
            inside = sign * (point[axis] - limit) >= 0
            was_inside = sign * (previous[axis] - limit) >= 0
            if inside != was_inside:
                result.append(_crossing(previous, point, axis, limit))
            if inside:
                result.append(point)
    return result


def clip_polyline(points: Sequence[tuple[float, float]], box: Box
                  ) -> list[list[tuple[float, float]]]:
    """The runs of the open line ``points`` inside ``box``, each a list of points."""
    runs: list[list[tuple[float, float]]] = []
    run: list[tuple[float, float]] = []
    for start, end in zip(points, points[1:], strict=False):
        segment = _clip_segment(start, end, box)
        if segment is None:
            run = []
            continue
        if not run or run[-1] != segment[0]:
            run = [segment[0]]
            runs.append(run)
        run.append(segment[1])
    return runs


def _crossing(a: tuple[float, float], b: tuple[float, float], axis: int, limit: float
              ) -> tuple[float, float]:
    t = (limit - a[axis]) / (b[axis] - a[axis])
    return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))


def _clip_segment(a: tuple[float, float], b: tuple[float, float], box: Box
                  ) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The part of the segment ``a``-``b`` inside ``box`` (Liang-Barsky), or None."""
    low, high = 0.0, 1.0
    delta = (b[0] - a[0], b[1] - a[1])
    for axis, lower, upper in ((0, box[0], box[2]), (1, box[1], box[3])):
        if abs(delta[axis]) < 1e-12:
            if not lower <= a[axis] <= upper:
                return None
            continue
        t1, t2 = (lower - a[axis]) / delta[axis], (upper - a[axis]) / delta[axis]
        low, high = max(low, min(t1, t2)), min(high, max(t1, t2))
        if low > high:
            return None
    return ((a[0] + low * delta[0], a[1] + low * delta[1]),
            (a[0] + high * delta[0], a[1] + high * delta[1]))


def bleed_outline(points: Sequence[tuple[float, float]], bleed: float, width: float,
                  height: float) -> list[tuple[float, float]]:
    """A die-cut piece's outline grown by ``bleed``, cut to its ``width`` x ``height`` face's
    bleed box: a mitred corner would otherwise run past the box (by 0.46 mm at a hexagon's
    point for a 3 mm bleed)."""
    return clip_polygon(grown_polygon(points, bleed), bleed_box(width, height, bleed))
