"""A Formula Ace rig (one ship with the pilot who flies it) and what its team could buy for it.

A rig is measured as it would start the next race: the season replay's ship, repaired, with
its pilot's skills. The purchases are the ship upgrades of 16/ and the advanced school for
each skill the profile measures; :func:`refusal` says why one cannot be made (no space, at
its maximum), :func:`bought` gives the rig after it. Zap o' Burns are fired before dice
boosters (a sure 6 cm beats 1D's 3.5).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from generator.games.formula_ace.catalogues import FormulaData
from generator.games.formula_ace.season import PilotState, ShipState
from generator.probability.dist import Dist, repeat_sum
from generator.probability.formula_ace import (
    D6,
)

ZAP_CM = 6
SKILLS_MEASURED = ("piloting", "g_endurance")
MAX_SKILL = 6


@dataclass(frozen=True)
class Rig:
    """One ship as it would start the next race, repaired, with the pilot who flies it."""

    name: str
    ship: str
    pilot: str
    type: str
    rank: str
    speed: int
    hit_points: int
    boosters: int
    zaps: int
    fins: int
    auto_start: bool
    ramming: int
    piloting: int
    g_endurance: int
    upgrades: Mapping[str, int]
    space_left: int
    weapons: tuple[str, ...] = ()
    status: str = "fit"

    @classmethod
    def of(cls, ship: ShipState, pilot: PilotState) -> Rig:
        """A ship and pilot as the season replay left them (damage repaired)."""
        return cls(name=f"{ship.name} ({pilot.name})", ship=ship.name, pilot=pilot.name,
                   type=ship.type, rank=pilot.rank, speed=ship.speed,
                   hit_points=ship.hit_points, boosters=ship.boosters,
                   zaps=min(ship.upgrades["zap-o-burn"], ship.boosters), fins=ship.fins,
                   auto_start=ship.upgrades["auto-start"] > 0,
                   ramming=ship.upgrades["ramming-edge"],
                   piloting=pilot.skills["piloting"], g_endurance=pilot.skills["g_endurance"],
                   upgrades=dict(ship.upgrades), space_left=ship.space - ship.space_used,
                   weapons=tuple(item for item, _ in ship.weapons), status=pilot.status)

    def move(self, boosters: int) -> Dist[int]:
        """Centimetres moved at full speed firing ``boosters`` boosters, Zap o' Burns first."""
        return moved(self.speed, self.zaps, boosters)


@lru_cache(maxsize=1024)
def moved(speed: int, zaps: int, boosters: int) -> Dist[int]:
    """Centimetres moved at full speed firing ``boosters`` boosters with ``zaps`` of them
    Zap o' Burns (fired first: a sure 6 cm beats 1D)."""
    fired_zaps = min(boosters, zaps)
    return repeat_sum(D6.values(), boosters - fired_zaps).map(
        lambda roll: speed + ZAP_CM * fired_zaps + roll)


# -- what can be bought --------------------------------------------------------------------


@dataclass(frozen=True)
class Purchase:
    """One thing a team could buy for a rig: an upgrade of 16/ or a school level."""

    id: str  # the item id, or 'school:<skill>'
    item: str
    price: int
    skill: str | None = None


def purchases(data: FormulaData) -> list[Purchase]:
    """Every ship upgrade of 16/, then the advanced school for each measured skill."""
    bought = [Purchase(item.id, item.id, item.price) for item in data.items.values()
              if item.kind == "upgrade"]
    school = data.items["school"]
    return bought + [Purchase(f"school:{skill}", school.id, school.price, skill)
                     for skill in SKILLS_MEASURED]


def refusal(rig: Rig, purchase: Purchase, data: FormulaData) -> str | None:
    """Why ``purchase`` cannot be made for ``rig`` (16/), or None when it can."""
    if purchase.skill is not None:
        level = rig.piloting if purchase.skill == "piloting" else rig.g_endurance
        return "at maximum" if level >= MAX_SKILL else None
    item = data.items[purchase.item]
    base = data.ships[rig.type]
    counts = {"booster": rig.boosters, "fin": rig.fins, "ramming-edge": rig.ramming}
    if item.space > rig.space_left:
        return "no space"
    if item.max is not None and counts.get(item.id, 0) >= item.max:
        return "at maximum"
    if item.max_factor is not None:
        now, limit = ((rig.speed, base.speed) if item.id == "speed"
                      else (rig.hit_points, base.hit_points))
        if now >= item.max_factor * limit:
            return "at maximum"
    if item.id == "auto-start" and rig.auto_start:
        return "fitted"
    if item.id == "zap-o-burn" and rig.zaps >= rig.boosters:
        return "no booster left"
    return None


def bought(rig: Rig, purchase: Purchase, data: FormulaData) -> Rig:
    """``rig`` after ``purchase`` (assumed allowed: see :func:`refusal`)."""
    space = rig.space_left - (0 if purchase.skill else data.items[purchase.item].space)
    upgrades = dict(rig.upgrades)
    upgrades[purchase.item] = upgrades.get(purchase.item, 0) + 1
    changes: dict[str, Any] = {"space_left": space, "upgrades": upgrades}
    if purchase.skill is not None:
        changes = {purchase.skill: getattr(rig, purchase.skill) + 1}
    elif purchase.item == "speed":
        changes["speed"] = rig.speed + 1
    elif purchase.item == "hit-point":
        changes["hit_points"] = rig.hit_points + 1
    elif purchase.item == "booster":
        changes["boosters"] = rig.boosters + 1
    elif purchase.item == "fin":
        changes["fins"] = rig.fins + 1
    elif purchase.item == "auto-start":
        changes["auto_start"] = True
    elif purchase.item == "zap-o-burn":
        changes["zaps"] = rig.zaps + 1
    elif purchase.item == "ramming-edge":
        changes["ramming"] = rig.ramming + 1
    return dataclasses.replace(rig, **changes)
