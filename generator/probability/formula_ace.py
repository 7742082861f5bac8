"""Exact odds for Formula Ace Racing Pods: skill tests, the damage and
critical damage tables, engine starts and crash damage.

Why: every risk in the game (overtaking, boosting, restarting, flying on with
no hit points left) is a d6 test or a table roll; a report can price a
pilot's skill levels and a ship's hit points from these numbers.

Readings (section numbers of the rules):
- 5/ a skill test succeeds when one d6 is equal to or below the skill level;
  17/ weapon "Skill +1" raises the level by one.
- 10/ one G-endurance test per booster used (not one per turn).
- 12/ a damage-table roll is made for each hit point taken once no hit point
  is left; a 6 rolls on the critical table. Critical results 3-5 need a
  G-endurance test: failing it kills the pilot. Result 5 does not say "Ends
  race" but a severely wounded pilot is taken to be out of the race.
- 13/ engine start: face c moves 5c cm; a control d6 of (8 - c) or more
  (c >= 2) requires a piloting test, failing which the ship does not move.
  The 'Auto Start Engine' upgrade (16/) is read as a full second attempt
  with the same face.
- 11/ a failed overtake rolls two d6: the higher to the overtaking ship, the
  lower to the overtaken one; a failed narrow passage or a boundary hit deals
  1d6 + 1 per started 10 cm moved this turn (21 cm -> +3, as in the example).
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from generator.probability.dist import Die, Dist

D6 = Die.numbered(6)


def skill_test(skill: int, modifier: int = 0) -> Fraction:
    """P(1d6 <= skill + modifier): 0 below 1, 1 from 6 up."""
    return D6.values().at_most(skill + modifier)


def p_no_blackout(boosters: int, g_endurance: int) -> Fraction:
    """P(passing every G-endurance test when using `boosters` boosters)."""
    if boosters < 0:
        raise ValueError("boosters must be >= 0")
    return skill_test(g_endurance) ** boosters


class DamageResult(StrEnum):
    """Resolved result of one damage-table roll (critical table folded in)."""

    SCRATCH = "scratch"
    BOOSTER_BROKEN = "booster_broken"
    FIN_BROKEN = "fin_broken"
    BOOSTER_DESTROYED = "booster_destroyed"
    FIN_DESTROYED = "fin_destroyed"
    ENGINE_SHUT_DOWN = "engine_shut_down"
    PILOT_HIT = "pilot_hit"
    WOUNDED_MISS_ONE_RACE = "wounded_miss_one_race"
    WOUNDED_MISS_TWO_RACES = "wounded_miss_two_races"
    WOUNDED_MISS_SEASON = "wounded_miss_season"
    PILOT_KILLED = "pilot_killed"  # failed the G-endurance test of criticals 3-5
    SHIP_EXPLODES = "ship_explodes"  # pilot killed; ships within 20 cm take 1D


DAMAGE_TABLE = (
    DamageResult.SCRATCH,
    DamageResult.BOOSTER_BROKEN,
    DamageResult.FIN_BROKEN,
    DamageResult.BOOSTER_DESTROYED,
    DamageResult.FIN_DESTROYED,
)  # faces 1-5; face 6 rolls on the critical table

PILOT_DEAD = frozenset({DamageResult.PILOT_KILLED, DamageResult.SHIP_EXPLODES})
RACE_OVER = PILOT_DEAD | {
    DamageResult.PILOT_HIT,
    DamageResult.WOUNDED_MISS_ONE_RACE,
    DamageResult.WOUNDED_MISS_TWO_RACES,
    DamageResult.WOUNDED_MISS_SEASON,
}


def critical_table(g_endurance: int) -> Dist[DamageResult]:
    """One roll on the Critical Damage Table with its G-endurance tests."""
    survive = skill_test(g_endurance)
    die = Fraction(1, 6)
    return Dist(
        {
            DamageResult.ENGINE_SHUT_DOWN: die,
            DamageResult.PILOT_HIT: die,
            DamageResult.WOUNDED_MISS_ONE_RACE: die * survive,
            DamageResult.WOUNDED_MISS_TWO_RACES: die * survive,
            DamageResult.WOUNDED_MISS_SEASON: die * survive,
            DamageResult.PILOT_KILLED: 3 * die * (1 - survive),
            DamageResult.SHIP_EXPLODES: die,
        }
    )


def damage_table(g_endurance: int) -> Dist[DamageResult]:
    """One roll on the Damage Table (a 6 goes on to the critical table)."""
    return D6.values().bind(
        lambda v: Dist.certain(DAMAGE_TABLE[v - 1]) if v <= 5 else critical_table(g_endurance)
    )


def p_pilot_killed(rolls: int, g_endurance: int) -> Fraction:
    """P(the pilot dies within `rolls` damage-table rolls (one per hit point
    taken with no hit points left)."""
    if rolls < 0:
        raise ValueError("rolls must be >= 0")
    return 1 - (1 - damage_table(g_endurance).p(lambda r: r in PILOT_DEAD)) ** rolls


def engine_start(face: int, piloting: int, auto_start: bool = False) -> Dist[int]:
    """Centimetres moved on an engine (re)start with the chosen face 1-6."""
    if not 1 <= face <= 6:
        raise ValueError("the start face is 1-6")
    needs_test = Fraction(face - 1, 6)
    stall = needs_test * (1 - skill_test(piloting))
    if auto_start:
        stall = stall**2
    return Dist({5 * face: 1 - stall, 0: stall})


def failed_pass_damage() -> Dist[tuple[int, int]]:
    """(damage to the overtaking ship, damage to the overtaken ship)."""
    d6 = D6.values()
    return d6.combine(d6, lambda a, b: (max(a, b), min(a, b)))


def crash_damage(move_cm: int) -> Dist[int]:
    """Damage of a failed narrow passage or a boundary hit after moving
    `move_cm` this turn: 1d6 + one per started 10 cm."""
    if move_cm < 0:
        raise ValueError("move must be >= 0")
    extra = -(-move_cm // 10)
    return D6.values().map(lambda v: v + extra)
