"""``paddock race`` as a library call: load, sweep, write the files asked for, format.

The CLI only parses arguments and prints; everything here can be called from a script. Files
are written only after every race has run, each atomically.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from generator.commands.race_games import race_game
from generator.errors import InputError, UsageError
from generator.games.frothy_races.race.api import (
    RaceOptions,
    event_lines,
    load_race_inputs,
    run_race,
    where_given,
)
from generator.games.frothy_races.race.figures import SweepStats, sweep_stats
from generator.games.frothy_races.race.game import bot_of
from generator.games.frothy_races.race.race_report import format_json, format_summary, written
from generator.paper.output import refuse_odd_target, write_atomically
from generator.race.progress import ProgressBar
from generator.race.sweep import Field, Sweep, run_sweep
from generator.text.templates import TextTemplates


@dataclass(frozen=True)
class RaceRequest:
    """Everything ``paddock race`` was asked to do."""

    track: Path
    vehicles: tuple[Path, ...]
    races: int = 100
    seed: int = 1
    bot: str = "careful"
    options: RaceOptions = RaceOptions()
    workers: int | None = None
    scheduler: str | None = None
    report: Path | None = None
    replay: Path | None = None
    log: Path | None = None
    paper: str = "a4"
    templates: Path | None = None  # a folder searched before Paddock's own templates
    asked: tuple[str, ...] = ()  # the options given outright ('laps', 'rounds')


def run_request(request: RaceRequest) -> tuple[Sweep, SweepStats, dict[str, Path | None]]:
    """Run the sweep, then write the report, replay and event log that were asked for."""
    if not request.vehicles:
        raise UsageError("a race needs at least one vehicle (one alone is a time trial)")
    for target in (request.report, request.replay, request.log):
        if target is not None:
            refuse_odd_target(target)  # a FIFO or device named: refused before any race
    templates = TextTemplates(request.templates)  # a missing folder fails before any race
    track, vehicles = load_race_inputs(request.track, request.vehicles)
    try:
        options = request.options.for_track(track)
    except UsageError as refused:  # the track's own race type: said at its line
        raise InputError(str(refused), **where_given(request.track, "race_type"),
                         hint="give --type fastest, furthest or toughest") from None
    options = fit_lengths(options, request.asked)
    field = Field(track, tuple(vehicles), race_game("frothy-races", bot=request.bot), options)
    bar = ProgressBar(request.races)
    try:
        sweep = run_sweep(field, request.races, request.seed, workers=request.workers,
                          scheduler=request.scheduler, progress=bar)
    finally:
        bar.close()
    stats = sweep_stats(sweep)
    paths: dict[str, Path | None] = {"report": None, "replay": None, "log": None}
    if request.replay or request.log:
        first = replay_first_race(sweep)
        if request.log:
            lines = event_lines(first)
            write_atomically(request.log, lambda temp: temp.write_text(
                "".join(line + "\n" for line in lines), encoding="utf-8"))
            paths["log"] = request.log
        if request.replay:
            from generator.games.frothy_races.race.replay import write_replay
            write_atomically(request.replay, lambda temp: write_replay(
                temp, track, first, request.paper))
            paths["replay"] = request.replay
    if request.report:
        from generator.games.frothy_races.race.race_pdf import write_race_report
        write_atomically(request.report, lambda temp: write_race_report(
            temp, sweep, stats, templates, request.paper))
        paths["report"] = request.report
    return sweep, stats, paths


def fit_lengths(options: RaceOptions, asked: tuple[str, ...]) -> RaceOptions:
    """--laps and --rounds for the race type (Race Types & Play Styles): Fastest is run over
    laps, Furthest for a set number of rounds, Toughest until one is left. --rounds is the
    round limit of a fastest or toughest race (stopped there, undecided if nobody has won);
    --laps, which only a fastest race has, is refused for the others, not ignored."""
    if "laps" in asked and options.race_type != "fastest":
        raise UsageError(f"--laps counts the laps of a fastest race, and this is a "
                         f"{options.race_type} race ("
                         + ("won by the furthest after --rounds rounds"
                            if options.race_type == "furthest" else
                            "run until all but one vehicle are destroyed")
                         + "): leave --laps out, or give --type fastest")
    if "rounds" in asked and options.race_type != "furthest":
        return replace(options, max_rounds=options.rounds)
    return options


def replay_first_race(sweep: Sweep) -> Any:
    """Race 1 of the sweep again with its event log and snapshots kept (same seed, same
    grid: the very race the statistics counted)."""
    field, job = sweep.field, sweep.jobs[0]
    options = replace(field.options, log_events=True, snapshots=True)
    return run_race(field.track, [field.vehicles[i] for i in job.grid], bots=bot_of(field),
                    seed=job.seed, options=options)


def format_output(sweep: Sweep, stats: SweepStats, paths: dict[str, Path | None],
                  fmt: str, templates: TextTemplates) -> str:
    """Text for people or JSON for tools."""
    outputs = written(paths)
    if fmt == "json":
        return format_json(sweep, stats, outputs)
    return format_summary(sweep, stats, templates, outputs)
