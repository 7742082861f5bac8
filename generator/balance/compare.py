"""Comparing measured builds axis by axis, and the dominance relation between them.

Why dominance and not a weighted sum: the guide asks for strengths and weaknesses that
balance out, and refuses to say what a point of Resilience is worth in spaces a round. What
can be said without weights is the Pareto relation: a build at least as good on every axis
and better on one is strictly better, whatever the weights; everything else is a trade-off.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from generator.balance.axes import Axis, Value, is_infinite


class Standing(enum.Enum):
    """Where one value stands against the baseline's on one axis."""

    BETTER = "better"
    WORSE = "worse"
    EQUAL = "equal"


def standing(axis: Axis, value: Value, baseline: Value, equal_within: float) -> Standing:
    """Better, worse or equal, where values whose relative difference is at most
    ``equal_within`` (0.01 = 1%) count as equal: exact numbers still differ by a hair
    when two builds are the same in all that matters."""
    return _standing(axis.higher_is_better, value, baseline, _finite_float(value),
                     _finite_float(baseline), equal_within)


def _finite_float(value: Value) -> float | None:
    """The value as a float, or None for infinity (compared exactly instead)."""
    return None if is_infinite(value) else float(value)


def _standing(higher_is_better: bool, value: Value, baseline: Value, value_float: float | None,
              baseline_float: float | None, equal_within: float) -> Standing:
    """:func:`standing` with both values already converted to floats.

    The same answer as comparing the exact values: rounding to a float never reverses an
    order, so floats that differ order the values as they stand, and values whose floats
    are equal differ by less than any non-negative tolerance."""
    if value_float is not None and baseline_float is not None and equal_within >= 0:
        if value_float == baseline_float:
            return Standing.EQUAL
        scale = max(abs(value_float), abs(baseline_float))
        if abs(value_float - baseline_float) <= equal_within * scale:
            return Standing.EQUAL
        higher = value_float > baseline_float
    else:
        if value == baseline:
            return Standing.EQUAL
        if value_float is not None and baseline_float is not None:
            scale = max(abs(value_float), abs(baseline_float))
            if abs(value_float - baseline_float) <= equal_within * scale:
                return Standing.EQUAL
        higher = value > baseline
    return Standing.BETTER if higher == higher_is_better else Standing.WORSE


@dataclass(frozen=True)
class AxisResult:
    """One axis of a comparison: both values and where the subject stands."""

    axis: Axis
    value: Value
    baseline: Value
    standing: Standing

    @property
    def score(self) -> float:
        """The subject relative to the baseline (above 1 is better), for pictures."""
        return self.axis.score(self.value, self.baseline)


@dataclass(frozen=True)
class Comparison:
    """A subject against a baseline on every axis, in axis order."""

    results: tuple[AxisResult, ...]

    def where(self, wanted: Standing) -> list[AxisResult]:
        """The axes on which the subject stands ``wanted``."""
        return [r for r in self.results if r.standing is wanted]

    @property
    def better(self) -> list[AxisResult]:
        """Axes where the subject beats the baseline."""
        return self.where(Standing.BETTER)

    @property
    def worse(self) -> list[AxisResult]:
        """Axes where the baseline beats the subject."""
        return self.where(Standing.WORSE)

    @property
    def equal(self) -> list[AxisResult]:
        """Axes where the two are level (within the tolerance)."""
        return self.where(Standing.EQUAL)

    @property
    def dominates(self) -> bool:
        """At least as good everywhere and better somewhere: better whatever the weights."""
        return bool(self.better) and not self.worse

    @property
    def dominated(self) -> bool:
        """No better anywhere and worse somewhere: worse whatever the weights."""
        return bool(self.worse) and not self.better


def compare(axes: Sequence[Axis], values: Mapping[str, Value], baseline: Mapping[str, Value],
            equal_within: float) -> Comparison:
    """Compare ``values`` with ``baseline`` on each of ``axes``."""
    return Comparison(tuple(
        AxisResult(axis, values[axis.id], baseline[axis.id],
                   standing(axis, values[axis.id], baseline[axis.id], equal_within))
        for axis in axes))


def dominance_pairs(builds: Mapping[str, Mapping[str, Value]], axes: Sequence[Axis],
                    equal_within: float) -> list[tuple[str, str]]:
    """Every (a, b) where build a dominates build b, in the mapping's order.

    Why: a game with a small design space (Outrider's 24 ways of placing four equipment
    dice) can be checked whole: a placement dominated by another is never worth choosing.
    """
    rows = {name: [(values[axis.id], _finite_float(values[axis.id])) for axis in axes]
            for name, values in builds.items()}  # each value converted once, not per pair
    directions = [axis.higher_is_better for axis in axes]
    pairs = []
    for a, a_row in rows.items():
        for b, b_row in rows.items():
            if a != b and _dominates(a_row, b_row, directions, equal_within):
                pairs.append((a, b))
    return pairs


def _dominates(row: Sequence[tuple[Value, float | None]],
               baseline: Sequence[tuple[Value, float | None]], directions: Sequence[bool],
               equal_within: float) -> bool:
    """What ``compare(...).dominates`` says, stopping at the first axis that is worse."""
    better = False
    for (value, value_float), (base, base_float), higher_is_better in zip(
            row, baseline, directions, strict=True):
        found = _standing(higher_is_better, value, base, value_float, base_float, equal_within)
        if found is Standing.WORSE:
            return False
        better = better or found is Standing.BETTER
    return better


def pareto_front(builds: Mapping[str, Mapping[str, Value]], axes: Sequence[Axis],
                 equal_within: float) -> list[str]:
    """The builds no other build dominates: the real choices, each a trade-off."""
    beaten = {b for _, b in dominance_pairs(builds, axes, equal_within)}
    return [name for name in builds if name not in beaten]
