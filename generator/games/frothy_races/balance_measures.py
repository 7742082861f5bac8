"""Exact numbers about one Frothy Races vehicle (:class:`FrothyMeasures`), and the rows of
its tables: movement and Stamina per Speed, Control rolls, speed chains, durability,
attacks and the card economy. The readings of the guide they use are listed in
``balance``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from generator.balance.axes import Value
from generator.games.frothy_races.balance_axes import COLLISIONS, SETTINGS, Settings
from generator.games.frothy_races.balance_chains import (
    ACCELERATE,
    DECELERATE,
    DamageTrack,
    Effect,
    Move,
    damage_roll,
    damage_track,
    marker_step,
    rounds_until,
    spaces_moved,
)
from generator.games.frothy_races.balance_rolls import (
    ICON_NAMES,
    INFINITE,
    ZERO,
    Traits,
    control_summary,
    hash_dist,
    minus,
    plus,
)
from generator.games.frothy_races.catalogues import frothy_data
from generator.games.frothy_races.model import SPEEDS, AffectRef, Ref, Vehicle
from generator.probability import (
    Direction,
    Dist,
    Marker,
    SpeedTable,
    attack_value,
    scoring_chance,
    speed_check,
)


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

