"""The fonts every face and page is set in: Bitstream Vera, shipped inside ReportLab, embedded
so that a print shop gets exactly the glyphs we measured."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, cast

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR, BOLD, ITALIC, BOLD_ITALIC = ("PaddockSans", "PaddockSans-Bold", "PaddockSans-Italic",
                                      "PaddockSans-BoldItalic")
_FONT_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf", ITALIC: "VeraIt.ttf",
               BOLD_ITALIC: "VeraBI.ttf"}


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
