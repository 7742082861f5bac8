"""The twenty double-sided Outrider maneuver cards (1.1).

Each side shows its title, difficulty number and road sign (a white rectangle for a straight,
a yellow diamond for a turn), the green entry arrow in the highlighted card seat and the red
exit arrow where the maneuver ends. The road between them is drawn as the path the vehicle
follows. The next card's seat overlaps this card until its green arrow lies on this card's
red one; a vehicle finishing here lines its front arrow up with the red arrow.

Titles, difficulties, pairings and exits are data (``data/maneuvers.yaml``, which records what
is read from the rulebook and what is reconstructed). Identical sides are drawn once per file.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import Color, white

from generator.games.outrider.catalogues import ManeuverFace, OutriderData
from generator.games.outrider.layout import (
    ARC_RED,
    ASPHALT,
    ENTRY_GREEN,
    SEAT_ROAD,
    SEAT_TINT,
    SIGN_YELLOW,
)
from generator.paper.drawing import colour, polyline_path
from generator.paper.icons import IconSet
from generator.paper.imposition import Piece
from generator.paper.layout import (
    INK,
    Blocks,
    Pen,
    Plan,
    Slot,
    cut_line,
)
from generator.paper.pieces import clip_polygon, clip_polyline
from generator.paper.units import mm, to_mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "outrider/maneuver-card.j2"
BACKGROUND = colour("#e9e4d8")
ROAD_WIDTH, ROAD_RUN_ON = 30.0, 20.0
ARROW_LENGTH, ARROW_WIDTH = 10.0, 8.0
TITLE_TOP, BADGE_Y = 60.0, 81.0
SIGN_ICONS = {("straight", "none"): "sign_straight", ("turn", "right"): "sign_right",
              ("turn", "left"): "sign_left"}


def sign_icon(face: ManeuverFace) -> str:
    """The arrow on the road sign: straight, a turn, or a swerve (an S) to one side."""
    if face.id.startswith("swerve_"):
        return f"sign_swerve_{face.turn}"
    return SIGN_ICONS[(face.type, face.turn)]


def plan_face(face: ManeuverFace, templates: TextTemplates, width: float) -> Plan:
    """Fit the text of one maneuver side; only a user's template can make it too long."""
    text = Blocks(templates.blocks(TEMPLATE, {"face": face}))
    slots = [
        Slot("title", text["title"], 8.5, TITLE_TOP + 1.0, width - 17, 7.0, 11, BOLD),
        Slot("difficulty", text["difficulty"], 7.5, BADGE_Y - 4.2, 13, 8.0, 17, BOLD,
             colour_hex="#ffffff"),
        Slot("difficulty label", text["difficulty_label"], 2.5, BADGE_Y + 8.4, 23, 3.0, 6,
             BOLD),
        Slot("sign label", text["type_label"], width - 25.5, BADGE_Y + 8.4, 23, 3.0, 6, BOLD),
        Slot("seat label", text["seat_label"], 3.0, 97.5, 30, 3.0, 6, BOLD, "left",
             colour_hex="#1f6323"),
    ]
    return Plan().place_all(slots).require(f"maneuver card {face.title}")


@dataclass(frozen=True)
class ManeuverSide:
    """One side of a maneuver card; every copy of a side shares one drawing."""

    face: ManeuverFace
    plan: Plan = field(compare=False)
    data: OutriderData = field(repr=False, compare=False)
    icons: IconSet = field(repr=False, compare=False)

    @property
    def key(self) -> tuple[str, str]:
        return ("outrider-maneuver", self.face.id)

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h, self.icons)
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=BACKGROUND)
        inset, seat = self.data.geometry["arrow_inset"], self.data.geometry["seat"]
        pen.rect(-b, h - seat, w + 2 * b, seat + b, fill=SEAT_TINT)
        road = road_points(self.face, w, h, b, inset)
        _draw_road(pen, road, ASPHALT, (-b, -b, w + 2 * b, h - seat + b))
        _draw_road(pen, road, SEAT_ROAD, (-b, h - seat, w + 2 * b, seat + b))
        pen.line(-b, h - seat, w + b, h - seat, ENTRY_GREEN, 0.8, dash=(4, 2))
        pen.arrow(w / 2, h - inset, 0, ARROW_LENGTH, ARROW_WIDTH, ENTRY_GREEN, INK)
        exit_ = self.face.exit
        pen.arrow(exit_.x, exit_.y, exit_.heading, ARROW_LENGTH, ARROW_WIDTH, ARC_RED, INK)
        pen.rect(7.0, TITLE_TOP, w - 14, 9.0, fill=white, stroke=INK, line=0.6, radius=1.5)
        pen.circle(14.0, BADGE_Y, 7.0, fill=INK)
        _draw_sign(pen, self.face, w - 14.0, BADGE_Y)
        pen.texts(self.plan)
        cut_line(canvas, width, height)


def _heading_vector(degrees: float) -> tuple[float, float]:
    """A unit step in the direction ``degrees`` clockwise from up (y grows down)."""
    angle = math.radians(degrees)
    return (math.sin(angle), -math.cos(angle))


def road_points(face: ManeuverFace, w: float, h: float, b: float, inset: float
                ) -> list[tuple[float, float]]:
    """The road's centre line, in mm: up from the bottom edge through the entry arrow, a
    curve to the exit arrow, then on past it along the exit heading."""
    sx, sy = w / 2, h - inset
    ex, ey = face.exit.x, face.exit.y
    dx, dy = _heading_vector(face.exit.heading)
    reach = math.hypot(ex - sx, ey - sy) / 2.5
    controls = [(sx, sy), (sx, sy - reach), (ex - dx * reach, ey - dy * reach), (ex, ey)]
    points = [(sx, h + b)]
    for step in range(25):
        t = step / 24
        points.append(_bezier(controls, t))
    points.append((ex + dx * ROAD_RUN_ON, ey + dy * ROAD_RUN_ON))
    return points


def _bezier(p: list[tuple[float, float]], t: float) -> tuple[float, float]:
    u = 1 - t
    weights = (u ** 3, 3 * u * u * t, 3 * u * t * t, t ** 3)
    return (sum(wt * x for wt, (x, _) in zip(weights, p, strict=True)),
            sum(wt * y for wt, (_, y) in zip(weights, p, strict=True)))


def road_outline(points: list[tuple[float, float]], width: float
                 ) -> list[tuple[float, float]]:
    """The road as a polygon: the centre line offset half the road's width to each side
    (a filled shape, so what is printed is exactly what the geometry says)."""
    left, right = [], []
    for index, (x, y) in enumerate(points):
        ax, ay = points[max(index - 1, 0)]
        bx, by = points[min(index + 1, len(points) - 1)]
        length = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = -(by - ay) / length * width / 2, (bx - ax) / length * width / 2
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    return left + right[::-1]


def _draw_road(pen: Pen, points: list[tuple[float, float]], surface: Color,
               within: tuple[float, float, float, float]) -> None:
    """The road along ``points`` in ``surface`` colour, with a dashed centre line, clipped
    to the box ``within`` (x, y, width, height in mm)."""
    c = pen.canvas
    c.saveState()
    x, y, width, height = within
    pen.clip_polygon([(x, y), (x + width, y), (x + width, y + height), (x, y + height)])
    # Cut to the box as geometry too: the road runs on past the card, and a shape left to
    # the clip path alone would still reach off the page in the PDF's drawing.
    box = (x, y, x + width, y + height)
    outline = clip_polygon(road_outline(points, ROAD_WIDTH), box)
    if outline:
        pen.polygon(outline, fill=surface)
    c.setStrokeColor(white)
    c.setLineWidth(mm(0.8))
    c.setDash([mm(4), mm(3)])
    for run in clip_polyline(points, box):
        path = polyline_path(c, [pen.point(px, py) for px, py in run], closed=False)
        c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def _draw_sign(pen: Pen, face: ManeuverFace, cx: float, cy: float) -> None:
    """The road sign: a white rectangle (straight) or a yellow diamond (turn)."""
    if face.type == "straight":
        pen.rect(cx - 5.5, cy - 7.0, 11.0, 14.0, fill=white, stroke=INK, line=0.9, radius=1.0)
        pen.icon(sign_icon(face), cx, cy, 9.5)
    else:
        r = 8.8
        pen.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=SIGN_YELLOW,
                    stroke=INK, line=0.9)
        pen.icon(sign_icon(face), cx, cy, 8.0)


def maneuver_pieces(data: OutriderData, templates: TextTemplates, icons: IconSet,
                    width: float) -> list[Piece]:
    """Every maneuver card, front and back, planned; each distinct side planned once."""
    sides: dict[str, ManeuverSide] = {}

    def side(face: ManeuverFace) -> ManeuverSide:
        if face.id not in sides:
            sides[face.id] = ManeuverSide(face, plan_face(face, templates, to_mm(width)), data,
                                          icons)
        return sides[face.id]

    return [Piece(side(card.front), side(card.back), label=card.front.title)
            for card in data.maneuver_cards()]
