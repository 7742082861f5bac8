"""A Formula Ace circuit's cut pieces for a print shop: ``<circuit>-markers.pdf``.

At home the beacon and obstacle markers and the width gauge share the circuit file's exact-size
pages, cut out by hand. A print shop cuts them itself, so in print-shop mode they are faces
like every other cut piece (:class:`generator.paper.imposition.SheetWriter`): a page each, the
profile's bleed built in, crop marks where the profile wants them. A marker is cut along its
circle and its colour runs past the circle by the bleed; its label sits at its centre. Each
width-gauge part is a strip whose ticks and numbers keep inside the profile's safe zone; the
plan stays a sheet printed whole in the circuit file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from generator.games.formula_ace.circuit import Circuit
from generator.paper.colour import canvas_inks, under_light_text
from generator.paper.drawing import colour, draw_line
from generator.paper.imposition import Batch, Component, Piece, sheets_writer
from generator.paper.output import BuildContext
from generator.paper.pdf import PdfInfo
from generator.paper.units import mm
from generator.text.fonts import BOLD, REGULAR
from generator.text.templates import plain

MARKER_MM = 24.0                 # a beacon marker's diameter
BEACON = colour("#c0392b")
OBSTACLE = colour("#555555")
FAINT = colour("#eef2f6")
INK = colour("#000000")
GAUGE_PARTS = ((0, 15), (15, 30))  # cm: the width gauge in two parts
GAUGE_MARKS = (20, 25, 30)        # the book's widths (6/)
GAUGE_HEIGHT = mm(12)             # the strip inside its safe zone: ticks, then numbers
GAUGE_END = mm(2)                 # strip beyond each end tick, inside the safe zone
LABEL_SIZE = 7.0


@dataclass(frozen=True)
class MarkerFace:
    """A round marker: its colour past the circle by the bleed, its label at the centre."""

    label: str
    ink: Color

    @property
    def key(self) -> tuple[str, str]:
        return ("circuit marker", self.label)

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None:
        radius = width / 2
        canvas.setFillColor(under_light_text(self.ink, canvas_inks(canvas)))
        canvas.circle(radius, height / 2, radius + bleed, stroke=0, fill=1)
        canvas.setFillColor(white)
        draw_line(canvas, self.label, radius, height / 2 - LABEL_SIZE * 0.35, LABEL_SIZE * 1.5,
                  BOLD, "centre")


@dataclass(frozen=True)
class GaugeFace:
    """One part of the width gauge, ``start`` to ``end`` cm, its ticks ``safe`` inside the
    top cut and its numbers ``safe`` above the bottom one; the part's name between two
    numbers."""

    start: int
    end: int
    label: str
    safe: float

    @property
    def key(self) -> tuple[str, int, int, float]:
        return ("width gauge", self.start, self.end, self.safe)

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None:
        canvas.setFillColor(FAINT)
        canvas.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
        canvas.setStrokeColor(INK)
        canvas.setFillColor(INK)
        top, x = height - self.safe, self.safe + GAUGE_END
        for cm in range(self.start, self.end + 1):
            tick = mm(6) if cm % 5 == 0 else mm(3)
            at = x + mm((cm - self.start) * 10)
            canvas.setLineWidth(1.6 if cm in GAUGE_MARKS else 0.5)
            canvas.line(at, top - tick, at, top)
            if cm % 5 == 0:
                draw_line(canvas, str(cm), at, self.safe + mm(1), 7,
                          BOLD if cm in GAUGE_MARKS else REGULAR, "centre")
        middle = x + mm((self.end - self.start) * 5)
        draw_line(canvas, self.label, middle, self.safe + mm(1), 7, REGULAR, "centre")


def gauge_component(start: int, end: int, safe: float, bleed: float) -> Component:
    """A gauge part's strip: its length between the end ticks, and the safe zone and a
    little strip beyond each, so no tick or number is near a cut."""
    return Component(mm((end - start) * 10) + 2 * (safe + GAUGE_END),
                     GAUGE_HEIGHT + 2 * safe, bleed)


def marker_batches(circuit: Circuit, context: BuildContext, words: dict[str, str]
                   ) -> list[Batch]:
    """The obstacles (a batch per diameter), the beacons, then the two gauge parts."""
    printing, options = context.printing, context.sheet_options()
    safe = printing.safe_zone
    batches: list[Batch] = []
    by_size: dict[float, list[Piece]] = {}
    for number, obstacle in enumerate(circuit.obstacles, start=1):
        by_size.setdefault(obstacle.diameter * 10, []).append(
            Piece(MarkerFace(f"O{number}", OBSTACLE), label=f"obstacle O{number}"))
    by_size.setdefault(MARKER_MM, []).extend(
        Piece(MarkerFace(f"{side}{number}", BEACON), label=f"beacon {side}{number}")
        for number in range(1, len(circuit.gates) + 1) for side in "LR")
    for size, pieces in by_size.items():
        batches.append((marker_component(size, printing.bleed), pieces, options))
    for part, (start, end) in enumerate(GAUGE_PARTS):
        label = plain(words["gauge_part_a" if part == 0 else "gauge_part_b"])
        batches.append((gauge_component(start, end, safe, printing.bleed),
                        [Piece(GaugeFace(start, end, label, safe), label=label)], options))
    return batches


def marker_component(size_mm: float, bleed: float) -> Component:
    """A round marker ``size_mm`` across, cut along its circle: its face draws its own
    colour under the bleed."""
    return Component(mm(size_mm), mm(size_mm), bleed, shape="rounded",
                     corner_radius=mm(size_mm) / 2, own_bleed=True)


def markers_writer(circuit: Circuit, context: BuildContext, words: dict[str, str]
                   ) -> Callable[[Path], PdfInfo]:
    """The markers file's writer: a page per face."""
    return sheets_writer(f"{circuit.name}: beacon and obstacle markers, width gauge",
                         context.paper, context.printing.cmyk,
                         marker_batches(circuit, context, words))
