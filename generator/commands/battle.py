"""``paddock battle`` and ``paddock balance --battle``: Outrider battles, many at once, and
the win-rate verdict for both sides of a vehicle card.

The command is called ``battle``, not ``race``: Outrider is car combat scored by its
scenarios (last car standing), and a player says "let's have a battle". The engine is the
game's own (``generator.games.outrider.battle``); this module seeds and spreads battles over
worker processes, counts wins, and puts Wilson 95% intervals on them with the interval code
of ``generator.race.stats`` (a game may not import the race layer; the commands layer may).

Seeds: battle ``i`` of a sweep with seed ``s`` is seeded ``s * 1_000_003 + i`` and seats the
entrants rotated by ``i`` places, so every entrant starts from every seat alike; a battle
depends on nothing else, so any number of workers gives the same battles bit for bit.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.errors import InputError, UsageError
from generator.games.outrider.battle.driver import ExpectedGainDriver
from generator.games.outrider.battle.engine import BattleResult, run_battle
from generator.games.outrider.battle.setup import battle_data
from generator.games.outrider.model import Vehicle
from generator.input.findings import Severity
from generator.project.loading import load
from generator.race.stats import Interval, wilson
from generator.text.templates import TextTemplates

SEED_STRIDE = 1_000_003
BEAM = 4  # the driver's beam width in every battle Paddock runs (tests/.../test_battle_driver.py)


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
    return Path(path), side


def load_vehicle(path: Path) -> Vehicle:
    """An Outrider vehicle file, checked; anything else is bad usage or bad input."""
    if path.is_dir():
        raise UsageError(f"{path}: give a vehicle file, not a folder")
    loaded = load([path])
    errors = [f for f in loaded.findings if f.severity is Severity.ERROR]
    if errors:
        first = errors[0]
        raise InputError(f"cannot battle with this file: {first.message}", file=str(path),
                         hint=f"run 'paddock check {path}' and fix what it reports")
    if len(loaded.definitions) != 1 or loaded.definitions[0].game.id != "outrider":
        raise UsageError(f"{path} is not an Outrider vehicle; 'paddock battle' plays Outrider "
                         "(for a racing game use 'paddock race')")
    vehicle = loaded.definitions[0].model
    assert isinstance(vehicle, Vehicle)
    return vehicle


def seated(entrants: Sequence[Entrant], index: int) -> list[int]:
    """Entrant indices in seat order for battle ``index``: rotated ``index`` places."""
    n = len(entrants)
    return [(index + k) % n for k in range(n)]


def one_battle(entrants: Sequence[Entrant], seed: int, index: int, scenario: str,
               keep_events: bool = False, watch_first: bool = False
               ) -> tuple[Outcome, BattleResult]:
    """Play battle ``index`` of a sweep; ``watch_first``: stop it once entrant 0 is wrecked
    (a verdict about entrant 0 needs no more of it)."""
    order = seated(entrants, index)
    watch = order.index(0) + 1 if watch_first else None
    result = run_battle([(entrants[i].vehicle, entrants[i].side) for i in order],
                        seed * SEED_STRIDE + index, lambda car: ExpectedGainDriver(BEAM),
                        scenario, keep_events, watch)
    dealt = [0] * len(entrants)
    taken = [0] * len(entrants)
    for seat, entry in enumerate(result.entrants):
        dealt[order[seat]] = entry.dealt
        taken[order[seat]] = entry.damage
    winner = None if result.winner is None else order[result.winner - 1]
    return Outcome(index, winner, result.ending, result.rounds, tuple(dealt),
                   tuple(taken)), result


Job = tuple[tuple[Entrant, ...], int, tuple[int, ...], str, bool]


def _chunk(job: Job) -> list[Outcome]:
    entrants, seed, indices, scenario, watch_first = job
    return [one_battle(entrants, seed, i, scenario, watch_first=watch_first)[0]
            for i in indices]


@dataclass
class Workers:
    """Worker processes (none: play in this process) and how many there are."""

    pool: ProcessPoolExecutor | None
    count: int

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown()


def battles(entrants: Sequence[Entrant], seed: int, indices: range, scenario: str,
            workers: Workers, watch_first: bool = False) -> list[Outcome]:
    """Play the battles numbered ``indices``, split over the worker processes."""
    return play_jobs([(tuple(entrants), seed, tuple(indices), scenario, watch_first)],
                     workers)[0]


def play_jobs(jobs: Sequence[Job], workers: Workers) -> list[list[Outcome]]:
    """Play several sweeps' battles at once (each job split over every worker, so no core
    waits for another sweep); each job's outcomes in battle order."""
    if workers.pool is None:
        return [_chunk(job) for job in jobs]
    parts: list[tuple[int, Job]] = []
    for number, (entrants, seed, indices, scenario, watch) in enumerate(jobs):
        for k in range(workers.count):
            if indices[k::workers.count]:
                parts.append((number, (entrants, seed, indices[k::workers.count], scenario,
                                       watch)))
    found: list[list[Outcome]] = [[] for _ in jobs]
    for (number, _), chunk in zip(parts, workers.pool.map(_chunk, [p for _, p in parts]),
                                  strict=True):
        found[number] += chunk
    return [sorted(outcomes, key=lambda o: o.index) for outcomes in found]


def worker_count(requested: int | None, battles_wanted: int) -> int:
    cores = os.cpu_count() or 1
    return max(1, min(requested or cores, battles_wanted))


def make_pool(count: int) -> Workers:
    return Workers(ProcessPoolExecutor(max_workers=count) if count > 1 else None, count)


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
        raise UsageError(f"--scenario {args.scenario}: choose one of {', '.join(scenarios)}")
    entrants = [Entrant(str(p), load_vehicle(p), side)
                for p, side in map(parse_entrant, args.vehicles)]
    scenario = scenarios[args.scenario]
    if not scenario.players_min <= len(entrants) <= scenario.players_max:
        raise UsageError(f"{scenario.title} takes {scenario.players_min} to "
                         f"{scenario.players_max} vehicles; {len(entrants)} given")
    workers = make_pool(worker_count(args.workers, args.battles))
    try:
        outcomes = battles(entrants, args.seed, range(args.battles), args.scenario, workers)
    finally:
        workers.close()
    first = one_battle(entrants, args.seed, 0, args.scenario, keep_events=True)[1]
    if args.log:
        write_log(args.log, first)
    if args.replay:
        write_replay_pdf(args, entrants, first, scenario.title)
    table = standings(entrants, outcomes)
    context = summary_context(entrants, outcomes, table, first, args)
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
    """Battle 1's events, one JSON object a line, written atomically."""
    from generator.paper.output import write_atomically

    text = "".join(json.dumps(event, sort_keys=True) + "\n" for event in result.events)
    write_atomically(path, lambda temp: Path(temp).write_text(text, encoding="utf-8"))


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
