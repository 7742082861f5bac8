"""The embedded font's short way through plain ASCII splits text exactly as ReportLab does."""

from __future__ import annotations

from pathlib import Path

import reportlab
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from generator.text.fonts import _EmbeddedFont

VERA = str(Path(reportlab.__file__).parent / "fonts" / "Vera.ttf")

TEXTS = ["Speed 3", "", "Über Wagon!", "plain again", "tab\there", "no\u00a0break",
         "~ and { } and |", "\u2013 dash", "Speed 3", "caf\u00e9 au lait", "DEL\x7f"]


def test_splits_as_reportlab_does_text_by_text(tmp_path: Path) -> None:
    ours, theirs = _EmbeddedFont("Ours", VERA), TTFont("Theirs", VERA)
    ours_doc = Canvas(str(tmp_path / "a.pdf"))._doc
    theirs_doc = Canvas(str(tmp_path / "b.pdf"))._doc
    for text in TEXTS:
        assert ours.splitString(text, ours_doc) == theirs.splitString(text, theirs_doc), text
    # the subsets the document will embed are the same too
    assert ours.state[ours_doc].subsets == theirs.state[theirs_doc].subsets
    assert ours.state[ours_doc].assignments == theirs.state[theirs_doc].assignments


def test_first_text_of_a_document_sets_up_its_subsets(tmp_path: Path) -> None:
    font = _EmbeddedFont("Fresh", VERA)
    doc = Canvas(str(tmp_path / "c.pdf"))._doc
    assert doc not in font.state
    assert font.splitString("ABC", doc) == [(0, b"ABC")]
    assert doc in font.state
