"""Checks for the Formula Ace rules about a ship: its space, speed, hit points, boosters,
fins and weapons, each read at every step of the season's timeline. Registered on the rule
book of ``rules.py``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from generator.games.formula_ace.catalogues import FormulaData
from generator.games.formula_ace.model import DERBY, Purchase, Ship, Team, Weapon
from generator.games.formula_ace.rules import (
    RULES,
    every_ship,
    pilot_categories,
    race_lines,
    ship_moments,
)
from generator.games.formula_ace.season import (
    ShipState,
    timeline,
)
from generator.input.editor_schema import EVERY, at, has, when
from generator.input.findings import KeyPath, Violation
from generator.input.schema import Choice, Nullable, declared_fields

__all__ = ["RULES"]


# --- Ships ---------------------------------------------------------------------------


def first_breaches(team: Team, data: FormulaData, breaks: Callable[[ShipState], bool],
                   bought: str | None = None) -> Iterator[tuple[KeyPath, ShipState, bool]]:
    """Each ship's first moment (of :func:`ship_moments`) at which ``breaks`` holds: a fault
    carried through the season is reported once, where it began. With ``bought``, only
    purchases of that item count among the season's moments: what a race used up since is
    no fault of another purchase."""
    reported: set[str] = set()
    for path, state, written in ship_moments(team, data):
        if bought is not None and not written and _bought(team, path) != bought:
            continue
        if state.name not in reported and breaks(state):
            reported.add(state.name)
            yield path, state, written


def _bought(team: Team, path: KeyPath) -> str | None:
    """The item of the purchase at ``path`` (a season step's buy)."""
    step = path[1] if len(path) > 1 else None
    buy = team.season[step].buy if isinstance(step, int) else None
    return buy.item if buy is not None else None


def _at(path: KeyPath, written: bool, *keys: str | int) -> KeyPath:
    return (*path, *keys) if written else path


def _item_at(path: KeyPath, written: bool, *keys: str | int) -> KeyPath:
    """As :func:`_at`, but a purchase is pointed at its item: what it is breaks the rule,
    not how many."""
    if not written and path[-1:] == ("count",):
        return (*path[:-1], "item")
    return _at(path, written, *keys)


def overflow(ship: Ship, space: int, data: FormulaData) -> KeyPath:
    """Where in a written ship the item that does not fit is: its upgrades counted first,
    in the order written, then its derby items; the one that takes the ship past its
    space."""
    used = 0
    for name, count in ship.upgrades.items():
        used += data.items[name].space * count
        if used > space:
            return ("upgrades", name)
    for index, weapon in enumerate(ship.weapons):
        used += data.items[weapon.item].space
        if used > space:
            return ("weapons", index)
    return ()


@RULES.check("FA-SHIP-SPACE")
def ship_space(team: Team, context: FormulaData) -> Iterator[Violation]:
    written = dict(every_ship(team))
    for path, state, _ in first_breaches(team, context,
                                         lambda state: state.space_used > state.space):
        larger = [t.name for t in context.ships.values() if t.space >= state.space_used]
        ship = written.get(path)
        at = (*path, *overflow(ship, state.space, context)) if ship is not None else path
        yield Violation(at, {
            "ship": state.name, "type": state.type, "used": state.space_used,
            "space": state.space, "larger": ", ".join(larger)})


@RULES.check("FA-SHIP-SPEED-MAX")
def speed_at_most_double(team: Team, context: FormulaData) -> Iterator[Violation]:
    return _at_most_factor(team, context, "speed", "speed")


@RULES.check("FA-SHIP-HP-MAX")
def hit_points_at_most_double(team: Team, context: FormulaData) -> Iterator[Violation]:
    return _at_most_factor(team, context, "hit-point", "hit_points")


def _at_most_factor(team: Team, context: FormulaData, item: str, attribute: str
                    ) -> Iterator[Violation]:
    """Ships whose ``attribute`` (raised by the ``item`` upgrade) passes the item's factor
    times the ship type's own, at the first moment it does."""
    factor = int(context.items[item].max_factor or 2)

    def base(state: ShipState) -> int:
        return int(getattr(context.ships[state.type], attribute))
    for path, state, written in first_breaches(
            team, context, lambda state: getattr(state, attribute) > base(state) * factor):
        yield Violation(_at(path, written, "upgrades", item), {
            "ship": state.name, "type": state.type, attribute: getattr(state, attribute),
            "maximum": base(state) * factor, "base": base(state)})


@RULES.check("FA-SHIP-BOOSTERS-MAX")
def at_most_four_boosters(team: Team, context: FormulaData) -> Iterator[Violation]:
    return _at_most_parts(team, context, "booster", "boosters")


@RULES.check("FA-SHIP-FINS-MAX")
def at_most_four_fins(team: Team, context: FormulaData) -> Iterator[Violation]:
    return _at_most_parts(team, context, "fin", "fins")


def _at_most_parts(team: Team, context: FormulaData, item: str, attribute: str
                   ) -> Iterator[Violation]:
    """Ships carrying more of a part (``boosters``, ``fins``) than the item's catalogue
    maximum, at the first moment they do."""
    maximum = int(context.items[item].max or 4)
    for path, state, written in first_breaches(
            team, context, lambda state: getattr(state, attribute) > maximum):
        yield Violation(_at(path, written, "upgrades", item), {
            "ship": state.name, "count": getattr(state, attribute), "maximum": maximum,
            "basic": context.basic_equipment[attribute],
            "destroyed": getattr(state, f"{attribute}_destroyed")})


@RULES.check("FA-SHIP-ZAP")
def zap_replaces_a_booster(team: Team, context: FormulaData) -> Iterator[Violation]:
    for path, state, written in first_breaches(
            team, context, lambda state: state.upgrades["zap-o-burn"] > state.boosters):
        yield Violation(_at(path, written, "upgrades", "zap-o-burn"), {
            "ship": state.name, "zaps": state.upgrades["zap-o-burn"],
            "boosters": state.boosters})


@RULES.check("FA-SHIP-RAMMING-MAX")
def ramming_edges(team: Team, context: FormulaData) -> Iterator[Violation]:
    maximum = int(context.items["ramming-edge"].max or 6)
    for path, state, written in first_breaches(
            team, context, lambda state: state.upgrades["ramming-edge"] > maximum):
        yield Violation(_at(path, written, "upgrades", "ramming-edge"), {
            "ship": state.name, "count": state.upgrades["ramming-edge"], "maximum": maximum})


def carried_items(state: ShipState, data: FormulaData) -> str:
    names = Counter(data.items[item].name for item, _ in state.weapons)
    return ", ".join(name if n == 1 else f"{n} {name}" for name, n in names.items())


@RULES.check("FA-DERBY-ONLY")
def weapons_only_in_the_derby(team: Team, context: FormulaData) -> Iterator[Violation]:
    categories = pilot_categories(team)
    for path, state, written in first_breaches(
            team, context, lambda state: bool(state.weapons) and categories.get(
                state.pilot or "") not in (None, DERBY)):
        yield Violation(_item_at(path, written, "weapons"), {
            "case": "pilot", "ship": state.name, "items": carried_items(state, context),
            "pilot": state.pilot, "category": categories.get(state.pilot or "")})
    for line in race_lines(team, context):
        race, ship = line.race, line.ship
        if race.category == DERBY:
            continue
        if ship is not None and ship.weapons:
            yield Violation((*line.at, "ship"), {
                "case": "ship", "race": race.name, "category": race.category,
                "ship": ship.name, "items": carried_items(ship, context)})
        extras = [context.items[item].name
                  for item in (*line.result.options, *line.result.weapons_used)]
        if extras:
            field = "options" if line.result.options else "weapons_used"
            yield Violation((*line.at, field), {
                "case": "extras", "race": race.name, "category": race.category,
                "pilot": line.result.pilot, "items": ", ".join(extras)})


@RULES.check("FA-WEAPON-MOUNT")
def firing_weapons_are_mounted(team: Team, context: FormulaData) -> Iterator[Violation]:
    for path, ship in every_ship(team):
        for index, weapon in enumerate(ship.weapons):
            if context.items[weapon.item].kind == "weapon" and weapon.mount is None:
                yield Violation((*path, "weapons", index), {
                    "ship": ship.name, "item": context.items[weapon.item].name})
    for index, entry in enumerate(team.season):
        buy = entry.buy
        if buy is not None and context.items[buy.item].kind == "weapon" and buy.mount is None:
            yield Violation(("season", index, "buy", "item"), {
                "ship": buy.ship or "the ship", "item": context.items[buy.item].name})


@RULES.editor_schema("FA-WEAPON-MOUNT")
def firing_weapons_are_mounted_schema(context: FormulaData) -> list[dict[str, Any]]:
    firing = [key for key, item in context.items.items() if item.kind == "weapon"]

    def mounted(model: type) -> dict[str, Any]:
        fields = {info.name: info.spec for info in declared_fields(model)}
        item, mount = fields["item"], fields["mount"]
        assert isinstance(item, Choice) and isinstance(mount, Nullable)
        return when(has(["item"], item.spellings(firing)),
                    has(["mount"], {"not": mount.blank_schema()}))
    item = {info.name: info.spec for info in declared_fields(Weapon)}["item"]
    assert isinstance(item, Choice)
    # A derby item written by its name alone has no mount: a firing one breaks the rule.
    weapon = {"allOf": [mounted(Weapon), {"not": {"allOf": [{"type": "string"},
                                                            item.spellings(firing)]}}]}
    return [at(["ships", EVERY, "weapons", EVERY], weapon),
            at(["season", EVERY, "new_ship", "weapons", EVERY], weapon),
            at(["season", EVERY, "buy"], mounted(Purchase))]


# What each kind of derby item does instead of firing from a mount (17/).
NOT_MOUNTED = {"dropped": "it is dropped on the circuit", "area": "it covers an area for a turn",
               "protection": "it cancels an attack", "turret": "it fires all round",
               "upgrade": "it is an upgrade of the ship (16/)",
               "pilot": "it trains a pilot (16/)"}


@RULES.check("FA-MOUNT-NO-WEAPON")
def mounts_are_for_firing_weapons(team: Team, context: FormulaData) -> Iterator[Violation]:
    bought = [((*path, "weapons", index, "mount"), ship.name, weapon.item, weapon.mount)
              for path, ship in every_ship(team) for index, weapon in enumerate(ship.weapons)]
    bought += [(("season", index, "buy", "mount"), _buyer(entry.buy), entry.buy.item,
                entry.buy.mount)
               for index, entry in enumerate(team.season) if entry.buy is not None]
    for path, ship, item_id, mount in bought:
        item = context.items[item_id]
        if mount is not None and item.kind in NOT_MOUNTED:
            yield Violation(path, {"ship": ship, "item": item.name, "mount": mount,
                                   "what": NOT_MOUNTED[item.kind]})


def _buyer(buy: Purchase) -> str:
    """Whose purchase it is, as a message names it: the pilot school trains, else the ship."""
    if buy.item == "school":
        return buy.pilot or "the pilot"
    return buy.ship or "the ship"


@RULES.check("FA-TURRET")
def turret_has_a_weapon(team: Team, context: FormulaData) -> Iterator[Violation]:
    def kinds(state: ShipState) -> Counter[str]:
        return Counter(context.items[item].kind for item, _ in state.weapons)
    ships = dict(every_ship(team))
    for path, state, written in first_breaches(
            team, context, lambda state: kinds(state)["turret"] > kinds(state)["weapon"],
            bought="turret"):
        ship = ships.get(path) if written else None
        if ship is not None:  # the first turret with no weapon left to carry
            turrets = [j for j, w in enumerate(ship.weapons) if w.item == "turret"]
            path = (*path, "weapons", turrets[kinds(state)["weapon"]])
        yield Violation(_item_at(path, written), {
            "ship": state.name, "turrets": kinds(state)["turret"],
            "weapons": kinds(state)["weapon"]})


@RULES.check("FA-AUTO-START-ONE")
def one_auto_start(team: Team, context: FormulaData) -> Iterator[Violation]:
    for path, state, written in first_breaches(
            team, context, lambda state: state.upgrades["auto-start"] > 1):
        yield Violation(_at(path, written, "upgrades", "auto-start"), {
            "ship": state.name, "count": state.upgrades["auto-start"]})


def weapons_fitted(team: Team) -> Iterator[tuple[KeyPath, str, str, int]]:
    """(path, ship, item, step) for every derby item fitted to a ship: on the ships the
    season starts with (step 0), on each ship bought and by each purchase (its step)."""
    for index, ship in enumerate(team.ships):
        for j, weapon in enumerate(ship.weapons):
            yield ("ships", index, "weapons", j, "item"), ship.name, weapon.item, 0
    for index, entry in enumerate(team.season):
        if entry.new_ship is not None:
            for j, weapon in enumerate(entry.new_ship.weapons):
                yield (("season", index, "new_ship", "weapons", j, "item"),
                       entry.new_ship.name, weapon.item, index + 1)
        elif entry.buy is not None and entry.buy.ship is not None:
            yield ("season", index, "buy", "item"), entry.buy.ship, entry.buy.item, index + 1


@RULES.check("FA-FIRING-NEVER")
def weapons_can_hit(team: Team, context: FormulaData) -> Iterator[Violation]:
    start, moments = timeline(team, context)
    for path, name, item_id, step in weapons_fitted(team):
        state = moments[step - 1].after if step else start
        ship = state.ships.get(name)
        pilot = state.pilots.get(ship.pilot or "") if ship is not None else None
        item = context.items[item_id]
        if pilot is None or pilot.category != DERBY or item.kind != "weapon":
            continue
        firing = pilot.skills["firing"]
        if firing + int(item.skill or 0) < 1:
            yield Violation(path, {
                "pilot": pilot.name, "ship": name, "firing": firing, "weapon": item.name,
                "needed": firing + int(item.skill or 0)})
