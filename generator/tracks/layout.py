"""A track resolved into hexes: what every hex is, and where in the file it was drawn.

Both ways of describing a track end here: a text map is read character by character, a
piece list is laid piece after piece (``pieces.py``). Everything downstream (the rules, the
tiles, the layout page) reads a :class:`TrackLayout` and never the text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from generator.input.findings import KeyPath
from generator.tracks.hexgrid import (
    Hex,
    Orientation,
    clock_to_facing,
    hex_to_offset,
    neighbours,
    offset_to_hex,
)
from generator.tracks.legend import Symbol

if TYPE_CHECKING:
    from generator.tracks.model import Track


@dataclass(frozen=True)
class Cell:
    """One hex of the track: its meaning and the key path of what drew it."""

    hex: Hex
    symbol: Symbol
    path: KeyPath

    @property
    def passable(self) -> bool:
        return self.symbol.passable


@dataclass(frozen=True)
class Unknown:
    """A map character the legend does not know, with its key path."""

    char: str
    path: KeyPath


@dataclass(frozen=True)
class PieceProblem:
    """Something wrong with a piece list, found while laying it: a rule id and its numbers."""

    rule: str
    path: KeyPath
    params: dict[str, object] = field(default_factory=dict)


@dataclass
class TrackLayout:
    """Every hex of a track that exists (off-board characters make none)."""

    orientation: Orientation
    cells: dict[Hex, Cell] = field(default_factory=dict)
    unknown: list[Unknown] = field(default_factory=list)
    problems: list[PieceProblem] = field(default_factory=list)
    facings: dict[int, int] = field(default_factory=dict)
    fallback: KeyPath = ("map",)
    _ordered: list[Cell] | None = field(default=None, repr=False, compare=False)

    def add(self, cell: Cell) -> None:
        self.cells[cell.hex] = cell
        self._ordered = None

    @property
    def passable(self) -> frozenset[Hex]:
        """Hexes a vehicle may drive into."""
        return frozenset(h for h, c in self.cells.items() if c.passable)

    def where(self, hex_: Hex) -> KeyPath:
        """The key path to point a finding about ``hex_`` at."""
        cell = self.cells.get(hex_)
        return cell.path if cell else self.fallback

    def open_neighbours(self, hex_: Hex, passable: frozenset[Hex] | None = None) -> list[Hex]:
        """The passable hexes next to ``hex_``."""
        allowed = self.passable if passable is None else passable
        return [n for n in neighbours(hex_) if n in allowed]

    def slots(self) -> dict[int, list[Hex]]:
        """Numbered starting slots: number -> the hexes marked with it (one, if drawn well)."""
        found: dict[int, list[Hex]] = {}
        for cell in self.ordered():
            if cell.symbol.slot is not None:
                found.setdefault(cell.symbol.slot, []).append(cell.hex)
        return dict(sorted(found.items()))

    def finish(self) -> list[Hex]:
        """The hexes of the start / finish line."""
        return [c.hex for c in self.ordered() if c.symbol.finish]

    def checkpoints(self) -> dict[int, list[Hex]]:
        """Checkpoint number -> its line's hexes."""
        found: dict[int, list[Hex]] = {}
        for cell in self.ordered():
            if cell.symbol.checkpoint is not None:
                found.setdefault(cell.symbol.checkpoint, []).append(cell.hex)
        return dict(sorted(found.items()))

    def item_checkpoints(self) -> set[int]:
        """Numbers of the checkpoints marked with their item side."""
        return {c.symbol.checkpoint for c in self.cells.values()
                if c.symbol.checkpoint is not None and c.symbol.item_checkpoint}

    def with_terrain(self, *terrains: str) -> list[Hex]:
        """Hexes of the given terrains, in drawing order."""
        return [c.hex for c in self.ordered() if c.symbol.terrain in terrains]

    def ordered(self) -> list[Cell]:
        """Cells in reading order: top row first, left to right (sorted once)."""
        if self._ordered is None:
            def reading_order(cell: Cell) -> tuple[int, int]:
                column, row = hex_to_offset(cell.hex, self.orientation)
                return (row, column)
            self._ordered = sorted(self.cells.values(), key=reading_order)
        return self._ordered


def layout_from_map(track: Track) -> TrackLayout:
    """Read the text map: each known character becomes a hex, unknown ones are noted."""
    assert track.map is not None
    symbols = track.symbols()
    layout = TrackLayout(track.orientation)
    for row, column, char in track.map.characters():
        path: KeyPath = ("map", row, column)
        symbol = symbols.get(char)
        if symbol is None:
            layout.unknown.append(Unknown(char, path))
            continue
        if symbol.terrain != "none":
            layout.add(Cell(offset_to_hex(column, row, track.orientation), symbol, path))
        if symbol.slot is not None:
            layout.facings[symbol.slot] = clock_to_facing(track.facing_hour(symbol.slot),
                                                          track.orientation)
    return layout


def components(hexes: Iterable[Hex], allowed: frozenset[Hex]) -> list[list[Hex]]:
    """Connected groups of ``hexes`` (moving only through ``allowed``), largest first."""
    pending = [h for h in hexes if h in allowed]
    seen: set[Hex] = set()
    groups: list[list[Hex]] = []
    for start in pending:
        if start in seen:
            continue
        group, frontier = [start], [start]
        seen.add(start)
        while frontier:
            here = frontier.pop()
            for there in neighbours(here):
                if there in allowed and there not in seen:
                    seen.add(there)
                    group.append(there)
                    frontier.append(there)
        groups.append(group)
    return sorted(groups, key=len, reverse=True)
