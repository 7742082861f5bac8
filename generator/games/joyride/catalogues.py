"""The Joyride rulebook catalogues, read from ``data/*.yaml`` once per process.

The five turn steps (which are also the timing lights), the collisions and other reminders
the player aid prints, the dashboard's elements, the item types, the effects the balance
profile can measure, and the sizes of everything printed. Rules and components read them
from here; nothing in Python repeats a number or a sentence the data gives. The standard
abilities and items are validated through the car and item schemas (``standard.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.keep.data_yaml import read_data
from generator.paper.sizes import Size, sizes_from_data

DATA = Path(__file__).with_name("data")


def load_data(name: str) -> dict[str, Any]:
    """One of our data files as plain YAML (the catalogues are ours: a KeyError while reading
    one is a programming error the tests catch)."""
    data: dict[str, Any] = read_data(DATA / name)
    return data


@dataclass(frozen=True)
class Step:
    """A step of the turn, and the timing light that stands for it."""

    id: str
    label: str
    summary: str


@dataclass(frozen=True)
class Reminder:
    """A rule the player aid repeats: its name (if it has one) and our paraphrase."""

    id: str
    label: str
    summary: str


@dataclass(frozen=True)
class Element:
    """An element of the dashboard (or a marker on a gear) as the dashboard labels it."""

    id: str
    label: str
    summary: str
    icon: str | None = None


@dataclass(frozen=True)
class ItemType:
    """Dropped, fired or activated: the background of the pick-up and the steps it is used
    in (None for activated items, which say so themselves)."""

    id: str
    label: str
    background: str
    timing: tuple[str, ...] | None
    summary: str


@dataclass(frozen=True)
class Effect:
    """Something an ability does that the balance profile can measure."""

    id: str
    steps: tuple[str, ...]
    summary: str


@dataclass(frozen=True)
class JoyrideData:
    """Every catalogue a Joyride check, component or balance measure needs."""

    steps: tuple[Step, ...]
    round_end: str
    movement: str
    collisions: tuple[Reminder, ...]
    damage: str
    precedence: str
    elements: dict[str, Element]
    markers: dict[str, Element]
    damage_summary: str
    damage_never: str
    item_types: dict[str, ItemType]
    explosion: str
    pickups_per_item: int
    effects: dict[str, Effect]
    sizes: dict[str, Size]
    geometry: dict[str, float]
    per_driver_set: dict[str, int]
    driver_die: tuple[int, ...]

    @property
    def step_ids(self) -> tuple[str, ...]:
        """The steps in turn order, as car files name them."""
        return tuple(step.id for step in self.steps)

    def step(self, step_id: str) -> Step:
        """The step called ``step_id``."""
        return next(step for step in self.steps if step.id == step_id)

    def in_turn_order(self, step_ids: tuple[str, ...]) -> tuple[str, ...]:
        """``step_ids`` sorted as the turn runs (and as the lights are printed)."""
        return tuple(s for s in self.step_ids if s in step_ids)


def _steps(raw: dict[str, Any]) -> tuple[Step, ...]:
    return tuple(Step(s["id"], s["label"], s["summary"]) for s in raw["steps"])


def _elements(raw: dict[str, Any]) -> dict[str, Element]:
    return {key: Element(key, value["label"], value["summary"], value.get("icon"))
            for key, value in raw.items()}


def _item_types(raw: dict[str, Any]) -> dict[str, ItemType]:
    return {key: ItemType(key, value["label"], value["background"],
                          tuple(value["timing"]) if value["timing"] else None,
                          value["summary"])
            for key, value in raw["types"].items()}


def _effects(raw: dict[str, Any]) -> dict[str, Effect]:
    return {key: Effect(key, tuple(value["steps"]), value["summary"])
            for key, value in raw["effects"].items()}


@lru_cache(maxsize=1)
def joyride_data() -> JoyrideData:
    """Load the catalogues once per process."""
    turn, dashboard = load_data("turn.yaml"), load_data("dashboard.yaml")
    items, components = load_data("items.yaml"), load_data("components.yaml")
    effects = load_data("ability_effects.yaml")
    collisions = turn["collisions"]["entries"]
    return JoyrideData(
        steps=_steps(turn),
        round_end=turn["round_end"]["summary"],
        movement=turn["movement"]["summary"],
        collisions=tuple(Reminder(c["id"], c["label"], c["summary"]) for c in collisions),
        damage=turn["damage"]["summary"],
        precedence=turn["precedence"]["summary"],
        elements=_elements(dashboard["elements"]),
        markers=_elements(dashboard["markers"]),
        damage_summary=dashboard["damage"]["summary"],
        damage_never=dashboard["damage"]["never"],
        item_types=_item_types(items),
        explosion=items["explosion"]["summary"],
        pickups_per_item=int(items["pickups_per_item"]),
        effects=_effects(effects),
        sizes=sizes_from_data(components["sizes"]),
        geometry={k: float(v) for k, v in components["geometry"].items()},
        per_driver_set={k: int(v["count"]) for k, v in components["per_driver_set"].items()},
        driver_die=tuple(int(v) for v in components["facts"]["driver_die"]),
    )

