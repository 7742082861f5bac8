"""Races per second: ``python bench/race.py [--game G] [--races N] [--repeat R]
[--bot careful] [--long L]``.

``--game joyride`` or ``--game outrider`` measures that game on the race core instead
(``bench/race_games.py``: inner sweeps on one core and all cores, whole ``paddock race`` /
``paddock battle`` processes and the clear-cut verdicts); ``--game all`` measures all three.
The rest of this text is about Frothy Races, the default.

Six shipped Frothy Races vehicles (the basic chariot, Bramblewick, Cogsworth, the Glimmering
Orrery, Ironhide and the Whisper Gig), two laps, on each shipped Frothy Races track: a sweep
of N races on one core (in this process) and on all cores (worker processes), each the
median of R runs. Every timed sweep starts cold: the plans, options and choices the engine
keeps as it races are forgotten first (only the track tables stay, as in a fresh process
once they are built), since repeating a sweep with the same seed would otherwise find
every decision already made. The all-core figure includes starting the workers and
sending them the field; "whole process" times ``paddock race`` itself from a fresh
interpreter (loading, track tables, workers, the summary). ``--long L`` adds one sweep of
L races on one core: the engine keeps what it decides, so a long sweep (a verdict) runs
faster than a short one. "CPU x" is the CPU time (all processes) of the all-core sweep
over the one-core sweep's: the price of each worker learning its own decisions, and, unlike
the wall-clock speed-up, nearly the same on a busy machine. Results also go to
bench/results/race-<bot>.json.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from race_games import MEASURES
from timing import save_results, timed

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.engine import forget_decisions
from generator.games.frothy_races.race.game import FrothyRace
from generator.race.sweep import Field, default_workers, run_sweep

REPO = Path(__file__).resolve().parents[1]
FROTHY = REPO / "vehicles" / "frothy-races"
FIELD = ["basic-chariot", "bramblewick-goat-cart", "cogsworth-steam-carriage",
         "glimmering-orrery", "ironhide-rhinodon", "whisper-gig"]
TRACKS = ["bogwater-bowl", "tin-plate-loop", "tanners-twist"]


def median_of(repeat: int, work: Callable[[], object],
              setup: Callable[[], object] = lambda: None) -> float:
    """The median of ``repeat`` timed runs of ``work`` (each after an untimed ``setup``), in
    seconds."""
    return timed(repeat, work, setup)[0]



def whole_process(track: Path, races: int, workers: int, bot: str) -> Callable[[], object]:
    command = [sys.executable, "-m", "generator", "race", str(track),
               *(str(FROTHY / f"{v}.yaml") for v in FIELD), "--races", str(races),
               "--workers", str(workers), "--bot", bot]
    return lambda: subprocess.run(command, check=True, capture_output=True, cwd=REPO)


def measure(track: Path, races: int, repeat: int, bot: str, long: int) -> dict[str, float]:
    loaded, vehicles = load_race_inputs(track, [FROTHY / f"{v}.yaml" for v in FIELD])
    field = Field(loaded, tuple(vehicles), FrothyRace(bot), RaceOptions(laps=2))
    cores = default_workers()
    run_sweep(field, 2, seed=0, workers=1)  # build the track tables once, as any sweep does
    one, one_cpu = timed(repeat, lambda: run_sweep(field, races, seed=1, workers=1),
                         forget_decisions)
    every, every_cpu = timed(repeat, lambda: run_sweep(field, races, seed=1, workers=cores),
                             forget_decisions)
    process = median_of(repeat, whole_process(track, races, cores, bot))
    found = {"races": races, "cores": cores,
             "one core races/s": races / one, "all cores races/s": races / every,
             "speed-up": one / every, "whole process s": process,
             # CPU the all-core sweep spends for the one-core sweep's one (each worker
             # learns its own decisions): the speed-up on idle, balanced cores is at most
             # cores / this. Unlike the wall-clock speed-up, it hardly moves with load.
             "all cores CPU ratio": every_cpu / one_cpu,
             "whole process races/s": races / process}
    if long:
        found["long sweep races"] = long
        found["long sweep races/s"] = long / median_of(
            1, lambda: run_sweep(field, long, seed=2, workers=1), forget_decisions)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--bot", default="careful")
    parser.add_argument("--long", type=int, default=0)
    parser.add_argument("--game", choices=("frothy-races", "joyride", "outrider", "all"),
                        default="frothy-races")
    args = parser.parse_args()
    for game in ("joyride", "outrider"):
        if args.game in (game, "all"):
            found = MEASURES[game](args.races, args.repeat)
            for key, value in found.items():
                print(f"{game} {key}: {value}")
            print(f"results: {save_results(f'race-{game}-core', found)}")
    if args.game not in ("frothy-races", "all"):
        return
    results = {}
    print(f"{'track':<18}{'1 core/s':>10}{'all/s':>10}{'speed-up':>10}{'CPU x':>7}"
          f"{'process s':>11}"
          + (f"{'long/s':>10}" if args.long else ""))
    for name in TRACKS:
        found = measure(REPO / "vehicles" / "tracks" / f"{name}.yaml", args.races,
                        args.repeat, args.bot, args.long)
        results[name] = found
        print(f"{name:<18}{found['one core races/s']:>10.1f}{found['all cores races/s']:>10.1f}"
              f"{found['speed-up']:>10.2f}{found['all cores CPU ratio']:>7.2f}"
              f"{found['whole process s']:>11.2f}"
              + (f"{found['long sweep races/s']:>10.1f}" if args.long else ""))
    print(f"results: {save_results(f'race-{args.bot}', results)}")


if __name__ == "__main__":
    main()
