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
    terms: list[tuple[Floats, Floats, Floats]]
    """The sum each (Speed, corridor state) takes over the sets of Speeds its chosen
    choice can reach, in groups of states reaching about as many (``by_reach``): each
    group's places (Speed x corridor + state), and for each k, where the group's k-th
    set reads its value (a place in the point-0 values, Speed x corridor + state) and
    its chance (0 past a state's own sets)."""
    prices: Floats  # (Speed, corridor): the chosen cards' price in rounds
    still: tuple[Floats, Floats, Floats, Floats] | None = None
    """At Speed 0, when it moves no space: for the chosen choice, its price, its chance of
    each set that leaves Speed 0 and of staying, and where the Speed kept from each such
    set reads its value, as a place in the point-0 values (Speed x corridor + state;
    ``Solver.check``'s closed form)."""


@dataclass
class Reach:
    """The sets of Speeds each Speed Check choice can roll (``Solver.check_matrices``),
    each choice a row (Speed by Speed, its choices in order): the sets it reaches
    (ascending, 0 past its own), its chance of each, how many, and each Speed's first
    row. A choice reaches a few of its Speed's sets; the others' chances are 0."""

    sets: Floats
    chances: Floats
    count: Floats
    first: Floats

    @classmethod
    def of(cls, chances: list[Floats]) -> Reach:
        """From each Speed's matrix of its choices' chances of each set."""
        rows = [row for matrix in chances for row in matrix]
        most = max(1, max((np.count_nonzero(row) for row in rows), default=1))
        sets = np.zeros((len(rows), most), np.int64)
        odds = np.zeros((len(rows), most), chances[0].dtype if chances else float)
        for r, row in enumerate(rows):
            reached = np.flatnonzero(row)
            sets[r, :len(reached)], odds[r, :len(reached)] = reached, row[reached]
        first = np.cumsum([0] + [len(matrix) for matrix in chances[:-1]])
        return cls(sets, odds, np.maximum(1, np.count_nonzero(odds, axis=1)), first)

    def terms(self, rows: Floats, best_of: Floats) -> list[tuple[Floats, Floats, Floats]]:
        """``CheckPlan.terms`` for the choice ``rows`` (Speed, corridor) chosen, reading
        the Speed kept from each set in ``best_of`` (sets, corridor).

        A matrix product of each Speed's choices and its sets adds a state's terms in
        the order of the sets, and so does a sum over k of a group's (k, places) (the
        places numpy's inner loop). The sets a choice cannot reach are left out (a
        chance of 0 adds 0 to the sum, bit for bit), and the places are grouped by how
        many sets their choice reaches (up to 2, 4, 8 ...; a group of fewer than ``FEW``
        joins the next): a sum runs over about as many terms as each reaches."""
        size = best_of.shape[1]
        rows = rows.reshape(-1)
        count = self.count[rows]
        upto = np.cumsum(np.bincount(count))  # places reaching at most so many sets
        top = len(upto) - 1
        bounds, high = [0], 2
        while bounds[-1] < top:
            high = min(high, top)
            if upto[high] - upto[bounds[-1]] >= FEW or high == top:
                bounds.append(high)
            high *= 2
        if len(bounds) > 2 and upto[bounds[-1]] - upto[bounds[-2]] < FEW:
            del bounds[-2]
        groups = []
        for low, high in zip(bounds, bounds[1:], strict=False):
            places = np.flatnonzero((count > low) & (count <= high))
            chosen, state = rows[places], (places % size)[:, None]
            k = int(count[places].max())
            sets = np.take(self.sets, chosen, axis=0)[:, :k]
            reads = np.take(best_of, sets * size + state) * size + state
            groups.append((places, np.ascontiguousarray(reads.T),  # numpy copies any other
                           np.ascontiguousarray(np.take(self.chances, chosen, axis=0)[:, :k].T)))
        return groups


FEW = 32  # places: a sum over fewer might run over k in numpy's inner loop, in another order


@dataclass
class Plan:
    """Where each (point, Speed, layer, corridor state) reads its value, and what it adds."""

    cols: Floats  # the corridor, ascending
    source: Floats  # (point 0-3, Speed, layer, corridor): flat index into a channel
    adds: Floats  # (channel, point 0-3, Speed, layer, corridor)
    checks: list[CheckPlan] = field(default_factory=list)
    _local: Floats | None = None  # ``local``, once worked out
    _places: dict[tuple[int, bytes], Floats] = field(default_factory=dict)  # ``places``

    def follow(self, work: Floats, channels: int, rows: list[Floats] | None = None) -> None:
        """One round of the plan, phase 4 back to phase 1 and the Speed Check, over the
        first ``channels`` channels (each point reads the one after it, as updated), in
        the layers ``rows[p]`` before each phase p (all when None): the layers a round
        start reaches read only each other's values."""
        flat = work[:channels].reshape(channels, -1)
        every = np.arange(work.shape[4])
        for p in (3, 2, 1, 0):
            layers = every if rows is None else rows[p]
            found = np.take(flat, self.source[p][:, layers], axis=1) \
                + self.adds[:channels, p][:, :, layers]
            places = self.places(work.shape, p, layers)
            for c in range(channels):
                flat[c][places] = found[c]
        for check in self.checks:
            first = np.take(work[:channels, 0, 0, :, check.first], self.cols, axis=2)
            self.write_end(work, check, check_values(check, first), check.layers)

    def write_end(self, work: Floats, check: CheckPlan, end: Floats, layers: Floats) -> None:
        """The round's end ``end`` (channel, Speed, corridor) into ``layers``."""
        places = self.places(work.shape, 4, layers)
        for c, values in enumerate(end):
            work[c].reshape(-1)[places] = values[:, None, :]

    def places(self, shape: tuple[int, ...], point: int, layers: Floats) -> Floats:
        """Where (``point``, Speed, each of ``layers``, corridor state) of this stage
        lie in a channel of work (``shape``): writing there through a flat index is
        twice as fast as through the indices of each axis."""
        key = (point, layers.tobytes())
        found = self._places.get(key)
        if found is None:
            speeds, count, states = shape[3:]
            rows = (point * speeds + np.arange(speeds))[:, None] * count + layers
            found = self._places[key] = rows[..., None] * states + self.cols
        return found

    def settle(self, work: Floats, channels: int, counted: Floats, firsts: list[int],
               tolerance: float, most: int, rows: list[Floats] | None = None) -> None:
        """Follow the plan until no round-end value of a round start moves by more than
        ``tolerance`` (at most ``most`` rounds), then once more over every point (of the
        layers ``rows``, ``follow``).

        Only the round starts' values before phase 1 feed the Speed Check, and each of
        them reads the round's end through at most four moves: those chains are joined
        once (``round_trip``), so a round of the plan is one gather and the Speed Check.
        The round's end is the same in each of a check's layers: the chains read it from
        the first, and only that one is written until the last round."""
        source, adds = self.round_trip(work.shape, firsts, channels)
        flat = work[:channels].reshape(channels, -1)
        ends = [check.layers[:1] for check in self.checks]
        watched = self.end_layers(len(self.adds[0, 0, 0]))[firsts]
        for _ in range(most):
            before = work[:channels, 0, 4][:, :, watched][..., counted]
            starts = np.take(flat, source, axis=1) + adds[:channels]  # (c, Speed, first, corr.)
            for i, check in enumerate(self.checks):
                self.write_end(work, check, check_values(check, starts[:, :, i]), ends[i])
            now = work[:channels, 0, 4][:, :, watched][..., counted]
            if float(np.abs(now - before).max(initial=0.0)) < tolerance:
                break
        for check, end in zip(self.checks, ends, strict=True):
            self.write_end(work, check, work[:channels, 0, 4][:, :, end[0]][..., self.cols],
                           check.layers)
        self.follow(work, channels, rows)

    def end_layers(self, layers: int) -> Floats:
        """For each layer, the layer whose round's end the chains read for it (the first
        of its check's layers)."""
        found = np.arange(layers)
        for check in self.checks:
            found[check.layers] = check.layers[0]
        return found

    def round_trip(self, shape: tuple[int, ...], firsts: list[int], channels: int = 3
                   ) -> tuple[Floats, Floats]:
        """For the round starts' values before phase 1: where the plan's four moves read
        them from (the round's end, the stage after, or a state off the corridor, whose
        values stay put) and what the moves add on the way. A round's end is read from
        the first layer of its check (``end_layers``). Only the first ``channels`` are
        added up: following a plan to settle its values reads the values alone."""
        speeds, layers, states = shape[3:]
        per_point = speeds * layers * states
        local = self.local(shape)
        source = self.source[0][:, firsts]
        adds = self.adds[:channels, 0][:, :, firsts]
        sources, added = self.source.reshape(-1), self.adds[:channels].reshape(channels, -1)
        for _ in (1, 2, 3):
            rest = source - per_point  # points 1-3 of this stage, from 0
            inside = (rest >= 0) & (rest < len(local))
            at = local[np.where(inside, rest, 0)]
            on = inside & (at >= 0)
            adds = adds + np.where(on, np.take(added, at, axis=1), 0.0)
            source = np.where(on, sources[at], source)
        end = source - 4 * per_point
        layer = np.where((end >= 0) & (end < per_point), end // states % layers, 0)
        source = source - (layer - self.end_layers(layers)[layer]) * states
        return np.ascontiguousarray(source), adds  # gathered from each round

    def local(self, shape: tuple[int, ...]) -> Floats:
        """For each place of points 1-3 in a channel of this stage's work, its place in
        the plan's arrays (point, Speed, layer, corridor), or -1 off the corridor."""
        if self._local is None:
            rows = 3 * shape[3] * shape[4]
            size = len(self.cols)
            found = np.full((rows, shape[5]), -1, np.int64)
            found[:, self.cols] = (np.arange(rows)[:, None] + rows // 3) * size \
                + np.arange(size)
            self._local = found.reshape(-1)
        return self._local


def check_values(check: CheckPlan, first: Floats) -> Floats:
    """The round's end under the chosen Speed Check, from the point-0 values ``first``
    (channel, Speed, corridor) of channels 0 up: rounds (the cards' price and the round
    counted), Damage, cards (their price)."""
    if check.still is not None:
        first = first.copy()
        price, leave, stay, kept = check.still
        first[0, 0] = (price + 1.0 + (leave * np.take(first[0], kept)).sum(axis=0)) / stay
    channels = len(first)
    flat = first.reshape(channels, -1)
    sums = np.empty(flat.shape, flat.dtype)
    for places, reads, weights in check.terms:
        found = (weights * np.take(flat, reads, axis=1)).sum(axis=1)
        for c in range(channels):
            sums[c][places] = found[c]
    out: Floats = sums.reshape(first.shape)
    out[0] += check.prices + 1.0
    if channels > 2:
        out[2] += check.prices
    return out
