"""The balance report as data: sections of paragraphs, tables and charts, for any game.

Why a model between the numbers and ReportLab: a game says *what* to show (this table, a
line chart of these series) with words from its templates; ``generator.balance.pdf`` alone
decides how it looks on paper. The same model can be checked in tests without reading a PDF.
Titles, notes and headers are ReportLab paragraph markup (templates escape them); table
cells and chart labels are plain text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from generator.balance.compare import Standing

ChartKind = Literal["bars", "lines", "radar"]


@dataclass(frozen=True)
class Series:
    """One named run of values, one per category; None where there is no value (never)."""

    name: str
    values: tuple[float | None, ...]
    baseline: bool = False  # drawn as the reference: grey and dashed
    colour: str | None = None  # '#rrggbb', or None for the palette's next colour
    intervals: tuple[tuple[float, float] | None, ...] = ()  # bars: a whisker per value


@dataclass(frozen=True)
class Chart:
    """A chart: bars or lines over categories, or a radar with one spoke per category."""

    kind: ChartKind
    title: str
    categories: tuple[str, ...]
    series: tuple[Series, ...]
    x_label: str = ""
    y_label: str = ""
    y_max: float | None = None
    height_mm: float = 60.0
    ring: float | None = None  # radar: the reference ring (the baseline at 1)
    legend: bool = True
    missing: str = ""  # bars: the label of a slot whose value is missing (e.g. 'never')


@dataclass(frozen=True)
class Group:
    """A header cell spanning ``span`` columns above the table's own header."""

    label: str
    span: int


@dataclass(frozen=True)
class Table:
    """A table of plain-text cells under markup headers; ``tones`` shade cells by standing."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    title: str = ""
    note: str = ""
    groups: tuple[Group, ...] = ()
    tones: tuple[tuple[Standing | None, ...], ...] = ()
    widths: tuple[float, ...] = ()  # relative column widths; equal when empty
    upright: int = 0  # header cells from this column on are set upright (rotated 90 degrees)


@dataclass(frozen=True)
class Text:
    """A paragraph of markup."""

    markup: str


Block = Chart | Table | Text


@dataclass(frozen=True)
class Section:
    """A titled part of the report; ``new_page`` starts it on a fresh page."""

    title: str
    blocks: tuple[Block, ...] = ()
    intro: str = ""
    new_page: bool = False
    level: int = 1
    charts_per_row: int = 1  # consecutive charts share a row, this many across


@dataclass(frozen=True)
class Words:
    """Rendered template blocks: single texts by name, list blocks as lines (one item per
    line, blank lines kept so items stay aligned with what they label)."""

    blocks: Mapping[str, str]

    def __getitem__(self, name: str) -> str:
        return self.blocks[name].strip()

    def lines(self, name: str) -> list[str]:
        """A list block's items, one per line."""
        raw = self.blocks[name]
        if raw.endswith("\n"):
            raw = raw[:-1]
        return [line.strip() for line in raw.split("\n")] if raw else []
