"""Comparing through floats gives the exact comparison's answer (what dominance relies on)."""

from __future__ import annotations

import math
import random
from fractions import Fraction

from generator.balance.axes import Axis, Value
from generator.balance.compare import Standing, dominance_pairs, standing


def exact_standing(higher_is_better: bool, value: Value, baseline: Value,
                   equal_within: float) -> Standing:
    """The comparison as written before the float shortcut: exact equality and order,
    the tolerance in floats."""
    if value == baseline:
        return Standing.EQUAL
    if not any(isinstance(v, float) and math.isinf(v) for v in (value, baseline)):
        scale = max(abs(float(value)), abs(float(baseline)))
        if abs(float(value) - float(baseline)) <= equal_within * scale:
            return Standing.EQUAL
    return Standing.BETTER if (value > baseline) == higher_is_better else Standing.WORSE


def _axis(higher_is_better: bool, axis_id: str = "a") -> Axis:
    return Axis(id=axis_id, label=axis_id, short=axis_id, group="g",
                higher_is_better=higher_is_better, how="test")


def values(rng: random.Random) -> list[Value]:
    near = Fraction(1, 3)
    return [Fraction(rng.randint(-50, 50), rng.randint(1, 40)), near,
            near + Fraction(1, 10**30), math.inf, Fraction(0), Fraction(1, 10**400)]


def test_standing_agrees_with_exact_comparison() -> None:
    rng = random.Random(7)
    for _ in range(300):
        for value in values(rng):
            for baseline in values(rng):
                for higher in (True, False):
                    for tolerance in (0.0, 0.01):
                        assert standing(_axis(higher), value, baseline, tolerance) == \
                            exact_standing(higher, value, baseline, tolerance)


def test_dominance_pairs_need_better_somewhere_and_worse_nowhere() -> None:
    axes = [_axis(True, "speed"), _axis(False, "wear")]
    builds = {"a": {"speed": Fraction(3), "wear": Fraction(1)},
              "b": {"speed": Fraction(2), "wear": Fraction(1)},
              "c": {"speed": Fraction(4), "wear": Fraction(2)}}
    assert dominance_pairs(builds, axes, 0.0) == [("a", "b")]
