"""What a Circus Maximus build prints, and the print check that needs the templates.

Two files under ``circus-maximus/``: a record sheet per chariot, and the reference card of
the second-edition changes (front and back). Every sheet is planned (its text fitted) before
any file is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.games.circus_maximus.catalogues import CircusData, circus_data
from generator.games.circus_maximus.model import Chariot
from generator.games.circus_maximus.record_sheet import RecordSheetFace, plan_sheet, sheet_text
from generator.games.circus_maximus.reference_card import reference_pieces
from generator.games.circus_maximus.rules import RULES
from generator.input.findings import Finding, KeyPath
from generator.paper.imposition import Component, Piece, sheets_writer
from generator.paper.output import BuildContext, Output
from generator.paper.units import to_mm
from generator.text.templates import TextTemplates

if TYPE_CHECKING:
    from generator.project.loading import Definition

GAME_ID = "circus-maximus"
_ADVICE = {"title": "a shorter chariot name", "driver name": "a shorter driver name",
           "horse": "a shorter horse name"}


def _path(part: str) -> KeyPath:
    """Where in the chariot file to point for a part of the sheet that does not fit."""
    if part.startswith("horse "):
        return ("horses", int(part.split()[1]) - 1, "name")
    return {"title": ("name",), "driver name": ("driver", "name")}.get(part, ())


def print_findings(definition: Definition, templates: TextTemplates) -> list[Finding]:
    """CM-PRINT-TEXT for every part of the record sheet whose text cannot fit at 6 pt."""
    data, chariot = circus_data(), definition.model
    width = to_mm(data.sizes["record_sheet"].width)
    plan = plan_sheet(chariot, sheet_text(chariot, data, templates), width, data)
    findings = []
    for part in plan.problems:
        advice = next((a for key, a in _ADVICE.items() if part.startswith(key)),
                      "shorter wording in the template")
        findings.append(RULES["CM-PRINT-TEXT"].finding(
            definition.locate(_path(part)), part=part, advice=advice))
    return findings


def sheet_pieces(chariots: Sequence[Chariot], data: CircusData, templates: TextTemplates
                 ) -> list[Piece]:
    """A record sheet per chariot, single-sided."""
    width = to_mm(data.sizes["record_sheet"].width)
    return [Piece(RecordSheetFace(c, plan_sheet(c, sheet_text(c, data, templates), width,
                                                data), data), None, label=c.name)
            for c in chariots]


def outputs(definitions: Sequence[Definition], context: BuildContext) -> list[Output]:
    """Everything a Circus Maximus build writes, planned now and written later."""
    chariots = [d.model for d in definitions if d.kind.name == "chariot"]
    if not chariots:
        return []
    data, templates = circus_data(), context.templates
    sheet, card = data.sizes["record_sheet"], data.sizes["reference_card"]
    options = context.sheet_options()
    names = [c.name for c in chariots]
    sheets = sheet_pieces(chariots, data, templates)
    bleed = context.printing.bleed
    reference = reference_pieces(data, templates)
    return [
        Output(f"{GAME_ID}/record-sheets.pdf", GAME_ID, "record sheet", names,
               sheets_writer("Circus Maximus chariot record sheets", context.paper,
                             context.printing.cmyk,
                             [(Component(sheet.width, sheet.height, bleed), sheets, options)])),
        Output(f"{GAME_ID}/reference-card.pdf", GAME_ID, "reference card", names,
               sheets_writer("Circus Maximus second-edition reference card", context.paper,
                             context.printing.cmyk,
                             [(Component(card.width, card.height, bleed), reference, options)]),
               batches=((Component(card.width, card.height, bleed), reference, options),)),
    ]
