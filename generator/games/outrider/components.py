"""What an Outrider build prints, and the print check that needs the templates.

Five files under ``outrider/``: the vehicle cards and dashboards (one of each per vehicle,
the narrow-arc variant on the front, the wide-arc one on the back), the twenty maneuver
cards, the shared cards (range cards, capstone, reference card, speedometer) and a set of
tokens per vehicle. Every piece is planned (its text fitted) before any file is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.games.outrider.catalogues import OutriderData, outrider_data
from generator.games.outrider.dashboard import (
    DashboardFace,
    dashboard_component,
    dashboard_text,
    plan_dashboard,
)
from generator.games.outrider.maneuver_cards import maneuver_pieces
from generator.games.outrider.model import SIDES, Vehicle
from generator.games.outrider.reference_cards import shared_card_pieces
from generator.games.outrider.rules import RULES
from generator.games.outrider.tokens import token_components, token_pieces
from generator.games.outrider.vehicle_card import (
    ART_AREA,
    VehicleCardFace,
    card_component,
    card_text,
    plan_card,
)
from generator.input.findings import Finding
from generator.paper.art import art_findings
from generator.paper.decks import ComponentFile, Deck, deck_outputs
from generator.paper.icons import IconSet
from generator.paper.imposition import Component, Piece
from generator.paper.output import BuildContext, Output
from generator.paper.units import mm, to_mm
from generator.text.templates import TextTemplates

if TYPE_CHECKING:
    from generator.project.loading import Definition

GAME_ID = "outrider"
# The files whose pieces may share sheets (generator.paper.packed): the cards and tokens.
# Dashboards fill their own sheets two at a time.
SHARES_SHEETS = frozenset({"vehicle-cards", "maneuver-cards", "reference-cards", "tokens"})
# Dashboards: A4 leaves 20 mm beside a 190 mm board, as for the Frothy Races licence.
DASHBOARD_GUTTER = mm(6)
DASHBOARD_MARK_LENGTH = mm(3.5)

# Which part of the vehicle file to point at when a part of a card will not fit.
_PART_PATHS = (("name", ("name",)), ("nickname", ("nickname",)), ("subtitle", ("nickname",)),
               ("flavour", ("flavour",)), ("expansion", ("upgrades",)))
_ADVICE = {"name": "a shorter name", "nickname": "a shorter nickname",
           "flavour": "shorter flavour text", "expansion": "fewer or shorter upgrades",
           "variant title": "a shorter variant title"}


def print_problems(vehicle: Vehicle, data: OutriderData, templates: TextTemplates
                   ) -> list[tuple[str, str, tuple[str | int, ...]]]:
    """(part, component, key path) for every text of the vehicle's cards that cannot fit."""
    problems = []
    card_w = to_mm(data.sizes["card"].width)
    dash_w = to_mm(data.sizes["dashboard"].width)
    for side in SIDES:
        for part in plan_card(card_text(vehicle, side, data, templates), card_w).problems:
            problems.append((part, f"vehicle card ({side} side)", _path(part, side)))
        for part in plan_dashboard(dashboard_text(vehicle, side, data, templates), dash_w,
                                   vehicle.action_points).problems:
            problems.append((part, f"dashboard ({side} side)", _path(part, side)))
    return problems


def _path(part: str, side: str) -> tuple[str | int, ...]:
    """Where in the vehicle file to point for a part that does not fit."""
    if part.startswith("variant title"):
        return ("variants", side, "title")
    if part.endswith(" bonus") or part.startswith("bonus label"):
        return ("variants", side, "bonuses")
    return next((path for prefix, path in _PART_PATHS if part.startswith(prefix)), ())


def print_findings(definition: Definition, templates: TextTemplates) -> list[Finding]:
    """OR-ART-FILE or OR-ART-RESOLUTION for its picture, and OR-PRINT-TEXT for every part
    of a vehicle's cards whose text cannot fit at 6 pt."""
    findings = art_findings(definition, RULES, "OR", [ART_AREA])
    for part, component, path in print_problems(definition.model, outrider_data(), templates):
        advice = next((a for key, a in _ADVICE.items() if part.startswith(key)),
                      "shorter wording in the template or the vehicle file")
        findings.append(RULES["OR-PRINT-TEXT"].finding(
            definition.locate(path), part=part, component=component, advice=advice))
    return findings


def vehicle_card_pieces(vehicles: Sequence[Vehicle], data: OutriderData,
                        templates: TextTemplates, icons: IconSet) -> list[Piece]:
    """A vehicle card per vehicle: narrow-arc front, wide-arc back."""
    width = to_mm(data.sizes["card"].width)

    def face(vehicle: Vehicle, side: str) -> VehicleCardFace:
        plan = plan_card(card_text(vehicle, side, data, templates), width)
        return VehicleCardFace(vehicle, getattr(vehicle.variants, side), plan, data, icons)

    return [Piece(face(v, "narrow"), face(v, "wide"), label=v.name) for v in vehicles]


def dashboard_pieces(vehicles: Sequence[Vehicle], data: OutriderData,
                     templates: TextTemplates, icons: IconSet) -> list[Piece]:
    """A dashboard per vehicle: narrow-arc side front, wide-arc side back."""
    width = to_mm(data.sizes["dashboard"].width)

    def face(vehicle: Vehicle, side: str) -> DashboardFace:
        plan = plan_dashboard(dashboard_text(vehicle, side, data, templates), width,
                              vehicle.action_points)
        return DashboardFace(vehicle, getattr(vehicle.variants, side), plan, data, icons)

    return [Piece(face(v, "narrow"), face(v, "wide"), label=v.name) for v in vehicles]


def outputs(definitions: Sequence[Definition], context: BuildContext) -> list[Output]:
    """Everything an Outrider build writes, planned now and written later."""
    vehicles = [d.model for d in definitions if d.kind.name == "vehicle"]
    if not vehicles:
        return []
    data, templates, icons = outrider_data(), context.templates, context.icons
    names = [v.name for v in vehicles]
    cards = context.sheet_options()
    boards = context.sheet_options(gutter=DASHBOARD_GUTTER, mark_length=DASHBOARD_MARK_LENGTH)
    card = card_component(data)
    shared, tiles = shared_card_pieces(data, templates, icons)
    counters, plus = token_pieces(vehicles, data, templates, icons)
    counter, plus_token = token_components(data)
    speedometer = Component(data.sizes["speedometer"].width, data.sizes["speedometer"].height)
    files = {
        "vehicle-cards": ("vehicle card", "Outrider vehicle cards", [
            Deck("vehicle cards", card, vehicle_card_pieces(vehicles, data, templates, icons),
                 cards)]),
        "dashboards": ("dashboard", "Outrider dashboards", [
            Deck("dashboards", dashboard_component(data),
                 dashboard_pieces(vehicles, data, templates, icons), boards)]),
        "maneuver-cards": ("maneuver card", "Outrider maneuver cards", [
            Deck("maneuver cards", card, maneuver_pieces(data, templates, icons, card.width),
                 cards)]),
        "reference-cards": ("reference card", "Outrider range, capstone, reference and "
                            "speedometer cards", [
                                Deck("range, capstone and reference cards", card, shared, cards),
                                Deck("speedometers", speedometer, tiles, cards)]),
        "tokens": ("token", "Outrider tracking tokens", [
            Deck("tracking tokens", counter, counters, cards),
            Deck("plus tokens", plus_token, plus, cards)]),
    }
    return [output for name, (kind, title, decks) in files.items()
            for output in deck_outputs(ComponentFile(GAME_ID, name, kind, title, names,
                                                     name in SHARES_SHEETS), decks,
                                       context)]
