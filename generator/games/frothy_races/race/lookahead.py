"""The Speed Check's short lookahead over the round: the price, at each Speed, of running
into a vehicle or wreck in the way (``in_the_way``), which the value table, solved for a
vehicle alone, cannot see. The planning driver (``driver``) adds it to each Speed's value.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from generator.games.frothy_races.race.course import (
    UNREACHABLE,
    forget_oldest_half,
    move_sequences,
)
from generator.games.frothy_races.race.planner import damage_rounds
from generator.games.frothy_races.race.styles import DrivingStyle
from generator.games.frothy_races.race.vehicles import RaceVehicle
from generator.probability.frothy_dice import scoring_chance
from generator.tracks.hexgrid import FACINGS

if TYPE_CHECKING:
    from generator.games.frothy_races.race.engine import Car, Race

KEPT = 100_000  # prices kept per process (a few MB)


def in_the_way(race: Race, car: Car, style: DrivingStyle) -> tuple[float, ...]:
    """For each Speed this round, the price of running into a vehicle or wreck ahead
    (empty when there is none to pay): the short lookahead the Speed Check weighs. A
    vehicle ahead drives its own Speed's spaces each phase, and moves first when it is
    faster or as fast (Movement & Initiative: the one in front first); each phase, every
    walk of the spaces gained on it, from where this vehicle stands, is taken to meet it
    or a wall. Then the collision is priced as the driver prices one it cannot avoid:
    a round and its Damage dice (a Rear-End's difference of Speeds, at least 1; all of
    the Speed against a wreck)."""
    rt, spec = race.rt, car.spec
    state = car.hex * FACINGS + car.facing
    most = round_spaces(spec)
    hexes = rt.hexes
    q, r = hexes[car.hex][0], hexes[car.hex][1]
    out: tuple[float, ...] = ()
    mine = -1
    # Worked out only once some vehicle is near; when it was before, it tells at once
    # (a space it holds is at most ``most`` spaces away, and never its own).
    kept = _BOXES.get((id(rt), state, most))
    boxes = kept[1] if kept is not None and kept[0] is rt else None
    for there, i in race.occupant.items():
        if boxes is None:
            dq, dr = hexes[there][0] - q, hexes[there][1] - r
            if i == car.index or abs(dq) + abs(dr) + abs(dq + dr) > 2 * most:
                continue  # itself, or more spaces away than a round moves
            boxes = boxes_round(rt, state, most)
        if there not in boxes:
            continue  # no number of spaces leaves every walk meeting it: it costs nothing
        if mine < 0:
            mine = race.car_remaining(car)
        other = race.cars[i]
        theirs = race.remaining(other.stage, there * FACINGS + other.facing)
        if theirs >= UNREACHABLE:  # a wreck facing a wall: the best way on from there
            theirs = min(race.remaining(other.stage, there * FACINGS + f)
                         for f in range(FACINGS))
        if not 0 < mine - theirs <= most:
            continue  # behind, or further ahead than a round's spaces
        going = other.racing and not other.wiped_out
        found = run_in_prices(rt, spec, state, other.spec if going else None, there,
                              other.speed if going else 0, damage_rounds(spec, style))
        out = tuple(map(max, out, found)) if out else found
    return out if any(out) else ()


@lru_cache(maxsize=64)
def round_spaces(spec: RaceVehicle) -> int:
    """The most spaces a round moves the vehicle (at its fastest)."""
    return max(row[4] for row in cumulative_spaces(spec))


@lru_cache(maxsize=64)
def cumulative_spaces(spec: RaceVehicle) -> tuple[tuple[int, ...], ...]:
    """For each Speed, the spaces moved by the end of each phase (0 before phase 1)."""
    return tuple(tuple(sum(row[v] for row in spec.moves[:k]) for k in range(5))
                 for v in range(spec.top_speed + 1))


# run_in_prices() answers by the track's identity (kept with them, so an id is never
# another track's) and everything else they depend on.
_RUN_INS: dict[tuple[object, ...], tuple[Any, tuple[float, ...]]] = {}


def run_in_prices(rt: Any, spec: RaceVehicle, state: int, other: RaceVehicle | None,
                  there: int, speed: int, damage_price: float) -> tuple[float, ...]:
    """``in_the_way`` for one vehicle ``other`` (None: a wreck) on ``there`` at ``speed``."""
    key = (id(rt), spec, state, other, there, speed, damage_price)
    found = _RUN_INS.get(key)
    if found is None or found[0] is not rt:
        if len(_RUN_INS) >= KEPT:
            forget_oldest_half(_RUN_INS)
        found = _RUN_INS[key] = (rt, _run_in_prices(rt, spec, state, other, there, speed,
                                                    damage_price))
    return found[1]


def _run_in_prices(rt: Any, spec: RaceVehicle, state: int, other: RaceVehicle | None,
                   there: int, speed: int, damage_price: float) -> tuple[float, ...]:
    """run_in_prices() worked out."""
    mine, top = cumulative_spaces(spec), spec.top_speed
    theirs = (0,) * 5 if other is None else cumulative_spaces(other)[speed]
    price = scores(spec.resilience) * damage_price
    out = [0.0] * (top + 1)
    boxed = boxed_in(rt, state, round_spaces(spec), there)
    if not any(boxed):
        return tuple(out)
    for v in range(1, top + 1):
        first = other is not None and speed >= v  # it moves first in each phase
        for k in range(1, 5):
            gained = mine[v][k] - theirs[k if first else k - 1]
            if gained > 0 and boxed[gained]:
                dice = max(1, v - speed) if other is not None else v
                out[v] = 1.0 + dice * price
                break
    return tuple(out)


@lru_cache(maxsize=8)
def scores(resilience: int | None) -> float:
    """The chance a Damage die scores against ``resilience`` (as a float, worked out
    once: the exact odds are slow to ask for at every lookahead)."""
    return float(scoring_chance(resilience))


def boxed_in(rt: Any, state: int, most: int, there: int) -> tuple[bool, ...]:
    """For 0 .. ``most`` spaces: whether every walk of so many spaces from ``state`` meets
    a wall or ``there``, and some walk meets ``there`` (all False where no walk meets
    it, or some walk always gets past it). A walk of n spaces is the start of a walk of
    ``most`` (so the longest walks tell every shorter one)."""
    return boxes_round(rt, state, most).get(there, (False,) * (most + 1))


_BOXES: dict[tuple[int, int, int], tuple[Any, dict[int, tuple[bool, ...]]]] = {}


def boxes_round(rt: Any, state: int, most: int) -> dict[int, tuple[bool, ...]]:
    """``boxed_in`` for every space some walk of ``most`` spaces from ``state`` meets and
    that boxes it in at some number of spaces, worked out together (the walks are the
    same whatever stands where) and kept: a space not here never boxes it in."""
    key = (id(rt), state, most)
    found = _BOXES.get(key)
    if found is None or found[0] is not rt:
        if len(_BOXES) >= KEPT:
            forget_oldest_half(_BOXES)
        found = _BOXES[key] = (rt, _boxes_round(rt, state, most))
    return found[1]


def _boxes_round(rt: Any, state: int, most: int) -> dict[int, tuple[bool, ...]]:
    """boxes_round() worked out. A walk stopped by ``there`` after n spaces has gone n - 1
    without meeting it; one that never meets it goes as far as its first wall. One pass
    over the walks notes, for each space met, the fewest spaces to it, the most gone
    before meeting it and which walks meet it; the longest walk that does not is then
    the first such in order of length (a space is met by a few walks of dozens).
    Facing a side, a walk that Drifts at step k goes straight ahead until then
    (``move_sequences``), so the walks share the straight walk's spaces
    (``_walks_followed``)."""
    hex_, facing = divmod(state, FACINGS)
    neighbours = rt.neighbours
    lengths: list[int] = []  # each walk's spaces before a wall
    first: dict[int, int] = {}
    before: dict[int, int] = {}
    meets: dict[int, int] = {}  # space -> the walks that meet it, as bits
    followed = _walks_followed(neighbours, hex_, facing, most, meets, first, before)
    for w, (here, length, seq) in enumerate(followed):
        bit = 1 << w
        for d in seq:
            here = neighbours[here][d]
            if here < 0:
                break
            length += 1
            met = meets.get(here, 0)
            if met & bit:
                continue  # met before on this walk: its first meeting counts
            meets[here] = met | bit
            if length < first.get(here, most + 1):
                first[here] = length
            if length - 1 > before.get(here, 0):
                before[here] = length - 1
        lengths.append(length)
    longest = sorted(range(len(lengths)), key=lambda w: -lengths[w])
    out: dict[int, tuple[bool, ...]] = {}
    for there, walks in meets.items():
        past = before.get(there, 0)
        for w in longest:
            if not walks >> w & 1:
                past = max(past, lengths[w])
                break
        soonest = first[there]
        if max(soonest, past + 1) <= most:
            out[there] = tuple(soonest <= n and n > past for n in range(most + 1))
    return out


Followed = list[tuple[int, int, tuple[int, ...]]]


def _walks_followed(neighbours: Any, hex_: int, facing: int, most: int, meets: dict[int, int],
                    first: dict[int, int], before: dict[int, int]) -> Followed:
    """Each walk of ``_boxes_round`` as it is followed: from where, with how many spaces
    gone, the steps left. Facing a side, the straight walk's spaces are noted here (in
    ``meets``, ``first`` and ``before``) for every walk that shares them, and a Drift's
    walk is followed from where it turns."""
    sequences = move_sequences(facing, most)
    if facing % 2:  # facing a corner: two walks, each followed from the start
        return [(hex_, 0, seq) for seq in sequences]
    ahead, line, here = facing // 2, [hex_], hex_
    while len(line) <= most:
        here = neighbours[here][ahead]
        if here < 0:
            break
        line.append(here)
    everyone = (1 << len(sequences)) - 1
    for k in range(1, len(line)):
        # Met at step k by the straight walk and every walk that Drifts at k or later.
        meets[line[k]] = 1 | everyone & ~((1 << (1 + 2 * k)) - 1)
        first[line[k]], before[line[k]] = k, k - 1
    straight = len(line) - 1  # a walk Drifting later than that stops where it does
    return [(hex_, straight, ())] + [
        (line[at], at, seq[at:]) if at <= straight else (hex_, straight, ())
        for at, seq in ((w // 2, sequences[w + 1]) for w in range(len(sequences) - 1))]
