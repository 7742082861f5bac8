"""Track tokens: what a race on a track needs besides its tiles, printed with imposition.

Joyride (Shared Components): the starting line and numbered checkpoint pairs (a normal side
and an item side, so they print double-sided), obstacles of one to three hexes, item
pick-ups (the item on one side, a plain back for lying face-down), the initiative track and
damage tokens. Frothy Races: markers for fragile obstacles, which a vehicle smashing
through removes, and spare debris for wrecks.

Counts come from ``tokens.yaml``; the words on tokens and in the layout page's list come
from ``templates/tracks/tokens-base.j2``. Every front page carries the sheet's title, the
actual-size notice and the 50 mm bar in the header band imposition keeps above the pieces.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

from reportlab.lib.colors import black, white
from reportlab.pdfgen.canvas import Canvas

from generator.keep.data_yaml import read_data
from generator.paper.drawing import FittedText, colour, draw_line
from generator.paper.icons import IconSet
from generator.paper.imposition import Component, Piece, Rect, SheetOptions, SheetWriter
from generator.paper.layout import SAFE_SLACK, cut_guides, safe_zone
from generator.paper.output import BuildContext
from generator.paper.pieces import bleed_box, bleed_outline
from generator.paper.units import mm
from generator.text.blocks import Blocks
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates, plain
from generator.tracks.game import TrackGame
from generator.tracks.hexgrid import Hex, HexLayout, Orientation, Point
from generator.tracks.layout import components
from generator.tracks.model import Track
from generator.tracks.sheets import CONTENT_W, Furniture, fitted, plan_furniture, track_text
from generator.tracks.terrain import CHECKPOINT, FILLS, ITEM_CHECKPOINT, draw_chequer, hex_path

TEMPLATE = "tracks/tokens.j2"
CAPTION_HEIGHT = mm(17)
# White pieces cut on their hairline at home; for a print shop they draw their white into
# the bleed themselves (own_bleed) rather than have their edges mirrored into it.
DAMAGE = Component(mm(14), mm(14), bleed=0.0, own_bleed=True)
GUTTER = mm(3)
DAMAGE_RED = colour("#b3261e")


@lru_cache(maxsize=1)
def token_counts() -> dict[str, dict[str, int]]:
    """The per-game numbers from ``tokens.yaml``."""
    raw: dict[str, dict[str, int]] = read_data(Path(__file__).with_name("tokens.yaml"))
    return raw


@dataclass(frozen=True)
class TokenCount:
    """One line of the layout page's 'tokens required' list."""

    count: int
    label: str


TOKEN_FILLS = {"start": white, "checkpoint": CHECKPOINT, "item-checkpoint": ITEM_CHECKPOINT,
               "obstacle": FILLS["barrier"], "fragile": FILLS["track"], "item": white,
               "item-back": FILLS["special"]}


@dataclass(frozen=True)
class HexFace:
    """A hex-shaped token side: a fill, then its contents, then the cut line round it.
    ``kind`` is one of TOKEN_FILLS; ``number`` a checkpoint's, ``text`` an item's name."""

    orientation: Orientation
    kind: str
    number: int | None = None
    text: FittedText | None = field(default=None, compare=False)
    name: str = ""
    icons: IconSet | None = field(default=None, compare=False)

    @property
    def key(self) -> Hashable:
        return ("hex", self.orientation, self.kind, self.number, self.name)

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None:
        # The component is the hex's bounding box: pointy hexes are as wide as their
        # size across the flats, flat ones as tall.
        across = width if self.orientation == "pointy" else height
        geometry = HexLayout(self.orientation, across)
        centre = (width / 2, height / 2)
        corners = [(centre[0] + dx, centre[1] + dy) for dx, dy in geometry.corner_offsets()]
        canvas.setFillColor(TOKEN_FILLS[self.kind])
        if bleed > 0:  # a print shop's bleed: the token's colour runs on past the cut
            canvas.drawPath(hex_path(canvas, bleed_outline(corners, bleed, width, height)),
                            stroke=0, fill=1)
        canvas.drawPath(hex_path(canvas, corners), stroke=0, fill=1)
        self.paint(canvas, centre, across, corners, bleed)
        if cut_guides(canvas):
            canvas.setStrokeColor(black)
            canvas.setLineWidth(0.6)
            canvas.drawPath(hex_path(canvas, corners), stroke=1, fill=0)

    def paint(self, canvas: Canvas, centre: Point, size: float, corners: list[Point],
              bleed: float = 0.0) -> None:
        icons = self.icons or IconSet()
        x, y = centre
        if self.kind == "start":
            draw_chequer(canvas, corners, centre, size, bleed,  # the face is centred on the hex
                         bleed_box(2 * x, 2 * y, bleed))
            icons["arrow"].draw(canvas, x - size * 0.2, y - size * 0.2, size * 0.4, white)
        elif self.kind in ("checkpoint", "item-checkpoint"):
            icons["arrow"].draw(canvas, x - size * 0.12, y + size * 0.12, size * 0.24, black)
            canvas.setFillColor(black)
            draw_line(canvas, str(self.number), x, y - size * 0.16, size * 0.34, BOLD, "centre")
            if self.kind == "item-checkpoint":
                icons["item"].draw(canvas, x + size * 0.16, y - size * 0.3, size * 0.2, black)
        elif self.kind == "obstacle":
            icons["solid"].draw(canvas, x - size * 0.3, y - size * 0.3, size * 0.6, white)
        elif self.kind == "fragile":
            icons["fragile"].draw(canvas, x - size * 0.3, y - size * 0.3, size * 0.6, black)
        elif self.kind == "item" and self.text is not None:
            self.text.draw(canvas, x - size * 0.38, y + self.text.height / 2)
        elif self.kind == "item-back":
            icons["item"].draw(canvas, x - size * 0.25, y - size * 0.25, size * 0.5, black)


@dataclass(frozen=True)
class ObstacleFace:
    """A two- or three-hex obstacle token: barrier hexes with one outline round them all."""

    orientation: Orientation
    hexes: tuple[Hex, ...]
    across: float
    icons: IconSet | None = field(default=None, compare=False)

    @property
    def key(self) -> Hashable:
        return ("obstacle", self.orientation, self.hexes)

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None:
        geometry = HexLayout(self.orientation, self.across)
        left, bottom, right, top = geometry.bounds(self.hexes)
        dx = (width - (right - left)) / 2 - left
        dy = (height - (top - bottom)) / 2 - bottom
        icons = self.icons or IconSet()
        for hex_ in self.hexes:
            cx, cy = geometry.centre(hex_)
            corners = [(x + dx, y + dy) for x, y in geometry.corners(hex_)]
            canvas.setFillColor(FILLS["barrier"])
            if bleed > 0:
                canvas.drawPath(hex_path(canvas, bleed_outline(corners, bleed, width, height)),
                                stroke=0, fill=1)
            canvas.drawPath(hex_path(canvas, corners), stroke=0, fill=1)
            size = self.across * 0.55
            icons["solid"].draw(canvas, cx + dx - size / 2, cy + dy - size / 2, size, white)
        if not cut_guides(canvas):
            return
        canvas.setStrokeColor(black)
        canvas.setLineWidth(0.6)
        members = set(self.hexes)
        for hex_ in self.hexes:
            for direction in range(6):
                if hex_.neighbour(direction) not in members:
                    (x1, y1), (x2, y2) = geometry.edge(hex_, direction)
                    canvas.line(x1 + dx, y1 + dy, x2 + dx, y2 + dy)


def _white_bleed(canvas: Canvas, width: float, height: float, bleed: float) -> None:
    """A print shop's bleed in the face's white (the fill colour set), so nothing of the
    face need be reflected into it."""
    if bleed > 0:
        canvas.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)


@dataclass(frozen=True)
class DamageFace:
    """A damage token for a Joyride dashboard slot."""

    icons: IconSet | None = field(default=None, compare=False)

    @property
    def key(self) -> Hashable:
        return ("damage",)

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None:
        canvas.setFillColor(white)
        canvas.setStrokeColor(black)
        canvas.setLineWidth(0.6)
        _white_bleed(canvas, width, height, bleed)
        canvas.roundRect(0, 0, width, height, mm(2), stroke=int(cut_guides(canvas)), fill=1)
        # 15% in from the cut at home; in a print shop, out of its safe zone.
        inset = max(width * 0.15, safe_zone(canvas) + mm(SAFE_SLACK))
        (self.icons or IconSet())["damage"].draw(canvas, inset, inset, width - 2 * inset,
                                                 DAMAGE_RED)


@dataclass(frozen=True)
class InitiativeFace:
    """The initiative track: a column of spaces, the top one first."""

    spaces: int
    title: FittedText = field(compare=False)
    icons: IconSet | None = field(default=None, compare=False)

    @property
    def key(self) -> Hashable:
        return ("initiative", self.spaces)

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None:
        canvas.setStrokeColor(black)
        canvas.setLineWidth(0.6)
        canvas.setFillColor(white)
        _white_bleed(canvas, width, height, bleed)
        canvas.rect(0, 0, width, height, stroke=int(cut_guides(canvas)), fill=1)
        head = mm(16)
        # In a print shop the icon, the spaces' sides and the last space's foot keep out
        # of the safe zone: the icon made smaller, the spaces a little narrower and shorter.
        inset = safe_zone(canvas) + mm(SAFE_SLACK) if safe_zone(canvas) > 0 else 0.0
        icon = min(mm(8), mm(9.5) - inset)
        (self.icons or IconSet())["initiative"].draw(canvas, width / 2 - icon / 2,
                                                     height - mm(9.5), icon, black)
        self.title.draw(canvas, mm(2), height - mm(10))
        side, foot = max(mm(3), inset), max(0.0, inset - mm(1.5))
        space = (height - head - foot) / self.spaces
        for index in range(self.spaces):
            top = height - head - index * space
            canvas.rect(side, top - space + mm(1.5), width - 2 * side, space - mm(3),
                        stroke=1, fill=0)
            canvas.setFillColor(black)
            draw_line(canvas, str(index + 1), mm(5), top - space / 2 - 3, 9, BOLD)


@dataclass(frozen=True)
class NoticeCaption:
    """The sheet's title, the actual-size notice and the 50 mm bar, in the header band that
    imposition keeps free above the pieces (front pages only: backs stay bare)."""

    furniture: Furniture

    def draw(self, canvas: Canvas, band: Rect) -> None:
        self.furniture.draw_at(canvas, band.x + (band.width - CONTENT_W) / 2, band.top)


@dataclass(frozen=True)
class TokenPlan:
    """A track's tokens: groups to impose (one component each), and the layout page list."""

    groups: tuple[tuple[Component, tuple[Piece, ...]], ...]
    counts: tuple[TokenCount, ...]
    furniture: Furniture | None


def plan_tokens(track: Track, game: TrackGame, templates: TextTemplates,
                icons: IconSet | None = None, pickups: bool = True) -> TokenPlan:
    """Every token the track needs, laid out and with its text fitted. With ``pickups``
    False the item pick-ups are still counted as required but not printed: the build prints
    them with the item set."""
    if game.token_set == "joyride":
        return _joyride(track, templates, icons, pickups)
    if game.token_set == "frothy":
        return _frothy(track, templates, icons)
    return TokenPlan((), (), None)


def _hex_component(track: Track) -> Component:
    geometry = HexLayout(track.orientation, track.hex_size)
    half_w, half_h = geometry.half_extent
    return Component(2 * half_w, 2 * half_h, bleed=0.0, own_bleed=True)


def _blocks(templates: TextTemplates, track: Track, game: str, **extra: Any) -> dict[str, str]:
    """The token template's blocks (markup) for ``track``; extra names fill a list entry."""
    context = {"track": track, "game": game, "number": 0, "item": "", "size": 0, **extra}
    return templates.blocks(TEMPLATE, context)


def _words(templates: TextTemplates, track: Track, game: str, **extra: Any) -> dict[str, str]:
    """The same blocks as plain text, for the layout page's list of tokens."""
    blocks = _blocks(templates, track, game, **extra)
    words = {k: plain(v).strip() for k, v in blocks.items()}
    return Blocks(words, blocks.origin) if isinstance(blocks, Blocks) else words


def _furniture(templates: TextTemplates, track: Track, game: str) -> Furniture:
    sheet = track_text(templates, track)
    return plan_furniture(_blocks(templates, track, game)["sheet_title"],
                          sheet["actual_size"], sheet["check_bar"], None)


def _joyride(track: Track, templates: TextTemplates, icons: IconSet | None,
             pickups: bool = True) -> TokenPlan:
    numbers = token_counts()["joyride"]
    layout, per_line = track.layout, numbers["per_line"]
    hexes: list[Piece] = []
    counts: list[TokenCount] = []
    words = _words(templates, track, "Joyride")
    if layout.finish():
        hexes += [Piece(HexFace(track.orientation, "start", icons=icons))] * per_line
        counts.append(TokenCount(per_line, words["start_line"]))
    items = layout.item_checkpoints()
    for number in layout.checkpoints():
        front = HexFace(track.orientation, "checkpoint", number, icons=icons)
        back = HexFace(track.orientation, "item-checkpoint", number, icons=icons)
        hexes += [Piece(front, back, label=f"checkpoint {number}")] * per_line
        counts.append(TokenCount(per_line, _words(templates, track, "Joyride", number=number,
                                                  item=number in items)["checkpoint_tokens"]))
    pieces = obstacle_pieces(track, numbers["largest_obstacle"])
    sizes: dict[int, int] = {}
    for piece in pieces:
        sizes[len(piece)] = sizes.get(len(piece), 0) + 1
    for size, count in sorted(sizes.items()):
        counts.append(TokenCount(count, _words(templates, track, "Joyride",
                                               size=size)["obstacle_tokens"]))
    hexes += [Piece(HexFace(track.orientation, "obstacle", icons=icons))
              for piece in pieces if len(piece) == 1]
    component = _hex_component(track)
    for item in track.items:
        text = fitted(f"<b>{escape(item)}</b>", component.width * 0.76,
                      component.height * 0.45, 11, f"item '{item}'", align="centre")
        front = HexFace(track.orientation, "item", text=text, name=item, icons=icons)
        back = HexFace(track.orientation, "item-back", icons=icons)
        if pickups:
            hexes += [Piece(front, back, label=item)] * numbers["pickups_per_item"]
        counts.append(TokenCount(numbers["pickups_per_item"], _words(
            templates, track, "Joyride", item=item)["item_tokens"]))
    groups: list[tuple[Component, tuple[Piece, ...]]] = [(component, tuple(hexes))]
    multi = [p for p in pieces if len(p) > 1]
    if multi:
        geometry = HexLayout(track.orientation, track.hex_size)
        shapes = [tuple(sorted(p)) for p in multi]
        boxes = [geometry.bounds(s) for s in shapes]
        width = max(r - left for left, _, r, _ in boxes)
        height = max(t - b for _, b, _, t in boxes)
        groups.append((Component(width, height, bleed=0.0, own_bleed=True), tuple(
            Piece(ObstacleFace(track.orientation, s, track.hex_size, icons)) for s in shapes)))
    players = track.players.high
    title = fitted(_blocks(templates, track, "Joyride")["initiative"], mm(26), mm(5), 9,
                   "the initiative track title", align="centre")
    groups.append((Component(mm(30), mm(16) + players * mm(18), bleed=0.0, own_bleed=True),
                   (Piece(InitiativeFace(players, title, icons)),)))
    counts.append(TokenCount(1, words["initiative_track"]))
    damage = numbers["damage_per_player"] * players
    groups.append((DAMAGE, tuple([Piece(DamageFace(icons))] * damage)))
    counts.append(TokenCount(damage, words["damage_tokens"]))
    return TokenPlan(tuple(groups), tuple(counts), _furniture(templates, track, "Joyride"))


def _frothy(track: Track, templates: TextTemplates, icons: IconSet | None) -> TokenPlan:
    spare = token_counts()["frothy"]["spare_debris_per_player"] * track.players.high
    fragile = sum(c.symbol.fragile_markers for c in track.layout.ordered())
    words = _words(templates, track, "Frothy Races")
    counts = [TokenCount(fragile, words["fragile_tokens"])] if fragile else []
    counts.append(TokenCount(spare, words["debris_tokens"]))
    face = HexFace(track.orientation, "fragile", icons=icons)
    pieces = tuple([Piece(face)] * (fragile + spare))
    return TokenPlan(((_hex_component(track), pieces),), tuple(counts),
                     _furniture(templates, track, "Frothy Races"))


def obstacle_pieces(track: Track, largest: int) -> list[list[Hex]]:
    """The track's solid obstacles cut into tokens of at most ``largest`` joined hexes,
    taken in reading order from each group."""
    solid = frozenset(track.layout.with_terrain("solid"))
    pieces = []
    for group in components(track.layout.with_terrain("solid"), solid):
        left = set(group)
        while left:
            first = min(left, key=lambda h: (h.r, h.q))
            piece, frontier = [first], [first]
            left.discard(first)
            while frontier and len(piece) < largest:
                here = frontier.pop(0)
                for there in sorted(here.neighbour(d) for d in range(6)):
                    if there in left and len(piece) < largest:
                        left.discard(there)
                        piece.append(there)
                        frontier.append(there)
            pieces.append(piece)
    return pieces


def write_tokens(canvas: Canvas, plan: TokenPlan, options: SheetOptions) -> SheetWriter:
    """Impose every group of tokens, each front page captioned; returns the writer (its page
    count and page size go to the manifest)."""
    assert plan.furniture is not None
    writer = SheetWriter(canvas, options)
    caption = NoticeCaption(plan.furniture)
    for component, pieces in plan.groups:
        if pieces:
            writer.impose(component, pieces, caption)
    return writer


def token_options(context: BuildContext) -> SheetOptions:
    """The build's sheet options, with a gutter to cut round hex tokens and a header band."""
    return context.sheet_options(gutter=GUTTER, header=CAPTION_HEIGHT)
