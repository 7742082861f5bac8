"""Exact odds for Outrider: control checks and attacks against armour.

Why: equipment dice (d6-d12) and bonuses are the whole build economy of the
game; a report comparing builds needs P(success) for each, exactly.

Readings (section numbers of the rulebook):
- 5.4 Rule of Four: the total of difficulty MODIFIERS (action tokens,
  hazards, reverse) is capped at +4; Brake Hard adds +1 outside the cap. The
  driver's mechanical/characteristic bonuses are separately capped at +4.
  Skill points are uncapped. The Speedometer's +1 is treated as uncapped for
  control checks too (7.4 says it is the one uncapped defensive bonus and
  uncapped for attacks; 4.3 says "in addition to any other modifiers").
- 5.4/5.6: success when total >= difficulty; a loss of control happens only
  when the check FAILS and the die shows a natural 1.
- 7.4/7.5: damage when attack total >= defence total; a natural 1 on the
  WEAPON die always misses. Capped (+4): Firepower, fire-link, Defense,
  superior initiative. Uncapped: target stopped, skill points, Speedometer.
- 4.1/4.2: initiative is the ENGINE roll + the capped initiative bonuses; a tie
  goes to the larger engine die, then the higher Acceleration characteristic,
  and is otherwise rolled again until decided, so the chance of winning is the
  share of decided contests won. 6.3/6.4 settle a collision's tie "in the same
  manner": the larger ARMOR die, then the higher Defense characteristic, then
  a re-roll. Collisions add the capped Defense bonus and the Speedometer, never
  Skill Points.
- 5.7: the reference-card summary of the loss-of-control charts disagrees
  with the detailed charts (e.g. straights: "1-2 Skid Left / 3+ Skid Right"
  vs "1-3 Panic Brake / 4+ Regain Control"); the detailed charts are used,
  read on the driver die plus the Speedometer's +1 for its holder (4.3 Lucky: "+1 to
  ALL die rolls this round"), without Handling (a control-check bonus).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from generator.probability.dist import Die, Dist

D6 = Die.numbered(6)
D8 = Die.numbered(8)
D10 = Die.numbered(10)
D12 = Die.numbered(12)
EQUIPMENT_DICE = (D6, D8, D10, D12)
RULE_OF_FOUR = 4


def capped(bonus: int) -> int:
    """Apply the Rule of Four to a sum of capped bonuses or modifiers."""
    return min(bonus, RULE_OF_FOUR)


def target_difficulty(maneuvers: int, modifiers: int = 0, brake_hard: bool = False) -> int:
    """Target difficulty of a maneuver chain: card difficulties + modifiers
    (capped at +4) + 1 for Brake Hard (outside the cap)."""
    if maneuvers < 0 or modifiers < 0:
        raise ValueError("difficulties and modifiers are >= 0")
    return maneuvers + capped(modifiers) + (1 if brake_hard else 0)


@dataclass(frozen=True)
class ControlCheck:
    """Probabilities of the three ways a control check ends."""

    success: Fraction
    failure: Fraction  # cut short, but no loss of control
    loss_of_control: Fraction  # failed with a natural 1


def control_check(
    driver: Die,
    difficulty: int,
    *,
    bonuses: int = 0,
    skill_points: int = 0,
    speedometer: bool = False,
) -> ControlCheck:
    """Odds of a DRIVER control check against `difficulty` (5.4, 5.6).

    `bonuses` are Handling and other mechanical bonuses (capped at +4);
    `skill_points` are spent before rolling (uncapped)."""
    if skill_points < 0:
        raise ValueError("skill points spent must be >= 0")
    add = capped(bonuses) + skill_points + (1 if speedometer else 0)
    roll = driver.values()
    success = roll.p(lambda v: v + add >= difficulty)
    loc = roll.p(lambda v: v == 1 and v + add < difficulty)
    return ControlCheck(success, 1 - success - loc, loc)


def attack_damage_chance(
    weapon: Die,
    armour: Die,
    *,
    firepower: int = 0,
    fire_linked: bool = False,
    target_stopped: bool = False,
    skill_points: int = 0,
    attacker_speedometer: bool = False,
    defense: int = 0,
    superior_initiative: bool = False,
    defender_speedometer: bool = False,
) -> Fraction:
    """P(one hitting attack deals a point of damage): WEAPON roll + bonuses
    >= ARMOR roll + bonuses, and the weapon die did not show a natural 1."""
    if skill_points < 0:
        raise ValueError("skill points spent must be >= 0")
    att_add = (
        capped(firepower + (1 if fire_linked else 0))
        + (1 if target_stopped else 0)
        + skill_points
        + (1 if attacker_speedometer else 0)
    )
    def_add = capped(defense + (1 if superior_initiative else 0)) + (
        1 if defender_speedometer else 0
    )
    # For each weapon value, the armour values at or below its total less the defence's
    # bonuses, counted in whole rolls (sorted armour values and running counts).
    armour_values, below = _running_counts(armour)
    weapon_counts, weapon_total = weapon.values()._integers()
    hits = 0
    for a, n in weapon_counts.items():
        if a != 1:
            hits += n * below[bisect_right(armour_values, a + att_add - def_add)]
    return Fraction(hits, weapon_total * below[-1])


def contest_chance(
    mine: Die,
    theirs: Die,
    *,
    add: int = 0,
    their_add: int = 0,
    tie_break: tuple[int, ...] = (),
    their_tie_break: tuple[int, ...] = (),
) -> Fraction:
    """P(my roll + ``add`` beats theirs + ``their_add``) in an opposed roll that is re-rolled
    until decided: a tied total goes to the higher ``tie_break`` (compared in order, after
    the die sizes), and a tie that still stands is rolled again, so the chance is the
    share of decided contests won (1/2 when nothing tells the two sides apart)."""
    mine_first = (mine.sides, *tie_break)
    theirs_first = (theirs.sides, *their_tie_break)
    # Whole rolls won, lost and tied on the totals: for each of my values, their values
    # below and equal to it (sorted values and running counts).
    their_values, below = _running_counts(theirs)
    my_counts, _ = mine.values()._integers()
    won = tied = 0
    for a, n in my_counts.items():
        level = a + add - their_add
        under = below[bisect_left(their_values, level)]
        won += n * under
        tied += n * (below[bisect_right(their_values, level)] - under)
    lost = sum(my_counts.values()) * below[-1] - won - tied
    if mine_first != theirs_first:
        if mine_first > theirs_first:
            won += tied
        else:
            lost += tied
    decided = won + lost
    return Fraction(won, decided) if decided else Fraction(1, 2)


def _running_counts(die: Die) -> tuple[list[int], list[int]]:
    """A die's values in increasing order and, for each position i, how many whole rolls
    show one of the first i values (the last entry: every roll)."""
    counts, _ = die.values()._integers()
    values = sorted(counts)
    running = [0]
    for v in values:
        running.append(running[-1] + counts[v])
    return values, running


def initiative_chance(
    engine: Die,
    opponent: Die,
    *,
    bonus: int = 0,
    acceleration: int = 0,
    opponent_bonus: int = 0,
    opponent_acceleration: int = 0,
) -> Fraction:
    """P(winning initiative against one opponent (4.1, 4.2)): ENGINE roll + the
    initiative bonuses (Acceleration and equipment, capped at +4) against theirs; a tie
    goes to the larger engine die, then the higher Acceleration characteristic, then a
    re-roll. In a duel the winner also takes the Speedometer (4.3)."""
    return contest_chance(engine, opponent, add=capped(bonus), their_add=capped(opponent_bonus),
                          tie_break=(acceleration,), their_tie_break=(opponent_acceleration,))


def collision_chance(
    armour: Die,
    opponent: Die,
    *,
    defense: int = 0,
    defense_characteristic: int = 0,
    speedometer: bool = False,
    opponent_defense: int = 0,
    opponent_defense_characteristic: int = 0,
    opponent_speedometer: bool = False,
    target_stopped: bool = False,
) -> Fraction:
    """P(winning a collision, 6.3/6.4): ARMOR roll + capped Defense bonuses + the
    Speedometer against the other vehicle's; ties as for initiative (the larger armour die,
    then the higher Defense characteristic, then a re-roll). ``target_stopped``: we ram a
    stopped vehicle and add 1 outside the rule of four. The loser of a ram takes 2 damage
    and the winner 1; of an incidental, 1 and none."""
    add = capped(defense) + (1 if speedometer else 0) + (1 if target_stopped else 0)
    their_add = capped(opponent_defense) + (1 if opponent_speedometer else 0)
    return contest_chance(armour, opponent, add=add, their_add=their_add,
                          tie_break=(defense_characteristic,),
                          their_tie_break=(opponent_defense_characteristic,))


class ManeuverType(StrEnum):
    """Which loss-of-control chart applies (5.7)."""

    STRAIGHT = "straight"
    TURN = "turn"
    STOP = "stop"


# Detailed charts of 5.7: (highest driver roll, result); the last entry is "N+".
_LOSS_OF_CONTROL: dict[ManeuverType, tuple[tuple[int, str], ...]] = {
    ManeuverType.STRAIGHT: ((3, "panic_brake"), (99, "regain_control")),
    ManeuverType.TURN: ((2, "oversteer"), (4, "understeer"), (99, "regain_control")),
    ManeuverType.STOP: (
        (1, "skid_left"), (2, "skid_right"), (4, "overshoot"), (99, "regain_control")
    ),
}


def loss_of_control(driver: Die, maneuver: ManeuverType,
                    speedometer: bool = False) -> Dist[str]:
    """Distribution of the loss-of-control result for a maneuver type; the Speedometer's
    holder adds 1 to the chart roll (4.3 Lucky: +1 to all its die rolls this round)."""
    chart = _LOSS_OF_CONTROL[maneuver]
    add = 1 if speedometer else 0

    def result(v: int) -> str:
        return next(name for top, name in chart if v + add <= top)

    return driver.values().map(result)
