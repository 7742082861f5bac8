"""The Frothy Races Driving Licence: layout geometry, front and back.

The licence is 190 x 125 mm, two to an A4 or Letter page. Its tracks sit on the edges where
a paperclip marks them, as the guide describes: the Speed table's Acceleration and
Deceleration rows along the top, the Damage track down the left (Resilience in its top
corner), the Stamina track down the right, the Control Loss track along the bottom. The
middle holds the name, traits in brief, card counts and the Spent and Recovery boxes.

Every string comes from the template blocks (``templates/frothy-races/licence-base.j2``);
this module only places them. Layout is planned before drawing: each text slot is fitted
(shrinking to 6 pt at the least) and a slot that cannot fit becomes a problem the checker
reports as FR-PRINT-TEXT instead of a clipped line on paper.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from generator.games.frothy_races.catalogues import (
    FrothyData,
    Resolved,
    resolve,
    special_face,
)
from generator.games.frothy_races.model import PHASES, SPEEDS, Vehicle
from generator.paper.art import Area, draw_art
from generator.paper.drawing import colour, mix
from generator.paper.imposition import Component
from generator.paper.layout import Blocks, Pen, Plan, Slot, cut_line
from generator.paper.units import mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "frothy-races/licence.j2"
WIDTH_MM, HEIGHT_MM = 190.0, 125.0
LICENCE = Component(mm(WIDTH_MM), mm(HEIGHT_MM), bleed=0.0)
GUTTER = mm(6)

# The grid, in millimetres from the licence's top-left corner.
INSET = 1.5
SIDE = 32.0
CENTRE_LEFT, CENTRE_RIGHT = INSET + SIDE, WIDTH_MM - INSET - SIDE
LABEL_COLUMN = 17.0
SPEED_LEFT = CENTRE_LEFT + LABEL_COLUMN
SPEED_COLUMN = (CENTRE_RIGHT - SPEED_LEFT) / len(SPEEDS)
ROW_TOP = {"acceleration": INSET, "deceleration": INSET + 7, "speed": INSET + 14,
           "move_1": INSET + 22, "move_2": INSET + 27, "move_3": INSET + 32,
           "move_4": INSET + 37, "control": INSET + 42, "stamina": INSET + 47.5}
ROW_HEIGHT = {"acceleration": 7.0, "deceleration": 7.0, "speed": 8.0, "move_1": 5.0,
              "move_2": 5.0, "move_3": 5.0, "move_4": 5.0, "control": 5.5, "stamina": 5.5}
TRACK_TOP, TRACK_HEADER, TRACK_BOTTOM = INSET + 14, INSET + 19.5, 108.5
STAMINA_TOP = INSET + 14.5
MAX_TRACK_ROW = 11.0
BAND_TOP, BAND_BOTTOM = 110.0, HEIGHT_MM - INSET
NUMBER_CELL = 8.0
CONTROL_LEFT, CONTROL_BOX = 27.0, 13.0
# The vehicle's own picture on the back: the top-right corner, beside title and background.
ART_WIDTH, ART_HEIGHT, ART_TOP, ART_GAP = 40.0, 30.0, 6.0, 4.0
ART_LEFT = WIDTH_MM - 6.0 - ART_WIDTH
ART_AREA = Area("the licence back", mm(ART_WIDTH), mm(ART_HEIGHT))

INK = colour("#1d1d1b")
RULE = colour("#7a7a7a")
WHIP_GREEN = colour("#2f7a2e")
REINS_RED = colour("#b3261e")
RESILIENCE_YELLOW = colour("#f6d743")
PAPER_TINT = colour("#f4f1ea")


@dataclass(frozen=True)
class Level:
    """One row of a track: its number and the affects that start there."""

    number: int
    affects: list[Resolved]


@dataclass(frozen=True)
class SpecialView:
    """A special card as the licence describes it."""

    label: str
    text: str
    face: str
    discard: bool
    count: int


@dataclass(frozen=True)
class Explained:
    """An affect for the back: its resolved entry and the labels of any random choices."""

    label: str
    text: str
    ref: Any
    choices: list[str]


def licence_context(vehicle: Vehicle, data: FrothyData) -> dict[str, Any]:
    """Everything the licence template may print, with catalogue references resolved."""
    table, damage, stamina = vehicle.speed_table, vehicle.damage, vehicle.stamina
    damage_levels = [Level(n, [resolve(r, data.damage_affects) for r in damage.affects.get(n, ())])
                     for n in range(damage.value + 1)]
    stamina_levels = [Level(n, [resolve(r, data.stamina_affects)
                                for r in stamina.affects.get(n, ())])
                      for n in range(stamina.maximum, stamina.minimum - 1, -1)]
    specials = []
    for card in vehicle.cards.special:
        entry = None if card.custom else data.special_cards.find(card.name)
        resolved = resolve(card, data.special_cards)
        specials.append(SpecialView(resolved.label, resolved.text,
                                    special_face(card, entry) or "whip", card.discard, card.count))
    return {
        "vehicle": vehicle, "table": table, "damage": damage, "stamina": stamina,
        "cards": vehicle.cards, "control_loss": vehicle.control_loss,
        "speeds": list(SPEEDS), "phases": list(PHASES),
        "totals": [table.total(s) for s in SPEEDS],
        "traits": [resolve(t, data.traits) for t in vehicle.traits],
        "damage_levels": damage_levels, "stamina_levels": stamina_levels,
        "specials": specials,
        "damage_explained": _explained(damage_levels, data),
        "stamina_explained": [(level.number, Explained(a.label, a.text, a.ref, []))
                              for level in stamina_levels for a in level.affects],
    }


def _explained(levels: list[Level], data: FrothyData) -> list[tuple[int, Explained]]:
    rows = []
    for level in levels:
        for affect in level.affects:
            choices = [resolve(c, data.damage_affects).label
                       for c in getattr(affect.ref, "choices", ())]
            rows.append((level.number, Explained(affect.label, affect.text, affect.ref, choices)))
    return rows


def render_text(vehicle: Vehicle, data: FrothyData, templates: TextTemplates) -> Blocks:
    """Render the licence template's blocks for one vehicle."""
    return Blocks(templates.blocks(TEMPLATE, licence_context(vehicle, data)))


# --- planning -----------------------------------------------------------------------------

def plan_front(text: Blocks, vehicle: Vehicle) -> Plan:
    """Fit every text of the licence front into its slot."""
    return Plan().place_all(front_slots(text, vehicle))


def front_slots(text: Blocks, vehicle: Vehicle) -> list[Slot]:
    """Where each text of the front goes."""
    slots = _speed_table_slots(text)
    slots += _track_slots(text, vehicle)
    slots += _centre_slots(text)
    slots += _control_band_slots(text, vehicle)
    return slots


def _speed_table_slots(text: Blocks) -> list[Slot]:
    label = {"acceleration": "acceleration_label", "deceleration": "deceleration_label",
             "speed": "speed_label", "control": "control_label", "stamina": "stamina_label"}
    slots = [Slot(f"{row} label", text[block], CENTRE_LEFT + 0.6, ROW_TOP[row] + 0.4,
                  LABEL_COLUMN - 1.2, ROW_HEIGHT[row] - 0.8, 6.5, BOLD, "left",
                  colour_hex="#ffffff" if row in ("acceleration", "deceleration") else "#1d1d1b")
             for row, block in label.items()]
    for phase, move_label in zip(PHASES, text.rows("move_label_lines"), strict=False):
        row = f"move_{phase}"
        slots.append(Slot(f"{row} label", move_label, CENTRE_LEFT + 0.6, ROW_TOP[row] + 0.3,
                          LABEL_COLUMN - 1.2, ROW_HEIGHT[row] - 0.6, 6.5, BOLD, "left"))
    speed_lines, total_lines = text.rows("speed_lines"), text.rows("total_lines")
    move_cells = text.cells("move_cell_lines")
    control_cells, stamina_cells = text.rows("control_cell_lines"), text.rows(
        "stamina_cell_lines")
    for speed in SPEEDS:
        x = SPEED_LEFT + speed * SPEED_COLUMN
        top = ROW_TOP["speed"]
        slots.append(Slot(f"Speed {speed} heading", speed_lines[speed], x, top + 0.2,
                          SPEED_COLUMN, 4.6, 11, BOLD))
        slots.append(Slot(f"Speed {speed} total", total_lines[speed], x, top + 4.8,
                          SPEED_COLUMN, 3.0, 6.0))
        for phase in PHASES:
            row = f"move_{phase}"
            slots.append(Slot(f"move {phase} at Speed {speed}", move_cells[phase - 1][speed], x,
                              ROW_TOP[row], SPEED_COLUMN, ROW_HEIGHT[row], 8.5, BOLD))
        slots.append(Slot(f"control at Speed {speed}", control_cells[speed], x,
                          ROW_TOP["control"], SPEED_COLUMN, ROW_HEIGHT["control"], 7, BOLD))
        slots.append(Slot(f"stamina at Speed {speed}", stamina_cells[speed], x,
                          ROW_TOP["stamina"], SPEED_COLUMN, ROW_HEIGHT["stamina"], 7.5))
    return slots


def track_rows(count: int, top: float = TRACK_HEADER) -> list[tuple[float, float]]:
    """(top, height) in mm of each row of an edge track with ``count`` rows."""
    height = min(MAX_TRACK_ROW, (TRACK_BOTTOM - top) / count)
    return [(top + i * height, height) for i in range(count)]


def _padded(lines: list[str], count: int) -> list[str]:
    """A list block's lines, one per row: missing rows empty, extra lines dropped."""
    return (lines + [""] * count)[:count]


def _track_slots(text: Blocks, vehicle: Vehicle) -> list[Slot]:
    left, right_edge = INSET, WIDTH_MM - INSET
    slots = [
        Slot("resilience label", text["resilience_label"], left + 0.5, INSET + 0.6,
             SIDE - 1.0, 3.6, 6.5, BOLD, colour_hex="#b3261e"),
        Slot("resilience value", text["resilience_value"], left + 0.5, INSET + 4.2,
             SIDE - 1.0, 9.0, 20, BOLD, colour_hex="#b3261e"),
        Slot("damage label", text["damage_label"], left, TRACK_TOP, SIDE, 5.0, 7, BOLD),
        Slot("stamina track label", text["stamina_track_label"], right_edge - SIDE + 0.5,
             INSET + 0.8, SIDE - 1.0, 6.0, 9, BOLD),
        Slot("stamina start", text["stamina_start"], right_edge - SIDE + 0.5, INSET + 6.8,
             SIDE - 1.0, 6.2, 6.5),
    ]
    damage_levels = range(vehicle.damage.value + 1)
    damage_lines = _padded(text.rows("damage_affect_lines"), len(damage_levels))
    for (top, height), level, label in zip(track_rows(len(damage_levels)), damage_levels,
                                           damage_lines, strict=True):
        slots.append(Slot(f"damage level {level} number", str(level), left, top,
                          NUMBER_CELL, height, 8, BOLD))
        if label:
            slots.append(Slot(f"damage affect at level {level}", label,
                              left + NUMBER_CELL + 0.6, top, SIDE - NUMBER_CELL - 1.0, height,
                              7, align="left"))
    stamina = vehicle.stamina
    stamina_levels = range(stamina.maximum, stamina.minimum - 1, -1)
    stamina_lines = _padded(text.rows("stamina_affect_lines"), len(stamina_levels))
    for (top, height), level, label in zip(track_rows(len(stamina_levels), STAMINA_TOP),
                                           stamina_levels, stamina_lines, strict=True):
        slots.append(Slot(f"stamina level {level} number", str(level),
                          right_edge - NUMBER_CELL, top, NUMBER_CELL, height, 8, BOLD))
        if label:
            slots.append(Slot(f"stamina affect at level {level}", label,
                              right_edge - SIDE + 0.4, top, SIDE - NUMBER_CELL - 1.0, height,
                              7, align="right"))
    return slots


def _centre_slots(text: Blocks) -> list[Slot]:
    width = CENTRE_RIGHT - CENTRE_LEFT
    traits_w, cards_x = 68.0, CENTRE_LEFT + 70.0
    cards_w = CENTRE_RIGHT - cards_x
    half = (width - 2.0) / 2
    recovery_x = CENTRE_LEFT + half + 2.0
    return [
        Slot("name", text["title"], CENTRE_LEFT, 55.0, width, 8.0, 16, BOLD),
        Slot("subtitle", text["subtitle"], CENTRE_LEFT, 63.0, width, 3.6, 7),
        Slot("traits label", text["traits_label"], CENTRE_LEFT + 1.0, 68.0, traits_w, 3.6,
             6.5, BOLD, "left"),
        Slot("traits", "<br/>".join(text.rows("trait_lines")), CENTRE_LEFT + 1.0, 72.0,
             traits_w - 1.5, 19.0, 7.5, align="left", valign="top"),
        Slot("cards label", text["cards_label"], cards_x + 1.0, 68.0, cards_w - 2.0, 3.6,
             6.5, BOLD, "left"),
        Slot("cards", "<br/>".join(text.rows("card_lines")), cards_x + 1.0, 72.0,
             cards_w - 2.0, 19.0, 7.5, align="left", valign="top"),
        Slot("spent label", text["spent_label"], CENTRE_LEFT + 1.0, 93.2, half - 2.0, 3.6,
             7, BOLD, "left", colour_hex="#5a5a5a"),
        Slot("spent hint", text["spent_hint"], CENTRE_LEFT + 1.0, 104.0, half - 2.0, 3.8,
             6, align="left", colour_hex="#5a5a5a"),
        Slot("recovery label", text["recovery_label"], recovery_x + 1.0, 93.2, half - 2.0,
             3.6, 7, BOLD, "left", colour_hex="#5a5a5a"),
        Slot("recovery hint", text["recovery_hint"], recovery_x + 1.0, 101.2, half - 2.0,
             6.8, 6, align="left", colour_hex="#5a5a5a"),
    ]


def _control_band_slots(text: Blocks, vehicle: Vehicle) -> list[Slot]:
    band_h = BAND_BOTTOM - BAND_TOP
    note_x = CONTROL_LEFT + 10 * CONTROL_BOX + 1.0
    slots = [
        Slot("control loss label", text["control_loss_label"], INSET + 0.5, BAND_TOP + 1.0,
             CONTROL_LEFT - INSET - 1.5, 7.0, 7.5, BOLD, "left"),
        Slot("control loss note", text["control_loss_note"], note_x, BAND_TOP + 0.5,
             WIDTH_MM - INSET - note_x - 0.5, band_h - 1.0, 6.5, align="left"),
    ]
    minimum = text["control_loss_minimum"]
    if minimum:
        slots.append(Slot("control loss minimum", minimum, INSET + 0.5, BAND_TOP + 8.0,
                          CONTROL_LEFT - INSET - 1.5, 4.5, 6.5, align="left"))
    for box in range(10):
        slots.append(Slot(f"control loss box {box}", str(box), CONTROL_LEFT + box * CONTROL_BOX,
                          BAND_TOP, CONTROL_BOX, band_h, 11, BOLD))
    return slots


def plan_back(text: Blocks, with_art: bool = False) -> Plan:
    """Fit the back: title, background, then every explanation in two columns. With art,
    the picture takes the top-right corner: the text beside it is narrower and the columns
    start below it."""
    plan = Plan()
    width = WIDTH_MM - 2 * 6.0
    beside = width - ART_WIDTH - ART_GAP if with_art else width
    plan.place(Slot("back title", text["back_title"], 6.0, 5.0, beside, 8.0, 15, BOLD, "left"))
    plan.place(Slot("back subtitle", text["back_subtitle"], 6.0, 13.0, beside, 3.6, 7,
                    align="left", colour_hex="#5a5a5a"))
    plan.place(Slot("background", text["background"], 6.0, 19.0, beside, 30.0, 9,
                    align="left", valign="top"))
    background = next((t for t in plan.texts if t.slot.part == "background"), None)
    top = 19.0 + (background.fitted.height / mm(1) if background else 0.0) + 4.0
    if with_art:
        top = max(top, ART_TOP + ART_HEIGHT + 4.0)
    explanations = _trim_blank(text.rows("explanation_lines"))
    if explanations:
        column_w = (width - 6.0) / 2
        split = _balanced_split(explanations)
        for index, part in enumerate((explanations[:split], explanations[split:])):
            part = _trim_blank(part)
            if part:
                plan.place(Slot(f"explanations (column {index + 1})", "<br/>".join(part),
                                6.0 + index * (column_w + 6.0), top, column_w,
                                HEIGHT_MM - 5.0 - top, 8, align="left", valign="top"))
    return plan


def _trim_blank(lines: list[str]) -> list[str]:
    """Lines without leading or trailing blanks, and never two blanks in a row."""
    kept: list[str] = []
    for line in lines:
        if line or (kept and kept[-1]):
            kept.append(line)
    while kept and not kept[-1]:
        kept.pop()
    return kept


def _balanced_split(lines: Sequence[str]) -> int:
    """Where to break the explanations into two columns of about equal length: at the
    blank line (a section break) nearest the middle, else at the middle line."""
    total = sum(len(line) + 40 for line in lines)
    running, best, best_gap = 0, len(lines), float("inf")
    for index, line in enumerate(lines):
        if not line:
            gap = abs(running - total / 2)
            if gap < best_gap:
                best, best_gap = index, gap
        running += len(line) + 40
    if best_gap <= total / 4:
        return best
    running = 0
    for index, line in enumerate(lines):
        running += len(line) + 40
        if running >= total / 2:
            return index + 1
    return len(lines)


def print_problems(vehicle: Vehicle, data: FrothyData, templates: TextTemplates
                   ) -> list[tuple[str, str]]:
    """(part, side) for every text that cannot be printed at 6 pt or more."""
    text = render_text(vehicle, data, templates)
    return ([(part, "front") for part in plan_front(text, vehicle).problems]
            + [(part, "back") for part in plan_back(text, vehicle.art is not None).problems])


# --- drawing --------------------------------------------------------------------------------

@dataclass(frozen=True)
class LicenceFront:
    """The front face: tables and tracks, drawn from a planned layout."""

    vehicle: Vehicle
    plan: Plan
    key: None = None

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None:
        pen = Pen(canvas, HEIGHT_MM)
        accent = colour(self.vehicle.colour)
        cut_line(canvas, width, height)
        _draw_speed_table(pen, self.vehicle)
        _draw_tracks(pen, self.vehicle, accent)
        _draw_centre(pen, accent)
        _draw_control_band(pen, self.vehicle)
        pen.texts(self.plan)


@dataclass(frozen=True)
class LicenceBack:
    """The back face: background and the full explanations."""

    vehicle: Vehicle
    plan: Plan
    key: None = None

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None:
        pen = Pen(canvas, HEIGHT_MM)
        accent = colour(self.vehicle.colour)
        cut_line(canvas, width, height)
        pen.rect(INSET, INSET, WIDTH_MM - 2 * INSET, 2.5, fill=accent)
        pen.rect(INSET, HEIGHT_MM - INSET - 2.5, WIDTH_MM - 2 * INSET, 2.5, fill=accent)
        if self.vehicle.art is not None:
            draw_art(pen, self.vehicle.art, ART_LEFT, ART_TOP, ART_WIDTH, ART_HEIGHT)
        pen.texts(self.plan)


def _draw_speed_table(pen: Pen, vehicle: Vehicle) -> None:
    table = vehicle.speed_table
    for row, tint in (("acceleration", WHIP_GREEN), ("deceleration", REINS_RED)):
        top, height = ROW_TOP[row], ROW_HEIGHT[row]
        pen.rect(CENTRE_LEFT, top, LABEL_COLUMN, height, fill=tint)
        for speed, boxes in enumerate(getattr(table, row)):
            _draw_boxes(pen, SPEED_LEFT + speed * SPEED_COLUMN, top, boxes, height,
                        mix(tint, white, 0.78), tint)
    pen.rect(CENTRE_LEFT, ROW_TOP["speed"], CENTRE_RIGHT - CENTRE_LEFT, ROW_HEIGHT["speed"],
             fill=PAPER_TINT)
    for row in ("move_1", "move_2", "move_3", "move_4", "control", "stamina"):
        pen.rect(CENTRE_LEFT, ROW_TOP[row], CENTRE_RIGHT - CENTRE_LEFT, ROW_HEIGHT[row],
                 stroke=RULE, line=0.4)
    body_bottom = ROW_TOP["stamina"] + ROW_HEIGHT["stamina"]
    for speed in range(len(SPEEDS) + 1):
        x = SPEED_LEFT + speed * SPEED_COLUMN
        pen.line(x, ROW_TOP["speed"], x, body_bottom, RULE, 0.4)


def _draw_boxes(pen: Pen, x: float, top: float, count: int, height: float, fill: Color,
                stroke: Color) -> None:
    """``count`` boxes sharing one speed column, a little gap between them."""
    if count < 1:
        return
    gap = 0.6
    width = (SPEED_COLUMN - gap * (count + 1)) / count
    for i in range(count):
        pen.rect(x + gap + i * (width + gap), top + 0.6, width, height - 1.2, fill=fill,
                 stroke=stroke, line=0.6, radius=0.6)


def _draw_tracks(pen: Pen, vehicle: Vehicle, accent: Color) -> None:
    left, right = INSET, WIDTH_MM - INSET - SIDE
    pen.rect(left, INSET, SIDE, 14.0 - 0.4, fill=RESILIENCE_YELLOW, radius=1.0)
    pen.rect(right, INSET, SIDE, 14.0 - 0.4, fill=mix(accent, white, 0.82), radius=1.0)
    affects = vehicle.damage.affects
    number_fill = mix(INK, white, 0.9)
    for (top, height), level in zip(track_rows(vehicle.damage.value + 1),
                                    range(vehicle.damage.value + 1), strict=True):
        wipeout = level == vehicle.damage.value
        fill = mix(REINS_RED, white, 0.55) if wipeout else (
            mix(accent, white, 0.85) if level in affects else None)
        pen.rect(left, top, SIDE, height, fill=fill, stroke=RULE, line=0.4)
        pen.rect(left, top, NUMBER_CELL, height, fill=number_fill, stroke=RULE, line=0.4)
    stamina = vehicle.stamina
    levels = range(stamina.maximum, stamina.minimum - 1, -1)
    for (top, height), level in zip(track_rows(len(levels), STAMINA_TOP), levels, strict=True):
        fill = mix(accent, white, 0.85) if level in stamina.affects else None
        pen.rect(right, top, SIDE, height, fill=fill, stroke=RULE, line=0.4)
        pen.rect(right + SIDE - NUMBER_CELL, top, NUMBER_CELL, height, fill=number_fill,
                 stroke=RULE, line=0.4)


def _draw_centre(pen: Pen, accent: Color) -> None:
    width = CENTRE_RIGHT - CENTRE_LEFT
    pen.rect(CENTRE_LEFT, 54.5, width, 12.5, fill=mix(accent, white, 0.88), radius=1.0)
    pen.rect(CENTRE_LEFT, 54.5, 2.0, 12.5, fill=accent)
    half = (width - 2.0) / 2
    for x in (CENTRE_LEFT, CENTRE_LEFT + half + 2.0):
        pen.rect(x, 92.5, half, 16.0, fill=PAPER_TINT, stroke=RULE, line=0.6, radius=1.5)


def _draw_control_band(pen: Pen, vehicle: Vehicle) -> None:
    minimum = vehicle.control_loss.minimum
    for box in range(10):
        fill = mix(INK, white, 0.75) if box < minimum else (
            mix(REINS_RED, white, 0.85) if box >= 7 else PAPER_TINT)
        pen.rect(CONTROL_LEFT + box * CONTROL_BOX + 0.3, BAND_TOP, CONTROL_BOX - 0.6,
                 BAND_BOTTOM - BAND_TOP, fill=fill, stroke=RULE, line=0.5, radius=0.8)
