"""Opening and finishing PDF files the same way everywhere."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfdoc import PDFStream
from reportlab.pdfgen.canvas import Canvas

from generator import __version__
from generator.keep import flate_store
from generator.paper.colour import CMYK_CONVERSION, Inks, colour_space
from generator.paper.pdfx import make_pdfx
from generator.paper.printers import PrintShop
from generator.paper.units import Paper, to_mm
from generator.text.fonts import REGULAR, register_fonts


@dataclass(frozen=True)
class PdfInfo:
    """What the manifest records of a written PDF."""

    pages: int
    page_size_mm: tuple[float, float]


# Streams are written Flate-compressed as binary, without an ASCII85 layer on top: every
# reader since PDF 1.2 takes binary, files come out 20% smaller, and ReportLab's pure-Python
# ASCII85 encoder was a fifth of the time of writing a large deck.
rl_config.useA85 = 0


class _AlreadyFlated:
    """The Flate filter of a stream compressed when its page was finished: named in the PDF,
    nothing left to do when the file is written."""

    pdfname = "FlateDecode"

    def encode(self, content: bytes) -> bytes:
        return content


_ALREADY_FLATED = _AlreadyFlated()


def _flate(self: object, text: str | bytes) -> bytes:
    """ReportLab's Flate filter (forms, font subsets), through the kept streams."""
    return flate_store.compress(text.encode("utf8") if isinstance(text, str) else text)


# Every stream ReportLab compresses when a file is saved goes through the one filter object.
pdfdoc.PDFStreamFilterZCompress.encode = _flate


class PageCompressingCanvas(Canvas):
    """A canvas that compresses each page's drawing as the page is finished, not all pages
    when the file is saved: a 1,000-vehicle deck keeps a tenth of the memory, and the bytes
    written are the same (the same zlib call on the same text, ReportLab's page-stream
    comment and all; see :mod:`generator.keep.flate_store` for the compressed bytes kept)."""

    # "rgb" or "cmyk" (and a print shop's inks): the colours a drawing kept between runs was
    # written in (drawing.py).
    colour_model = "rgb"
    # Whether faces draw their cut guides (a hairline on the trim): home sheets only.
    cut_guides = True

    # Whether the page being drawn has had its TrimBox or BleedBox set (every page gets them).
    page_boxes_set = False
    pdfx = False

    def setCropBox(self, size: object, name: str = "crop") -> None:  # noqa: N802
        super().setCropBox(size, name)
        self.page_boxes_set = True

    def showPage(self) -> None:
        if not self.page_boxes_set:
            # A sheet printed whole (a map tile, a layout page): the page is the product, and
            # says so in a PDF/X file and at home alike (every page carries both boxes).
            page = (0.0, 0.0, *self._pagesize)
            super().setCropBox(page, "trim")
            super().setCropBox(page, "bleed")
        self.page_boxes_set = False
        super().showPage()
        page = self._doc.Pages.pages[-1]
        if page.compression and page.stream and not page.Contents:
            text = page.stream
            stream = PDFStream(content=flate_store.compress(
                text.encode("utf8") if isinstance(text, str) else text),
                filters=[_ALREADY_FLATED])
            stream.__Comment__ = "page stream"
            page.Contents = stream
            page.stream = None


def new_canvas(path: Path | BinaryIO, title: str, paper: Paper, cmyk: bool = False,
               shop: PrintShop | None = None) -> Canvas:
    """A canvas with our fonts, metadata, and reproducible output (no timestamps); with
    ``cmyk`` every colour drawn is written as CMYK (see ``generator.paper.colour``). ``path`` may
    be an in-memory file (previews). For a print ``shop`` the file is PDF/X in the shop's
    colours and ink limit (``cmyk`` is then the shop's), and faces draw no cut guides.

    The canvas starts in our own font, not ReportLab's default Helvetica: every page's
    stream names its starting font, and a Helvetica named there is a font left unembedded,
    which a preflight flags although it prints nothing."""
    register_fonts()
    target = str(path) if isinstance(path, Path) else path
    inks = Inks() if shop is None else Inks(shop.total_ink / 100, shop.rich_black)
    cmyk = cmyk if shop is None else shop.cmyk
    canvas = PageCompressingCanvas(target, pagesize=(paper.width, paper.height), invariant=True,
                    pageCompression=1, enforceColorSpace=colour_space(cmyk, inks),
                    initialFontName=REGULAR)
    # What a drawing kept between runs was drawn in (kept_drawings): colours and cut guides.
    canvas.colour_model = (f"cmyk/{CMYK_CONVERSION}" if cmyk else "rgb") + (
        "" if shop is None else f"/shop/{inks.total:g}/{inks.rich_black}")
    canvas.cut_guides = shop is None
    # Faces choose text colours for the ground as printed (generator.paper.colour.printed).
    canvas.inks = inks if cmyk else None
    # Text keeps this far from every cut (generator.paper.layout.safe_area).
    canvas.safe_zone = 0.0 if shop is None else shop.safe_zone
    if shop is not None:
        make_pdfx(canvas, shop)
        canvas.pdfx = True
    canvas.setTitle(title)
    canvas.setAuthor("Paddock")
    canvas.setCreator(f"Paddock {__version__}")
    return canvas


def finish(canvas: Canvas, pages: int, paper: Paper) -> PdfInfo:
    """Save the canvas and report its page count and size."""
    canvas.save()
    return PdfInfo(pages, (round(to_mm(paper.width), 2), round(to_mm(paper.height), 2)))
