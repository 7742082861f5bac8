"""Solving a value table (see ``planner`` for the model) with numpy: each stage's
corridor is solved by modified policy iteration. A Bellman sweep (one round of the model,
phase 4 back to phase 1 and the Speed Check) picks every state's best choice; the plan it
picks is then followed, a gather a point, until its values settle (``planner_plan``); and
so on until a Bellman sweep moves no round-end value by more than ``TOLERANCE``. Values
travel back from the line a round a sweep, so sweeping alone took 8-10 sweeps a stage;
following the plan carries them the same way for a twentieth of the cost, and 5-7 sweeps
remain (the plan's choices settling). The expected Damage and cards are the last plan's.

A phase's moves are kept as flat edge arrays (``planner_edges``: from each state, every end
state with its turn, Slide and rough-ground flags), so a sweep works out every state at once,
in every Whip layer and at every Speed that moves as far: the candidates' values, the least
per state and the first candidate that reaches it (``first_least``, as the planner's own
``value < best`` would choose), which the plan keeps. Layers whose values cannot differ at a
point are worked out once (``planner_layers.layer_classes``). The Speed Check
(``planner_checks``) is a matrix product: each choice's chances over the sets of Speeds a
roll allows, times the best value in each set. The values, chances and what a plan adds
are float32 (``SWEEP_FLOAT``, the table's own precision: a sweep's time is mostly bytes
moved, and float64 took 15% longer); the per-Speed prices of a turn, a crash and rough
ground stay as worked out (float64) and are added into them. All is done in one order, so
a table is the same bit for bit each time; the shortcuts (whole-row minimums, the layers
worked out once, sums without the terms of chance 0) give the same bits as the plain
steps, which tests/games/frothy_races/race/test_race_planner_sweeps.py holds.

Most arrays a sweep reads are gathered with ``np.take`` from C-contiguous arrays and written
through flat indices: numpy's own indexing by several arrays, or a take from a strided
array, cost about a third of a solve more (issue 24, docs/race-speed.md).
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
)
from generator.games.frothy_races.race.planner_checks import SpeedChecks
from generator.games.frothy_races.race.planner_edges import (
    SWEEP_FLOAT,
    Edges,
    corridor,
    first_least,
    track_edges,
)
from generator.games.frothy_races.race.planner_layers import (
    layer_classes,
    reached_layers,
    same_layers,
    whip_rounds,
)
from generator.games.frothy_races.race.planner_plan import Plan
from generator.games.frothy_races.race.styles import DrivingStyle
from generator.games.frothy_races.race.vehicles import RaceVehicle
from generator.tracks.hexgrid import FACINGS

MAX_ROUNDS = 400  # Bellman sweeps a stage, and rounds a plan is followed, at most
# The estimate off the corridor: this many times the rounds a space costs at the best
# Safe pace (or on the corridor's own line, where that is dearer; see Solver.stage).
ESTIMATE = 1.5
Floats = np.ndarray
# A move in each row (a Speed and a layer): its value, where it is read from and what it
# adds (rounds, Damage, cards), each (row, corridor state).
Choice = tuple[Floats, Floats, Floats, Floats, Floats]
SETTLE = TOLERANCE / 4  # a plan is followed until no round-end value moves more than this


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
        self.checker = SpeedChecks(spec, style)
        # The Speed Check's sets, prices, chances and closed form at Speed 0, as
        # ``planner_risk`` reads them.
        checker = self.checker
        self.sets, self.prices, self.chances = checker.sets, checker.prices, checker.chances
        self.stops, self.still = checker.stops, checker.still
        safe = [v for v in range(self.speeds) if spec.control[v] == 0] or [0]
        self.pace = max(1, max(sum(row[v] for row in spec.moves) for v in safe))
        self.inside: list[int] = []  # the corridor being swept, ascending
        self._costs: dict[tuple[int, int, int], tuple[Floats, Floats, Floats]] = {}
        self._kept: list[Edges] = []  # the edges _costs is keyed by (their ids stay theirs)
        self.positions = np.arange(0)  # 0, 1, 2 ... as long as the longest edge list
        self._edges_for: list[int] | None = None  # the corridor _edges_now are from
        self._edges_now: dict[tuple[int, int], Edges] = {}
        # Where each row of a move reads its edges' ends, by the edges and the rows (the
        # same every sweep of a stage): kept while the stage is solved.
        self._reads: dict[tuple[int, bytes], Floats] = {}
        self._runs: dict[int, tuple[Edges, Floats]] = {}  # ``runs_of``, by the edges
        self._kinds: dict[tuple[int, bytes], tuple[Floats, ...]] = {}  # ``move_once``'s
        self.budget, self.whip_to, self.ends, self.firsts = whip_rounds(spec)
        layers = len(self.ends)
        self.whip_array = np.asarray(self.whip_to, np.int64)
        self.reached, self.unreached = reached_layers(self.whip_to, self.firsts)
        self.classes = np.array(layer_classes(self.whip_to, self.ends), np.int64)
        # The stage being solved and the one after it (``planner_plan``; made by the first
        # stage solved: ``planner_risk`` reads the prices alone), and the size of one of
        # them in a channel; the corridor, and each state's place in it (or -1).
        self.work = np.zeros(0)
        self.block = 5 * self.speeds * layers * self.states
        self.cols = np.arange(0)
        self.where = np.full(self.states, -1, np.int64)
        self.last = False  # the stage being solved is the race's last

    def edges(self, line: int, spaces: int) -> Edges:
        """The phase's edges from the corridor being swept (``self.inside``), kept while
        it is swept (``track_edges`` keys them by the corridor's bytes, a cost per call)."""
        if self._edges_for is not self.inside:
            self._edges_for, self._edges_now = self.inside, {}
        found = self._edges_now.get((line, spaces))
        if found is None:
            found = self._edges_now[line, spaces] = track_edges(self.rt, line, spaces,
                                                                self.inside)
            if len(found.src) > len(self.positions):
                self.positions = np.arange(len(found.src))
        return found

    def to_go(self, stage: int) -> Floats:
        """Spaces still to drive from each state (``RaceTrack.remaining``; over the last
        two laps, the chained distances it reads, all at once)."""
        rt = self.rt
        window = self.stages - 2 * len(rt.lines)
        if stage >= window:
            return np.asarray(rt.chain[stage - window], dtype=SWEEP_FLOAT)
        return np.array([rt.remaining(stage, self.stages, x) for x in range(self.states)],
                        dtype=SWEEP_FLOAT)

    def stage(self, stage: int) -> tuple[Floats, Floats]:
        """Values, expected Damage and cards at every point of one stage, read from the
        stage after it (solved just before; crossing the last stage's line ends the race):
        the layer of a round with its whole Whip budget (channel, point, Speed, state), and
        the values of the layers with fewer Whips left (point 0-3, Speed, layer, state).

        Outside the corridor a state keeps an estimate: the spaces to go at ``ESTIMATE``
        times the rounds a space costs at the best Safe pace. Where the corridor's own
        values show a space costs more than that (a vehicle whose every Speed is Safe
        has a pace no line through the bends keeps), the estimate is taken again from
        the corridor's median cost of a space and the sweeps go on: an estimate cheaper
        than the racing line would draw the driver off it. Then the layers and points no
        round start reaches (``reached_layers``), and the plan's expected Damage and cards
        (``planner_plan``)."""
        inside = self.enter(stage)
        left = self.to_go(stage)
        far = left >= UNREACHABLE
        guess = np.where(far, FAR, ESTIMATE * left / self.pace + 1.0)
        work = self.work
        # The stage after (read from its points 1-4 alone: a move reads the point after).
        work[:, 1, 1:] = 0.0 if self.last else work[:, 0, 1:]
        work[0, 0] = guess
        work[1:, 0] = 0.0
        line = stage % len(self.rt.lines)
        counted = inside & (guess < FAR / 2)
        plan = self.converge(line, counted)
        reached = inside & (left > 0) & ~far
        if reached.any():
            full = work[0, 0, 4, :, self.budget]
            cost = float(np.median(full.min(axis=0)[reached] / left[reached]))
            if cost * self.pace > 1.05:
                guess = np.where(far, FAR, ESTIMATE * cost * left + 1.0)
                work[0, 0][..., ~inside] = guess[~inside]
                plan = self.converge(line, counted)
        self.improve(line, self.unreached, plan)
        plan.settle(work, 3, counted, self.firsts, SETTLE, MAX_ROUNDS)
        return (work[:, 0, :, :, self.budget].copy(),
                work[0, 0, :4, :, :self.budget].copy())

    def enter(self, stage: int) -> Floats:
        """Make ``stage`` the one being solved: its corridor (``self.inside``, each state's
        place in it), whether it is the race's last; the corridor as a mask."""
        self.inside = sorted(corridor(self.rt, stage))
        self.cols = np.asarray(self.inside, dtype=np.int64)
        self.where[:] = -1
        self.where[self.cols] = np.arange(len(self.cols))
        self.last = stage == self.stages - 1
        self._reads = {}
        if self.work.ndim == 1:
            self.work = np.zeros((3, 2, 5, self.speeds, len(self.ends), self.states), SWEEP_FLOAT)
        inside = np.zeros(self.states, bool)
        inside[self.cols] = True
        return inside

    def converge(self, line: int, counted: Floats) -> Plan:
        """Bellman sweeps over what a round start reaches, each plan followed until its
        values settle (loosely while the sweeps still move values far), until a sweep
        moves no round-end value by more than TOLERANCE."""
        work, firsts = self.work, self.firsts
        plan = None
        for _ in range(MAX_ROUNDS):
            before = work[0, 0, 4][:, firsts][..., counted]
            plan = self.improve(line, self.reached, plan)
            moved = float(np.abs(work[0, 0, 4][:, firsts][..., counted] - before)
                          .max(initial=0.0))
            if moved < TOLERANCE:
                break
            plan.settle(work, 1, counted, firsts, max(SETTLE, moved / 2), MAX_ROUNDS,
                        self.reached)
        assert plan is not None
        return plan

    def improve(self, line: int, rows: list[Floats], plan: Plan | None) -> Plan:
        """One Bellman sweep of the values of ``rows[p]``'s layers before each phase p
        (phase 4 back to phase 1, each reading the point after it as just updated), then
        the Speed Check when the round starts are among them; the choices it made, in
        ``plan`` (a new one when None). Layers whose values at a point cannot differ
        (``layer_classes``) are swept once and copied."""
        speeds, size = self.speeds, len(self.cols)
        if plan is None:
            plan = Plan(self.cols, np.zeros((4, speeds, len(self.ends), size), np.int64),
                        np.zeros((3, 4, speeds, len(self.ends), size), SWEEP_FLOAT))
        values = self.work[0, 0]
        for p in (p for p in (3, 2, 1, 0) if len(rows[p])):
            swept, copies, kinds = same_layers(rows[p], self.classes[p])
            for n, group in self.by_spaces(p):
                v, layer = np.repeat(group, len(swept)), np.tile(swept, len(group))
                found = self.phase(line, p, n, group, swept)
                places = ((p * speeds + v) * len(self.ends) + layer)[:, None] * self.states
                values.reshape(-1)[places + self.cols] = found[0]
                plan.source[p][v, layer] = found[1]
                for c in range(3):
                    plan.adds[c, p][v, layer] = found[2 + c]
            if len(copies):
                values[p][:, copies[:, None], self.cols] = values[p][:, kinds[:, None],
                                                                     self.cols]
                plan.source[p][:, copies] = plan.source[p][:, kinds]
                plan.adds[:, p][:, :, copies] = plan.adds[:, p][:, :, kinds]
        if np.isin(self.firsts, rows[0]).all():
            plan.checks = []
            for f in self.firsts:
                layers = np.array([j for j, end in enumerate(self.ends)
                                   if self.firsts[end] == f])
                ends, check = self.checker.check(values[0, :, f][:, self.cols], f, layers)
                values[4][:, check.layers[:, None], self.cols] = ends[:, None, :]
                plan.checks.append(check)
        return plan

    def by_spaces(self, p: int) -> list[tuple[int, Floats]]:
        """The Speeds whose phase ``p`` moves the same number of spaces, by that number:
        they share the phase's edges, so one pass over them weighs them all."""
        found: dict[int, list[int]] = {}
        for v in range(self.speeds):
            found.setdefault(self.moves[p][v], []).append(v)
        return [(n, np.array(group, np.int64)) for n, group in found.items()]

    def phase(self, line: int, p: int, n: int, group: Floats, layers: Floats) -> Choice:
        """Before phase ``p``, at each of the Speeds ``group`` (whose phase moves ``n``
        spaces) in each of ``layers`` (rows: Speed by Speed, a layer each): the best move
        (a Whip for one space more, when the layer has one left and that is worth its
        price; the rest of the round is then driven in the layer with one fewer)."""
        keep = self.move_once(line, p, n, group, layers)
        has = np.flatnonzero(self.whip_array[layers] >= 0)
        if not len(has):
            return keep
        whip = self.move_once(line, p, n + 1, group, self.whip_array[layers[has]])
        shape = (len(group), len(has), -1)
        if has[-1] - has[0] + 1 == len(has):  # a run of layers: merged in place
            whipped: slice | Floats = slice(int(has[0]), int(has[-1]) + 1)
        else:
            whipped = has
        better = (whip[0] + self.card).reshape(shape) < \
            keep[0].reshape(len(group), len(layers), -1)[:, whipped]
        for k, add in enumerate((self.card, 0, self.card, 0.0, self.card)):
            mine = keep[k].reshape(len(group), len(layers), -1)
            taken = (whip[k] + add if add else whip[k]).reshape(shape)
            if isinstance(whipped, slice):
                np.copyto(mine[:, whipped], taken, where=better)
            else:
                mine[:, whipped] = np.where(better, taken, mine[:, whipped])
        return keep

    def move_once(self, line: int, p: int, n: int, group: Floats, layers: Floats) -> Choice:
        """``move`` for each of ``layers``, worked out once for the layers that read the
        same values at the next point (``layer_classes``) and copied to the others."""
        key = (p, layers.tobytes())
        kinds = self._kinds.get(key)
        if kinds is None:
            kinds = self._kinds[key] = np.unique(self.classes[p + 1][layers],
                                                 return_index=True, return_inverse=True)
        _, first, back = kinds
        found = self.move(line, p, n, group, layers[first])
        if len(first) == len(layers) and np.array_equal(first, np.arange(len(layers))):
            return found
        return tuple(f.reshape(len(group), len(first), -1)[:, back]
                     .reshape(len(group) * len(layers), -1) for f in found)  # type: ignore

    def move(self, line: int, p: int, n: int, group: Floats, layers: Floats) -> Choice:
        """The best way to move ``n`` spaces (and turn or not) before phase ``p``, at each
        of the Speeds ``group`` in each of ``layers``: its value, where the value is read
        from and what the move adds (rounds, Damage, cards), for each corridor state."""
        v, layer = np.repeat(group, len(layers)), np.tile(layers, len(group))
        rows, size = len(v), len(self.cols)
        base = (self.offset(p + 1, v) + layer * self.states)[:, None]
        if n == 0:
            source = base + self.cols
            zero = np.zeros((rows, size), SWEEP_FLOAT)
            return self.work[0].reshape(-1)[source], source, zero, zero.copy(), zero.copy()
        e = self.edges(line, n)
        # Every corridor state has edges or is stuck: only the cards a move adds start at 0.
        if len(e.src):
            *out, source = self.weigh(e, base, group)
        else:
            out = [np.empty((rows, size), SWEEP_FLOAT) for _ in range(3)]
            source = np.empty((rows, size), np.int64)
        out.append(np.zeros((rows, size), SWEEP_FLOAT))
        if len(e.stuck):
            self.collide(e.stuck, p, v, layer, out, source)
        if self.last and e.finishing.any():  # across the finish: the race is over for it
            g = self.where[np.flatnonzero(e.finishing)]
            for part in out[:3]:
                part[:, g] = 0.0
            source[:, g] = self.block + base + self.cols[g]  # a zero of the stage after
        return out[0], source, out[1], out[2], out[3]

    def weigh(self, e: Edges, base: Floats, group: Floats
              ) -> tuple[Floats, Floats, Floats, Floats]:
        """``move`` over the edges ``e``: for each row (a Speed of ``group`` and a layer,
        read from ``base``), every edge's value, the least of each state's and the first
        edge reaching it (``first_least``): the value, what the edge adds (rounds,
        Damage) and where it reads, for each corridor state (a stuck one's, any)."""
        ends, prices, hurts = self.edge_prices(e)
        rows, count = len(base), len(e.src)
        key = (id(e), base.tobytes())
        at = self._reads.get(key)
        if at is None:
            at = self._reads[key] = base + ends
        value = np.take(self.work[0].reshape(-1), at)
        value.reshape(len(group), -1, count)[...] += prices[group][:, None, :]
        least, pick = first_least(value, e)  # pick: the edge, in each row
        run = self.runs_of(e)
        pick = np.take(pick, run, axis=1)
        by_speed = pick + (np.repeat(group, rows // len(group)) * count)[:, None]
        return (np.take(least, run, axis=1), np.take(prices, by_speed),
                np.take(hurts, by_speed), np.take(ends, pick) + base)

    def runs_of(self, e: Edges) -> Floats:
        """For each corridor state, its run of ``e`` in the order of ``e.blocks`` (0 for a
        stuck one): the sweep's results are taken from the runs in the corridor's order."""
        found = self._runs.get(id(e))
        if found is None or found[0] is not e:
            run = np.zeros(len(self.cols), np.int64)
            run[self.where[e.block_groups]] = np.arange(len(e.block_groups))
            found = self._runs[id(e)] = (e, run)
        return found[1]

    def collide(self, stuck: Floats, p: int, v: Floats, layer: Floats, out: list[Floats],
                source: Floats) -> None:
        """After a collision: half the Speed and the best facing in the same space."""
        hexes = stuck // FACINGS
        base = (self.offset(p + 1, v // 2) + layer * self.states)[:, None, None]
        at = base + (hexes * FACINGS)[:, None] + np.arange(FACINGS)  # (row, stuck, facing)
        block = np.take(self.work[0], at)
        best = np.argmin(block, axis=2)
        g = self.where[stuck]
        out[0].T[g] = (self.crash[0][v][:, None]
                       + np.take_along_axis(block, best[..., None], axis=2)[..., 0]).T
        out[1].T[g] = self.crash[0][v]
        out[2].T[g] = self.crash[1][v]
        source.T[g] = (np.take_along_axis(at, best[..., None], axis=2)[..., 0]).T

    def offset(self, point: int, speed: Floats) -> Floats:
        """Where (point, Speed, layer 0, state 0) of this stage sits in a channel of work."""
        return (point * self.speeds + speed) * len(self.ends) * self.states

    def edge_prices(self, e: Edges) -> tuple[Floats, Floats, Floats]:
        """Each edge's end as an index into a channel of work (the stage after's when it
        crosses the line), and what it adds at each Speed besides its end's value: rounds
        (a turn's Control roll, a Slide into a wall, rough ground) and Damage, (Speed,
        edge)."""
        key = (id(e), -1, self.block)  # each layer count its own ends
        found = self._costs.get(key)
        if found is None:
            order = e.order
            turned, slid, rough = e.turned[order], e.slid[order], e.rough[order]
            prices = [turned * self.turn[kind][:, None] + slid * self.slide[kind][:, None]
                      + self.rough[kind][:, rough] for kind in (0, 1)]  # ``edge_costs``' sum
            found = self._costs[key] = ((e.dst + e.across * self.block)[order], *prices)
            self._kept.append(e)
        return found

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

    def flying_lap(self, end: Floats) -> int:
        """Where a lap is timed from: the index (Speed and state) on the finish line with
        the best last-lap value at the round's end (a flying lap)."""
        finish = self.rt.lines[-1]
        flat = end.reshape(-1)
        return min((v * self.states + h * FACINGS + f for h in finish
                    for f in range(FACINGS) for v in range(self.speeds)),
                   key=lambda i: float(flat[i]))


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
    by_stage: dict[int, Floats] = {}
    plain: dict[int, Floats] = {}
    base = max(0, stages - 2 * lap)
    for stage in range(stages - 1, base - 1, -1):
        by_stage[stage], plain[stage] = solver.stage(stage)
    if base:
        middle, last = by_stage[base], by_stage[base + lap]
        best = solver.flying_lap(last[0, 4])
        extra = [float(m[4].reshape(-1)[best] - t[4].reshape(-1)[best])
                 for m, t in zip(middle, last, strict=True)]
        for stage in range(base - 1, -1, -1):
            laps = (base - stage + lap - 1) // lap
            by_stage[stage] = by_stage[stage + laps * lap] + (
                np.array(extra) * laps)[:, None, None, None]
            plain[stage] = plain[stage + laps * lap] + extra[0] * laps
    values = [[stored(by_stage[stage][0][p]) for p in range(5)] for stage in range(stages)]
    layers = [[[stored(plain[stage][p, :, j]) for p in range(4)] for stage in range(stages)]
              for j in range(solver.budget)]
    start = rt.slots[0][0] * FACINGS + rt.slots[0][1] if rt.slots else 0
    damage, cards = (float(np.float32(by_stage[0][c][4, 0, start])) for c in (1, 2))
    return ValueTable(stages, solver.states, solver.speeds, values, damage, cards, start,
                      layers)


def stored(layer: Floats) -> array:
    """One point's layer as the table keeps it: float32, indexed Speed x states + state."""
    out = array("f")
    out.frombytes(np.ascontiguousarray(layer, dtype=np.float32).tobytes())
    return out
