"""Checks for the Circus Maximus chariot rules declared in ``rules.yaml``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator.games.circus_maximus.catalogues import CircusData
from generator.games.circus_maximus.model import CAR_TYPES, Car, Chariot, ram_parts
from generator.input.editor_schema import at, has, when
from generator.input.findings import RuleBook, Violation
from generator.input.schema import Bool, Choice, declared_fields

RULES: RuleBook[Chariot] = RuleBook(Path(__file__).with_name("rules.yaml"))


@RULES.check("CM-STRAIN-ENDURANCE")
def straining_needs_endurance(chariot: Chariot, context: CircusData) -> Iterator[Violation]:
    if chariot.endurance == 0:
        yield Violation(("endurance",), {"name": chariot.name, "speed": chariot.max_team_speed,
                                         "loss": context.exhausted_speed_loss})


@RULES.check("CM-STRAIN-CDM")
def straining_needs_a_cdm_of_zero_or_more(chariot: Chariot) -> Iterator[Violation]:
    if chariot.driver.cdm < 0:
        yield Violation(("driver", "cdm"), {"driver": chariot.driver.name,
                                            "cdm": chariot.driver.cdm})


def ram_readings(parts: tuple[tuple[str, int], ...]) -> list[int]:
    """The ram modifiers the text allows for these parts. Blades on a light car: the text
    never says how +3 and -3 combine, so either one alone or their sum is a reading of it."""
    return sorted({sum(value for _, value in parts), *(value for _, value in parts)})


@RULES.editor_schema("CM-RAM-MODIFIER")
def ram_modifier_schema(context: CircusData) -> list[dict[str, Any]]:
    kind = next(info.spec for info in declared_fields(Car) if info.name == "type")
    assert isinstance(kind, Choice)
    bladed = has(["car", "scythe_blades"], Bool().spellings(True))
    return [when({"allOf": [has(["car", "type"], kind.spellings([car_type])),
                            bladed if blades else {"not": bladed}]},
                 at(["ram_modifier"], {"if": {"type": "integer"}, "then": {"enum": ram_readings(
                     ram_parts(car_type, blades, context.ram_modifiers))}}))
            for car_type in CAR_TYPES if car_type != "heavy" for blades in (False, True)]


@RULES.check("CM-RAM-MODIFIER")
def ram_modifier_follows_the_car(chariot: Chariot) -> Iterator[Violation]:
    parts = chariot.ram_modifiers
    stated = chariot.ram_modifier
    # A heavy car has a ram modifier the second-edition text never gives (16.5 only says
    # one exists), so its expected value is unknown.
    if stated is None or chariot.car.type == "heavy":
        return
    readings = ram_readings(parts)
    if stated not in readings:
        yield Violation(("ram_modifier",), {
            "stated": _signed(stated), "car": chariot.car.type,
            "blades": chariot.car.scythe_blades,
            "expected": " or ".join(_signed(value) for value in readings)})


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


@RULES.check("CM-LIGHT-SCYTHE")
def light_car_with_blades(chariot: Chariot, context: CircusData) -> Iterator[Violation]:
    if chariot.car.type == "light" and chariot.car.scythe_blades:
        yield Violation(("car", "scythe_blades"), {
            "blades": context.ram_modifiers["scythe_blades"],
            "light": context.ram_modifiers["light"]})


@RULES.check("CM-TEAM-SIZE")
def team_losses_covered(chariot: Chariot, covered: int) -> Iterator[Violation]:
    """A team the horse rules do not cover: one whose lone horse can fall with none left
    (9.52, 9.53), or one that can lose more horses than 9.52 prices."""
    horses = len(chariot.horses)
    if horses == 1:
        yield Violation(("horses", 0), {"horses": horses})
    elif horses > covered + 1:  # the first horse whose loss is not covered
        yield Violation(("horses", covered + 1), {"horses": horses})


@RULES.check("CM-HORSE-NAME-DUPLICATE")
def horses_are_told_apart(chariot: Chariot) -> Iterator[Violation]:
    """Each horse's boxes are checked off on their own (9.52) and the owner may pick which
    horse is hurt (9.61): two horses alike in name, case and spacing aside, share one label."""
    first_at: dict[str, int] = {}
    for index, horse in enumerate(chariot.horses):
        key = " ".join(horse.name.split()).casefold()
        if key in first_at:
            first = first_at[key]
            yield Violation(("horses", index, "name"), {
                "first": first + 1, "second": index + 1, "name": horse.name,
                "other": chariot.horses[first].name})
        else:
            first_at[key] = index


@RULES.check("CM-CUT-FREE-NEVER")
def horse_can_be_cut_free(chariot: Chariot) -> Iterator[Violation]:
    remaining = len(chariot.horses) - 1  # one die for each horse still standing (9.53)
    least = remaining - chariot.driver.cdm
    if remaining > 0 and least > chariot.max_team_speed:
        blamed = _blame_cdm(chariot.driver.cdm, remaining <= chariot.max_team_speed,
                            ("max_team_speed",))
        yield Violation(blamed, {
            "remaining": remaining, "cdm": chariot.driver.cdm, "least": least,
            "speed": chariot.max_team_speed})


@RULES.check("CM-DRAG-FREE-NEVER")
def dragged_driver_can_get_free(chariot: Chariot, context: CircusData
                                ) -> Iterator[Violation]:
    driver, dice = chariot.driver, context.cut_free_dice
    least = dice - driver.cdm  # two dice, less the driver's modifier (16.2)
    if least > driver.hit_boxes:
        blamed = _blame_cdm(driver.cdm, dice <= driver.hit_boxes, ("driver", "hit_boxes"))
        yield Violation(blamed, {
            "driver": driver.name, "boxes": driver.hit_boxes, "cdm": driver.cdm,
            "least": least})


def _blame_cdm(cdm: int, fine_at_zero: bool, otherwise: tuple[str, ...]) -> tuple[str, ...]:
    """The driver's CDM when it alone spoils the roll (a CDM of 0 would let it succeed), else
    the other value the roll is measured against."""
    return ("driver", "cdm") if cdm < 0 and fine_at_zero else otherwise
