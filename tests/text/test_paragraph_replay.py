"""A paragraph drawn again in one file repeats its first drawing's operators: the same PDF,
text and all, as laying it out every time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from generator.paper import drawing
from generator.paper.pdf import finish, new_canvas
from generator.paper.units import PAPERS

TEXT = "<b>Whip</b> 3: move one more space, then <i>lose</i> a gear"
PLACES = [(40.0, 800.0), (300.0, 700.0), (60.0, 300.0), (250.0, 120.0)]


def write(path: Path, markup: str, in_form: bool = True) -> int:
    """A page with ``markup`` fitted once and drawn at every place (and inside a form);
    returns how many times ReportLab laid the paragraph out."""
    drawing.fit_paragraph.cache_clear()  # a FittedText of its own, made under this test
    fitted = drawing.fit_paragraph(markup, 160.0, 60.0, 11.0)
    assert fitted is not None
    laid_out = 0
    paragraph = fitted.paragraph
    original = paragraph.drawOn

    def counted(*args: Any, **kwargs: Any) -> None:
        nonlocal laid_out
        laid_out += 1
        original(*args, **kwargs)
    paragraph.drawOn = counted  # type: ignore[method-assign]
    canvas = new_canvas(path, "Replay", PAPERS["a4"])
    canvas.setFont("Helvetica", 20)  # the canvas's own state must not leak into the text
    canvas.setFillColorRGB(1, 0, 0)
    for x, top in PLACES:
        fitted.draw(canvas, x, top)
    if in_form:
        canvas.beginForm("card")
        fitted.draw(canvas, 10.0, 100.0)
        canvas.endForm()
        canvas.doForm("card")
    canvas.showPage()
    finish(canvas, 1, PAPERS["a4"])
    del paragraph.drawOn
    return laid_out


def test_replayed_drawings_make_the_same_pdf_as_laying_out_each_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_store: Path) -> None:
    assert write(tmp_path / "replayed.pdf", TEXT) == 1
    monkeypatch.setattr(drawing.FittedText, "replayable", False)
    assert write(tmp_path / "afresh.pdf", TEXT) == len(PLACES) + 1
    assert (tmp_path / "replayed.pdf").read_bytes() == (tmp_path / "afresh.pdf").read_bytes()
    with pdfplumber.open(tmp_path / "replayed.pdf") as pdf:
        words = [w for w in pdf.pages[0].extract_words() if w["text"] == "Whip"]
    assert len(words) == len(PLACES) + 1
    assert {round(w["x0"]) for w in words} >= {round(x) for x, _ in PLACES}


def test_underlined_or_linked_text_is_laid_out_every_time(tmp_path: Path,
                                                         fresh_store: Path) -> None:
    for markup in ("<u>Whip</u> 3", 'See <a href="https://example.org">the rules</a>'):
        assert write(tmp_path / "plain.pdf", markup, in_form=False) == len(PLACES)
