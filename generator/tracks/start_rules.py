"""Checks for the start of a race: room for every car where it starts, and (Joyride) the
starting line that every car starts on, with room ahead for the starting roll.

Registered on the same rule book as the map's rules (``rules.py``).
"""

from __future__ import annotations

from collections.abc import Iterator

from generator.input.findings import Violation
from generator.tracks.analysis import Slot
from generator.tracks.analysis import course_of as course
from generator.tracks.game import TrackGame
from generator.tracks.hexgrid import (
    DIRECTIONS,
    Hex,
    clock_to_facing,
    direction_between,
    facing_to_clock,
    is_side_facing,
    neighbours,
    side_hours,
)
from generator.tracks.layout import components
from generator.tracks.model import Track
from generator.tracks.rules import RULES, drawable

__all__ = ["RULES"]


@RULES.check("TRK-START-FACING")
def slots_face_sides(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not drawable(track):
        return
    slots = track.layout.slots()
    for slot in track.slot_facings:
        if slot not in slots:  # (a slot drawn on a line-start game's map: TRK-START-ON-LINE)
            yield Violation(("slot_facings", slot), {"missing": True, "slot": slot,
                                                     "line": context.line_start,
                                                     "game": context.title})
    if not context.movement.sides_only:
        return
    base = {"missing": False, "line": context.line_start, "game": context.title,
            "orientation": track.orientation,
            "hours": ", ".join(map(str, side_hours(track.orientation))), "shared": False,
            "along": False}
    faced = [(n, track.layout.facings.get(n, 0), ("slot_facings", n)
              if n in track.slot_facings else ("start_facing",)) for n in slots]
    if not slots:
        faced = [(0, clock_to_facing(track.start_facing, track.orientation), ("start_facing",))]
    said = set()  # slots sharing start_facing are one mistake, said once for them all
    for number, facing, path in faced:
        if not is_side_facing(facing) and (path, facing) not in said:
            said.add((path, facing))
            shared = path == ("start_facing",) and number != 0
            yield Violation(path, {**base, "slot": 0 if shared else number, "shared": shared,
                                   "hour": facing_to_clock(facing, track.orientation)})
    facing = clock_to_facing(track.start_facing, track.orientation)
    if context.line_start and is_side_facing(facing) \
            and runs_along(track.layout.finish(), facing // 2):
        across = [hour for hour in side_hours(track.orientation)
                  if clock_to_facing(hour, track.orientation) // 2 % 3 != facing // 2 % 3]
        yield Violation(("start_facing",), {**base, "slot": 0, "along": True,
                                            "hour": track.start_facing,
                                            "across": ", ".join(map(str, across))})


def runs_along(line: list[Hex], direction: int) -> bool:
    """True when a line of two or more spaces lies in one row along ``direction`` (either
    way): cars set on it facing that way would drive along it, never across."""
    cells = frozenset(line)
    if len(cells) < 2 or len(components(cells, cells)) != 1:
        return False
    steps = {direction_between(h, n) for h in cells for n in neighbours(h) if n in cells}
    return steps <= {direction % 6, (direction + 3) % 6}


@RULES.check("TRK-START-ROOM")
def room_behind_slots(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not drawable(track) or context.movement.vehicle_length < 2:
        return
    the_course = course(track)
    if the_course.starts_on_line:
        return  # places on a line without room are simply not counted (TRK-START-SLOTS)
    for slot in the_course.slots:
        behind = _behind(track, slot.hex, slot.facing)
        if behind is not None:
            yield Violation(track.layout.where(slot.hex), {
                "slot": slot.number, "hour": facing_to_clock(slot.facing, track.orientation),
                "behind": behind})


def _behind(track: Track, hex_: Hex, facing: int) -> str | None:
    """What stands behind a car's front space: None when it is a track space."""
    if not is_side_facing(facing):
        return None
    back = hex_.plus(DIRECTIONS[(facing // 2 + 3) % 6])
    cell = track.layout.cells.get(back)
    if cell is not None and cell.passable:
        return None
    return cell.symbol.label if cell is not None else "space off the board"


@RULES.check("TRK-START-SLOTS")
def enough_slots(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not drawable(track):
        return
    if context.line_start and not track.layout.finish():
        return  # no starting line at all: TRK-FINISH-MISSING's to report
    the_course = course(track)
    # A game whose racers start on the line counts its places even when the map also marks
    # numbered slots (TRK-START-ON-LINE reports those).
    on_line = the_course.starts_on_line or context.line_start
    usable = _line_slots(track) if context.line_start else the_course.slots
    if on_line and context.movement.vehicle_length > 1:
        usable = _places_on_the_line(track, usable)
    if len(usable) < track.players.high:
        yield Violation(("players",), {"players": track.players.high, "usable": len(usable),
                                       "line": on_line})


def _line_slots(track: Track) -> list[Slot]:
    """A place for a car's front on each space of the starting line, facing its arrows."""
    facing = course(track).start_line_facing()
    return [Slot(n, h, facing) for n, h in enumerate(track.layout.finish(), start=1)]


def _places_on_the_line(track: Track, slots: list[Slot]) -> list[Slot]:
    """The most cars the starting line holds at once: each front on a line space with track
    behind it for its back, and no car's back on another's front (a line the cars point
    along holds one car in two spaces). Taken front-most first along the facing."""
    line = {s.hex for s in slots}

    def ahead(slot: Slot) -> int:
        step, count, here = DIRECTIONS[slot.facing // 2], 0, slot.hex.plus(
            DIRECTIONS[slot.facing // 2])
        while here in line:
            count, here = count + 1, here.plus(step)
        return count

    taken: set[Hex] = set()
    places = []
    for slot in sorted(slots, key=ahead):
        if _behind(track, slot.hex, slot.facing) is not None:
            continue
        back = slot.hex.plus(DIRECTIONS[(slot.facing // 2 + 3) % 6])
        if is_side_facing(slot.facing) and {slot.hex, back} & taken:
            continue
        taken |= {slot.hex, back}
        places.append(slot)
    return places


@RULES.check("TRK-START-ON-LINE")
def cars_start_on_the_line(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not context.line_start or not drawable(track):
        return
    slots = track.layout.slots()
    if slots:
        yield Violation(track.layout.where(slots[min(slots)][0]), {
            "game": context.title, "count": sum(len(h) for h in slots.values()),
            "pieces": bool(track.pieces)})


@RULES.check("TRK-START-RUNWAY")
def room_for_the_starting_roll(track: Track, context: TrackGame, spaces: int
                               ) -> Iterator[Violation]:
    if not context.line_start or not drawable(track):
        return
    the_course = course(track)
    if not the_course.starts_on_line:
        return
    places = _places_on_the_line(track, the_course.slots)
    runs = [(_straight_run(track, s, spaces), s) for s in places if is_side_facing(s.facing)]
    short = [(run, s) for run, s in runs if run < spaces]
    if short:
        run, slot = min(short, key=lambda pair: pair[0])
        yield Violation(track.layout.where(slot.hex), {
            "short": len(short), "places": len(runs), "run": run})


def _straight_run(track: Track, slot: Slot, most: int) -> int:
    """Track spaces straight ahead of ``slot``'s front, up to ``most``."""
    step, here, run = DIRECTIONS[slot.facing // 2], slot.hex, 0
    while run < most:
        here = here.plus(step)
        cell = track.layout.cells.get(here)
        if cell is None or not cell.passable:
            break
        run += 1
    return run
