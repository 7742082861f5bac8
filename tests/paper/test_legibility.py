"""Every character of the default kit's home build, read back: nothing below 6 pt, white text
on colour bold or at least 7 pt, and every text's contrast with what it is printed on at
least WCAG's 4.5:1 (the text's colour from the PDF, the ground from the rendered page)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pdfplumber
import pypdfium2
import pytest
from reportlab.lib.colors import Color

from generator.commands.cli import main
from generator.paper.colour import MIN_TEXT_CONTRAST, contrast_ratio
from generator.paper.drawing import MIN_FONT_SIZE

REPO = Path(__file__).resolve().parents[2]
DPI = 72


Chars = dict[Path, list[tuple[int, dict[str, Any]]]]


@pytest.fixture(scope="module")
def home_files(tmp_path_factory: pytest.TempPathFactory) -> Chars:
    """Every file of the default kit's home build, with its characters (read once)."""
    out = tmp_path_factory.mktemp("home")
    assert main(["build", str(REPO / "vehicles"), "-o", str(out)]) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    return {out / entry["path"]: characters(out / entry["path"])
            for entry in manifest["files"]}


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
    c, m, y, k = values
    return Color((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))


def ground(image: Any, char: dict[str, Any], text: Color, scale: float) -> Color | None:
    """The colour most of a character's box is, leaving out pixels near the text's own
    colour (the glyph and its anti-aliased edge): what the text is printed on."""
    box = (int(char["x0"] * scale), int(char["top"] * scale),
           int(char["x1"] * scale) + 1, int(char["bottom"] * scale) + 1)
    crop = image.crop(box)
    pixels = [crop.getpixel((x, y)) for x in range(crop.width) for y in range(crop.height)]
    ink = (text.red * 255, text.green * 255, text.blue * 255)
    far = [p for p in pixels if sum(abs(a - b) for a, b in zip(p, ink, strict=True)) > 120]
    if not far:
        return None
    (value, _), = Counter(far).most_common(1)
    return Color(*(v / 255 for v in value))


def characters(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """Every printed character of ``path`` with the index of its page."""
    with pdfplumber.open(str(path)) as pdf:
        return [(index, char) for index, page in enumerate(pdf.pages) for char in page.chars
                if char["text"].strip()]


def words(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """Every word of ``path`` (a run of characters of one colour), with its page's index:
    contrast is judged over a word's box, where a single narrow glyph's box would be
    mostly the rule or edge beside it."""
    with pdfplumber.open(str(path)) as pdf:
        return [(index, word) for index, page in enumerate(pdf.pages)
                for word in page.extract_words(extra_attrs=["non_stroking_color"])]


def test_no_text_below_six_points(home_files: Chars) -> None:
    small = {(path.name, round(size(char), 2)) for path, chars in home_files.items()
             for _, char in chars if size(char) < MIN_FONT_SIZE - 0.01}
    assert small == set()


def test_white_text_on_colour_is_bold_or_at_least_seven_points(home_files: Chars) -> None:
    thin = set()
    for path, chars in home_files.items():
        for _, char in chars:
            colour = rgb(char["non_stroking_color"])
            white = colour is not None and min(colour.red, colour.green, colour.blue) > 0.95
            if white and size(char) < 7 - 0.01 and "Bold" not in char["fontname"]:
                thin.add((path.name, char["fontname"], round(size(char), 2)))
    assert thin == set()


def test_every_text_has_at_least_wcag_contrast_with_its_ground(home_files: Chars) -> None:
    scale = DPI / 72
    low: dict[tuple[str, int], tuple[str, float]] = {}
    for path in home_files:
        document = pypdfium2.PdfDocument(str(path))
        images: dict[int, Any] = {}
        for index, char in words(path):
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
                key = (path.name, index + 1)
                word = low.get(key, ("", 99.0))
                low[key] = (f"{word[0]} {char['text']}", min(word[1], round(ratio, 2)))
    assert low == {}
