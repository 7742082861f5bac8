"""The report shell: what every game's race summary says in the same words and numbers, from
the core's statistics (the races, the seed, races nobody won, the fair share, each entrant's
win rate with its 95% interval and mean place, and the head-to-head matrix). A game adds its
own figures to each entrant and its own lines; its template prints them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.race.stats import Interval, entrant_places, head_to_head, win_interval, with_winner
from generator.race.sweep import Sweep


def interval_json(interval: Interval) -> dict[str, float]:
    """An interval as numbers: the rate and its 95% bounds."""
    return {"rate": interval.rate, "low": interval.low, "high": interval.high}


def sweep_summary(sweep: Sweep, names: Sequence[str]) -> dict[str, Any]:
    """The shared part of a sweep's summary; ``names`` tell the entrants apart (in the
    field's order)."""
    races = len(sweep.results)
    places = entrant_places(sweep)
    return {
        "races": races, "seed": sweep.seed,
        "no_winner": races - with_winner(sweep),
        "fair_share": 1 / len(sweep.field.vehicles),
        "entrants": [{"name": name, "races": races,
                      "wins": interval_json(win_interval(sweep, entrant)),
                      "mean_place": sum(row[entrant] for row in places) / races}
                     for entrant, name in enumerate(names)],
        "head_to_head": [list(row) for row in head_to_head(sweep)],
    }
