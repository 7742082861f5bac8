"""Ship cards and pilot cards, poker size, printed on both sides.

A ship card shows the ship as the season left it (speed, hit points, space, boosters and
fins, upgrades and weapons with range, firing modifier and damage) and a box per hit point to
mark in a race; its back words how that ship moves, with its own numbers (8/, 9/, 10/, 11/).
A pilot card shows rank, category, skills, ship, wounds and the season so far; its back says
when each skill is tested (5/, 7/, 10/, 11/, 17/). Every word comes from
``templates/formula-ace/ship-card-base.j2`` and ``pilot-card-base.j2``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import white

from generator.games.formula_ace.print_roster import contrast, mark_box
from generator.games.formula_ace.printing import PilotView, ShipView, TeamView
from generator.paper.colour import legible_ground
from generator.paper.drawing import colour, mix
from generator.paper.imposition import Piece
from generator.paper.layout import INK, Blocks, Pen, Plan, Slot, cut_line
from generator.paper.units import to_mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

SHIP_TEMPLATE = "formula-ace/ship-card.j2"
PILOT_TEMPLATE = "formula-ace/pilot-card.j2"
CARD = colour("#fbfaf6")
MARGIN = 3.5
BAND = 15.0
STAT_TOP, STAT_HEIGHT = 17.5, 14.0
STATUS_TOP, STATUS_HEIGHT = 55.0, 9.0
HITS_PER_ROW = 12
LABEL = 9.5                         # width of the labels before the rows of boxes
FINS_AT = 34.0                      # left of the first fin box, from the margin


def _band(text: Blocks, w: float, ink: str) -> list[Slot]:
    return [Slot("name", text["name"], MARGIN, 1.5, w - 2 * MARGIN, 7.5, 11, BOLD, "left",
                 colour_hex=ink),
            Slot("subtitle", text["subtitle"], MARGIN, 9.2, w - 2 * MARGIN, 4.3, 6.5,
                 align="left", colour_hex=ink)]


def stat_boxes(w: float, count: int) -> list[tuple[float, float]]:
    """Left edge and width of ``count`` boxes side by side across the card."""
    gap = 2.0
    width = (w - 2 * MARGIN - (count - 1) * gap) / count
    return [(MARGIN + i * (width + gap), width) for i in range(count)]


def hits_top() -> float:
    return STAT_TOP + STAT_HEIGHT + 8.5


def hit_pitch(w: float) -> tuple[float, float]:
    """Pitch and side (mm) of the boxes to tick: twelve to a row across the card."""
    pitch = (w - 2 * MARGIN - LABEL) / HITS_PER_ROW
    return pitch, round(pitch * 0.87, 2)


def parts_top(hit_points: int, w: float) -> float:
    """Top of the row of booster and fin boxes, under the hit boxes."""
    return hits_top() + -(-hit_points // HITS_PER_ROW) * hit_pitch(w)[0] + 1.0


def plan_ship_front(text: Blocks, w: float, h: float, ink: str, hit_points: int) -> Plan:
    slots = _band(text, w, ink)
    for (x, width), key in zip(stat_boxes(w, 3), ("speed", "hit_points", "space"),
                               strict=True):
        slots.append(Slot(f"{key} label", text[f"{key}_label"], x + 0.8, STAT_TOP + 0.8,
                          width - 1.6, 3.5, 6, BOLD))
        slots.append(Slot(key, text[key], x, STAT_TOP + 4.5, width, 9.0, 16, BOLD))
    box = hit_pitch(w)[1]
    kit_top = parts_top(hit_points, w) + box + 2.0
    slots += [
        Slot("equipment", text["equipment"], MARGIN, STAT_TOP + STAT_HEIGHT + 1.5,
             w - 2 * MARGIN, 5.0, 7),
        Slot("hits label", text["hits_label"], MARGIN, hits_top(), LABEL, box, 6, BOLD,
             "left"),
        Slot("boosters label", text["boosters_label"], MARGIN, parts_top(hit_points, w),
             LABEL, box, 6, BOLD, "left"),
        Slot("fins label", text["fins_label"], MARGIN + FINS_AT - 8.0,
             parts_top(hit_points, w), 8.0, box, 6, BOLD, "left"),
        Slot("upgrades", text["kit"], MARGIN, kit_top, w - 2 * MARGIN, 8.0, 6.5,
             align="left", valign="top"),
        Slot("weapons", text["weapons"], MARGIN, kit_top + 8.5, w - 2 * MARGIN,
             h - 7.0 - kit_top - 8.5, 6.5, align="left", valign="top"),
        Slot("footer", text["footer"], MARGIN, h - 6.0, w - 2 * MARGIN, 4.5, 6.5,
             align="left"),
    ]
    return Plan().place_all(slots)


def plan_back(text: Blocks, w: float, h: float, ink: str) -> Plan:
    """A card's back: its title in the band and its lines below, one paragraph each."""
    return Plan().place_all([
        Slot("back title", text["back_title"], MARGIN, 2.5, w - 2 * MARGIN, 9.5, 9, BOLD,
             "left", colour_hex=ink),
        Slot("back text", "<br/><br/>".join(text.lines("back_lines")), MARGIN, BAND + 2.0,
             w - 2 * MARGIN, h - BAND - 6.5, 7.5, align="left", valign="top"),
    ])


def plan_pilot_front(text: Blocks, w: float, h: float, ink: str) -> Plan:
    labels, values = text.lines("skill_label_lines"), text.lines("skill_value_lines")
    slots = _band(text, w, ink)
    slots.append(Slot("category", text["category"], MARGIN, BAND + 1.0, w - 2 * MARGIN, 5.0,
                      8, BOLD))
    for (x, width), label, value in zip(stat_boxes(w, len(labels)), labels, values,
                                        strict=True):
        slots.append(Slot("skill label", label, x + 0.8, STAT_TOP + 5.0, width - 1.6, 4.0,
                          6, BOLD))
        slots.append(Slot("skill", value, x, STAT_TOP + 9.0, width, 11.0, 20, BOLD))
    top = STAT_TOP + 23.0
    slots += [
        Slot("test", text["test"], MARGIN, top, w - 2 * MARGIN, 4.5, 6.5),
        Slot("ship", text["ship"], MARGIN, top + 7.0, w - 2 * MARGIN, 6.0, 8.5),
        Slot("status", text["status"], MARGIN + 1.0, STATUS_TOP + 0.5, w - 2 * MARGIN - 2.0,
             STATUS_HEIGHT - 1.0, 8.5),
        Slot("record", text["record"], MARGIN, h - 8.5, w - 2 * MARGIN, 6.0, 6.5),
    ]
    return Plan().place_all(slots)


@dataclass(frozen=True)
class CardFace:
    """One side of a ship or pilot card, its text already fitted."""

    kind: str
    side: str
    accent_hex: str
    plan: Plan = field(compare=False)
    hit_points: int = 0
    lost: int = 0
    boosters: tuple[str, ...] = ()
    fins: tuple[str, ...] = ()
    key: None = None

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h)
        accent = colour(self.accent_hex)
        tint = mix(accent, white, 0.86)
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=CARD)
        pen.rect(-b, -b, w + 2 * b, BAND + b, fill=accent)
        if self.side == "front":
            self.front(pen, w, h, tint)
        else:
            pen.rect(-b, h - 3.0, w + 2 * b, 3.0 + b, fill=accent)
        pen.texts(self.plan)
        cut_line(canvas, width, height)

    def front(self, pen: Pen, w: float, h: float, tint: Any) -> None:
        if self.kind == "ship":
            pitch, box = hit_pitch(w)
            for x, width in stat_boxes(w, 3):
                pen.rect(x, STAT_TOP, width, STAT_HEIGHT, fill=white, stroke=INK, line=0.6,
                         radius=1.2)
            for i in range(self.hit_points):
                row, column = divmod(i, HITS_PER_ROW)
                x = MARGIN + LABEL + column * pitch
                y = hits_top() + row * pitch
                mark_box(pen, x, y, box, "cross" if i >= self.hit_points - self.lost
                         else "")
            top = parts_top(self.hit_points, w)
            for i, mark in enumerate(self.boosters):
                mark_box(pen, MARGIN + LABEL + i * pitch, top, box, mark)
            for i, mark in enumerate(self.fins):
                mark_box(pen, MARGIN + FINS_AT + i * pitch, top, box, mark)
        else:
            count = len([t for t in self.plan.texts if t.slot.part == "skill"])
            for x, width in stat_boxes(w, count):
                pen.rect(x, STAT_TOP + 4.0, width, 17.0, fill=white, stroke=INK, line=0.6,
                         radius=1.2)
            pen.rect(MARGIN, STATUS_TOP, w - 2 * MARGIN, STATUS_HEIGHT, fill=tint, radius=1.2)


def ship_text(ship: ShipView, context: dict[str, Any], templates: TextTemplates) -> Blocks:
    return Blocks(templates.blocks(SHIP_TEMPLATE, {**context, "ship": ship}))


def pilot_text(pilot: PilotView, context: dict[str, Any], templates: TextTemplates
               ) -> Blocks:
    return Blocks(templates.blocks(PILOT_TEMPLATE, {**context, "pilot": pilot}))


def ship_plans(view: TeamView, context: dict[str, Any], templates: TextTemplates, w: float,
               h: float) -> list[tuple[ShipView, Plan, Plan]]:
    """Each ship of the team with its front and back planned."""
    ink = contrast(colour(view.team.colour))
    plans = []
    for ship in view.ships:
        text = ship_text(ship, context, templates)
        plans.append((ship, plan_ship_front(text, w, h, ink, ship.hit_boxes[0]),
                      plan_back(text, w, h, ink)))
    return plans


def pilot_plans(view: TeamView, context: dict[str, Any], templates: TextTemplates, w: float,
                h: float) -> list[tuple[PilotView, Plan, Plan]]:
    """Each pilot of the team with their front and back planned."""
    ink = contrast(colour(view.team.colour))
    return [(pilot, plan_pilot_front(text, w, h, ink), plan_back(text, w, h, ink))
            for pilot in view.pilots
            for text in [pilot_text(pilot, context, templates)]]


def ship_pieces(view: TeamView, context: dict[str, Any], templates: TextTemplates, w: float,
                h: float) -> list[Piece]:
    accent = legible_ground(view.team.colour)
    return [Piece(CardFace("ship", "front", accent, front, *ship.hit_boxes,
                           boosters=ship.booster_marks, fins=ship.fin_marks),
                  CardFace("ship", "back", accent, back), label=f"{view.name}: {ship.name}")
            for ship, front, back in ship_plans(view, context, templates, w, h)]


def pilot_pieces(view: TeamView, context: dict[str, Any], templates: TextTemplates, w: float,
                 h: float) -> list[Piece]:
    accent = legible_ground(view.team.colour)
    return [Piece(CardFace("pilot", "front", accent, front),
                  CardFace("pilot", "back", accent, back), label=f"{view.name}: {pilot.name}")
            for pilot, front, back in pilot_plans(view, context, templates, w, h)]
