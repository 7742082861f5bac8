"""The exact hitting-time solver against chains with known closed forms."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.probability import Dist, expected_steps, expected_steps_all, reached_within


@pytest.mark.parametrize("p", [Fraction(1, 6), Fraction(1, 2), Fraction(35, 36), Fraction(1)])
def test_geometric_waiting_time(p: Fraction) -> None:
    def step(s: str) -> Dist[str]:
        return Dist({"done": p, "wait": 1 - p})

    assert expected_steps("wait", step, lambda s: s == "done") == 1 / p
    within = reached_within("wait", step, lambda s: s == "done", 5)
    assert within == [1 - (1 - p) ** n for n in range(6)]


@pytest.mark.parametrize("n", [1, 2, 5, 9])
def test_reflected_walk_hitting_time_is_n_times_n_plus_one(n: int) -> None:
    # From i: up with 1/2, down with 1/2 (staying put at 0). h(i) = n(n+1) - i(i+1).
    def step(i: int) -> Dist[int]:
        return Dist.from_weights({i + 1: 1, max(i - 1, 0): 1})

    times = expected_steps_all(0, step, lambda i: i >= n)
    for i in range(n):
        assert times[i] == n * (n + 1) - i * (i + 1)
    assert times[n] == 0


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 12))
def test_coupon_collector(n: int) -> None:
    def step(k: int) -> Dist[int]:
        return Dist.from_weights({k + 1: n - k, k: k})

    harmonic = sum(Fraction(1, i) for i in range(1, n + 1))
    assert expected_steps(0, step, lambda k: k == n) == n * harmonic


def test_start_in_target_is_zero_steps() -> None:
    assert expected_steps(3, lambda s: Dist.certain(s + 1), lambda s: s >= 3) == 0
    assert reached_within(3, lambda s: Dist.certain(s), lambda s: s >= 3, 2) == [1, 1, 1]


def test_unreachable_target_is_reported_not_looped() -> None:
    # State 1 is a trap: from 0 you may fall in it and never reach 2.
    def step(s: int) -> Dist[int]:
        return Dist.from_weights({1: 1, 2: 1}) if s == 0 else Dist.certain(s)

    with pytest.raises(ValueError, match="infinite"):
        expected_steps(0, step, lambda s: s == 2)


def test_reached_within_approaches_expectation() -> None:
    def step(i: int) -> Dist[int]:
        return Dist.from_weights({i + 1: 1, max(i - 1, 0): 1})

    cdf = reached_within(0, step, lambda i: i >= 3, 400)
    tail_sum = sum(1 - f for f in cdf)  # E[T] = sum_n P(T > n)
    assert abs(float(tail_sum) - 12) < 1e-6
