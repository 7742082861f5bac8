"""A stage's plan, held fixed and followed (``planner_sweeps``): the choice a Bellman sweep
made at every point, Speed, Whip layer and corridor state, kept as where its value is read
from and what the choice adds, so that following it is one gather a point.

Why: a sweep that minimises over every state's moves costs as much as the edges it weighs,
and values travel back from the line only a round a sweep. Following a fixed plan is a
gather of one value per state, a twentieth of the cost or less, so the solver alternates: one
Bellman sweep (the plan improved), then the plan followed until its values settle (policy
evaluation), until a Bellman sweep moves no round-end value by more than ``TOLERANCE``
(modified policy iteration). The expected Damage and cards are only ever the plan's, so
they are worked out by following the last plan alone.

The arrays a plan reads are a stage's ``work``: (channel: rounds, Damage, cards; slot:
this stage, the stage after it (zeros after the last); point; Speed; layer; state).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

Floats = np.ndarray


@dataclass
class CheckPlan:
    """The Speed Check chosen at the round's end, for one round start (layer ``first``)."""

    first: int  # the layer whose point-0 values the check reads
    layers: Floats  # the layers whose round's end it is
    best_of: Floats  # (sets, corridor): the Speed kept from each set of Speeds allowed
    weights: list[tuple[Floats, Floats]]
    """For each Speed, the sets its choices can roll, and the chosen choice's chance of
    each (corridor, those sets): a Speed's choices reach a few of the sets."""
    prices: Floats  # (Speed, corridor): the chosen cards' price in rounds
    still: tuple[Floats, Floats, Floats, Floats] | None = None
    """At Speed 0, when it moves no space: for the chosen choice, its price, its chance of
    each set that leaves Speed 0 and of staying, and the Speed kept from each such set
    (``Solver.check``'s closed form)."""


@dataclass
class Plan:
    """Where each (point, Speed, layer, corridor state) reads its value, and what it adds."""

    cols: Floats  # the corridor, ascending
    source: Floats  # (point 0-3, Speed, layer, corridor): flat index into a channel
    adds: Floats  # (channel, point 0-3, Speed, layer, corridor)
    checks: list[CheckPlan] = field(default_factory=list)

    def follow(self, work: Floats, channels: int) -> None:
        """One round of the plan, phase 4 back to phase 1 and the Speed Check, over the
        first ``channels`` channels (each point reads the one after it, as updated)."""
        flat = work[:channels].reshape(channels, -1)
        for p in (3, 2, 1, 0):
            view = work[:channels, 0, p]
            view[..., self.cols] = flat[:, self.source[p]] + self.adds[:channels, p]
        for check in self.checks:
            for c in range(channels):
                end = check_values(check, work[c, 0, 0, :, check.first][:, self.cols], c)
                work[c, 0, 4][:, check.layers[:, None], self.cols] = end[:, None, :]

    def settle(self, work: Floats, channels: int, counted: Floats, firsts: list[int],
               tolerance: float, most: int) -> None:
        """Follow the plan until no round-end value of a round start moves by more than
        ``tolerance`` (at most ``most`` rounds), then once more over every point.

        Only the round starts' values before phase 1 feed the Speed Check, and each of
        them reads the round's end through at most four moves: those chains are joined
        once (``round_trip``), so a round of the plan is one gather and the Speed Check."""
        source, adds = self.round_trip(work.shape, firsts)
        flat = work[:channels].reshape(channels, -1)
        for _ in range(most):
            before = work[:channels, 0, 4][:, :, firsts][..., counted]
            starts = flat[:, source] + adds[:channels]  # (channel, Speed, first, corridor)
            for i, check in enumerate(self.checks):
                for c in range(channels):
                    end = check_values(check, starts[c, :, i], c)
                    work[c, 0, 4][:, check.layers[:, None], self.cols] = end[:, None, :]
            now = work[:channels, 0, 4][:, :, firsts][..., counted]
            if float(np.abs(now - before).max(initial=0.0)) < tolerance:
                break
        self.follow(work, channels)

    def round_trip(self, shape: tuple[int, ...], firsts: list[int]) -> tuple[Floats, Floats]:
        """For the round starts' values before phase 1: where the plan's four moves read
        them from (the round's end, the stage after, or a state off the corridor, whose
        values stay put) and what the moves add on the way."""
        speeds, layers, states = shape[3:]
        where = np.full(states, -1, np.int64)
        where[self.cols] = np.arange(len(self.cols))
        block = 5 * speeds * layers * states
        source = self.source[0][:, firsts]
        adds = self.adds[:, 0][:, :, firsts]
        for q in (1, 2, 3):
            slot, rest = np.divmod(source, block)
            speed, rest = np.divmod(rest % (speeds * layers * states), layers * states)
            layer, state = np.divmod(rest, states)
            at = where[state]
            on = (slot == 0) & (at >= 0)
            adds = adds + np.where(on, self.adds[:, q][:, speed, layer, at], 0.0)
            source = np.where(on, self.source[q][speed, layer, at], source)
        return source, adds


def check_values(check: CheckPlan, first: Floats, channel: int) -> Floats:
    """The round's end under the chosen Speed Check, from the point-0 values ``first``
    (Speed, corridor) of one channel: rounds (the cards' price and the round counted),
    Damage, or cards (their price)."""
    first = first.copy()
    columns = np.arange(first.shape[1])
    if check.still is not None and channel == 0:
        price, leave, stay, kept = check.still
        first[0] = (price + 1.0 + (leave * first[kept, columns]).sum(axis=0)) / stay
    kept_values = first[check.best_of, columns]  # (sets, corridor)
    out = np.stack([np.einsum("ck,kc->c", weights, kept_values[sets], optimize=False)
                    for sets, weights in check.weights])
    if channel == 0:
        out += check.prices + 1.0
    elif channel == 2:
        out += check.prices
    return out
