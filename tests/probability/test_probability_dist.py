"""The exact distribution core: construction rules, algebra against closed forms,
multiset enumeration against brute-force ordered enumeration."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.probability import Die, Dist, Face, add, binomial, multisets, repeat_sum, sum_of


def test_probabilities_must_sum_to_one() -> None:
    with pytest.raises(ValueError):
        Dist({1: Fraction(1, 2)})
    with pytest.raises(ValueError):
        Dist({1: Fraction(3, 2), 2: Fraction(-1, 2)})


def test_zero_probabilities_are_dropped_and_lookup_of_absent_is_zero() -> None:
    d = Dist({1: 1, 2: 0})
    assert d.support == (1,)
    assert d[2] == 0


def test_from_weights_and_uniform_count_repeated_faces() -> None:
    d = Dist.uniform([0, 1, 2, 2, 3, 3])
    assert d == Dist({0: Fraction(1, 6), 1: Fraction(1, 6), 2: Fraction(1, 3), 3: Fraction(1, 3)})
    assert Dist.from_weights({"a": 3, "b": 1})["a"] == Fraction(3, 4)


def test_two_d6_is_the_triangle() -> None:
    d6 = Die.numbered(6).values()
    two = add(d6, d6)
    for k in range(2, 13):
        assert two[k] == Fraction(6 - abs(k - 7), 36)
    assert two.mean() == 7
    assert two.variance() == Fraction(35, 6)


def test_repeat_sum_and_sum_of_agree() -> None:
    d4 = Die.numbered(4).values()
    assert repeat_sum(d4, 3) == sum_of([d4, d4, d4])
    assert repeat_sum(d4, 0) == Dist.certain(0)


@pytest.mark.parametrize("n", [0, 1, 5, 9])
@pytest.mark.parametrize("p", [Fraction(0), Fraction(1, 3), Fraction(5, 6), Fraction(1)])
def test_binomial_closed_form(n: int, p: Fraction) -> None:
    d = binomial(n, p)
    for k in range(n + 1):
        assert d[k] == math.comb(n, k) * p**k * (1 - p) ** (n - k)
    assert d.mean() == n * p


def test_map_merges_and_bind_is_two_stage() -> None:
    d6 = Die.numbered(6).values()
    parity = d6.map(lambda v: v % 2)
    assert parity == Dist({1: Fraction(1, 2), 0: Fraction(1, 2)})
    # roll a d6, then that many coins: E = 3.5 * 1/2
    coins = d6.bind(lambda n: binomial(n, Fraction(1, 2)))
    assert coins.mean() == Fraction(7, 4)


def test_die_values_need_numbers_and_icons_allow_blanks() -> None:
    die = Die("mixed", (Face(1), Face(icon="x"), Face()))
    with pytest.raises(ValueError):
        die.values()
    assert die.icons()[None] == Fraction(2, 3)
    with pytest.raises(ValueError):
        Die("empty", ())


@settings(max_examples=40, deadline=None)
@given(
    faces=st.lists(st.integers(0, 3), min_size=1, max_size=6),
    n=st.integers(0, 5),
)
def test_multisets_match_ordered_enumeration(faces: list[int], n: int) -> None:
    d = Dist.uniform(faces)
    brute: Counter[tuple[int, ...]] = Counter()
    for roll in itertools.product(faces, repeat=n):
        brute[tuple(roll.count(o) for o in d.support)] += 1
    total = len(faces) ** n
    got = dict(multisets(d, n))
    assert got == {k: Fraction(v, total) for k, v in brute.items()}
    assert sum(got.values()) == 1


@settings(max_examples=50, deadline=None)
@given(st.dictionaries(st.integers(-5, 5), st.integers(1, 9), min_size=1, max_size=6))
def test_algebra_keeps_total_exactly_one(weights: dict[int, int]) -> None:
    d = Dist.from_weights(weights)
    assert sum(p for _, p in d.items()) == 1
    assert sum(p for _, p in add(d, d).items()) == 1
    assert sum(p for _, p in d.map(abs).items()) == 1
    assert add(d, d).mean() == 2 * d.mean()


def test_sample_frequencies_match_within_five_standard_errors() -> None:
    d = Dist.uniform([0, 1, 2, 2, 3, 3])
    rng = random.Random(20240611)
    n = 20_000
    counts = Counter(d.sample(rng) for _ in range(n))
    for outcome, p in d.items():
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(counts[outcome] / n - float(p)) <= 5 * se


@settings(max_examples=50, deadline=None)
@given(st.dictionaries(st.integers(-5, 5), st.integers(1, 9), min_size=1, max_size=6))
def test_transformations_build_the_same_distribution_as_the_checked_constructor(
        weights: dict[int, int]) -> None:
    # map, bind and combine skip the constructor's sum check (valid by construction);
    # rebuilding their results through the checked constructor must change nothing.
    d = Dist.from_weights(weights)
    for result in (d.map(lambda x: x % 3), d.bind(lambda x: Dist.uniform([x, -x, 0])),
                   add(d, d)):
        assert Dist(dict(result.items())) == result
        assert all(p > 0 for _, p in result.items())


@settings(max_examples=200, deadline=None)
@given(weights=st.lists(st.integers(0, 50), min_size=1, max_size=6), scale=st.integers(1, 30))
def test_a_dist_kept_in_integers_matches_its_fractions(weights: list[int], scale: int) -> None:
    # The integer form kept by map/bind/combine (reduced by the common factor) must be the
    # one the Fractions give, so every later step and every comparison sees the same numbers.
    if not sum(weights):
        return
    numerators = {i: w * scale for i, w in enumerate(weights)}
    denominator = sum(numerators.values())
    kept = Dist._from_integers(numerators, denominator)
    plain = Dist({i: Fraction(n, denominator) for i, n in numerators.items()})
    assert kept._integers() == plain._integers()
    assert kept == plain and hash(kept) == hash(plain)
    assert dict(kept.items()) == dict(plain.items())
    assert kept.support == plain.support and len(kept) == len(plain)
    assert all(kept[i] == plain[i] for i in range(len(weights) + 1))
