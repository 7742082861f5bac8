"""Fitting outcomes kept between runs: reused only under the same rules, never wrong."""

from __future__ import annotations

import io
import marshal
import subprocess
import sys
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.keep import fit_store
from generator.paper import drawing
from generator.paper.pdf import new_canvas
from generator.paper.units import PAPERS
from tests.keep.framing import content, keep

ROOT = Path(__file__).resolve().parents[2]
TEXTS = [("<b>Whip</b> 3: move one more space", 120.0, 30.0, 9.0),
         ("A long sentence " * 20, 60.0, 14.0, 9.0),  # does not fit at 6 pt
         ("Supercalifragilisticexpialidocious", 30.0, 40.0, 8.0)]


def save() -> None:
    """Write both stores, as the end of a run does."""
    fit_store.FITS.save()
    fit_store.PARAGRAPHS.save()


def outcome(fitted: drawing.FittedText | None) -> tuple[float, float] | None:
    return None if fitted is None else (fitted.size, fitted.height)


def lines(paragraph: object) -> list[list[tuple[str, str, float]]]:
    """Each wrapped line's words: text, font, size."""
    return [[(word.text, word.fontName, word.fontSize) for word in line.words]
            for line in paragraph.blPara.lines]  # type: ignore[attr-defined]


def test_kept_outcomes_match_fitting_afresh_and_draw_the_same_paragraph(
        fresh_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = [drawing.fit_paragraph(*text) for text in TEXTS]
    save()
    (kept,) = fresh_store.glob("fits-*.marshal")
    fit_store.FITS.forget()  # a new run reads the file
    drawing.fit_paragraph.cache_clear()
    monkeypatch.setattr(drawing, "fit_paragraph_uncached", None)  # no fitting allowed now
    again = [drawing.fit_paragraph(*text) for text in TEXTS]
    assert [outcome(f) for f in again] == [outcome(f) for f in first]
    assert again[1] is None and again[0] is not None
    made, fitted = again[0].paragraph, first[0]
    assert fitted is not None
    assert (made.text, made.style.fontSize, made.height) == (
        fitted.paragraph.text, fitted.paragraph.style.fontSize, fitted.paragraph.height)
    assert lines(made) == lines(fitted.paragraph)
    assert kept.stat().st_size > 0


def test_a_damaged_store_is_fitted_afresh(fresh_store: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    expected = [outcome(drawing.fit_paragraph_uncached(*text)) for text in TEXTS]
    fresh_store.mkdir(parents=True)
    fit_store.FITS.path().write_bytes(b"\x00\x01 not marshal")
    assert [outcome(drawing.fit_paragraph(*text)) for text in TEXTS] == expected


def test_the_store_is_named_for_the_fitting_code(fresh_store: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    ours = fit_store.FITS.path()
    copy = tmp_path / "generator"
    for name in ("paper/drawing.py", "text/platypus.py", "keep/fit_store.py",
                 "keep/kept_drawings.py"):
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        (copy / name).write_bytes((ROOT / "generator" / name).read_bytes())
    edited = copy / "paper" / "drawing.py"
    edited.write_bytes(edited.read_bytes() + b"\n# edited\n")
    monkeypatch.setattr(fit_store, "__file__", str(copy / "keep" / "fit_store.py"))
    assert fit_store.FITS.path() != ours


def test_a_second_check_fits_nothing_and_loads_no_paragraph_code(tmp_path: Path) -> None:
    script = ("import sys\nfrom generator.commands.cli import main\n"
              "main(['check', 'vehicles/frothy-races/basic-chariot.yaml'])\n"
              "print('PARAGRAPH', 'reportlab.platypus.paragraph' in sys.modules, "
              "file=sys.stderr)\n")
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    runs = [subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                           text=True, env=env, check=False) for _ in range(2)]
    assert [run.returncode for run in runs] == [0, 0]
    assert runs[0].stdout == runs[1].stdout
    assert "PARAGRAPH True" in runs[0].stderr  # the first run fits, and keeps the outcomes
    assert "PARAGRAPH False" in runs[1].stderr, runs[1].stderr[-2000:]


def drawn(fitted: drawing.FittedText) -> bytes:
    """The PDF a fitted text draws, alone on a page."""
    out = io.BytesIO()
    canvas = Canvas(out, invariant=True)
    fitted.draw(canvas, 20, 400)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_kept_paragraphs_draw_the_same_bytes_and_a_damaged_one_is_made_again(
        fresh_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [TEXTS[0], ("Short <i>note</i>, centred", 80.0, 20.0, 7.0)]
    fresh = [drawn(drawing.fit_paragraph_uncached(*text)) for text in texts]  # type: ignore[arg-type]
    fit_store.PARAGRAPHS.forget(reread=False)  # as if those were drawn in another run
    # A paragraph is kept when it is drawn and its drawing cannot be (on a plain canvas).
    fitted_only = [drawing.fit_paragraph(*text) for text in texts]
    save()
    assert not list(fresh_store.glob("paragraphs-*.marshal"))  # fitting alone keeps none
    for fitted in fitted_only:
        assert fitted is not None
        drawn(fitted)
    save()
    (paragraphs,) = fresh_store.glob("paragraphs-*.marshal")
    fit_store.FITS.forget()
    fit_store.PARAGRAPHS.forget()
    drawing.fit_paragraph.cache_clear()
    made: list[object] = []  # a paragraph made afresh is offered to the store
    real_put = fit_store.put_paragraph

    def counting_put(key: tuple[object, ...], data: bytes) -> None:
        made.append(key)
        real_put(key, data)

    monkeypatch.setattr(fit_store, "put_paragraph", counting_put)
    kept = [drawing.fit_paragraph(*text) for text in texts]
    assert [drawn(f) for f in kept if f is not None] == fresh
    assert made == []  # read back, not made
    damaged = {key: b"damaged" for key in marshal.loads(content(paragraphs))}
    keep(paragraphs, marshal.dumps(damaged))
    fit_store.PARAGRAPHS.forget()
    drawing.fit_paragraph.cache_clear()
    again = [drawing.fit_paragraph(*text) for text in texts]
    assert [drawn(f) for f in again if f is not None] == fresh
    assert len(made) == 2


def test_a_paragraph_whose_drawing_is_kept_is_not_kept_itself(
        fresh_store: Path, tmp_path: Path) -> None:
    fitted = drawing.fit_paragraph(*TEXTS[0])
    assert fitted is not None
    canvas = new_canvas(tmp_path / "one.pdf", "one", PAPERS["a4"])  # a canvas of Paddock's
    fitted.draw(canvas, 20, 400)
    save()
    fit_store.DRAWINGS.save()
    assert list(fresh_store.glob("drawings-*.marshal"))
    assert not list(fresh_store.glob("paragraphs-*.marshal"))


def test_a_full_store_takes_this_runs_fits_and_keeps_only_them(
        fresh_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fit_store.FITS, "most_entries", 3)
    fresh_store.mkdir(parents=True)
    old = {("old", n): (9.0, 9.0, False) for n in range(5)}
    keep(fit_store.FITS.path(), marshal.dumps(old))
    for text in TEXTS:
        drawing.fit_paragraph(*text)
    save()
    kept = marshal.loads(content(fit_store.FITS.path()))
    assert len(kept) == 3 and not any(key[0] == "old" for key in kept)
    assert {key[0] for key in kept} == {text[0] for text in TEXTS}
