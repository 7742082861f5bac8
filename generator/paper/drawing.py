"""Small drawing helpers shared by every component: fonts, fitted text, colours.

Fonts are embedded (Bitstream Vera, shipped inside ReportLab) so a print shop gets exactly
the glyphs we measured. Text is fitted by shrinking from a preferred size down to
``MIN_FONT_SIZE`` and never below: when it still does not fit, the caller gets ``None`` and
turns that into a finding instead of printing something unreadable.
"""

from __future__ import annotations

import io
import math
import pickle
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, cast

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from generator.keep import fit_store
from generator.keep.kept_drawings import drawings_on, drawn_noting_needs, keep_drawing, kept_drawing
from generator.text.fonts import REGULAR, register_fonts

if TYPE_CHECKING:
    from reportlab.platypus import Paragraph

MIN_FONT_SIZE = 6.0
ALIGNMENTS = {"left": TA_LEFT, "centre": TA_CENTER, "right": TA_RIGHT}


def colour(hex_value: str) -> Color:
    """A ReportLab colour from '#rrggbb'."""
    return HexColor(hex_value)


def mix(a: Color, b: Color, amount: float) -> Color:
    """``a`` moved ``amount`` (0-1) of the way towards ``b``: tints for fills."""
    return Color(a.red + (b.red - a.red) * amount, a.green + (b.green - a.green) * amount,
                 a.blue + (b.blue - a.blue) * amount)


def polyline_path(canvas: Canvas, points: Sequence[tuple[float, float]],
                  closed: bool = True) -> Any:
    """A path through ``points`` (in points on the page), closed back to the first unless
    ``closed`` is False; the caller fills, strokes or clips with it."""
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    if closed:
        path.close()
    return path


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
        (kept between runs: see :mod:`generator.keep.fit_store`)."""
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
                    self.__dict__["_in_store"] = True  # as cached_property keeps its value
                    return cast("Paragraph", paragraph)
        paragraph = paragraph_class(self.markup, style)
        paragraph.wrap(width, height)
        return paragraph

    def draw(self, canvas: Canvas, x: float, top: float) -> None:
        """Draw with the paragraph's top-left corner at (x, top).

        A paragraph draws the same operators wherever it goes (ReportLab moves the origin
        first), so the second and later drawings of it in one file repeat the first's
        operators instead of laying out the text again (a deck draws most texts many times).
        Markup whose drawing reads or changes more than the text (links, underlines, images,
        backgrounds) is drawn afresh every time."""
        y = top - self.height
        key = ("paragraph", *self.key)
        drawn = drawings_on(canvas) if self.replayable else None
        ops = drawn.get(key) if drawn is not None else None
        if ops is None and drawn is not None:
            ops = kept_drawing(canvas, key)
            if ops is not None:
                drawn[key] = ops
        if ops is not None:
            # What saveState, translate(x, y) and restoreState write around the operators,
            # without their work on the canvas's Python state (which they leave unchanged).
            canvas._code.extend(("q", f"{fp_str(1, 0, 0, 1, x, y)} cm", *ops, "Q"))
            return
        code = canvas._code
        start = len(code)
        needs = drawn_noting_needs(canvas, lambda: self.paragraph.drawOn(canvas, x, y))
        drawing_kept = False
        if drawn is not None and canvas._code is code and len(code) >= start + 3 \
                and code[start] == "q" and code[start + 1].endswith(" cm") and code[-1] == "Q":
            drawn[key] = code[start + 2:-1]
            if "/F" not in self.markup:  # no text that reads like a font's name
                drawing_kept = keep_drawing(canvas, key, drawn[key], needs)
        if not drawing_kept:  # the next run draws it afresh: spare it the wrapping
            self.keep(self.paragraph)

    @cached_property
    def replayable(self) -> bool:
        lowered = self.markup.lower()
        return not any(tag in lowered for tag in _NOT_REPLAYED)

    @property
    def key(self) -> tuple[Any, ...]:
        return (self.markup, self.size, *self.layout)

    def keep(self, paragraph: Paragraph) -> None:
        """Keep the wrapped paragraph for the next runs, unless it is kept already; its
        style is left out (it is the shared one, given back when it is read).

        Only a paragraph whose drawing could not be kept is (see :meth:`draw`): pickling
        one costs more than wrapping it, and a kept drawing never needs it."""
        if self.__dict__.get("_in_store") or not fit_store.room_for_paragraphs():
            return
        self.__dict__["_in_store"] = True  # offered once: later drawings need not pickle it
        out = io.BytesIO()
        try:
            _StylePickler(out, paragraph.style).dump(paragraph)
        except Exception:  # noqa: BLE001 - one that cannot be kept is only wrapped again
            return
        fit_store.put_paragraph(self.key, zlib.compress(out.getvalue(), 1))


# Tags whose drawing depends on the canvas's state or adds to the page besides operators.
_NOT_REPLAYED = ("<a", "<link", "<u", "<strike", "<s>", "<img", "<span", "backcolor",
                 "<ondraw", "<index", "<bullet", "<seq")


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


def _paragraph_class() -> type[Paragraph]:
    from generator.text.platypus import Paragraph as paragraph_class

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
    between runs (:mod:`generator.keep.fit_store`), so a text is fitted once, not once a run."""
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
