"""Colour spaces: our art is designed in RGB; ``--cmyk`` writes every colour as CMYK.

Print shops run CMYK presses and many ask for CMYK files. With ``cmyk`` set, the canvas
converts each colour as it is set (fills, strokes, text, inside forms too) with a plain
grey-component replacement: greys and black become black ink only, so text and hairlines
print with one plate and never show colour fringes from misregistered plates. This is a
device conversion, not an ICC-managed one: a shop that wants exact colours will profile its
own; what it gets from us is CMYK with clean black.
"""

from __future__ import annotations

from collections.abc import Callable
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


def as_cmyk(value: Any) -> Color:
    """Any ReportLab colour as a CMYKColor (CMYK colours pass through unchanged)."""
    colour = toColor(value)
    if isinstance(colour, CMYKColor):
        return colour
    c, m, y, k = rgb_to_cmyk(colour.red, colour.green, colour.blue)
    return CMYKColor(round(c, 4), round(m, 4), round(y, 4), round(k, 4), alpha=colour.alpha)


def colour_space(cmyk: bool) -> ColourSetter | None:
    """What a canvas is opened with: the CMYK converter, or None to keep RGB."""
    return as_cmyk if cmyk else None
