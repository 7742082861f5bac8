"""What the planning driver's choices cost in rounds (``driver.Planner``), worked out once per
vehicle, style and the numbers they turn on: a turn's Control roll and its Slide into a
wall, a rough space's roll, an unavoidable collision, and a Vehicle attack's Damage each
way by the exact attack odds."""

from __future__ import annotations

from functools import lru_cache

from generator.games.frothy_races.race.planner import (
    collision_cost,
    damage_rounds,
    rerolled_rolls,
    roll_cost,
    roll_traits,
)
from generator.games.frothy_races.race.styles import DrivingStyle
from generator.games.frothy_races.race.vehicles import RaceVehicle
from generator.probability.frothy_dice import attack_value


@lru_cache(maxsize=4096)
def turn_prices(spec: RaceVehicle, style: DrivingStyle, speed: int, dice: int, loss: int,
                rolls: bool) -> tuple[float, float, float]:
    """What a movement phase's turn costs at ``speed`` with Control ``dice`` and ``loss``
    Control Loss and affect dice (``rolls``: a turn rolls at all): the roll, a Slide into
    the wall ahead, and each rough space's roll (``roll_cost``), kept per vehicle."""
    price, traits = damage_rounds(spec, style), roll_traits(spec)
    turn, _, slide = roll_cost(dice + loss, spec.resilience, price, *traits) if rolls \
        else (0.0, 0.0, 0.0)
    slide *= crash_price(spec, speed, style)
    rough = roll_cost(dice + loss + (speed + 1) // 2, spec.resilience, price, *traits)[0]
    return turn, slide, rough


@lru_cache(maxsize=4096)
def crash_price(spec: RaceVehicle, speed: int, style: DrivingStyle) -> float:
    """``collision_cost``'s price in rounds, worked out once per vehicle, Speed and style."""
    return collision_cost(spec, speed, style)[0]


@lru_cache(maxsize=64)
def attack_odds(cards: int, again: int = 0) -> tuple[tuple[int, float], ...]:
    """An attack value's odds before modifiers (``attack_value``: one die and one a card,
    the best two kept) after re-rolling up to ``again`` dice as the engine does
    (Persistent, Frenzied, Evasive, Guarded: ``Race.reroll_low``)."""
    if again <= 0:
        return tuple((value, float(p)) for value, p in attack_value(cards).items())
    found: dict[int, float] = {}
    for p, dice in rerolled_rolls(1 + cards, again):  # each sorted, lowest first
        value = dice[-1] + dice[-2] if len(dice) > 1 else dice[0]
        found[value] = found.get(value, 0.0) + p
    return tuple(sorted(found.items()))


@lru_cache(maxsize=4096)
def vehicle_attack_damage(a_cards: int, a_bonus: int, t_cards: int, t_bonus: int,
                          a_half: int, t_half: int, a_edge: int = 0, t_edge: int = 0,
                          a_again: int = 0, t_again: int = 0) -> tuple[float, float]:
    """Expected Damage dice each side of a Vehicle attack rolls (exact attack odds): the
    loser rolls the difference plus half the winner's Speed. A tie goes by 1 to the side
    with the better tie edge (Fortune Smiles, Unlucky Charm: ``attacks.attack_losers``),
    or else each side rolls its own value. ``a_again``, ``t_again``: dice each side
    re-rolls (Persistent, Evasive)."""
    a_dist, t_dist = attack_odds(a_cards, a_again), attack_odds(t_cards, t_again)
    to_target = to_self = 0.0
    for a, pa in a_dist:
        for t, pt in t_dist:
            p = pa * pt
            av, tv = a + a_bonus, t + t_bonus
            if av > tv or (av == tv and a_edge > t_edge):
                to_target += p * (max(av - tv, 1) + a_half)
            elif tv > av or t_edge > a_edge:
                to_self += p * (max(tv - av, 1) + t_half)
            else:
                to_target += p * (tv + a_half)
                to_self += p * (av + t_half)
    return to_target, to_self
