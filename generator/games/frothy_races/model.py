"""A Frothy Races vehicle: everything its Driving Licence shows, declared once.

Each field carries its spec and a one-line doc (see ``generator.input.schema``). The speed table is
written the way the licence prints it: one row per line, one column per Speed rating 0-6.
Lengths of the rows and the ranges the guide sets are checked by rules (``rules.py``), so a
finding can name the guide's section; the schema here only refuses what cannot be read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from generator.games.frothy_races.spellings import (
    QUOTED_NUMBER_SCHEMA,
    book_spelling,
    catalogue_names,
    quoted_number,
    signed_spelling,
)
from generator.input.schema import (
    Bool,
    Choice,
    Custom,
    Int,
    ListOf,
    MapOf,
    Nullable,
    OneOrMany,
    Spec,
    Struct,
    Text,
    Validation,
    colour_spec,
    spec_field,
)
from generator.input.source import Node, Scalar
from generator.input.validation import YAML_BOOL_WORDS
from generator.paper.art import ART

SPEEDS = range(7)
PHASES = range(1, 5)

VCG = "Vehicle Creation Guide"
SEC_SPEED = f"{VCG} > Movement > Speed"
SEC_ACCEL = f"{VCG} > Movement > Acceleration / Deceleration"
SEC_MOVE = f"{VCG} > Movement > Movement per Phase (Move)"
SEC_CONTROL = f"{VCG} > Movement > Control"
SEC_STAMINA = f"{VCG} > Movement > Stamina"
SEC_DAMAGE = f"{VCG} > Damage Table"
SEC_CARDS = f"{VCG} > Whip & Reins"
SEC_TRAITS = f"{VCG} > Traits (Edges & Flaws)"
SEC_CONTROL_TABLE = f"{VCG} > Control Table"

_DICE_ROLL = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*$")
def parse_hash_value(value: Any) -> int | str:
    """A '#' value: a whole number, or a roll such as 'd3' or '1d6' made each time it is used."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and _DICE_ROLL.match(value):
        count, sides = _DICE_ROLL.match(value).groups()  # type: ignore[union-attr]
        dice = int(count) if count else 1
        if dice < 1 or int(sides) < 2:
            raise ValueError("a roll is one or more dice of two or more sides, such as d3")
        return f"{dice}d{int(sides)}"
    typed = quoted_number(value)
    if typed is not None:
        return typed
    raise ValueError("write a whole number, or a roll such as d3")


# A Control entry as the guide's Movement Example prints it: '+1 DICE', or '2 dice', '1 die'.
_CONTROL_DICE = re.compile(r"^\s*\+?\s*(\d+)\s*di(?:ce|e)\s*$", re.IGNORECASE)


def parse_control(value: Any) -> int:
    """'safe' (stored as 0 dice) or a number of Control dice from 1 to 12, written as a
    number or with its word as the guide prints it ('+2 DICE')."""
    if isinstance(value, str) and value.strip().lower() == "safe":
        return 0
    if isinstance(value, str) and _CONTROL_DICE.match(value):
        value = int(_CONTROL_DICE.match(value).group(1))  # type: ignore[union-attr]
    elif quoted_number(value) is not None and "-" not in value:
        value = quoted_number(value)  # '+1', as the guide writes an extra die
    if isinstance(value, int) and not isinstance(value, bool):
        if value == 0:
            raise ValueError("write 'safe' for a Safe Speed rather than 0")
        if 1 <= value <= 12:
            return value
    raise ValueError("")


# Resilience is blank, 0, 1 or 2 (FR-DMG-RESILIENCE says so with the guide's section; the
# editor's schema holds the same range).
RESILIENCE = Int()
RESILIENCE.also = {"minimum": 0, "maximum": 2}
# Blank as a designer writes it: the word, a dash as the guide prints for nothing, or ''.
RESILIENCE_FIELD = Nullable(RESILIENCE, ("blank", "-", "\u2013", ""))
RESILIENCE_FIELD.expected = "a whole number, or blank ('blank', '-' or ~)"

HASH_VALUE = Custom(parse_hash_value, "a whole number or a roll such as d3", json={
    "anyOf": [{"type": "integer"}, {
        "type": "string", "pattern": r"^\s*([1-9]\d*)?\s*[dD]\s*([2-9]|[1-9]\d+)\s*$"},
        QUOTED_NUMBER_SCHEMA]})
CONTROL = Custom(parse_control, "'safe' or a number of Control dice from 1 to 12", json={
    "anyOf": [{"type": "integer", "minimum": 1, "maximum": 12},
              {"type": "string", "pattern": r"^\s*[sS][aA][fF][eE]\s*$"},
              {"type": "string", "pattern":
               r"^\s*\+?\s*0*([1-9]|1[0-2])\s*[dD][iI]([cC][eE]|[eE])\s*$"},
              {"type": "string", "pattern": r"^\s*\+?\s*0*([1-9]|1[0-2])\s*$"}]},
                 source=SEC_CONTROL)


class Moves(Int):
    """Spaces moved in one movement phase: a whole number, or a dash where the guide's
    Movement Example prints one for a phase the vehicle does not move in (read as 0)."""

    DASH = re.compile("^\\s*[-\u2013\u2014]\\s*$")

    def check(self, node: Node, path: tuple[str | int, ...], v: Validation) -> Any:
        if isinstance(node, Scalar) and isinstance(node.value, str) and \
                self.DASH.match(node.value):
            return 0
        return super().check(node, path, v)

    def own_schema(self) -> dict[str, Any]:
        return {"anyOf": [super().own_schema(),
                          {"type": "string", "pattern": self.DASH.pattern}]}


class PrintedInt(Int):
    """A whole number, also typed in quotes with its sign as the guide's Move Table prints
    a Stamina row ('+3', '-1')."""

    def check(self, node: Node, path: tuple[str | int, ...], v: Validation) -> Any:
        typed = quoted_number(node.value) if isinstance(node, Scalar) else None
        if typed is None:
            return super().check(node, path, v)
        if (self.min is not None and typed < self.min) or (
                self.max is not None and typed > self.max):
            return self.out_of_range(node, path, v)
        return typed

    def own_schema(self) -> dict[str, Any]:
        return {"anyOf": [super().own_schema(), QUOTED_NUMBER_SCHEMA]}


def speed_row(item: Spec, source: str) -> ListOf:
    """A licence row: one entry per Speed rating. The file format takes 1 to 12 entries so
    that FR-SPEED-RATINGS, not a bare length error, reports a row that is not seven long;
    the reference says what is required. An entry the schema refuses (a negative move, a
    decimal) cites the row's section of the guide, as the row does."""
    if item.source is None:
        item.source = source
    row = ListOf(item, 1, 12, length_note="")
    row.expected = f"a list of exactly 7 entries, Speed 0 first, each {item.expected}"
    row.also = {"minItems": len(SPEEDS), "maxItems": len(SPEEDS)}  # FR-SPEED-RATINGS
    return row


@dataclass(frozen=True)
class SpeedTable:
    """The Movement table across the top of the licence: one column per Speed 0-6."""

    acceleration: tuple[int, ...] = spec_field(
        speed_row(Int(0, 12), SEC_ACCEL),
        "Boxes each Speed takes in the Acceleration row, left to right.", source=SEC_ACCEL)
    deceleration: tuple[int, ...] = spec_field(
        speed_row(Int(0, 12), SEC_ACCEL), "Boxes each Speed takes in the Deceleration row.",
        source=SEC_ACCEL)
    move_1: tuple[int, ...] = spec_field(
        speed_row(Moves(0, 99), SEC_MOVE), "Spaces moved in movement phase 1 at each Speed.",
        source=SEC_MOVE)
    move_2: tuple[int, ...] = spec_field(
        speed_row(Moves(0, 99), SEC_MOVE), "Spaces moved in movement phase 2 at each Speed.",
        source=SEC_MOVE)
    move_3: tuple[int, ...] = spec_field(
        speed_row(Moves(0, 99), SEC_MOVE), "Spaces moved in movement phase 3 at each Speed.",
        source=SEC_MOVE)
    move_4: tuple[int, ...] = spec_field(
        speed_row(Moves(0, 99), SEC_MOVE), "Spaces moved in movement phase 4 at each Speed.",
        source=SEC_MOVE)
    control: tuple[int, ...] = spec_field(
        speed_row(CONTROL, SEC_CONTROL),
        "'safe' or the basic Control dice rolled to turn at each Speed.", source=SEC_CONTROL)
    # Stamina is an optional rule (Vehicle Creation Guide > Movement > Stamina): a vehicle
    # built without it leaves the row out, which reads as a row of zeros.
    stamina: tuple[int, ...] = spec_field(
        speed_row(PrintedInt(-9, 9), SEC_STAMINA),
        "Stamina won (+) or drained (-) as each round ends.",
        default=(0,) * len(SPEEDS), source=SEC_STAMINA)

    @property
    def move_rows(self) -> tuple[tuple[int, ...], ...]:
        """The four MOVE rows, phase 1 first."""
        return (self.move_1, self.move_2, self.move_3, self.move_4)

    @property
    def complete(self) -> bool:
        """True when every row has exactly one entry per Speed 0-6."""
        rows = (self.acceleration, self.deceleration, *self.move_rows, self.control, self.stamina)
        return all(len(row) == len(SPEEDS) for row in rows)

    def moves(self, speed: int) -> tuple[int, int, int, int]:
        """Spaces moved in phases 1-4 at ``speed``."""
        m1, m2, m3, m4 = (row[speed] for row in self.move_rows)
        return (m1, m2, m3, m4)

    def total(self, speed: int) -> int:
        """Spaces moved in a whole round at ``speed``."""
        return sum(self.moves(speed))


@dataclass(frozen=True)
class Ref:
    """A reference to a catalogue entry by name, or an entry of the designer's own."""

    name: str = spec_field(Text(max_length=40), "The entry's name as the guide lists it.")
    value: int | str | None = spec_field(
        HASH_VALUE, "The '#' number, for entries that take one "
        "(or a roll such as d3).", default=None)
    custom: bool = spec_field(
        Bool(), "true for an entry of your own, which then needs a summary.", default=False)
    summary: str | None = spec_field(
        Text(max_length=90),
        "One-line paraphrase printed on the licence front; required when custom.", default=None)
    text: str | None = spec_field(
        Text(),
        "Fuller explanation printed on the licence back (defaults to the summary).",
        default=None)


class RefSpec(Spec):
    """A catalogue reference written as a bare name or as a mapping with a value.
    ``catalogue`` names the data file whose names (and the guide's other spellings) the
    editor's schema offers and holds an entry to unless it is ``custom: true`` (the rules
    FR-TRAIT-UNKNOWN and its kin say the same in ``check``)."""

    def __init__(self, model: type[Ref], catalogue: str | None = None) -> None:
        self.struct = Struct(model)
        self.model = model
        self.catalogue = catalogue
        self.expected = "a name, or a mapping with 'name:' and 'value:'"

    def own_schema(self) -> dict[str, Any]:
        mapping = self.struct.json_schema()
        if self.catalogue is None:
            return {"anyOf": [{"type": "string", "pattern": r"\S"}, mapping]}
        name = catalogue_names(self.catalogue)
        custom = {"properties": {"custom": {"anyOf": [{"const": True}, {"enum": [
            w for w in YAML_BOOL_WORDS if w.lower() in ("yes", "on", "true")]}]}},
                  "required": ["custom"]}
        return {"anyOf": [name, {"allOf": [mapping, {
            "if": custom, "then": {"required": ["summary"]},
            "else": {"properties": {"name": name}}}]}]}

    def check(self, node: Node, path: tuple[str | int, ...], v: Validation) -> Any:
        if isinstance(node, Scalar) and isinstance(node.value, str) and node.value.strip():
            return book_spelling(self.model(name=node.value.strip()), self.catalogue)
        ref = self.struct.check(node, path, v)
        if not isinstance(ref, Ref):
            return ref
        return book_spelling(signed_spelling(ref), self.catalogue)

    def nested(self) -> Struct:
        return self.struct


@dataclass(frozen=True)
class TraitRef(Ref):
    """A trait (Edge or Flaw) the vehicle has."""


@dataclass(frozen=True)
class ChoiceRef(Ref):
    """One affect a 'Random' damage affect may pick: it names its trait or card as any
    affect does, but holds no list of its own (a pick is one affect)."""

    trait: str | None = spec_field(
        Text(), "For 'Lose Named Trait': the trait that is lost.",
        default=None)
    card: str | None = spec_field(
        Choice(["whip", "reins", "either"]),
        "For '-1 Whip / Reins card': which card is lost.", default=None)


@dataclass(frozen=True)
class AffectRef(ChoiceRef):
    """A damage or stamina affect at one level of its track."""

    choices: tuple[Ref, ...] = spec_field(
        ListOf(RefSpec(ChoiceRef, "damage_affects")), "For 'Random': the affects a roll "
        "chooses between.", default=())


@dataclass(frozen=True)
class StaminaAffectRef(AffectRef):
    """A stamina affect: as a damage affect, its 'Random' choices from the stamina list."""

    choices: tuple[Ref, ...] = spec_field(
        ListOf(RefSpec(Ref, "stamina_affects")), "For 'Random': the affects a roll chooses "
        "between.", default=())


@dataclass(frozen=True)
class SpecialCard(Ref):
    """A special card: its ability on one face, an ordinary Whip or Reins on the other."""

    face: str | None = spec_field(
        Choice(["whip", "reins"]),
        "The ordinary face: whip or reins (defaults to the card's own type).", default=None)
    discard: bool = spec_field(
        Bool(), "true if the card leaves the game once its special ability is used.",
        default=False)
    count: int = spec_field(Int(1, 6), "How many copies the vehicle has.", default=1)


@dataclass(frozen=True)
class Damage:
    """The Damage table down the left edge."""

    value: int = spec_field(
        Int(1, 40), "The maximum Damage value; reaching it wipes the vehicle out.",
        source=f"{SEC_DAMAGE} > Damage Value")
    resilience: int | None = spec_field(
        RESILIENCE_FIELD, "Resilience: blank, 0, 1 or 2 (a Damage die scores above it).",
        default=None, source=f"{SEC_DAMAGE} > Resilience")
    affects: dict[int, tuple[AffectRef, ...]] = spec_field(
        MapOf(Int(), OneOrMany(RefSpec(AffectRef, "damage_affects"))),
        "Damage affects by the Damage level they start at; the top level is Wipe-out.",
        default={}, source=f"{SEC_DAMAGE} > Damage Affects")


@dataclass(frozen=True)
class StaminaTrack:
    """The Stamina track down the right edge."""

    maximum: int = spec_field(
        Int(0, 30), "Stamina at the top of the track, where every vehicle starts.", default=10,
        source=SEC_STAMINA)
    minimum: int = spec_field(
        Int(0, 29), "The lowest Stamina the track shows.", default=0, source=SEC_STAMINA)
    affects: dict[int, tuple[AffectRef, ...]] = spec_field(
        MapOf(Int(), OneOrMany(RefSpec(StaminaAffectRef, "stamina_affects"))),
        "Stamina affects by level; each applies while Stamina is at or below it.", default={},
        source=SEC_STAMINA)


@dataclass(frozen=True)
class ControlLoss:
    """The Control Loss track along the bottom edge."""

    minimum: int = spec_field(
        Int(0, 9), "The vehicle's minimum Control Loss points (0 for most vehicles).",
        default=0, source=SEC_CONTROL_TABLE)


@dataclass(frozen=True)
class Cards:
    """The Whip and Reins cards the vehicle starts with."""

    # A vehicle has Whip and/or Reins cards (Whip & Reins Overview), so a type it has none of
    # may be left out; FR-CARDS-LIMIT still counts the hand.
    whip: int = spec_field(Int(0, 20), "Whip-only cards (green).", default=0, source=SEC_CARDS)
    reins: int = spec_field(Int(0, 20), "Reins-only cards (red).", default=0, source=SEC_CARDS)
    dual: int = spec_field(
        Int(0, 20), "Dual cards: Whip on one face, Reins on the other.", default=0,
        source=SEC_CARDS)
    special: tuple[SpecialCard, ...] = spec_field(
        ListOf(RefSpec(SpecialCard, "special_cards")),
        "Special cards, from the guide's list or custom.",
        default=(), source=SEC_CARDS)

    @property
    def special_count(self) -> int:
        return sum(card.count for card in self.special)

    @property
    def total(self) -> int:
        """Every card in the vehicle's hand at the start: ordinary, dual and special."""
        return self.whip + self.reins + self.dual + self.special_count


def book_keys(model: type, **also: str) -> Struct:
    """A licence section whose keys may be written as the licence prints its rows ('MOVE 1',
    'CONTROL', 'WHIP'), and under the guide's other words for a field (``also``: 'Duel' is
    the guide's word for a dual card, Vehicle Driving License Example)."""
    struct = Struct(model, loose_keys=True)
    fields = {info.name: info for info in struct.fields}
    struct.loose.update({word: fields[name] for word, name in also.items()})
    return struct


@dataclass(frozen=True)
class Vehicle:
    """A Frothy Races vehicle, as its Driving Licence describes it."""

    name: str = spec_field(
        Text(max_length=28), "The vehicle's name: on its licence, every card and its token.")
    speed_table: SpeedTable = spec_field(
        book_keys(SpeedTable), "The Movement table, Speed 0-6.")
    damage: Damage = spec_field(Struct(Damage), "Resilience, Damage value and damage affects.")
    cards: Cards = spec_field(
        book_keys(Cards, duel="dual"), "The Whip, Reins, dual and special cards.")
    stamina: StaminaTrack = spec_field(
        Struct(StaminaTrack), "The Stamina track and its affects.", default=StaminaTrack())
    control_loss: ControlLoss = spec_field(
        Struct(ControlLoss), "The Control Loss track's minimum.", default=ControlLoss())
    traits: tuple[TraitRef, ...] = spec_field(
        ListOf(RefSpec(TraitRef, "traits")), "Traits, from the guide's list or custom.",
        default=())
    background: str = spec_field(
        Text(allow_empty=True), "History and flavour for the licence back.", default="")
    colour: str = spec_field(
        colour_spec("#7a1f1f"),
        "Accent colour for the licence, cards and token.", default="#2e4a62")
    art: str | None = spec_field(
        ART, "Your picture of the vehicle (PNG, JPEG or SVG, relative to this file), printed "
        "on the licence back.", default=None)
    note: str = spec_field(
        Text(allow_empty=True), "A designer's note; never printed.", default="")


VEHICLE_SCHEMA = Struct(Vehicle, ignore=("game", "kind"))
