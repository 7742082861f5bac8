"""The replay's page shell, shared by every racing game: pages written one after another
and finished as one PDF, a heading, the table of entrants under the map (a numbered colour
swatch and the template's line for each) and the results page. The map itself, and every
word, is the game's: the game draws its map into the box the shell leaves, and its template
gives the lines."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from reportlab.lib.colors import Color, white
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from generator.paper.drawing import colour, draw_line, fit_line_size
from generator.paper.pdf import finish, new_canvas
from generator.paper.units import Paper, mm
from generator.text.fonts import BOLD, REGULAR

MARGIN = mm(12)
ROW = mm(5.2)  # one entrant's row in the table under the map
INK = colour("#1d1d1b")
SMALLEST = 6.5  # no line printed smaller than this (points)
ROW_SMALLEST = 7.0  # an entrant's row wraps rather than shrink below this

Page = Callable[[Canvas], None]


def write_pages(path: Path, title: str, sheet: Paper, pages: Iterable[Page]) -> int:
    """Draw each page in turn on one PDF at ``path``; return how many there were."""
    canvas = new_canvas(path, title, sheet)
    count = 0
    for draw in pages:
        draw(canvas)
        canvas.showPage()
        count += 1
    finish(canvas, count, sheet)
    return count


def heading(canvas: Canvas, sheet: Paper, title: str, lines: Sequence[str],
            size: float = 14) -> float:
    """The page's title and the lines under it (9 pt), each fitted to the width or, when it
    would fall below ``ROW_SMALLEST``, wrapped; returns the height where the map may start."""
    width = sheet.width - 2 * MARGIN
    top = sheet.height - MARGIN
    canvas.setFillColor(INK)
    title = title.strip()
    draw_line(canvas, title, MARGIN, top - 14, fit_line_size(title, BOLD, width, size)
              or SMALLEST, BOLD)
    row = 0
    for line in (text.strip() for text in lines):
        fitted = fit_line_size(line, REGULAR, width, 9, ROW_SMALLEST)
        for part in [line] if fitted else simpleSplit(line, REGULAR, ROW_SMALLEST, width):
            draw_line(canvas, part, MARGIN, top - 26 - row * 11, fitted or ROW_SMALLEST)
            row += 1
    return top - 22 - 11 * max(1, row)


def entrant_table(canvas: Canvas, header: str, rows: Sequence[str], numbers: Sequence[int],
                  colour_of: Callable[[int], Color], top: float, width: float) -> float:
    """Under the map: the header, then for each row the entrant's swatch (its colour and
    number ``numbers[i] + 1``) and the line: fitted on one line down to ``ROW_SMALLEST``,
    wrapped at that size when longer (a busy round's events), never cut off; returns the
    height below the last."""
    canvas.setFillColor(INK)
    draw_line(canvas, header.strip(), MARGIN + mm(7), top, 8, BOLD)
    y = top - ROW
    room = width - mm(7)
    for index, line in zip(numbers, rows, strict=False):
        canvas.setFillColor(colour_of(index))
        canvas.circle(MARGIN + mm(2.5), y + 2.5, mm(1.8), stroke=0, fill=1)
        canvas.setFillColor(white)
        draw_line(canvas, str(index + 1), MARGIN + mm(2.5), y + 0.2, SMALLEST, BOLD, "centre")
        canvas.setFillColor(INK)
        text = line.strip()
        size = fit_line_size(text, REGULAR, room, 8, ROW_SMALLEST)
        parts = [text] if size else simpleSplit(text, REGULAR, ROW_SMALLEST, room)
        for part in parts[:-1]:
            draw_line(canvas, part, MARGIN + mm(7), y, ROW_SMALLEST)
            y -= ROW_SMALLEST * 1.3
        draw_line(canvas, parts[-1] if parts else "", MARGIN + mm(7), y, size or ROW_SMALLEST)
        y -= ROW
    return y


def paragraph(canvas: Canvas, text: str, x: float, y: float, width: float,
              size: float) -> float:
    """Wrapped lines from ``y`` down; returns the baseline below the last."""
    canvas.setFillColor(INK)
    for line in simpleSplit(text, REGULAR, size, width):
        draw_line(canvas, line, x, y, fit_line_size(line, REGULAR, width, size) or size)
        y -= size * 1.3
    return y


def results_page(canvas: Canvas, sheet: Paper, title: str, rows: Iterable[str],
                 title_size: float = 14) -> None:
    """The last page: a title, then each entrant's line (wrapped if long), in place order."""
    width = sheet.width - 2 * MARGIN
    y = heading(canvas, sheet, title, (), title_size) - 10
    for row in (r.strip() for r in rows):
        if row:
            y = paragraph(canvas, row, MARGIN, y, width, 10) - 4


def lines_of(block: str) -> list[str]:
    """A template block's non-blank lines."""
    return [line for line in block.split("\n") if line.strip()]
