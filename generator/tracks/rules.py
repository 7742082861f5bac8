"""Checks for the track rules declared in ``rules.yaml``.

Each check receives the track, its rule's ``params`` and the game's :class:`TrackGame` (as
``context``), and yields a Violation per problem, pointed at the map character (or piece)
concerned. Checks that need the resolved hexes are silent while the map itself is broken
(unknown characters, a piece list that could not be laid): those errors come first.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from generator.input.findings import RuleBook, Violation
from generator.tracks.analysis import course_of as course
from generator.tracks.game import TrackGame
from generator.tracks.hexgrid import (
    Hex,
    hex_to_offset,
    neighbours,
)
from generator.tracks.layout import components
from generator.tracks.legend import BUILTIN_LEGEND
from generator.tracks.lines import drawn_twice, drives_round, spans_a_fork
from generator.tracks.model import Track
from generator.tracks.movement import UNREACHABLE

RULES: RuleBook[Track] = RuleBook(Path(__file__).with_name("rules.yaml"))

TERRAIN_NAMES = {"hazard": "hazards", "fragile": "fragile obstacles", "solid": "solid obstacles",
                 "special": "special spaces"}


def drives(track: Track, game: TrackGame) -> dict[int, int]:
    """Slot -> shortest legal drive for the game's movement model."""
    return course(track).drive_lengths(game.movement)


def drawable(track: Track) -> bool:
    """True when the track's hexes could be worked out, so the race can be checked."""
    has_shape = (track.map is None) != (not track.pieces)
    layout = track.layout if has_shape else None
    return layout is not None and not layout.unknown and not layout.problems \
        and bool(layout.cells)


def where(track: Track, hexes: Iterable[Hex]) -> str:
    """Name hexes so a person can find them: line:column in the file, or piece numbers."""
    layout = track.layout
    if track.map is not None:
        spots = []
        for hex_ in hexes:
            path = layout.where(hex_)
            if len(path) == 3 and isinstance(path[1], int) and isinstance(path[2], int):
                spots.append(track.map.position(path[1], path[2]))
        return _listed(spots, "line:column ")
    steps = sorted({int(layout.where(h)[1]) + 1 for h in hexes if len(layout.where(h)) > 1})
    return _listed([str(s) for s in steps], "piece " if len(steps) == 1 else "pieces ")


def _listed(items: list[str], prefix: str) -> str:
    if not items:
        return "(nowhere)"
    shown = items[:6] + (["..."] if len(items) > 6 else [])
    return prefix + ", ".join(shown)


# --- The map itself ----------------------------------------------------------------------


@RULES.check("TRK-MAP-OR-PIECES")
def map_or_pieces(track: Track) -> Iterator[Violation]:
    if (track.map is None) == (not track.pieces):
        yield Violation(("pieces",) if track.pieces else (), {"both": bool(track.pieces)})


@RULES.check("TRK-MAP-CHAR")
def known_characters(track: Track) -> Iterator[Violation]:
    if track.map is None:
        return
    symbols = track.symbols()
    known = "".join(sorted(c for c in symbols if not c.isspace()))
    for unknown in track.layout.unknown:
        guess = _lookalike(unknown.char, symbols)
        yield Violation(unknown.path, {"char": unknown.char, "known": known + " and space",
                                       "suggestion": guess})


def _lookalike(char: str, symbols: Mapping[str, object]) -> str:
    if char == "#":
        return "barriers are 'X' ('#' would start a YAML comment outside the map)"
    if char == "\t":
        return "tabs are not hexes: use spaces for no space"
    if char.lower() in symbols and char != char.lower():
        return f"did you mean '{char.lower()}'?"
    return ""


@RULES.check("TRK-LEGEND-CHAR")
def legend_adds_only(track: Track) -> Iterator[Violation]:
    for char in track.legend:
        if char in BUILTIN_LEGEND:
            yield Violation(("legend", char), {"char": char,
                                               "meaning": BUILTIN_LEGEND[char].label})


@RULES.check("TRK-TERRAIN")
def terrain_of_the_game(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not drawable(track):
        return
    layout = track.layout
    for terrain, what in TERRAIN_NAMES.items():
        hexes = layout.with_terrain(terrain)
        if hexes and terrain not in context.terrains:
            yield Violation(layout.where(hexes[0]), {"game": context.title, "what": what,
                                                     "count": len(hexes)})
    if not context.items:
        items = [c.hex for c in layout.ordered() if c.symbol.item]
        item_lines = [h for n in layout.item_checkpoints() for h in layout.checkpoints()[n]]
        for what, hexes in (("item pick-ups", items), ("item checkpoints", item_lines)):
            if hexes:
                yield Violation(layout.where(hexes[0]), {"game": context.title, "what": what,
                                                         "count": len(hexes)})


# --- Pieces ------------------------------------------------------------------------------


def _piece_problems(track: Track, rule: str) -> Iterator[Violation]:
    if track.map is None and track.pieces:
        for problem in track.layout.problems:
            if problem.rule == rule:
                yield Violation(problem.path, problem.params)


@RULES.check("TRK-PIECE-UNKNOWN")
def known_pieces(track: Track) -> Iterator[Violation]:
    yield from _piece_problems(track, "TRK-PIECE-UNKNOWN")


@RULES.check("TRK-PIECE-JOIN")
def pieces_join(track: Track) -> Iterator[Violation]:
    yield from _piece_problems(track, "TRK-PIECE-JOIN")


@RULES.check("TRK-PIECE-OVERLAP")
def pieces_apart(track: Track) -> Iterator[Violation]:
    yield from _piece_problems(track, "TRK-PIECE-OVERLAP")


# --- The start ---------------------------------------------------------------------------


@RULES.check("TRK-START-NUMBERS")
def slots_numbered_once(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not drawable(track) or context.line_start:
        return  # a game that starts on the line has no slots to number (TRK-START-ON-LINE)
    slots = track.layout.slots()
    for number, hexes in slots.items():
        if len(hexes) > 1:
            yield Violation(track.layout.where(hexes[1]), {"number": number,
                                                           "twice": len(hexes)})
    for number in slots:
        missing = next((n for n in range(1, number) if n not in slots), None)
        if missing is not None:
            yield Violation(track.layout.where(slots[number][0]),
                            {"number": number, "missing": missing, "twice": 0})
            return


# --- Lines and the course ----------------------------------------------------------------


@RULES.check("TRK-FINISH-MISSING")
def finish_present(track: Track, context: TrackGame) -> Iterator[Violation]:
    if drawable(track) and track.race_type in context.finish_races \
            and not course(track).finish:
        yield Violation(("map",), {"race_type": track.race_type, "game": context.title})


@RULES.check("TRK-CHECKPOINT-NUMBERS")
def checkpoints_numbered(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not drawable(track):
        return
    layout = track.layout
    checkpoints = layout.checkpoints()
    for number, hexes in checkpoints.items():
        kinds = {layout.cells[h].symbol.item_checkpoint for h in hexes}
        if len(kinds) > 1:
            yield Violation(layout.where(hexes[0]), {"number": number, "both": True,
                                                     "lines": 0})
    for target in course(track).targets:
        lines = drawn_twice(track, target, context)
        if lines:  # at the start of the second line, in reading order
            yield Violation(layout.where(lines[1][0]), {
                "number": target.number, "both": False, "name": target.name,
                "lines": len(lines)})
    for number, hexes in checkpoints.items():
        missing = next((n for n in range(1, number) if n not in checkpoints), None)
        if missing is not None:
            yield Violation(layout.where(hexes[0]), {"number": number, "missing": missing,
                                                     "both": False, "lines": 0})
            return


@RULES.check("TRK-CHECKPOINT-CROSS")
def lines_cross(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not drawable(track):
        return
    the_course = course(track)
    lapped = track.laps > 1 or context.line_start
    for target in the_course.targets:
        if target.kind == "finish" and lapped and not the_course.loops():
            continue  # laps on a track that does not loop: TRK-LAPS-NO-LOOP
        crosses = the_course.line_crosses(target.hexes) or not context.straight_lines \
            and spans_a_fork(the_course, target.hexes)
        round_ = crosses and drives_round(the_course, target.hexes)
        if round_ or not crosses and not drawn_twice(track, target, context) \
                and not _slots_fill_the_line(track, target.hexes, target.kind, context):
            first = min(target.hexes, key=lambda h: hex_to_offset(h, track.orientation)[::-1])
            yield Violation(track.layout.where(first), {
                "name": target.name, "pieces": len(components(target.hexes, target.hexes)),
                "along": not round_ and the_course.line_hugs_a_wall(target.hexes),
                "round": round_})


def _slots_fill_the_line(track: Track, hexes: Iterable[Hex], kind: str,
                         context: TrackGame) -> bool:
    """True when digits drawn in a Joyride starting line are all that breaks it: the line
    with them spans the track, and the digits are TRK-START-ON-LINE's one error."""
    slots = [h for found in track.layout.slots().values() for h in found]
    return kind == "finish" and context.line_start and bool(slots) \
        and course(track).line_crosses([*hexes, *slots])


@RULES.check("TRK-FINISH-REACH")
def finish_reachable(track: Track) -> Iterator[Violation]:
    if not drawable(track):
        return
    the_course = course(track)
    if not the_course.targets:
        return
    for slot in the_course.slots:
        crossed, _ = the_course.plain_progress(slot.hex)
        if crossed < len(the_course.targets):
            yield Violation(track.layout.where(slot.hex), {
                "slot": slot.number, "line": the_course.starts_on_line,
                "target": the_course.targets[crossed].name,
                "after": the_course.targets[crossed - 1].name if crossed else ""})


def _reaches(track: Track) -> bool:
    the_course = course(track)
    return bool(the_course.targets) and bool(the_course.slots) and all(
        the_course.plain_progress(s.hex)[0] == len(the_course.targets)
        for s in the_course.slots)


def _width_asked(track: Track) -> int:
    """The width below which the TRK-NARROW rules report the narrowest point (one search
    answers both)."""
    return max(int(RULES["TRK-NARROW"].params["min_width"]), track.players.high)


@RULES.check("TRK-NARROW")
def wide_enough_for_a_wreck(track: Track, min_width: int, context: TrackGame
                            ) -> Iterator[Violation]:
    if not context.wrecks or not drawable(track) or not _reaches(track):
        return
    narrowest = course(track).narrowest_below(_width_asked(track))
    if narrowest is not None and narrowest[0] < min_width:
        width, hexes = narrowest
        yield Violation(track.layout.where(hexes[0]), {"width": width,
                                                       "where": where(track, hexes)})


@RULES.check("TRK-NARROW-FIELD")
def wide_enough_for_the_field(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not context.scale_advice or not drawable(track) or not _reaches(track):
        return
    narrowest = course(track).narrowest_below(_width_asked(track))
    min_width = int(RULES["TRK-NARROW"].params["min_width"])
    if narrowest is not None and min_width <= narrowest[0] < track.players.high:
        width, hexes = narrowest
        yield Violation(track.layout.where(hexes[0]), {
            "width": width, "where": where(track, hexes), "players": track.players.high})


@RULES.check("TRK-ISLAND")
def no_islands(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not context.scale_advice or not drawable(track) or not course(track).slots:
        return
    the_course = course(track)
    for island in the_course.islands():
        first = min(island, key=lambda h: hex_to_offset(h, track.orientation)[::-1])
        yield Violation(track.layout.where(first), {"count": len(island),
                                                    "line": the_course.starts_on_line})


@RULES.check("TRK-LAP-DIRECTION")
def circuits_have_a_direction(track: Track) -> Iterator[Violation]:
    if not drawable(track) or track.race_type != "Fastest":  # only Fastest counts laps
        return
    the_course = course(track)
    if the_course.finish and the_course.is_circuit() and len(the_course.checkpoints) < 2:
        first = the_course.layout.finish()[0]
        yield Violation(track.layout.where(first), {"count": len(the_course.checkpoints)})


@RULES.check("TRK-LAP-LENGTH")
def lap_length(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not drawable(track) or not _reaches(track):
        return
    the_course = course(track)
    paths = {s.number: the_course.plain_progress(s.hex)[1] for s in the_course.slots}
    driven = {n: d for n, d in drives(track, context).items() if d != UNREACHABLE}
    if not driven:
        return
    best = min(driven, key=lambda n: (driven[n], n))
    path, drive = paths[best], driven[best]
    spread = max(driven.values()) - min(driven.values())
    yield Violation(("name",), {
        "path": path, "drive": drive, "extra": round(100 * (drive - path) / path) if path
        else 0, "spread": spread, "model": context.movement.kind,
        "spaces": context.movement.spaces, "line": the_course.starts_on_line})


@RULES.check("TRK-DRIVE-REACH")
def drivable(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not drawable(track) or not _reaches(track):
        return
    the_course = course(track)
    if any(the_course.line_hugs_a_wall(t.hexes) and not the_course.line_crosses(t.hexes)
           for t in the_course.targets):
        return  # a line along a wall cannot be crossed as drawn: CROSS's error says so
    for slot in the_course.slots:
        if drives(track, context)[slot.number] == UNREACHABLE:
            yield Violation(track.layout.where(slot.hex), {
                "slot": slot.number, "line": the_course.starts_on_line,
                "model": context.movement.kind, "spaces": context.movement.spaces})


# --- Race type ---------------------------------------------------------------------------


@RULES.check("TRK-RACE-TYPE")
def race_type_of_the_game(track: Track, context: TrackGame) -> Iterator[Violation]:
    if track.race_type not in context.race_types:
        yield Violation(("race_type",), {"game": context.title, "race_type": track.race_type,
                                         "known": ", ".join(context.race_types)})


def raced_here(track: Track, context: TrackGame) -> bool:
    """True when the track's race type is one its game plays: a rule of another game's race
    type has nothing to say (TRK-RACE-TYPE reports the type itself)."""
    return track.race_type in context.race_types


@RULES.check("TRK-RACE-PLAYERS")
def pursuit_for_two(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not raced_here(track, context):
        return
    if track.race_type == "Pursuit" and track.players.high != 2:
        yield Violation(("players",), {"players": str(track.players)})


@RULES.check("TRK-RACE-CIRCUIT")
def circuit_races(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not drawable(track) or not raced_here(track, context):
        return
    # Pursuit and Fox and Hounds need a circuit outright: TRK-RACE-NEEDS-CIRCUIT, an error.
    if track.race_type == "Toughest" and not course(track).is_circuit():
        yield Violation(("race_type",), {"race_type": track.race_type})


# --- Audit of the creation rules: order, enclosure, race grids ---------------------------


@RULES.check("TRK-CHECKPOINT-ORDER")
def checkpoints_along_the_drive(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not drawable(track) or not _reaches(track):
        return
    the_course = course(track)
    numbers = sorted(the_course.checkpoints)
    if len(numbers) < 2 or not the_course.slots or numbers != list(range(1, len(numbers) + 1)) \
            or any(drawn_twice(track, t, context) for t in the_course.targets):
        return  # a gap, or a line drawn twice, is TRK-CHECKPOINT-NUMBERS's: nothing to judge
    first, last = numbers[0], numbers[-1]
    lines = [frozenset(the_course.checkpoints[n]) for n in (first, last)]
    if any(the_course.line_hugs_a_wall(line) and not the_course.line_crosses(line)
           for line in lines):
        return  # a line along a wall is met wherever a car strays to it: CROSS's to report
    # A grid is judged from slot 1, its front; a starting line by the side its arrows point
    # to, never driving back over it (a U-turn to a checkpoint just behind is no lap).
    if the_course.starts_on_line:
        if first in the_course.met_first_ahead():
            return  # the way out leads to checkpoint 1, whatever else is nearer
        first_drive, last_drive = the_course.ahead_of_the_line(lines)
    else:
        first_drive, last_drive = the_course.first_entries(
            context.movement, the_course.slots[0], lines)
    if last_drive != UNREACHABLE and (first_drive == UNREACHABLE or last_drive < first_drive):
        yield Violation(track.layout.where(the_course.checkpoints[last][0]), {
            "last": last, "last_drive": last_drive, "line": the_course.starts_on_line,
            "first_drive": "never" if first_drive == UNREACHABLE else first_drive})


@RULES.check("TRK-BARRIER-GAP")
def enclosed_by_barrier(track: Track, context: TrackGame) -> Iterator[Violation]:
    if context.open_edge or track.map is None or not drawable(track):
        return
    layout = track.layout
    edge = [h for h in layout.passable if any(n not in layout.cells for n in neighbours(h))]
    if edge:
        edge.sort(key=lambda h: hex_to_offset(h, track.orientation)[::-1])
        yield Violation(layout.where(edge[0]), {"count": len(edge),
                                                "where": where(track, edge[:3])})


def _distances(open_hexes: frozenset[Hex], start: Hex) -> dict[Hex, int]:
    """Track spaces from ``start`` to every track space it can reach."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in neighbours(here):
            if there in open_hexes and there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def _grid_gap(track: Track, numbers: int) -> tuple[int, int, int, int] | None:
    """On a circuit, the closest two of the first ``numbers`` starting slots: (gap, slot,
    other, spacing), where ``spacing`` is how far apart that many slots spread evenly
    round the circuit would be, all in track spaces. The furthest track space from slot 1
    is taken as half a lap. None when there are fewer than 2 slots or no circuit."""
    the_course = course(track)
    slots = sorted(the_course.slots, key=lambda s: s.number)[:numbers]
    if len(slots) < 2 or not the_course.is_circuit():
        return None
    open_hexes = track.layout.passable
    half_lap = max(_distances(open_hexes, slots[0].hex).values())
    spacing = max(1, round(2 * half_lap / len(slots)))
    gaps: list[tuple[int, int, int]] = []
    for one in slots:
        reach = _distances(open_hexes, one.hex)
        gaps += [(reach[o.hex], one.number, o.number) for o in slots
                 if o is not one and o.hex in reach]
    if not gaps:
        return None
    gap, first, other = min(gaps)
    return gap, first, other, spacing


def _gap_violation(track: Track, numbers: int) -> Iterator[Violation]:
    found = _grid_gap(track, numbers)
    if found is None:
        return
    gap, slot, other, spacing = found
    if gap < spacing / 2:
        hexes = {s.number: s.hex for s in course(track).slots}
        yield Violation(track.layout.where(hexes[other]), {
            "slot": slot, "other": other, "gap": gap, "spacing": spacing,
            "race_type": track.race_type})


@RULES.check("TRK-RACE-GRID")
def grid_spread_round(track: Track, context: TrackGame) -> Iterator[Violation]:
    if track.race_type != "Toughest" or not drawable(track) or not raced_here(track, context):
        return
    yield from _gap_violation(track, len(course(track).slots))


@RULES.check("TRK-PURSUIT-START")
def pursuit_from_opposite_sides(track: Track, context: TrackGame) -> Iterator[Violation]:
    if track.race_type != "Pursuit" or not drawable(track) or not raced_here(track, context):
        return
    yield from _gap_violation(track, 2)  # the two vehicles race from slots 1 and 2
