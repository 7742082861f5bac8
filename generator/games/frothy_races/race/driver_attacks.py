"""What an attack gains the planning driver (``driver.Planner.attack``), in rounds, by the
exact attack odds (Performing the Attack; Attack Outcome; Damage Roll).

* A Vehicle attack (Reins cards): the loser rolls Damage dice, the difference plus half the
  winner's Speed; each side's expected Damage at its price of a Damage point.
* A Personal attack (Whip cards, a vehicle to the side): the loser gains Control Loss
  points, the difference, and makes a Control roll at once with them; each side's roll at
  what ``roll_cost`` prices it (a failure's delay and Damage, and the Control Loss it leaves).
  A tie with no tie trait makes both sides lose by their own value.

The gain is the rival's expected cost less the vehicle's own and the cards' price."""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import TYPE_CHECKING

from generator.games.frothy_races.race.attacks import at_side
from generator.games.frothy_races.race.damage import collision_dice
from generator.games.frothy_races.race.driver_prices import attack_odds, vehicle_attack_damage
from generator.games.frothy_races.race.lookahead import scores
from generator.games.frothy_races.race.planner import damage_rounds, roll_cost, roll_traits
from generator.games.frothy_races.race.styles import DrivingStyle

if TYPE_CHECKING:
    from generator.games.frothy_races.race.engine import Car, Race


def chosen_attack(style: DrivingStyle, race: Race, car: Car, targets: list[Car]
                  ) -> tuple[Car, str, int] | None:
    """The attack that pays best, if one pays: a Vehicle attack with spare Reins, or a
    Personal attack on a vehicle to the side with spare Whips; none in the first round
    (First Round Truce) nor for a style that does not attack."""
    if race.round <= 1 or not style.attacks:
        return None
    reins, whips = (car.cards(kind) - style.card_reserve for kind in ("reins", "whip"))
    best, chosen = 0.0, None
    for target in targets:
        for cards in range(1, min(3, reins) + 1):
            gain = vehicle_attack_gain(style, car, target, cards)
            if gain > best:
                best, chosen = gain, (target, "vehicle", cards)
        if at_side(race, car, target):
            gain, cards = best_personal(style, race, car, target, whips)
            if gain > best:
                best, chosen = gain, (target, "personal", cards)
    return chosen


def sneaky_cards(style: DrivingStyle, race: Race, car: Car, target: Car) -> int:
    """Sneaky: the Whips for a Personal attack on ``target`` in its own movement that pay
    best, or 0 (as ``chosen_attack``)."""
    if race.round <= 1 or not style.attacks:
        return 0
    return best_personal(style, race, car, target, car.cards("whip") - style.card_reserve)[1]


def best_personal(style: DrivingStyle, race: Race, car: Car, target: Car, spare: int
                  ) -> tuple[float, int]:
    """The Personal attack on ``target`` with up to three of ``spare`` Whips that gains
    most, as (gain, cards); (0.0, 0) when none gains anything."""
    best, chosen = 0.0, 0
    for cards in range(1, min(3, spare) + 1):
        gain = personal_attack_gain(style, race, car, target, cards)
        if gain > best:
            best, chosen = gain, cards
    return best, chosen


def vehicle_attack_gain(style: DrivingStyle, car: Car, target: Car, cards: int) -> float:
    """Rounds gained by a Vehicle attack with ``cards`` Reins: the rival's expected Damage
    at its price, less the vehicle's own and the cards. The rival is taken to defend with
    one Reins when it holds one (a Swerve first, as the engine plays it)."""
    spec, other = car.spec, target.spec
    defend = 1 if target.cards("reins") > 0 else 0
    hurt_target, hurt_self = vehicle_attack_damage(
        cards + spec.trait("Tank"), spec.trait("Blades") + card_bonus(car, "Kamikaze"),
        defend + other.trait("Armoured"),
        -other.trait("Flimsy") + (card_bonus(target, "Swerve") if defend else 0),
        (car.speed + 1) // 2, (target.speed + 1) // 2,
        tie_edge(car, "Fortune Smiles", "Unlucky Charm"),
        tie_edge(target, "Fortune Smiles", "Unlucky Charm"),
        spec.trait("Persistent"), other.trait("Evasive"))
    hurt_target *= scores(other.resilience)
    hurt_self *= scores(spec.resilience)
    return (hurt_target * damage_rounds(other, style)
            - hurt_self * damage_rounds(spec, style)
            - cards * style.card_rounds)


def personal_attack_gain(style: DrivingStyle, race: Race, car: Car, target: Car,
                         cards: int) -> float:
    """Rounds gained by a Personal attack with ``cards`` Whips: the rival's Control roll
    with the Control Loss it would gain, priced, less the vehicle's own and the cards.
    The rival is taken to defend with one Whip when it holds one (a Shield card first)."""
    spec, other = car.spec, target.spec
    defend = 1 if target.cards("whip") > 0 else 0
    gain = -cards * style.card_rounds
    for chance, to_target, to_self in personal_attack_losses(
            cards + spec.trait("Cat O' Nine"),
            spec.trait("Whiplash") + card_bonus(car, "Berserker"), tie_edge(car),
            defend + other.trait("Shield"),
            -other.trait("Thin Skin") + (card_bonus(target, "Shield") if defend else 0),
            tie_edge(target), spec.trait("Frenzied"), other.trait("Guarded")):
        if to_target:
            gain += chance * reaction_price(style, race, target, to_target)
        if to_self:
            gain -= chance * reaction_price(style, race, car, to_self)
    return gain


def card_bonus(car: Car, name: str) -> int:
    """The '#' of a special card called ``name`` in ``car``'s hand, which an attack or its
    defence plays before its other cards (``upkeep.play_with``); 0 without one."""
    slot = car.special_in_hand(name)
    return car.spec.specials[slot - 3].value if slot is not None else 0


def ram_gain(style: DrivingStyle, car: Car, hit: Car, step: int) -> float:
    """Rounds the rammed vehicle ``hit`` loses to a collision moving ``step`` (Ramming
    Speed): its Damage dice by the kind of collision, at its price of a Damage point. The
    rammer's own dice are priced as any collision's (``Planner.crash_price``)."""
    dice = collision_dice(car, hit, step)[2]
    dice += hit.spec.trait("Jerry Rigged") if dice else 0  # one more for any roll
    return dice * scores(hit.spec.resilience) * damage_rounds(hit.spec, style)


def tie_edge(car: Car, win: str = "Lady Luck", lose: str = "Ill Fate") -> int:
    """How a tied attack goes for ``car`` (``attacks.attack_losers``): the trait ``win``
    wins it by 1, ``lose`` loses it by 1 (Personal attacks by default; Fortune Smiles and
    Unlucky Charm for Vehicle attacks)."""
    return car.spec.trait(win) - car.spec.trait(lose)


def reaction_price(style: DrivingStyle, race: Race, car: Car, gained: int) -> float:
    """The Control roll ``car`` makes after gaining ``gained`` Control Loss points
    (``attacks.attack_reaction``): its basic dice at its Speed (none at a Safe Speed),
    its Control Loss and affect dice and the points gained, in its own rounds."""
    dice = race.control_dice(car, car.speed) + car.control_loss + car.extra_control + gained
    spec = car.spec
    return roll_cost(dice, spec.resilience, damage_rounds(spec, style), *roll_traits(spec))[0]


@lru_cache(maxsize=4096)
def personal_attack_losses(a_extra: int, a_bonus: int, a_edge: int, t_extra: int, t_bonus: int,
                           t_edge: int, a_again: int = 0, t_again: int = 0
                           ) -> tuple[tuple[float, int, int], ...]:
    """Each way a Personal attack can end: its chance, the Control Loss points the target
    gains and those the attacker gains. Each side rolls one die and ``a_extra`` or
    ``t_extra`` more (a card's and the traits'), re-rolls ``a_again`` or ``t_again`` low
    ones (Frenzied, Guarded) and keeps the best two, plus its bonus; the lower value loses
    by the difference. A tie goes by 1 to the side with the better ``tie_edge``, or else
    both lose by their own value (nothing at 0 or below)."""
    ends: defaultdict[tuple[int, int], float] = defaultdict(float)
    a_odds, t_odds = attack_odds(a_extra, a_again), attack_odds(t_extra, t_again)
    for a, pa in a_odds:
        for t, pt in t_odds:
            av, tv = a + a_bonus, t + t_bonus
            if av != tv:
                end = (av - tv, 0) if av > tv else (0, tv - av)
            elif a_edge != t_edge:
                end = (1, 0) if a_edge > t_edge else (0, 1)
            else:
                end = (max(0, tv), max(0, av))
            ends[end] += pa * pt
    return tuple((chance, to_target, to_self) for (to_target, to_self), chance in ends.items())
