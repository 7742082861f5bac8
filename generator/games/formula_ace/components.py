"""What a Formula Ace build prints, and the print check that needs the templates.

Files under ``formula-ace/``: the team rosters (a page per team, after its season so far),
the ship cards and pilot cards (poker size, backs behind fronts), the reference tables (A5,
both sides) and the centimetre templates (range rulers in parts, straight-before-turn gauges
and 45 degree turn gauges, at exact scale). Every piece is planned (its text fitted) before
any file is written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from generator.games.formula_ace.catalogues import FormulaData, formula_data
from generator.games.formula_ace.model import Team
from generator.games.formula_ace.print_cards import pilot_pieces, ship_pieces
from generator.games.formula_ace.print_gauges import gauge_batches
from generator.games.formula_ace.print_reference import reference_pieces
from generator.games.formula_ace.print_roster import RosterFace, plan_roster, roster_text
from generator.games.formula_ace.printing import (
    PrintFacts,
    book_context,
    print_facts,
    team_view,
    template_context,
)
from generator.imposition import Component, Piece, SheetOptions, SheetWriter
from generator.output import BuildContext, Output
from generator.pdf import PdfInfo, finish, new_canvas
from generator.text import TextTemplates
from generator.units import Paper, to_mm

if TYPE_CHECKING:
    from generator.loading import Definition

GAME_ID = "formula-ace"


def roster_pieces(teams: Sequence[Team], data: FormulaData, facts: PrintFacts,
                  templates: TextTemplates) -> list[Piece]:
    """A roster per team, one piece per page, single-sided."""
    size = facts.sizes["roster"]
    w, h = to_mm(size.width), to_mm(size.height)
    pieces = []
    for team in teams:
        view = team_view(team, data)
        text = roster_text(view, template_context(view, data, facts), templates)
        for page in plan_roster(view, text, w, h, facts.log_turns):
            pieces.append(Piece(RosterFace(view, page, facts.log_turns), None,
                                label=view.name))
    return pieces


def card_pieces(teams: Sequence[Team], data: FormulaData, facts: PrintFacts,
                templates: TextTemplates) -> tuple[list[Piece], list[Piece]]:
    """Every team's ship cards and pilot cards, fronts and backs."""
    size = facts.sizes["card"]
    w, h = to_mm(size.width), to_mm(size.height)
    ships: list[Piece] = []
    pilots: list[Piece] = []
    for team in teams:
        view = team_view(team, data)
        context = template_context(view, data, facts)
        ships += ship_pieces(view, context, templates, w, h)
        pilots += pilot_pieces(view, context, templates, w, h)
    return ships, pilots


Batch = tuple[Component, list[Piece], SheetOptions]


def _writer(context: BuildContext, title: str, batches: list[Batch]
            ) -> Callable[[Path], PdfInfo]:
    """A function writing ``batches`` (each imposed on sheets of its own) into one PDF."""
    def write(path: Path) -> PdfInfo:
        canvas = new_canvas(path, title, context.paper, context.printing.cmyk)
        pages, sizes = 0, []
        for component, pieces, options in batches:
            writer = SheetWriter(canvas, options)
            writer.impose(component, pieces)
            pages += writer.pages
            sizes.append(writer.page_size)
        return finish(canvas, pages, Paper("page", *sizes[0]))
    return write


def outputs(definitions: Sequence[Definition], context: BuildContext) -> list[Output]:
    """Everything a Formula Ace build writes, planned now and written later."""
    teams = [d.model for d in definitions if d.kind.name == "team"]
    if not teams:
        return []
    data, facts, templates = formula_data(), print_facts(), context.templates
    names = [t.name for t in teams]
    bleed = context.printing.bleed
    options = context.sheet_options()
    roster, card, sheet = (facts.sizes[k] for k in ("roster", "card", "reference"))
    ships, pilots = card_pieces(teams, data, facts, templates)
    cards = Component(card.width, card.height, bleed)
    files = {
        "team-rosters": ("team roster", "Formula Ace Racing Pods team rosters", [
            (Component(roster.width, roster.height, bleed),
             roster_pieces(teams, data, facts, templates), options)]),
        "ship-cards": ("ship card", "Formula Ace Racing Pods ship cards",
                       [(cards, ships, options)]),
        "pilot-cards": ("pilot card", "Formula Ace Racing Pods pilot cards",
                        [(cards, pilots, options)]),
        "reference-tables": ("reference tables", "Formula Ace Racing Pods reference tables", [
            (Component(sheet.width, sheet.height, bleed),
             reference_pieces(book_context(data, facts), templates, to_mm(sheet.width),
                              to_mm(sheet.height)), options)]),
        "cm-templates": ("centimetre templates", "Formula Ace Racing Pods range rulers and "
                         "manoeuvre gauges",
                         [(batch.component, batch.pieces, options)
                          for batch in gauge_batches(data, facts, templates, bleed)]),
    }
    return [Output(f"{GAME_ID}/{name}.pdf", GAME_ID, kind, names,
                   _writer(context, title, batches))
            for name, (kind, title, batches) in files.items()]
