"""Counters for the board: flat-topped hexagons sized to sit in a track hex.

A vehicle counter must fit its hex whether it faces a side or a corner of it (Frothy Races
turns in 30-degree steps), so it is a hexagon 85% the size of the track hex: turned by 30
degrees its corners still stay inside the hex (that needs at most cos 30 = 86.6%). The trim
is the hexagon's bounding box: a guillotine cut gives the top and bottom flats, and four snips
along the drawn cut line take off the corners. The art fills the whole bleed box.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from generator.errors import UsageError
from generator.paper.colour import MIN_TEXT_CONTRAST, canvas_inks, contrast_ratio, legible_pair
from generator.paper.drawing import (
    MIN_FONT_SIZE,
    FittedText,
    colour,
    draw_line,
    fit_line_size,
    fit_paragraph,
    mix,
    polyline_path,
)
from generator.paper.icons import Icon
from generator.paper.imposition import Component, Rect, hexagon_points
from generator.paper.layout import SAFE_SLACK, safe_zone
from generator.paper.units import mm, to_mm
from generator.text.fonts import BOLD

HEX_FRACTION = 0.85
NAME_BOX = (0.16, 0.19, 0.68, 0.39)  # x, y (from the bottom), width, height, as fractions


def hex_token_component(hex_across_flats: float, bleed: float) -> Component:
    """A hexagonal counter that fits a track hex ``hex_across_flats`` wide in any facing."""
    flats = hex_across_flats * HEX_FRACTION
    corners = flats * 2 / math.sqrt(3)
    return Component(corners, flats, bleed, shape="hexagon")


@dataclass(frozen=True)
class CounterFace:
    """One side of a counter: a coloured hexagon, a facing arrow at the top and a fitted
    name (and an optional small label) below it."""

    name: FittedText
    label: str
    background: str
    arrow: Icon
    faded: bool = False

    @property
    def key(self) -> Hashable:
        return ("counter", self.name.markup, self.label, self.background, self.faded)

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None:
        """At home a pale hexagon 6% in from the cut carries the arrow, name and label in
        the counter's colour. In a print shop (a safe zone) that hexagon's edge would show
        as a line beside a shaved cut: the counter is its colour all over, into the bleed,
        and arrow, name and label are in white or ink, whichever reads better on it (one
        of the two always reaches 4.5:1)."""
        base = colour(self.background)
        fill = mix(base, colour("#9a9a9a"), 0.7) if self.faded else base
        zone = safe_zone(canvas)
        if zone > 0:  # the colour all over: white or ink, the ground deepened or paled to 4.5:1
            fill, shop_ink = legible_pair(fill, canvas_inks(canvas))
        canvas.setFillColor(fill)
        canvas.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
        pale = mix(fill, colour("#ffffff"), 0.85)
        if zone <= 0:
            inner = hexagon_points(Rect(0, 0, width, height).grown(-height * 0.06))
            path = polyline_path(canvas, inner)
            canvas.setFillColor(pale)
            canvas.drawPath(path, stroke=0, fill=1)
        # In the counter's colour where that reads on the pale hexagon (4.5:1), else ink.
        ink = fill if contrast_ratio(fill, pale) >= MIN_TEXT_CONTRAST else colour("#1d1d1b")
        arrow_ink = fill
        if zone > 0:
            ink = arrow_ink = shop_ink
        arrow, arrow_y = height * 0.34, height * 0.6
        x, y, box_w, box_h = (f * d for f, d in zip(NAME_BOX, (width, height, width, height),
                                                    strict=True))
        size = fit_line_size(self.label, BOLD, width * 0.5, 6.0) or MIN_FONT_SIZE
        baseline, name = height * 0.09, self.name
        if zone > 0:
            baseline, name, (y, box_h), (arrow_y, arrow) = in_safe_zone_layout(
                self, height, zone, size, box_w, _hex(ink))
        self.arrow.draw(canvas, (width - arrow) / 2, arrow_y, arrow, arrow_ink)
        # Top-aligned, not centred: names of one, two or three lines then start their lines
        # at the same heights across a row of counters, so text read back from the sheet
        # keeps each name's words whole (centred, their lines interleave letter by letter).
        name.draw(canvas, x, y + box_h)
        if self.label:
            canvas.setFillColor(ink)
            # Low enough that a three-line name above it keeps clear of it, high enough
            # that its descent stays on the pale hexagon (whose edge is at 0.06).
            draw_line(canvas, self.label, width / 2, baseline, size, BOLD, "centre")


def _hex(value: Color) -> str:
    return "#" + str(value.hexval())[2:]


ARROW_SMALLEST = 0.18  # of the counter's height: the facing arrow made no smaller


def in_safe_zone_layout(face: CounterFace, height: float, zone: float, size: float,
                        box_w: float, colour_hex: str = "#000000"
                        ) -> tuple[float, FittedText, tuple[float, float],
                                   tuple[float, float]]:
    """A counter laid out inside a print shop's safe zone, from the bottom up: the label's
    line (if any), the name's box, and the facing arrow under the top of the zone, the arrow
    made smaller (no smaller than ARROW_SMALLEST) until the name fits between them. Returns
    the label's baseline, the fitted name, its box (bottom, height) and the arrow's
    (bottom, size), all in points."""
    inset = zone + mm(SAFE_SLACK)
    ascent, descent = pdfmetrics.getAscentDescent(BOLD, size)
    baseline = inset - descent
    # A name's last line may dip below its box by the difference between the font's height
    # and the leading: half a millimetre clears that.
    floor = (baseline + ascent if face.label else inset) + mm(0.5)
    ceiling = height - inset
    arrow = height * 0.34
    while arrow >= height * ARROW_SMALLEST:
        box_h = ceiling - arrow - mm(0.3) - floor
        name = fit_paragraph(face.name.markup, box_w, box_h, 9, align="centre", font=BOLD,
                             leading=1.1, colour_hex=colour_hex,
                             split_words=True) if box_h > 0 else None
        if name is not None:
            return baseline, name, (floor, box_h), (ceiling - arrow, arrow)
        arrow -= mm(0.5)
    raise UsageError(f"a counter's name and label do not fit inside a safe zone of "
                     f"{to_mm(zone):g} mm; give it a shorter name, a larger --hex or a "
                     "smaller safe_zone")


def fit_counter_name(markup: str, component: Component) -> FittedText | None:
    """The name fitted into the counter's name box, 9 pt down to 6 pt; None if it cannot."""
    _, _, box_w, box_h = NAME_BOX
    return fit_paragraph(markup, component.width * box_w, component.height * box_h, 9,
                         align="centre", font=BOLD, leading=1.1, split_words=True)
