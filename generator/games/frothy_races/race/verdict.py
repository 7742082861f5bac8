"""``paddock balance --race TRACK``: race a build against a field and measure its win rate,
for the FR-BAL-RACE-* verdicts.

The field follows each track: as many vehicles as its ``players`` allow (the largest count,
at most six) racing its ``laps``; the build and copies of the basic chariot (the game's
baseline), or the vehicles of ``--field DIR``. Against copies of the baseline a balanced
build wins its fair share, 1 / field size, by symmetry. Every entrant is driven by the
planning driver with its own value table (``driver``), so the race measures
the vehicle driven as well as the planner can; the verdict is raced under every documented
style (``styles``), and where the styles' flags differ it says "depends on
driving style" with each figure instead of flagging.

How many races: sequential stopping (FR-BAL-RACE-STYLE in balance_rules.yaml states the
rule). Races run in batches of whole grid cycles (a cycle is twice the field size, so
every entrant starts from every slot alike); after each batch the win rate's Wilson interval, at a
confidence corrected for the number of looks (Bonferroni), is set against the band round
the fair share; racing stops once it lies wholly outside the band (a flag) or wholly inside
(no flag), or at the last look. Each race's seed comes from its number, so a batch never
re-runs a race. ``--race all`` (or several tracks) races every track so, with a row and an
interval per track and one combined over them all.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.errors import UsageError
from generator.games.frothy_races.race.api import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.game import FrothyRace
from generator.games.frothy_races.race.styles import STYLES
from generator.games.frothy_races.race.vehicles import race_vehicle
from generator.race.judging import judge_all
from generator.race.stats import Interval, wilson
from generator.race.sweep import Field
from generator.race.verdict import StoppingRule, Tally

MOST_FIELD = 6  # the most vehicles a verdict races (the track may allow fewer)


def stopping_rule() -> StoppingRule:
    """The rule as balance_rules.yaml states it."""
    from generator.games.frothy_races.balance import RULES
    params = RULES["FR-BAL-RACE-STYLE"].params
    return StoppingRule(float(params["band"]), float(params["alpha"]), int(params["looks"]),
                        int(params["cycles"]))


@dataclass(frozen=True)
class TrackResult:
    """The build's wins on one track under one style."""

    track: str
    races: int
    won: int
    wins: Interval
    fair_share: float
    field_size: int
    laps: int
    players: str  # as the track declares them, e.g. '2-4'


@dataclass(frozen=True)
class StyleResult:
    """The build's verdict under one driving style: per track and combined."""

    style: str
    rows: tuple[TrackResult, ...]
    wins: Interval
    fair_share: float
    races: int
    flag: str


@dataclass(frozen=True)
class RaceVerdict:
    """A build's win rate in its fields, ready for the verdict rules. ``wins``, ``races``
    and ``fair_share`` are the first style's combined figures; ``depends_on_style`` says
    the styles' flags differ (then the verdict reports that instead of a flag)."""

    name: str
    track: str
    field: tuple[str, ...]  # the other entrants' names (on the first track)
    races: int
    wins: Interval
    fair_share: float
    styles: tuple[StyleResult, ...] = ()
    depends_on_style: bool = False
    notes: tuple[str, ...] = ()
    fields: tuple[tuple[str, ...], ...] = ()  # the other entrants' names on each track
    not_raced: tuple[str, ...] = ()  # the build's traits and cards the engine leaves out


def field_files(subject: Path, field_dir: Path | None, baseline: Path, others: int,
                stands_for: Path | None = None) -> list[Path]:
    """The other entrants' files: copies of the baseline, or vehicles from the folder
    (never the subject, nor the file it ``stands_for``: an edited copy of it)."""
    if field_dir is None:
        return [baseline] * others
    if not field_dir.is_dir():
        raise UsageError(f"--field {field_dir}: give a folder of Frothy Races vehicle files")
    skipped = {subject.resolve()} | ({stands_for.resolve()} if stands_for else set())
    found = [p for p in sorted(field_dir.glob("*.yaml")) if p.resolve() not in skipped]
    if not found:
        raise UsageError(f"--field {field_dir}: no vehicle files (*.yaml) there besides the "
                         "one being judged")
    return found[:others]


def field_size(track: Any) -> int:
    """The largest field the track allows, at most MOST_FIELD (2 if it says nothing)."""
    players = getattr(track, "players", None)
    high = getattr(players, "high", None) or 2
    return max(2, min(MOST_FIELD, int(high)))


def track_note(track: Any, size: int, laps: int) -> str:
    players = getattr(track, "players", None)
    allowed = f"{players.low}-{players.high}" if players is not None else "?"
    return (f"{getattr(track, 'name', '?')}: {size} vehicles (the track allows {allowed} "
            f"players; at most {MOST_FIELD}), {laps} {'lap' if laps == 1 else 'laps'} as "
            f"the track says")


def race_verdict(subject: Path, tracks: Sequence[Path], *, baseline: Path,
                 field_dir: Path | None = None, races: int | None = None, seed: int = 1,
                 workers: int | None = None, styles: Sequence[str] | None = None,
                 stands_for: Path | None = None) -> RaceVerdict:
    """Race ``subject`` in each track's field under each style; ``races`` fixes the count
    per track and style (else the sequential rule chooses it). ``stands_for``: the file
    ``subject`` is an edited copy of, kept out of a ``field_dir`` field."""
    rule = stopping_rule()
    chosen = list(styles or STYLES)
    fields: list[tuple[Any, tuple[Any, ...], RaceOptions]] = []
    notes: list[str] = []
    for track_path in tracks:
        probe, _ = load_race_inputs(track_path, [])
        size = field_size(probe)
        track, vehicles = load_race_inputs(
            track_path, [subject, *field_files(subject, field_dir, baseline, size - 1,
                                               stands_for)])
        options = RaceOptions(laps=0).for_track(track)
        fields.append((track, tuple(vehicles), options))
        notes.append(track_note(track, len(vehicles), options.laps))
    judged = [Field(track, vehicles, FrothyRace(style), options)
              for style in chosen for track, vehicles, options in fields]
    tallies = iter(judge_all(judged, rule, races, seed, workers))
    results = tuple(style_result(style, [(field, next(tallies)) for field in
                                         judged[k * len(fields):(k + 1) * len(fields)]], rule)
                    for k, style in enumerate(chosen))
    first, entrants = results[0], fields[0][1]
    return RaceVerdict(
        entrants[0].name, ", ".join(row.track for row in first.rows),
        tuple(v.name for v in entrants[1:]), first.races, first.wins, first.fair_share,
        results, len({r.flag for r in results}) > 1, tuple(notes),
        tuple(tuple(v.name for v in vehicles[1:]) for _, vehicles, _ in fields),
        race_vehicle(entrants[0]).not_simulated)


def style_result(style: str, judged: Sequence[tuple[Field, Tally]], rule: StoppingRule
                 ) -> StyleResult:
    """One style's rows (a track each) and the combined figure: every track weighs the
    same (``track_mean``), however many races its verdict took to stop."""
    rows = tuple(track_result(field, tally, rule) for field, tally in judged)
    fair = math.fsum(r.fair_share for r in rows) / len(rows)
    wins = track_mean([(tally.won, tally.races) for _, tally in judged], rule.z)
    return StyleResult(style, rows, wins, fair, sum(r.races for r in rows),
                       rule.flag(wins, fair))


def track_mean(rows: Sequence[tuple[float, int]], z: float) -> Interval:
    """The mean of the tracks' win rates (``rows``: wins and races on each), each track
    weighing the same, with its interval at ``z``: the Wilson interval of the mean rate
    over the races one track would need for the mean's variance (its effective races).
    The variance is the sum of the tracks' Agresti-Coull variances, each p(1 - p) / (n +
    z^2) with p = (wins + z^2 / 2) / (n + z^2), over the number of tracks squared; the
    effective races are p(1 - p) / variance - z^2 at their mean p (Kish's effective sample
    size). One track's figure is its own Wilson interval. Measured by simulation
    (tests/games/frothy_races/race/test_race_verdict.py), this keeps close to its stated
    coverage where a normal interval round the mean falls short: rates near 0, and tracks
    of very different race counts."""
    if len(rows) == 1:
        return wilson(rows[0][0], rows[0][1], z)
    count, z2 = len(rows), z * z
    rate = math.fsum(won / races for won, races in rows) / count
    adjusted = [((won + z2 / 2) / (races + z2), races + z2) for won, races in rows]
    mean = math.fsum(p for p, _ in adjusted) / count
    variance = math.fsum(p * (1 - p) / n for p, n in adjusted) / (count * count)
    effective = max(1.0, mean * (1 - mean) / variance - z2)
    return wilson(rate * effective, effective, z)


def track_result(field: Field, tally: Tally, rule: StoppingRule) -> TrackResult:
    """One field's row, from what the rule decided on it."""
    size = len(field.vehicles)
    players = getattr(field.track, "players", None)
    return TrackResult(str(getattr(field.track, "name", "?")), tally.races, round(tally.won),
                       wilson(tally.won, tally.races, rule.z), tally.fair_share(size), size,
                       field.options.laps,
                       f"{players.low}-{players.high}" if players is not None else "?")


def verdicts_for(definitions: Sequence[Any], tracks: Sequence[Path], *, baseline: Path,
                 field_dir: Path | None, races: int | None, seed: int,
                 workers: int | None) -> dict[str, RaceVerdict]:
    """A race verdict for every Frothy Races vehicle among ``definitions``, by path."""
    return {d.path: race_verdict(Path(d.path), tracks, baseline=baseline, field_dir=field_dir,
                                 races=races, seed=seed, workers=workers)
            for d in definitions
            if d.game.id == "frothy-races" and d.kind.name == "vehicle"}
