"""The race engine's public face: ``run_race`` and input loading, with the options and
results it takes and gives (from :mod:`generator.games.frothy_races.race.results`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from generator.errors import InputError, UsageError
from generator.games.frothy_races.race.engine import Race
from generator.games.frothy_races.race.results import (
    BOTS,
    RACE_TYPES,
    RaceOptions,
    RaceResult,
    RoundSnapshot,
    VehiclePosition,
    VehicleResult,
    event_lines,
)

__all__ = [
    "RACE_TYPES",
    "BOTS",
    "RaceOptions",
    "VehiclePosition",
    "RoundSnapshot",
    "VehicleResult",
    "RaceResult",
    "event_lines",
    "load_race_inputs",
    "run_race",
    "where_given",
]

DEFAULT_OPTIONS = RaceOptions()


def run_race(track: Any, vehicles: Sequence[Any], *, bots: str | Sequence[str], seed: int,
             options: RaceOptions = DEFAULT_OPTIONS) -> RaceResult:
    """Race ``vehicles`` (Frothy Races licences, in grid order) round ``track``.

    ``bots`` names one policy for every vehicle or one per vehicle (careful, aggressive,
    random). The same seed gives the same result bit for bit.
    """
    names = [bots] * len(vehicles) if isinstance(bots, str) else list(bots)
    if len(names) != len(vehicles):
        raise UsageError(f"{len(names)} bots for {len(vehicles)} vehicles: give one bot, "
                         "or one per vehicle")
    if not vehicles:
        raise UsageError("a race needs at least one vehicle")
    for name in names:
        if name not in BOTS:
            raise UsageError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}")
    return Race(track, list(vehicles), names, seed, options).run()


def load_race_inputs(track_path: str | Path, vehicle_paths: Sequence[str | Path]
                     ) -> tuple[Any, list[Any]]:
    """Load and check a Frothy Races track and vehicles for :func:`run_race`.

    Raises InputError (at the file position) for a file that is not a Frothy Races track or
    vehicle or that has rule errors; the same vehicle file may be named more than once.
    """
    track = _load_one(Path(track_path), "track")
    return track, [_load_one(Path(p), "vehicle") for p in vehicle_paths]


def _load_one(path: Path, kind: str) -> Any:
    from generator.project.loading import load  # loading pulls in every game; keep imports lazy

    if path.is_dir():
        raise InputError(f"expected a {kind} file, found a folder", file=str(path))
    loaded = load([path])
    errors = [f for f in loaded.findings if f.severity.value == "error"]
    if errors:
        first = errors[0]
        more = f" (and {len(errors) - 1} more errors)" if len(errors) > 1 else ""
        raise InputError(f"{first.message} [{first.rule}]{more}", file=first.mark.file,
                         line=first.mark.line, column=first.mark.column,
                         hint=f"run 'paddock check {path}' to see every finding")
    if not loaded.definitions:
        raise InputError(f"no Frothy Races {kind} here", file=str(path))
    definition = loaded.definitions[0]
    if definition.game.id != "frothy-races" or definition.kind.name != kind:
        raise InputError(
            f"this is a {definition.game.title} {definition.kind.name}, not a Frothy Races "
            f"{kind}", file=definition.root.file, line=definition.root.line,
            column=definition.root.column,
            hint="races run Frothy Races vehicles ('game: frothy-races') on Frothy Races tracks")
    return definition.model


def where_given(path: str | Path, key: str) -> dict[str, Any]:
    """file, line and column of ``key`` in the definition file at ``path`` (for an
    InputError about a value the file gives; the file itself if it does not give it)."""
    from generator.project.loading import load

    loaded = load([Path(path)])
    if not loaded.definitions:
        return {"file": str(path)}
    mark = loaded.definitions[0].locate((key,))
    return {"file": mark.file, "line": mark.line, "column": mark.column}
