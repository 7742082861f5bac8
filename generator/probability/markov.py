"""Exact absorbing Markov chains: expected steps until a target set is reached.

Why: balance questions such as "how many rounds from a standstill to speed 4
with one Whip card a round" are hitting times of a small chain whose states are
track positions. Solving the linear system with Fractions gives the exact
expectation, so two vehicles can be compared without simulation noise.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TypeVar

from generator.probability.dist import Dist

S = TypeVar("S", bound=Hashable)


def _explore(
    start: S, transition: Callable[[S], Dist[S]], is_target: Callable[[S], bool]
) -> tuple[list[S], dict[S, Dist[S]]]:
    """Breadth-first list of non-target states reachable from `start`, with
    each one's transition distribution (computed once)."""
    order: list[S] = []
    moves: dict[S, Dist[S]] = {}
    queue: deque[S] = deque([start])
    seen = {start}
    while queue:
        s = queue.popleft()
        if is_target(s):
            continue
        order.append(s)
        moves[s] = transition(s)
        for nxt in moves[s]:
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return order, moves


def _check_reachable(
    order: list[S], moves: dict[S, Dist[S]], is_target: Callable[[S], bool]
) -> None:
    """Raise if some reachable state can never reach the target: its expected
    hitting time is infinite and the linear system would be singular."""
    good: set[S] = set()
    changed = True
    while changed:
        changed = False
        for s in order:
            if s in good:
                continue
            if any(is_target(n) or n in good for n in moves[s]):
                good.add(s)
                changed = True
    bad = [s for s in order if s not in good]
    if bad:
        raise ValueError(f"target unreachable from state {bad[0]!r}: expected steps are infinite")


def _solve_integers(rows: list[dict[int, int]], rhs: list[int]) -> list[Fraction]:
    """Exact solution of a linear system in whole numbers (sparse rows), by fraction-free
    (Bareiss) elimination.

    Why integers: elimination stays in integers (every Bareiss division is exact) and so
    does the back substitution, one Fraction per unknown at the end. Chains here have tens
    of states, where this is several times faster than eliminating over Fractions, which
    reduce by a gcd at every step.
    """
    n = len(rhs)
    matrix: list[list[int]] = []
    for row, right in zip(rows, rhs, strict=True):
        line = [0] * (n + 1)
        for column, x in row.items():
            line[column] = x
        line[n] = right
        matrix.append(line)
    previous = 1
    for k in range(n):
        pivot = next((r for r in range(k, n) if matrix[r][k]), None)
        if pivot is None:
            raise ValueError("singular system")
        matrix[k], matrix[pivot] = matrix[pivot], matrix[k]
        top = matrix[k]
        head = top[k]
        for r in range(k + 1, n):
            line = matrix[r]
            factor = line[k]
            if factor:
                for c in range(k + 1, n + 1):
                    line[c] = (line[c] * head - factor * top[c]) // previous
            else:
                for c in range(k + 1, n + 1):
                    line[c] = line[c] * head // previous
            line[k] = 0
        previous = head
    # Back substitution in integers too: the last pivot is the determinant (up to sign),
    # and by Cramer's rule it times every unknown is a whole number, so each division
    # below is exact and each unknown is one Fraction at the end.
    det = previous
    scaled = [0] * n
    for k in range(n - 1, -1, -1):
        line = matrix[k]
        total = line[n] * det
        for c in range(k + 1, n):
            if line[c]:
                total -= line[c] * scaled[c]
        scaled[k], rest = divmod(total, line[k])
        assert not rest, "Cramer's rule: the determinant times each unknown is whole"
    return [Fraction(y, det) for y in scaled]


def expected_steps_all(
    start: S, transition: Callable[[S], Dist[S]], is_target: Callable[[S], bool]
) -> dict[S, Fraction]:
    """Exact expected number of steps to reach a target state, for every state
    reachable from `start` (target states map to 0).

    `transition(s)` gives the distribution of the next state; `is_target`
    marks the absorbing set. Raises ValueError when the target cannot be
    reached from some reachable state (the expectation would be infinite).
    """
    if is_target(start):
        return {start: Fraction(0)}
    order, moves = _explore(start, transition, is_target)
    _check_reachable(order, moves, is_target)
    index = {s: i for i, s in enumerate(order)}
    # Row of state s, times the denominator D of its transition probabilities (n_t / D):
    # D * E[s] - sum of n_t * E[t] over non-target t = D.
    rows: list[dict[int, int]] = []
    rhs: list[int] = []
    for s in order:
        numerators, denominator = moves[s]._integers()
        row = {index[s]: denominator}
        for nxt, weight in numerators.items():
            j = index.get(nxt)
            if j is not None:
                row[j] = row.get(j, 0) - weight
        rows.append({c: x for c, x in row.items() if x})
        rhs.append(denominator)
    times = _solve_integers(rows, rhs)
    result = {s: times[i] for s, i in index.items()}
    for s in order:
        for nxt in moves[s]:
            if nxt not in result:
                result[nxt] = Fraction(0)
    return result


def expected_steps(
    start: S, transition: Callable[[S], Dist[S]], is_target: Callable[[S], bool]
) -> Fraction:
    """Exact expected number of steps from `start` until a target state is
    first reached (0 if `start` already is one). See `expected_steps_all`."""
    return expected_steps_all(start, transition, is_target)[start]


def reached_within(
    start: S, transition: Callable[[S], Dist[S]], is_target: Callable[[S], bool], steps: int
) -> list[Fraction]:
    """P(target reached within n steps) for n = 0..steps, exactly.

    Why besides the mean: a report wants "chance to be at speed 4 by round 3",
    which the expectation alone cannot answer.
    """
    if steps < 0:
        raise ValueError("steps must be >= 0")
    cache: dict[S, Dist[S]] = {}
    alive: dict[S, Fraction] = {}
    done = Fraction(0)
    if is_target(start):
        done = Fraction(1)
    else:
        alive[start] = Fraction(1)
    out = [done]
    for _ in range(steps):
        nxt_alive: dict[S, Fraction] = {}
        for s, p in alive.items():
            if s not in cache:
                cache[s] = transition(s)
            for t, q in cache[s].items():
                if is_target(t):
                    done += p * q
                else:
                    nxt_alive[t] = nxt_alive.get(t, Fraction(0)) + p * q
        alive = nxt_alive
        out.append(done)
    return out
