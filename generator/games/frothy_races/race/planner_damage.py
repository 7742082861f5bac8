"""Damage as the rulebook counts it, for the solo Wipe-out chance (``planner_risk``): how a
vehicle's Damage level moves with each Control roll, wall and round, and what a failed
turn does to its state (Damage; Damage Roll; Control Roll; Control Roll Icons; Solid
Obstacles).

A level's odds come from its Damage affects (cumulative: '+# Control Loss' and '+# Control
/ Round' add Control dice, '-1 Safe Speed' makes the top Safe Speed roll one die, '-#
Resilience' lowers the Resilience; '# Damage' rolls at once on reaching its level, '#
Damage / Round' at the start of each round) and the vehicle's traits (B.S.H. rolls a
collision's dice less, Failsafes a failed roll's, Jerry Rigged one more for any roll). Each
Control roll plays the cards the driver's habit plays (one, two for four dice or more:
``bots.control_cards``), taking the hand to hold them. Levels run 0 .. top - 1; ``top``
(the Damage track's end) is wiped out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from math import comb

import numpy as np

from generator.games.frothy_races.race.planner import start_marker
from generator.games.frothy_races.race.speeds import shift_marker
from generator.games.frothy_races.race.vehicles import RaceVehicle
from generator.probability.frothy_control import avoid_damage
from generator.probability.frothy_control_odds import control_roll
from generator.probability.frothy_dice import scoring_chance

MOST_DICE = 12  # a Control roll of more dice is taken as this many (as the table does)
Floats = np.ndarray
# What a failed turn leaves: (the Spin's change of facing, the Speed after).
TurnEnd = tuple[int, int]


def roll_cards(dice: int) -> int:
    """The cards the driver plays on a Control roll of ``dice`` dice (its habit, hand
    allowing: one for any roll, two for a big one)."""
    return 0 if dice <= 0 else 1 if dice < 4 else 2


@lru_cache(maxsize=64)
def roll_outcomes(dice: int, cards: int = 0) -> tuple[tuple[float, int, int, int, int, int], ...]:
    """Each way a Control roll of ``dice`` dice and ``cards`` cards (a die more and a
    discard each) falls, exact odds, the discards avoiding Damage first: (its chance, the
    Damage dice it deals, the Slide icons applied, the Spin (+1 left, -1 right, 0 none or
    both), the Haste icons applied, the Slow icons applied)."""
    if dice <= 0:
        return ((1.0, 0, 0, 0, 0, 0),)
    result = control_roll(min(dice + cards, MOST_DICE), cards, avoid_damage,
                          stamina_rules=False)
    merged: dict[tuple[int, int, int, int, int], float] = {}
    for outcome, p in result.outcomes.items():
        effects, count = outcome.effects, outcome.icon_count
        key = (outcome.damage_dice, count if "slide" in effects else 0,
               ("left_spin" in effects) - ("right_spin" in effects),
               count if "haste" in effects else 0, count if "slow" in effects else 0)
        merged[key] = merged.get(key, 0.0) + float(p)
    return tuple((p, *key) for key, p in sorted(merged.items()))


def binomial(n: int, p: float) -> list[float]:
    """P(k of ``n`` dice score), k = 0 .. n, each scoring with chance ``p``."""
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


@dataclass
class DamageTrack:
    """What each Damage level does to the odds and how Damage moves along the track:
    distributions over the level after (index ``top``: wiped out)."""

    spec: RaceVehicle
    cards: bool = True  # Control rolls play the driver's cards (``roll_cards``)
    top: int = 0
    score: list[float] = field(default_factory=list)  # a die's chance to score, by level
    extra: list[int] = field(default_factory=list)  # Control dice the affects add
    safe_lost: list[int] = field(default_factory=list)
    per_round: list[int] = field(default_factory=list)  # Damage dice each round starts with
    on_reach: dict[int, int] = field(default_factory=dict)  # '# Damage' dice by level
    _reached: dict[tuple[int, int], Floats] = field(default_factory=dict)
    _speeds: dict[tuple[int, int, int], int] = field(default_factory=dict)
    _crashes: dict[tuple[int, int], Floats] = field(default_factory=dict)

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

    def cards_for(self, dice: int) -> int:
        """The cards played on a Control roll of ``dice`` dice."""
        return roll_cards(dice) if self.cards else 0

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

    def then(self, now: Floats, step: object) -> Floats:
        """``now`` (chances over the level) after ``step`` (a level's outcomes, each its
        chance and the level after), the wiped out staying so."""
        out = np.zeros(self.top + 1)
        out[self.top] = now[self.top]
        for at in range(self.top):
            if now[at]:
                for p, after in step(at):  # type: ignore[operator]
                    out += now[at] * p * after
        return out

    def round_start(self, level: int) -> Floats:
        """The level after the round's '# Damage / Round' roll (no Control roll)."""
        return self.hurt(level, binomial(self.rolled(self.per_round[level]),
                                         self.score[level]))

    def roll(self, speed: int, level: int, more: int = 0) -> list[tuple[float, Floats]]:
        """A Control roll at ``speed`` from ``level`` with ``more`` Control Loss dice (rolled
        even at a Safe Speed): each way it falls as (chance, the level after its Damage)."""
        base = self.control_dice(speed, level)
        if not base and not more:
            return [(1.0, self.reached(level, level))]
        dice = base + more + self.extra[level]
        return [(p, self.hurt(level, binomial(self.rolled(icons, "control"),
                                              self.score[level])))
                for p, icons, *_ in roll_outcomes(dice, self.cards_for(dice))]

    def crash(self, speed: int, level: int) -> Floats:
        """A wall at ``speed``: its Damage dice, then a Control roll for the points taken
        (a Control Loss point each; at a Safe Speed only those dice), whose Damage icons
        deal more, and a Slide back into the wall its Slide icons in Damage dice."""
        found = self._crashes.get((speed, level))
        if found is None:
            found = self._crashes[speed, level] = self.crashed(speed, level)
        return found

    def crashed(self, speed: int, level: int) -> Floats:
        """``crash`` worked out."""
        out = np.zeros(self.top + 1)
        for k, p in enumerate(binomial(self.rolled(speed, "collision"), self.score[level])):
            if not p:
                continue
            after = self.reached(level, min(self.top, level + k))
            if k == 0:
                out += p * after
                continue
            for at, q in enumerate(after):
                if q and at >= self.top:
                    out[at] += p * q
                elif q:
                    out += p * q * self.reaction(speed, at, k)
        return out

    def reaction(self, speed: int, level: int, points: int) -> Floats:
        """The Control roll after ``points`` of a collision's Damage, from ``level``."""
        out = np.zeros(self.top + 1)
        dice = self.control_dice(speed, level) + points + self.extra[level]
        for r, icons, slides, *_ in roll_outcomes(dice, self.cards_for(dice)):
            hit = self.hurt(level, binomial(self.rolled(icons, "control"), self.score[level]))
            if slides:  # Slid back into the wall: its Slide icons in Damage dice
                hit = self.then(hit, lambda at, n=slides: [(1.0, self.hurt(at, binomial(
                    self.rolled(n), self.score[at])))])
            out += r * hit
        return out

    def turn(self, speed: int, level: int, wall: bool) -> dict[TurnEnd, Floats]:
        """A turn at ``speed`` from ``level``: by what it leaves (the Spin's change of
        facing, the Speed after), the chances of each level after. Above a Safe Speed it
        rolls (Changing Direction): Damage icons deal Damage; a Slide with ``wall`` (a
        wall ahead of the space) is that wall's collision, after which the Speed halves;
        Haste and Slow move the marker (from the Speed's left-most box, as the table
        holds it) by their icons."""
        base = self.control_dice(speed, level)
        if not base:
            return {(0, speed): self.reached(level, level)}
        dice = base + self.extra[level]
        out: dict[TurnEnd, Floats] = {}
        for p, icons, slides, spin, haste, slow in roll_outcomes(dice, self.cards_for(dice)):
            after = self.hurt(level, binomial(self.rolled(icons, "control"),
                                              self.score[level]))
            crashed = wall and slides > 0
            if crashed:
                after = self.then(after, lambda at: [(1.0, self.crash(speed, at))])
            end = (spin, self.speed_after(speed // 2 if crashed else speed, haste, slow))
            out[end] = out.get(end, 0.0) + p * after
        return out

    def speed_after(self, speed: int, haste: int, slow: int) -> int:
        """The Speed after Haste and Slow icons, from the Speed's left-most box."""
        key = (speed, haste, slow)
        found = self._speeds.get(key)
        if found is None:
            spec = self.spec
            table, top = spec.table, spec.top_speed
            marker = start_marker(spec, speed)
            if haste:
                marker = shift_marker(table, marker, haste, True, top)
            if slow:
                marker = shift_marker(table, marker, slow, False, top)
            found = self._speeds[key] = table.speed_of(marker)
        return found
