"""A Joyride car (its dashboard and its unique driver abilities) and a custom item.

Each field carries its spec and a one-line doc (see ``generator.input.schema``). The schema only
refuses what cannot be read; what the rulebook asks of a build (the four dashboard elements,
eight damage slots in their places, three abilities, timing lights from the five steps) is
checked by rules (``rules.py``), so each finding can cite the rulebook's section. A unique
set may name a standard ability instead of describing it; ``standard.py`` resolves names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.games.joyride.catalogues import joyride_data
from generator.input.editor_schema import same_letters
from generator.input.findings import KeyPath
from generator.input.schema import (
    Bool,
    Choice,
    Either,
    Int,
    ListOf,
    Nullable,
    OneOrMany,
    Struct,
    Text,
    colour_spec,
    spec_field,
)
from generator.input.source import Node, Scalar, Seq
from generator.input.validation import Validation, any_case
from generator.keep.data_yaml import read_data
from generator.paper.art import ART

BOOK = "Joyride prototype rulebook"


def section(name: str) -> str:
    """A rulebook section as a finding cites it."""
    return f"{BOOK}, {name}"


SEC_DASHBOARD = section("Player Components > The Dashboard")
SEC_DAMAGE = section("Driving > Damage")
SEC_ABILITIES = section("Player Components > Driver Abilities")
SEC_ITEMS = section("Special Effects > Items")

STEPS = joyride_data().step_ids
MODES = ("flip", "permanent", "toggleable")
SLOT_KINDS = ("damage", "plain")
MARKERS = tuple(joyride_data().markers)
LAYOUTS = ("gears-left", "gears-right")
ITEM_TYPES = tuple(joyride_data().item_types)
EFFECTS = tuple(joyride_data().effects)


# The book's words for what a field holds, beside our ids: the symbols that mark a
# permanent and a toggleable token (Non-standard abilities: '∞', '↻'); the damage slots of
# The Dashboard ('These are damage slots'); each item type as its heading names it
# ('Dropped Items', Special Effects > Items).
MODE_NAMES = {"\u221e": "permanent", "\u21bb": "toggleable"}
SLOT_NAMES = {f"{kind} slot{plural}": kind for kind in SLOT_KINDS for plural in ("", "s")}
ITEM_TYPE_NAMES = {f"{kind} item{plural}": kind for kind in ITEM_TYPES for plural in ("", "s")}

# Items: 'Dropped items can be used during the START, SHIFT or END step': the steps also
# read as one text, parted by commas, 'or', 'and', '&' or '/', with 'the' and 'step' kept.
_STEP_GAP = r"\s*(?:,|/|&|\s(?:[oO][rR]|[aA][nN][dD])\s)\s*"
_STEP_ENDS = re.compile(r"^\s*(?:the\s+)?(.*?)(?:\s+(?:steps?|stages?))?\s*$", re.I | re.S)


class Steps(ListOf):
    """Timing lights: a list of steps, or the steps written as the book runs them together
    in a sentence ('START, SHIFT or END'); each step is then checked as a list entry."""

    def __init__(self, source: str | None = None) -> None:
        super().__init__(Choice(STEPS), source=source)
        self.expected += ", or those steps in one text ('START, SHIFT or END')"

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        if isinstance(node, Scalar) and isinstance(node.value, str) and node.value.strip():
            inner = _STEP_ENDS.match(node.value)
            words = re.split(_STEP_GAP, inner.group(1) if inner else node.value)
            node = Seq(node.mark, [Scalar(node.mark, word) for word in words])
        return super().check(node, path, v)

    def own_schema(self) -> dict[str, Any]:
        step = "(" + "|".join(any_case(s) for s in STEPS) + ")"
        # a step written twice is one light lit twice (JR-ABILITY-TIMING), as in a list
        once = "".join(f"(?!.*{any_case(s)}.*{any_case(s)})" for s in STEPS)
        ends = "(" + any_case("step") + "|" + any_case("stage") + ")"
        text = (r"^" + once + r"\s*(" + any_case("the") + r"\s+)?" + step
                + "(" + _STEP_GAP + step + r")*(\s+" + ends + r"[sS]?)?\s*$")
        return {"anyOf": [super().own_schema(), {"type": "string", "pattern": text}]}


def steps_text(steps: Sequence[str]) -> dict[str, Any]:
    """JSON Schema of timing written as one text that names exactly ``steps`` (an item
    type's fixed START, SHIFT and END), for the rules a list of steps is held to."""
    named = "".join(f"(?=.*{any_case(s)})" for s in steps)
    others = "".join(f"(?!.*{any_case(s)})" for s in STEPS if s not in steps)
    return {"type": "string", "pattern": f"^{named}{others}"}


COLOUR = colour_spec("#c62828")
TIMING = Steps(source=section("Player Components > Timing Indicators"))


@dataclass(frozen=True)
class Gear:
    """One space of the gear column."""

    damage: bool = spec_field(
        Bool(), "true when it is a damage slot, drawn with a red dashed outline.",
        default=False, source=SEC_DAMAGE)
    marker: str | None = spec_field(
        Nullable(Choice(MARKERS, loose=True)),
        "reverse (gear 1) or bonus-steer (gear 2), if any.",
        default=None, source=section("Driving > Movement"))


@dataclass(frozen=True)
class Dashboard:
    """The dashboard: gears 1-5, the rear-view mirror, four locked dice slots, two items."""

    gears: tuple[Gear, ...] = spec_field(
        ListOf(Struct(Gear)), "The gear column, gear 1 first (it is drawn at the bottom).",
        default=(), source=SEC_DASHBOARD)
    mirror: bool = spec_field(
        Bool(), "true: the rear-view mirror, where the dice wait between turns.",
        default=True, source=SEC_DASHBOARD)
    locked_slots: tuple[str, ...] = spec_field(
        ListOf(Choice(SLOT_KINDS, aliases=SLOT_NAMES)),
        "Each locked dice slot, left to right: damage or plain.",
        default=(), source=SEC_DASHBOARD)
    item_slots: tuple[str, ...] = spec_field(
        ListOf(Choice(SLOT_KINDS, aliases=SLOT_NAMES)),
        "Each item slot, top to bottom: damage or plain.",
        default=(), source=SEC_DASHBOARD)
    layout: str = spec_field(
        Choice(LAYOUTS, loose=True),
        "Which edge the gear column runs up: gears-left or gears-right.",
        default="gears-left")

    def damage_slots(self) -> int:
        """How many damage slots the dashboard has, all elements together."""
        return (sum(gear.damage for gear in self.gears)
                + self.locked_slots.count("damage") + self.item_slots.count("damage"))

    def gear_with(self, marker: str) -> int | None:
        """The gear (1-5) that carries ``marker``, the first if several do."""
        return next((i + 1 for i, gear in enumerate(self.gears) if gear.marker == marker),
                    None)


@dataclass(frozen=True)
class BalanceEffect:
    """What an ability does, in the terms the balance profile measures."""

    effect: str = spec_field(
        Choice(EFFECTS, loose=True),
        "What it does, as the balance profile counts it (an extra die...).",
        source="Balance profile: measured effects")
    amount: int = spec_field(
        Int(1, 5), "How much: dice, spaces, gears, steers or damage, as the effect counts.",
        default=1)


@dataclass(frozen=True)
class AbilityFace:
    """One face of an ability token: what it does and when."""

    name: str = spec_field(Text(max_length=24), "The ability's name, printed on its token.")
    timing: tuple[str, ...] = spec_field(
        TIMING, "Timing lights lit: start, lock, shift, roll and/or end.",
        source=section("Player Components > Timing Indicators"))
    effect: str = spec_field(
        Text(max_length=170), "What it does, in your own words, printed on the token.")
    icon: str | None = spec_field(
        Nullable(Text()), "An icon from icons.yaml, drawn faintly behind the effect, or blank.",
        default=None)
    balance: tuple[BalanceEffect, ...] = spec_field(
        OneOrMany(Struct(BalanceEffect)),
        "What the balance profile measures it as; left out, it is listed as not measured.",
        default=())


@dataclass(frozen=True)
class Ability(AbilityFace):
    """A driver ability token (its other side too, when it is toggleable)."""

    mode: str = spec_field(
        Choice(MODES, aliases=MODE_NAMES),
        "flip (used, then turned to low power), permanent or toggleable.",
        default="flip", source=section("Player Components > Non-standard abilities"))
    other_side: AbilityFace | None = spec_field(
        Nullable(Struct(AbilityFace)), "A toggleable ability's other side.", default=None,
        source=section("Player Components > Non-standard abilities"))

    def faces(self) -> tuple[AbilityFace, ...]:
        """The faces that are abilities: one, or two for a toggleable token."""
        return (self,) if self.other_side is None else (self, self.other_side)

    @property
    def title(self) -> str:
        """How reports name it: 'Name', or 'Name / Other side' for a toggleable token."""
        return " / ".join(face.name for face in self.faces())


AbilityRef = str | Ability

class AbilitySpec(Either):
    """An ability of the unique set: a mapping describing it (a bare name is read so that
    JR-ABILITY-UNKNOWN or JR-ABILITY-MIX can say what is wrong with it). The editor's schema
    takes only a mapping whose name is none of the standard set's (one complete set, no mix)."""

    def own_schema(self) -> dict[str, Any]:
        raw = read_data(Path(__file__).with_name("data") / "abilities.yaml")
        standard = same_letters([a["name"] for a in raw["abilities"]], plural=True)
        mapping = Struct(Ability).json_schema()
        return {"allOf": [mapping, {"properties": {"name": {"not": {"pattern": standard}}}}]}


ABILITY = AbilitySpec(Text(max_length=24), Struct(Ability),
                      expected="a mapping describing one of the car's own abilities "
                      "(name, timing, effect)")


@dataclass(frozen=True)
class Car:
    """A Joyride car: its dashboard and its set of unique driver abilities."""

    name: str = spec_field(Text(max_length=28), "The car's name, printed on all its parts.")
    colour: str = spec_field(
        COLOUR, "The driver set's colour: dashboard, tokens, player aid (and dice).",
        source=section("Player Components"))
    dashboard: Dashboard = spec_field(Struct(Dashboard), "The dashboard's layout.",
                                      source=SEC_DASHBOARD)
    abilities: tuple[AbilityRef, ...] = spec_field(
        ListOf(ABILITY), "The unique set: three abilities of the car's own, each a mapping.",
        default=(), source=SEC_ABILITIES)
    driver: str = spec_field(
        Text(allow_empty=True, max_length=28), "The driver's name, printed on the dashboard.",
        default="")
    flavour: str = spec_field(
        Text(allow_empty=True, max_length=110), "A line or two printed on the dashboard.",
        default="")
    art: str | None = spec_field(
        ART, "Your picture of the car (PNG, JPEG or SVG, relative to this file), printed on "
        "its car counter.", default=None)
    note: str = spec_field(Text(allow_empty=True), "A designer's note; never printed.",
                           default="")


@dataclass(frozen=True)
class Item:
    """An item: four pick-ups and a description card."""

    name: str = spec_field(Text(max_length=20), "The item's name, on pick-ups and card.")
    type: str = spec_field(
        Choice(ITEM_TYPES, aliases=ITEM_TYPE_NAMES), "dropped, fired or activated.",
        source=SEC_ITEMS)
    effect: str = spec_field(
        Text(max_length=240), "What it does, in your own words, printed on its card.")
    # None when the file leaves timing out, () when it writes it empty: JR-ITEM-TIMING
    # points at the empty list, or at the type when there is none.
    timing: tuple[str, ...] | None = spec_field(
        Steps(),
        "When it can be used: activated items say; others are START, SHIFT, END.",
        default=None, source=SEC_ITEMS)
    explodes: bool = spec_field(
        Bool(), "true when it explodes: its card repeats the explosion rules.", default=False,
        source=section("Special Effects > Explosions"))
    icon: str | None = spec_field(
        Nullable(Text()), "An icon from icons.yaml for its pick-ups and card.", default=None)
    footnote: str = spec_field(
        Text(allow_empty=True, max_length=80), "A line printed small at the card's foot.",
        default="")
    note: str = spec_field(Text(allow_empty=True), "A designer's note; never printed.",
                           default="")

    def steps(self) -> tuple[str, ...]:
        """The steps it can be used in: its own timing, else its type's."""
        if self.timing:
            return self.timing
        return joyride_data().item_types[self.type].timing or ()


CAR_SCHEMA = Struct(Car, ignore=("game", "kind"))
ITEM_SCHEMA = Struct(Item, ignore=("game", "kind"))
