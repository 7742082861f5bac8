"""The chariot record sheet: everything a player marks during a race, on one page.

Top to bottom: the chariot's name with its car and ram modifiers; the driver with his CDM,
the maximum team speed and his hit boxes (each with the pace on foot it leaves, 17.2); a row
of damage boxes per horse (9.52); the endurance track (6.521, 8.41-8.43); and a turn log with
the maximum and the written speed of every turn. Sizes and counts come from
``data/facts.yaml``; every word from ``templates/circus-maximus/record-sheet-base.j2``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from reportlab.lib.colors import Color, white

from generator.games.circus_maximus.catalogues import CircusData
from generator.games.circus_maximus.model import MAX_HORSE_BOXES, MAX_HORSES, Chariot
from generator.paper.colour import canvas_inks, under_light_text
from generator.paper.drawing import MIN_FONT_SIZE, colour, draw_line, mix
from generator.paper.layout import INK, Blocks, Pen, Plan, Slot, TurnLog, cut_line
from generator.paper.units import mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "circus-maximus/record-sheet.j2"
PAPER = colour("#fbf8f1")
GRID = colour("#6b655c")  # 5.4:1 on the sheet's cream
MARGIN = 8.0
HEADER = 21.0
HIT_TOP, TEAM_TOP = 50.0, 72.0
HORSE_ROW, HORSE_BOX = 8.5, 6.0
ENDURANCE_PER_ROW, ENDURANCE_ROWS = 20, 3
LOG_HEADER, LOG_ROW, LOG_HALVES = 6.0, 4.3, 2
LOG_COLUMNS = (0.12, 0.2, 0.22, 0.2, 0.26)


def sheet_text(chariot: Chariot, data: CircusData, templates: TextTemplates) -> Blocks:
    """The sheet's template blocks rendered for one chariot."""
    return Blocks(templates.blocks(TEMPLATE, {
        "chariot": chariot, "ram": list(chariot.ram_modifiers), "facts": data}))


def endurance_top() -> float:
    return TEAM_TOP + 9.0 + MAX_HORSES * HORSE_ROW + 2.0


def log_top(width: float) -> float:
    pitch = (width - 2 * MARGIN) / ENDURANCE_PER_ROW
    return endurance_top() + 15.0 + ENDURANCE_ROWS * pitch + 3.0


def plan_sheet(chariot: Chariot, text: Blocks, width: float, data: CircusData) -> Plan:
    """Every text of the sheet fitted to its box, or the parts that cannot fit."""
    inner = width - 2 * MARGIN
    slots = [
        Slot("title", text["title"], MARGIN, 2.5, 112, 10.0, 18, BOLD, "left",
             colour_hex="#ffffff"),
        Slot("subtitle", text["subtitle"], MARGIN, 13.0, 112, 5.0, 7, align="left",
             colour_hex="#ffffff"),
        Slot("car", text["car"], width - MARGIN - 50, 3.0, 50, 6.0, 8, align="right",
             colour_hex="#ffffff"),
        Slot("ram", text["ram"], width - MARGIN - 50, 10.0, 50, 8.0, 6.5, align="right",
             colour_hex="#ffffff"),
        Slot("driver label", text["driver_label"], MARGIN, 25.0, 60, 5.0, 8, BOLD, "left"),
        Slot("driver name", text["driver_name"], MARGIN, 31.0, 80, 9.0, 13, align="left"),
        Slot("cdm label", text["cdm_label"], 96.0, 25.0, 24, 4.5, 7, BOLD),
        Slot("cdm", text["cdm"], 96.0, 30.0, 24, 13.0, 22, BOLD),
        Slot("speed label", text["speed_label"], 126.0, 25.0, width - MARGIN - 126, 4.5, 7,
             BOLD),
        Slot("speed", text["speed"], 126.0, 30.0, width - MARGIN - 126, 13.0, 22, BOLD),
        Slot("hit label", text["hit_label"], MARGIN, HIT_TOP, 40, 4.5, 8, BOLD, "left"),
        Slot("foot label", text["foot_label"], MARGIN, HIT_TOP + 15.0, inner, 4.0, 6.5,
             align="left", colour_hex="#5a5a5a"),
        Slot("team label", text["team_label"], MARGIN, TEAM_TOP, 22, 5.0, 8, BOLD, "left"),
        Slot("team text", text["team_text"], MARGIN + 22, TEAM_TOP - 0.5, inner - 22, 8.0,
             6.5, align="left", valign="top"),
        Slot("endurance label", text["endurance_label"], MARGIN, endurance_top(), 40, 5.0, 8,
             BOLD, "left"),
        Slot("endurance text", text["endurance_text"], MARGIN, endurance_top() + 5.5, inner,
             8.0, 6.5, align="left", valign="top"),
        Slot("log title", text["log_title"], MARGIN, log_top(width), 40, 5.0, 8, BOLD, "left"),
    ]
    boxes_left = horse_box_x(MAX_HORSE_BOXES) + 1.0
    for index, (horse, count) in enumerate(
            zip(chariot.horses, text.lines("horse_boxes_lines"), strict=True)):
        y = TEAM_TOP + 9.0 + index * HORSE_ROW
        slots.append(Slot(f"horse {index + 1} name", escape(horse.name), MARGIN, y, 38,
                          HORSE_BOX, 9, align="left"))
        slots.append(Slot(f"horse {index + 1} boxes", count, boxes_left, y,
                          width - MARGIN - boxes_left, HORSE_BOX, 6.5, align="right",
                          colour_hex="#5a5a5a"))
    log = turn_log(width, data.log_turns)
    for column, (header, x, w) in enumerate(
            zip(text.lines("log_headers"), *log.columns(), strict=True)):
        for table in range(log.tables):
            slots.append(Slot(f"log header {column + 1}", header, log.table_left(table) + x,
                              log.top, w, LOG_HEADER, 6.5, BOLD))
    return Plan().place_all(slots)


def horse_box_x(box: int) -> float:
    """The left edge of a horse's ``box``-th damage box (0-based), from the sheet's left."""
    return MARGIN + 40.0 + box * (HORSE_BOX + 1.5)


def turn_log(width: float, turns: int) -> TurnLog:
    """The per-turn log of written speed, two tables side by side under the title."""
    return TurnLog(MARGIN, log_top(width) + 6.0, width - 2 * MARGIN, turns, LOG_COLUMNS,
                   LOG_HEADER, LOG_ROW, LOG_HALVES)


@dataclass(frozen=True)
class RecordSheetFace:
    """One chariot's record sheet, its text already fitted."""

    chariot: Chariot
    plan: Plan = field(compare=False)
    data: CircusData = field(repr=False, compare=False)
    key: None = None

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = width / mm(1), height / mm(1), bleed / mm(1)
        pen = Pen(canvas, h)
        # White text sits on it: deep enough for it as printed (CMYK, ink limit).
        accent = under_light_text(colour(self.chariot.colour), canvas_inks(canvas))
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=PAPER)
        pen.rect(-b, -b, w + 2 * b, HEADER + b, fill=accent)
        pen.rect(94.0, 24.0, 28.0, 20.0, stroke=INK, line=0.8, radius=1.5)
        pen.rect(124.0, 24.0, w - MARGIN - 122.0, 20.0, stroke=INK, line=0.8, radius=1.5)
        self.hit_boxes(pen, canvas)
        self.team(pen, w, mix(accent, white, 0.85))
        self.endurance(pen, canvas, w)
        turn_log(w, self.data.log_turns).draw(pen, GRID)
        pen.texts(self.plan)
        cut_line(canvas, width, height)

    def hit_boxes(self, pen: Pen, canvas: Any) -> None:
        """A box per hit, with the pace on foot while it is the first unmarked one."""
        boxes = self.chariot.driver.hit_boxes
        size, pitch = 5.0, min(5.6, (180.0 - 2 * MARGIN) / max(boxes, 1))
        for i in range(boxes):
            x = MARGIN + i * pitch
            pen.rect(x, HIT_TOP + 5.0, size, size, fill=white, stroke=INK, line=0.6)
            cx, base = pen.point(x + size / 2, HIT_TOP + 13.5)
            canvas.setFillColor(GRID)
            draw_line(canvas, str(self.data.foot_squares(boxes - i)), cx, base,
                      MIN_FONT_SIZE, align="centre")

    def team(self, pen: Pen, w: float, tint: Color) -> None:
        """A row of damage boxes per horse."""
        for index, horse in enumerate(self.chariot.horses):
            y = TEAM_TOP + 9.0 + index * HORSE_ROW
            pen.rect(MARGIN - 1.0, y - 1.0, w - 2 * MARGIN + 2.0, HORSE_ROW - 0.5, fill=tint)
            for box in range(horse.damage_boxes):
                pen.rect(horse_box_x(box), y, HORSE_BOX, HORSE_BOX, fill=white, stroke=INK,
                         line=0.7)

    def endurance(self, pen: Pen, canvas: Any, w: float) -> None:
        """One numbered box per endurance factor, counted down to the last."""
        pitch = (w - 2 * MARGIN) / ENDURANCE_PER_ROW
        top = endurance_top() + 15.0
        total = self.chariot.endurance
        for i in range(total):
            row, column = divmod(i, ENDURANCE_PER_ROW)
            x, y = MARGIN + column * pitch, top + row * pitch
            pen.rect(x + 0.4, y + 0.4, pitch - 0.8, pitch - 0.8, fill=white, stroke=INK,
                     line=0.6)
            cx, base = pen.point(x + pitch / 2, y + pitch - 1.6)
            canvas.setFillColor(GRID)
            draw_line(canvas, str(total - i), cx, base, MIN_FONT_SIZE, align="centre")

