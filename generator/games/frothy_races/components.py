"""What a Frothy Races build prints, and the print checks that need the templates.

A build writes the licences, the Whip & Reins cards (each vehicle's deck, then a generic
deck) and the vehicle counters; with ``--png``, previews of each and Tabletop Simulator deck
sheets. The dice stickers are game-neutral sheets (``generator.paper.shared_sheets``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, overload

from generator.errors import UsageError
from generator.games.frothy_races.cards import (
    CardFaces,
    CardProblem,
    Deck,
    FaceSpec,
    dual_faces,
    generic_deck,
    special_text,
    trait_notes,
    vehicle_deck,
)
from generator.games.frothy_races.catalogues import frothy_data
from generator.games.frothy_races.licence import (
    ART_AREA,
    GUTTER,
    LICENCE,
    plan_back,
    plan_front,
    print_problems,
    render_text,
)
from generator.games.frothy_races.licence_faces import LicenceBack, LicenceFront
from generator.games.frothy_races.licence_grid import HOME, Grid, licence_grid
from generator.games.frothy_races.model import Vehicle
from generator.games.frothy_races.rules import RULES
from generator.games.frothy_races.tokens import token_pieces
from generator.input.findings import Finding
from generator.paper.art import art_findings
from generator.paper.decks import ComponentFile, deck_outputs
from generator.paper.decks import Deck as PrintDeck
from generator.paper.icons import IconSet
from generator.paper.imposition import Component, Piece, SheetOptions, SheetWriter, plan_grid
from generator.paper.output import BuildContext, Output, PrintOptions
from generator.paper.pdf import PdfInfo, finish, new_canvas
from generator.paper.previews import PreviewDeck, preview_outputs
from generator.paper.tokens import hex_token_component
from generator.paper.units import Paper, to_mm
from generator.text.templates import TextTemplates

if TYPE_CHECKING:
    from generator.project.loading import Definition

GAME_ID = "frothy-races"

# Which part of the vehicle file to point at when a part of the licence will not fit.
_PART_PATHS = (("trait", ("traits",)), ("explanations", ("traits",)), ("background",
               ("background",)), ("name", ("name",)), ("back title", ("name",)),
               ("card", ("cards",)), ("damage", ("damage",)), ("stamina", ("stamina",)),
               ("control loss", ("control_loss",)), ("move", ("speed_table",)),
               ("Speed", ("speed_table",)), ("control", ("speed_table", "control")))
_ADVICE = {"background": "a shorter background", "explanations": "shorter custom texts or "
           "background, or fewer traits and affects", "traits": "shorter trait summaries, or "
           "fewer traits", "damage affect": "a shorter affect, or a lower Damage value (fewer "
           "rows give each more room)", "stamina affect": "a shorter affect, or a shorter "
           "Stamina track (fewer rows give each more room)"}


# Speed-table cells printed for one value: the finding points at that cell, not its row
# (and a Stamina-row cell at the speed table, not the Stamina track its prefix names). An
# affect that cannot fit points at what sets its track's height, which gives it its room:
# the Damage value, the Stamina maximum (not the Resilience, the damage block's first key).
_PART_VALUES = ((re.compile(r"damage affect at level"), lambda m: ("damage", "value")),
                (re.compile(r"stamina affect at level"), lambda m: ("stamina", "maximum")),
                (re.compile(r"move (\d) at Speed (\d)$"),
                 lambda m: ("speed_table", f"move_{m[1]}", int(m[2]))),
                (re.compile(r"(control|stamina) at Speed (\d)$"),
                 lambda m: ("speed_table", m[1], int(m[2]))))


def part_path(part: str) -> tuple[str | int, ...]:
    """Where in the vehicle file a licence part's text comes from: the speed-table cell for
    one value, the height of an affect's track, else the section the part prints."""
    for pattern, path in _PART_VALUES:
        match = pattern.match(part)
        if match:
            return path(match)
    return next((p for prefix, p in _PART_PATHS if part.startswith(prefix)), ())


def print_findings(definition: Definition, templates: TextTemplates) -> list[Finding]:
    """FR-ART-FILE or FR-ART-RESOLUTION for its picture, FR-PRINT-TEXT for every part of
    the licence whose text cannot fit at 6 pt, and FR-PRINT-PIECE-TEXT for its cards and
    counter (at the default sizes)."""
    findings = art_findings(definition, RULES, "FR", [ART_AREA])
    findings += piece_findings(definition, templates, PrintOptions())
    for part, side in print_problems(definition.model, frothy_data(), templates):
        path = part_path(part)
        advice = next((a for key, a in _ADVICE.items() if part.startswith(key)),
                      "shorter wording in the template or the vehicle file")
        findings.append(RULES["FR-PRINT-TEXT"].finding(
            definition.locate(path), part=part, side=side, advice=advice))
    return findings


def card_component(printing: PrintOptions) -> Component:
    """The cards' trim and bleed, as the kit or command line chose."""
    return Component(printing.card.width, printing.card.height, printing.bleed)


def piece_findings(definition: Definition, templates: TextTemplates,
                   printing: PrintOptions) -> list[Finding]:
    """A finding for each card face and counter of the vehicle whose text cannot fit."""
    vehicle, data = definition.model, frothy_data()
    faces = CardFaces(templates, IconSet(), card_component(printing))
    whip = FaceSpec("whip", vehicle.name, notes=trait_notes(vehicle, data, "whip"))
    reins = FaceSpec("reins", vehicle.name, notes=trait_notes(vehicle, data, "reins"))
    specs: list[tuple[FaceSpec, tuple[str | int, ...]]] = [
        (whip, ("cards",)), (reins, ("cards",))]
    if vehicle.cards.dual:
        specs += [(face, ("cards", "dual")) for face in dual_faces(whip, reins)]
    specs += [(FaceSpec("special", vehicle.name, special_text(card, data)),
               ("cards", "special", index)) for index, card in enumerate(vehicle.cards.special)]
    findings = []
    for spec, path in specs:
        face = faces.face(spec)
        if isinstance(face, CardProblem):
            where = ("name",) if face.part == "vehicle name" else path
            findings.append(_piece_finding(definition, where, face.part, spec.describe(),
                                           "a shorter name or special card text"))
    counter = hex_token_component(printing.hex, printing.bleed)
    for problem in token_pieces([vehicle], counter, templates, IconSet())[1]:
        findings.append(_piece_finding(definition, ("name",), problem.part,
                                       f"{vehicle.name}: counter",
                                       "a shorter name, or a break between its words"))
    return findings


def _piece_finding(definition: Definition, path: tuple[str | int, ...], part: str, piece: str,
                   advice: str) -> Finding:
    return RULES["FR-PRINT-PIECE-TEXT"].finding(definition.locate(path), part=part,
                                                piece=piece, advice=advice)


def licence_pieces(vehicles: Sequence[Vehicle], templates: TextTemplates, grid: Grid = HOME
                   ) -> list[Piece]:
    """A front and back for each vehicle, laid out and ready to draw."""
    return [licence_piece(vehicle, templates, grid) for vehicle in vehicles]


def licence_piece(vehicle: Vehicle, templates: TextTemplates, grid: Grid = HOME) -> Piece:
    """One vehicle's licence, front and back, laid out on ``grid``. On a print shop's grid
    a text that no longer fits at 6 pt is a usage error naming it (at home the print check
    has refused such a vehicle before the build)."""
    text = render_text(vehicle, frothy_data(), templates)
    front = plan_front(text, vehicle, grid)
    back = plan_back(text, vehicle.art is not None, grid)
    problems = [(part, "front") for part in front.problems] + [
        (part, "back") for part in back.problems]
    if problems and grid is not HOME:
        part, side = problems[0]
        raise UsageError(f"the {part} on the {side} of the {vehicle.name} licence does not fit "
                         f"at 6 pt inside a safe zone of {grid.safe_zone:g} mm; choose "
                         "a smaller safe_zone for the printer, or shorten that text")
    return Piece(LicenceFront(vehicle, front, grid), LicenceBack(vehicle, back, grid),
                 label=vehicle.name)


class LicencesAsDrawn(Sequence[Piece]):
    """The licences, each laid out only when its sheet is drawn: a build holds one sheet's
    layouts at a time, so its memory does not grow with the number of vehicles. (The print
    check has fitted every text already; a vehicle whose text does not fit is not built.)"""

    def __init__(self, vehicles: Sequence[Vehicle], templates: TextTemplates,
                 safe_zone: float = 0.0) -> None:
        self.vehicles, self.templates, self.safe_zone = list(vehicles), templates, safe_zone

    @property
    def grid(self) -> Grid:
        """The grid keeping the build's safe zone (mm; a usage error where the licence has
        no room for it): asked for only when a licence is drawn, so a build that prints no
        licences is not refused for them."""
        return licence_grid(self.safe_zone)

    def __len__(self) -> int:
        return len(self.vehicles)

    @overload
    def __getitem__(self, index: int) -> Piece: ...

    @overload
    def __getitem__(self, index: slice) -> list[Piece]: ...

    def __getitem__(self, index: int | slice) -> Piece | list[Piece]:
        if isinstance(index, slice):
            return licence_pieces(self.vehicles[index], self.templates, self.grid)
        return licence_piece(self.vehicles[index], self.templates, self.grid)


def outputs(definitions: Sequence[Definition], context: BuildContext) -> list[Output]:
    """Everything a Frothy Races build writes: licences, cards, counters, and previews."""
    vehicles = [d.model for d in definitions if d.kind.name == "vehicle"]
    if not vehicles:
        return []
    names = [v.name for v in vehicles]
    licences = LicencesAsDrawn(vehicles, context.templates, to_mm(context.printing.safe_zone))
    decks = [vehicle_deck(v, frothy_data()) for v in vehicles]
    cards = card_component(context.printing)
    if context.generic_deck:
        decks.append(generic_deck(sum(len(d.cards) for d in decks), cards_a_sheet(cards, context)))
    card_decks = deck_pieces(decks, cards, context)
    counter = hex_token_component(context.printing.hex, context.printing.bleed)
    counters, problems = token_pieces(vehicles, counter, context.templates, context.icons)
    if problems:
        raise UsageError(f"the name of {problems[0].vehicle.name} does not fit its counter "
                         "at 6 pt; give it a shorter name or a larger --hex")
    result = [
        sheet_output("licences.pdf", "licence", "Frothy Races driving licences", names,
                     LICENCE, licences, context, context.sheet_options(gutter=GUTTER),
                     shares_sheets=True),
        *card_files(card_decks, cards, context),
        sheet_output("tokens.pdf", "tokens", "Frothy Races vehicle counters", names, counter,
                     counters, context, context.sheet_options(cut_lines=True),
                     shares_sheets=True),
    ]
    result += preview_outputs(GAME_ID, "cards", cards, card_decks, context, tts=True)
    result += preview_outputs(GAME_ID, "tokens", counter,
                              [PreviewDeck("counters", counters)], context)
    return result


def card_files(card_decks: Sequence[PreviewDeck], cards: Component, context: BuildContext
               ) -> list[Output]:
    """cards.pdf with every deck, or, for a print shop that wants a file per deck (a card
    printer makes each uploaded file a deck), cards/<deck>.pdf for each."""
    options = context.sheet_options()
    return deck_outputs(
        ComponentFile(GAME_ID, "cards", "cards", "Frothy Races Whip & Reins cards",
                      [deck.name for deck in card_decks]),
        [PrintDeck(deck.name, cards, list(deck.pieces), options, (deck.name,))
         for deck in card_decks],
        context)


def cards_a_sheet(cards: Component, context: BuildContext) -> int:
    """Cards on one sheet of this build (0 for print-shop pages: one card a page)."""
    options = context.sheet_options()
    return 0 if options.print_shop else plan_grid(cards, options).capacity


def deck_pieces(decks: Sequence[Deck], component: Component, context: BuildContext
                ) -> list[PreviewDeck]:
    """Every deck laid out as pieces; text that cannot fit at this card size stops the
    build before anything is written."""
    faces = CardFaces(context.templates, context.icons, component)
    problems = faces.problems(decks)
    if problems:
        shown = "; ".join(f"{p.part} of {p.spec.describe()}" for p in problems[:3])
        raise UsageError(f"card text does not fit on {component.describe()} cards at 6 pt: "
                         f"{shown}; choose a larger card size or shorter text")
    return [PreviewDeck(deck.name, faces.pieces(deck)) for deck in decks]


def sheet_output(file_name: str, kind: str, title: str, vehicles: list[str],
                 component: Component, pieces: Sequence[Piece], context: BuildContext,
                 options: SheetOptions, shares_sheets: bool = False) -> Output:
    """One imposed PDF of ``pieces``, as the build's print options say; with
    ``shares_sheets``, its pieces may be packed onto sheets shared with the game's other
    small pieces (generator.paper.packed)."""

    def write(path: Path) -> PdfInfo:
        canvas = new_canvas(path, title, context.paper, context.printing.cmyk,
                            shop=context.printing.shop)
        writer = SheetWriter(canvas, options)
        writer.impose(component, pieces)
        return finish(canvas, writer.pages, Paper("page", *writer.page_size))

    return Output(f"{GAME_ID}/{file_name}", GAME_ID, kind, vehicles, write,
                  batches=((component, pieces, options),) if shares_sheets else ())
