"""What a battle starts from: the battle data (map, scenarios, readings), the maneuver faces as
moves of a vehicle, and the cars as they stand at the start.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.games.outrider.battle.geometry import ARROW_INSET, CARD_LENGTH, CARD_WIDTH, Pose
from generator.games.outrider.catalogues import ManeuverFace, outrider_data
from generator.games.outrider.model import ROLLS, Variant, Vehicle
from generator.keep.data_yaml import read_data
from generator.probability.outrider import ManeuverType

DATA = Path(__file__).parent.parent / "data" / "battle.yaml"


@dataclass(frozen=True)
class Move:
    """A maneuver face as a move of the vehicle's driving arrow: ``ahead`` and ``aside`` in
    millimetres from the green entry arrow to the red exit arrow, and the turn in degrees."""

    face: str
    title: str
    kind: ManeuverType
    turn: str  # right, left or none
    difficulty: int
    ahead: float
    aside: float
    degrees: float


def _move(face: ManeuverFace) -> Move:
    entry_y = CARD_LENGTH - ARROW_INSET  # the green arrow, 12 mm in from the near end
    return Move(face.id, face.title, ManeuverType(face.type), face.turn, face.difficulty,
                entry_y - face.exit.y, face.exit.x - CARD_WIDTH / 2, face.exit.heading)


@lru_cache(maxsize=1)
def moves() -> dict[str, Move]:
    """Every maneuver face, by id (punch_it, hard_left, ...)."""
    return {face_id: _move(face) for face_id, face in outrider_data().faces.items()}


def hard_turn(direction: str) -> str:
    """The Hard turn card's face for ``direction`` (right or left)."""
    return f"hard_{direction}"


@dataclass(frozen=True)
class Scenario:
    """A scenario the engine plays."""

    id: str
    title: str
    players_min: int
    players_max: int
    radius: float
    in_motion: bool


@dataclass(frozen=True)
class BattleData:
    """battle.yaml, read."""

    width: float
    height: float
    range_length: float
    sweep: float
    sweep_step: float
    rounds_limit: int
    armor_tokens: int
    wreck_damage: int
    contact_gap: float
    scenarios: dict[str, Scenario]
    not_played: tuple[str, ...]
    readings: tuple[str, ...]


@lru_cache(maxsize=1)
def battle_data() -> BattleData:
    raw: dict[str, Any] = read_data(DATA)
    scenarios = {key: Scenario(key, s["title"], s["players"]["min"], s["players"]["max"],
                               float(s["radius"]), bool(s["in_motion"]))
                 for key, s in raw["scenarios"].items()}
    return BattleData(
        float(raw["map"]["width"]), float(raw["map"]["height"]),
        float(raw["range_cards"]["count"] * raw["range_cards"]["length"]),
        float(raw["articulated_sweep"]), float(raw["sweep_step"]), int(raw["rounds_limit"]),
        int(raw["armor_tokens"]), int(raw["wreck_damage"]), float(raw["contact_gap"]),
        scenarios, tuple(raw["not_played"]), tuple(raw["readings"]))


@dataclass
class Car:
    """One vehicle in a battle and everything its dashboard tracks."""

    slot: int  # 1-based seat in the battle
    vehicle: Vehicle
    side: str  # narrow or wide: which side of the card is played
    pose: Pose
    moving: bool
    reverse: bool = False  # the direction it is in motion
    damage: int = 0
    skill: int = 0
    wrecked_in: int | None = None
    contact: set[int] = field(default_factory=set)  # slots it stands touching (boxed in)
    bonuses: dict[str, int] = field(default_factory=dict, repr=False)  # by roll, uncapped

    @property
    def identity(self) -> str:
        """How events and results name it: 'Rattler #2'."""
        return f"{self.vehicle.name} #{self.slot}"

    @property
    def variant(self) -> Variant:
        chosen: Variant = getattr(self.vehicle.variants, self.side)
        return chosen

    @property
    def wrecked(self) -> bool:
        return self.wrecked_in is not None

    def __post_init__(self) -> None:
        self.bonuses = {roll: self.vehicle.roll_bonus(self.side, roll) for roll in ROLLS}

    def bonus(self, roll: str) -> int:
        """Characteristic plus equipment bonus to ``roll``, before the rule of four."""
        return self.bonuses[roll]


def starting_cars(entrants: list[tuple[Vehicle, str]], scenario: Scenario,
                  data: BattleData) -> list[Car]:
    """The cars evenly spaced on a circle about the map's centre, each facing the centre
    (battle.yaml: the set-up is ours), with their starting Skill Points (2.4)."""
    cx, cy = data.width / 2, data.height / 2
    radius = scenario.radius * data.width
    cars = []
    for index, (vehicle, side) in enumerate(entrants):
        angle = 360.0 * index / len(entrants)
        # The vehicle's middle stands on the circle; its front arrow is 48 mm nearer the centre.
        r = math.radians(angle)
        heading = (angle + 180.0) % 360.0
        centre = Pose(cx + radius * math.sin(r), cy + radius * math.cos(r), heading)
        pose = centre.moved(CARD_LENGTH / 2 - ARROW_INSET)
        cars.append(Car(index + 1, vehicle, side, pose, scenario.in_motion,
                        skill=vehicle.skill_points))
    return cars
