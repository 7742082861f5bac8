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
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.games.outrider.catalogues import outrider_data
from generator.games.outrider.spelling import (
    ARC_WEAPON_NAMES,
    BONUS_KEYS,
    BRITISH_KEYS,
    DIE_KEYS,
    FACING_NAMES,
    ICON_KEYS,
    MOUNT_NAMES,
    ROLL_NAMES,
    SKILL_TRACK,
    SLOT_KEYS,
    TACHOMETER,
    BookKeys,
    article,
    parse_slot_die,
    slot_die_schema,
    slot_holds,
)
from generator.input.findings import KeyPath
from generator.input.partial import Failed
from generator.input.schema import (
    INVALID,
    Choice,
    Custom,
    Int,
    ListOf,
    Nullable,
    Spec,
    Struct,
    Text,
    colour_spec,
    shared_path,
    spec_field,
)
from generator.input.source import Map, Node, Scalar
from generator.input.validation import Validation, did_you_mean
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
class Nickname(Text):
    """A build's nickname: the rulebook's classes are offered to an editor, and another name
    is allowed (OR-CLASS-UNKNOWN only warns)."""

    def own_schema(self) -> dict[str, Any]:
        raw = read_data(Path(__file__).with_name("data") / "classes.yaml")
        return {**super().own_schema(), "examples": [c["name"] for c in raw["entries"]]}


NICKNAME = Nickname(max_length=20)


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


class EquipmentSlots(BookKeys):
    """The four equipment slots, each key as the book writes it (ENGINE, Driver, armour);
    the editor's schema also asks for every standard die in some slot, so with four slots it
    holds all of OR-EQUIPMENT-STANDARD (one of each)."""

    def __init__(self) -> None:
        super().__init__(Equipment, BRITISH_KEYS | DIE_KEYS)

    def own_schema(self) -> dict[str, Any]:
        def somewhere(sides: int) -> dict[str, Any]:
            return {"anyOf": [slot_holds(slot, slot_die_schema(slot, [sides]))
                              for slot in SLOTS]}
        body = super().own_schema()
        return {**body, "allOf": [*body.get("allOf", []),
                                  *(somewhere(sides) for sides in outrider_data().standard_set)]}


# 1.2 prints a bonus with its sign ('a +1 or +2 boost'), 7.4 the same ('a +1 bonus'): a
# number written so, even in quotes, is that number.
_SIGNED = re.compile(r"^\s*([+-])\s*([0-9]+)\s*$")


def signed_pattern(numbers: Iterable[int]) -> str:
    """The quoted signed spellings ``SignedInt`` reads as one of ``numbers``, as a JSON
    Schema pattern ('+2'); a number below zero with its minus sign."""
    plus = "|".join(str(n) for n in numbers if n >= 0) or "(?!)"
    minus = "|".join(str(-n) for n in numbers if n < 0) or "(?!)"
    return rf"^\s*(\+\s*0*({plus})|-\s*0*({minus}))\s*$"


class SignedInt(Int):
    """A whole number, also written with its sign in quotes as the book prints a bonus
    ('+2'); out of range, it is refused as any number is."""

    def __init__(self, min: int | None = None, max: int | None = None) -> None:
        super().__init__(min, max)
        self.expected += ", or one with its sign ('+1')"

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        written = _SIGNED.match(node.value) if isinstance(node, Scalar) and isinstance(
            node.value, str) else None
        if written is None:
            return super().check(node, path, v)
        value = int(written.group(2)) * (-1 if written.group(1) == "-" else 1)
        if (self.min is not None and value < self.min) or (
                self.max is not None and value > self.max):
            return self.out_of_range(node, path, v)
        return value

    def numbers(self) -> range:
        """The numbers the editor's pattern spells out (a bonus is small)."""
        return range(self.min if self.min is not None else -9,
                     (self.max if self.max is not None else 9) + 1)

    def own_schema(self) -> dict[str, Any]:
        text: dict[str, Any] = {"type": "string", "pattern": signed_pattern(self.numbers())}
        if self.max is None and self.min is not None:  # no top: any figure of the sign
            text["pattern"] = rf"^\s*\+\s*0*[{max(self.min, 1)}-9][0-9]*\s*$"
        return {"anyOf": [super().own_schema(), text]}


class Bonus(SignedInt):
    """A characteristic bonus: any whole number reads, and OR-BONUS-RANGE reports one
    outside 0 to its limit; the editor's schema holds the same range."""

    def own_schema(self) -> dict[str, Any]:
        rules = read_data(Path(__file__).with_name("rules.yaml"))["rules"]
        limit = int(rules["OR-BONUS-RANGE"]["params"]["limit"])
        return {"anyOf": [{"type": "integer", "minimum": 0, "maximum": limit},
                          {"type": "string", "pattern": signed_pattern(range(limit + 1))}]}


class BonusLights(BookKeys):
    """A side's four bonuses, each key as the book writes it (HANDLING, Defense, defence), or
    by the icon 1.2 draws it as (Shield: the defense bonus), or by the slot 2.7 shows it
    under (ARMOR: the defense bonus). A
    key of none of them may be one misspelt ('speeed'), so what is kept of such a side leaves
    the bonuses it does not name unknown, not 0: a rule comparing totals (OR-VARIANT-BONUSES)
    is skipped rather than reporting a total the file did not mean."""

    def __init__(self) -> None:
        super().__init__(Bonuses, BRITISH_KEYS | ICON_KEYS | SLOT_KEYS | BONUS_KEYS)

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


class LeftBlank(Nullable):
    """A list or mapping whose key may be written with nothing after it ('upgrades:' once
    the template's example is deleted, 'bonuses:' on a side without lights, 2.7): blank
    reads as ``empty``, as if the key were left out."""

    def __init__(self, inner: Spec, empty: Any) -> None:
        super().__init__(inner, blank_words=())
        self.empty = empty
        self.expected = f"{inner.expected}, or nothing"

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        result = super().check(node, path, v)
        return self.empty if result is None else result

    def blank_schema(self) -> dict[str, Any]:
        return {"anyOf": [{"type": "null"}]}


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
        LeftBlank(BonusLights(), Bonuses()), "Characteristic bonuses (green lights) on this side.",
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


class MisspeltKeys(Struct):
    """A mapping where a key that is none of its fields but close to one ('Arcs', 'bonus',
    'Upgrades') is that field misspelt, so what is kept of it leaves the field unknown rather
    than at its default: no rule judges arcs, bonuses or upgrades the file did not mean (a
    side whose arcs were written as 'Arcs' has no primary arc only by the typo)."""

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        result = super().check(node, path, v)
        kept = v.partials.get(shared_path(path))
        if result is not INVALID or kept is None or not isinstance(node, Map):
            return result
        known = {f.name: f for f in self.fields}
        written = {info.name for key in node.entries
                   if (info := self.field_for(key, known)) is not None}
        for key, entry in node.entries.items():
            if not isinstance(key, str) or key in self.ignore or key in known:
                continue
            guess = did_you_mean(key, list(known))
            if guess is not None and guess not in written:
                where = shared_path((*path, key))
                v.marks.setdefault(where, entry.key_mark)
                object.__setattr__(kept, guess, Failed(where))
        return result


@dataclass(frozen=True)
class Variants:
    """The two sides of the chassis (2.1)."""

    narrow: Variant = spec_field(
        MisspeltKeys(Variant), "The side with narrower arcs and more bonuses (front of the card).",
        source=SEC_VARIANTS)
    wide: Variant = spec_field(
        MisspeltKeys(Variant), "The side with wider arcs and fewer bonuses (back of the card).",
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
    bonus: int = spec_field(SignedInt(min=1), "What it adds to that roll.")
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
        LeftBlank(ListOf(Struct(Upgrade)), ()),
        "Expansion equipment, listed on the dashboard's left side.",
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


VEHICLE_SCHEMA = MisspeltKeys(Vehicle, ignore=("game", "kind"))
