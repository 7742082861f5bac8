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
- Everybody is moving: no +1 for a stopped target, and the defender's superior initiative
  applies whenever it won the duel.
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
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from generator.balance.axes import AxisBook, Value
from generator.balance.compare import Comparison, compare, dominance_pairs
from generator.balance.hook import Matchup, Profile
from generator.balance.verdicts import register_verdicts
from generator.games.outrider.battle_verdicts import register_battle_verdicts
from generator.games.outrider.catalogues import outrider_data
from generator.games.outrider.model import SIDES, SLOTS, Arc, Variant, Vehicle
from generator.games.outrider.rules import RULES as VEHICLE_RULES
from generator.input.findings import RuleBook, Violation
from generator.probability.dist import Die, Dist
from generator.probability.outrider import (
    ControlCheck,
    ManeuverType,
    attack_damage_chance,
    capped,
    collision_chance,
    control_check,
    initiative_chance,
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
FACING_DEGREES = {"front": 0, "right": 90, "rear": 180, "left": 270}
FULL_CIRCLE = 360


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


def field_dice() -> tuple[int, ...]:
    """The standard set every field vehicle places (2.2)."""
    return outrider_data().standard_set


def others(sides: int) -> tuple[int, ...]:
    """The field's engine dice once one of its dice is known to be ``sides``."""
    return tuple(d for d in field_dice() if d != sides)


def mean(values: Sequence[Fraction]) -> Fraction:
    """The plain mean of exact values (each case equally likely)."""
    return sum(values, Fraction(0)) / len(values)


def die_name(sides: int) -> str:
    """'d8'."""
    return f"d{sides}"


# -- cached odds: every build and placement asks the same few questions -------------------


@cache
def die(sides: int) -> Die:
    """A numbered die, shared."""
    return Die.numbered(sides)


@lru_cache(maxsize=4096)
def duel(engine: int, bonus: int, acceleration: int, opponent: int) -> Fraction:
    """P(winning initiative against a field vehicle with an ``opponent`` engine)."""
    return initiative_chance(die(engine), die(opponent), bonus=bonus, acceleration=acceleration)


@lru_cache(maxsize=4096)
def check(driver: int, difficulty: int, bonus: int, speedometer: bool) -> ControlCheck:
    """A control check's three outcomes."""
    return control_check(die(driver), difficulty, bonuses=bonus, speedometer=speedometer)


@lru_cache(maxsize=16384)
def damage(weapon: int, armour: int, firepower: int, fire_linked: bool, attacker_won: bool,
           defense: int, moving: bool) -> Fraction:
    """P(a hit deals damage) when the attacker did (``attacker_won``) or did not win the
    round's initiative duel: the winner holds the Speedometer; a moving defender that won
    also has superior initiative."""
    defender_won = not attacker_won
    return attack_damage_chance(
        die(weapon), die(armour), firepower=firepower, fire_linked=fire_linked,
        attacker_speedometer=attacker_won, defense=defense,
        superior_initiative=defender_won and moving, defender_speedometer=defender_won)


@lru_cache(maxsize=4096)
def crash(armour: int, opponent: int, defense: int, characteristic: int, won: bool
          ) -> Fraction:
    """P(winning a collision against a field vehicle's ``opponent`` armour die (no
    bonuses), the Speedometer with whoever won the round's duel."""
    return collision_chance(die(armour), die(opponent), defense=defense,
                            defense_characteristic=characteristic, speedometer=won,
                            opponent_speedometer=not won)


def mixed(p_won: Fraction, won: Fraction, lost: Fraction) -> Fraction:
    """A chance in a round whose duel is won with ``p_won``."""
    return p_won * won + (1 - p_won) * lost


# -- against the field: each chance depends on a few numbers, and the 24 placements of one
# build's dice share most of them (12 engine/armour pairs, 4 driver dice...), so each is
# cached on those numbers rather than worked out again for every placement.


@lru_cache(maxsize=4096)
def field_initiative(engine: int, bonus: int, acceleration: int) -> Fraction:
    """P(winning initiative against the field, any engine), ``bonus`` already capped."""
    return mean([duel(engine, bonus, acceleration, e) for e in field_dice()])


@lru_cache(maxsize=4096)
def field_initiative_knowing(engine: int, bonus: int, acceleration: int, known: int
                            ) -> Fraction:
    """P(winning initiative against a field vehicle one of whose dice is known to be
    ``known`` (its engine is one of the other three, each equally likely).

    Why: every chance below is linear in the chance the duel is won, so mixing over the
    field's engines is mixing once with this mean."""
    return mean([duel(engine, bonus, acceleration, e) for e in others(known)])


@lru_cache(maxsize=4096)
def field_control(engine: int, initiative: int, acceleration: int, driver: int, bonus: int,
                  difficulty: int) -> ControlCheck:
    """A control check against ``difficulty``, the Speedometer held in the rounds the duel
    against the field is won (``initiative`` already capped)."""
    p = field_initiative(engine, initiative, acceleration)
    won, lost = check(driver, difficulty, bonus, True), check(driver, difficulty, bonus, False)
    return ControlCheck(*(mixed(p, a, b) for a, b in (
        (won.success, lost.success), (won.failure, lost.failure),
        (won.loss_of_control, lost.loss_of_control))))


@lru_cache(maxsize=4096)
def field_attack(engine: int, initiative: int, acceleration: int, weapon: int, armour: int,
                 firepower: int, fire_linked: bool, moving: bool) -> Fraction:
    """P(a hitting attack by ``weapon`` damages a field vehicle with an ``armour`` die), its
    engine any of the others."""
    return mixed(field_initiative_knowing(engine, initiative, acceleration, armour),
                 damage(weapon, armour, firepower, fire_linked, True, 0, moving),
                 damage(weapon, armour, firepower, fire_linked, False, 0, moving))


@lru_cache(maxsize=4096)
def field_damage(engine: int, initiative: int, acceleration: int, armour: int, weapon: int,
                 defense: int, moving: bool) -> Fraction:
    """P(a hit by a field vehicle with a ``weapon`` die damages our ``armour`` die)."""
    return mixed(field_initiative_knowing(engine, initiative, acceleration, weapon),
                 damage(weapon, armour, 0, False, False, defense, moving),
                 damage(weapon, armour, 0, False, True, defense, moving))


@lru_cache(maxsize=4096)
def field_collision(engine: int, initiative: int, acceleration: int, armour: int,
                    opponent: int, defense: int, characteristic: int) -> Fraction:
    """P(winning a collision with a field vehicle of ``opponent`` armour die)."""
    return mixed(field_initiative_knowing(engine, initiative, acceleration, opponent),
                 crash(armour, opponent, defense, characteristic, True),
                 crash(armour, opponent, defense, characteristic, False))


@lru_cache(maxsize=4096)
def field_collisions(engine: int, initiative: int, acceleration: int, armour: int,
                     defense: int, characteristic: int, tokens: int) -> Collisions:
    """Collisions with the field, any armour die equally likely: the chance to win one and
    the expected rams and incidentals until ``tokens`` damage."""
    win = mean([field_collision(engine, initiative, acceleration, armour, a, defense,
                                characteristic) for a in field_dice()])
    return Collisions(win, rams_to_wreck(win, tokens),
                      tokens / (1 - win) if win < 1 else math.inf)


@lru_cache(maxsize=1024)
def rams_to_wreck(win: Fraction, tokens: int) -> Fraction:
    """Expected rams until ``tokens`` damage wreck the vehicle, winning each ram with
    ``win``: the winner of a ram takes 1 damage, the loser 2. Damage only climbs, so the
    expectation at each level follows from the two above it (exactly what the absorbing
    chain's linear system solves to)."""
    after = [Fraction(0), Fraction(0)]  # expected rams from tokens + 1 and tokens damage
    for _ in range(tokens):
        after.append(1 + win * after[-1] + (1 - win) * after[-2])
    return after[-1]


def clear_caches() -> None:
    """Forget every cached chance (benchmarks time cold runs)."""
    for cached in (duel, check, damage, crash, field_initiative, field_initiative_knowing,
                   field_control, field_attack, field_damage, field_collision,
                   field_collisions, rams_to_wreck, side_coverage):
        cached.cache_clear()


# -- one side of the card -----------------------------------------------------------------


@dataclass(frozen=True)
class Side:
    """What one side of the card adds to each roll (before the rule of four, which the
    odds apply), the characteristics that break ties, and its arcs."""

    name: str
    initiative: int
    control: int
    defense: int
    attack: int
    acceleration: int
    defense_characteristic: int
    fire_linked: bool
    arcs: tuple[Arc, ...]

    @classmethod
    def of(cls, vehicle: Vehicle, name: str) -> Side:
        """Side ``name`` (narrow or wide) of ``vehicle``, its upgrades counted."""
        variant: Variant = getattr(vehicle.variants, name)
        return cls(name=name, initiative=vehicle.roll_bonus(name, "initiative"),
                   control=vehicle.roll_bonus(name, "control"),
                   defense=vehicle.roll_bonus(name, "defense"),
                   attack=vehicle.roll_bonus(name, "attack"),
                   acceleration=variant.bonuses.acceleration,
                   defense_characteristic=variant.bonuses.defense,
                   fire_linked=bool(variant.fire_linked_facings), arcs=variant.arcs)

    @property
    def has_secondary(self) -> bool:
        """True when the side has a backup weapon arc."""
        return any(arc.weapon == "secondary" for arc in self.arcs)


def arc_cones(arcs: Sequence[Arc], widths: Mapping[str, int]) -> list[tuple[Fraction, Fraction]]:
    """Each arc as a cone (start, end) in degrees clockwise from straight ahead, split where
    it crosses 0 so every cone lies within 0-360."""
    cones = []
    for arc in arcs:
        centre, half = FACING_DEGREES[arc.facing], Fraction(widths[arc.mount], 2)
        start, end = centre - half, centre + half
        if start < 0:
            cones += [(start + FULL_CIRCLE, Fraction(FULL_CIRCLE)), (Fraction(0), end)]
        else:
            cones.append((start, end))
    return cones


def covered_degrees(arcs: Sequence[Arc], widths: Mapping[str, int]) -> Fraction:
    """Degrees of the compass inside at least one arc (overlaps count once)."""
    total, reach = Fraction(0), Fraction(-1)
    for start, end in sorted(arc_cones(arcs, widths)):
        if end > reach:
            total += end - max(start, reach)
            reach = end
    return min(total, Fraction(FULL_CIRCLE))


def arc_widths() -> dict[str, int]:
    """Arc widths in degrees, as the OR-VARIANT-ARCS rule counts them."""
    params = VEHICLE_RULES["OR-VARIANT-ARCS"].params
    return {"fixed": int(params["fixed_degrees"]),
            "articulated": int(params["articulated_degrees"])}


@lru_cache(maxsize=1024)
def side_coverage(arcs: tuple[Arc, ...]) -> Fraction:
    """Degrees of the compass ``arcs`` cover, with the rule's widths (cached: the 24
    placements of a build share its arcs)."""
    return covered_degrees(arcs, arc_widths())


# -- the measures -------------------------------------------------------------------------


@dataclass(frozen=True)
class Collisions:
    """One side in collisions with the field: the chance to win one, and the expected
    collisions of each kind until the sixth armor token flips."""

    win: Fraction
    rams: Value
    incidentals: Value


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

    def loss_of_control(self, maneuver: ManeuverType) -> Dist[str]:
        """The chart result once control is lost (5.7), read on the plain DRIVER die."""
        return loss_of_control(die(self.driver), maneuver)

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
                               armour, capped(s.defense), s.defense_characteristic)

    def collisions(self, side: str) -> Collisions:
        """Collisions with the field: any armour die, each equally likely."""
        s = self.sides[side]
        return field_collisions(self.engine, capped(s.initiative), s.acceleration,
                                self.armour, capped(s.defense), s.defense_characteristic,
                                self.armor_tokens)

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
