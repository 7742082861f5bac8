"""Colour spaces: our art is designed in RGB; ``--cmyk`` writes every colour as CMYK.

Print shops run CMYK presses and many ask for CMYK files. With ``cmyk`` set, the canvas
converts each colour as it is set (fills, strokes, text, inside forms too) with a plain
grey-component replacement: greys and black become black ink only, so text and hairlines
print with one plate and never show colour fringes from misregistered plates. This is a
device conversion, not an ICC-managed one: a shop that wants exact colours will profile its
own; what it gets from us is CMYK with clean black.

Near-black (a dark neutral, such as our ink #1d1d1b) becomes 100% black ink, so body text
prints on one plate; a printer profile that asks for rich black gets 60/40/40/100 instead.
A profile's ink limit (a card printer's 240%) scales the cyan, magenta and yellow of any
colour down until the four inks total no more than it allows, keeping the black.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import CMYKColor, Color, toColor

ColourSetter = Callable[[Any], Color]


def rgb_to_cmyk(red: float, green: float, blue: float) -> tuple[float, float, float, float]:
    """(c, m, y, k) for an RGB colour, all 0-1: black generated from the common grey."""
    black = 1.0 - max(red, green, blue)
    if black >= 1.0 - 1e-9:
        return (0.0, 0.0, 0.0, 1.0)
    scale = 1.0 - black
    return ((1.0 - red - black) / scale, (1.0 - green - black) / scale,
            (1.0 - blue - black) / scale, black)


# A colour this dark (black ink of at least 80%) and this close to neutral (its RGB channels
# within 6% of each other) is printed as black: text in our ink is one plate, not four.
NEAR_BLACK_INK, NEAR_NEUTRAL = 0.8, 0.06
RICH_BLACK = (0.6, 0.4, 0.4, 1.0)


@dataclass(frozen=True)
class Inks:
    """How RGB becomes CMYK: the most ink a colour may total (1.0 = 100%), and whether
    near-black is a rich black."""

    total: float = 4.0
    rich_black: bool = False

    def convert(self, red: float, green: float, blue: float
                ) -> tuple[float, float, float, float]:
        """(c, m, y, k) for an RGB colour, near-black as black ink, within the ink total."""
        c, m, y, k = rgb_to_cmyk(red, green, blue)
        if k >= NEAR_BLACK_INK and max(red, green, blue) - min(red, green, blue) <= NEAR_NEUTRAL:
            c, m, y, k = RICH_BLACK if self.rich_black else (0.0, 0.0, 0.0, 1.0)
        colour_ink = c + m + y
        if colour_ink > 0 and colour_ink + k > self.total:
            scale = max(0.0, self.total - k) / colour_ink
            c, m, y = c * scale, m * scale, y * scale
        return (c, m, y, k)


def as_cmyk(value: Any, inks: Inks = Inks()) -> Color:
    """Any ReportLab colour as a CMYKColor (CMYK colours pass through unchanged)."""
    colour = toColor(value)
    if isinstance(colour, CMYKColor):
        return colour
    c, m, y, k = inks.convert(colour.red, colour.green, colour.blue)
    return CMYKColor(round(c, 4), round(m, 4), round(y, 4), round(k, 4), alpha=colour.alpha)


def colour_space(cmyk: bool, inks: Inks = Inks()) -> ColourSetter | None:
    """What a canvas is opened with: the CMYK converter, or None to keep RGB."""
    if not cmyk:
        return None
    return lambda value: as_cmyk(value, inks)


def relative_luminance(red: float, green: float, blue: float) -> float:
    """WCAG 2's relative luminance of an sRGB colour (channels 0-1)."""
    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast_ratio(first: Color, second: Color) -> float:
    """WCAG 2's contrast ratio of two colours, 1 to 21; text wants at least 4.5."""
    lighter, darker = sorted((relative_luminance(first.red, first.green, first.blue),
                              relative_luminance(second.red, second.green, second.blue)),
                             reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


# WCAG 2's least contrast for body text (AA).
MIN_TEXT_CONTRAST = 4.5


def under_light_text(ground: Color) -> Color:
    """``ground`` (a vehicle's own colour, say) darkened just enough that white text on it
    has WCAG's contrast: the person's colour where it already reads, a deeper shade of it
    where it does not."""
    white = Color(1, 1, 1)
    shade = ground
    for step in range(1, 21):
        if contrast_ratio(shade, white) >= MIN_TEXT_CONTRAST:
            return shade
        keep = 1 - step * 0.05
        shade = Color(ground.red * keep, ground.green * keep, ground.blue * keep)
    return shade
