"""Opening and finishing PDF files the same way everywhere."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from generator import __version__
from generator.colour import colour_space
from generator.drawing import register_fonts
from generator.units import Paper, to_mm


@dataclass(frozen=True)
class PdfInfo:
    """What the manifest records of a written PDF."""

    pages: int
    page_size_mm: tuple[float, float]


# Streams are written Flate-compressed as binary, without an ASCII85 layer on top: every
# reader since PDF 1.2 takes binary, files come out 20% smaller, and ReportLab's pure-Python
# ASCII85 encoder was a fifth of the time of writing a large deck.
rl_config.useA85 = 0


def new_canvas(path: Path | BinaryIO, title: str, paper: Paper, cmyk: bool = False) -> Canvas:
    """A canvas with our fonts, metadata, and reproducible output (no timestamps); with
    ``cmyk`` every colour drawn is written as CMYK (see ``generator.colour``). ``path`` may
    be an in-memory file (previews)."""
    register_fonts()
    target = str(path) if isinstance(path, Path) else path
    canvas = Canvas(target, pagesize=(paper.width, paper.height), invariant=True,
                    pageCompression=1, enforceColorSpace=colour_space(cmyk))
    canvas.setTitle(title)
    canvas.setAuthor("Paddock")
    canvas.setCreator(f"Paddock {__version__}")
    return canvas


def finish(canvas: Canvas, pages: int, paper: Paper) -> PdfInfo:
    """Save the canvas and report its page count and size."""
    canvas.save()
    return PdfInfo(pages, (round(to_mm(paper.width), 2), round(to_mm(paper.height), 2)))
