"""``paddock race --replay``: one race as pages of the track, a page a round.

Each page draws the whole track as the layout page does (``generator.tracks.sheets``) and
every vehicle on it: a numbered disc where it ended the round, a pointer for its facing, and
small dots where it stood after the round's earlier movement phases, so a designer sees the
line it drove. A table under the map gives each vehicle's Speed, status and what happened to
it that round. Words come from ``templates/race/replay.txt.j2``.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from generator.balance.charts import PALETTE
from generator.games.frothy_races.race.api import RaceResult, RoundSnapshot
from generator.games.frothy_races.race.course import race_track
from generator.paper.drawing import colour, draw_line
from generator.paper.icons import IconSet
from generator.paper.imposition import Rect
from generator.paper.units import Paper, mm, paper
from generator.race.pages import (
    MARGIN,
    Page,
    entrant_table,
    heading,
    lines_of,
    results_page,
    write_pages,
)
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates
from generator.tracks.hexgrid import Hex, HexLayout, facing_angle, facing_to_clock
from generator.tracks.sheets import fit_map
from generator.tracks.terrain import HexStyle, draw_cell

MAP_HEIGHT_SHARE = 0.62
TEMPLATE = "race/replay.txt.j2"


def round_pages(result: RaceResult) -> list[list[RoundSnapshot]]:
    """The snapshots grouped by round, in order: each page shows one group."""
    rounds: dict[int, list[RoundSnapshot]] = defaultdict(list)
    for snap in result.snapshots:
        rounds[snap.round].append(snap)
    return [sorted(rounds[r], key=lambda s: s.phase) for r in sorted(rounds)]


def round_events(result: RaceResult) -> dict[tuple[int, str], list[dict[str, Any]]]:
    """The events of each vehicle's round worth a line on the page (the template words
    them): attacks (on the attacker's row and the target's), Control rolls that went
    wrong, collisions, Damage, Wipe-out, the finish."""
    found: dict[tuple[int, str], list[dict[str, Any]]] = defaultdict(list)
    for event in result.events:
        if event.get("vehicle") and _notable(event):
            found[(int(event["round"]), str(event["vehicle"]))].append(event)
            if str(event["action"]).endswith(" attack"):  # the target's row names it too
                target = (event.get("result") or {}).get("target")
                found[(int(event["round"]), str(target))].append(event)
    return found


def _notable(event: dict[str, Any]) -> bool:
    action, outcome = str(event["action"]), event.get("result") or {}
    if action.startswith("control roll"):
        return bool(outcome.get("effects"))
    if action.startswith("damage roll"):
        return bool(outcome.get("damage"))
    return action in ("collision", "wipe-out", "finish", "hazard", "vehicle attack",
                      "personal attack", "special card")


def write_replay(path: Path, track: Any, result: RaceResult, paper_name: str = "a4",
                 templates: TextTemplates | None = None) -> int:
    """Write the replay of ``result`` (run with snapshots) to ``path``; return its pages."""
    templates = templates or TextTemplates()
    sheet = paper(paper_name)
    lines = len(race_track(track).lines)  # lines a lap: the checkpoints, the finish last
    icons = IconSet(None)
    events = round_events(result)

    def round_page(snaps: Sequence[RoundSnapshot]) -> Page:
        words = templates.blocks(TEMPLATE, {
            "track": getattr(track, "name", ""), "seed": result.seed,
            "round": snaps[-1].round, "rounds": result.rounds,
            "lines": lines, "laps": result.options.laps, "results": [], "winner": None,
            "race_type": result.options.race_type,
            "vehicles": [_vehicle_words(p, i, events.get((snaps[-1].round, p.name), []),
                                        track) for i, p in enumerate(snaps[-1].positions)]})
        return lambda canvas: draw_round(canvas, sheet, track, snaps, words, icons)

    finals = templates.blocks(TEMPLATE, results_context(track, result))
    pages = [round_page(snaps) for snaps in round_pages(result)]
    pages.append(lambda canvas: results_page(canvas, sheet, finals["results_title"],
                                             lines_of(finals["results_rows"])))
    return write_pages(path, f"Race replay: {getattr(track, 'name', '')}", sheet, pages)


def results_context(track: Any, result: RaceResult) -> dict[str, Any]:
    """The last page's words: every vehicle by place, with how its race ended."""
    rows = [{"place": v.place, "name": v.label or v.name, "ended": v.ended,
             "rounds": v.rounds, "cause": v.wipe_cause, "won": v.won,
             "progress": v.progress} for v in sorted(result.vehicles, key=lambda v: v.place)]
    return {"track": getattr(track, "name", ""), "seed": result.seed, "round": result.rounds,
            "rounds": result.rounds, "lines": 0, "laps": result.options.laps,
            "race_type": result.options.race_type, "vehicles": [], "results": rows,
            "winner": next((r["name"] for r in rows if r["won"]), None)}


def _vehicle_words(position: Any, index: int, events: Sequence[dict[str, Any]], track: Any
                   ) -> dict[str, Any]:
    return {"number": index + 1, "name": position.name, "speed": position.speed,
            "status": position.status, "place": position.place, "stage": position.stage,
            "clock": facing_to_clock(position.facing, track.orientation),
            "events": list(events)}


def vehicle_colour(index: int) -> Color:
    return PALETTE[index % len(PALETTE)]


def draw_round(canvas: Canvas, sheet: Paper, track: Any, snaps: Sequence[RoundSnapshot],
               words: dict[str, str], icons: IconSet) -> None:
    """One page: title, the map with every vehicle, then the table."""
    width = sheet.width - 2 * MARGIN
    map_top = heading(canvas, sheet, words["title"], (words["subtitle"], words["key"]))
    map_height = (sheet.height - 2 * MARGIN) * MAP_HEIGHT_SHARE
    box = Rect(MARGIN, map_top - map_height, width, map_height)
    layout = track.layout
    small, place = fit_map(HexLayout(track.orientation, track.hex_size), list(layout.cells),
                           box)
    style = HexStyle(numbers=False, outline=0.25)
    for cell in layout.cells.values():
        draw_cell(canvas, small, cell, place(small.centre(cell.hex)), icons, None, style)
    for snap in snaps[:-1]:
        for index, pos in enumerate(snap.positions):
            if pos.status == "racing":
                x, y = place(small.centre(Hex(pos.q, pos.r)))
                canvas.setFillColor(vehicle_colour(index))
                canvas.circle(x, y, small.across_flats * 0.12, stroke=0, fill=1)
    for index, pos in enumerate(snaps[-1].positions):
        if pos.status != "finished":
            draw_marker(canvas, small, place(small.centre(Hex(pos.q, pos.r))), pos, index,
                        track.orientation)
    rows = lines_of(words["rows"])
    entrant_table(canvas, words["header"], rows, range(len(rows)), vehicle_colour,
                  box.y - mm(6), width)


def draw_marker(canvas: Canvas, small: HexLayout, centre: tuple[float, float], pos: Any,
                index: int, orientation: Any) -> None:
    """A numbered disc with a pointer in the facing direction (grey and crossed if
    wrecked)."""
    x, y = centre
    radius = small.across_flats * 0.36
    fill = colour("#8a8a8a") if pos.status == "wrecked" else vehicle_colour(index)
    angle = math.radians(facing_angle(pos.facing, orientation))
    tip = (x + math.cos(angle) * radius * 1.9, y + math.sin(angle) * radius * 1.9)
    side = math.radians(40)
    canvas.setFillColor(fill)
    canvas.setStrokeColor(white)
    canvas.setLineWidth(0.6)
    pointer = canvas.beginPath()
    pointer.moveTo(*tip)
    for turn in (side, -side):
        pointer.lineTo(x + math.cos(angle + turn) * radius * 0.95,
                       y + math.sin(angle + turn) * radius * 0.95)
    pointer.close()
    canvas.drawPath(pointer, stroke=1, fill=1)
    canvas.circle(x, y, radius, stroke=1, fill=1)
    canvas.setFillColor(white)
    size = max(6.5, radius * 1.1)
    draw_line(canvas, str(index + 1), x, y - size * 0.36, size, BOLD, "centre")
