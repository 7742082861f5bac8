"""The solo Wipe-out chance: the value table's own policy evaluated over the driving states
extended with the Damage taken (policy evaluation, not a new optimisation).

The table (``planner``) has no Damage in its state: it prices each Damage point linearly,
so it can rank a vehicle's choices but cannot say how likely the Damage is to reach the
Damage track's end, where it comes in bursts (a wall at Speed 5 rolls five Damage dice,
and the Control roll after it more). Here the table's choices are read back from its values
(the move and turn of each phase, a Whip for a space more, the Speed Check's cards and the
Speed kept from each roll, exactly as the solver chooses them) and held fixed; then
``risk[d]``, the chance that a vehicle at a driving state with ``d`` Damage points reaches
its maximum Damage before it finishes, is swept stage by stage from the finish back, as the
values were. What moves the Damage level is ``planner_damage`` (the rulebook's Damage):

* a turn above a Safe Speed rolls its Control dice: its Damage icons deal Damage, a Spin
  leaves the vehicle facing 30 degrees off, Haste and Slow change its Speed, and a Slide
  toward a wall ahead is that wall's collision; the table's policy then drives on from
  wherever the roll left it (a vehicle spun to face a wall meets it in the next phase);
* a phase with no way that meets no wall: the wall's Damage dice and the Control roll
  after, then half the Speed (as the table);
* a hazard or fragile space: half the Speed in Control Loss and a Control roll (as the
  table prices them);
* Damage affects as each level is reached, and the traits that change Damage rolls.

Like the table it carries no Control Loss from one roll to the next (cleared at every Safe
Speed), moves no space for a Slide that meets no wall, and does not slow a vehicle to a
'Maximum Speed #'; unlike it, each Control roll plays the cards the driver plays
(``planner_damage``). The start state at rest on grid slot 1 gives the printed chance
(``wipe_out_chance``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from generator.games.frothy_races.race.course import RaceTrack
from generator.games.frothy_races.race.planner import ValueTable
from generator.games.frothy_races.race.planner_checks import product
from generator.games.frothy_races.race.planner_damage import DamageTrack
from generator.games.frothy_races.race.planner_edges import Edges, corridor
from generator.games.frothy_races.race.planner_sweeps import Solver
from generator.games.frothy_races.race.styles import DrivingStyle
from generator.games.frothy_races.race.vehicles import RaceVehicle
from generator.tracks.hexgrid import FACINGS

SETTLED = 1e-7  # a sweep that moves no chance more than this ends a stage
MOST_SWEEPS = 2000
Floats = np.ndarray
Kind = tuple[str, int, int]  # what a move risks on the way (``Evaluation.kind``)
Branch = tuple[Floats, int, Floats]  # a turn's end: the states, the Speed, level kernel


@dataclass
class Choice:
    """A phase's chosen move from each state of the corridor, at one point and Speed."""

    states: Floats  # the corridor states it answers for
    stage: Floats  # 0: the same stage, 1: the next (across the line), -1: the race is over
    point: int  # the point the move ends at (p + 1)
    speed: Floats  # the Speed it ends at
    dst: Floats  # the state it ends in
    kind: Floats  # index into the kernels: what the move risks on the way
    turned: Floats  # it turns (a Control roll above a Safe Speed)
    wall: Floats  # a wall ahead of its last space (a Slide's collision)


class Evaluation:
    """The table's policy, read back from its values, and the Wipe-out chance under it."""

    def __init__(self, spec: RaceVehicle, rt: RaceTrack, table: ValueTable,
                 style: DrivingStyle) -> None:
        self.solver = Solver(spec, rt, table.stages, style)
        self.table, self.rt, self.spec = table, rt, spec
        self.track = DamageTrack(spec)
        self.kernels: list[Floats] = []  # by kind: level before x level after
        self._kinds: dict[Kind, int] = {}
        self._turns: dict[tuple[int, bool], list[tuple[int, int, Floats]]] = {}

    def values(self, stage: int) -> Floats:
        """The table's stored values of a stage, as (point, Speed, state) float64."""
        t = self.table
        return np.stack([np.frombuffer(t.values[stage][p], dtype=np.float32)
                         .astype(float).reshape(t.speeds, t.states) for p in range(5)])

    def kind(self, key: Kind) -> int:
        """The kernel for what a move risks before its turn: ('rough', Speed, spaces),
        ('crash', Speed, 0) or ('none', 0, 0)."""
        found = self._kinds.get(key)
        if found is None:
            found = self._kinds[key] = len(self.kernels)
            self.kernels.append(self.kernel(key))
        return found

    def kernel(self, key: Kind) -> Floats:
        """The level after (columns; the last: wiped out) from each level (rows)."""
        track, top = self.track, self.track.top
        out = np.zeros((top, top + 1))
        what, speed, rough = key
        half = (speed + 1) // 2
        for level in range(top):
            if what == "crash":
                out[level] = track.crash(speed, level)
                continue
            now = track.reached(level, level)
            for k in range(1, rough + 1):  # each a Control roll, half the Speed more
                now = track.then(now, lambda at, k=k: track.roll(speed, at, k * half))
            out[level] = now
        return out

    def turns(self, speed: int, wall: bool) -> list[tuple[int, int, Floats]]:
        """A turn's ends at ``speed`` (``DamageTrack.turn``) for every level: (Spin,
        Speed after, level x level after), kept."""
        found = self._turns.get((speed, wall))
        if found is None:
            top = self.track.top
            ends: dict[tuple[int, int], Floats] = {}
            for level in range(top):
                for end, after in self.track.turn(speed, level, wall).items():
                    ends.setdefault(end, np.zeros((top, top + 1)))[level] = after
            found = self._turns[speed, wall] = [(spin, v, m) for (spin, v), m in ends.items()]
        return found

    # --- The policy, read back from the values --------------------------------------------

    def move_choice(self, line: int, p: int, v: int, n: int, now: Floats,
                    after: Floats | None) -> tuple[Floats, Choice]:
        """``Solver.move`` read back: the value of the best way to move ``n`` spaces (and
        turn or not) before phase ``p`` at Speed ``v``, and which way it is."""
        solver, states = self.solver, self.solver.states
        cols = np.asarray(solver.inside, dtype=np.int64)
        then = now[p + 1, v]
        value_out = then.copy()
        stage = np.zeros(states, np.int64)
        speed = np.full(states, v, np.int64)
        dst = np.arange(states, dtype=np.int64)
        kind = np.full(states, self.kind(("none", 0, 0)), np.int64)
        turned, wall = np.zeros(states, bool), np.zeros(states, bool)
        if n:
            e: Edges = solver.edges(line, n)
            value = then[e.dst]
            if after is not None:
                value = np.where(e.across, after[p + 1, v][e.dst], value)
            costs = solver.edge_costs(e, v, 0)
            value = value + costs[0] + costs[1] + costs[2]
            if len(e.src):
                least = np.minimum.reduceat(value, e.starts)
                first = np.where(value == least[e.group_of], solver.positions[:len(value)],
                                 len(value))
                chosen = np.minimum.reduceat(first, e.starts)
                value_out[e.groups] = least
                dst[e.groups] = e.dst[chosen]
                if after is not None:
                    stage[e.groups] = e.across[chosen].astype(np.int64)
                kind[e.groups] = [self.kind(("rough", v, int(r))) if r else kind[0]
                                  for r in e.rough[chosen]]
                turned[e.groups] = e.turned[chosen] > 0
                wall[e.groups] = e.slid[chosen] > 0
            if len(e.stuck):
                hexes = e.stuck // FACINGS
                block = now[p + 1, v // 2].reshape(-1, FACINGS)[hexes]
                j = hexes * FACINGS + np.argmin(block, axis=1)
                value_out[e.stuck] = solver.crash[0][v] + now[p + 1, v // 2][j]
                speed[e.stuck], dst[e.stuck] = v // 2, j
                kind[e.stuck] = self.kind(("crash", v, 0))
            if after is None:
                value_out[e.finishing] = 0.0
                stage[e.finishing] = -1
                turned[e.finishing] = False
        return value_out, Choice(cols, stage[cols], p + 1, speed[cols], dst[cols], kind[cols],
                                 turned[cols], wall[cols])

    def phase_choice(self, line: int, p: int, v: int, now: Floats, after: Floats | None
                     ) -> Choice:
        """``Solver.phase`` read back: a Whip for one space more where the table takes it."""
        n = self.solver.moves[p][v]
        plain_value, plain = self.move_choice(line, p, v, n, now, after)
        whip_value, whip = self.move_choice(line, p, v, n + 1, now, after)
        better = (whip_value + self.solver.card < plain_value)[plain.states]

        def pick(name: str) -> Floats:
            return np.where(better, getattr(whip, name), getattr(plain, name))
        return Choice(plain.states, pick("stage"), p + 1, pick("speed"), pick("dst"),
                      pick("kind"), pick("turned"), pick("wall"))

    def check_choice(self, now: Floats) -> tuple[list[Floats], list[Floats]]:
        """``Solver.check`` read back: for each Speed, each corridor state's chances of each
        set of Speeds the roll allows (of the choice taken), and the Speed kept from each
        set."""
        solver = self.solver
        cols = np.asarray(solver.inside, dtype=np.int64)
        first = now[0][:, cols].copy()
        if solver.still:
            moving = np.stack([first[[s for s in ends if s]].min(axis=0) if ends[-1]
                               else np.zeros(len(cols)) for ends in solver.sets])
            chances = solver.chances[0]
            rest = product(chances[:, ~solver.stops], moving[~solver.stops])
            stay = np.maximum(1e-9, 1.0 - chances[:, solver.stops].sum(axis=1))
            first[0] = ((solver.prices[0][:, None] + 1.0 + rest) / stay[:, None]).min(axis=0)
        columns = np.arange(len(cols))
        best_of = np.stack([np.array(ends)[np.argmin(first[list(ends)], axis=0)]
                            for ends in solver.sets])
        kept = first[best_of, columns]
        weights = []
        for v in range(solver.speeds):
            total = solver.prices[v][:, None] + 1.0 + product(solver.chances[v], kept)
            pick = np.argmin(total, axis=0)
            weights.append(solver.chances[v][pick])  # (corridor states, sets)
        return weights, [best_of]

    # --- The Wipe-out chance under it -------------------------------------------------------

    def stage_risk(self, stage: int, after: Floats | None) -> Floats:
        """The chance of a Wipe-out before the finish from every driving state of a stage
        and Damage level: (point, Speed, state, level); ``after`` is the next stage's."""
        solver, top = self.solver, self.track.top
        solver.inside = sorted(corridor(self.rt, stage))
        cols = np.asarray(solver.inside, dtype=np.int64)
        line = stage % len(self.rt.lines)
        now = self.values(stage)
        later = self.values(stage + 1) if stage + 1 < self.table.stages else None
        plans = {(p, v): self.plan(self.phase_choice(line, p, v, now, later), v)
                 for p in range(4) for v in range(solver.speeds)}
        weights, (best_of,) = self.check_choice(now)
        kernels = np.stack(self.kernels)  # (kinds, level, level after)
        start = np.stack([self.track.round_start(level) for level in range(top)])
        risk = np.zeros((5, solver.speeds, solver.states, top))
        for _ in range(MOST_SWEEPS):
            before = risk[4].copy()
            for p in (3, 2, 1, 0):
                for v in range(solver.speeds):
                    risk[p, v, cols] = self.phase_risk(plans[p, v], risk, after, kernels)
            kept = np.stack([risk[0][best_of[k], cols] for k in range(len(best_of))])
            for v in range(solver.speeds):
                mixed = np.einsum("sk,ksl->sl", weights[v], kept)
                risk[4, v, cols] = apply(mixed, start)
            if float(np.abs(risk[4] - before).max(initial=0.0)) < SETTLED:
                break
        return risk

    def plan(self, c: Choice, v: int) -> tuple[Choice, list[tuple[Floats, int]],
                                                list[tuple[Floats, list[Branch]]]]:
        """A phase's choice made ready to sweep: the rows that do not turn above a Safe
        Speed by their kernel; those that do, by whether a wall is ahead, each with the
        turn's ends (where the Spin leaves it, the Speed after, the kernel of levels)."""
        track = self.track
        rolled = c.turned & any(track.control_dice(v, level) for level in range(track.top))
        plain = [(rows, int(k)) for k in np.unique(c.kind[~rolled])
                 for rows in [np.flatnonzero(~rolled & (c.kind == k))]]
        turning = []
        for wall in (False, True):
            rows = np.flatnonzero(rolled & (c.wall == wall))
            if len(rows):
                hexes, facings = np.divmod(c.dst[rows], FACINGS)
                branches = [(hexes * FACINGS + (facings + spin) % FACINGS, speed, kernel)
                            for spin, speed, kernel in self.turns(v, wall)]
                turning.append((rows, branches))
        return c, plain, turning

    def phase_risk(self, planned: tuple[Choice, list[tuple[Floats, int]],
                                        list[tuple[Floats, list[Branch]]]],
                   risk: Floats, after: Floats | None, kernels: Floats) -> Floats:
        """The chance of a Wipe-out before a phase, from each corridor state and level."""
        c, plain, turning = planned
        top = self.track.top
        out = np.empty((len(c.states), top))
        ahead = self.gather(risk, after, c, c.speed, c.dst)
        for rows, k in plain:
            out[rows] = apply(ahead[rows], kernels[k])
        for rows, branches in turning:
            turned = np.zeros((len(rows), top))
            for dst, speed, kernel in branches:
                turned += apply(self.gather(risk, after, c, speed, dst, rows), kernel)
            for k in np.unique(c.kind[rows]):  # the rough ground on the way came first
                some = c.kind[rows] == k
                out[rows[some]] = apply(turned[some], kernels[k])
        return out

    def gather(self, risk: Floats, after: Floats | None, c: Choice, speed: Floats | int,
               dst: Floats, rows: Floats | None = None) -> Floats:
        """The chance of a Wipe-out where moves end (``rows`` of the choice, or all), by
        the level they end at; across the finish line, none."""
        stage = c.stage if rows is None else c.stage[rows]
        here = risk[c.point][speed, dst]
        if after is not None:
            across = stage == 1
            if across.any():
                moved = speed if isinstance(speed, int) else speed[across]
                here[across] = after[c.point][moved, dst[across]]
        elif (stage < 0).any():
            here[stage < 0] = 0.0
        return here

    def chance(self) -> float:
        """The chance one vehicle alone, from grid slot 1 at rest, wipes out before it
        finishes, driven by the table's policy."""
        after: Floats | None = None
        for stage in range(self.table.stages - 1, -1, -1):
            after = self.stage_risk(stage, after)
        assert after is not None
        return float(after[4, 0, self.table.start, 0])


def apply(risk: Floats, kernel: Floats) -> Floats:
    """The chance of a Wipe-out before a step whose ``kernel`` takes each level (rows) to
    the levels after (columns, the last wiped out: certain), from the chances after it."""
    return risk @ kernel[:, :-1].T + kernel[:, -1]


def wipe_out_chance(spec: RaceVehicle, rt: RaceTrack, table: ValueTable,
                    style: DrivingStyle) -> float:
    """The exact chance, under the table's own policy and the model above, that one
    vehicle alone wipes out before finishing."""
    return Evaluation(spec, rt, table, style).chance()
