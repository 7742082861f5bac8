"""The Formula Ace balance profile: each ship of a team, flown by its pilot, measured exactly.

A team file holds several ships and pilots; what races is one ship with one pilot, so each
ship with its pilot is one build (a *rig*), measured as it stands after the season log
(upgrades and school bought so far), repaired. The baseline is the first ship of the shipped
baseline team: a stock Lambda with a Seasoned pilot (Piloting 3, G-Endurance 3).

The numbers come from the exact odds of ``generator.probability.formula_ace``: movement with
0-4 boosters, the G-Endurance and narrow-passage tests, crash damage at each speed, engine
starts, and a race (``data/race_model.yaml``) solved as a Markov chain over the turns: the
chance to finish, to survive, and the distance covered. Then every purchase the ship still
has room for is measured the same way, and what it changes on each axis is divided by its
price: what 1,000 credits buy. The axes are data (``data/balance_axes.yaml``); the verdicts
are rules (``balance_rules.yaml``).

Readings of the rulebook beyond those of the odds module and the race model's file:

- Zap o' Burns are fired before dice boosters (a sure 6 cm beats 1D's 3.5) and need the
  G-Endurance test like any booster (10/ says each booster used).
- A failed pass deals the lower of 2D to the ship passed and the higher to the one passing
  (11/); Ramming Edge adds 1 to the damage dealt either way (16/).
- The advanced school raises a skill up to 6 (the data's 'skill-after-school' gap).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from generator.balance.axes import AxisBook, Value
from generator.balance.hook import Matchup, Profile
from generator.balance.verdicts import register_verdicts
from generator.games.formula_ace.catalogues import FormulaData, formula_data
from generator.games.formula_ace.model import Team
from generator.games.formula_ace.season import PilotState, ShipState, replay
from generator.input.findings import RuleBook, Violation
from generator.keep.data_yaml import read_data
from generator.probability.dist import Dist, repeat_sum
from generator.probability.formula_ace import (
    D6,
    PILOT_DEAD,
    RACE_OVER,
    DamageResult,
    crash_damage,
    damage_table,
    engine_start,
    failed_pass_damage,
    skill_test,
)

HERE = Path(__file__).parent
AXES_FILE = HERE / "data" / "balance_axes.yaml"
RACE_FILE = HERE / "data" / "race_model.yaml"
AXES: AxisBook[FormulaMeasures] = AxisBook(AXES_FILE)
RULES: RuleBook[Matchup] = RuleBook(HERE / "balance_rules.yaml")
EQUAL_WITHIN = register_verdicts(RULES, dominates="FA-BAL-DOMINATES",
                                 dominated="FA-BAL-DOMINATED", tradeoffs="FA-BAL-TRADEOFFS")
ZAP_CM = 6
# Upgrades are sold for credits (16/): a ship better than the baseline everywhere paid for it.
STRENGTH_IS_BOUGHT = True
SKILLS_MEASURED = ("piloting", "g_endurance")
MAX_SKILL = 6


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


@dataclass(frozen=True)
class Settings:
    """What the detailed profile tabulates (``settings`` in the axes file)."""

    boosters: tuple[int, ...]
    damage_moves: tuple[int, ...]


SETTINGS = Settings(tuple(AXES.settings["boosters"]), tuple(AXES.settings["damage_moves"]))


# -- a ship and its pilot ------------------------------------------------------------------


@dataclass(frozen=True)
class Rig:
    """One ship as it would start the next race, repaired, with the pilot who flies it."""

    name: str
    ship: str
    pilot: str
    type: str
    rank: str
    speed: int
    hit_points: int
    boosters: int
    zaps: int
    fins: int
    auto_start: bool
    ramming: int
    piloting: int
    g_endurance: int
    upgrades: Mapping[str, int]
    space_left: int
    weapons: tuple[str, ...] = ()
    status: str = "fit"

    @classmethod
    def of(cls, ship: ShipState, pilot: PilotState) -> Rig:
        """A ship and pilot as the season replay left them (damage repaired)."""
        return cls(name=f"{ship.name} ({pilot.name})", ship=ship.name, pilot=pilot.name,
                   type=ship.type, rank=pilot.rank, speed=ship.speed,
                   hit_points=ship.hit_points, boosters=ship.boosters,
                   zaps=min(ship.upgrades["zap-o-burn"], ship.boosters), fins=ship.fins,
                   auto_start=ship.upgrades["auto-start"] > 0,
                   ramming=ship.upgrades["ramming-edge"],
                   piloting=pilot.skills["piloting"], g_endurance=pilot.skills["g_endurance"],
                   upgrades=dict(ship.upgrades), space_left=ship.space - ship.space_used,
                   weapons=tuple(item for item, _ in ship.weapons), status=pilot.status)

    def move(self, boosters: int) -> Dist[int]:
        """Centimetres moved at full speed firing ``boosters`` boosters, Zap o' Burns first."""
        return moved(self.speed, self.zaps, boosters)


@lru_cache(maxsize=1024)
def moved(speed: int, zaps: int, boosters: int) -> Dist[int]:
    """Centimetres moved at full speed firing ``boosters`` boosters with ``zaps`` of them
    Zap o' Burns (fired first: a sure 6 cm beats 1D)."""
    fired_zaps = min(boosters, zaps)
    return repeat_sum(D6.values(), boosters - fired_zaps).map(
        lambda roll: speed + ZAP_CM * fired_zaps + roll)


# -- what can be bought --------------------------------------------------------------------


@dataclass(frozen=True)
class Purchase:
    """One thing a team could buy for a rig: an upgrade of 16/ or a school level."""

    id: str  # the item id, or 'school:<skill>'
    item: str
    price: int
    skill: str | None = None


def purchases(data: FormulaData) -> list[Purchase]:
    """Every ship upgrade of 16/, then the advanced school for each measured skill."""
    bought = [Purchase(item.id, item.id, item.price) for item in data.items.values()
              if item.kind == "upgrade"]
    school = data.items["school"]
    return bought + [Purchase(f"school:{skill}", school.id, school.price, skill)
                     for skill in SKILLS_MEASURED]


def refusal(rig: Rig, purchase: Purchase, data: FormulaData) -> str | None:
    """Why ``purchase`` cannot be made for ``rig`` (16/), or None when it can."""
    if purchase.skill is not None:
        level = rig.piloting if purchase.skill == "piloting" else rig.g_endurance
        return "at maximum" if level >= MAX_SKILL else None
    item = data.items[purchase.item]
    base = data.ships[rig.type]
    counts = {"booster": rig.boosters, "fin": rig.fins, "ramming-edge": rig.ramming}
    if item.space > rig.space_left:
        return "no space"
    if item.max is not None and counts.get(item.id, 0) >= item.max:
        return "at maximum"
    if item.max_factor is not None:
        now, limit = ((rig.speed, base.speed) if item.id == "speed"
                      else (rig.hit_points, base.hit_points))
        if now >= item.max_factor * limit:
            return "at maximum"
    if item.id == "auto-start" and rig.auto_start:
        return "fitted"
    if item.id == "zap-o-burn" and rig.zaps >= rig.boosters:
        return "no booster left"
    return None


def bought(rig: Rig, purchase: Purchase, data: FormulaData) -> Rig:
    """``rig`` after ``purchase`` (assumed allowed: see :func:`refusal`)."""
    space = rig.space_left - (0 if purchase.skill else data.items[purchase.item].space)
    upgrades = dict(rig.upgrades)
    upgrades[purchase.item] = upgrades.get(purchase.item, 0) + 1
    changes: dict[str, Any] = {"space_left": space, "upgrades": upgrades}
    if purchase.skill is not None:
        changes = {purchase.skill: getattr(rig, purchase.skill) + 1}
    elif purchase.item == "speed":
        changes["speed"] = rig.speed + 1
    elif purchase.item == "hit-point":
        changes["hit_points"] = rig.hit_points + 1
    elif purchase.item == "booster":
        changes["boosters"] = rig.boosters + 1
    elif purchase.item == "fin":
        changes["fins"] = rig.fins + 1
    elif purchase.item == "auto-start":
        changes["auto_start"] = True
    elif purchase.item == "zap-o-burn":
        changes["zaps"] = rig.zaps + 1
    elif purchase.item == "ramming-edge":
        changes["ramming"] = rig.ramming + 1
    return dataclasses.replace(rig, **changes)


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


class FormulaMeasures:
    """Exact numbers about one rig: each axis and the tables of its report pages.

    Why a class with cached properties: the verdicts need the axes, the report every table,
    and the purchase table the axes of the rig after each purchase.
    """

    def __init__(self, rig: Rig, model: RaceModel | None = None,
                 settings: Settings = SETTINGS) -> None:
        self.rig = rig
        self.model = model or race_model()
        self.settings = settings

    def moves(self) -> list[Fraction | None]:
        """Expected cm a turn firing 0-4 boosters (None: not that many fitted)."""
        return [self.rig.move(b).mean() if b <= self.rig.boosters else None
                for b in self.settings.boosters]

    def blackouts(self) -> list[Fraction | None]:
        """Chance of a blackout firing 0-4 boosters (None: not that many fitted)."""
        g = skill_test(self.rig.g_endurance)
        return [1 - g**b if b <= self.rig.boosters else None for b in self.settings.boosters]

    @property
    def narrow_fail(self) -> Fraction:
        """Chance to fail a narrow passage's Piloting test (11/)."""
        return 1 - skill_test(self.rig.piloting)

    def crash_damage_at(self, move_cm: int) -> Fraction:
        """Expected damage of a boundary hit or failed passage after moving ``move_cm``."""
        return crash_damage(move_cm).mean()

    def passage_damage(self, boosters: int) -> Fraction | None:
        """Expected damage per narrow passage attempted firing ``boosters`` boosters."""
        if boosters > self.rig.boosters:
            return None
        return self.narrow_fail * self.rig.move(boosters).bind(crash_damage).mean()

    @property
    def fired(self) -> int:
        """Boosters fired through a narrow passage in the race model."""
        return min(self.model.fired(0, True), self.rig.boosters)

    @property
    def restart(self) -> Fraction:
        """Chance an engine start at the race model's face moves the ship."""
        return engine_start(self.model.start_face, self.rig.piloting,
                            self.rig.auto_start).p(lambda cm: cm > 0)

    @property
    def ramming(self) -> Fraction:
        """Expected damage dealt in a collision: the mean of the lower and the higher of 2D
        (one each way), + 1 per Ramming Edge."""
        hits = failed_pass_damage()
        return (hits.expectation(lambda h: h[0] + h[1]) / 2) + self.rig.ramming

    @cached_property
    def race(self) -> RaceResult:
        """The race model run by this rig."""
        return race(self.rig, self.model)

    @cached_property
    def values(self) -> dict[str, Value]:
        """Every axis."""
        return AXES.values(self)

    @cached_property
    def purchases(self) -> list[PurchaseRow]:
        """What each purchase would change on every axis, per 1,000 credits."""
        data = formula_data()
        rows = []
        for purchase in purchases(data):
            why = refusal(self.rig, purchase, data)
            if why is not None:
                rows.append(PurchaseRow(purchase, why, {}))
                continue
            after = FormulaMeasures(bought(self.rig, purchase, data), self.model,
                                    self.settings).values
            per = Fraction(1000, purchase.price)
            rows.append(PurchaseRow(purchase, None, {
                axis: (Fraction(after[axis]) - Fraction(self.values[axis])) * per
                for axis in self.values}))
        return rows

    def best_buy(self, axis_id: str) -> list[PurchaseRow]:
        """Purchases that improve ``axis_id``, the best per 1,000 credits first."""
        axis = AXES[axis_id]
        sign = 1 if axis.higher_is_better else -1
        gains = [row for row in self.purchases if row.refused is None
                 and sign * row.per_thousand[axis_id] > 0]
        return sorted(gains, key=lambda row: -sign * row.per_thousand[axis_id])


@dataclass(frozen=True)
class PurchaseRow:
    """One purchase for one rig: why it cannot be made, or its change on each axis per
    1,000 credits (exact)."""

    purchase: Purchase
    refused: str | None
    per_thousand: Mapping[str, Fraction]


@AXES.measure("cruise")
def cruise(m: FormulaMeasures) -> Value:
    return Fraction(m.rig.speed)


@AXES.measure("boosted")
def boosted(m: FormulaMeasures) -> Value:
    return m.rig.move(m.rig.boosters).mean()


@AXES.measure("distance")
def distance(m: FormulaMeasures) -> Value:
    return m.race.distance


@AXES.measure("blackout")
def blackout(m: FormulaMeasures) -> Value:
    return 1 - skill_test(m.rig.g_endurance)


@AXES.measure("narrow")
def narrow(m: FormulaMeasures) -> Value:
    return m.narrow_fail


@AXES.measure("passage_damage")
def passage_damage(m: FormulaMeasures) -> Value:
    found = m.passage_damage(m.fired)
    assert found is not None
    return found


@AXES.measure("restart")
def restart(m: FormulaMeasures) -> Value:
    return m.restart


@AXES.measure("finish")
def finish(m: FormulaMeasures) -> Value:
    return m.race.endings[FINISHED]


@AXES.measure("survive")
def survive(m: FormulaMeasures) -> Value:
    return 1 - m.race.endings[KILLED]


@AXES.measure("ramming")
def ramming(m: FormulaMeasures) -> Value:
    return m.ramming


# -- profiles ------------------------------------------------------------------------------


def rigs(team: Team) -> Iterator[tuple[int, Rig]]:
    """Each ship with a pilot, by its index in the file's ships, as the season left it."""
    state = replay(team)
    for index, ship in enumerate(team.ships):
        ship_now = state.ships.get(ship.name)
        pilot = state.pilots.get(ship.pilot or "")
        if ship_now is not None and pilot is not None:
            yield index, Rig.of(ship_now, pilot)


def unmeasured(rig: Rig) -> tuple[str, ...]:
    """What the axes cannot see: derby weapons and protections (17/)."""
    items = formula_data().items
    counts: dict[str, int] = {}
    for item in rig.weapons:
        counts[item] = counts.get(item, 0) + 1
    return tuple(items[i].name + (f" x{n}" if n > 1 else "") for i, n in counts.items())


def rig_profile(rig: Rig, path: tuple[Any, ...] = ()) -> Profile:
    """One rig measured."""
    measures = FormulaMeasures(rig)
    return Profile(rig.name, measures.values, measures, unmeasured(rig), path)


def profiles(team: Team) -> list[Profile]:
    """Every ship of the team with its pilot; a finding points at the ship's name."""
    return [rig_profile(rig, ("ships", index, "name")) for index, rig in rigs(team)]


def profile(team: Team) -> Profile:
    """The team's first ship with its pilot: the baseline, or the one ``--against`` gives."""
    found = profiles(team)
    if not found:
        raise ValueError(f"{team.name} has no ship with a pilot to measure")
    return found[0]


def details(profile: Profile) -> dict[str, Any]:
    """The per-1,000-credit table for the JSON output: each purchase, its price and its
    change on every axis (or why it cannot be bought)."""
    m = profile.detail
    assert isinstance(m, FormulaMeasures)
    return {"purchases": [
        {"item": row.purchase.id, "price": row.purchase.price, "refused": row.refused,
         "per_1000_credits": {axis: float(v) for axis, v in row.per_thousand.items()}}
        for row in m.purchases]}


@RULES.check("FA-BAL-BEST-BUY")
def best_buy(matchup: Matchup, axis: str) -> Iterator[Violation]:
    m = matchup.subject.detail
    assert isinstance(m, FormulaMeasures)
    ranked = m.best_buy(axis)
    if not ranked:
        return
    found = AXES[axis]

    def gain(row: PurchaseRow) -> str:
        value = row.per_thousand[axis]
        return f"{'+' if value > 0 else ''}{found.format(value)}"

    runner = ranked[1] if len(ranked) > 1 else None
    yield Violation(matchup.subject.path or ("name",), {
        "name": matchup.subject.name, "item": purchase_name(ranked[0].purchase),
        "price": ranked[0].purchase.price, "axis": found.short, "gain": gain(ranked[0]),
        "runner": purchase_name(runner.purchase) if runner else "",
        "runner_gain": gain(runner) if runner else ""})


def purchase_name(purchase: Purchase) -> str:
    """'+1 booster', 'Pilot advanced school (Piloting)'."""
    name = formula_data().items[purchase.item].name
    if purchase.skill is not None:
        return f"{name} ({purchase.skill.replace('_', '-').title()})"
    return name

