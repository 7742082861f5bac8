"""Opening and finishing PDF files the same way everywhere."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from generator import __version__
from generator.drawing import register_fonts
from generator.units import Paper, to_mm


@dataclass(frozen=True)
class PdfInfo:
    """What the manifest records of a written PDF."""

    pages: int
    page_size_mm: tuple[float, float]


def new_canvas(path: Path, title: str, paper: Paper) -> Canvas:
    """A canvas with our fonts, metadata, and reproducible output (no timestamps)."""
    register_fonts()
    canvas = Canvas(str(path), pagesize=(paper.width, paper.height), invariant=True,
                    pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor("Paddock")
    canvas.setCreator(f"Paddock {__version__}")
    return canvas


def finish(canvas: Canvas, pages: int, paper: Paper) -> PdfInfo:
    """Save the canvas and report its page count and size."""
    canvas.save()
    return PdfInfo(pages, (round(to_mm(paper.width), 2), round(to_mm(paper.height), 2)))
