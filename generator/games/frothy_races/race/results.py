"""What a race is asked to do and what it returns: options, positions, snapshots, results.

Everything here is a frozen dataclass of plain values, so results pickle to and from worker
processes, compare bit for bit between runs with the same seed, and turn into JSON with
``dataclasses.asdict``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.errors import UsageError
from generator.race.events import event_lines as core_event_lines

RACE_TYPES = ("fastest", "furthest", "toughest")
# The rulebook's other ways to race (Race Types & Play Styles), which the engine does not
# play: asked for, or declared by the track, they are refused, never raced as another type.
# Each says what the engine would need for it.
NOT_PLAYED = {
    "pursuit": ("Pursuit", "it is won by whichever of 2 vehicles, started half a circuit "
                "apart, reaches the other first, and the engine has no catching up"),
    "fox and hounds": ("Fox and Hounds", "it is won by the first Hound to reach or wreck "
                       "the Fox, who starts ahead of the pack, and the engine has no Fox and "
                       "no catching up"),
    "scoring": ("Scoring", "points for the first vehicle into each fragile obstacle, for "
                "damage inflicted and for places decide it, and the engine keeps no points"),
    "tag team": ("Tag Team", "teams are ranked, and the engine races vehicles, not teams")}
# How a vehicle's race ended: it finished (or, in a Furthest or Toughest race, was still
# going at the end), it was wiped out, or the race stopped at its round limit first.
ENDINGS = ("finished", "wiped out", "out of rounds")
BOTS = ("careful", "aggressive", "racing-line", "racing-line-aggressive", "random")


@dataclass(frozen=True)
class RaceOptions:
    """How a race is run (Race Types & Play Styles; Stamina is an optional rule).
    ``race_type`` "" is the track's own (``for_track``)."""

    race_type: str = "fastest"
    laps: int = 2
    rounds: int = 12
    stamina: bool = False
    max_rounds: int = 150
    log_events: bool = False
    snapshots: bool = False

    def __post_init__(self) -> None:
        if self.race_type and self.race_type not in RACE_TYPES:
            raise UsageError(refusal(self.race_type))
        if self.laps < 0 or self.rounds < 1 or self.max_rounds < 1:
            raise UsageError("laps, rounds and max_rounds must be at least 1 (laps 0: the "
                             "track's own)")

    def for_track(self, track: object) -> RaceOptions:
        """These options with ``laps`` 0 read as the track's declared laps (2 if none), and
        ``race_type`` "" as the track's declared race type (refused if not played)."""
        from dataclasses import replace
        options = self
        if not options.race_type:
            declared = str(getattr(track, "race_type", "") or "Fastest")
            if declared.lower() not in RACE_TYPES:
                raise UsageError(refusal(declared, getattr(track, "name", "")))
            options = replace(options, race_type=declared.lower())
        if options.laps:
            return options
        return replace(options, laps=max(1, int(getattr(track, "laps", 0) or 2)))


def refusal(race_type: str, track: str = "") -> str:
    """Why a race type is not raced: one the rulebook has and the engine does not play, or
    one unknown."""
    key = race_type.strip().lower().replace("-", " ")
    played = ", ".join(RACE_TYPES)
    if key in NOT_PLAYED:
        name, why = NOT_PLAYED[key]
        if track:
            return (f"{track} is set for a {name} race, which the race engine does not play "
                    f"({why}); it plays {played}")
        return (f"a {name} race was asked for, which the race engine does not play ({why}); "
                f"it plays {played}: give --type with one of them instead")
    return f"unknown race type {race_type!r}: choose one of {played}"


@dataclass(frozen=True)
class VehiclePosition:
    """Where one vehicle is at a moment of the race; status is racing, finished or wrecked."""

    name: str
    q: int
    r: int
    facing: int
    speed: int
    status: str
    place: int = 0  # the standing at that moment (finishers by order, then by distance)
    stage: int = 0  # lines crossed so far (a lap is the track's lines, the finish last)


@dataclass(frozen=True)
class RoundSnapshot:
    """Every vehicle's position after a movement phase (phase 0: after the Speed Check)."""

    round: int
    phase: int
    positions: tuple[VehiclePosition, ...]


@dataclass(frozen=True)
class VehicleResult:
    """How one vehicle's race went.

    What the mechanics cost it, in one unit: ``rounds_lost`` by mechanic, "collisions" (the
    movement they forfeited) and "failed Control rolls" (the distance to go their Slides and
    Spins added, and movement forfeited when a roll on the way ended the move), as rounds
    at the pace the vehicle drove this race; ``spaces_lost`` is the same in spaces.
    ``costs`` counts how often things happened: "collisions", "failed control roll
    count", "slides", "spins", and "damage" (points taken). Keys with nothing to count
    are left out.
    """

    name: str
    slot: int
    bot: str
    place: int
    finished: bool
    wiped_out: bool
    rounds: int
    progress: float
    damage_dealt: int
    damage_taken: int
    label: str = ""  # the name that tells entrants apart in this race: 'Basic Chariot #2'
    won: bool = False  # place 1 and the race has a winner (a Fastest race nobody finished has none)
    ended: str = "finished"  # one of ENDINGS
    wipe_cause: str = ""  # what dealt the last Damage point of a Wipe-out
    costs: dict[str, int] = field(default_factory=dict)
    spaces_lost: dict[str, int] = field(default_factory=dict)
    rounds_lost: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class RaceResult:
    """One whole race: the seed and inputs it was run with, and every vehicle's result."""

    seed: int
    track: str
    options: RaceOptions
    vehicles: tuple[VehicleResult, ...]
    rounds: int
    not_simulated: tuple[str, ...]
    events: tuple[dict[str, Any], ...] = ()
    snapshots: tuple[RoundSnapshot, ...] = ()


def event_lines(result: RaceResult) -> list[str]:
    """The race's event log as JSON lines (one event a line: round, phase, vehicle, action,
    dice, result), in the race core's format (``generator.race.events``)."""
    return core_event_lines(result.events)


def entrant_labels(names: Sequence[str]) -> list[str]:
    """Names that tell entrants apart: a second 'Basic Chariot' becomes 'Basic Chariot #2'
    (numbered in the order given: grid slots in a race, entrants in a sweep)."""
    seen: Counter[str] = Counter()
    totals = Counter(names)
    out = []
    for name in names:
        seen[name] += 1
        out.append(f"{name} #{seen[name]}" if totals[name] > 1 else name)
    return out
