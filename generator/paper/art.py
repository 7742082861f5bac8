"""A vehicle's own picture (``art:`` in its file), shared by the games that print one.

The path is written relative to the vehicle file and resolved once, when the file is read
(``resolve_art``), so components only ever see a path they can open. Whether the picture is
fit to print is a rule of each game (``<PREFIX>-ART-FILE``, ``<PREFIX>-ART-RESOLUTION`` in its
rules.yaml), checked here against the areas the game prints it in: a raster picture must give
about 200 dpi in the largest of them. PNG and JPEG are read by ReportLab's ImageReader; SVG by
svglib, imported only when a vehicle names an SVG.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import pickle
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from generator.input.findings import Finding, KeyPath, RuleBook
from generator.input.schema import INVALID, Text, Validation
from generator.input.source import Mark, Node
from generator.keep.cache_folder import cache_folder
from generator.keep.data_yaml import cached
from generator.keep.entries import MAGIC, read_entry, write_entry
from generator.keep.kept_drawings import replay_or_draw
from generator.paper.units import POINTS_PER_INCH, mm, to_mm
from generator.text.fonts import REGULAR

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.paper.layout import Pen

ART_PATTERN = r"^.*[^/\\]\.([pP][nN][gG]|[jJ][pP][eE]?[gG]|[sS][vV][gG])$"  # JSON Schema too
_SUFFIX = re.compile(ART_PATTERN)


class ArtPath(Text):
    """A picture's path: a .png, .jpg or .svg file, relative to the file that names it."""

    pattern = ART_PATTERN

    def __init__(self) -> None:
        super().__init__()
        self.expected = "a path to a .png, .jpg or .svg picture, relative to this file"

    def own_schema(self) -> dict[str, Any]:
        return {**super().own_schema(), "pattern": self.pattern}

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        text = super().check(node, path, v)
        if text is INVALID or _SUFFIX.match(text):
            return text
        return v.fail("SCHEMA-VALUE", node.mark, path, self.source, expected=self.expected,
                      found=f"'{text}'", extra="; save the picture as PNG or SVG")


ART = ArtPath()


def resolve_art(model: Any, file: str) -> Any:
    """``model`` with its ``art`` path made relative to where Paddock runs, not to ``file``."""
    art = getattr(model, "art", None)
    if not isinstance(art, str):  # no art, or a model without the field
        return model
    return dataclasses.replace(model, art=str(Path(file).parent / art))


def art_files(paths: Sequence[Path]) -> list[Path]:
    """The pictures the single files among ``paths`` name (``paddock build --watch`` watches
    them; a folder's own pictures are watched with the folder)."""
    from generator.errors import InputError
    from generator.input.source import Map, Scalar, load_document

    found = []
    for path in paths:
        if not path.is_file():
            continue
        try:
            root = load_document(path).root
        except InputError:
            continue
        art = root.get("art") if isinstance(root, Map) else None
        if isinstance(art, Scalar) and isinstance(art.value, str) and art.value.strip():
            found.append(path.parent / art.value.strip())
    return found


@dataclass(frozen=True)
class Area:
    """Where a game prints the picture: a name for messages and its box in points."""

    name: str
    width: float
    height: float


@dataclass(frozen=True)
class Picture:
    """A readable picture: its natural size (pixels for a raster, points for an SVG)."""

    path: str
    width: float
    height: float
    vector: bool

    def fitted(self, width: float, height: float) -> tuple[float, float]:
        """The size it prints at inside a box, keeping its proportions."""
        scale = min(width / self.width, height / self.height)
        return self.width * scale, self.height * scale

    def dpi_in(self, area: Area) -> float:
        """Pixels per inch when fitted into ``area`` (infinite for a drawing)."""
        if self.vector:
            return float("inf")
        printed_width, _ = self.fitted(area.width, area.height)
        return self.width / (printed_width / POINTS_PER_INCH)


class ArtUnreadable(Exception):
    """The picture cannot be opened or read; the message says why, in plain words."""


@lru_cache(maxsize=64)
def _read(path: str, stamp: float) -> Picture:
    if path.lower().endswith(".svg"):
        return _read_svg(path)
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    try:
        reader = ImageReader(path)
        width, height = reader.getSize()
        reader.getRGBData()  # the whole picture, so a truncated file fails here, not mid-build
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        raise ArtUnreadable("is not a PNG or JPEG picture Paddock can read") from exc
    return Picture(path, float(width), float(height), vector=False)


def _read_svg(path: str) -> Picture:
    """An SVG's size, read by svglib once and then kept between runs (under a digest of the
    file and of svglib's parser: see :func:`generator.keep.data_yaml.cached`), so checking a
    vehicle with an SVG loads neither svglib nor ReportLab's graphics; a file svglib cannot
    read is never kept, and fails every time."""
    raw = Path(path).read_bytes()
    width, height = cached(raw, f"svg size {_svg_parser()}", lambda: _svg_size(path))
    return Picture(path, float(width), float(height), vector=True)


def _svg_size(path: str) -> list[float]:
    drawing = _convert_svg(path)
    return [float(drawing.width), float(drawing.height)]


def _convert_svg(path: str) -> Any:
    """svglib's drawing of an SVG; ArtUnreadable when it cannot read it."""
    from svglib.svglib import svg2rlg

    quiet = logging.getLogger("svglib")
    level, quiet.level = quiet.level, logging.CRITICAL + 1
    try:
        drawing = svg2rlg(path)
    except Exception as exc:  # svglib raises whatever lxml and its own parser raise
        raise ArtUnreadable("is not an SVG drawing Paddock can read") from exc
    finally:
        quiet.level = level
    if drawing is None or drawing.width <= 0 or drawing.height <= 0:
        raise ArtUnreadable("is not an SVG drawing Paddock can read (no width and height)")
    return drawing


@lru_cache(maxsize=1)
def _svg_parser() -> str:
    """What an SVG's reading depends on besides its bytes: svglib's parser and ReportLab."""
    import importlib.util

    import reportlab

    digest = hashlib.sha256(f"reportlab {reportlab.Version}".encode())
    spec = importlib.util.find_spec("svglib")
    folder = Path(spec.origin).parent if spec is not None and spec.origin else None
    for name in ("svglib.py", "utils.py", "fonts.py"):
        try:
            digest.update((folder / name).read_bytes() if folder else b"")
        except OSError:
            digest.update(name.encode())
    return digest.hexdigest()


def _svg_digest(raw: bytes) -> str:
    """What names an SVG's drawing: its bytes, read by this svglib and ReportLab."""
    return hashlib.sha256(f"svg drawing {_svg_parser()}\0".encode() + raw).hexdigest()[:32]


@lru_cache(maxsize=16)
def svg_drawing(path: str, stamp: float) -> Any:
    """The SVG as a ReportLab drawing, to draw: kept between runs pickled (a third of the
    time of converting it again, and svglib is never loaded), made by svglib otherwise."""
    kept = cache_folder() / "art" / f"{_svg_digest(MAGIC + Path(path).read_bytes())}.pickle"
    content = read_entry(kept)  # only an entry this user wrote, whole, is unpickled
    if content is not None:
        try:
            return pickle.loads(content)  # noqa: S301 - checked by read_entry
        except Exception:  # noqa: BLE001, S110 - not what this code writes: convert again
            pass
    drawing = _convert_svg(path)
    write_entry(kept, pickle.dumps(drawing, protocol=5))
    return drawing


def read_picture(path: str) -> Picture:
    """The picture at ``path``; raises ArtUnreadable for a missing or unreadable file."""
    file = Path(path)
    if not file.is_file():
        raise ArtUnreadable("does not exist" if not file.exists() else "is not a file")
    return _read(path, file.stat().st_mtime)


class Located(Protocol):
    """What art_findings needs of a loaded definition (the project layer's ``Definition``):
    its model and where a key path sits in its file."""

    model: Any

    def locate(self, path: KeyPath) -> Mark: ...


def art_findings(definition: Located, rules: RuleBook[Any], prefix: str,
                 areas: Sequence[Area]) -> list[Finding]:
    """``PREFIX-ART-FILE`` for a picture that cannot be read, else ``PREFIX-ART-RESOLUTION``
    when a raster picture prints under the rule's dpi in the largest of ``areas``."""
    art = getattr(definition.model, "art", None)
    if art is None or not areas:
        return []
    mark = definition.locate(("art",))
    try:
        picture = read_picture(art)
    except ArtUnreadable as exc:
        return [rules[f"{prefix}-ART-FILE"].finding(mark, file=art, problem=str(exc))]
    rule = rules[f"{prefix}-ART-RESOLUTION"]
    least = min(areas, key=picture.dpi_in)
    dpi = picture.dpi_in(least)
    if dpi >= rule.params["min_dpi"]:
        return []
    printed = picture.fitted(least.width, least.height)
    scale = rule.params["min_dpi"] / dpi
    return [rule.finding(
        mark, file=art, pixels=f"{picture.width:.0f} x {picture.height:.0f}", dpi=round(dpi),
        area=least.name, size=f"{to_mm(printed[0]):.0f} x {to_mm(printed[1]):.0f} mm",
        needed=f"{picture.width * scale:.0f} x {picture.height * scale:.0f}")]


def draw_picture(canvas: Canvas, path: str, x: float, y: float, width: float,
                 height: float) -> None:
    """The picture fitted and centred in the box (points, lower-left ``x``, ``y``)."""
    picture = read_picture(path)
    shown_w, shown_h = picture.fitted(width, height)
    left, bottom = x + (width - shown_w) / 2, y + (height - shown_h) / 2
    if not picture.vector:
        if getattr(canvas, "_enforceColorSpace", None) is not None:  # --cmyk (pdf.new_canvas)
            from reportlab.lib.utils import ImageReader

            canvas.drawImage(ImageReader(cmyk_picture(path)), left, bottom, shown_w, shown_h)
        else:
            canvas.drawImage(path, left, bottom, shown_w, shown_h, mask="auto")
        return
    canvas.saveState()
    canvas.translate(left, bottom)
    canvas.scale(shown_w / picture.width, shown_h / picture.height)
    # Drawn before (in this file, or kept from another): ReportLab's graphics code is not
    # even loaded.
    replay_or_draw(canvas, ("svg", _svg_digest(Path(path).read_bytes()), REGULAR),
                   lambda: _render(path, canvas))
    canvas.restoreState()


def _render(path: str, canvas: Canvas) -> None:
    """Draw the SVG. ReportLab's graphics start every drawing in Helvetica (its state
    defaults), which names a font the file does not embed even when the picture has no
    text; it starts in our own font instead."""
    from reportlab.graphics import renderPDF
    from reportlab.graphics.renderbase import STATE_DEFAULTS

    default = STATE_DEFAULTS["fontName"]
    STATE_DEFAULTS["fontName"] = REGULAR
    try:
        renderPDF.draw(svg_drawing(path, Path(path).stat().st_mtime), canvas, 0, 0)
    finally:
        STATE_DEFAULTS["fontName"] = default


def cmyk_picture(path: str) -> Any:
    """The raster picture as CMYK with the same grey-component replacement as our colours
    (``generator.paper.colour``): greys become black ink alone. Transparency is flattened onto
    white, as a print shop's CMYK file has no alpha."""
    from PIL import Image, ImageChops, ImageMath, ImageOps

    with Image.open(path) as opened:
        source = opened.convert("RGBA")
    flat = Image.new("RGB", source.size, "white")
    flat.paste(source, mask=source.getchannel("A"))
    cyan, magenta, yellow = ImageOps.invert(flat).split()
    black = ImageChops.darker(ImageChops.darker(cyan, magenta), yellow)

    def without_black(ink: Any) -> Any:
        # (ink - K) / (1 - K), in 0-255; ImageMath gives 0 where K is full (pure black).
        return ImageMath.lambda_eval(
            lambda a: (a["ink"] - a["k"]) * 255.0 / (255.0 - a["k"]), ink=ink,
            k=black).convert("L")

    return Image.merge("CMYK", [without_black(cyan), without_black(magenta),
                                without_black(yellow), black])


def draw_art(pen: Pen, path: str, x: float, y: float, width: float, height: float) -> None:
    """The picture fitted into a box given in mm from the face's top-left, as Pen draws."""
    left, bottom = pen.point(x, y + height)
    draw_picture(pen.canvas, path, left, bottom, mm(width), mm(height))
