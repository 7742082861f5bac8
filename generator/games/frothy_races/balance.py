"""The Frothy Races balance profile: what a Driving Licence implies, measured exactly.

The guide refuses a points system and asks instead for strengths and weaknesses that balance
out, tested against the basic chariot. This module measures a vehicle from its licence with
the exact engine (``generator.probability``): movement per Speed, Control rolls at each Speed
with 0-3 control-loss points and 0-2 cards, Stamina drain, rounds to reach each Speed and to
stop (Markov chains over the boxes), hits of each kind to wipe out, the card economy, and
attack odds. The axes compared with the baseline are data (``data/balance_axes.yaml``), each
measured by one function below; the verdicts are rules (``balance_rules.yaml``).

Readings of the guide, each used where its function says:

- A trait's '#' may be a roll (d3): it is rolled each time it is used, so every number
  below mixes over the roll exactly.
- Tireless and Anchor replace the roll: the marker moves up to # boxes, and the player
  takes as many as get closer to the goal without over-whipping. Accelerating still needs
  a card (or Champing at the Bit): the trait removes the roll, not the rule.
- With no card played the guide forces a deceleration, so '0 Whip cards' never leaves a
  standstill unless the vehicle is Champing at the Bit (which, in turn, cannot stop
  without a card).
- The Stamina trait returns # cards "from the Spent box at the start of each round"; at
  that moment the Spent box has just been emptied into Recovery, so we read it as # cards
  coming back one round early.
- Durability counts the Damage roll of each hit and the damage affects that change what
  later rolls do (-# Resilience, # Damage, Random among them, uniformly); not the Control
  roll a hit forces, nor '# Damage / Round', which depend on play rather than on the hit.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from generator.balance.axes import AxisBook, Value, is_infinite
from generator.balance.hook import Matchup, Profile
from generator.balance.verdicts import register_race_verdicts, register_verdicts
from generator.games.frothy_races.catalogues import frothy_data, resolve
from generator.games.frothy_races.model import SPEEDS, AffectRef, Ref, Vehicle
from generator.input.findings import RuleBook
from generator.probability import (
    ControlIcon,
    ControlOutcome,
    Cost,
    Die,
    Direction,
    Dist,
    Marker,
    Objective,
    SpeedTable,
    attack_value,
    avoid_damage,
    control_roll_ways,
    damage_points,
    expected_steps,
    min_control_loss,
    repeat_sum,
    scoring_chance,
    speed_check,
)

HERE = Path(__file__).parent
AXES: AxisBook[FrothyMeasures] = AxisBook(HERE / "data" / "balance_axes.yaml")
RULES: RuleBook[Matchup] = RuleBook(HERE / "balance_rules.yaml")
EQUAL_WITHIN = register_verdicts(RULES, dominates="FR-BAL-DOMINATES",
                                 dominated="FR-BAL-DOMINATED", tradeoffs="FR-BAL-TRADEOFFS")
register_race_verdicts(RULES, overpowered="FR-BAL-RACE-OVERPOWERED",
                       underpowered="FR-BAL-RACE-UNDERPOWERED", style="FR-BAL-RACE-STYLE")

ACCELERATE, DECELERATE = Direction.ACCELERATE, Direction.DECELERATE
HIT_KINDS = ("attack", "head_on", "t_bone", "rear_end", "solid", "fragile")
COLLISIONS = frozenset(HIT_KINDS) - {"attack"}
INFINITE = math.inf
ZERO: Dist[int] = Dist.certain(0)

# Traits the calculations below read. Anything else (Flyer, Lash, custom traits...) is
# reported as not measured; so is one of these whose removal changes no axis value.
MODELLED_TRAITS = frozenset({
    "Champing at the Bit", "Tireless", "Long Legs", "Cautious", "Hyperactive", "Anchor",
    "Rubber Shoes", "Reckless", "Lazy", "Driver", "Failsafes", "Jerry Rigged", "B.S.H.",
    "Stamina", "Blades", "Tank", "Cat O' Nine", "Whiplash", "Armoured", "Shield", "Flimsy",
    "Thin Skin", "Lady Luck", "Ill Fate", "Fortune Smiles", "Unlucky Charm"})


@dataclass(frozen=True)
class Settings:
    """What the detailed profile computes (``settings`` in the axes file)."""

    control_points: tuple[int, ...]
    cards: tuple[int, ...]
    whip_cards: tuple[int, ...]
    reins_cards: tuple[int, ...]
    standing_start_rounds: int
    hit_speeds: tuple[int, ...]
    attack_cards: int
    defence_cards: int
    objective: str
    effect_preference: tuple[str, ...]

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Settings:
        """Read the axes file's ``settings`` (our own data: a KeyError is a programming
        error the tests catch)."""
        return cls(
            control_points=tuple(data["control_points"]), cards=tuple(data["cards"]),
            whip_cards=tuple(data["whip_cards"]), reins_cards=tuple(data["reins_cards"]),
            standing_start_rounds=int(data["standing_start_rounds"]),
            hit_speeds=tuple(data["hit_speeds"]), attack_cards=int(data["attack_cards"]),
            defence_cards=int(data["defence_cards"]), objective=str(data["objective"]),
            effect_preference=tuple(data["effect_preference"]))


SETTINGS = Settings.of(AXES.settings)


def mildest_first(first: Objective) -> Objective:
    """``first``, then the mildest effects in the settings' order of preference (no
    effect at all being the mildest).

    Why: the engine breaks ties between equally good discards by a fixed order of icon
    names; a player who has the choice keeps a Slow rather than a Haste.
    """
    rank = {icon: i + 1 for i, icon in enumerate(SETTINGS.effect_preference)}

    def cost(o: ControlOutcome) -> Cost:
        head = first(o)
        return (*(head if isinstance(head, tuple) else (head,)),
                sum(rank[e] for e in o.effects))

    return cost


OBJECTIVES: Mapping[str, Objective] = {"avoid_damage": mildest_first(avoid_damage),
                                       "min_control_loss": mildest_first(min_control_loss)}


def hash_dist(value: int | str | None) -> Dist[int]:
    """A '#' value as a distribution: a number for certain, or a roll such as '1d3'."""
    if value is None:
        return Dist.certain(1)
    if isinstance(value, int):
        return Dist.certain(value)
    count, sides = value.split("d")
    return repeat_sum(Die.numbered(int(sides)).values(), int(count))


def plus(a: Dist[int], b: Dist[int]) -> Dist[int]:
    """Independent sum (a check plus a rolled modifier)."""
    return a.combine(b, lambda x, y: x + y)


def minus(a: Dist[int], b: Dist[int]) -> Dist[int]:
    """Independent difference (a check less a rolled modifier, one attack less another)."""
    return a.combine(b, lambda x, y: x - y)


ICON_NAMES = tuple(str(icon) for icon in ControlIcon)


@dataclass(frozen=True)
class RollSummary:
    """What a vehicle's Control cell needs from one engine Control roll, in counts of the
    ordered rolls (``rolls`` in all): integers add up exactly and fast, and a cell mixing
    several rolls (Driver) divides once."""

    rolls: int
    successes: int  # rolls with no effect applied
    loss_points: int  # control-loss points from effects and Spin pairs (not damage), summed
    # (Damage icons left if Damage applies, else 0; rolls), fewest icons first
    damage_icons: tuple[tuple[int, int], ...]
    effect_rolls: Mapping[str, int]  # rolls applying each effect

    @property
    def p_success(self) -> Fraction:
        """Chance no effect applies."""
        return Fraction(self.successes, self.rolls)

    @property
    def control_loss(self) -> Fraction:
        """Expected points from effects and Spin pairs (not damage)."""
        return Fraction(self.loss_points, self.rolls)

    @property
    def damage_dice(self) -> Dist[int]:
        """Damage icons left when the Damage effect applies (0 otherwise)."""
        return Dist._from_integers(dict(self.damage_icons), self.rolls)

    @property
    def effects(self) -> Mapping[str, Fraction]:
        """Chance each effect applies."""
        return {icon: Fraction(n, self.rolls) for icon, n in self.effect_rolls.items()}


@lru_cache(maxsize=512)
def control_summary(dice: int, discards: int, objective: str) -> RollSummary:
    """The engine's Control roll, summarised and cached: vehicles share most (dice,
    discards) pairs, and the full outcome distribution is large."""
    ways, total = control_roll_ways(dice, discards, OBJECTIVES[objective])
    success = loss = 0
    damage_icons: dict[int, int] = {}
    effects = dict.fromkeys(ICON_NAMES, 0)
    for outcome, rolls in ways.items():
        if outcome.success:
            success += rolls
        loss += rolls * outcome.control_loss
        damage_icons[outcome.damage_dice] = damage_icons.get(outcome.damage_dice, 0) + rolls
        for icon in outcome.effects:
            effects[icon] += rolls
    return RollSummary(total, success, loss, tuple(sorted(damage_icons.items())), effects)


@lru_cache(maxsize=4096)
def damage_dist(dice: int, resilience: int | None) -> Dist[int]:
    """Damage points from a roll of ``dice`` dice (the engine's binomial, cached)."""
    return damage_points(dice, resilience)


@dataclass(frozen=True)
class Traits:
    """A vehicle's catalogue traits by the guide's name, each with its '#' as a distribution."""

    values: Mapping[str, Dist[int]]

    @classmethod
    def of(cls, vehicle: Vehicle) -> Traits:
        """The catalogue traits of ``vehicle``; custom traits are never measured."""
        catalogue = frothy_data().traits
        found: dict[str, Dist[int]] = {}
        for ref in vehicle.traits:
            entry = None if ref.custom else catalogue.find(ref.name)
            if entry is not None:
                found[entry.name] = hash_dist(ref.value)
        return cls(found)

    def has(self, name: str) -> bool:
        """True when the vehicle has the trait called ``name`` in the catalogue."""
        return name in self.values

    def __getitem__(self, name: str) -> Dist[int]:
        """The trait's '#' (0 when the vehicle does not have it)."""
        return self.values.get(name, ZERO)


# ---------------------------------------------------------------------------------------
# The detailed numbers
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SpeedRow:
    """One Speed rating: movement, Control dice, Stamina."""

    speed: int
    moves: tuple[int, int, int, int]
    total: int
    moving_phases: int
    control_dice: int  # 0 = Safe
    stamina: int
    stamina_rounds: Value  # rounds at this Speed from full Stamina to the first affect


@dataclass(frozen=True)
class ControlCell:
    """A Control roll at one Speed with some control-loss points and cards, played well."""

    p_success: Fraction  # no effect applied (or no roll needed)
    control_loss: Fraction  # expected points gained, counting damage sustained
    damage: Fraction  # expected damage points from the Damage effect
    effects: Mapping[str, Fraction]  # chance each effect is applied


@dataclass(frozen=True)
class CardEconomy:
    """The hand and what the Spent and Recovery boxes let it sustain."""

    whip: int
    reins: int
    dual: int
    special: int
    total: int
    early: Fraction  # cards a round back one round early (Stamina trait)
    per_round: Fraction


@dataclass(frozen=True)
class AttackOdds:
    """Attack odds against a vehicle with no traits (see the Combat axes)."""

    vehicle_attack: Fraction
    personal_attack: Fraction
    vehicle_defence: Fraction
    personal_defence: Fraction


State = tuple[int, int | None]  # damage sustained, current Resilience (None = blank)
WIPED: State = (-1, None)
Effect = tuple[str, Any]


# ---------------------------------------------------------------------------------------
# Chains shared between measures: keyed by what they read, so a profile re-measured
# without one trait (see ``unmeasured``) and vehicles with the same licence rows or Damage
# track reuse them instead of solving them again.
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """One round's move of the speed marker, as data.

    ``fixed``: Tireless or Anchor, the marker moves up to ``values`` boxes with no roll (and
    Tireless never over-whips); otherwise ``values`` is the final speed check value, moved
    in ``direction`` (a negative value reverses it).
    """

    direction: Direction
    values: Dist[int]
    fixed: bool = False


@lru_cache(maxsize=256)
def marker_step(table: SpeedTable, move: Move) -> Callable[[Marker], Dist[Marker]]:
    """Where one round's ``move`` takes the marker from each box, each box worked out once."""
    values, direction = move.values, move.direction
    where: Callable[[Marker], Dist[Marker]]
    if move.fixed and direction is ACCELERATE:
        last = sum(table.acceleration) - 1

        def where(m: Marker) -> Dist[Marker]:
            return values.map(
                lambda t: table.accelerate(m, max(0, min(t, last - table.acceleration_box(m)))))
    elif move.fixed:
        def where(m: Marker) -> Dist[Marker]:
            return values.map(lambda t: table.decelerate(m, max(0, t)))
    else:
        def where(m: Marker) -> Dist[Marker]:
            return values.map(lambda v: table.shift(m, v, direction))
    memo: dict[Marker, Dist[Marker]] = {}

    def step(m: Marker) -> Dist[Marker]:
        found = memo.get(m)
        if found is None:
            found = memo[m] = where(m)
        return found

    return step


@lru_cache(maxsize=1024)
def rounds_until(table: SpeedTable, move: Move | None, start: Marker, speed: int | None
                 ) -> Value:
    """Expected rounds of ``move`` from ``start`` until the marker shows ``speed`` or more
    (``None``: until it stops); infinite when some reachable box can never get there."""
    def done(m: Marker) -> bool:
        shown = table.speed_of(m)
        return shown == 0 if speed is None else shown >= speed

    if done(start):
        return Fraction(0)
    if move is None:
        return INFINITE
    try:
        return expected_steps(start, marker_step(table, move), done)
    except ValueError:  # some reachable box can never get there: infinite expectation
        return INFINITE


@lru_cache(maxsize=256)
def spaces_moved(table: SpeedTable, move: Move | None, rounds: int, totals: tuple[int, ...]
                 ) -> tuple[Fraction, ...]:
    """Expected spaces moved by the end of each of ``rounds`` rounds from a standstill,
    the marker moving by ``move`` each round (``None``: it stays), ``totals`` the spaces a
    round at each Speed. Exact: the marker's distribution over the boxes, in integers over
    one common denominator."""
    step = None if move is None else marker_step(table, move)
    where: dict[Marker, int] = {table.start: 1}
    denominator = 1
    moved, out = 0, []
    for _ in range(rounds):
        if step is not None:
            forms = {m: step(m)._integers() for m in where}
            common = math.lcm(*(d for _, d in forms.values()))
            after: dict[Marker, int] = {}
            for m, n in where.items():
                numerators, d = forms[m]
                scale = n * (common // d)
                for nxt, q in numerators.items():
                    after[nxt] = after.get(nxt, 0) + scale * q
            where, denominator, moved = after, denominator * common, moved * common
        moved += sum(n * totals[table.speed_of(m)] for m, n in where.items())
        out.append(Fraction(moved, denominator))
    return tuple(out)


def damage_roll(dice: int, fewer: Dist[int], jerry: Dist[int]) -> Dist[int]:
    """Dice actually rolled for a Damage roll of ``dice``: less ``fewer`` (B.S.H.,
    Failsafes) down to none, then ``jerry`` (Jerry Rigged) extra dice if a roll is made."""
    return fewer.bind(lambda f: Dist.certain(0) if dice - f <= 0
                      else jerry.map(lambda j: dice - f + j))


class DamageTrack:
    """A Damage track as the chains to Wipe-out read it: its value, Resilience, the affects
    that change later rolls (by level) and Jerry Rigged's extra dice; each chain solved once.
    """

    def __init__(self, value: int, resilience: int | None,
                 effects: tuple[tuple[int, tuple[Effect, ...]], ...], jerry: Dist[int]) -> None:
        self.value = value
        self.resilience = resilience
        self.effects = dict(effects)
        self.jerry = jerry
        self._advanced: dict[tuple[int, int, int | None], Dist[State]] = {}
        self._chains: dict[Dist[int], Value] = {}

    def _apply(self, effects: tuple[Effect, ...], resilience: int | None
               ) -> Dist[tuple[int | None, int]]:
        """(Resilience, extra damage) after applying ``effects`` in order."""
        result: Dist[tuple[int | None, int]] = Dist.certain((resilience, 0))
        for effect in effects:
            def then(state: tuple[int | None, int], e: Effect = effect
                     ) -> Dist[tuple[int | None, int]]:
                return self._apply_one(e, *state)
            result = result.bind(then)
        return result

    def _apply_one(self, effect: Effect, resilience: int | None, extra: int
                   ) -> Dist[tuple[int | None, int]]:
        kind, value = effect
        if kind == "resilience":
            return value.map(lambda v: (None if resilience is None else resilience - v, extra))
        if kind == "roll":
            dice = value.bind(lambda n: damage_roll(n, ZERO, self.jerry))
            return dice.bind(lambda n: damage_dist(n, resilience)).map(
                lambda k: (resilience, extra + k))
        options = Dist.uniform(range(len(value)))
        return options.bind(lambda i: self._apply(value[i], resilience)).map(
            lambda s: (s[0], extra + s[1]))

    def _advance(self, level: int, target: int, resilience: int | None) -> Dist[State]:
        """Damage climbs from ``level`` to ``target``: apply each newly reached level's
        affects in order (a '# Damage' affect may push the target higher)."""
        if target >= self.value:
            return Dist.certain(WIPED)
        if level >= target:
            return Dist.certain((target, resilience))
        key = (level, target, resilience)
        if key not in self._advanced:
            nxt = level + 1
            self._advanced[key] = self._apply(self.effects.get(nxt, ()), resilience).bind(
                lambda s: self._advance(nxt, target + s[1], s[0]))
        return self._advanced[key]

    def hits_to_wipe_out(self, dice: Dist[int]) -> Value:
        """Expected hits until Wipe-out from undamaged, each hit a Damage roll of ``dice``
        (already adjusted for traits). Hits rolling the same dice share one chain."""
        if dice not in self._chains:
            self._chains[dice] = self._solve_chain(dice)
        return self._chains[dice]

    def _solve_chain(self, dice: Dist[int]) -> Value:
        # The damage a hit scores depends on the Resilience, not on the level: worked out
        # once per Resilience the chain meets, not once per state.
        scored: dict[int | None, Dist[int]] = {}

        def hit(state: State) -> Dist[State]:
            level, resilience = state
            points = scored.get(resilience)
            if points is None:
                points = scored[resilience] = dice.bind(
                    lambda n: damage_dist(n, resilience))
            return points.bind(lambda k: self._advance(level, level + k, resilience))

        start: State = (0, self.resilience)
        try:
            return expected_steps(start, hit, lambda s: s == WIPED)
        except ValueError:  # no hit of this kind can ever damage the vehicle
            return INFINITE


@lru_cache(maxsize=256)
def damage_track(value: int, resilience: int | None,
                 effects: tuple[tuple[int, tuple[Effect, ...]], ...], jerry: Dist[int]
                 ) -> DamageTrack:
    """The shared :class:`DamageTrack` for these inputs."""
    return DamageTrack(value, resilience, effects, jerry)


def clear_caches() -> None:
    """Forget every roll and chain kept between measures (benchmarks time cold runs)."""
    for cached in (control_summary, damage_dist, marker_step, rounds_until, spaces_moved,
                   damage_track):
        cached.cache_clear()


class FrothyMeasures:
    """Exact numbers about one vehicle, each computed the first time it is asked for.

    Why lazy: the verdict needs a handful of numbers, the report every table; and finding
    which traits no axis measures means re-measuring the axes without each trait.
    """

    def __init__(self, vehicle: Vehicle, settings: Settings = SETTINGS) -> None:
        self.vehicle = vehicle
        self.settings = settings
        st = vehicle.speed_table
        self.table = SpeedTable(st.acceleration, st.deceleration)
        self.traits = Traits.of(vehicle)
        self.objective = settings.objective
        self._cells: dict[tuple[int, int, int], ControlCell] = {}
        self._checks: dict[tuple[int, int, Direction], Dist[int]] = {}
        self._rounds: dict[tuple[str, int, int], Value] = {}
        self._hits: dict[tuple[str, int], Value] = {}
        self._damage_dice: dict[int, Fraction] = {}
        self._starts: dict[tuple[str, int, int], tuple[Fraction, ...]] = {}

    # -- movement and stamina ----------------------------------------------------------

    @cached_property
    def speeds(self) -> tuple[SpeedRow, ...]:
        """Movement, Control dice and Stamina for each Speed 0-6."""
        st = self.vehicle.speed_table
        return tuple(SpeedRow(
            speed=s, moves=st.moves(s), total=st.total(s),
            moving_phases=sum(1 for m in st.moves(s) if m), control_dice=st.control[s],
            stamina=st.stamina[s], stamina_rounds=self.stamina_rounds(st.stamina[s]))
            for s in SPEEDS)

    def stamina_rounds(self, change: int) -> Value:
        """Rounds at a Speed whose Stamina row is ``change``, starting from a full track,
        until the first Stamina affect applies (never, for a change of 0 or more)."""
        track = self.vehicle.stamina
        if change >= 0 or not track.affects:
            return INFINITE
        first = max(track.affects)
        if first < track.minimum:
            return INFINITE
        return Fraction(math.ceil((track.maximum - first) / -change))

    # -- Control rolls -------------------------------------------------------------------

    def control_cell(self, speed: int, points: int, cards: int) -> ControlCell:
        """A Control roll at ``speed`` holding ``points`` control-loss points, playing
        ``cards`` cards, each allowing one discard (Driver adds dice and discards).

        Dice: the Speed's Control dice (none at a Safe Speed, where only an attack, a
        collision or damage forces a roll) + the points held (never below the vehicle's
        minimum) + the cards. Damage: the Damage icons left, less Failsafes, plus Jerry
        Rigged, each scoring above Resilience, each a control-loss point too.
        """
        key = (speed, points, cards)
        if key not in self._cells:
            self._cells[key] = self._control_cell(speed, points, cards)
        return self._cells[key]

    def _control_cell(self, speed: int, points: int, cards: int) -> ControlCell:
        base = self.vehicle.speed_table.control[speed]
        held = max(points, self.vehicle.control_loss.minimum)
        chance = scoring_chance(self.vehicle.damage.resilience)
        # Each Driver value's roll, counted in ordered rolls over one common denominator.
        weights, denominator = self.traits["Driver"]._integers()
        rolls = [(weight, control_summary(base + held + cards + driver, cards + driver,
                                          self.objective))
                 for driver, weight in weights.items()]
        common = math.lcm(*(roll.rolls for _, roll in rolls))
        scaled = [(weight * (common // roll.rolls), roll) for weight, roll in rolls]
        whole = denominator * common
        icons: dict[int, int] = {}
        for scale, roll in scaled:
            for n, ways in roll.damage_icons:
                icons[n] = icons.get(n, 0) + scale * ways
        expected_dice = sum((ways * self._control_damage_dice(n) for n, ways in icons.items()),
                            Fraction(0)) / whole
        damage = expected_dice * chance
        points_gained = Fraction(sum(scale * roll.loss_points for scale, roll in scaled), whole)
        return ControlCell(
            Fraction(sum(scale * roll.successes for scale, roll in scaled), whole),
            points_gained + damage, damage,
            {icon: Fraction(sum(scale * roll.effect_rolls[icon] for scale, roll in scaled),
                            whole) for icon in ICON_NAMES})

    def _control_damage_dice(self, icons: int) -> Fraction:
        """Expected dice rolled for ``icons`` Damage icons: less Failsafes, plus Jerry."""
        if icons not in self._damage_dice:
            self._damage_dice[icons] = self.damage_roll(icons, self.traits["Failsafes"]).mean()
        return self._damage_dice[icons]

    def turn_success(self, speed: int, points: int, cards: int) -> Fraction:
        """Chance a change of direction at ``speed`` costs nothing: certain at a Safe Speed
        (no roll), else the Control roll succeeds."""
        if self.vehicle.speed_table.control[speed] == 0:
            return Fraction(1)
        return self.control_cell(speed, points, cards).p_success

    # -- speed checks and the acceleration chain -------------------------------------------

    def check(self, whip: int, reins: int, direction: Direction) -> Dist[int]:
        """The final speed check value: the roll with the trait's extra dice, plus its
        modifiers (Hyperactive/Cautious when accelerating, Lazy/Reckless when braking)."""
        key = (whip, reins, direction)
        if key not in self._checks:
            accelerating = direction is ACCELERATE
            extra = self.traits["Long Legs" if accelerating else "Rubber Shoes"]
            bonus = self.traits["Hyperactive" if accelerating else "Lazy"]
            malus = self.traits["Cautious" if accelerating else "Reckless"]
            roll = extra.bind(lambda e: speed_check(whip, reins, direction, extra_dice=e))
            self._checks[key] = minus(plus(roll, bonus), malus)
        return self._checks[key]

    def accelerate_move(self, whip: int) -> Move | None:
        """One round's acceleration with ``whip`` Whip cards, or None if the vehicle cannot
        accelerate that way (no card and not Champing at the Bit)."""
        if whip == 0 and not self.traits.has("Champing at the Bit"):
            return None
        if self.traits.has("Tireless"):
            return Move(ACCELERATE, self.traits["Tireless"], fixed=True)
        return Move(ACCELERATE, self.check(whip, 0, ACCELERATE))

    def decelerate_move(self, reins: int) -> Move | None:
        """One round's braking with ``reins`` Reins cards, or None if the vehicle cannot
        brake that way (no card while Champing at the Bit)."""
        if reins == 0 and self.traits.has("Champing at the Bit"):
            return None
        if self.traits.has("Anchor"):
            return Move(DECELERATE, self.traits["Anchor"], fixed=True)
        return Move(DECELERATE, self.check(0, reins, DECELERATE))

    def accelerate_step(self, whip: int) -> Callable[[Marker], Dist[Marker]] | None:
        """Where one round's acceleration with ``whip`` Whip cards moves the marker, or None
        if the vehicle cannot accelerate that way (no card and not Champing at the Bit)."""
        move = self.accelerate_move(whip)
        return None if move is None else marker_step(self.table, move)

    def decelerate_step(self, reins: int) -> Callable[[Marker], Dist[Marker]] | None:
        """Where one round's braking with ``reins`` Reins cards moves the marker, or None if
        the vehicle cannot brake that way (no card while Champing at the Bit)."""
        move = self.decelerate_move(reins)
        return None if move is None else marker_step(self.table, move)

    def rounds_to_speed(self, whip: int, speed: int) -> Value:
        """Expected rounds from a standstill until ``speed`` or faster, accelerating with
        ``whip`` Whip cards every round; infinite when it can never get there."""
        key = ("speed", whip, speed)
        if key not in self._rounds:
            self._rounds[key] = rounds_until(self.table, self.accelerate_move(whip),
                                             self.table.start, speed)
        return self._rounds[key]

    def rounds_to_stop(self, reins: int) -> Value:
        """Expected rounds from the last box of top speed until Speed 0, braking with
        ``reins`` Reins cards every round."""
        key = ("stop", reins, 0)
        if key not in self._rounds:
            self._rounds[key] = rounds_until(self.table, self.decelerate_move(reins),
                                             self.table.top, None)
        return self._rounds[key]

    def standing_start(self, whip: int, rounds: int) -> tuple[Fraction, ...]:
        """Expected spaces moved by the end of each of the first ``rounds`` rounds from a
        standstill, accelerating with ``whip`` Whip cards every round (exact forward
        distribution over the boxes, over-whipping included)."""
        key = ("start", whip, rounds)
        if key not in self._starts:
            totals = tuple(self.vehicle.speed_table.total(speed) for speed in SPEEDS)
            self._starts[key] = spaces_moved(self.table, self.accelerate_move(whip), rounds,
                                             totals)
        return self._starts[key]

    # -- damage and durability -------------------------------------------------------------

    def damage_roll(self, dice: int, fewer: Dist[int]) -> Dist[int]:
        """Dice actually rolled for a Damage roll of ``dice``: less ``fewer`` (B.S.H.,
        Failsafes) down to none, then Jerry Rigged's extra dice if a roll is made."""
        return damage_roll(dice, fewer, self.traits["Jerry Rigged"])

    @cached_property
    def damage_effects(self) -> Mapping[int, tuple[Effect, ...]]:
        """The damage affects that change later Damage rolls, by level."""
        return {level: tuple(e for ref in refs if (e := self._effect(ref)) is not None)
                for level, refs in self.vehicle.damage.affects.items()}

    def _effect(self, ref: Ref) -> Effect | None:
        entry = None if ref.custom else frothy_data().damage_affects.find(ref.name)
        name = entry.name if entry else ""
        if name == "-# Resilience":
            return ("resilience", hash_dist(ref.value))
        if name == "# Damage":
            return ("roll", hash_dist(ref.value))
        if name == "Random" and isinstance(ref, AffectRef) and ref.choices:
            options = tuple(tuple(e for e in [self._effect(c)] if e is not None)
                            for c in ref.choices)
            return ("random", options)
        return None

    @cached_property
    def damage_track(self) -> DamageTrack:
        """The vehicle's Damage track as the chains to Wipe-out read it (shared with every
        vehicle whose track, affects and Jerry Rigged are the same)."""
        damage = self.vehicle.damage
        return damage_track(damage.value, damage.resilience,
                            tuple(sorted(self.damage_effects.items())),
                            self.traits["Jerry Rigged"])

    def hits_to_wipe_out(self, dice: Dist[int]) -> Value:
        """Expected hits until Wipe-out from undamaged, each hit a Damage roll of ``dice``
        (already adjusted for traits). Hits rolling the same dice share one chain."""
        return self.damage_track.hits_to_wipe_out(dice)

    def hit_dice(self, kind: str, speed: int) -> Dist[int]:
        """Damage dice of one hit of ``kind`` involving Speed ``speed``, traits applied.

        attack: a lost Vehicle attack whose winner is at ``speed`` (margin + half its
        Speed, rounded up); head_on: both vehicles at ``speed``; t_bone and solid: the
        colliding vehicle at ``speed``; rear_end: a Speed difference of ``speed``;
        fragile: half ``speed``, rounded up. B.S.H. takes dice off collisions.
        """
        half = -(-speed // 2)
        raw: Dist[int]
        if kind == "attack":
            margin = self.attack_loss_margin
            assert margin is not None, "a vehicle that never loses has no attack hits"
            raw = margin.map(lambda m: m + half)
        elif kind == "head_on":
            raw = Dist.certain(2 * speed)
        elif kind == "fragile":
            raw = Dist.certain(half)
        else:  # t_bone, rear_end, solid
            raw = Dist.certain(speed)
        fewer = self.traits["B.S.H."] if kind in COLLISIONS else ZERO
        return raw.bind(lambda n: self.damage_roll(n, fewer))

    def hits(self, kind: str, speed: int) -> Value:
        """Expected hits of ``kind`` at ``speed`` to wipe out (infinite if the vehicle
        never loses that way)."""
        key = (kind, speed)
        if key not in self._hits:
            if kind == "attack" and self.attack_loss_margin is None:
                self._hits[key] = INFINITE
            else:
                self._hits[key] = self.hits_to_wipe_out(self.hit_dice(kind, speed))
        return self._hits[key]

    @cached_property
    def damage_rolls_to_wipe_out(self) -> Value:
        """Expected one-die Damage rolls (plus Jerry Rigged dice) until Wipe-out."""
        return self.hits_to_wipe_out(self.damage_roll(1, ZERO))

    # -- attacks ----------------------------------------------------------------------

    def attack_total(self, cards: int, extra: Dist[int], bonus: Dist[int]) -> Dist[int]:
        """Attack value: 1 die + 1 per card + extra dice, best two, plus a bonus."""
        roll = extra.bind(lambda e: attack_value(cards, extra_dice=e))
        return plus(roll, bonus)

    def _plain(self, cards: int) -> Dist[int]:
        return attack_value(cards)

    @cached_property
    def attacks(self) -> AttackOdds:
        """Chances against a vehicle with no traits; a tie is a loss for both unless a
        trait wins it (Fortune Smiles for Vehicle, Lady Luck for Personal attacks)."""
        t, s = self.traits, self.settings
        fortune, luck = t.has("Fortune Smiles"), t.has("Lady Luck")

        def win(mine: Dist[int], theirs: Dist[int], wins_ties: bool) -> Fraction:
            margin = minus(mine, theirs)
            return margin.p(lambda d: d > 0) + (margin[0] if wins_ties else Fraction(0))

        attacker, target = self._plain(s.attack_cards), self._plain(s.defence_cards)
        return AttackOdds(
            vehicle_attack=win(self.attack_total(s.attack_cards, t["Tank"], t["Blades"]),
                               target, fortune),
            personal_attack=win(self.attack_total(s.attack_cards, t["Cat O' Nine"],
                                                  t["Whiplash"]), target, luck),
            vehicle_defence=win(self.attack_total(s.defence_cards, t["Armoured"],
                                                  t["Flimsy"].map(lambda v: -v)),
                                attacker, fortune),
            personal_defence=win(self.attack_total(s.defence_cards, t["Shield"],
                                                   t["Thin Skin"].map(lambda v: -v)),
                                 attacker, luck))

    @cached_property
    def attack_loss_margin(self) -> Dist[int] | None:
        """The margin of a Vehicle attack this vehicle loses as the target, given that it
        loses (None if it never does): the attacker's value less ours; a tie counts at the
        Attack value 'as is', or 1 with Unlucky Charm, and is won with Fortune Smiles."""
        t, s = self.traits, self.settings
        mine = self.attack_total(s.defence_cards, t["Armoured"], t["Flimsy"].map(lambda v: -v))
        theirs = self._plain(s.attack_cards)
        weights: dict[int, Fraction] = {}
        for a, pa in theirs.items():
            for d, pd in mine.items():
                dice = self._lost_by(a, d)
                if dice is not None:
                    weights[dice] = weights.get(dice, Fraction(0)) + pa * pd
        return Dist.from_weights(weights) if weights else None

    def _lost_by(self, theirs: int, mine: int) -> int | None:
        if theirs > mine:
            return theirs - mine
        if theirs < mine or self.traits.has("Fortune Smiles"):
            return None
        return 1 if self.traits.has("Unlucky Charm") else theirs

    # -- cards ------------------------------------------------------------------------

    @cached_property
    def cards(self) -> CardEconomy:
        """Cards a round the Spent/Recovery cycle sustains: a card played in a round is
        back in hand two round-ends later, so in a steady state each card is playable every
        other round: (total + early) / 2, where the Stamina trait brings 'early' cards back
        after one round-end."""
        c = self.vehicle.cards
        early = self.traits["Stamina"].mean()
        return CardEconomy(c.whip, c.reins, c.dual, c.special_count, c.total, early,
                           min(Fraction(c.total), (c.total + early) / 2))


# ---------------------------------------------------------------------------------------
# Axis measures: one per axis id in data/balance_axes.yaml, where each axis's 'how' says
# what it measures (the words the report prints), as rules.yaml documents each check.
# ---------------------------------------------------------------------------------------

MOVING_SPEEDS = SPEEDS[1:]


def _mean(values: list[Fraction] | list[int]) -> Fraction:
    return Fraction(sum(values)) / len(values)


@AXES.measure("top_speed_spaces")
def top_speed_spaces(m: FrothyMeasures) -> Value:
    return Fraction(m.speeds[-1].total)


@AXES.measure("mean_spaces")
def mean_spaces(m: FrothyMeasures) -> Value:
    return _mean([m.speeds[s].total for s in MOVING_SPEEDS])


@AXES.measure("moving_phases")
def moving_phases(m: FrothyMeasures) -> Value:
    return _mean([m.speeds[s].moving_phases for s in MOVING_SPEEDS])


@AXES.measure("standing_start")
def standing_start(m: FrothyMeasures, rounds: int, whip: int) -> Value:
    return m.standing_start(whip, rounds)[-1]


@AXES.measure("rounds_to_top_speed")
def rounds_to_top_speed(m: FrothyMeasures, whip: int, speed: int) -> Value:
    return m.rounds_to_speed(whip, speed)


@AXES.measure("rounds_to_stop")
def rounds_to_stop(m: FrothyMeasures, reins: int) -> Value:
    return m.rounds_to_stop(reins)


@AXES.measure("safe_spaces")
def safe_spaces(m: FrothyMeasures) -> Value:
    safe = [row.total for row in m.speeds if row.control_dice == 0]
    return Fraction(max(safe, default=0))


@AXES.measure("turn_success")
def turn_success(m: FrothyMeasures, control_points: int, cards: int) -> Value:
    return _mean([m.turn_success(s, control_points, cards) for s in MOVING_SPEEDS])


@AXES.measure("dice_to_wipe_out")
def dice_to_wipe_out(m: FrothyMeasures) -> Value:
    return m.damage_rolls_to_wipe_out


@AXES.measure("crashes_to_wipe_out")
def crashes_to_wipe_out(m: FrothyMeasures, kind: str, speed: int) -> Value:
    return m.hits(kind, speed)


@AXES.measure("damage_affects")
def damage_affects(m: FrothyMeasures) -> Value:
    damage = m.vehicle.damage
    return Fraction(sum(len(refs) for level, refs in damage.affects.items()
                        if level < damage.value))


@AXES.measure("cards_per_round")
def cards_per_round(m: FrothyMeasures) -> Value:
    return m.cards.per_round


@AXES.measure("sustainable_spaces")
def sustainable_spaces(m: FrothyMeasures) -> Value:
    return Fraction(max((row.total for row in m.speeds if is_infinite(row.stamina_rounds)),
                        default=0))


@AXES.measure("stamina_at_top")
def stamina_at_top(m: FrothyMeasures) -> Value:
    return m.speeds[-1].stamina_rounds


@AXES.measure("vehicle_attack")
def vehicle_attack(m: FrothyMeasures) -> Value:
    return m.attacks.vehicle_attack


@AXES.measure("personal_attack")
def personal_attack(m: FrothyMeasures) -> Value:
    return m.attacks.personal_attack


@AXES.measure("vehicle_defence")
def vehicle_defence(m: FrothyMeasures) -> Value:
    return m.attacks.vehicle_defence


@AXES.measure("personal_defence")
def personal_defence(m: FrothyMeasures) -> Value:
    return m.attacks.personal_defence


# ---------------------------------------------------------------------------------------
# The profile and the hook
# ---------------------------------------------------------------------------------------


def unmeasured(vehicle: Vehicle, values: Mapping[str, Value]) -> tuple[str, ...]:
    """Traits and special cards no axis reflects: traits the calculations never read, and
    modelled traits whose removal leaves every axis value unchanged (Champing at the Bit
    only shows with no card; Ill Fate only changes the size of a tie's loss)."""
    data = frothy_data()
    missing = []
    for i, ref in enumerate(vehicle.traits):
        entry = None if ref.custom else data.traits.find(ref.name)
        label = resolve(ref, data.traits).label
        if entry is None or entry.name not in MODELLED_TRAITS:
            missing.append(label)
            continue
        without = dataclasses.replace(vehicle, traits=vehicle.traits[:i] + vehicle.traits[i + 1:])
        if AXES.values(FrothyMeasures(without)) == values:
            missing.append(label)
    missing += [resolve(card, data.special_cards).label for card in vehicle.cards.special]
    return tuple(missing)


def profile(vehicle: Vehicle) -> Profile:
    """Measure ``vehicle`` on every axis; the report reads the tables from ``detail``."""
    measures = FrothyMeasures(vehicle)
    values = AXES.values(measures)
    return Profile(vehicle.name, values, measures, unmeasured(vehicle, values))
