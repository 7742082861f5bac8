"""Exact movement odds for Joyride (prototype rulebook): how far a car moves.

Reading of the rules ('Your Turn', 'SHIFT', 'ROLL', 'Nitro'): the number of
dice on the mirror equals the gear (1-5). A turn moves by the LOCKED dice
(kept from last turn, values known) and then by ROLLING every die still on the
mirror after shifting (shift up adds a die, shift down removes one, engine
brake removes two). So the only randomness is the ROLL step: the sum of the
rolled dice, plus the nitro die when the Nitro item is added before rolling.

The nitro die's faces are 2,2,3,3,4 and a lightning bolt. What the bolt does
is printed on the Nitro item description, which is missing from the extracted
text; it is therefore reported separately (`RolledMove.lightning`) and counts
0 spaces in `spaces`, rather than being given a guessed value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from generator.probability.dist import Die, Dist, Face, repeat_sum

JOYRIDE_DIE = Die.from_values("joyride", (1, 1, 2, 2, 3, 3))
NITRO_DIE = Die(
    "nitro",
    (Face(2), Face(2), Face(3), Face(3), Face(4), Face(icon="lightning")),
)
MIN_GEAR = 1
MAX_GEAR = 5
LOCK_SLOTS = 4


@dataclass(frozen=True)
class RolledMove:
    """Spaces moved by numbered faces, and whether the nitro showed lightning."""

    spaces: int
    lightning: bool = False


def rolled_move(dice: int, nitro: bool = False, die: Die = JOYRIDE_DIE) -> Dist[RolledMove]:
    """Distribution of a ROLL move with `dice` dice, optionally adding the nitro
    die (usable even with no dice left on the mirror)."""
    if dice < 0:
        raise ValueError("dice must be >= 0")
    base = repeat_sum(die.values(), dice)
    if not nitro:
        return base.map(lambda s: RolledMove(s))
    nitro_face = NITRO_DIE.faces_dist()
    return base.combine(
        nitro_face,
        lambda s, f: RolledMove(s + (f.value or 0), f.value is None),
    )


def gear_move(gear: int, nitro: bool = False) -> Dist[RolledMove]:
    """A turn in `gear` that locks nothing and stays in gear: all `gear` dice
    are rolled. Why: the headline "how far does gear N take you" number."""
    if not MIN_GEAR <= gear <= MAX_GEAR:
        raise ValueError("gear must be 1-5")
    return rolled_move(gear, nitro)


def turn_move(
    gear: int, locked: Sequence[int] = (), shift: int = 0, nitro: bool = False
) -> Dist[RolledMove]:
    """Total spaces of a turn: the locked dice's known values, then the ROLL
    of what is left on the mirror after shifting by `shift` (+1 up, -1 down,
    -2 engine brake). Raises ValueError for a turn the rules forbid (more
    locks than dice or slots, removing dice that are not on the mirror,
    leaving gears 1-5)."""
    if not MIN_GEAR <= gear <= MAX_GEAR:
        raise ValueError("gear must be 1-5")
    if len(locked) > min(gear, LOCK_SLOTS):
        raise ValueError("cannot lock more dice than the mirror holds or slots allow")
    if any(v not in (1, 2, 3) for v in locked):
        raise ValueError("a locked Joyride die shows 1, 2 or 3")
    if shift not in (-2, -1, 0, 1):
        raise ValueError("shift must be -2, -1, 0 or +1")
    new_gear = gear + shift
    if not MIN_GEAR <= new_gear <= MAX_GEAR:
        raise ValueError("shifting would leave gears 1-5")
    mirror = gear - len(locked) + shift
    if mirror < 0:
        raise ValueError("not enough dice on the mirror to shift down")
    already = sum(locked)
    return rolled_move(mirror, nitro).map(lambda m: RolledMove(m.spaces + already, m.lightning))


def mean_spaces(move: Dist[RolledMove]) -> Fraction:
    """Expected spaces from numbered faces (lightning counts 0)."""
    return move.expectation(lambda m: m.spaces)
