"""Checks for the Formula Ace Racing Pods team rules declared in ``rules.yaml``.

Rules about the season walk its timeline (``season.timeline``): the team just before and
just after every step, so a purchase is judged against what the team had then.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

from generator.games.formula_ace.catalogues import FormulaData
from generator.games.formula_ace.model import DERBY, Pilot, Race, Ship, Team
from generator.games.formula_ace.season import (
    Moment,
    ShipState,
    flying_ships,
    may_borrow,
    replay,
    ship_state,
    timeline,
)
from generator.input.findings import KeyPath, RuleBook, Violation
from generator.input.schema import did_you_mean

RULES: RuleBook[Team] = RuleBook(Path(__file__).with_name("rules.yaml"))

ENDS_RACE = ("hit", "wounded-1", "wounded-2", "wounded-season", "killed")


def every_pilot(team: Team) -> Iterator[tuple[KeyPath, Pilot]]:
    """Each pilot with where it is written: the starting ones, then the season's recruits."""
    for index, pilot in enumerate(team.pilots):
        yield ("pilots", index), pilot
    for index, entry in enumerate(team.season):
        if entry.recruit is not None:
            yield ("season", index, "recruit"), entry.recruit


def every_ship(team: Team) -> Iterator[tuple[KeyPath, Ship]]:
    """Each ship with where it is written: the starting ones, then the ships bought."""
    for index, ship in enumerate(team.ships):
        yield ("ships", index), ship
    for index, entry in enumerate(team.season):
        if entry.new_ship is not None:
            yield ("season", index, "new_ship"), entry.new_ship


def ship_moments(team: Team, data: FormulaData
                 ) -> Iterator[tuple[KeyPath, ShipState, bool]]:
    """Each ship as it stands whenever its equipment changes: at the start of the season,
    when it is bought, and after every purchase for it. The flag says whether the path is a
    ship written in the file (whose ``upgrades`` and ``weapons`` keys can be pointed at)."""
    for index, ship in enumerate(team.ships):
        yield ("ships", index), ship_state(ship), True
    for moment in timeline(team, data)[1]:
        entry = moment.entry
        if entry.new_ship is not None and entry.new_ship.name in moment.after.ships:
            yield (*moment.path, "new_ship"), moment.after.ships[entry.new_ship.name], True
        elif entry.buy is not None and entry.buy.ship in moment.after.ships:
            yield (*moment.path, "buy"), moment.after.ships[entry.buy.ship], False


def pilot_categories(team: Team) -> dict[str, str]:
    """Every pilot's category by name, recruits included."""
    return {pilot.name: pilot.category for _, pilot in every_pilot(team)}


def races(team: Team, data: FormulaData) -> Iterator[Moment]:
    """The moments of the season that are races."""
    return (m for m in timeline(team, data)[1] if m.entry.race is not None)


# --- The team at the start of the season ---------------------------------------------


@RULES.check("FA-TEAM-PILOTS")
def starts_with_three_pilots(team: Team, context: FormulaData) -> Iterator[Violation]:
    starting = [p for i, p in enumerate(team.pilots) if i not in team.recruits]
    expected = int(context.season_start["pilots"])
    if len(starting) != expected:
        yield Violation(("pilots",), {"team": team.name, "count": len(starting),
                                      "expected": expected,
                                      "marked": len(team.recruits)})


@RULES.check("FA-TEAM-RANKS")
def starts_with_two_seasoned_and_an_ace(team: Team, context: FormulaData
                                        ) -> Iterator[Violation]:
    starting = [p for i, p in enumerate(team.pilots) if i not in team.recruits]
    if len(starting) != int(context.season_start["pilots"]):
        return  # FA-TEAM-PILOTS says so
    ranks = Counter(p.rank for p in starting)
    want = context.season_start["ranks"]
    if ranks["seasoned"] != want["seasoned"] or ranks["ace"] != want["ace"]:
        yield Violation(("pilots",), {"seasoned": ranks["seasoned"], "ace": ranks["ace"],
                                      "want_seasoned": want["seasoned"],
                                      "want_ace": want["ace"]})


@RULES.check("FA-TEAM-SHIPS")
def starts_with_three_ships(team: Team, context: FormulaData) -> Iterator[Violation]:
    expected = int(context.season_start["ships"])
    if len(team.ships) < expected:
        yield Violation(("ships",), {"team": team.name, "count": len(team.ships),
                                     "expected": expected})


@RULES.check("FA-TEAM-CREDITS")
def starts_with_the_season_credits(team: Team, context: FormulaData) -> Iterator[Violation]:
    expected = int(context.season_start["credits"])
    if team.credits != expected:
        yield Violation(("credits",), {"team": team.name, "credits": team.credits,
                                       "expected": expected})


@RULES.check("FA-PILOTS-MAX")
def at_most_four_pilots(team: Team, context: FormulaData) -> Iterator[Violation]:
    limit = context.max_pilots
    if len(team.pilots) > limit:
        yield Violation(("pilots",), {"count": len(team.pilots), "max": limit,
                                      "names": ", ".join(p.name for p in team.pilots)})
        return
    for moment in timeline(team, context)[1]:
        recruit = moment.entry.recruit
        if recruit is None:
            continue
        living = [p.name for p in moment.before.pilots.values() if p.alive]
        if len(living) + 1 > limit:
            yield Violation((*moment.path, "recruit"), {
                "count": len(living) + 1, "max": limit,
                "names": ", ".join([*living, recruit.name])})


@RULES.check("FA-RECRUIT-RANK")
def recruits_are_seasoned(team: Team) -> Iterator[Violation]:
    for path, pilot in every_pilot(team):
        recruited = path[0] == "season" or path[1] in team.recruits
        if recruited and pilot.rank != "seasoned":
            yield Violation((*path, "rank"), {"pilot": pilot.name, "rank": pilot.rank})


# --- Pilots' skills ------------------------------------------------------------------


def _school_words(pilot: Pilot) -> str:
    bought = sum(pilot.school.values())
    return f" (not counting {bought} from school)" if bought else ""


@RULES.check("FA-PILOT-SKILL-POINTS")
def skill_points_within_the_rank(team: Team, context: FormulaData) -> Iterator[Violation]:
    for path, pilot in every_pilot(team):
        skills = context.skills_of(pilot.category)
        base = pilot.base_skills
        total = sum(base[s] for s in skills)
        points = context.skill_points(pilot.rank, pilot.category)
        if total > points:
            yield Violation((*path, "skills"), {
                "pilot": pilot.name, "rank": pilot.rank, "category": pilot.category,
                "total": total, "points": points, "school": _school_words(pilot),
                "skills": " or ".join(skills)})


@RULES.check("FA-PILOT-SKILL-UNSPENT")
def skill_points_all_spent(team: Team, context: FormulaData) -> Iterator[Violation]:
    for path, pilot in every_pilot(team):
        skills = context.skills_of(pilot.category)
        base = pilot.base_skills
        total = sum(base[s] for s in skills)
        points = context.skill_points(pilot.rank, pilot.category)
        maximum = context.skill_maximum(pilot.rank)
        room = [s for s in skills if base[s] < maximum]
        if total < points and room and min(base.values()) >= 0:
            yield Violation((*path, "skills"), {
                "pilot": pilot.name, "rank": pilot.rank, "category": pilot.category,
                "total": total, "points": points, "skills": " or ".join(room),
                "maximum": maximum})


@RULES.check("FA-PILOT-SKILL-MAX")
def skill_within_the_rank_maximum(team: Team, context: FormulaData) -> Iterator[Violation]:
    for path, pilot in every_pilot(team):
        maximum = context.skill_maximum(pilot.rank)
        for skill in context.skills_of(pilot.category):
            level = pilot.base_skills[skill]
            if level > maximum:
                bought = pilot.school.get(skill, 0)
                yield Violation((*path, "skills", skill), {
                    "pilot": pilot.name, "skill": skill, "level": level,
                    "school": f" before {bought} from school" if bought else "",
                    "rank": pilot.rank, "maximum": maximum})


@RULES.check("FA-PILOT-FIRING")
def firing_only_in_the_derby(team: Team) -> Iterator[Violation]:
    for path, pilot in every_pilot(team):
        if pilot.category != DERBY and pilot.skills.firing > 0:
            yield Violation((*path, "skills", "firing"), {
                "pilot": pilot.name, "category": pilot.category,
                "level": pilot.skills.firing})


@RULES.check("FA-PILOT-SCHOOL")
def school_levels_within_the_skill(team: Team) -> Iterator[Violation]:
    for path, pilot in every_pilot(team):
        for skill, bought in pilot.school.items():
            level = pilot.skills.level(skill)
            if bought > level:
                yield Violation((*path, "school", skill), {
                    "pilot": pilot.name, "skill": skill, "bought": bought, "level": level})


@RULES.check("FA-PILOT-DERBY-POINTS")
def derby_ace_points(team: Team, context: FormulaData) -> Iterator[Violation]:
    ace = context.skill_points("ace", DERBY)
    for path, pilot in every_pilot(team):
        total = sum(pilot.base_skills[s] for s in context.skills_of(DERBY))
        if pilot.category == DERBY and pilot.rank == "ace" and total > ace:
            yield Violation((*path, "skills"), {
                "pilot": pilot.name, "total": total, "ace": ace,
                "seasoned": context.skill_points("seasoned", DERBY)})


@RULES.check("FA-SCHOOL-MAX")
def school_within_six(team: Team, context: FormulaData) -> Iterator[Violation]:
    maximum = context.school_maximum
    for moment in timeline(team, context)[1]:
        buy = moment.entry.buy
        if buy is None or buy.item != "school" or buy.skill is None:
            continue
        pilot = moment.before.pilots.get(buy.pilot or "")
        if pilot is not None and pilot.skills[buy.skill] + buy.count > maximum:
            yield Violation((*moment.path, "buy"), {
                "pilot": pilot.name, "skill": buy.skill,
                "level": pilot.skills[buy.skill] + buy.count, "maximum": maximum})


@RULES.check("FA-PILOT-WOUND-RACES")
def races_out_only_for_a_passing_wound(team: Team, context: FormulaData) -> Iterator[Violation]:
    for index, pilot in enumerate(team.pilots):
        if pilot.races_out and pilot.wounds in ("severely-wounded", "dead"):
            yield Violation(("pilots", index, "races_out"), {
                "pilot": pilot.name, "wounds": pilot.wounds, "races_out": pilot.races_out})


@RULES.check("FA-PILOT-CATEGORY")
def pilot_races_one_category(team: Team, context: FormulaData) -> Iterator[Violation]:
    for moment in races(team, context):
        race = moment.entry.race
        assert race is not None
        for index, result in enumerate(race.results):
            pilot = moment.before.pilots.get(result.pilot)
            if pilot is not None and pilot.category != race.category:
                yield Violation((*moment.path, "race", "results", index, "pilot"), {
                    "pilot": pilot.name, "race": race.name, "category": race.category,
                    "own": pilot.category})


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
        buy = entry.buy
        ship = moment.before.ships.get(buy.ship or "") if buy is not None else None
        if buy is None or ship is None or ship.pilot is None or buy.item == "school":
            continue
        cost = context.items[buy.item].price * buy.count
        others = {p: amount for p, amount in held.items() if p != ship.pilot and amount}
        credits = moment.before.credits
        if others and cost <= credits and cost > credits - sum(others.values()):
            yield Violation((*moment.path, "buy"), {
                "item": context.items[buy.item].name, "ship": ship.name,
                "owner": ship.pilot, "cost": cost, "held": sum(others.values()),
                "credits": credits, "others": " and ".join(others), "race": last_race})
        if ship.pilot in held:
            held[ship.pilot] = max(0, held[ship.pilot] - cost)


def _winnings(race: Race, data: FormulaData) -> dict[str, int]:
    """Each pilot's prize in ``race`` (15/, 19/)."""
    bonus = data.aces_high_bonus["credits"] * race.special_features
    return {r.pilot: data.prize(r.place, race.starters) + (bonus if r.place else 0)
            for r in race.results}


# --- Names ---------------------------------------------------------------------------


@RULES.check("FA-NAME-DUPLICATE")
def names_are_unique(team: Team) -> Iterator[Violation]:
    for what, named in (("pilot", every_pilot(team)), ("ship", every_ship(team))):
        seen: set[str] = set()
        for path, thing in named:
            if thing.name in seen:
                yield Violation((*path, "name"), {"what": what, "name": thing.name})
            seen.add(thing.name)


def _unknown(path: KeyPath, what: str, name: str, kind: str, known: list[str]
             ) -> Violation:
    return Violation(path, {"what": what, "name": name, "kind": kind,
                            "suggestion": did_you_mean(name, known),
                            "known": ", ".join(known) or "none"})


def _references(moment: Moment) -> Iterator[tuple[KeyPath, str, str, str]]:
    """(path, what, name, pilot or ship) for every name a season step refers to."""
    entry, path = moment.entry, moment.path
    if entry.race is not None:
        for index, result in enumerate(entry.race.results):
            at = (*path, "race", "results", index)
            yield (*at, "pilot"), "race-pilot", result.pilot, "pilot"
            yield (*at, "ship"), "race-ship", result.ship, "ship"
    if entry.buy is not None:
        if entry.buy.ship is not None:
            yield (*path, "buy", "ship"), "buy-ship", entry.buy.ship, "ship"
        if entry.buy.pilot is not None:
            yield (*path, "buy", "pilot"), "school", entry.buy.pilot, "pilot"
    if entry.repair is not None:
        yield (*path, "repair", "ship"), "repair", entry.repair.ship, "ship"
    if entry.new_ship is not None and entry.new_ship.pilot is not None:
        yield (*path, "new_ship", "pilot"), "new-ship", entry.new_ship.pilot, "pilot"


@RULES.check("FA-NAME-UNKNOWN")
def names_are_known(team: Team, context: FormulaData) -> Iterator[Violation]:
    pilots = list(pilot_categories(team))
    for index, ship in enumerate(team.ships):
        if ship.pilot is not None and ship.pilot not in pilots:
            yield _unknown(("ships", index, "pilot"), "ship", ship.pilot, "pilot",
                           pilots)
    for moment in timeline(team, context)[1]:
        state = moment.before
        for path, what, name, kind in _references(moment):
            known = list(state.pilots if kind == "pilot" else state.ships)
            if name not in known:
                yield _unknown(path, what, name, kind, known)


# --- Ships ---------------------------------------------------------------------------


def first_breaches(team: Team, data: FormulaData, breaks: Callable[[ShipState], bool]
                   ) -> Iterator[tuple[KeyPath, ShipState, bool]]:
    """Each ship's first moment (of :func:`ship_moments`) at which ``breaks`` holds: a fault
    carried through the season is reported once, where it began."""
    reported: set[str] = set()
    for path, state, written in ship_moments(team, data):
        if state.name not in reported and breaks(state):
            reported.add(state.name)
            yield path, state, written


def _at(path: KeyPath, written: bool, *keys: str | int) -> KeyPath:
    return (*path, *keys) if written else path


@RULES.check("FA-SHIP-SPACE")
def ship_space(team: Team, context: FormulaData) -> Iterator[Violation]:
    for path, state, _ in first_breaches(team, context,
                                         lambda state: state.space_used > state.space):
        larger = [t.name for t in context.ships.values() if t.space >= state.space_used]
        yield Violation(path, {
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
    maximum = int(context.items["booster"].max or 4)
    for path, state, written in first_breaches(team, context,
                                               lambda state: state.boosters > maximum):
        yield Violation(_at(path, written, "upgrades", "booster"), {
            "ship": state.name, "count": state.boosters, "maximum": maximum,
            "basic": context.basic_equipment["boosters"]})


@RULES.check("FA-SHIP-FINS-MAX")
def at_most_four_fins(team: Team, context: FormulaData) -> Iterator[Violation]:
    maximum = int(context.items["fin"].max or 4)
    for path, state, written in first_breaches(team, context,
                                               lambda state: state.fins > maximum):
        yield Violation(_at(path, written, "upgrades", "fin"), {
            "ship": state.name, "count": state.fins, "maximum": maximum,
            "basic": context.basic_equipment["fins"]})


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


def _carried(state: ShipState, data: FormulaData) -> str:
    names = Counter(data.items[item].name for item, _ in state.weapons)
    return ", ".join(name if n == 1 else f"{n} {name}" for name, n in names.items())


@RULES.check("FA-DERBY-ONLY")
def weapons_only_in_the_derby(team: Team, context: FormulaData) -> Iterator[Violation]:
    categories = pilot_categories(team)
    for path, state, written in first_breaches(
            team, context, lambda state: bool(state.weapons) and categories.get(
                state.pilot or "") not in (None, DERBY)):
        yield Violation(_at(path, written, "weapons"), {
            "case": "pilot", "ship": state.name, "items": _carried(state, context),
            "pilot": state.pilot, "category": categories.get(state.pilot or "")})
    for moment in races(team, context):
        race = moment.entry.race
        assert race is not None
        if race.category == DERBY:
            continue
        for index, result in enumerate(race.results):
            at = (*moment.path, "race", "results", index)
            ship = moment.before.ships.get(result.ship)
            if ship is not None and ship.weapons:
                yield Violation((*at, "ship"), {
                    "case": "ship", "race": race.name, "category": race.category,
                    "ship": ship.name, "items": _carried(ship, context)})
            extras = [context.items[item].name
                      for item in (*result.options, *result.weapons_used)]
            if extras:
                yield Violation(at, {
                    "case": "extras", "race": race.name, "category": race.category,
                    "pilot": result.pilot, "items": ", ".join(extras)})


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
            yield Violation(("season", index, "buy"), {
                "ship": buy.ship or "the ship", "item": context.items[buy.item].name})


@RULES.check("FA-TURRET")
def turret_has_a_weapon(team: Team, context: FormulaData) -> Iterator[Violation]:
    def kinds(state: ShipState) -> Counter[str]:
        return Counter(context.items[item].kind for item, _ in state.weapons)
    for path, state, written in first_breaches(
            team, context, lambda state: kinds(state)["turret"] > kinds(state)["weapon"]):
        yield Violation(_at(path, written, "weapons"), {
            "ship": state.name, "turrets": kinds(state)["turret"],
            "weapons": kinds(state)["weapon"]})


# --- The season ----------------------------------------------------------------------


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
            yield Violation(line.path, {
                "kind": line.kind, "name": line.about.get("name", ""),
                "count": line.about.get("count", 1), "race": line.about.get("race", ""),
                "cost": -line.amount, "balance": line.balance, "start": line.step == 0})
        was_negative = line.balance < 0


@RULES.check("FA-BORROW")
def borrow_only_when_stranded(team: Team, context: FormulaData) -> Iterator[Violation]:
    for moment in timeline(team, context)[1]:
        if moment.entry.borrow is None:
            continue
        state = moment.before
        if not may_borrow(state, context):
            yield Violation((*moment.path, "borrow"), {"amount": moment.entry.borrow,
                                                       "flying": flying_ships(state)})


@RULES.check("FA-REPAY")
def repay_what_is_owed(team: Team, context: FormulaData) -> Iterator[Violation]:
    for moment in timeline(team, context)[1]:
        amount = moment.entry.repay
        if amount is not None and amount > moment.before.debt:
            yield Violation((*moment.path, "repay"), {"amount": amount,
                                                      "debt": moment.before.debt})


@RULES.check("FA-RACE-PILOT")
def pilot_fit_to_race(team: Team, context: FormulaData) -> Iterator[Violation]:
    for moment in races(team, context):
        race = moment.entry.race
        assert race is not None
        for index, result in enumerate(race.results):
            pilot = moment.before.pilots.get(result.pilot)
            if pilot is not None and not pilot.available:
                yield Violation((*moment.path, "race", "results", index, "pilot"), {
                    "pilot": pilot.name, "race": race.name, "category": pilot.category,
                    "status": pilot.status, "races_out": pilot.races_out})


@RULES.check("FA-RACE-SHIP")
def ship_not_destroyed(team: Team, context: FormulaData) -> Iterator[Violation]:
    for moment in races(team, context):
        race = moment.entry.race
        assert race is not None
        for index, result in enumerate(race.results):
            ship = moment.before.ships.get(result.ship)
            if ship is not None and ship.destroyed:
                yield Violation((*moment.path, "race", "results", index, "ship"), {
                    "ship": ship.name, "race": race.name})


@RULES.check("FA-RACE-NO-HP")
def ship_has_hit_points(team: Team, context: FormulaData) -> Iterator[Violation]:
    for moment in races(team, context):
        race = moment.entry.race
        assert race is not None
        for index, result in enumerate(race.results):
            ship = moment.before.ships.get(result.ship)
            if ship is not None and not ship.destroyed and ship.hit_points_left == 0:
                yield Violation((*moment.path, "race", "results", index, "ship"), {
                    "pilot": result.pilot, "race": race.name, "ship": ship.name,
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


@RULES.check("FA-RACE-FINISH")
def ended_races_have_no_place(team: Team) -> Iterator[Violation]:
    for step, entry in enumerate(team.season):
        race = entry.race
        if race is None:
            continue
        for index, result in enumerate(race.results):
            ended = result.pilot_outcome in ENDS_RACE or result.ship_destroyed
            if ended and result.place is not None:
                outcome = ("in a destroyed ship" if result.pilot_outcome == "fit"
                           else result.pilot_outcome)
                yield Violation(("season", step, "race", "results", index, "place"), {
                    "pilot": result.pilot, "outcome": outcome, "race": race.name,
                    "place": result.place})


@RULES.check("FA-RACE-DAMAGE")
def damage_follows_the_table(team: Team, context: FormulaData) -> Iterator[Violation]:
    for moment in races(team, context):
        race = moment.entry.race
        assert race is not None
        for index, result in enumerate(race.results):
            ship = moment.before.ships.get(result.ship)
            if ship is None or ship.destroyed:
                continue
            at = (*moment.path, "race", "results", index)
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
                    yield Violation(at, {"case": "parts", "ship": ship.name, "race": race.name,
                                         "part": part, "lost": lost, "working": working})


@RULES.check("FA-RACE-WEAPON-USED")
def used_weapons_were_carried(team: Team, context: FormulaData) -> Iterator[Violation]:
    for moment in races(team, context):
        race = moment.entry.race
        assert race is not None
        for index, result in enumerate(race.results):
            ship = moment.before.ships.get(result.ship)
            if ship is None:
                continue
            carried = Counter(item for item, _ in ship.weapons)
            for item, count in Counter(result.weapons_used).items():
                if count > carried[item]:
                    yield Violation((*moment.path, "race", "results", index, "weapons_used"), {
                        "ship": ship.name, "item": context.items[item].name,
                        "race": race.name,
                        "carried": _carried(ship, context) or "no derby items"})


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
        for what, mended, damage in (
                ("hit point", repair.hit_points, ship.hit_points_lost),
                ("broken booster", repair.boosters, ship.boosters_broken),
                ("broken fin", repair.fins, ship.fins_broken),
                ("destroyed booster", repair.boosters_replaced, ship.boosters_destroyed),
                ("destroyed fin", repair.fins_replaced, ship.fins_destroyed)):
            if mended > damage:
                yield Violation(path, {"case": "excess", "ship": ship.name, "part": what,
                                       "mended": mended, "damage": damage})


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
