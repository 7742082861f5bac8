"""A car's pieces for the board and the initiative track, in the car's colour.

Stand-ins for the driver set's wooden parts and its initiative token (Contents; Player
Components):

* the car counter: two joined hexes, the front one with an arrow, since "each car always
  occupies exactly two spaces on the board", the front in one and the back in the other;
  sized from the build's hex size (92% of it, so it sits inside its spaces);
* the initiative token, sized for a space of the initiative track the track sheets print;
* the gear knob, for the gear column of the dashboard, the same size (one sheet for both).

The words come from ``templates/joyride/car-tokens-base.j2``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import white

from generator.games.joyride.catalogues import JoyrideData
from generator.games.joyride.model import Car
from generator.paper.art import Area, draw_art
from generator.paper.colour import legible_ground
from generator.paper.dice import readable_ink
from generator.paper.drawing import colour, mix
from generator.paper.icons import IconSet
from generator.paper.imposition import Component, Piece
from generator.paper.layout import (
    SAFE_SLACK,
    Blocks,
    Pen,
    Plan,
    Slot,
    cut_guides,
    cut_line,
    safe_zone,
)
from generator.paper.pieces import bleed_outline
from generator.paper.units import to_mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "joyride/car-tokens.j2"
INK = colour("#1d1d1b")
SQRT3 = math.sqrt(3)


def counter_component(hex_across: float, share: float) -> Component:
    """Two pointy-topped hexes side by side, ``share`` of ``hex_across`` each: the counter's
    bounding box (no bleed: it is cut along its outline)."""
    across = hex_across * share
    return Component(2 * across, across * 2 / SQRT3, 0.0, own_bleed=True)


def marker_component(data: JoyrideData, bleed: float) -> Component:
    """The initiative token's and the gear knob's size (components.yaml: marker)."""
    size = data.sizes["marker"]
    return Component(size.width, size.height, bleed)


def token_text(car: Car, templates: TextTemplates) -> Blocks:
    """The template blocks of one car's counter and markers."""
    return Blocks(templates.blocks(TEMPLATE, {"car": car}))


def pointy_hexagon(cx: float, cy: float, across: float) -> list[tuple[float, float]]:
    """The corners of a pointy-topped hexagon ``across`` mm across the flats (y down)."""
    radius = across / SQRT3
    return [(cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
            for a in (-90, -30, 30, 90, 150, 210)]


def counter_outline(w: float, h: float) -> list[tuple[float, float]]:
    """The outline of the two joined hexes (back on the left, front on the right): the
    shared edge is left out, so the cut runs round both."""
    across = w / 2
    left = pointy_hexagon(across / 2, h / 2, across)
    right = pointy_hexagon(3 * across / 2, h / 2, across)
    return [left[0], left[1], right[0], right[1], right[2], right[3], right[4], left[3],
            left[4], left[5]]


@dataclass(frozen=True)
class CounterFace:
    """The car on the board: back hex with its name, front hex with the arrow."""

    accent: str
    plan: Plan = field(compare=False)
    icons: IconSet = field(repr=False, compare=False)
    art: str | None = None
    key: None = None

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h, self.icons)
        accent = colour(self.accent)
        across = w / 2
        back = pointy_hexagon(across / 2, h / 2, across)
        front = pointy_hexagon(3 * across / 2, h / 2, across)
        if b > 0:  # a print shop's bleed: each hex's colour runs on past the cut
            pen.polygon(bleed_outline(counter_outline(w, h), b, w, h),
                        fill=mix(accent, white, 0.55))
            canvas.saveState()  # the front's colour only right of the join
            half = canvas.beginPath()
            half.rect(width / 2, -bleed, width / 2 + bleed, height + 2 * bleed)
            canvas.clipPath(half, stroke=0, fill=0)
            pen.polygon(bleed_outline(front, b, w, h), fill=accent)
            canvas.restoreState()
        pen.polygon(back, fill=mix(accent, white, 0.55))
        pen.polygon(front, fill=accent)
        if self.art is not None:
            draw_art(pen, self.art, *art_box(w, h))
        pen.arrow(3 * across / 2, h / 2, 90, across * 0.55, across * 0.5, white)
        pen.texts(self.plan)
        if cut_guides(canvas):
            pen.polygon(counter_outline(w, h), stroke=INK, line=0.6)
        # The join between the hexes, its ends on the cut's two notches: a print shop's stops
        # short of its safe zone there.
        safe = to_mm(safe_zone(canvas))
        half = across / SQRT3 / 2 - (safe + SAFE_SLACK if safe > 0 else 0.0)
        pen.line(w / 2, h / 2 - half, w / 2, h / 2 + half, INK, 0.3)


@dataclass(frozen=True)
class MarkerFace:
    """The car's initiative token (a car icon) or gear knob (a gear stick icon): its name
    or label beside the icon, on the car's colour."""

    accent: str
    ink: str
    icon: str | None
    plan: Plan = field(compare=False)
    icons: IconSet = field(repr=False, compare=False)
    key: None = None

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h, self.icons)
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=colour(self.accent))
        if self.icon is not None:
            x, size = icon_place(to_mm(safe_zone(canvas)))
            pen.icon(self.icon, x, h / 2, size, colour(self.ink))
        pen.texts(self.plan)
        cut_line(canvas, width, height)


@dataclass(frozen=True)
class CarTokens:
    """One car's counter, initiative token and gear knob, and text that cannot fit."""

    counter: Piece
    markers: list[Piece]
    problems: list[str]


def car_tokens(car: Car, templates: TextTemplates, icons: IconSet, counter: Component,
               marker: Component) -> CarTokens:
    """Plan one car's tokens."""
    text = token_text(car, templates)
    accent = legible_ground(car.colour)  # the markers' ground, under their text
    ink = readable_ink(accent)
    cw, ch = to_mm(counter.width), to_mm(counter.height)
    # With a picture, the name hex shows it above the name (see art_box), the name below.
    name_box = ((cw * 0.07, ch * 0.44, cw * 0.36, ch * 0.33) if car.art is not None
                else (cw * 0.04, ch * 0.3, cw * 0.42, ch * 0.4))
    counter_plan = Plan().place_all([
        Slot("name", text["counter_name"], *name_box,
             7, BOLD, colour_hex=readable_ink(_mixed(car.colour)), split_words=True)])
    mw, mh = to_mm(marker.width), to_mm(marker.height)
    markers, problems = [], [f"car counter {p}" for p in counter_plan.problems]
    for part, block, icon in (("initiative token", "initiative_name", "car_top"),
                              ("gear knob", "knob_label", "gear_stick")):
        shown: str | None = icon
        plan = marker_plan(text[block], mw, mh, ink)
        if plan.problems:  # a long word: the name takes the icon's room, whole words first
            plan, shown = Plan().place_all([Slot("text", text[block], 0.8, 0.8, mw - 1.6,
                                                 mh - 1.6, 8, BOLD, colour_hex=ink,
                                                 split_words=True)]), None
        markers.append(Piece(MarkerFace(accent, ink, shown, plan, icons),
                             label=f"{car.name}: {part}"))
        problems += [f"{part} {p}" for p in plan.problems]
    return CarTokens(Piece(CounterFace(car.colour, counter_plan, icons, car.art),
                           label=f"{car.name}: car"), markers, problems)


def art_box(width: float, height: float) -> tuple[float, float, float, float]:
    """The picture's box on the counter's name hex (left, top, width, height from the
    top-left, in the units of the size given): the upper half of the hex, clear of its
    slanted top edges."""
    return (width * 0.11, height * 0.17, width * 0.28, height * 0.25)


def art_area(counter: Component) -> Area:
    """The picture's box on a counter of this size, for the resolution check."""
    _, _, w, h = art_box(counter.width, counter.height)
    return Area("the car counter", w, h)


def icon_place(safe: float) -> tuple[float, float]:
    """The marker icon's centre from the left cut and its size (mm): 5.5 mm at 3.8 mm on
    home sheets; inside a print shop's safe zone ``safe``, as large as the room left of the
    text (which starts 6.9 mm in) allows."""
    if safe <= 0:
        return 3.8, 5.5
    size = min(5.5, TEXT_LEFT - 0.2 - (safe + SAFE_SLACK))
    return safe + SAFE_SLACK + size / 2, size


TEXT_LEFT = 6.9  # where a marker's text starts, mm from its left cut


def marker_plan(markup: str, width: float, height: float, ink: str) -> Plan:
    """The marker's text beside its icon (mm), 8 pt down to 6 pt, words kept whole."""
    return Plan().place_all([Slot("text", markup, TEXT_LEFT, 0.8, width - 7.5, height - 1.6, 8,
                                  BOLD, colour_hex=ink)])


def _mixed(hex_colour: str) -> str:
    """The back hex's fill as #rrggbb (the car's colour, lightened)."""
    tint = mix(colour(hex_colour), white, 0.55)
    return "#" + "".join(f"{round(c * 255):02x}" for c in (tint.red, tint.green, tint.blue))
