"""Round start and maintenance: returned cards, per-round affects, Stamina, card recovery, and
playing cards (Maintenance Checks; Whip & Reins).

Part of the Frothy race engine (``engine`` in this package): each function takes the race
first and is a method of ``Race`` there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.games.frothy_races.race.engine import Car, Race


def start_of_round(race: Race, car: Car) -> None:
    """Adaptive first ('before any other activity'; ``adapt``). Stamina #: 'you may
    recover # Whip or Reins cards from your Spent box at the start of each round'. Card
    Recovery empties the Spent box into Recovery at every round's end, so at a round's
    start the cards spent (last round) wait in Recovery: # of them come back to the hand,
    Spent first should any be there. Then the per-round affects."""
    adaptive = car.spec.trait("Adaptive")
    if adaptive:
        adapt(car, max(-adaptive, min(adaptive, car.bot.adaptive_swaps(race, car, adaptive))))
    back = car.spec.trait("Stamina")
    for box in (car.spent, car.recovery):
        while back > 0 and any(box):
            kind = max(range(len(box)), key=lambda k: (box[k], -k))
            box[kind] -= 1
            car.hand[kind] += 1
            back -= 1
    if car.control_per_round:
        race.gain_control_loss(car, car.control_per_round)
    if car.damage_per_round:
        race.damage_roll(car, car.damage_per_round, "damage per round")


def adapt(car: Car, swaps: int) -> None:
    """Adaptive #: swap up to # Whip or Reins cards in hand for cards of the other type in
    the Spent or Recovery box (Traits): ``swaps`` > 0 trades Reins for Whips, < 0 Whips for
    Reins. Each comes from Spent first (the card furthest from coming back), and the card
    given up takes its place there."""
    give, take = (1, 0) if swaps > 0 else (0, 1)
    for _ in range(abs(swaps)):
        box = next((b for b in (car.spent, car.recovery) if b[take]), None)
        if box is None or not car.hand[give]:
            return
        box[take] -= 1
        car.hand[take] += 1
        car.hand[give] -= 1
        box[give] += 1


def maintenance(race: Race, car: Car) -> None:
    if race.options.stamina:
        spec = car.spec
        car.stamina = max(spec.stamina_min,
                          min(spec.stamina_max, car.stamina + spec.stamina_row[car.speed]))
        # Stamina Check: affects apply only once Stamina is below its maximum.
        drop = sum(a.value for level, a in spec.stamina_affects
                   if a.name == "-# Speed" and car.stamina <= level) \
            if car.stamina < spec.stamina_max else 0
        if drop:
            race.set_speed(car, max(0, car.speed - drop))
            if race.logging:
                race.log(car, "stamina",
                         result={"stamina": car.stamina, "speed": car.speed})
    reactions = car.spec.trait("Reactions")
    if reactions:
        car.control_loss = max(car.spec.control_minimum, car.control_loss - reactions)
    race.determination(car)
    for kind in range(len(car.hand)):
        car.hand[kind] += car.recovery[kind]
        car.recovery[kind] = car.spent[kind]
        car.spent[kind] = 0


def play(race: Race, car: Car, kind: str, count: int) -> int:
    """Move up to ``count`` cards playable as ``kind`` from hand to Spent; how many."""
    return race.play_with(car, kind, count, None)[0]


def play_with(race: Race, car: Car, kind: str, count: int, ability: str | None
              ) -> tuple[int, int]:
    """Play up to ``count`` cards as ``kind``; when ``ability`` names a simulated special
    card in hand, it is one of them and its '#' is returned as a bonus (a card marked
    discard then leaves the game). Ordinary cards go before other special cards."""
    if count <= 0:
        return 0, 0
    played = bonus = 0
    special = car.special_in_hand(ability) if ability else None
    if special is not None:
        card = car.spec.specials[special - 3]
        car.hand[special] -= 1
        (car.lost if card.discard else car.spent)[special] += 1
        played, bonus = 1, card.value
        if race.logging:
            race.log(car, "special card", result={"card": card.name, "value": card.value})
    for slot in car.slots(kind):
        take = min(car.hand[slot], count - played)
        car.hand[slot] -= take
        car.spent[slot] += take
        played += take
    return played, bonus


def determination(race: Race, car: Car) -> None:
    """Determination: 'play at the end of the Round to recover all cards in your Spent
    box'. Played when it brings back more than it costs: two spent cards or more (it
    goes to Spent itself, out of the hand for a round), three or more when the card is
    discarded for good."""
    slot = car.special_in_hand("Determination")
    if slot is None:
        return
    card = car.spec.specials[slot - 3]
    if sum(car.spent) < (3 if card.discard else 2):
        return
    car.hand[slot] -= 1
    for kind in range(len(car.hand)):
        car.hand[kind] += car.spent[kind]
        car.spent[kind] = 0
    (car.lost if card.discard else car.spent)[slot] += 1
    if race.logging:
        race.log(car, "special card", result={"card": card.name})
