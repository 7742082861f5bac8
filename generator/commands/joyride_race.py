"""``paddock race`` and ``paddock balance --race`` on Joyride tracks.

The engine, its value table and the planning driver live in ``generator.games.joyride.race``
(``game.JoyrideRace`` is how the race core sees them); this module loads the files, runs the
core's sweeps (local workers or a Dask cluster), takes the win-rate intervals from
``generator.race.stats`` and formats what is printed. The race and balance runners hand a
Joyride track here in one line.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.commands.race_games import is_joyride_track, race_game
from generator.errors import InputError, UsageError
from generator.games.joyride.race import RaceOptions, event_lines, race_items
from generator.games.joyride.race.api import table_for
from generator.games.joyride.race.game import items_of
from generator.paper.output import write_atomically
from generator.race.report import sweep_summary
from generator.race.stats import Interval, wilson
from generator.race.sweep import Field, Sweep, run_sweep
from generator.race.verdict import StoppingRule, Tally, judge
from generator.text.templates import TextTemplates

SUMMARY_TEMPLATE = "joyride/race-summary.txt.j2"
FIELD_MOST = 6  # the baseline field: the track's largest player count, at most this


def _load(path: Path, kinds: Sequence[str]) -> Any:
    from generator.project.loading import load

    if path.is_dir():
        raise UsageError(f"{path} is a folder: give a Joyride car file")
    loaded = load([path])
    errors = [f for f in loaded.findings if f.severity.value == "error"]
    if errors:
        first = errors[0]
        raise InputError(f"{first.message} [{first.rule}]", file=first.mark.file,
                         line=first.mark.line, column=first.mark.column,
                         hint=f"run 'paddock check {path}' to see every finding")
    if not loaded.definitions:
        raise InputError("no Joyride car here", file=str(path))
    found = loaded.definitions[0]
    if found.game.id != "joyride" or found.kind.name not in kinds:
        raise InputError(f"this is a {found.game.title} {found.kind.name}, not a Joyride "
                         f"{' or '.join(kinds)}", file=found.root.file, line=found.root.line,
                         column=found.root.column,
                         hint="a Joyride track races Joyride cars ('game: joyride')")
    return found


def load_field(track_path: Path, paths: Sequence[Path]) -> tuple[Any, list[Any], list[Any]]:
    """The track, the cars (in the order named) and custom items named among them."""
    track = _load(track_path, ("track",)).model
    cars: list[Any] = []
    items: list[Any] = []
    for path in paths:
        found = _load(path, ("vehicle", "item"))
        (cars if found.kind.name == "vehicle" else items).append(found.model)
    if not cars:
        raise UsageError("give at least one Joyride car file to race")
    return track, cars, items


def options_for(track: Any, laps: int | None, log: bool = False) -> RaceOptions:
    """The track's own laps unless another count is asked for (the race command's default,
    2, is read as the track's)."""
    return RaceOptions(laps=None if laps in (None, 2) else laps, log_events=log,
                       snapshots=log)


def run_joyride_race(args: argparse.Namespace, track_path: Path) -> int:
    """``paddock race JOYRIDE_TRACK CAR...``: the sweep, race 1's log, the summary."""
    if args.output is not None:
        raise UsageError("-o (the race report PDF) is not made for Joyride races yet: use "
                         "--replay for race 1, --log for its events, --format json")
    if args.race_type not in (None, "fastest") or args.rounds:  # Frothy Races' own
        raise UsageError("a Joyride race is won over laps (--laps): leave out --type and "
                         "--rounds")
    templates = TextTemplates(args.templates)
    track, cars, custom = load_field(track_path, args.vehicles)
    field = Field(track, tuple(cars), race_game("joyride", items=race_items(track, custom)),
                  options_for(track, args.laps))
    sweep = run_sweep(field, args.races, args.seed, workers=args.workers,
                      scheduler=getattr(args, "scheduler", None))
    outputs: dict[str, str] = {}
    first: Any = replay_first(sweep) if args.log or args.replay else None
    if args.log:
        write_atomically(args.log, lambda temp: temp.write_text(
            "".join(line + "\n" for line in event_lines(first)), encoding="utf-8"))
        outputs["event log of race 1"] = str(args.log)
    if args.replay:
        from generator.games.joyride.race.replay import write_replay

        write_atomically(args.replay, lambda temp: write_replay(temp, track, first,
                                                                args.paper, templates))
        outputs["replay of race 1"] = str(args.replay)
    context = summary_context(sweep)
    if args.format == "json":
        print(json.dumps({**context, "outputs": outputs, "per_race": per_race(sweep)},
                         indent=2, ensure_ascii=False))
    else:
        print(templates.render(SUMMARY_TEMPLATE, {**context, "outputs": outputs}).rstrip())
    return 0


def replay_first(sweep: Sweep) -> Any:
    """Race 1 again with its events kept (the same seed and grid: the race counted)."""
    from generator.games.joyride.race import run_race

    field, job = sweep.field, sweep.jobs[0]
    options = RaceOptions(laps=field.options.laps, max_rounds=field.options.max_rounds,
                          log_events=True, snapshots=True)
    return run_race(field.track, [field.vehicles[i] for i in job.grid], seed=job.seed,
                    options=options, items=items_of(field))


def summary_context(sweep: Sweep) -> dict[str, Any]:
    """What the summary shows, numbers as numbers."""
    count, races = len(sweep.field.vehicles), len(sweep.results)
    shared = sweep_summary(sweep, [_name(sweep, entrant) for entrant in range(count)])
    for entrant, figures in enumerate(shared["entrants"]):
        rows = [result.cars[job.grid.index(entrant)]
                for job, result in zip(sweep.jobs, sweep.results, strict=True)]
        won = [row.rounds or 0 for k, row in enumerate(rows) if sweep.won(k, entrant)]
        figures.update({
            "finish_rate": sum(r.finished for r in rows) / races,
            "mean_rounds": sum(won) / len(won) if won else None,
            "damage_taken": sum(r.damage_taken for r in rows) / races,
            "damage_dealt": sum(r.damage_dealt for r in rows) / races,
            "smashes": sum(r.smashes for r in rows) / races,
            "pile_ups": sum(r.pile_ups for r in rows) / races})
    first = sweep.results[0]
    table = table_for(sweep.field.track, sweep.field.options.laps)
    return {**shared, "track": first.track, "laps": table.course.laps,
            "mean_race_rounds": sum(r.rounds for r in sweep.results) / races,
            "solo_optimum": first.solo_optimum, "not_simulated": list(first.not_simulated)}


def _name(sweep: Sweep, entrant: int) -> str:
    """The entrant's name as race 1 shows it ('Rust Bucket #2' for a repeated car)."""
    job, result = sweep.jobs[0], sweep.results[0]
    return result.cars[job.grid.index(entrant)].name


def per_race(sweep: Sweep) -> list[dict[str, Any]]:
    """Each race: its seed, rounds, grid and places, to re-run or check one."""
    return [{"race": job.index, "seed": job.seed, "rounds": result.rounds,
             "winner": None if result.winner is None else result.cars[result.winner].name,
             "places": {car.name: car.place for car in result.cars}}
            for job, result in zip(sweep.jobs, sweep.results, strict=True)]


@dataclass(frozen=True)
class RaceVerdict:
    """A car's win rate against a field of baseline cars, for the JR-BAL-RACE-* rules."""

    name: str
    track: str
    field: tuple[str, ...]
    races: int
    wins: Interval
    fair_share: float
    tracks: tuple[tuple[str, int, Interval], ...] = ()  # per track: name, races, wins


def joyride_tracks(target: Path) -> list[Path]:
    """The tracks ``--race`` names: one file, or with 'all' every Joyride track in
    vehicles/tracks of this project folder."""
    from generator.commands.arguments import track_file
    from generator.tracks.shipped import shipped_tracks

    if str(target) != "all":
        return [track_file(target)]
    folder = Path("vehicles/tracks")
    found = sorted(p for p in folder.glob("*.yaml") if is_joyride_track(p)) or \
        sorted(t.path for t in shipped_tracks() if t.game == "joyride")
    if not found:
        raise UsageError("--race all: no Joyride track in vehicles/tracks here; give a "
                         "track file instead")
    return found


def field_size(track: Any) -> int:
    """The track's largest player count, at most FIELD_MOST (at least 2)."""
    return max(2, min(FIELD_MOST, track.players.high))


def stopping_rule() -> StoppingRule:
    """The race core's sequential rule with the numbers JR-BAL-RACE-OVERPOWERED states."""
    from generator.games.joyride.balance import RULES

    return StoppingRule.from_params(RULES["JR-BAL-RACE-OVERPOWERED"].params)


def race_verdict(car: Any, tracks: Sequence[Path], baseline: Any, *, races: int | None,
                 seed: int, workers: int | None) -> RaceVerdict:
    """Race ``car`` against copies of ``baseline`` on each track by the core's sequential
    rule (or ``races`` a track, if given); the verdict pools the tracks."""
    rule = stopping_rule()
    rows: list[tuple[str, int, Tally]] = []
    for path in tracks:
        track = _load(path, ("track",)).model
        cars = (car, *[baseline] * (field_size(track) - 1))
        field = Field(track, cars, race_game("joyride", items=race_items(track)),
                      options_for(track, None))
        rows.append((track.name, len(cars), judge(field, rule, races, seed, workers)))
    total = sum(tally.races for _, _, tally in rows)
    won = sum(tally.won for _, _, tally in rows)
    fair = sum(tally.fair_share(size) * tally.races for _, size, tally in rows) / total
    names = tuple(baseline.name for _ in range(rows[0][1] - 1))
    label = rows[0][0] if len(rows) == 1 else \
        f"{len(rows)} Joyride tracks ({', '.join(name for name, _, _ in rows)})"
    return RaceVerdict(car.name, label, names, total, wilson(won, total, rule.z), fair,
                       tuple((name, tally.races, wilson(tally.won, tally.races, rule.z))
                             for name, _, tally in rows))


def joyride_verdicts(args: argparse.Namespace, definitions: Sequence[Any],
                     against: Any | None) -> dict[str, RaceVerdict]:
    """A race verdict for every Joyride car among ``definitions`` (by file path)."""
    from generator.games.joyride.standard import baseline as standard_baseline

    cars = [d for d in definitions if d.game.id == "joyride" and d.kind.name == "vehicle"]
    if not cars:
        return {}
    base = against.model if against is not None and against.game.id == "joyride" \
        else standard_baseline()
    tracks = joyride_tracks(args.race)
    for path in tracks:
        _load(path, ("track",))
    return {d.path: race_verdict(d.model, tracks, base, races=args.races, seed=args.seed,
                                 workers=args.workers) for d in cars}
