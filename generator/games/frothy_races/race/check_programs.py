"""The Speed Check choices the planning driver (``driver``) weighs, worked out once per
marker and hand: each choice its cards allow, with the exact odds of each roll as the
Speeds the dice let it end at (``check_program``). What is left to a check is the prices,
which depend on where the vehicle stands."""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING

from generator.games.frothy_races.race.course import forget_oldest_half
from generator.games.frothy_races.race.decisions import SpeedChoice
from generator.games.frothy_races.race.planner import check_choices, check_rolls
from generator.games.frothy_races.race.speeds import reverse_limit, shift_marker
from generator.games.frothy_races.race.vehicles import RaceVehicle
from generator.probability.frothy_speed_table import Marker, Row

if TYPE_CHECKING:
    from generator.games.frothy_races.race.engine import Car

CHECK_CARDS = 2  # the most cards it plays on a Speed Check (the table weighs as many)
CHECK_CACHE = 100_000  # Speed Check choices kept per process (a few MB)


@lru_cache(maxsize=4096)
def choices_for(spec: RaceVehicle, whips: int, reins: int, cards: int
                ) -> tuple[tuple[bool, int, int], ...]:
    """``check_choices``, kept: a hand recurs."""
    return tuple(check_choices(spec, whips, reins, cards))


@lru_cache(maxsize=65536)
def check_speeds(spec: RaceVehicle, marker: Marker, accelerate: bool, whip: int, reins: int,
                 modifier: int, limit: int, top: int, back: int
                 ) -> tuple[tuple[float, tuple[int, ...]], ...]:
    """``check_rolls`` as the Speeds each roll lets the player end at, from ``marker``
    (``back``: the most a negative value moves the other way, ``speeds.reverse_limit``)."""
    table = spec.table
    merged: dict[tuple[int, ...], float] = {}
    for p, boxes in check_rolls(spec, accelerate, whip, reins, modifier, limit, back):
        ends = tuple(sorted({table.speed_of(shift_marker(table, marker, b, accelerate, top))
                             for b in boxes}))
        merged[ends] = merged.get(ends, 0.0) + p
    return tuple((p, ends) for ends, p in merged.items())


# A Speed Check choice as weighed: the choice, the cards it plays, whether it is more likely
# than not to leave the vehicle moving, and its rolls: each roll's chance and the slot of
# its best start (the Speeds the roll lets it end at, with or without a Whip left in hand).
Weighed = tuple[SpeedChoice, int, bool, tuple[tuple[float, int], ...]]
# The program: the choices, then what each slot reads of the starts (``check_program``).
Program = tuple[tuple[Weighed, ...], tuple[int, ...], tuple[slice, ...], tuple[itemgetter, ...]]
_PROGRAMS: dict[tuple[object, ...], Program] = {}


def check_program(car: Car, extra: int) -> Program:
    """The Speed Check choices ``car``'s hand allows as weighed (``check_speeds`` gives
    their rolls), with a slot for each set of Speeds a roll may end at and whether a Whip
    is left, so a set's best start is worked out once a check. All but the prices, which
    depend on the state. ``extra``: Reins Stamina adds.

    A slot reads the starts with a Whip left (Speeds 0 .. top) followed by those without:
    the first slots one start each (a single Speed, most sets), then runs of Speeds as
    slices, the rest by itemgetters."""
    marker, spec = car.marker, car.spec
    whips = min(3, car.cards("spur"))  # a check plays at most CHECK_CARDS
    reins, cards = min(2, car.cards("reins")), min(CHECK_CARDS, sum(car.hand))
    key = (spec, marker[0] is Row.ACCELERATION, marker[1], whips, reins, cards, extra,
           car.accel_mod, car.decel_mod, car.max_accel, car.max_decel, car.max_speed)
    found = _PROGRAMS.get(key)
    if found is None:
        champing = spec.trait("Champing at the Bit") > 0
        weighed: list[tuple[SpeedChoice, int, bool, list[tuple[float, tuple[int, ...]]]]] = []
        for accelerate, whip, rein in with_stamina(choices_for(spec, whips, reins, cards),
                                                   champing, extra):
            rolls = check_speeds(spec, marker, accelerate, whip, rein + extra,
                                 car.accel_mod if accelerate else car.decel_mod,
                                 car.max_accel if accelerate else car.max_decel,
                                 car.max_speed, reverse_limit(car, accelerate))
            moving = sum(p for p, ends in rolls if ends[-1] > 0) >= 0.5
            # The starts without a Whip left come after the top Speed's with one.
            offset = 0 if whip < whips else spec.top_speed + 1
            weighed.append((SpeedChoice(accelerate, whip, rein), whip + rein, moving,
                            [(p, tuple(offset + v for v in ends)) for p, ends in rolls]))
        if len(_PROGRAMS) >= CHECK_CACHE:
            forget_oldest_half(_PROGRAMS)
        found = _PROGRAMS[key] = numbered(weighed)
    return found


def numbered(weighed: list[tuple[SpeedChoice, int, bool, list[tuple[float, tuple[int, ...]]]]]
             ) -> Program:
    """The choices with each roll's set of starts as a slot: single starts first (read
    by index), then runs (read as a slice), then the others (an itemgetter of two or
    more)."""
    sets = dict.fromkeys(ends for *_, rolls in weighed for _, ends in rolls)
    singles = [ends for ends in sets if len(ends) == 1]
    runs = [ends for ends in sets if len(ends) > 1 and ends[-1] - ends[0] == len(ends) - 1]
    others = [ends for ends in sets if ends[-1] - ends[0] != len(ends) - 1]
    slot = {ends: n for n, ends in enumerate(singles + runs + others)}
    program = tuple((choice, cards, moving, tuple((p, slot[ends]) for p, ends in rolls))
                    for choice, cards, moving, rolls in weighed)
    return (program, tuple(ends[0] for ends in singles),
            tuple(slice(ends[0], ends[-1] + 1) for ends in runs),
            tuple(itemgetter(*ends) for ends in others))


def with_stamina(choices: tuple[tuple[bool, int, int], ...], champing: bool, extra: int
                 ) -> list[tuple[bool, int, int]]:
    """The choices as the Speed Check plays them: with no card of its own a vehicle must
    Decelerate (Accelerate with Champing at the Bit), unless Stamina's Reins (``extra``)
    count as cards played (Stamina Check Example): then it may go either way, and both
    are weighed (the forced way first, as without Stamina)."""
    found = []
    for accelerate, whip, rein in choices:
        if whip + rein == 0:
            found.append((champing, 0, 0))
            if extra:
                found.append((not champing, 0, 0))
        else:
            found.append((accelerate, whip, rein))
    return found
