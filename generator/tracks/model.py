"""A race track, declared once: metadata, the map legend, and either a map or a piece list.

The map is drawn as text inside the YAML file (``map: |``), one character a hex in offset
rows; the legend (``legend.yaml`` plus the file's own ``legend:``) says what each character
is. The schema only refuses what cannot be read; whether the track can be raced is for the
``TRK-`` rules, so their findings can cite the rulebooks. Every character of the map keeps
its own file position (key path ``("map", row, column)``), so a finding about a hex points
at the character that drew it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from generator.input.findings import KeyPath
from generator.input.schema import (
    Bool,
    Choice,
    Custom,
    Int,
    ListOf,
    MapOf,
    Nullable,
    Spec,
    Struct,
    Text,
    Validation,
    spec_field,
)
from generator.input.source import Block, Node, Scalar
from generator.paper.units import LENGTH_PATTERN, mm, parse_length, to_mm
from generator.tracks.hexgrid import ORIENTATIONS, Orientation
from generator.tracks.legend import BUILTIN_LEGEND, Symbol
from generator.tracks.pieces import build_layout, step_names

if TYPE_CHECKING:
    from generator.tracks.layout import TrackLayout

FROTHY = "Frothy Races guide 3.6"
JOYRIDE = "Joyride prototype rulebook"
SEC_RACE_TYPES = f"{FROTHY}, Introduction > Race Types & Play Styles"
SEC_SCALE = f"{FROTHY}, Introduction > Scale"
SEC_LAYOUTS = f"{JOYRIDE}, Shared Components > Track Layouts"
SEC_COLLISIONS = f"{FROTHY}, Collisions"

RACE_TYPES = ("Fastest", "Furthest", "Toughest", "Pursuit", "Fox and Hounds")
TERRAINS = ("track", "barrier", "none", "hazard", "fragile", "solid", "special")
MIN_HEX_MM, MAX_HEX_MM = 10.0, 60.0
DEFAULT_HEX = mm(25.4)




@dataclass(frozen=True)
class Players:
    """The number of players a track is meant for."""

    low: int
    high: int

    def __str__(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


# The player counts a track may give: 1 to 9, a range with the smaller number first.
PLAYER_COUNTS = (1, 9)


# A range's dash: a hyphen, or the en or em dash a range copied from a printed page carries.
DASHES = "-\u2013\u2014"


def parse_players(value: Any) -> Players:
    """'4' or '2-6' (or '2\u20136'): how many players the track is for."""
    if isinstance(value, int) and not isinstance(value, bool):
        low = high = value
    elif isinstance(value, str) and re.fullmatch(r"\s*\d+\s*", value):
        low = high = int(value)  # '4' quoted, as a range is
    elif isinstance(value, str) and re.fullmatch(rf"\s*\d+\s*[{DASHES}]\s*\d+\s*", value):
        low, high = (int(part) for part in re.split(f"[{DASHES}]", value))
    else:
        raise ValueError("write a number such as 4, or a range such as 2-6 (quoted)")
    least, most = PLAYER_COUNTS
    if not least <= low <= high <= most:
        raise ValueError(f"between {least} and {most} players, the smaller number first")
    return Players(low, high)


def players_schema(counts: tuple[int, int], high: int | None = None) -> dict[str, Any]:
    """JSON Schema of the ``players`` values ``parse_players`` reads as a count, or a
    range, within ``counts`` (least, most); with ``high``, only those whose top is it."""
    least, most = counts
    pairs = [(low, top) for low in range(least, most + 1) for top in range(low, most + 1)
             if high is None or top == high]
    ranges = "|".join([rf"0*{low}\s*[{DASHES}]\s*0*{top}" for low, top in pairs]
                      + [rf"0*{low}" for low, top in pairs if low == top])
    return {"anyOf": [{"type": "integer", "enum": [low for low, top in pairs if low == top]},
                      {"type": "string", "pattern": rf"^\s*({ranges})\s*$"}]}


def parse_hex_size(value: Any) -> float:
    """A hex size across the flats, as a length; kept to what a tile page can hold."""
    points = parse_length(value)
    if not mm(MIN_HEX_MM) - 1e-9 <= points <= mm(MAX_HEX_MM) + 1e-9:
        raise ValueError(f"{to_mm(points):.1f} mm is outside {MIN_HEX_MM:.0f}-"
                         f"{MAX_HEX_MM:.0f} mm")
    return points


def parse_clock(value: Any) -> int:
    """A facing as a clock hour: 12 is up the page, 3 is to the right."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 12:
        return value
    if isinstance(value, str) and value.strip().isdigit():  # '3' quoted, as laps says too
        raise ValueError("remove the quotes to make it a number: a clock hour from 1 to 12")
    raise ValueError("a clock hour from 1 to 12: 12 points up the page, 3 to the right")


def parse_symbol(value: Any) -> str:
    """A legend key: exactly one visible character."""
    if isinstance(value, str) and len(value) == 1 and not value.isspace():
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 9:
        return str(value)
    raise ValueError("one visible character, quoted")


# The stars a printed layout rates its difficulty with ('**'): asterisks or star signs, maybe
# spaced ('* * *'), the filled stars maybe followed by the hollow ones up to the scale's top
# ('\u2605\u2605\u2606\u2606\u2606' is 2 of 5).
STARS = re.compile(r"\s*(\*(\s*\*)*|\u2605(\s*\u2605)*(\s*\u2606)*|\u2606(\s*\u2606)*)\s*")


def star_count(text: str) -> int:
    """The rating some stars give: the filled ones when there are any, else every star."""
    filled = text.count("\u2605")
    return filled or sum(1 for ch in text if not ch.isspace())


def stars_pattern(least: int, most: int) -> str:
    """A pattern for ``least`` to ``most`` stars as STARS reads them."""
    repeat = "{" + f"{least - 1},{most - 1}" + "}"
    filled, hollow = "\u2605", "\u2606"
    runs = [rf"{mark}(\s*{mark}){repeat}" for mark in (r"\*", filled, hollow)]
    return rf"^\s*({runs[0]}|{runs[1]}(\s*{hollow})*|{runs[2]})\s*$"


class Stars(Int):
    """A difficulty: a whole number of stars, or the stars themselves ('**', quoted, or
    '\u2605\u2605'), as a printed layout shows the rating."""

    def __init__(self, min: int, max: int) -> None:
        super().__init__(min, max)
        self.expected = f"a whole number from {min} to {max}, or that many stars ('**')"

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        if isinstance(node, Scalar) and isinstance(node.value, str) \
                and STARS.fullmatch(node.value):
            count = star_count(node.value)
            if self.min is not None and self.max is not None \
                    and self.min <= count <= self.max:
                return count
            return self.out_of_range(node, path, v)
        return super().check(node, path, v)

    def own_schema(self) -> dict[str, Any]:
        assert self.min is not None and self.max is not None
        return {"anyOf": [super().own_schema(),
                          {"type": "string", "pattern": stars_pattern(self.min, self.max)}]}


CLOCK = Custom(parse_clock, "a clock hour from 1 to 12 (12 is up the page, 3 is right)",
               json={"type": "integer", "minimum": 1, "maximum": 12})


@dataclass(frozen=True)
class LegendEntry:
    """A map character of the track's own: a rated hazard, a named special space..."""

    terrain: str = spec_field(
        Choice([t for t in TERRAINS if t != "none"]),
        "What the hex is: track, barrier, hazard, fragile, solid or special.")
    label: str = spec_field(
        Text(max_length=32), "Its name in the layout page's legend.", default="")
    rating: int | None = spec_field(
        Nullable(Int(-6, 6)), "A rating agreed before play: added to the Control Loss "
        "points or Damage dice the hex causes.", default=None, source=SEC_COLLISIONS)
    icon: str | None = spec_field(
        Nullable(Text()), "An icon from icons.yaml to draw in the hex.", default=None)
    item: bool = spec_field(
        Bool(), "true when a face-down item is placed on the hex.", default=False)
    markers: int | None = spec_field(
        Nullable(Int(1, 9)), "Fragile obstacle markers laid in the hex at the start: several "
        "on a fragile obstacle, or some on a hazard (a space with both).", default=None,
        source=f"{SEC_COLLISIONS} > Hazards and Fragile Obstacles")


@dataclass(frozen=True)
class MapText:
    """The drawn map: its rows as written (trailing blank rows dropped), and where the block
    sits in its file, so messages can name a hex by line and column."""

    rows: tuple[str, ...]
    block: Block | None = None

    def position(self, row: int, column: int) -> str:
        """'line:column' of a map character in its file."""
        if self.block is None:
            return f"row {row + 1}, column {column + 1}"
        return f"{self.block.first_line + row}:{self.block.indent + column + 1}"

    def characters(self) -> list[tuple[int, int, str]]:
        """(row, column, character) for every character drawn, row by row."""
        return [(row, column, char) for row, text in enumerate(self.rows)
                for column, char in enumerate(text)]


class MapSpec(Spec):
    """A map drawn as a literal block scalar; each character's position is recorded."""

    expected = "a map drawn as a literal block ('map: |' then one row a line)"

    def check(self, node: Node, path: tuple[str | int, ...], v: Validation) -> Any:
        if not isinstance(node, Scalar) or not isinstance(node.value, str):
            return self.wrong_type(node, path, v)
        if node.block is None:
            return self.out_of_range(
                node, path, v, "; write 'map: |' and the rows below it, so every hex keeps "
                "its own line and column")
        rows = node.value.split("\n")
        while rows and not rows[-1].strip():
            rows.pop()
        if not rows:
            return v.fail("SCHEMA-VALUE", node.mark, path, None, expected=self.expected,
                          found="an empty map", extra="")
        block: Block = node.block
        for row, text in enumerate(rows):
            for column in range(len(text)):
                v.marks[(*path, row, column)] = block.mark(node.mark.file, row, column)
        return MapText(tuple(rows), block)


@dataclass(frozen=True)
class PieceStep:
    """One piece of a track described as a sequence of the standard modular pieces."""

    piece: str = spec_field(
        Text(max_length=32), "The piece's name, e.g. straight, curve-60-left or finish.")
    checkpoint: int | None = spec_field(
        Nullable(Int(1, 9)), "Make this piece's entry edge checkpoint N.", default=None)
    item: bool = spec_field(
        Bool(), "true when that checkpoint is an item checkpoint.", default=False)
    again: int | None = spec_field(
        Nullable(Int(1, 999)), "For a crossing driven a second time: the step number "
        "(counting from 1) where it was first laid.", default=None)


class PieceStepSpec(Spec):
    """A piece written as a bare name, or as a mapping with a checkpoint or a revisit."""

    def __init__(self) -> None:
        self.struct = Struct(PieceStep)
        self.expected = "a piece name, or a mapping with 'piece:'"

    def check(self, node: Node, path: tuple[str | int, ...], v: Validation) -> Any:
        if isinstance(node, Scalar) and isinstance(node.value, str) and node.value.strip():
            return PieceStep(piece=node.value.strip())
        return self.struct.check(node, path, v)

    def own_schema(self) -> dict[str, Any]:
        # The standard pieces' names, offered and held to (TRK-PIECE-UNKNOWN), bare or mapped.
        names = step_names()
        name = {"anyOf": [{"enum": names}, {"type": "string", "pattern": r"^\s*(" + "|".join(
            re.escape(n) for n in names) + r")\s*$"}]}
        mapping = self.struct.json_schema()
        mapping["properties"] = {**mapping["properties"],
                                 "piece": {**mapping["properties"]["piece"], **name}}
        return {"anyOf": [name, mapping]}


@dataclass(frozen=True, eq=False)
class Track:
    """A race track: what its layout page says, and the hexes its tiles print."""

    name: str = spec_field(
        Text(max_length=40), "The race's title, on the layout page and every tile.")
    players: Players = spec_field(
        Custom(parse_players, "a number of players such as 4, or a range such as '2-6'",
               json=players_schema(PLAYER_COUNTS)),
        "How many racers the track is meant for.", source=SEC_LAYOUTS)
    start_facing: int = spec_field(
        CLOCK, "The clock hour every starting slot faces (12 up the page, 3 right).",
        source=f"{JOYRIDE}, Shared Components > Starting Positions")
    race_type: str = spec_field(
        Choice(RACE_TYPES, aliases={"Fox & Hounds": "Fox and Hounds"}),
        "Fastest, Furthest, Toughest, Pursuit or Fox and Hounds.",
        default="Fastest", source=SEC_RACE_TYPES)
    laps: int = spec_field(Int(1, 99), "Laps to race.", default=1, source=SEC_LAYOUTS)
    difficulty: int = spec_field(
        Stars(1, 5), "Difficulty from 1 to 5 stars.", default=1, source=SEC_LAYOUTS)
    location: str = spec_field(
        Text(allow_empty=True, max_length=40), "Where the race is run.", default="",
        source=SEC_LAYOUTS)
    description: str = spec_field(
        Text(allow_empty=True), "A short description for the layout page.", default="",
        source=SEC_LAYOUTS)
    items: tuple[str, ...] = spec_field(
        ListOf(Text(max_length=24)), "Recommended items, by name.", default=(),
        source=SEC_LAYOUTS)
    special_rules: str = spec_field(
        Text(allow_empty=True), "Special rules for this race, read aloud at setup.",
        default="", source=SEC_LAYOUTS)
    hex_size: float = spec_field(
        Custom(parse_hex_size, f"a length from {MIN_HEX_MM:.0f}mm to {MAX_HEX_MM:.0f}mm "
               "such as 25.4mm or 1in", show=lambda points: f"{to_mm(points):g}mm", json={
                   # A bare number is millimetres; a length with a unit is held to its form
                   # only (its range in millimetres is beyond a pattern).
                   "anyOf": [{"type": "number", "minimum": MIN_HEX_MM, "maximum": MAX_HEX_MM},
                             {"type": "string", "pattern": LENGTH_PATTERN}]}),
        "Hex size across the flats when printed.", default=DEFAULT_HEX, source=SEC_SCALE)
    orientation: Orientation = spec_field(
        Choice(ORIENTATIONS), "pointy (a corner at the top of each hex) or flat.",
        default="pointy")
    slot_facings: dict[int, int] = spec_field(
        MapOf(Int(1, 9), CLOCK), "Clock hours for slots that face another way than "
        "start_facing.", default={})
    legend: dict[str, LegendEntry] = spec_field(
        MapOf(Custom(parse_symbol, "one visible character",
                     json={"type": "string", "pattern": r"^\S$"}), Struct(LegendEntry)),
        "Map characters of this track's own.", default={})
    map: MapText | None = spec_field(
        MapSpec(), "The track drawn one character a hex (see the legend).", default=None)
    pieces: tuple[PieceStep, ...] = spec_field(
        ListOf(PieceStepSpec()), "The track as a sequence of standard pieces, instead of a "
        "map.", default=())
    closed: bool = spec_field(
        Bool(), "Pieces only: true when the last piece joins the first (a circuit).",
        default=False)
    note: str = spec_field(
        Text(allow_empty=True), "A designer's note; never printed.", default="")

    @cached_property
    def layout(self) -> TrackLayout:
        """The hexes of this track, resolved from its map or its pieces (computed once)."""
        return build_layout(self)

    def symbols(self) -> dict[str, Symbol]:
        """The full legend: built-in characters, then the track's own."""
        symbols = dict(BUILTIN_LEGEND)
        for char, entry in self.legend.items():
            if char not in BUILTIN_LEGEND:
                symbols[char] = Symbol(char, entry.terrain, entry.label or entry.terrain,
                                       entry.rating, entry.icon, entry.item,
                                       markers=entry.markers)
        return symbols

    def facing_hour(self, slot: int) -> int:
        """The clock hour starting slot ``slot`` faces."""
        return self.slot_facings.get(slot, self.start_facing)


TRACK_SCHEMA = Struct(Track, ignore=("game", "kind"))
