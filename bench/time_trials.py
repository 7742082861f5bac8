"""Time trials of every shipped Frothy Races vehicle on every shipped Frothy Races track:
``python bench/time_trials.py [--races N] [--seed S] [--workers K] [--only NAME ...]``.

Each vehicle alone, the careful style, the track's own laps, N audited races (seeds S,
S + 1, ...: ``audit.sample``): the mean rounds of the races that finish against the solo
optimum the race prints (``driver.solo_optimum_of``, read off the value table), with the
mean's standard error, and the Wipe-out share against the printed chance. The issue's bar:
every build within 10% of its optimum. Cells run in K worker processes (CPU-bound; each
cell's races are the same whatever K is).

Results go to bench/results/time-trials.json; docs/racing.md quotes them.
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from timing import save_results

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.driver import solo_optimum_of
from generator.games.frothy_races.race.engine import Race

REPO = Path(__file__).resolve().parents[1]
FROTHY = REPO / "vehicles" / "frothy-races"
TRACKS = REPO / "vehicles" / "tracks"
SHIPPED = ["bogwater-bowl", "tin-plate-loop", "tanners-twist"]


def vehicles() -> list[str]:
    return sorted(p.stem for p in FROTHY.glob("*.yaml"))


def cell(vehicle: str, track_name: str, races: int, seed: int) -> dict[str, object]:
    """One vehicle's time trials on one track against its printed optimum."""
    track, alone = load_race_inputs(TRACKS / f"{track_name}.yaml",
                                    [FROTHY / f"{vehicle}.yaml"])
    options = RaceOptions(laps=0)  # the track's own laps
    optimum = solo_optimum_of(track, alone[0], options, "careful")
    assert optimum is not None
    rounds: list[int] = []
    wiped = 0
    for k in range(races):
        result = Race(track, alone, ["careful"], seed + k, options).run()
        rounds.extend(v.rounds for v in result.vehicles if v.finished)
        wiped += sum(v.wiped_out for v in result.vehicles)
    mean = statistics.mean(rounds) if rounds else 0.0
    error = statistics.stdev(rounds) / len(rounds) ** 0.5 if len(rounds) > 1 else 0.0
    return {"vehicle": vehicle, "track": track_name, "races": races,
            "expected": round(optimum.rounds, 2), "raced": round(mean, 2),
            "standard_error": round(error, 2),
            "off": round(mean / optimum.rounds - 1, 3) if optimum.rounds else None,
            "expected_wipe_out": round(optimum.wipe_out, 4),
            "raced_wipe_out": round(wiped / races, 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", nargs="*", default=None, help="vehicles to measure")
    args = parser.parse_args()
    jobs = [(v, t) for v in (args.only or vehicles()) for t in SHIPPED]
    with ProcessPoolExecutor(args.workers) as pool:
        found = list(pool.map(cell, *zip(*jobs, strict=True),
                              [args.races] * len(jobs), [args.seed] * len(jobs)))
    print(f"{'vehicle':28} {'track':15} {'expected':>8} {'raced':>7} {'se':>5} {'off':>7}"
          f" {'wipe exp':>8} {'raced':>6}")
    for row in found:
        print(f"{row['vehicle']:28} {row['track']:15} {row['expected']:8.2f} "
              f"{row['raced']:7.2f} {row['standard_error']:5.2f} {row['off']:+7.1%} "
              f"{row['expected_wipe_out']:8.1%} {row['raced_wipe_out']:6.1%}")
    worst = max(abs(float(str(r["off"]))) for r in found)
    print(f"worst gap {worst:.1%} over {len(found)} vehicle x track cells, "
          f"{args.races} races each")
    save_results("time-trials", {"races": args.races, "seed": args.seed, "cells": found,
                                 "worst_gap": worst})


if __name__ == "__main__":
    main()
