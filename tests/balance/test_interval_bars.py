"""Bars with intervals: a whisker (and its two caps) over each bar that has one, spanning
its low and high on the value axis, and none where a bar has no interval."""

from __future__ import annotations

from reportlab.graphics.shapes import Group, Line

from generator.balance.charts import draw_chart
from generator.balance.report import Chart, Series


def lines(node: object) -> list[Line]:
    found: list[Line] = []
    if isinstance(node, Line):
        found.append(node)
    for child in getattr(node, "contents", []) or []:
        found.extend(lines(child))
    if hasattr(node, "draw") and not isinstance(node, Group | Line):
        found.extend(lines(node.draw()))  # ReportLab widgets draw into groups
    return found


def whiskers(chart: Chart) -> list[Line]:
    drawing = draw_chart(chart, 400)
    return [line for line in lines(drawing)
            if line.x1 == line.x2 and line.strokeWidth == 0.7]


def test_each_interval_is_a_whisker_from_its_low_to_its_high() -> None:
    chart = Chart("bars", "won", ("A", "B"), (
        Series("careful", (40.0, 20.0), intervals=((30.0, 50.0), None)),
        Series("fair share", (25.0, 25.0), baseline=True)), y_max=100.0)
    found = whiskers(chart)
    assert len(found) == 1  # B has no interval, the fair share none at all
    low, high = sorted((found[0].y1, found[0].y2))
    bare = whiskers(Chart("bars", "won", ("A",), (
        Series("careful", (40.0,), intervals=((0.0, 100.0),)),), y_max=100.0))[0]
    bottom, top = sorted((bare.y1, bare.y2))
    # On one value axis from 0 to 100: 30 and 50 sit 30% and 50% of the way up.
    assert abs((low - bottom) / (top - bottom) - 0.30) < 0.02
    assert abs((high - bottom) / (top - bottom) - 0.50) < 0.02


def test_bars_without_intervals_draw_no_whiskers() -> None:
    chart = Chart("bars", "won", ("A", "B"), (Series("s", (1.0, 2.0)),))
    assert whiskers(chart) == []
