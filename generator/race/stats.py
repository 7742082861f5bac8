"""What a sweep says, for any game: win rates with a 95% interval and who beats whom.

Why the Wilson score interval for the win rate: it stays inside 0..1 and keeps close to its
stated 95% coverage for small samples and for rates near 0 or 1 (a vehicle that never wins),
where the textbook normal interval does neither.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.race.sweep import Sweep

Z_95 = 1.959963984540054  # the standard normal quantile for a two-sided 95% interval


@dataclass(frozen=True)
class Interval:
    """A proportion and its 95% confidence interval."""

    rate: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


def wilson(successes: float, trials: float, z: float = Z_95) -> Interval:
    """The Wilson score interval for ``successes`` out of ``trials`` (a sum of shares of a
    win, each 0..1, as well as a count of wins; an effective number of trials, too)."""
    if trials < 1:
        raise ValueError("an interval needs at least one trial")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # At 0 or n successes the interval's end is exactly the rate; rounding must not move it.
    return Interval(p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


def races_for_half_width(half_width: float, rate: float = 0.5, z: float = Z_95) -> int:
    """Races enough that a win rate near ``rate`` has a 95% interval no wider than
    ``half_width`` either side (the normal approximation: n = z^2 p(1-p) / h^2)."""
    return math.ceil(z * z * rate * (1 - rate) / (half_width * half_width))


def wins(sweep: Sweep, entrant: int) -> int:
    """How many races of ``sweep`` entrant ``entrant`` (its number in the field) won."""
    return sum(sweep.won(race, entrant) for race in range(len(sweep.results)))


def win_interval(sweep: Sweep, entrant: int, z: float = Z_95) -> Interval:
    """Entrant ``entrant``'s win rate over ``sweep`` with its Wilson interval."""
    return wilson(wins(sweep, entrant), len(sweep.results), z)


def with_winner(sweep: Sweep) -> int:
    """How many races had a winner (a race nobody finished, or a battle nobody survived,
    has none)."""
    return sum(sweep.standing(race).winner is not None for race in range(len(sweep.results)))


def entrant_places(sweep: Sweep) -> list[list[int]]:
    """``places[race][entrant]``: each entrant's place in each race, by its number in the
    field (not its grid slot)."""
    count = len(sweep.field.vehicles)
    found = []
    for race, job in enumerate(sweep.jobs):
        places = sweep.standing(race).places
        row = [0] * count
        for slot, entrant in enumerate(job.grid):
            row[entrant] = places[slot]
        found.append(row)
    return found


def head_to_head(sweep: Sweep) -> tuple[tuple[float | None, ...], ...]:
    """``ahead[i][j]``: the share of races in which entrant ``i`` placed ahead of entrant
    ``j`` (None on the diagonal)."""
    places = entrant_places(sweep)
    count = len(sweep.field.vehicles)
    return tuple(tuple(None if i == j else sum(p[i] < p[j] for p in places) / len(places)
                       for j in range(count)) for i in range(count))
