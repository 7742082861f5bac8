"""Hex geometry: property tests for coordinates, plus exact page positions read back from a PDF."""

from __future__ import annotations

import math
from pathlib import Path

import pdfplumber
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from generator.paper.units import mm, to_mm
from generator.tracks.hexgrid import (
    DIRECTIONS,
    ORIENTATIONS,
    Hex,
    HexLayout,
    Orientation,
    clock_to_facing,
    direction_angle,
    direction_between,
    distance,
    facing_to_clock,
    front_directions,
    hex_to_offset,
    is_side_facing,
    line,
    neighbours,
    offset_to_hex,
    ring,
    rotate,
    side_hours,
    spiral,
)

coordinate = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coordinate, coordinate)
orientations = st.sampled_from(ORIENTATIONS)
sizes = st.floats(min_value=mm(5), max_value=mm(60))


@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_only_to_itself(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_obeys_the_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes)
def test_the_six_neighbours_are_one_step_away_in_their_direction(h: Hex) -> None:
    around = neighbours(h)
    assert len(set(around)) == 6
    for direction, n in enumerate(around):
        assert distance(h, n) == 1
        assert direction_between(h, n) == direction
        assert direction_between(n, h) == (direction + 3) % 6


@given(hexes, st.integers(min_value=0, max_value=12))
def test_rings_hold_six_r_hexes_all_at_distance_r(centre: Hex, radius: int) -> None:
    hexes_on_ring = ring(centre, radius)
    assert len(set(hexes_on_ring)) == max(1, 6 * radius)
    assert all(distance(centre, h) == radius for h in hexes_on_ring)
    assert len(list(spiral(centre, radius))) == 1 + 3 * radius * (radius + 1)


@given(hexes, hexes)
def test_lines_step_one_hex_at_a_time_from_end_to_end(a: Hex, b: Hex) -> None:
    path = line(a, b)
    assert path[0] == a and path[-1] == b
    assert len(path) == distance(a, b) + 1
    assert all(distance(p, q) == 1 for p, q in zip(path, path[1:], strict=False))


@given(hexes, st.integers(min_value=-12, max_value=12))
def test_rotation_keeps_distance_from_the_origin_and_six_turns_come_home(
        h: Hex, steps: int) -> None:
    origin = Hex(0, 0)
    assert distance(origin, rotate(h, steps)) == distance(origin, h)
    assert rotate(rotate(h, steps), -steps) == h
    assert rotate(h, 6) == h
    assert rotate(DIRECTIONS[0], steps) == DIRECTIONS[steps % 6]


@given(st.integers(min_value=-80, max_value=80), st.integers(min_value=-80, max_value=80),
       orientations)
def test_offset_rows_round_trip_exactly(column: int, row: int, orientation: Orientation) -> None:
    h = offset_to_hex(column, row, orientation)
    assert hex_to_offset(h, orientation) == (column, row)


@given(hexes, orientations, sizes)
def test_page_positions_round_trip_exactly(h: Hex, orientation: Orientation, size: float) -> None:
    geometry = HexLayout(orientation, size)
    assert geometry.hex_at(*geometry.centre(h)) == h
    for x, y in geometry.corners(h):  # a point just inside each corner is still this hex
        cx, cy = geometry.centre(h)
        assert geometry.hex_at(cx + (x - cx) * 0.98, cy + (y - cy) * 0.98) == h


@given(hexes, orientations, sizes, st.integers(min_value=0, max_value=5))
def test_neighbours_are_exactly_one_hex_apart_along_their_direction(
        h: Hex, orientation: Orientation, size: float, direction: int) -> None:
    geometry = HexLayout(orientation, size)
    (x1, y1), (x2, y2) = geometry.centre(h), geometry.centre(h.neighbour(direction))
    assert math.hypot(x2 - x1, y2 - y1) == pytest.approx(size, abs=1e-6)
    turned = math.atan2(y2 - y1, x2 - x1) - math.radians(direction_angle(direction, orientation))
    assert math.cos(turned) == pytest.approx(1.0, abs=1e-9)


@given(hexes, orientations, st.integers(min_value=0, max_value=5))
def test_neighbours_share_the_edge_between_them(h: Hex, orientation: Orientation,
                                                direction: int) -> None:
    geometry = HexLayout(orientation, mm(25.4))
    ours = geometry.edge(h, direction)
    theirs = geometry.edge(h.neighbour(direction), (direction + 3) % 6)
    assert {tuple(round(v, 6) for v in p) for p in ours} == \
        {tuple(round(v, 6) for v in p) for p in theirs}


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_twelve_facings_are_the_twelve_clock_hours(orientation: Orientation) -> None:
    facings = {clock_to_facing(hour, orientation) for hour in range(1, 13)}
    assert facings == set(range(12))
    for hour in range(1, 13):
        assert facing_to_clock(clock_to_facing(hour, orientation), orientation) == hour
    sides = side_hours(orientation)
    assert len(sides) == 6
    assert all(is_side_facing(clock_to_facing(h, orientation)) for h in sides)


def test_pointy_hexes_face_sides_at_odd_hours_and_flat_ones_at_even_hours() -> None:
    assert side_hours("pointy") == (1, 3, 5, 7, 9, 11)
    assert side_hours("flat") == (2, 4, 6, 8, 10, 12)
    assert clock_to_facing(3, "pointy") == 0  # east, straight at a side
    assert front_directions(clock_to_facing(12, "pointy")) == (1, 2)  # a corner: two in front


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_centres_printed_in_a_pdf_are_one_hex_apart_to_a_hundredth_of_a_mm(
        tmp_path: Path, orientation: Orientation) -> None:
    geometry = HexLayout(orientation, mm(25.4))
    patch = list(spiral(Hex(0, 0), 2))
    path = tmp_path / "hexes.pdf"
    canvas = Canvas(str(path), pagesize=(mm(210), mm(297)))
    canvas.translate(mm(105), mm(148))
    for h in patch:
        corners = geometry.corners(h)
        drawn = canvas.beginPath()
        drawn.moveTo(*corners[0])
        for point in corners[1:]:
            drawn.lineTo(*point)
        drawn.close()
        canvas.drawPath(drawn, stroke=1, fill=0)
    canvas.save()
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        centres = []
        for curve in page.curves:
            points = curve["pts"][:6]
            centres.append((sum(x for x, _ in points) / 6, sum(y for _, y in points) / 6))
    assert len(centres) == len(patch)
    read = {geometry.hex_at(x - mm(105), (page.height - y) - mm(148)): (x, y)
            for x, y in centres}
    assert set(read) == set(patch)
    for h in patch:
        for n in neighbours(h):
            if n in read:
                (x1, y1), (x2, y2) = read[h], read[n]
                assert to_mm(math.hypot(x2 - x1, y2 - y1)) == pytest.approx(25.4, abs=0.01)
