"""The planning driver: ``python bench/race_planner.py [--races N] [--stream S] [--field-races M]
[--verdicts V] [--repeats R] [--skip-checks] [--skip-balance] [--tables-only]``.

* value tables: the basic chariot's (careful style, the track's laps) solved from cold
  (in-process tables forgotten, an empty cache folder) and read back from the cache folder,
  on each shipped Frothy Races track, and the solo Wipe-out chance worked out from it
  (wall seconds, medians); and every shipped vehicle's table solved from cold on Bogwater
  Bowl, the heaviest track (CPU and wall seconds, medians; issue 24: under 2 s each).
  ``--tables-only`` runs this last part alone;
* time trials: N seeded races of the basic chariot alone per track, the mean rounds against
  the printed solo optimum (the issue's check: within 10%);
* two-car races: the basic chariot against itself, two laps, N races per track: Wipe-outs,
  rounds, pointless Drifts, and rounds at Speed 0 by who chose them: the driver against its
  table (``chosen_stops``), the dice rolled (``forced_stops``) or the table
  (``table_stops``) (generator/games/frothy_races/race/audit.py);
* races per second on one core with the planner (CPU time): six shipped vehicles, two
  laps, Bogwater Bowl, their tables read first (not timed). The honest figure, "stream":
  S distinct seeded races raced as a verdict races them (``run_sweep`` in this process:
  each race's seed from its number, grids rotated, the cycle collector paused), from an
  empty decision memo that fills as it would in a verdict. Beside it, for comparison with
  earlier rounds: M races (seeds 1 .. M) from a cold start with the collector running,
  then the same M races again with every decision they made kept (which flatters it);
* the sequential rule's false-flag rate with races: V verdicts of the basic chariot against
  copies of itself on Tin-Plate Loop, each with its own seed;
* where a clear-cut verdict's time goes, inside one process (CPU): the value tables each
  style's field reads, and each style's races until the sequential rule stops
  (``verdict_inner``);
* ``paddock balance VEHICLE --race TRACK`` as a whole process, wall and CPU time (the
  process and its workers): the chariot on Tin-Plate Loop once with an empty cache folder;
  then, the median of R runs with the tables in it, clear-cut verdicts (the Marsh Hopper,
  underpowered), the chariot against copies of itself (on one track and with --race all)
  and a borderline one (the Glimmering Orrery on Tin-Plate Loop).

Results go to bench/results/race-planner.json (with ``--tables-only``,
race-planner-tables.json); docs/racing.md and docs/race-speed.md quote them.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import save_results

from generator.games.frothy_races.race import RaceOptions, load_race_inputs, run_race
from generator.games.frothy_races.race.audit import sample
from generator.games.frothy_races.race.course import race_track
from generator.games.frothy_races.race.driver import solo_optimum_of
from generator.games.frothy_races.race.engine import forget_decisions
from generator.games.frothy_races.race.game import FrothyRace
from generator.games.frothy_races.race.planner_moves import (
    RISKS,
    forget_tables,
    solo_wipe_out,
    value_table,
)
from generator.games.frothy_races.race.styles import STYLES
from generator.games.frothy_races.race.vehicles import race_vehicle
from generator.games.frothy_races.race.verdict import (
    field_files,
    field_size,
    race_verdict,
    stopping_rule,
)
from generator.race.sweep import Field, run_sweep
from generator.race.verdict import judge

REPO = Path(__file__).resolve().parents[1]
FROTHY = REPO / "vehicles" / "frothy-races"
TRACKS = REPO / "vehicles" / "tracks"
CHARIOT = FROTHY / "basic-chariot.yaml"
SHIPPED = ["bogwater-bowl", "tin-plate-loop", "tanners-twist"]
FIELD = ["basic-chariot", "bramblewick-goat-cart", "cogsworth-steam-carriage",
         "glimmering-orrery", "ironhide-rhinodon", "whisper-gig"]


def solve_times(name: str, repeats: int = 3) -> dict[str, float]:
    """Seconds to solve the chariot's table from cold, to read it back (medians), and to
    work out its solo Wipe-out chance from the table (``planner_risk``, the policy
    evaluated over the states extended with the Damage taken; kept in the cache folder
    after, like the table)."""
    track, vehicles = load_race_inputs(TRACKS / f"{name}.yaml", [CHARIOT])
    spec, rt = race_vehicle(vehicles[0]), race_track(track)
    stages = len(rt.lines) * RaceOptions(laps=0).for_track(track).laps
    style = STYLES["careful"]
    colds, kepts, risks = [], [], []
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as cache:
            os.environ["XDG_CACHE_HOME"] = cache
            forget_tables()
            start = time.perf_counter()
            value_table(spec, rt, stages, style)
            colds.append(time.perf_counter() - start)
            start = time.perf_counter()
            solo_wipe_out(spec, rt, stages, style)
            risks.append(time.perf_counter() - start)
            forget_tables()
            start = time.perf_counter()
            value_table(spec, rt, stages, style)
            kepts.append(time.perf_counter() - start)
            RISKS.forget(reread=False)
        os.environ.pop("XDG_CACHE_HOME", None)
        forget_tables()
    return {"solve_s": round(statistics.median(colds), 2),
            "read_s": round(statistics.median(kepts), 3),
            "solo_wipe_out_s": round(statistics.median(risks), 2)}


def field_solves(repeats: int = 3) -> dict[str, dict[str, float]]:
    """Every shipped Frothy Races vehicle's table (careful style, the track's laps) solved
    from cold on Bogwater Bowl, the heaviest shipped track: in-process tables forgotten,
    an empty cache folder, so the time is the solve and the table's entry written (CPU and
    wall seconds, medians of ``repeats``). The first solve in the process also works out
    the track's edges and the Control odds, which every later table shares: one table is
    solved first, not timed."""
    files = sorted(FROTHY.glob("*.yaml"))
    track, vehicles = load_race_inputs(TRACKS / "bogwater-bowl.yaml", files)
    rt = race_track(track)
    stages = len(rt.lines) * RaceOptions(laps=0).for_track(track).laps
    style = STYLES["careful"]
    found: dict[str, dict[str, float]] = {}
    for number, vehicle in enumerate([vehicles[0], *vehicles]):
        spec = race_vehicle(vehicle)
        cpus, walls = [], []
        for _ in range(repeats):
            with tempfile.TemporaryDirectory() as cache:
                os.environ["XDG_CACHE_HOME"] = cache
                forget_tables()
                wall, cpu = time.perf_counter(), time.process_time()
                value_table(spec, rt, stages, style)
                cpus.append(time.process_time() - cpu)
                walls.append(time.perf_counter() - wall)
            os.environ.pop("XDG_CACHE_HOME", None)
            forget_tables()
        if number:
            found[spec.name] = {"solve_cpu_s": round(statistics.median(cpus), 2),
                                "solve_wall_s": round(statistics.median(walls), 2)}
    return found


def checks(name: str, races: int) -> dict[str, object]:
    """The time trial against the optimum, and the two-car race of the chariot."""
    track, alone = load_race_inputs(TRACKS / f"{name}.yaml", [CHARIOT])
    options = RaceOptions(laps=0)
    optimum = solo_optimum_of(track, alone[0], options, "careful")
    trial = sample(track, alone, "careful", races, options)
    _, pair = load_race_inputs(TRACKS / f"{name}.yaml", [CHARIOT] * 2)
    two = sample(track, pair, "careful", races, RaceOptions(laps=2))
    assert optimum is not None
    return {"optimum_rounds": round(optimum.rounds, 2),
            "optimum_wipe_out": round(optimum.wipe_out, 4),
            "trial_rounds": round(trial.mean_rounds or 0, 2),
            "trial_off": round((trial.mean_rounds or 0) / optimum.rounds - 1, 3),
            "trial_wipe_out": trial.wipe_out,
            "pair_rounds": round(two.mean_rounds or 0, 2), "pair_wipe_out": two.wipe_out,
            "pointless_drifts": round(two.pointless_drifts / max(1, two.moves), 3),
            "needless_stops": round(two.needless_stops / max(1, two.rounds), 3),
            "chosen_stops": round(two.chosen_stops / max(1, two.rounds), 3),
            "forced_stops": round(two.forced_stops / max(1, two.rounds), 3),
            "table_stops": round(two.table_stops / max(1, two.rounds), 3),
            "trial_wipe_outs": round(trial.wipe_out * trial.races),
            "pair_wipe_outs": round(two.wipe_out * two.races * 2)}


def races_per_second(stream: int, races: int) -> dict[str, float]:
    """Six vehicles, two laps, Bogwater Bowl, one core, tables read first: ``stream``
    distinct seeded races as a verdict races them, from an empty decision memo (the honest
    figure); then ``races`` races from a cold start with the collector running, and the
    same races again with every decision kept (what the driver costs once a situation
    has been met)."""
    track, vehicles = load_race_inputs(TRACKS / "bogwater-bowl.yaml",
                                       [FROTHY / f"{n}.yaml" for n in FIELD])
    options = RaceOptions(laps=2)
    run_race(track, vehicles, bots="careful", seed=0, options=options)  # solves the tables
    forget_decisions()
    field = Field(track, tuple(vehicles), FrothyRace("careful"), options)
    field.game.prepare(field)  # the tables read again (forget_decisions lets them go)
    start = time.process_time()
    run_sweep(field, stream, seed=1, workers=1)
    found = {f"stream of {stream} distinct races, races/s (CPU)":
             round(stream / (time.process_time() - start), 1)}
    forget_decisions()
    field.game.prepare(field)
    for name in ("same seeds from cold", "same seeds again, every decision kept"):
        start = time.process_time()
        for seed in range(1, races + 1):
            run_race(track, vehicles, bots="careful", seed=seed, options=options)
        found[f"{name}, {races} races, races/s (CPU)"] = round(
            races / (time.process_time() - start), 1)
    return found


def verdict_inner(vehicle: Path, track: Path) -> dict[str, object]:
    """A verdict's work inside one process (CPU seconds), as ``race_verdict`` does it with
    one worker: per style, the field's value tables read (``prepare``), then its races
    batch by batch until the sequential rule stops, from an empty decision memo."""
    rule = stopping_rule()
    probe, _ = load_race_inputs(track, [])
    size = field_size(probe)
    loaded, vehicles = load_race_inputs(
        track, [vehicle, *field_files(vehicle, None, CHARIOT, size - 1)])
    options = RaceOptions(laps=0).for_track(loaded)
    found: dict[str, object] = {}
    for style in STYLES:
        field = Field(loaded, tuple(vehicles), FrothyRace(style), options)
        field.game.prepare(field)  # solved now if the cache folder lost them: not timed
        forget_decisions()
        forget_tables()
        start = time.process_time()
        field.game.prepare(field)
        read = time.process_time() - start
        start = time.process_time()
        tally = judge(field, rule, None, 1, 1)
        found[style] = {"tables_read_cpu_s": round(read, 2), "races": tally.races,
                        "races_cpu_s": round(time.process_time() - start, 2)}
    return found


def false_flags(verdicts: int) -> dict[str, float]:
    """Verdicts of the chariot against copies of itself (Tin-Plate Loop, careful)."""
    flagged = races = 0
    for seed in range(1, verdicts + 1):
        verdict = race_verdict(CHARIOT, [TRACKS / "tin-plate-loop.yaml"], baseline=CHARIOT,
                               seed=seed, workers=1, styles=["careful"])
        flagged += bool(verdict.styles[0].flag)
        races += verdict.races
    return {"verdicts": verdicts, "flagged": flagged, "rate": flagged / verdicts,
            "mean_races": races / verdicts}


def balance_wall(vehicle: Path, *race: str, cold: bool = False, repeats: int = 3
                 ) -> dict[str, float]:
    """``paddock balance VEHICLE --race ...`` as a whole process: the median wall time
    and CPU time (the process and its workers) of ``repeats`` runs with the tables in the
    cache folder (a user's second run: one run first, not counted, in a cache folder of
    the bench's own, which no other process on the machine writes to and evicts from), or
    one run with an empty cache folder (``cold``: every table solved inside it)."""
    command = [sys.executable, "-m", "generator", "balance", str(vehicle), "--race", *race,
               "-o", str(Path(tempfile.gettempdir()) / "bench-balance.pdf")]
    walls, cpus = [], []
    with tempfile.TemporaryDirectory() as kept:
        env = {**os.environ, "XDG_CACHE_HOME": kept}
        if not cold:
            subprocess.run(command, check=True, capture_output=True, cwd=REPO, env=env)
        for _ in range(1 if cold else repeats):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True, cwd=REPO, env=env)
            walls.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return {"wall_s": round(statistics.median(walls), 2),
            "cpu_s": round(statistics.median(cpus), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=500)
    parser.add_argument("--stream", type=int, default=300)
    parser.add_argument("--field-races", type=int, default=50)
    parser.add_argument("--verdicts", type=int, default=20)
    parser.add_argument("--skip-balance", action="store_true")
    parser.add_argument("--skip-checks", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--tables-only", action="store_true",
                        help="only every shipped vehicle's table solved on Bogwater Bowl")
    args = parser.parse_args()
    results: dict[str, object] = {}
    results["tables bogwater-bowl every vehicle"] = field_solves(args.repeats)
    for name, times in results["tables bogwater-bowl every vehicle"].items():
        print("bogwater-bowl table", name, times, flush=True)
    if args.tables_only:
        save_results("race-planner-tables", results)
        return
    for name in SHIPPED:
        results[f"table {name}"] = solve_times(name)
        print(name, results[f"table {name}"], flush=True)
    for name in [] if args.skip_checks else SHIPPED:
        results[f"checks {name}"] = checks(name, args.races)
        print(name, results[f"checks {name}"], flush=True)
    results["races_per_s_one_core_6_vehicles_bogwater"] = races_per_second(
        args.stream, args.field_races)
    print("races/s", results["races_per_s_one_core_6_vehicles_bogwater"], flush=True)
    if args.verdicts:
        results["false_flags"] = false_flags(args.verdicts)
        print("false flags", results["false_flags"], flush=True)
    if not args.skip_balance:
        tin = str(TRACKS / "tin-plate-loop.yaml")
        bowl = str(TRACKS / "bogwater-bowl.yaml")
        runs = {  # clear-cut: decided at the first looks; the chariot against itself
            "balance clear-cut marsh-hopper tin-plate": (FROTHY / "marsh-hopper.yaml", tin),
            "balance clear-cut marsh-hopper bogwater": (FROTHY / "marsh-hopper.yaml", bowl),
            "balance chariot tin-plate": (CHARIOT, tin),
            "balance chariot bogwater": (CHARIOT, bowl),
            "balance chariot all": (CHARIOT, "all"),
            "balance borderline orrery tin-plate": (FROTHY / "glimmering-orrery.yaml", tin),
        }
        results["verdict inner marsh-hopper bogwater"] = verdict_inner(
            FROTHY / "marsh-hopper.yaml", Path(bowl))
        print("verdict inner marsh-hopper bogwater",
              results["verdict inner marsh-hopper bogwater"], flush=True)
        results["balance chariot tin-plate cold"] = balance_wall(CHARIOT, tin, cold=True)
        print("balance chariot tin-plate cold", results["balance chariot tin-plate cold"],
              flush=True)
        for name, (vehicle, race) in runs.items():
            results[name] = balance_wall(vehicle, race, repeats=args.repeats)
            print(name, results[name], flush=True)
    save_results("race-planner", results)


if __name__ == "__main__":
    main()
