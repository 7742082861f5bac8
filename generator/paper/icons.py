"""Vector icons, defined once as data and drawn crisp at any size.

Each icon is a list of shapes in a 100 x 100 box with y pointing down, as in SVG, so path data
can be copied straight out of an SVG editor: ``path`` (SVG path data: M L H V C S Q T Z, upper
or lower case), ``circle: [cx, cy, r]`` or ``rect: [x, y, w, h, radius]``. A shape is filled
with ``fill`` and/or outlined with ``stroke`` (a width in box units); colours are ``ink`` (the
colour the caller asks for), ``paper`` (white) or ``#rrggbb``.

Ours live in ``generator/paper/icons.yaml``. A user replaces or adds an icon by putting an
``icons.yaml`` of the same shape in their ``--templates`` folder.
"""

from __future__ import annotations

import hashlib
import math
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from generator import __version__
from generator.errors import InputError
from generator.input.source import Map, Node, Scalar, Seq, load_document
from generator.keep.data_yaml import cached
from generator.keep.kept_drawings import colour_key, replay_or_draw
from generator.text.confined import read_confined

BUILTIN_ICONS = Path(__file__).with_name("icons.yaml")
USER_ICONS_FILE = "icons.yaml"
_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "Z": 0}

Segment = tuple[str, tuple[float, ...]]


def parse_path(data: str) -> list[Segment]:
    """SVG path data as absolute segments: M, L, C (quadratics raised to cubics) and Z."""
    tokens = _TOKEN.findall(data)
    if not tokens or tokens[0] not in ("M", "m"):
        raise ValueError("path data must start with M")
    out: list[Segment] = []
    x = y = start_x = start_y = 0.0
    last_control: tuple[float, float] | None = None
    index, command = 0, ""
    while index < len(tokens):
        if tokens[index].isalpha():
            command = tokens[index]
            index += 1
        upper = command.upper()
        arity = _ARITY[upper]
        chunk = tokens[index:index + arity]
        if len(chunk) < arity or any(t.isalpha() for t in chunk):
            raise ValueError(f"'{command}' needs {arity} numbers")
        args = [float(t) for t in chunk]
        index += arity
        relative = command.islower()
        if upper == "Z":
            out.append(("Z", ()))
            x, y = start_x, start_y
            last_control = None
            continue
        if upper in "HV":
            value = args[0] + ((x if upper == "H" else y) if relative else 0.0)
            x, y = (value, y) if upper == "H" else (x, value)
            out.append(("L", (x, y)))
            last_control = None
            continue
        points = [(args[i] + (x if relative else 0.0), args[i + 1] + (y if relative else 0.0))
                  for i in range(0, arity, 2)]
        if upper == "M":
            x, y = start_x, start_y = points[0]
            out.append(("M", (x, y)))
            command = "l" if relative else "L"
            last_control = None
        elif upper == "L":
            x, y = points[0]
            out.append(("L", (x, y)))
            last_control = None
        elif upper in "CS":
            if upper == "S":
                first = _reflect(last_control, x, y)
                points = [first, *points]
            (c1x, c1y), (c2x, c2y), (x, y) = points
            out.append(("C", (c1x, c1y, c2x, c2y, x, y)))
            last_control = (c2x, c2y)
        else:  # Q or T
            if upper == "T":
                points = [_reflect(last_control, x, y), *points]
            (qx, qy), (ex, ey) = points
            out.append(("C", (x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y),
                              ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey)))
            x, y = ex, ey
            last_control = (qx, qy)
    return out


def _reflect(control: tuple[float, float] | None, x: float, y: float) -> tuple[float, float]:
    return (2 * x - control[0], 2 * y - control[1]) if control else (x, y)


@dataclass(frozen=True)
class Shape:
    """One filled or stroked shape of an icon, in the 100 x 100 box."""

    kind: str
    geometry: tuple[Any, ...]
    fill: str | None
    stroke: float
    stroke_colour: str


@dataclass(frozen=True)
class Icon:
    """A named icon: its shapes, drawn in order."""

    name: str
    shapes: tuple[Shape, ...]

    def draw(self, canvas: Canvas, x: float, y: float, size: float,
             ink: Color | None = None) -> None:
        """Draw into the square with lower-left corner (x, y) and side ``size`` points."""
        ink = ink or Color(0, 0, 0)
        scale = size / 100.0
        canvas.saveState()
        canvas.translate(x, y + size)
        canvas.scale(scale, -scale)
        # The same operators wherever it goes: drawn once per file and ink, then repeated.
        replay_or_draw(canvas, ("icon", self.digest, colour_key(ink), canvas._fillMode),
                       lambda: self._draw_shapes(canvas, ink))
        canvas.restoreState()

    def _draw_shapes(self, canvas: Canvas, ink: Color) -> None:
        for shape in self.shapes:
            _draw_shape(canvas, shape, ink)

    @cached_property
    def digest(self) -> str:
        """What names the drawing: the shapes (a user's icon may take one of our names)."""
        return hashlib.blake2b(repr(self.shapes).encode(), digest_size=16).hexdigest()


def _colour(name: str, ink: Color) -> Color:
    if name == "ink":
        return ink
    if name == "paper":
        return white
    return HexColor(name)


def _draw_shape(canvas: Canvas, shape: Shape, ink: Color) -> None:
    fill = shape.fill is not None
    stroke = shape.stroke > 0
    if fill:
        canvas.setFillColor(_colour(str(shape.fill), ink))
    if stroke:
        canvas.setStrokeColor(_colour(shape.stroke_colour, ink))
        canvas.setLineWidth(shape.stroke)
        canvas.setLineJoin(1)
        canvas.setLineCap(1)
    if shape.kind == "circle":
        cx, cy, r = shape.geometry
        canvas.circle(cx, cy, r, stroke=int(stroke), fill=int(fill))
    elif shape.kind == "rect":
        rx, ry, rw, rh, radius = shape.geometry
        canvas.roundRect(rx, ry, rw, rh, radius, stroke=int(stroke), fill=int(fill))
    else:
        path = canvas.beginPath()
        for command, args in shape.geometry:
            if command == "M":
                path.moveTo(*args)
            elif command == "L":
                path.lineTo(*args)
            elif command == "C":
                path.curveTo(*args)
            else:
                path.close()
        canvas.drawPath(path, stroke=int(stroke), fill=int(fill))


class IconSet:
    """Our icons, with the user's ``icons.yaml`` (from their templates folder) on top."""

    def __init__(self, user_dir: Path | None = None) -> None:
        self.icons: dict[str, Icon] = dict(_load_icons(BUILTIN_ICONS))
        user_file = None if user_dir is None else user_dir / USER_ICONS_FILE
        if user_dir is not None and user_file is not None and os.path.lexists(user_file):
            read_confined(user_dir, user_file)  # inside the folder, a regular file, not huge
            self.icons.update(_load_icons(user_file))

    def __getitem__(self, name: str) -> Icon:
        found = self.resolve(name)
        if found is None:
            raise KeyError(f"no icon named {name!r}")
        return self.icons[found]

    def __contains__(self, name: object) -> bool:
        return name in self.icons

    def resolve(self, name: str) -> str | None:
        """The icon ``name`` stands for: itself, else the one icon it spells in other
        capitals or with a space or hyphen for an underscore ('Gear Stick' is gear_stick)."""
        if name in self.icons:
            return name
        key = _loose(name)
        found = [known for known in self.icons if _loose(known) == key]
        return found[0] if len(found) == 1 else None

    def names(self) -> list[str]:
        return sorted(self.icons)


def _loose(name: str) -> str:
    """An icon name as ``IconSet.resolve`` compares it."""
    return re.sub(r"[\s_-]+", "_", name.strip().casefold())


# What a parsed icons file depends on besides its bytes: this module's parsing code.
def _parser_digest() -> str:
    try:
        return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()
    except OSError:  # installed without sources: the version names the code
        return f"Paddock {__version__}"


_PARSER = _parser_digest()


@lru_cache(maxsize=8)
def _load_icons(path: Path) -> Mapping[str, Icon]:
    """The icons of one file, parsed once per process and kept parsed between runs (as
    plain tuples, under a digest of the file's bytes and of this module)."""
    plain = cached(path.read_bytes(), f"icons {_PARSER}",
                   lambda: [(icon.name, [(s.kind, s.geometry, s.fill, s.stroke, s.stroke_colour)
                                         for s in icon.shapes])
                            for icon in _parse_icons(path).values()])
    return {name: Icon(name, tuple(Shape(kind, _geometry(kind, geometry), fill, stroke, ink)
                                   for kind, geometry, fill, stroke, ink in shapes))
            for name, shapes in plain}


def _geometry(kind: str, geometry: Any) -> tuple[Any, ...]:
    """A shape's geometry back as parsed: a path's segments as (command, numbers) pairs."""
    if kind == "path":
        return tuple((command, tuple(numbers)) for command, numbers in geometry)
    return tuple(geometry)


def _parse_icons(path: Path) -> dict[str, Icon]:
    document = load_document(path)
    if not isinstance(document.root, Map):
        raise InputError("an icons file maps icon names to lists of shapes", file=document.path,
                         line=document.root.mark.line, column=document.root.mark.column)
    icons = {}
    for name, entry in document.root.entries.items():
        shapes_node = entry.value
        if not isinstance(shapes_node, Seq):
            _bad(shapes_node, f"icon '{name}' must be a list of shapes")
        icons[str(name)] = Icon(str(name), tuple(_shape(node) for node in _items(shapes_node)))
    return icons


def _items(node: Node) -> Iterator[Node]:
    assert isinstance(node, Seq)
    yield from node.items


def _bad(node: Node, message: str) -> None:
    raise InputError(message, file=node.mark.file, line=node.mark.line, column=node.mark.column,
                     hint="see the top of generator/paper/icons.yaml for the shape format")


def _shape(node: Node) -> Shape:
    if not isinstance(node, Map):
        _bad(node, "a shape is a mapping with path, circle or rect")
    assert isinstance(node, Map)
    values = {key: _plain(entry.value) for key, entry in node.entries.items()}
    unknown = set(values) - {"path", "circle", "rect", "fill", "stroke", "stroke_colour"}
    if unknown:
        _bad(node, f"unknown shape key(s): {', '.join(sorted(map(str, unknown)))}")
    fill = values.get("fill")
    if fill is not None:
        fill = _colour_name(node, "fill", fill)
    stroke_colour = _colour_name(node, "stroke_colour", values.get("stroke_colour", "ink"))
    try:
        stroke = float(values.get("stroke", 0) or 0)
        if not math.isfinite(stroke) or not 0 <= stroke <= 100:
            raise ValueError(f"stroke {stroke} is not a line width from 0 to 100")
        if "path" in values:
            return _finite(Shape("path", tuple(parse_path(str(values["path"]))), fill, stroke,
                                 stroke_colour))
        if "circle" in values:
            cx, cy, r = (float(v) for v in values["circle"])
            return _finite(Shape("circle", (cx, cy, r), fill, stroke, stroke_colour))
        if "rect" in values:
            numbers = [float(v) for v in values["rect"]]
            if len(numbers) not in (4, 5):
                raise ValueError("rect is [x, y, width, height] or with a corner radius")
            return _finite(Shape("rect", (*numbers[:4], numbers[4] if len(numbers) > 4 else 0.0),
                                 fill, stroke, stroke_colour))
    except (ValueError, TypeError, OverflowError) as exc:
        _bad(node, f"bad shape: {exc}")
    _bad(node, "a shape needs path, circle or rect")
    raise AssertionError("unreachable")


def _finite(shape: Shape) -> Shape:
    """``shape``, when every number of its geometry is finite (a ValueError otherwise)."""
    numbers = [n for part in shape.geometry
               for n in (part[1] if isinstance(part, tuple) else (part,))]
    if not all(math.isfinite(n) for n in numbers):
        raise ValueError("a number that is not finite")
    return shape


_COLOUR_NAME = re.compile(r"ink|paper|#[0-9a-fA-F]{6}")


def _colour_name(node: Node, key: str, value: Any) -> str:
    """A shape's colour as written: ``ink``, ``paper`` or ``#rrggbb``; anything else is an
    error at the shape (it passed ``check`` and failed the build)."""
    if not isinstance(value, str) or not _COLOUR_NAME.fullmatch(value):
        _bad(_entry_node(node, key), f"{key} {value!r} is not a colour: write ink, paper or "
                                     "'#rrggbb'")
    return str(value)


def _entry_node(node: Node, key: str) -> Node:
    entry = node.entries.get(key) if isinstance(node, Map) else None
    return entry.value if entry is not None else node


def _plain(node: Node) -> Any:
    if isinstance(node, Scalar):
        return node.value
    if isinstance(node, Seq):
        return [_plain(item) for item in node.items]
    if isinstance(node, Map):
        return {key: _plain(entry.value) for key, entry in node.entries.items()}
    return None
