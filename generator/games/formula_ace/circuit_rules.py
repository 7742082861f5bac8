"""Checks for a Formula Ace circuit (``circuit_rules.yaml``): 6/ CIRCUIT CREATION measured.

Every length is measured on the plan in centimetres, as a tape measure on the table would:
a beacon's distance from a line is to the nearest point of the line between its two ends.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from generator.games.formula_ace.circuit import (
    Circuit,
    Gate,
    Obstacle,
    Point,
    cross,
    distance,
    inside,
    segments_cross,
    to_segment,
)
from generator.input.findings import KeyPath, RuleBook, Violation

RULES: RuleBook[Circuit] = RuleBook(Path(__file__).with_name("circuit_rules.yaml"))
SIDES = ("left", "right")


def tenth(value: float, digits: int = 1) -> float | int:
    """A length as a message shows it: to a tenth (or ``digits``), without a trailing '.0'."""
    rounded = round(value, digits)
    return int(rounded) if rounded == int(rounded) else rounded


def beyond(value: float, low: float, high: float) -> float | int:
    """A length outside ``low``..``high`` as its message shows it: to a tenth, or finer where
    a tenth would read as the limit it breaks (19.96 cm wide is not "20 cm")."""
    return next((tenth(value, digits) for digits in range(1, 7)
                 if round(value, digits) not in (low, high)), value)


def line_path(circuit: Circuit, index: int) -> KeyPath:
    """The key path of line ``index`` of ``circuit.lines`` (start, gates..., finish)."""
    if index == 0:
        return ("start",)
    if index == len(circuit.lines) - 1:
        return ("finish",)
    return ("gates", index - 1)


def line_name(circuit: Circuit, index: int) -> str:
    if index == 0:
        return "the start line"
    if index == len(circuit.lines) - 1:
        return "the finish line"
    return f"gate {index}"


@RULES.check("FA-CIRCUIT-AREA")
def room_for_each_ship(circuit: Circuit, side: int) -> Iterator[Violation]:
    area = circuit.surface.width * circuit.surface.depth
    need = circuit.ships * side * side
    if area < need:
        yield Violation(("surface",), {"ships": circuit.ships, "need": need,
                                       "width": tenth(circuit.surface.width),
                                       "depth": tenth(circuit.surface.depth),
                                       "area": tenth(area)})


def placed(circuit: Circuit) -> Iterator[tuple[KeyPath, str, Point]]:
    """Every point placed on the surface, with its key path and what it is."""
    for index, line in enumerate(circuit.lines):
        for side in SIDES:
            yield ((*line_path(circuit, index), side), f"the {side} end of "
                   f"{line_name(circuit, index)}" if index in (0, len(circuit.lines) - 1)
                   else f"the {side} beacon of {line_name(circuit, index)}",
                   getattr(line, side))
    for number, obstacle in enumerate(circuit.obstacles, start=1):
        yield ("obstacles", number - 1, "at"), f"obstacle {number}", obstacle.at
    for number, place in enumerate(circuit.grid, start=1):
        yield ("grid", number - 1), f"starting place {number}", place


@RULES.check("FA-CIRCUIT-SURFACE")
def on_the_surface(circuit: Circuit) -> Iterator[Violation]:
    width, depth = circuit.surface.width, circuit.surface.depth
    for path, what, (x, y) in placed(circuit):
        if not (0 <= x <= width and 0 <= y <= depth):
            yield Violation(path, {"what": what, "x": tenth(x), "y": tenth(y),
                                   "width": tenth(width), "depth": tenth(depth)})


@RULES.check("FA-CIRCUIT-WIDTH")
def width_along_the_route(circuit: Circuit, low: int, high: int) -> Iterator[Violation]:
    for index, line in enumerate(circuit.lines):
        if not low <= round(line.width, 6) <= high:
            yield Violation(line_path(circuit, index), {
                "width": beyond(line.width, low, high), "where": line_name(circuit, index),
                "gate": 0 < index < len(circuit.lines) - 1, "narrow": line.width < low})


@RULES.check("FA-CIRCUIT-SPACING")
def beacons_spaced(circuit: Circuit, low: int, high: int) -> Iterator[Violation]:
    for number, (before, gate) in enumerate(zip(circuit.gates, circuit.gates[1:],
                                                strict=False), start=2):
        for side in SIDES:
            gap = distance(getattr(before, side), getattr(gate, side))
            if not low <= round(gap, 6) <= high:
                yield Violation(("gates", number - 1, side), {
                    "side": side, "gate": number, "gap": beyond(gap, low, high)})


def _from_line(beacons: Gate, line: Gate, path: KeyPath, low: int, high: int
               ) -> Iterator[Violation]:
    for side in SIDES:
        gap = to_segment(getattr(beacons, side), line.left, line.right)
        if not low <= round(gap, 6) <= high:
            yield Violation((*path, side), {"side": side, "gap": beyond(gap, low, high)})


@RULES.check("FA-CIRCUIT-FIRST")
def first_beacons_from_the_start(circuit: Circuit, low: int, high: int
                                 ) -> Iterator[Violation]:
    yield from _from_line(circuit.gates[0], circuit.start, ("gates", 0), low, high)


@RULES.check("FA-CIRCUIT-LAST")
def last_beacons_from_the_finish(circuit: Circuit, low: int, high: int
                                 ) -> Iterator[Violation]:
    last = len(circuit.gates) - 1
    yield from _from_line(circuit.gates[last], circuit.finish, ("gates", last), low, high)


@RULES.check("FA-CIRCUIT-SIDES")
def left_on_the_left(circuit: Circuit) -> Iterator[Violation]:
    lines = circuit.lines
    last = len(lines) - 1
    for index, gate in enumerate(lines):  # the start and finish lines' ends too
        before, after = max(0, index - 1), min(last, index + 1)
        start, end = lines[before].middle, lines[after].middle
        if cross(start, end, gate.left) < 0 < cross(start, end, gate.right):
            yield Violation(line_path(circuit, index), {
                "where": line_name(circuit, index), "gate": 0 < index < last,
                "before": line_name(circuit, before), "after": line_name(circuit, after)})


@RULES.check("FA-CIRCUIT-CROSS")
def edges_never_meet(circuit: Circuit) -> Iterator[Violation]:
    edges = [(side, circuit.side(side)) for side in SIDES]
    segments = [(side, i, points[i], points[i + 1]) for side, points in edges
                for i in range(len(points) - 1)]
    for a, (side, i, p1, p2) in enumerate(segments):
        for other_side, j, q1, q2 in segments[a + 1:]:
            if (side == other_side and abs(i - j) < 2) or {p1, p2} & {q1, q2}:
                continue  # neighbours share a beacon (a lapped circuit's edges close)
            if segments_cross(p1, p2, q1, q2):
                yield Violation((*line_path(circuit, j), other_side), {
                    "side": side, "first": line_name(circuit, i), "other_side": other_side,
                    "second": line_name(circuit, j)})
                return


@RULES.check("FA-CIRCUIT-LAPS")
def laps_end_on_the_start(circuit: Circuit) -> Iterator[Violation]:
    same = {circuit.start.left, circuit.start.right} == {circuit.finish.left,
                                                          circuit.finish.right}
    if circuit.laps > 1 and not same:
        yield Violation(("laps",), {"laps": circuit.laps})


@RULES.check("FA-CIRCUIT-OBSTACLE-SIZE")
def obstacle_sizes(circuit: Circuit, low: int, high: int) -> Iterator[Violation]:
    for number, obstacle in enumerate(circuit.obstacles, start=1):
        if not low <= obstacle.diameter <= high:
            yield Violation(("obstacles", number - 1, "diameter"), {
                "number": number, "diameter": beyond(obstacle.diameter, low, high)})


def corridor(circuit: Circuit) -> list[list[Point]]:
    """The circuit as quadrilaterals, one between each line and the next."""
    lines = circuit.lines
    return [[a.left, b.left, b.right, a.right] for a, b in zip(lines, lines[1:], strict=False)]


def edge_crossed(circuit: Circuit, obstacle: Obstacle) -> tuple[str, float] | None:
    """The edge (left or right) an obstacle's disc reaches over, and by how much: the circuit
    limits are solid energy, so an obstacle "in the middle" stands wholly between them."""
    radius = obstacle.diameter / 2
    for side in SIDES:
        points = circuit.side(side)
        gap = min(to_segment(obstacle.at, a, b) for a, b in zip(points, points[1:],
                                                                   strict=False))
        if gap < radius - 1e-9:  # a rim exactly on the edge touches it
            return side, radius - gap
    return None


@RULES.check("FA-CIRCUIT-OBSTACLE-PLACE")
def obstacles_in_the_circuit(circuit: Circuit) -> Iterator[Violation]:
    pieces = corridor(circuit)
    for number, obstacle in enumerate(circuit.obstacles, start=1):
        where = {"number": number, "x": tenth(obstacle.at[0]), "y": tenth(obstacle.at[1])}
        if not any(inside(obstacle.at, piece) for piece in pieces):
            yield Violation(("obstacles", number - 1, "at"), {**where, "edge": None})
        elif (crossed := edge_crossed(circuit, obstacle)) is not None:
            yield Violation(("obstacles", number - 1, "at"), {
                **where, "edge": crossed[0], "over": beyond(crossed[1], 0, 0)})


@RULES.check("FA-CIRCUIT-GRID")
def a_place_for_every_ship(circuit: Circuit) -> Iterator[Violation]:
    places = len(set(circuit.grid))  # two ships cannot start on one spot
    if places < circuit.ships:
        again = [i for i, place in enumerate(circuit.grid) if place in circuit.grid[:i]]
        yield Violation(("grid", again[0]) if again else ("grid",), {
            "missing": True, "ships": circuit.ships, "places": places,
            "written": len(circuit.grid)})
    middle, ahead = circuit.start.middle, circuit.gates[0].middle
    for number, place in enumerate(circuit.grid, start=1):
        forward = ((ahead[0] - middle[0]) * (place[0] - middle[0])
                   + (ahead[1] - middle[1]) * (place[1] - middle[1]))
        if forward >= 0:
            yield Violation(("grid", number - 1), {"missing": False, "number": number})
