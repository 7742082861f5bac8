"""Small drawing helpers shared by every component: fonts, fitted text, colours.

Fonts are embedded (Bitstream Vera, shipped inside ReportLab) so a print shop gets exactly
the glyphs we measured. Text is fitted by shrinking from a preferred size down to
``MIN_FONT_SIZE`` and never below: when it still does not fit, the caller gets ``None`` and
turns that into a finding instead of printing something unreadable.
"""

from __future__ import annotations

import io
import marshal
import math
import pickle
import re
import weakref
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import reportlab
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from generator import fit_store

if TYPE_CHECKING:
    from reportlab.platypus import Paragraph

MIN_FONT_SIZE = 6.0
REGULAR, BOLD, ITALIC, BOLD_ITALIC = ("PaddockSans", "PaddockSans-Bold", "PaddockSans-Italic",
                                      "PaddockSans-BoldItalic")
_FONT_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf", ITALIC: "VeraIt.ttf",
               BOLD_ITALIC: "VeraBI.ttf"}
ALIGNMENTS = {"left": TA_LEFT, "centre": TA_CENTER, "right": TA_RIGHT}


class _EmbeddedFont(TTFont):
    """ReportLab's TrueType font, with a short way through the common case of printing.

    Why: every string drawn is split into the font's per-document subsets one character at
    a time in Python (a twentieth of a build). ReportLab gives the printable ASCII
    characters their own codes in the first subset of every document (``ttfAsciiReadable``),
    so a string of only those is that subset's bytes as they are; anything else, or the
    first string of a document (which sets the subsets up), goes the long way."""

    def __init__(self, name: str, filename: str) -> None:
        super().__init__(name, filename)
        glyphs = self.face.charToGlyph
        self._ascii_as_is = bool(self._asciiReadable) and all(
            code in glyphs for code in range(32, 127))

    def splitString(self, text: Any, doc: Any, encoding: str = "utf-8"  # noqa: N802
                    ) -> list[tuple[int, bytes]]:
        if (self._ascii_as_is and isinstance(text, str) and text.isascii()
                and text.isprintable() and text and doc in self.state):
            return [(0, text.encode("ascii"))]
        return cast("list[tuple[int, bytes]]", super().splitString(text, doc, encoding))


@lru_cache(maxsize=1)
def register_fonts() -> None:
    """Register the embedded font family once per process."""
    folder = Path(reportlab.__file__).parent / "fonts"
    for name, filename in _FONT_FILES.items():
        pdfmetrics.registerFont(_EmbeddedFont(name, str(folder / filename)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=ITALIC,
                                  boldItalic=BOLD_ITALIC)


def colour(hex_value: str) -> Color:
    """A ReportLab colour from '#rrggbb'."""
    return HexColor(hex_value)


def mix(a: Color, b: Color, amount: float) -> Color:
    """``a`` moved ``amount`` (0-1) of the way towards ``b``: tints for fills."""
    return Color(a.red + (b.red - a.red) * amount, a.green + (b.green - a.green) * amount,
                 a.blue + (b.blue - a.blue) * amount)


def text_width(text: str, font: str, size: float) -> float:
    register_fonts()
    return float(pdfmetrics.stringWidth(text, font, size))


def fit_line_size(text: str, font: str, width: float, preferred: float,
                  minimum: float = MIN_FONT_SIZE) -> float | None:
    """The largest size, from ``preferred`` down to ``minimum`` in tenths of a point, at
    which ``text`` fits on one line of ``width``; None if it does not fit at ``minimum``."""
    natural = text_width(text, font, 1.0)
    if natural == 0:
        return preferred
    fitted = min(preferred, math.floor(width / natural * 10) / 10)
    return fitted if fitted >= minimum else None


def draw_line(canvas: Canvas, text: str, x: float, y: float, size: float,
              font: str = REGULAR, align: str = "left") -> None:
    """One line of text with its baseline at ``y``; ``x`` is the left, centre or right."""
    register_fonts()
    canvas.setFont(font, size)
    if align == "centre":
        canvas.drawCentredString(x, y, text)
    elif align == "right":
        canvas.drawRightString(x, y, text)
    else:
        canvas.drawString(x, y, text)


@dataclass(frozen=True, eq=False)
class FittedText:
    """A paragraph that fits its box: the size it fits at, its height, and the wrapped
    paragraph itself, made when first drawn (a print check that only asks whether text
    fits never makes one, nor loads ReportLab's paragraph code)."""

    size: float
    height: float
    markup: str
    # (width, box height, font, leading, align, colour, split words): how to make it again.
    layout: tuple[float, float, str, float, str, str, bool]

    @cached_property
    def paragraph(self) -> Paragraph:
        """The paragraph at the fitted size, wrapped in its box, as the fitting made it
        (kept between runs: see :mod:`generator.fit_store`)."""
        register_fonts()
        paragraph_class = _paragraph_class()
        width, height, font, leading, align, colour_hex, split = self.layout
        style = _style(font, self.size, leading, align, colour_hex, split)
        kept = fit_store.get_paragraph(self.key)
        if kept is not None:
            try:
                paragraph = _StyleUnpickler(io.BytesIO(zlib.decompress(kept)), style).load()
            except Exception:  # noqa: BLE001, S110 - a damaged entry is only made again
                pass
            else:
                if isinstance(paragraph, paragraph_class):
                    return cast("Paragraph", paragraph)
        paragraph = paragraph_class(self.markup, style)
        paragraph.wrap(width, height)
        self.keep(paragraph)
        return paragraph

    def draw(self, canvas: Canvas, x: float, top: float) -> None:
        """Draw with the paragraph's top-left corner at (x, top).

        A paragraph draws the same operators wherever it goes (ReportLab moves the origin
        first), so the second and later drawings of it in one file repeat the first's
        operators instead of laying out the text again (a deck draws most texts many times).
        Markup whose drawing reads or changes more than the text (links, underlines, images,
        backgrounds) is drawn afresh every time."""
        y = top - self.height
        replayable = self.replayable
        drawn = _DRAWN.setdefault(canvas, {}) if replayable else None
        ops = drawn.get(self.key) if drawn is not None else None
        if ops is None and drawn is not None:
            ops = kept_drawing(canvas, ("paragraph", *self.key))
            if ops is not None:
                drawn[self.key] = ops
        if ops is not None:
            # What saveState, translate(x, y) and restoreState write around the operators,
            # without their work on the canvas's Python state (which they leave unchanged).
            canvas._code.extend(("q", f"{fp_str(1, 0, 0, 1, x, y)} cm", *ops, "Q"))
            return
        code = canvas._code
        start = len(code)
        needs = drawn_noting_needs(canvas, lambda: self.paragraph.drawOn(canvas, x, y))
        if drawn is not None and canvas._code is code and len(code) >= start + 3 \
                and code[start] == "q" and code[start + 1].endswith(" cm") and code[-1] == "Q":
            drawn[self.key] = code[start + 2:-1]
            if "/F" not in self.markup:  # no text that reads like a font's name
                keep_drawing(canvas, ("paragraph", *self.key), drawn[self.key], needs)

    @cached_property
    def replayable(self) -> bool:
        lowered = self.markup.lower()
        return not any(tag in lowered for tag in _NOT_REPLAYED)

    @property
    def key(self) -> tuple[Any, ...]:
        return (self.markup, self.size, *self.layout)

    def keep(self, paragraph: Paragraph) -> None:
        """Keep the wrapped paragraph (before it is ever drawn) for the next runs; its
        style is left out (it is the shared one, given back when it is read)."""
        if not fit_store.room_for_paragraphs():
            return
        out = io.BytesIO()
        _StylePickler(out, paragraph.style).dump(paragraph)
        fit_store.put_paragraph(self.key, zlib.compress(out.getvalue(), 1))


# Tags whose drawing depends on the canvas's state or adds to the page besides operators.
_NOT_REPLAYED = ("<a", "<link", "<u", "<strike", "<s>", "<img", "<span", "backcolor",
                 "<ondraw", "<index", "<bullet", "<seq")
# The operators of each paragraph already drawn on a canvas, by the paragraph's key.
_DRAWN: weakref.WeakKeyDictionary[Canvas, dict[tuple[Any, ...], list[str]]] = \
    weakref.WeakKeyDictionary()


class _StylePickler(pickle.Pickler):
    """Pickles a paragraph without its style (one style object is shared by every
    paragraph of a size, and is made again, equal, from the fitting's arguments)."""

    def __init__(self, out: io.BytesIO, style: ParagraphStyle) -> None:
        super().__init__(out, protocol=5)
        self.style = style

    def persistent_id(self, obj: Any) -> str | None:
        return "style" if obj is self.style else None


class _StyleUnpickler(pickle.Unpickler):
    def __init__(self, data: io.BytesIO, style: ParagraphStyle) -> None:
        super().__init__(data)
        self.style = style

    def persistent_load(self, pid: Any) -> Any:
        if pid != "style":
            raise pickle.UnpicklingError("unknown reference")
        return self.style


# --- Drawings kept between runs ------------------------------------------------------------
#
# A drawing's operators (a paragraph's, a vector picture's) are the same in every file but
# for the names each file gives its
# fonts (/F1, /F2+0 in the order first used) and the codes it gives characters outside
# printable ASCII (in the order first drawn). Kept with the names swapped for our fonts' own
# and those codes for their characters, a later run draws a paragraph without wrapping it
# again or reading its pickle (the slowest part of drawing text), and a picture without
# loading ReportLab's graphics code (a twentieth of a build). Registering the fonts and
# characters in the order the drawing meets them gives the file the names and codes a fresh
# drawing would: the file is byte for byte the same. Only drawings in ReportLab's standard
# fonts or the first subset of our own are kept, on a canvas whose colour model is known
# (pdf.new_canvas), naming none of the file's other resources (graphics states, images,
# colour spaces, shadings).

_TOKEN = re.compile(r"(/F\d+)(?:\+(\d+))?( [0-9.]+ Tf)|\\([0-7]{3})|\\.", re.DOTALL)
_SLOT = re.compile(r"\x00(\d+)\x00|\x01(\d+)\x01(.)\x01", re.DOTALL)
# The fonts every PDF reader has (a vector picture's drawing names one to start with).
_STANDARD_FONTS = frozenset(pdfmetrics.standardFonts)
_RESOURCE_USE = re.compile(r"/[^\s()<>\[\]{}/%]+ (?:gs|Do|sh|cs|CS|scn|SCN)\b")


def _colour_model(canvas: Canvas) -> str | None:
    """The canvas's colour model ("rgb", "cmyk"), or None when a kept drawing must not be
    used or kept there: an unknown canvas, or one whose current graphics state (opacity,
    blending) differs from the file's start, which a drawing's operators take for granted."""
    extgstate = getattr(canvas, "_extgstate", None)
    if extgstate is None or any(value != extgstate.defaults.get(name)
                                for name, value in extgstate._d.items()):
        return None
    return getattr(canvas, "colour_model", None)


def can_replay(canvas: Canvas) -> bool:
    """Whether operators drawn before may be written again on ``canvas`` as they are: it is
    in its file's starting graphics state (opacity, blending) and its colour model is
    known."""
    return _colour_model(canvas) is not None


def replay_or_draw(canvas: Canvas, key: tuple[Any, ...], draw: Callable[[], object]) -> None:
    """Write the operators ``draw`` writes at the canvas's current origin and scale: the
    ones this file drew for ``key`` before, or those kept from another file or run (see
    above), or ``draw``'s own, which are then kept. ``key`` must name everything the
    drawing depends on besides the canvas."""
    code = canvas._code
    drawn = _DRAWN.setdefault(canvas, {})
    ops = drawn.get(key)
    if ops is None:
        ops = kept_drawing(canvas, key)
    if ops is not None:
        drawn[key] = ops
        code.extend(ops)
        return
    start = len(code)
    needs = drawn_noting_needs(canvas, draw)
    if canvas._code is code:
        drawn[key] = code[start:]
        keep_drawing(canvas, key, drawn[key], needs)


def drawn_noting_needs(canvas: Canvas, draw: Callable[[], object]) -> list[str]:
    """Run ``draw``, and say which PDF features it asked the file's version for (a text
    colour asks for transparency, PDF 1.4): a kept drawing asks for them again."""
    doc = canvas._doc
    needs: list[str] = []
    ensure = doc.ensureMinPdfVersion

    def noting(*features: str) -> None:
        needs.extend(features)
        ensure(*features)

    doc.ensureMinPdfVersion = noting
    try:
        draw()
    finally:
        del doc.ensureMinPdfVersion
    return needs


def keep_drawing(canvas: Canvas, key: tuple[Any, ...], ops: list[str],
                 needs: list[str]) -> None:
    """Keep ``ops``, drawn on ``canvas`` just now (asking the file for ``needs``, see
    :func:`drawn_noting_needs`), for :func:`kept_drawing` in later files and runs, if they
    can be shared (see above)."""
    model = _colour_model(canvas)
    if model is None or not fit_store.DRAWINGS.room():
        return
    if any(_RESOURCE_USE.search(op) for op in ops):  # the file's own resources
        return
    doc = canvas._doc
    fonts_by_pdf_name = {pdf_name: name for name, pdf_name in doc.fontMapping.items()}
    fonts: list[str] = []
    current: list[str] = []

    def slot(match: re.Match[str]) -> str:
        if match.group(1):  # a font chosen: by its name
            name = fonts_by_pdf_name.get(match.group(1), "")
            dynamic = match.group(2) is not None
            if dynamic and (match.group(2) != "0" or name not in _FONT_FILES) or \
                    not dynamic and name not in _STANDARD_FONTS:
                raise LookupError(match.group(0))
            if name not in fonts:
                fonts.append(name)
            current[:] = [name] if dynamic else []  # a standard font's codes are its own
            return f"\x00{fonts.index(name)}\x00{match.group(3)}"
        if match.group(4) and current:  # a character by its code in this file
            code = int(match.group(4), 8)
            state = pdfmetrics.getFont(current[0]).state[doc]
            char = next((chr(u) for u, n in state.assignments.items() if n == code), None)
            if char is None:
                raise LookupError(match.group(0))
            return f"\x01{fonts.index(current[0])}\x01{char}\x01"
        return match.group(0)  # an escaped bracket or backslash

    try:
        shared = [_TOKEN.sub(slot, op) for op in ops]
    except LookupError:  # another font or subset: this file's own
        return
    if any("/F" in _SLOT.sub("", op) for op in shared):
        return
    fit_store.DRAWINGS.put((model, *key),
                            marshal.dumps((fonts, shared, sorted(set(needs)))))


def kept_drawing(canvas: Canvas, key: tuple[Any, ...]) -> list[str] | None:
    """The operators kept for ``key``, in ``canvas``'s own font names and character codes
    (registered there as a fresh drawing would), or None: then draw afresh."""
    model = _colour_model(canvas)
    kept = fit_store.DRAWINGS.get((model, *key)) if model is not None else None
    if kept is None:
        return None
    doc = canvas._doc
    try:
        fonts, shared, needs = marshal.loads(kept)
        names: dict[int, str] = {}

        def fill(match: re.Match[str]) -> str:
            if match.group(1) is not None:
                number = int(match.group(1))
                if number not in names:
                    names[number] = _font_in(canvas, fonts[number])
                return names[number]
            font = pdfmetrics.getFont(fonts[int(match.group(2))])
            (subset, code), = font.splitString(match.group(3), doc)
            if subset != 0:  # past this file's first subset: drawn afresh
                raise LookupError(match.group(3))
            return cast(str, canvas._escape(code))

        ops = [_SLOT.sub(fill, op) for op in shared]
        if needs:
            doc.ensureMinPdfVersion(*needs)
        return ops
    except (ValueError, TypeError, EOFError, IndexError, KeyError, LookupError):
        return None  # damaged, or not this file's to share: drawn afresh


def _font_in(canvas: Canvas, font_name: str) -> str:
    """The name ``canvas``'s file gives one of ReportLab's standard fonts or the first
    subset of one of ours, registering the font there as a first drawing with it would."""
    if font_name in _STANDARD_FONTS:
        return cast(str, canvas._doc.getInternalFontName(font_name))
    if font_name not in _FONT_FILES:
        raise KeyError(font_name)
    register_fonts()
    font = pdfmetrics.getFont(font_name)
    font.splitString(" ", canvas._doc)
    return cast(str, font.getSubsetInternalName(0, canvas._doc))


def _paragraph_class() -> type[Paragraph]:
    from generator.platypus import Paragraph as paragraph_class

    return paragraph_class


@lru_cache(maxsize=1024)
def fit_paragraph(markup: str, width: float, height: float, preferred: float,
                  minimum: float = MIN_FONT_SIZE, align: str = "left", font: str = REGULAR,
                  leading: float = 1.2, colour_hex: str = "#000000",
                  split_words: bool = False) -> FittedText | None:
    """Wrap ReportLab markup into ``width`` x ``height``, shrinking by half points from
    ``preferred`` to ``minimum``; None when it cannot fit. A word wider than the box counts
    as not fitting (ReportLab would let it run over the edge), unless ``split_words``: then,
    as a last resort, a name too wide for a small token breaks across lines at the
    largest size that fits, rather than being refused.

    Cached by (text, style, box): the print check, the layout and identical cards on other
    sheets share one fitted paragraph (drawing a wrapped paragraph does not change it), so a
    text is fitted once per process; the cache is bounded, so memory stays flat in N. The
    outcome of each fitting (the size and height, or that it does not fit) is also kept
    between runs (:mod:`generator.fit_store`), so a text is fitted once, not once a run."""
    key = (markup, width, height, preferred, minimum, align, font, leading, colour_hex,
           split_words)
    known = fit_store.get(key)
    if known is not None:
        if not known:
            return None
        size, needed, split = known
        return FittedText(size, needed, markup,
                          (width, height, font, leading, align, colour_hex, split))
    fitted = fit_paragraph_uncached(markup, width, height, preferred, minimum, align, font,
                                    leading, colour_hex, split_words)
    fit_store.put(key, (fitted.size, fitted.height, fitted.layout[6]) if fitted else ())
    if fitted is not None:
        fitted.keep(fitted.paragraph)
    return fitted


def fit_paragraph_uncached(markup: str, width: float, height: float, preferred: float,
                           minimum: float = MIN_FONT_SIZE, align: str = "left",
                           font: str = REGULAR, leading: float = 1.2,
                           colour_hex: str = "#000000",
                           split_words: bool = False) -> FittedText | None:
    """:func:`fit_paragraph` without the caches (what it computes on a miss)."""
    register_fonts()
    paragraph_class = _paragraph_class()
    for split in (False, True) if split_words else (False,):
        size = preferred
        while size >= minimum - 1e-9:
            style = _style(font, size, leading, align, colour_hex, split)
            paragraph = paragraph_class(markup, style)
            _, needed = paragraph.wrap(width, height)
            # Split, ReportLab breaks a word wider than the box; unsplit, it would overrun.
            if needed <= height + 1e-6 and (split or paragraph.minWidth() <= width + 1e-6):
                fitted = FittedText(size, needed, markup,
                                    (width, height, font, leading, align, colour_hex, split))
                fitted.__dict__["paragraph"] = paragraph  # made already: keep it
                return fitted
            size -= 0.5
    return None


@lru_cache(maxsize=256)
def _style(font: str, size: float, leading: float, align: str, colour_hex: str,
           split_words: bool = False) -> ParagraphStyle:
    return ParagraphStyle(
        name=f"{font}-{size}-{align}", fontName=font, fontSize=size, leading=size * leading,
        alignment=ALIGNMENTS[align], textColor=HexColor(colour_hex),
        splitLongWords=split_words)
