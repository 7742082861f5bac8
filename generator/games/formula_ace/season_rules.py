"""Checks for the Formula Ace rules about the season: credits, borrowing, races entered and
their results, repairs and purchases. Registered on the rule book of ``rules.py``; the
package imports this module (after ``ship_rules`` and ``purse_rules``) so every check is
registered."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from generator.games.formula_ace.catalogues import FormulaData
from generator.games.formula_ace.model import SeasonEntry, Team
from generator.games.formula_ace.purse_rules import RULES
from generator.games.formula_ace.rules import (
    ENDS_RACE,
    race_lines,
)
from generator.games.formula_ace.season import (
    LedgerLine,
    flying_ships,
    may_borrow,
    replay,
    timeline,
    uncovered_categories,
)
from generator.games.formula_ace.ship_rules import carried_items
from generator.input.editor_schema import EVERY, at, has
from generator.input.findings import KeyPath, Violation
from generator.input.schema import Nullable, declared_fields

__all__ = ["RULES"]


# --- The season ----------------------------------------------------------------------


@RULES.editor_schema("FA-SEASON-ENTRY")
def one_thing_a_step_schema() -> list[dict[str, Any]]:
    # Exactly one of the entry's fields is written and not blank (SeasonEntry.kinds).
    kinds = [(info.name, info.spec) for info in declared_fields(SeasonEntry)
             if isinstance(info.spec, Nullable)]
    return [at(["season", EVERY], {"oneOf": [has([name], {"not": spec.blank_schema()})
                                             for name, spec in kinds]})]


@RULES.check("FA-SEASON-ENTRY")
def one_thing_a_step(team: Team) -> Iterator[Violation]:
    for index, entry in enumerate(team.season):
        if len(entry.kinds) != 1:
            yield Violation(("season", index), {"kinds": " and ".join(entry.kinds)})


@RULES.check("FA-CREDITS-NEGATIVE")
def credits_never_negative(team: Team, context: FormulaData) -> Iterator[Violation]:
    # A team 14/ lets borrow borrows what it spends beyond its credits as it replays
    # (season.apply_entry), so only spending no loan covers goes below zero.
    state = replay(team, data=context)
    was_negative = False
    for line in state.ledger:
        if line.balance < 0 and not was_negative:
            path = _overdrawn_at(team, line, context)
            yield Violation(path, {
                "kind": line.kind, "name": line.about.get("name", ""),
                "what": line.about.get("what", ""),
                "count": line.about.get("count", 1), "race": line.about.get("race", ""),
                "bought": line.about.get("bought", False),
                "cost": -line.amount, "balance": line.balance, "start": line.step == 0})
        was_negative = line.balance < 0


def _overdrawn_at(team: Team, line: LedgerLine, data: FormulaData) -> KeyPath:
    """Where a ledger line that took the credits below zero points: into a starting ship
    or pilot, at what was bought for it that the credits no longer cover."""
    index, before = line.path[1] if len(line.path) > 1 else None, line.balance - line.amount
    if line.kind == "start-ship" and isinstance(index, int):
        return _overdrawn_item(team, index, before, data)
    if line.kind == "start-pilot" and isinstance(index, int):
        return _overdrawn_pilot(team, index, before, data)
    return line.path


def _overdrawn_pilot(team: Team, index: int, balance: int, data: FormulaData) -> KeyPath:
    """What a starting pilot's file bought that took the credits below zero: the pilot
    when recruited as the 4th (16/), then the school levels in the order written."""
    pilot = team.pilots[index]
    at: KeyPath = ("pilots", index)
    costs: list[tuple[KeyPath, int]] = []
    if index in team.recruits:
        costs.append((at, data.items["new-pilot"].price))
    costs += [((*at, "school", skill), data.items["school"].price * count)
              for skill, count in pilot.school.items() if count]
    for path, cost in costs:
        balance -= cost
        if balance < 0:
            return path
    return at


def _overdrawn_item(team: Team, index: int, balance: int, data: FormulaData) -> KeyPath:
    """What a ship listed at the start was fitted with that took the credits below zero:
    the ship itself when it is one bought beyond the first three (16/), then its upgrades
    in the order written, then its derby items, paid in that order from ``balance``."""
    ship = team.ships[index]
    at: KeyPath = ("ships", index)
    costs: list[tuple[KeyPath, int]] = []
    if index >= int(data.season_start["ships"]):
        costs.append((at, data.items["new-ship"].price))
    costs += [((*at, "upgrades", name), data.items[name].price * count)
              for name, count in ship.upgrades.items()]
    costs += [((*at, "weapons", j), data.items[weapon.item].price)
              for j, weapon in enumerate(ship.weapons)]
    for path, cost in costs:
        balance -= cost
        if balance < 0:
            return path
    return at


@RULES.check("FA-BORROW")
def borrow_only_when_stranded(team: Team, context: FormulaData) -> Iterator[Violation]:
    for moment in timeline(team, context)[1]:
        if moment.entry.borrow is None:
            continue
        state = moment.before
        if not may_borrow(state, context):
            yield Violation((*moment.path, "borrow"), {
                "amount": moment.entry.borrow, "flying": flying_ships(state),
                "uncovered": ", ".join(uncovered_categories(state, context)),
                "maximum": context.max_pilots})


@RULES.check("FA-REPAY")
def repay_what_is_owed(team: Team, context: FormulaData) -> Iterator[Violation]:
    for moment in timeline(team, context)[1]:
        amount = moment.entry.repay
        if amount is not None and amount > moment.before.debt:
            yield Violation((*moment.path, "repay"), {"amount": amount,
                                                      "debt": moment.before.debt})


@RULES.check("FA-RACE-PILOT")
def pilot_fit_to_race(team: Team, context: FormulaData) -> Iterator[Violation]:
    for line in race_lines(team, context):
        pilot = line.pilot
        if pilot is not None and not pilot.available:
            yield Violation((*line.at, "pilot"), {
                "pilot": pilot.name, "race": line.race.name, "category": pilot.category,
                "status": pilot.status, "races_out": pilot.races_out})


@RULES.check("FA-RACE-SHIP")
def ship_not_destroyed(team: Team, context: FormulaData) -> Iterator[Violation]:
    for line in race_lines(team, context):
        ship = line.ship
        if ship is not None and ship.destroyed:
            yield Violation((*line.at, "ship"), {"ship": ship.name, "race": line.race.name})


@RULES.check("FA-RACE-NO-HP")
def ship_has_hit_points(team: Team, context: FormulaData) -> Iterator[Violation]:
    for line in race_lines(team, context):
        ship = line.ship
        if ship is not None and not ship.destroyed and ship.hit_points_left == 0:
            yield Violation((*line.at, "ship"), {
                "pilot": line.result.pilot, "race": line.race.name, "ship": ship.name,
                "hit_points": ship.hit_points})


@RULES.check("FA-RACE-PLACE")
def places_make_sense(team: Team) -> Iterator[Violation]:
    for step, entry in enumerate(team.season):
        race = entry.race
        if race is None:
            continue
        path: KeyPath = ("season", step, "race")
        if len(race.results) > race.starters:
            yield Violation((*path, "starters"), {
                "case": "field", "race": race.name, "results": len(race.results),
                "starters": race.starters})
        seen: dict[str, set[object]] = {"pilot": set(), "ship": set(), "place": set()}
        for index, result in enumerate(race.results):
            at = (*path, "results", index)
            if result.place is not None and result.place > race.starters:
                yield Violation((*at, "place"), {
                    "case": "place", "race": race.name, "pilot": result.pilot,
                    "place": result.place, "starters": race.starters})
            for key, value in (("pilot", result.pilot), ("ship", result.ship),
                               ("place", result.place)):
                if value is None:
                    continue
                if value in seen[key]:
                    yield Violation((*at, key), {"case": "twice", "race": race.name,
                                                 "key": key, "value": value})
                seen[key].add(value)


@RULES.check("FA-RACE-REPEAT")
def circuit_once_a_category(team: Team) -> Iterator[Violation]:
    first: dict[tuple[str, str], int] = {}
    for step, entry in enumerate(team.season):
        race = entry.race
        if race is None:
            continue
        key = (" ".join(race.name.casefold().split()), race.category)
        if key in first:
            yield Violation(("season", step, "race", "name"), {
                "race": race.name, "category": race.category, "first": first[key] + 1,
                "step": step + 1})
        first.setdefault(key, step)


@RULES.check("FA-RACE-FEATURES")
def features_once_each(team: Team, context: FormulaData) -> Iterator[Violation]:
    maximum = len(context.special_features)
    for step, entry in enumerate(team.season):
        race = entry.race
        if race is None:
            continue
        path: KeyPath = ("season", step, "race", "special_features")
        said = {"race": race.name, "features": race.features, "maximum": maximum,
                "starters": race.starters, "name": "", "times": 0,
                "listed": not isinstance(race.special_features, int)}
        repeats = list(_features_repeated(race.special_features))
        for index, name, times in repeats:
            yield Violation((*path, index), {**said, "case": "twice", "name": name,
                                             "times": times})
        # Named features past six are repeats, said above; a count is judged against six.
        limit = race.starters if repeats else min(maximum, race.starters)
        if race.features > limit:
            yield Violation(path, {**said, "case": "players" if race.starters < maximum
                                   else "table"})


def _features_repeated(written: int | tuple[str, ...]) -> Iterator[tuple[int, str, int]]:
    """(index, name, times written) for each Special Feature named again after its first
    (19/: each is on a circuit once); a count names none."""
    if isinstance(written, int):
        return
    seen: set[str] = set()
    for index, name in enumerate(written):
        if name in seen:
            yield index, name, written.count(name)
        seen.add(name)


@RULES.editor_schema("FA-RACE-FEATURES")
def features_once_each_schema(context: FormulaData) -> list[dict[str, Any]]:
    most = len(context.special_features)
    return [at(["season", EVERY, "race", "special_features"],
               {"maximum": most, "maxItems": most, "uniqueItems": True})]


@RULES.check("FA-RACE-FINISH")
def ended_races_have_no_place(team: Team) -> Iterator[Violation]:
    for step, entry in enumerate(team.season):
        race = entry.race
        if race is None:
            continue
        for index, result in enumerate(race.results):
            # A ship that explodes (Critical 6) kills its pilot, an outcome of its own; a
            # ship written destroyed with its pilot fit was discarded as too battered
            # (12/), which may follow a race it finished.
            if result.pilot_outcome in ENDS_RACE and result.place is not None:
                yield Violation(("season", step, "race", "results", index, "place"), {
                    "pilot": result.pilot, "outcome": result.pilot_outcome,
                    "race": race.name, "place": result.place})


@RULES.check("FA-RACE-DAMAGE")
def damage_follows_the_table(team: Team, context: FormulaData) -> Iterator[Violation]:
    for line in race_lines(team, context):
        race, result, ship, at = line.race, line.result, line.ship, line.at
        if ship is None or ship.destroyed:
            continue
        rolls = max(0, result.hit_points_lost - ship.hit_points_left)
        parts = (result.boosters_broken + result.fins_broken
                 + result.boosters_destroyed + result.fins_destroyed)
        table = parts + (result.pilot_outcome != "fit")
        if table > rolls:
            yield Violation((*at, "hit_points_lost"), {
                "case": "rolls", "ship": ship.name, "race": race.name, "results": table,
                "rolls": rolls, "left": ship.hit_points_left})
        for part, lost, working in (
                ("booster", result.boosters_broken + result.boosters_destroyed,
                 ship.working_boosters),
                ("fin", result.fins_broken + result.fins_destroyed, ship.working_fins)):
            if lost > working:
                key = f"{part}s_broken" if getattr(result, f"{part}s_broken") else \
                    f"{part}s_destroyed"
                yield Violation((*at, key), {"case": "parts", "ship": ship.name,
                                             "race": race.name, "part": part, "lost": lost,
                                             "working": working})


@RULES.check("FA-RACE-WEAPON-USED")
def used_weapons_were_carried(team: Team, context: FormulaData) -> Iterator[Violation]:
    for line in race_lines(team, context):
        ship = line.ship
        if ship is None:
            continue
        carried = Counter(item for item, _ in ship.weapons)
        used = line.result.weapons_used
        for item, count in Counter(used).items():
            if count > carried[item]:  # at the first one the ship has none left for
                extra = [i for i, name in enumerate(used) if name == item][carried[item]]
                yield Violation((*line.at, "weapons_used", extra), {
                    "ship": ship.name, "item": context.items[item].name,
                    "race": line.race.name, "used": count, "have": carried[item],
                    "carried": carried_items(ship, context) or "no derby items"})


@RULES.check("FA-REPAIR-EXCESS")
def repairs_mend_damage(team: Team, context: FormulaData) -> Iterator[Violation]:
    for moment in timeline(team, context)[1]:
        repair = moment.entry.repair
        ship = moment.before.ships.get(repair.ship) if repair is not None else None
        if repair is None or ship is None:
            continue
        path = (*moment.path, "repair")
        if ship.destroyed:
            yield Violation(path, {"case": "destroyed", "ship": ship.name})
            continue
        for key, what, damage in (
                ("hit_points", "hit point", ship.hit_points_lost),
                ("boosters", "broken booster", ship.boosters_broken),
                ("fins", "broken fin", ship.fins_broken),
                ("boosters_replaced", "destroyed booster", ship.boosters_destroyed),
                ("fins_replaced", "destroyed fin", ship.fins_destroyed)):
            mended = getattr(repair, key)
            if mended > damage:
                yield Violation((*path, key), {"case": "excess", "ship": ship.name,
                                               "part": what, "mended": mended,
                                               "damage": damage})


@RULES.check("FA-BUY-TARGET")
def purchases_name_their_target(team: Team, context: FormulaData) -> Iterator[Violation]:
    for moment in timeline(team, context)[1]:
        buy = moment.entry.buy
        if buy is None:
            continue
        path = (*moment.path, "buy")
        said = {"item": context.items[buy.item].name, "pilot": buy.pilot or "",
                "ship": buy.ship or "", "skill": buy.skill or "", "category": "",
                "skills": ""}
        if buy.item == "school":
            pilot = moment.before.pilots.get(buy.pilot or "")
            if buy.pilot is None or buy.skill is None:
                yield Violation(path, {**said, "case": "school"})
            elif pilot is not None and not pilot.alive:
                yield Violation(path, {**said, "case": "dead"})
            elif pilot is not None and buy.skill not in context.skills_of(pilot.category):
                yield Violation((*path, "skill"), {
                    **said, "case": "skill", "category": pilot.category,
                    "skills": ", ".join(context.skills_of(pilot.category))})
            continue
        ship = moment.before.ships.get(buy.ship or "")
        if buy.ship is None:
            yield Violation(path, {**said, "case": "no-ship"})
        elif ship is not None and ship.destroyed:
            yield Violation((*path, "ship"), {**said, "case": "destroyed"})
