"""A Joyride race as pages: the track with every car where it ended each round (its front a
numbered disc, its back a bar, so the facing shows), a table of gears, laps and what
happened, and a results page. Words come from ``templates/joyride/race-replay.txt.j2``."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from generator.paper.drawing import colour, draw_line
from generator.paper.icons import IconSet
from generator.paper.imposition import Rect
from generator.paper.units import Paper, mm, paper
from generator.race.pages import MARGIN, Page, entrant_table, heading, lines_of, write_pages
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates
from generator.tracks.hexgrid import Hex, HexLayout
from generator.tracks.sheets import fit_map
from generator.tracks.terrain import HexStyle, draw_cell

MAP_SHARE = 0.6
TEMPLATE = "joyride/race-replay.txt.j2"
COLOURS = tuple(colour(c) for c in ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00",
                                    "#56b4e9"))
NOTABLE = frozenset({"cross", "lap", "pick up", "fire Rocket", "drop Mine", "drop Oil Slick",
                     "SMASH", "PILE-UP", "rear-end", "head-on", "side-swipe", "damage",
                     "oil slick steer"})


def car_colour(index: int) -> Color:
    return COLOURS[index % len(COLOURS)]


def write_replay(path: Path, track: Any, result: Any, paper_name: str = "a4",
                 templates: TextTemplates | None = None) -> int:
    """Write race ``result`` (run with snapshots and events) to ``path``; its page count."""
    templates = templates or TextTemplates()
    sheet = paper(paper_name)
    events: dict[tuple[int, str], list[dict[str, Any]]] = defaultdict(list)
    for event in result.events:
        if event["vehicle"] and event["action"] in NOTABLE:
            events[(event["round"], event["vehicle"])].append(event)
    lines = len(track.layout.checkpoints()) + 1
    snaps = list(result.snapshots)

    def page(number: int, snap: Any) -> Page:
        final = number == len(snaps) - 1 and snap.round == result.rounds
        cars = [_words(pos, result.cars[i], lines, events.get((snap.round, pos.name), []))
                for i, pos in enumerate(snap.positions)]
        if final:
            cars = sorted(cars, key=lambda c: c["place"])
        words = templates.blocks(TEMPLATE, {
            "track": track.name, "seed": result.seed, "round": snap.round,
            "rounds": result.rounds, "laps": track.laps, "lines": lines, "final": final,
            "cars": cars})
        order = [c["index"] for c in cars]
        return lambda canvas: draw_page(canvas, sheet, track, snap, words, order)

    return write_pages(path, f"Joyride replay: {track.name}", sheet,
                       [page(number, snap) for number, snap in enumerate(snaps)])


def _words(pos: Any, car: Any, lines: int, events: list[dict[str, Any]]) -> dict[str, Any]:
    return {"index": car.slot, "name": pos.name, "gear": pos.gear,
            "lap": pos.stage // lines + 1, "line": pos.stage % lines, "place": car.place,
            "finished": car.finished, "rounds": car.rounds, "damage": car.damage_taken,
            "smashes": car.smashes, "pile_ups": car.pile_ups, "events": events}


def draw_page(canvas: Canvas, sheet: Paper, track: Any, snap: Any, words: dict[str, str],
              order: list[int]) -> None:
    """Title, the map with every car, then the table (rows in ``order``)."""
    width = sheet.width - 2 * MARGIN
    map_top = heading(canvas, sheet, words["title"], (words["subtitle"], words["key"]))
    height = (sheet.height - 2 * MARGIN) * MAP_SHARE
    box = Rect(MARGIN, map_top - height, width, height)
    small, place = fit_map(HexLayout(track.orientation, track.hex_size),
                           list(track.layout.cells), box)
    style = HexStyle(numbers=False, outline=0.25)
    icons = IconSet(None)
    for cell in track.layout.cells.values():
        draw_cell(canvas, small, cell, place(small.centre(cell.hex)), icons, None, style)
    for index, pos in enumerate(snap.positions):
        draw_car(canvas, small, place, pos, index)
    entrant_table(canvas, words["header"], lines_of(words["rows"]), order, car_colour,
                  box.y - mm(6), width)


def draw_car(canvas: Canvas, small: HexLayout, place: Any, pos: Any, index: int) -> None:
    """The car's back as a bar to its front, a numbered disc."""
    front = Hex(pos.q, pos.r)
    back = front.neighbour(pos.facing + 3)
    fx, fy = place(small.centre(front))
    bx, by = place(small.centre(back))
    canvas.setStrokeColor(car_colour(index))
    canvas.setLineWidth(small.across_flats * 0.32)
    canvas.setLineCap(1)
    canvas.line(bx, by, fx, fy)
    radius = small.across_flats * 0.36
    canvas.setFillColor(car_colour(index))
    canvas.setStrokeColor(white)
    canvas.setLineWidth(0.6)
    canvas.circle(fx, fy, radius, stroke=1, fill=1)
    canvas.setFillColor(white)
    size = max(6.5, radius * 1.1)
    draw_line(canvas, str(index + 1), fx, fy - size * 0.36, size, BOLD, "centre")
