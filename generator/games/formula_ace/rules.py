"""Checks for the Formula Ace Racing Pods team rules declared in ``rules.yaml``.

Rules about the season walk its timeline (``season.timeline``): the team just before and
just after every step, so a purchase is judged against what the team had then.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.games.formula_ace.catalogues import FormulaData
from generator.games.formula_ace.model import DERBY, Pilot, Race, RaceResult, Ship, Team
from generator.games.formula_ace.names import name_key
from generator.games.formula_ace.season import (
    Moment,
    PilotState,
    SeasonState,
    ShipState,
    ship_state,
    timeline,
)
from generator.input.editor_schema import EVERY, at, has, integer_is
from generator.input.findings import KeyPath, RuleBook, Violation
from generator.input.schema import Bool, Choice, declared_fields, did_you_mean

RULES: RuleBook[Team] = RuleBook(Path(__file__).with_name("rules.yaml"))

# Each model's declared fields by name: the specs a rule's editor schema names values by.
FIELDS = {model: {info.name: info.spec for info in declared_fields(model)}
          for model in (Pilot, Ship, Team)}

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
    ship written in the file (whose ``upgrades`` and ``weapons`` keys can be pointed at);
    a purchase's path is its count (or item, when one is bought)."""
    for index, ship in enumerate(team.ships):
        yield ("ships", index), ship_state(ship), True
    for moment in timeline(team, data)[1]:
        entry = moment.entry
        if entry.new_ship is not None and entry.new_ship.name in moment.after.ships:
            yield (*moment.path, "new_ship"), moment.after.ships[entry.new_ship.name], True
        elif (entry.buy is not None and entry.buy.item != "school"
              and entry.buy.ship in moment.after.ships):
            # The value that took the ship past a limit: the count bought, or the item.
            key = "count" if entry.buy.count > 1 else "item"
            yield (*moment.path, "buy", key), moment.after.ships[entry.buy.ship], False


def pilot_categories(team: Team) -> dict[str, str]:
    """Every pilot's category by name, recruits included."""
    return {pilot.name: pilot.category for _, pilot in every_pilot(team)}


def races(team: Team, data: FormulaData) -> Iterator[Moment]:
    """The moments of the season that are races."""
    return (m for m in timeline(team, data)[1] if m.entry.race is not None)


@dataclass(frozen=True)
class RaceLine:
    """One result line of a race, with where it is written and the team as it stood just
    before the race: the rules about results judge a line against that team."""

    at: KeyPath
    race: Race
    result: RaceResult
    before: SeasonState

    @property
    def pilot(self) -> PilotState | None:
        """The line's pilot as the team had it, or None for a name the team never had."""
        return self.before.pilots.get(self.result.pilot)

    @property
    def ship(self) -> ShipState | None:
        """The line's ship as the team had it, or None for a name the team never had."""
        return self.before.ships.get(self.result.ship)


def race_lines(team: Team, data: FormulaData) -> Iterator[RaceLine]:
    """Every result line of every race of the season, in order."""
    for moment in races(team, data):
        race = moment.entry.race
        assert race is not None
        for index, result in enumerate(race.results):
            yield RaceLine((*moment.path, "race", "results", index), race, result,
                           moment.before)


# --- The team at the start of the season ---------------------------------------------


@RULES.check("FA-TEAM-PILOTS")
def starts_with_three_pilots(team: Team, context: FormulaData) -> Iterator[Violation]:
    starting = [p for i, p in enumerate(team.pilots) if i not in team.recruits]
    expected = int(context.season_start["pilots"])
    if len(starting) != expected:
        yield Violation(("pilots",), {"team": team.name, "count": len(starting),
                                      "expected": expected,
                                      "marked": len(team.recruits)})


@RULES.editor_schema("FA-TEAM-PILOTS")
def starts_with_three_pilots_schema(context: FormulaData) -> list[dict[str, Any]]:
    # The pilots not marked recruited number at least three: those beyond three are taken
    # as recruits (Team.recruits), so fewer is the only way the starting three fall short.
    marked = has(["recruited"], Bool().spellings(True))
    return [at(["pilots"], {"contains": {"not": marked},
                            "minContains": int(context.season_start["pilots"])})]


@RULES.check("FA-TEAM-RANKS")
def starts_with_two_seasoned_and_an_ace(team: Team, context: FormulaData
                                        ) -> Iterator[Violation]:
    starting = [p for i, p in enumerate(team.pilots) if i not in team.recruits]
    if len(starting) != int(context.season_start["pilots"]):
        return  # FA-TEAM-PILOTS says so
    ranks = Counter(p.rank for p in starting)
    want = context.season_start["ranks"]
    if ranks["seasoned"] != want["seasoned"] or ranks["ace"] != want["ace"]:
        yield Violation(_surplus_rank(team, context), {
            "seasoned": ranks["seasoned"], "ace": ranks["ace"],
            "want_seasoned": want["seasoned"], "want_ace": want["ace"]})


def _surplus_rank(team: Team, context: FormulaData) -> KeyPath:
    """The rank to change: of the starting pilots of the rank there are too many of, the
    one whose skills fit it worst (an Ace with a Seasoned pilot's points); on a tie, the
    later of two Aces or the first of three Seasoned pilots, as a team lists its Ace first."""
    want = context.season_start["ranks"]
    starting = [(i, p) for i, p in enumerate(team.pilots) if i not in team.recruits]
    counts = Counter(p.rank for _, p in starting)
    surplus = next((rank for rank in want if counts[rank] > want[rank]), None)
    candidates = [(i, p) for i, p in starting if p.rank == surplus]
    if not candidates:
        return ("pilots",)

    def misfit(pilot: Pilot) -> int:
        total = sum(pilot.base_skills[s] for s in context.skills_of(pilot.category))
        return abs(context.skill_points(pilot.rank, pilot.category) - total)
    order = candidates if surplus == "seasoned" else candidates[::-1]
    index, _ = max(order, key=lambda candidate: misfit(candidate[1]))
    return ("pilots", index, "rank")


@RULES.check("FA-TEAM-SHIPS")
def starts_with_three_ships(team: Team, context: FormulaData) -> Iterator[Violation]:
    expected = int(context.season_start["ships"])
    if len(team.ships) < expected:
        yield Violation(("ships",), {"team": team.name, "count": len(team.ships),
                                     "expected": expected})


@RULES.editor_schema("FA-TEAM-SHIPS")
def starts_with_three_ships_schema(context: FormulaData) -> list[dict[str, Any]]:
    return [at(["ships"], {"minItems": int(context.season_start["ships"])})]


@RULES.check("FA-TEAM-CREDITS")
def starts_with_the_season_credits(team: Team, context: FormulaData) -> Iterator[Violation]:
    expected = int(context.season_start["credits"])
    if team.credits != expected:
        yield Violation(("credits",), {"team": team.name, "credits": team.credits,
                                       "expected": expected})


@RULES.editor_schema("FA-TEAM-CREDITS")
def starts_with_the_season_credits_schema(context: FormulaData) -> list[dict[str, Any]]:
    return [at(["credits"], integer_is(int(context.season_start["credits"])))]


@RULES.check("FA-PILOTS-MAX")
def at_most_four_pilots(team: Team, context: FormulaData) -> Iterator[Violation]:
    limit = context.max_pilots
    # A pilot the file starts dead no longer counts (4/ replaces the dead), a wounded one does.
    counted = [i for i, p in enumerate(team.pilots) if p.wounds != "dead"]
    if len(counted) > limit:  # the first living pilot listed beyond the limit
        yield Violation(("pilots", counted[limit]), {
            "count": len(counted), "max": limit,
            "names": ", ".join(team.pilots[i].name for i in counted)})
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


@RULES.editor_schema("FA-PILOT-FIRING")
def firing_only_in_the_derby_schema() -> list[dict[str, Any]]:
    category = FIELDS[Pilot]["category"]
    assert isinstance(category, Choice)
    elsewhere = {"if": {"not": has(["category"], category.spellings([DERBY]))},
                 "then": at(["skills", "firing"], {"maximum": 0})}
    return [at(["pilots", EVERY], elsewhere), at(["season", EVERY, "recruit"], elsewhere)]


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
    for path, written in every_pilot(team):  # school levels written with the pilot
        for skill, bought in written.school.items():
            level = written.skills.level(skill)
            if bought and level > maximum:
                yield Violation((*path, "skills", skill), {
                    "pilot": written.name, "skill": skill, "level": level,
                    "maximum": maximum})
    for moment in timeline(team, context)[1]:
        buy = moment.entry.buy
        if buy is None or buy.item != "school" or buy.skill is None:
            continue
        pilot = moment.before.pilots.get(buy.pilot or "")
        if pilot is not None and pilot.skills[buy.skill] + buy.count > maximum:
            yield Violation((*moment.path, "buy", "count" if buy.count > 1 else "skill"), {
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
    for line in race_lines(team, context):
        pilot = line.pilot
        if pilot is not None and pilot.category != line.race.category:
            yield Violation((*line.at, "pilot"), {
                "pilot": pilot.name, "race": line.race.name, "category": line.race.category,
                "own": pilot.category})


# --- Names ---------------------------------------------------------------------------


def _wrecked_before(team: Team, context: FormulaData, path: KeyPath) -> set[str]:
    """The ships destroyed before the season step at ``path``: 4/ and 16/ replace such a
    ship with a new one, which may take its name (none for the starting ships)."""
    if path[0] != "season":
        return set()
    before = timeline(team, context)[1][int(path[1])].before
    return {name_key(name) for name, ship in before.ships.items() if ship.destroyed}


@RULES.check("FA-NAME-DUPLICATE")
def names_are_unique(team: Team, context: FormulaData) -> Iterator[Violation]:
    for what, named in (("pilot", every_pilot(team)), ("ship", every_ship(team))):
        seen: dict[str, str] = {}  # names alike but for case and spacing read as one
        for path, thing in named:
            key = name_key(thing.name)
            if key in seen and what == "ship" and key in _wrecked_before(team, context, path):
                seen[key] = thing.name  # the name now means the new ship
            elif key in seen:
                yield Violation((*path, "name"), {"what": what, "name": thing.name,
                                                  "other": seen[key]})
            seen.setdefault(key, thing.name)


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
