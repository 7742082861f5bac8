"""``paddock battle`` and ``paddock balance --battle``: Outrider battles, many at once, and
the win-rate verdict for both sides of a vehicle card.

The command is called ``battle``, not ``race``: Outrider is car combat scored by its
scenarios (last car standing), and a player says "let's have a battle". The engine is the
game's own (``generator.games.outrider.battle``, seen by the core as ``game.OutriderBattle``);
the race core's sweep seeds the battles and spreads them over worker processes or a Dask
cluster, and this module counts wins with Wilson 95% intervals (``generator.race.stats``).

Seeds: battle ``i`` of a sweep with seed ``s`` has its own seed from ``(s, i)`` and seats the
entrants rotated by ``i`` places, reversed every other cycle, so every entrant starts from
every seat alike; a battle depends on nothing else, so any number of workers, or a Dask
cluster, gives the same battles bit for bit.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.commands.race_games import race_game
from generator.commands.usage import choose_from
from generator.errors import InputError, UsageError
from generator.games.outrider.battle.engine import BattleResult
from generator.games.outrider.battle.game import BattleOptions
from generator.games.outrider.battle.setup import battle_data
from generator.games.outrider.model import Vehicle
from generator.input.findings import Severity
from generator.project.loading import load
from generator.race.events import write_event_log
from generator.race.game import run_race
from generator.race.progress import ProgressBar
from generator.race.stats import Interval, wilson
from generator.race.sweep import Field, Sweep, plan_jobs, run_sweep
from generator.text.templates import TextTemplates


@dataclass(frozen=True)
class Entrant:
    """A vehicle file and the side of its card it plays."""

    path: str
    vehicle: Vehicle
    side: str

    @property
    def label(self) -> str:
        return f"{self.vehicle.name} ({self.side})"


@dataclass(frozen=True)
class Outcome:
    """One battle, by entrant index (not seat): who won, how it ended, damage each way."""

    index: int
    winner: int | None
    ending: str
    rounds: int
    dealt: tuple[int, ...]
    taken: tuple[int, ...]


def parse_entrant(text: str) -> tuple[Path, str]:
    """'FILE' or 'FILE:narrow' / 'FILE:wide' (the side of the card; narrow by default)."""
    path, _, side = text.rpartition(":") if text.endswith((":narrow", ":wide")) \
        else (text, "", "narrow")
    head, colon, tail = text.rpartition(":")
    if side == "narrow" and colon and not Path(text).exists() and Path(head).is_file():
        raise UsageError(choose_from(f"{text}: the side", tail, ["narrow", "wide"]))
    return Path(path), side


def load_vehicle(path: Path) -> Vehicle:
    """An Outrider vehicle file, checked; anything else is bad usage or bad input."""
    if path.is_dir():
        raise UsageError(f"{path}: give a vehicle file, not a folder")
    loaded = load([path])
    errors = [f for f in loaded.findings if f.severity is Severity.ERROR]
    if errors:
        first = errors[0]
        more = f" (and {len(errors) - 1} more errors)" if len(errors) > 1 else ""
        raise InputError(f"cannot battle with this file: {first.message} [{first.rule}]{more}",
                         file=first.mark.file, line=first.mark.line, column=first.mark.column,
                         hint=f"run 'paddock check {path}' and fix what it reports")
    if len(loaded.definitions) != 1 or loaded.definitions[0].game.id != "outrider":
        raise UsageError(f"{path} is not an Outrider vehicle; 'paddock battle' plays Outrider "
                         "(for a racing game use 'paddock race')")
    vehicle = loaded.definitions[0].model
    assert isinstance(vehicle, Vehicle)
    return vehicle


def battle_field(entrants: Sequence[Entrant], scenario: str, keep_events: bool = False
                 ) -> Field:
    """The core's field for battles between ``entrants`` in ``scenario``."""
    return Field(scenario, tuple((e.vehicle, e.side) for e in entrants), race_game("outrider"),
                 BattleOptions(keep_events))


def outcomes(sweep: Sweep) -> list[Outcome]:
    """Each battle of ``sweep`` by entrant index (not seat)."""
    found = []
    for job, result in zip(sweep.jobs, sweep.results, strict=True):
        dealt = [0] * len(job.grid)
        taken = [0] * len(job.grid)
        for seat, entry in enumerate(result.entrants):
            dealt[job.grid[seat]] = entry.dealt
            taken[job.grid[seat]] = entry.damage
        winner = None if result.winner is None else job.grid[result.winner - 1]
        found.append(Outcome(job.index, winner, result.ending, result.rounds, tuple(dealt),
                             tuple(taken)))
    return found


def battles(entrants: Sequence[Entrant], seed: int, count: int, scenario: str,
            workers: int | None, *, first: int = 0,
            scheduler: str | object | None = None) -> list[Outcome]:
    """Play battles ``first`` to ``first + count - 1`` of a sweep: in this process, over
    local worker processes or on a Dask cluster (the race core's sweep); the same battles
    bit for bit either way."""
    field = battle_field(entrants, scenario)
    bar = ProgressBar(count, noun="battles")
    try:
        sweep = run_sweep(field, count, seed, workers=workers, scheduler=scheduler,
                          progress=bar, first=first)
    finally:
        bar.close()
    return outcomes(sweep)


def first_battle(entrants: Sequence[Entrant], seed: int, scenario: str) -> BattleResult:
    """Battle 1 of the sweep again, its event log kept (the same seed and seats)."""
    field = battle_field(entrants, scenario, keep_events=True)
    job = plan_jobs(len(entrants), 1, seed, name=field.game.seed_name)[0]
    result: BattleResult = run_race(field.game, field, job)
    return result


@dataclass(frozen=True)
class Standing:
    """One entrant over a sweep."""

    label: str
    wins: Interval
    draws: int
    dealt: float
    taken: float


def standings(entrants: Sequence[Entrant], outcomes: Sequence[Outcome]) -> list[Standing]:
    n = len(outcomes)
    return [Standing(e.label, wilson(sum(1 for o in outcomes if o.winner == i), n),
                     sum(1 for o in outcomes if o.winner is None),
                     sum(o.dealt[i] for o in outcomes) / n, sum(o.taken[i] for o in outcomes) / n)
            for i, e in enumerate(entrants)]


def run_battle_command(args: argparse.Namespace) -> int:
    """``paddock battle``: play, print the standings (text or JSON), write battle 1's log."""
    scenarios = battle_data().scenarios
    if args.scenario not in scenarios:
        raise UsageError(choose_from("--scenario", args.scenario, list(scenarios)))
    entrants = [Entrant(str(p), load_vehicle(p), side)
                for p, side in map(parse_entrant, args.vehicles)]
    scenario = scenarios[args.scenario]
    if not scenario.players_min <= len(entrants) <= scenario.players_max:
        raise UsageError(f"{scenario.title} takes {scenario.players_min} to "
                         f"{scenario.players_max} vehicles; {len(entrants)} given")
    found = battles(entrants, args.seed, args.battles, args.scenario, args.workers,
                    scheduler=getattr(args, "scheduler", None))
    first = first_battle(entrants, args.seed, args.scenario)
    if args.log:
        write_log(args.log, first)
    if args.replay:
        write_replay_pdf(args, entrants, first, scenario.title)
    table = standings(entrants, found)
    context = summary_context(entrants, found, table, first, args)
    if args.format == "json":
        print(json.dumps(context, indent=2))
    else:
        print(TextTemplates(args.templates).render("outrider/battle.txt.j2", context)
              .rstrip("\n"))
    return 0


def write_replay_pdf(args: argparse.Namespace, entrants: Sequence[Entrant],
                     first: BattleResult, title: str) -> None:
    """Battle 1 as a replay PDF, written atomically (battle 1 seats the vehicles in the
    order given, so seat ``n`` has the ``n``-th vehicle's colour)."""
    from generator.commands.battle_replay import write_replay
    from generator.paper.output import write_atomically

    colours = [e.vehicle.colour for e in entrants]
    write_atomically(args.replay, lambda temp: write_replay(
        Path(temp), first, colours, title, args.paper, TextTemplates(args.templates)))


def write_log(path: Path, result: BattleResult) -> None:
    """Battle 1's events, one JSON object a line (the race core's format), atomically."""
    write_event_log(path, result.events)


def summary_context(entrants: Sequence[Entrant], outcomes: Sequence[Outcome],
                    table: Sequence[Standing], first: BattleResult,
                    args: argparse.Namespace) -> dict[str, Any]:
    data = battle_data()
    endings: dict[str, int] = {}
    for o in outcomes:
        endings[o.ending] = endings.get(o.ending, 0) + 1
    return {
        "scenario": data.scenarios[args.scenario].title, "battles": len(outcomes),
        "seed": args.seed, "map": [data.width, data.height],
        "mean_rounds": sum(o.rounds for o in outcomes) / len(outcomes),
        "endings": endings, "fair": 1 / len(entrants),
        "entrants": [{"label": s.label, "file": e.path, "rate": s.wins.rate, "low": s.wins.low,
                      "high": s.wins.high, "wins": round(s.wins.rate * len(outcomes)),
                      "draws": s.draws, "dealt": s.dealt, "taken": s.taken}
                     for s, e in zip(table, entrants, strict=True)],
        "first": first.to_json(), "not_played": list(data.not_played),
        "readings": list(data.readings), "log": str(args.log) if args.log else None,
        "replay": str(args.replay) if args.replay else None,
    }
