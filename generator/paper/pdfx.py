"""PDF/X: what makes a file one a print shop's preflight accepts as it is.

A print-shop file declares its version in the Info dictionary (``GTS_PDFXVersion``, with
``Trapped`` False, a title and its dates, which ReportLab writes), and names the printing
condition its colours are meant for in the catalogue's ``OutputIntents``: a condition
registered with the ICC (FOGRA39, CGATS TR 001, ...), so no profile need be embedded.
PDF/X-1a:2003 allows only CMYK and grey (``--cmyk`` and the CMYK profiles). Where RGB is kept,
the file is PDF/X-3:2003 and every resource dictionary maps DeviceRGB to sRGB through a
``DefaultRGB`` ICC colour space, so each colour has a defined meaning the shop converts from.
The sRGB profile is Little CMS's own, made by Pillow (which ReportLab already brings), with its
creation date fixed so a build is reproducible. The page boxes (TrimBox and BleedBox on every
page) are the imposition's; fonts are all embedded (:mod:`generator.paper.pdf`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDictionary,
    PDFInfo,
    PDFName,
    PDFResourceDictionary,
    PDFStream,
    PDFString,
)
from reportlab.pdfgen.canvas import Canvas

from generator.paper.printers import REGISTERED_CONDITIONS, PrintShop

REGISTRY = "http://www.color.org"
# ICC header bytes 24-35: the profile's creation date (year, month, day, hour, minute,
# second as 16-bit numbers), fixed at 2000-01-01 so the file's bytes do not change by the day.
_DATE = slice(24, 36)
_FIXED_DATE = bytes.fromhex("07d0 0001 0001 0000 0000 0000".replace(" ", ""))


@lru_cache(maxsize=1)
def srgb_profile() -> bytes:
    """The sRGB ICC profile (IEC 61966-2.1) as Little CMS builds it, with a fixed date."""
    from PIL import ImageCms

    data = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    data[_DATE] = _FIXED_DATE
    return bytes(data)


class PdfxInfo(PDFInfo):
    """ReportLab's Info dictionary with the PDF/X version added."""

    pdfx_version = ""

    def format(self, document: Any) -> bytes:
        text: bytes = super().format(document)
        entry = PDFDictionary({"GTS_PDFXVersion": PDFString(self.pdfx_version)}).format(
            document)
        # Both are '<< ... >>': the version goes in before the closing brackets.
        inner = entry.strip()[2:-2].strip()
        head, _, _ = text.rpartition(b">>")
        return head.rstrip() + b"\n " + inner + b"\n>>"


def output_intent(shop: PrintShop) -> PDFDictionary:
    """The OutputIntent dictionary naming the shop's registered printing condition."""
    name = shop.output_condition
    return PDFDictionary({
        "Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(name), "RegistryName": PDFString(REGISTRY),
        "OutputCondition": PDFString(REGISTERED_CONDITIONS[name]),
        "Info": PDFString(REGISTERED_CONDITIONS[name])})


def make_pdfx(canvas: Canvas, shop: PrintShop) -> None:
    """Make the file ``canvas`` writes a PDF/X file for ``shop``."""
    doc = canvas._doc
    info = PdfxInfo()
    info.__dict__.update(doc.info.__dict__)
    info.pdfx_version = shop.pdfx_version
    info.trapped = "False"
    doc.info = info
    catalog = doc.Catalog
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = PDFArray([output_intent(shop)])
    if not shop.cmyk:
        profile = PDFStream(PDFDictionary({"N": 3, "Alternate": PDFName("DeviceRGB")}),
                            srgb_profile())
        reference = doc.Reference(profile, "PaddockSRGB")
        doc.paddock_default_rgb = PDFArray([PDFName("ICCBased"), reference])


_plain_format = PDFResourceDictionary.format


def _format_resources(self: PDFResourceDictionary, document: Any) -> Any:
    """Every resource dictionary of a PDF/X-3 file maps DeviceRGB to sRGB (DefaultRGB)."""
    space = getattr(document, "paddock_default_rgb", None)
    if space is not None and "DefaultRGB" not in self.ColorSpace:
        self.ColorSpace = {**self.ColorSpace, "DefaultRGB": space}
    return _plain_format(self, document)


# Patched once, like the Flate filter in pdf.py: a file that is not PDF/X-3 is unchanged.
pdfdoc.PDFResourceDictionary.format = _format_resources
