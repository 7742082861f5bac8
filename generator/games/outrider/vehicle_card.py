"""The Outrider vehicle card: one variant on each side, arcs drawn on its edges.

The card is the vehicle's base and area of influence (1.2), the same shape as a maneuver
card. Its front arrow (red) and rear arrow (green) sit where a maneuver card's exit and entry
arrows do, so a chain seats onto it exactly. Weapon arcs are drawn on the edges they face:
a fixed arc as a small rectangle one fire corridor wide, an articulated arc as a 90 degree
wedge; the primary solid red, a secondary striped. Two arcs on an edge sit either side of its
centre, as far apart as the two corridors on a range card's dual side.

The front of the card is the narrow-arc variant, the back the wide-arc variant.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import white

from generator.games.outrider.catalogues import OutriderData
from generator.games.outrider.layout import (
    ARC_RED,
    ENTRY_GREEN,
    LIGHT_OFF,
    LIGHT_ON,
    SAND,
)
from generator.games.outrider.model import CHARACTERISTICS, FACINGS, Arc, Variant, Vehicle
from generator.paper.art import Area, draw_art
from generator.paper.colour import canvas_inks, under_light_text
from generator.paper.drawing import colour
from generator.paper.icons import IconSet
from generator.paper.imposition import Component
from generator.paper.layout import (
    INK,
    SAFE_SLACK,
    Blocks,
    Pen,
    Plan,
    Slot,
    cut_line,
    safe_zone,
)
from generator.paper.units import mm, to_mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "outrider/vehicle-card.j2"
ARROW_LENGTH, ARROW_WIDTH = 10.0, 8.0
FIXED_DEPTH_SHARE = 0.75          # a fixed arc is shallower than a wedge
BONUS_TOP, BONUS_COLUMN = 84.0, 15.5
MAX_LIGHTS = 2
# The picture's box (mm): between the name band and the flavour text, where the nickname's
# silhouette goes when the vehicle names no art of its own.
ART_TOP, ART_WIDTH, ART_HEIGHT = 36.0, 50.0, 36.0
ART_AREA = Area("the vehicle card", mm(ART_WIDTH), mm(ART_HEIGHT))


def card_component(data: OutriderData) -> Component:
    """The shared card shape (components.yaml: card), with the default 3 mm bleed."""
    size = data.sizes["card"]
    return Component(size.width, size.height)


def card_text(vehicle: Vehicle, side: str, data: OutriderData, templates: TextTemplates
              ) -> Blocks:
    """The template blocks for one side of the vehicle card."""
    variant: Variant = getattr(vehicle.variants, side)
    characteristics = [{"id": c, "label": data.characteristics[c].label,
                        "value": variant.bonuses.of(c)} for c in CHARACTERISTICS]
    context: dict[str, Any] = {"vehicle": vehicle, "side": side, "variant": variant,
                               "characteristics": characteristics}
    return Blocks(templates.blocks(TEMPLATE, context))


def plan_card(text: Blocks, width: float) -> Plan:
    """Fit every text of one side of the vehicle card."""
    slots = [
        Slot("name", text["name"], 6, 20.5, width - 12, 7.0, 11, BOLD, colour_hex="#ffffff"),
        Slot("nickname", text["nickname_line"], 6, 27.2, width - 12, 3.4, 6.5, BOLD,
             colour_hex="#ffffff"),
        Slot("variant title", text["side_line"], 6, 30.6, width - 12, 3.2, 6,
             colour_hex="#ffffff"),
        Slot("flavour", text["flavour"], 10, 73.5, width - 20, 9.5, 6.5),
    ]
    for index, label in enumerate(text.lines("bonus_label_lines")[:len(CHARACTERISTICS)]):
        slots.append(Slot(f"bonus label {index + 1}", label, _bonus_x(index, width) - 0.5,
                          BONUS_TOP + 8.5, BONUS_COLUMN + 1.0, 3.0, 6, BOLD))
    # The bonus as a number, right of its lights: the lights alone cannot be read aloud.
    for index, value in enumerate(text.rows("bonus_value_lines")[:len(CHARACTERISTICS)]):
        if value:
            slots.append(Slot(f"bonus value {index + 1}", value,
                              _bonus_x(index, width) + BONUS_COLUMN / 2 + 4.0, BONUS_TOP + 12.4,
                              3.6, 3.2, 6, BOLD, align="left"))
    return Plan().place_all(slots)


def _bonus_x(index: int, width: float) -> float:
    """Left edge of the bonus column ``index`` (four columns centred on the card)."""
    return (width - len(CHARACTERISTICS) * BONUS_COLUMN) / 2 + index * BONUS_COLUMN


@dataclass(frozen=True)
class VehicleCardFace:
    """One side of a vehicle card, planned and ready to draw."""

    vehicle: Vehicle
    variant: Variant
    plan: Plan
    data: OutriderData = field(repr=False, compare=False)
    icons: IconSet = field(repr=False, compare=False)
    key: None = None

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h, self.icons)
        # White text sits on it: deep enough for it as printed (CMYK, ink limit).
        accent = under_light_text(colour(self.vehicle.colour), canvas_inks(canvas))
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=SAND)
        pen.rect(-b, 19.5, w + 2 * b, 15.0, fill=accent)
        _draw_arcs(pen, self.variant, self.data, w, h, b)
        inset = self.data.geometry["arrow_inset"]
        pen.arrow(w / 2, inset, 0, ARROW_LENGTH, ARROW_WIDTH, ARC_RED, INK)
        pen.arrow(w / 2, h - inset, 0, ARROW_LENGTH, ARROW_WIDTH, ENTRY_GREEN, INK)
        if self.vehicle.art is not None:
            draw_art(pen, self.vehicle.art, (w - ART_WIDTH) / 2, ART_TOP, ART_WIDTH, ART_HEIGHT)
        else:
            nickname = self.data.nickname_class(self.vehicle.nickname)
            pen.icon(nickname.icon if nickname else "car_top", w / 2, 54.0, 34.0, accent)
        _draw_bonuses(pen, self.variant, self.data, w)
        pen.texts(self.plan)
        cut_line(canvas, width, height)


def _draw_bonuses(pen: Pen, variant: Variant, data: OutriderData, width: float) -> None:
    """The four characteristic icons, each over its green lights (lit = bonus)."""
    left = _bonus_x(0, width)
    # The box's margin round the columns, narrower in a print shop where it would reach
    # into the safe zone (the columns and their labels stay where they are).
    zone = to_mm(safe_zone(pen.canvas))
    pad = 1.0 if zone <= 0 else max(0.0, min(1.0, left - zone - SAFE_SLACK))
    pen.rect(left - pad, BONUS_TOP - 1.0, len(CHARACTERISTICS) * BONUS_COLUMN + 2 * pad,
             17.5, fill=white, stroke=INK, line=0.6, radius=2.0)
    for index, characteristic in enumerate(CHARACTERISTICS):
        centre = _bonus_x(index, width) + BONUS_COLUMN / 2
        pen.icon(data.characteristics[characteristic].icon, centre, BONUS_TOP + 4.2, 7.0)
        value = variant.bonuses.of(characteristic)
        for light in range(MAX_LIGHTS):
            x = centre + (light - (MAX_LIGHTS - 1) / 2) * 4.5
            pen.circle(x, BONUS_TOP + 14.0, 1.6, fill=LIGHT_ON if light < value else LIGHT_OFF,
                       stroke=INK, line=0.4)


def arc_centres(count: int, length: float, offset: float) -> list[float]:
    """Where ``count`` arcs sit along an edge of ``length``: the centre, or either side."""
    middle = length / 2
    return [middle] if count == 1 else [middle - offset, middle + offset][:count]


def _draw_arcs(pen: Pen, variant: Variant, data: OutriderData, w: float, h: float,
               b: float) -> None:
    offset = data.geometry["paired_arc_offset"]
    for facing in FACINGS:
        arcs = variant.arcs_on(facing)
        length = w if facing in ("front", "rear") else h
        for arc, centre in zip(arcs, arc_centres(len(arcs), length, offset), strict=False):
            _draw_arc(pen, arc, centre, data, w, h, b)


def _draw_arc(pen: Pen, arc: Arc, centre: float, data: OutriderData, w: float, h: float,
              b: float) -> None:
    """One arc, drawn in edge coordinates (along the edge, depth into the card) and mapped
    onto the card's edge; it runs on into the bleed so a loose cut keeps it at the edge."""
    depth = data.geometry["arc_depth"]
    if arc.mount == "fixed":
        half = data.geometry["fixed_arc_width"] / 2
        d = depth * FIXED_DEPTH_SHARE
        shape = [(centre - half, -b), (centre + half, -b), (centre + half, d), (centre - half, d)]
    else:
        shape = [(centre - depth - b, -b), (centre + depth + b, -b), (centre, depth)]
    points = [_on_edge(arc.facing, along, into, w, h) for along, into in shape]
    if arc.weapon == "primary":
        pen.polygon(points, fill=ARC_RED, stroke=INK, line=0.5)
        return
    xs, ys = [x for x, _ in points], [y for _, y in points]
    pen.canvas.saveState()
    pen.clip_polygon(points)
    if safe_zone(pen.canvas) > 0:
        _edge_stripes(pen, arc.facing, [along for along, _ in shape], b, depth, w, h)
    else:
        pen.stripes(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), ARC_RED, white,
                    band=1.6)
    pen.canvas.restoreState()
    pen.polygon(points, stroke=ARC_RED, line=0.8)


def _edge_stripes(pen: Pen, facing: str, alongs: list[float], b: float, depth: float,
                  w: float, h: float) -> None:
    """A secondary arc's red and white stripes in a print shop: square to the edge, each
    running from the bleed to the arc's depth, so that every stripe is art past the cut
    (a diagonal stripe near the arc's tip would stop inside the safe zone)."""
    band = 1.6
    start, end = min(alongs), max(alongs)
    pen.polygon([_on_edge(facing, a, d, w, h) for a, d in
                 ((start, -b), (end, -b), (end, depth), (start, depth))], fill=ARC_RED)
    along = start + band
    while along < end:
        pen.polygon([_on_edge(facing, a, d, w, h) for a, d in
                     ((along, -b), (along + band, -b), (along + band, depth), (along, depth))],
                    fill=white)
        along += 2 * band


def _on_edge(facing: str, along: float, into: float, w: float, h: float
             ) -> tuple[float, float]:
    """A point ``along`` an edge and ``into`` the card from it, in card mm (top-left)."""
    if facing == "front":
        return (along, into)
    if facing == "rear":
        return (along, h - into)
    if facing == "left":
        return (into, along)
    return (w - into, along)
