"""The Outrider dashboard card: one side per variant, laid out as section 2.7 describes.

Across the top, the yellow-and-black Damage Track with places for six armor tokens; along
the bottom, the Skill Track with a place for each of the driver's Skill Points; down the
right, the three action tokens; the left side is kept for the Speedometer and expansion
equipment. In the middle, the four equipment slots (the die each holds, what it means, and
the green lights of the characteristic beneath it) around the tachometer, its needle on the
engine's Action Points. Token places are sized for our 5/8 in and 1/2 in counters.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import Color, white

from generator.games.outrider.catalogues import OutriderData
from generator.games.outrider.layout import (
    ARC_RED,
    HAZARD_YELLOW,
    LIGHT_OFF,
    LIGHT_ON,
    RULE,
)
from generator.games.outrider.model import SLOTS, Variant, Vehicle
from generator.paper.drawing import colour, mix
from generator.paper.icons import IconSet
from generator.paper.imposition import Component
from generator.paper.layout import (
    INK,
    INK_HEX,
    Blocks,
    Pen,
    Plan,
    Slot,
    cut_line,
)
from generator.paper.units import to_mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "outrider/dashboard.j2"
PANEL = colour("#f4f1ea")
EDGE = 4.0                                   # margin inside the trim
STRIPE_HEIGHT = 4.0
TITLE_LEFT = EDGE + 3.5
DAMAGE_SLOTS = 6
TOKEN_PITCH = 18.5                           # centre to centre of 5/8 in token places
DAMAGE_Y = 16.0
MIDDLE_TOP, MIDDLE_BOTTOM = 30.0, 100.0
LEFT_WIDTH = 54.0
SLOT_WIDTH, SLOT_HEIGHT, SLOT_GAP = 32.0, 34.0, 2.0
CENTRE_LEFT = EDGE + LEFT_WIDTH + 3.0
TACH_WIDTH = 34.0
RIGHT_LEFT = 166.0
ACTION_YS = (43.0, 62.0, 81.0)
SKILL_Y, SKILL_LEFT, SKILL_PITCH, SKILL_SLOTS = 111.5, 26.0, 13.9, 12
TOKEN_PLAY = 0.5                             # room around a counter in its place
TACH_MIN, TACH_MAX = 3, 6
TACH_SWEEP = (210.0, -30.0)                  # degrees, counter-clockwise from 3 o'clock
TACH_Y, TACH_RADIUS = 53.0, 11.5


def dashboard_component(data: OutriderData) -> Component:
    """The dashboard size (components.yaml), no bleed at home: it is cut on its hairline.
    A print shop's bleed it draws itself (its panel and hazard tape run on into it)."""
    size = data.sizes["dashboard"]
    return Component(size.width, size.height, bleed=0.0, own_bleed=True)


def token_radius(data: OutriderData, size: str) -> float:
    """Radius in mm of a token place: the counter's width plus a little play."""
    return to_mm(data.sizes[size].width) / 2 + TOKEN_PLAY


def slot_boxes() -> dict[str, tuple[float, float]]:
    """Top-left (mm) of each equipment slot: engine and driver left of the tachometer,
    armor and weapon right of it."""
    right = CENTRE_LEFT + SLOT_WIDTH + TACH_WIDTH + 2 * SLOT_GAP
    lower = MIDDLE_TOP + SLOT_HEIGHT + SLOT_GAP
    return {"engine": (CENTRE_LEFT, MIDDLE_TOP), "driver": (CENTRE_LEFT, lower),
            "armor": (right, MIDDLE_TOP), "weapon": (right, lower)}


def dashboard_text(vehicle: Vehicle, side: str, data: OutriderData, templates: TextTemplates
                   ) -> Blocks:
    """The template blocks for one side of the dashboard."""
    variant: Variant = getattr(vehicle.variants, side)
    slots = []
    for slot_id in SLOTS:
        slot = data.slots[slot_id]
        sides = vehicle.equipment.die(slot_id)
        slots.append({"id": slot_id, "label": slot.label, "sides": sides,
                      "meaning": data.meaning(slot_id, sides), "summary": slot.summary,
                      "characteristic": slot.characteristic,
                      "bonus": variant.bonuses.of(slot.characteristic)})
    context: dict[str, Any] = {
        "vehicle": vehicle, "side": side, "variant": variant, "slots": slots,
        "action_points": vehicle.action_points, "skill_points": vehicle.skill_points,
        "upgrades": vehicle.upgrades,
        "tachometer_marks": list(range(TACH_MIN, TACH_MAX + 1))}
    return Blocks(templates.blocks(TEMPLATE, context))


def plan_dashboard(text: Blocks, width: float, action_points: int) -> Plan:
    """Fit every text of one side of the dashboard; the engine's AP is lit on the dial."""
    damage_left = width - EDGE - DAMAGE_SLOTS * TOKEN_PITCH
    slots = [
        Slot("name", text["name"], TITLE_LEFT, STRIPE_HEIGHT + 2.5, damage_left - TITLE_LEFT - 2,
             7.5, 14, BOLD, "left"),
        Slot("subtitle", text["subtitle"], TITLE_LEFT, 14.5, damage_left - TITLE_LEFT - 2, 3.6,
             7, BOLD, "left"),
        Slot("variant title", text["side_line"], TITLE_LEFT, 18.5, damage_left - TITLE_LEFT - 2,
             3.4, 6.5, align="left", colour_hex="#5a5a5a"),
        Slot("damage label", text["damage_label"], damage_left, 25.2, width - EDGE - damage_left,
             4.0, 6, align="left"),
        Slot("speedometer label", text["speedometer_label"], EDGE + 6, 49.0, LEFT_WIDTH - 12,
             14.0, 7, colour_hex="#6b6b6b"),
        Slot("expansion label", text["expansion_label"], EDGE + 1, 84.0, LEFT_WIDTH - 2, 3.2,
             6.5, BOLD, "left"),
        Slot("expansion", "<br/>".join(text.lines("upgrade_lines")), EDGE + 1, 87.4,
             LEFT_WIDTH - 2, MIDDLE_BOTTOM - 87.4, 6.5, align="left", valign="top"),
    ]
    slots += _equipment_slots(text)
    slots += _tachometer_slots(text, action_points)
    slots += [
        Slot("actions label", text["actions_label"], RIGHT_LEFT - 1, MIDDLE_TOP, 22.0, 3.6,
             7, BOLD),
        Slot("actions note", text["actions_note"], RIGHT_LEFT - 1, 91.0, 22.0, 9.0, 6),
        Slot("skill label", text["skill_label"], EDGE + 1, SKILL_Y - 5.5, 13.5, 11.0, 7,
             align="left"),
        Slot("skill note", text["skill_note"], SKILL_LEFT - 6.0, 119.0,
             width - EDGE - SKILL_LEFT + 6.0, 3.6, 6, align="left", colour_hex="#5a5a5a"),
    ]
    return Plan().place_all(slots)


def _equipment_slots(text: Blocks) -> list[Slot]:
    labels, dice = text.lines("slot_label_lines"), text.lines("slot_die_lines")
    meanings, bonuses = text.lines("slot_meaning_lines"), text.lines("slot_bonus_lines")
    slots = []
    for index, (slot_id, (x, y)) in enumerate(slot_boxes().items()):
        slots += [
            Slot(f"{slot_id} label", _item(labels, index), x, y + 0.8, SLOT_WIDTH, 3.6, 7.5,
                 BOLD),
            Slot(f"{slot_id} die", _item(dice, index), x + SLOT_WIDTH / 2 - 6, y + 11.15, 12,
                 5.5, 10, BOLD),
            Slot(f"{slot_id} meaning", _item(meanings, index), x + 0.3, y + 22.4,
                 SLOT_WIDTH - 0.6, 7.2, 6.5),
            Slot(f"{slot_id} bonus", _item(bonuses, index), x + 0.8, y + 29.6,
                 SLOT_WIDTH - 9.5, 3.6, 6, BOLD, "left"),
        ]
    return slots


def _item(lines: list[str], index: int) -> str:
    """Item ``index`` of a list block, or nothing if the template gave fewer lines."""
    return lines[index] if index < len(lines) else ""


def _tachometer_slots(text: Blocks, action_points: int) -> list[Slot]:
    x = CENTRE_LEFT + SLOT_WIDTH + SLOT_GAP
    cx = x + TACH_WIDTH / 2
    marks = []
    for value, label in zip(range(TACH_MIN, TACH_MAX + 1), text.lines("tachometer_mark_lines"),
                            strict=False):
        mx, my = _polar(cx, TACH_Y, TACH_RADIUS + 4.6, _tach_angle(value))
        lit = value == action_points
        marks.append(Slot(f"tachometer mark {value}", label, mx - 3.5, my - 2.5, 7.0, 5.0,
                          9 if lit else 7.5, BOLD, colour_hex="#c62828" if lit else INK_HEX))
    return marks + [
        Slot("tachometer label", text["tachometer_label"], x, MIDDLE_TOP + 0.8, TACH_WIDTH,
             3.6, 7.5, BOLD),
        Slot("tachometer value", text["tachometer_value"], x, 69.0, TACH_WIDTH, 6.0, 12),
        Slot("tachometer note", text["tachometer_note"], x + 1.0, 76.0, TACH_WIDTH - 2.0, 10.0,
             6.5),
    ]


@dataclass(frozen=True)
class DashboardFace:
    """One side of a dashboard, planned and ready to draw."""

    vehicle: Vehicle
    variant: Variant
    plan: Plan
    data: OutriderData = field(repr=False, compare=False)
    icons: IconSet = field(repr=False, compare=False)
    key: None = None

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h, self.icons)
        accent = colour(self.vehicle.colour)
        # The panel and the hazard tape are art running to the cut: into the bleed where
        # there is one (a print shop's), so a loose cut leaves no white edge.
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=PANEL)
        pen.stripes(-b, -b, w + 2 * b, STRIPE_HEIGHT + b, HAZARD_YELLOW, INK, band=3.0)
        pen.rect(EDGE, STRIPE_HEIGHT + 2, 1.6, 17.0, fill=accent)
        self._damage_track(pen, w)
        self._left_column(pen)
        for slot_id, (x, y) in slot_boxes().items():
            self._equipment_slot(pen, slot_id, x, y, accent)
        self._tachometer(pen)
        self._actions(pen)
        self._skill_track(pen, w)
        pen.texts(self.plan)
        cut_line(canvas, width, height)

    def _damage_track(self, pen: Pen, w: float) -> None:
        r = token_radius(self.data, "token")
        left = w - EDGE - DAMAGE_SLOTS * TOKEN_PITCH
        for i in range(DAMAGE_SLOTS):
            cx = left + (i + 0.5) * TOKEN_PITCH
            pen.circle(cx, DAMAGE_Y, r, fill=white, stroke=INK, line=0.8)
            pen.icon("armor_plate", cx, DAMAGE_Y, 8.0, mix(INK, white, 0.75))

    def _left_column(self, pen: Pen) -> None:
        side = to_mm(self.data.sizes["speedometer"].width) + 0.8
        pen.rect(EDGE + (LEFT_WIDTH - side) / 2, MIDDLE_TOP + 1.0, side, side, fill=white,
                 stroke=RULE, line=0.8, radius=2.0, dash=(3, 2))
        pen.icon("speedometer", EDGE + LEFT_WIDTH / 2, MIDDLE_TOP + 10.0, 14.0,
                 mix(INK, white, 0.65))
        pen.rect(EDGE, 83.2, LEFT_WIDTH, MIDDLE_BOTTOM - 82.6, stroke=RULE, line=0.5,
                 radius=1.5)

    def _equipment_slot(self, pen: Pen, slot_id: str, x: float, y: float,
                        accent: Color) -> None:
        slot = self.data.slots[slot_id]
        sides = self.vehicle.equipment.die(slot_id)
        pen.rect(x, y, SLOT_WIDTH, SLOT_HEIGHT, fill=mix(accent, white, 0.86), stroke=accent,
                 line=0.8, radius=2.0)
        cx, cy = x + SLOT_WIDTH / 2, y + 13.9
        pen.circle(cx, cy, token_radius(self.data, "token"), fill=white, stroke=INK, line=0.8)
        pen.icon(f"die_d{sides}", cx, cy, 13.0, mix(INK, white, 0.7))
        bonus = self.variant.bonuses.of(slot.characteristic)
        for light in range(2):
            lx = x + SLOT_WIDTH - 6.6 + light * 3.6
            pen.circle(lx, y + 31.4, 1.4, fill=LIGHT_ON if light < bonus else LIGHT_OFF,
                       stroke=INK, line=0.4)

    def _tachometer(self, pen: Pen) -> None:
        cx = CENTRE_LEFT + SLOT_WIDTH + SLOT_GAP + TACH_WIDTH / 2
        cy, radius = TACH_Y, TACH_RADIUS
        pen.circle(cx, cy, radius + 1.3, fill=INK)
        pen.circle(cx, cy, radius, fill=white)
        ap = self.vehicle.action_points
        for value in range(TACH_MIN, TACH_MAX + 1):
            angle = _tach_angle(value)
            outer = _polar(cx, cy, radius - 0.6, angle)
            inner = _polar(cx, cy, radius - 3.6, angle)
            pen.line(*inner, *outer, INK if value != ap else ARC_RED, 1.2)
        tip = _polar(cx, cy, radius - 1.5, _tach_angle(ap))
        pen.line(cx, cy, *tip, ARC_RED, 2.2)
        pen.circle(cx, cy, 2.0, fill=INK)

    def _actions(self, pen: Pen) -> None:
        r = token_radius(self.data, "token")
        cx = RIGHT_LEFT + 10.0
        for cy in ACTION_YS:
            pen.circle(cx, cy, r, fill=white, stroke=INK, line=0.8)
            pen.icon("crosshair", cx, cy, 9.0, mix(ARC_RED, white, 0.55))

    def _skill_track(self, pen: Pen, w: float) -> None:
        r = token_radius(self.data, "plus_token")
        points = self.vehicle.skill_points
        for i in range(SKILL_SLOTS):
            cx = SKILL_LEFT + i * SKILL_PITCH
            own = i < points
            pen.circle(cx, SKILL_Y, r, fill=white if own else None, stroke=INK if own else RULE,
                       line=0.7 if own else 0.5, dash=None if own else (1.5, 1.5))


def _tach_angle(value: int) -> float:
    start, end = TACH_SWEEP
    return start + (value - TACH_MIN) * (end - start) / (TACH_MAX - TACH_MIN)


def _polar(cx: float, cy: float, radius: float, degrees: float) -> tuple[float, float]:
    """A point ``radius`` mm from (cx, cy) at ``degrees`` counter-clockwise from 3 o'clock
    (y grows down the face)."""
    angle = math.radians(degrees)
    return (cx + radius * math.cos(angle), cy - radius * math.sin(angle))

