"""The season replayed: the team's state after every step of its log.

Why: a team file holds the team as it stood at the start of the season plus what happened
since (races, purchases, repairs, recruits, loans). Credits, damage, wounds and points are
worked out here, step by step, so nobody keeps them twice by hand; the rules check the
ledger (``rules.py``), ``paddock season`` prints it and the roster shows the result.

Readings: prizes and points follow 15/ (1000 credits a starting opponent for the winner,
1000 less a place, nothing for not finishing; 5, 3, 2, then 1 point for any finisher; each
Aces High feature adds a point and 1000 credits, 19/). Everything bought before the first
race is paid from the starting credits. A ship's broken parts are repaired at 500 and
destroyed ones replaced at 2000 (12/); a destroyed ship is replaced with a new one.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from generator.games.formula_ace.catalogues import FormulaData, formula_data
from generator.games.formula_ace.model import (
    SKILLS,
    WOUNDED_FOR,
    Pilot,
    Race,
    SeasonEntry,
    Ship,
    Team,
)
from generator.input.findings import KeyPath

UNAVAILABLE = {"wounded-1": 1, "wounded-2": 2}


@dataclass
class ShipState:
    """A ship as it stands at one point of the season."""

    name: str
    type: str
    pilot: str | None
    upgrades: Counter[str]
    weapons: list[tuple[str, str | None]]
    hit_points_lost: int = 0
    boosters_broken: int = 0
    fins_broken: int = 0
    boosters_destroyed: int = 0
    fins_destroyed: int = 0
    destroyed: bool = False

    @property
    def speed(self) -> int:
        """Base speed in cm plus speed upgrades (2/, 16/)."""
        return formula_data().ships[self.type].speed + self.upgrades["speed"]

    @property
    def hit_points(self) -> int:
        """Hit points when undamaged: base plus upgrades (2/, 16/)."""
        return formula_data().ships[self.type].hit_points + self.upgrades["hit-point"]

    @property
    def hit_points_left(self) -> int:
        return max(0, self.hit_points - self.hit_points_lost)

    @property
    def flying(self) -> bool:
        """In flying order: not destroyed and with a hit point left (12/, 14/)."""
        return not self.destroyed and self.hit_points_left > 0

    @property
    def boosters(self) -> int:
        """Boosters fitted, the basic two included, Zap o' Burns among them (16/)."""
        return formula_data().basic_equipment["boosters"] + self.upgrades["booster"]

    @property
    def fins(self) -> int:
        """Fins fitted, the basic two included."""
        return formula_data().basic_equipment["fins"] + self.upgrades["fin"]

    @property
    def working_boosters(self) -> int:
        return max(0, self.boosters - self.boosters_broken - self.boosters_destroyed)

    @property
    def working_fins(self) -> int:
        return max(0, self.fins - self.fins_broken - self.fins_destroyed)

    @property
    def space(self) -> int:
        """Space available beyond the basic equipment (2/)."""
        return formula_data().ships[self.type].space

    @property
    def space_used(self) -> int:
        """Space taken by upgrades and derby items (the book's * and **)."""
        items = formula_data().items
        return (sum(items[name].space * count for name, count in self.upgrades.items())
                + sum(items[name].space for name, _ in self.weapons))


@dataclass
class PilotState:
    """A pilot as they stand at one point of the season."""

    name: str
    rank: str
    category: str
    skills: dict[str, int]
    status: str = "fit"          # fit, out (races to miss), season (out all season), dead
    races_out: int = 0
    credits_won: int = 0
    points: int = 0
    races: int = 0

    @property
    def alive(self) -> bool:
        """Not killed: wounded pilots still count towards the team's four (14/)."""
        return self.status != "dead"

    @property
    def available(self) -> bool:
        """Fit to race: neither dead nor out with a wound."""
        return self.status == "fit"


@dataclass(frozen=True)
class LedgerLine:
    """One movement of credits, with the season step it comes from. ``kind`` says what it
    was (start-pilot, start-ship, prize, loan-from-prize, option, buy, repair, new-ship,
    recruit, borrow, repay) and ``about`` the names and numbers the templates word it with."""

    step: int
    path: KeyPath
    kind: str
    amount: int
    balance: int
    about: dict[str, Any] = field(default_factory=dict)


@dataclass
class SeasonState:
    """The team after replaying its log up to some step."""

    credits: int
    debt: int = 0
    team_points: int = 0
    ships: dict[str, ShipState] = field(default_factory=dict)
    pilots: dict[str, PilotState] = field(default_factory=dict)
    ledger: list[LedgerLine] = field(default_factory=list)
    races: list[str] = field(default_factory=list)

    def pay(self, step: int, path: KeyPath, kind: str, amount: int, **about: Any) -> None:
        """Move credits (negative: spent) and write the line in the ledger."""
        self.credits += amount
        self.ledger.append(LedgerLine(step, path, kind, amount, self.credits, about))

    @property
    def lowest_balance(self) -> LedgerLine | None:
        """The ledger line after which the balance was lowest, if any."""
        return min(self.ledger, key=lambda line: line.balance, default=None)


def ship_state(ship: Ship) -> ShipState:
    """A ship as bought: its type, upgrades and derby items."""
    return ShipState(ship.name, ship.type, ship.pilot, Counter(ship.upgrades),
                     [(w.item, w.mount) for w in ship.weapons])


def pilot_state(pilot: Pilot) -> PilotState:
    """A pilot as the file starts them: fit unless written wounded or dead (12/)."""
    state = PilotState(pilot.name, pilot.rank, pilot.category,
                       {s: pilot.skills.level(s) for s in SKILLS})
    if pilot.wounds == "dead":
        state.status = "dead"
    elif pilot.wounds == "severely-wounded":
        state.status = "season"
    elif pilot.wounds in WOUNDED_FOR or pilot.races_out:
        state.status = "out"
        state.races_out = pilot.races_out or WOUNDED_FOR.get(pilot.wounds, 1)
    return state


def ship_cost(ship: Ship, data: FormulaData) -> int:
    """Credits for a ship's upgrades and derby items."""
    return (sum(data.items[name].price * count for name, count in ship.upgrades.items())
            + sum(data.items[w.item].price for w in ship.weapons))


def pilot_cost(pilot: Pilot, data: FormulaData, recruited: bool) -> int:
    """Credits for a pilot: school levels, and the recruit price of a 4th pilot."""
    school = data.items["school"].price * sum(pilot.school.values())
    return school + (data.items["new-pilot"].price if recruited else 0)


def start_of_season(team: Team, data: FormulaData | None = None) -> SeasonState:
    """The team before the first race, with what it bought paid from its credits."""
    data = data or formula_data()
    state = SeasonState(credits=team.credits)
    for index, pilot in enumerate(team.pilots):
        state.pilots[pilot.name] = pilot_state(pilot)
        recruited = index in team.recruits
        cost = pilot_cost(pilot, data, recruited=recruited)
        if cost:
            state.pay(0, ("pilots", index), "start-pilot", -cost, name=pilot.name,
                      what=" and ".join([*(["recruiting"] if recruited else []),
                                         *(["school"] if any(pilot.school.values()) else [])]))
    extra_ships = max(0, len(team.ships) - int(data.season_start["ships"]))
    for index, ship in enumerate(team.ships):
        state.ships[ship.name] = ship_state(ship)
        cost = ship_cost(ship, data)
        path: KeyPath = ("ships", index)
        bought = index >= len(team.ships) - extra_ships
        if bought:
            cost += data.items["new-ship"].price
        elif bool(ship.upgrades) != bool(ship.weapons):  # what was paid for, when only one
            path = (*path, "upgrades" if ship.upgrades else "weapons")
        if cost:
            state.pay(0, path, "start-ship", -cost, name=ship.name, bought=bought)
    return state


def apply_race(state: SeasonState, race: Race, step: int, data: FormulaData) -> None:
    """Prizes, points, damage and wounds of one race (12/, 15/, 19/)."""
    state.races.append(race.name)
    pay_options(state, race, step, data)
    bonus = data.aces_high_bonus
    for index, result in enumerate(race.results):
        path: KeyPath = ("season", step - 1, "race", "results", index)
        pilot = state.pilots.get(result.pilot)
        ship = state.ships.get(result.ship)
        prize = data.prize(result.place, race.starters)
        points = data.points(result.place)
        # 19/ adds the features' point and credits to the race's gains; a pilot who does
        # not finish gains nothing (15/), so only finishers get them.
        if result.place is not None and race.features:
            prize += bonus["credits"] * race.features
            points += bonus["points"] * race.features
        state.team_points += points
        if prize:
            state.pay(step, path, "prize", prize, race=race.name, pilot=result.pilot,
                      place=result.place)
            if state.debt:
                repaid = min(state.debt, state.credits)
                state.debt -= repaid
                state.pay(step, path, "loan-from-prize", -repaid)
        if pilot is not None:
            pilot.credits_won += prize
            pilot.points += points
            pilot.races += 1
        if ship is not None:
            # Points lost beyond the last one are rolls on the Damage Table (12/), not
            # damage a repair can buy back.
            ship.hit_points_lost = min(ship.hit_points,
                                       ship.hit_points_lost + result.hit_points_lost)
            ship.boosters_broken += result.boosters_broken
            ship.fins_broken += result.fins_broken
            ship.boosters_destroyed += result.boosters_destroyed
            ship.fins_destroyed += result.fins_destroyed
            ship.destroyed = ship.destroyed or result.ship_destroyed
            for used in result.weapons_used:
                carried = next((w for w in ship.weapons if w[0] == used), None)
                if carried is not None:
                    ship.weapons.remove(carried)
        if pilot is not None:
            wound(pilot, result.pilot_outcome)
    for pilot in state.pilots.values():
        if (pilot.status == "out" and pilot.category == race.category
                and all(r.pilot != pilot.name for r in race.results)):
            pilot.races_out -= 1
            if pilot.races_out <= 0:
                pilot.status, pilot.races_out = "fit", 0


def pay_options(state: SeasonState, race: Race, step: int, data: FormulaData) -> None:
    """Sabotage and Security, paid before the race: 17/ has them announced before its first
    turn, so no prize of that race can pay for them."""
    for index, result in enumerate(race.results):
        for number, option in enumerate(result.options):
            path: KeyPath = ("season", step - 1, "race", "results", index, "options", number)
            state.pay(step, path, "option", -data.items[option].price, race=race.name,
                      name=data.items[option].name)


def wound(pilot: PilotState, outcome: str) -> None:
    """A pilot's state after a Critical Damage Table result (12/)."""
    if outcome in UNAVAILABLE:
        pilot.status, pilot.races_out = "out", UNAVAILABLE[outcome]
    elif outcome == "wounded-season":
        pilot.status = "season"
    elif outcome == "killed":
        pilot.status = "dead"


def flying_ships(state: SeasonState) -> int:
    """Ships in flying order (12/, 14/)."""
    return sum(1 for ship in state.ships.values() if ship.flying)


def may_borrow(state: SeasonState, data: FormulaData) -> bool:
    """14/ (read as either case, see FA-BORROW): no ship in flying order, or a category with
    no living pilot while the team is under four pilots."""
    living = sum(1 for p in state.pilots.values() if p.alive)
    short = living < data.max_pilots and bool(uncovered_categories(state, data))
    return flying_ships(state) == 0 or short


def uncovered_categories(state: SeasonState, data: FormulaData) -> list[str]:
    """The categories no living pilot of the team races (4/: the team sits them out)."""
    covered = {p.category for p in state.pilots.values() if p.alive}
    return [category for category in data.categories if category not in covered]


def apply_entry(state: SeasonState, entry: SeasonEntry, step: int, data: FormulaData) -> None:
    """One step of the season's log applied to ``state``. A team 14/ lets borrow that spends
    more than it has borrows the shortfall (a loan line), as if a borrow step came first."""
    stranded = entry.race is None and entry.borrow is None and may_borrow(state, data)
    first, before = len(state.ledger), state.credits
    _apply(state, entry, step, data)
    if stranded and state.credits < 0:
        # The loan comes first in the ledger: borrowed, then spent, never below zero.
        shortfall = -state.credits
        state.debt += shortfall
        state.credits += shortfall
        loan = LedgerLine(step, ("season", step - 1), "borrow", shortfall, before + shortfall,
                          {"shortfall": True})
        state.ledger[first:] = [loan, *(replace(line, balance=line.balance + shortfall)
                                        for line in state.ledger[first:])]


def _apply(state: SeasonState, entry: SeasonEntry, step: int, data: FormulaData) -> None:
    path: KeyPath = ("season", step - 1)
    items = data.items
    if entry.race is not None:
        apply_race(state, entry.race, step, data)
    elif entry.buy is not None:
        buy = entry.buy
        state.pay(step, path, "buy", -items[buy.item].price * buy.count,
                  name=items[buy.item].name, count=buy.count)
        ship = state.ships.get(buy.ship or "")
        pilot = state.pilots.get(buy.pilot or "")
        if buy.item == "school":  # trains a pilot; a ship it names gets nothing (16/)
            if pilot is not None and buy.skill is not None:
                pilot.skills[buy.skill] += buy.count
        elif ship is not None and items[buy.item].kind == "upgrade":
            ship.upgrades[buy.item] += buy.count
        elif ship is not None:
            ship.weapons.extend([(buy.item, buy.mount)] * buy.count)
    elif entry.repair is not None:
        repair = entry.repair
        cost = (items["repair-hit-point"].price * repair.hit_points
                + items["repair-booster"].price * repair.boosters
                + items["repair-fin"].price * repair.fins
                + items["replace-booster"].price * repair.boosters_replaced
                + items["replace-fin"].price * repair.fins_replaced)
        state.pay(step, path, "repair", -cost, name=repair.ship)
        ship = state.ships.get(repair.ship)
        if ship is not None:
            ship.hit_points_lost = max(0, ship.hit_points_lost - repair.hit_points)
            ship.boosters_broken = max(0, ship.boosters_broken - repair.boosters)
            ship.fins_broken = max(0, ship.fins_broken - repair.fins)
            ship.boosters_destroyed = max(0, ship.boosters_destroyed
                                          - repair.boosters_replaced)
            ship.fins_destroyed = max(0, ship.fins_destroyed - repair.fins_replaced)
    elif entry.new_ship is not None:
        state.pay(step, path, "new-ship",
                  -items["new-ship"].price - ship_cost(entry.new_ship, data),
                  name=entry.new_ship.name)
        state.ships[entry.new_ship.name] = ship_state(entry.new_ship)
    elif entry.recruit is not None:
        state.pay(step, path, "recruit", -pilot_cost(entry.recruit, data, recruited=True),
                  name=entry.recruit.name)
        state.pilots[entry.recruit.name] = pilot_state(entry.recruit)
    elif entry.borrow is not None:
        state.debt += entry.borrow
        state.pay(step, path, "borrow", entry.borrow)
    elif entry.repay is not None:
        state.debt = max(0, state.debt - entry.repay)
        state.pay(step, path, "repay", -entry.repay)


def replay(team: Team, upto: int | None = None, data: FormulaData | None = None
           ) -> SeasonState:
    """The team after its first ``upto`` season steps (all of them by default)."""
    data = data or formula_data()
    state = start_of_season(team, data)
    for step, entry in enumerate(team.season[:upto], start=1):
        apply_entry(state, entry, step, data)
    return state


@dataclass(frozen=True)
class Moment:
    """One step of the season with the team just before and just after it."""

    step: int
    entry: SeasonEntry
    before: SeasonState
    after: SeasonState

    @property
    def path(self) -> KeyPath:
        """Where the step is in the file."""
        return ("season", self.step - 1)


_LAST: list[tuple[Team, SeasonState, tuple[Moment, ...]]] = []


def timeline(team: Team, data: FormulaData | None = None
             ) -> tuple[SeasonState, tuple[Moment, ...]]:
    """The start of the season and every step with the states around it, for the rules.
    The last team's timeline is kept, as every season rule walks the same one."""
    if _LAST and _LAST[0][0] is team:
        return _LAST[0][1], _LAST[0][2]
    data = data or formula_data()
    state = start_of_season(team, data)
    start = copy.deepcopy(state)
    moments: list[Moment] = []
    for step, entry in enumerate(team.season, start=1):
        before = copy.deepcopy(state)
        apply_entry(state, entry, step, data)
        moments.append(Moment(step, entry, before, copy.deepcopy(state)))
    _LAST[:] = [(team, start, tuple(moments))]
    return start, tuple(moments)
