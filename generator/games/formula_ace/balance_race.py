"""The Formula Ace race model: one rig's race, solved exactly as a Markov chain over turns.

The race (``data/race_model.yaml``) is a number of turns of a circuit, each with pivots and
perhaps a narrow passage; the rig fires boosters on straights, takes the G-Endurance and
passage tests, overtakes and is overtaken, and is damaged by crashes and failed passes. The
chain gives the chance to finish, to retire, to be out of the race or killed, the distance
covered and the damage taken. Readings beyond those of the odds module:

- A failed pass deals the lower of 2D to the ship passed and the higher to the one passing
  (11/); Ramming Edge adds 1 to the damage dealt either way (16/).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.games.formula_ace.balance_rig import Rig, moved
from generator.keep.data_yaml import read_data
from generator.probability.dist import Dist
from generator.probability.formula_ace import (
    PILOT_DEAD,
    RACE_OVER,
    DamageResult,
    crash_damage,
    damage_table,
    engine_start,
    failed_pass_damage,
    skill_test,
)

RACE_FILE = Path(__file__).parent / "data" / "race_model.yaml"


@dataclass(frozen=True)
class RaceModel:
    """The race every rig runs (``data/race_model.yaml``; its comments say what each is)."""

    turns: int
    boosters_per_turn: int
    boost_on: str  # 'straights' (no pivot, no narrow passage) or 'every turn'
    start_face: int
    pivots: Dist[int]
    narrow_passage: Fraction
    overtake: Fraction
    overtaken: Fraction
    field_piloting: int
    quit_at_zero: bool

    @classmethod
    def of(cls, raw: Mapping[str, Any]) -> RaceModel:
        """Read the race model's data (ours: a KeyError is a programming error)."""
        return cls(turns=int(raw["turns"]), boosters_per_turn=int(raw["boosters_per_turn"]),
                   boost_on=str(raw["boost_on"]),
                   start_face=int(raw["start_face"]),
                   pivots=Dist.from_weights({int(k): int(v) for k, v in raw["pivots"].items()}),
                   narrow_passage=Fraction(str(raw["narrow_passage"])),
                   overtake=Fraction(str(raw["overtake"])),
                   overtaken=Fraction(str(raw["overtaken"])),
                   field_piloting=int(raw["field_piloting"]),
                   quit_at_zero=bool(raw["quit_at_zero"]))

    def segments(self) -> Dist[tuple[int, bool]]:
        """What a turn of the circuit asks: (pivots, a narrow passage or not)."""
        narrow = Dist({True: self.narrow_passage, False: 1 - self.narrow_passage})
        return self.pivots.combine(narrow, lambda pivots, tight: (pivots, tight))

    def fired(self, pivots: int, narrow: bool) -> int:
        """Boosters the pilot fires on such a turn (if fitted)."""
        straight = pivots == 0 and not narrow
        return self.boosters_per_turn if straight or self.boost_on == "every turn" else 0


@lru_cache(maxsize=1)
def race_model() -> RaceModel:
    """The shipped race model."""
    return RaceModel.of(read_data(RACE_FILE))


# -- the race chain -------------------------------------------------------------------------

FINISHED, RETIRED, OUT, KILLED = "finished", "retired", "out", "killed"
ENDINGS = (FINISHED, RETIRED, OUT, KILLED)
Racing = tuple[int, bool]  # (hit points left, engine running)
ZERO: Dist[int] = Dist.certain(0)


@dataclass(frozen=True)
class RaceResult:
    """The race model run by one rig: how it ends, its distance and the damage it takes."""

    endings: Mapping[str, Fraction]
    distance: Fraction
    damage: Fraction  # expected hit points of damage taken (all of it, past zero too)
    by_turn: tuple[Fraction, ...]  # chance still racing after each turn (1..turns)


def turn_outcome(rig: RaceKey, model: RaceModel) -> tuple[Dist[tuple[int, bool]], Fraction]:
    """One turn with the engine running: (damage taken, engine shut down by a crash), and
    the expected cm moved."""
    piloting = skill_test(rig.piloting)
    passing = failed_pass_damage()
    own_pass = Dist({False: 1 - model.overtake * (1 - piloting),
                     True: model.overtake * (1 - piloting)}).bind(
        lambda failed: passing.map(lambda hit: hit[0]) if failed else ZERO)
    field_fails = model.overtaken * (1 - skill_test(model.field_piloting))
    passed = Dist({False: 1 - field_fails, True: field_fails}).bind(
        lambda failed: passing.map(lambda hit: hit[1]) if failed else ZERO)
    parts: dict[tuple[int, bool], Fraction] = {}
    moved = Fraction(0)
    for (pivots, narrow), weight in model.segments().items():
        fired = min(model.fired(pivots, narrow), rig.boosters)
        move = rig.move(fired)
        moved += weight * move.mean()
        clear_head = skill_test(rig.g_endurance) ** fired
        alert = piloting ** max(0, pivots - rig.fins) * (piloting if narrow else 1)
        blind = Fraction(0) if pivots or narrow else Fraction(1)
        # (blacked out, crashed) and their chances on this kind of turn.
        cases = {(False, False): clear_head * alert, (False, True): clear_head * (1 - alert),
                 (True, False): (1 - clear_head) * blind,
                 (True, True): (1 - clear_head) * (1 - blind)}
        crash = move.bind(crash_damage)
        for (blacked_out, crashed), p in cases.items():
            if not p:
                continue
            own = (crash if crashed else ZERO).combine(
                ZERO if blacked_out or crashed else own_pass, lambda a, b: a + b)
            for damage, q in own.combine(passed, lambda a, b: a + b).items():
                key = (damage, crashed)
                parts[key] = parts.get(key, Fraction(0)) + weight * p * q
    return Dist(parts), moved


@lru_cache(maxsize=4096)
def excess_rolls(rolls: int, g_endurance: int) -> Dist[str]:
    """``rolls`` Damage Table rolls in turn: killed, out, engine (shut down) or none; the
    pilot killed or out rolls no more."""
    table = damage_table(g_endurance).map(_roll_kind)

    def roll(before: str) -> Dist[str]:
        if before in (KILLED, OUT):
            return Dist.certain(before)
        return table.map(lambda r: r if r in (KILLED, OUT) or before != "engine" else before)

    state: Dist[str] = Dist.certain("none")
    for _ in range(rolls):
        state = state.bind(roll)
    return state


def _roll_kind(result: DamageResult) -> str:
    if result in PILOT_DEAD:
        return KILLED
    if result in RACE_OVER:
        return OUT
    return "engine" if result is DamageResult.ENGINE_SHUT_DOWN else "none"


def race(rig: Rig, model: RaceModel | None = None) -> RaceResult:
    """The race model run exactly by ``rig`` (see :func:`run_race`)."""
    return run_race(RaceKey.of(rig), model or race_model())


@dataclass(frozen=True)
class RaceKey:
    """What of a rig the race model sees (purchases that change none of it, such as a
    Ramming Edge, run the same race, computed once)."""

    speed: int
    hit_points: int
    boosters: int
    zaps: int
    fins: int
    auto_start: bool
    piloting: int
    g_endurance: int

    @classmethod
    def of(cls, rig: Rig) -> RaceKey:
        """The part of ``rig`` the race sees."""
        return cls(rig.speed, rig.hit_points, rig.boosters, rig.zaps, rig.fins,
                   rig.auto_start, rig.piloting, rig.g_endurance)

    def move(self, boosters: int) -> Dist[int]:
        """As :meth:`Rig.move`."""
        return moved(self.speed, self.zaps, boosters)


Weights = tuple[dict[Any, int], int]  # numerators over one denominator


def as_integers(probabilities: Iterator[tuple[Any, Fraction]]) -> Weights:
    """Exact probabilities as integer numerators over their common denominator.

    Why: the chain multiplies and adds the same few hundred probabilities every turn;
    integers over one denominator a turn are exact and many times faster than Fractions,
    which reduce by a gcd after every operation."""
    pairs = list(probabilities)
    denominator = math.lcm(*(p.denominator for _, p in pairs)) if pairs else 1
    return {o: p.numerator * (denominator // p.denominator) for o, p in pairs}, denominator


@lru_cache(maxsize=512)
def run_race(key: RaceKey, model: RaceModel) -> RaceResult:
    """The race model run exactly: the distribution over (hit points left, engine running)
    carried turn by turn, endings absorbed as they happen. Each state's transition is built
    once (the turns share it); masses are integers over one denominator a turn."""
    rig = key
    on_turn, moving = turn_outcome(rig, model)
    start = engine_start(model.start_face, rig.piloting, rig.auto_start)
    started = start.p(lambda cm: cm > 0)
    hurt = on_turn.expectation(lambda outcome: outcome[0])
    turn_weights, turn_denominator = as_integers(on_turn.items())
    transitions: dict[Racing, Weights] = {}

    def transition(state: Racing) -> Weights:
        hp, running = state
        if not running:
            return as_integers(iter([((hp, True), started), ((hp, False), 1 - started)]))
        parts = [(q, as_integers(after_damage(hp, damage, crashed, rig.g_endurance,
                                              model.quit_at_zero).items()))
                 for (damage, crashed), q in turn_weights.items()]
        common = math.lcm(*(d for _, (_, d) in parts))
        out: dict[Any, int] = {}
        for q, (weights, d) in parts:
            scale = q * (common // d)
            for outcome, r in weights.items():
                out[outcome] = out.get(outcome, 0) + scale * r
        return out, turn_denominator * common

    alive: dict[Racing, int] = {(rig.hit_points, False): 1}
    mass = 1  # the denominator of ``alive``
    ended = dict.fromkeys(ENDINGS, Fraction(0))
    distance = damage_taken = Fraction(0)
    by_turn = []
    for _ in range(model.turns):
        running = sum(p for state, p in alive.items() if state[1])
        stopped = sum(p for state, p in alive.items() if not state[1])
        distance += Fraction(running, mass) * moving + Fraction(stopped, mass) * start.mean()
        damage_taken += Fraction(running, mass) * hurt
        for state in alive:
            if state not in transitions:
                transitions[state] = transition(state)
        common = math.lcm(*(transitions[state][1] for state in alive))
        nxt: dict[Any, int] = {}
        for state, p in alive.items():
            weights, d = transitions[state]
            scale = p * (common // d)
            for outcome, q in weights.items():
                nxt[outcome] = nxt.get(outcome, 0) + scale * q
        mass *= common
        for ending in ENDINGS:
            if ending in nxt:
                ended[ending] += Fraction(nxt.pop(ending), mass)
        alive = {state: p for state, p in nxt.items() if p}
        shared = math.gcd(mass, *alive.values())
        alive = {state: p // shared for state, p in alive.items()}
        mass //= shared
        by_turn.append(Fraction(sum(alive.values()), mass))
    ended[FINISHED] += by_turn[-1] if by_turn else Fraction(1)
    return RaceResult(ended, distance, damage_taken, tuple(by_turn))


@lru_cache(maxsize=65536)
def after_damage(hp: int, damage: int, crashed: bool, g_endurance: int, quit_at_zero: bool
                 ) -> Dist[Racing | str]:
    """Where a running ship stands after taking ``damage`` (12/): points past the last hit
    point roll on the Damage Table; the pilot quits at zero when the model says so."""
    excess = damage if hp == 0 else max(0, damage - hp)
    left = max(0, hp - damage)

    def settle(kind: str) -> Racing | str:
        if kind in (KILLED, OUT):
            return kind
        if left == 0 and quit_at_zero:
            return RETIRED
        return (left, not (crashed or kind == "engine"))

    return excess_rolls(excess, g_endurance).map(settle)


# -- the measures -----------------------------------------------------------------------------
