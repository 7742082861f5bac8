"""The Frothy Races Driving Licence: layout geometry, front and back.

The licence is 190 x 125 mm, two to an A4 or Letter page. Its tracks sit on the edges where
a paperclip marks them, as the guide describes: the Speed table's Acceleration and
Deceleration rows along the top, the Damage track down the left (Resilience in its top
corner), the Stamina track down the right, the Control Loss track along the bottom. The
middle holds the name, traits in brief, card counts and the Spent and Recovery boxes.
Where each lies is the grid's (``licence_grid``): 1.5 mm in from the cut at home, a print
shop's safe zone in from it for a print shop, at the same trim size.

Every string comes from the template blocks (``templates/frothy-races/licence-base.j2``);
this module only places them. Layout is planned before drawing: each text slot is fitted
(shrinking to 6 pt at the least) and a slot that cannot fit becomes a problem the checker
reports as FR-PRINT-TEXT instead of a clipped line on paper.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generator.games.frothy_races.catalogues import (
    FrothyData,
    Resolved,
    resolve,
    special_face,
)
from generator.games.frothy_races.licence_grid import HEIGHT_MM, HOME, WIDTH_MM, Grid
from generator.games.frothy_races.model import PHASES, SPEEDS, Vehicle
from generator.paper.art import Area
from generator.paper.imposition import Component
from generator.paper.layout import Blocks, Plan, Slot
from generator.paper.units import mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "frothy-races/licence.j2"
# No bleed at home (it is cut on its hairline); a print shop's bleed the faces draw
# themselves: the corner blocks and the back's bands run on into it, nothing else reaches it.
LICENCE = Component(mm(WIDTH_MM), mm(HEIGHT_MM), bleed=0.0, own_bleed=True)
GUTTER = mm(6)

MAX_TRACK_ROW = 11.0
# Resilience is red on yellow, as the guide prints it: a red a shade darker than the Reins
# red, so that it reads at 4.5:1 or better in a print shop's CMYK too (the Reins red reaches
# 4.58:1 in RGB but 4.49:1 once limited to 240% ink).
RESILIENCE_INK = "#a32219"
NUMBER_CELL = 8.0
# The vehicle's own picture on the back: the top-right corner, beside title and background,
# the back's margin in from the cut.
ART_WIDTH, ART_HEIGHT, ART_GAP = 40.0, 30.0, 4.0
ART_AREA = Area("the licence back", mm(ART_WIDTH), mm(ART_HEIGHT))


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

def plan_front(text: Blocks, vehicle: Vehicle, grid: Grid = HOME) -> Plan:
    """Fit every text of the licence front into its slot."""
    return Plan().place_all(front_slots(text, vehicle, grid))


def front_slots(text: Blocks, vehicle: Vehicle, grid: Grid = HOME) -> list[Slot]:
    """Where each text of the front goes."""
    slots = _speed_table_slots(text, grid)
    slots += _track_slots(text, vehicle, grid)
    slots += _centre_slots(text, grid)
    slots += _control_band_slots(text, grid)
    return slots


def _speed_table_slots(text: Blocks, g: Grid) -> list[Slot]:
    label = {"acceleration": "acceleration_label", "deceleration": "deceleration_label",
             "speed": "speed_label", "control": "control_label", "stamina": "stamina_label"}
    top, height, column = g.row_top, g.row_height, g.speed_column
    slots = [Slot(f"{row} label", text[block], g.centre_left + 0.6, top[row] + 0.4,
                  g.label_column - 1.2, height[row] - 0.8, 6.5, BOLD, "left",
                  colour_hex="#ffffff" if row in ("acceleration", "deceleration") else "#1d1d1b")
             for row, block in label.items()]
    for phase, move_label in zip(PHASES, text.rows("move_label_lines"), strict=False):
        row = f"move_{phase}"
        slots.append(Slot(f"{row} label", move_label, g.centre_left + 0.6, top[row] + 0.3,
                          g.label_column - 1.2, height[row] - 0.6, 6.5, BOLD, "left"))
    speed_lines, total_lines = text.rows("speed_lines"), text.rows("total_lines")
    move_cells = text.cells("move_cell_lines")
    control_cells, stamina_cells = text.rows("control_cell_lines"), text.rows(
        "stamina_cell_lines")
    for speed in SPEEDS:
        x = g.speed_left + speed * column
        slots.append(Slot(f"Speed {speed} heading", speed_lines[speed], x, top["speed"] + 0.2,
                          column, 4.6, 11, BOLD))
        slots.append(Slot(f"Speed {speed} total", total_lines[speed], x, top["speed"] + 4.8,
                          column, 3.0, 6.0))
        for phase in PHASES:
            row = f"move_{phase}"
            slots.append(Slot(f"move {phase} at Speed {speed}", move_cells[phase - 1][speed], x,
                              top[row], column, height[row], 8.5, BOLD))
        slots.append(Slot(f"control at Speed {speed}", control_cells[speed], x,
                          top["control"], column, height["control"], 7, BOLD))
        slots.append(Slot(f"stamina at Speed {speed}", stamina_cells[speed], x,
                          top["stamina"], column, height["stamina"], 7.5))
    return slots


def track_rows(count: int, top: float, bottom: float) -> list[tuple[float, float]]:
    """(top, height) in mm of each row of an edge track with ``count`` rows."""
    height = min(MAX_TRACK_ROW, (bottom - top) / count)
    return [(top + i * height, height) for i in range(count)]


def _padded(lines: list[str], count: int) -> list[str]:
    """A list block's lines, one per row: missing rows empty, extra lines dropped."""
    return (lines + [""] * count)[:count]


def _track_slots(text: Blocks, vehicle: Vehicle, g: Grid) -> list[Slot]:
    left, right_edge, side, inset = g.inset, WIDTH_MM - g.inset, g.side, g.inset
    # The corner blocks' texts share what the Acceleration and Deceleration rows leave them.
    short = HOME.header_height - g.header_height
    slots = [
        Slot("resilience label", text["resilience_label"], left + 0.5, inset + 0.6,
             side - 1.0, 3.6, 6.5, BOLD, colour_hex=RESILIENCE_INK),
        Slot("resilience value", text["resilience_value"], left + 0.5, inset + 4.2,
             side - 1.0, 9.0 - short, 20, BOLD, colour_hex=RESILIENCE_INK),
        Slot("damage label", text["damage_label"], left, g.track_top, side, 5.0, 7, BOLD),
        Slot("stamina track label", text["stamina_track_label"], right_edge - side + 0.5,
             inset + 0.8, side - 1.0, 6.0 - short / 2, 9, BOLD),
        Slot("stamina start", text["stamina_start"], right_edge - side + 0.5,
             inset + 6.8 - short / 2, side - 1.0, 6.2 - short / 2, 6.5),
    ]
    damage_levels = range(vehicle.damage.value + 1)
    damage_lines = _padded(text.rows("damage_affect_lines"), len(damage_levels))
    for (top, height), level, label in zip(
            track_rows(len(damage_levels), g.track_header, g.track_bottom), damage_levels,
            damage_lines, strict=True):
        slots.append(Slot(f"damage level {level} number", str(level), left, top,
                          NUMBER_CELL, height, 8, BOLD))
        if label:
            slots.append(Slot(f"damage affect at level {level}", label,
                              left + NUMBER_CELL + 0.6, top, side - NUMBER_CELL - 1.0, height,
                              7, align="left"))
    stamina = vehicle.stamina
    stamina_levels = range(stamina.maximum, stamina.minimum - 1, -1)
    stamina_lines = _padded(text.rows("stamina_affect_lines"), len(stamina_levels))
    for (top, height), level, label in zip(
            track_rows(len(stamina_levels), g.stamina_top, g.track_bottom), stamina_levels,
            stamina_lines, strict=True):
        slots.append(Slot(f"stamina level {level} number", str(level),
                          right_edge - NUMBER_CELL, top, NUMBER_CELL, height, 8, BOLD))
        if label:
            slots.append(Slot(f"stamina affect at level {level}", label,
                              right_edge - side + 0.4, top, side - NUMBER_CELL - 1.0, height,
                              7, align="right"))
    return slots


def _centre_slots(text: Blocks, g: Grid) -> list[Slot]:
    left, width = g.centre_left, g.centre_right - g.centre_left
    # The card counts are short lines: their column gives up what the middle loses.
    traits_w = 68.0
    cards_x = left + traits_w + 2.0
    cards_w = g.centre_right - cards_x
    half = (width - 2.0) / 2
    recovery_x = left + half + 2.0
    name, traits, spent = g.name_top, g.traits_top, g.spent_top
    name_h, traits_h, spent_h = g.down["name"] - 4.5, g.down["traits"] - 4.0, g.down["spent"]
    grey = "#5a5a5a"
    return [
        Slot("name", text["title"], left, name + 0.5, width, name_h, 16, BOLD),
        Slot("subtitle", text["subtitle"], left, name + 0.5 + name_h, width, 3.6, 7),
        Slot("traits label", text["traits_label"], left + 1.0, traits, traits_w, 3.6,
             6.5, BOLD, "left"),
        Slot("traits", "<br/>".join(text.rows("trait_lines")), left + 1.0, traits + 4.0,
             traits_w - 1.5, traits_h, 7.5, align="left", valign="top"),
        Slot("cards label", text["cards_label"], cards_x + 1.0, traits, cards_w - 2.0, 3.6,
             6.5, BOLD, "left"),
        Slot("cards", "<br/>".join(text.rows("card_lines")), cards_x + 1.0, traits + 4.0,
             cards_w - 2.0, traits_h, 7.5, align="left", valign="top"),
        Slot("spent label", text["spent_label"], left + 1.0, spent + 0.7, half - 2.0, 3.6,
             7, BOLD, "left", colour_hex=grey),
        Slot("spent hint", text["spent_hint"], left + 1.0, spent + spent_h - 4.5, half - 2.0,
             3.8, 6, align="left", colour_hex=grey),
        Slot("recovery label", text["recovery_label"], recovery_x + 1.0, spent + 0.7,
             half - 2.0, 3.6, 7, BOLD, "left", colour_hex=grey),
        Slot("recovery hint", text["recovery_hint"], recovery_x + 1.0, spent + spent_h - 7.3,
             half - 2.0, 6.8, 6, align="left", colour_hex=grey),
    ]


def _control_band_slots(text: Blocks, g: Grid) -> list[Slot]:
    top, band_h = g.band_top, g.band_bottom - g.band_top
    label_w = g.band["label"] - 1.5
    slots = [
        Slot("control loss label", text["control_loss_label"], g.inset + 0.5, top + 1.0,
             label_w, band_h - 6.5, 7.5, BOLD, "left"),
        Slot("control loss note", text["control_loss_note"], g.note_left, top + 0.5,
             g.band["note"], band_h - 1.0, 6.5, align="left"),
    ]
    minimum = text["control_loss_minimum"]
    if minimum:
        slots.append(Slot("control loss minimum", minimum, g.inset + 0.5,
                          top + band_h - 5.5, label_w, 4.5, 6.5, align="left"))
    for box in range(10):
        slots.append(Slot(f"control loss box {box}", str(box),
                          g.control_left + box * g.control_box, top, g.control_box, band_h,
                          11, BOLD))
    return slots


def plan_back(text: Blocks, with_art: bool = False, grid: Grid = HOME) -> Plan:
    """Fit the back: title, background, then every explanation in two columns. With art,
    the picture takes the top-right corner: the text beside it is narrower and the columns
    start below it."""
    plan = Plan()
    edge = grid.back_margin
    width = WIDTH_MM - 2 * edge
    beside = width - ART_WIDTH - ART_GAP if with_art else width
    plan.place(Slot("back title", text["back_title"], edge, edge - 1.0, beside, 8.0, 15, BOLD,
                    "left"))
    plan.place(Slot("back subtitle", text["back_subtitle"], edge, edge + 7.0, beside, 3.6, 7,
                    align="left", colour_hex="#5a5a5a"))
    plan.place(Slot("background", text["background"], edge, edge + 13.0, beside, 30.0, 9,
                    align="left", valign="top"))
    background = next((t for t in plan.texts if t.slot.part == "background"), None)
    top = edge + 13.0 + (background.fitted.height / mm(1) if background else 0.0) + 4.0
    if with_art:
        top = max(top, edge + ART_HEIGHT + 4.0)
    explanations = _trim_blank(text.rows("explanation_lines"))
    if explanations:
        column_w = (width - 6.0) / 2
        split = _balanced_split(explanations)
        for index, part in enumerate((explanations[:split], explanations[split:])):
            part = _trim_blank(part)
            if part:
                plan.place(Slot(f"explanations (column {index + 1})", "<br/>".join(part),
                                edge + index * (column_w + 6.0), top, column_w,
                                HEIGHT_MM - (edge - 1.0) - top, 8, align="left", valign="top"))
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


def print_problems(vehicle: Vehicle, data: FrothyData, templates: TextTemplates,
                   grid: Grid = HOME) -> list[tuple[str, str]]:
    """(part, side) for every text that cannot be printed at 6 pt or more."""
    text = render_text(vehicle, data, templates)
    return ([(part, "front") for part in plan_front(text, vehicle, grid).problems]
            + [(part, "back") for part
               in plan_back(text, vehicle.art is not None, grid).problems])
