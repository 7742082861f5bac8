"""Drawings written again from their operators: in the same file, and kept between runs.

A drawing (a paragraph, an icon, a vector picture) writes the same operators wherever it
goes once the canvas has moved to it, so a file repeats the first drawing's operators
instead of drawing again (a deck draws most texts and icons many times). Between files and
runs the operators differ only in the names each file gives its fonts (/F1, /F2+0, in the
order first used) and the codes it gives characters outside printable ASCII (in the order
first drawn). Kept in the cache folder (:data:`generator.keep.fit_store.DRAWINGS`) with those
names swapped for the fonts' own and those codes for the characters, a later run draws a
paragraph without wrapping it again or reading its pickle (the slowest part of drawing
text), and a picture without loading ReportLab's graphics code. Registering the fonts and
characters in the order the drawing meets them gives the file the names and codes a fresh
drawing would: the file is byte for byte the same. Only drawings in ReportLab's standard
fonts or the first subset of a TrueType font are kept, on a canvas whose colour model is
known (:func:`generator.paper.pdf.new_canvas`, which also registers our fonts), naming none of
the file's other resources (graphics states, images, colour spaces, shadings).
"""

from __future__ import annotations

import marshal
import re
import weakref
from collections.abc import Callable
from typing import Any, cast

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from generator.keep import fit_store

Ops = list[str]
# The operators of each drawing already drawn on a canvas, by the drawing's key.
_DRAWN: weakref.WeakKeyDictionary[Canvas, dict[tuple[Any, ...], Ops]] = \
    weakref.WeakKeyDictionary()


def colour_key(colour: object) -> tuple[Any, ...]:
    """A colour in a drawing's key: its kind and every number that makes it (an RGB and a
    CMYK colour alike on paper are drawn with other operators). Cheaper than its repr."""
    return (type(colour).__name__, *sorted(vars(colour).items()))


def drawings_on(canvas: Canvas) -> dict[tuple[Any, ...], Ops]:
    """The operators of each drawing already drawn on ``canvas``, by key (to add to)."""
    return _DRAWN.setdefault(canvas, {})

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
    drawn = drawings_on(canvas)
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
                 needs: list[str]) -> bool:
    """Keep ``ops``, drawn on ``canvas`` just now (asking the file for ``needs``, see
    :func:`drawn_noting_needs`), for :func:`kept_drawing` in later files and runs, if they
    can be shared (see above); whether they were."""
    model = _colour_model(canvas)
    if model is None or not fit_store.DRAWINGS.room():
        return False
    if any(_RESOURCE_USE.search(op) for op in ops):  # the file's own resources
        return False
    doc = canvas._doc
    fonts_by_pdf_name = {pdf_name: name for name, pdf_name in doc.fontMapping.items()}
    fonts: list[str] = []
    current: list[str] = []

    def slot(match: re.Match[str]) -> str:
        if match.group(1):  # a font chosen: by its name
            name = fonts_by_pdf_name.get(match.group(1), "")
            dynamic = match.group(2) is not None
            if dynamic and (match.group(2) != "0" or not _true_type(name)) or \
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
        return False
    if any("/F" in _SLOT.sub("", op) for op in shared):
        return False
    return fit_store.DRAWINGS.put((model, *key),
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
    subset of a TrueType font, registering the font there as a first drawing with it
    would."""
    if font_name in _STANDARD_FONTS:
        return cast(str, canvas._doc.getInternalFontName(font_name))
    if not _true_type(font_name):
        raise KeyError(font_name)
    font = pdfmetrics.getFont(font_name)
    font.splitString(" ", canvas._doc)
    return cast(str, font.getSubsetInternalName(0, canvas._doc))


def _true_type(font_name: str) -> bool:
    """A TrueType font registered with ReportLab (its subsets made per file)."""
    try:
        return bool(getattr(pdfmetrics.getFont(font_name), "_dynamicFont", False))
    except KeyError:
        return False
