"""Reading a print shop's requirements back out of our PDFs with pikepdf and PDFium: page
boxes, PDF/X keys and output intents, fonts, strokes on the cut, colour operators, and
whether the art reaches the bleed edge. Lengths in points unless a name says mm."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfplumber
import pikepdf
import pypdfium2

from tests.pdf_reads import shared_read

MM = 72 / 25.4


@dataclass(frozen=True)
class Boxes:
    """A page's MediaBox, BleedBox and TrimBox as (x0, y0, x1, y1)."""

    media: tuple[float, ...]
    bleed: tuple[float, ...]
    trim: tuple[float, ...]


def boxes(page: pikepdf.Page) -> Boxes:
    def read(name: str) -> tuple[float, ...]:
        return tuple(float(v) for v in page.obj[name])
    return Boxes(read("/MediaBox"), read("/BleedBox"), read("/TrimBox"))


def fonts_in(resources: Any, seen: set[int] | None = None) -> Iterator[Any]:
    """Every font dictionary a resource dictionary reaches, forms included."""
    seen = set() if seen is None else seen
    if resources is None:
        return
    yield from (resources.get("/Font") or {}).values()
    for xobject in (resources.get("/XObject") or {}).values():
        key = xobject.objgen
        if key in seen or xobject.get("/Subtype") != "/Form":
            continue
        seen.add(key)
        yield from fonts_in(xobject.get("/Resources"), seen)


def is_embedded(font: Any) -> bool:
    """Whether a font's program is in the file (a Type0 font's, in its descendant)."""
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0]
    if font.get("/Subtype") == "/Type3":
        return True
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(
        key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def unembedded_fonts(path: Path) -> set[str]:
    """The names of the fonts ``path`` uses without embedding them."""
    found: set[str] = set()
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            for font in fonts_in(page.obj.get("/Resources")):
                if not is_embedded(font):
                    found.add(str(font.get("/BaseFont")))
    return found


def content_streams(pdf: pikepdf.Pdf) -> Iterator[bytes]:
    """Every page's and form's content, decoded."""
    for page in pdf.pages:
        yield page.obj.Contents.read_bytes() if not isinstance(
            page.obj.Contents, pikepdf.Array) else b"".join(
            part.read_bytes() for part in page.obj.Contents)
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form":
            yield obj.read_bytes()


RGB_OPERATOR = re.compile(rb"(?:^|\s)[-.\d]+\s+[-.\d]+\s+[-.\d]+\s+(?:rg|RG)(?=\s|$)")


def uses_rgb(path: Path) -> bool:
    """Whether any page or form paints in DeviceRGB (rg/RG) or has an RGB image."""
    with pikepdf.open(path) as pdf:
        if any(RGB_OPERATOR.search(stream) for stream in content_streams(pdf)):
            return True
        return any(isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"
                   and obj.get("/ColorSpace") == "/DeviceRGB" for obj in pdf.objects)


def transparency(path: Path) -> list[str]:
    """Soft masks and constant opacity below 1, which PDF/X-1a and X-3 forbid."""
    found = []
    with pikepdf.open(path) as pdf:
        for obj in pdf.objects:
            if not isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
                continue
            for key in ("/CA", "/ca"):
                if key in obj and float(obj[key]) < 1:
                    found.append(f"{key} {float(obj[key])}")
            if "/SMask" in obj and obj["/SMask"] != "/None":
                found.append("SMask")
    return found


def strokes_on_trim(page: Any, trim: tuple[float, ...], tolerance: float = 0.15 * MM
                    ) -> list[str]:
    """Stroked lines, rectangles or paths lying along a TrimBox edge (pdfplumber page, PDF
    coordinates): what would show as a line along the edge after a real cut."""
    height = float(page.mediabox[3])
    x0, y0, x1, y1 = trim
    found = []
    for obj in [*page.lines, *page.rects, *page.curves]:
        if not obj.get("stroke"):
            continue
        points = obj.get("pts") or [(obj["x0"], obj["top"]), (obj["x1"], obj["bottom"])]
        # pdfplumber's points are top-down: turn them back into PDF y.
        xy = [(float(x), height - float(y)) for x, y in points]
        for a, b in zip(xy, xy[1:] + xy[:1], strict=True):
            on_vertical = any(abs(a[0] - e) < tolerance and abs(b[0] - e) < tolerance
                              for e in (x0, x1)) and abs(a[1] - b[1]) > tolerance
            on_horizontal = any(abs(a[1] - e) < tolerance and abs(b[1] - e) < tolerance
                                for e in (y0, y1)) and abs(a[0] - b[0]) > tolerance
            if on_vertical or on_horizontal:
                found.append(f"{obj['object_type']} from {a} to {b}")
                break
    return found


def text_in_safe_zone(page: Any, trim: tuple[float, ...], safe: float) -> int:
    """How many printed characters of a pdfplumber page lie within ``safe`` of the trim."""
    height = float(page.mediabox[3])
    x0, y0, x1, y1 = trim
    count = 0
    for char in page.chars:
        if not char["text"].strip():
            continue
        bottom, top = height - char["bottom"], height - char["top"]
        inset = min(char["x0"] - x0, x1 - char["x1"], bottom - y0, y1 - top)
        count += inset < safe - 0.01
    return count


WHITE = 245


def bleed_gaps(path: Path, dpi: float = 72) -> list[str]:
    """Faces whose art stops at the cut: where the row of pixels just inside a trim edge is
    coloured, the row at the bleed's outer edge beside it must be coloured too. Returns a
    line per face and edge where more than a tenth of the coloured edge has white beyond.
    A face whose four trim corners are paper-white is cut along an outline inside its box
    (a hexagon, a circle): its rectangle's edges are not cuts, so it is left to
    :func:`die_cut_gaps`, which follows the outline."""
    found = []
    scale = dpi / 72
    document = pypdfium2.PdfDocument(str(path))
    with pikepdf.open(path) as pdf:
        page_boxes = [boxes(page) for page in pdf.pages]
    for index, box in enumerate(page_boxes):
        px = Raster(document[index].render(scale=scale).to_pil().convert("L"), box.media,
                    scale)

        tx0, ty0, tx1, ty1 = box.trim
        bx0, by0, bx1, by1 = box.bleed
        inner, outer = 1.5 / scale, 0.6 / scale
        # Right at the trim's corners: a disc's bleed reaches a little way into its box's
        # corners (a 24 mm marker's, 3 pt from them).
        corners = [(x, y) for x in (tx0 + inner, tx1 - inner) for y in (ty0 + inner, ty1 - inner)]
        if all(px(*corner) >= WHITE for corner in corners):
            continue  # cut along an outline inside its box (hex, circle): see die_cut_gaps
        edges = {
            "left": [((tx0 + inner, y), (bx0 + outer, y)) for y in _steps(ty0, ty1, scale)],
            "right": [((tx1 - inner, y), (bx1 - outer, y)) for y in _steps(ty0, ty1, scale)],
            "bottom": [((x, ty0 + inner), (x, by0 + outer)) for x in _steps(tx0, tx1, scale)],
            "top": [((x, ty1 - inner), (x, by1 - outer)) for x in _steps(tx0, tx1, scale)],
        }
        for name, pairs in edges.items():
            coloured = [(a, b) for a, b in pairs if px(*a) < WHITE]
            white_beyond = [a for a, b in coloured if px(*b) >= WHITE]
            if coloured and len(white_beyond) > 0.1 * len(coloured):
                found.append(f"{path.name} page {index + 1} {name}: {len(white_beyond)} of "
                             f"{len(coloured)} coloured edge pixels have white beyond")
    return found


@dataclass
class Raster:
    """A rendered page read by PDF coordinates: the grey value at (x, y) points."""

    image: Any
    media: tuple[float, ...]
    scale: float

    def __call__(self, x: float, y: float) -> int:
        width, height = self.image.size
        column = min(width - 1, max(0, int((x - self.media[0]) * self.scale)))
        row = min(height - 1, max(0, int((self.media[3] - y) * self.scale)))
        return int(self.image.getpixel((column, row)))


def _steps(start: float, end: float, scale: float) -> list[float]:
    """Positions one pixel apart along an edge, a few pixels clear of the corners."""
    step = 1 / scale
    count = int((end - start) / step)
    return [start + (i + 0.5) * step for i in range(3, count - 3)]


def open_plumber(path: Path) -> Any:
    return pdfplumber.open(str(path))


@dataclass(frozen=True)
class ReadPage:
    """What the checks here read of a pdfplumber page (its MediaBox, characters, lines,
    rectangles and curves), kept once the file is closed, and its TrimBox (pikepdf)."""

    mediabox: Any
    chars: list[dict[str, Any]]
    lines: list[dict[str, Any]]
    rects: list[dict[str, Any]]
    curves: list[dict[str, Any]]
    trim: tuple[float, ...]


_READ: dict[tuple[str, int, int], list[ReadPage]] = {}


def read_pages(path: Path) -> list[ReadPage]:
    """Every page of ``path`` as pdfplumber reads it, read once per suite run for each
    version of the file (and, for a file of the same bytes, by one xdist worker of the run:
    tests/pdf_reads.py): the print-shop tests check the same builds of the kit
    (``kit_build``) over and over, and reading a page is most of their time."""
    info = path.stat()
    key = (str(path), info.st_mtime_ns, info.st_size)
    if key not in _READ:
        _READ[key] = shared_read("print-shop-pages", path, _read_pages)
    return _READ[key]


def _read_pages(path: Path) -> list[ReadPage]:
    with pikepdf.open(path) as pdf:
        trims = [boxes(page).trim for page in pdf.pages]
    with open_plumber(path) as pdf:
        return [ReadPage(page.mediabox, page.chars, page.lines, page.rects, page.curves, trim)
                for page, trim in zip(pdf.pages, trims, strict=True)]


def die_cut_gaps(path: Path, page_index: int, outline: list[tuple[float, float]],
                 bleed: float, dpi: float = 144) -> list[str]:
    """For a piece cut along ``outline`` (points, trim coordinates, either winding): at the
    middle of each edge, a pixel just inside that is coloured must have colour a little
    short of ``bleed`` outside too."""
    import math

    scale = dpi / 72
    with pikepdf.open(path) as pdf:
        box = boxes(pdf.pages[page_index])
    image = pypdfium2.PdfDocument(str(path))[page_index].render(scale=scale).to_pil()
    grey = image.convert("L").load()
    cx = sum(x for x, _ in outline) / len(outline)
    cy = sum(y for _, y in outline) / len(outline)
    found = []
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1], strict=True):
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        length = math.hypot(mx - cx, my - cy)
        nx, ny = (mx - cx) / length, (my - cy) / length

        def value(distance: float, mx: float = mx, my: float = my, nx: float = nx,
                  ny: float = ny) -> int:
            x = box.trim[0] + mx + nx * distance - box.media[0]
            y = box.media[3] - (box.trim[1] + my + ny * distance)
            return int(grey[int(x * scale), int(y * scale)])

        if value(-1.5) < WHITE and value(bleed * 0.85) >= WHITE:
            found.append(f"edge at ({mx:.1f}, {my:.1f}): white {bleed * 0.85:.1f} pt beyond")
    return found


def marks_in_safe_zone(page: Any, trim: tuple[float, ...], safe: float) -> list[str]:
    """The drawn marks of a pdfplumber page (stroked or filled lines, rectangles, paths) that
    lie within ``safe`` of the trim: what a player reads (a ruler's ticks, a gauge's rays, a
    join's arrow, pips, symbols) and a real cut may shave. Left out as background art: any
    shape reaching past the trim into the bleed (half a point's grace), and a fill alone
    spanning nine tenths of the face's width or height (a face's ground, a hex token's
    colour). The extent is the path's (pdfplumber's bbox), not its stroke's width."""
    height = float(page.mediabox[3])
    tx0, ty0, tx1, ty1 = trim
    grace = 0.5
    found = []
    for obj in [*page.lines, *page.rects, *page.curves]:
        x0, x1 = float(obj["x0"]), float(obj["x1"])
        y0, y1 = height - float(obj["bottom"]), height - float(obj["top"])
        if x0 < tx0 - grace or x1 > tx1 + grace or y0 < ty0 - grace or y1 > ty1 + grace:
            continue
        ground = obj.get("fill") and not obj.get("stroke") and (
            x1 - x0 >= 0.9 * (tx1 - tx0) or y1 - y0 >= 0.9 * (ty1 - ty0))
        inset = min(x0 - tx0, tx1 - x1, y0 - ty0, ty1 - y1)
        if not ground and inset < safe - 0.01:
            found.append(f"{obj['object_type']} ({x0 - tx0:.1f}, {y0 - ty0:.1f})-"
                         f"({x1 - tx0:.1f}, {y1 - ty0:.1f}) pt: {inset / MM:.2f} mm in")
    return found


def outline_inset(point: tuple[float, float], outline: list[tuple[float, float]]) -> float:
    """How far ``point`` lies inside the polygon ``outline`` (negative outside): its distance
    from the nearest edge, signed by an even-odd ray cast. Any simple polygon, any winding."""
    x, y = point
    nearest, inside = math.inf, False
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1], strict=True):
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)))
        nearest = min(nearest, math.hypot(x - x1 - t * dx, y - y1 - t * dy))
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * dx / dy:
            inside = not inside
    return nearest if inside else -nearest


def inside_outline(page: Any, trim: tuple[float, ...], outline: list[tuple[float, float]],
                   safe: float) -> list[str]:
    """Text and drawn marks of a piece cut along ``outline`` (points from the trim's lower
    left) that come within ``safe`` of that cut: each character's box and each mark's box,
    by its corners (the box of a convex ink, so a little strict). A fill alone with a corner
    beyond the outline is colour art following the cut, left out."""
    height = float(page.mediabox[3])
    found = []
    texts = [c for c in page.chars if c["text"].strip()]
    for obj in [*texts, *page.lines, *page.rects, *page.curves]:
        x0, x1 = float(obj["x0"]) - trim[0], float(obj["x1"]) - trim[0]
        y0 = height - float(obj["bottom"]) - trim[1]
        y1 = height - float(obj["top"]) - trim[1]
        inset = min(outline_inset(corner, outline)
                    for corner in ((x0, y0), (x0, y1), (x1, y0), (x1, y1)))
        colour_art = obj.get("object_type") != "char" and obj.get("fill") \
            and not obj.get("stroke") and inset < -0.5
        if inset < safe - 0.01 and not colour_art:
            what = f"'{obj['text']}'" if obj.get("object_type") == "char" else \
                obj["object_type"]
            found.append(f"{what} at ({x0:.1f}, {y0:.1f}) pt: {inset / MM:.2f} mm in")
    return found


def flat_hexagon(width: float, height: float) -> list[tuple[float, float]]:
    """A flat-topped hexagon filling a width x height box (a face's cut outline)."""
    return [(0.0, height / 2), (width / 4, 0.0), (3 * width / 4, 0.0), (width, height / 2),
            (3 * width / 4, height), (width / 4, height)]


def pointy_hexagon(width: float, height: float) -> list[tuple[float, float]]:
    """A pointy-topped hexagon filling a width x height box."""
    return [(width / 2, 0.0), (width, height / 4), (width, 3 * height / 4),
            (width / 2, height), (0.0, 3 * height / 4), (0.0, height / 4)]
