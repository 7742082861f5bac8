"""The reference card: the second-edition changes in our own words, on both sides of an A5.

The front covers moving and tiring (straining, sideslips, corners, exhaustion, evasion), the
back combat, horses, wrecks, runaway teams and drivers off their cars. Every sentence is a
block of ``templates/circus-maximus/reference-base.j2``; the numbers in them come from
``data/facts.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.games.circus_maximus.catalogues import CircusData
from generator.paper.drawing import colour
from generator.paper.imposition import Piece
from generator.paper.layout import INK, Blocks, Pen, Plan, Slot, cut_line
from generator.paper.units import to_mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "circus-maximus/reference.j2"
BACKGROUND = colour("#fbf8f1")
TITLE_BAR = 13.0


@dataclass(frozen=True)
class ReferenceFace:
    """One side of the reference card: a title bar and its fitted text."""

    name: str
    plan: Plan = field(compare=False)
    key: None = None

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h)
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=BACKGROUND)
        pen.rect(-b, -b, w + 2 * b, TITLE_BAR + b, fill=INK)
        pen.texts(self.plan)
        cut_line(canvas, width, height)


def side_plan(text: Blocks, side: str, w: float, h: float) -> Plan:
    """A side's title, its changes one paragraph each, and the footer."""
    return Plan().place_all([
        Slot(f"{side} title", text[f"{side}_title"], 5.0, 3.0, w - 10, 7.5, 12, BOLD,
             colour_hex="#ffffff"),
        Slot(f"{side} changes", "<br/><br/>".join(text.lines(f"{side}_lines")), 7.0,
             TITLE_BAR + 4.0, w - 14, h - TITLE_BAR - 16.0, 8.5, align="left", valign="top"),
        Slot(f"{side} footer", text["footer"], 7.0, h - 9.0, w - 14, 5.0, 6,
             colour_hex="#5a5a5a"),
    ]).require(f"Circus Maximus reference card ({side})")


def reference_pieces(data: CircusData, templates: TextTemplates) -> list[Piece]:
    """The one reference card, front and back."""
    text = Blocks(templates.blocks(TEMPLATE, {"facts": data}))
    size = data.sizes["reference_card"]
    w, h = to_mm(size.width), to_mm(size.height)
    return [Piece(ReferenceFace("front", side_plan(text, "front", w, h)),
                  ReferenceFace("back", side_plan(text, "back", w, h)),
                  label="second-edition reference card")]
