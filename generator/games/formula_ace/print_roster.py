"""The team roster: the "roaster" the rulebook asks players to keep (1/), one page per team.

Top to bottom: the team's name with its credits, debt and championship points after the
season so far; a row per pilot (rank, category, ship, skills, wounds); a block per ship
(speed, hit points, space, upgrades and weapons, and a box per hit point, booster and fin,
the lost ones already marked); and the turn log, a blank grid for each ship's real move last
turn, which sets this turn's minimum (8/). A team with more pilots and ships than one page
holds continues on further pages. Sizes come from ``data/print.yaml``; every word from
``templates/formula-ace/roster-base.j2``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, white

from generator.games.formula_ace.printing import ShipView, TeamView
from generator.paper.colour import ANY_OUTPUT, legible_ground, readable_text
from generator.paper.drawing import colour, draw_line, mix
from generator.paper.layout import (
    INK,
    SAFE_SLACK,
    Blocks,
    Pen,
    Plan,
    Slot,
    TurnLog,
    cut_line,
    safe_zone,
)
from generator.paper.units import to_mm
from generator.text.fonts import BOLD, REGULAR
from generator.text.templates import TextTemplates

TEMPLATE = "formula-ace/roster.j2"
PAPER = colour("#fbfaf6")
GRID = colour("#6b655c")
MARGIN = 8.0
HEADER = 24.0
SECTION_TITLE = 6.0
PILOT_HEADER, PILOT_ROW = 5.0, 6.5
SHIP_ROW = 19.0
BOX, BOX_PITCH = 3.8, 4.5
LOG_TITLE, LOG_HEADER, LOG_ROW = 10.5, 5.0, 4.4
FOOTER = 6.0
# Pilot columns as shares of the inner width: name, rank, category, ship, three skills, status.
PILOT_COLUMNS = (0.23, 0.09, 0.16, 0.15, 0.07, 0.07, 0.07, 0.16)
LOG_COLUMNS = (0.11, 0.27, 0.15, 0.16, 0.14, 0.17)


def roster_text(view: TeamView, context: dict[str, Any], templates: TextTemplates) -> Blocks:
    """The roster's template blocks rendered for one team."""
    return Blocks(templates.blocks(TEMPLATE, context))


def contrast(accent: Color) -> str:
    """Ink or white, whichever reads better on ``accent`` once it is the team's ground
    (``legible_ground``): at least 4.5:1."""
    return "#" + str(readable_text(accent, ANY_OUTPUT).hexval())[2:]


@dataclass(frozen=True)
class Row:
    """One band of the roster's flow: a section title, the pilots' header, a pilot or a
    ship, with its height in mm."""

    kind: str
    index: int
    height: float


def flow(view: TeamView) -> list[Row]:
    """Every band of the roster, top to bottom, before it is cut into pages."""
    rows = [Row("pilots", 0, SECTION_TITLE), Row("pilot header", 0, PILOT_HEADER)]
    rows += [Row("pilot", i, PILOT_ROW) for i in range(len(view.pilots))]
    rows.append(Row("ships", 0, SECTION_TITLE + 1.0))
    rows += [Row("ship", i, SHIP_ROW) for i in range(len(view.ships))]
    return rows


def log_height(turns: int) -> float:
    return LOG_TITLE + LOG_HEADER + -(-turns // 2) * LOG_ROW


def paginate(rows: list[Row], width: float, height: float, turns: int
             ) -> list[list[tuple[Row, float]]]:
    """The bands of each page with their tops: the first page keeps room for the turn log,
    later pages (a very large team) run to the footer. A title never ends a page."""
    pages: list[list[tuple[Row, float]]] = []
    top = HEADER + 4.0
    first_bottom = height - FOOTER - log_height(turns) - 10.0
    bottom, y = first_bottom, top
    page: list[tuple[Row, float]] = []
    for index, row in enumerate(rows):
        keep = row.height + (rows[index + 1].height if row.kind in ("pilots", "ships",
                                                                    "pilot header")
                             and index + 1 < len(rows) else 0.0)
        if y + keep > bottom and page:
            pages.append(page)
            bottom, y, page = height - FOOTER - 2.0, top, []
            for repeat in _titles_for(row, rows):
                page.append((repeat, y))
                y += repeat.height
        page.append((row, y))
        y += row.height
    pages.append(page)
    return pages


def _titles_for(row: Row, rows: list[Row]) -> list[Row]:
    """The section title (and the pilots' header) to repeat above ``row`` when it opens a
    page."""
    if row.kind == "pilot":
        return [r for r in rows if r.kind in ("pilots", "pilot header")]
    return [r for r in rows if r.kind == "ships"] if row.kind == "ship" else []


def _pilot_columns(inner: float) -> tuple[list[float], list[float]]:
    widths = [share * inner for share in PILOT_COLUMNS]
    return [MARGIN + sum(widths[:i]) for i in range(len(widths))], widths


def turn_log(width: float, height: float, turns: int) -> TurnLog:
    """The log of each ship's real move, two tables side by side under the title."""
    return TurnLog(MARGIN, log_top(height, turns) + LOG_TITLE - 4.5, width - 2 * MARGIN,
                   turns, LOG_COLUMNS, LOG_HEADER, LOG_ROW)


def header_slots(text: Blocks, width: float, ink: str, first: bool) -> list[Slot]:
    """The team's name and, on the first page, the season line and the three totals."""
    if not first:
        return [Slot("title", text["continued"], MARGIN, 4.0, width - 2 * MARGIN, 12.0, 16,
                     BOLD, "left", colour_hex=ink)]
    slots = [
        Slot("title", text["title"], MARGIN, 2.5, 98.0, 11.0, 18, BOLD, "left",
             colour_hex=ink),
        Slot("subtitle", text["subtitle"], MARGIN, 13.5, 98.0, 4.5, 7, align="left",
             colour_hex=ink),
        Slot("season", text["season"], MARGIN, 18.0, 98.0, 4.5, 6.5, align="left",
             colour_hex=ink),
    ]
    for number, key in enumerate(("credits", "debt", "points")):
        x = box_left(width, number)
        slots.append(Slot(f"{key} label", text[f"{key}_label"], x + 0.8, 4.0, 17.4, 4.0, 6,
                          BOLD))
        slots.append(Slot(key, text[key], x + 0.8, 8.5, 17.4, 10.0, 13, BOLD))
    return slots


def box_left(width: float, number: int) -> float:
    """Left edge of the ``number``-th total box (credits, debt, points) in the header."""
    return width - MARGIN - (3 - number) * 19.0 - (2 - number) * 1.5


def band_slots(text: Blocks, row: Row, y: float, width: float) -> list[Slot]:
    """The text of one band of the flow."""
    inner = width - 2 * MARGIN
    if row.kind in ("pilots", "ships"):
        return [Slot(f"{row.kind} title", text[f"{row.kind}_title"], MARGIN, y + 1.0, 40.0,
                     4.5, 8, BOLD, "left")]
    if row.kind == "pilot header":
        lefts, widths = _pilot_columns(inner)
        return [Slot(f"pilot header {n + 1}", header, x + 0.8, y, w - 1.6, PILOT_HEADER, 6.5,
                     BOLD, "left" if n < 4 or n == 7 else "centre")
                for n, (header, x, w) in enumerate(zip(text.lines("pilot_headers_lines"),
                                                       lefts, widths, strict=True))]
    if row.kind == "pilot":
        return pilot_slots(text, row.index, y, inner)
    return ship_slots(text, row.index, y, inner)


def pilot_slots(text: Blocks, index: int, y: float, inner: float) -> list[Slot]:
    lefts, widths = _pilot_columns(inner)
    skills = text.cells("pilot_skill_cells")[index]
    cells = [text.rows(f"pilot_{name}_cells")[index]
             for name in ("name", "rank", "category", "ship")]
    cells += skills + [text.rows("pilot_status_cells")[index]]
    parts = ("name", "rank", "category", "ship", "piloting", "g-endurance", "firing",
             "status")
    return [Slot(f"pilot {index + 1} {part}", cell, x + 0.8, y, w - 1.6, PILOT_ROW,
                 8 if part in ("name", "piloting", "g-endurance", "firing") else 7,
                 BOLD if part in ("piloting", "g-endurance", "firing") else REGULAR,
                 "centre" if part in ("piloting", "g-endurance", "firing") else "left")
            for part, cell, x, w in zip(parts, cells, lefts, widths, strict=True)]


def ship_slots(text: Blocks, index: int, y: float, inner: float) -> list[Slot]:
    right = MARGIN + inner
    return [
        Slot(f"ship {index + 1} name", text.rows("ship_name_cells")[index], MARGIN + 1.0,
             y + 0.8, 55.0, 5.5, 9, align="left"),
        Slot(f"ship {index + 1} pilot", text.rows("ship_pilot_cells")[index], MARGIN + 57.0,
             y + 0.8, 40.0, 5.5, 7.5, align="left"),
        Slot(f"ship {index + 1} stats", text.rows("ship_stats_cells")[index], MARGIN + 97.0,
             y + 0.8, inner - 98.0, 5.5, 7.5, align="right"),
        Slot(f"ship {index + 1} hits label", text["hits_label"], MARGIN + 1.0, y + 7.0, 12.0,
             BOX, 6, BOLD, "left"),
        Slot(f"ship {index + 1} boosters label", text["boosters_label"], MARGIN + 1.0,
             y + 12.4, 12.0, BOX, 6, BOLD, "left"),
        Slot(f"ship {index + 1} fins label", text["fins_label"], MARGIN + 33.0, y + 12.4,
             9.0, BOX, 6, BOLD, "left"),
        Slot(f"ship {index + 1} kit", text.rows("ship_kit_cells")[index], MARGIN + 62.0,
             y + 11.4, right - MARGIN - 63.0, 6.2, 7, align="left"),
    ]


def log_slots(text: Blocks, width: float, height: float, turns: int) -> list[Slot]:
    inner = width - 2 * MARGIN
    top = log_top(height, turns)
    log = turn_log(width, height, turns)
    slots = [Slot("log title", text["log_title"], MARGIN, top, 30.0, 5.0, 8, BOLD, "left"),
             Slot("log note", text["log_note"], MARGIN + 30.0, top, inner - 30.0, 5.0, 6.5,
                  align="right")]
    for column, (header, x, w) in enumerate(zip(text.lines("log_headers_lines"),
                                                *log.columns(), strict=True)):
        for table in range(log.tables):
            slots.append(Slot(f"log header {column + 1}", header, log.table_left(table) + x + 0.5,
                              log.top, w - 1.0, LOG_HEADER, 6.5, BOLD))
    return slots


def mark_box(pen: Pen, x: float, y: float, size: float, mark: str) -> None:
    """A box to tick, marked as the season left it: crossed (lost or destroyed), one
    stroke (broken), or Z (a Zap o' Burn booster)."""
    pen.rect(x, y, size, size, fill=white, stroke=INK, line=0.5)
    if mark in ("cross", "stroke"):
        pen.line(x + 0.5, y + size - 0.5, x + size - 0.5, y + 0.5, INK, 0.7)
    if mark == "cross":
        pen.line(x + 0.5, y + 0.5, x + size - 0.5, y + size - 0.5, INK, 0.7)
    if mark == "zap":
        cx, base = pen.point(x + size / 2, y + size - 1.0)
        pen.canvas.setFillColor(GRID)
        draw_line(pen.canvas, "Z", cx, base, 6, BOLD, "centre")


def log_top(height: float, turns: int) -> float:
    return height - FOOTER - log_height(turns)


@dataclass(frozen=True)
class RosterPage:
    """The bands of one roster page and their fitted text."""

    bands: tuple[tuple[Row, float], ...]
    first: bool
    plan: Plan


def plan_roster(view: TeamView, text: Blocks, width: float, height: float, turns: int
                ) -> list[RosterPage]:
    """Every page of one team's roster, its text fitted, or the parts that cannot fit (in
    each page's ``plan.problems``)."""
    ink = contrast(colour(view.team.colour))
    pages = []
    for number, bands in enumerate(paginate(flow(view), width, height, turns)):
        slots = header_slots(text, width, ink, number == 0)
        for row, y in bands:
            slots += band_slots(text, row, y, width)
        if number == 0:
            slots += log_slots(text, width, height, turns)
            slots.append(Slot("legend", text["legend"], MARGIN,
                              log_top(height, turns) - 9.0, width - 2 * MARGIN, 7.0,
                              6, align="left", colour_hex="#5a5a5a"))
        slots.append(Slot("footer", text["footer"], MARGIN, height - FOOTER + 1.0,
                          width - 2 * MARGIN, 4.0, 6, colour_hex="#5a5a5a"))
        pages.append(RosterPage(tuple(bands), number == 0, Plan().place_all(slots)))
    return pages


@dataclass(frozen=True)
class RosterFace:
    """One page of a team's roster, its text already fitted."""

    view: TeamView
    page: RosterPage
    turns: int
    key: None = None

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h)
        accent = colour(legible_ground(self.view.team.colour))
        tint = mix(accent, white, 0.88)
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=PAPER)
        pen.rect(-b, -b, w + 2 * b, HEADER + b, fill=accent)
        if self.page.first:
            # The total boxes start 3 mm below the cut; in a print shop, below its safe
            # zone (their bottoms stay put, so they lose a little height).
            top = max(3.0, to_mm(safe_zone(canvas)) + SAFE_SLACK)
            for number in range(3):
                pen.rect(box_left(w, number), top, 19.0, 20.0 - top, fill=white, stroke=INK,
                         line=0.6, radius=1.2)
        for row, y in self.page.bands:
            if row.kind == "pilot header":
                pen.rect(MARGIN, y, w - 2 * MARGIN, PILOT_HEADER, fill=tint)
            elif row.kind == "pilot":
                pen.line(MARGIN, y + PILOT_ROW, w - MARGIN, y + PILOT_ROW, GRID, 0.4)
            elif row.kind == "ship":
                self.ship(pen, self.view.ships[row.index], y, w, tint)
        if self.page.first:
            turn_log(w, h, self.turns).draw(pen, GRID, row_fill=white)
        pen.texts(self.page.plan)
        cut_line(canvas, width, height)

    def ship(self, pen: Pen, ship: ShipView, y: float, w: float, tint: Color) -> None:
        """The ship's band, and a box per hit point, booster and fin, the lost ones marked."""
        pen.rect(MARGIN, y + 0.3, w - 2 * MARGIN, SHIP_ROW - 1.3, fill=tint, radius=1.0)
        boxes, lost = ship.hit_boxes
        pitch = min(BOX_PITCH, (w - 2 * MARGIN - 15.0) / max(boxes, 1))
        for i in range(boxes):
            marked = i >= boxes - lost
            self.box(pen, MARGIN + 14.0 + i * pitch, y + 7.0, "cross" if marked else "")
        for i, mark in enumerate(ship.booster_marks):
            self.box(pen, MARGIN + 14.0 + i * BOX_PITCH, y + 12.4, mark)
        for i, mark in enumerate(ship.fin_marks):
            self.box(pen, MARGIN + 42.0 + i * BOX_PITCH, y + 12.4, mark)
        state = ship.state
        if state.destroyed:
            pen.line(MARGIN + 1.0, y + 3.5, w - MARGIN - 1.0, y + 3.5, INK, 0.8)

    @staticmethod
    def box(pen: Pen, x: float, y: float, mark: str) -> None:
        mark_box(pen, x, y, BOX, mark)
