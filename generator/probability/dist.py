"""Exact finite distributions and dice described as data.

Why our own core rather than a dice library: every game-specific question here
boils down to enumerating multisets of a few die faces and mapping each to an
outcome record (a dataclass, not an orderable number). A ~200-line core with
`fractions.Fraction` does that exactly, is fully typed, and adds no runtime
dependency. (icepool was tried and gives the same keep-highest numbers, but it
needs totally ordered outcomes and the game logic would be ours anyway.)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)
V = TypeVar("V", bound=Hashable)

Weight = int | Fraction


class Dist(Generic[T]):
    """An immutable, exact probability distribution over hashable outcomes.

    Probabilities are `Fraction`s that always sum to exactly 1 (checked on
    construction), so results can be compared with `==` in tests and reports
    never accumulate float error. Outcomes with probability 0 are dropped.
    Iteration order is the order outcomes were first given, which keeps
    printed tables stable.
    """

    __slots__ = ("_fractions", "_integer_form")

    def __init__(self, probabilities: Mapping[T, Weight]) -> None:
        probs: dict[T, Fraction] = {}
        for outcome, p in probabilities.items():
            fp = Fraction(p)
            if fp < 0:
                raise ValueError(f"negative probability {fp} for {outcome!r}")
            if fp:
                probs[outcome] = probs.get(outcome, Fraction(0)) + fp
        total = sum(probs.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"probabilities sum to {total}, not 1")
        self._fractions: dict[T, Fraction] | None = probs
        self._integer_form: tuple[dict[T, int], int] | None = None

    # -- construction -----------------------------------------------------
    @classmethod
    def _trusted(cls, probs: dict[T, Fraction]) -> Dist[T]:
        """Wrap probabilities already known to be positive and to sum to 1.

        Why: `map`, `bind` and `combine` of valid distributions are valid by construction
        (sums of products of positive terms that add to 1), and re-checking the sum of
        Fractions on every transformation was most of a balance profile's run time.
        """
        dist = cls.__new__(cls)
        dist._fractions = probs
        dist._integer_form = None
        return dist

    @property
    def _probs(self) -> dict[T, Fraction]:
        """The probabilities as Fractions, made from the integer form the first time they
        are read (a Dist made by :meth:`map`, :meth:`bind` or :meth:`combine` that only
        feeds the next one never needs them)."""
        if self._fractions is None:
            assert self._integer_form is not None
            numerators, denominator = self._integer_form
            self._fractions = {o: Fraction(n, denominator) for o, n in numerators.items()}
        return self._fractions

    @classmethod
    def from_weights(cls, weights: Mapping[T, Weight]) -> Dist[T]:
        """Normalise non-negative weights (e.g. face counts) into a distribution."""
        total = sum((Fraction(w) for w in weights.values()), Fraction(0))
        if total <= 0:
            raise ValueError("weights must have a positive total")
        return cls({o: Fraction(w) / total for o, w in weights.items()})

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Dist[T]:
        """Each listed outcome equally likely; repeats add up (a die's faces)."""
        weights: dict[T, int] = {}
        for o in outcomes:
            weights[o] = weights.get(o, 0) + 1
        return cls.from_weights(weights)

    @classmethod
    def certain(cls, outcome: T) -> Dist[T]:
        """The distribution that always yields `outcome`."""
        return cls._trusted({outcome: Fraction(1)})

    # -- access -------------------------------------------------------------
    def __getitem__(self, outcome: T) -> Fraction:
        if self._fractions is None:
            numerators, denominator = self._integers()
            return Fraction(numerators.get(outcome, 0), denominator)
        return self._fractions.get(outcome, Fraction(0))

    def prob(self, outcome: T) -> Fraction:
        """P(X == outcome); 0 for outcomes never produced."""
        return self[outcome]

    def p(self, predicate: Callable[[T], bool]) -> Fraction:
        """P(predicate(X))."""
        numerators, denominator = self._integers()
        return Fraction(sum(n for o, n in numerators.items() if predicate(o)), denominator)

    def items(self) -> Iterator[tuple[T, Fraction]]:
        """(outcome, probability) pairs in first-seen order."""
        return iter(self._probs.items())

    @property
    def support(self) -> tuple[T, ...]:
        """Outcomes with positive probability."""
        return tuple(self._integers()[0] if self._fractions is None else self._fractions)

    def __iter__(self) -> Iterator[T]:
        return iter(self._integers()[0] if self._fractions is None else self._fractions)

    def __len__(self) -> int:
        return len(self._integers()[0] if self._fractions is None else self._fractions)

    def __eq__(self, other: object) -> bool:
        # Both integer forms are reduced the same way (see _integers), so they are equal
        # exactly when the probabilities are.
        return isinstance(other, Dist) and self._integers() == other._integers()

    def __hash__(self) -> int:
        return hash(frozenset(self._probs.items()))

    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {p}" for o, p in self._probs.items())
        return f"Dist({{{body}}})"

    # -- transformation -------------------------------------------------------
    def map(self, f: Callable[[T], U]) -> Dist[U]:
        """Distribution of f(X); outcomes that map together add up."""
        numerators, denominator = self._integers()
        out: dict[U, int] = {}
        for o, n in numerators.items():
            key = f(o)
            out[key] = out.get(key, 0) + n
        return Dist._from_integers(out, denominator)

    def _integers(self) -> tuple[dict[T, int], int]:
        """The probabilities as integers over one common denominator (kept: a Dist never
        changes). Callers must not modify the dict.

        Why: adding Fractions reduces by a gcd at every step; adding integers and making
        one Fraction per outcome at the end is exact and several times faster."""
        if self._integer_form is None:
            denominator = math.lcm(*(p.denominator for p in self._probs.values()))
            self._integer_form = ({o: p.numerator * (denominator // p.denominator)
                                   for o, p in self._probs.items()}, denominator)
        return self._integer_form

    @classmethod
    def _from_integers(cls, numerators: dict[T, int], denominator: int) -> Dist[T]:
        """Wrap integer weights that sum to ``denominator`` (see :meth:`_integers`), kept
        as integers: divided by their common factor they are exactly the integer form the
        Fractions would give (the least common denominator of the reduced Fractions is the
        denominator over the greatest common divisor of it and every numerator)."""
        kept = {o: n for o, n in numerators.items() if n}
        common = math.gcd(denominator, *kept.values())
        dist = cls.__new__(cls)
        dist._fractions = None
        dist._integer_form = ({o: n // common for o, n in kept.items()}, denominator // common)
        return dist

    def bind(self, f: Callable[[T], Dist[U]]) -> Dist[U]:
        """Two-stage experiment: draw X, then draw from f(X)."""
        numerators, denominator = self._integers()
        stages = []
        common = 1
        for o, n in numerators.items():
            then, then_denominator = f(o)._integers()
            stages.append((n, then, then_denominator))
            common = math.lcm(common, then_denominator)
        out: dict[U, int] = {}
        for n, then, then_denominator in stages:
            scale = n * (common // then_denominator)
            for o2, m in then.items():
                out[o2] = out.get(o2, 0) + scale * m
        return Dist._from_integers(out, denominator * common)

    def combine(self, other: Dist[U], f: Callable[[T, U], V]) -> Dist[V]:
        """Distribution of f(X, Y) for independent X ~ self, Y ~ other."""
        mine, my_denominator = self._integers()
        theirs, their_denominator = other._integers()
        out: dict[V, int] = {}
        for a, na in mine.items():
            for b, nb in theirs.items():
                key = f(a, b)
                out[key] = out.get(key, 0) + na * nb
        return Dist._from_integers(out, my_denominator * their_denominator)

    def expectation(self, f: Callable[[T], Weight]) -> Fraction:
        """E[f(X)], exact."""
        numerators, denominator = self._integers()
        values = [(n, f(o)) for o, n in numerators.items()]
        if all(isinstance(v, int) for _, v in values):
            return Fraction(sum(n * v for n, v in values), denominator)
        return sum((Fraction(n, denominator) * Fraction(v) for n, v in values), Fraction(0))

    def sample(self, rng: random.Random) -> T:
        """One draw, for simulations that need the same distribution (exact ratios)."""
        r = Fraction(rng.random())
        acc = Fraction(0)
        last: T | None = None
        for o, p in self._probs.items():
            acc += p
            last = o
            if r < acc:
                return o
        assert last is not None
        return last

    # -- numeric helpers (only meaningful for integer outcomes) ---------------
    def mean(self: Dist[int]) -> Fraction:
        """Exact expected value of an integer-valued distribution."""
        return self.expectation(lambda x: x)

    def variance(self: Dist[int]) -> Fraction:
        """Exact variance of an integer-valued distribution."""
        m = self.mean()
        return self.expectation(lambda x: (x - m) ** 2)

    def at_least(self: Dist[int], k: int) -> Fraction:
        """P(X >= k)."""
        return self.p(lambda x: x >= k)

    def at_most(self: Dist[int], k: int) -> Fraction:
        """P(X <= k)."""
        return self.p(lambda x: x <= k)

    def sorted_items(self: Dist[int]) -> list[tuple[int, Fraction]]:
        """(value, probability) pairs in increasing value order, for tables."""
        return sorted(self._probs.items())


def add(a: Dist[int], b: Dist[int]) -> Dist[int]:
    """Distribution of X + Y for independent integer X, Y (convolution)."""
    return a.combine(b, lambda x, y: x + y)


def sum_of(dists: Iterable[Dist[int]]) -> Dist[int]:
    """Distribution of the sum of independent integer variables (0 if none)."""
    total: Dist[int] = Dist.certain(0)
    for d in dists:
        total = add(total, d)
    return total


def repeat_sum(d: Dist[int], n: int) -> Dist[int]:
    """Sum of `n` independent copies of `d` (e.g. n dice of one kind)."""
    if n < 0:
        raise ValueError("n must be >= 0")
    return sum_of([d] * n)


def binomial(n: int, p: Fraction) -> Dist[int]:
    """Number of successes in n independent trials of probability p, exactly."""
    if n < 0 or not 0 <= p <= 1:
        raise ValueError("need n >= 0 and 0 <= p <= 1")
    return Dist({k: math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)})


def multisets(d: Dist[T], n: int) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every multiset of `n` independent draws from `d`, as counts aligned with
    `d.support`, with its exact multinomial probability.

    Why: unordered enumeration is what keeps a 15-die roll fast -- C(n+k-1, k-1)
    count vectors over k outcomes instead of k**n ordered rolls.
    """
    weighted, total = multiset_weights(d, n)
    for counts, weight in weighted:
        yield counts, Fraction(weight, total)


def multiset_weights(d: Dist[T], n: int) -> tuple[tuple[tuple[tuple[int, ...], int], ...], int]:
    """:func:`multisets` in integers: each count vector with the number of ordered rolls
    (weighted by face counts) that give it, and the total they share (e.g. 6**n).

    Why: adding integer counts and dividing once per outcome at the end is exact and many
    times faster than adding a Fraction per count vector; the table is cached because a
    balance profile enumerates the same rolls for many cells.
    """
    if n < 0:
        raise ValueError("n must be >= 0")
    probs = tuple(d[o] for o in d.support)
    return _multiset_weights(probs, n)


@lru_cache(maxsize=64)
def _multiset_weights(probs: tuple[Fraction, ...], n: int
                      ) -> tuple[tuple[tuple[tuple[int, ...], int], ...], int]:
    # Integer arithmetic: p_i = a_i / D, weight = multinomial * prod a_i^c_i, total D^n.
    denom = math.lcm(*(p.denominator for p in probs))
    nums = [int(p * denom) for p in probs]
    fact = [math.factorial(i) for i in range(n + 1)]
    k = len(probs)
    counts = [0] * k
    out: list[tuple[tuple[int, ...], int]] = []

    def rec(i: int, left: int) -> None:
        if i == k - 1:
            counts[i] = left
            coeff = fact[n]
            for c in counts:
                coeff //= fact[c]
            prod = 1
            for c, a in zip(counts, nums, strict=True):
                prod *= a**c
            if prod:
                out.append((tuple(counts), coeff * prod))
            return
        for c in range(left, -1, -1):
            counts[i] = c
            rec(i + 1, left - c)

    rec(0, n)
    return tuple(out), denom**n


@dataclass(frozen=True)
class Face:
    """One side of a die: a number, an icon, or both (a Frothy die has both).

    Which part matters depends on the roll: Frothy speed, attack and damage
    rolls read values, control rolls read icons. A face with neither is blank.
    """

    value: int | None = None
    icon: str | None = None


@dataclass(frozen=True)
class Die:
    """A die as data: a name and its faces, each face equally likely.

    Why data rather than code: house rules and damage effects change faces
    (e.g. 'all Slow icons count as Haste'), and a rule checker must reason
    about printed dice; both are just a different `faces` tuple.
    """

    name: str
    faces: tuple[Face, ...]

    def __post_init__(self) -> None:
        if not self.faces:
            raise ValueError(f"die {self.name!r} has no faces")

    @classmethod
    def from_values(cls, name: str, values: Sequence[int]) -> Die:
        """A die whose faces carry only numbers, e.g. Joyride's 1-1-2-2-3-3."""
        return cls(name, tuple(Face(value=v) for v in values))

    @classmethod
    def numbered(cls, sides: int) -> Die:
        """A standard dN numbered 1..N."""
        if sides < 1:
            raise ValueError("a die needs at least one side")
        return cls.from_values(f"d{sides}", range(1, sides + 1))

    @property
    def sides(self) -> int:
        """Number of faces."""
        return len(self.faces)

    def values(self) -> Dist[int]:
        """Distribution of the rolled number, in increasing order of value.

        Raises ValueError if some face has no number (use `faces_dist` then).
        """
        return _values_of(self)

    def icons(self) -> Dist[str | None]:
        """Distribution of the rolled icon (None for a face without one)."""
        return _icons_of(self)

    def faces_dist(self) -> Dist[Face]:
        """Distribution of the whole face, for dice mixing numbers and icons."""
        return Dist.uniform(self.faces)


# A die's distributions are asked for thousands of times in a balance profile; a Die is
# immutable and so is a Dist, so each is built once.
@lru_cache(maxsize=256)
def _values_of(die: Die) -> Dist[int]:
    vals = [f.value for f in die.faces]
    if any(v is None for v in vals):
        raise ValueError(f"die {die.name!r} has faces without a value")
    return Dist.uniform(sorted(v for v in vals if v is not None))


@lru_cache(maxsize=256)
def _icons_of(die: Die) -> Dist[str | None]:
    return Dist.uniform(f.icon for f in die.faces)
