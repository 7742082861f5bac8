"""The result: progress, rounds lost, places, the winner and how each race ended (Race Types &
Play Styles).

Part of the Frothy race engine (``engine`` in this package): each function takes the race
first and is a method of ``Race`` there.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from generator.errors import UsageError
from generator.games.frothy_races.race.course import (
    UNREACHABLE,
)
from generator.games.frothy_races.race.results import (
    RaceResult,
    VehicleResult,
)
from generator.tracks.analysis import course_of
from generator.tracks.model import Track

if TYPE_CHECKING:
    from generator.games.frothy_races.race.course import RaceTrack
    from generator.games.frothy_races.race.engine import Car, Race
    from generator.games.frothy_races.race.results import RaceOptions


def laps_of(options: RaceOptions, unlimited: int) -> int:
    """The laps a race is run over: a Fastest race's own; for the others, which no lap
    count ends, ``unlimited`` laps for every 150 rounds it may last (more than any vehicle
    can drive)."""
    if options.race_type == "fastest":
        return options.laps
    return unlimited * -(-max(options.rounds, options.max_rounds) // 150)


@lru_cache(maxsize=64)
def _loops(track: Track) -> bool:
    """Whether the course comes round again (asked once per track, not once per race)."""
    return course_of(track).loops()


def raceable(rt: RaceTrack, track: Any, options: RaceOptions, count: int) -> None:
    """Refuse, before any race, a race the rulebook's race type cannot be run as: on a
    track with no line (the engine measures every type's distance from line to line); a
    Fastest race of laps round a course that does not loop (a lap ends by crossing the
    finish line again); a Toughest race of one vehicle ('until all but one of them have
    been destroyed' is so before it starts)."""
    if options.race_type == "toughest" and count < 2:
        raise UsageError("a Toughest race is run until all but one of its vehicles are "
                         "destroyed, so it needs two or more: give another vehicle, or race "
                         "one alone as fastest or furthest")
    if not rt.lines:
        raise UsageError(f"{rt.name} has no finish line or checkpoint, and the race engine "
                         "measures the way round a track (every race type's distance) from "
                         "line to line: mark a start / finish line with '=' across the track")
    if options.race_type == "fastest" and options.laps > 1 \
            and isinstance(track, Track) and not _loops(track):
        raise UsageError(f"{rt.name} does not loop back to its finish line, so it cannot be "
                         f"raced for {options.laps} laps: race it for 1 lap (--laps 1)")


def progress(race: Race, car: Car) -> float:
    if car.finished_round:
        return 1.0
    start = race.start_remaining[car.index]
    covered = start - race.car_remaining(car)
    if race.options.race_type == "fastest":
        return max(0.0, min(1.0, covered / start)) if start else 0.0
    best = max(race.start_remaining[c.index] - race.car_remaining(c) for c in race.cars)
    return max(0.0, min(1.0, covered / best)) if best > 0 else 0.0


def rounds_lost(race: Race, car: Car) -> dict[str, float]:
    """Each mechanic's spaces lost as rounds, at the pace the vehicle drove this race
    (spaces covered a round): one unit, so mechanics can be ranked against each other.
    Empty for a vehicle that covered no ground (no pace to convert at)."""
    start = race.start_remaining[car.index]
    covered = start - race.car_remaining(car)
    rounds = car.finished_round or car.rounds
    if covered <= 0 or rounds <= 0 or start >= UNREACHABLE:
        return {}
    pace = covered / rounds
    return {mechanic: round(spaces / pace, 3)
            for mechanic, spaces in sorted(car.spaces_lost.items())}


def ranking(race: Race) -> list[Car]:
    kind = race.options.race_type

    def key(car: Car) -> tuple[float, ...]:
        gone = -race.progress(car)
        if kind == "toughest":  # the last destroyed places first after the survivors
            return (1 if car.wiped_out else 0, -car.wipe_order, gone, car.index)
        if car.finished_round:
            return (0, car.finished_round, car.finish_order, car.index)
        return (2 if car.wiped_out else 1, 0, gone, car.index)
    return sorted(race.cars, key=key)


def has_winner(race: Race, car: Car) -> bool:
    """Whether the vehicle placed first has won: a Fastest race is won by crossing the
    finish (no finisher, no winner); a Toughest one once 'all but one' are wiped out, by
    that one (all wiped out, or two or more still going at the round limit: none); a
    Furthest one by 'the vehicle that has travelled the furthest', still going: a wreck
    is out of the race, and two level at the front are a draw with no winner."""
    kind = race.options.race_type
    if kind == "fastest":
        return bool(car.finished_round)
    going = [c for c in race.cars if not c.wiped_out]
    if kind == "toughest":
        return going == [car]
    if car.wiped_out:
        return False
    best = race.progress(car)
    return best > 0 and not any(c is not car and race.progress(c) == best for c in going)


def ending(race: Race, car: Car) -> str:
    """How the vehicle's race ended (results.ENDINGS): a Furthest race ends after its
    rounds with those still going 'finished'; a Toughest one only once all but one are
    destroyed, so two or more still going when the round limit stops it are out of rounds
    as in a Fastest race nobody has won."""
    if car.wiped_out:
        return "wiped out"
    kind = race.options.race_type
    if car.finished_round or kind == "furthest":
        return "finished"
    if kind == "toughest" and not any(c is not car and not c.wiped_out for c in race.cars):
        return "finished"
    return "out of rounds"


def result(race: Race) -> RaceResult:
    ranking = race.ranking()
    places = {car.index: place for place, car in enumerate(ranking, start=1)}
    winner = ranking[0].index if ranking and race.has_winner(ranking[0]) else -1
    vehicles = []
    for car in race.cars:
        finished = race.ending(car) == "finished"  # over the line, or going at the end
        vehicles.append(VehicleResult(
            name=car.spec.name, slot=car.index, bot=car.bot.name, place=places[car.index],
            finished=finished, wiped_out=car.wiped_out, label=car.label,
            won=car.index == winner, ended=race.ending(car), wipe_cause=car.wipe_cause,
            rounds=car.finished_round or car.rounds, progress=round(race.progress(car), 6),
            damage_dealt=car.damage_dealt, damage_taken=car.damage,
            costs=dict(sorted(car.costs.items())),
            spaces_lost=dict(sorted(car.spaces_lost.items())),
            rounds_lost=race.rounds_lost(car)))
    return RaceResult(
        seed=race.seed, track=race.rt.name, options=race.options, vehicles=tuple(vehicles),
        rounds=race.round, not_simulated=race.not_simulated, events=tuple(race.events),
        snapshots=tuple(race.snapshots))


# Speed Check odds by everything they depend on (Race.speed_odds); the vehicle's own hash
# is kept, where the Speed table's and the marker's would be worked out at every call.
