"""Lengths and paper, parsed once; after this module everything is in PDF points.

A length may be written ``63.5mm``, ``2.5in``, ``9pt`` or ``6.3cm``; a bare number means
millimetres, the unit tabletop print sizes are quoted in.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from generator.errors import UsageError

POINTS_PER_INCH = 72.0
MM = POINTS_PER_INCH / 25.4
INCH = POINTS_PER_INCH
_UNITS = {"mm": MM, "cm": 10 * MM, "in": INCH, "inch": INCH, '"': INCH, "pt": 1.0}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|inch|\"|pt)?\s*$", re.IGNORECASE)
# The same form for an editor's JSON Schema, which has no flags: units in any case.
LENGTH_PATTERN = (r"^\s*-?\d+(\.\d+)?\s*([mM][mM]|[cC][mM]|[iI][nN]|[iI][nN][cC][hH]|\"|"
                  r"[pP][tT])?\s*$")


def length_json(low: float, high: float) -> dict[str, Any]:
    """What a bounded length takes, for an editor's JSON Schema: a number of millimetres
    within its limits, or a length with a unit (held to its form; its range in millimetres
    is beyond a pattern)."""
    return {"anyOf": [{"type": "number", "minimum": low, "maximum": high},
                      {"type": "string", "pattern": LENGTH_PATTERN}]}


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * MM


def to_mm(points: float) -> float:
    """Points to millimetres."""
    return points / MM


# No printed piece, sheet or offset comes near ten metres; past this a length is a typo, and
# NaN, infinity or a 400-digit number would overflow or print as "nan mm" further on.
MAX_LENGTH_MM = 10_000


def parse_length(text: str | float | int) -> float:
    """A length in points from '63.5mm', '2.5in', '9pt' or a bare number of millimetres.

    Raises ValueError for anything else, including lengths that are not finite or are longer
    than ten metres either way."""
    if isinstance(text, int | float) and not isinstance(text, bool):
        number: str | float = text
        unit = "mm"
    else:
        match = _LENGTH.match(str(text))
        if not match:
            raise ValueError(f"{str(text)[:40]!r} is not a length; write e.g. 63.5mm, 2.5in "
                             "or 9pt")
        number, unit = match.group(1), (match.group(2) or "mm").lower()
    try:
        points = float(number) * _UNITS[unit]
    except OverflowError:
        points = math.inf
    if not math.isfinite(points) or abs(points) > mm(MAX_LENGTH_MM):
        raise ValueError(f"{str(text)[:40]} is out of range: a length is at most "
                         f"{MAX_LENGTH_MM // 1000} m either way")
    return points


@dataclass(frozen=True)
class Paper:
    """A paper size, portrait, in points."""

    name: str
    width: float
    height: float

    @property
    def size_mm(self) -> tuple[float, float]:
        return (round(to_mm(self.width), 2), round(to_mm(self.height), 2))

    def landscape(self) -> Paper:
        return Paper(self.name + "-landscape", self.height, self.width)


PAPERS = {
    "a4": Paper("a4", mm(210), mm(297)),
    "letter": Paper("letter", 8.5 * INCH, 11 * INCH),
    "a3": Paper("a3", mm(297), mm(420)),
    "legal": Paper("legal", 8.5 * INCH, 14 * INCH),
}

# Home printers rarely print closer than this to the paper's edge.
SAFE_MARGIN = mm(5)


def paper(name: str) -> Paper:
    """Look a paper up by name, with a clear usage error for an unknown one."""
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise UsageError(
            f"unknown paper {name!r}; choose one of {', '.join(PAPERS)}") from None
