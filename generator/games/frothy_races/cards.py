"""The Frothy Races Whip & Reins cards: one deck per vehicle, and a generic deck.

Counts come from the vehicle's licence (``cards``). Whip faces are green and Reins faces red,
as the guide says. A Whip or Reins card shows the same face on both sides (the guide: only
cards usable as either have "a different icon on each side"), so it reads right whichever
way up it is picked up; a dual card is Whip on the front and Reins on the back; a special
card carries its ability on the front and its ordinary Whip or Reins face on the back, with
its '#' value filled in and whether it is discarded after use. Every face names the vehicle
so decks do not get mixed, and carries a short summary of how the card is played.

Text comes from template blocks (``templates/frothy-races/cards-base.j2``), rendered once per
distinct face; each face is laid out (text fitted, 6 pt at the least) before anything is
drawn, and identical faces are drawn once per file.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from generator.games.frothy_races.catalogues import FrothyData, resolve, special_face
from generator.games.frothy_races.model import SpecialCard, Vehicle
from generator.keep.data_yaml import read_data
from generator.paper.colour import canvas_inks, under_light_text
from generator.paper.drawing import FittedText, colour, draw_line, fit_line_size, fit_paragraph, mix
from generator.paper.icons import IconSet
from generator.paper.imposition import Component, Layer, Piece, use_layer
from generator.paper.units import mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "frothy-races/cards.j2"
GENERIC_DECK = Path(__file__).with_name("data") / "generic_deck.yaml"
FaceKind = Literal["whip", "reins", "special"]
SpecialType = Literal["whip", "reins", "either"]

FACE_COLOURS = {"whip": "#2f7a2e", "reins": "#b3261e", "either": "#8c6a12"}
PANEL = "#fbf8f1"
INK = "#1d1d1b"
SAFE = mm(3.5)          # text and icons stay this far inside the trim
HEADER, FOOTER = 0.18, 0.085   # bands, as fractions of the card's height
PAD = mm(2.0)


@dataclass(frozen=True)
class SpecialText:
    """What a special card's ability face needs: the catalogue entry resolved."""

    label: str
    text: str
    type: SpecialType
    face: str
    discard: bool


@dataclass(frozen=True)
class TraitNote:
    """A trait the vehicle has that changes how its Whip or Reins cards play."""

    label: str
    summary: str


@dataclass(frozen=True)
class FaceSpec:
    """Everything one card face shows, before layout: equal specs print identically."""

    face: FaceKind
    vehicle: str | None
    special: SpecialText | None = None
    notes: tuple[TraitNote, ...] = ()
    # A dual card's other side ('whip' or 'reins'): the face says it may be used as either.
    other: FaceKind | None = None

    @property
    def colour_name(self) -> str:
        return self.special.type if self.special is not None else self.face

    def describe(self) -> str:
        owner = self.vehicle or "generic deck"
        what = self.special.label if self.special is not None else self.face.capitalize()
        return f"{owner}: {what} card"


@dataclass(frozen=True)
class Deck:
    """One player's cards: front and back spec of each card, in print order."""

    vehicle: str | None
    cards: tuple[tuple[FaceSpec, FaceSpec], ...]

    @property
    def name(self) -> str:
        return self.vehicle or "Generic"


# --- what each vehicle's deck holds ------------------------------------------------------

def special_text(card: SpecialCard, data: FrothyData) -> SpecialText:
    """A special card's ability, resolved against the catalogue ('#' filled in)."""
    entry = None if card.custom else data.special_cards.find(card.name)
    resolved = resolve(card, data.special_cards)
    face = special_face(card, entry) or "whip"
    kind = str(entry.extra.get("type", face)) if entry is not None else face
    special_type: SpecialType = kind if kind in ("whip", "reins", "either") else "either"  # type: ignore[assignment]
    return SpecialText(resolved.label, resolved.text or resolved.summary, special_type, face,
                       card.discard)


def trait_notes(vehicle: Vehicle, data: FrothyData, face: str) -> tuple[TraitNote, ...]:
    """Traits marked in the catalogue to be noted on this vehicle's ``face`` cards."""
    notes = []
    for trait in vehicle.traits:
        entry = None if trait.custom else data.traits.find(trait.name)
        if entry is not None and entry.extra.get("card_note") == face:
            resolved = resolve(trait, data.traits)
            notes.append(TraitNote(resolved.label, resolved.summary))
    return tuple(notes)


def vehicle_deck(vehicle: Vehicle, data: FrothyData) -> Deck:
    """The vehicle's cards in the numbers its licence gives."""
    whip = FaceSpec("whip", vehicle.name, notes=trait_notes(vehicle, data, "whip"))
    reins = FaceSpec("reins", vehicle.name, notes=trait_notes(vehicle, data, "reins"))
    ordinary = {"whip": whip, "reins": reins}
    cards: list[tuple[FaceSpec, FaceSpec]] = []
    cards += [(whip, whip)] * vehicle.cards.whip
    cards += [(reins, reins)] * vehicle.cards.reins
    cards += [dual_faces(whip, reins)] * vehicle.cards.dual
    for card in vehicle.cards.special:
        text = special_text(card, data)
        front = FaceSpec("special", vehicle.name, text)
        cards += [(front, ordinary[text.face])] * card.count
    return Deck(vehicle.name, tuple(cards))


def dual_faces(whip: FaceSpec, reins: FaceSpec) -> tuple[FaceSpec, FaceSpec]:
    """A dual card: Whip on the front and Reins on the back, each face naming the other so
    that a player sees the card may be used as either (Driving License Example)."""
    return replace(whip, other="reins"), replace(reins, other="whip")


@lru_cache(maxsize=1)
def generic_counts() -> dict[str, int]:
    """How many Whip and Reins cards the generic deck has (data, with its reasoning)."""
    raw = read_data(GENERIC_DECK)
    return {"whip": int(raw["whip"]), "reins": int(raw["reins"])}


def generic_deck(after: int = 0, per_sheet: int = 0) -> Deck:
    """Whip and Reins cards with no vehicle name, for anyone's use. Printed after ``after``
    other cards at ``per_sheet`` a sheet, it grows (a Whip, then a Reins, in turn) until the
    last sheet is full: spare generic cards are useful at the table, and a last sheet
    holding a lone card wastes a sheet of card stock for it."""
    counts = generic_counts()
    whip_count, reins_count = counts["whip"], counts["reins"]
    if per_sheet > 0:
        spare = -(after + whip_count + reins_count) % per_sheet
        whip_count += (spare + 1) // 2
        reins_count += spare // 2
    whip, reins = FaceSpec("whip", None), FaceSpec("reins", None)
    return Deck(None, ((whip, whip),) * whip_count + ((reins, reins),) * reins_count)


# --- layout -------------------------------------------------------------------------------

@dataclass(frozen=True)
class CardText:
    """The rendered blocks of one face."""

    title: str
    subtitle: str
    rules: str
    status: str
    footer: str


def render_face_text(spec: FaceSpec, templates: TextTemplates) -> CardText:
    """Render the card template's blocks for one face."""
    blocks = templates.blocks(TEMPLATE, {"face": spec.face, "vehicle": spec.vehicle,
                                         "special": spec.special, "notes": list(spec.notes),
                                         "other": spec.other})
    return CardText(*(blocks[name].strip() for name in
                      ("title", "subtitle", "rules", "status", "footer")))


@dataclass(frozen=True)
class ArtLayout:
    """The part of a face every deck shares (all but the vehicle's name), text fitted."""

    spec: FaceSpec
    title: FittedText
    subtitle: FittedText | None
    rules: FittedText
    status: FittedText | None


@dataclass(frozen=True)
class CardLayout:
    """A face ready to draw: the shared art and the name line fitted below it."""

    spec: FaceSpec
    art: ArtLayout
    footer_text: str
    footer_size: float


@dataclass
class CardProblem:
    """A part of a face whose text cannot be printed at 6 pt or more."""

    spec: FaceSpec
    part: str


@dataclass
class CardBoxes:
    """The text boxes of a face, in points from the trim's lower-left corner."""

    width: float
    height: float
    header: float = field(init=False)
    footer: float = field(init=False)

    def __post_init__(self) -> None:
        self.header = self.height * HEADER
        self.footer = self.height * FOOTER

    @property
    def icon(self) -> float:
        return self.header - 2 * mm(1.5)

    @property
    def title_width(self) -> float:
        return self.width - 2 * SAFE - self.icon - mm(2)

    @property
    def panel(self) -> tuple[float, float, float, float]:
        """x, y, width, height of the text panel."""
        top = self.height - SAFE - self.header
        bottom = SAFE + self.footer
        return (SAFE, bottom, self.width - 2 * SAFE, top - bottom)


def art_spec(spec: FaceSpec) -> FaceSpec:
    """The face without its vehicle: what the shared art depends on."""
    return replace(spec, vehicle=None)


def layout_art(spec: FaceSpec, text: CardText, component: Component
               ) -> ArtLayout | CardProblem:
    """Fit the title, subtitle, rules and status of a face; the first misfit is the problem."""
    boxes = CardBoxes(component.width, component.height)
    _, _, panel_w, panel_h = boxes.panel
    inner_w = panel_w - 2 * PAD
    title_h = boxes.header * (0.62 if text.subtitle else 0.9)
    title = fit_paragraph(text.title, boxes.title_width, title_h, 16, font=BOLD,
                          colour_hex="#ffffff", leading=1.05)
    if title is None:
        return CardProblem(spec, "title")
    subtitle = None
    if text.subtitle:
        subtitle = fit_paragraph(text.subtitle, boxes.title_width, boxes.header - title_h,
                                 7.5, colour_hex="#ffffff")
        if subtitle is None:
            return CardProblem(spec, "subtitle")
    status = fit_paragraph(text.status, inner_w, panel_h * 0.3, 7, colour_hex="#4a4a4a")
    if status is None:
        return CardProblem(spec, "status line")
    rules_h = panel_h - 2 * PAD - status.height - mm(1.5)
    rules = fit_paragraph(text.rules, inner_w, rules_h, 8.5, colour_hex=INK)
    if rules is None:
        return CardProblem(spec, "rules text")
    return ArtLayout(spec, title, subtitle, rules, status)


def layout_footer(spec: FaceSpec, text: CardText, art: ArtLayout, component: Component
                  ) -> CardLayout | CardProblem:
    """Fit the vehicle's name on one line below the shared art."""
    size = fit_line_size(text.footer, BOLD, component.width - 2 * SAFE, 8.5)
    if size is None:
        return CardProblem(spec, "vehicle name")
    return CardLayout(spec, art, text.footer, size)


# --- drawing ------------------------------------------------------------------------------

@dataclass(frozen=True)
class CardArt:
    """The shared art of a face: background into the bleed, title band, rules panel."""

    layout: ArtLayout
    icons: IconSet

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None:
        spec = self.layout.spec
        boxes = CardBoxes(width, height)
        # White title, icons and footer sit on it: deep enough as printed.
        base = under_light_text(colour(FACE_COLOURS[spec.colour_name]), canvas_inks(canvas))
        canvas.setFillColor(base)
        canvas.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
        self.draw_header(canvas, boxes)
        self.draw_panel(canvas, boxes, base)

    def draw_header(self, canvas: Canvas, boxes: CardBoxes) -> None:
        layout = self.layout
        top = boxes.height - SAFE
        icon_y = top - boxes.header + mm(1.5)
        names = self.header_icons()
        size = boxes.icon if len(names) == 1 else boxes.icon * 0.62
        for index, name in enumerate(names):
            offset = index * (boxes.icon - size)
            self.icons[name].draw(canvas, SAFE + offset, icon_y + boxes.icon - size - offset,
                                  size, white)
        x = SAFE + boxes.icon + mm(2)
        title_band = boxes.header * (0.62 if layout.subtitle else 1.0)
        layout.title.draw(canvas, x, top - (title_band - layout.title.height) / 2)
        if layout.subtitle is not None:
            layout.subtitle.draw(canvas, x, top - title_band)

    def header_icons(self) -> list[str]:
        """Whip, Reins, or both for a special ability played as either."""
        special = self.layout.spec.special
        kind = special.type if special is not None else self.layout.spec.face
        return ["whip", "reins"] if kind == "either" else [kind]

    def draw_panel(self, canvas: Canvas, boxes: CardBoxes, base: Color) -> None:
        layout = self.layout
        x, y, w, h = boxes.panel
        canvas.setFillColor(colour(PANEL))
        canvas.roundRect(x, y, w, h, mm(2), stroke=0, fill=1)
        mark = min(w, h) * 0.5
        self.icons[self.watermark()].draw(canvas, x + w - mark - PAD, y + PAD, mark,
                                          mix(base, white, 0.86))
        layout.rules.draw(canvas, x + PAD, y + h - PAD)
        if layout.status is not None:
            canvas.setStrokeColor(mix(base, white, 0.5))
            canvas.setLineWidth(0.5)
            rule_y = y + PAD + layout.status.height + mm(0.8)
            canvas.line(x + PAD, rule_y, x + w - PAD, rule_y)
            layout.status.draw(canvas, x + PAD, y + PAD + layout.status.height)

    def watermark(self) -> str:
        spec = self.layout.spec
        if spec.special is not None:
            return "reins" if spec.special.type == "reins" else "whip"
        return spec.face


@dataclass(frozen=True)
class CardFace:
    """A laid-out face: the shared art (a layer, drawn once per file) and the name band."""

    layout: CardLayout
    art: CardArt
    size: tuple[float, float]

    @property
    def key(self) -> Hashable:
        return ("frothy-card", self.layout.spec, self.size)

    @property
    def layers(self) -> tuple[Layer, ...]:
        return (Layer(("frothy-card-art", self.layout.art.spec, self.size), self.art.draw),)

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None:
        use_layer(canvas, self.layers[0], width, height, bleed)
        canvas.setFillColor(white)
        draw_line(canvas, self.layout.footer_text, width / 2,
                  SAFE + CardBoxes(width, height).footer * 0.3, self.layout.footer_size, BOLD,
                  "centre")


# --- decks to pieces ----------------------------------------------------------------------

class CardFaces:
    """Faces laid out for one card size: each distinct face rendered once, and the art
    shared by every deck (all but the vehicle's name) fitted and drawn once."""

    def __init__(self, templates: TextTemplates, icons: IconSet, component: Component) -> None:
        self.templates, self.icons, self.component = templates, icons, component
        self.size = (component.width, component.height)
        self.faces: dict[FaceSpec, CardFace | CardProblem] = {}
        self.arts: dict[FaceSpec, CardArt | CardProblem] = {}

    def face(self, spec: FaceSpec) -> CardFace | CardProblem:
        found = self.faces.get(spec)
        if found is None:
            found = self.make_face(spec)
            self.faces[spec] = found
        return found

    def make_face(self, spec: FaceSpec) -> CardFace | CardProblem:
        text = render_face_text(spec, self.templates)
        art = self.art(spec, text)
        if isinstance(art, CardProblem):
            return CardProblem(spec, art.part)
        laid = layout_footer(spec, text, art.layout, self.component)
        return CardFace(laid, art, self.size) if isinstance(laid, CardLayout) else laid

    def art(self, spec: FaceSpec, text: CardText) -> CardArt | CardProblem:
        shared = art_spec(spec)
        found = self.arts.get(shared)
        if found is None:
            laid = layout_art(shared, text, self.component)
            found = CardArt(laid, self.icons) if isinstance(laid, ArtLayout) else laid
            self.arts[shared] = found
        return found

    def problems(self, decks: Sequence[Deck]) -> list[CardProblem]:
        """Every face of these decks whose text does not fit."""
        found: dict[tuple[FaceSpec, str], CardProblem] = {}
        for deck in decks:
            for pair in deck.cards:
                for spec in pair:
                    face = self.face(spec)
                    if isinstance(face, CardProblem):
                        found.setdefault((spec, face.part), face)
        return list(found.values())

    def pieces(self, deck: Deck) -> list[Piece]:
        """The deck's cards as pieces; call ``problems`` first, a problem here is a bug."""
        pieces = []
        for front_spec, back_spec in deck.cards:
            front, back = self.face(front_spec), self.face(back_spec)
            assert isinstance(front, CardFace) and isinstance(back, CardFace)
            pieces.append(Piece(front, back, label=front_spec.describe()))
        return pieces


def deck_counts(deck: Deck) -> dict[str, Any]:
    """How many cards of each kind a deck holds, for reports and tests."""
    counts: dict[str, int] = {}
    for front, back in deck.cards:
        kind = "special" if front.face == "special" else (
            "dual" if front.face != back.face else front.face)
        counts[kind] = counts.get(kind, 0) + 1
    return counts
