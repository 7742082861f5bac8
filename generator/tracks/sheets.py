"""The track's tile pages and assembly page, and the furniture every track sheet shares.

Every sheet says it must be printed at actual size and carries a 50 mm bar to measure. Text
boxes have fixed sizes that fit the smallest supported paper (A4's width, Letter's height),
so whether text fits never depends on the paper chosen: the checker can plan every page
before anything is drawn, and text that cannot fit at 6 pt is a finding, not a clipped line.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from generator.paper.colour import contrast_ratio
from generator.paper.drawing import FittedText, colour, draw_line, fit_paragraph, mix
from generator.paper.icons import IconSet
from generator.paper.imposition import Rect
from generator.paper.units import SAFE_MARGIN, Paper, mm, to_mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates
from generator.tracks.hex_packing import Area
from generator.tracks.hexgrid import Hex, HexLayout, Point
from generator.tracks.kept_tiles import kept_pack_tiles
from generator.tracks.layout import TrackLayout
from generator.tracks.model import Track
from generator.tracks.terrain import EDGE, HexStyle, draw_cell, fill_of, hex_path, outlined_hex
from generator.tracks.tiling import Tile, TilePlan

TEMPLATE = "tracks/track.j2"
CONTENT_W, CONTENT_H = mm(200), mm(269)
HEADER, FOOTER, GAP = mm(15), mm(8), mm(2)
BAR = mm(50)
CUT = black
SEAM = colour("#b0005a")
MATCH_RADIUS = mm(1.6)
LABEL_RADIUS = mm(5)
LABEL_MIN_RADIUS = mm(2.9)  # a 7 pt bold label of three characters inside
TINTS = (colour("#dfe9f3"), colour("#f6e2cf"), colour("#e2efd9"), colour("#ece2f2"))


class PrintProblem(Exception):
    """Text that cannot be fitted at a legible size: ``part`` names it for the finding, and
    ``where`` is the key path of the file's value it prints, when it prints one."""

    def __init__(self, part: str, where: tuple[str, ...] = ()) -> None:
        super().__init__(part)
        self.part = part
        self.where = where


def fitted(markup: str, width: float, height: float, preferred: float, part: str,
           align: str = "left", where: tuple[str, ...] = ()) -> FittedText:
    """``markup`` fitted to its box, or PrintProblem naming ``part`` (at ``where``)."""
    result = fit_paragraph(markup, width, height, preferred, align=align)
    if result is None:
        raise PrintProblem(part, where)
    return result


def track_text(templates: TextTemplates, track: Track, **extra: Any) -> dict[str, str]:
    """Every block of the track template, for ``track`` and any extra names."""
    context = {"track": track, "hex_mm": f"{to_mm(track.hex_size):.1f}", **extra}
    defaults: dict[str, Any] = {"page_tiles": [], "tiles": [], "size": "",
                                "game": "", "tokens": [], "checkpoints": [], "finish": False,
                                "start_line": False, "facing": track.start_facing,
                                "map_scale": "", "map_hex_mm": ""}
    return templates.blocks(TEMPLATE, {**defaults, **context})


# --- Page furniture ----------------------------------------------------------------------


@dataclass(frozen=True)
class Furniture:
    """The header (a title and the actual-size notice with its bar) and a footer line."""

    title: FittedText
    notice: FittedText
    bar_label: FittedText
    footer: FittedText | None

    def draw(self, canvas: Canvas, paper: Paper) -> None:
        """Draw at the top of ``paper``, the content box centred (the footer at its foot)."""
        self.draw_at(canvas, (paper.width - CONTENT_W) / 2, paper.height - SAFE_MARGIN)

    def draw_at(self, canvas: Canvas, left: float, top: float) -> None:
        """Draw with the header's top-left corner at (left, top)."""
        self.title.draw(canvas, left, top)
        self.notice.draw(canvas, left, top - mm(7.5))
        bar_x = left + CONTENT_W - BAR
        draw_check_bar(canvas, bar_x, top - mm(5))
        self.bar_label.draw(canvas, bar_x, top - mm(6))
        if self.footer is not None:
            self.footer.draw(canvas, left, SAFE_MARGIN + FOOTER)


def plan_furniture(title: str, notice: str, bar_label: str, footer: str | None
                   ) -> Furniture:
    """Fit the header and footer text into their fixed boxes."""
    text_w = CONTENT_W - BAR - mm(4)
    return Furniture(
        title=fitted(title, text_w, mm(7), 13, "the sheet title"),
        notice=fitted(notice, text_w, mm(7), 7.5, "the actual-size notice"),
        bar_label=fitted(bar_label, BAR, mm(4), 7, "the check bar label", align="centre"),
        footer=fitted(footer, CONTENT_W, FOOTER, 7.5, "the join notes") if footer else None)


def draw_check_bar(canvas: Canvas, x: float, y: float) -> None:
    """A 50 mm bar in five 10 mm blocks, its outline exactly 50 mm wide."""
    canvas.saveState()
    canvas.setLineWidth(0.5)
    canvas.setStrokeColor(black)
    for block in range(5):
        canvas.setFillColor(black if block % 2 == 0 else white)
        canvas.rect(x + block * mm(10), y, mm(10), mm(2.5), stroke=0, fill=1)
    canvas.rect(x, y, BAR, mm(2.5), stroke=1, fill=0)
    canvas.restoreState()


def hex_area(paper: Paper) -> Area:
    """Where tile hexes may go: the page inside the margin, below the header, above the
    footer."""
    bottom = SAFE_MARGIN + FOOTER + GAP
    top = paper.height - SAFE_MARGIN - HEADER - GAP
    return Area(SAFE_MARGIN, bottom, paper.width - 2 * SAFE_MARGIN, top - bottom)


# --- Tiles -------------------------------------------------------------------------------

TILE_HEADER = mm(11.5)  # a tile page's title and a one-line notice: no footer
TILE_LABEL = 9.0  # points: the label printed on each tile


def tile_area(paper: Paper) -> Area:
    """Where tile hexes may go: the page inside the margin, below the tile page's header."""
    top = paper.height - SAFE_MARGIN - TILE_HEADER - GAP
    return Area(SAFE_MARGIN, SAFE_MARGIN, paper.width - 2 * SAFE_MARGIN, top - SAFE_MARGIN)


NOTE_HEIGHT = mm(12)  # the assembly note's box
MAP_SHARE = 0.5  # of the page's height below the note, at most, for the assembly map


def assembly_map_box(track: Track, paper: Paper) -> Rect:
    """Where the assembly page draws the whole map, small: the content's width below the
    header and note, as tall as the map drawn that wide (half the page at most). Tiles
    fill the page below it."""
    top = paper.height - SAFE_MARGIN - HEADER - GAP - NOTE_HEIGHT - mm(2)
    geometry = HexLayout(track.orientation, track.hex_size)
    left, bottom, right, high = geometry.bounds(track.layout.cells)
    inner = CONTENT_W - 2 * LABEL_RADIUS
    height = min(inner * (high - bottom) / (right - left) + 2 * LABEL_RADIUS,
                 (top - SAFE_MARGIN) * MAP_SHARE)
    return Rect((paper.width - CONTENT_W) / 2, top - height, CONTENT_W, height)


def tile_plan(track: Track, paper: Paper) -> tuple[Paper, TilePlan]:
    """Tiles for the track on ``paper`` or turned to landscape, packed onto the fewest
    pages, the first below the assembly map (:func:`generator.tracks.tiling.pack_tiles`
    states the rule)."""
    geometry = HexLayout(track.orientation, track.hex_size)
    sheets = (paper, paper.landscape())
    areas = [tile_area(s) for s in sheets]
    kept = [area.y + area.height - (assembly_map_box(track, sheet).y - GAP)
            for area, sheet in zip(areas, sheets, strict=True)]
    chosen, plan = kept_pack_tiles(geometry, track.layout.cells, areas, kept)
    return sheets[chosen], plan


@dataclass(frozen=True)
class TilesDocument:
    """Everything the tiles PDF draws, planned: the plan, the paper and each page's text
    (each tile page's header by its number, from 1: page 0 has the assembly's)."""

    track: Track
    paper: Paper
    plan: TilePlan
    furniture: dict[int, Furniture]
    assembly: Furniture
    assembly_note: FittedText


def plan_tile_furniture(title: str, notice: str, bar_label: str) -> Furniture:
    """A tile page's header: the title and the actual-size notice on one line."""
    text_w = CONTENT_W - BAR - mm(4)
    return Furniture(
        title=fitted(title, text_w, mm(7), 13, "the sheet title"),
        notice=fitted(notice, text_w, mm(3.6), 7.5, "the actual-size notice"),
        bar_label=fitted(bar_label, BAR, mm(4), 7, "the check bar label", align="centre"),
        footer=None)


def plan_tiles_document(track: Track, paper: Paper, templates: TextTemplates
                        ) -> TilesDocument:
    """Plan the tile pages and the assembly page; PrintProblem if any text cannot fit."""
    sheet, plan = tile_plan(track, paper)
    furniture = {}
    for page in range(1, plan.pages):  # the first page carries the assembly's header
        text = track_text(templates, track, page_tiles=plan.on_page(page))
        furniture[page] = plan_tile_furniture(text["tile_title"], text["actual_size"],
                                              text["check_bar"])
    left, bottom, right, top = plan.geometry.bounds(track.layout.cells)
    size = f"{to_mm(right - left) / 10:.0f} x {to_mm(top - bottom) / 10:.0f} cm"
    text = track_text(templates, track, tiles=plan.tiles, size=size)
    assembly = plan_furniture(text["assembly_title"], text["actual_size"], text["check_bar"],
                              None)
    note = fitted(text["assembly_note"], CONTENT_W, NOTE_HEIGHT, 9, "the assembly note")
    return TilesDocument(track, sheet, plan, furniture, assembly, note)


def draw_tiles_document(canvas: Canvas, document: TilesDocument, icons: IconSet) -> int:
    """Draw the tile pages, the first with the assembly map above its tiles; returns the
    page count."""
    for page in range(document.plan.pages):
        canvas.setPageSize((document.paper.width, document.paper.height))
        if page == 0:
            draw_assembly(canvas, document, icons)
        else:
            document.furniture[page].draw(canvas, document.paper)
        for tile in document.plan.on_page(page):
            draw_tile(canvas, document, tile, icons)
        canvas.showPage()
    return document.plan.pages


def draw_tile(canvas: Canvas, document: TilesDocument, tile: Tile, icons: IconSet) -> None:
    """One tile at actual size: its hexes, cut line, match marks and label."""
    plan, layout = document.plan, document.track.layout
    for hex_ in tile.hexes:
        centre = tile.place(plan.geometry.centre(hex_))
        draw_cell(canvas, plan.geometry, layout.cells[hex_], centre, icons,
                  _facing(layout, hex_, document.track))
    draw_match_marks(canvas, plan, tile)
    draw_cut_line(canvas, plan, tile)
    draw_label_on_tile(canvas, document, tile)


def draw_label_on_tile(canvas: Canvas, document: TilesDocument, tile: Tile) -> None:
    """The tile's label in the top of its most central hex (one not walled in solid, where
    it has one, whose icon is larger), black or white, whichever reads better on it."""
    plan, cells = document.plan, document.track.layout.cells
    open_hexes = [h for h in tile.hexes if cells[h].symbol.terrain != "solid"] \
        or list(tile.hexes)
    middle = most_central([plan.geometry.centre(h) for h in open_hexes])
    hex_ = plan.geometry.hex_at(*middle)
    fill = fill_of(cells[hex_])
    ink = black if contrast_ratio(black, fill) >= contrast_ratio(white, fill) else white
    x, y = tile.place(plan.geometry.centre(hex_))
    canvas.saveState()
    canvas.setFillColor(ink)
    draw_line(canvas, tile.label, x, y + plan.geometry.across_flats * 0.27, TILE_LABEL, BOLD,
              "centre")
    canvas.restoreState()


def _facing(layout: TrackLayout, hex_: Hex, track: Track) -> int | None:
    slot = layout.cells[hex_].symbol.slot
    return layout.facings.get(slot) if slot is not None else None


def draw_cut_line(canvas: Canvas, plan: TilePlan, tile: Tile) -> None:
    """The tile's outline: the map's own edge in black, joins with other tiles in magenta."""
    canvas.saveState()
    canvas.setLineWidth(0.6)
    canvas.setLineCap(1)
    for edge in plan.outline(tile):
        canvas.setStrokeColor(SEAM if edge.neighbour_tile else CUT)
        canvas.line(*edge.start, *edge.end)
    canvas.restoreState()


def draw_match_marks(canvas: Canvas, plan: TilePlan, tile: Tile) -> None:
    """Half-dots on the tile's side of chosen seam edges: each a half-disc on the edge (a
    dot clipped to its hex would leave the whole circle in the file, past the page's
    margin where the edge runs along it)."""
    canvas.saveState()
    canvas.setFillColor(SEAM)
    for edge in plan.match_marks(tile):
        cx, cy = tile.place(plan.geometry.centre(edge.hex))
        (x0, y0), (x1, y1) = edge.start, edge.end
        x, y = edge.midpoint
        along = math.degrees(math.atan2(y1 - y0, x1 - x0))
        inward = (x1 - x0) * (cy - y0) - (y1 - y0) * (cx - x0) > 0  # the hex on the left
        path = canvas.beginPath()
        path.moveTo(x, y)
        path.arc(x - MATCH_RADIUS, y - MATCH_RADIUS, x + MATCH_RADIUS, y + MATCH_RADIUS,
                 startAng=along if inward else along + 180.0, extent=180.0)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


# --- Assembly ----------------------------------------------------------------------------


def draw_assembly(canvas: Canvas, document: TilesDocument, icons: IconSet) -> None:
    """The assembly page's header and note, and the whole map, small, each tile tinted
    and labelled where it goes."""
    paper, plan = document.paper, document.plan
    document.assembly.draw(canvas, paper)
    left = (paper.width - CONTENT_W) / 2
    note_top = paper.height - SAFE_MARGIN - HEADER - GAP
    document.assembly_note.draw(canvas, left, note_top)
    # Room for a label disc on a hex at the very edge.
    box = assembly_map_box(document.track, paper).grown(-LABEL_RADIUS)
    small, place = fit_map(plan.geometry, list(document.track.layout.cells), box)
    owner = plan.owner()
    tints = tile_tints(plan)
    for tile in plan.tiles:
        tint = tints[tile.label]
        for hex_ in tile.hexes:
            corners = [place(p) for p in small.corners(hex_)]
            outlined_hex(canvas, hex_path(canvas, corners),
                         mix(tint, fill_of(document.track.layout.cells[hex_]), 0.35), EDGE, 0.2)
    canvas.saveState()
    canvas.setLineWidth(1.2)
    for tile in plan.tiles:
        for hex_ in tile.hexes:
            for direction in range(6):
                if owner.get(hex_.neighbour(direction)) is not tile:
                    start, end = small.edge(hex_, direction)
                    canvas.setStrokeColor(SEAM if hex_.neighbour(direction) in owner else CUT)
                    canvas.line(*place(start), *place(end))
    canvas.restoreState()
    for tile in plan.tiles:
        draw_tile_label(canvas, small, place, tile)


def tile_tints(plan: TilePlan) -> dict[str, Color]:
    """A tint for each tile, none the same as a neighbour's where four tints allow (each
    tile, in order, takes the first tint no tile beside it has yet)."""
    tints: dict[str, Color] = {}
    for tile in plan.tiles:
        near = {tints.get(e.neighbour_tile) for e in plan.outline(tile) if e.neighbour_tile}
        tints[tile.label] = next((t for t in TINTS if t not in near), TINTS[0])
    return tints


def draw_tile_label(canvas: Canvas, small: HexLayout, place: Callable[[Point], Point],
                    tile: Tile) -> None:
    """The tile's label, on a white disc at the middle of its hexes. The disc is sized to
    the map as drawn (a little over a hex across, 10 mm at most), so the labels of a map
    cut into many small tiles do not cover each other; its text is never under 7 pt."""
    middle = most_central([place(small.centre(h)) for h in tile.hexes])
    radius = max(LABEL_MIN_RADIUS, min(LABEL_RADIUS, small.across_flats * 0.6))
    size = max(7.0, min(11.0, radius * 0.78))
    canvas.saveState()
    canvas.setFillColor(white)
    canvas.setStrokeColor(black)
    canvas.setLineWidth(0.6)
    canvas.circle(middle[0], middle[1], radius, stroke=1, fill=1)
    canvas.setFillColor(black)
    draw_line(canvas, tile.label, middle[0], middle[1] - size * 0.36, size, BOLD, "centre")
    canvas.restoreState()


def most_central(points: list[Point]) -> Point:
    """The first of ``points`` with the least sum of squared distances to all the others.

    Why not the plain sum for each point: that is quadratic in the tile's hexes. The sum is
    n|p|^2 - 2 p.S + sum |q|^2 (S the sum of the points), linear over all points; the few
    within rounding of the least are then summed exactly, so the point is the one the plain
    sums pick, ties and all."""
    n = len(points)
    sx, sy = sum(x for x, _ in points), sum(y for _, y in points)
    squares = sum(x * x + y * y for x, y in points)
    quick = [n * (x * x + y * y) - 2 * (x * sx + y * sy) + squares for x, y in points]
    least = min(quick)
    near = [p for p, score in zip(points, quick, strict=True)
            if score <= least + 1e-6 * (abs(least) + squares + 1)]
    return min(near, key=lambda p: sum((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2
                                       for q in points))


def fit_map(geometry: HexLayout, hexes: Sequence[Hex], box: Rect
            ) -> tuple[HexLayout, Callable[[Point], Point]]:
    """The map scaled to fit ``box``, centred: its small layout and where points go."""
    left, bottom, right, top = geometry.bounds(hexes)
    scale = min(box.width / (right - left), box.height / (top - bottom))
    small = HexLayout(geometry.orientation, geometry.across_flats * scale)
    s_left, s_bottom, s_right, s_top = small.bounds(hexes)
    dx = box.x + (box.width - (s_right - s_left)) / 2 - s_left
    dy = box.y + (box.height - (s_top - s_bottom)) / 2 - s_bottom

    def place(point: Point) -> Point:
        return (point[0] + dx, point[1] + dy)

    return small, place


def small_map(canvas: Canvas, track: Track, box: Rect, icons: IconSet) -> HexLayout:
    """The track drawn to fit ``box`` with every marking: for the layout page."""
    layout = track.layout
    geometry = HexLayout(track.orientation, track.hex_size)
    small, place = fit_map(geometry, list(layout.cells), box)
    style = HexStyle(numbers=True, outline=0.25)
    for hex_, cell in layout.cells.items():
        draw_cell(canvas, small, cell, place(small.centre(hex_)), icons,
                  _facing(layout, hex_, track), style)
    return small
