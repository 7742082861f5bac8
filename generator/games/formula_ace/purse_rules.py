"""The Formula Ace check that each pilot's winnings stay with that pilot (14/,
FA-PILOT-PURSE): the team keeps one balance, and the replay holds back each pilot's prize
from the last race for that pilot's own ship and schooling. Registered on the rule book of
``rules.py``; ``season_rules`` imports this module so the check is registered."""

from __future__ import annotations

from collections.abc import Iterator

from generator.games.formula_ace.catalogues import FormulaData
from generator.games.formula_ace.model import Pilot, Race, Team
from generator.games.formula_ace.rules import RULES
from generator.games.formula_ace.season import Moment, pilot_cost, ship_cost, timeline
from generator.input.findings import KeyPath, Violation

__all__ = ["RULES"]


@RULES.check("FA-PILOT-PURSE")
def winnings_stay_with_the_pilot(team: Team, context: FormulaData) -> Iterator[Violation]:
    held: dict[str, int] = {}
    last_race = ""
    for moment in timeline(team, context)[1]:
        entry = moment.entry
        if entry.race is not None:
            last_race = entry.race.name
            held = _winnings(entry.race, context)
            continue
        _repairs_from_own_winnings(moment, held)
        bought = _improvement(moment, context, held)
        if bought is None:
            continue
        at, item, ship, owner, cost, credits = bought
        others = {p: amount for p, amount in held.items() if p != owner and amount}
        if others and cost <= credits and cost > credits - sum(others.values()):
            yield Violation(at, {
                "item": item, "ship": ship, "owner": owner, "cost": cost,
                "held": min(credits, sum(others.values())), "credits": credits,
                "others": " and ".join(others), "race": last_race})
        if owner in held:
            held[owner] = max(0, held[owner] - cost)


def _repairs_from_own_winnings(moment: Moment, held: dict[str, int]) -> None:
    """A repair is no improvement (14/ forbids only those): it is paid from the winnings of
    the pilot whose ship it mends first, so they are no longer held."""
    repair = moment.entry.repair
    ship = moment.before.ships.get(repair.ship) if repair is not None else None
    if ship is not None and ship.pilot in held:
        spent = moment.before.credits - moment.after.credits
        held[ship.pilot] = max(0, held[ship.pilot] - spent)


def _improvement(moment: Moment, data: FormulaData, held: dict[str, int]
                 ) -> tuple[KeyPath, str, str, str, int, int] | None:
    """(where, what, ship, its pilot, cost, credits to pay it from) for a step that improves
    a pilot's ship: a purchase for it, or the upgrades and derby items a ship is bought
    with; or a pilot's schooling (ship ""), as 14/ keeps experience apart too. The hull of
    a ship bought is no improvement: any winnings may pay for it, and those held for other
    pilots are spent on it first."""
    buy, new = moment.entry.buy, moment.entry.new_ship
    if buy is not None and buy.item == "school":
        return _schooling(moment, data)
    if buy is not None:
        ship = moment.before.ships.get(buy.ship or "")
        if ship is None or ship.pilot is None:
            return None
        return ((*moment.path, "buy", "ship"), data.items[buy.item].name, ship.name,
                ship.pilot, data.items[buy.item].price * buy.count, moment.before.credits)
    recruit = moment.entry.recruit
    if recruit is not None and any(recruit.school.values()):
        return _schooled_recruit(moment, recruit, data, held)
    if new is None or new.pilot is None or not (new.upgrades or new.weapons):
        return None
    hull = data.items["new-ship"].price
    for name in [p for p in held if p != new.pilot]:
        spent = min(held[name], hull)
        held[name], hull = held[name] - spent, hull - spent
    key = "weapons" if new.weapons else "upgrades"
    return ((*moment.path, "new_ship", key), "equipment", new.name, new.pilot,
            ship_cost(new, data), moment.before.credits - data.items["new-ship"].price)


def _schooling(moment: Moment, data: FormulaData
               ) -> tuple[KeyPath, str, str, str, int, int] | None:
    """A school level bought for a living pilot of the team (FA-BUY-TARGET refuses the
    rest)."""
    buy = moment.entry.buy
    pilot = moment.before.pilots.get(buy.pilot or "") if buy is not None else None
    if buy is None or pilot is None or buy.skill is None or not pilot.alive:
        return None
    return ((*moment.path, "buy", "pilot"), data.items["school"].name, "", pilot.name,
            data.items["school"].price * buy.count, moment.before.credits)


def _schooled_recruit(moment: Moment, recruit: Pilot, data: FormulaData,
                      held: dict[str, int]) -> tuple[KeyPath, str, str, str, int, int]:
    """A pilot recruited with school levels: the recruit's price any winnings may pay (as a
    ship's hull), those held for other pilots first; the levels improve the new pilot."""
    fee = data.items["new-pilot"].price
    for name in list(held):
        spent = min(held[name], fee)
        held[name], fee = held[name] - spent, fee - spent
    return ((*moment.path, "recruit", "school"), data.items["school"].name, "", recruit.name,
            pilot_cost(recruit, data, recruited=False),
            moment.before.credits - data.items["new-pilot"].price)


def _winnings(race: Race, data: FormulaData) -> dict[str, int]:
    """Each pilot's prize in ``race`` (15/, 19/)."""
    bonus = data.aces_high_bonus["credits"] * race.features
    return {r.pilot: data.prize(r.place, race.starters) + (bonus if r.place else 0)
            for r in race.results}
