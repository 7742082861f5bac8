"""The standard abilities and items, and the baseline car, read through the same schemas as a
user's files: a catalogue entry is exactly what a car or item file could say.

These are our own data, shipped inside the package; a finding while reading one is a
programming error, raised at once (the tests load every one of them).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.games.joyride.catalogues import DATA, joyride_data, load_data
from generator.games.joyride.model import (
    CAR_SCHEMA,
    ITEM_SCHEMA,
    Ability,
    AbilityRef,
    Car,
    Item,
)
from generator.input.catalogue import Listed
from generator.input.schema import INVALID, ListOf, Struct, Validation, did_you_mean
from generator.input.source import Map, load_document

BASELINE_FILE = DATA / "baseline-car.yaml"


def _validated(path: Path, key: str | None, spec: Any) -> Any:
    """The document at ``path`` (or its ``key`` entry) validated by ``spec``."""
    document = load_document(path)
    node = document.root
    if key is not None:
        assert isinstance(node, Map)
        found = node.get(key)
        assert found is not None, f"{path} has no {key!r}"
        node = found
    validation = Validation(source=f"Paddock data: {path.name}")
    value = spec.validate(node, (), validation)
    if value is INVALID or validation.findings:
        raise RuntimeError(f"{path} is invalid: {[f.message for f in validation.findings]}")
    return value


@lru_cache(maxsize=1)
def standard_abilities() -> tuple[Ability, ...]:
    """Gear Master, Precision Driving and Handbrake Turn."""
    abilities: tuple[Ability, ...] = _validated(DATA / "abilities.yaml", "abilities",
                                                ListOf(Struct(Ability), 3, 3))
    return abilities


@lru_cache(maxsize=1)
def standard_items() -> tuple[Item, ...]:
    """Rocket, Mine, Oil Slick and Nitro."""
    items: tuple[Item, ...] = _validated(DATA / "items.yaml", "items", ListOf(ITEM_SCHEMA, 1))
    return items


@lru_cache(maxsize=1)
def baseline() -> Car:
    """The baseline car: a standard dashboard and the standard abilities."""
    car: Car = _validated(BASELINE_FILE, None, CAR_SCHEMA)
    return car


def standard_ability(name: str) -> Ability | None:
    """The standard ability called ``name`` (case and spacing do not matter, nor a plural:
    'Gear Masters' is the Gear Master), or None."""
    key = _name_key(name).removesuffix("s")
    return next((a for a in standard_abilities()
                 if _name_key(a.name).removesuffix("s") == key), None)


def suggest_ability(name: str) -> str | None:
    """The nearest standard ability name to a miss, for 'did you mean'."""
    return did_you_mean(name, [a.name for a in standard_abilities()])


def resolve(ref: AbilityRef) -> Ability | None:
    """An ability of a set: the one described, or the standard one named (None if unknown)."""
    return standard_ability(ref) if isinstance(ref, str) else ref


def resolved_set(refs: Sequence[AbilityRef]) -> tuple[Ability, ...]:
    """Every ability of a set that is described or names a standard one, in order."""
    return tuple(a for a in (resolve(ref) for ref in refs) if a is not None)


def _name_key(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum())


def listings(book: str) -> dict[str, list[Listed]]:
    """The standard abilities and items, the turn steps an ability or item lights, and the
    item types, as ``paddock catalogue joyride`` lists them."""
    abilities = load_data("abilities.yaml")["section"]
    items = load_data("items.yaml")["section"]
    data = joyride_data()
    return {
        "abilities": [Listed(a.name, a.effect, f"{book}, {abilities}",
                             category="timing " + ", ".join(a.timing).upper())
                      for a in standard_abilities()],
        "items": [Listed(i.name, i.effect, f"{book}, {items}", category=i.type)
                  for i in standard_items()],
        "item-types": [Listed(t.id, t.summary, f"{book}, {items}") for t in
                       data.item_types.values()],
        "timing": [Listed(s.id, s.summary, f"{book}, Player Components > Timing Indicators")
                   for s in data.steps],
    }
