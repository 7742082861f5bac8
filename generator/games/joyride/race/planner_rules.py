"""The value table's turn as numbers: the gears, the price of a damage, the dice's odds, the
mirror's faces and the SHIFTs allowed (``planner.py`` describes the turn; ``planner_arrays.py``
sweeps it)."""

from __future__ import annotations

import itertools
from functools import lru_cache

from generator.probability.joyride import rolled_move

MAX_GEAR = 5
LOCK_ALL = 4  # the table's lock-everything turn needs a slot a die
DAMAGE_ROUNDS = 0.5
TOLERANCE = 0.05
PACE = 5.0  # spaces a round, for the first guess only
STUCK = 999.0  # rounds to go from a position no move can leave (walled in front and back)


@lru_cache(maxsize=16)
def roll_odds(dice: int) -> tuple[tuple[int, float], ...]:
    """(total, chance) of rolling ``dice`` Joyride dice, from the exact distribution."""
    return tuple(sorted((move.spaces, float(p)) for move, p in rolled_move(dice).items()))


@lru_cache(maxsize=8)
def mirrors(dice: int) -> tuple[tuple[float, int, tuple[tuple[int, ...], ...]], ...]:
    """Every mirror of ``dice`` dice as faces fall (a multiset of 1-3s): its chance, its
    total, and the totals a lock may take keeping 0, 1 or 2 dice off (each way once)."""
    found: dict[tuple[int, ...], float] = {}
    for faces in itertools.product((1, 2, 3), repeat=dice):
        key = tuple(sorted(faces))
        found[key] = found.get(key, 0.0) + 3.0 ** -dice
    out = []
    for key, chance in sorted(found.items()):
        parts = tuple(tuple(sorted({sum(key) - sum(off)
                                    for off in itertools.combinations(key, kept)}))
                      for kept in (0, 1, 2) if kept <= dice)
        out.append((chance, sum(key), parts))
    return tuple(out)


def shift_options(gear: int, top: int = MAX_GEAR) -> tuple[tuple[int, int], ...]:
    """(new gear, damage) for each SHIFT allowed from ``gear``: stay, up, down, engine brake.
    From gear 0 (after a SMASH) the car must shift up."""
    if gear == 0:
        return ((1, 0),)
    options = [(gear, 0)]
    if gear + 1 <= top:
        options.append((gear + 1, 0))
    if gear - 1 >= 1:
        options.append((gear - 1, 0))
    if gear - 2 >= 1:
        options.append((gear - 2, 1))
    return tuple(options)
