"""Drawings kept between runs (paragraphs, vector pictures, icons): a later run draws them
without laying text out or loading graphics code, and every file is byte for byte the one
drawing afresh gives, whatever names and codes the file gives its fonts and characters."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Run as a separate process (a run of its own, reading and writing the cache folder): draws
# the texts into three files, in different orders, so each file numbers its fonts and its
# non-ASCII characters differently; the last file first fills its first font subset with
# other characters, so a kept drawing's character no longer fits there. Prints how many
# paragraphs ReportLab laid out and drew.
SCRIPT = r"""
import json, sys
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics
from generator.paper import drawing
from generator.paper.pdf import finish, new_canvas
from generator.text.platypus import Paragraph
from generator.paper.units import PAPERS

out = Path(sys.argv[1])
texts = json.loads(sys.argv[2])
if sys.argv[3] == "afresh":  # every file lays every text out itself
    drawing.kept_drawing = lambda canvas, key: None
drawn = 0
counts = []
original = Paragraph.drawOn
def counted(self, *args, **kwargs):
    global drawn
    drawn += 1
    return original(self, *args, **kwargs)
Paragraph.drawOn = counted
drawing.register_fonts()
font = pdfmetrics.getFont(drawing.REGULAR)
used = {ord(c) for c in "\u2013\u00b7\u00e9\u00dc"}  # the texts' own, by their entities
filler = "".join(chr(c) for c in sorted(font.face.charToGlyph) if c > 160 and c not in used)
for name, order, cmyk, fill in (("a", texts, False, False), ("b", texts[::-1], False, False),
                                ("c", texts[1:] + texts[:1], True, False),
                                ("d", texts, False, True)):
    canvas = new_canvas(out / f"{name}.pdf", name, PAPERS["a4"], cmyk=cmyk)
    if fill:
        canvas.setFont(drawing.REGULAR, 6)
        canvas.drawString(20, 20, filler)
    for number, markup in enumerate(order):
        fitted = drawing.fit_paragraph(markup, 300.0, 80.0, 10.0)
        fitted.draw(canvas, 40.0, 800.0 - 90 * number)
        fitted.draw(canvas, 300.0, 800.0 - 90 * number)  # again: replayed within the file
    canvas.showPage()
    finish(canvas, 1, PAPERS["a4"])
    counts.append(drawn)
    drawn = 0
print(json.dumps(counts))
"""

TEXTS = ["<b>Blades 1</b> &#8211; +1 Attack Value (on Vehicle attacks)",
         "Frothy Races &#183; Driving Licence &#183; caf&#233; &#220;ber",
         "a back\\slash, <i>brackets ( and )</i> and <font color='#aa0000'>red</font>",
         "Speed 3: move one more space, then <b>lose</b> a gear"]


def run(out: Path, cache: Path, how: str = "kept") -> list[int]:
    out.mkdir()
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(out), json.dumps(TEXTS), how],
                          cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return list(json.loads(done.stdout.splitlines()[-1]))


def test_a_later_run_draws_kept_paragraphs_into_the_same_files(tmp_path: Path) -> None:
    # One run: the first RGB file and the CMYK one lay every text out; the second RGB file
    # draws what the first kept, in its own font names and character codes; the last
    # one lays out again the texts whose characters no longer fit its first subset.
    first = run(tmp_path / "first", tmp_path / "cache")
    assert first == [len(TEXTS), 0, len(TEXTS), 2]
    # A later run lays out only those two.
    assert run(tmp_path / "second", tmp_path / "cache") == [0, 0, 0, 2]
    # Nothing kept at all: every file lays out every text.
    assert run(tmp_path / "afresh", tmp_path / "empty-cache", "afresh") == [len(TEXTS)] * 4
    for name in "abcd":
        afresh = (tmp_path / "afresh" / f"{name}.pdf").read_bytes()
        assert (tmp_path / "first" / f"{name}.pdf").read_bytes() == afresh, name
        assert (tmp_path / "second" / f"{name}.pdf").read_bytes() == afresh, name


PICTURE_SCRIPT = r"""
import sys
from pathlib import Path

import pytest
from generator.paper import art
from generator.paper.pdf import finish, new_canvas
from generator.paper.units import PAPERS

out, picture = Path(sys.argv[1]), sys.argv[2]
if sys.argv[3] == "afresh":  # rendered every time, as before drawings were kept
    art.replay_or_draw = lambda canvas, key, draw: draw()
for name in ("a", "b"):
    canvas = new_canvas(out / f"{name}.pdf", name, PAPERS["a4"])
    if name == "b":  # another file numbers its fonts otherwise
        canvas.setFont("Courier", 9)
        canvas.drawString(20, 20, "first")
    art.draw_picture(canvas, picture, 50, 400, 200, 150)
    art.draw_picture(canvas, picture, 300, 100, 100, 75)
    canvas.showPage()
    finish(canvas, 1, PAPERS["a4"])
print("loaded" if "reportlab.graphics.renderPDF" in sys.modules else "not loaded")
"""


def draw_pictures(out: Path, cache: Path, how: str = "kept") -> str:
    out.mkdir()
    picture = ROOT / "vehicles" / "outrider" / "art" / "dust-devil.svg"
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", PICTURE_SCRIPT, str(out), str(picture), how],
                          cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return done.stdout.strip().splitlines()[-1]


def test_a_vector_picture_drawn_again_needs_no_graphics_code(tmp_path: Path) -> None:
    assert draw_pictures(tmp_path / "first", tmp_path / "cache") == "loaded"
    assert draw_pictures(tmp_path / "second", tmp_path / "cache") == "not loaded"
    assert draw_pictures(tmp_path / "afresh", tmp_path / "other", "afresh") == "loaded"
    for name in "ab":
        afresh = (tmp_path / "afresh" / f"{name}.pdf").read_bytes()
        assert (tmp_path / "first" / f"{name}.pdf").read_bytes() == afresh, name
        assert (tmp_path / "second" / f"{name}.pdf").read_bytes() == afresh, name


def write_icons(path: Path, cmyk: bool = False) -> int:
    """A page of icons at many places, sizes and inks; how many times shapes were drawn."""
    from reportlab.lib.colors import HexColor

    from generator.paper import icons as icon_module
    from generator.paper.pdf import finish, new_canvas
    from generator.paper.units import PAPERS

    drawn = 0
    original = icon_module._draw_shape

    def counted(*args: object) -> None:
        nonlocal drawn
        drawn += 1
        original(*args)  # type: ignore[arg-type]

    icon_module._draw_shape = counted  # type: ignore[assignment]
    try:
        icons = icon_module.IconSet()
        canvas = new_canvas(path, "icons", PAPERS["a4"], cmyk=cmyk)
        names = icons.names()[:6]
        for row in range(8):
            for column, name in enumerate(names):
                ink = HexColor(("#1d1d1b", "#2f6690")[row % 2])
                icons[name].draw(canvas, 20 + 90 * column, 20 + 95 * row, 20 + 6 * row, ink)
        canvas.showPage()
        finish(canvas, 1, PAPERS["a4"])
    finally:
        icon_module._draw_shape = original  # type: ignore[assignment]
    return drawn


def test_icons_drawn_again_repeat_the_operators_of_drawing_them_afresh(
        tmp_path: Path, fresh_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.paper import icons as icon_module

    icons = icon_module.IconSet()
    shapes = sum(len(icons[name].shapes) for name in icons.names()[:6])
    for cmyk in (False, True):
        replayed = write_icons(tmp_path / f"replayed-{cmyk}.pdf", cmyk)
        assert replayed == 2 * shapes  # once per icon and ink in the file
        with monkeypatch.context() as patched:
            patched.setattr(icon_module, "replay_or_draw", lambda canvas, key, draw: draw())
            afresh = write_icons(tmp_path / f"afresh-{cmyk}.pdf", cmyk)
        assert afresh > 3 * replayed
        assert (tmp_path / f"replayed-{cmyk}.pdf").read_bytes() == \
            (tmp_path / f"afresh-{cmyk}.pdf").read_bytes()
