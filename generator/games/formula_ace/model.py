"""A Formula Ace Racing Pods team: pilots, ships, purchases and the season's log.

The file describes the team as it stood at the start of the season (what it bought then is
paid from the starting credits) followed by the season in order: races, purchases, repairs,
recruits and loans. The state after any point of the season (credits, damage, wounds) is
worked out from the log (``season.py``), never written twice by hand.

Each field carries its spec and a one-line doc (see ``generator.input.schema``). The schema refuses
only what cannot be read or printed; what the rulebook says about a team (skill points, space,
maxima, credits) is checked by rules (``rules.py``) citing their sections.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from generator.games.formula_ace.catalogues import formula_data
from generator.games.formula_ace.names import spelt_as_declared
from generator.games.formula_ace.value_forms import (
    BOOSTERS,
    FINS,
    HIT_POINTS,
    BlankIsEmpty,
    BookChoice,
    CountOrNames,
    Credits,
    NamesCounted,
    Place,
)
from generator.input.counted import Counted
from generator.input.findings import KeyPath
from generator.input.schema import (
    Bool,
    Int,
    ListOf,
    MapOf,
    Nullable,
    Spec,
    Struct,
    Text,
    colour_spec,
    declared_fields,
    spec_field,
)
from generator.input.source import Node, Scalar
from generator.input.validation import INVALID, Mapped, Validation

BOOK = "Formula Ace Racing Pods"
RANKS = ("seasoned", "ace")
CATEGORIES = ("total-speed-way", "dragster-show", "destruction-derby")
DERBY = "destruction-derby"
SKILLS = ("piloting", "g_endurance", "firing")
SHIP_TYPES = ("Alpha", "Beta", "Lambda", "Tau", "Gamma")
UPGRADES = ("speed", "hit-point", "booster", "fin", "auto-start", "zap-o-burn", "ramming-edge")
DERBY_EQUIPMENT = ("rockets", "missile", "rays", "plasma", "mines", "vortex", "smoke", "web",
                   "decoys", "countermeasures", "repulsor", "turret")
MOUNTS = ("front", "rear")
# 17/ has a firing weapon "mounted as front firing or rear firing": the book's words for them.
MOUNT_NAMES = {"front firing": "front", "rear firing": "rear"}
TEAM_OPTIONS = ("sabotage", "security")
PILOT_OUTCOMES = ("fit", "hit", "wounded-1", "wounded-2", "wounded-season", "killed")
# A pilot's wound as the file starts (12/ Critical Damage Table: 3 and 4 wound, 5 wounds
# severely, a failed G-Endurance roll kills); the table's outcome words read as the wound.
WOUNDS = ("none", "wounded", "wounded-2", "severely-wounded", "dead")
# Races a wound keeps the pilot out of when races_out is not written (Critical Damage 3, 4).
WOUNDED_FOR = {"wounded": 1, "wounded-2": 2}
WOUND_NAMES = {"fit": "none", "healthy": "none", "wounded-1": "wounded",
               "wounded-season": "severely-wounded", "severe": "severely-wounded",
               "killed": "dead", "pilot wounded": "wounded",
               "pilot severely wounded": "severely-wounded", "pilot killed": "dead",
               "3 pilot wounded": "wounded", "4 pilot wounded": "wounded-2",
               "5 pilot severely wounded": "severely-wounded"}
# A race's outcome as the wound words read it, and the Critical Damage Table's own (12/): a
# file may say a pilot in a race was 'dead' or 'wounded' as its pilots say 'wounds: dead'
# or 'wounds: wounded' (Critical Damage 3, one race out, as WOUNDED_FOR reads it).
OUTCOME_NAMES = {"none": "fit", "healthy": "fit", "dead": "killed", "wounded": "wounded-1",
                 "pilot hit": "hit", "pilot wounded": "wounded-1",
                 "pilot killed": "killed", "severely-wounded": "wounded-season",
                 "severe": "wounded-season", "pilot severely wounded": "wounded-season"} | {
    # The Critical Damage Table's rows copied with their numbers: 3 and 4 both print "Pilot
    # wounded", and the number tells them apart.
    "2 pilot hit": "hit", "3 pilot wounded": "wounded-1", "4 pilot wounded": "wounded-2",
    "5 pilot severely wounded": "wounded-season"}
# The book's names for what a file writes as ids ("Electromagnetic web" for web, "Total
# Speed Way" for total-speed-way), and the other spellings of facts.yaml ("missiles" for
# missile): a Choice takes any of them.
ITEM_NAMES = {item.name: key for key, item in formula_data().items.items()} | {
    word: key for key, words in formula_data().spellings.items() for word in words}
# The numbers in the bracket after each purchase's name on the price lines (16/, 17/).
BRACKETS = formula_data().brackets
# The categories by the book's names, and by the one word each is known by (3/ calls the
# third "the DESTRUCTION DERBY category"; a table says "the derby").
CATEGORY_NAMES = {c["name"]: key for key, c in formula_data().categories.items()} | {
    "speed way": "total-speed-way", "speedway": "total-speed-way",
    "total speedway": "total-speed-way",
    "dragster": "dragster-show", "derby": "destruction-derby"}
# Where an id written in the wrong field belongs ('rockets' under upgrades:).
_WHERE = {"upgrade": "{0} is an upgrade: count it under the ship's upgrades: ({0}: 1)",
          "derby": "{0} is a Destruction Derby item: list it under the ship's weapons: "
                   "({{item: {0}}})",
          "option": "{0} is bought for one race: write it in that race result's options: "
                    "[{0}]"}
# The rest of 16/'s price list is not a buy: each has a season step of its own.
_STEPS = {"new ship": "a ship is bought with a new_ship step ({new_ship: {name: ..., "
                      "type: ...}})",
          "new pilot": "a 4th pilot is recruited with a recruit step ({recruit: {name: ..., "
                       "rank: seasoned, ...}})",
          "repair": "repairs are a repair step ({repair: {ship: ..., hit_points: ...}})",
          "school": "school trains a pilot: a buy step with item: school, pilot: and skill:, "
                    "or the pilot's school:"}
STEP_WORDS = {"new ship": _STEPS["new ship"], "ship": _STEPS["new ship"],
              "new pilot": _STEPS["new pilot"], "pilot": _STEPS["new pilot"],
              "recruit": _STEPS["new pilot"], "repair": _STEPS["repair"],
              "repairs": _STEPS["repair"]} | {
    item.name: _STEPS["repair"] for item in formula_data().items.values()
    if item.kind == "repair"}
SCHOOL_WORDS = ("school", formula_data().items["school"].name,
                *formula_data().spellings["school"])
ELSEWHERE = {
    "upgrades": {i: _WHERE["derby"].format(i) for i in DERBY_EQUIPMENT}
    | {i: _WHERE["option"].format(i) for i in TEAM_OPTIONS} | STEP_WORDS
    | {word: _STEPS["school"] for word in SCHOOL_WORDS},
    "weapons": {i: _WHERE["upgrade"].format(i) for i in UPGRADES}
    | {i: _WHERE["option"].format(i) for i in TEAM_OPTIONS} | STEP_WORDS
    | {word: _STEPS["school"] for word in SCHOOL_WORDS},
    "buy": {i: _WHERE["option"].format(i) for i in TEAM_OPTIONS} | STEP_WORDS,
}
# 19/ Special Feature Table: a race's features may be written by name, so that one written
# twice can be told (each is on a circuit once).
FEATURES = tuple(str(feature["name"]) for feature in formula_data().special_features)
FEATURE_ROLLS = {str(f["name"]): int(f["roll"]) for f in formula_data().special_features}
MAX_SHIPS = 12
MAX_SEASON_ENTRIES = 200


def section(number: str) -> str:
    """A section of the rules as a finding cites it (the book numbers them 1/ to 19/)."""
    return f"{BOOK}, {number}"


@dataclass(frozen=True)
class Skills:
    """A pilot's skill levels; a test passes on a d6 at or under the level (5/). The schema
    takes any level a d6 test can be read with; the rules hold them to the rank's maximum
    and the school's (FA-PILOT-SKILL-MAX, FA-SCHOOL-MAX)."""

    piloting: int = spec_field(Int(0, 99),
                               "Piloting: overtaking, narrow passages, extra turns.",
                               source=section("5/"))
    g_endurance: int = spec_field(Int(0, 99), "G-Endurance: one test per booster used (10/).",
                                  source=section("5/, 10/"))
    firing: int = spec_field(Int(0, 99), "Firing: Destruction Derby pilots only (5/, 17/).",
                             default=0, source=section("5/, 17/"))

    def level(self, skill: str) -> int:
        """The level of ``skill`` by its field name."""
        value = getattr(self, skill)
        assert isinstance(value, int)
        return value

    @property
    def total(self) -> int:
        """Every skill point together."""
        return self.piloting + self.g_endurance + self.firing


@dataclass(frozen=True)
class Pilot:
    """A pilot of the team, who races in one category all season (4/, 5/)."""

    name: str = spec_field(Text(max_length=24), "The pilot's name, printed on roster and card.")
    rank: str = spec_field(BookChoice(RANKS, loose=True),
                           "seasoned or ace: sets the skill points and maxima (5/).",
                           source=section("5/"))
    category: str = spec_field(BookChoice(CATEGORIES, aliases=CATEGORY_NAMES),
                               "The one category this pilot races all season (4/).",
                               source=section("4/, 5/"))
    skills: Skills = spec_field(Struct(Skills, loose_keys=True),
                                "Skill levels, after any advanced school.",
                                source=section("5/"))
    school: dict[str, int] = spec_field(
        BlankIsEmpty(NamesCounted(MapOf(BookChoice(SKILLS, loose=True,
                                                   source=section("5/, 16/")),
                                        Int(0, 99, source=section("16/")))), {}),
        "Levels bought at the advanced school before the season, by skill (16/); or a list "
        "of skills, one per level.",
        default={}, source=section("16/"))
    recruited: bool = spec_field(
        Bool(), "The team's 4th pilot, recruited (Seasoned) for 1000 credits (16/); a pilot "
        "listed beyond the first three is taken as recruited anyway.",
        default=False, source=section("4/, 16/"))
    wounds: str = spec_field(
        BookChoice(WOUNDS, source=section("12/"), aliases=WOUND_NAMES),
        "The pilot's wound as the file starts (mid-season): none; wounded (Critical Damage 3: "
        "misses the next race, or races_out races); wounded-2 (4: the next two); "
        "severely-wounded (5: out for the season); dead. A wounded pilot still counts "
        "towards the four (4/).",
        default="none", source=section("4/, 12/"))
    races_out: int = spec_field(
        Int(0, 2), "Races a wounded pilot still misses as the file starts (1 if wounded and "
        "not written; written alone it means wounded). Each race of the pilot's category "
        "run without them counts one off (12/).",
        default=0, source=section("12/"))

    @property
    def base_skills(self) -> dict[str, int]:
        """Skill levels as allotted from the rank's points, school levels taken off."""
        return {s: self.skills.level(s) - self.school.get(s, 0) for s in SKILLS}


@dataclass(frozen=True)
class Weapon:
    """A Destruction Derby weapon, protection or turret; every one is used once (17/)."""

    item: str = spec_field(BookChoice(DERBY_EQUIPMENT, aliases=ITEM_NAMES, brackets=BRACKETS,
                                      elsewhere=ELSEWHERE["weapons"]),
                           "What it is: rockets, missile, rays, plasma, mines, vortex, smoke, "
                           "web, decoys, countermeasures, repulsor or turret.",
                           source=section("17/"))
    mount: str | None = spec_field(
        Nullable(BookChoice(MOUNTS, aliases=MOUNT_NAMES)),
        "front or rear, for a firing weapon (180 degree arc, 17/).",
        default=None, source=section("17/"))


class WeaponOrName(Spec):
    """A derby item as a mapping ({item: rockets, mount: front}), or by its name alone
    (mines), as a race's weapons_used lists them: a name alone has no mount."""

    shape = "mapping"

    def __init__(self) -> None:
        self.struct = Struct(Weapon)
        self.item = {info.name: info.spec for info in declared_fields(Weapon)}["item"]
        self.expected = "a mapping, or a derby item's name"
        self.source = section("17/")

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        if isinstance(node, Scalar) and isinstance(node.value, str):
            item = self.item.validate(node, (*path, "item"), v)
            return item if item is INVALID else Weapon(item=item)
        return self.struct.check(node, path, v)

    def nested(self) -> Mapped | None:
        return self.struct.nested()

    def describe_doc(self) -> str:
        return "a mapping of the fields listed under it, or the item's name alone"

    def own_schema(self) -> dict[str, Any]:
        return {"anyOf": [self.struct.json_schema(), self.item.json_schema()]}


WEAPONS = ListOf(WeaponOrName(), 0, 24)


@dataclass(frozen=True)
class Ship:
    """A ship of the team: a type from 2/, its basic equipment and what was bought for it."""

    name: str = spec_field(Text(max_length=24), "The ship's name, printed on roster and card.")
    type: str = spec_field(BookChoice(SHIP_TYPES), "Alpha, Beta, Lambda, Tau or Gamma (2/).",
                           source=section("2/"))
    pilot: str | None = spec_field(
        Nullable(Text(max_length=24)), "The pilot who flies it this season, by name.",
        default=None)
    upgrades: dict[str, int] = spec_field(
        BlankIsEmpty(NamesCounted(MapOf(
            BookChoice(UPGRADES, source=section("16/"), aliases=ITEM_NAMES, brackets=BRACKETS,
                       elsewhere=ELSEWHERE["upgrades"]),
            Int(0, 99, source=section("16/")))), {}),
        "Upgrades bought before the season, by name and count: speed, hit-point, booster, fin, "
        "auto-start, zap-o-burn, ramming-edge (16/); or a list of names, one per upgrade.",
        default={}, source=section("16/"))
    weapons: tuple[Weapon, ...] = spec_field(
        BlankIsEmpty(WEAPONS, ()), "Destruction Derby weapons and protections (17/).",
        default=(), source=section("17/"))

    @property
    def base(self) -> Any:
        """The ship type's line of 2/: speed, hit points and space."""
        return formula_data().ships[self.type]


@dataclass(frozen=True)
class RaceResult:
    """How one of the team's pilots did in a race."""

    pilot: str = spec_field(Text(max_length=24), "The pilot, by name.")
    ship: str = spec_field(Text(max_length=24), "The ship flown, by name.")
    place: int | None = spec_field(
        Nullable(Place(1, 99), blank_words=("dnf", "did not finish", "does not finish")),
        "Finishing place (1, or 1st as 15/ writes it), or dnf (15/).",
        source=section("15/"))
    hit_points_lost: int = spec_field(
        Counted(0, 99, HIT_POINTS, 1), "Damage taken in the race; points past the ship's last "
        "hit point are Damage Table rolls (12/).", default=0, source=section("12/"))
    boosters_broken: int = spec_field(Counted(0, 8, BOOSTERS, 1),
                                      "Boosters broken (Damage Table 2).",
                                      default=0, source=section("12/"))
    fins_broken: int = spec_field(Counted(0, 8, FINS, 1), "Fins broken (Damage Table 3).",
                                  default=0, source=section("12/"))
    boosters_destroyed: int = spec_field(Counted(0, 8, BOOSTERS, 1),
                                         "Boosters destroyed (Damage Table 4).",
                                         default=0, source=section("12/"))
    fins_destroyed: int = spec_field(Counted(0, 8, FINS, 1), "Fins destroyed (Damage Table 5).",
                                     default=0, source=section("12/"))
    pilot_outcome: str = spec_field(
        BookChoice(PILOT_OUTCOMES, source=section("12/"), aliases=OUTCOME_NAMES),
        "fit, hit, wounded-1, wounded-2, wounded-season or killed (Critical Damage Table).",
        default="fit")
    ship_destroyed: bool = spec_field(Bool(), "The ship exploded or is beyond repair.",
                                      default=False, source=section("12/"))
    options: tuple[str, ...] = spec_field(
        BlankIsEmpty(ListOf(BookChoice(TEAM_OPTIONS, source=section("17/"), aliases=ITEM_NAMES,
                                       brackets=BRACKETS)), ()),
        "Options bought for this race: sabotage, security (17/).",
        default=(), source=section("17/"))
    weapons_used: tuple[str, ...] = spec_field(
        BlankIsEmpty(ListOf(BookChoice(DERBY_EQUIPMENT, source=section("17/"),
                                       aliases=ITEM_NAMES, brackets=BRACKETS), 0, 24), ()),
        "Derby weapons and protections used up in this race: each is single use (17/).",
        default=(), source=section("17/"))


@dataclass(frozen=True)
class Race:
    """One race of the season and the team's results in it."""

    name: str = spec_field(Text(max_length=32), "The circuit or race name.")
    category: str = spec_field(BookChoice(CATEGORIES, aliases=CATEGORY_NAMES),
                               "total-speed-way, dragster-show or destruction-derby.",
                               source=section("3/"))
    starters: int = spec_field(Counted(1, 99, ("ships", "ship", "starters"), 1),
                               "Ships at the start, every team's (15/).",
                               source=section("15/"))
    results: tuple[RaceResult, ...] = spec_field(
        BlankIsEmpty(ListOf(Struct(RaceResult), 0, 4), ()),
        "The team's pilots in this race; none for a race the team sat out, which a wounded "
        "pilot of the category still misses (5/, 12/).", source=section("5/, 12/"))
    special_features: int | tuple[str, ...] = spec_field(
        CountOrNames(Int(0, 99, source=section("19/")),
                     ListOf(BookChoice(FEATURES, source=section("19/"), loose=True,
                                       rolls=FEATURE_ROLLS), 0, 99,
                            source=section("19/")),
                     expected="a whole number from 0 to 99, or a list of names from the "
                              "Special Feature Table (" + ", ".join(FEATURES) + ")"),
        "Aces High Special Features on the circuit (19/): how many, or their names.",
        default=0, source=section("19/"))

    @property
    def features(self) -> int:
        """How many Special Features the circuit has, however they are written."""
        if isinstance(self.special_features, int):
            return self.special_features
        return len(self.special_features)


@dataclass(frozen=True)
class Purchase:
    """Something bought between races, paid from the team's credits (16/, 17/)."""

    item: str = spec_field(BookChoice((*UPGRADES, *DERBY_EQUIPMENT, "school"), aliases=ITEM_NAMES,
                                      brackets=BRACKETS, elsewhere=ELSEWHERE["buy"]),
                           "What was bought: an upgrade, a derby item or school.",
                           source=section("16/, 17/"))
    ship: str | None = spec_field(Nullable(Text(max_length=24)),
                                  "The ship it was fitted to (upgrades and derby items).",
                                  default=None)
    pilot: str | None = spec_field(Nullable(Text(max_length=24)),
                                   "The pilot sent to the advanced school.", default=None)
    skill: str | None = spec_field(Nullable(BookChoice(SKILLS, loose=True)),
                                   "The skill school raised.",
                                   default=None, source=section("5/, 16/"))
    count: int = spec_field(Int(1, 99), "How many were bought.", default=1,
                            source=section("16/, 17/"))
    mount: str | None = spec_field(Nullable(BookChoice(MOUNTS, aliases=MOUNT_NAMES)),
                                   "front or rear, for a weapon.",
                                   default=None, source=section("17/"))


REPAIRS = section("12/, 16/")


@dataclass(frozen=True)
class Repair:
    """Repairs paid between races (12/, 16/)."""

    ship: str = spec_field(Text(max_length=24), "The ship repaired, by name.")
    hit_points: int = spec_field(Counted(0, 99, HIT_POINTS, 1), "Hit points repaired (50 each).",
                                 default=0, source=REPAIRS)
    boosters: int = spec_field(Counted(0, 8, BOOSTERS, 1), "Broken boosters repaired (500 each).",
                               default=0, source=REPAIRS)
    fins: int = spec_field(Counted(0, 8, FINS, 1), "Broken fins repaired (500 each).", default=0,
                           source=REPAIRS)
    boosters_replaced: int = spec_field(Counted(0, 8, BOOSTERS, 1),
                                        "Destroyed boosters replaced (2000 each).",
                                        default=0, source=REPAIRS)
    fins_replaced: int = spec_field(Counted(0, 8, FINS, 1), "Destroyed fins replaced (2000 each).",
                                    default=0, source=REPAIRS)


@dataclass(frozen=True)
class SeasonEntry:
    """One step of the season: exactly one of race, buy, repair, new_ship, recruit, borrow,
    repay."""

    race: Race | None = spec_field(Nullable(Struct(Race)), "A race and its results.",
                                   default=None)
    buy: Purchase | None = spec_field(Nullable(Struct(Purchase)), "A purchase.", default=None)
    repair: Repair | None = spec_field(Nullable(Struct(Repair)), "Repairs to one ship.",
                                       default=None)
    new_ship: Ship | None = spec_field(Nullable(Struct(Ship)),
                                       "A ship bought (1000 credits, 16/).", default=None)
    recruit: Pilot | None = spec_field(Nullable(Struct(Pilot)),
                                       "A 4th pilot recruited (1000 credits, 16/).",
                                       default=None)
    borrow: int | None = spec_field(Nullable(Credits(1, 1_000_000)),
                                    "Credits borrowed under the rule of 14/.", default=None,
                                    source=section("14/"))
    repay: int | None = spec_field(Nullable(Credits(1, 1_000_000)), "Credits paid back (14/).",
                                   default=None, source=section("14/"))

    @property
    def kinds(self) -> tuple[str, ...]:
        """Which of the entry's fields are set (a valid entry has exactly one)."""
        return tuple(name for name in ("race", "buy", "repair", "new_ship", "recruit",
                                       "borrow", "repay") if getattr(self, name) is not None)


@dataclass(frozen=True)
class Team:
    """A Formula Ace Racing Pods team for one championship season."""

    name: str = spec_field(Text(max_length=28), "The team's name.")
    pilots: tuple[Pilot, ...] = spec_field(
        ListOf(Struct(Pilot), 0, 8), "The pilots at the start of the season (4/, 5/).",
        source=section("4/, 5/"))
    ships: tuple[Ship, ...] = spec_field(
        ListOf(Struct(Ship), 0, MAX_SHIPS), "The ships at the start of the season (4/).",
        source=section("4/"))
    credits: int = spec_field(Credits(), "Credits at the start of the season (14/).",
                              default=2500, source=section("4/, 14/"))
    season: tuple[SeasonEntry, ...] = spec_field(
        BlankIsEmpty(ListOf(Struct(SeasonEntry), 0, MAX_SEASON_ENTRIES), ()),
        "The season so far, in order: race, buy, repair, new_ship, recruit, borrow, repay.",
        default=())
    colour: str = spec_field(colour_spec("#1f4e79"),
                             "Accent colour of the roster and cards.", default="#1f4e79")
    note: str = spec_field(Text(allow_empty=True), "A designer's note; never printed.",
                           default="")

    def __post_init__(self) -> None:
        # A pilot or ship referred to in other capitals or spacing is the one so named.
        ships, season = spelt_as_declared(self)
        object.__setattr__(self, "ships", ships)
        object.__setattr__(self, "season", season)

    @property
    def recruits(self) -> frozenset[int]:
        """Which of the listed pilots are the team's recruited 4th (16/), by index: those
        marked ``recruited: true``, and any listed beyond the three a season starts with
        (4/), as extra ships are bought. A recruit is Seasoned, so the last Seasoned pilots
        listed are taken first, where that leaves the two Seasoned pilots and the Ace a
        season starts with (5/); where nothing does, the pilots listed last are the
        recruits, and the rules judge them and the starting three as written."""
        start = formula_data().season_start
        marked = {i for i, p in enumerate(self.pilots) if p.recruited}
        unmarked = [i for i in range(len(self.pilots)) if i not in marked]
        extra = len(unmarked) - int(start["pilots"])
        if extra <= 0:
            return frozenset(marked)
        backwards = unmarked[::-1]
        seasoned = [i for i in backwards if self.pilots[i].rank == "seasoned"]
        chosen = set(seasoned[:extra])
        ranks = Counter(self.pilots[i].rank for i in unmarked if i not in chosen)
        if len(chosen) < extra or ranks != Counter(start["ranks"]):
            chosen = set(backwards[:extra])
        return frozenset(marked | chosen)

    def pilot(self, name: str) -> Pilot | None:
        """The pilot called ``name`` at the start of the season, if any."""
        return next((p for p in self.pilots if p.name == name), None)

    def ship(self, name: str) -> Ship | None:
        """The ship called ``name`` at the start of the season, if any."""
        return next((s for s in self.ships if s.name == name), None)


TEAM_SCHEMA = Struct(Team, ignore=("game", "kind"))
