"""Charts of the balance report, drawn as vectors with ReportLab's graphics library.

Why ReportLab's charts rather than a plotting library: they draw straight into the PDF as
paths and text in our embedded font (no raster, no new dependency), and they are enough for
bars, lines and a radar. This module only turns a :class:`~generator.balance.report.Chart`
into a ``Drawing`` of a given width; the words on it come from the caller.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import cycle

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.charts.spider import SpiderChart
from reportlab.graphics.charts.textlabels import NA_Label
from reportlab.graphics.shapes import Drawing, Group, Line, Rect, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib.colors import Color, white

from generator.balance.report import Chart, Series
from generator.paper.drawing import colour, mix, text_width
from generator.paper.units import mm
from generator.text.fonts import BOLD, REGULAR, register_fonts

TITLE_SIZE = 8.0
LABEL_SIZE = 6.5  # the smallest text in the report: above the 6 pt floor
INK = colour("#1d1d1b")
GRID = colour("#d9d9d9")
BASELINE = colour("#6f6f6f")
# Colour-blind-safe first (Okabe-Ito), then darker extras; every colour reads on white.
PALETTE = tuple(colour(c) for c in ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00",
                                    "#56b4e9", "#7f3c8d", "#8c564b", "#1d1d1b", "#b8860b"))
MARKERS = ("FilledCircle", "FilledSquare", "FilledDiamond", "FilledTriangle", "Circle",
           "Square", "Diamond", "Triangle", "FilledCross", "Cross")
DASH = (3, 2)
LEGEND_ROW = 9.0


def series_styles(series: Sequence[Series]) -> list[tuple[Color, str | None]]:
    """Colour and marker for each series: the baseline grey without a marker, the others
    from the palette in order (or their own colour)."""
    palette, markers = cycle(PALETTE), cycle(MARKERS)
    styles: list[tuple[Color, str | None]] = []
    for s in series:
        if s.baseline:
            styles.append((BASELINE, None))
        else:
            picked = next(palette)
            styles.append((colour(s.colour) if s.colour else picked, next(markers)))
    return styles


def draw_chart(chart: Chart, width: float) -> Drawing:
    """A finished drawing: title, plot and legend, ``width`` points wide."""
    register_fonts()
    height = mm(chart.height_mm)
    drawing = Drawing(width, height)
    drawing.add(String(0, height - TITLE_SIZE, chart.title, fontName=BOLD,
                       fontSize=TITLE_SIZE, fillColor=INK))
    styles = series_styles(chart.series)
    rows = legend_layout(chart, styles, width) if chart.legend else []
    for row in rows:
        drawing.add(row)
    bottom = len(rows) * LEGEND_ROW + (4 if rows else 0)
    top = height - TITLE_SIZE - 6
    if chart.kind == "radar":
        drawing.add(radar(chart, styles, width, bottom, top))
    else:
        drawing.add(plot(chart, styles, width, bottom, top))
    return drawing


def legend_layout(chart: Chart, styles: list[tuple[Color, str | None]], width: float
                  ) -> list[Group]:
    """Swatches and names wrapped into rows from the bottom up: one group per row."""
    items = []
    for s, (ink, _) in zip(chart.series, styles, strict=True):
        group = Group()
        if s.baseline and chart.kind != "bars":
            group.add(Line(0, 3, 12, 3, strokeColor=ink, strokeWidth=1.2, strokeDashArray=DASH))
        else:
            fill = bar_fill(s, ink) if chart.kind == "bars" else ink
            group.add(Rect(0, 0, 12, 6, fillColor=fill, strokeColor=None))
        group.add(String(15, 0.5, s.name, fontName=REGULAR, fontSize=LABEL_SIZE, fillColor=INK))
        items.append((group, 15 + text_width(s.name, REGULAR, LABEL_SIZE) + 10))
    rows: list[list[tuple[Group, float]]] = [[]]
    used = 0.0
    for group, w in items:
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0.0
        rows[-1].append((group, w))
        used += w
    placed = []
    for i, row in enumerate(reversed(rows)):
        line, x = Group(), 0.0
        for group, w in row:
            group.translate(x, 0)
            line.add(group)
            x += w
        line.translate(0, i * LEGEND_ROW)
        placed.append(line)
    return placed


def bar_fill(series: Series, ink: Color) -> Color:
    """Bars of the baseline are a light tint of its grey, so the build's bars stand out."""
    return mix(ink, white, 0.45) if series.baseline else ink


def nice_scale(values: Sequence[float], top: float | None = None) -> tuple[float, float]:
    """A value axis (maximum, step): the step is 1, 2 or 5 times a power of ten giving at
    most six intervals, and the maximum the first step at or above the data."""
    high = top if top is not None else max(values, default=1.0)
    if high <= 0:
        return 1.0, 0.2
    power = 10 ** math.floor(math.log10(high / 6))
    step = next(k * power for k in (1, 2, 5, 10) if high / (k * power) <= 6)
    return (top if top is not None else math.ceil(high / step - 1e-9) * step), step


def _finite(series: Sequence[Series]) -> list[float]:
    return [v for s in series for v in s.values if v is not None and math.isfinite(v)]


def plot(chart: Chart, styles: list[tuple[Color, str | None]], width: float, bottom: float,
         top: float) -> Group:
    """Bars or lines over the chart's categories, with labelled axes."""
    left, axis_room = 30.0, 24.0 if chart.x_label else 14.0
    y_max, step = nice_scale(_finite(chart.series), chart.y_max)
    body = LinePlot() if chart.kind == "lines" else IntervalBars()
    body.x, body.y = left, bottom + axis_room
    body.width, body.height = width - left - 6, top - bottom - axis_room
    value_axis = body.yValueAxis if chart.kind == "lines" else body.valueAxis
    value_axis.valueMin, value_axis.valueMax = 0, y_max
    value_axis.valueStep = step
    value_axis.visibleGrid, value_axis.gridStrokeColor = True, GRID
    value_axis.labelTextFormat = _number_format(step)
    _style_labels(value_axis.labels)
    if chart.kind == "lines":
        _lines(body, chart, styles)
    else:
        _bars(body, chart, styles)
    group = Group(body)
    if chart.y_label:
        label = Group(String(0, 0, chart.y_label, fontName=REGULAR, fontSize=LABEL_SIZE,
                             fillColor=INK, textAnchor="middle"))
        label.translate(7, body.y + body.height / 2)
        label.rotate(90)
        group.add(label)
    if chart.x_label:
        group.add(String(body.x + body.width / 2, bottom + 2, chart.x_label, fontName=REGULAR,
                         fontSize=LABEL_SIZE, fillColor=INK, textAnchor="middle"))
    return group


def _number_format(step: float) -> str:
    return "%.0f" if step >= 1 else ("%.1f" if step >= 0.1 else "%.2f")


def _style_labels(labels: object) -> None:
    labels.fontName = REGULAR  # type: ignore[attr-defined]
    labels.fontSize = LABEL_SIZE  # type: ignore[attr-defined]
    labels.fillColor = INK  # type: ignore[attr-defined]


def _lines(body: LinePlot, chart: Chart, styles: list[tuple[Color, str | None]]) -> None:
    """Series as polylines over category positions 0..n-1; a missing value breaks the line
    (drawn as separate runs in the same style)."""
    n = len(chart.categories)
    runs: list[list[tuple[float, float]]] = []
    run_styles: list[tuple[Series, Color, str | None]] = []
    for s, (ink, marker) in zip(chart.series, styles, strict=True):
        for run in _runs(s.values):
            runs.append(run)
            run_styles.append((s, ink, marker))
    body.data = runs or [[(0.0, 0.0)]]
    x_axis = body.xValueAxis
    x_axis.valueMin, x_axis.valueMax = -0.3, n - 0.7
    x_axis.valueSteps = list(range(n))
    x_axis.labelTextFormat = lambda v: chart.categories[int(round(v))]
    _style_labels(x_axis.labels)
    for i, (s, ink, marker) in enumerate(run_styles):
        line = body.lines[i]
        line.strokeColor, line.strokeWidth = ink, 1.6 if not s.baseline else 1.2
        if s.baseline:
            line.strokeDashArray = DASH
        if marker:
            line.symbol = makeMarker(marker, size=3.5, fillColor=ink, strokeColor=ink)
    if not runs:
        body.lines[0].strokeColor = None


def _runs(values: Sequence[float | None]) -> list[list[tuple[float, float]]]:
    runs: list[list[tuple[float, float]]] = [[]]
    for x, v in enumerate(values):
        if v is None or not math.isfinite(v):
            if runs[-1]:
                runs.append([])
            continue
        runs[-1].append((float(x), float(v)))
    return [r for r in runs if r]


def _bars(body: VerticalBarChart, chart: Chart, styles: list[tuple[Color, str | None]]) -> None:
    """Grouped bars; a missing value (never) is a bar-less slot labelled ``chart.missing``."""
    body.data = [[v if v is not None and math.isfinite(v) else None for v in s.values]
                 for s in chart.series]
    body.categoryAxis.categoryNames = list(chart.categories)
    _style_labels(body.categoryAxis.labels)
    body.barSpacing, body.groupSpacing = 0.5, 6
    if chart.missing:
        body.naLabel = NA_Label()
        body.naLabel.text = chart.missing
        _style_labels(body.naLabel)
        body.naLabel.boxAnchor, body.naLabel.dy = "s", 3
    for i, (s, (ink, _)) in enumerate(zip(chart.series, styles, strict=True)):
        body.bars[i].fillColor = bar_fill(s, ink)
        body.bars[i].strokeColor = None
    body._intervals = [s.intervals for s in chart.series]


class IntervalBars(VerticalBarChart):
    """Grouped bars with a whisker over each bar that has an interval (``Series.intervals``:
    low and high, in the value axis's units)."""

    _intervals: list[tuple[tuple[float, float] | None, ...]] = []

    def makeBars(self) -> Group:  # noqa: N802 - ReportLab's name
        group = super().makeBars()
        scale = self.valueAxis.scale
        for row, spans in zip(self._barPositions, self._intervals, strict=False):
            for (x, _, width, _), span in zip(row, spans, strict=False):
                if span is None:
                    continue
                low, high, middle = scale(span[0]), scale(span[1]), x + width / 2
                cap = min(3.0, width / 3)
                for line in ((middle, low, middle, high), (middle - cap, low, middle + cap, low),
                             (middle - cap, high, middle + cap, high)):
                    group.add(Line(*line, strokeColor=INK, strokeWidth=0.7))
        return group


def radar(chart: Chart, styles: list[tuple[Color, str | None]], width: float, bottom: float,
          top: float) -> Group:
    """One spoke per category; values are scores where the ring at ``chart.ring`` (1) is
    the baseline. Light rings every half unit stand in for gridlines."""
    y_max = chart.y_max or nice_scale(_finite(chart.series))[0]
    spider = SpiderChart()
    n = len(chart.categories)
    crowded = n >= 16  # the top and bottom labels move out (below), so the web shrinks
    size = min(width * 0.62, top - bottom - (54 if crowded else 30))
    spider.width = spider.height = size
    spider.x, spider.y = (width - size) / 2, bottom + (top - bottom - size) / 2
    rings = [k / 2 for k in range(1, int(y_max * 2) + 1)]
    spider.data = [[y_max] * n] + [[r] * n for r in rings] + [
        [min(max(v or 0.0, 0.0), y_max) for v in s.values] for s in chart.series]
    spider.labels = list(chart.categories)
    spider.strands[0].strokeColor = spider.strands[0].fillColor = None
    for i in range(1, len(rings) + 1):
        spider.strands[i].strokeColor, spider.strands[i].strokeWidth = GRID, 0.5
        spider.strands[i].fillColor = None
    offset = len(rings) + 1
    for i, (s, (ink, _)) in enumerate(zip(chart.series, styles, strict=True)):
        strand = spider.strands[offset + i]
        strand.strokeColor, strand.strokeWidth = ink, 1.2 if s.baseline else 1.6
        strand.fillColor = None if s.baseline else mix(ink, white, 0.8)
        if s.baseline:
            strand.strokeDashArray = DASH
    for i in range(n):
        spider.spokes[i].strokeColor, spider.spokes[i].strokeWidth = GRID, 0.5
        anchor = _outward(90 - i * 360 / n)
        # Many spokes: the top and bottom labels sit further out, clear of their neighbours'.
        spider.spokes[i].labelRadius = 1.12 if anchor in ("n", "s") and crowded else 1.04
        spider.spokeLabels[i].boxAnchor = anchor
        spider.spokeLabels[i].fontName = REGULAR
        spider.spokeLabels[i].fontSize = LABEL_SIZE
        spider.spokeLabels[i].fillColor = INK
    return Group(spider)


def _outward(degrees: float) -> str:
    """The side of a spoke label that touches its spoke's end, so the text points away from
    the centre (the spider chart turns clockwise from the top)."""
    x, y = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    if abs(x) > 0.3:
        return "w" if x > 0 else "e"
    if abs(x) > 0.05:  # near the top or bottom, beside the vertical spoke: lean away from it
        return ("s" if y > 0 else "n") + ("w" if x > 0 else "e")
    return "s" if y > 0 else "n"
