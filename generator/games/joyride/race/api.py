"""``run_race`` and the value tables it shares: one per track and lap count, worked out
once a process (forked workers inherit it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.errors import UsageError
from generator.games.joyride.race.course import JoyrideCourse
from generator.games.joyride.race.driver import PlanningDriver
from generator.games.joyride.race.engine import Race
from generator.games.joyride.race.planner import ValueTable
from generator.games.joyride.race.results import RaceOptions, RaceResult, event_lines
from generator.games.joyride.rules import ITEM_RULES
from generator.games.joyride.standard import standard_items
from generator.tracks.game import item_key

__all__ = ["RaceOptions", "RaceResult", "event_lines", "race_items", "run_race", "table_for"]

_DRIVERS: dict[tuple[Any, ...], PlanningDriver] = {}
_MOST_DRIVERS = 16  # tracks x lap counts kept at once; a long-lived `paddock serve` stays bounded


def driver_for(track: Any, laps: int | None = None) -> PlanningDriver:
    """The planning driver (and its value table) for a track, built once per process and
    inherited by forked workers (keyed by what the track is, not by the object, so a
    worker's unpickled copy finds it)."""
    rows = track.map.rows if track.map is not None else ()
    key = (track.name, laps or track.laps, track.start_facing, rows,
           tuple(track.legend.items()))
    found = _DRIVERS.get(key)
    if found is None:
        if len(_DRIVERS) >= _MOST_DRIVERS:
            _DRIVERS.clear()
        found = _DRIVERS[key] = PlanningDriver(ValueTable(JoyrideCourse(track, laps)))
    return found


def table_for(track: Any, laps: int | None = None) -> ValueTable:
    """The value table for a track."""
    return driver_for(track, laps).table


def race_items(track: Any, custom: Sequence[Any] = ()) -> tuple[Any, ...]:
    """The items in the pile: the track's recommended items, by name (written as the track
    checks read it: letters and digits, any case), from the standard ones and the custom
    item files given. A name neither knows is bad input."""
    known = {item_key(item.name): item for item in (*standard_items(), *custom)}
    # The rulebook's other names (the Junkyard layout lists a MISSILE): as the check reads them.
    aliases = {item_key(other): item_key(standard) for other, standard
               in ITEM_RULES["JR-ITEM-STANDARD-NAME"].params["also_called"].items()}
    found = []
    for name in track.items:
        key = aliases.get(item_key(name), item_key(name))
        if key not in known:
            raise UsageError(f"{track.name} lists the item {name!r}, which is neither a "
                             "standard item nor one of the item files given")
        found.append(known[key])
    return tuple(found)


def run_race(track: Any, cars: Sequence[Any], *, seed: int,
             options: RaceOptions | None = None, items: Sequence[Any] | None = None
             ) -> RaceResult:
    """Race ``cars`` (Joyride cars, in grid order) on ``track``."""
    if not cars:
        raise UsageError("a race needs at least one car")
    options = options or RaceOptions()
    driver = driver_for(track, options.laps)
    pile = race_items(track) if items is None else tuple(items)
    return Race(driver.table.course, driver, list(cars), seed, options, pile).run()
