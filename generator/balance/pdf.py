"""The balance report on paper: sections of text, tables and charts, flowed onto pages.

Why ReportLab's platypus here, when the licences are placed by hand: a report is a document
that flows (its length depends on how many builds there are), and platypus breaks pages,
keeps a heading with what follows it and repeats nothing by accident. Charts arrive as
vector drawings from ``charts.py``. Fonts are the embedded family every Paddock PDF uses, no
text is smaller than 6.5 pt, and output is invariant (no timestamps), like the licences.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    TableStyle,
)
from reportlab.platypus import Table as GridTable

from generator import __version__
from generator.balance.charts import INK, draw_chart
from generator.balance.compare import Standing
from generator.balance.report import Chart, Section, Table, Text
from generator.paper.drawing import colour, text_width
from generator.paper.pdf import PdfInfo
from generator.paper.units import Paper, mm, to_mm
from generator.text.fonts import BOLD, REGULAR, register_fonts
from generator.text.templates import plain

MARGIN = mm(15)
BODY_SIZE = 8.5
TABLE_SIZE = 6.8
CELL_PADDING = 2.5
TONES: dict[Standing, Color] = {Standing.BETTER: colour("#d7ecd9"),
                                Standing.WORSE: colour("#f6d5d3"),
                                Standing.EQUAL: colour("#ececec")}
HEADER_FILL = colour("#e8e4da")
RULE = colour("#9a9a9a")


def _style(name: str, size: float, font: str = REGULAR, before: float = 0,
           after: float = 3, leading: float = 1.25) -> ParagraphStyle:
    return ParagraphStyle(name, fontName=font, fontSize=size, leading=size * leading,
                          spaceBefore=before, spaceAfter=after, textColor=INK,
                          splitLongWords=False)


STYLES = {
    "title": _style("title", 18, BOLD, after=6),
    "h1": _style("h1", 13, BOLD, before=4, after=4),
    "h2": _style("h2", 10.5, BOLD, before=8, after=3),
    "body": _style("body", BODY_SIZE),
    "cell": _style("cell", TABLE_SIZE, after=0, leading=1.18),
    "head": _style("head", TABLE_SIZE, BOLD, after=0, leading=1.18),
    "note": _style("note", 7.2, after=2),
}


def write_report(path: Path, title: str, sections: Sequence[Section], paper: Paper,
                 footer: str) -> PdfInfo:
    """Flow ``sections`` onto ``paper`` and save the PDF at ``path``."""
    register_fonts()
    pages = {"count": 0}

    def on_page(canvas: Any, doc: Any) -> None:
        pages["count"] = doc.page
        canvas.saveState()
        canvas.setFont(REGULAR, 7)
        canvas.setFillColor(INK)
        canvas.drawString(MARGIN, MARGIN * 0.55, footer)
        canvas.drawRightString(paper.width - MARGIN, MARGIN * 0.55, str(doc.page))
        canvas.restoreState()

    doc = BaseDocTemplate(str(path), pagesize=(paper.width, paper.height), title=title,
                          author="Paddock", creator=f"Paddock {__version__}",
                          invariant=1, pageCompression=1, leftMargin=MARGIN,
                          rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN)
    frame = Frame(MARGIN, MARGIN, paper.width - 2 * MARGIN, paper.height - 2 * MARGIN,
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate("page", [frame], onPage=on_page)])
    story: list[Flowable] = [Paragraph(title, STYLES["title"])]
    for section in sections:
        story += section_flowables(section, frame.width)
    doc.build(story)
    return PdfInfo(pages["count"], (round(to_mm(paper.width), 2), round(to_mm(paper.height), 2)))


def section_flowables(section: Section, width: float) -> list[Flowable]:
    """A section's heading, intro and blocks, starting a page when asked (or when less than
    a few centimetres are left, so a heading never ends a page)."""
    out: list[Flowable] = [PageBreak() if section.new_page else CondPageBreak(mm(45)),
                           Paragraph(section.title, STYLES["h1" if section.level == 1 else "h2"])]
    if section.intro:
        out.append(Paragraph(section.intro, STYLES["body"]))
    return out + block_flowables(section, width)


def block_flowables(section: Section, width: float) -> list[Flowable]:
    """Texts, tables and charts in order; consecutive charts share a row when asked."""
    out: list[Flowable] = []
    pending: list[Chart] = []

    def flush() -> None:
        if pending:
            out.append(chart_row(pending, width, section.charts_per_row))
            pending.clear()

    for block in section.blocks:
        if isinstance(block, Chart):
            pending.append(block)
            if len(pending) == section.charts_per_row:
                flush()
            continue
        flush()
        if isinstance(block, Text):
            out.append(Paragraph(block.markup, STYLES["body"]))
        elif isinstance(block, Table):
            out += table_flowables(block, width)
    flush()
    return out


def chart_row(charts: list[Chart], width: float, across: int) -> Flowable:
    """Charts side by side, each a vector drawing of an equal share of the width."""
    gap = mm(6)
    each = (width - gap * (across - 1)) / across
    drawings = [draw_chart(c, each) for c in charts]
    if across == 1:
        return KeepTogether([Spacer(1, 4), drawings[0], Spacer(1, 6)])
    grid = GridTable([drawings], colWidths=[each + (gap if i < across - 1 else 0)
                                            for i in range(len(drawings))])
    grid.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                              ("TOPPADDING", (0, 0), (-1, -1), 4),
                              ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
                              ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    grid.hAlign = "LEFT"
    return grid


class UprightText(Flowable):
    """A header label read bottom to top, for narrow columns of long names."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = TABLE_SIZE * 1.2
        self.height = text_width(self.text, BOLD, TABLE_SIZE) + 2
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.setFont(BOLD, TABLE_SIZE)
        canvas.setFillColor(INK)
        canvas.rotate(90)
        canvas.drawString(1, -TABLE_SIZE, self.text)
        canvas.restoreState()


def cell_content(text: str, width: float) -> str | Paragraph:
    """A data cell: a plain string when it fits on one line (fast to draw), else a wrapped
    paragraph."""
    if text_width(text, REGULAR, TABLE_SIZE) <= width - 2 * CELL_PADDING:
        return text
    return Paragraph(escape(text), STYLES["cell"])


def table_flowables(table: Table, width: float) -> list[Flowable]:
    """A table with its optional title and note; plain cells are escaped, headers are markup."""
    weights = table.widths or (1.0,) * len(table.header)
    widths = [width * w / sum(weights) for w in weights]
    rows: list[list[Any]] = []
    style: list[tuple[Any, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), REGULAR), ("FONTSIZE", (0, 0), (-1, -1), TABLE_SIZE),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
        ("TOPPADDING", (0, 0), (-1, -1), 1.6), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
    ]
    header_rows = 0
    if table.groups:
        cells: list[Any] = []
        col = 0
        for group in table.groups:
            cells += [Paragraph(group.label, STYLES["head"])] + [""] * (group.span - 1)
            if group.span > 1:
                style.append(("SPAN", (col, 0), (col + group.span - 1, 0)))
            col += group.span
        rows.append(cells)
        header_rows += 1
    rows.append([UprightText(plain(h)) if table.upright and c >= table.upright
                 else Paragraph(h, STYLES["head"]) for c, h in enumerate(table.header)])
    header_rows += 1
    style.append(("BACKGROUND", (0, 0), (-1, header_rows - 1), HEADER_FILL))
    for r, row in enumerate(table.rows):
        rows.append([cell_content(cell, w) for cell, w in zip(row, widths, strict=True)])
        for c, tone in enumerate(table.tones[r] if r < len(table.tones) else ()):
            if tone is not None:
                style.append(("BACKGROUND", (c, header_rows + r), (c, header_rows + r),
                              TONES[tone]))
    grid = GridTable(rows, colWidths=widths, repeatRows=header_rows)
    grid.setStyle(TableStyle(style))
    grid.hAlign = "LEFT"
    parts: list[Flowable] = []
    if table.title:
        parts.append(Paragraph(table.title, STYLES["h2"]))
    parts.append(grid)
    if table.note:
        parts.append(Spacer(1, 2))
        parts.append(Paragraph(table.note, STYLES["note"]))
    parts.append(Spacer(1, 5))
    return [KeepTogether(parts)] if len(table.rows) <= 30 else parts
