"""The replay's table under the map (``generator.race.pages.entrant_table``) and the
Frothy replay's attack lines: a busy round's row wraps rather than shrink past legibility
or run off the page, and an attack is named on the attacker's row and the target's."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pdfplumber
from reportlab.lib.colors import black

from generator.games.frothy_races.race.replay import round_events
from generator.paper.pdf import new_canvas
from generator.paper.units import paper
from generator.race.pages import MARGIN, ROW_SMALLEST, entrant_table


def test_a_long_row_wraps_inside_the_page(tmp_path: Path) -> None:
    sheet, path = paper("a4"), tmp_path / "rows.pdf"
    canvas = new_canvas(path, "rows", sheet)
    long = "P2 Basic Chariot: " + ", ".join(f"event number {n} of a busy round"
                                            for n in range(12))
    below = entrant_table(canvas, "Standing", [long, "P1 Short row"], [0, 1],
                          lambda _: black, sheet.height / 2, sheet.width - 2 * MARGIN)
    canvas.showPage()
    canvas.save()
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        chars = page.chars
        text = page.extract_text()
    assert "event number 11 of a busy round" in text.replace("\n", " ")
    assert "P1 Short row" in text
    assert max(c["x1"] for c in chars) <= sheet.width - MARGIN + 0.01
    assert min(c["size"] for c in chars if c["text"].isalpha()) >= ROW_SMALLEST - 0.01
    assert below < sheet.height / 2 - 3 * ROW_SMALLEST  # the wrapped row took more room


def test_an_attack_is_named_on_both_rows() -> None:
    attack = {"round": 5, "phase": 1, "vehicle": "Bramblewick Goat Cart",
              "action": "personal attack", "dice": [2, 3],
              "result": {"target": "Basic Chariot", "losers": ["Basic Chariot"],
                         "values": [5, 0]}}
    found = round_events(SimpleNamespace(events=[attack]))  # type: ignore[arg-type]
    assert found[(5, "Bramblewick Goat Cart")] == [attack]
    assert found[(5, "Basic Chariot")] == [attack]


def test_a_long_heading_line_wraps_and_the_map_starts_below_it(tmp_path: Path) -> None:
    from generator.race.pages import heading

    sheet, path = paper("a4"), tmp_path / "heading.pdf"
    canvas = new_canvas(path, "heading", sheet)
    long = "A key line " + " ".join(f"with part {n} of a long user template" for n in range(9))
    short_top = heading(canvas, sheet, "Title", ["one line"])
    map_top = heading(canvas, sheet, "Title", [long])
    canvas.showPage()
    canvas.save()
    with pdfplumber.open(path) as pdf:
        chars = pdf.pages[0].chars
        text = pdf.pages[0].extract_text().replace("\n", " ")
    assert "part 8 of a long user template" in text
    assert max(c["x1"] for c in chars) <= sheet.width - MARGIN + 0.01
    assert map_top < short_top  # the wrapped line's rows push the map down
