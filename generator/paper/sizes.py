"""Standard sizes of printed pieces, by the names players and print shops use.

``parse_size`` reads a name (``poker``), or any size as ``WIDTHxHEIGHT`` with a unit
(``63.5x88.9mm``, ``2.5x3.5in``, ``70mm x 120mm``); a bare number is millimetres, as with every
length in Paddock. Sizes are portrait: the smaller side is the width.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from generator.paper.units import INCH, mm, parse_length, to_mm


@dataclass(frozen=True)
class Size:
    """A named trim size in points."""

    name: str
    width: float
    height: float
    note: str = ""

    def describe(self) -> str:
        return f"{self.name} ({to_mm(self.width):g} x {to_mm(self.height):g} mm)"


def _inches(name: str, width: float, height: float) -> Size:
    return Size(name, width * INCH, height * INCH)


STANDARD_SIZES: dict[str, Size] = {size.name: size for size in (
    _inches("poker", 2.5, 3.5),             # 63.5 x 88.9 mm, most card games
    _inches("bridge", 2.25, 3.5),           # 57.15 x 88.9 mm
    Size("mini-euro", mm(44), mm(68)),
    Size("mini-american", mm(41), mm(63)),
    Size("euro", mm(59), mm(92)),
    Size("tarot", mm(70), mm(120)),
    Size("square", mm(70), mm(70)),
    Size("small-square", mm(50), mm(50)),
    _inches("business", 2.0, 3.5),          # 50.8 x 88.9 mm
)}

_PAIR = re.compile(r"^\s*([^xX×]+?)\s*[xX×]\s*([^xX×]+?)\s*$")
_UNIT_AT_END = re.compile(r"(mm|cm|in|inch|\"|pt)\s*$", re.IGNORECASE)


def parse_size(text: str) -> Size:
    """A standard size by name, or 'WIDTHxHEIGHT' with an optional unit after either number
    (a unit written once, at the end, applies to both). Raises ValueError, saying what to
    write, for anything else."""
    name = str(text).strip().lower().replace(" ", "-").replace("_", "-")
    if name in STANDARD_SIZES:
        return STANDARD_SIZES[name]
    match = _PAIR.match(str(text))
    if not match:
        raise ValueError(f"{text!r} is not a size; write a name ({', '.join(STANDARD_SIZES)}) "
                         "or WIDTHxHEIGHT such as 63.5x88.9mm or 2.5x3.5in")
    first, second = match.groups()
    unit = _UNIT_AT_END.search(second)
    if unit and not _UNIT_AT_END.search(first):
        first += unit.group(1)
    width, height = parse_length(first), parse_length(second)
    if width <= 0 or height <= 0:
        raise ValueError(f"{text!r}: both sides must be more than zero")
    return Size(f"{to_mm(width):g}x{to_mm(height):g}mm", width, height)


def sizes_from_data(raw: Mapping[str, Mapping[str, Any]]) -> dict[str, Size]:
    """Named component sizes from a game's data file: ``{name: {width: mm, height: mm,
    note: why}}``, for the pieces a rulebook gives no size for."""
    return {name: Size(name, mm(float(size["width"])), mm(float(size["height"])),
                       str(size.get("note", "")))
            for name, size in raw.items()}
