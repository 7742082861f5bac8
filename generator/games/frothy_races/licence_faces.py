"""The Frothy Races licence's faces drawn: the front's tables, tracks and boxes on its grid,
the back's bands and picture, then the planned text (``licence``) over them.

At home the licence is drawn without bleed and cut on its hairline. A print shop's bleed
it draws itself: the Resilience and Stamina corner blocks and the back's accent bands are
colour running on past the cut into it (background, with no text or mark on it); every
box, line and text keeps to the grid, which keeps the shop's safe zone.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from generator.games.frothy_races.licence import (
    ART_HEIGHT,
    ART_WIDTH,
    NUMBER_CELL,
    track_rows,
)
from generator.games.frothy_races.licence_grid import HEIGHT_MM, HOME, WIDTH_MM, Grid
from generator.games.frothy_races.model import SPEEDS, Vehicle
from generator.paper.art import draw_art
from generator.paper.drawing import colour, mix
from generator.paper.layout import Pen, Plan, cut_line
from generator.paper.units import to_mm

# The back's accent bands reach this far in from the cut (from 1.5 mm in at home, from the
# bleed's edge in a print shop).
BACK_BAND = 4.0

INK = colour("#1d1d1b")
RULE = colour("#7a7a7a")
WHIP_GREEN = colour("#2f7a2e")
REINS_RED = colour("#b3261e")
RESILIENCE_YELLOW = colour("#f6d743")
PAPER_TINT = colour("#f4f1ea")


@dataclass(frozen=True)
class LicenceFace:
    """What either face of a licence is drawn from: the vehicle, its planned texts and the
    grid they sit on (the home grid, or one moved in by a print shop's safe zone)."""

    vehicle: Vehicle
    plan: Plan
    grid: Grid = HOME
    key: None = None


@dataclass(frozen=True)
class LicenceFront(LicenceFace):
    """The front face: tables and tracks, drawn from a planned layout on its grid."""

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None:
        pen = Pen(canvas, HEIGHT_MM)
        accent = colour(self.vehicle.colour)
        cut_line(canvas, width, height)
        _draw_speed_table(pen, self.vehicle, self.grid)
        _draw_corner_blocks(pen, self.grid, accent, to_mm(bleed))
        _draw_tracks(pen, self.vehicle, accent, self.grid)
        _draw_centre(pen, accent, self.grid)
        _draw_control_band(pen, self.vehicle, self.grid)
        pen.texts(self.plan)


@dataclass(frozen=True)
class LicenceBack(LicenceFace):
    """The back face: background and the full explanations. Its accent bands run along
    the top and bottom edges: 1.5 mm in from the hairline at home, on into a print shop's
    bleed (colour to the cut, with no text on it)."""

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None:
        pen = Pen(canvas, HEIGHT_MM)
        accent = colour(self.vehicle.colour)
        cut_line(canvas, width, height)
        edge, b = self.grid.back_margin, to_mm(bleed)
        if b > 0:
            band = BACK_BAND + b
            pen.rect(-b, -b, WIDTH_MM + 2 * b, band, fill=accent)
            pen.rect(-b, HEIGHT_MM + b - band, WIDTH_MM + 2 * b, band, fill=accent)
        else:
            inset = self.grid.inset
            band = BACK_BAND - inset
            pen.rect(inset, inset, WIDTH_MM - 2 * inset, band, fill=accent)
            pen.rect(inset, HEIGHT_MM - BACK_BAND, WIDTH_MM - 2 * inset, band, fill=accent)
        if self.vehicle.art is not None:
            draw_art(pen, self.vehicle.art, WIDTH_MM - edge - ART_WIDTH, edge, ART_WIDTH,
                     ART_HEIGHT)
        pen.texts(self.plan)


def _draw_speed_table(pen: Pen, vehicle: Vehicle, g: Grid) -> None:
    table = vehicle.speed_table
    top, height = g.row_top, g.row_height
    for row, tint in (("acceleration", WHIP_GREEN), ("deceleration", REINS_RED)):
        pen.rect(g.centre_left, top[row], g.label_column, height[row], fill=tint)
        for speed, boxes in enumerate(getattr(table, row)):
            _draw_boxes(pen, g.speed_left + speed * g.speed_column, top[row], boxes,
                        height[row], g.speed_column, mix(tint, white, 0.78), tint)
    width = g.centre_right - g.centre_left
    pen.rect(g.centre_left, top["speed"], width, height["speed"], fill=PAPER_TINT)
    for row in ("move_1", "move_2", "move_3", "move_4", "control", "stamina"):
        pen.rect(g.centre_left, top[row], width, height[row], stroke=RULE, line=0.4)
    body_bottom = top["stamina"] + height["stamina"]
    for speed in range(len(SPEEDS) + 1):
        x = g.speed_left + speed * g.speed_column
        pen.line(x, top["speed"], x, body_bottom, RULE, 0.4)


def _draw_boxes(pen: Pen, x: float, top: float, count: int, height: float, column: float,
                fill: Color, stroke: Color) -> None:
    """``count`` boxes sharing one speed column, a little gap between them."""
    if count < 1:
        return
    gap = 0.6
    width = (column - gap * (count + 1)) / count
    for i in range(count):
        pen.rect(x + gap + i * (width + gap), top + 0.6, width, height - 1.2, fill=fill,
                 stroke=stroke, line=0.6, radius=0.6)


def _draw_corner_blocks(pen: Pen, g: Grid, accent: Color, bleed: float) -> None:
    """The Resilience block (top left) and the Stamina track's header (top right): rounded
    blocks at home; in a print shop, colour running on into the bleed at their corner of
    the licence, their text still inside the safe zone."""
    right, height = WIDTH_MM - g.inset - g.across["stamina"], g.header_height
    blocks = ((g.inset, g.side, RESILIENCE_YELLOW), (right, g.across["stamina"],
                                                      mix(accent, white, 0.82)))
    for x, width, fill in blocks:
        if bleed <= 0:
            pen.rect(x, g.inset, width, height, fill=fill, radius=1.0)
            continue
        outer = -bleed if x < WIDTH_MM / 2 else x
        far = x + width if x < WIDTH_MM / 2 else WIDTH_MM + bleed
        pen.rect(outer, -bleed, far - outer, g.inset + height + bleed, fill=fill, radius=1.0)


def _draw_tracks(pen: Pen, vehicle: Vehicle, accent: Color, g: Grid) -> None:
    left, right, side = g.inset, WIDTH_MM - g.inset - g.across["stamina"], g.side
    affects = vehicle.damage.affects
    number_fill = mix(INK, white, 0.9)
    levels = range(vehicle.damage.value + 1)
    for (top, height), level in zip(track_rows(len(levels), g.track_header, g.track_bottom),
                                    levels, strict=True):
        wipeout = level == vehicle.damage.value
        fill = mix(REINS_RED, white, 0.55) if wipeout else (
            mix(accent, white, 0.85) if level in affects else None)
        pen.rect(left, top, side, height, fill=fill, stroke=RULE, line=0.4)
        pen.rect(left, top, NUMBER_CELL, height, fill=number_fill, stroke=RULE, line=0.4)
    stamina = vehicle.stamina
    levels = range(stamina.maximum, stamina.minimum - 1, -1)
    for (top, height), level in zip(track_rows(len(levels), g.stamina_top, g.track_bottom),
                                    levels, strict=True):
        fill = mix(accent, white, 0.85) if level in stamina.affects else None
        pen.rect(right, top, side, height, fill=fill, stroke=RULE, line=0.4)
        pen.rect(right + side - NUMBER_CELL, top, NUMBER_CELL, height, fill=number_fill,
                 stroke=RULE, line=0.4)


def _draw_centre(pen: Pen, accent: Color, g: Grid) -> None:
    left, width = g.centre_left, g.centre_right - g.centre_left
    pen.rect(left, g.name_top, width, g.down["name"], fill=mix(accent, white, 0.88), radius=1.0)
    pen.rect(left, g.name_top, 2.0, g.down["name"], fill=accent)
    half = (width - 2.0) / 2
    for x in (left, left + half + 2.0):
        pen.rect(x, g.spent_top, half, g.down["spent"], fill=PAPER_TINT, stroke=RULE, line=0.6,
                 radius=1.5)


def _draw_control_band(pen: Pen, vehicle: Vehicle, g: Grid) -> None:
    minimum = vehicle.control_loss.minimum
    for box in range(10):
        fill = mix(INK, white, 0.75) if box < minimum else (
            mix(REINS_RED, white, 0.85) if box >= 7 else PAPER_TINT)
        pen.rect(g.control_left + box * g.control_box + 0.3, g.band_top, g.control_box - 0.6,
                 g.band_bottom - g.band_top, fill=fill, stroke=RULE, line=0.5, radius=0.8)
