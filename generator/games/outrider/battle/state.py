"""The table during a battle: the cars, the seeded dice, the Speedometer and the event log.

Every roll goes through :meth:`Battle.roll`, which draws from the battle's own
``random.Random(seed)``: the same seed gives the same battle bit for bit, in any process.
Every event is one JSON-ready dict: round, phase, vehicle (its identity, 'Rattler #2'),
action, dice and result.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from generator.games.outrider.battle.geometry import Rect, body
from generator.games.outrider.battle.setup import BattleData, Car
from generator.race.events import event


@dataclass(frozen=True)
class Step:
    """One maneuver card of a chain and whether an Attack Token is paired with it."""

    face: str
    attack: bool = False


@dataclass(frozen=True)
class Plan:
    """What a driver programs for its turn (5.1): stationary attacks first (from a stop,
    7.6-7.7, with 0-2 aim tokens on the first), then the maneuver chain, in reverse or not,
    and the capstone (Brake Hard or not); and the Skill Points spent on the control check."""

    cards: tuple[Step, ...] = ()
    reverse: bool = False
    brake: bool = False
    stationary: int = 0
    aims: int = 0
    skill: int = 0

    @property
    def attacks(self) -> int:
        return self.stationary + sum(1 for s in self.cards if s.attack)


@dataclass
class Battle:
    """A battle in progress."""

    data: BattleData
    cars: list[Car]
    seed: int
    scenario: str
    rng: random.Random = field(init=False)
    round: int = 0
    phase: str = "setup"
    speedometer: int | None = None  # slot holding it this round
    initiative: dict[int, int] = field(default_factory=dict)  # slot -> total this round
    order: list[int] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    keep_events: bool = True

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def car(self, slot: int) -> Car:
        return self.cars[slot - 1]

    def standing(self) -> list[Car]:
        """Cars not wrecked, by slot."""
        return [c for c in self.cars if not c.wrecked]

    def others(self, car: Car) -> list[Car]:
        """Every other car on the map, wrecks included (a wreck is an obstacle, 7.4)."""
        return [c for c in self.cars if c.slot != car.slot]

    def bodies(self, car: Car) -> list[tuple[Car, Rect]]:
        return [(c, body(c.pose)) for c in self.others(car)]

    def roll(self, sides: int) -> int:
        return self.rng.randint(1, sides)

    def lucky(self, car: Car) -> int:
        """The Speedometer's +1 (4.3 Lucky) for the car that holds it this round."""
        return 1 if self.speedometer == car.slot else 0

    def log(self, car: Car | None, action: str, dice: list[dict[str, Any]] | None = None,
            **result: Any) -> None:
        if not self.keep_events:
            return
        self.events.append(event(self.round, self.phase, car.identity if car else None,
                                 action, dice or [], result))


def die(name: str, sides: int, rolled: int, total: int | None = None) -> dict[str, Any]:
    """A roll as the event log records it."""
    entry: dict[str, Any] = {"roll": name, "die": f"d{sides}", "rolled": rolled}
    if total is not None:
        entry["total"] = total
    return entry
