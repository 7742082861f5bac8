"""What the track rules measure: cuts, lines, circuits, movement models, pieces."""

from __future__ import annotations

import marshal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.project.loading import load
from generator.tracks import analysis, cuts
from generator.tracks.analysis import Course, course_of
from generator.tracks.cuts import vertex_cut
from generator.tracks.hexgrid import DIRECTIONS, Hex, distance, hex_to_offset, offset_to_hex
from generator.tracks.model import PieceStep, Players, Track
from generator.tracks.movement import (
    DriveGraph,
    PhaseTurning,
    SteerPerMove,
    drive_lengths,
    plain_lengths,
)
from generator.tracks.pieces import LANE_STEP, fit, layout_from_pieces, standard_pieces
from tests.keep.framing import content
from tests.track_files import STRIP, TRACKS, write_track


def corridor(width: int, length: int = 8) -> frozenset[Hex]:
    """Rows of a pointy-top map, ``width`` rows high: a straight corridor running east."""
    return frozenset(offset_to_hex(c, r, "pointy") for c in range(length) for r in range(width))


@pytest.mark.parametrize("width", [1, 2, 3, 5])
def test_the_cut_across_a_corridor_is_its_width(width: int) -> None:
    hexes = corridor(width)
    sources = frozenset(offset_to_hex(0, r, "pointy") for r in range(width))
    sinks = frozenset(offset_to_hex(7, r, "pointy") for r in range(width))
    cut = vertex_cut(sources, sinks, hexes)
    assert cut is not None and len(cut) == width


def test_an_obstacle_narrows_the_cut_and_the_cut_runs_through_it() -> None:
    hexes = corridor(3) - {offset_to_hex(4, 1, "pointy")}
    sources = frozenset(offset_to_hex(0, r, "pointy") for r in range(3))
    sinks = frozenset(offset_to_hex(7, r, "pointy") for r in range(3))
    cut = vertex_cut(sources, sinks, hexes)
    assert cut is not None and len(cut) == 2
    hole = offset_to_hex(4, 1, "pointy")
    assert all(distance(h, hole) == 1 for h in cut)


def test_touching_or_disconnected_ends_have_no_cut() -> None:
    hexes = corridor(2)
    assert vertex_cut(frozenset({Hex(0, 0)}), frozenset({Hex(1, 0)}), hexes) is None
    assert vertex_cut(frozenset({Hex(0, 0)}), frozenset({Hex(40, 0)}), hexes) is None


def loaded_course(tmp_path: Path, map_text: str, **fields: object) -> Course:
    path = write_track(tmp_path, map_text=map_text, **fields)
    (definition,) = load([path]).definitions
    return Course(definition.model, definition.model.layout)


def test_a_line_with_a_gap_does_not_cross_the_track(tmp_path: Path) -> None:
    full = loaded_course(tmp_path, STRIP.replace("X12...", "X12.a.").replace("X34...",
                                                                            "X34.a."))
    assert full.line_crosses(full.checkpoints[1])
    gap = loaded_course(tmp_path, STRIP.replace("X12...", "X12.a."))
    assert not gap.line_crosses(gap.checkpoints[1])


def test_a_strip_is_not_a_circuit_and_an_oval_is(tmp_path: Path) -> None:
    assert not loaded_course(tmp_path, STRIP).is_circuit()
    oval = ("XXXXXXXXXX\nX12=.....X\nX34=.....X\nX..XXXX..X\nX..XXXX..X\nX...a....X\n"
            "X...a....X\nXXXXXXXXXX")
    assert loaded_course(tmp_path, oval).is_circuit()
    no_finish = oval.replace("=", ".")
    assert loaded_course(tmp_path, no_finish, race_type="Toughest").is_circuit()


def test_islands_are_the_spaces_the_grid_cannot_reach(tmp_path: Path) -> None:
    found = loaded_course(tmp_path, STRIP + "\nX...X").islands()
    assert [len(island) for island in found] == [3]


def test_a_side_facing_chariot_may_go_ahead_or_drift_once_a_phase() -> None:
    model = PhaseTurning(spaces=3)
    table = {h: tuple(h.neighbour(d) for d in range(6)) for h in corridor(5, 10)}
    start = model.start(offset_to_hex(4, 2, "pointy"), 0)
    first = list(model.moves(start, table))
    assert {s[0] for s in first} == {start[0].neighbour(d) for d in (0, 5, 1)}
    drifted = next(s for s in first if s[0] == start[0].neighbour(1))
    assert {s[0] for s in model.moves(drifted, table)} == {drifted[0].neighbour(0)}


def test_a_corner_facing_chariot_alternates_between_its_two_front_hexes() -> None:
    model = PhaseTurning(spaces=4)
    table = {h: tuple(h.neighbour(d) for d in range(6)) for h in corridor(5, 10)}
    state = model.start(offset_to_hex(2, 2, "pointy"), 1)  # facing the corner between 0 and 1
    path = []
    for _ in range(3):
        options = list(model.moves(state, table))
        state = options[0]
        path.append(state[3])
    assert path == [1, 2, 1]  # right, then left, then right again


def test_turning_happens_only_at_the_end_of_a_phase_by_30_degrees() -> None:
    model = PhaseTurning(spaces=2)
    table = {h: tuple(h.neighbour(d) for d in range(6)) for h in corridor(5, 10)}
    state = model.start(offset_to_hex(2, 2, "pointy"), 0)
    after_one = {s[1] for s in model.moves(state, table)}
    assert after_one == {0}
    ahead = next(s for s in model.moves(state, table) if s[0] == state[0].neighbour(0))
    after_two = {s[1] for s in model.moves(ahead, table)}
    assert after_two == {11, 0, 1}


def test_a_joyride_car_steers_only_at_the_start_of_a_move() -> None:
    model = SteerPerMove(spaces=3)
    table = {h: tuple(h.neighbour(d) for d in range(6)) for h in corridor(5, 10)}
    state = model.start(offset_to_hex(2, 2, "pointy"), 0)
    first = list(model.moves(state, table))
    assert {s[1] for s in first} == {0, 10, 2}
    straight_on = next(s for s in first if s[1] == 0)
    assert {s[1] for s in model.moves(straight_on, table)} == {0}


def test_the_drive_round_a_hairpin_is_longer_than_the_path() -> None:
    rows = [(range(0, 14), range(0, 3)), (range(0, 14), range(5, 8)), (range(9, 14), range(8))]
    hexes = frozenset(offset_to_hex(c, r, "pointy") for cs, rs in rows for c in cs for r in rs)
    table = {h: tuple(n if n in hexes else None for n in (h.neighbour(d) for d in range(6)))
             for h in hexes}
    start = offset_to_hex(0, 1, "pointy")
    goal = frozenset(offset_to_hex(0, r, "pointy") for r in range(5, 8))
    model = PhaseTurning(2)
    (drive,) = drive_lengths(model, [model.start(start, 0)], table, [goal])
    (plain,) = drive_lengths(_Anywhere(), [(start, 0, 0, 0)], table, [goal])
    assert plain >= 2 * 9  # out to the connector (column 9) and back
    assert drive > plain  # turning round 30 degrees a phase takes room


class _Anywhere:
    """A 'vehicle' that may step to any neighbour: its drive is the plain shortest path."""

    kind, spaces, sides_only, vehicle_length = "any", 1, False, 1

    def start(self, hex_: Hex, facing: int) -> tuple[Hex, int, int, int]:
        return (hex_, 0, 0, 0)

    def moves(self, state: tuple[Hex, int, int, int], table: dict[Hex, tuple[Hex | None, ...]]
              ) -> list[tuple[Hex, int, int, int]]:
        return [(n, 0, 0, 0) for n in table[state[0]] if n is not None]


def test_course_lengths_are_worked_out_once_per_track() -> None:
    (definition,) = load([TRACKS / "gasometer-gauntlet.yaml"]).definitions
    assert course_of(definition.model) is course_of(definition.model)


# --- Pieces --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(standard_pieces()))
def test_every_piece_has_lane_rows_that_the_next_piece_can_meet(name: str) -> None:
    piece = standard_pieces()[name]
    for way in piece.ways:
        for port in (way.entry, way.exit):
            assert len(port.hexes) == 4
            assert all(h in piece.cells for h in port.hexes)
            lane = DIRECTIONS[(port.direction + LANE_STEP) % 6]
            assert all(b.minus(a) == lane for a, b in zip(port.hexes, port.hexes[1:],
                                                           strict=False))
        assert not set(way.exit.beyond().hexes) & set(piece.cells)  # the next piece fits
        _, lined_up = fit(way.entry, way.exit.beyond())
        assert lined_up  # any exit meets any entry, lane for lane


def test_a_right_curve_is_a_left_curve_driven_backwards() -> None:
    curve = standard_pieces()["curve-60"].ways[0]
    assert (curve.exit.direction - curve.entry.direction) % 6 == 1
    back = curve.reversed()
    assert (back.exit.direction - back.entry.direction) % 6 == 5


def pieces_track(*steps: str | PieceStep, closed: bool = False) -> Track:
    return Track(name="t", players=Players(2, 2), start_facing=3, closed=closed,
                 pieces=tuple(s if isinstance(s, PieceStep) else PieceStep(s) for s in steps))


def test_six_left_curves_and_matching_straights_close_a_circuit() -> None:
    steps = ["start", "finish", *["curve-60-left"] * 3, "straight", "short-straight",
             *["curve-60-left"] * 3]
    assert layout_from_pieces(pieces_track(*steps, closed=True)).problems == []
    short = layout_from_pieces(pieces_track(*steps[:-1], closed=True)).problems
    assert [p.rule for p in short] == ["TRK-PIECE-JOIN"]


def test_a_crossing_is_driven_through_again_by_its_other_way() -> None:
    loop = ["curve-60-right", "curve-120-left", "curve-120-left", "straight", "curve-60-left"]
    steps = ["crossing", *loop, PieceStep("crossing", again=1)]
    layout = layout_from_pieces(pieces_track(*steps))
    assert layout.problems == []
    missed = layout_from_pieces(pieces_track("crossing", *loop[:-1],
                                             PieceStep("crossing", again=1))).problems
    assert [(p.rule, p.params["reason"]) for p in missed] == [("TRK-PIECE-JOIN", "miss")]
    wrong = layout_from_pieces(pieces_track("straight", PieceStep("crossing", again=1)))
    assert [p.params["reason"] for p in wrong.problems] == ["again"]


def test_the_start_piece_points_its_slots_the_way_the_track_starts() -> None:
    layout = layout_from_pieces(pieces_track("start", "finish"))
    assert sorted(layout.slots()) == [1, 2, 3, 4, 5, 6]
    assert set(layout.facings.values()) == {0}  # 3 o'clock on pointy hexes: east


# --- The drive search against its plain definition -------------------------------------------


class _MovesOnly:
    """A model that only answers ``moves`` (no ``pattern``), so the search must ask it."""

    def __init__(self, model: PhaseTurning | SteerPerMove) -> None:
        self.model = model
        self.kind, self.spaces = model.kind, model.spaces
        self.sides_only, self.vehicle_length = model.sides_only, model.vehicle_length

    def start(self, hex_: Hex, facing: int) -> tuple[Hex, int, int, int]:
        return self.model.start(hex_, facing)

    def moves(self, state: tuple[Hex, int, int, int], table: Any) -> Any:
        return self.model.moves(state, table)


def plain_drive(model: PhaseTurning | SteerPerMove, start: tuple[Hex, int, int, int],
                table: dict[Hex, tuple[Hex | None, ...]], targets: list[frozenset[Hex]]
                ) -> int:
    """The definition, spelt out: breadth-first over (state, lines crossed) from ``start``;
    stepping onto the next line's hex crosses it; the answer is the first step count with
    every line crossed (-1 if never)."""
    seen = {(start, 0)}
    frontier, steps = [(start, 0)], 0
    while frontier:
        if any(stage == len(targets) for _, stage in frontier):
            return steps
        following = []
        for state, stage in frontier:
            for nxt in model.moves(state, table):
                crossed = stage + (nxt[0] in targets[stage])
                if (nxt, crossed) not in seen:
                    seen.add((nxt, crossed))
                    following.append((nxt, crossed))
        frontier, steps = following, steps + 1
    return -1


def ring() -> frozenset[Hex]:
    """A ring of track two to three hexes wide round a barrier island."""
    outer = frozenset(offset_to_hex(c, r, "pointy") for c in range(9) for r in range(7))
    return outer - frozenset(offset_to_hex(c, r, "pointy") for c in range(3, 6) for r in (3,))


@pytest.mark.parametrize("model", [PhaseTurning(2), PhaseTurning(3), SteerPerMove(2)],
                         ids=["phase-2", "phase-3", "steer-2"])
@pytest.mark.parametrize("shape", ["hairpin", "ring"])
def test_drive_lengths_match_the_plain_definition(model: PhaseTurning | SteerPerMove,
                                                  shape: str) -> None:
    # The shared graph, the search through moves() and the definition agree for every
    # start, facing and order of lines, including lines that cannot all be reached.
    if shape == "hairpin":
        rows = [(range(0, 9), range(0, 3)), (range(0, 9), range(5, 8)), (range(6, 9), range(8))]
        hexes = frozenset(offset_to_hex(c, r, "pointy") for cs, rs in rows
                          for c in cs for r in rs)
    else:
        hexes = ring()
    table = {h: tuple(n if n in hexes else None for n in (h.neighbour(d) for d in range(6)))
             for h in sorted(hexes)}
    lines = [frozenset(h for h in hexes if hex_column(h) == c) for c in (8, 1, 4)]
    starts = [model.start(h, facing) for h in sorted(hexes)[::7]
              for facing in range(0, 12, 2 if model.sides_only else 3)]
    for targets in (lines, lines[1:], lines[::-1], [lines[0], frozenset({Hex(99, 99)})]):
        expected = [plain_drive(model, s, table, targets) for s in starts]
        assert drive_lengths(model, starts, table, targets) == expected
        assert drive_lengths(_MovesOnly(model), starts, table, targets) == expected
    # each line on its own, by the forward sweep that stops once every line is met
    graph = DriveGraph(model, starts, table)
    unreachable = frozenset({Hex(99, 99)})
    for s in starts:
        assert graph.first_entries(s, [*lines, unreachable]) == [
            plain_drive(model, s, table, [line]) for line in [*lines, unreachable]]


def hex_column(h: Hex) -> int:
    """The offset column of ``h`` on a pointy-top map."""
    return hex_to_offset(h, "pointy")[0]


@pytest.mark.parametrize("path", sorted(TRACKS.glob("*.yaml")), ids=lambda p: p.stem)
def test_the_search_nearest_the_starts_first_answers_as_a_sweep_per_line(path: Path) -> None:
    # The drive search takes (lines still to cross, state) pairs nearest a start first and
    # stops once every start is answered; on every shipped track, from its slots and from
    # states all over it (facing every way, most unable to finish), it must answer as a
    # sweep back over every state per line on the stored graph (_MovesOnly) does.
    (definition,) = load([path]).definitions
    course = Course(definition.model, definition.model.layout)
    model = definition.kind.context.movement
    assert isinstance(model, (PhaseTurning, SteerPerMove))
    starts = [model.start(s.hex, s.facing) for s in course.slots]
    starts += [model.start(h, facing) for h in sorted(course.open)[::23]
               for facing in range(0, 12, 2 if model.sides_only else 3)]
    lines = [t.hexes for t in course.targets]
    for targets in (lines, lines[1:], lines[::-1]):
        found = drive_lengths(model, starts, course.table, targets)
        assert found == drive_lengths(_MovesOnly(model), starts, course.table, targets)
        assert any(n > 0 for n in found) and -1 in found
    # and each line on its own, by the search forwards nearest the line first
    graph = DriveGraph(model, starts, course.table)
    stored = DriveGraph(_MovesOnly(model), starts, course.table)
    for start in starts[::5]:
        assert graph.first_entries(start, lines) == stored.first_entries(start, lines)


@pytest.mark.parametrize("path", sorted(TRACKS.glob("*.yaml")), ids=lambda p: p.stem)
def test_one_search_back_answers_each_starts_plain_search(path: Path) -> None:
    # plain_progress answers every slot by one search back from the finish; from the slots
    # and from spaces all over the track it must find what each start's own search does.
    (definition,) = load([path]).definitions
    course = Course(definition.model, definition.model.layout)
    number_of, rows, lines = course._numbered
    hexes = [s.hex for s in course.slots] + sorted(course.open)[::13]
    found = plain_lengths(rows, [number_of[h] for h in hexes], lines)
    assert found == [course._search(h)[1] for h in hexes]
    assert [course.plain_progress(s.hex) for s in course.slots] == [
        course._search(s.hex) for s in course.slots]


@pytest.mark.parametrize("path", sorted(TRACKS.glob("*.yaml")), ids=lambda p: p.stem)
def test_narrowest_below_a_width_is_the_narrowest_point_when_narrower(path: Path) -> None:
    # The rules' search stops at the width they ask about; below it, it must find the very
    # cut (and leg) the full search finds, and nothing at or above it.
    (definition,) = load([path]).definitions
    track = definition.model
    full = Course(track, track.layout).narrowest
    assert full is not None
    for width in (1, full[0], full[0] + 1, 8, 64):
        expected = full if full[0] < width else None
        assert Course(track, track.layout).narrowest_below(width) == expected


def test_narrowest_below_finds_a_pinch_between_wide_legs() -> None:
    # A corridor five hexes wide pinched to two in the middle: only the pinch is below 3.
    hexes = corridor(5, 12) - frozenset(offset_to_hex(6, r, "pointy") for r in (0, 1, 2))
    sources = frozenset(offset_to_hex(0, r, "pointy") for r in range(5))
    sinks = frozenset(offset_to_hex(11, r, "pointy") for r in range(5))
    cut = vertex_cut(sources, sinks, hexes)
    assert cut is not None and len(cut) == 2
    assert vertex_cut(sources, sinks, hexes, below=3) == cut
    assert vertex_cut(sources, sinks, hexes, below=2) is None


def test_the_cut_ignores_the_track_behind_the_sources() -> None:
    # A corridor with a pinch (one hex wide) behind the source line and another (two wide)
    # between the ends: only the one between counts, as on the whole map.
    hexes = corridor(5, 16) - frozenset(offset_to_hex(2, r, "pointy") for r in (0, 1, 3, 4))
    hexes -= frozenset(offset_to_hex(10, r, "pointy") for r in (0, 1, 2))
    sources = frozenset(offset_to_hex(5, r, "pointy") for r in range(5))
    sinks = frozenset(offset_to_hex(15, r, "pointy") for r in range(5))
    steps = [(d.q, d.r) for d in DIRECTIONS]
    whole = cuts._cut(sources, sinks, sorted(hexes), steps, None)
    assert whole is not None and len(whole) == 2
    assert all(hex_column(h) in (9, 10, 11) for h in whole)
    for below in (None, 2, 3, 9):
        assert vertex_cut(sources, sinks, hexes, below=below) == cuts._cut(
            sources, sinks, sorted(hexes), steps, below)


@pytest.mark.parametrize("path", sorted(TRACKS.glob("*.yaml")), ids=lambda p: p.stem)
def test_each_legs_cut_is_the_cut_on_the_whole_map(path: Path) -> None:
    # vertex_cut leaves out the hexes no path from the last source passes; on every leg of
    # every shipped track it must find what the flow over every allowed hex finds.
    (definition,) = load([path]).definitions
    course = Course(definition.model, definition.model.layout)
    steps = [(d.q, d.r) for d in DIRECTIONS]
    for sources, sinks, allowed in course.legs():
        for below in (None, 3, 6, 8):
            assert vertex_cut(sources, sinks, allowed, below=below) == cuts._cut(
                sources, sinks, sorted(allowed | sources | sinks), steps, below)


@pytest.fixture
def fresh_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """An empty cache folder, and answers kept that have read nothing yet."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    analysis.ANSWERS.forget()
    yield
    analysis.ANSWERS.forget()  # owe the real cache folder nothing of this test's


def test_answers_are_kept_between_runs_and_never_given_to_another_course(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_answers: None) -> None:
    model = SteerPerMove(spaces=2)

    def answers(course: Course) -> tuple[Any, ...]:
        return (course.drive_lengths(model), course.narrowest_below(9),
                [course.plain_progress(s.hex) for s in course.slots])

    first = answers(loaded_course(tmp_path, STRIP))
    analysis.ANSWERS.save()
    (kept,) = (tmp_path / "cache" / "paddock").glob("courses-*.marshal")
    analysis.ANSWERS.forget()  # a new run reads the file

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("searched again")
    with monkeypatch.context() as searching:
        for name in ("vertex_cut", "DriveGraph", "plain_lengths"):
            searching.setattr(analysis, name, no_search)
        searching.setattr(Course, "_search", no_search)
        again = answers(loaded_course(tmp_path, STRIP))
    assert again == first and again[1] is not None
    assert all(isinstance(h, Hex) for h in again[1][1])
    strip_key = loaded_course(tmp_path, STRIP)._key
    strip_keys = set(marshal.loads(content(kept)))
    analysis.ANSWERS.forget(reread=False)
    narrower = loaded_course(tmp_path, STRIP.replace("X12...", "X12.X."))  # another course
    assert narrower._key != strip_key
    answers(narrower)
    analysis.ANSWERS.save()
    narrower_keys = set(marshal.loads(content(kept)))
    assert narrower_keys and not strip_keys & narrower_keys
