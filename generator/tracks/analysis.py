"""What the track rules measure: the course, reachability, width, islands, lines and laps.

The *course* is the race as the rulebooks run it: from the starting slots, through the
numbered checkpoints in order, to the finish line (Joyride: Shared Components > Checkpoint
Tokens; Frothy Races: Race Types > Fastest). A track without numbered slots starts on its
starting line, as Joyride cars do. Lines (checkpoints and the finish) are crossed by
driving onto any of their hexes; crossing one out of order does nothing.

Everything here works on :class:`~generator.tracks.layout.TrackLayout` hexes and returns
plain values; the rules turn them into findings.
"""

from __future__ import annotations

import hashlib
import marshal
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from generator.keep.kept_store import KeptStore, named_for_code
from generator.tracks.cuts import vertex_cut
from generator.tracks.hexgrid import Hex, clock_to_facing, is_side_facing, neighbours
from generator.tracks.layout import TrackLayout, components
from generator.tracks.model import Track
from generator.tracks.movement import (
    UNREACHABLE,
    DriveGraph,
    MovementModel,
    plain_lengths,
)


@dataclass(frozen=True)
class Target:
    """A line the course must cross: a checkpoint (with its number) or the finish."""

    kind: str
    number: int | None
    hexes: frozenset[Hex]

    @property
    def name(self) -> str:
        return "the finish line" if self.kind == "finish" else f"checkpoint {self.number}"


@dataclass(frozen=True)
class Slot:
    """A starting slot: its number, hex and facing."""

    number: int
    hex: Hex
    facing: int


_COURSES: weakref.WeakKeyDictionary[Track, Course] = weakref.WeakKeyDictionary()


# --- Answers kept between runs -----------------------------------------------------------
#
# The route and width searches are most of checking a track, and the same track asks the
# same questions every run. Their answers are kept in the cache folder, keyed by a digest
# of the course (its track spaces, lines in order and slots) and the question (the movement
# model, its starts and targets); the file's name carries a digest of the code that
# answers (this module, movement.py, sweeps.py, cuts.py, hexgrid.py), so a changed search
# never reads an answer of the old one. Past MAX_ANSWERS only the ones this run used are
# written back. ANSWERS keeps them, a KeptStore like every other store kept between runs.

MAX_ANSWERS = 5_000


def _answers_path() -> Path:
    here = Path(__file__).parent
    return named_for_code("courses", "paddock-course-answers-2",
                          [here / "analysis.py", here / "movement.py", here / "sweeps.py",
                           here / "cuts.py", here / "hexgrid.py"])


# Plain numbers, tuples and lists: kept as marshal, which can hold no code.
ANSWERS: KeptStore[bytes, Any] = KeptStore(_answers_path, most_entries=MAX_ANSWERS)
_kept = ANSWERS.get
_keep = ANSWERS.put


def _answer_key(course_key: bytes, question: tuple[Any, ...]) -> bytes:
    return hashlib.blake2b(course_key + repr(question).encode(), digest_size=16).digest()


def course_of(track: Track) -> Course:
    """The track's course, worked out once per track (the rules and the layout page share
    it, and its searches are the slow part of checking a track)."""
    found = _COURSES.get(track)
    if found is None:
        found = _COURSES[track] = Course(track, track.layout)
    return found


class Course:
    """The race on one track: slots, lines in order, and the measurements rules ask for."""

    def __init__(self, track: Track, layout: TrackLayout) -> None:
        # Held weakly: the courses are kept in a dict keyed weakly by their track, and a
        # course holding its track would keep every track ever checked alive.
        self._track = weakref.ref(track)
        self.layout = layout
        self.open = layout.passable
        self.checkpoints = layout.checkpoints()
        self.finish = frozenset(layout.finish())
        self.targets = [Target("checkpoint", n, frozenset(h)) for n, h in self.checkpoints.items()]
        if self.finish:
            self.targets.append(Target("finish", None, self.finish))
        self.slots = self._slots()
        # For each track space, its neighbour in each direction when that is a track space.
        self.table: dict[Hex, tuple[Hex | None, ...]] = {
            h: tuple(n if n in self.open else None for n in neighbours(h)) for h in self.open}
        self._progress: dict[Hex, tuple[int, int]] = {}
        self._drives: dict[MovementModel, dict[int, int]] = {}
        self._graphs: dict[MovementModel, DriveGraph] = {}
        self._lengths: dict[tuple[object, ...], list[int]] = {}
        self._narrow: dict[int, tuple[int, list[Hex]] | None] = {}

    @property
    def track(self) -> Track:
        """The track this course is of (alive while anyone asks for its course)."""
        track = self._track()
        assert track is not None, "a course outlived its track"
        return track

    @cached_property
    def _key(self) -> bytes:
        """A digest of what every search here reads: the track spaces, the lines in order,
        the slots."""
        plain = (sorted((h.q, h.r) for h in self.open),
                 [(t.kind, t.number, sorted((h.q, h.r) for h in t.hexes))
                  for t in self.targets],
                 [(s.number, s.hex.q, s.hex.r, s.facing) for s in self.slots])
        return hashlib.blake2b(marshal.dumps(plain), digest_size=16).digest()

    def _slots(self) -> list[Slot]:
        numbered = self.layout.slots()
        if numbered:
            return [Slot(n, hexes[0], self.layout.facings.get(n, 0))
                    for n, hexes in numbered.items()]
        facing = self.start_line_facing()
        return [Slot(n, h, facing) for n, h in enumerate(self.layout.finish(), start=1)]

    def start_line_facing(self) -> int:
        """The facing cars take on a starting line (Joyride: the arrows on its tokens)."""
        return clock_to_facing(self.track.start_facing, self.track.orientation)

    @property
    def starts_on_line(self) -> bool:
        """True when there are no numbered slots and racers line up on the starting line."""
        return not self.layout.slots()

    @cached_property
    def line_hexes(self) -> frozenset[Hex]:
        """Every hex of every line."""
        return frozenset(h for target in self.targets for h in target.hexes)

    # --- Reachability and plain lengths -------------------------------------------------

    def plain_progress(self, start: Hex) -> tuple[int, int]:
        """(targets crossed, hexes driven) by the shortest hex path from ``start`` through
        the targets in order; the second number counts only when every target is crossed."""
        if start not in self._progress:
            key = _answer_key(self._key, ("progress", start))
            found = _kept(key)
            if found is None:
                found = self._slots_progress.get(start)
                if found is None:  # not a slot, or a slot that cannot finish
                    found = self._search(start)
                _keep(key, found)
            self._progress[start] = found
        return self._progress[start]

    @cached_property
    def _slots_progress(self) -> dict[Hex, tuple[int, int]]:
        """:meth:`plain_progress` of every slot that can finish, by one search back from
        the finish for all of them, not a search forwards from each (how many lines a slot
        that cannot finish crosses is left to :meth:`_search`)."""
        number_of, rows, lines = self._numbered
        hexes = [s.hex for s in self.slots if s.hex in number_of]
        lengths = plain_lengths(rows, [number_of[h] for h in hexes], lines)
        if lengths is None:
            return {}
        return {h: (len(lines), n) for h, n in zip(hexes, lengths, strict=True)
                if n != UNREACHABLE}

    @cached_property
    def _numbered(self) -> tuple[dict[Hex, int], list[tuple[int, ...]], list[frozenset[int]]]:
        """Track spaces as small integers: each space's number, each number's neighbours
        (-1 where there is no track space) and each target's spaces."""
        number_of = {h: i for i, h in enumerate(self.table)}
        rows = [tuple(-1 if n is None else number_of[n] for n in row)
                for row in self.table.values()]
        lines = [frozenset(number_of[h] for h in t.hexes if h in number_of)
                 for t in self.targets]
        return number_of, rows, lines

    def _search(self, start: Hex) -> tuple[int, int]:
        """Breadth-first over (space, targets crossed), a level at a time, in integers."""
        stages = len(self.targets)
        number_of, rows, lines = self._numbered
        if start not in number_of:  # not a track space: it goes nowhere
            return (0, 0) if stages == 0 else (0, UNREACHABLE)
        width = stages + 1
        seen = bytearray(len(rows) * width)
        frontier = [number_of[start] * width]
        seen[frontier[0]] = 1
        furthest = steps = 0
        while frontier:
            following = []
            for code in frontier:
                here, stage = divmod(code, width)
                furthest = max(furthest, stage)
                if stage == stages:
                    return stage, steps
                line = lines[stage]
                for there in rows[here]:
                    if there < 0:
                        continue
                    nxt = there * width + (stage + 1 if there in line else stage)
                    if not seen[nxt]:
                        seen[nxt] = 1
                        following.append(nxt)
            frontier = following
            steps += 1
        return furthest, UNREACHABLE

    def drive_graph(self, model: MovementModel) -> DriveGraph:
        """Every state a vehicle of ``model`` can reach from the starting slots, explored
        once per movement model and shared by every drive search on this course."""
        if model not in self._graphs:
            starts = [model.start(s.hex, s.facing) for s in self.slots]
            self._graphs[model] = DriveGraph(model, starts, self.table)
        return self._graphs[model]

    def drive_lengths(self, model: MovementModel) -> dict[int, int]:
        """Slot number -> the shortest legal drive to the finish (UNREACHABLE if none),
        searched once per movement model."""
        if model not in self._drives:
            lengths = self.drive_from(model, self.slots, [t.hexes for t in self.targets])
            self._drives[model] = {slot.number: length
                                   for slot, length in zip(self.slots, lengths, strict=True)}
        return self._drives[model]

    def drive_from(self, model: MovementModel, slots: Iterable[Slot],
                   targets: list[frozenset[Hex]]) -> list[int]:
        """For each of ``slots``, the shortest legal drive entering each of ``targets`` in
        turn (UNREACHABLE if none), on the shared graph of :meth:`drive_graph` (each
        question answered once: the rules run again on a track already checked)."""
        starts = tuple(model.start(s.hex, s.facing) for s in slots)
        key = (model, starts, tuple(targets))
        if key not in self._lengths:
            kept_as = _answer_key(self._key, ("drive", model, starts,
                                              [sorted(t) for t in targets]))
            found = _kept(kept_as)
            if found is None:
                found = self.drive_graph(model).lengths(starts, targets)
                _keep(kept_as, list(found))
            self._lengths[key] = found
        return list(self._lengths[key])

    def first_entries(self, model: MovementModel, slot: Slot, lines: list[frozenset[Hex]]
                      ) -> list[int]:
        """For each of ``lines`` on its own, the shortest legal drive from ``slot`` onto it
        (UNREACHABLE if none), answered once per question."""
        key = ("first", model, slot, tuple(lines))
        if key not in self._lengths:
            start = model.start(slot.hex, slot.facing)
            kept_as = _answer_key(self._key, ("first", model, start, [sorted(t) for t in lines]))
            found = _kept(kept_as)
            if found is None:
                found = self.drive_graph(model).first_entries(start, lines)
                _keep(kept_as, list(found))
            self._lengths[key] = found
        return list(self._lengths[key])

    # --- Width ---------------------------------------------------------------------------

    @cached_property
    def narrowest(self) -> tuple[int, list[Hex]] | None:
        """The narrowest point of the course: the fewest track hexes whose loss would cut
        one line (or the grid) off from the next, and those hexes. None if no leg has a
        finite cut (the course is too short to measure)."""
        best: tuple[int, list[Hex]] | None = None
        for sources, sinks, allowed in self.legs():
            cut = vertex_cut(sources, sinks, allowed)
            if cut is not None and (best is None or len(cut) < best[0]):
                best = (len(cut), cut)
        return best

    def narrowest_below(self, width: int) -> tuple[int, list[Hex]] | None:
        """:attr:`narrowest` when it is fewer than ``width`` hexes, else None.

        Why: the rules only ask whether the course is narrower than a few hexes. Each leg's
        search stops once ``width`` hexes (or the narrowest leg so far) are known not to be
        enough to cut it, so the work grows with the number of spaces only, not with the
        spaces times the width. A leg it stops on cannot be the narrowest point below
        ``width``; every other leg's search runs to the end, so its cut is the one
        :attr:`narrowest` finds. (The one exception: a leg 64 or more hexes wide, where
        :attr:`narrowest` stops too and reads a cut off an unfinished flow.)"""
        if "narrowest" in self.__dict__:  # already measured in full
            full = self.narrowest
            return full if full is not None and full[0] < width else None
        if width not in self._narrow:
            key = _answer_key(self._key, ("narrowest below", width))
            kept = _kept(key)
            if kept is not None:
                self._narrow[width] = None if kept == () else (
                    kept[0], [Hex(q, r) for q, r in kept[1]])
                return self._narrow[width]
            best: tuple[int, list[Hex]] | None = None
            for sources, sinks, allowed in self.legs():
                below = width if best is None else best[0]
                cut = vertex_cut(sources, sinks, allowed, below=below)
                if cut is not None:
                    best = (len(cut), cut)
            self._narrow[width] = best
            _keep(key, () if best is None else (best[0], [(h.q, h.r) for h in best[1]]))
        return self._narrow[width]

    def legs(self) -> Iterable[tuple[frozenset[Hex], frozenset[Hex], frozenset[Hex]]]:
        """(from, to, hexes allowed) for each leg of the course. A leg may not use other
        lines' hexes (they close off the rest of a circuit); the first leg may drive over
        the finish line, which is also the starting line."""
        starts = frozenset(s.hex for s in self.slots)
        previous = starts
        for number, target in enumerate(self.targets):
            keep = previous | target.hexes | (self.finish if number == 0 else frozenset())
            allowed = (self.open - self.line_hexes) | keep
            yield previous, target.hexes, allowed
            previous = target.hexes

    # --- Islands, lines and circuits ----------------------------------------------------------

    def islands(self) -> list[list[Hex]]:
        """Groups of track spaces no racer can reach from the starting slots."""
        starts = {s.hex for s in self.slots}
        return [group for group in components(self.open, self.open)
                if not starts & set(group)]

    def ahead_of_the_line(self, lines: list[frozenset[Hex]]) -> list[int]:
        """For each of ``lines``, the fewest hexes onto it from the starting line's front,
        never crossing back over the starting line (UNREACHABLE if none).

        Why: the arrows on the starting line say which way the lap leaves it, so the first
        line met on that side is the lap's first. A drive that turns round and re-crosses
        the starting line says nothing of the numbering, however short it is.
        """
        far = _spread(self._front_of_the_line(), self.open - self.finish)
        return [min((far[h] for h in line if h in far), default=UNREACHABLE) for line in lines]

    def met_first_ahead(self) -> set[int]:
        """The checkpoints a car leaving the starting line's front can meet before any other
        line: the numbers of those bounding the track ahead of it. Why: at a junction (a
        figure of eight) the nearest checkpoint may lie down a turn the lap takes later,
        yet checkpoint 1 still bounds the way out."""
        lines = {h: n for n, hexes in self.checkpoints.items() for h in hexes}
        ahead = _spread(self._front_of_the_line(), self.open - self.finish - lines.keys())
        return {lines[n] for h in ahead for n in (h, *neighbours(h)) if n in lines} | {
            lines[h] for h in self._front_of_the_line() if h in lines}

    def _front_of_the_line(self) -> set[Hex]:
        """The spaces just ahead of the starting line, the way its arrows point."""
        facing = self.start_line_facing()
        if not is_side_facing(facing):
            return set()
        return {h.neighbour(facing // 2) for h in self.finish} & (self.open - self.finish)

    def line_crosses(self, hexes: Iterable[Hex]) -> bool:
        """True when a line runs from barrier to barrier, so no racer can drive round it.

        The track spaces touching the line fall into separate groups (one each side) only
        when both ends of the line meet a barrier; a gap at an end joins the two sides.
        """
        line = frozenset(hexes)
        if len(components(line, line)) != 1:
            return False
        touching = frozenset(n for h in line for n in neighbours(h)
                             if n in self.open and n not in line)
        return len(components(touching, touching)) >= 2

    def line_hugs_a_wall(self, hexes: Iterable[Hex]) -> bool:
        """True when every space of a line of two or more, in one piece, touches a barrier
        (or the map's edge): a line drawn along a wall rather than across the track."""
        line = frozenset(hexes)
        return len(line) > 1 and len(components(line, line)) == 1 and all(
            any(n not in self.open for n in neighbours(h)) for h in line)

    def is_circuit(self) -> bool:
        """True when racers can go round and come back to where they started.

        With a finish line: its two sides are joined some other way round. Without one: the
        track encloses a hole of barrier or off-board hexes.
        """
        if self.finish:
            return self._finish_is_looped()
        return self._has_hole()

    def loops(self) -> bool:
        """True when the track goes round something (it encloses a hole of barrier or
        off-board hexes, or its finish line's two sides are joined round the track), whether
        or not its finish line spans it."""
        return self.is_circuit() or self._has_hole()

    def _finish_is_looped(self) -> bool:
        touching = frozenset(n for h in self.finish for n in neighbours(h)
                             if n in self.open and n not in self.finish)
        sides = components(touching, touching)
        if len(sides) < 2:
            return False
        rest = self.open - self.finish
        reach = set(components([sides[0][0]], rest)[0])
        return any(side[0] in reach for side in sides[1:])

    def _has_hole(self) -> bool:
        cells = list(self.layout.cells)
        if not cells:
            return False
        box = set(cells)
        for hex_ in cells:
            box.update(neighbours(hex_))
        blocked = frozenset(h for h in box if h not in self.open)
        edge = {h for h in blocked if any(n not in box for n in neighbours(h))}
        return any(not edge & set(group) for group in components(blocked, blocked))


def _spread(sources: Iterable[Hex], allowed: frozenset[Hex]) -> dict[Hex, int]:
    """Hexes of ``allowed`` reached from ``sources`` (each at 1) -> spaces counted."""
    far = {h: 1 for h in sources if h in allowed}
    queue = list(far)
    for here in queue:  # breadth first: the list grows as it is read
        for there in neighbours(here):
            if there in allowed and there not in far:
                far[there] = far[here] + 1
                queue.append(there)
    return far
