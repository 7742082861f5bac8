"""Dice as data, and the sticker sheets that turn blank dice into game dice.

A die is its faces, each with a value, a label and/or an icon; a *dice set* is a game's dice
with how many of each to print. Sets live in ``generator/paper/data/dice/<game>.yaml``, one file per
game, so a game's dice need no game package: Joyride's dice print although Paddock has no
Joyride vehicles. Stickers are rounded squares sized from the die (16 mm dice and 13 mm
stickers unless the kit or command line says otherwise) laid out die by die, each die's six
stickers kept together, with a cut line on every sticker and the sizes printed on the sheet.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from generator.errors import InputError, UsageError
from generator.input.schema import (
    Custom,
    Int,
    ListOf,
    Nullable,
    Struct,
    Text,
    Validation,
    spec_field,
)
from generator.input.source import load_document
from generator.paper.colour import contrast_ratio
from generator.paper.drawing import (
    MIN_FONT_SIZE,
    colour,
    draw_line,
    fit_line_size,
    fit_paragraph,
)
from generator.paper.icons import IconSet
from generator.paper.imposition import Component, Piece, Rect, SheetWriter
from generator.paper.layout import SAFE_SLACK, safe_zone
from generator.paper.output import BuildContext, Output
from generator.paper.pdf import PdfInfo, finish, new_canvas
from generator.paper.units import Paper, mm, to_mm
from generator.text.fonts import BOLD, register_fonts
from generator.text.templates import TextTemplates

DICE_DATA = Path(__file__).with_name("data") / "dice"
TEMPLATE = "dice/stickers.j2"
CORNER_FRACTION = 0.14
CAPTION_HEIGHT = mm(11)


def parse_hex_colour(value: Any) -> str:
    """'#rrggbb', lower-cased."""
    text = str(value).strip()
    if len(text) == 7 and text.startswith("#"):
        int(text[1:], 16)
        return text.lower()
    raise ValueError("write a colour as '#rrggbb' (quoted)")


HEX_COLOUR = Custom(parse_hex_colour, "a colour as '#rrggbb'", json={
    "type": "string", "pattern": r"^\s*#[0-9a-fA-F]{6}\s*$"})


@dataclass(frozen=True)
class DieFace:
    """One face of a die: a value, a label, an icon, or a value with an icon."""

    value: int | None = spec_field(Nullable(Int()), "The number the face shows.", default=None)
    label: str | None = spec_field(Text(max_length=12), "A word for a face with no value.",
                                   default=None)
    icon: str | None = spec_field(Text(), "An icon name from icons.yaml.", default=None)


@dataclass(frozen=True)
class Die:
    """A kind of die: its faces, colours and how many to print."""

    name: str = spec_field(Text(max_length=40), "What the die is called on the sheet.")
    faces: tuple[DieFace, ...] = spec_field(ListOf(Struct(DieFace), 6, 6), "The six faces.")
    count: int = spec_field(Int(1, 60), "How many to print (of each colour).", default=1)
    colour: str = spec_field(HEX_COLOUR, "Sticker background.", default="#f4f1ea")
    colours: tuple[str, ...] = spec_field(
        ListOf(HEX_COLOUR), "Several backgrounds: a set of 'count' dice in each.", default=())
    ink: str | None = spec_field(Nullable(HEX_COLOUR),
                                 "Colour of numbers and icons (default: black or white, "
                                 "whichever reads better).", default=None)
    note: str = spec_field(Text(allow_empty=True), "Why the faces are as they are.", default="")

    @property
    def backgrounds(self) -> tuple[str, ...]:
        return self.colours or (self.colour,)

    @property
    def total(self) -> int:
        """Dice printed: ``count`` of each background colour."""
        return self.count * len(self.backgrounds)


@dataclass(frozen=True)
class DiceSet:
    """A game's dice, as one sticker sheet prints them."""

    game: str = spec_field(Text(), "The game id; the sheet goes to output/<game>/.")
    title: str = spec_field(Text(), "The sheet's heading.")
    dice: tuple[Die, ...] = spec_field(ListOf(Struct(Die), 1), "The kinds of die.")


DICE_SCHEMA = Struct(DiceSet)


def load_dice_set(path: Path, icons: IconSet | None = None) -> DiceSet:
    """Read and validate one dice file; a problem is an InputError at its position."""
    document = load_document(path)
    v = Validation(source="Paddock dice data")
    dice_set = DICE_SCHEMA.validate(document.root, (), v)
    if v.findings:
        first = v.findings[0]
        raise InputError(first.message, file=first.mark.file, line=first.mark.line,
                         column=first.mark.column, hint=first.hint)
    known = icons or IconSet()
    for index, die in enumerate(dice_set.dice):
        for face in die.faces:
            if face.icon is not None and face.icon not in known:
                mark = v.marks.get(("dice", index, "faces"), document.root.mark)
                raise InputError(f"no icon named '{face.icon}'", file=mark.file,
                                 line=mark.line, column=mark.column,
                                 hint=f"icons: {', '.join(known.names())}")
            if face.value is None and face.icon is None and face.label is None:
                mark = v.marks.get(("dice", index, "faces"), document.root.mark)
                raise InputError("a face needs a value, a label or an icon", file=mark.file,
                                 line=mark.line, column=mark.column)
    return dice_set


def dice_sets(icons: IconSet | None = None) -> list[DiceSet]:
    """Every dice set Paddock ships, in file name order."""
    return [load_dice_set(path, icons) for path in sorted(DICE_DATA.glob("*.yaml"))]


def readable_ink(background: str) -> str:
    """Black or white, whichever has the greater contrast with ``background`` (WCAG 2)."""
    c = colour(background)
    dark, light = "#1d1d1b", "#ffffff"
    return dark if contrast_ratio(c, colour(dark)) >= contrast_ratio(c, colour(light)) \
        else light


def sticker_component(sticker: float, bleed: float) -> Component:
    """A rounded-square sticker with its bleed."""
    return Component(sticker, sticker, bleed, shape="rounded",
                     corner_radius=sticker * CORNER_FRACTION)


@dataclass(frozen=True)
class StickerFace:
    """One sticker: the face's icon and/or number on the die's colour, art into the bleed."""

    face: DieFace
    background: str
    ink_hex: str
    icons: IconSet

    @property
    def key(self) -> Hashable:
        return ("sticker", self.face, self.background, self.ink_hex)

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None:
        canvas.setFillColor(colour(self.background))
        canvas.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
        ink = colour(self.ink_hex)
        face = self.face
        zone = safe_zone(canvas)
        if zone > 0:
            self.draw_in_safe_area(canvas, width, height, zone, ink)
            return
        if face.icon is not None and face.value is not None:
            self.draw_icon(canvas, face.icon, width * 0.5, width * 0.5, height * 0.65, ink)
            self.draw_number(canvas, str(face.value), width * 0.5, height * 0.1,
                             height * 0.26, width * 0.5, ink)
        elif face.icon is not None:
            self.draw_icon(canvas, face.icon, width * 0.72, width * 0.5, height * 0.5, ink)
        else:
            text = str(face.value) if face.value is not None else str(face.label)
            self.draw_number(canvas, text, width * 0.5, height * 0.2, height * 0.62,
                             width * 0.84, ink)

    def draw_in_safe_area(self, canvas: Canvas, width: float, height: float, zone: float,
                          ink: Color) -> None:
        """The icon and number inside a print shop's safe zone: the square ``zone`` inside
        the cut, an icon over a number sharing it (the number's line at least 6 pt)."""
        side = min(width, height) - 2 * (zone + mm(SAFE_SLACK))
        if side < line_box(MIN_FONT_SIZE):
            raise UsageError(f"a {to_mm(width):g} mm dice sticker has no room inside a safe "
                             f"zone of {to_mm(zone):g} mm; choose larger --sticker or a smaller "
                             "safe_zone")
        face, cx, cy = self.face, width / 2, height / 2
        text = str(face.value) if face.value is not None else str(face.label or "")
        if face.icon is None:
            self.draw_safe_number(canvas, text, cx, cy, side, side, ink)
            return
        if face.value is None:
            self.draw_icon(canvas, face.icon, side, cx, cy, ink)
            return
        line = max(line_box(MIN_FONT_SIZE), side * 0.42)
        icon = side - line
        self.draw_icon(canvas, face.icon, icon, cx, cy + side / 2 - icon / 2, ink)
        self.draw_safe_number(canvas, text, cx, cy - side / 2 + line / 2, line, side, ink)

    @staticmethod
    def draw_safe_number(canvas: Canvas, text: str, cx: float, cy: float, box: float,
                         width: float, ink: Color) -> None:
        """``text`` centred on (cx, cy), its line (ascent to descent) no taller than ``box``
        nor wider than ``width``."""
        size = box / line_box(1.0)
        size = fit_line_size(text, BOLD, width, size, MIN_FONT_SIZE) or MIN_FONT_SIZE
        ascent, descent = pdfmetrics.getAscentDescent(BOLD, size)
        canvas.setFillColor(ink)
        draw_line(canvas, text, cx, cy - (ascent + descent) / 2, size, BOLD, "centre")

    def draw_icon(self, canvas: Canvas, name: str, size: float, cx: float, cy: float,
                  ink: Color) -> None:
        """Icon ``name``, ``size`` square, centred on (cx, cy)."""
        self.icons[name].draw(canvas, cx - size / 2, cy - size / 2, size, ink)

    @staticmethod
    def draw_number(canvas: Canvas, text: str, cx: float, baseline: float, cap: float,
                    width: float, ink: Color) -> None:
        """``text`` centred on ``cx``, as large as ``cap`` (about the glyph height) allows."""
        size = min(cap / 0.73, fit_line_size(text, BOLD, width, cap / 0.73, 1.0) or cap)
        canvas.setFillColor(ink)
        draw_line(canvas, text, cx, baseline, size, BOLD, "centre")


def line_box(size: float) -> float:
    """The height of a line of bold text at ``size``, ascent to descent: the box a print
    shop's preflight measures."""
    register_fonts()
    ascent, descent = pdfmetrics.getAscentDescent(BOLD, size)
    return float(ascent - descent)


def sticker_pieces(dice_set: DiceSet, icons: IconSet) -> list[Piece]:
    """Six stickers per die, die after die, in the order of the data."""
    pieces = []
    for die in dice_set.dice:
        for background in die.backgrounds:
            ink = die.ink or readable_ink(background)
            for number in range(die.count):
                for face in die.faces:
                    pieces.append(Piece(StickerFace(face, background, ink, icons),
                                        label=f"{die.name} {number + 1}"))
    return pieces


@dataclass(frozen=True)
class SheetCaption:
    """The sheet's heading, the die and sticker sizes, and a key to the icons on the
    stickers (each icon beside its name), fitted into the header band."""

    blocks: dict[str, str]
    key: tuple[tuple[str, str], ...] = ()
    icons: IconSet | None = None

    def draw(self, canvas: Canvas, band: Rect) -> None:
        text_width = band.width * (0.5 if self.key else 1.0)
        title = fit_paragraph(f"<b>{self.blocks['title'].strip()}</b>: "
                              f"{self.blocks['contents'].strip()}", text_width, band.height / 2,
                              9)
        sizes = fit_paragraph(self.blocks["sizes"].strip(), text_width, band.height / 2, 8,
                              colour_hex="#3a3a3a")
        if self.key and self.icons is not None:
            self.draw_key(canvas, Rect(band.x + text_width + mm(3), band.y,
                                       band.width - text_width - mm(3), band.height))
        if title is not None:
            title.draw(canvas, band.x, band.top)
        if sizes is not None:
            sizes.draw(canvas, band.x, band.top - band.height / 2)

    def draw_key(self, canvas: Canvas, area: Rect) -> None:
        """Icons and names in up to two rows, each entry an equal share of the width."""
        assert self.icons is not None
        rows = 2 if len(self.key) > 3 else 1
        per_row = -(-len(self.key) // rows)
        cell_w, cell_h = area.width / per_row, area.height / rows
        size = min(cell_h * 0.8, mm(4))
        ink = colour("#1d1d1b")
        for i, (icon, name) in enumerate(self.key):
            x = area.x + (i % per_row) * cell_w
            y = area.top - (i // per_row + 1) * cell_h + (cell_h - size) / 2
            self.icons[icon].draw(canvas, x, y, size, ink)
            label = fit_line_size(name, BOLD, cell_w - size - mm(1.5), 7)
            if label is not None:
                canvas.setFillColor(ink)
                draw_line(canvas, name, x + size + mm(1), y + size * 0.3, label, BOLD, "left")


def key_icons(dice_set: DiceSet) -> list[str]:
    """Every icon on the set's stickers, once, in face order."""
    return list(dict.fromkeys(f.icon for die in dice_set.dice for f in die.faces
                              if f.icon is not None))


def caption_blocks(dice_set: DiceSet, die_edge: float, sticker: float,
                   templates: TextTemplates) -> dict[str, str]:
    """The sheet's text, from the template."""
    return templates.blocks(TEMPLATE, {
        "title": dice_set.title, "dice": list(dice_set.dice), "key_icons": key_icons(dice_set),
        "die_mm": f"{to_mm(die_edge):g}", "sticker_mm": f"{to_mm(sticker):g}"})


def sheet_key(dice_set: DiceSet, blocks: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """(icon, name) pairs for the key: names from the template's key block, one a line."""
    names = [line.strip() for line in blocks.get("key", "").splitlines() if line.strip()]
    return tuple(zip(key_icons(dice_set), names, strict=False))


def sticker_output(dice_set: DiceSet, context: BuildContext) -> Output:
    """The sticker sheet of one dice set, written to ``<game>/dice-stickers.pdf``."""
    printing = context.printing
    component = sticker_component(printing.sticker, printing.bleed)
    pieces = sticker_pieces(dice_set, context.icons)
    blocks = caption_blocks(dice_set, printing.die, printing.sticker, context.templates)
    caption = SheetCaption(blocks, sheet_key(dice_set, blocks), context.icons)
    options = context.sheet_options(cut_lines=True, group=(3, 2), group_gap=mm(4),
                                    header=CAPTION_HEIGHT, butted=False)

    def write(path: Path) -> PdfInfo:
        canvas = new_canvas(path, dice_set.title + " stickers", context.paper, printing.cmyk,
                            shop=printing.shop)
        writer = SheetWriter(canvas, options)
        writer.impose(component, pieces, caption)
        return finish(canvas, writer.pages, Paper("page", *writer.page_size))

    names = [f"{die.name} x{die.total}" for die in dice_set.dice]
    return Output(f"{dice_set.game}/dice-stickers.pdf", dice_set.game, "dice-stickers", names,
                  write, batches=((component, pieces, options),))


def dice_outputs(context: BuildContext, games: frozenset[str]) -> list[Output]:
    """A sticker sheet for the dice of each game the build holds definitions for."""
    return [sticker_output(dice_set, context) for dice_set in dice_sets(context.icons)
            if dice_set.game in games]
