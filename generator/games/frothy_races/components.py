"""What a Frothy Races build prints, and the print checks that need the templates."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from generator.findings import Finding
from generator.games.frothy_races.catalogues import frothy_data
from generator.games.frothy_races.licence import (
    GUTTER,
    LICENCE,
    LicenceBack,
    LicenceFront,
    plan_back,
    plan_front,
    print_problems,
    render_text,
)
from generator.games.frothy_races.model import Vehicle
from generator.games.frothy_races.rules import RULES
from generator.imposition import Piece, SheetOptions, SheetWriter
from generator.output import BuildContext, Output
from generator.pdf import PdfInfo, finish, new_canvas
from generator.text import TextTemplates
from generator.units import mm

if TYPE_CHECKING:
    from generator.loading import Definition

GAME_ID = "frothy-races"
# A4 leaves 20 mm beside a 190 mm licence: 5 mm margin + 1 mm gap + 3.5 mm mark each side.
LICENCE_MARK_LENGTH = mm(3.5)

# Which part of the vehicle file to point at when a part of the licence will not fit.
_PART_PATHS = (("trait", ("traits",)), ("explanations", ("traits",)), ("background",
               ("background",)), ("name", ("name",)), ("back title", ("name",)),
               ("card", ("cards",)), ("damage", ("damage",)), ("stamina", ("stamina",)),
               ("control loss", ("control_loss",)), ("move", ("speed_table",)),
               ("Speed", ("speed_table",)), ("control", ("speed_table", "control")))
_ADVICE = {"background": "a shorter background", "explanations": "shorter custom texts or "
           "background, or fewer traits and affects", "traits": "shorter trait summaries, or "
           "fewer traits"}


def print_findings(definition: Definition, templates: TextTemplates) -> list[Finding]:
    """FR-PRINT-TEXT for every part of the licence whose text cannot fit at 6 pt."""
    findings = []
    for part, side in print_problems(definition.model, frothy_data(), templates):
        path = next((p for prefix, p in _PART_PATHS if part.startswith(prefix)), ())
        advice = next((a for key, a in _ADVICE.items() if part.startswith(key)),
                      "shorter wording in the template or the vehicle file")
        findings.append(RULES["FR-PRINT-TEXT"].finding(
            definition.locate(path), part=part, side=side, advice=advice))
    return findings


def licence_pieces(vehicles: Sequence[Vehicle], templates: TextTemplates) -> list[Piece]:
    """A front and back for each vehicle, laid out and ready to draw."""
    data = frothy_data()
    pieces = []
    for vehicle in vehicles:
        text = render_text(vehicle, data, templates)
        pieces.append(Piece(LicenceFront(vehicle, plan_front(text, vehicle)),
                            LicenceBack(vehicle, plan_back(text)), label=vehicle.name))
    return pieces


def outputs(definitions: Sequence[Definition], context: BuildContext) -> list[Output]:
    """Everything a Frothy Races build writes: the licences (cards and stickers come later)."""
    vehicles = [d.model for d in definitions if d.kind.name == "vehicle"]
    if not vehicles:
        return []
    pieces = licence_pieces(vehicles, context.templates)
    options = SheetOptions(paper=context.paper, gutter=GUTTER, duplex=context.duplex,
                           back_offset=context.back_offset, mark_length=LICENCE_MARK_LENGTH)

    def write(path: Path) -> PdfInfo:
        canvas = new_canvas(path, "Frothy Races driving licences", context.paper)
        writer = SheetWriter(canvas, options)
        writer.impose(LICENCE, pieces)
        return finish(canvas, writer.pages, context.paper)

    return [Output(f"{GAME_ID}/licences.pdf", GAME_ID, "licence", [v.name for v in vehicles],
                   write)]
