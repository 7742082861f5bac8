"""The Formula Ace Racing Pods facts (``data/facts.yaml``), read once per process.

Ship types, skill points, prices, weapons and the damage, critical, engine start and special
feature tables are numbers from the rulebook; rules, components, balance and the season read
them from here, and Python repeats none of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.input.catalogue import Listed
from generator.keep.data_yaml import read_data

DATA = Path(__file__).with_name("data")


@dataclass(frozen=True)
class ShipType:
    """One line of 2/: base speed (cm), hit points and space beyond the basic equipment."""

    name: str
    speed: int
    hit_points: int
    space: int


@dataclass(frozen=True)
class Item:
    """Something a team can buy (16/, 17/): price, space taken, maximum and what it is."""

    id: str
    name: str
    price: int
    kind: str
    section: str
    space: int = 0
    max: int | None = None
    max_factor: int | None = None
    range_cm: int | None = None
    skill: int = 0
    damage: str = ""
    cancel_from: int | None = None
    succeeds_to: int | None = None
    note: str = ""


@dataclass(frozen=True)
class Bracket:
    """What the bracket after a purchase's name on the price lines holds (16/, 17/): its
    numbers in order, and one word of it."""

    numbers: tuple[int, ...]
    word: str


@dataclass(frozen=True)
class FormulaData:
    """Everything the rulebook states that Paddock uses, plus its gaps."""

    book: str
    ships: dict[str, ShipType]
    basic_equipment: dict[str, int]
    categories: dict[str, dict[str, Any]]
    season_start: dict[str, Any]
    max_pilots: int
    skills: dict[str, Any]
    team_points: tuple[int, ...]
    team_points_finisher: int
    prize_per_place_step: int
    aces_high_bonus: dict[str, int]
    items: dict[str, Item]
    spellings: dict[str, tuple[str, ...]]
    brackets: dict[str, Bracket]
    weapon_mounts: tuple[str, ...]
    damage_table: tuple[dict[str, Any], ...]
    critical_table: tuple[dict[str, Any], ...]
    engine_start: tuple[dict[str, Any], ...]
    special_features: tuple[dict[str, Any], ...]
    movement: dict[str, Any]
    circuit: dict[str, Any]
    gaps: dict[str, str]

    def skill_points(self, rank: str, category: str) -> int:
        """Points a pilot of ``rank`` spreads over the skills of ``category`` (5/)."""
        column = "derby" if category == "destruction-derby" else "race"
        return int(self.skills["points"][rank][column])

    def skill_maximum(self, rank: str) -> int:
        """The highest level a skill may be given from the rank's points (5/)."""
        return int(self.skills["maximum"][rank])

    @property
    def school_maximum(self) -> int:
        """The highest level the advanced school may raise a skill to (16/ is silent: 6)."""
        return int(self.skills["school_maximum"])

    def skills_of(self, category: str) -> tuple[str, ...]:
        """The skills a pilot of ``category`` has: Firing in the Destruction Derby only."""
        key = "derby_skills" if category == "destruction-derby" else "race_skills"
        return tuple(self.skills[key])

    def prize(self, place: int | None, starters: int) -> int:
        """Credits for a place (15/): 1000 a starting opponent for 1st, 1000 less a place."""
        if place is None:
            return 0
        return max(0, self.prize_per_place_step * (starters - place))

    def points(self, place: int | None) -> int:
        """Team championship points for a place (15/): 5, 3, 2, then 1 for finishing."""
        if place is None:
            return 0
        if place <= len(self.team_points):
            return self.team_points[place - 1]
        return self.team_points_finisher


def _item(key: str, raw: dict[str, Any]) -> Item:
    return Item(id=key, **{k: v for k, v in raw.items() if k != "note"},
                note=" ".join(str(raw.get("note", "")).split()))


@lru_cache(maxsize=1)
def formula_data() -> FormulaData:
    """The facts file as a typed object."""
    raw: dict[str, Any] = read_data(DATA / "facts.yaml")
    return FormulaData(
        book=raw["book"],
        ships={name: ShipType(name, **stats) for name, stats in raw["ships"].items()},
        basic_equipment=dict(raw["basic_equipment"]),
        categories=dict(raw["categories"]), season_start=dict(raw["season_start"]),
        max_pilots=int(raw["max_pilots"]), skills=dict(raw["skills"]),
        team_points=tuple(raw["team_points"]),
        team_points_finisher=int(raw["team_points_finisher"]),
        prize_per_place_step=int(raw["prize_per_place_step"]),
        aces_high_bonus=dict(raw["aces_high_bonus"]),
        items={key: _item(key, value) for key, value in raw["purchases"].items()},
        spellings={key: tuple(words) for key, words in raw["spellings"].items()},
        brackets={key: Bracket(tuple(int(n) for n in b["numbers"]), str(b["word"]))
                  for key, b in raw["brackets"].items()},
        weapon_mounts=tuple(raw["weapon_mounts"]),
        damage_table=tuple(raw["damage_table"]), critical_table=tuple(raw["critical_table"]),
        engine_start=tuple(raw["engine_start"]),
        special_features=tuple(raw["special_features"]),
        movement=dict(raw["movement"]), circuit=dict(raw["circuit"]),
        gaps={g["id"]: " ".join(g["note"].split()) for g in raw["gaps"]})


def _costs(item: Item) -> str:
    """An item's price, space and limit as ``paddock catalogue`` shows them."""
    limit = (f", at most {item.max} a ship" if item.max
             else f", up to {item.max_factor}x the base" if item.max_factor else "")
    space = f", {item.space} space" if item.space else ", no space"
    return f"{item.price:,} credits{space}{limit}"


def _derby(item: Item) -> str:
    """A derby item's numbers: range, skill modifier, damage, cancel or success roll."""
    parts = [f"range {item.range_cm} cm" if item.range_cm else "",
             f"Firing {item.skill:+d}" if item.skill else "",
             f"damage {item.damage}" if item.damage else "",
             (f"cancels one attack on {item.cancel_from}"
              + ("" if item.cancel_from == 6 else "-6")) if item.cancel_from else ""]
    return "; ".join(p for p in parts if p)


def listings(book: str) -> dict[str, list[Listed]]:
    """The names a team file may use, as ``paddock catalogue formula-ace`` lists them: ship
    types (2/), upgrades (16/), Destruction Derby items (17/), race options (17/) and
    categories (3/), each with the numbers the book gives."""
    data = formula_data()

    def item_entry(item: Item, *extra: str) -> Listed:
        note = "" if item.max_factor else item.note  # 'at most twice the base' is in costs
        summary = "; ".join(p for p in (item.name, _costs(item), *extra, note) if p)
        return Listed(item.id, summary, f"{book}, {item.section}", category=item.kind)

    items = data.items.values()
    basic = data.basic_equipment
    return {
        "ships": [Listed(s.name, f"speed {s.speed} cm, {s.hit_points} hit points, {s.space} "
                         f"space beyond {basic['boosters']} boosters and {basic['fins']} fins",
                         f"{book}, 2/")
                  for s in data.ships.values()],
        "upgrades": [item_entry(i) for i in items if i.kind == "upgrade"],
        "derby-equipment": [item_entry(i, _derby(i)) for i in items
                            if i.kind in ("weapon", "dropped", "area", "protection",
                                          "turret")],
        "race-options": [Listed(i.id, f"{i.name}; {i.price:,} credits a race; {i.note}",
                                f"{book}, {i.section}")
                         for i in items if i.kind == "option"],
        "categories": [Listed(key, f"{c['name']}; order of moves: {c['order']}; "
                              + ("weapons allowed" if c["weapons"] else "no weapons"),
                              f"{book}, 3/, 7/") for key, c in data.categories.items()],
    }
