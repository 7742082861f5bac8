"""The Outrider balance profile: what a build's dice, bonuses and arcs imply, measured exactly.

An Outrider build is four equipment dice placed in four slots (2.2) and a card with two
sides, each with its bonus lights and weapon arcs (2.1). This module measures a build with
the exact odds of ``generator.probability.outrider``: initiative, control checks at each
difficulty, damage against each armour die, hits to lose every armor token, collisions and
arc coverage, on each side of the card. The axes compared are data
(``data/balance_axes.yaml``), each measured by one function below; the verdicts are rules
(``balance_rules.yaml``). Issue 6 also asks which of the 24 placements of the four dice
dominate which: :meth:`OutriderMeasures.assignments` measures all of them on the same axes.

Readings of the rulebook, each used where its function says:

- Every roll is made in a duel against "the field": an opponent with a standard set of dice
  placed any of the 24 ways with equal chance and no bonuses. Knowing its armour (or
  weapon) die, its engine is one of the other three, each equally likely. The duel's
  initiative decides the Speedometer (+1 to every roll, 4.3) and superior initiative (+1 to
  a moving defender, 7.4) for the whole round, so each chance below mixes the two cases.
- Everybody is moving (the settings' ``moving``): no +1 for a stopped target, and the
  defender's superior initiative applies whenever it won the duel. With ``moving: false``
  the vehicle attacked or rammed stands stopped: no superior initiative, and +1 outside
  the rule of four to the attack (7.4 Superior Motion) and to the ramming vehicle (6.3,
  6.4), as the battle engine plays them.
- Skill Points are never spent on the rolls measured: the pool is an axis of its own, and
  spending it is a choice made during play.
- The attack axes use the primary weapon, fire-linked (+1, inside the rule of four) when a
  facing of the side pairs it with a secondary arc (7.2): the strongest shot the side has.
  A secondary arc alone shoots a d6 (7.1), shown in the tables, not an axis.
- Expected hits to wreck are six armor tokens (1.7) over the chance one hit damages: each
  hit is a fresh round's duel, so hits are independent.
- Collisions are won on ARMOR + capped Defense + the Speedometer, ties going to the larger
  die, then the Defense characteristic, then a re-roll (6.3, 6.4 "handled in the same
  manner as initiative").
- Arc coverage is the union of cones about each arc's edge, with the widths the
  OR-VARIANT-ARCS rule uses (articulated 90 degrees, 7.2; fixed 10, ours).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from generator.balance.axes import AxisBook, Value
from generator.balance.compare import Comparison, compare, dominance_pairs
from generator.balance.hook import Matchup, Profile
from generator.balance.verdicts import register_verdicts
from generator.games.outrider.balance_odds import (
    Collisions,
    Side,
    damage,
    die,
    die_name,
    duel,
    field_attack,
    field_collision,
    field_collisions,
    field_control,
    field_damage,
    field_initiative,
    side_coverage,
)
from generator.games.outrider.battle_verdicts import register_battle_verdicts
from generator.games.outrider.catalogues import outrider_data
from generator.games.outrider.model import SIDES, SLOTS, Vehicle
from generator.input.findings import RuleBook, Violation
from generator.probability.dist import Dist
from generator.probability.outrider import (
    ControlCheck,
    ManeuverType,
    capped,
    loss_of_control,
)

HERE = Path(__file__).parent
AXES_FILE = HERE / "data" / "balance_axes.yaml"
AXES: AxisBook[OutriderMeasures] = AxisBook(AXES_FILE)
RULES: RuleBook[Matchup] = RuleBook(HERE / "balance_rules.yaml")
EQUAL_WITHIN = register_verdicts(RULES, dominates="OR-BAL-DOMINATES",
                                 dominated="OR-BAL-DOMINATED", tradeoffs="OR-BAL-TRADEOFFS")
register_battle_verdicts(RULES, overpowered="OR-BAL-BATTLE-OVERPOWERED",
                         underpowered="OR-BAL-BATTLE-UNDERPOWERED")
ASSIGNMENT_RULE = "OR-BAL-ASSIGNMENT-DOMINATED"
ASSIGNMENT_EQUAL_WITHIN = float(RULES[ASSIGNMENT_RULE].params["equal_within"])

Dice = tuple[int, int, int, int]  # engine, driver, armor, weapon: the order of SLOTS


@dataclass(frozen=True)
class Settings:
    """What the detailed profile computes (``settings`` in the axes file)."""

    difficulties: tuple[int, ...]
    chains: Mapping[str, str]  # maneuver type -> the face a chain is made of
    chain_cards: int
    moving: bool
    secondary_weapon: int

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Settings:
        """Read the axes file's ``settings`` (our own data: a KeyError is a programming
        error the tests catch)."""
        return cls(difficulties=tuple(data["difficulties"]), chains=dict(data["chains"]),
                   chain_cards=int(data["chain_cards"]), moving=bool(data["moving"]),
                   secondary_weapon=int(data["secondary_weapon"]))


SETTINGS = Settings.of(AXES.settings)


# -- the measures -------------------------------------------------------------------------


class OutriderMeasures:
    """Exact numbers about one build, with its own dice or another placement of them.

    Why a class with caches: the verdicts need the axes, the report every table, and the
    placement study the axes of 24 builds that share everything but the dice.
    """

    def __init__(self, vehicle: Vehicle, dice: Dice | None = None,
                 settings: Settings = SETTINGS, *, sides: Mapping[str, Side] | None = None
                 ) -> None:
        self.vehicle = vehicle
        self.dice: Dice = dice if dice is not None else vehicle.equipment.as_tuple()
        self.settings = settings
        # the card's sides do not depend on the dice: placements of one build share them
        self.sides = dict(sides) if sides is not None else {
            name: Side.of(vehicle, name) for name in SIDES}
        self._studies: dict[tuple[tuple[str, ...], float], AssignmentStudy] = {}

    @property
    def engine(self) -> int:
        return self.dice[0]

    @property
    def driver(self) -> int:
        return self.dice[1]

    @property
    def armour(self) -> int:
        return self.dice[2]

    @property
    def weapon(self) -> int:
        return self.dice[3]

    @property
    def action_points(self) -> int:
        """Action Points of the engine die (2.3)."""
        return outrider_data().action_points(self.engine)

    @property
    def skill_points(self) -> int:
        """Skill Points of the driver die (2.4)."""
        return outrider_data().skill_points(self.driver)

    @property
    def armor_tokens(self) -> int:
        """Armor tokens on the damage track (1.7): the sixth damage wrecks."""
        return outrider_data().per_player["armor"]

    # -- initiative ----------------------------------------------------------------------

    def initiative_against(self, side: str, opponent: int) -> Fraction:
        """P(winning the round's initiative against a field engine of ``opponent`` sides)."""
        s = self.sides[side]
        return duel(self.engine, capped(s.initiative), s.acceleration, opponent)

    def initiative(self, side: str) -> Fraction:
        """P(winning initiative against the field, any engine)."""
        s = self.sides[side]
        return field_initiative(self.engine, capped(s.initiative), s.acceleration)

    # -- control checks ------------------------------------------------------------------

    def control(self, side: str, difficulty: int) -> ControlCheck:
        """A control check against ``difficulty``, the Speedometer held in the rounds the
        duel against the field is won."""
        s = self.sides[side]
        return field_control(self.engine, capped(s.initiative), s.acceleration, self.driver,
                             s.control, difficulty)

    def chain_difficulty(self, maneuver: str, cards: int) -> int:
        """Target difficulty of ``cards`` cards of the settings' face for ``maneuver``."""
        face = outrider_data().faces[self.settings.chains[maneuver]]
        return cards * face.difficulty

    def chain(self, side: str, maneuver: str, cards: int) -> Fraction | None:
        """Chance to complete a chain of ``cards`` maneuvers of one kind, or None when the
        engine's Action Points cannot pay for it."""
        if cards > self.action_points:
            return None
        return self.control(side, self.chain_difficulty(maneuver, cards)).success

    def loss_of_control(self, maneuver: ManeuverType, side: str = SIDES[0]) -> Dist[str]:
        """The chart result once control is lost (5.7), read on the DRIVER die plus the
        Speedometer's +1 in the rounds ``side`` wins the duel (4.3 Lucky: +1 to all its
        rolls; the battle engine reads the chart so too)."""
        p = self.initiative(side)
        plain = loss_of_control(die(self.driver), maneuver)
        lucky = loss_of_control(die(self.driver), maneuver, speedometer=True)
        return Dist.from_weights({r: p * lucky[r] + (1 - p) * plain[r]
                                  for r in (*plain.support, *lucky.support)})

    # -- attacks -------------------------------------------------------------------------

    def attack_when(self, side: str, armour: int, won: bool, secondary: bool = False
                    ) -> Fraction:
        """P(damage) against a field ``armour`` die, given the duel was (not) won: the
        primary weapon (fire-linked when the side can), or a secondary arc's d6."""
        s = self.sides[side]
        weapon = self.settings.secondary_weapon if secondary else self.weapon
        linked = s.fire_linked and not secondary
        return damage(weapon, armour, s.attack, linked, won, 0, self.settings.moving)

    def attack(self, side: str, armour: int, secondary: bool = False) -> Fraction:
        """P(a hitting attack damages a moving field vehicle with an ``armour`` die)."""
        s = self.sides[side]
        weapon = self.settings.secondary_weapon if secondary else self.weapon
        return field_attack(self.engine, capped(s.initiative), s.acceleration, weapon, armour,
                            s.attack, s.fire_linked and not secondary, self.settings.moving)

    # -- defence and durability ----------------------------------------------------------

    def defence_when(self, side: str, weapon: int, won: bool) -> Fraction:
        """P(a hit by a field ``weapon`` die damages this side), given the duel was (not)
        won by this side."""
        return damage(weapon, self.armour, 0, False, not won, self.sides[side].defense,
                      self.settings.moving)

    def damaged_by(self, side: str, weapon: int) -> Fraction:
        """P(a hit by a field vehicle with a ``weapon`` die damages this side)."""
        s = self.sides[side]
        return field_damage(self.engine, capped(s.initiative), s.acceleration, self.armour,
                            weapon, s.defense, self.settings.moving)

    def hits_to_wreck(self, side: str, weapon: int) -> Value:
        """Expected hits by a field ``weapon`` die until every armor token is flipped."""
        p = self.damaged_by(side, weapon)
        return self.armor_tokens / p if p else math.inf

    # -- collisions ----------------------------------------------------------------------

    def collision_against(self, side: str, armour: int) -> Fraction:
        """P(winning a collision with a field vehicle of ``armour`` die)."""
        s = self.sides[side]
        return field_collision(self.engine, capped(s.initiative), s.acceleration, self.armour,
                               armour, capped(s.defense), s.defense_characteristic,
                               self.settings.moving)

    def collisions(self, side: str) -> Collisions:
        """Collisions with the field: any armour die, each equally likely."""
        s = self.sides[side]
        return field_collisions(self.engine, capped(s.initiative), s.acceleration,
                                self.armour, capped(s.defense), s.defense_characteristic,
                                self.armor_tokens, self.settings.moving)

    # -- arcs ----------------------------------------------------------------------------

    def arc_coverage(self, side: str) -> Fraction:
        """Degrees of the compass the side's arcs cover."""
        return side_coverage(self.sides[side].arcs)

    # -- the 24 placements ---------------------------------------------------------------

    def assignments(self, book: AxisBook[Any], equal_within: float) -> AssignmentStudy:
        """Every placement of this build's four dice, measured on ``book``'s axes."""
        key = (tuple(axis.id for axis in book), equal_within)
        if key not in self._studies:
            self._studies[key] = assignment_study(self.vehicle, self.dice, book, equal_within)
        return self._studies[key]


# ---------------------------------------------------------------------------------------
# The 24 ways to place the dice
# ---------------------------------------------------------------------------------------


def placement_label(dice: Dice) -> str:
    """'d8/d10/d12/d6': engine, driver, armor, weapon."""
    return "/".join(die_name(d) for d in dice)


@dataclass(frozen=True)
class AssignmentStudy:
    """The placements of one build's dice, measured alike, and which dominates which.

    ``placements`` are in a fixed order (engine die first, then driver...), ``own`` is the
    index of the build's own; ``pairs`` hold (a, b) for each a that dominates b.
    """

    placements: tuple[Dice, ...]
    values: tuple[Mapping[str, Value], ...]
    own: int
    pairs: tuple[tuple[int, int], ...]
    versus_own: tuple[Comparison, ...]  # each placement against the build's own

    @property
    def front(self) -> tuple[int, ...]:
        """The placements no other dominates: each a real choice."""
        beaten = {b for _, b in self.pairs}
        return tuple(i for i in range(len(self.placements)) if i not in beaten)

    def dominated_by(self, index: int) -> tuple[int, ...]:
        """The placements that dominate placement ``index``."""
        return tuple(a for a, b in self.pairs if b == index)

    def dominates(self, index: int) -> tuple[int, ...]:
        """The placements that placement ``index`` dominates."""
        return tuple(b for a, b in self.pairs if a == index)

    def moved(self, index: int) -> int:
        """How many slots placement ``index`` fills with another die than the build's own."""
        return sum(a != b for a, b in zip(self.placements[index], self.placements[self.own],
                                          strict=True))


def assignment_study(vehicle: Vehicle, own: Dice, book: AxisBook[Any],
                     equal_within: float) -> AssignmentStudy:
    """Measure all placements of ``own``'s dice on ``book``'s axes and compare them."""
    placements: tuple[Dice, ...] = tuple(
        (e, d, a, w) for e, d, a, w in itertools.permutations(sorted(own)))
    sides = {name: Side.of(vehicle, name) for name in SIDES}
    values = tuple(book.values(OutriderMeasures(vehicle, dice, sides=sides))
                   for dice in placements)
    labels = [placement_label(d) for d in placements]
    index = {label: i for i, label in enumerate(labels)}
    pairs = dominance_pairs(dict(zip(labels, values, strict=True)), book.axes, equal_within)
    mine = placements.index(own)
    return AssignmentStudy(
        placements, values, mine, tuple((index[a], index[b]) for a, b in pairs),
        tuple(compare(book.axes, v, values[mine], equal_within) for v in values))


def placement_words(dice: Dice) -> str:
    """'engine d8, driver d10, armor d12, weapon d6', as a finding prints a placement."""
    return ", ".join(f"{slot} {die_name(d)}" for slot, d in zip(SLOTS, dice, strict=True))


@RULES.check(ASSIGNMENT_RULE)
def placement_dominated(matchup: Matchup, equal_within: float) -> Iterator[Violation]:
    """The build's own placement of its dice is dominated by another placement; the message
    names the one better on the most axes, moving the fewest dice (the easiest fix)."""
    measures = matchup.subject.detail
    assert isinstance(measures, OutriderMeasures)
    study = measures.assignments(matchup.axes, equal_within)
    beaters = study.dominated_by(study.own)
    if not beaters:
        return
    best = max(beaters, key=lambda i: (len(study.versus_own[i].better), -study.moved(i)))
    yield Violation(("equipment",), {
        "name": matchup.subject.name, "own": placement_words(study.placements[study.own]),
        "count": len(beaters), "best": placement_words(study.placements[best]),
        "axes": len(study.versus_own[best].results),
        "better": [{"label": r.axis.label, "short": r.axis.short}
                   for r in study.versus_own[best].better]})


# ---------------------------------------------------------------------------------------
# Axis measures: one per axis id in data/balance_axes.yaml (the per-side axes share one
# and read their side, difficulty or die from the axis params).
# ---------------------------------------------------------------------------------------


def _ids(prefix: str) -> list[str]:
    return [axis.id for axis in AXES if axis.id.startswith(prefix)]


@AXES.measure("action_points")
def action_points(m: OutriderMeasures) -> Value:
    return Fraction(m.action_points)


@AXES.measure("skill_points")
def skill_points(m: OutriderMeasures) -> Value:
    return Fraction(m.skill_points)


def initiative(m: OutriderMeasures, side: str) -> Value:
    return m.initiative(side)


def control(m: OutriderMeasures, side: str, difficulty: int) -> Value:
    return m.control(side, difficulty).success


def attack(m: OutriderMeasures, side: str, armour: int) -> Value:
    return m.attack(side, armour)


def hits(m: OutriderMeasures, side: str, weapon: int) -> Value:
    return m.hits_to_wreck(side, weapon)


def collision(m: OutriderMeasures, side: str) -> Value:
    return m.collisions(side).win


def arcs(m: OutriderMeasures, side: str) -> Value:
    return m.arc_coverage(side)


for _prefix, _measure in (("initiative_", initiative), ("control_", control),
                          ("attack_", attack), ("hits_", hits), ("collision_", collision),
                          ("arcs_", arcs)):
    for _axis_id in _ids(_prefix):
        AXES.measure(_axis_id)(_measure)


# ---------------------------------------------------------------------------------------
# The profile
# ---------------------------------------------------------------------------------------


def profile(vehicle: Vehicle) -> Profile:
    """Measure ``vehicle`` on every axis; the report reads its tables from ``detail``.
    Nothing on an Outrider card escapes the axes, so nothing is listed as unmeasured."""
    measures = OutriderMeasures(vehicle)
    return Profile(vehicle.name, AXES.values(measures), measures)


def swaps(path: tuple[str | int, ...], name: str) -> list[str]:
    """What ``--suggest`` tries in place of an equipment slot's die: each of the other
    three (a die alone changed breaks the one-of-each rule; ``--suggest`` pairs two slots
    into an exchange, one of the 24 placements)."""
    dice = ("d6", "d8", "d10", "d12")
    if len(path) == 2 and path[0] == "equipment" and path[1] in SLOTS and name in dice:
        return [die for die in dice if die != name]
    return []
