"""Previews: each component face as a PNG, and decks as Tabletop Simulator deck sheets.

A preview is what a piece looks like once cut: the face is drawn into a one-page PDF the size
of its trim (the same drawing code as the print sheets, so what you see is what prints) and
rasterised with PDFium at the chosen dpi. Tabletop Simulator imports a deck as one image of
up to 10 x 7 cards, cut into the grid the user types (each sheet's grid is in the manifest),
plus a back image: a deck whose cards share one back gets a single back image; one whose
backs differ (dual and special cards) gets a back sheet laid out like the faces, for TTS's
"unique backs" option. Files are written only for distinct faces.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from generator.errors import UsageError
from generator.input.names import slug
from generator.paper.imposition import Component, Face, Piece, SheetOptions, SheetWriter
from generator.paper.output import BuildContext, Output
from generator.paper.pdf import PdfInfo, new_canvas
from generator.paper.units import Paper

TTS_COLUMNS, TTS_ROWS = 10, 7
TTS_CAPACITY = TTS_COLUMNS * TTS_ROWS


def render_face(face: Face, component: Component, dpi: int) -> Image.Image:
    """The face as it looks after cutting (trim only), ``dpi`` pixels per inch."""
    try:
        import pypdfium2 as pdfium
    except ImportError as exc:  # pragma: no cover - a dependency, but say so plainly
        raise UsageError("--png needs pypdfium2: pip install pypdfium2") from exc
    trim_only = Component(component.width, component.height, 0.0, component.shape,
                          component.corner_radius)
    buffer = io.BytesIO()
    paper = Paper("preview", component.width, component.height)
    canvas = new_canvas(buffer, "preview", paper)
    writer = SheetWriter(canvas, SheetOptions(paper, print_shop=True))
    writer.impose(trim_only, [Piece(face)])
    canvas.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    try:
        image: Image.Image = document[0].render(scale=dpi / 72.0).to_pil().convert("RGB")
    finally:
        document.close()
    return image


def save_png(image: Image.Image, path: Path, dpi: int) -> PdfInfo:
    """Write a PNG (with its dpi recorded) and report it as the manifest wants."""
    image.save(path, format="PNG", dpi=(dpi, dpi), optimize=False)
    width_mm = round(image.width / dpi * 25.4, 2)
    height_mm = round(image.height / dpi * 25.4, 2)
    return PdfInfo(1, (width_mm, height_mm))


@dataclass(frozen=True)
class PreviewDeck:
    """A named group of pieces previewed together (one vehicle's cards)."""

    name: str
    pieces: Sequence[Piece]


class FaceImages:
    """Renders each distinct face once per build, at one dpi."""

    def __init__(self, component: Component, dpi: int) -> None:
        self.component, self.dpi = component, dpi
        self.cache: dict[Hashable, Image.Image] = {}

    def image(self, face: Face) -> Image.Image:
        key = face.key if face.key is not None else id(face)
        found = self.cache.get(key)
        if found is None:
            found = render_face(face, self.component, self.dpi)
            self.cache[key] = found
        return found


def piece_outputs(folder: str, game: str, kind: str, decks: Sequence[PreviewDeck],
                  images: FaceImages, dpi: int) -> list[Output]:
    """A PNG per distinct face: ``<folder>/<deck>/<nn>-<label>-front.png`` (and -back)."""
    outputs = []
    for deck in decks:
        seen: set[Hashable] = set()
        for number, piece in enumerate(deck.pieces, start=1):
            for side, face in (("front", piece.front), ("back", piece.back)):
                if face is None or (face.key is not None and face.key in seen):
                    continue
                seen.add(face.key)
                name = f"{folder}/{slug(deck.name)}/{number:02d}-{slug(piece.label)}-{side}.png"
                outputs.append(Output(name, game, kind, [deck.name],
                                      _png_writer(images, face, dpi)))
    return outputs


def _png_writer(images: FaceImages, face: Face, dpi: int) -> Callable[[Path], PdfInfo]:
    def write(path: Path) -> PdfInfo:
        return save_png(images.image(face), path, dpi)
    return write


def tts_grid(cards: int) -> tuple[int, int]:
    """The grid (columns, rows) a sheet of ``cards`` is laid out on, as typed into Tabletop
    Simulator's deck import: up to 10 across, then as many rows as needed, at least 2 x 2
    (the smallest grid TTS takes). TTS cuts the image into exactly this grid, so the sheet
    is this grid's size even where its last row is part empty."""
    columns = min(TTS_COLUMNS, max(2, cards))
    rows = max(2, -(-cards // columns))
    return columns, rows


def tts_sheet(faces: Sequence[Image.Image]) -> Image.Image:
    """Up to 70 equal images on the grid :func:`tts_grid` names, row by row from the top
    left, the unused cells white."""
    width, height = faces[0].size
    columns, rows = tts_grid(len(faces))
    sheet = Image.new("RGB", (columns * width, rows * height), "white")
    for index, image in enumerate(faces):
        row, column = divmod(index, columns)
        sheet.paste(image, (column * width, row * height))
    return sheet


def tts_outputs(folder: str, game: str, decks: Sequence[PreviewDeck], images: FaceImages,
                dpi: int) -> list[Output]:
    """For each deck, face sheets of up to 70 cards and a back image (or back sheets)."""
    outputs = []
    for deck in decks:
        pieces = list(deck.pieces)
        backs = [piece.back or piece.front for piece in pieces]
        shared_back = len({face.key for face in backs}) == 1 and backs[0].key is not None
        for part, start in enumerate(range(0, len(pieces), TTS_CAPACITY), start=1):
            chunk = pieces[start:start + TTS_CAPACITY]
            suffix = f"-{part}" if len(pieces) > TTS_CAPACITY else ""
            base = f"{folder}/{slug(deck.name)}{suffix}"
            outputs.append(Output(f"{base}-faces.png", game, "tts-deck", [deck.name],
                                  _sheet_writer(images, [p.front for p in chunk], dpi),
                                  notes=tts_notes(len(chunk))))
            if not shared_back:
                chunk_backs = [p.back or p.front for p in chunk]
                outputs.append(Output(f"{base}-backs.png", game, "tts-deck", [deck.name],
                                      _sheet_writer(images, chunk_backs, dpi),
                                      notes=tts_notes(len(chunk))))
        if shared_back:
            outputs.append(Output(f"{folder}/{slug(deck.name)}-back.png", game, "tts-deck",
                                  [deck.name], _png_writer(images, backs[0], dpi)))
    return outputs


def tts_notes(cards: int) -> dict[str, str]:
    """What the manifest says of a deck sheet: its cards and the grid to type into TTS."""
    columns, rows = tts_grid(cards)
    return {"cards": str(cards), "grid": f"{columns}x{rows}"}


def _sheet_writer(images: FaceImages, faces: Sequence[Face], dpi: int
                  ) -> Callable[[Path], PdfInfo]:
    def write(path: Path) -> PdfInfo:
        return save_png(tts_sheet([images.image(face) for face in faces]), path, dpi)
    return write


def preview_outputs(game: str, kind: str, component: Component, decks: Sequence[PreviewDeck],
                    context: BuildContext, tts: bool = False) -> list[Output]:
    """Every preview a build with ``--png`` writes for these decks."""
    if not context.printing.png:
        return []
    dpi = context.printing.dpi
    images = FaceImages(component, dpi)
    outputs = piece_outputs(f"{game}/png/{kind}", game, f"{kind}-preview", decks, images, dpi)
    if tts:
        outputs += tts_outputs(f"{game}/tts", game, decks, images, dpi)
    return outputs
