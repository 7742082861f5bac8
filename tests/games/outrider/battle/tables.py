"""Helpers for the battle tests: a table set up by hand, and dice that roll what a test says."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.games.outrider.baseline import baseline
from generator.games.outrider.battle.attacks import Shot
from generator.games.outrider.battle.chain import driving_pose, lay, problems
from generator.games.outrider.battle.geometry import Pose
from generator.games.outrider.battle.setup import Car, battle_data
from generator.games.outrider.battle.state import Battle, Plan
from generator.games.outrider.model import VEHICLE_SCHEMA, Vehicle
from generator.input.schema import load_packaged

HERE = Path(__file__).parent
REPO = HERE.parents[3]
FIXTURES = HERE / "fixtures"
OUTRIDER = REPO / "vehicles" / "outrider"


def vehicle(name: str) -> Vehicle:
    """A shipped vehicle (by file stem) or a fixture, as a model."""
    path = OUTRIDER / f"{name}.yaml"
    if not path.exists():
        path = FIXTURES / f"{name}.yaml"
    model = load_packaged(path, VEHICLE_SCHEMA)
    assert isinstance(model, Vehicle)
    return model


def table(*cars: tuple[Vehicle, str, Pose, bool], seed: int = 1) -> Battle:
    """A battle with the cars placed by hand: (vehicle, side, pose, moving)."""
    placed = [Car(i + 1, v, side, pose, moving, skill=v.skill_points)
              for i, (v, side, pose, moving) in enumerate(cars)]
    battle = Battle(battle_data(), placed, seed, "last-car-standing")
    battle.round = 1
    battle.order = [c.slot for c in placed]
    return battle


def two_cars(first: Vehicle | None = None, second: Vehicle | None = None,
             gap: float = 600.0, seed: int = 1) -> Battle:
    """Two cars in the middle of the map, the first facing up at the second's tail."""
    first = first or baseline()
    second = second or baseline()
    return table((first, "narrow", Pose(457.0, 150.0, 0.0), True),
                 (second, "narrow", Pose(457.0, 150.0 + gap, 0.0), True), seed=seed)


class Scripted:
    """Dice that roll the numbers given, in order (``randint`` is all the engine uses)."""

    def __init__(self, rolls: Iterable[int]) -> None:
        self.rolls = list(rolls)
        self.asked: list[int] = []

    def randint(self, low: int, high: int) -> int:
        self.asked.append(high)
        value = self.rolls.pop(0)
        assert low <= value <= high, f"scripted roll {value} is not on a d{high}"
        return value


def script(battle: Battle, rolls: Sequence[int]) -> Scripted:
    dice = Scripted(rolls)
    battle.rng = dice  # type: ignore[assignment]
    return dice


@dataclass
class Told:
    """A driver that plays the plan it is told and never finds a target."""

    plan_given: Plan
    shots_asked: int = 0

    def plan(self, battle: Battle, car: Car) -> Plan:
        return self.plan_given

    def shot(self, battle: Battle, car: Car, aims: int) -> tuple[Shot, int] | None:
        self.shots_asked += 1
        return None


def found(battle: Battle, action: str) -> list[dict[str, object]]:
    """The results of every event of ``action`` in the battle's log."""
    return [e["result"] for e in battle.events if e["action"] == action]


def wrong(battle: Battle, car: Car, plan: Plan) -> list[str]:
    """What the engine's plan check finds wrong with ``plan`` for ``car`` now."""
    laid = lay(driving_pose(car.pose, plan.reverse), [s.face for s in plan.cards])
    return problems(car, plan, laid, battle)
