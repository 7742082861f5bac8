"""What ``paddock race`` prints: a readable summary for people (``templates/race/``), JSON for
tools. Both read one context built here from the sweep's statistics, so they never disagree.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.games.frothy_races.race.figures import EntrantStats, SweepStats
from generator.games.frothy_races.race.game import bot_of
from generator.games.frothy_races.race.results import RaceOptions
from generator.race.report import interval_json
from generator.race.sweep import Sweep
from generator.text.templates import TextTemplates

SUMMARY_TEMPLATE = "race/summary.txt.j2"
COSTS_SHOWN = 3  # the mechanics that cost an entrant most, in the summary


def entrant_context(entrant: EntrantStats) -> dict[str, Any]:
    """One entrant, numbers as numbers (JSON) and as shown (text)."""
    return {
        "name": entrant.name, "races": entrant.races,
        "wins": interval_json(entrant.wins),
        "mean_place": entrant.mean_place, "finish_rate": entrant.finish_rate,
        "wipe_out_rate": entrant.wipe_out_rate, "out_of_rounds_rate": entrant.out_of_rounds_rate,
        "wipe_causes": [{"cause": k, "per_race": v} for k, v in entrant.wipe_causes],
        "mean_rounds": entrant.mean_rounds,
        "damage_dealt": entrant.damage_dealt, "damage_taken": entrant.damage_taken,
        "costs": [{"mechanic": k, "per_race": v} for k, v in entrant.costs],
        "rounds_lost": [{"mechanic": k, "per_race": v} for k, v in entrant.rounds_lost],
    }


def solo_context(sweep: Sweep) -> list[dict[str, Any]]:
    """Each distinct vehicle alone on the track, from its value table (Fastest races)."""
    from generator.games.frothy_races.race.driver import solo_optimum_of
    field, seen, out = sweep.field, set(), []
    for vehicle in field.vehicles:
        if vehicle.name in seen:
            continue
        seen.add(vehicle.name)
        solo = solo_optimum_of(field.track, vehicle, field.options, bot_of(field))
        if solo is not None:
            out.append({"name": vehicle.name, "rounds": solo.rounds,
                        "wipe_out": solo.wipe_out})
    return out


def sweep_context(sweep: Sweep, stats: SweepStats) -> dict[str, Any]:
    """Everything a report shows: the setup, every entrant, the head-to-head matrix."""
    options = sweep.field.options
    return {
        "solo": solo_context(sweep),
        "track": getattr(sweep.field.track, "name", ""),
        "races": stats.races, "seed": sweep.seed, "bot": bot_of(sweep.field),
        "race_type": options.race_type, "laps": options.laps, "rounds": options.rounds,
        "stamina": options.stamina, "max_rounds": options.max_rounds,
        # a round limit asked for (--rounds of a fastest or toughest race), else None
        "round_limit": options.max_rounds if options.race_type != "furthest"
        and options.max_rounds != RaceOptions.max_rounds else None,
        "mean_race_rounds": stats.mean_race_rounds, "no_winner": stats.no_winner,
        "fair_share": 1 / len(stats.entrants),
        "entrants": [entrant_context(e) for e in stats.entrants],
        "head_to_head": [list(row) for row in stats.ahead],
        "not_simulated": list(stats.not_simulated),
        "costs_shown": COSTS_SHOWN,
    }


def races_json(sweep: Sweep, names: list[str]) -> list[dict[str, Any]]:
    """Each race: its seed, the grid, and every entrant's place (for a tool to re-run one)."""
    out = []
    for job, result in zip(sweep.jobs, sweep.results, strict=True):
        winner = next((names[job.grid[v.slot]] for v in result.vehicles if v.won), None)
        out.append({"race": job.index, "seed": job.seed, "rounds": result.rounds,
                    "grid": [names[i] for i in job.grid],
                    "places": [v.place for v in result.vehicles],
                    "ended": [v.ended for v in result.vehicles], "winner": winner})
    return out


def format_json(sweep: Sweep, stats: SweepStats, outputs: dict[str, str | None]) -> str:
    """The summary's numbers, every race, and the files written."""
    context = sweep_context(sweep, stats)
    context.pop("costs_shown")
    names = [e.name for e in stats.entrants]
    data = {**context, "per_race": races_json(sweep, names), "outputs": outputs}
    return json.dumps(data, indent=2, ensure_ascii=False)


def format_summary(sweep: Sweep, stats: SweepStats, templates: TextTemplates,
                   outputs: dict[str, str | None]) -> str:
    """The terminal summary."""
    context = {**sweep_context(sweep, stats),
               "outputs": {k: v for k, v in outputs.items() if v}}
    return templates.render(SUMMARY_TEMPLATE, context).rstrip("\n")


def written(paths: dict[str, Path | None]) -> dict[str, str | None]:
    return {k: str(v) if v else None for k, v in paths.items()}
