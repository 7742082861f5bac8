"""The reference tables: two A5 sheets, both sides, every table in our own words.

Sheet one: the Damage and Critical Damage Tables (12/) on the front; the Engine Start Table
(13/) and the optional Special Feature Table (19/) on the back. Sheet two: the Destruction
Derby weapons with range, firing modifier, damage and price, and the other derby items (17/)
on the front; a turn of racing (7/ to 11/, 15/, 18/) on the back. Every word is a block of
``templates/formula-ace/reference-base.j2``; every number comes from ``data/facts.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.paper.drawing import colour
from generator.paper.imposition import Piece
from generator.paper.layout import INK, Blocks, Pen, Plan, Slot, cut_line
from generator.paper.units import to_mm
from generator.text.fonts import BOLD, REGULAR
from generator.text.templates import TextTemplates

TEMPLATE = "formula-ace/reference.j2"
BACKGROUND = colour("#fbfaf6")
HEADER_TINT = colour("#dfe6ee")
RULE = colour("#8a8378")
TITLE_BAR = 13.0
MARGIN = 8.0


@dataclass(frozen=True)
class Table:
    """A table of a side: its blocks' prefix, column shares and row height (mm)."""

    key: str
    columns: tuple[float, ...]
    row: float


# Each side: its block prefix, its tables, and a list block of paragraphs instead, if any.
SIDES: tuple[tuple[str, tuple[Table, ...]], ...] = (
    ("damage", (Table("damage", (0.1, 0.9), 8.0), Table("critical", (0.1, 0.9), 10.0))),
    ("start", (Table("start", (0.14, 0.2, 0.66), 6.5), Table("features", (0.1, 0.9), 9.0))),
    ("weapons", (Table("weapons", (0.32, 0.17, 0.15, 0.16, 0.2), 7.0),
                 Table("kit", (0.27, 0.57, 0.16), 8.0))),
    ("moving", ()),
)


@dataclass(frozen=True)
class Stroke:
    """A rule under a table row (mm from the top-left), or a tint box when ``fill``."""

    x: float
    y: float
    width: float
    height: float
    fill: bool = False


def table_slots(text: Blocks, table: Table, top: float, width: float
                ) -> tuple[list[Slot], list[Stroke], float]:
    """A table's title, header and rows from ``top``; the rules under them; its bottom."""
    inner = width - 2 * MARGIN
    widths = [share * inner for share in table.columns]
    lefts = [MARGIN + sum(widths[:i]) for i in range(len(widths))]
    slots = [Slot(f"{table.key} title", text[f"{table.key}_title"], MARGIN, top, inner, 5.5,
                  9, BOLD, "left")]
    rules = [Stroke(MARGIN, top + 6.0, inner, 5.0, fill=True)]
    for n, (header, x, w) in enumerate(zip(text[f"{table.key}_headers"].split("|"), lefts,
                                           widths, strict=True)):
        slots.append(Slot(f"{table.key} header {n + 1}", header, x + 1.0, top + 6.0, w - 2.0,
                          5.0, 7, BOLD, "left"))
    y = top + 11.0
    for number, line in enumerate(text.lines(f"{table.key}_rows"), start=1):
        cells = line.split("|")
        for n, (cell, x, w) in enumerate(zip(cells, lefts, widths, strict=True)):
            slots.append(Slot(f"{table.key} row {number} cell {n + 1}", cell, x + 1.0, y,
                              w - 2.0, table.row, 8 if n == 0 and len(cells) == 2 else 7.5,
                              BOLD if n == 0 and len(cells) == 2 else REGULAR, "left"))
        y += table.row
        rules.append(Stroke(MARGIN, y, inner, 0.0))
    return slots, rules, y


@dataclass(frozen=True)
class ReferenceFace:
    """One side of a reference sheet: a title bar, its tables' rules and its fitted text."""

    name: str
    plan: Plan = field(compare=False)
    rules: tuple[Stroke, ...] = ()
    key: None = None

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h)
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=BACKGROUND)
        pen.rect(-b, -b, w + 2 * b, TITLE_BAR + b, fill=INK)
        for rule in self.rules:
            if rule.fill:
                pen.rect(rule.x, rule.y, rule.width, rule.height, fill=HEADER_TINT)
            else:
                pen.line(rule.x, rule.y, rule.x + rule.width, rule.y, RULE, 0.4)
        pen.texts(self.plan)
        cut_line(canvas, width, height)


def side_face(text: Blocks, side: str, tables: tuple[Table, ...], w: float, h: float
              ) -> ReferenceFace:
    """A side's title, introduction, tables (or paragraphs) and note, top to bottom."""
    inner = w - 2 * MARGIN
    slots = [Slot(f"{side} title", text[f"{side}_side"], 5.0, 3.0, w - 10, 7.5, 12, BOLD,
                  colour_hex="#ffffff"),
             Slot("footer", text["footer"], MARGIN, h - 8.0, inner, 4.5, 6,
                  colour_hex="#5a5a5a")]
    rules: list[Stroke] = []
    if not tables:
        slots.append(Slot(f"{side} text", "<br/><br/>".join(text.lines(f"{side}_lines")),
                          MARGIN, TITLE_BAR + 4.0, inner, h - TITLE_BAR - 14.0, 9,
                          align="left", valign="top"))
        return ReferenceFace(side, Plan().place_all(slots).require(
            f"Formula Ace reference tables ({side})"))
    intro = Slot(f"{side} intro", text[f"{side}_intro"], MARGIN, TITLE_BAR + 3.0, inner,
                 30.0, 8.5, align="left", valign="top")
    slots.append(intro)
    fitted = Plan().place_all([intro]).texts
    y = TITLE_BAR + 3.0 + (to_mm(fitted[0].fitted.height) if fitted else 30.0) + 5.0
    for table in tables:
        more, lines, y = table_slots(text, table, y, w)
        slots += more
        rules += lines
        y += 5.0
    slots.append(Slot(f"{side} note", text[f"{side}_note"], MARGIN, y, inner,
                      h - 10.0 - y, 8, align="left", valign="top"))
    return ReferenceFace(side, Plan().place_all(slots).require(
        f"Formula Ace reference tables ({side})"), tuple(rules))


def reference_pieces(context: dict[str, Any], templates: TextTemplates, w: float, h: float
                     ) -> list[Piece]:
    """The two reference sheets, each front and back."""
    text = Blocks(templates.blocks(TEMPLATE, context))
    faces = [side_face(text, side, tables, w, h) for side, tables in SIDES]
    return [Piece(faces[0], faces[1], label="damage and engine start tables"),
            Piece(faces[2], faces[3], label="weapons and a turn of racing")]

