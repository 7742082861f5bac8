"""The planning driver's value table: expected rounds to the finish from every driving state.

A state is a stage (lines crossed), a (hex, facing) state of the track, a Speed and a
point in the round: before movement phase 1, 2, 3 or 4, or at the round's end before the
next Speed Check. The table is solved once per vehicle, track, race length and style
(dynamic programming over the track's drive graph, stage by stage from the finish back)
and kept in the cache folder; every decision the planner makes reads it.

The model, and where it is simpler than the engine (the engine plays every rule; the table
only has to rank a vehicle's choices well):

* Movement: each phase moves the vehicle's Movement-table spaces at its Speed, along any
  legal walk that meets no wall (``RaceTrack.paths``), then turns 30 degrees or not. A
  walk across the stage's line goes on in the next stage; across the last, the race is
  over for it. A vehicle that cannot move its spaces without meeting a wall collides: it
  pays the expected Damage and goes on at half its Speed.
* Turning above a Safe Speed costs the exact Control-roll odds (``generator.probability``):
  the chance a roll fails times a delay, and the expected Damage its Damage icons deal,
  each Damage point priced at the style's Wipe-out cost over the vehicle's Damage track
  (a Wipe-out is a race not finished). Control Loss is taken as none (it is cleared at
  every Safe Speed; the runtime driver sees the real count).
* The Speed Check: every choice of direction and cards (each card at the style's price),
  with the exact odds of each Speed (``engine.speed_odds``), from the left-most box of the
  Speed held. Cards in hand are not part of the state (the runtime driver offers only the
  choices its hand allows), except for a round driven with no Whip in hand: a card spent
  comes back only at the end of the next round, so each round's phases are also solved
  without the Whip's space more (``ValueTable.plain``).

Each stage is solved over the states between the line before and its own (its corridor),
as whole arrays (modified policy iteration, ``planner_sweeps``: Bellman sweeps of one round
of the model each, the plan each picks followed until its values settle) until a sweep
moves no round-end value by more than ``TOLERANCE``; the expected Damage and card count are
the last plan's, followed until they settle too. States outside keep a distance estimate.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import lru_cache

from generator.games.frothy_races.race.speeds import final_value, kept_sums, shift_marker
from generator.games.frothy_races.race.styles import DrivingStyle
from generator.games.frothy_races.race.vehicles import RaceVehicle, speed_box
from generator.probability.frothy_control import avoid_damage
from generator.probability.frothy_control_odds import control_roll
from generator.probability.frothy_dice import FROTHY_DIE, Direction, kept_lowest, scoring_chance
from generator.probability.frothy_speed_table import Marker

TOLERANCE = 0.01  # rounds: a Bellman sweep that moves no value more than this ends a stage
FAR = 1e6  # the value of a state from which the line cannot be reached
FAIL_DELAY = 0.3  # rounds a failed Control roll costs besides its Damage (Slides, Spins)
TURNING = 5  # spaces a facing may add to the way to the line and still be in the corridor
MARGIN = 8  # spaces beyond the furthest entry to a stage that still belong to its corridor


@dataclass
class ValueTable:
    """Expected rounds to the finish, by stage, point in the round, Speed and state.

    ``values[stage][point]`` is an array over ``speed * states + state``: point 0-3 is
    before movement phase 1-4, point 4 the round's end (before the next Speed Check).
    The values count the Damage still to take and the cards played at their prices (a
    shadow price: the rounds themselves are the value less those). ``start_damage`` and
    ``start_cards`` are those two from grid slot 1 at rest, for the solo optimum; the
    solver works them out for every state, but no decision reads them, so the table
    keeps only these (a kept table is read by every race process: keeping the two whole
    would make it half as big again).
    """

    stages: int
    states: int
    speeds: int
    values: list[list[array]]
    start_damage: float  # expected Damage points from grid slot 1 at rest
    start_cards: float  # the expected price of the cards played from there
    start: int  # the state of grid slot 1
    plain: list[list[list[array]]]
    """``values`` before movement phases 1-4 (points 0-3) for the rest of a round with
    fewer Whips to play than the table's budget (``whip_budget``): ``plain[j]`` with
    ``j`` left (``plain[0]``: no phase can move a space more). The round's end reads
    ``values``."""

    def value(self, stage: int, point: int, speed: int, state: int) -> float:
        if stage >= self.stages:
            return 0.0
        return self.values[stage][point][speed * self.states + state]

    @property
    def budget(self) -> int:
        """The Whips a round may play for a space more (``whip_budget``)."""
        return len(self.plain)

    def layer(self, stage: int, point: int, whips: int) -> array:
        """The values at ``point`` of ``stage`` with ``whips`` Whips left to play this
        round (``plain`` below the budget)."""
        if point < 4 and whips < len(self.plain):
            return self.plain[max(0, whips)][stage][point]
        return self.values[stage][point]


@dataclass(frozen=True)
class SoloOptimum:
    """The table's answer for one vehicle alone from grid slot 1 at rest."""

    rounds: float
    wipe_out: float  # chance under the table's policy, Damage counted (``planner_risk``)


def solo_optimum(table: ValueTable, spec: RaceVehicle, style: DrivingStyle,
                 wipe_out: float) -> SoloOptimum:
    """Expected rounds alone on the track, from slot 1 at rest (the value less the prices
    it counts, cards and Damage, which are not rounds), with the Wipe-out chance
    ``planner_risk`` works out under the same policy."""
    value = table.value(0, 4, 0, table.start)
    rounds = value - table.start_cards - table.start_damage * damage_rounds(spec, style)
    return SoloOptimum(rounds, wipe_out)


# --- Pieces the solver and the driver share ----------------------------------------------------


@lru_cache(maxsize=1024)
def roll_cost(dice: int, resilience: int | None, damage_rounds: float, fewer: int = 0,
              extra: int = 0) -> tuple[float, float, float]:
    """What a Control roll of ``dice`` dice costs in rounds, its expected Damage, and the
    chance it Slides: the chance it fails times FAIL_DELAY, plus each expected Damage
    point at ``damage_rounds`` (exact odds; the discards avoid Damage first, as a careful
    player does), plus what the Control Loss points a failure gains add to the next
    roll (one roll on: the table's state has no Control Loss). A failed roll's Damage
    roll has ``fewer`` dice less (Failsafes) and, when it is made at all, ``extra`` more
    (Jerry Rigged: ``roll_traits``). A Slide into a wall is priced where the wall is
    (``slide_price``)."""
    if dice <= 0:
        return 0.0, 0.0, 0.0
    base = single_roll(dice, resilience, damage_rounds, fewer, extra)
    cost, damage = base[0], base[1]
    for p, gained in control_odds(min(dice, 12), fewer, extra)[3]:
        if gained <= 1:
            continue  # the one point a straight phase between the turns removes
        later = single_roll(dice + gained - 1, resilience, damage_rounds, fewer, extra)
        cost += p * (later[0] - base[0])
        damage += p * (later[1] - base[1])
    return cost, damage, base[2]


@lru_cache(maxsize=1024)
def single_roll(dice: int, resilience: int | None, damage_rounds: float, fewer: int,
                extra: int) -> tuple[float, float, float]:
    """One Control roll's cost in rounds, expected Damage and Slide chance, with no
    thought for the Control Loss it leaves (``roll_cost``)."""
    fail, damage_dice, slide, _ = control_odds(min(dice, 12), fewer, extra)
    damage = damage_dice * float(scoring_chance(resilience))
    return fail * FAIL_DELAY + damage * damage_rounds, damage, slide


def roll_traits(spec: RaceVehicle) -> tuple[int, int]:
    """The traits that change a failed Control roll's Damage dice: (Failsafes, fewer;
    Jerry Rigged, more for any Damage roll made)."""
    return spec.trait("Failsafes"), spec.trait("Jerry Rigged")


@lru_cache(maxsize=64)
def control_odds(dice: int, fewer: int = 0, extra: int = 0
                 ) -> tuple[float, float, float, tuple[tuple[float, int], ...]]:
    """A Control roll of ``dice`` dice (exact odds, the discards avoiding Damage first):
    the chance it fails, the Damage dice it deals on average (``fewer`` less each, and
    ``extra`` more for each Damage roll it makes), the chance it Slides or Hastes, and
    the chance of each count of Control Loss points it gains (when any). Worked out once
    per process (a tenth of a second for ten dice or more); ``warm_control_odds`` works
    them all out before a sweep forks its workers."""
    result = control_roll(dice, 0, avoid_damage, stamina_rules=False)
    fail = 1.0 - float(result.p_success)
    damage = 0.0
    gains: dict[int, float] = {}
    for o, p in result.outcomes.items():
        rolled = max(0, o.damage_dice - fewer)
        damage += float(p) * (rolled + extra if rolled else 0)
        if o.control_loss:
            gains[o.control_loss] = gains.get(o.control_loss, 0.0) + float(p)
    slide = float(result.p_effect("slide")) + float(result.p_effect("haste"))
    return fail, damage, slide, tuple(sorted((p, g) for g, p in gains.items()))


def warm_control_odds() -> None:
    """``control_odds`` for every count of dice a roll can have, kept in this process."""
    for dice in range(1, 13):
        control_odds(dice)  # the rest (traits) are a sum over the same cached roll


def rough_costs(spec: RaceVehicle, speed: int, price: float, most: int = 8
                ) -> tuple[list[float], list[float]]:
    """What entering 0, 1, 2 ... hazard or fragile spaces in one move costs at ``speed``
    (its price in rounds, and its expected Damage): each adds half the Speed in Control
    Loss and a Control roll of the Speed's dice plus the Control Loss so far."""
    half = (speed + 1) // 2
    costs, hurts = [0.0], [0.0]
    for k in range(1, most + 1):
        cost, hurt, _ = roll_cost(spec.control[speed] + k * half, spec.resilience, price,
                                  *roll_traits(spec))
        costs.append(costs[-1] + cost)
        hurts.append(hurts[-1] + hurt)
    return costs, hurts


def whip_budget(spec: RaceVehicle) -> int:
    """The Whips the table lets a round play for a space more: half of the cards that can
    be played as a Whip and the Stamina trait's cards, rounded up, and never more than the
    cards. A card spent comes back only at the end of the next round ('Card Recovery'),
    so a hand of W keeps up W Whips every two rounds (three alternate two and one a
    round); Stamina N takes N of a round's spent cards back at the next round's start, so
    W keeps up W + N every two rounds (the Bramblewick's four and Stamina 1: three, then
    two)."""
    whips = whip_cards(spec)
    return min(whips, (whips + spec.trait("Stamina") + 1) // 2)


def whip_cards(spec: RaceVehicle) -> int:
    """The cards in the vehicle's deck that can be played as a Whip for Speed (the Speed
    Check and a space more; with Encouragement, its Reins too)."""
    return sum(spec.deck_slots[k] for k in spec.card_slots["spur"])


def damage_rounds(spec: RaceVehicle, style: DrivingStyle) -> float:
    """A Damage point's price in rounds: the Wipe-out cost shared over the Damage track
    the vehicle can use (``damage_room``)."""
    return style.wipe_rounds / damage_room(spec)


def damage_room(spec: RaceVehicle) -> int:
    """The Damage points a vehicle can take and race on: its Damage track up to the level
    of a '# Damage / Round' affect, from which it rolls Damage at the start of every round
    (with Jerry Rigged, one die more) and so is wiped out within a few rounds."""
    rolling = [level for level, affect in spec.damage_affects
               if affect.name == "# Damage / Round" and affect.value > 0]
    return max(1, min([spec.max_damage, *rolling]))


def collision_cost(spec: RaceVehicle, speed: int, style: DrivingStyle) -> tuple[float, float]:
    """Running into a wall at ``speed``: its Damage dice (B.S.H. fewer; Jerry Rigged one
    more when any are rolled) scored at Resilience, priced."""
    dice = max(0, speed - spec.trait("B.S.H."))
    dice += spec.trait("Jerry Rigged") if dice else 0
    damage = dice * float(scoring_chance(spec.resilience))
    return damage * damage_rounds(spec, style) + FAIL_DELAY, damage


def start_marker(spec: RaceVehicle, speed: int) -> Marker:
    """The marker a Speed is taken to sit at in the table: its left-most box."""
    return speed_box(spec.table, speed, right_most=False)


def speed_options(spec: RaceVehicle, style: DrivingStyle
                  ) -> list[list[tuple[float, tuple[tuple[float, tuple[int, ...]], ...]]]]:
    """For each Speed, the Speed Check choices the table weighs: (card price, each way
    the roll can fall with its chance, as the Speeds the dice let the player keep).
    Up to two cards (the driver weighs more at its turn); a choice no better than a
    cheaper one is left out."""
    table, top = spec.table, spec.top_speed
    out = []
    for speed in range(top + 1):
        marker = start_marker(spec, speed)
        found: dict[tuple[tuple[float, tuple[int, ...]], ...], float] = {}
        for accelerate, whip, reins in check_choices(spec, 2, 2, 2):
            if whip + reins == 0:
                accelerate = spec.trait("Champing at the Bit") > 0
            merged: dict[tuple[int, ...], float] = {}
            markers = fixed_markers(spec, speed) if spec.speed_traits[accelerate][0] \
                else (marker,)
            for p, boxes in check_rolls(spec, accelerate, whip, reins, 0, 99):
                for at in markers:
                    ends = tuple(sorted({table.speed_of(shift_marker(table, at, b,
                                                                      accelerate, top))
                                         for b in boxes}))
                    merged[ends] = merged.get(ends, 0.0) + p / len(markers)
            rolls = tuple(sorted(merged.items(), key=lambda item: item[0]))
            odds = tuple((p, ends) for ends, p in rolls)
            price = style.card_rounds * (whip + reins)
            if price < found.get(odds, FAR):
                found[odds] = price
        out.append([(price, odds) for odds, price in found.items()])
    return out


def fixed_markers(spec: RaceVehicle, speed: int) -> tuple[Marker, ...]:
    """Where the marker may sit at ``speed`` for a Speed Check of a fixed number of boxes
    (Tireless, Anchor): each box of the Speed's Acceleration row, taken as equally likely.
    The table's state has the Speed, not the box; from the left-most box alone, a Speed
    with more boxes than the trait moves would be a trap the vehicle never leaves, where
    a player moving the full boxes each round leaves it in the next."""
    start = sum(spec.table.acceleration[:speed])
    return tuple(Marker(start_marker(spec, speed).row, start + k)
                 for k in range(spec.table.acceleration[speed]))


def check_choices(spec: RaceVehicle, whips: int, reins: int, cards: int
                  ) -> list[tuple[bool, int, int]]:
    """Speed Check choices worth weighing with these cards: none (deceleration, unless
    Champing at the Bit), and up to 3 of the direction's own card with up to 2 of the
    other."""
    found = [(spec.trait("Champing at the Bit") > 0, 0, 0)]
    for accelerate in (True, False):
        for own in range(4):
            for other in range(3):
                whip, rein = (own, other) if accelerate else (other, own)
                if 0 < whip + rein <= cards and whip <= whips and rein <= reins:
                    found.append((accelerate, whip, rein))
    return found


@lru_cache(maxsize=4096)
def check_rolls(spec: RaceVehicle, accelerate: bool, whip: int, reins: int, modifier: int,
                limit: int, back: int | None = None
                ) -> tuple[tuple[float, tuple[int, ...]], ...]:
    """Every roll a Speed Check can make, with its chance, as the values (boxes) the
    rules let the player keep from it (``kept_sums``), each a final value as the engine
    plays it (``speeds.final_value``: at most ``limit``; a negative one the other way by at
    most ``back``, by default unlimited with Cautious or Reckless and not at all without);
    Tireless and Anchor keep any number of boxes up to theirs. Lash and Tight Leash
    re-roll dice as the engine does (``rerolled_rolls``)."""
    fixed, extra, shift, rerolls = spec.speed_traits[accelerate]
    if fixed:
        return ((1.0, tuple(range(min(fixed, limit) + 1))),)
    direction = Direction.ACCELERATE if accelerate else Direction.DECELERATE
    # Beastmaster: any two dice, whatever the cards (as speeds.speed_roll plays it).
    lock = 0 if spec.trait("Beastmaster") else kept_lowest(whip, reins, direction)
    if back is None:
        back = 99 if spec.trait("Cautious" if accelerate else "Reckless") > 0 else 0
    found: dict[tuple[int, ...], float] = {}
    for p, dice in rerolled_rolls(2 + whip + reins + extra, rerolls):
        boxes = tuple(sorted({final_value(s + shift + modifier, limit, back)
                              for s in _kept_sums(list(dice), lock)}))
        found[boxes] = found.get(boxes, 0.0) + p
    return tuple((p, boxes) for boxes, p in found.items())


@lru_cache(maxsize=16)
def dice_rolls(count: int) -> tuple[tuple[float, tuple[int, ...]], ...]:
    """Every multiset of ``count`` Frothy dice values (sorted) with its chance."""
    faces = [int(face.value or 0) for face in FROTHY_DIE.faces]
    rolls: dict[tuple[int, ...], float] = {(): 1.0}
    for _ in range(count):
        following: dict[tuple[int, ...], float] = {}
        for dice, p in rolls.items():
            for value in faces:
                key = tuple(sorted(dice + (value,)))
                following[key] = following.get(key, 0.0) + p / len(faces)
        rolls = following
    return tuple((p, dice) for dice, p in rolls.items())


@lru_cache(maxsize=64)
def rerolled_rolls(count: int, rerolls: int) -> tuple[tuple[float, tuple[int, ...]], ...]:
    """``dice_rolls(count)`` after a Speed Check's re-rolls (Lash, Tight Leash: 're-roll #
    dice'), as the engine plays them (``Race.reroll_low``): up to ``rerolls`` dice showing
    0 or 1, the lowest first, each rolled once more."""
    if rerolls <= 0:
        return dice_rolls(count)
    found: dict[tuple[int, ...], float] = {}
    for p, dice in dice_rolls(count):
        again = min(rerolls, sum(1 for value in dice if value <= 1))
        kept = dice[again:]  # sorted: the lowest ``again`` dice are those rolled again
        for q, fresh in dice_rolls(again):
            key = tuple(sorted(kept + fresh))
            found[key] = found.get(key, 0.0) + p * q
    return tuple((p, dice) for dice, p in found.items())


def _kept_sums(dice: list[int], lock: int) -> set[int]:
    return kept_sums(dice, lock)
