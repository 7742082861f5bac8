"""The Frothy Races speed table (guide 3.6): its two rows, the speed marker, how Speed
Check values move it (matching rows, over-whipping), and exact expected rounds to reach a
Speed or to stop."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import Literal, NamedTuple

from generator.probability.frothy_dice import Direction, speed_check
from generator.probability.markov import expected_steps


class Row(StrEnum):
    """The two rows of the licence's speed table."""

    ACCELERATION = "acceleration"
    DECELERATION = "deceleration"


class Marker(NamedTuple):
    """The speed marker: the row it last moved along and its box index there
    (0 = left-most box of speed 0). Its box in the other row is derived by the
    matching rules, which is why the row it moved along must be remembered."""

    row: Row
    box: int


Matching = Literal["overlap", "speed"]


@lru_cache(maxsize=4096)
def _locate(counts: tuple[int, ...], box: int) -> tuple[int, int]:
    """(Speed, box within that Speed) of box ``box`` of a row of ``counts`` boxes a Speed
    (cached: the speed chains ask it for the same few boxes thousands of times)."""
    for speed, n in enumerate(counts):
        if box < n:
            return speed, box
        box -= n
    raise ValueError("box index past the end of the row")


@dataclass(frozen=True)
class SpeedTable:
    """Box counts per speed 0-6 for the Acceleration and Deceleration rows.

    Matching ('Matching the Acceleration & Deceleration Speed Table Rows'):
    the text does not say which boxes "correspond"; the figure is missing.
    `matching="overlap"` (default) assumes both rows share each speed's column
    width with boxes of equal width inside it, so boxes correspond when their
    spans overlap; `matching="speed"` makes every box of the same speed
    correspond. After accelerating the right-most corresponding deceleration
    box is used; after decelerating the left-most corresponding acceleration
    box. For a start from rest while only accelerating, and for stopping while
    only decelerating, both readings give identical results.
    """

    acceleration: tuple[int, ...]
    deceleration: tuple[int, ...]
    matching: Matching = "overlap"

    def __post_init__(self) -> None:
        for name, row in (("acceleration", self.acceleration),
                          ("deceleration", self.deceleration)):
            if len(row) != 7 or any(int(n) != n or n < 1 for n in row):
                raise ValueError(f"{name} needs 7 positive box counts (speeds 0-6)")
        if self.matching not in ("overlap", "speed"):
            raise ValueError("matching must be 'overlap' or 'speed'")

    @property
    def top_speed(self) -> int:
        """Highest speed rating (always 6 on a Frothy licence)."""
        return len(self.acceleration) - 1

    @property
    def start(self) -> Marker:
        """Setup position: speed 0, left-most box."""
        return Marker(Row.ACCELERATION, 0)

    @property
    def top(self) -> Marker:
        """Right-most box of top speed, as after accelerating into it."""
        return Marker(Row.DECELERATION, sum(self.deceleration) - 1)

    @staticmethod
    def _locate(counts: tuple[int, ...], box: int) -> tuple[int, int]:
        return _locate(counts, box)

    @staticmethod
    def _index(counts: tuple[int, ...], speed: int, local: int) -> int:
        return sum(counts[:speed]) + local

    def _row(self, row: Row) -> tuple[int, ...]:
        return self.acceleration if row is Row.ACCELERATION else self.deceleration

    def speed_of(self, marker: Marker) -> int:
        """Speed rating shown by the marker."""
        return self._locate(self._row(marker.row), marker.box)[0]

    def acceleration_box(self, marker: Marker) -> int:
        """The marker's box in the Acceleration row (left-most match after a
        deceleration)."""
        if marker.row is Row.ACCELERATION:
            return marker.box
        speed, m = self._locate(self.deceleration, marker.box)
        a, d = self.acceleration[speed], self.deceleration[speed]
        k = 0 if self.matching == "speed" else (m * a) // d
        return self._index(self.acceleration, speed, k)

    def deceleration_box(self, marker: Marker) -> int:
        """The marker's box in the Deceleration row (right-most match after an
        acceleration)."""
        if marker.row is Row.DECELERATION:
            return marker.box
        speed, k = self._locate(self.acceleration, marker.box)
        a, d = self.acceleration[speed], self.deceleration[speed]
        m = d - 1 if self.matching == "speed" else -(-(k + 1) * d // a) - 1
        return self._index(self.deceleration, speed, m)

    def accelerate(self, marker: Marker, boxes: int) -> Marker:
        """Move right by `boxes`; past the last box the rest becomes a
        deceleration from the matching deceleration box ('Over-Whipping')."""
        if boxes < 0:
            raise ValueError("boxes must be >= 0")
        i = self.acceleration_box(marker)
        last = sum(self.acceleration) - 1
        if i + boxes <= last:
            return Marker(Row.ACCELERATION, i + boxes)
        over = i + boxes - last
        return self.decelerate(Marker(Row.ACCELERATION, last), over)

    def decelerate(self, marker: Marker, boxes: int) -> Marker:
        """Move left by `boxes`, stopping at the left-most box (speed 0; the
        guide does not say what happens beyond it, so the excess is lost)."""
        if boxes < 0:
            raise ValueError("boxes must be >= 0")
        j = self.deceleration_box(marker)
        return Marker(Row.DECELERATION, max(0, j - boxes))

    def shift(self, marker: Marker, boxes: int, direction: Direction) -> Marker:
        """Apply a final speed check value in the declared `direction`.

        A negative value reverses the move: Cautious ("if the final value is
        negative then Decelerate by that amount instead") and Reckless (the
        same for decelerating) can push a check below zero.
        """
        forward = direction is Direction.ACCELERATE
        if boxes < 0:
            forward, boxes = not forward, -boxes
        return self.accelerate(marker, boxes) if forward else self.decelerate(marker, boxes)


def expected_rounds_to_speed(
    table: SpeedTable,
    target_speed: int,
    whip: int,
    *,
    reins: int = 0,
    extra_dice: int = 0,
    start: Marker | None = None,
) -> Fraction:
    """Exact expected speed checks until speed >= `target_speed`, accelerating
    every round with the same cards (default start: speed 0, left-most box).

    Over-whipping applies on the way: a check that runs past the last
    acceleration box bounces back as a deceleration, so on a short top-speed
    row more Whip cards can make top speed SLOWER to reach on average.
    Not modelled: card recovery (k cards a round needs 2k in hand, since a card
    comes back two round ends after use), stamina, control-roll Haste/Slow,
    and speed-check modifiers. With no card the guide forces a deceleration;
    `whip=0` therefore means a trait such as Champing at the Bit.
    """
    if not 0 <= target_speed <= table.top_speed:
        raise ValueError("target speed must be between 0 and the top speed")
    roll = speed_check(whip, reins, Direction.ACCELERATE, extra_dice=extra_dice)
    return expected_steps(
        start if start is not None else table.start,
        lambda m: roll.map(lambda v: table.accelerate(m, v)),
        lambda m: table.speed_of(m) >= target_speed,
    )


def expected_rounds_to_stop(
    table: SpeedTable,
    reins: int,
    *,
    whip: int = 0,
    extra_dice: int = 0,
    start: Marker | None = None,
) -> Fraction:
    """Exact expected speed checks until speed 0, decelerating every round
    with the same cards (default start: right-most box of top speed)."""
    roll = speed_check(whip, reins, Direction.DECELERATE, extra_dice=extra_dice)
    return expected_steps(
        start if start is not None else table.top,
        lambda m: roll.map(lambda v: table.decelerate(m, v)),
        lambda m: table.speed_of(m) == 0,
    )
