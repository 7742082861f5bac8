"""What a Joyride build prints, and the print checks that need the templates.

Five files under ``joyride/`` for the cars and items in a build (tracks print their own, see
``generator.tracks``; the dice stickers come from the shared sheets):

* ``dashboards.pdf``: one dashboard per car, one to an A4 or Letter page turned landscape;
* ``ability-tokens.pdf``: each car's standard and unique tokens, backs behind fronts;
* ``player-aids.pdf``: one per car, the turn on the front and collisions on the back;
* ``car-tokens.pdf``: each car's two-hex counter, initiative token and gear knob;
* ``items.pdf``: four pick-ups (face down on the back) and a description card for each
  standard item and each custom item in the build.

Every piece is planned (its text fitted) before any file is written; text that cannot fit is
a JR-PRINT-TEXT finding on the car or item file at load, or, for sizes chosen on the command
line, a usage error before anything is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.errors import UsageError
from generator.games.joyride.ability_tokens import car_token_pieces, token_component
from generator.games.joyride.car_tokens import (
    art_area,
    car_tokens,
    counter_component,
    marker_component,
)
from generator.games.joyride.catalogues import JoyrideData, joyride_data
from generator.games.joyride.dashboard import (
    DashboardFace,
    check_geometry,
    dashboard_component,
    dashboard_text,
    geometry,
    plan_dashboard,
)
from generator.games.joyride.item_cards import card_component, item_set, pickup_component
from generator.games.joyride.model import Ability, Car, Item
from generator.games.joyride.player_aid import aid_component, aid_piece
from generator.games.joyride.rules import RULES
from generator.games.joyride.standard import resolve, standard_items
from generator.input.findings import Finding
from generator.input.schema import did_you_mean
from generator.paper.art import art_findings
from generator.paper.decks import ComponentFile, Deck, deck_outputs
from generator.paper.icons import IconSet
from generator.paper.imposition import Component, Piece
from generator.paper.output import BuildContext, Output, PrintOptions
from generator.paper.units import Paper, mm, to_mm
from generator.text.templates import TextTemplates

if TYPE_CHECKING:
    from generator.project.loading import Definition

GAME_ID = "joyride"
# The files whose pieces may share sheets (generator.paper.packed), with the items; the
# dashboards take a landscape sheet each.
SHARES_SHEETS = frozenset({"ability-tokens", "player-aids", "car-tokens"})
HEX_GUTTER = mm(3)                  # room to cut round hexagonal pieces

KeyPath = tuple[str | int, ...]
Problem = tuple[str, str, KeyPath]  # (part, component, where in the file)

_DASHBOARD_PATHS: dict[str, KeyPath] = {"name": ("name",), "driver": ("driver",),
                                        "flavour": ("flavour",)}
_ADVICE = {"name": "a shorter name", "driver": "a shorter driver's name",
           "flavour": "shorter flavour text", "effect": "a shorter effect",
           "footnote": "a shorter footnote",
           " car": "a shorter name or driver's name (the player aid prints both on one line)"}


# --- planning ---------------------------------------------------------------------------


def dashboard_face(car: Car, data: JoyrideData, templates: TextTemplates, icons: IconSet,
                   hex_across: float) -> tuple[DashboardFace, list[str]]:
    """One car's dashboard, planned, and the parts of its text that cannot fit."""
    found = geometry(car, data, hex_across)
    check_geometry(found)
    plan = plan_dashboard(dashboard_text(car, data, templates), found, len(data.steps))
    marker_icons = {marker.id: marker.icon or "arrow" for marker in data.markers.values()}
    return (DashboardFace(car, found, plan, len(data.steps), marker_icons, icons),
            plan.problems)


def ability_path(car: Car, name: str, part: str) -> KeyPath:
    """Where in the car file the text of the ability called ``name`` is written."""
    for index, ref in enumerate(car.abilities):
        ability = resolve(ref)
        if ability is None or ability.name != name:
            continue
        if not isinstance(ref, Ability):
            return ("abilities", index)
        side = ("other_side",) if part.startswith("other side") else ()
        field_name = "name" if part.endswith("name") else "effect"
        return ("abilities", index, *side, field_name)
    return ("name",)


def car_problems(car: Car, data: JoyrideData, templates: TextTemplates, icons: IconSet,
                 printing: PrintOptions) -> list[Problem]:
    """Every text of a car's pieces that cannot fit at 6 pt, at these print sizes."""
    problems: list[Problem] = []
    _, dashboard = dashboard_face(car, data, templates, icons, printing.hex)
    problems += [(part, "dashboard", _DASHBOARD_PATHS.get(part, ("name",)))
                 for part in dashboard]
    _, tokens = car_token_pieces(car, data, templates, icons,
                                 token_component(data, printing.bleed))
    problems += [(part, f"'{name}' ability token", ability_path(car, name, part))
                 for name, part in tokens]
    _, aid = aid_piece(car, data, templates, icons, aid_component(data, printing.bleed))
    # the aid's car line prints the name and the driver: found at the longer of the two
    line: KeyPath = ("driver",) if len(car.driver or "") > len(car.name) else ("name",)
    problems += [(part, "player aid", line if part.endswith(" car") else ("name",))
                 for part in aid]
    pieces = car_tokens(car, templates, icons, _counter(data, printing),
                        marker_component(data, printing.bleed))
    problems += [(part, "car tokens", ("name",)) for part in pieces.problems]
    return problems


def item_problems(item: Item, data: JoyrideData, templates: TextTemplates, icons: IconSet,
                  printing: PrintOptions) -> list[Problem]:
    """Every text of an item's pick-ups and card that cannot fit at 6 pt."""
    (pieces,) = item_set([item], data, templates, icons, pickup_component(printing.hex),
                         card_component(data, printing.bleed))
    paths: dict[str, KeyPath] = {"effect": ("effect",), "footnote": ("footnote",)}
    return [(part, "item card" if not part.startswith("pick-up") else "pick-up",
             paths.get(part, ("name",))) for part in pieces.problems]


def _counter(data: JoyrideData, printing: PrintOptions) -> Component:
    return counter_component(printing.hex, data.geometry["car_counter_share"])


# --- the print check --------------------------------------------------------------------


def user_icons(templates: TextTemplates) -> IconSet:
    """The icons a build with these templates draws with (a user's icons.yaml first)."""
    return IconSet(templates.search_path[0] if len(templates.search_path) > 1 else None)


def icon_findings(definition: Definition, icons: IconSet) -> list[Finding]:
    """JR-PRINT-ICON for every icon a car's abilities or an item names that does not exist."""
    model = definition.model
    named: list[tuple[KeyPath, str | None]] = []
    if isinstance(model, Item):
        named.append((("icon",), model.icon))
    else:
        for index, ref in enumerate(model.abilities):
            if isinstance(ref, Ability):
                named.append((("abilities", index, "icon"), ref.icon))
                if ref.other_side is not None:
                    named.append((("abilities", index, "other_side", "icon"),
                                  ref.other_side.icon))
    return [RULES["JR-PRINT-ICON"].finding(
        definition.locate(path), icon=icon, suggestion=did_you_mean(icon, icons.names()) or "",
        known=", ".join(icons.names()))
        for path, icon in named if icon is not None and icons.resolve(icon) is None]


def print_findings(definition: Definition, templates: TextTemplates) -> list[Finding]:
    """JR-PRINT-ICON for unknown icons, then JR-ART-FILE or JR-ART-RESOLUTION for a car's
    picture and JR-PRINT-TEXT for every text of the car's or item's pieces that cannot fit
    at 6 pt (at the default print sizes)."""
    icons = user_icons(templates)
    findings = icon_findings(definition, icons)
    if findings:
        return findings
    model, data, printing = definition.model, joyride_data(), PrintOptions()
    if isinstance(model, Car):
        findings += art_findings(definition, RULES, "JR", [art_area(_counter(data, printing))])
    problems = (item_problems(model, data, templates, icons, printing)
                if isinstance(model, Item) else car_problems(model, data, templates, icons,
                                                             printing))
    for part, component, path in problems:
        advice = next((a for key, a in _ADVICE.items() if part.endswith(key)),
                      "shorter wording in the template or the file")
        findings.append(RULES["JR-PRINT-TEXT"].finding(
            definition.locate(path), part=part, component=component, advice=advice))
    return findings


# --- the outputs ------------------------------------------------------------------------


def _refuse(problems: Sequence[tuple[str, str]]) -> None:
    """Stop the build when text does not fit at the sizes chosen for it."""
    if problems:
        shown = "; ".join(f"{part} of {what}" for what, part in problems[:3])
        raise UsageError(f"Joyride text does not fit at 6 pt: {shown}; choose other sizes "
                         "or shorter text")


def car_outputs(cars: Sequence[Car], data: JoyrideData, context: BuildContext) -> list[Output]:
    """The dashboards, ability tokens, player aids and car tokens of ``cars``."""
    templates, icons, printing = context.templates, context.icons, context.printing
    names = [car.name for car in cars]
    bleed = printing.bleed
    dashboards: list[Piece] = []
    tokens: list[tuple[str, list[Piece]]] = []  # each car's ability tokens: a deck
    aids: list[Piece] = []
    counters: list[Piece] = []
    markers: list[Piece] = []
    problems: list[tuple[str, str]] = []
    token, aid = token_component(data, bleed), aid_component(data, bleed)
    counter, marker = _counter(data, printing), marker_component(data, bleed)
    for car in cars:
        face, parts = dashboard_face(car, data, templates, icons, printing.hex)
        dashboards.append(Piece(face, label=f"{car.name}: dashboard"))
        problems += [(f"{car.name}'s dashboard", part) for part in parts]
        pieces, token_parts = car_token_pieces(car, data, templates, icons, token)
        tokens.append((car.name, pieces))
        problems += [(f"{car.name}'s {name} token", part) for name, part in token_parts]
        piece, aid_parts = aid_piece(car, data, templates, icons, aid)
        aids.append(piece)
        problems += [(f"{car.name}'s player aid", part) for part in aid_parts]
        found = car_tokens(car, templates, icons, counter, marker)
        counters.append(found.counter)
        markers += found.markers
        problems += [(f"{car.name}'s tokens", part) for part in found.problems]
    _refuse(problems)
    landscape = context.paper.landscape()
    sheets = context.sheet_options()
    hexes = context.sheet_options(gutter=HEX_GUTTER)
    files: dict[str, tuple[str, str, Paper, list[Deck]]] = {
        "dashboards": ("dashboard", "Joyride dashboards", landscape, [
            Deck("dashboards", dashboard_component(data, bleed), dashboards,
                 context.sheet_options(paper=landscape))]),
        "ability-tokens": ("ability tokens", "Joyride driver ability tokens", context.paper,
                           [Deck(car, token, pieces, sheets, (car,)) for car, pieces in tokens]),
        "player-aids": ("player aid", "Joyride player aids", context.paper,
                        [Deck("player aids", aid, aids, sheets)]),
        "car-tokens": ("car tokens", "Joyride car counters, initiative tokens and gear knobs",
                       context.paper, [Deck("car counters", counter, counters, hexes),
                                       Deck("initiative tokens and gear knobs", marker,
                                            markers, sheets)]),
    }
    return [output for name, (kind, title, paper, decks) in files.items()
            for output in deck_outputs(ComponentFile(GAME_ID, name, kind, title, names,
                                                     name in SHARES_SHEETS), decks,
                                       context, paper)]


def item_outputs(custom: Sequence[Item], data: JoyrideData, context: BuildContext
                 ) -> list[Output]:
    """The item set: the standard items, then ``custom`` ones."""
    items = [*standard_items(), *custom]
    printing = context.printing
    pickup, card = pickup_component(printing.hex), card_component(data, printing.bleed)
    planned = item_set(items, data, context.templates, context.icons, pickup, card,
                       to_mm(printing.safe_zone))
    _refuse([(item.name, part) for item, pieces in zip(items, planned, strict=True)
             for part in pieces.problems])
    decks = [
        Deck("pick-ups", pickup, [p for pieces in planned for p in pieces.pickups],
             context.sheet_options(gutter=HEX_GUTTER)),
        Deck("item cards", card, [pieces.card for pieces in planned], context.sheet_options())]
    return deck_outputs(ComponentFile(GAME_ID, "items", "items", "Joyride items: pick-ups and "
                                      "descriptions", [item.name for item in items], True),
                        decks, context)


def prints_item_set(definitions: Sequence[Definition]) -> bool:
    """The item set (four pick-ups and a card per item) prints with any car or item."""
    return any(d.kind.name in ("vehicle", "item") for d in definitions)


def outputs(definitions: Sequence[Definition], context: BuildContext) -> list[Output]:
    """Everything the cars and items of a build print, planned now and written later."""
    cars = [d.model for d in definitions if d.kind.name == "vehicle"]
    custom = [d.model for d in definitions if d.kind.name == "item"]
    data = joyride_data()
    found = car_outputs(cars, data, context) if cars else []
    if prints_item_set(definitions):
        found += item_outputs(custom, data, context)
    return found
