"""Printer profiles: what a print shop asks of the files it is sent, as data.

A profile names the bleed built into every face, the safe zone no text may enter, the colour
model and the PDF/X version that goes with it (PDF/X-1a:2003 for CMYK, PDF/X-3:2003 where RGB
is kept), the printing condition the colours are meant for, the most ink a colour may total,
whether the back page comes first, whether each deck is a file of its own, and whether each
face page carries crop marks. The shipped profiles are in ``data/printers.yaml``; a kit adds
its own under ``printers:`` with the same fields. A field left blank is the kit's own value.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.errors import UsageError
from generator.input.schema import (
    Bool,
    Choice,
    Custom,
    Int,
    MapOf,
    Nullable,
    Struct,
    Text,
    load_packaged,
    spec_field,
)
from generator.paper.units import INCH, PAPERS, length_json, mm, parse_length, to_mm

PROFILES_FILE = Path(__file__).with_name("data") / "printers.yaml"
# The one a bare --print-shop (or print_shop: true) means.
STANDARD = "standard"
# Printing conditions registered with the ICC (http://www.color.org): a PDF/X file may name
# one as its output intent without embedding a profile. Each with the Info text a reader shows.
REGISTERED_CONDITIONS = {
    "FOGRA39": "Coated FOGRA39 (ISO 12647-2:2004)",
    "FOGRA51": "PSO Coated v3 (ISO 12647-2:2013)",
    "CGATS TR 001": "SWOP (Publication) Grade 1 Paper",
    "CGATS21-2-CRPC6": "GRACoL 2013 (CGATS 21-2 CRPC6)",
}


def parse_profile_length(value: Any) -> float:
    """A bleed or safe zone: 0 to 10 mm, written as '3mm', '0.125in' or a number of mm."""
    try:
        length = parse_length(value)
    except (OverflowError, ValueError) as exc:
        raise ValueError("write a length such as 3mm or 0.125in") from exc
    if not math.isfinite(length) or not 0 <= length <= mm(10) + 1e-9:
        raise ValueError("a printer's bleed or safe zone is from 0mm to 10mm")
    return length


LENGTH = Custom(parse_profile_length, "a length from 0mm to 10mm, such as 3mm or 0.125in",
                show=lambda value: f"{to_mm(value):g}mm", json=length_json(0, 10))


@dataclass(frozen=True)
class PrinterProfile:
    """One printer's requirements. Blank (None) means: the kit's own value."""

    description: str = spec_field(Text(allow_empty=True), "What this profile is for.",
                                  default="")
    bleed: float | None = spec_field(Nullable(LENGTH), "Art built in beyond every cut.",
                                     default=mm(3))
    safe_zone: float | None = spec_field(
        Nullable(LENGTH), "No text or essential mark within this of a cut (blank: the kit's).",
        default=None)
    colour: str | None = spec_field(
        Nullable(Choice(["cmyk", "rgb"])),
        "cmyk: PDF/X-1a:2003; rgb: colours kept as drawn, PDF/X-3:2003 (blank: the kit's).",
        default="cmyk")
    output_condition: str = spec_field(
        Choice(sorted(REGISTERED_CONDITIONS)),
        "The registered printing condition the file's colours are meant for.",
        default="FOGRA39")
    total_ink: int = spec_field(Int(100, 400),
                                "The most ink any colour may total, in percent (C+M+Y+K).",
                                default=300)
    rich_black: bool = spec_field(
        Bool(), "Print near-black as a rich black (K with some C, M, Y) instead of black ink "
        "alone.", default=False)
    page_order: str = spec_field(Choice(["front-first", "back-first"]),
                                 "Which face of each piece comes first in the file.",
                                 default="front-first")
    file_per_deck: bool = spec_field(Bool(), "Write each deck (each batch of pieces) to a "
                                     "file of its own.", default=False)
    crop_marks: bool = spec_field(Bool(), "Crop marks on every face page, outside the bleed.",
                                  default=False)
    sheets: str = spec_field(
        Choice(["faces", "packed"]),
        "faces: a page per face at bleed size; packed: pieces on sheets of the kit's paper, "
        "each with the whole bleed and crop marks outside it, backs behind their fronts.",
        default="faces")
    paper: str | None = spec_field(
        Nullable(Choice(sorted(PAPERS))), "The paper the shop prints on (blank: the kit's).",
        default=None)


@dataclass(frozen=True)
class PrinterBook:
    """The shipped profiles file."""

    profiles: dict[str, PrinterProfile] = spec_field(
        MapOf(Text(), Struct(PrinterProfile)), "Printer profiles by name.", default={})


PROFILE_MAP = MapOf(Text(), Struct(PrinterProfile))


@lru_cache(maxsize=1)
def shipped_profiles() -> dict[str, PrinterProfile]:
    """The profiles Paddock ships, by name."""
    book: PrinterBook = load_packaged(PROFILES_FILE, Struct(PrinterBook))
    return dict(book.profiles)


@dataclass(frozen=True)
class PrintShop:
    """A profile resolved against the kit: every value known, in points where a length."""

    name: str
    bleed: float
    safe_zone: float
    cmyk: bool
    output_condition: str
    total_ink: int
    rich_black: bool
    back_first: bool
    file_per_deck: bool
    crop_marks: bool
    packed: bool = False
    paper: str | None = None

    @property
    def pdfx_version(self) -> str:
        """The PDF/X version a file for this shop declares."""
        return "PDF/X-1a:2003" if self.cmyk else "PDF/X-3:2003"


def resolve_profile(name: str, kit_profiles: dict[str, PrinterProfile], bleed: float,
                    safe_zone: float, cmyk: bool) -> PrintShop:
    """The profile ``name`` (the kit's own first, then the shipped ones) with its blanks
    filled from the kit's settings."""
    known = {**shipped_profiles(), **kit_profiles}
    profile = known.get(name)
    if profile is None:
        raise UsageError(f"no printer profile '{name}'; the known ones are "
                         f"{', '.join(sorted(known))} (a kit adds its own under printers:)")
    return PrintShop(
        name=name, bleed=bleed if profile.bleed is None else profile.bleed,
        safe_zone=safe_zone if profile.safe_zone is None else profile.safe_zone,
        cmyk=cmyk if profile.colour is None else profile.colour == "cmyk",
        output_condition=profile.output_condition, total_ink=profile.total_ink,
        rich_black=profile.rich_black, back_first=profile.page_order == "back-first",
        file_per_deck=profile.file_per_deck, crop_marks=profile.crop_marks,
        packed=profile.sheets == "packed", paper=profile.paper)


DEFAULT_SAFE_ZONE = INCH / 8


def standard(bleed: float = mm(3), cmyk: bool = False) -> PrintShop:
    """The standard profile for a bleed and colour model (tests and previews)."""
    return resolve_profile(STANDARD, {}, bleed, DEFAULT_SAFE_ZONE, cmyk)
