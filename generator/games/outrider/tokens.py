"""The Outrider tracking tokens, one set per vehicle, ringed in the vehicle's colour (1.5-1.7).

Each player needs six armor tokens (plating up, bullet holes when damaged), the four
equipment tokens (d6, d8, d10, d12), three attack/action tokens (crosshair, yellow lightning
on the back), a maneuver token (moving arrow, stop sign on the back) and the tachometer
needle: 5/8 in counters. Plus tokens are 1/2 in: enough +1s for a Lone Wolf's Skill Points
and Second Wind, and a set of modifiers for hazards with the red +4 of the rule of four.
Counts are data (``data/components.yaml``); the numbers printed are template blocks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import Color

from generator.games.outrider.catalogues import OutriderData
from generator.games.outrider.layout import (
    ARC_RED,
    ENTRY_GREEN,
    SIGN_YELLOW,
    STOP_RED,
)
from generator.games.outrider.model import Vehicle
from generator.paper.drawing import colour
from generator.paper.icons import IconSet
from generator.paper.imposition import Component, Piece
from generator.paper.layout import (
    SAFE_SLACK,
    Blocks,
    Pen,
    Plan,
    Slot,
    cut_line,
    safe_zone,
)
from generator.paper.units import to_mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "outrider/tokens.j2"
STEEL = colour("#cfd4d8")
SCORCHED = colour("#e9c9bd")
RED_PLUS = 4
MIN_LABEL = 6.0                       # pt: no printed text smaller


def token_components(data: OutriderData) -> tuple[Component, Component]:
    """(5/8 in counter, 1/2 in plus token): no bleed at home, cut on a shared hairline grid.
    A print shop's bleed they draw themselves (:meth:`TokenFace.draw`)."""
    token, plus = data.sizes["token"], data.sizes["plus_token"]
    return (Component(token.width, token.height, bleed=0.0, own_bleed=True),
            Component(plus.width, plus.height, bleed=0.0, own_bleed=True))


@dataclass(frozen=True)
class TokenFace:
    """One side of a counter: a disc ringed in the owner's colour, an icon and/or a label."""

    kind: str
    ring: str
    fill: str
    icon: str | None = None
    ink: str = "#1d1d1b"
    label: str = ""
    size: float = 7.5                 # the label's size at home (pt)
    plan: Plan = field(default_factory=Plan, compare=False)
    icons: IconSet | None = field(default=None, repr=False, compare=False)

    @property
    def key(self) -> tuple[str, str, str, str]:
        return ("outrider-token", self.kind, self.label, self.ring)

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        """At home a disc ringed in the owner's colour 0.5 mm inside the square cut. In a
        print shop a ring that close to the cut would show as a line along a shaved edge:
        the owner's colour fills the square on into the bleed instead, and the disc sits
        out of the safe zone, the icon shrunk with it."""
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h, self.icons)
        zone = to_mm(safe_zone(canvas))
        scale = 1.0
        if zone > 0:
            pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=colour(self.ring))
            radius = w / 2 - zone - SAFE_SLACK
            scale = radius / (w / 2 - 0.5)
            pen.circle(w / 2, h / 2, radius, fill=colour(self.fill))
        else:
            pen.circle(w / 2, h / 2, w / 2 - 0.5, fill=colour(self.fill),
                       stroke=colour(self.ring), line=2.2)
        if self.icon:
            size = w * (0.42 if self.plan.texts else 0.62) * scale
            y = h / 2 - (w * 0.14 * scale if self.plan.texts else 0.0)
            pen.icon(self.icon, w / 2, y, size, colour(self.ink))
        plan = self.plan
        if scale < 1.0 and self.label:
            plan = _label_plan(self.label, w, self.icon is not None, self.size, self.ink,
                               scale)
        pen.texts(plan)
        cut_line(canvas, width, height)


def _label_plan(label: str, w: float, below_icon: bool, size: float, ink: str,
                scale: float = 1.0) -> Plan:
    """The label's slot on a disc of ``w`` mm; ``scale`` shrinks it about the centre with
    a disc drawn smaller (a print shop's), its size never below the 6 pt floor."""
    top = w * 0.55 if below_icon else w * 0.2
    height = w * 0.3 if below_icon else w * 0.6
    middle = w / 2
    return Plan().place_all([Slot(
        "token label", label, middle - w * 0.35 * scale, middle + (top - middle) * scale,
        w * 0.7 * scale, height * scale, max(MIN_LABEL, size * scale), BOLD,
        colour_hex=ink)]).require("token")


def _hex(value: Color) -> str:
    return str(value.hexval()).replace("0x", "#")


def vehicle_token_pieces(vehicle: Vehicle, data: OutriderData, text: Blocks, icons: IconSet
                         ) -> list[Piece]:
    """One player's 5/8 in counters, ringed in the vehicle's colour."""
    w = to_mm(data.sizes["token"].width)
    ring, per = vehicle.colour, data.per_player

    def face(kind: str, fill: str, icon: str | None, ink: str = "#1d1d1b",
             label: str = "") -> TokenFace:
        plan = _label_plan(label, w, icon is not None, 7.5, ink) if label else Plan()
        return TokenFace(kind, ring, fill, icon, ink, label, 7.5, plan, icons)

    armor = Piece(face("armor", _hex(STEEL), "armor_plate"),
                  face("armor-damaged", _hex(SCORCHED), "bullet_holes", _hex(STOP_RED)),
                  label="armor token")
    action = Piece(face("attack", "#ffffff", "crosshair", _hex(ARC_RED)),
                   face("action", _hex(SIGN_YELLOW), "lightning"), label="action token")
    maneuver = Piece(face("moving", "#ffffff", "arrow", _hex(ENTRY_GREEN)),
                     face("stopped", "#ffffff", "stop_sign", _hex(STOP_RED)),
                     label="maneuver token")
    needle_face = face("needle", "#ffffff", "needle", _hex(ARC_RED))
    pieces = [armor] * per["armor"]
    for sides, label in zip(data.standard_set, text.lines("die_label_lines"), strict=False):
        die = face(f"d{sides}", "#ffffff", f"die_d{sides}", label=label)
        pieces.append(Piece(die, die, label=f"d{sides} equipment token"))
    pieces += [action] * per["action"]
    pieces += [maneuver] * per["maneuver"]
    pieces += [Piece(needle_face, needle_face, label="tachometer needle")] * per["needle"]
    return pieces


def plus_token_pieces(vehicle: Vehicle, data: OutriderData, text: Blocks, icons: IconSet
                      ) -> list[Piece]:
    """One player's plus tokens: the skill +1s, then the modifiers (the +4 in red)."""
    w = to_mm(data.sizes["plus_token"].width)
    labels = dict(zip(plus_values(data), text.lines("plus_label_lines"), strict=False))

    def face(value: int) -> TokenFace:
        red = value == RED_PLUS
        ink = "#ffffff" if red else "#1d1d1b"
        plan = _label_plan(labels.get(value, ""), w, False, 11, ink)
        return TokenFace(f"plus{value}", vehicle.colour, _hex(ARC_RED) if red else "#ffffff",
                         None, ink, labels.get(value, ""), 11, plan, icons)

    values = [1] * data.per_player["skill_plus"] + list(data.modifier_plus)
    return [Piece(face(value), label=f"+{value} token") for value in values]


def plus_values(data: OutriderData) -> list[int]:
    """Every distinct plus value printed, lowest first."""
    return sorted({1, *data.modifier_plus})


def token_text(data: OutriderData, templates: TextTemplates) -> Blocks:
    """The token template's blocks: die labels and plus labels."""
    return Blocks(templates.blocks(TEMPLATE, {"dice": list(data.standard_set),
                                              "plus_values": plus_values(data)}))


def token_pieces(vehicles: Sequence[Vehicle], data: OutriderData, templates: TextTemplates,
                 icons: IconSet) -> tuple[list[Piece], list[Piece]]:
    """(every vehicle's counters, every vehicle's plus tokens)."""
    text = token_text(data, templates)
    counters, plus = [], []
    for vehicle in vehicles:
        counters += vehicle_token_pieces(vehicle, data, text, icons)
        plus += plus_token_pieces(vehicle, data, text, icons)
    return counters, plus


