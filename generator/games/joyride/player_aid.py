"""The player aid: the turn sequence on the front, the collisions on the back.

"There's also a player aid, listing the turn sequence on one side and the effect of
collisions on the other" (Player Components). One per driver set, banded in the car's
colour. The five steps, the round's end and the movement reminder fill the front; SMASH,
SIDE-SWIPE, REAR-END, HEAD-ON and PILE-UP, damage and the order of precedence the back.
Summaries are catalogue data (``data/turn.yaml``), put into sentences by
``templates/joyride/player-aid-base.j2``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.games.joyride.catalogues import JoyrideData
from generator.games.joyride.model import Car
from generator.paper.colour import legible_ground
from generator.paper.dice import readable_ink
from generator.paper.drawing import colour
from generator.paper.icons import IconSet
from generator.paper.imposition import Component, Piece
from generator.paper.layout import Blocks, Pen, Plan, Slot, cut_line
from generator.paper.units import to_mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "joyride/player-aid.j2"
CARD_TONE = colour("#fbfaf6")
BAND = 15.0


def aid_component(data: JoyrideData, bleed: float) -> Component:
    """The player aid (components.yaml) with the build's bleed."""
    size = data.sizes["player_aid"]
    return Component(size.width, size.height, bleed)


def aid_text(car: Car, data: JoyrideData, templates: TextTemplates) -> Blocks:
    """The template blocks of one car's player aid."""
    return Blocks(templates.blocks(TEMPLATE, {
        "car": car, "steps": list(data.steps), "round_end": data.round_end,
        "movement": data.movement, "collisions": list(data.collisions), "damage": data.damage,
        "precedence": data.precedence}))


def _side(text: Blocks, w: float, h: float, prefix: str, body: str, ink: str) -> Plan:
    return Plan().place_all([
        Slot(f"{prefix} title", text[f"{prefix}_title"], 4.0, 2.0, w - 8.0, 7.5, 13, BOLD,
             "left", colour_hex=ink),
        Slot(f"{prefix} car", text["car_line"], 4.0, 9.5, w - 8.0, 4.0, 7, BOLD, "left",
             colour_hex=ink),
        Slot(f"{prefix} text", body, 4.5, BAND + 3.0, w - 9.0, h - BAND - 6.0, 8,
             align="left", valign="top"),
    ])


def plan_aid(text: Blocks, w: float, h: float, band_ink: str) -> tuple[Plan, Plan]:
    """Fit the front (turn sequence) and the back (collisions); the titles are set in
    ``band_ink`` on the car's colour."""
    front = "<br/><br/>".join(text.lines("turn_lines"))
    back = "<br/><br/>".join(text.lines("collision_lines"))
    return (_side(text, w, h, "turn", front, band_ink),
            _side(text, w, h, "collision", back, band_ink))


@dataclass(frozen=True)
class AidFace:
    """One side of a player aid: a band in the car's colour over fitted text."""

    accent: str
    plan: Plan = field(compare=False)
    icons: IconSet = field(repr=False, compare=False)
    key: None = None

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h, self.icons)
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=CARD_TONE)
        pen.rect(-b, -b, w + 2 * b, BAND + b, fill=colour(self.accent))
        pen.texts(self.plan)
        cut_line(canvas, width, height)


def aid_piece(car: Car, data: JoyrideData, templates: TextTemplates, icons: IconSet,
              component: Component) -> tuple[Piece, list[str]]:
    """A car's player aid and the parts of its text that cannot fit."""
    accent = legible_ground(car.colour)  # its bands carry text
    front, back = plan_aid(aid_text(car, data, templates), to_mm(component.width),
                           to_mm(component.height), readable_ink(accent))
    piece = Piece(AidFace(accent, front, icons), AidFace(accent, back, icons),
                  label=f"{car.name}: player aid")
    return piece, front.problems + back.problems
