"""The race layout page: one page a track, as a race guide presents a track layout.

Title, race type, laps, players, difficulty, location and description at the top; the map
drawn small with its starting slots, checkpoints and finish marked; then three columns:
recommended items and the tokens required, the special rules, and a key to the symbols the
map uses. All text comes from ``templates/tracks/track-base.j2`` and is fitted before
anything is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.paper.drawing import FittedText
from generator.paper.icons import IconSet
from generator.paper.imposition import Rect
from generator.paper.units import SAFE_MARGIN, Paper, mm, to_mm
from generator.text.templates import TextTemplates, plain
from generator.tracks.analysis import course_of
from generator.tracks.game import TrackGame
from generator.tracks.hexgrid import Hex, HexLayout, facing_to_clock
from generator.tracks.layout import Cell
from generator.tracks.model import Track
from generator.tracks.sheets import (
    CONTENT_H,
    CONTENT_W,
    Furniture,
    PrintProblem,
    fit_map,
    fitted,
    plan_furniture,
    small_map,
    track_text,
)
from generator.tracks.terrain import HexStyle, draw_cell
from generator.tracks.tokens import TokenCount

MAP_TOP, MAP_HEIGHT = mm(52), mm(118)
COLUMNS_TOP = mm(190)
COLUMN_GAP = mm(6)
COLUMN_W = (CONTENT_W - 2 * COLUMN_GAP) / 3
KEY_ROW = mm(6.5)
KEY_HEX = mm(5.2)


@dataclass(frozen=True)
class LayoutPage:
    """The planned page: fitted text at fixed places (mm from the content box's top)."""

    track: Track
    furniture: Furniture
    blocks: tuple[tuple[float, float, FittedText], ...]  # (left, top, text), in points
    key: tuple[tuple[Cell, FittedText], ...]


def plan_layout_page(track: Track, game: TrackGame, tokens: tuple[TokenCount, ...],
                     templates: TextTemplates) -> LayoutPage:
    """Fit every text of the layout page; PrintProblem if one cannot fit."""
    course = course_of(track)
    # The map is drawn to fit its box: the page says at what scale, not the tiles' size.
    small, _ = fit_map(HexLayout(track.orientation, track.hex_size), list(track.layout.cells),
                       Rect(0.0, 0.0, CONTENT_W, MAP_HEIGHT))
    scale = small.across_flats / track.hex_size
    text = track_text(templates, track, game=game.title, tokens=tokens,
                      map_scale=f"{scale:.0%}", map_hex_mm=f"{to_mm(small.across_flats):.1f}",
                      checkpoints=list(course.checkpoints), finish=bool(course.finish),
                      start_line=course.starts_on_line,
                      facing=facing_to_clock(course.start_line_facing(), track.orientation))
    furniture = plan_furniture(text["layout_title"], text["layout_scale"], text["check_bar"],
                               None)
    blocks: list[tuple[float, float, FittedText]] = []

    def place(name: str, left: float, top: float, width: float, height: float,
              size: float, part: str) -> float:
        if not text[name].strip():
            return top
        result = fitted(text[name], width, height, size, part)
        blocks.append((left, top, result))
        return top + result.height + mm(1.5)

    top = place("layout_summary", 0, mm(17), CONTENT_W, mm(9), 12, "the race summary")
    top = place("layout_location", 0, top, CONTENT_W, mm(6), 10, "the location")
    place("layout_description", 0, top, CONTENT_W, MAP_TOP - top - mm(2), 10,
          "the description")
    below = MAP_TOP + MAP_HEIGHT + mm(2)
    below = place("course", 0, below, CONTENT_W, mm(6), 9, "the course line")
    place("layout_map_note", 0, below, CONTENT_W, mm(8), 8, "the map note")
    height = CONTENT_H - COLUMNS_TOP
    left = 0.0
    top = place("items_title", left, COLUMNS_TOP, COLUMN_W, mm(6), 9, "the items title")
    top = place("items", left, top, COLUMN_W, mm(14), 9, "the recommended items")
    top = place("tokens_title", left, top + mm(2), COLUMN_W, mm(6), 9, "the tokens title")
    place("tokens", left, top, COLUMN_W, COLUMNS_TOP + height - top, 9,
          "the tokens required")
    left += COLUMN_W + COLUMN_GAP
    top = place("rules_title", left, COLUMNS_TOP, COLUMN_W, mm(6), 9, "the rules title")
    place("rules", left, top, COLUMN_W, COLUMNS_TOP + height - top, 9, "the special rules")
    left += COLUMN_W + COLUMN_GAP
    place("legend_title", left, COLUMNS_TOP, COLUMN_W, mm(6), 9, "the key title")
    key = tuple(plan_key(track, text, height - mm(7)))
    return LayoutPage(track, furniture, tuple(blocks), key)


def plan_key(track: Track, text: dict[str, str], height: float
             ) -> list[tuple[Cell, FittedText]]:
    """One entry per kind of hex the map uses (the first of each), in reading order."""
    rows = []
    seen: set[str] = set()
    for cell in track.layout.ordered():
        kind = _key_kind(cell)
        if kind in seen:
            continue
        seen.add(kind)
        label = text.get(kind, cell.symbol.label)
        # a label of the file's own legend is found at its value; a built-in one at the name
        own = ("legend", kind, "label") if kind in track.legend else ()
        rows.append((cell, fitted(label, COLUMN_W - KEY_HEX - mm(3), KEY_ROW, 8,
                                  f"the key entry '{plain(label)}'", where=own)))
    if len(rows) * KEY_ROW > height:
        raise PrintProblem("the key (too many kinds of hex for the column)")
    return rows


def _key_kind(cell: Cell) -> str:
    """Which key entry a hex belongs to: its block name for marked hexes, else its char."""
    symbol = cell.symbol
    if symbol.slot is not None:
        return "key_slot"
    if symbol.checkpoint is not None:
        return "key_item_checkpoint" if symbol.item_checkpoint else "key_checkpoint"
    return symbol.char


def draw_layout_page(canvas: Canvas, page: LayoutPage, paper: Paper, icons: IconSet) -> None:
    """Draw the planned page on ``paper``."""
    canvas.setPageSize((paper.width, paper.height))
    page.furniture.draw(canvas, paper)
    left = (paper.width - CONTENT_W) / 2
    top = paper.height - SAFE_MARGIN
    for x, y, text in page.blocks:
        text.draw(canvas, left + x, top - y)
    box = Rect(left, top - MAP_TOP - MAP_HEIGHT, CONTENT_W, MAP_HEIGHT)
    small_map(canvas, page.track, box, icons)
    key_left = left + 2 * (COLUMN_W + COLUMN_GAP)
    row_top = top - COLUMNS_TOP - mm(7)
    geometry = HexLayout(page.track.orientation, KEY_HEX)
    course = course_of(page.track)
    for cell, label in page.key:
        centre = (key_left + KEY_HEX * 0.6, row_top - KEY_ROW / 2)
        facing = course.slots[0].facing if cell.symbol.slot is not None and course.slots \
            else None
        draw_cell(canvas, geometry, Cell(Hex(0, 0), cell.symbol, cell.path), centre, icons,
                  facing, HexStyle(numbers=True, outline=0.3))
        label.draw(canvas, key_left + KEY_HEX + mm(2), row_top - (KEY_ROW - label.height) / 2)
        row_top -= KEY_ROW
