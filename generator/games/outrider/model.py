"""An Outrider vehicle: its two card sides, its equipment dice and any expansion equipment.

Each field carries its spec and a one-line doc (see ``generator.input.schema``). The schema only
refuses what cannot be read; what the rulebook asks of a build (one die of each size, bonuses
of at most +2, one primary arc...) is checked by rules (``rules.py``), so a finding can cite
the rulebook's section. Derived numbers a balance report needs (Action Points, Skill Points,
the bonus each side adds to each roll) are properties, read from the rulebook catalogues.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.games.outrider.catalogues import BRITISH, outrider_data, unaccented
from generator.input.editor_schema import integer_is
from generator.input.findings import KeyPath
from generator.input.partial import Failed
from generator.input.schema import (
    INVALID,
    Choice,
    Custom,
    Int,
    ListOf,
    Nullable,
    Struct,
    Text,
    colour_spec,
    loose_word,
    shared_path,
    spec_field,
)
from generator.input.source import Map, Node, Scalar
from generator.input.validation import Validation, any_case
from generator.input.values import loose_pattern
from generator.keep.data_yaml import read_data
from generator.paper.art import ART

BOOK = "Outrider"


def section(name: str) -> str:
    """A rulebook section as a finding cites it: 'Outrider, 2.3 Engines'."""
    return f"{BOOK}, {name}"


SEC_VARIANTS = section("2.1 Select Vehicles")
SEC_BONUSES = section("1.2 Vehicle Cards > Characteristic Bonus(es)")
SEC_ARCS = section("7.1 Resolving Attacks > Primary and Secondary Weapons")
SEC_EQUIPMENT = section("2.2 Using Equipment Dice")
SEC_EXPANSION = section("5.4 Determining a Successful Maneuver")

SLOTS = ("engine", "driver", "armor", "weapon")
CHARACTERISTICS = ("acceleration", "handling", "defense", "firepower")
ROLLS = ("initiative", "control", "defense", "attack")
FACINGS = ("front", "rear", "left", "right")
SIDES = ("narrow", "wide")
# 7.1 calls the primary weapon the vehicle's main weapon and the secondary ones backup
# weapons, each a 'Primary Weapon' or 'Secondary Weapon'; 7.2 has fixed weapons shoot
# straight forward or backward, and speaks of articulated and fixed weapons.
# 7.2 also fires with the PRIMARY arc or a secondary arc; each name singular or plural, as
# the book writes them ('Secondary Weapon(s)', 'Backup weapons', 'fixed weapons').
ARC_WEAPON_NAMES = {f"{name}{plural}": weapon for name, weapon in (
    ("main", "primary"), ("main weapon", "primary"), ("primary weapon", "primary"),
    ("primary arc", "primary"), ("backup", "secondary"), ("backup weapon", "secondary"),
    ("secondary weapon", "secondary"), ("secondary arc", "secondary"))
    for plural in ("", "s")}
FACING_NAMES = {"forward": "front", "forwards": "front", "back": "rear", "backward": "rear",
                "backwards": "rear"}
MOUNT_NAMES = {f"{mount} weapon{plural}": mount for mount in ("fixed", "articulated")
               for plural in ("", "s")}
# The book names each roll by its die (the DRIVER roll, 5.4) or by the characteristic added
# to it (1.3): those names, and the British spellings our own keys use, read as the roll,
# with or without 'roll' (the attack roll, 7.4), and the control check (5.4) and the
# defensive roll (7.4) as the book words them.
_ROLL_WORDS = {
    "initiative": "initiative", "engine": "initiative", "acceleration": "initiative",
    "control": "control", "driver": "control", "handling": "control",
    "defense": "defense", "armor": "defense", "armour": "defense", "defence": "defense",
    "defensive": "defense",
    "attack": "attack", "weapon": "attack", "firepower": "attack", "damage": "attack"}
# A roll is also named by its die (2.5: 'a six-sided (D6) ARMOR die for defense'), and any
# of these in the plural (1.3: 'when making control checks').
_DICE = ("engine", "driver", "armor", "armour", "weapon")
ROLL_NAMES = {name: roll for word, roll in _ROLL_WORDS.items()
              for name in (word, f"{word} roll", f"{word} rolls",
                           *((f"{word} die", f"{word} dice") if word in _DICE else ()))
              if name not in _ROLL_WORDS.values()} | {"control check": "control",
                                                      "control checks": "control"}

_DIE = re.compile(r"^\s*[dD]\s*([0-9]+)\s*$")
# A die written beside its class, as the book pairs them ('D8 Small Block', 'Small Block
# (D8)'): the die first or last, apart from the name by a space or punctuation.
_GAP = r"[^A-Za-z0-9]"
_DIE_FIRST = re.compile(rf"^{_GAP}*[dD]\s*([0-9]+){_GAP}+(.*[A-Za-z0-9].*)$", re.S)
_DIE_LAST = re.compile(rf"^(.*?[A-Za-z0-9].*?){_GAP}+[dD]\s*([0-9]+){_GAP}*$", re.S)


def parse_die(value: Any) -> int:
    """An equipment die written 'd6', 'd12', 'd20'...; its number of sides. Any die reads:
    whether it is one of the standard set is a rule (OR-EQUIPMENT-STANDARD, 2.2), so a d20
    is reported with the rulebook's reason, not as a typo."""
    match = _DIE.match(value) if isinstance(value, str) else None
    if match and int(match.group(1)) >= 2:
        return int(match.group(1))
    if isinstance(value, int) and not isinstance(value, bool) and value >= 2:
        raise ValueError(f"write the die as d{value}")
    raise ValueError("")


class Nickname(Text):
    """A build's nickname: the rulebook's classes are offered to an editor, and another name
    is allowed (OR-CLASS-UNKNOWN only warns)."""

    def own_schema(self) -> dict[str, Any]:
        raw = read_data(Path(__file__).with_name("data") / "classes.yaml")
        return {**super().own_schema(), "examples": [c["name"] for c in raw["entries"]]}


NICKNAME = Nickname(max_length=20)


def die_pattern(sides: Iterable[int]) -> str:
    """The spellings ``parse_die`` reads for these dice, as a JSON Schema pattern."""
    return r"^\s*[dD]\s*0*(" + "|".join(str(s) for s in sides) + r")\s*$"


def parse_slot_die(slot: str, value: Any) -> int:
    """A die for ``slot``: written dN, or named by its class in that slot (engine: Small
    Block), or as the book words it (``slot_value_pattern``); a class of another slot is
    refused with where it belongs."""
    try:
        return parse_die(value)
    except ValueError:
        if not isinstance(value, str):
            raise
    data = outrider_data()
    sides = data.die_named(slot, value)
    if sides is not None:
        return sides
    written = {int(n) for n in re.findall(r"[dD]\s*0*([0-9]+)", value)}
    for sides in sorted(set(data.slots[slot].dice) | written):
        if sides >= 2 and slot_value_re(slot, sides).match(value):
            return sides
    die, name = die_beside_class(value)
    if die is not None:
        named = data.die_named(slot, name)
        if named == die:
            return die
        if named is not None:
            raise ValueError(f"d{die} and {name.strip()} (d{named}) are two different dice: "
                             "write one of them")
    home = data.slot_of_class(name)
    if home is not None:
        raise ValueError(f"{name.strip()} is {article(home)} {home} class "
                         f"(d{data.die_named(home, name)}), not {article(slot)} {slot}")
    raise ValueError("")


def die_beside_class(value: str) -> tuple[int | None, str]:
    """(sides, the rest) of a die written before or after a name ('d8 Small Block'), or
    (None, value) when the value is not so written."""
    first = _DIE_FIRST.match(value)
    if first:
        return int(first.group(1)), first.group(2)
    last = _DIE_LAST.match(value)
    if last:
        return int(last.group(2)), last.group(1)
    return None, value


def article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


# Letters a class name may carry accented (Ablatives & Appliqués).
_ACCENTED = {"e": "\u00e9\u00c9\u00e8\u00c8"}
# 2.2-2.6 word the dice ('a six-sided (D6) ARMOR die', 'twelve sided').
DIE_WORDS = {6: "six", 8: "eight", 10: "ten", 12: "twelve"}


def name_word(token: str) -> str:
    """A word of a name as ``class_key`` compares it, as a regular expression: any case,
    accents, 'armour' for 'armor', a plural 's'; '&' or 'and'."""
    if token == "and":
        return r"(&|[aA][nN][dD])"
    if token.isdigit():
        return token
    letters = "".join(f"[{c.lower()}{c.upper()}{_ACCENTED.get(c.lower(), '')}]"
                      for c in token.removesuffix("s").removesuffix("S"))
    if token.lower() in BRITISH.values():  # armor, or armour
        letters = letters.replace("[oO][rR]", "[oO][uU]?[rR]")
    return letters + "[sS]?"


def spelled(name: str) -> str:
    """The spellings of a name ``class_key`` reads as it, as a regular expression."""
    tokens = re.findall(r"[A-Za-z0-9]+", unaccented(name).replace("&", " and "))
    return (_GAP + "*").join(name_word(t) for t in tokens)


def class_names(slot: str, sides: Iterable[int]) -> str:
    """The spellings ``class_key`` reads as a class name of these dice of ``slot``, as a
    regular expression without anchors: any case, any spaces or punctuation between words,
    '&' or 'and', 'armour' for 'armor', each word's plural 's', the slot's word or not."""
    data = outrider_data()
    names = [n for die in sides for n in data.class_names(slot, die)]
    return "(" + "|".join(spelled(n) for n in names) + ")"


def die_written(sides: int) -> str:
    """A die of ``sides`` as the book or a player writes it: d8, D8, 1d8, eight-sided, 8
    sided."""
    number = f"({any_case(DIE_WORDS[sides])}|{sides})" if sides in DIE_WORDS else str(sides)
    return rf"(1?[dD]\s*0*{sides}|{number}[\s-]*[sS][iI][dD][eE][dD])"


def slot_value_pattern(slot: str, sides: Iterable[int]) -> str:
    """The spellings ``parse_slot_die`` reads as one of these dice of ``slot``, as a JSON
    Schema pattern: the die or its class alone or the two side by side ('d8 Small Block',
    'Small Block (D8)', 'six-sided (D6)'), with the slot's own word or 'die' around them
    as the book writes them ('D12 Armor', 2.7; 'a six-sided (D6) ARMOR die', 2.5)."""
    gap, apart = _GAP + "*", _GAP + "+"
    extra = "(" + "|".join(name_word(w) for w in (slot, "die", "dice")) + ")"
    around = "(" + apart + extra + ")*"
    cores = []
    for die in sides:
        dice = die_written(die) + "(" + around + apart + die_written(die) + ")?"
        cores.append(dice)
        if die in outrider_data().slots[slot].dice:
            named = class_names(slot, [die])
            cores += [named, dice + around + apart + named, named + around + apart + dice]
    return (r"^\s*" + gap + "(" + extra + apart + ")*(" + "|".join(cores) + ")" + around
            + gap + r"\s*$")


@functools.lru_cache(maxsize=None)
def slot_value_re(slot: str, sides: int) -> re.Pattern[str]:
    return re.compile(slot_value_pattern(slot, [sides]))


def slot_die_schema(slot: str, sides: Iterable[int]) -> dict[str, Any]:
    """A die of ``sides`` in ``slot``, in every spelling ``parse_slot_die`` reads."""
    dice = list(sides)
    return {"type": "string", "anyOf": [{"pattern": die_pattern(dice)},
                                        {"pattern": slot_value_pattern(slot, dice)}]}


class EquipmentDie(Custom):
    """An equipment die for one slot: any dN reads, and the slot's class names; the editor's
    schema holds the standard set, as OR-EQUIPMENT-STANDARD does in ``check``."""

    def __init__(self, slot: str) -> None:
        super().__init__(functools.partial(parse_slot_die, slot),
                         "an equipment die written dN (d6, d8, d10 or d12), or "
                         f"{article(slot)} {slot} class by name", source=SEC_EQUIPMENT)
        self.slot = slot

    def own_schema(self) -> dict[str, Any]:
        return slot_die_schema(self.slot, outrider_data().standard_set)


# Our own keys are British (colour, flavour): a key the book spells the American way also
# reads in the British spelling.
BRITISH_KEYS = {"armour": "armor", "defence": "defense"}


def book_key(name: str) -> str:
    """The keys a ``BookKeys`` mapping reads as its field ``name``, as a JSON Schema
    pattern: any case, spaces or hyphens, and the British spelling."""
    words = [name, *(british for british, field in BRITISH_KEYS.items() if field == name)]
    return r"^\s*(" + "|".join(loose_pattern(loose_word(w)) for w in words) + r")\s*$"


class BookKeys(Struct):
    """A mapping whose keys read as the book writes them (ENGINE, Handling), and in the
    British spelling (armour, defence), in check and in the editor's schema."""

    def __init__(self, model: type) -> None:
        super().__init__(model, loose_keys=True)
        self.loose.update({loose_word(british): self.loose[field]
                           for british, field in BRITISH_KEYS.items() if field in self.loose})

    def loose_schema(self, body: dict[str, Any], required: list[str]) -> dict[str, Any]:
        body["patternProperties"] = {book_key(info.name): body["properties"][info.name]
                                     for info in self.fields}
        present = [{"not": {"propertyNames": {"not": {"pattern": book_key(name)}}}}
                   for name in required]
        return {**body, "allOf": present} if present else body


class EquipmentSlots(BookKeys):
    """The four equipment slots, each key as the book writes it (ENGINE, Driver, armour);
    the editor's schema also asks for every standard die in some slot, so with four slots it
    holds all of OR-EQUIPMENT-STANDARD (one of each)."""

    def __init__(self) -> None:
        super().__init__(Equipment)

    def own_schema(self) -> dict[str, Any]:
        def somewhere(sides: int) -> dict[str, Any]:
            return {"anyOf": [slot_holds(slot, slot_die_schema(slot, [sides]))
                              for slot in SLOTS]}
        body = super().own_schema()
        return {**body, "allOf": [*body.get("allOf", []),
                                  *(somewhere(sides) for sides in outrider_data().standard_set)]}


def slot_holds(slot: str, die: dict[str, Any]) -> dict[str, Any]:
    """JSON Schema of an equipment mapping with ``slot`` (its key in any spelling the check
    reads) holding a value that fits ``die``."""
    key = book_key(slot)
    return {"type": "object", "patternProperties": {key: die},
            "not": {"propertyNames": {"not": {"pattern": key}}}}


class Bonus(Int):
    """A characteristic bonus: any whole number reads, and OR-BONUS-RANGE reports one
    outside 0 to its limit; the editor's schema holds the same range."""

    def own_schema(self) -> dict[str, Any]:
        rules = read_data(Path(__file__).with_name("rules.yaml"))["rules"]
        return {"type": "integer", "minimum": 0,
                "maximum": int(rules["OR-BONUS-RANGE"]["params"]["limit"])}


class BonusLights(BookKeys):
    """A side's four bonuses, each key as the book writes it (HANDLING, Defense, defence). A
    key of none of them may be one misspelt ('speeed'), so what is kept of such a side leaves
    the bonuses it does not name unknown, not 0: a rule comparing totals (OR-VARIANT-BONUSES)
    is skipped rather than reporting a total the file did not mean."""

    def __init__(self) -> None:
        super().__init__(Bonuses)

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        result = super().check(node, path, v)
        kept = v.partials.get(shared_path(path))
        if result is not INVALID or kept is None or not isinstance(node, Map):
            return result
        known = {f.name: f for f in self.fields}
        named = {key: self.field_for(key, known) for key in node.entries}
        stray = [key for key, info in named.items() if info is None]
        if stray:
            where = shared_path((*path, str(stray[0])))
            v.marks.setdefault(where, node.entries[stray[0]].key_mark)
            for info in self.fields:
                if info not in named.values():
                    object.__setattr__(kept, info.name, Failed(where))
        return result


class Counted(Int):
    """A whole number, also written with the unit the book gives it ('4 AP' and '4 Action
    Points', 2.3; '10 Skill Points', 2.4): the number is what is read."""

    def __init__(self, units: Sequence[str], example: str) -> None:
        super().__init__()
        self.units = tuple(units)
        self.expected = f"a whole number, or one with its unit ('{example}')"

    def with_unit(self, number: str) -> str:
        """A pattern for ``number`` (a regular expression) followed by one of the units."""
        names = "|".join(r"\s+".join(any_case(word) for word in unit.split()) + "[sS]?"
                         for unit in self.units)
        return rf"^\s*{number}\s*({names})\s*$"

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        value = node.value if isinstance(node, Scalar) else None
        written = re.match(self.with_unit(r"\+?([0-9]+)"), value) \
            if isinstance(value, str) else None
        return int(written.group(1)) if written else super().check(node, path, v)

    def own_schema(self) -> dict[str, Any]:
        return {"anyOf": [super().own_schema(),
                          {"type": "string", "pattern": self.with_unit(r"\+?[0-9]+")}]}

    def equal_to(self, number: int) -> dict[str, Any]:
        """JSON Schema: a value written as ``number``, with or without its unit; anything
        else is left to the field's own schema."""
        return {"allOf": [integer_is(number), {
            "if": {"type": "string", "pattern": self.with_unit(r"\+?[0-9]+")},
            "then": {"pattern": self.with_unit(rf"\+?0*{number}")}}]}


TACHOMETER = Counted(("AP", "Action Point"), "4 AP")
SKILL_TRACK = Counted(("Skill Point",), "10 Skill Points")


@dataclass(frozen=True)
class Equipment:
    """The equipment dice: one die in each of the dashboard's four slots."""

    engine: int = spec_field(
        EquipmentDie("engine"),
        "Engine die: initiative and Action Points (d6 3 AP ... d12 6 AP).",
        source=section("2.3 Engines"))
    driver: int = spec_field(
        EquipmentDie("driver"), "Driver die: control checks and Skill Points (d6 6 ... d12 12).",
        source=section("2.4 Outriders for Hire"))
    armor: int = spec_field(
        EquipmentDie("armor"), "Armor die: defence against attacks and collisions.",
        source=section("2.5 Vehicular Armor"))
    weapon: int = spec_field(
        EquipmentDie("weapon"), "Weapon die: the primary weapon's damage roll.",
        source=section("2.6 Vehicular Weaponry"))

    def die(self, slot: str) -> int:
        """Sides of the die in ``slot`` (engine, driver, armor or weapon)."""
        sides: int = getattr(self, slot)
        return sides

    def as_tuple(self) -> tuple[int, int, int, int]:
        return (self.engine, self.driver, self.armor, self.weapon)


@dataclass(frozen=True)
class Bonuses:
    """The green lights under the characteristic icons: 0, +1 or +2 each."""

    acceleration: int = spec_field(
        Bonus(), "Added to the ENGINE roll for initiative.", default=0, source=SEC_BONUSES)
    handling: int = spec_field(
        Bonus(), "Added to the DRIVER roll in control checks.", default=0, source=SEC_BONUSES)
    defense: int = spec_field(
        Bonus(), "Added to the ARMOR roll against attacks.", default=0, source=SEC_BONUSES)
    firepower: int = spec_field(
        Bonus(), "Added to the WEAPON roll when attacking.", default=0, source=SEC_BONUSES)

    @property
    def total(self) -> int:
        """Every light on the side: how a side's boosts are compared with the other's."""
        return self.acceleration + self.handling + self.defense + self.firepower

    def of(self, characteristic: str) -> int:
        value: int = getattr(self, characteristic)
        return value


@dataclass(frozen=True)
class Arc:
    """A weapon arc (hard point) drawn on an edge of the vehicle card."""

    weapon: str = spec_field(
        Choice(["primary", "secondary"], source=SEC_ARCS, aliases=ARC_WEAPON_NAMES),
        "primary (solid red, the WEAPON die) or secondary (striped, a d6 backup).")
    facing: str = spec_field(
        Choice(FACINGS, source=section("1.2 Vehicle Cards > Weapon Arcs"), aliases=FACING_NAMES),
        "The card edge it sits on: front, rear, left or right.")
    mount: str = spec_field(
        Choice(["fixed", "articulated"], source=section("7.2 Determining a Hit"),
               aliases=MOUNT_NAMES),
        "fixed (shoots straight out) or articulated (sweeps a 90 degree cone).")


@dataclass(frozen=True)
class Variant:
    """One side of the vehicle card and of its dashboard."""

    arcs: tuple[Arc, ...] = spec_field(
        ListOf(Struct(Arc)), "Weapon arcs on this side: one primary, up to two secondary.",
        default=(), source=SEC_ARCS)  # none written: no primary, OR-ARC-PRIMARY says so
    bonuses: Bonuses = spec_field(
        BonusLights(), "Characteristic bonuses (green lights) on this side.",
        default=Bonuses())
    title: str | None = spec_field(
        Text(max_length=24), "A name for this build, printed under the vehicle name.",
        default=None)

    def arcs_on(self, facing: str) -> tuple[Arc, ...]:
        """The arcs on one edge, primary first: the order they are drawn in."""
        on_edge = [arc for arc in self.arcs if arc.facing == facing]
        return tuple(sorted(on_edge, key=lambda arc: arc.weapon != "primary"))

    @property
    def fire_linked_facings(self) -> tuple[str, ...]:
        """Edges with a primary and a secondary arc: fire-linked for +1 to attack (7.2)."""
        return tuple(f for f in FACINGS
                     if {a.weapon for a in self.arcs_on(f)} == {"primary", "secondary"})


@dataclass(frozen=True)
class Variants:
    """The two sides of the chassis (2.1)."""

    narrow: Variant = spec_field(
        Struct(Variant), "The side with narrower arcs and more bonuses (front of the card).",
        source=SEC_VARIANTS)
    wide: Variant = spec_field(
        Struct(Variant), "The side with wider arcs and fewer bonuses (back of the card).",
        source=SEC_VARIANTS)

    def sides(self) -> tuple[tuple[str, Variant], tuple[str, Variant]]:
        """(side name, variant) for both sides, front first."""
        return (("narrow", self.narrow), ("wide", self.wide))


@dataclass(frozen=True)
class Upgrade:
    """A piece of expansion equipment: a 'mechanical' bonus to one kind of roll (5.4)."""

    name: str = spec_field(Text(max_length=28), "The equipment's name, printed on the dashboard.")
    roll: str = spec_field(
        Choice(ROLLS, aliases=ROLL_NAMES, source=section("1.3 Vehicle Characteristics Overview")),
        "The roll it adds to: initiative, control, defense or attack (or the die rolled, or "
        "the characteristic that adds to it).")
    bonus: int = spec_field(Int(min=1), "What it adds to that roll.")
    summary: str | None = spec_field(
        Text(max_length=80), "A short description printed after its bonus.", default=None)


@dataclass(frozen=True)
class Vehicle:
    """An Outrider vehicle: a double-sided vehicle card and dashboard."""

    name: str = spec_field(Text(max_length=28), "The chassis name printed on its cards.")
    nickname: str = spec_field(
        NICKNAME, "The nickname class of the build, e.g. Interceptor.",
        source=section("1.2 Vehicle Cards > Vehicle Name & Image"))
    equipment: Equipment = spec_field(
        EquipmentSlots(),
        "The equipment dice assigned to Engine, Driver, Armor and Weapon.", source=SEC_EQUIPMENT)
    variants: Variants = spec_field(Struct(Variants), "The narrow-arc and wide-arc sides.",
                                    source=SEC_VARIANTS)
    tachometer: int | None = spec_field(
        Nullable(TACHOMETER),
        "The Action Points you expect the tachometer to show; checked against the engine.",
        default=None, source=section("2.3 Engines"))
    skill_track: int | None = spec_field(
        Nullable(SKILL_TRACK),
        "The Skill Points you expect on the skill track; checked against the driver.",
        default=None, source=section("2.4 Outriders for Hire"))
    upgrades: tuple[Upgrade, ...] = spec_field(
        ListOf(Struct(Upgrade)), "Expansion equipment, listed on the dashboard's left side.",
        default=(), source=SEC_EXPANSION)
    flavour: str = spec_field(
        Text(allow_empty=True, max_length=100), "One or two lines printed on the vehicle card.",
        default="")
    colour: str = spec_field(
        colour_spec("#9c3d22"),
        "Accent colour of its cards, dashboard and tokens.", default="#9c3d22")
    art: str | None = spec_field(
        ART, "Your picture of the vehicle (PNG, JPEG or SVG, relative to this file), printed "
        "on its vehicle card instead of the nickname's silhouette.", default=None)
    note: str = spec_field(Text(allow_empty=True), "A designer's note; never printed.",
                           default="")

    @property
    def action_points(self) -> int:
        """Action Points the engine die gives (2.3)."""
        return outrider_data().action_points(self.equipment.engine)

    @property
    def skill_points(self) -> int:
        """Skill Points the driver die gives at the start of a game (2.4)."""
        return outrider_data().skill_points(self.equipment.driver)

    def upgrade_bonus(self, roll: str) -> int:
        """What the expansion equipment adds to ``roll`` in all."""
        return sum(u.bonus for u in self.upgrades if u.roll == roll)

    def roll_bonus(self, side: str, roll: str) -> int:
        """Characteristic plus equipment bonus one side adds to ``roll``, before the cap."""
        variant: Variant = getattr(self.variants, side)
        characteristic = CHARACTERISTICS[ROLLS.index(roll)]
        return variant.bonuses.of(characteristic) + self.upgrade_bonus(roll)


VEHICLE_SCHEMA = Struct(Vehicle, ignore=("game", "kind"))
