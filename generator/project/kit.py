"""The kit file: print settings shared by everything one build prints.

A ``kind: kit`` file (no ``game:``; by convention ``vehicles/kit.yaml``) chooses the paper,
duplex, bleed, marks and component sizes once, so a group prints the same way every time
without a long command line. It is validated through the same declarative schema as a vehicle,
so a typo is a finding at its file:line:column, never a silent default. The command line
overrides any value the kit sets.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from generator.errors import UsageError
from generator.input.findings import Finding, RuleBook, Violation
from generator.input.schema import (
    Bool,
    Choice,
    Custom,
    Int,
    ListOf,
    MapOf,
    Struct,
    Text,
    Validation,
    locate,
    spec_field,
)
from generator.input.source import Document, Map, Mark, Scalar
from generator.input.validation import any_case
from generator.paper.imposition import Component, Duplex, SheetOptions, plan_grid
from generator.paper.output import PrintOptions
from generator.paper.printers import (
    DEFAULT_SAFE_ZONE,
    STANDARD,
    PrinterProfile,
    resolve_profile,
    shipped_profiles,
)
from generator.paper.sizes import STANDARD_SIZES, Size, parse_size
from generator.paper.units import (
    INCH,
    LENGTH_PATTERN,
    PAPERS,
    Paper,
    length_json,
    mm,
    parse_length,
    to_mm,
)

KIT_KIND = "kit"
KIT_RULES: RuleBook[Any] = RuleBook(Path(__file__).with_name("kit_rules.yaml"))


def parse_positive_length(value: Any) -> float:
    """A length such as '3mm', '0.125in' or a bare number of millimetres, zero or more."""
    try:
        length = parse_length(value)
    except OverflowError as exc:
        raise ValueError("write a number of millimetres a printer can use") from exc
    if not math.isfinite(length):
        raise ValueError("write a number of millimetres, not infinity or NaN")
    if length < 0:
        raise ValueError("it cannot be negative")
    return length


# What each print length may be, in millimetres: wide enough for any real printer, dice or
# board, narrow enough that a slip of the keyboard (gutter: 100000) is a finding, not a
# build that fails half-way or prints 'nan mm'.
LENGTH_LIMITS_MM = {"bleed": (0.0, 10.0), "gutter": (0.0, 30.0), "die": (6.0, 50.0),
                    "sticker": (4.0, 50.0), "hex": (10.0, 60.0), "back_offset": (-20.0, 20.0),
                    "card": (15.0, 300.0), "safe_zone": (0.0, 10.0)}


def bounded_length(name: str) -> Callable[[Any], float]:
    """A parser for the print length ``name``: finite, and within its limits."""
    low, high = LENGTH_LIMITS_MM[name]

    def parse(value: Any) -> float:
        try:
            length = parse_length(value)
        except OverflowError as exc:
            raise ValueError(f"far too large: {name} is at most {high:g}mm") from exc
        if not math.isfinite(length):
            raise ValueError(f"not a finite number: {name} is from {low:g}mm to {high:g}mm")
        if not mm(low) - 1e-9 <= length <= mm(high) + 1e-9:
            raise ValueError(f"{to_mm(length):g}mm is outside {low:g}mm to {high:g}mm "
                             f"for {name}")
        return length
    return parse


def parse_offset(value: Any) -> tuple[float, float]:
    """'X,Y' or [X, Y] in millimetres (or with units): the back-page nudge."""
    parts = value if isinstance(value, list) else str(value).split(",")
    if len(parts) != 2:
        raise ValueError("write X,Y in millimetres, e.g. '0.5,-1'")
    nudge = bounded_length("back_offset")
    return (nudge(parts[0]), nudge(parts[1]))


def parse_card_size(value: Any) -> Size:
    """A card size by name or WIDTHxHEIGHT, each side within the card limits."""
    size = parse_size(str(value))
    side = bounded_length("card")
    side(f"{to_mm(size.width)}mm")
    side(f"{to_mm(size.height)}mm")
    return size


def parse_print_shop(value: Any) -> str | None:
    """The kit's print_shop: false (home sheets), true (the standard profile) or a name."""
    if value is False or value is None:
        return None
    if value is True:
        return STANDARD
    name = str(value).strip()
    if not name:
        raise ValueError("name a printer profile, or write true or false")
    return name


def length_spec(name: str) -> Custom:
    """The schema spec of the print length ``name``, its limits in the expectation."""
    low, high = LENGTH_LIMITS_MM[name]
    return Custom(bounded_length(name), f"a length from {low:g}mm to {high:g}mm, "
                                        "such as 3mm, 0.125in or 9pt", json=length_json(low, high))


# A card size for an editor: a standard name (any case; spaces, underscores or hyphens) or
# WIDTHxHEIGHT, each side a length (held to its form; the card limits are beyond a pattern).
_SIDE = LENGTH_PATTERN[1:-1]
CARD_SIZE_JSON = {"anyOf": [
    {"enum": list(STANDARD_SIZES)},
    {"type": "string", "pattern": r"^\s*(" + "|".join(
        "".join("[ _-]" if char == "-" else any_case(char) for char in name)
        for name in STANDARD_SIZES) + r")\s*$"},
    {"type": "string", "pattern": "^" + _SIDE + "[xX×]" + _SIDE + "$"}]}


@dataclass(frozen=True)
class KitPrint:
    """How the sheets are printed."""

    paper: str = spec_field(Choice(sorted(PAPERS)), "Paper every sheet is printed on.",
                            default="a4")
    duplex: str = spec_field(Choice(["long", "short"]),
                             "Which edge your printer flips on for double-sided pages.",
                             default="long")
    back_offset: tuple[float, float] = spec_field(
        Custom(parse_offset, "'X,Y' in millimetres", json={"anyOf": [
            {"type": "string", "pattern": "^" + LENGTH_PATTERN[1:-1] + "," + LENGTH_PATTERN[1:-1]
             + "$"},
            {"type": "array", "minItems": 2, "maxItems": 2,
             "items": length_json(*LENGTH_LIMITS_MM["back_offset"])}]}),
        "Nudge back pages by X,Y for a printer that shifts them.", default=(0.0, 0.0))
    bleed: float = spec_field(length_spec("bleed"),
                              "How far art runs past each cut (cards, stickers, tokens).",
                              default=mm(3))
    marks: str = spec_field(
        Choice(["crop", "full", "lines", "none"]),
        "crop: short crop marks; full: full-length crop marks; lines: cut lines on each piece; "
        "none.", default="crop")
    gutter: float = spec_field(length_spec("gutter"), "Space between neighbouring pieces.",
                               default=0.0)
    cmyk: bool = spec_field(Bool(), "Write every colour as CMYK.", default=False)
    print_shop: str | None = spec_field(
        Custom(parse_print_shop, "false, true (the standard profile) or a printer profile's "
               "name (card-printer, offset, or one under printers:)", json={"anyOf": [
                   {"type": ["boolean", "null", "number"]},
                   {"type": "string", "pattern": r"\S"}]}),
        "One face per page at bleed size, PDF/X, for a print shop: false, true or a printer "
        "profile.", default=None)
    safe_zone: float = spec_field(
        length_spec("safe_zone"),
        "No text or essential mark within this of a cut in a print shop's files.",
        default=DEFAULT_SAFE_ZONE)
    png: bool = spec_field(Bool(), "Also write PNG previews and Tabletop Simulator sheets.",
                           default=False)
    pack: bool = spec_field(
        Bool(), "Pack each game's small pieces onto shared sheets (<game>/packed-sheets.pdf) "
        "where that takes fewer pages; false: a file per component.", default=True)
    dpi: int = spec_field(Int(36, 1200), "Resolution of the PNG previews.", default=150)


@dataclass(frozen=True)
class KitSizes:
    """The sizes of the printed components."""

    card: Size = spec_field(
        Custom(parse_card_size, "a size name (" + ", ".join(STANDARD_SIZES)
               + ") or WIDTHxHEIGHT such as 63.5x88.9mm",
               json=CARD_SIZE_JSON),
        "Trim size of the Whip & Reins cards.", default=STANDARD_SIZES["poker"])
    die: float = spec_field(length_spec("die"), "Edge of the dice the stickers go on.",
                            default=mm(16))
    sticker: float = spec_field(length_spec("sticker"),
                                "Side of a die sticker (a rounded square).", default=mm(13))
    hex: float = spec_field(length_spec("hex"),
                            "Track hex size across flats; tokens are sized to sit in one.",
                            default=INCH)


@dataclass(frozen=True)
class KitComponents:
    """Which of the shared parts a build prints; unset, a build of whole folders prints
    them and a build of single files (one vehicle) does not."""

    generic_deck: bool | None = spec_field(
        Bool(), "Frothy Races: the generic Whip & Reins deck (default: yes for a folder, no "
        "for single files).", default=None)
    dice_stickers: bool | None = spec_field(
        Bool(), "Each game's dice sticker sheet (default: yes for a folder, no for single "
        "files).", default=None)


@dataclass(frozen=True)
class KitWaiver:
    """A rule the project accepts breaking, and why (``paddock check`` shows such findings
    as waived; they do not fail ``--strict``)."""

    rule: str = spec_field(Text(), "The rule id waived, e.g. FR-CARDS-DUAL.")
    reason: str = spec_field(Text(), "Why the project accepts it; shown with each finding.")
    files: str = spec_field(
        Text(allow_empty=True), "A glob of the files it covers, relative to the kit file's "
        "folder, e.g. frothy-races/*.yaml (default: every file).", default="")


@dataclass(frozen=True)
class KitTable:
    """A spreadsheet (CSV or XLSX) of rows read as definitions, or as entries of a list in
    definitions (docs/studio.md, "Decks from a spreadsheet")."""

    file: str = spec_field(Text(), "The .csv or .xlsx file, relative to the kit file's folder.")
    game: str = spec_field(Text(), "The game its rows are for, e.g. joyride.")
    kind: str = spec_field(
        Text(), "Each row's kind (list empty), or the kind of the definition whose list "
        "the rows extend, named by the row's column of that kind's name: vehicle, team.")
    list: str = spec_field(
        Text(allow_empty=True), "The key path of the list the rows extend, e.g. "
        "cards.special or pilots (default: each row is one definition).", default="")
    sheet: str = spec_field(Text(allow_empty=True), "The workbook's sheet (default: the "
                            "first).", default="")


@dataclass(frozen=True)
class Kit:
    """A kit: the print settings for everything built alongside it."""

    name: str = spec_field(Text(allow_empty=True), "A name for the kit, for your own use.",
                           default="")
    print: KitPrint = spec_field(Struct(KitPrint), "Paper, duplex, bleed and marks.",
                                 default=KitPrint())
    sizes: KitSizes = spec_field(Struct(KitSizes), "Card, die, sticker and hex sizes.",
                                 default=KitSizes())
    components: KitComponents = spec_field(
        Struct(KitComponents), "Shared parts to print: the generic deck, the dice stickers.",
        default=KitComponents())
    printers: dict[str, PrinterProfile] = spec_field(
        MapOf(Text(), Struct(PrinterProfile)),
        "Printer profiles of your own, by name, for print_shop (the fields of the shipped ones).",
        default={})
    note: str = spec_field(Text(allow_empty=True), "A note of your own; never printed.",
                           default="")
    waive: tuple[KitWaiver, ...] = spec_field(
        ListOf(Struct(KitWaiver)), "Warnings the project accepts: rule, reason and files.",
        default=())
    tables: tuple[KitTable, ...] = spec_field(
        ListOf(Struct(KitTable)), "Decks kept in spreadsheets: Joyride items, special "
        "cards, pilots read from CSV or XLSX rows.", default=())


KIT_SCHEMA = Struct(Kit, ignore=("kind",))


@dataclass(frozen=True)
class LoadedKit:
    """A validated kit and where its values came from."""

    kit: Kit
    path: str
    marks: dict[tuple[str | int, ...], Mark]
    root: Mark

    def locate(self, path: tuple[str | int, ...]) -> Mark:
        return locate(self.marks, path, self.root)


def is_kit(document: Document) -> bool:
    """True for a ``kind: kit`` file that names no game."""
    root = document.root
    if not isinstance(root, Map) or root.get("game") is not None:
        return False
    kind = root.get("kind")
    return isinstance(kind, Scalar) and kind.value == KIT_KIND


def read_kit(document: Document) -> tuple[LoadedKit | None, list[Finding]]:
    """Validate a kit file, then run the kit rules; the kit is None if it did not validate."""
    v = Validation(source="Paddock file format: kit")
    kit = KIT_SCHEMA.validate(document.root, (), v)
    if any(f.severity.value == "error" for f in v.findings):
        return None, v.findings
    loaded = LoadedKit(kit, document.path, v.marks, document.root.mark)
    return loaded, v.findings + list(KIT_RULES.run(kit, loaded.locate))


def second_kit(kit: LoadedKit, first: LoadedKit) -> Finding:
    """The finding for a kit file beyond the first: a build has one set of print settings."""
    return KIT_RULES["KIT-ONE"].finding(kit.root, other=first.path)


@KIT_RULES.check("KIT-STICKER-FIT")
def sticker_fits_die(kit: Kit, fraction: float) -> Any:
    """A sticker must sit inside the die's face, with a little edge showing."""
    sizes = kit.sizes
    if sizes.sticker > sizes.die * fraction:
        yield Violation(("sizes", "sticker"), {
            "sticker": f"{to_mm(sizes.sticker):g}", "die": f"{to_mm(sizes.die):g}",
            "largest": f"{to_mm(sizes.die * fraction):.1f}"})


@KIT_RULES.check("KIT-PRINTER-KNOWN")
def printer_is_known(kit: Kit) -> Any:
    """print_shop names a shipped printer profile or one of the kit's own."""
    name = kit.print.print_shop
    known = {*shipped_profiles(), *kit.printers}
    if name is not None and name not in known:
        yield Violation(("print", "print_shop"), {"name": name,
                                                   "known": ", ".join(sorted(known))})


@KIT_RULES.check("KIT-PIECE-FITS")
def card_fits_paper(kit: Kit) -> Any:
    """The card size, with its bleed and marks, must fit the paper at least once."""
    size, options = kit.sizes.card, kit.print
    sheet = SheetOptions(PAPERS[options.paper], gutter=options.gutter)
    if not _fits(Component(size.width, size.height, options.bleed), sheet):
        yield Violation(("sizes", "card"), {"size": size.describe(), "paper": options.paper,
                                             "bleed": f"{to_mm(options.bleed):g}"})


def _fits(component: Component, options: SheetOptions) -> bool:
    try:
        plan_grid(component, options)
    except UsageError:  # plan_grid's way of saying "does not fit"
        return False
    return True


@dataclass(frozen=True)
class PrintSettings:
    """Everything the build context needs about printing, kit and command line merged."""

    paper: Paper
    duplex: Duplex
    back_offset: tuple[float, float]
    printing: PrintOptions


PRINT_KEYS = tuple(f.name for f in fields(KitPrint))
SIZE_KEYS = tuple(f.name for f in fields(KitSizes))


def print_settings(kit: Kit | None, overrides: Mapping[str, Any]) -> PrintSettings:
    """The kit's print settings (defaults without a kit) with every override that is not
    None on top: the command line wins over the kit, the kit over the defaults."""
    kit = kit or Kit()
    values = {key: getattr(kit.print, key) for key in PRINT_KEYS}
    values |= {key: getattr(kit.sizes, key) for key in SIZE_KEYS}
    values |= {key: value for key, value in overrides.items() if value is not None}
    unknown = set(values) - set(PRINT_KEYS) - set(SIZE_KEYS)
    if unknown:
        raise ValueError(f"unknown print settings: {', '.join(sorted(unknown))}")
    if values["sticker"] > values["die"] * KIT_RULES["KIT-STICKER-FIT"].params["fraction"]:
        raise UsageError(f"a {to_mm(values['sticker']):g} mm sticker does not sit on a "
                         f"{to_mm(values['die']):g} mm die; choose a smaller --sticker")
    shop = None if values["print_shop"] is None else resolve_profile(
        values["print_shop"], kit.printers, values["bleed"], values["safe_zone"], values["cmyk"])
    printing = PrintOptions(
        bleed=values["bleed"] if shop is None else shop.bleed, marks=values["marks"],
        gutter=values["gutter"], print_shop=shop is not None,
        cmyk=values["cmyk"] if shop is None else shop.cmyk, png=values["png"], shop=shop,
        pack=values["pack"],
        dpi=values["dpi"], card=values["card"], die=values["die"], sticker=values["sticker"],
        hex=values["hex"])
    paper = values["paper"] if shop is None or shop.paper is None else shop.paper
    return PrintSettings(PAPERS[paper], values["duplex"], values["back_offset"], printing)
