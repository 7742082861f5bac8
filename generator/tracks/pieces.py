"""The standard modular track pieces, and tracks laid as a sequence of them.

A piece is a patch of hexes with *ports*: an entry and an exit edge, each a row of lanes
listed left to right as a driver sees them, with the direction of travel through it. Pieces
are built in their own frame (entering eastwards, lane 0 at the origin, lanes stepping
south-east) from two primitives, a straight and a 60-degree wedge, whose edges all have the
same shape, so any exit meets any entry.

Laying a track: each piece is turned and moved so its entry sits one step beyond the previous
exit, lane for lane (:func:`fit`). What can still go wrong is checked as it is laid and kept
as :class:`PieceProblem` objects for the TRK-PIECE rules: an unknown piece, a piece landing
on hexes already laid, a crossing driven a second time whose other way does not line up, and
a circuit whose last exit does not meet its first entry.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.input.schema import did_you_mean
from generator.keep.data_yaml import read_data
from generator.tracks.hexgrid import (
    DIRECTIONS,
    Hex,
    clock_to_facing,
    distance,
    is_side_facing,
    rotate,
)
from generator.tracks.layout import Cell, PieceProblem, TrackLayout, layout_from_map

if TYPE_CHECKING:
    from generator.tracks.model import Track

DATA = Path(__file__).with_name("pieces.yaml")
LANE_STEP = 5  # lanes step one direction clockwise of travel: south-east when going east
TURNS = {"left": False, "right": True}


@dataclass(frozen=True)
class Port:
    """An edge of a piece: its lane hexes (left to right) and the direction of travel."""

    hexes: tuple[Hex, ...]
    direction: int

    def reversed(self) -> Port:
        """The same edge driven the other way: lanes swap sides, travel turns round."""
        return Port(self.hexes[::-1], (self.direction + 3) % 6)

    def beyond(self) -> Port:
        """Where the next piece's entry must be: one step on, lane for lane."""
        step = DIRECTIONS[self.direction]
        return Port(tuple(h.plus(step) for h in self.hexes), self.direction)

    def moved(self, transform: Transform) -> Port:
        return Port(tuple(transform.apply(h) for h in self.hexes),
                    (self.direction + transform.turn) % 6)


@dataclass(frozen=True)
class Transform:
    """A turn about the origin by sixths of a turn, then a move."""

    turn: int
    offset: Hex

    def apply(self, hex_: Hex) -> Hex:
        return rotate(hex_, self.turn).plus(self.offset)


IDENTITY = Transform(0, Hex(0, 0))


@dataclass(frozen=True)
class Way:
    """One way through a piece: its entry and exit."""

    entry: Port
    exit: Port

    def reversed(self) -> Way:
        return Way(self.exit.reversed(), self.entry.reversed())

    def moved(self, transform: Transform) -> Way:
        return Way(self.entry.moved(transform), self.exit.moved(transform))


@dataclass(frozen=True)
class PieceShape:
    """A standard piece: its hexes (with their legend characters) and its ways through."""

    name: str
    label: str
    count: int
    cells: dict[Hex, str]
    ways: tuple[Way, ...]

    def moved(self, transform: Transform) -> PieceShape:
        return PieceShape(self.name, self.label, self.count,
                          {transform.apply(h): c for h, c in self.cells.items()},
                          tuple(w.moved(transform) for w in self.ways))


def fit(entry: Port, target: Port) -> tuple[Transform, bool]:
    """The transform putting ``entry`` on ``target`` (lane 0 on lane 0, same travel), and
    whether every other lane then lands on its partner too."""
    turn = (target.direction - entry.direction) % 6
    offset = target.hexes[0].minus(rotate(entry.hexes[0], turn))
    transform = Transform(turn, offset)
    return transform, entry.moved(transform) == target


def straight(width: int, length: int) -> PieceShape:
    """``length`` rows of ``width`` lanes, travelling east."""
    lane, ahead = DIRECTIONS[LANE_STEP], DIRECTIONS[0]
    cells = {lane.times(i).plus(ahead.times(t)): "." for i in range(width)
             for t in range(length)}
    entry = Port(tuple(lane.times(i) for i in range(width)), 0)
    exit_ = Port(tuple(lane.times(i).plus(ahead.times(length - 1)) for i in range(width)), 0)
    return PieceShape("straight", "", 1, cells, (Way(entry, exit_),))


def wedge(width: int, inner: int) -> PieceShape:
    """A 60-degree left bend: lane i enters i lanes from the inside and runs ``inner + i``
    hexes north-east, so every lane leaves heading north-east, side by side again (the
    lanes are arcs of hex rings round one centre; ``inner`` sets the inside lane's radius)."""
    lane, bend = DIRECTIONS[LANE_STEP], DIRECTIONS[1]
    cells = {lane.times(i).plus(bend.times(t)): "." for i in range(width)
             for t in range(inner + i + 1)}
    entry = Port(tuple(lane.times(i) for i in range(width)), 0)
    exit_ = Port(tuple(lane.times(i).plus(bend.times(inner + i)) for i in range(width)), 1)
    return PieceShape("wedge", "", 1, cells, (Way(entry, exit_),))


def chain(parts: Iterable[PieceShape]) -> PieceShape:
    """Primitives laid end to end into one piece with one way through."""
    cells: dict[Hex, str] = {}
    first: Port | None = None
    exit_: Port | None = None
    for part in parts:
        way = part.ways[0]
        transform = IDENTITY if exit_ is None else fit(way.entry, exit_.beyond())[0]
        placed = part.moved(transform)
        cells.update(placed.cells)
        first = first or placed.ways[0].entry
        exit_ = placed.ways[0].exit
    assert first is not None and exit_ is not None
    return PieceShape("chain", "", 1, cells, (Way(first, exit_),))


def crossing(width: int) -> PieceShape:
    """Two straights crossing at 60 degrees: way 1 runs east, way 2 north-east across it."""
    length = width + 2
    first = straight(width, length)
    second = straight(width, length).moved(Transform(1, Hex(-2, width)))
    cells = {**first.cells, **second.cells}
    return PieceShape("crossing", "", 1, cells, (first.ways[0], second.ways[0]))


def _primitive(text: str, width: int) -> PieceShape:
    word, _, number = text.partition(" ")
    if word == "straight":
        return straight(width, int(number))
    if word == "wedge":
        return wedge(width, int(number or 0))
    raise ValueError(f"unknown piece primitive {text!r} in {DATA.name}")


def _mark_grid(shape: PieceShape, slots: int) -> None:
    """Number the starting slots from the front row back, staggered across the lanes."""
    way = shape.ways[0]
    lane, ahead = DIRECTIONS[LANE_STEP], DIRECTIONS[0]
    rows = distance(way.entry.hexes[0], way.exit.hexes[0]) + 1
    number = 1
    for back in range(rows):
        for i in range(len(way.entry.hexes)):
            hex_ = lane.times(i).plus(ahead.times(rows - 1 - back))
            if (i + back) % 2 == 0 and number <= slots:
                shape.cells[hex_] = str(number)
                number += 1


def _mark_finish(shape: PieceShape, row: int) -> None:
    for hex_ in shape.ways[0].entry.hexes:
        shape.cells[hex_.plus(DIRECTIONS[0].times(row))] = "="


@lru_cache(maxsize=1)
def standard_pieces() -> dict[str, PieceShape]:
    """The standard set, built from ``pieces.yaml``."""
    raw: dict[str, Any] = read_data(DATA)
    width = int(raw["width"])
    pieces = {}
    for name, spec in raw["pieces"].items():
        if spec["shape"] == "crossing":
            shape = crossing(width)
        else:
            shape = chain(_primitive(part, width) for part in spec["shape"])
        if "grid" in spec:
            _mark_grid(shape, int(spec["grid"]))
        if "finish" in spec:
            _mark_finish(shape, int(spec["finish"]))
        pieces[name] = PieceShape(name, spec["label"], int(spec["count"]), shape.cells,
                                  shape.ways)
    return pieces


def step_names() -> list[str]:
    """Every name a piece list may use: curves come as -left and -right."""
    names = []
    for name, shape in standard_pieces().items():
        turns = shape.ways[0].exit.direction != shape.ways[0].entry.direction
        names += [f"{name}-{side}" for side in TURNS] if turns else [name]
    return names


def resolve_step(name: str) -> tuple[PieceShape, bool] | None:
    """The piece a step names, and whether it is driven backwards (a right-hand curve)."""
    pieces = standard_pieces()
    if name in pieces and f"{name}-left" not in step_names():
        return pieces[name], False
    base, _, side = name.rpartition("-")
    if side in TURNS and base in pieces:
        return pieces[base], TURNS[side]
    return None


@dataclass
class _Laid:
    """A piece on the table: its step, shape (in track coordinates) and which ways are used."""

    index: int
    shape: PieceShape
    used: set[int] = field(default_factory=set)


@dataclass
class _Layer:
    """Lays a piece list, collecting cells and problems."""

    track: Track
    layout: TrackLayout
    owner: dict[Hex, int] = field(default_factory=dict)
    laid: dict[int, _Laid] = field(default_factory=dict)
    first_entry: Port | None = None
    exit: Port | None = None

    def problem(self, rule: str, index: int, **params: Any) -> None:
        self.layout.problems.append(PieceProblem(rule, ("pieces", index), params))

    def start_port(self, way: Way) -> Port | None:
        facing = clock_to_facing(self.track.start_facing, self.track.orientation)
        if not is_side_facing(facing):
            self.problem("TRK-PIECE-JOIN", 0, step=1, piece=self.track.pieces[0].piece,
                         reason="facing", hour=self.track.start_facing)
            return None
        return way.entry.moved(Transform((facing // 2 - way.entry.direction) % 6, Hex(0, 0)))

    def lay(self, index: int) -> bool:
        """Lay step ``index``; False when laying cannot go on."""
        step = self.track.pieces[index]
        if step.again is not None:
            return self.revisit(index, step.again - 1)
        found = resolve_step(step.piece)
        if found is None:
            self.problem("TRK-PIECE-UNKNOWN", index, piece=step.piece, known=", ".join(
                step_names()), suggestion=did_you_mean(step.piece, step_names()) or "")
            return False
        shape, backwards = found
        way = shape.ways[0].reversed() if backwards else shape.ways[0]
        target = self.start_port(way) if self.exit is None else self.exit.beyond()
        if target is None:
            return False
        transform, lined_up = fit(way.entry, target)
        if not lined_up:
            self.problem("TRK-PIECE-JOIN", index, step=index + 1, piece=step.piece,
                         reason="shape", other=index)
            return False
        placed = shape.moved(transform)
        self.place(index, step.piece, placed, step.checkpoint, step.item,
                   way.moved(transform).entry)
        self.first_entry = self.first_entry or way.moved(transform).entry
        self.exit = way.moved(transform).exit
        self.laid[index] = _Laid(index, placed, {0})
        return True

    def place(self, index: int, name: str, placed: PieceShape, checkpoint: int | None,
              item: bool, entry: Port) -> None:
        clashes = sorted({self.owner[h] for h in placed.cells if h in self.owner})
        if clashes:
            self.problem("TRK-PIECE-OVERLAP", index, step=index + 1, piece=name,
                         other=clashes[0] + 1)
        symbols = self.track.symbols()
        marks = dict(placed.cells)
        if checkpoint is not None:
            char = chr(ord("A" if item else "a") + checkpoint - 1)
            marks.update({h: char for h in entry.hexes})
        for hex_, char in marks.items():
            if hex_ in self.owner:
                continue
            self.owner[hex_] = index
            self.layout.add(Cell(hex_, symbols[char], ("pieces", index)))
            slot = symbols[char].slot
            if slot is not None:
                self.layout.facings[slot] = entry.direction * 2

    def revisit(self, index: int, earlier: int) -> bool:
        """Drive through the crossing laid at step ``earlier`` by its other way."""
        laid = self.laid.get(earlier)
        step = self.track.pieces[index]
        if laid is None or len(laid.shape.ways) < 2 or self.exit is None:
            self.problem("TRK-PIECE-JOIN", index, step=index + 1, piece=step.piece,
                         reason="again", other=earlier + 1)
            return False
        target = self.exit.beyond()
        for number, way in enumerate(laid.shape.ways):
            if number in laid.used:
                continue
            for candidate in (way, way.reversed()):
                if candidate.entry == target:
                    laid.used.add(number)
                    self.exit = candidate.exit
                    return True
        entry = next(w.entry for n, w in enumerate(laid.shape.ways) if n not in laid.used)
        self.problem("TRK-PIECE-JOIN", index, step=index + 1, piece=step.piece,
                     reason="miss", other=earlier + 1,
                     off=distance(entry.hexes[0], target.hexes[0]))
        return False

    def close(self) -> None:
        """A circuit's last exit must meet its first entry, lane for lane."""
        if self.exit is None or self.first_entry is None:
            return
        target = self.exit.beyond()
        if target != self.first_entry:
            turn = (self.first_entry.direction - target.direction) % 6
            self.problem("TRK-PIECE-JOIN", len(self.track.pieces) - 1,
                         step=len(self.track.pieces), piece=self.track.pieces[-1].piece,
                         reason="close", off=distance(self.first_entry.hexes[0],
                                                      target.hexes[0]),
                         angle=60 * min(turn, 6 - turn))


def layout_from_pieces(track: Track) -> TrackLayout:
    """Lay the track's pieces in order from the origin; problems are kept on the layout."""
    layout = TrackLayout(track.orientation, fallback=("pieces",))
    layer = _Layer(track, layout)
    for index in range(len(track.pieces)):
        if not layer.lay(index):
            return layout
    if track.closed:
        layer.close()
    return layout


def build_layout(track: Track) -> TrackLayout:
    """The track's hexes, from its map or, failing that, from its pieces."""
    if track.map is not None:
        return layout_from_map(track)
    return layout_from_pieces(track)
