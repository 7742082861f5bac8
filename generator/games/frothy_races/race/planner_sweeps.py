"""Solving a value table (see ``planner`` for the model) with numpy: each
stage's corridor is swept as whole arrays, one round of the model a sweep, until no
round-end value moves by more than ``TOLERANCE``.

A phase's moves are kept as flat edge arrays (``planner_edges``: from each state, every end
state with its turn, Slide and rough-ground flags), so a sweep works out every state at once: the
candidates' values, the least per state (``np.minimum.reduceat``) and, for the expected
Damage and cards the plan adds up to, the first candidate that reaches it (as the
planner's own ``value < best`` would choose). The Speed Check is a matrix product: each
choice's chances over the sets of Speeds a roll allows, times the best value in each set.
Everything is float64 and done in one order, so a table is the same bit for bit each time.
"""

from __future__ import annotations

from array import array

import numpy as np

from generator.games.frothy_races.race.course import UNREACHABLE, RaceTrack
from generator.games.frothy_races.race.planner import (
    FAR,
    TOLERANCE,
    ValueTable,
    collision_cost,
    damage_rounds,
    roll_cost,
    roll_traits,
    rough_costs,
    speed_options,
    whip_budget,
)
from generator.games.frothy_races.race.planner_edges import Edges, corridor, track_edges
from generator.games.frothy_races.race.styles import DrivingStyle
from generator.games.frothy_races.race.vehicles import RaceVehicle
from generator.tracks.hexgrid import FACINGS

MAX_ROUNDS = 400  # sweeps at most (one round of the model each)
# The estimate off the corridor: this many times the rounds a space costs at the best
# Safe pace (or on the corridor's own line, where that is dearer; see Solver.stage).
ESTIMATE = 1.5
Floats = np.ndarray
# A stage's values, expected Damage and expected cards: each (point, Speed, state).
Layers = tuple[Floats, Floats, Floats]


class Solver:
    """The vehicle's prices and moves as arrays, and the sweeps of each stage."""

    def __init__(self, spec: RaceVehicle, rt: RaceTrack, stages: int,
                 style: DrivingStyle) -> None:
        self.spec, self.rt, self.stages = spec, rt, stages
        self.states = len(rt.hexes) * FACINGS
        self.speeds = spec.top_speed + 1
        self.moves = spec.moves
        price = damage_rounds(spec, style)
        rolls = [roll_cost(dice, spec.resilience, price, *roll_traits(spec))
                 for dice in spec.control]
        crash = [collision_cost(spec, v, style) for v in range(self.speeds)]
        self.turn = np.array([r[0] for r in rolls]), np.array([r[1] for r in rolls])
        self.crash = np.array([c[0] for c in crash]), np.array([c[1] for c in crash])
        # A turn's Slide (or Haste) toward a wall ahead: the chance times the collision.
        self.slide = (np.array([r[2] * c[0] for r, c in zip(rolls, crash, strict=True)]),
                      np.array([r[2] * c[1] for r, c in zip(rolls, crash, strict=True)]))
        rough = [rough_costs(spec, v, price) for v in range(self.speeds)]
        self.rough = np.array([r[0] for r in rough]), np.array([r[1] for r in rough])
        self.card = style.card_rounds  # a Whip for a space more in a movement phase
        self.check_matrices(spec, style)
        self.still = all(row[0] == 0 for row in spec.moves)  # Speed 0 moves no space
        safe = [v for v in range(self.speeds) if spec.control[v] == 0] or [0]
        self.pace = max(1, max(sum(row[v] for row in spec.moves) for v in safe))
        self.inside: list[int] = []  # the corridor being swept, ascending
        self._costs: dict[tuple[int, int, int], tuple[Floats, Floats, Floats]] = {}
        self._kept: list[Edges] = []  # the edges _costs is keyed by (their ids stay theirs)
        self.positions = np.arange(0)  # 0, 1, 2 ... as long as the longest edge list
        self.budget, self.whip_to, self.ends, self.firsts = whip_rounds(spec)
        # Each stage's values with 0 .. budget - 1 Whips left to play this round, and
        # every layer of the round (``whip_rounds``) with their Damage and cards.
        self.plain: dict[int, list[Floats]] = {}
        self.every: dict[int, list[Layers]] = {}

    def check_matrices(self, spec: RaceVehicle, style: DrivingStyle) -> None:
        """Each Speed's Speed Check choices: their card prices, and a matrix of each
        choice's chance of each set of Speeds the roll lets the player keep."""
        numbers: dict[tuple[int, ...], int] = {}
        options = speed_options(spec, style)
        for choices in options:
            for _, odds in choices:
                for _, ends in odds:
                    numbers.setdefault(ends, len(numbers))
        self.sets = sorted(numbers, key=numbers.__getitem__)
        self.prices, self.chances = [], []
        for choices in options:
            matrix = np.zeros((len(choices), len(self.sets)))
            for c, (_, odds) in enumerate(choices):
                for p, ends in odds:
                    matrix[c, numbers[ends]] += p
            self.prices.append(np.array([price for price, _ in choices]))
            self.chances.append(matrix)
        self.stops = np.array([s[-1] == 0 for s in self.sets])  # sets that leave Speed 0

    def edges(self, line: int, spaces: int) -> Edges:
        """The phase's edges from the corridor being swept (``self.inside``)."""
        found = track_edges(self.rt, line, spaces, self.inside)
        if len(found.src) > len(self.positions):
            self.positions = np.arange(len(found.src))
        return found

    def to_go(self, stage: int) -> Floats:
        """Spaces still to drive from each state (``RaceTrack.remaining``)."""
        rt = self.rt
        return np.array([rt.remaining(stage, self.stages, x) for x in range(self.states)],
                        dtype=float)

    def stage(self, stage: int, after: Layers | None) -> Layers:
        """Values, expected Damage and cards at every point of one stage; ``after`` holds
        the next stage's (None for the last: crossing its line ends the race).

        Outside the corridor a state keeps an estimate: the spaces to go at ``ESTIMATE``
        times the rounds a space costs at the best Safe pace. Where the corridor's own
        values show a space costs more than that (a vehicle whose every Speed is Safe
        has a pace no line through the bends keeps), the estimate is taken again from
        the corridor's median cost of a space and the sweeps go on: an estimate cheaper
        than the racing line would draw the driver off it."""
        self.inside = sorted(corridor(self.rt, stage))
        inside = np.zeros(self.states, bool)
        inside[self.inside] = True
        left = self.to_go(stage)
        far = left >= UNREACHABLE
        guess = np.where(far, FAR, ESTIMATE * left / self.pace + 1.0)
        shape = (5, self.speeds, self.states)
        layers = (np.broadcast_to(guess, shape).copy(), np.zeros(shape), np.zeros(shape))
        # Beside ``layers`` (a round with its whole Whip budget still to play), the
        # round's other layers (``whip_rounds``): fewer Whips left to play.
        k = self.budget
        every = [(layers[0].copy(), np.zeros(shape), np.zeros(shape))
                 for _ in range(len(self.ends))]
        every[k] = layers
        line = stage % len(self.rt.lines)
        later = None if after is None else self.every[stage + 1]
        self.sweep(line, inside, guess, every, later)
        reached = inside & (left > 0) & ~far
        if reached.any():
            cost = float(np.median(layers[0][4].min(axis=0)[reached] / left[reached]))
            if cost * self.pace > 1.05:
                guess = np.where(far, FAR, ESTIMATE * cost * left + 1.0)
                for each in every:
                    each[0][:, :, ~inside] = guess[~inside]
                self.sweep(line, inside, guess, every, later)
        self.every[stage] = every
        self.plain[stage] = [every[j][0] for j in range(k)]
        return layers

    def sweep(self, line: int, inside: Floats, guess: Floats, layers: list[Layers],
              after: list[Layers] | None) -> None:
        """Sweep the corridor, a round of the model at a time, until no round-end value,
        expected Damage or card count moves by more than TOLERANCE. ``layers`` holds the
        round's layers (``whip_rounds``); ``after`` the next stage's (None for the last)."""
        counted = inside & (guess < FAR / 2)
        outside = (guess, np.zeros(self.states), np.zeros(self.states))
        for _ in range(MAX_ROUNDS):
            before = [layers[f][c][4].copy() for f in self.firsts for c in range(3)]
            for p in (3, 2, 1, 0):
                for v in range(self.speeds):
                    found = self.phase(line, p, v, layers, after)
                    for target, result in zip(layers, found, strict=True):
                        for layer, new, kept in zip(target, result, outside, strict=True):
                            layer[p, v] = np.where(inside, new, kept)
            ends = [[np.where(inside, new, kept)
                     for new, kept in zip(self.check(layers[f]), outside, strict=True)]
                    for f in self.firsts]
            for target, end in zip(layers, self.ends, strict=True):
                for c in range(3):
                    target[c][4] = ends[end][c]
            now = [layers[f][c][4] for f in self.firsts for c in range(3)]
            moved = max(float(np.abs(layer - old)[:, counted].max(initial=0.0))
                        for layer, old in zip(now, before, strict=True))
            if moved < TOLERANCE:
                return

    def phase(self, line: int, p: int, v: int, layers: list[Layers],
              after: list[Layers] | None) -> list[tuple[Floats, Floats, Floats]]:
        """Before phase ``p`` at Speed ``v``, in each of the round's layers: the best move
        (a Whip for one space more, when the layer has one left and that is worth its
        price; the rest of the round is then driven in the layer with one fewer)."""
        n = self.moves[p][v]
        found = []
        afters: list[Layers | None] = list(after) if after else [None] * len(layers)
        for layer, later, to in zip(layers, afters, self.whip_to, strict=True):
            keep = self.move(line, p, v, n, layer, later)
            if to < 0:
                found.append(keep)
                continue
            whip = self.move(line, p, v, n + 1, layers[to], None if after is None
                             else after[to])
            better = whip[0] + self.card < keep[0]
            found.append((np.where(better, whip[0] + self.card, keep[0]),
                          np.where(better, whip[1], keep[1]),
                          np.where(better, whip[2] + self.card, keep[2])))
        return found

    def move(self, line: int, p: int, v: int, n: int, now: Layers, after: Layers | None
             ) -> tuple[Floats, Floats, Floats]:
        """The best way to move ``n`` spaces (and turn or not) before phase ``p``."""
        then = [layer[p + 1, v] for layer in now]
        if n == 0:
            return then[0], then[1], then[2]
        e = self.edges(line, n)
        # Values at every edge's end; expected Damage and cards only at the chosen ones.
        value = then[0][e.dst]
        if after is not None:
            value = np.where(e.across, after[0][p + 1, v][e.dst], value)
        turned, slid, rough = self.edge_costs(e, v, 0)
        value = value + turned + slid + rough
        out = [np.zeros(self.states) for _ in range(3)]
        if len(e.src):
            least = np.minimum.reduceat(value, e.starts)
            # The first edge of each state's run that reaches its least (as the planner's
            # own ``value < best`` keeps the first).
            first = np.where(value == least[e.group_of], self.positions[:len(value)],
                             len(value))
            chosen = np.minimum.reduceat(first, e.starts)
            ends = e.dst[chosen]
            base = [layer[ends] for layer in then[1:]]
            if after is not None:
                crossed = e.across[chosen]
                base = [np.where(crossed, layer[p + 1, v][ends], b)
                        for layer, b in zip(after[1:], base, strict=True)]
            out[0][e.groups] = least
            out[1][e.groups] = base[0] + (
                e.turned[chosen] * self.turn[1][v] + e.slid[chosen] * self.slide[1][v]
                + self.rough[1][v][e.rough[chosen]])
            out[2][e.groups] = base[1]
        if len(e.stuck):
            self.collide(e.stuck, v, [layer[p + 1] for layer in now], out)
        if after is None:
            for layer in out:
                layer[e.finishing] = 0.0  # across the finish: the race is over for it
        return out[0], out[1], out[2]

    def edge_costs(self, e: Edges, v: int, kind: int) -> tuple[Floats, Floats, Floats]:
        """What each edge adds at Speed ``v`` besides its end's value (``kind`` 0: rounds,
        1: Damage): a turn's Control roll, a Slide into a wall, rough ground. Worked out
        once per solve for each phase's edges."""
        key = (id(e), v, kind)
        found = self._costs.get(key)
        if found is None:
            found = self._costs[key] = (e.turned * self.turn[kind][v],
                                        e.slid * self.slide[kind][v],
                                        self.rough[kind][v][e.rough])
            self._kept.append(e)
        return found

    def collide(self, stuck: Floats, v: int, then: list[Floats], out: list[Floats]) -> None:
        """After a collision: half the Speed and the best facing in the same space."""
        hexes = stuck // FACINGS
        block = then[0][v // 2].reshape(-1, FACINGS)[hexes]
        j = hexes * FACINGS + np.argmin(block, axis=1)
        out[0][stuck] = self.crash[0][v] + then[0][v // 2][j]
        out[1][stuck] = self.crash[1][v] + then[1][v // 2][j]
        out[2][stuck] = then[2][v // 2][j]

    def check(self, now: Layers) -> tuple[Floats, Floats, Floats]:
        """The round's end: the best Speed Check choice at each Speed, each way the dice
        fall at the best Speed the player may keep from it."""
        cols = np.asarray(self.inside, dtype=np.int64)  # only the corridor is swept
        first = [layer[0][:, cols] for layer in now]
        if self.still:
            # At Speed 0 a round that ends at Speed 0 ends where it began: W0 solves
            # W0 = min over choices of (price + 1 + P(stuck at 0) W0 + the rest).
            moving = np.stack([first[0][[s for s in ends if s]].min(axis=0) if ends[-1]
                               else np.zeros(len(cols)) for ends in self.sets])
            chances = self.chances[0]
            rest = product(chances[:, ~self.stops], moving[~self.stops])
            stay = np.maximum(1e-9, 1.0 - chances[:, self.stops].sum(axis=1))
            first[0][0] = ((self.prices[0][:, None] + 1.0 + rest) / stay[:, None]).min(axis=0)
        columns = np.arange(len(cols))
        best_of = [np.array(ends)[np.argmin(first[0][list(ends)], axis=0)] for ends in self.sets]
        kept = [np.stack([layer[s, columns] for s in best_of]) for layer in first]
        out = [np.zeros((self.speeds, self.states)) for _ in range(3)]
        for v in range(self.speeds):
            chances, prices = self.chances[v], self.prices[v][:, None]
            total = prices + 1.0 + product(chances, kept[0])
            pick = np.argmin(total, axis=0)
            out[0][v, cols] = total[pick, columns]
            out[1][v, cols] = product(chances, kept[1])[pick, columns]
            out[2][v, cols] = (prices + product(chances, kept[2]))[pick, columns]
        return out[0], out[1], out[2]

    def flying_lap(self, end: Floats) -> int:
        """Where a lap is timed from: the index (Speed and state) on the finish line with
        the best last-lap value at the round's end (a flying lap)."""
        finish = self.rt.lines[-1]
        flat = end.reshape(-1)
        return min((v * self.states + h * FACINGS + f for h in finish
                    for f in range(FACINGS) for v in range(self.speeds)),
                   key=lambda i: float(flat[i]))


def whip_rounds(spec: RaceVehicle) -> tuple[int, list[int], list[int], list[int]]:
    """The layers a round is solved in, by the Whips still to play for a space more: the
    budget k (``whip_budget``); for each layer, the layer a Whip played leads to (-1:
    none left) and which round start its round's end leads to; and the layers each round
    start is (the first, a round with the whole budget).

    A card spent comes back only at the end of the next round ('Card Recovery'): the
    Whips in hand at a round's start are the W that can be played as one less those
    played the round before. So with W even a round may always play k = W / 2; with W
    odd, k = (W + 1) / 2, but a round that played all k starts the next with k - 1 (and
    that round, whatever it plays, the next with k). Layers 0 .. k are the rounds that
    start with k (layer j: j left); after them, those that start with k - 1."""
    whips = sum(spec.deck_slots[k] for k in spec.card_slots["whip"])
    k = whip_budget(spec)
    whip_to = [j - 1 for j in range(k + 1)]
    ends = [0] * (k + 1)
    firsts = [k]
    if whips % 2:
        ends[0] = 1  # the whole budget played: the next round starts one short
        whip_to += [k + j if j else -1 for j in range(k)]
        ends += [0] * k
        firsts.append(2 * k)
    return k, whip_to, ends, firsts


def product(chances: Floats, kept: Floats) -> Floats:
    """Each choice's expectation over the sets of Speeds: a matrix product done by numpy's
    own loops (a threaded BLAS is a hundred times slower on matrices this small, on a
    shared machine, and its sums need not come out the same bit for bit)."""
    return np.einsum("ck,ks->cs", chances, kept, optimize=False)


def solve(spec: RaceVehicle, rt: RaceTrack, stages: int, style: DrivingStyle) -> ValueTable:
    """Solve the table, last stage first (each reads the one after it).

    The last lap is solved, and before it a whole lap that goes on across the finish line
    (its stages read the last lap's: a driver must land well across each line, and a
    stage must read the very stage that follows it, or the values jump at the line and
    the driver shies from crossing it). Laps before those two are the lap before the last
    plus what a lap adds (rounds, Damage, cards), read at the best state on the finish
    line (a flying lap)."""
    solver = Solver(spec, rt, stages, style)
    lap = len(rt.lines)
    by_stage: dict[int, Layers] = {}
    after: Layers | None = None
    base = max(0, stages - 2 * lap)
    for stage in range(stages - 1, base - 1, -1):
        after = by_stage[stage] = solver.stage(stage, after)
    if base:
        middle, last = by_stage[base], by_stage[base + lap]
        best = solver.flying_lap(last[0][4])
        extra = [float(m[4].reshape(-1)[best] - t[4].reshape(-1)[best])
                 for m, t in zip(middle, last, strict=True)]
        for stage in range(base - 1, -1, -1):
            laps = (base - stage + lap - 1) // lap
            source = by_stage[stage + laps * lap]
            by_stage[stage] = (source[0] + extra[0] * laps, source[1] + extra[1] * laps,
                               source[2] + extra[2] * laps)
            solver.plain[stage] = [layer + extra[0] * laps
                                   for layer in solver.plain[stage + laps * lap]]
    kept = [[[stored(layer[p]) for p in range(5)] for layer in by_stage[stage]]
            for stage in range(stages)]
    plain = [[[stored(solver.plain[stage][j][p]) for p in range(4)] for stage in range(stages)]
             for j in range(solver.budget)]
    start = rt.slots[0][0] * FACINGS + rt.slots[0][1] if rt.slots else 0
    return ValueTable(stages, solver.states, solver.speeds, [t[0] for t in kept],
                      [t[1] for t in kept], [t[2] for t in kept], start, plain)


def stored(layer: Floats) -> array:
    """One point's layer as the table keeps it: float32, indexed Speed x states + state."""
    out = array("f")
    out.frombytes(np.ascontiguousarray(layer, dtype=np.float32).tobytes())
    return out
