"""Reading geometry back out of the PDFs we write, in millimetres from the lower-left."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfplumber

MM = 72 / 25.4


@dataclass(frozen=True)
class Box:
    """A rectangle in mm, PDF orientation (y up)."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def strictly_contains(self, x: float, y: float, tolerance: float = 0.01) -> bool:
        return (self.x0 + tolerance < x < self.x1 - tolerance
                and self.y0 + tolerance < y < self.y1 - tolerance)


def box_of(obj: dict[str, Any]) -> Box:
    """A pdfplumber object's box in mm."""
    return Box(obj["x0"] / MM, obj["y0"] / MM, obj["x1"] / MM, obj["y1"] / MM)


def page_box(page: Any, name: str) -> Box:
    """MediaBox, TrimBox or BleedBox of a page, in mm."""
    raw = page.page_obj.attrs[name]
    values = [float(v) for v in (raw.resolve() if hasattr(raw, "resolve") else raw)]
    return Box(*(v / MM for v in values))


def open_pdf(path: Path) -> Any:
    return pdfplumber.open(str(path))


def colour_key(colour: Any) -> tuple[float, ...]:
    return tuple(round(float(c), 3) for c in (colour or ()))


def stroked_rects(page: Any, colour: tuple[float, ...]) -> list[Box]:
    """Rectangles stroked in ``colour`` (RGB, rounded to 3 places)."""
    return [box_of(r) for r in page.rects
            if r.get("stroke") and colour_key(r.get("stroking_color")) == colour]


def segments(page: Any) -> list[Box]:
    """Every straight line on the page, as a box (zero width or height)."""
    return [box_of(line) for line in page.lines]


ROOT = Path(__file__).resolve().parent.parent
VEHICLES = ROOT / "vehicles" / "frothy-races"


def copy_vehicles(folder: Path, *names: str) -> Path:
    """A folder holding copies of shipped vehicles (by file stem), for small fast builds."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / f"{name}.yaml").write_text((VEHICLES / f"{name}.yaml").read_text())
    return folder


def card_texts(path: Path, width_mm: float = 63.5, height_mm: float = 88.9) -> list[str]:
    """The text of each card cell of every sheet page, whitespace collapsed: cells are cut
    from the page's TrimBox at the card size, so side-by-side cards never interleave."""
    texts = []
    for page in open_pdf(path).pages:
        trim = page_box(page, "TrimBox")
        columns = round(trim.width / width_mm)
        rows = round(trim.height / height_mm)
        for row in range(rows):
            for column in range(columns):
                x0 = (trim.x0 + column * width_mm) * MM
                top = page.height - (trim.y1 - row * height_mm) * MM
                cell = page.crop((x0, top, x0 + width_mm * MM, top + height_mm * MM))
                text = " ".join((cell.extract_text() or "").split())
                if text:
                    texts.append(text)
    return texts


def cut_hairlines(page: Any, size: tuple[float, float]) -> list[tuple[float, float]]:
    """(x0, top) of every stroked, unfilled rectangle of ``size`` (points) on a page: the
    hairline a face draws on its trim for scissors."""
    width, height = size
    return sorted((r["x0"], r["top"]) for r in page.rects
                  if r["stroke"] and not r["fill"]
                  and abs(r["width"] - width) < 0.01 and abs(r["height"] - height) < 0.01)
