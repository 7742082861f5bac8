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
values were. Damage as the rulebook counts it (Damage; Damage Roll; Control Roll Icons):

* a turn above a Safe Speed rolls its Control dice (plus the Control Loss its Damage
  affects add): each Damage icon applied is a Damage die, scoring above the Resilience the
  affects leave; a Slide or Haste toward a wall ahead is that wall's collision;
* a wall (a phase with no way that meets none, or a Slide into it): Damage dice equal to
  the Speed, then, if any scored, a Control roll with a Control Loss point per point (at a
  Safe Speed only those), whose own Damage icons deal more (no further roll);
* a hazard or fragile space: half the Speed in Control Loss and a Control roll, as the
  table prices them;
* Damage affects as each level is reached: '# Damage' (a Damage roll at once), '# Damage
  / Round' (a roll at the start of each round), '+# Control Loss' and '+# Control / Round'
  (Control dice more), '-1 Safe Speed', '-# Resilience'.

Like the table, it takes Control Loss as none besides those (cleared at every Safe Speed),
plays no card in a Control roll, and does not slow a vehicle to a 'Maximum Speed #'. The
start state at rest on grid slot 1 gives the printed chance (``wipe_out_chance``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from math import comb

import numpy as np

from generator.games.frothy_races.race.course import RaceTrack
from generator.games.frothy_races.race.planner import ValueTable
from generator.games.frothy_races.race.planner_edges import Edges, corridor
from generator.games.frothy_races.race.planner_sweeps import Solver
from generator.games.frothy_races.race.styles import DrivingStyle
from generator.games.frothy_races.race.vehicles import RaceVehicle
from generator.probability.frothy_control import avoid_damage
from generator.probability.frothy_control_odds import control_roll
from generator.probability.frothy_dice import scoring_chance
from generator.tracks.hexgrid import FACINGS

MOST_DICE = 12  # a Control roll of more dice is taken as this many (as the table does)
SETTLED = 1e-9  # a sweep that moves no chance more than this ends a stage
MOST_SWEEPS = 2000
Floats = np.ndarray
Kind = tuple[str, int, int, int, int]  # what a move risks (``Evaluation.kind``)


@lru_cache(maxsize=16)
def roll_outcomes(dice: int) -> tuple[tuple[float, int, int, bool], ...]:
    """Each way a Control roll of ``dice`` dice falls (exact odds, the discards avoiding
    Damage first, no cards): its chance, the Damage dice it deals, the Slide icons applied
    (0 when no Slide), and whether it Slides or Hastes (toward a wall ahead, a collision)."""
    if dice <= 0:
        return ((1.0, 0, 0, False),)
    result = control_roll(min(dice, MOST_DICE), 0, avoid_damage, stamina_rules=False)
    merged: dict[tuple[int, int, bool], float] = {}
    for outcome, p in result.outcomes.items():
        slid = "slide" in outcome.effects
        key = (outcome.damage_dice, outcome.icon_count if slid else 0,
               slid or "haste" in outcome.effects)
        merged[key] = merged.get(key, 0.0) + float(p)
    return tuple((p, *key) for key, p in sorted(merged.items()))


def binomial(n: int, p: float) -> list[float]:
    """P(k of ``n`` dice score), k = 0 .. n, each scoring with chance ``p``."""
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


@dataclass
class DamageTrack:
    """What each Damage level does to the odds (its affects, cumulative) and how Damage
    moves along the track: distributions over the level after (``top`` = wiped out)."""

    spec: RaceVehicle
    top: int = 0
    score: list[float] = field(default_factory=list)  # a die's chance to score, by level
    extra: list[int] = field(default_factory=list)  # Control dice the affects add
    safe_lost: list[int] = field(default_factory=list)
    per_round: list[int] = field(default_factory=list)  # Damage dice each round starts with
    on_reach: dict[int, int] = field(default_factory=dict)  # '# Damage' dice by level
    _reached: dict[tuple[int, int], Floats] = field(default_factory=dict)

    def __post_init__(self) -> None:
        spec = self.spec
        self.top = max(1, spec.max_damage)
        for level in range(self.top + 1):
            loss = extra = lost = rolls = 0
            for at, affect in spec.damage_affects:
                if at > level:
                    continue
                name, value = affect.name, int(affect.value or 0)
                if name == "-# Resilience":
                    loss += value
                elif name in ("+# Control Loss", "+# Control / Round"):
                    extra += value
                elif name == "-1 Safe Speed":
                    lost += 1
                elif name == "# Damage / Round":
                    rolls += value
            resilience = None if spec.resilience is None else spec.resilience - loss
            self.score.append(float(scoring_chance(resilience)))
            self.extra.append(extra)
            self.safe_lost.append(lost)
            self.per_round.append(rolls)
        for at, affect in spec.damage_affects:
            if affect.name == "# Damage":
                self.on_reach[at] = self.on_reach.get(at, 0) + int(affect.value or 0)

    def rolled(self, dice: int, cause: str = "") -> int:
        """The Damage dice a roll of ``dice`` rolls with the vehicle's traits: B.S.H. rolls
        fewer for a collision, Failsafes fewer for a failed Control roll, Jerry Rigged one
        more for any roll that has dice."""
        spec = self.spec
        if cause == "collision":
            dice -= spec.trait("B.S.H.")
        elif cause == "control":
            dice -= spec.trait("Failsafes")
        return dice + spec.trait("Jerry Rigged") if dice > 0 else 0

    def control_dice(self, speed: int, level: int) -> int:
        """The basic Control dice at ``speed`` with the level's '-1 Safe Speed's (as the
        engine reads them: the top Safe Speeds roll one die)."""
        base = self.spec.control[speed]
        lost = self.safe_lost[level]
        if base == 0 and lost and speed > 0:
            safe = [s for s, c in enumerate(self.spec.control) if c == 0]
            if speed in safe[len(safe) - lost:]:
                return 1
        return base

    def hurt(self, level: int, points: list[float]) -> Floats:
        """The level after ``points`` (chances of 0, 1, 2 ... points) from ``level``, with
        the '# Damage' rolls of each level reached."""
        out = np.zeros(self.top + 1)
        for k, p in enumerate(points):
            if p:
                out += p * self.reached(level, min(self.top, level + k))
        return out

    def reached(self, before: int, after: int) -> Floats:
        """The level after Damage takes the vehicle from ``before`` to ``after``: the
        '# Damage' affects of the levels passed roll at once (no Control roll)."""
        found = self._reached.get((before, after))
        if found is None:
            dice = sum(n for at, n in self.on_reach.items() if before < at <= after)
            if after >= self.top or not dice:
                found = np.zeros(self.top + 1)
                found[after] = 1.0
            else:
                found = self.hurt(after, binomial(self.rolled(dice), self.score[after]))
            self._reached[before, after] = found
        return found

    def round_start(self, level: int) -> Floats:
        """The level after the round's '# Damage / Round' roll (no Control roll)."""
        return self.hurt(level, binomial(self.rolled(self.per_round[level]),
                                         self.score[level]))

    def roll(self, speed: int, level: int, more: int = 0, safe_roll: bool = False
             ) -> list[tuple[float, Floats, bool]]:
        """A Control roll at ``speed`` from ``level`` with ``more`` Control Loss dice: each
        way it falls as (chance, the level after its Damage, whether it Slides or Hastes).
        Above a Safe Speed, or with ``more`` dice (or ``safe_roll``), it is rolled."""
        base = self.control_dice(speed, level)
        if not base and not more and not safe_roll:
            return [(1.0, self.reached(level, level), False)]
        dice = base + more + self.extra[level]
        return [(p, self.hurt(level, binomial(self.rolled(icons, "control"),
                                              self.score[level])), moved)
                for p, icons, _, moved in roll_outcomes(dice)]

    def crash(self, speed: int, level: int) -> Floats:
        """A wall at ``speed``: its Damage dice, then a Control roll for the points taken
        (a Control Loss point each; at a Safe Speed only those dice), whose Damage icons
        deal more, and a Slide back into the wall its Slide icons in Damage dice."""
        out = np.zeros(self.top + 1)
        for k, p in enumerate(binomial(self.rolled(speed, "collision"), self.score[level])):
            if not p:
                continue
            after = self.reached(level, min(self.top, level + k))
            if k == 0:
                out += p * after
                continue
            for at, q in enumerate(after):
                if not q:
                    continue
                if at >= self.top:
                    out[at] += p * q
                    continue
                dice = self.control_dice(speed, at) + k + self.extra[at]
                for r, icons, slides, _ in roll_outcomes(dice):
                    hit = self.hurt(at, binomial(self.rolled(icons, "control"),
                                                 self.score[at]))
                    if slides:  # Slid back into the wall: its Slide icons in Damage dice
                        hit = sum((q2 * self.hurt(at2, binomial(self.rolled(slides),
                                                                self.score[at2]))
                                   if at2 < self.top else q2 * self.reached(at2, at2)
                                   for at2, q2 in enumerate(hit) if q2),
                                  np.zeros(self.top + 1))
                    out += p * q * r * hit
        return out


@dataclass
class Choice:
    """A phase's chosen move from each state of the corridor, at one point and Speed."""

    states: Floats  # the corridor states it answers for
    stage: Floats  # 0: the same stage, 1: the next (across the line), -1: the race is over
    point: int  # the point the move ends at (p + 1)
    speed: Floats  # the Speed it ends at
    dst: Floats  # the state it ends in
    kind: Floats  # index into the kernels: what the move risks on the way


class Evaluation:
    """The table's policy, read back from its values, and the Wipe-out chance under it."""

    def __init__(self, spec: RaceVehicle, rt: RaceTrack, table: ValueTable,
                 style: DrivingStyle) -> None:
        self.solver = Solver(spec, rt, table.stages, style)
        self.table, self.rt, self.spec = table, rt, spec
        self.track = DamageTrack(spec)
        self.kernels: list[Floats] = []  # by kind: level before x level after
        self._kinds: dict[Kind, int] = {}

    def values(self, stage: int) -> Floats:
        """The table's stored values of a stage, as (point, Speed, state) float64."""
        t = self.table
        return np.stack([np.frombuffer(t.values[stage][p], dtype=np.float32)
                         .astype(float).reshape(t.speeds, t.states) for p in range(5)])

    def kind(self, key: Kind) -> int:
        """The kernel for what a move risks: ('move', Speed, turned, Slide into a wall,
        rough spaces), ('crash', Speed, 0, 0, 0) or ('none', 0, 0, 0, 0)."""
        found = self._kinds.get(key)
        if found is None:
            found = self._kinds[key] = len(self.kernels)
            self.kernels.append(self.kernel(key))
        return found

    def kernel(self, key: Kind) -> Floats:
        """The level after (columns; the last: wiped out) from each level (rows)."""
        track, top = self.track, self.track.top
        out = np.zeros((top, top + 1))
        what, speed, turned, slid, rough = key
        for level in range(top):
            if what == "none":
                out[level] = track.reached(level, level)
            elif what == "crash":
                out[level] = track.crash(speed, level)
            else:
                out[level] = self.move_kernel(level, speed, bool(turned), bool(slid), rough)
        return out

    def move_kernel(self, level: int, speed: int, turned: bool, slid: bool, rough: int
                    ) -> Floats:
        """Rough spaces on the way (each a Control roll with half the Speed more in Control
        Loss than the one before), then the turn's Control roll and its Slide into a wall."""
        track, top = self.track, self.track.top
        now = track.reached(level, level)
        half = (speed + 1) // 2
        for k in range(1, rough + 1):
            now = self.then(now, lambda at, k=k: [
                (p, after) for p, after, _ in track.roll(speed, at, k * half)])
        if turned:
            def turn(at: int) -> list[tuple[float, Floats]]:
                out = []
                for p, after, moved in track.roll(speed, at):
                    if moved and slid:
                        crashed = np.zeros(top + 1)
                        for at2, q in enumerate(after):
                            if q:
                                crashed += q * (track.crash(speed, at2) if at2 < top
                                                else track.reached(top, top))
                        after = crashed
                    out.append((p, after))
                return out
            now = self.then(now, turn)
        return now

    def then(self, now: Floats, step: object) -> Floats:
        """``now`` (chances over the level) after ``step`` (a level's outcomes)."""
        top = self.track.top
        out = np.zeros(top + 1)
        out[top] = now[top]
        for at in range(top):
            if now[at]:
                for p, after in step(at):  # type: ignore[operator]
                    out += now[at] * p * after
        return out

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
        kind = np.full(states, self.kind(("none", 0, 0, 0, 0)), np.int64)
        if n:
            e: Edges = solver.edges(line, n)
            value = then[e.dst]
            if after is not None:
                value = np.where(e.across, after[p + 1, v][e.dst], value)
            turned, slid, rough = solver.edge_costs(e, v, 0)
            value = value + turned + slid + rough
            if len(e.src):
                least = np.minimum.reduceat(value, e.starts)
                first = np.where(value == least[e.group_of], solver.positions[:len(value)],
                                 len(value))
                chosen = np.minimum.reduceat(first, e.starts)
                value_out[e.groups] = least
                dst[e.groups] = e.dst[chosen]
                if after is not None:
                    stage[e.groups] = e.across[chosen].astype(np.int64)
                keys = [("move", v, int(t), int(s), int(r)) for t, s, r in
                        zip(e.turned[chosen], e.slid[chosen], e.rough[chosen], strict=True)]
                kind[e.groups] = [self.kind(k) for k in keys]
            if len(e.stuck):
                hexes = e.stuck // FACINGS
                block = now[p + 1, v // 2].reshape(-1, FACINGS)[hexes]
                j = hexes * FACINGS + np.argmin(block, axis=1)
                value_out[e.stuck] = solver.crash[0][v] + now[p + 1, v // 2][j]
                speed[e.stuck], dst[e.stuck] = v // 2, j
                kind[e.stuck] = self.kind(("crash", v, 0, 0, 0))
            if after is None:
                value_out[e.finishing] = 0.0
                stage[e.finishing] = -1
        return value_out, Choice(cols, stage[cols], p + 1, speed[cols], dst[cols], kind[cols])

    def phase_choice(self, line: int, p: int, v: int, now: Floats, after: Floats | None
                     ) -> Choice:
        """``Solver.phase`` read back: a Whip for one space more where the table takes it."""
        n = self.solver.moves[p][v]
        plain_value, plain = self.move_choice(line, p, v, n, now, after)
        whip_value, whip = self.move_choice(line, p, v, n + 1, now, after)
        better = (whip_value + self.solver.card < plain_value)[plain.states]
        return Choice(plain.states, np.where(better, whip.stage, plain.stage), p + 1,
                      np.where(better, whip.speed, plain.speed),
                      np.where(better, whip.dst, plain.dst),
                      np.where(better, whip.kind, plain.kind))

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
            rest = chances[:, ~solver.stops] @ moving[~solver.stops]
            stay = np.maximum(1e-9, 1.0 - chances[:, solver.stops].sum(axis=1))
            first[0] = ((solver.prices[0][:, None] + 1.0 + rest) / stay[:, None]).min(axis=0)
        columns = np.arange(len(cols))
        best_of = np.stack([np.array(ends)[np.argmin(first[list(ends)], axis=0)]
                            for ends in solver.sets])
        kept = first[best_of, columns]
        weights = []
        for v in range(solver.speeds):
            total = solver.prices[v][:, None] + 1.0 + solver.chances[v] @ kept
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
        choices = {(p, v): self.phase_choice(line, p, v, now, later)
                   for p in range(4) for v in range(solver.speeds)}
        weights, (best_of,) = self.check_choice(now)
        kernels = np.stack(self.kernels)  # (kinds, level, level after)
        start = np.stack([self.track.round_start(level) for level in range(top)])
        risk = np.zeros((5, solver.speeds, solver.states, top))
        groups = {key: [(k, np.flatnonzero(c.kind == k)) for k in np.unique(c.kind)]
                  for key, c in choices.items()}
        for _ in range(MOST_SWEEPS):
            before = risk[4].copy()
            for p in (3, 2, 1, 0):
                for v in range(solver.speeds):
                    c = choices[p, v]
                    ahead = self.gather(risk, after, c)
                    out = np.empty((len(cols), top))
                    for k, rows in groups[p, v]:
                        out[rows] = ahead[rows] @ kernels[k].T
                    risk[p, v, cols] = out
            kept = np.stack([risk[0][best_of[k], cols] for k in range(len(best_of))])
            for v in range(solver.speeds):
                mixed = np.einsum("sk,ksl->sl", weights[v], kept)
                ext = np.concatenate([mixed, np.ones((len(cols), 1))], axis=1)
                risk[4, v, cols] = ext @ start.T
            if float(np.abs(risk[4] - before).max(initial=0.0)) < SETTLED:
                break
        return risk

    def gather(self, risk: Floats, after: Floats | None, c: Choice) -> Floats:
        """The chance of a Wipe-out where each state's move ends, by the level it ends at
        (a last column for 'already wiped out', which is certain)."""
        here = risk[c.point][c.speed, c.dst]
        if after is not None:
            here = np.where((c.stage == 1)[:, None], after[c.point][c.speed, c.dst], here)
        here = np.where((c.stage < 0)[:, None], 0.0, here)
        return np.concatenate([here, np.ones((len(here), 1))], axis=1)

    def chance(self) -> float:
        """The chance one vehicle alone, from grid slot 1 at rest, wipes out before it
        finishes, driven by the table's policy."""
        after: Floats | None = None
        for stage in range(self.table.stages - 1, -1, -1):
            after = self.stage_risk(stage, after)
        assert after is not None
        return float(after[4, 0, self.table.start, 0])


def wipe_out_chance(spec: RaceVehicle, rt: RaceTrack, table: ValueTable,
                    style: DrivingStyle) -> float:
    """The exact chance, under the table's own policy and the model above, that one
    vehicle alone wipes out before finishing."""
    return Evaluation(spec, rt, table, style).chance()
