"""Joyride races and Outrider battles on the race core, for ``bench/race.py --game``.

The same figures for each game: a sweep of N races (battles) in this process and over all
cores (the core's sweep, worker processes started included), wall and CPU time, medians of
R runs; then whole ``paddock`` processes as a user runs them: the race (battle) command and
the clear-cut verdicts on the clearly strong and clearly weak test fixtures
(``paddock balance CAR --race TRACK`` for Joyride, each also with an empty cache folder so
that the process solves the track's value table itself; ``paddock balance VEHICLE
--battle`` for Outrider, the duel and last car standing).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from timing import timed

from generator.commands.race_games import race_game
from generator.games.joyride.race import RaceOptions, race_items
from generator.games.joyride.race import api as joyride_api
from generator.games.outrider.battle.game import BattleOptions
from generator.project.loading import load
from generator.race.sweep import Field, default_workers, run_sweep

REPO = Path(__file__).resolve().parents[1]
PADDOCK = [sys.executable, "-m", "generator"]
JOYRIDE_TRACK = REPO / "vehicles" / "tracks" / "gasometer-gauntlet.yaml"
JOYRIDE_CARS = sorted((REPO / "vehicles" / "joyride").glob("*.yaml"))
JOYRIDE_FIXTURES = REPO / "tests" / "games" / "joyride" / "race_cars"
OUTRIDER = REPO / "vehicles" / "outrider"
OUTRIDER_FIELD = [OUTRIDER / f"{n}.yaml" for n in
                  ("rattler", "big-horn", "dust-devil", "iron-curtain")]
OUTRIDER_FIXTURES = REPO / "tests" / "games" / "outrider" / "battle" / "fixtures"


def model(path: Path) -> Any:
    return load([path]).definitions[0].model


def joyride_field() -> Field:
    track = model(JOYRIDE_TRACK)
    return Field(track, tuple(model(p) for p in JOYRIDE_CARS),
                 race_game("joyride", items=race_items(track)), RaceOptions())


def outrider_field() -> Field:
    return Field("last-car-standing", tuple((model(p), "narrow") for p in OUTRIDER_FIELD),
                 race_game("outrider"), BattleOptions())



def whole(repeat: int, args: list[str], cold: bool = False) -> tuple[float, float]:
    """A whole ``paddock`` process: median wall and CPU seconds (``cold``: each run with an
    empty cache folder of its own)."""
    def run() -> None:
        with tempfile.TemporaryDirectory() as cache:
            env = {**os.environ, "XDG_CACHE_HOME": cache} if cold else None
            done = subprocess.run(PADDOCK + args, cwd=REPO, capture_output=True, text=True,
                                  env=env, check=False)
            if done.returncode not in (0, 1):  # 1: the verdict's own findings
                raise SystemExit(f"paddock {' '.join(args)} exited {done.returncode}:\n"
                                 f"{done.stderr[-2000:]}")
    return timed(repeat, run)


def inner(field: Field, races: int, repeat: int, forget: Callable[[], object]
          ) -> dict[str, float]:
    """The sweep on one core and on all cores, each started cold (``forget`` first)."""
    cores = default_workers()
    run_sweep(field, 1, seed=0, workers=1)  # the driver's tables built (or read) once
    one = timed(repeat, lambda: run_sweep(field, races, seed=1, workers=1), forget)
    every = timed(repeat, lambda: run_sweep(field, races, seed=1, workers=cores), forget)
    return {"races": races, "cores": cores, "one core wall s": one[0],
            "one core CPU s": one[1], "one core races/s": races / one[0],
            "all cores wall s": every[0], "all cores CPU s": every[1],
            "all cores races/s": races / every[0], "speed-up": one[0] / every[0]}


# Where a timed verdict writes its PDF report: a file of its own (Paddock refuses to write
# over a device such as /dev/null), left in the system's temporary folder.
REPORT = str(Path(tempfile.mkdtemp(prefix="paddock-bench-")) / "verdict.pdf")


def measure_joyride(races: int, repeat: int) -> dict[str, Any]:
    found: dict[str, Any] = inner(joyride_field(), races, repeat, joyride_api._DRIVERS.clear)
    cars = [str(p) for p in JOYRIDE_CARS]
    found["paddock race s"] = whole(repeat, ["race", str(JOYRIDE_TRACK), *cars,
                                             "--races", str(races)])
    for fixture in ("overpowered", "weak"):
        args = ["balance", str(JOYRIDE_FIXTURES / f"{fixture}.yaml"), "--race",
                str(JOYRIDE_TRACK), "-o", REPORT]
        found[f"verdict {fixture} s"] = whole(repeat, args)
        found[f"verdict {fixture} cold cache s"] = whole(repeat, args, cold=True)
    return found


def measure_outrider(races: int, repeat: int) -> dict[str, Any]:
    found: dict[str, Any] = inner(outrider_field(), races, repeat, lambda: None)
    found["paddock battle s"] = whole(repeat, ["battle", *map(str, OUTRIDER_FIELD),
                                               "--battles", str(races)])
    for fixture, scenario in (("juggernaut", "duel"), ("lame-duck", "duel"),
                              ("juggernaut", "last-car-standing"),
                              ("lame-duck", "last-car-standing")):
        # Each battle of a verdict stops once the judged side is wrecked, so the weak
        # build in last car standing is timed like the others now (it took minutes when
        # every battle was played to its end).
        found[f"verdict {fixture} {scenario} s"] = whole(repeat, [
            "balance", str(OUTRIDER_FIXTURES / f"{fixture}.yaml"), "--battle", scenario,
            "-o", REPORT])
    return found


MEASURES: dict[str, Callable[[int, int], dict[str, Any]]] = {
    "joyride": measure_joyride, "outrider": measure_outrider}
