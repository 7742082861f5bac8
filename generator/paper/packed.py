"""Shared sheets: the small pieces of a game's files packed together into one file, and the
manifest's record of where each piece went.

A game marks the files whose pieces may share sheets (an :class:`Output` with ``batches``:
tokens, counters, small cards, reference cards; a track's tokens too, in its game's file).
For each game, :func:`pack_outputs` packs every such file's pieces
(:mod:`generator.paper.packing`) and, where that takes fewer pages than the files printed
apart, writes them as ``<game>/packed-sheets.pdf`` instead. Each block keeps the crop marks
and cut lines of its own sheets; on a duplex sheet every back is drawn behind its front,
mirrored about the edge the printer flips on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from generator.paper.grid import SheetOptions, mirror, plan_grid
from generator.paper.imposition import SheetWriter, sheet_geometry
from generator.paper.marks import (
    crop_mark_segments,
    draw_cut_lines,
    draw_registration,
    registration_points,
)
from generator.paper.output import BuildContext, Output
from generator.paper.packing import Kind, Placed, Sheet, Unpackable, pack
from generator.paper.pdf import PdfInfo
from generator.paper.pieces import Caption, Component, Piece, Rect, bounding
from generator.paper.units import SAFE_MARGIN, Paper, to_mm

PACKED_NAME = "packed-sheets.pdf"
PACKED_KIND = "packed sheets"


POOLED_GAME = "shared"  # the manifest's game for sheets that hold several games' pieces


def pack_outputs(outputs: Sequence[Output], context: BuildContext) -> list[Output]:
    """``outputs`` with every packable file of the build replaced by one file of shared
    sheets, where that saves pages: ``<game>/packed-sheets.pdf`` where they are one game's,
    ``packed-sheets.pdf`` (game ``shared``) where they are several games' (one build's
    pieces on one paper and duplex setting: the games' pieces fill each other's gaps).
    Print-shop builds are left as they are (a face a page)."""
    mine = [output for output in outputs if output.batches]
    packed = packed_output(mine, context)
    if packed is None:
        return list(outputs)
    result: list[Output] = []
    for output in outputs:
        chosen = packed if output.batches else output
        if chosen not in result:
            result.append(chosen)
    return result


def packed_output(outputs: Sequence[Output], context: BuildContext) -> Output | None:
    """The shared-sheets file for ``outputs``, or None where it would not print on fewer
    pages than they do apart (or there is only one file)."""
    kinds = [kind_of(output.path, component, pieces, options, output.kind)
             for output in outputs for component, pieces, options in output.batches if pieces]
    if len(outputs) < 2 or any(kind.options.paper != context.paper for kind in kinds):
        return None
    sheets = packed_file(kinds, context)
    if sheets is None:
        return None
    games = list(dict.fromkeys(output.game for output in outputs))
    game = games[0] if len(games) == 1 else POOLED_GAME
    # One game's: in its own folder, whatever folders the files are in; several: the root.
    folder = PurePosixPath(game) if len(games) == 1 else PurePosixPath()
    vehicles = list(dict.fromkeys(name for output in outputs for name in output.vehicles))
    # A file of the packed file's folder by its name; one from another (a track's tokens,
    # in tracks/) by its whole path, so the note says which file it stands for.
    sources = ", ".join(PurePosixPath(output.path).name
                        if PurePosixPath(output.path).parent == folder else output.path
                        for output in outputs)
    notes = {"packed": sources} if len(games) == 1 else \
        {"packed": sources, "games": ", ".join(games)}
    return Output(str(folder / PACKED_NAME), game, PACKED_KIND, vehicles,
                  packed_writer(f"Shared sheets: {sources}", context, sheets),
                  notes=notes, placements=tuple(placements(sheets, context)))


def kind_of(source: str, component: Component, pieces: Sequence[Piece], options: SheetOptions,
            name: str) -> Kind:
    """One kind of piece to pack, laid out as its own sheets would lay it (a print shop's
    packed sheets: with the shop's bleed, see :func:`sheet_geometry`)."""
    sized, laid_out, drawn = sheet_geometry(component, options)
    return Kind(source, sized, laid_out, pieces, name, drawn if drawn != sized else None)


def packed_file(kinds: Sequence[Kind], context: BuildContext, header: float = 0.0
                ) -> list[Sheet] | None:
    """``kinds`` (the pieces of one file) packed onto shared sheets, or None where that
    takes no fewer pages than imposing each kind on sheets of its own, or for a print shop
    (a face a page)."""
    shop = context.printing.shop
    if (shop is not None and not shop.packed) or not context.printing.pack or not kinds:
        return None
    try:
        sheets = pack(kinds, context.paper, min(kind.options.margin for kind in kinds), header)
    except Unpackable:  # a safety net: every kind still prints, on sheets of its own
        return None
    return sheets if pages_of(sheets) < sum(apart_pages(kind) for kind in kinds) else None


def pages_of(sheets: Sequence[Sheet]) -> int:
    return sum(2 if sheet.has_backs else 1 for sheet in sheets)


def apart_pages(kind: Kind) -> int:
    """The pages ``kind`` takes on sheets of its own (front and back for each)."""
    capacity = plan_grid(kind.component, kind.options).capacity
    sheets = -(-len(kind.pieces) // capacity)
    return sheets * (2 if any(piece.back is not None for piece in kind.pieces) else 1)


def placements(sheets: Sequence[Sheet], context: BuildContext) -> list[dict[str, object]]:
    """Where each piece went: its file of origin, its page, the top-left corner of its
    trim in millimetres from the page's top-left corner, its size, and its back's page and
    corner where it has one."""
    paper, found, page = context.paper, [], 0
    counters: dict[str, int] = {}
    for sheet in sheets:
        front_page, page = page + 1, page + (2 if sheet.has_backs else 1)
        for placed in sheet.placed:
            grid, kind = placed.grid, placed.block.kind
            for piece, (row, column) in zip(placed.block.pieces, grid.slots(), strict=True):
                counters[kind.source] = counters.get(kind.source, 0) + 1
                trim = grid.trim(row, column)
                entry: dict[str, object] = {
                    "piece": piece.label or f"{kind.name} {counters[kind.source]}",
                    "from": kind.source, "page": front_page, **corner(trim, paper),
                    "width_mm": round(to_mm(trim.width), 3),
                    "height_mm": round(to_mm(trim.height), 3)}
                if piece.back is not None:
                    back = mirror(trim, paper, context.duplex, context.back_offset)
                    entry["back_page"] = front_page + 1
                    entry.update({f"back_{key}": value
                                  for key, value in corner(back, paper).items()})
                found.append(entry)
    return found


def corner(trim: Rect, paper: Paper) -> dict[str, float]:
    """A trim's top-left corner in mm from the page's top-left."""
    return {"x_mm": round(to_mm(trim.x), 3), "y_mm": round(to_mm(paper.height - trim.top), 3)}


@dataclass(frozen=True)
class Header:
    """A caption printed in a band at the top of every front page (track tokens' title and
    actual-size notice), ``height`` high inside the margin."""

    caption: Caption
    height: float
    margin: float = SAFE_MARGIN

    def band(self, paper: Paper) -> Rect:
        top = paper.height - self.margin
        return Rect(self.margin, top - self.height, paper.width - 2 * self.margin, self.height)


def packed_writer(title: str, context: BuildContext, sheets: Sequence[Sheet],
                  header: Header | None = None) -> Callable[[Path], PdfInfo]:
    """A function writing ``sheets``: each front page, then its back page if it has backs."""
    paper = context.paper

    def write(path: Path) -> PdfInfo:
        from generator.paper.pdf import finish, new_canvas  # pdf registers fonts: only when writing

        shop = context.printing.shop
        canvas = new_canvas(path, title, paper, context.printing.cmyk, shop=shop)
        writer = SheetWriter(canvas, SheetOptions(paper, duplex=context.duplex,
                                                  back_offset=context.back_offset,
                                                  print_shop=shop is not None, shop=shop))
        for sheet in sheets:
            front_page(writer, sheet, paper, header)
            if sheet.has_backs:
                back_page(writer, sheet, paper)
        return finish(canvas, writer.pages, paper)
    return write


def reach(placed: Placed) -> float:
    """How far a block's art runs past its outer cuts."""
    grid = placed.grid
    return grid.reach if grid.butted else grid.component.bleed


def art_of(placed: Placed) -> Rect:
    """The box a block's art stays inside: its trims grown by how far the art runs past."""
    return bounding(placed.grid.trims()).grown(reach(placed))


def front_page(writer: SheetWriter, sheet: Sheet, paper: Paper, header: Header | None = None
               ) -> None:
    """The fronts of every block, each with its own crop marks and cut lines."""
    canvas = writer.canvas
    writer.start_page(paper.width, paper.height)
    writer.set_boxes([t for p in sheet.placed for t in p.grid.trims()],
                     [art_of(p) for p in sheet.placed], paper)
    for placed in sheet.placed:
        grid, options = placed.grid, placed.block.kind.options
        for piece, (row, column) in zip(placed.block.pieces, grid.slots(), strict=True):
            writer.put(piece.front, grid.trim(row, column), grid.component,
                       grid.art(row, column) if grid.butted else None, placed.block.kind.drawn)
        if options.crop_marks:
            canvas.saveState()
            canvas.setLineWidth(options.mark_width)
            for x1, y1, x2, y2 in crop_mark_segments(grid, options):
                canvas.line(x1, y1, x2, y2)
            canvas.restoreState()
        if options.cut_lines:
            draw_cut_lines(canvas, grid.component, grid.trims())
    target = registered(sheet)
    if target is not None:
        draw_registration(canvas, registration_points(target.grid, target.block.kind.options))
    if header is not None:
        header.caption.draw(canvas, header.band(paper))
    writer.finish_page()


def registered(sheet: Sheet) -> Placed | None:
    """The block whose corners carry the sheet's registration targets: the first with
    backs, on a duplex sheet whose blocks want them."""
    return next((p for p in sheet.placed if p.block.has_backs
                 and p.block.kind.options.registration), None)


def back_page(writer: SheetWriter, sheet: Sheet, paper: Paper) -> None:
    """Every back behind its own front: trims and art mirrored about the flip edge."""
    canvas, options = writer.canvas, writer.options
    duplex, offset = options.duplex, options.back_offset
    writer.start_page(paper.width, paper.height)
    trims = [mirror(t, paper, duplex, offset) for p in sheet.placed for t in p.grid.trims()]
    writer.set_boxes(trims, [mirror(art_of(p), paper, duplex, offset) for p in sheet.placed],
                     paper)
    for placed in sheet.placed:
        grid = placed.grid
        if not placed.block.has_backs:
            continue
        backs = []
        for piece, (row, column) in zip(placed.block.pieces, grid.slots(), strict=True):
            trim = mirror(grid.trim(row, column), paper, duplex, offset)
            backs.append(trim)
            if piece.back is not None:
                art = mirror(grid.art(row, column), paper, duplex, offset)
                writer.put(piece.back, trim, grid.component, art if grid.butted else None,
                           placed.block.kind.drawn)
        if placed.block.kind.options.cut_lines:
            draw_cut_lines(canvas, grid.component, backs)
    target = registered(sheet)
    if target is not None:
        points = registration_points(target.grid, target.block.kind.options)
        draw_registration(canvas, [(m.x, m.y) for m in
                                   (mirror(Rect(x, y, 0, 0), paper, duplex, offset)
                                    for x, y in points)])
    writer.finish_page()

