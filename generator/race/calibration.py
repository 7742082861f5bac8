"""The sequential rule's exact error rates, and the quantiles that spend its alpha.

A verdict looks at a build's win rate after each batch; a Bonferroni share of alpha per look
(``StoppingRule.bound_z``) keeps the false-flag chance under alpha, but the looks are
strongly correlated (each batch adds to the last), so that bound is loose: measured, no
build at its fair share was ever flagged. Here the chance is worked out exactly: the number
of races won after each batch is a binomial sum, carried look by look with the verdicts
that stopped taken out (a sum over every count, no simulation). The rule then uses the
least quantile whose exact error rate is at most alpha for every field of 2 to 6:

* a flag (the interval wholly outside the band) for a build that wins exactly its fair
  share (a false flag);
* 'within the band' for a build that wins exactly the band's edge (the worst case of a
  build outside the band).

Each rate is worked out with only its own stop: a stop of the other kind only ends
verdicts early, so it can only lower the rate. Wins are taken as independent races won
with a fixed chance (the fair share of races with a winner is taken as 1 / field size).

The quantiles are the same every run for the same rule, so they are kept in the cache
folder (a tenth of a second of every verdict's time otherwise), under a name that carries
a digest of this module: a changed calculation never reads the old one's quantiles.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import comb
from pathlib import Path
from statistics import NormalDist

import numpy as np

from generator.keep.kept_store import KeptStore, named_for_code

SIZES = range(2, 7)  # the fields a verdict races
STEPS = 40  # bisection steps on the quantile (to well under 0.001)

QUANTILES: KeptStore[tuple[float, ...], tuple[float, float]] = KeptStore(
    lambda: named_for_code("race-quantiles", "1", [Path(__file__)]), most_entries=64)


def binomial(count: int, chance: float) -> np.ndarray:
    """P(k wins of ``count`` races) for k = 0 .. count."""
    return np.array([comb(count, k) * chance ** k * (1 - chance) ** (count - k)
                     for k in range(count + 1)])


def wilson_bounds(races: int, z: float) -> tuple[np.ndarray, np.ndarray]:
    """The Wilson interval's ends for every count of wins out of ``races``
    (``stats.wilson``, for all counts at once)."""
    p = np.arange(races + 1) / races
    z2 = z * z
    denominator = 1 + z2 / races
    centre = (p + z2 / (2 * races)) / denominator
    half = z * np.sqrt(p * (1 - p) / races + z2 / (4 * races * races)) / denominator
    return (np.minimum(p, np.maximum(0.0, centre - half)),
            np.maximum(p, np.minimum(1.0, centre + half)))


def stop_chance(z: float, chance: float, fair: float, band: float, looks: int, batch: int,
                within: bool) -> float:
    """The exact chance that a build winning each race with ``chance`` is, at some look,
    flagged (``within`` False: its interval wholly outside the band) or called within
    the band (``within`` True: wholly inside it)."""
    low_edge, high_edge = fair * (1 - band), fair * (1 + band)
    step = binomial(batch, chance)
    counts = np.ones(1)
    stopped = 0.0
    for look in range(1, looks + 1):
        counts = np.convolve(counts, step)
        low, high = wilson_bounds(look * batch, z)
        stops = (low >= low_edge) & (high <= high_edge) if within else \
            (low > high_edge) | (high < low_edge)
        stopped += float(counts[stops].sum())
        counts[stops] = 0.0
    return stopped


def least_z(worst: Callable[[float], float], alpha: float, high: float) -> float:
    """The least quantile up to ``high`` whose ``worst`` error rate is at most alpha
    (the rate falls as the quantile grows: a wider interval stops fewer verdicts)."""
    low = 0.5
    for _ in range(STEPS):
        middle = (low + high) / 2
        if worst(middle) <= alpha:
            high = middle
        else:
            low = middle
    return high


@lru_cache(maxsize=16)
def calibrated(band: float, alpha: float, looks: int, cycles: int, flag_bound: float,
               within_bound: float) -> tuple[float, float]:
    """``calibrate``, kept in the cache folder between runs."""
    key = (band, alpha, looks, cycles, flag_bound, within_bound)
    found = QUANTILES.get(key)
    if found is None:
        found = calibrate(band, alpha, looks, cycles, flag_bound, within_bound)
        QUANTILES.put(key, found)
    return found[0], found[1]


def calibrate(band: float, alpha: float, looks: int, cycles: int, flag_bound: float,
              within_bound: float) -> tuple[float, float]:
    """The flag's quantile and the 'within' quantile, each the least whose exact error
    rate is at most alpha for every field of 2 to 6, never above its Bonferroni bound and
    never below the quantile of a single look's 1 - alpha interval (the flag's interval
    is the one reports print: it stays a real 95% interval at every look, though the band
    is wide enough that a far narrower one would keep false flags under alpha)."""
    flag_floor = NormalDist().inv_cdf(1 - alpha / 2)
    within_floor = NormalDist().inv_cdf(1 - alpha)

    def false_flags(z: float) -> float:
        return max(stop_chance(z, 1 / size, 1 / size, band, looks, 2 * size * cycles, False)
                   for size in SIZES)

    def false_within(z: float) -> float:
        return max(stop_chance(z, edge, 1 / size, band, looks, 2 * size * cycles, True)
                   for size in SIZES for edge in ((1 - band) / size, (1 + band) / size))

    return (max(flag_floor, least_z(false_flags, alpha, flag_bound)),
            max(within_floor, least_z(false_within, alpha, within_bound)))
