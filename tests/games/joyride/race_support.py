"""Shared set-ups for the Joyride race tests: the shipped track, a plain test yard where
the rulebook's worked examples are laid out (and one with an item checkpoint), a race with
cars placed by hand, and turns stepped with the driver's choices fixed."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from generator.games.joyride.race.api import driver_for
from generator.games.joyride.race.driver import Plan, RollChoice
from generator.games.joyride.race.engine import Race
from generator.games.joyride.race.results import RaceOptions
from generator.games.joyride.race.state import Entrant
from generator.games.joyride.standard import baseline, standard_items
from generator.project.loading import load
from generator.tracks.hexgrid import Hex

REPO = Path(__file__).resolve().parents[3]
TRACKS = sorted(p for p in (REPO / "vehicles" / "tracks").glob("*.yaml")
                if "game: joyride" in p.read_text(encoding="utf-8"))
CARS = sorted((REPO / "vehicles" / "joyride").glob("*.yaml"))
FIXTURES = Path(__file__).parent / "race_cars"

# A walled yard, 24 spaces by 5, with a starting line by its west wall: room to lay out
# the rulebook's collision examples along row 2, away from the line.
YARD = """\
game: joyride
kind: track
name: Test Yard
laps: 1
players: 2-4
start_facing: 3
map: |
  XXXXXXXXXXXXXXXXXXXXXXXXXX
  X=.......................X
  X=.......................X
  X=.......................X
  X=.......................X
  X=.......................X
  XXXXXXXXXXXXXXXXXXXXXXXXXX
"""


def model(path: Path) -> Any:
    """The definition's model, loaded as the commands load it."""
    return load([path]).definitions[0].model


@lru_cache(maxsize=1)
def yard() -> Any:
    """The test yard's track (written once to a temporary file)."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="paddock-yard-"))
    (folder / "yard.yaml").write_text(YARD, encoding="utf-8")
    return model(folder / "yard.yaml")


def placed(cars: list[tuple[Hex, int, int]], seed: int = 1, items: tuple = ()) -> Race:
    """A race in the yard with baseline cars at (front, facing, gear), no setup rolled."""
    track = yard()
    driver = driver_for(track)
    race = Race(driver.table.course, driver, [baseline()] * len(cars), seed,
                RaceOptions(log_events=True), items)
    for car, (front, facing, gear) in zip(race.entrants, cars, strict=True):
        car.front, car.facing, car.gear = front, facing, gear
        car.dice = [2] * gear
    race.order = list(race.entrants)
    return race


def row(q: int) -> Hex:
    """Space ``q`` of the yard's middle row (row 2: q runs 0 to 23, east is facing 0)."""
    return Hex(q, 2)


def spaces(car: Entrant) -> tuple[Hex, Hex]:
    return car.spaces


def item(name: str) -> Any:
    """The standard item called ``name``."""
    return next(i for i in standard_items() if i.name == name)


@lru_cache(maxsize=1)
def item_yard() -> Any:
    """The test yard with item checkpoint 1 across it (row 2's space 12 is on the line)."""
    import tempfile

    lines = []
    for line in YARD.replace("name: Test Yard", "name: Item Yard").split("\n"):
        if line.startswith("  X") and "." in line:
            line = line[:15] + "A" + line[16:]
        lines.append(line)
    folder = Path(tempfile.mkdtemp(prefix="paddock-item-yard-"))
    (folder / "yard.yaml").write_text("\n".join(lines), encoding="utf-8")
    return model(folder / "yard.yaml")


def item_race(cars: int = 1, items: tuple = ()) -> Race:
    """A race of baseline cars in the item yard, nothing placed yet."""
    track = item_yard()
    driver = driver_for(track)
    return Race(driver.table.course, driver, [baseline()] * cars, 1,
                RaceOptions(log_events=True), items)


# --- a turn stepped with the driver's choices fixed ---------------------------------------

def plan(locked: tuple[int, ...] = (), gear: int = 2, steer: int = 0, damage: int = 0,
         face: tuple[int, int] | None = None, uses: tuple[str, ...] = ()) -> Plan:
    return Plan(locked, face, steer, gear, damage, uses, 0.0)


def fixed_plan(race: Race, monkeypatch: pytest.MonkeyPatch, chosen: Plan) -> None:
    """The driver's LOCK-step plan from here on is ``chosen``."""
    monkeypatch.setattr(race.driver, "plan", lambda race, car: chosen)


def roll_asks(race: Race, monkeypatch: pytest.MonkeyPatch) -> list[tuple[bool, bool]]:
    """Each ROLL move the driver is asked for, as (free steer offered, reverse offered)."""
    asked: list[tuple[bool, bool]] = []
    real = race.driver.roll_move

    def spy(car: Any, total: int, free_steer: bool, sharp: bool, reverse: bool) -> Any:
        asked.append((free_steer, reverse))
        return real(car, total, free_steer, sharp, reverse)

    monkeypatch.setattr(race.driver, "roll_move", spy)
    return asked


def straight_on(race: Race, monkeypatch: pytest.MonkeyPatch) -> None:
    """The driver drives every rolled total straight on from here on."""
    monkeypatch.setattr(race.driver, "roll_move", lambda car, total, *rest: RollChoice(
        total, 0, False, 0.0))


def actions(race: Race) -> list[str]:
    return [e["action"] for e in race.events]
