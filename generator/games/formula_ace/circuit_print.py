"""What a build prints for a Formula Ace circuit, and ``paddock new formula-ace --kind circuit``.

``formula-ace/<circuit>-circuit.pdf``: page 1 is the plan of the circuit drawn to scale
(the surface, both edges, every beacon numbered, the start and finish lines, obstacles and
the start grid, with a scale bar); the next pages are at exact size (100%): a numbered marker
for every beacon, each obstacle at its own diameter, and a width gauge marked at the book's
20, 25 and 30 cm, in two parts to join (30 cm is longer than A4). Every word comes from
``templates/formula-ace/circuit-base.j2``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from generator.games.formula_ace.circuit import Circuit, Point
from generator.games.formula_ace.circuit_markers import (
    BEACON,
    FAINT,
    GAUGE_MARKS,
    GAUGE_PARTS,
    MARKER_MM,
    markers_writer,
)
from generator.input.names import slug
from generator.paper.colour import WHITE, canvas_inks, deepened
from generator.paper.drawing import colour, draw_line, polyline_path
from generator.paper.output import BuildContext, Output
from generator.paper.pdf import PdfInfo, finish, new_canvas
from generator.paper.units import Paper, mm
from generator.text.fonts import BOLD, REGULAR
from generator.text.templates import TextTemplates, plain

if TYPE_CHECKING:
    from generator.project.loading import Definition

GAME_ID = "formula-ace"
TEMPLATE = "formula-ace/circuit.j2"
MARGIN = mm(12)
TEXT_ROOM = mm(22)               # above the plan: title, summary, scale
GAUGE_PAD = mm(4)  # strip beyond each end tick, so the end numbers clear the cut
EDGE = colour("#1f4e79")

Outputs = Callable[[Sequence["Definition"], BuildContext], list[Output]]


def with_circuits(outputs: Outputs) -> Outputs:
    """A game's ``outputs`` followed by one file for each circuit among the definitions; for
    a print shop, two: the plan (a sheet printed whole) and the cut pieces, a face a page
    (``circuit_markers``)."""
    def both(definitions: Sequence[Definition], context: BuildContext) -> list[Output]:
        circuits = [d.model for d in definitions if d.kind.name == "circuit"]
        others = [d for d in definitions if d.kind.name != "circuit"]
        found = outputs(others, context) if others else []
        for circuit in circuits:
            name = slug(circuit.name, "circuit")
            found.append(Output(f"{GAME_ID}/{name}-circuit.pdf", GAME_ID, "circuit",
                                [circuit.name], _writer(circuit, context)))
            if context.printing.print_shop:
                words = context.templates.blocks(TEMPLATE, text_context(circuit))
                found.append(Output(f"{GAME_ID}/{name}-markers.pdf", GAME_ID,
                                    "circuit markers", [circuit.name],
                                    markers_writer(circuit, context, words)))
        return found
    return both


def _writer(circuit: Circuit, context: BuildContext) -> Callable[[Path], PdfInfo]:
    words = context.templates.blocks(TEMPLATE, text_context(circuit))

    def write(path: Path) -> PdfInfo:
        canvas = new_canvas(path, f"{circuit.name}: circuit", context.paper,
                            context.printing.cmyk, shop=context.printing.shop)
        draw_plan(canvas, circuit, context.paper, words)
        if context.printing.print_shop:  # the shop cuts the markers: the markers file
            canvas.showPage()
            return finish(canvas, 1, context.paper)
        below_plan = plan_scale(circuit, context.paper).bottom - mm(14)  # under the scale bar
        pages = draw_markers(canvas, circuit, context.paper, words, below_plan)
        return finish(canvas, pages, context.paper)
    return write


def text_context(circuit: Circuit) -> dict[str, object]:
    return {"circuit": circuit, "gates": len(circuit.gates),
            "lapped": circuit.laps > 1, "widths": list(GAUGE_MARKS)}


def circuit_scaffold(name: str, templates: TextTemplates, path: str = "FILE") -> str:
    """The text of a new circuit file: a small oval that checks clean, to redraw."""
    return templates.render("formula-ace/new-circuit.yaml.j2", {"name": name, "path": path})


# --- The plan, to scale ------------------------------------------------------------------


@dataclass(frozen=True)
class Scale:
    """Centimetres on the table to points on the page."""

    factor: float          # points per cm
    left: float
    bottom: float

    def at(self, point: Point) -> tuple[float, float]:
        return (self.left + point[0] * self.factor, self.bottom + point[1] * self.factor)


def plan_scale(circuit: Circuit, paper: Paper) -> Scale:
    """The largest scale at which the whole surface fits under the text."""
    room_w = paper.width - 2 * MARGIN
    room_h = paper.height - 2 * MARGIN - TEXT_ROOM
    factor = min(room_w / circuit.surface.width, room_h / circuit.surface.depth)
    left = MARGIN + (room_w - circuit.surface.width * factor) / 2
    bottom = paper.height - MARGIN - TEXT_ROOM - circuit.surface.depth * factor
    return Scale(factor, left, bottom)


def draw_plan(canvas: Canvas, circuit: Circuit, paper: Paper, words: dict[str, str]) -> None:
    scale = plan_scale(circuit, paper)
    top = paper.height - MARGIN
    draw_line(canvas, plain(words["plan_title"]), MARGIN, top - mm(5), 14, BOLD)
    draw_line(canvas, plain(words["plan_summary"]), MARGIN, top - mm(11), 8.5)
    ratio = round(1 / (scale.factor / mm(10)))
    draw_line(canvas, plain(words["plan_scale"]).replace("RATIO", str(ratio)), MARGIN,
              top - mm(16.5), 8)
    x0, y0 = scale.at((0, 0))
    canvas.setFillColor(FAINT)
    canvas.setStrokeColor(EDGE)
    canvas.rect(x0, y0, circuit.surface.width * scale.factor,
                circuit.surface.depth * scale.factor, stroke=1, fill=1)
    _edges(canvas, circuit, scale)
    _lines(canvas, circuit, scale, words)
    _beacons(canvas, circuit, scale)
    _obstacles_and_grid(canvas, circuit, scale)
    _scale_bar(canvas, scale, words)


def _edges(canvas: Canvas, circuit: Circuit, scale: Scale) -> None:
    canvas.setStrokeColor(EDGE)
    canvas.setLineWidth(1.2)
    for side in ("left", "right"):
        points = [scale.at(p) for p in circuit.side(side)]
        path = polyline_path(canvas, points, closed=False)
        canvas.drawPath(path, stroke=1, fill=0)


def _lines(canvas: Canvas, circuit: Circuit, scale: Scale, words: dict[str, str]) -> None:
    canvas.setLineWidth(2.4)
    lines = [(circuit.finish, words["finish_label"], colour("#000000"))]
    if circuit.start != circuit.finish:  # a lapped circuit's one line is labelled once
        lines.insert(0, (circuit.start, words["start_label"], colour("#2e7d32")))
    for line, label, ink in lines:
        ink = deepened(ink, (WHITE,), canvas_inks(canvas))  # on the paper
        canvas.setStrokeColor(ink)
        canvas.line(*scale.at(line.left), *scale.at(line.right))
        x, y = scale.at(line.left)
        canvas.setFillColor(ink)
        draw_line(canvas, plain(label), x + 3, y + 3, 6.5, BOLD)


def _beacons(canvas: Canvas, circuit: Circuit, scale: Scale) -> None:
    radius = max(2.2, 1.2 * scale.factor)
    for number, gate in enumerate(circuit.gates, start=1):
        for side, letter in (("left", "L"), ("right", "R")):
            x, y = scale.at(getattr(gate, side))
            canvas.setFillColor(BEACON)
            canvas.circle(x, y, radius, stroke=0, fill=1)
            canvas.setFillColor(colour("#000000"))
            draw_line(canvas, f"{letter}{number}", x + radius + 1, y - 2, 6)


def _obstacles_and_grid(canvas: Canvas, circuit: Circuit, scale: Scale) -> None:
    canvas.setFillColor(colour("#555555"))
    for obstacle in circuit.obstacles:
        x, y = scale.at(obstacle.at)
        canvas.circle(x, y, max(1.0, obstacle.diameter / 2 * scale.factor), stroke=0, fill=1)
    for number, place in enumerate(circuit.grid, start=1):
        x, y = scale.at(place)
        canvas.setFillColor(EDGE)
        canvas.rect(x - 3, y - 3, 6, 6, stroke=0, fill=1)
        canvas.setFillColor(colour("#000000"))
        draw_line(canvas, str(number), x + 4, y - 2, 6)


def _scale_bar(canvas: Canvas, scale: Scale, words: dict[str, str]) -> None:
    length = 50 * scale.factor  # 50 cm on the table
    x, y = MARGIN, scale.bottom - mm(8)
    canvas.setStrokeColor(colour("#000000"))
    canvas.setLineWidth(1)
    canvas.line(x, y, x + length, y)
    for tick in range(6):
        canvas.line(x + tick * length / 5, y, x + tick * length / 5, y + 3)
    canvas.setFillColor(colour("#000000"))
    draw_line(canvas, plain(words["scale_bar"]), x + length + 4, y - 2, 6.5)


# --- Exact size: beacon and obstacle markers, the width gauge ---------------------------


GAUGE_BAND = mm(56)  # the width gauge and its title, at the foot of a page
MARKER_GAP = mm(6)  # between two markers, and under each for its label
LABEL_DROP = mm(3.5)
MARKERS_HEADER = mm(16)  # the markers' title and the actual-size note


def draw_markers(canvas: Canvas, circuit: Circuit, paper: Paper, words: dict[str, str],
                 room_top: float) -> int:
    """The exact-size markers and the width gauge, from ``room_top`` down on the page begun
    (the plan's) and on new pages as it fills: the gauge at the foot of the first page with
    room for it and a row of markers, the markers in rows, each as wide and high as its
    own marker (so beacons are not spaced as widely as the largest obstacle). Returns the
    pages drawn, the one begun included; the last is shown."""
    items: list[tuple[str, float, Color]] = [
        (f"O{number}", obstacle.diameter * 10, colour("#555555"))
        for number, obstacle in enumerate(circuit.obstacles, start=1)]
    for number in range(1, len(circuit.gates) + 1):
        items += [(f"L{number}", MARKER_MM, BEACON), (f"R{number}", MARKER_MM, BEACON)]
    row = mm(max((size for _, size, _ in items), default=MARKER_MM)) + MARKER_GAP + LABEL_DROP
    pages, gauge = 1, False
    floor = MARGIN
    if room_top - MARGIN >= GAUGE_BAND + MARKERS_HEADER + row:
        _width_gauge(canvas, paper, words)
        gauge, floor = True, MARGIN + GAUGE_BAND
    # No room for a row under the plan: the markers start on a page of their own.
    top = floor if room_top - MARKERS_HEADER - row < floor else \
        _markers_header(canvas, words, room_top)
    x, row_h = MARGIN, 0.0
    for label, size_mm, ink in items:
        width = mm(size_mm) + MARKER_GAP
        height = mm(size_mm) + MARKER_GAP + LABEL_DROP
        if x + width > paper.width - MARGIN + 1e-6:
            x, top, row_h = MARGIN, top - row_h, 0.0
        if top - height < floor - 1e-6:
            canvas.showPage()
            pages += 1
            floor = MARGIN
            if not gauge:
                _width_gauge(canvas, paper, words)
                gauge, floor = True, MARGIN + GAUGE_BAND
            top = _markers_header(canvas, words, paper.height - MARGIN)
            x, row_h = MARGIN, 0.0
        cx, cy = x + width / 2, top - mm(size_mm) / 2
        canvas.setStrokeColor(colour("#000000"))
        canvas.setFillColor(ink)
        canvas.circle(cx, cy, mm(size_mm) / 2, stroke=1, fill=1)
        canvas.setFillColor(colour("#000000"))
        draw_line(canvas, label, cx, cy - mm(size_mm) / 2 - LABEL_DROP, 7, BOLD, "centre")
        x += width
        row_h = max(row_h, height)
    if not gauge:
        canvas.showPage()
        pages += 1
        _width_gauge(canvas, paper, words)
    canvas.showPage()
    return pages


def _markers_header(canvas: Canvas, words: dict[str, str], top: float) -> float:
    """The markers' title and actual-size note from ``top`` down; where the markers start."""
    draw_line(canvas, plain(words["markers_title"]), MARGIN, top - mm(5), 12, BOLD)
    draw_line(canvas, plain(words["actual_size"]), MARGIN, top - mm(11), 8)
    return top - MARKERS_HEADER


def _width_gauge(canvas: Canvas, paper: Paper, words: dict[str, str]) -> None:
    """The gauge in two parts along the foot of the page, each at exact length. The strip
    runs on past its end ticks (GAUGE_PAD), so no tick or number sits on a cut."""
    for part, (start, end) in enumerate(GAUGE_PARTS):
        x, y = MARGIN + GAUGE_PAD, MARGIN + mm(8) + part * mm(22)
        length = mm((end - start) * 10)
        canvas.setStrokeColor(colour("#000000"))
        canvas.setFillColor(FAINT)
        canvas.rect(x - GAUGE_PAD, y, length + 2 * GAUGE_PAD, mm(12), stroke=1, fill=1)
        canvas.setFillColor(colour("#000000"))
        for cm in range(start, end + 1):
            tick = mm(6) if cm % 5 == 0 else mm(3)
            at = x + mm((cm - start) * 10)
            canvas.setLineWidth(1.6 if cm in GAUGE_MARKS else 0.5)
            canvas.line(at, y + mm(12) - tick, at, y + mm(12))
            if cm % 5 == 0:
                draw_line(canvas, str(cm), at, y + mm(2), 7, BOLD if cm in GAUGE_MARKS
                          else REGULAR, "centre")
        draw_line(canvas, plain(words["gauge_part_a" if part == 0 else "gauge_part_b"]),
                  x + length + GAUGE_PAD + mm(3), y + mm(4), 7)
    draw_line(canvas, plain(words["gauge_title"]), MARGIN, MARGIN + mm(50), 9, BOLD)
