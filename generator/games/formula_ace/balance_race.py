"""The Formula Ace race model: one rig's race, solved exactly as a Markov chain over turns.

The race (``data/race_model.yaml``) is a number of turns of a circuit, each with pivots and
perhaps a narrow passage; the rig fires boosters on straights, takes the G-Endurance and
passage tests, overtakes and is overtaken, and is damaged by crashes and failed passes. The
chain gives the chance to finish, to retire, to be out of the race or killed, the distance
covered and the damage taken. Readings beyond those of the odds module:

- A failed pass deals the lower of 2D to the ship passed and the higher to the one passing
  (11/); Ramming Edge adds 1 to the damage dealt either way (16/).
- 12/: every point past the last rolls on the Damage Table, so a blow's later rolls are
  made even after one put the pilot out (pilot hit, wounded): only death stops them.
- A turn's blows are taken in order, the ship's own move's first, then a failed pass on it
  by a ship from behind (7/'s Total Speed Way moves the leader first); a pilot out of the
  race or quitting at zero after the first does not take the second.
- 9/: each pivot needs 5 cm straight before it; a move too short for the pivots a turn
  needs goes straight on into the boundary, like a failed Piloting test.
- A restart after a critical 'engine shut down' uses the Engine Start Table like any
  restart (13/: each start or restart); the start turn asks nothing of the ship.
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
from generator.games.formula_ace.catalogues import formula_data
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
# 9/: a ship flies this far straight before each pivot.
STRAIGHT_BEFORE_TURN_CM = int(formula_data().movement["straight_before_turn_cm"])
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


Blows = tuple[int, bool, int]  # (own move's damage, it crashed, damage from being passed)


def turn_outcome(rig: RaceKey, model: RaceModel) -> tuple[Dist[Blows], Fraction]:
    """One turn with the engine running: the blows the ship takes, in the order it takes
    them (its own move's crash or failed pass, whether that was a crash, which shuts the
    engine down; then a failed pass on it by a ship from behind), and the expected cm
    moved. Why in that order: 7/'s Total Speed Way moves the ships ahead first, so a ship
    passing this one moves after it."""
    piloting = skill_test(rig.piloting)
    own_pass = failed_pass(model.overtake * (1 - piloting), passer=True)
    passed = failed_pass(model.overtaken * (1 - skill_test(model.field_piloting)),
                         passer=False)
    crash_at: dict[int, Fraction] = {}  # cm moved -> chance to hit the boundary moving it
    free = moved = Fraction(0)
    for (pivots, narrow), weight in model.segments().items():
        fired = min(model.fired(pivots, narrow), rig.boosters)
        move = rig.move(fired)
        moved += weight * move.mean()
        clear_head = skill_test(rig.g_endurance) ** fired
        for cm, chance in move.items():
            crash, clear = own_move(cm, pivots, narrow, rig.fins, piloting, clear_head)
            add(crash_at, cm, weight * chance * crash)
            free += weight * chance * clear
    own: dict[tuple[int, bool], Fraction] = {}
    for cm, p in crash_at.items():
        for damage, q in crash_damage(cm).items():
            add(own, (damage, True), p * q)
    for damage, q in own_pass.items():
        add(own, (damage, False), free * q)
    add(own, (0, False), 1 - sum(crash_at.values(), Fraction(0)) - free)
    return Dist(own).combine(passed, lambda first, second: (*first, second)), moved


def own_move(cm: int, pivots: int, narrow: bool, fins: int, piloting: Fraction,
             clear_head: Fraction) -> tuple[Fraction, Fraction]:
    """(chance to hit the boundary, chance to fly the turn clear-headed and free to try a
    pass) moving ``cm`` on a turn needing ``pivots`` pivots and perhaps a narrow passage.

    9/: one free pivot a fin, a Piloting test for each beyond (failed, the ship goes straight
    on); each pivot needs 5 cm straight before it, so a move too short for them all goes
    straight on too. 10/: a blacked-out pilot makes no pivot and no manoeuvre (no narrow
    passage, no pass). The rest of the chance: blacked out on a turn asking nothing."""
    reachable = pivots * STRAIGHT_BEFORE_TURN_CM <= cm
    alert = (piloting ** max(0, pivots - fins) * (piloting if narrow else 1)
             if reachable else Fraction(0))
    asks = bool(pivots or narrow)
    crash = clear_head * (1 - alert) + (1 - clear_head) * (1 if asks else 0)
    return crash, clear_head * alert


def failed_pass(chance: Fraction, passer: bool) -> Dist[int]:
    """Damage from a pass tried with ``chance`` to fail: the higher of 2D to the ship
    passing, the lower to the ship passed (11/)."""
    side = failed_pass_damage().map(lambda hit: hit[0] if passer else hit[1])
    return Dist({False: 1 - chance, True: chance}).bind(
        lambda failed: side if failed else ZERO)


def add(parts: dict[Any, Fraction], key: Any, p: Fraction) -> None:
    """Add ``p`` to ``parts[key]``, skipping nothing-chances."""
    if p:
        parts[key] = parts.get(key, Fraction(0)) + p


# How far a roll's result goes: a later roll of the same blow keeps the worst so far.
SEVERITY = {"none": 0, "engine": 1, OUT: 2, KILLED: 3}


@lru_cache(maxsize=4096)
def excess_rolls(rolls: int, g_endurance: int) -> Dist[str]:
    """``rolls`` Damage Table rolls in turn: killed, out, engine (shut down) or none.

    12/: one roll a point of damage, so a 3-point blow makes three rolls; a pilot hit or
    wounded (out of the race) still makes the blow's other rolls, and a later one can kill.
    Only a killed pilot rolls no more (nothing worse can follow)."""
    table = damage_table(g_endurance).map(_roll_kind)

    def roll(before: str) -> Dist[str]:
        if before == KILLED:
            return Dist.certain(before)
        return table.map(lambda r: max(r, before, key=SEVERITY.__getitem__))

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
    turn = as_integers(on_turn.items())
    transitions: dict[Racing, tuple[Weights, Fraction]] = {}

    def transition(state: Racing) -> tuple[Weights, Fraction]:
        hp, running = state
        if not running:
            return as_integers(iter([((hp, True), started), ((hp, False), 1 - started)])), \
                Fraction(0)
        return running_turn(hp, turn, rig.g_endurance, model.quit_at_zero)

    alive: dict[Racing, int] = {(rig.hit_points, False): 1}
    mass = 1  # the denominator of ``alive``
    ended = dict.fromkeys(ENDINGS, Fraction(0))
    distance = damage_taken = Fraction(0)
    by_turn = []
    for _ in range(model.turns):
        for state in alive:
            if state not in transitions:
                transitions[state] = transition(state)
        running = sum(p for state, p in alive.items() if state[1])
        stopped = sum(p for state, p in alive.items() if not state[1])
        distance += Fraction(running, mass) * moving + Fraction(stopped, mass) * start.mean()
        damage_taken += sum((Fraction(p, mass) * transitions[state][1]
                             for state, p in alive.items()), Fraction(0))
        common = math.lcm(*(transitions[state][0][1] for state in alive))
        nxt: dict[Any, int] = {}
        for state, p in alive.items():
            weights, d = transitions[state][0]
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


def running_turn(hp: int, turn: Weights, g_endurance: int, quit_at_zero: bool
                 ) -> tuple[Weights, Fraction]:
    """A running ship's turn from ``hp`` hit points: where it stands after the turn's
    blows (``turn``: their weights), and the expected damage it takes. Blows that leave a
    hit point are plain subtraction; only the others go through :func:`after_turn`."""
    turn_weights, turn_denominator = turn
    plain: dict[Any, int] = {}
    plain_hurt = 0
    parts = []
    hurts = []
    for (own, crashed, passed), q in turn_weights.items():
        if own + passed < hp:
            left = (hp - own - passed, not crashed)
            plain[left] = plain.get(left, 0) + q
            plain_hurt += q * (own + passed)
            continue
        parts.append((q, after_turn_weights(hp, own, crashed, passed, g_endurance,
                                            quit_at_zero)))
        hurts.append((q, taken(hp, own, crashed, passed, g_endurance, quit_at_zero)))
    below = math.lcm(1, *(t.denominator for _, t in hurts))
    hurt = Fraction(sum(q * t.numerator * (below // t.denominator) for q, t in hurts), below)
    common = math.lcm(1, *(d for _, (_, d) in parts))
    out = {outcome: q * common for outcome, q in plain.items()}
    for q, (weights, d) in parts:
        scale = q * (common // d)
        for outcome, r in weights.items():
            out[outcome] = out.get(outcome, 0) + scale * r
    return (out, turn_denominator * common), (hurt + plain_hurt) / turn_denominator


@lru_cache(maxsize=65536)
def after_turn_weights(hp: int, own: int, crashed: bool, passed: int, g_endurance: int,
                       quit_at_zero: bool) -> Weights:
    """:func:`after_turn` as integer weights (shared by every rig with that G-Endurance)."""
    return as_integers(after_turn(hp, own, crashed, passed, g_endurance, quit_at_zero).items())


@lru_cache(maxsize=65536)
def after_turn(hp: int, own: int, crashed: bool, passed: int, g_endurance: int,
               quit_at_zero: bool) -> Dist[Racing | str]:
    """Where a running ship stands after a turn's two blows, taken in order: ``own`` from
    its own move (a crash when ``crashed``, which shuts the engine down), then ``passed``
    from a ship failing to pass it. A ship the first blow put out of the race (out, killed,
    or quit with no hit point left) is not there to take the second."""
    first = after_damage(hp, own, crashed, g_endurance, quit_at_zero)
    if not passed:
        return first
    return first.bind(lambda where: Dist.certain(where) if isinstance(where, str) else
                      after_damage(where[0], passed, not where[1], g_endurance, quit_at_zero))


@lru_cache(maxsize=65536)
def taken(hp: int, own: int, crashed: bool, passed: int, g_endurance: int,
          quit_at_zero: bool) -> Fraction:
    """Expected hit points of damage the turn's blows deal (as :func:`after_turn`)."""
    first = after_damage(hp, own, crashed, g_endurance, quit_at_zero)
    return own + passed * first.p(lambda where: not isinstance(where, str))


@lru_cache(maxsize=65536)
def after_damage(hp: int, damage: int, crashed: bool, g_endurance: int, quit_at_zero: bool
                 ) -> Dist[Racing | str]:
    """Where a running ship stands after one blow of ``damage`` (12/): points come off the
    hit points left, each point past the last one rolls on the Damage Table; the pilot quits
    at zero when the model says so."""
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
