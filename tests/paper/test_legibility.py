"""Every character of the default kit's home build and of its print-shop builds (the card
printer's CMYK at 240% ink, and the RGB `standard` profile, whose faces are drawn for a safe
zone and bleed), read back: nothing below 6 pt, white text on colour bold or at least 7 pt,
and every text's contrast with what it is printed on at least WCAG's 4.5:1 (the text's
colour from the PDF, the ground from the rendered page; a CMYK text colour is seen through
the same renderer as its ground, not by a naive formula)."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pdfplumber
import pypdfium2
import pytest
from pdfminer.pdftypes import resolve1
from reportlab.lib.colors import CMYKColor, Color
from reportlab.pdfgen.canvas import Canvas

from generator.paper.colour import MIN_TEXT_CONTRAST, contrast_ratio
from generator.paper.drawing import MIN_FONT_SIZE
from tests.conftest import KitBuild
from tests.pdf_reads import shared_read

REPO = Path(__file__).resolve().parents[2]
DPI = 72


Text = list[tuple[int, dict[str, Any]]]  # characters or words, with their page's index


@dataclass(frozen=True)
class Read:
    """One file read back once: the characters and words of each page that is not a copy
    of an earlier one (see ``read``)."""

    chars: Text
    words: Text


Chars = dict[Path, Read]


# The home build; the card printer (CMYK, 240% ink, bleed and safe zone); and an RGB print
# shop (the faces drawn for a cut as in any print shop, the colours kept).
BUILDS = {"home": [], "card-printer": ["--print-shop", "card-printer"],
          "standard": ["--print-shop", "standard"]}


@pytest.fixture(scope="module", params=list(BUILDS))
def home_files(request: pytest.FixtureRequest, kit_build: Callable[..., KitBuild]) -> Chars:
    """Every PDF of one build of the default kit, with its characters (read once)."""
    out, files = kit_build(*BUILDS[request.param])
    return {out / path: kept_read(out / path) for path in files if path.endswith(".pdf")}


def size(char: dict[str, Any]) -> float:
    """The character's size in points, however it is turned (pdfplumber's ``size`` is its
    box's height, which for text running up the page is its width)."""
    return float(char["size"] if char["upright"] else char["x1"] - char["x0"])


def rgb(colour: Any) -> Color | None:
    """A pdfplumber colour (grey, RGB or CMYK tuple) as RGB, or None for a pattern."""
    values = [float(v) for v in colour] if isinstance(colour, tuple | list) else None
    if values is None:
        return None
    if len(values) == 1:
        return Color(values[0], values[0], values[0])
    if len(values) == 3:
        return Color(*values)
    return Color(*seen_as(*values))


@cache
def seen_as(c: float, m: float, y: float, k: float) -> tuple[float, float, float]:
    """A CMYK colour as pdfium renders it (Adobe's press conversion, in which 100% black is
    a dark grey): a swatch of it rendered, as the page's ground is. A naive (1-c)(1-k)
    would read black text as pure black and every ground lighter than it is seen."""
    out = io.BytesIO()
    swatch = Canvas(out, pagesize=(4, 4))
    swatch.setFillColor(CMYKColor(c, m, y, k))
    swatch.rect(0, 0, 4, 4, stroke=0, fill=1)
    swatch.save()
    pixel = pypdfium2.PdfDocument(out.getvalue())[0].render().to_pil().convert("RGB")
    return tuple(v / 255 for v in pixel.getpixel((2, 2)))


def ground(image: Any, char: dict[str, Any], text: Color, scale: float) -> Color | None:
    """The colour most of a character's box is, leaving out pixels near the text's own
    colour (the glyph and its anti-aliased edge): what the text is printed on."""
    box = (int(char["x0"] * scale), int(char["top"] * scale),
           int(char["x1"] * scale) + 1, int(char["bottom"] * scale) + 1)
    crop = image.crop(box)
    ink = (text.red * 255, text.green * 255, text.blue * 255)
    far = [(count, pixel) for count, pixel in crop.getcolors(crop.width * crop.height)
           if sum(abs(a - b) for a, b in zip(pixel, ink, strict=True)) > 120]
    if not far:
        return None
    _, value = max(far)
    return Color(*(v / 255 for v in value))


def read(path: Path) -> Read:
    """Every printed character and every word (a run of characters of one colour) of
    ``path``: contrast is judged over a word's box, where a single narrow glyph's box would
    be mostly the rule or edge beside it. A page whose content stream repeats an earlier
    page's of the file (a deck's copies of one face; the same stream names the same forms
    and fonts within a file) is read once."""
    chars: Text = []
    words: Text = []
    seen: set[bytes] = set()
    with pdfplumber.open(str(path)) as pdf:
        for index, page in enumerate(pdf.pages):
            contents = b"".join(resolve1(stream).get_data()
                                for stream in page.page_obj.contents)
            if contents in seen:
                continue
            seen.add(contents)
            chars.extend((index, char) for char in page.chars if char["text"].strip())
            words.extend((index, word) for word in
                         page.extract_words(extra_attrs=["non_stroking_color"]))
    return Read(chars, words)


def kept_read(path: Path) -> Read:
    """``read``, once per suite run for each distinct file (tests/pdf_reads.py): the same
    builds are read on every worker that runs one of the checks below."""
    return shared_read("legibility", path, read)


def words(path: Path) -> Text:
    """The words of ``path``'s distinct pages (see ``read``), for other files' checks."""
    return kept_read(path).words


def test_no_text_below_six_points(home_files: Chars) -> None:
    small = {(path.name, round(size(char), 2)) for path, file in home_files.items()
             for _, char in file.chars if size(char) < MIN_FONT_SIZE - 0.01}
    assert small == set()


def test_white_text_on_colour_is_bold_or_at_least_seven_points(home_files: Chars) -> None:
    thin = set()
    for path, file in home_files.items():
        for _, char in file.chars:
            colour = rgb(char["non_stroking_color"])
            white = colour is not None and min(colour.red, colour.green, colour.blue) > 0.95
            if white and size(char) < 7 - 0.01 and "Bold" not in char["fontname"]:
                thin.add((path.name, char["fontname"], round(size(char), 2)))
    assert thin == set()


def low_contrast(files: Chars) -> dict[tuple[str, int], tuple[str, float]]:
    """Each page (file name, page number) with words under WCAG's 4.5:1, its words and the
    lowest ratio."""
    scale = DPI / 72
    low: dict[tuple[str, int], tuple[str, float]] = {}
    for path, file in files.items():
        document = pypdfium2.PdfDocument(str(path))
        images: dict[int, Any] = {}
        for index, char in file.words:
            text = rgb(char["non_stroking_color"])
            if text is None:
                continue
            if index not in images:
                images[index] = document[index].render(scale=scale).to_pil().convert("RGB")
            behind = ground(images[index], char, text, scale)
            if behind is None:
                continue
            ratio = contrast_ratio(text, behind)
            if ratio < MIN_TEXT_CONTRAST:
                key = (str(path.relative_to(path.parents[1])), index + 1)
                word = low.get(key, ("", 99.0))
                low[key] = (f"{word[0]} {char['text']}", min(word[1], round(ratio, 2)))
    return low


def test_every_text_has_at_least_wcag_contrast_with_its_ground(home_files: Chars) -> None:
    assert low_contrast(home_files) == {}
