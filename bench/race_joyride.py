"""Joyride races per second and whole commands: ``python bench/race_joyride.py [--races N]
[--repeat R]``.

On each shipped Joyride track: the value table solved from nothing (a fresh cache folder)
and read back from the cache folder; a sweep of N races of the four shipped cars, one core
(in this process) and all cores (worker processes), each started cold (a new driver: no
decisions kept from earlier races) and warm (the same sweep again: every decision already
made); and whole processes as a user runs them (``paddock race`` with the four cars,
``paddock balance CAR --race all`` for the strong and the weak car of the tests), each the
median of R runs with the table already in the cache folder. Results also
go to bench/results/race-joyride.json.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from timing import save_results

from generator.games.joyride.race import RaceOptions, race_items
from generator.games.joyride.race import api as race_api
from generator.games.joyride.race.course import JoyrideCourse
from generator.games.joyride.race.game import JoyrideRace
from generator.games.joyride.race.planner import KEPT, ValueTable
from generator.project.loading import load
from generator.race.sweep import Field, default_workers, run_sweep

REPO = Path(__file__).resolve().parents[1]
CARS = sorted((REPO / "vehicles" / "joyride").glob("*.yaml"))
FIXTURES = REPO / "tests" / "games" / "joyride" / "race_cars"
PADDOCK = Path(sys.executable).parent / "paddock"


def tracks() -> list[Path]:
    return sorted(p for p in (REPO / "vehicles" / "tracks").glob("*.yaml")
                  if "game: joyride" in p.read_text(encoding="utf-8"))


def median_time(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def solve_times(track_path: Path) -> dict[str, float]:
    """Seconds to solve the table with nothing kept, and to read it back."""
    track = load([track_path]).definitions[0].model
    with tempfile.TemporaryDirectory() as cache:
        os.environ["XDG_CACHE_HOME"] = cache
        KEPT.forget(reread=False)
        start = time.perf_counter()
        ValueTable(JoyrideCourse(track))
        cold = time.perf_counter() - start
        KEPT.save()
        KEPT.forget()
        start = time.perf_counter()
        ValueTable(JoyrideCourse(track))
        warm = time.perf_counter() - start
    os.environ.pop("XDG_CACHE_HOME")
    KEPT.forget()
    return {"solve_s": cold, "read_s": warm}


def sweep_rates(track_path: Path, races: int) -> dict[str, float]:
    """Races a second of the four shipped cars: one core and all cores, cold and warm."""
    track = load([track_path]).definitions[0].model
    cars = tuple(load([p]).definitions[0].model for p in CARS)
    field = Field(track, cars, JoyrideRace(race_items(track)), RaceOptions())
    rates: dict[str, float] = {}
    for label, workers in (("one_core", 1), ("all_cores", default_workers())):
        race_api._DRIVERS.clear()  # a new driver: cold
        start = time.perf_counter()
        run_sweep(field, races, 1, workers=workers)
        rates[f"{label}_cold"] = races / (time.perf_counter() - start)
        start = time.perf_counter()
        run_sweep(field, races, 2, workers=workers)
        rates[f"{label}_warm"] = races / (time.perf_counter() - start)
    return rates


def processes(track_path: Path, repeat: int) -> dict[str, float]:
    """Seconds of whole commands, the table in the cache folder."""
    def run(*args: str) -> Callable[[], object]:
        return lambda: subprocess.run([str(PADDOCK), *args], cwd=REPO, check=True,
                                      capture_output=True)
    commands = {
        "paddock race (4 cars, 100 races)": run("race", str(track_path), *map(str, CARS),
                                                "--races", "100"),
        **{f"paddock balance {name} --race all": run(
            "balance", str(path), "--race", "all", "-o", os.devnull + ".pdf")
           # The baseline car's own file (generator/games/joyride/data/baseline-car.yaml)
           # no longer passes 'paddock check' (JR-ABILITY-MIX), so it is not timed here.
           for name, path in (("overpowered", FIXTURES / "overpowered.yaml"),
                              ("weak", FIXTURES / "weak.yaml"))}}
    run("race", str(track_path), str(CARS[0]), "--races", "1")()  # the table, kept
    return {name: median_time(action, repeat) for name, action in commands.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--races", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    results = {}
    for path in tracks():
        figures = {**solve_times(path), **sweep_rates(path, args.races),
                   **processes(path, args.repeat)}
        results[path.stem] = figures
        print(path.stem)
        for name, value in figures.items():
            unit = "races/s" if "core" in name else "s"
            print(f"  {name:45s} {value:8.2f} {unit}")
    save_results("race-joyride", results)


if __name__ == "__main__":
    main()
