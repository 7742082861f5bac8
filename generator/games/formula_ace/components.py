"""What a Formula Ace build prints, and the print check that needs the templates.

Files under ``formula-ace/``: the team rosters (a page per team, after its season so far),
the ship cards and pilot cards (poker size, backs behind fronts), the reference tables (A5,
both sides) and the centimetre templates (range rulers in parts, straight-before-turn gauges
and 45 degree turn gauges, at exact scale). Every piece is planned (its text fitted) before
any file is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.errors import UsageError
from generator.games.formula_ace.catalogues import FormulaData, formula_data
from generator.games.formula_ace.model import Team
from generator.games.formula_ace.print_cards import (
    pilot_pieces,
    pilot_plans,
    ship_pieces,
    ship_plans,
)
from generator.games.formula_ace.print_gauges import gauge_batches
from generator.games.formula_ace.print_reference import reference_pieces
from generator.games.formula_ace.print_roster import RosterFace, plan_roster, roster_text
from generator.games.formula_ace.printing import (
    PilotView,
    PrintFacts,
    book_context,
    print_facts,
    team_view,
    template_context,
)
from generator.games.formula_ace.rules import RULES
from generator.input.findings import Finding, KeyPath
from generator.paper.decks import ComponentFile, Deck, deck_outputs
from generator.paper.imposition import Component, Piece
from generator.paper.output import BuildContext, Output, PrintOptions
from generator.paper.sizes import Size
from generator.paper.units import to_mm
from generator.text.templates import TextTemplates

if TYPE_CHECKING:
    from generator.project.loading import Definition

GAME_ID = "formula-ace"
# The files whose pieces may share sheets (generator.paper.packed): cards, the A5 reference
# tables and the rulers and gauges. Rosters are a page each; circuits are printed whole.
SHARES_SHEETS = frozenset({"ship-cards", "pilot-cards", "reference-tables", "cm-templates"})
# What to suggest for a part that does not fit, by the last word of its name.
_ADVICE = {"title": "a shorter team name", "subtitle": "a shorter team name",
           "name": "a shorter name", "pilot": "a shorter pilot name",
           "ship": "a shorter ship name", "kit": "fewer upgrades or weapons",
           "upgrades": "fewer upgrades", "weapons": "fewer weapons",
           "back title": "a shorter name", "season": "a shorter race name"}


def _where(team: Team, kind: str, name: str) -> KeyPath:
    """The key path of the pilot or ship called ``name``: in the team's list, or the season
    step that recruited or bought it."""
    names = [p.name for p in team.pilots] if kind == "pilots" else [s.name for s in team.ships]
    if name in names:
        return (kind, names.index(name))
    step_kind = "recruit" if kind == "pilots" else "new_ship"
    for step, entry in enumerate(team.season):
        added = entry.recruit if kind == "pilots" else entry.new_ship
        if added is not None and added.name == name:
            return ("season", step, step_kind)
    return ()


def print_problems(team: Team, data: FormulaData, facts: PrintFacts,
                   templates: TextTemplates, card: Size) -> list[tuple[str, str, KeyPath]]:
    """(part, component, key path) for every text of the team's roster and its cards (at
    size ``card``) that cannot fit at 6 pt."""
    view = team_view(team, data)
    context = template_context(view, data, facts)
    problems: list[tuple[str, str, KeyPath]] = []
    roster = facts.sizes["roster"]
    text = roster_text(view, context, templates)
    for page in plan_roster(view, text, to_mm(roster.width), to_mm(roster.height),
                            facts.log_turns):
        for part in page.plan.problems:
            words = part.split()
            if words[0] in ("pilot", "ship") and words[1].isdigit():
                kind = "pilots" if words[0] == "pilot" else "ships"
                item = (view.pilots if kind == "pilots" else view.ships)[int(words[1]) - 1]
                field = {"kit": "upgrades", "pilot": "pilot"}.get(words[-1], "name")
                path: KeyPath = _where(team, kind, item.state.name) + (field,)
                if part.endswith(" ship") and isinstance(item, PilotView):
                    path = _where(team, "ships", item.ship) + ("name",)
            else:
                path = ("name",) if part == "title" else ()
            problems.append((part, "team roster", path))
    w, h = to_mm(card.width), to_mm(card.height)
    for ship, front, back in ship_plans(view, context, templates, w, h):
        where = _where(team, "ships", ship.state.name)
        for part in front.problems + back.problems:
            field = {"upgrades": "upgrades", "weapons": "weapons"}.get(part, "name")
            problems.append((part, "ship cards", ("name",)) if part == "subtitle" else
                            (part, f"ship card of {ship.name}", where + (field,)))
    for pilot, front, back in pilot_plans(view, context, templates, w, h):
        where = _where(team, "pilots", pilot.state.name)
        for part in front.problems + back.problems:
            problems.append((part, "pilot cards", ("name",)) if part == "subtitle" else
                            (part, f"pilot card of {pilot.name}", where + ("name",)))
    return list(dict.fromkeys(problems))


def print_findings(definition: Definition, templates: TextTemplates) -> list[Finding]:
    """FA-PRINT-TEXT for every text of a team's roster and cards that cannot fit at 6 pt
    (cards at the default size; a size chosen with --card-size is checked by the build)."""
    findings = []
    for part, component, path in print_problems(definition.model, formula_data(),
                                                print_facts(), templates,
                                                PrintOptions().card):
        advice = next((a for key, a in _ADVICE.items() if part.endswith(key)),
                      "shorter wording in the template or the team file")
        findings.append(RULES["FA-PRINT-TEXT"].finding(
            definition.locate(path), part=part, component=component, advice=advice))
    return findings


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
                templates: TextTemplates, card: Size
                ) -> tuple[list[tuple[str, list[Piece]]], list[tuple[str, list[Piece]]]]:
    """Every team's ship cards and pilot cards at size ``card``, fronts and backs, by team;
    a usage error, before anything is written, when text cannot fit at that size."""
    w, h = to_mm(card.width), to_mm(card.height)
    ships: list[tuple[str, list[Piece]]] = []
    pilots: list[tuple[str, list[Piece]]] = []
    problems = [(team.name, part, component) for team in teams
                for part, component, _ in print_problems(team, data, facts, templates, card)
                if "card" in component]
    if problems:
        shown = "; ".join(f"{part} on the {what} ({name})" for name, part, what in problems[:3])
        raise UsageError(f"Formula Ace card text does not fit at 6 pt on {card.describe()} "
                         f"cards: {shown}; choose a larger --card-size or shorter text")
    for team in teams:
        view = team_view(team, data)
        context = template_context(view, data, facts)
        ships.append((team.name, ship_pieces(view, context, templates, w, h)))
        pilots.append((team.name, pilot_pieces(view, context, templates, w, h)))
    return ships, pilots


def outputs(definitions: Sequence[Definition], context: BuildContext) -> list[Output]:
    """Everything a Formula Ace build writes, planned now and written later."""
    teams = [d.model for d in definitions if d.kind.name == "team"]
    if not teams:
        return []
    data, facts, templates = formula_data(), print_facts(), context.templates
    names = [t.name for t in teams]
    bleed = context.printing.bleed
    options = context.sheet_options()
    roster, sheet, card = facts.sizes["roster"], facts.sizes["reference"], context.printing.card
    ships, pilots = card_pieces(teams, data, facts, templates, card)
    cards = Component(card.width, card.height, bleed)
    files = {
        "team-rosters": ("team roster", "Formula Ace Racing Pods team rosters", [
            Deck("team rosters", Component(roster.width, roster.height, bleed),
                 roster_pieces(teams, data, facts, templates), options)]),
        # A deck of ship cards and one of pilot cards for each team.
        "ship-cards": ("ship card", "Formula Ace Racing Pods ship cards", [
            Deck(team, cards, pieces, options, (team,)) for team, pieces in ships]),
        "pilot-cards": ("pilot card", "Formula Ace Racing Pods pilot cards", [
            Deck(team, cards, pieces, options, (team,)) for team, pieces in pilots]),
        "reference-tables": ("reference tables", "Formula Ace Racing Pods reference tables", [
            Deck("reference tables", Component(sheet.width, sheet.height, bleed),
                 reference_pieces(book_context(data, facts), templates, to_mm(sheet.width),
                                  to_mm(sheet.height)), options)]),
        "cm-templates": ("centimetre templates", "Formula Ace Racing Pods range rulers and "
                         "manoeuvre gauges",
                         [Deck(batch.name, batch.component, batch.pieces, options)
                          for batch in gauge_batches(data, facts, templates, bleed,
                                                     to_mm(context.printing.safe_zone))]),
    }
    return [output for name, (kind, title, decks) in files.items()
            for output in deck_outputs(ComponentFile(GAME_ID, name, kind, title, names,
                                                     name in SHARES_SHEETS), decks,
                                       context)]
