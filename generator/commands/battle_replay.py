"""``paddock battle --replay``: battle 1 as pages, the set-up and then a page a round, and a
results page.

Each round page draws the plain map to scale with a grid one card length apart and every
vehicle's base (70 x 120 mm) where it stood at the end of the round: filled in the vehicle's
own colour, numbered with its seat, a dark stripe along its front; a wreck grey with a cross.
Under the map, a line per vehicle says its damage, Skill Points, motion and what happened to
it that round. Words come from ``templates/outrider/replay.txt.j2``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from generator.games.outrider.battle.engine import BattleResult
from generator.games.outrider.battle.geometry import Pose, body
from generator.paper.drawing import colour, draw_line, polyline_path
from generator.paper.units import Paper, paper
from generator.race.pages import (
    INK,
    MARGIN,
    Page,
    heading,
    lines_of,
    paragraph,
    results_page,
    write_pages,
)
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "outrider/replay.txt.j2"
WRECK = colour("#9a9a9a")
GRID = colour("#d8d2c4")
NOTABLE = {"attack", "collision", "loss of control", "map edge", "wrecked", "speedometer",
           "control check"}


def snapshots(result: BattleResult) -> list[tuple[int, dict[str, dict[str, Any]]]]:
    """(round, identity -> state) for the set-up and each round's end phase."""
    rounds: dict[int, dict[str, dict[str, Any]]] = defaultdict(dict)
    for event in result.events:
        if event["action"] in ("enter", "state"):
            state = dict(event["result"])
            state.setdefault("damage", 0)
            state.setdefault("wrecked", False)
            state.setdefault("reverse", False)
            rounds[event["round"]][event["vehicle"]] = state
    return sorted(rounds.items())


def write_replay(path: Path, result: BattleResult, colours: Sequence[str],
                 scenario: str, paper_name: str = "a4",
                 templates: TextTemplates | None = None) -> int:
    """Write the replay of ``result`` (run with its events) to ``path``; return its pages.
    ``colours``: each seat's vehicle colour, '#rrggbb'."""
    templates = templates or TextTemplates()
    sheet = paper(paper_name)
    events: dict[tuple[int, str], list[dict[str, Any]]] = defaultdict(list)
    for event in result.events:
        if event["action"] in NOTABLE and event["vehicle"]:
            events[(event["round"], event["vehicle"])].append(event)
    sides = {e.identity: e.side for e in result.entrants}

    def round_page(number: int, states: dict[str, dict[str, Any]]) -> Page:
        words = templates.blocks(TEMPLATE, page_context(result, scenario, number, [
            {"identity": who, "side": sides[who], **state, "events": events[(number, who)]}
            for who, state in states.items()]))
        return lambda canvas: draw_round(canvas, sheet, result, states, colours, words)

    finals = templates.blocks(TEMPLATE, page_context(result, scenario, result.rounds, []))
    pages = [round_page(number, states) for number, states in snapshots(result)]
    pages.append(lambda canvas: results_page(canvas, sheet, finals["results_title"],
                                             lines_of(finals["results"]), title_size=16))
    return write_pages(path, f"Battle replay: {scenario}", sheet, pages)


def page_context(result: BattleResult, scenario: str, number: int,
                 vehicles: list[dict[str, Any]]) -> dict[str, Any]:
    winner = None if result.winner is None else result.entrants[result.winner - 1].identity
    return {"scenario": scenario, "seed": result.seed, "round": number,
            "rounds": result.rounds, "vehicles": vehicles, "winner": winner,
            "ending": result.ending, "entrants": [e.__dict__ for e in result.entrants],
            "not_played": list(result.not_played)}


def draw_round(canvas: Canvas, sheet: Paper, result: BattleResult,
               states: dict[str, dict[str, Any]], colours: Sequence[str],
               words: dict[str, str]) -> None:
    width = sheet.width - 2 * MARGIN
    map_top = heading(canvas, sheet, words["title"], (words["subtitle"],), size=16) - 7
    side = min(width, sheet.height * 0.56)
    scale = side / result.map_size[0]
    left, bottom = MARGIN + (width - side) / 2, map_top - side
    draw_map(canvas, left, bottom, side, scale, result.map_size[0])
    for index, state in enumerate(states.values()):
        draw_base(canvas, left, bottom, scale, state, index + 1,
                  colours[index % len(colours)])
    y = bottom - 14
    y = paragraph(canvas, words["key"].strip(), MARGIN, y, width, 7.5)
    canvas.setFillColor(INK)
    draw_line(canvas, words["header"].strip(), MARGIN, y - 6, 8.5, BOLD)
    y -= 18
    for row in (r.strip() for r in words["rows"].split("\n") if r.strip()):
        y = paragraph(canvas, row, MARGIN, y, width, 8) - 3


def draw_map(canvas: Canvas, left: float, bottom: float, side: float, scale: float,
             map_mm: float) -> None:
    canvas.setStrokeColor(GRID)
    canvas.setLineWidth(0.4)
    step = 120.0
    line = step
    while line < map_mm:
        canvas.line(left + line * scale, bottom, left + line * scale, bottom + side)
        canvas.line(left, bottom + line * scale, left + side, bottom + line * scale)
        line += step
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(1.2)
    canvas.rect(left, bottom, side, side, stroke=1, fill=0)


def draw_base(canvas: Canvas, left: float, bottom: float, scale: float,
              state: dict[str, Any], number: int, hex_colour: str) -> None:
    """One vehicle's base to scale, its front striped, its seat number in the middle."""
    shape = body(Pose(state["x"], state["y"], state["heading"]))
    corners = [(left + x * scale, bottom + y * scale) for x, y in shape.corners()]
    fill: Color = WRECK if state["wrecked"] else colour(hex_colour)
    path = polyline_path(canvas, corners)
    canvas.setFillColor(fill)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.6)
    canvas.drawPath(path, stroke=1, fill=1)
    canvas.setLineWidth(2.2)
    canvas.line(*corners[0], *corners[1])  # the front edge
    if state["wrecked"]:
        canvas.setLineWidth(1)
        canvas.line(*corners[0], *corners[2])
        canvas.line(*corners[1], *corners[3])
    canvas.setFillColor(white if not state["wrecked"] else INK)
    draw_line(canvas, str(number), left + shape.cx * scale, bottom + shape.cy * scale - 3,
              9, BOLD, "centre")
