"""A Circus Maximus chariot: driver, car, team of horses, endurance and maximum team speed.

Each field carries its spec and a one-line doc (see ``generator.input.schema``). The schema only
refuses what cannot be read or printed; what the second-edition text says about a chariot
(straining needs endurance and a CDM that is not negative, the ram modifiers of scythe blades
and light cars) is checked by rules (``rules.py``) that cite its sections. The text gives no
ranges for these numbers: the schema's bounds are what the record sheet has room for.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.circus_maximus.catalogues import circus_data
from generator.input.counted import Counted
from generator.input.schema import (
    Bool,
    Choice,
    Int,
    ListOf,
    Nullable,
    Struct,
    Text,
    colour_spec,
    spec_field,
)

BOOK = "Circus Maximus, second-edition changes"
CAR_TYPES = ("light", "standard", "heavy")
# The text names a car by its weight ("heavy or light car", 16.5; "the opposing chariot is
# light", 9.61): "light car" or "light chariot" is the light car.
CAR_NAMES = {f"{weight} {noun}": weight for weight in CAR_TYPES for noun in ("car", "chariot")}
MAX_HORSES = 6
MAX_HORSE_BOXES = 12  # the most damage boxes a horse may have: the sheet's row fits them


def section(name: str) -> str:
    """A section of the second-edition changes as a finding cites it."""
    return f"{BOOK}, {name}"


@dataclass(frozen=True)
class Driver:
    """The driver in the car: his modifier and his hit boxes."""

    name: str = spec_field(Text(max_length=28), "The driver's name, printed on the sheet.")
    cdm: int = spec_field(
        Int(-9, 9), "The driver's modifier (CDM): added to his roll in an attack on a team, "
        "taken off his cut-free, drag-free and wreck rolls; below 0 he may not strain.",
        source=section("6.521, 9.41, 9.52, 9.53, 14.2, 16.2"))
    hit_boxes: int = spec_field(
        Counted(1, 30, ("hit boxes", "driver hit boxes", "boxes", "hit box"), 15),
        "Driver hit boxes; unmarked ones set his pace on foot (17.2).",
        source=section("16.2, 17.2"))


@dataclass(frozen=True)
class Car:
    """The car the team pulls."""

    type: str = spec_field(
        Choice(CAR_TYPES, aliases=CAR_NAMES),
        "light, standard or heavy; a light car rams a team at -3 (9.61).",
        source=section("9.61, 16.5"))
    scythe_blades: bool = spec_field(
        Bool(), "Scythe blades on the wheels: +3 when this chariot rams a team (9.61).",
        default=False, source=section("9.61"))


def ram_parts(car_type: str, scythe_blades: bool, table: dict[str, int]
              ) -> tuple[tuple[str, int], ...]:
    """(what, modifier) a car of ``car_type`` adds when it rams a team (9.61), from the
    facts' ``ram_modifiers`` table: scythe blades, a light car."""
    parts = []
    if scythe_blades:
        parts.append(("scythe blades", table["scythe_blades"]))
    if car_type == "light":
        parts.append(("light car", table["light"]))
    return tuple(parts)


@dataclass(frozen=True)
class Horse:
    """One horse of the team, left to right as the team is drawn."""

    name: str = spec_field(Text(max_length=16), "The horse's name, printed over its boxes.")
    damage_boxes: int = spec_field(
        Counted(1, MAX_HORSE_BOXES, ("damage boxes", "boxes", "damage box"),
                MAX_HORSE_BOXES // 2),
        "Damage boxes; when all are checked the horse falls (9.52).",
        source=section("9.52"))


@dataclass(frozen=True)
class Chariot:
    """A Circus Maximus chariot as its record sheet shows it."""

    name: str = spec_field(Text(max_length=28), "The chariot's name (its faction or owner).")
    driver: Driver = spec_field(Struct(Driver), "The driver: name, CDM and hit boxes.")
    car: Car = spec_field(Struct(Car), "The car: light, standard or heavy, and scythe blades.")
    horses: tuple[Horse, ...] = spec_field(
        ListOf(Struct(Horse), 1, MAX_HORSES), "The team, each horse with its damage boxes.",
        source=section("9.52, 9.53, 9.61"))
    endurance: int = spec_field(
        Counted(0, 60, ("endurance factors", "endurance factor", "endurance"), 30),
        "Endurance factors at the start of the race; straining spends them.",
        source=section("6.521, 8.41, 8.43, 9.52"))
    max_team_speed: int = spec_field(
        Counted(1, 30, ("MFs", "MF", "movement factors", "movement factor"), 15),
        "Maximum team speed at the start of the race.",
        source=section("8.43, 9.52, 9.53"))
    ram_modifier: int | None = spec_field(
        Nullable(Int(-9, 9)),
        "The modifier you expect when this chariot rams a team; checked for a light "
        "or standard car (the text gives no heavy-car number).",
        default=None, source=section("9.61, 16.5"))
    colour: str = spec_field(
        colour_spec("#7a1f1f"),
        "Accent colour of the record sheet.",
        default="#7a1f1f")
    note: str = spec_field(Text(allow_empty=True), "A designer's note; never printed.",
                           default="")

    @property
    def ram_modifiers(self) -> tuple[tuple[str, int], ...]:
        """(what, modifier) this chariot adds when it rams a team (9.61): blades, light car."""
        return ram_parts(self.car.type, self.car.scythe_blades, circus_data().ram_modifiers)

    @property
    def damage_boxes(self) -> int:
        """Every horse's damage boxes together."""
        return sum(horse.damage_boxes for horse in self.horses)


CHARIOT_SCHEMA = Struct(Chariot, ignore=("game", "kind"))
