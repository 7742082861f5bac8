"""What a Frothy Races sweep says about each entrant: win rate with a 95% interval, places,
finishes, wipe-outs, rounds, damage, what the mechanics cost, and who beats whom (the
intervals and the head-to-head matrix from the race core's ``generator.race.stats``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from generator.games.frothy_races.race.results import entrant_labels
from generator.race.stats import Interval, head_to_head, wilson
from generator.race.sweep import Sweep


@dataclass(frozen=True)
class EntrantStats:
    """One entrant over every race of a sweep; means are per race."""

    name: str
    races: int
    wins: Interval
    mean_place: float
    finish_rate: float
    wipe_out_rate: float
    out_of_rounds_rate: float  # still racing when the round limit stopped the race
    wipe_causes: tuple[tuple[str, float], ...]  # cause -> share of races, largest first
    mean_rounds: float | None  # rounds to finish, over the races it finished; None if none
    damage_dealt: float
    damage_taken: float
    costs: tuple[tuple[str, float], ...]  # what happened -> mean count per race, largest first
    rounds_lost: tuple[tuple[str, float], ...]  # mechanic -> mean rounds lost, largest first


@dataclass(frozen=True)
class SweepStats:
    """Every entrant's figures and the head-to-head matrix: ``ahead[i][j]`` is the share of
    races in which entrant ``i`` finished ahead of entrant ``j``."""

    races: int
    entrants: tuple[EntrantStats, ...]
    ahead: tuple[tuple[float | None, ...], ...]
    not_simulated: tuple[str, ...]
    mean_race_rounds: float
    no_winner: int = 0  # races nobody won (a Fastest race nobody finished)


def entrant_names(names: Sequence[str]) -> list[str]:
    """Names that tell entrants apart (see results.entrant_labels)."""
    return entrant_labels(names)


def sweep_stats(sweep: Sweep) -> SweepStats:
    """Figures per entrant (in the order they were given), from every race of ``sweep``."""
    count = len(sweep.field.vehicles)
    per_entrant: list[list] = [[] for _ in range(count)]
    for job, result in zip(sweep.jobs, sweep.results, strict=True):
        for slot, entrant in enumerate(job.grid):
            per_entrant[entrant].append(result.vehicles[slot])
    names = entrant_names([rs[0].name for rs in per_entrant])
    entrants = tuple(_entrant(name, rs) for name, rs in zip(names, per_entrant, strict=True))
    ahead = head_to_head(sweep)
    missing = sorted({item for r in sweep.results for item in r.not_simulated})
    mean_rounds = sum(r.rounds for r in sweep.results) / len(sweep.results)
    no_winner = sum(not any(v.won for v in r.vehicles) for r in sweep.results)
    return SweepStats(len(sweep.results), entrants, ahead, tuple(missing), mean_rounds,
                      no_winner)


def _entrant(name: str, results: Sequence) -> EntrantStats:
    n = len(results)
    finished = [r for r in results if r.finished]
    costs: Counter[str] = Counter()
    causes = Counter(r.wipe_cause or "other" for r in results if r.wiped_out)
    lost: dict[str, float] = {}
    for r in results:
        costs.update(r.costs)
        for mechanic, rounds in r.rounds_lost.items():
            lost[mechanic] = lost.get(mechanic, 0.0) + rounds
    ranked = sorted(((k, v / n) for k, v in costs.items()), key=lambda kv: (-kv[1], kv[0]))
    ranked_lost = sorted(((k, v / n) for k, v in lost.items()), key=lambda kv: (-kv[1], kv[0]))
    return EntrantStats(
        name=name, races=n,
        wins=wilson(sum(r.won for r in results), n),
        mean_place=sum(r.place for r in results) / n,
        finish_rate=len(finished) / n,
        wipe_out_rate=sum(r.wiped_out for r in results) / n,
        out_of_rounds_rate=sum(r.ended == "out of rounds" for r in results) / n,
        wipe_causes=tuple(sorted(((k, v / n) for k, v in causes.items()),
                                 key=lambda kv: (-kv[1], kv[0]))),
        mean_rounds=sum(r.rounds for r in finished) / len(finished) if finished else None,
        damage_dealt=sum(r.damage_dealt for r in results) / n,
        damage_taken=sum(r.damage_taken for r in results) / n,
        costs=tuple(ranked), rounds_lost=tuple(ranked_lost))
