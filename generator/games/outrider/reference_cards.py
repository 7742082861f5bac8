"""The shared Outrider cards: range cards, capstone, reference card and speedometer (1.8).

* Range cards (three): a single red fire corridor on the front, the dual corridor for
  fire-linked weapons on the back (7.2), spaced like two arcs on one vehicle-card edge.
* Capstone: Brake Hard on the front, with its own +1 outside the modifiers box; continue on
  the back; both keep the modifiers box where plus tokens go (5.3, 5.4).
* Reference card: the turn sequence on the front, the loss-of-control charts on the back.
* Speedometer: the tile the overall initiative winner takes, its two advantages on the back.

Every sentence is a block of ``templates/outrider/reference-base.j2``; the numbers in them
come from ``data/components.yaml`` and ``data/loss_of_control.yaml``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import white

from generator.games.outrider.catalogues import OutriderData
from generator.games.outrider.layout import (
    ARC_RED,
    ENTRY_GREEN,
    RULE,
    SEAT_TINT,
    STOP_RED,
)
from generator.paper.drawing import colour
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
from generator.paper.units import to_mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "outrider/reference.j2"
CARD_BACKGROUND = colour("#f4f1ea")


def reference_text(data: OutriderData, templates: TextTemplates) -> Blocks:
    """The blocks of every shared card, rendered once."""
    return Blocks(templates.blocks(TEMPLATE, {"facts": data.facts, "charts": data.charts}))


Painter = Callable[[Pen, float, float, float], None]


@dataclass(frozen=True)
class SharedFace:
    """A side of a shared card: its background art and its planned text."""

    name: str
    plan: Plan = field(compare=False)
    paint: Painter = field(repr=False, compare=False)
    icons: IconSet = field(repr=False, compare=False)
    key: None = None

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h, self.icons)
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=CARD_BACKGROUND)
        self.paint(pen, w, h, b)
        pen.texts(self.plan)
        cut_line(canvas, width, height)


# --- range cards ----------------------------------------------------------------------------

def _corridors(centres: list[float], corridor: float) -> Painter:
    def paint(pen: Pen, w: float, h: float, b: float) -> None:
        for centre in centres:
            pen.rect(centre - corridor / 2, -b, corridor, h + 2 * b, fill=ARC_RED)
            for tick in range(10, int(h), 10):
                pen.line(centre - corridor / 2, tick, centre + corridor / 2, tick, white, 0.4)
    return paint


def range_faces(text: Blocks, data: OutriderData, icons: IconSet, w: float, h: float
                ) -> tuple[SharedFace, SharedFace]:
    """The single-corridor front and the dual-corridor back of a range card."""
    corridor, offset = data.geometry["corridor_width"], data.geometry["paired_arc_offset"]
    left_edge = w / 2 - corridor / 2
    single = Plan().place_all([
        Slot("range title", text["range_single_title"], 3.0, 8.0, 7.0, h - 16, 10, BOLD,
             rotate=-90),
        Slot("range text", text["range_single_text"], w / 2 + corridor / 2 + 3.0, 8.0,
             left_edge - 6.0, h - 16, 7.5, rotate=-90),
    ]).require("range card")
    gap_left = w / 2 - offset + corridor / 2
    dual = Plan().place_all([
        Slot("dual title", text["range_dual_title"], 1.5, 8.0, w / 2 - offset - corridor / 2
             - 3.0, h - 16, 8, BOLD, rotate=-90),
        Slot("dual text", text["range_dual_text"], gap_left + 1.5, 8.0,
             2 * offset - corridor - 3.0, h - 16, 7.5, rotate=-90),
    ]).require("range card back")
    return (SharedFace("range single", single, _corridors([w / 2], corridor), icons),
            SharedFace("range dual", dual, _corridors([w / 2 - offset, w / 2 + offset],
                                                      corridor), icons))


# --- capstone -------------------------------------------------------------------------------

def _capstone_art(brake: bool, data: OutriderData) -> Painter:
    inset, seat = data.geometry["arrow_inset"], data.geometry["seat"]

    def paint(pen: Pen, w: float, h: float, b: float) -> None:
        pen.rect(-b, h - seat, w + 2 * b, seat + b, fill=SEAT_TINT)
        pen.line(-b, h - seat, w + b, h - seat, ENTRY_GREEN, 0.8, dash=(4, 2))
        pen.arrow(w / 2, h - inset, 0, 10.0, 8.0, ENTRY_GREEN, INK)
        if brake:
            pen.icon("stop_sign", w / 2, 27.0, 30.0, STOP_RED)
            pen.circle(w - 11.0, 11.0, 7.0, fill=INK)
        else:
            pen.icon("arrow", w / 2, 27.0, 26.0, ENTRY_GREEN)
        pen.rect(6.0, 68.0, w - 12.0, 25.0, stroke=RULE, line=0.9, radius=2.5, dash=(3, 2))
    return paint


def capstone_faces(text: Blocks, data: OutriderData, icons: IconSet, w: float
                   ) -> tuple[SharedFace, SharedFace]:
    """Brake Hard (front) and continue (back)."""
    def common(prefix: str) -> list[Slot]:
        return [
            Slot(f"{prefix} modifiers label", text["modifiers_label"], 8.0, 69.5, w - 16, 3.6,
                 7, BOLD),
            Slot(f"{prefix} modifiers text", text["modifiers_text"], 8.0, 85.0, w - 16, 7.0, 6,
                 colour_hex="#5a5a5a"),
            Slot(f"{prefix} placeholder", text["placeholder_text"], 5.0, 113.4, w - 10, 5.6, 6,
                 colour_hex="#1f6323"),
        ]
    brake = Plan().place_all([
        Slot("brake sign", text["brake_sign"], w / 2 - 12, 23.5, 24, 7.0, 14, BOLD,
             colour_hex="#ffffff"),
        Slot("brake bonus", text["brake_bonus"], w - 18.0, 8.0, 14.0, 6.0, 13, BOLD,
             colour_hex="#ffffff"),
        Slot("brake title", text["brake_title"], 4.0, 44.0, w - 8, 7.0, 13, BOLD),
        Slot("brake text", text["brake_text"], 5.0, 51.5, w - 10, 15.0, 7),
        *common("brake"),
    ]).require("capstone (Brake Hard side)")
    go = Plan().place_all([
        Slot("continue title", text["continue_title"], 4.0, 44.0, w - 8, 7.0, 13, BOLD),
        Slot("continue text", text["continue_text"], 5.0, 51.5, w - 10, 15.0, 7),
        *common("continue"),
    ]).require("capstone (continue side)")
    return (SharedFace("capstone brake", brake, _capstone_art(True, data), icons),
            SharedFace("capstone continue", go, _capstone_art(False, data), icons))


# --- reference card -------------------------------------------------------------------------

def _title_bar(pen: Pen, w: float, h: float, b: float) -> None:
    pen.rect(-b, -b, w + 2 * b, 11.0 + b, fill=INK)


def reference_faces(text: Blocks, icons: IconSet, w: float, h: float
                    ) -> tuple[SharedFace, SharedFace]:
    """The turn sequence (front) and the loss-of-control charts (back)."""
    front = Plan().place_all([
        Slot("turn title", text["turn_title"], 3.0, 2.5, w - 6, 7.0, 12, BOLD,
             colour_hex="#ffffff"),
        Slot("turn sequence", "<br/><br/>".join(text.lines("turn_lines")), 4.0, 13.5, w - 8,
             55.0, 7.5, align="left", valign="top"),
        Slot("numbers title", text["numbers_title"], 4.0, 71.0, w - 8, 4.5, 8, BOLD, "left"),
        Slot("key numbers", "<br/>".join(text.lines("numbers_lines")), 4.0, 76.0, w - 8,
             h - 80.0, 7, align="left", valign="top"),
    ]).require("reference card (turn sequence)")
    back = Plan().place_all([
        Slot("control title", text["control_title"], 3.0, 2.5, w - 6, 7.0, 12, BOLD,
             colour_hex="#ffffff"),
        Slot("control intro", text["control_intro"], 4.0, 13.0, w - 8, 9.0, 7, align="left",
             valign="top"),
        Slot("charts", "<br/><br/>".join(text.lines("chart_lines")), 4.0, 23.5, w - 8,
             h - 27.0, 7, align="left", valign="top"),
    ]).require("reference card (loss of control)")
    return (SharedFace("reference turn", front, _title_bar, icons),
            SharedFace("reference control", back, _title_bar, icons))


# --- speedometer ----------------------------------------------------------------------------

def _speedometer_front(pen: Pen, w: float, h: float, b: float) -> None:
    pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=INK)
    pen.icon("speedometer", w / 2, 18.0, 26.0, colour("#f6c700"))


def _speedometer_back(pen: Pen, w: float, h: float, b: float) -> None:
    pen.icon("speedometer", w / 2, 8.5, 10.0, INK)


def speedometer_faces(text: Blocks, icons: IconSet, w: float, h: float
                      ) -> tuple[SharedFace, SharedFace]:
    """The dial (front) and its two advantages (back)."""
    front = Plan().place_all([
        Slot("speedometer title", text["speedometer_title"], 2.0, 32.5, w - 4, 6.0, 11, BOLD,
             colour_hex="#ffffff"),
        Slot("speedometer text", text["speedometer_text"], 3.0, 39.0, w - 6, 7.0, 7,
             colour_hex="#ffffff"),
    ]).require("speedometer")
    back = Plan().place_all([
        Slot("lucky", text["lucky"], 4.0, 15.0, w - 8, 14.0, 8, valign="top"),
        Slot("second wind", text["second_wind"], 4.0, 30.0, w - 8, 16.0, 8, valign="top"),
    ]).require("speedometer back")
    return (SharedFace("speedometer", front, _speedometer_front, icons),
            SharedFace("speedometer back", back, _speedometer_back, icons))


def shared_card_pieces(data: OutriderData, templates: TextTemplates, icons: IconSet
                       ) -> tuple[list[Piece], list[Piece]]:
    """(card-sized pieces: range cards, capstone, reference card; speedometer pieces)."""
    text = reference_text(data, templates)
    card, tile = data.sizes["card"], data.sizes["speedometer"]
    w, h = to_mm(card.width), to_mm(card.height)
    single, dual = range_faces(text, data, icons, w, h)
    brake, go = capstone_faces(text, data, icons, w)
    turn, control = reference_faces(text, icons, w, h)
    cards = [Piece(single, dual, label="range card")] * data.counts["range_cards"]
    cards += [Piece(brake, go, label="capstone")] * data.counts["capstone"]
    cards += [Piece(turn, control, label="reference card")] * data.counts["reference_card"]
    dial, advantages = speedometer_faces(text, icons, to_mm(tile.width), to_mm(tile.height))
    return cards, [Piece(dial, advantages, label="speedometer")] * data.counts["speedometer"]
