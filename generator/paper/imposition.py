"""Sheet imposition: lay printed pieces out on paper, with crop marks and duplex backs.

A *component* has a trim size (where it is cut), a bleed (how far its art runs past the cut)
and a cut shape (:mod:`generator.paper.pieces`). The engine fits as many as it can inside the
printer's safe margin (:mod:`generator.paper.grid`), centres the block, draws crop marks
outside every trim (:mod:`generator.paper.marks`), and for pieces with a back writes a back
page after each front page, mirrored so each back lands behind its own front when printed
duplex. Every sheet page carries a TrimBox and BleedBox around what it holds. In *print-shop*
mode each face gets a page of its own, the page (MediaBox) the bleed size and the TrimBox the
trim, which is what a card printer's upload expects.

The names a game needs to impose its pieces are importable from here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.pdfgen.canvas import Canvas

from generator.paper.grid import Duplex, Grid, SheetOptions, chunks, mirror, plan_grid
from generator.paper.marks import (
    crop_mark_segments,
    draw_crop_marks,
    draw_cut_lines,
    draw_registration,
    draw_shop_crop_marks,
    header_band,
    registration_points,
    shop_slug,
)
from generator.paper.pieces import (
    FACE_FORMS,
    Caption,
    Component,
    Face,
    Layer,
    Piece,
    Rect,
    bounding,
    define_layers,
    hexagon_points,
    use_layer,
)
from generator.paper.units import Paper

if TYPE_CHECKING:
    from generator.paper.pdf import PdfInfo

def is_text_object(op: str) -> bool:
    """Whether one drawing operation of a canvas is a text object (ReportLab writes each
    BT ... ET whole, as one)."""
    return op.lstrip().startswith("BT")


# The eight strips round a trim, as (across, up): -1 left or below, 1 right or above.
MIRRORS = tuple((across, up) for across in (-1, 0, 1) for up in (-1, 0, 1) if across or up)

__all__ = ["Batch", "Component", "Duplex", "Face", "Layer", "Piece", "Rect", "SheetOptions",
           "SheetWriter", "crop_mark_segments", "hexagon_points", "plan_grid", "sheets_writer",
           "use_layer"]


@dataclass
class SheetWriter:
    """Draws pieces onto a ReportLab canvas, sheet by sheet (or face by face for a shop)."""

    canvas: Canvas
    options: SheetOptions
    forms: dict[Hashable, str] = field(init=False)
    pages: int = 0
    page_size: tuple[float, float] = (0.0, 0.0)

    def __post_init__(self) -> None:
        # One form namespace per file: several writers may share a canvas (a file of
        # cards and reference sheets), and a form name must never be defined twice.
        self.forms = FACE_FORMS.setdefault(self.canvas, {})

    def impose(self, component: Component, pieces: Sequence[Piece],
               caption: Caption | None = None) -> Grid | None:
        """Write every piece: a front page per sheet, then its back page if any piece has one,
        and return the grid used. In print-shop mode, a page per face instead (no grid)."""
        if self.options.print_shop and not shop_sheets(self.options):
            self.shop_pages(component, pieces)
            return None
        component, self.options, drawn = sheet_geometry(component, self.options)
        grid = plan_grid(component, self.options)
        for sheet in chunks(pieces, grid.capacity):
            self.front_page(grid, sheet, caption, drawn)
            if any(piece.back is not None for piece in sheet):
                self.back_page(grid, sheet, drawn)
        return grid

    def put(self, face: Face, trim: Rect, component: Component, art: Rect | None,
            drawn: Component | None = None) -> None:
        """Place ``face`` as :meth:`place` does; where it is drawn (``drawn``) with less
        bleed than the sheet gives it (``component``: a print shop's sheets), its art is
        extended under the rest by mirroring its edges."""
        drawn = drawn or component
        if art is not None:  # butted: nothing past ``art`` is seen, so none is drawn there
            reach = art_reach(trim, art)
            component = component.with_bleed(min(component.bleed, reach))
            drawn = drawn.with_bleed(min(drawn.bleed, reach))
        self.place(face, trim, drawn, art)
        if drawn.bleed < component.bleed:
            self.mirror_edges(face, trim, drawn, component.bleed)

    def front_page(self, grid: Grid, sheet: Sequence[Piece],
                   caption: Caption | None = None, drawn: Component | None = None) -> None:
        used = grid.used(len(sheet))
        trims = used.trims()
        self.start_page(grid.paper.width, grid.paper.height)
        self.set_boxes(trims, used.reach if used.butted else grid.component.bleed, grid.paper)
        if self.options.crop_marks and self.options.mark_style == "full":
            draw_crop_marks(self.canvas, used, self.options)
        for piece, (row, column) in zip(sheet, used.slots(), strict=True):
            self.put(piece.front, used.trim(row, column), grid.component,
                     used.art(row, column) if used.butted else None, drawn)
        if self.options.crop_marks and self.options.mark_style == "short":
            draw_crop_marks(self.canvas, used, self.options)
        if self.options.cut_lines:
            draw_cut_lines(self.canvas, grid.component, trims)
        if self.duplex_sheet(sheet):
            draw_registration(self.canvas, registration_points(used, self.options))
        if caption is not None and self.options.header > 0:
            caption.draw(self.canvas, header_band(grid, self.options))
        self.finish_page()

    def back_page(self, grid: Grid, sheet: Sequence[Piece],
                  drawn: Component | None = None) -> None:
        used = grid.used(len(sheet))
        offset, duplex = self.options.back_offset, self.options.duplex
        backs = [(piece.back, mirror(used.trim(row, column), grid.paper, duplex, offset),
                  mirror(used.art(row, column), grid.paper, duplex, offset))
                 for piece, (row, column) in zip(sheet, used.slots(), strict=True)]
        self.start_page(grid.paper.width, grid.paper.height)
        self.set_boxes([rect for _, rect, _ in backs],
                       used.reach if used.butted else grid.component.bleed, grid.paper)
        for face, rect, art in backs:
            if face is not None:
                self.put(face, rect, grid.component, art if used.butted else None, drawn)
        if self.options.cut_lines:
            draw_cut_lines(self.canvas, grid.component, [rect for _, rect, _ in backs])
        if self.options.registration:
            points = [mirror(Rect(x, y, 0, 0), grid.paper, duplex, offset)
                      for x, y in registration_points(used, self.options)]
            draw_registration(self.canvas, [(p.x, p.y) for p in points])
        self.finish_page()

    def shop_pages(self, component: Component, pieces: Sequence[Piece]) -> None:
        """One page per face, its MediaBox the bleed box (and a slug for crop marks where
        the shop wants them), fronts and backs interleaved, the back first where the shop
        says so. When some pieces have backs, a piece without one gets a blank back so the
        pairs never slip. A piece drawn without bleed (cut on its hairline at home) gets the
        shop's bleed: its art is extended under it by mirroring the art along each cut,
        unless it draws its own (``own_bleed``, pieces cut along an outline)."""
        shop = self.options.shop
        drawn = component
        if shop is not None and (component.bleed > 0 or component.own_bleed):
            drawn = component = component.with_bleed(shop.bleed)
        bleed = shop.bleed if shop is not None else component.bleed
        slug = shop_slug(self.options) if shop is not None and shop.crop_marks else 0.0
        trim = Rect(bleed + slug, bleed + slug, component.width, component.height)
        width, height = component.width + 2 * (bleed + slug), component.height + 2 * (bleed + slug)
        with_backs = any(piece.back is not None for piece in pieces)
        for piece in pieces:
            faces: list[Face | None] = [piece.front, piece.back] if with_backs else [piece.front]
            if with_backs and shop is not None and shop.back_first:
                faces.reverse()
            for face in faces:
                self.start_page(width, height)
                self.canvas.setTrimBox(trim.box())
                self.canvas.setBleedBox(trim.grown(bleed).box())
                if face is not None:
                    self.place(face, trim, drawn)
                    if drawn.bleed < bleed:
                        self.mirror_edges(face, trim, drawn, bleed)
                if slug:
                    draw_shop_crop_marks(self.canvas, trim, bleed, self.options)
                self.finish_page()

    def mirror_edges(self, face: Face, trim: Rect, component: Component, bleed: float) -> None:
        """Extend art drawn without bleed into a bleed of ``bleed``: each strip beyond a cut
        shows the art beside the cut reflected in it (a corner, reflected in both), so the
        colour at every edge runs on past the cut, as a print shop's 'mirror edge' does."""
        c, w, h = self.canvas, component.width, component.height
        form = self.textless_form(face, component)
        for across, up in MIRRORS:
            c.saveState()
            strip = Rect(trim.x + (-bleed if across < 0 else w if across > 0 else 0.0),
                         trim.y + (-bleed if up < 0 else h if up > 0 else 0.0),
                         bleed if across else w, bleed if up else h)
            path = c.beginPath()
            path.rect(strip.x, strip.y, strip.width, strip.height)
            c.clipPath(path, stroke=0, fill=0)
            # Reflect about the cut: x -> 2 * edge - x, where the edge is the trim's side.
            c.transform(-1.0 if across else 1.0, 0.0, 0.0, -1.0 if up else 1.0,
                        2 * (trim.x + (w if across > 0 else 0.0)) if across else 0.0,
                        2 * (trim.y + (h if up > 0 else 0.0)) if up else 0.0)
            c.translate(trim.x, trim.y)
            c.doForm(form)
            c.restoreState()

    def textless_form(self, face: Face, component: Component) -> str:
        """``face`` drawn as a form without its text: what its mirrored edges show (text
        reflected into the bleed would be text outside the safe zone, if clipped)."""
        key = ("textless", face.key if face.key is not None else id(face),
               component.width, component.height, component.bleed)
        name = self.forms.get(key)
        if name is None:
            c = self.canvas
            name = self.forms[key] = f"face{len(self.forms)}"
            define_layers(c, face, component)
            c.beginForm(name, lowerx=0.0, lowery=0.0, upperx=component.width,
                        uppery=component.height)
            start = len(c._code)
            self.draw_clipped(face, component)
            c._code[start:] = [op for op in c._code[start:] if not is_text_object(op)]
            c.endForm()
        return name

    def duplex_sheet(self, sheet: Sequence[Piece]) -> bool:
        return self.options.registration and any(piece.back is not None for piece in sheet)

    def set_boxes(self, trims: Sequence[Rect], bleed: float | Sequence[Rect],
                  paper: Paper) -> None:
        """TrimBox around the pieces' trims, BleedBox around their bleed (kept on the page):
        the trims grown by ``bleed``, or around the art of each block (a shared sheet's
        blocks each run their art their own way past their cuts)."""
        trim = bounding(trims)
        grown = trim.grown(bleed) if isinstance(bleed, (int, float)) else bounding(bleed)
        x0, y0 = max(0.0, grown.x), max(0.0, grown.y)
        x1, y1 = min(paper.width, grown.right), min(paper.height, grown.top)
        self.canvas.setTrimBox(trim.box())
        self.canvas.setBleedBox((x0, y0, x1, y1))

    def start_page(self, width: float, height: float) -> None:
        self.canvas.setPageSize((width, height))
        self.page_size = (width, height)

    def finish_page(self) -> None:
        self.canvas.showPage()
        self.pages += 1

    def place(self, face: Face, trim: Rect, component: Component,
              art: Rect | None = None) -> None:
        """Draw ``face`` with its trim at ``trim``, clipped to its bleed box, or to ``art``
        (a butted piece's art stops at the cuts it shares)."""
        c = self.canvas
        define_layers(c, face, component)
        c.saveState()
        if art is not None:
            path = c.beginPath()
            path.rect(art.x, art.y, art.width, art.height)
            c.clipPath(path, stroke=0, fill=0)
        c.translate(trim.x, trim.y)
        key = face.key
        if key is None:
            self.draw_clipped(face, component)
        else:
            form_key = (key, component.width, component.height, component.bleed)
            name = self.forms.get(form_key)
            if name is None:
                name = f"face{len(self.forms)}"  # unique within this canvas's namespace
                self.forms[form_key] = name
                bleed = component.bleed
                c.beginForm(name, lowerx=-bleed, lowery=-bleed,
                            upperx=component.width + bleed, uppery=component.height + bleed)
                self.draw_clipped(face, component)
                c.endForm()
            c.doForm(name)
        c.restoreState()

    def draw_clipped(self, face: Face, component: Component) -> None:
        c = self.canvas
        c.saveState()
        bleed = component.bleed
        path = c.beginPath()
        path.rect(-bleed, -bleed, component.width + 2 * bleed, component.height + 2 * bleed)
        c.clipPath(path, stroke=0, fill=0)
        # The trim the face is drawn to: where its text keeps inside the safe zone.
        c.face_size = (component.width, component.height)
        face.draw(c, component.width, component.height, bleed)
        c.face_size = None
        c.restoreState()


Batch = tuple[Component, Sequence[Piece], SheetOptions]


def shop_sheets(options: SheetOptions) -> bool:
    """Whether these are a print shop's packed sheets (``sheets: packed`` in its profile)
    rather than a face a page."""
    return options.shop is not None and options.shop.packed


def sheet_geometry(component: Component, options: SheetOptions
                   ) -> tuple[Component, SheetOptions, Component]:
    """The component and options pieces are laid out with, and the component their faces
    are drawn with. On a print shop's packed sheets every piece keeps the shop's whole
    bleed (none are butted: the bleeds meet between neighbours) and crop marks in line with
    every cut, outside every bleed; no cut line or registration target is printed. A piece
    drawn without bleed keeps its own drawing and gets the bleed by mirrored edges."""
    shop = options.shop
    if shop is None or not shop.packed:
        return component, options, component
    sized = component.with_bleed(shop.bleed)
    drawn = sized if component.bleed > 0 or component.own_bleed else component
    return sized, replace(options, butted=False, cut_lines=False, crop_marks=True,
                          mark_style="short", registration=False), drawn


def sheets_writer(title: str, paper: Paper, cmyk: bool, batches: Sequence[Batch]
                  ) -> Callable[[Path], PdfInfo]:
    """A function writing ``batches`` into one PDF, each imposed on sheets of its own.

    Every game's card and sheet files are written this way. The manifest records the first
    imposed batch's page size (the paper's, or each piece's bleed box for a print shop).
    """
    def write(path: Path) -> PdfInfo:
        from generator.paper.pdf import finish, new_canvas  # pdf registers fonts: only when writing

        shop = next((options.shop for _, _, options in batches if options.shop), None)
        canvas = new_canvas(path, title, paper, cmyk, shop=shop)
        pages, size = 0, None
        for component, pieces, options in batches:
            if not pieces:
                continue
            writer = SheetWriter(canvas, options)
            writer.impose(component, pieces)
            pages += writer.pages
            size = size or writer.page_size
        return finish(canvas, pages, Paper("page", *size) if size else paper)
    return write


def art_reach(trim: Rect, art: Rect) -> float:
    """How far ``art`` runs past ``trim`` on its widest side: the bleed a butted piece is
    drawn with, so its drawing (which a preflight reads, clip or not) stops where it shows."""
    return max(0.0, trim.x - art.x, trim.y - art.y, art.right - trim.right, art.top - trim.top)
