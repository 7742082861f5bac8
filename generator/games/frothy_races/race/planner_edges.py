"""The moves a value table is solved over: for a track, a line and a number of spaces, every
state's phase moves as flat edge arrays (``Edges``), and the corridor of states each stage
is swept over (``corridor``). They depend on the track alone, so every vehicle and style
solved on a track shares them. ``planner_sweeps`` solves the table over them.

``moves_from`` and ``edges_of`` say what the edges are, one state and one walk at a time;
``edge_table`` works the same rows out for every state at once with numpy (a test holds
the two equal), and is what ``track_edges`` uses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from generator.games.frothy_races.race.course import (
    UNREACHABLE,
    RaceTrack,
    move_sequences,
    one_step_directions,
)
from generator.games.frothy_races.race.planner import MARGIN, TURNING
from generator.tracks.hexgrid import FACINGS

# The float every value, price and chance of a solve is (planner_sweeps): the table's own
# precision, and half the bytes a sweep moves of float64's.
SWEEP_FLOAT = np.float32

Floats = np.ndarray

# (state, turned?, a wall ahead of the end space?, rough spaces) short of the line, and
# across it.
Move = tuple[int, bool, bool, int]
Moves = tuple[tuple[Move, ...], tuple[Move, ...]]


# (end hex * FACINGS, crosses the stage's line?, fewest rough spaces on a way there)
Ends = tuple[tuple[int, bool, int], ...]


def stage_ends(rt: RaceTrack, line: int, spaces: int, states: Iterable[int]) -> list[Ends]:
    """For each of ``states``, where a phase of ``spaces`` spaces can end without a wall, whether
    some way there crosses ``line`` (then the move goes on in the next stage), and the
    fewest hazard or fragile spaces a way there enters."""
    hexes, neighbours = rt.lines[line], rt.neighbours
    rough = [t in ("hazard", "fragile") for t in rt.terrain]
    out: list[Ends] = []
    for state in states:
        start, facing = divmod(state, FACINGS)
        ends: dict[int, tuple[bool, int]] = {}
        for seq in move_sequences(facing, spaces):
            here, crosses, bumps = start, False, 0
            for d in seq:
                here = neighbours[here][d]
                if here < 0:
                    break
                crosses = crosses or here in hexes
                bumps += rough[here]
            if here >= 0:
                was = ends.get(here)
                ends[here] = (crosses, bumps) if was is None else (
                    was[0] or crosses, min(was[1], bumps))
        out.append(tuple((end * FACINGS, c, b) for end, (c, b) in ends.items()))
    return out


def hex_distance(rt: RaceTrack, sources: frozenset[int] | list[int]) -> list[int]:
    """Steps from the nearest of ``sources`` to every hex, over the track's spaces."""
    dist = [UNREACHABLE] * len(rt.hexes)
    frontier = list(sources)
    for h in frontier:
        dist[h] = 0
    while frontier:
        following = []
        for h in frontier:
            for n in rt.neighbours[h]:
                if n >= 0 and dist[n] == UNREACHABLE:
                    dist[n] = dist[h] + 1
                    following.append(n)
        frontier = following
    return dist


# Corridors by track, line and whether the stage is the race's first (entered from the
# grid): they depend on the track alone, and a table's every stage asks for one (the track
# is kept with them, so its id is never another's).
_CORRIDORS: dict[tuple[int, int, bool], tuple[RaceTrack, list[int]]] = {}


def corridor(rt: RaceTrack, stage: int) -> list[int]:
    """``corridor_of``, kept for the track."""
    key = (id(rt), stage % len(rt.lines), stage == 0)
    found = _CORRIDORS.get(key)
    if found is None or found[0] is not rt:
        if len(_CORRIDORS) >= 256:
            _CORRIDORS.clear()
        found = _CORRIDORS[key] = (rt, corridor_of(rt, stage))
    return list(found[1])


def corridor_of(rt: RaceTrack, stage: int) -> list[int]:
    """The states a vehicle drives through in ``stage``: every facing of the hexes between
    the line before (or the grid) and the stage's own, nearest the line first. A hex is
    between when its distances to both lines add up to little more than the shortest such
    sum (MARGIN more): the hexes behind the line before, or past the stage's line, are a
    section further from one of them."""
    lap = len(rt.lines)
    line = stage % lap
    ahead = hex_distance(rt, rt.lines[line])
    entry = [h for h, _ in rt.slots] if stage == 0 else rt.lines[(stage - 1) % lap]
    behind = hex_distance(rt, entry)
    sums = [a + b for a, b in zip(ahead, behind, strict=True)]
    shortest = min(sums[h] for h in entry)
    dist = rt.phases_to_go(line, 1)
    # Facings that head away from the line (the way there is much longer than the
    # straight distance) are left to the estimate: a vehicle faces so only after a spin.
    inside = [h * FACINGS + f for h in range(len(rt.hexes))
              if sums[h] <= shortest + MARGIN for f in range(FACINGS)
              if dist[h * FACINGS + f] <= ahead[h] + TURNING]
    inside.sort(key=lambda x: dist[x])
    return inside


def moves_from(rt: RaceTrack, line: int, spaces: int, states: Sequence[int]) -> list[Moves]:
    """For each of ``states``, the states a phase of ``spaces`` spaces and a turn or none can
    end in, each with whether it turned, whether a turn's Slide would meet a wall ahead,
    and the rough spaces on the way: those short of ``line``, those across it."""
    found: list[Moves] = []
    neighbours = rt.neighbours
    for x, ends in zip(states, stage_ends(rt, line, spaces, states), strict=True):
        facing = x % FACINGS
        short: list[Move] = []
        across: list[Move] = []
        for end, crosses, rough in ends:
            wall = any(neighbours[end // FACINGS][d] < 0 for d in one_step_directions(facing))
            for t in (0, 1, -1):
                (across if crosses else short).append(
                    (end + (facing + t) % FACINGS, t != 0, wall and t != 0, rough))
        found.append((tuple(short), tuple(across)))
    return found


@dataclass
class Edges:
    """A phase of ``n`` spaces from every state: flat arrays, grouped by the state."""

    src: Floats  # the state each edge leaves (ascending)
    dst: Floats  # the state it ends in (turned as the edge says)
    turned: Floats  # 1.0 when it turns
    slid: Floats  # 1.0 when a turn's Slide would meet a wall ahead
    rough: Floats  # hazard or fragile spaces entered
    across: Floats  # True when it crosses the stage's line
    starts: Floats  # where each state's edges begin
    groups: Floats  # the state of each run of edges
    group_of: Floats  # the run each edge belongs to
    stuck: Floats  # states with no way at all (a collision)
    finishing: Floats  # states with a way across the line
    order: Floats  # the edges block by block (``blocks``), each block k-major
    blocks: list[tuple[int, int, int, int]]
    """The states with the same number of edges (3, 6 or 9: one to three end spaces,
    each turned three ways), each as (edges a state, states, its first place in ``order``,
    its first run): a block's k-th edges of every state lie side by side, so the least
    of each state's edges is a few whole-row minimums rather than a minimum a run."""
    block_groups: Floats  # the state of each run, block by block


def edges_of(moves: list[Moves], states: Sequence[int], count: int) -> Edges:
    """``moves_from``'s lists (for ``states``, ascending, of ``count``) as edge arrays,
    short of the line first, as the planner weighs them."""
    rows = [(x, y, t, w, k, side) for x, (short, across) in zip(states, moves, strict=True)
            for side, pool in ((False, short), (True, across)) for y, t, w, k in pool]
    return edges_from(np.array(rows, dtype=np.int64).reshape(-1, 6), states, count)


def edge_table(rt: RaceTrack, line: int, spaces: int, states: Sequence[int]) -> Floats:
    """The rows ``edges_of(moves_from(...))`` is made of, worked out for every state at
    once: (state, end state, turned, Slide into a wall, rough spaces, across the line),
    in the same order (by state; short of the line, then across; each end in the order
    the walks first reach it; no turn, left, right)."""
    hexes = len(rt.hexes)
    neighbours = np.array(rt.neighbours, dtype=np.int64).reshape(-1, 6)
    on_line = np.zeros(hexes, bool)
    on_line[list(rt.lines[line])] = True
    rough = np.array([t in ("hazard", "fragile") for t in rt.terrain], dtype=np.int64)
    at = np.asarray(states, dtype=np.int64)
    found = []  # (position in states, walk number, end hex, across, rough) per walk
    for facing in range(FACINGS):
        which = np.flatnonzero(at % FACINGS == facing)
        if not len(which):
            continue
        for k, seq in enumerate(move_sequences(facing, spaces)):
            here, alive = at[which] // FACINGS, np.ones(len(which), bool)
            across, bumps = np.zeros(len(which), bool), np.zeros(len(which), np.int64)
            for d in seq:
                step = neighbours[here, d]
                alive &= step >= 0
                here = np.where(alive, step, here)
                across |= on_line[here]
                bumps += rough[here]
            found.append(np.stack([which[alive], np.full(int(alive.sum()), k), here[alive],
                                   across[alive], bumps[alive]], axis=1))
    walks = np.concatenate(found) if found else np.zeros((0, 5), np.int64)
    walks = walks[np.lexsort((walks[:, 1], walks[:, 2], walks[:, 0]))]
    new = np.r_[True, (walks[1:, 0] != walks[:-1, 0]) | (walks[1:, 2] != walks[:-1, 2])]
    starts = np.flatnonzero(new)
    if not len(starts):
        return np.zeros((0, 6), np.int64)
    ends = walks[starts]
    ends[:, 3] = np.logical_or.reduceat(walks[:, 3].astype(bool), starts)
    ends[:, 4] = np.minimum.reduceat(walks[:, 4], starts)
    ends = ends[np.lexsort((ends[:, 1], ends[:, 3], ends[:, 0]))]
    facings = at[ends[:, 0]] % FACINGS
    sides = np.array([(list(one_step_directions(f)) * 3)[:3] for f in range(FACINGS)])
    wall = (neighbours[ends[:, 2][:, None], sides[facings]] < 0).any(axis=1)
    turns = np.array([0, 1, -1])
    count = len(ends)
    table = np.empty((count * 3, 6), np.int64)
    table[:, 0] = np.repeat(at[ends[:, 0]], 3)
    table[:, 1] = (np.repeat(ends[:, 2] * FACINGS, 3)
                   + (np.repeat(facings, 3) + np.tile(turns, count)) % FACINGS)
    turned = np.tile(turns != 0, count)
    table[:, 2] = turned
    table[:, 3] = np.repeat(wall, 3) & turned
    table[:, 4] = np.repeat(ends[:, 4], 3)
    table[:, 5] = np.repeat(ends[:, 3], 3)
    return table


def edges_from(table: Floats, states: Sequence[int], count: int) -> Edges:
    """Edge arrays from rows of (state, end state, turned, Slide into a wall, rough
    spaces, across the line), grouped by the state."""
    src = table[:, 0]
    starts = np.flatnonzero(np.r_[True, src[1:] != src[:-1]]) if len(src) else src
    groups = src[starts]
    group_of = np.cumsum(np.r_[0, (src[1:] != src[:-1]).astype(np.int64)]) if len(src) \
        else src
    has = np.ones(count, bool)
    has[list(states)] = False
    has[groups] = True
    finishing = np.zeros(count, bool)
    finishing[src[table[:, 5] == 1]] = True
    return Edges(src, table[:, 1], table[:, 2].astype(SWEEP_FLOAT),
                 table[:, 3].astype(SWEEP_FLOAT),
                 np.minimum(table[:, 4], 8), table[:, 5] == 1, starts, groups, group_of,
                 np.flatnonzero(~has), finishing, *blocks_of(starts, groups, len(src)))


def blocks_of(starts: Floats, groups: Floats, total: int
              ) -> tuple[Floats, list[tuple[int, int, int, int]], Floats]:
    """``Edges.order``, ``Edges.blocks`` and ``Edges.block_groups`` for runs of edges
    beginning at ``starts`` (of ``total`` edges), by their states ``groups``."""
    counts = np.diff(np.r_[starts, total]).astype(np.int64)
    order, blocks, block_groups = [], [], []
    edge = run = 0
    for k in (int(k) for k in np.unique(counts)):
        which = np.flatnonzero(counts == k)
        order.append((starts[which][None, :] + np.arange(k)[:, None]).reshape(-1))
        blocks.append((k, len(which), edge, run))
        block_groups.append(groups[which])
        edge, run = edge + k * len(which), run + len(which)
    if not blocks:
        return np.zeros(0, np.int64), [], np.zeros(0, np.int64)
    return np.concatenate(order), blocks, np.concatenate(block_groups)


def first_least(value: Floats, e: Edges) -> tuple[Floats, Floats]:
    """For each row of ``value`` (a Speed and layer: its value of every edge, in the order
    of ``e.blocks``) and each state: the least of its edges, and the first edge that
    reaches it (as the planner's own ``value < best`` keeps the first), as a place in
    the row. A block's k-th edges lie side by side: its least is a minimum over k whole
    rows; which k reach it, a bit each, summed; the lowest bit set is the first."""
    rows = len(value)
    least = np.empty((rows, len(e.block_groups)), value.dtype)
    pick = np.empty((rows, len(e.block_groups)), np.int64)
    for k_count, count, edge, run in e.blocks:
        block = value[:, edge:edge + k_count * count].reshape(rows, k_count, count)
        low = least[:, run:run + count]
        np.minimum.reduce(block, axis=1, out=low)
        bits, first_bit = bit_weights(k_count)
        reached = (block == low[:, None, :]).view(np.uint8)
        k = first_bit(np.einsum("rkc,k->rc", reached, bits))
        pick[:, run:run + count] = edge + k * count + np.arange(count)
    return least, pick


def bit_weights(count: int) -> tuple[Floats, Callable[[Floats], Floats]]:
    """Weights 1, 2, 4 ... for ``count`` places, and a function from a sum of some of
    them to the lowest place in it (a table of every sum up to 12 places; beyond, the
    exponent of its lowest bit)."""
    if count <= 12:
        table = _LOWEST_BIT[:1 << count]
        return _BITS16[:count], lambda sums: table[sums]
    if count > 63:
        raise ValueError(f"{count} edges from one state: at most 63 are weighed at once")
    return (np.uint64(1) << np.arange(count, dtype=np.uint64),
            lambda sums: np.frexp((sums & (~sums + np.uint64(1))).astype(float))[1] - 1)


_BITS16 = np.left_shift(np.uint16(1), np.arange(12, dtype=np.uint16))
_LOWEST_BIT = np.array([(m & -m).bit_length() - 1 for m in range(1 << 12)], np.int64)


# Edge arrays by track, line, spaces and the corridor they start from: they depend on the
# track alone, so every vehicle and style solved on a track shares them (the track is
# kept with them, so its id is never another's).
_EDGES: dict[tuple[int, int, int, bytes], tuple[RaceTrack, Edges]] = {}


def track_edges(rt: RaceTrack, line: int, spaces: int, states: Sequence[int]) -> Edges:
    """The edges of a phase of ``spaces`` spaces from ``states`` towards ``line``
    (``edge_table``: ``edges_of(moves_from(...))`` worked out for all states at once)."""
    key = (id(rt), line, spaces, np.asarray(states, dtype=np.int64).tobytes())
    found = _EDGES.get(key)
    if found is None or found[0] is not rt:
        if len(_EDGES) >= 512:
            _EDGES.clear()
        found = _EDGES[key] = (rt, edges_from(edge_table(rt, line, spaces, states), states,
                                              len(rt.hexes) * FACINGS))
    return found[1]
