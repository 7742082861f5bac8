"""What a Joyride race is asked to do and what it returns. Frozen dataclasses of plain
values: they pickle to worker processes, compare bit for bit and turn into JSON."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from generator.errors import UsageError
from generator.race.events import event_lines as core_event_lines

HERE = Path(__file__).parent


@dataclass(frozen=True)
class RaceOptions:
    """How a race is run: the laps (the track's own when None), the round limit, the
    ability set, and whether to keep the event log and round-by-round positions."""

    laps: int | None = None
    max_rounds: int = 80
    standard_abilities: bool = False
    log_events: bool = False
    snapshots: bool = False

    def __post_init__(self) -> None:
        if (self.laps is not None and self.laps < 1) or self.max_rounds < 1:
            raise UsageError("laps and max_rounds must be at least 1")


@dataclass(frozen=True)
class CarPosition:
    """A car's place at a moment: front space, facing (0-5), gear and lines crossed."""

    name: str
    q: int
    r: int
    facing: int
    gear: int
    stage: int


@dataclass(frozen=True)
class Snapshot:
    """Every car's position at the end of a round (round 0: after the starting roll)."""

    round: int
    positions: tuple[CarPosition, ...]

    @classmethod
    def of(cls, race: Any) -> Snapshot:
        return cls(race.round, tuple(CarPosition(c.name, c.front.q, c.front.r, c.facing,
                                                 c.gear, c.stage) for c in race.entrants))


@dataclass(frozen=True)
class CarResult:
    """How one car's race went."""

    name: str
    slot: int
    place: int
    finished: bool
    rounds: int | None
    stage: int
    damage_taken: int
    damage_dealt: int
    smashes: int
    pile_ups: int

    @classmethod
    def of(cls, car: Any, place: int) -> CarResult:
        return cls(car.name, car.slot, place, car.finished, car.finished_round, car.stage,
                   car.damage_taken, car.damage_dealt, car.smashes, car.pile_ups)


@dataclass(frozen=True)
class RaceResult:
    """One whole race: its seed, every car's result, the winner's slot (None when nobody
    finished), the solo optimum (expected rounds alone, from the value table) and what
    the engine did not play."""

    seed: int
    track: str
    rounds: int
    winner: int | None
    cars: tuple[CarResult, ...]
    solo_optimum: float
    not_simulated: tuple[str, ...]
    events: tuple[dict[str, Any], ...] = ()
    snapshots: tuple[Snapshot, ...] = ()


def event_lines(result: RaceResult) -> list[str]:
    """The event log as JSON lines, in the race core's format (``generator.race.events``)."""
    return core_event_lines(result.events)


@lru_cache(maxsize=1)
def _fixed() -> tuple[str, ...]:
    data = yaml.safe_load((HERE / "not_simulated.yaml").read_text(encoding="utf-8"))
    return tuple(data["rules"])


def not_simulated(race: Any) -> tuple[str, ...]:
    """The fixed list, and what this race met that the engine cannot play."""
    from generator.games.joyride.race.items import PLAYED

    found = set()
    for car in race.entrants:
        for state in car.abilities:
            for face in state.ability.faces():
                if not face.balance:
                    found.add(f"ability {face.name} ({car.car.name}): no 'balance' effect")
    for item in race.items:
        if item.name not in PLAYED:
            found.add(f"item {item.name}: a custom item is held, never used")
    track = race.course.track
    if track.special_rules:
        found.add(f"{track.name}'s special rules (read aloud at setup)")
    return _fixed() + tuple(sorted(found))
