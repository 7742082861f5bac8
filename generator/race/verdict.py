"""``paddock balance --race TRACK``: race a build against a reference field and measure its
win rate, for the FR-BAL-RACE-* verdicts.

The field: by default the build and five copies of the basic chariot (the game's baseline).
Why not the shipped vehicles: they are not balanced against one another under the bots (on
Bogwater Bowl the Glimmering Orrery wins over half its races against five of them), so the
fair share 1 / field size is not what a balanced build scores there; against copies of the
baseline it is, by symmetry, and the question "does it beat the baseline more than its
share" is the one ``paddock balance`` already asks axis by axis. ``--field DIR`` races it
against up to five vehicles from DIR instead (alphabetical by file name, the build's own
file left out).

How many races: enough that the 95% interval is at most ``HALF_WIDTH`` either side. The
sweep runs ``z^2 p (1 - p) / h^2`` races for ``p`` the fair share, rounded up to whole grid
cycles (twice the field size, so every entrant starts from every slot alike); if the win
rate it finds is further from 0 or 1 than that (a wider interval), it runs on to the count
that rate needs. Every race's seed comes from its number, so the extension re-runs nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.errors import UsageError
from generator.race.api import RaceOptions, load_race_inputs
from generator.race.stats import Interval, races_for_half_width, wilson
from generator.race.sweep import Field, run_sweep

HALF_WIDTH = 0.03  # the 95% interval's half-width a verdict aims for
FIELD_SIZE = 6  # the build and up to five others
BOT = "careful"


@dataclass(frozen=True)
class RaceVerdict:
    """A build's win rate in a field, ready for the verdict rules."""

    name: str
    track: str
    field: tuple[str, ...]  # the other entrants' names
    races: int
    wins: Interval
    fair_share: float


def races_needed(entrants: int, rate: float, half_width: float = HALF_WIDTH) -> int:
    """Races for an interval of ``half_width`` at ``rate``, in whole grid cycles."""
    cycle = 2 * entrants
    return math.ceil(races_for_half_width(half_width, rate) / cycle) * cycle


def field_files(subject: Path, field_dir: Path | None, baseline: Path) -> list[Path]:
    """The other entrants' files: five baselines, or up to five vehicles from the folder."""
    if field_dir is None:
        return [baseline] * (FIELD_SIZE - 1)
    if not field_dir.is_dir():
        raise UsageError(f"--field {field_dir}: give a folder of Frothy Races vehicle files")
    others = [p for p in sorted(field_dir.glob("*.yaml"))
              if p.resolve() != subject.resolve()]
    if not others:
        raise UsageError(f"--field {field_dir}: no vehicle files (*.yaml) there besides the "
                         "one being judged")
    return others[:FIELD_SIZE - 1]


def race_verdict(subject: Path, track_path: Path, *, baseline: Path,
                 field_dir: Path | None = None, races: int | None = None, seed: int = 1,
                 workers: int | None = None) -> RaceVerdict:
    """Race ``subject`` in its field on the track; ``races`` fixes the count (else the
    rule above chooses it)."""
    others = field_files(subject, field_dir, baseline)
    track, vehicles = load_race_inputs(track_path, [subject, *others])
    field = Field(track, tuple(vehicles), BOT, RaceOptions())
    fair = 1 / len(vehicles)
    count = races or races_needed(len(vehicles), fair)
    wins = _subject_wins(field, count, seed, workers)
    if races is None:
        needed = races_needed(len(vehicles), wins.rate)
        if wins.half_width > HALF_WIDTH and needed > count:
            count = needed
            wins = _subject_wins(field, count, seed, workers)
    return RaceVerdict(vehicles[0].name, str(getattr(track, "name", track_path)),
                       tuple(v.name for v in vehicles[1:]), count, wins, fair)


def _subject_wins(field: Field, races: int, seed: int, workers: int | None) -> Interval:
    from generator.race.command import ProgressBar

    bar = ProgressBar(races)
    try:
        sweep = run_sweep(field, races, seed, workers=workers, progress=bar)
    finally:
        bar.close()
    won = sum(result.vehicles[job.grid.index(0)].won
              for job, result in zip(sweep.jobs, sweep.results, strict=True))
    return wilson(won, races)


def verdicts_for(definitions: Sequence[Any], track: Path, *, baseline: Path,
                 field_dir: Path | None, races: int | None, seed: int,
                 workers: int | None) -> dict[str, RaceVerdict]:
    """A race verdict for every Frothy Races vehicle among ``definitions``, by path."""
    return {d.path: race_verdict(Path(d.path), track, baseline=baseline, field_dir=field_dir,
                                 races=races, seed=seed, workers=workers)
            for d in definitions
            if d.game.id == "frothy-races" and d.kind.name == "vehicle"}
