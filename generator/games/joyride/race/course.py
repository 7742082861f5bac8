"""The race on one Joyride track, as the engine and the planner read it.

A car fills two spaces: its front and its back, the back one space behind the front
(Player Components > Cars on the Board). A *position* is (front space, facing), the facing
one of the six hex sides (a direction 0-5, see ``generator.tracks.hexgrid``). Every move
is straight (Driving > Movement); a steer only changes the direction of the first space,
after which the car drives on that way, so a move of R spaces from a front F with a steer
of s sixths of a turn runs along the straight *beam* from F in direction facing + s: the
first R spaces of it, or a SMASH where the beam ends at a barrier before R.

Lines (checkpoints in order, then the starting line) are crossed by getting any part of
the car onto them (Shared Components > Checkpoint Tokens); a stage counts the lines
crossed since the start, laps times lines in all.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from generator.tracks.analysis import Course, course_of
from generator.tracks.hexgrid import Hex

Position = tuple[Hex, int]  # (front space, facing direction 0-5)


def back_of(front: Hex, facing: int) -> Hex:
    """The space behind the front: where the back of the car is."""
    return front.neighbour(facing + 3)


def front_arc(front: Hex, facing: int) -> tuple[Hex, Hex, Hex]:
    """The three spaces ahead of the front: straight on, front-left, front-right."""
    return (front.neighbour(facing), front.neighbour(facing + 1),
            front.neighbour(facing - 1))


def rear_arc(front: Hex, facing: int) -> tuple[Hex, Hex, Hex]:
    """The three spaces behind the back."""
    back = back_of(front, facing)
    return (back.neighbour(facing + 3), back.neighbour(facing + 2),
            back.neighbour(facing + 4))


@dataclass(frozen=True)
class Ray:
    """Where a move ends on the empty track: the front's position, the spaces the leading
    end entered, and whether it ended in a SMASH (short of its length)."""

    front: Hex
    facing: int
    entered: tuple[Hex, ...]
    smashed: bool


class JoyrideCourse:
    """A shipped or user track, resolved for racing: open spaces, lines, items, beams."""

    def __init__(self, track: Any, laps: int | None = None) -> None:
        self.track = track
        course: Course = course_of(track)
        self.name: str = track.name
        self.laps: int = laps or track.laps
        self.open = course.open
        self.lines: tuple[frozenset[Hex], ...] = tuple(t.hexes for t in course.targets)
        self.line_names = tuple(t.name for t in course.targets)
        self.line_of: dict[Hex, int] = {h: i for i, line in enumerate(self.lines)
                                        for h in line}
        self.item_lines = frozenset(i for i, t in enumerate(course.targets)
                                    if t.kind == "checkpoint"
                                    and t.number in track.layout.item_checkpoints())
        self.start_line = tuple(course.layout.finish())
        self.start_facing = course.start_line_facing() // 2
        self.pickups = tuple(h for h, c in track.layout.cells.items() if c.symbol.item)
        self.special = frozenset(track.layout.with_terrain("special"))
        self._beams: dict[tuple[Hex, int], tuple[Hex, ...]] = {}

    @property
    def stages(self) -> int:
        """Lines to cross in the whole race: a stage is how many are behind a car."""
        return self.laps * len(self.lines)

    def next_line(self, stage: int) -> int:
        """The line a car that has crossed ``stage`` lines must cross next."""
        return stage % len(self.lines)

    def advance(self, stage: int, entered: tuple[Hex, ...]) -> int:
        """The stage after entering ``entered`` in order, starting at ``stage``."""
        line_of = self.line_of
        for hex_ in entered:
            line = line_of.get(hex_)
            if line is not None and stage < self.stages and line == stage % len(self.lines):
                stage += 1
        return stage

    def beam(self, start: Hex, direction: int) -> tuple[Hex, ...]:
        """The open spaces straight on from ``start`` in ``direction`` up to a barrier."""
        key = (start, direction % 6)
        found = self._beams.get(key)
        if found is None:
            spaces: list[Hex] = []
            here = start.neighbour(direction)
            while here in self.open and len(spaces) < 40:
                spaces.append(here)
                here = here.neighbour(direction)
            found = self._beams[key] = tuple(spaces)
        return found

    def ray(self, front: Hex, facing: int, distance: int, steer: int = 0,
            reverse: bool = False) -> Ray:
        """A move of ``distance`` spaces on the empty track (see the module's note)."""
        if distance <= 0:
            return Ray(front, facing, (), False)
        heading = (facing + 3 + steer if reverse else facing + steer) % 6
        lead = back_of(front, facing) if reverse else front
        beam = self.beam(lead, heading)
        moved = min(distance, len(beam))
        if moved == 0:
            return Ray(front, facing, (), True)
        entered = beam[:moved]
        if reverse:
            new_front = entered[-2] if moved > 1 else lead
            return Ray(new_front, (heading + 3) % 6, entered, moved < distance)
        return Ray(entered[-1], heading, entered, moved < distance)

    def rays(self, front: Hex, facing: int, most: int, steer: int = 0,
             reverse: bool = False) -> list[Ray]:
        """``ray(front, facing, d, steer, reverse)`` for every d from 0 to ``most``, worked
        out along one beam (the planner asks for every length at once)."""
        found = [Ray(front, facing, (), False)]
        heading = (facing + 3 + steer if reverse else facing + steer) % 6
        lead = back_of(front, facing) if reverse else front
        beam = self.beam(lead, heading)
        for distance in range(1, most + 1):
            moved = min(distance, len(beam))
            if moved == 0:
                found.append(Ray(front, facing, (), True))
                continue
            entered = beam[:moved]
            if reverse:
                new_front = entered[-2] if moved > 1 else lead
                found.append(Ray(new_front, (heading + 3) % 6, entered, moved < distance))
            else:
                found.append(Ray(entered[-1], heading, entered, moved < distance))
        return found

    def fits(self, front: Hex, facing: int) -> bool:
        """True when both spaces of a car there are open track."""
        return front in self.open and back_of(front, facing) in self.open

    @cached_property
    def positions(self) -> tuple[Position, ...]:
        """Every position a car can stand in, in a fixed order."""
        return tuple((h, f) for h in sorted(self.open) for f in range(6) if self.fits(h, f))

    @cached_property
    def index(self) -> dict[Position, int]:
        """Position -> its number in :attr:`positions`."""
        return {p: i for i, p in enumerate(self.positions)}

    def advance_lines(self, stage: int, lines: tuple[int, ...]) -> int:
        """The stage after entering lines (by number) in order, starting at ``stage``."""
        count = len(self.lines)
        for line in lines:
            if stage < self.stages and line == stage % count:
                stage += 1
        return stage
