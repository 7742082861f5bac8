"""Bots: the decisions a player makes in a race, as a policy the engine asks.

A policy answers five questions (the engine enforces the rules on every answer):

* ``speed_check``: accelerate or decelerate, with how many Whip and Reins cards;
* ``plan``: which of the legal ways to drive this phase (the engine lists them: the card
  played, the steps, what they run into) and whether to turn 30 degrees at the end;
* ``control_cards``: Whip and Reins cards to add to a Control roll;
* ``attack`` / ``defend``: whether to start an attack on a vehicle at the side, and with how
  many cards; how many cards to defend with.

The careful and aggressive bots drive the racing line: they rank where a phase can end by
the track's distance to go over (hex, facing) states, and brake for bends by the track's
cornering room (how many phases in a row they could keep up their pace without meeting a
wall). The random bot picks uniformly among legal moves (avoiding collisions, as the rules
require) and is the baseline a sensible bot must beat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.hexgrid import FACINGS

if TYPE_CHECKING:
    from generator.race.engine import Car, Option, Plan, Race, SpeedChoice


@dataclass(frozen=True)
class Style:
    """The numbers that make a driving style."""

    horizon: int  # phases of cornering room wanted at the chosen Speed
    card_reserve: int  # cards kept in hand for emergencies
    card_cost: float  # spaces a card is worth spending
    turn_risk: float  # spaces of penalty per Control die a turn would roll
    roll_cost: float  # spaces of penalty for any turn that needs a Control roll
    max_dice: int  # the most basic Control dice the bot will drive at (its Speed limit)
    rough_cost: float  # spaces of penalty per hazard or fragile obstacle entered
    attack: bool


CAREFUL = Style(horizon=8, card_reserve=2, card_cost=1.5, turn_risk=0.8, roll_cost=2.0,
                max_dice=2, rough_cost=3.0, attack=False)
AGGRESSIVE = Style(horizon=6, card_reserve=1, card_cost=0.8, turn_risk=0.4, roll_cost=1.0,
                   max_dice=3, rough_cost=1.5, attack=True)


class Bot:
    """The policy interface, with the racing-line bot as its implementation."""

    name = "careful"
    avoid_damage = True

    def __init__(self, style: Style = CAREFUL) -> None:
        self.style = style

    # --- Speed Check ----------------------------------------------------------------------

    def target_speed(self, race: Race, car: Car) -> int:
        """The highest Speed whose busiest phase still leaves enough cornering room."""
        state = car.state
        best = 0
        for speed in range(car.max_speed + 1):
            if race.control_dice(car, speed) > self.style.max_dice:
                break
            busiest = max(row[speed] for row in car.spec.moves)
            if busiest == 0 or race.rt.room(busiest)[state] >= self.style.horizon:
                best = speed
        return best

    def speed_check(self, race: Race, car: Car) -> SpeedChoice:
        from generator.race.engine import SpeedChoice
        target = self.target_speed(race, car)
        spare_whip = car.cards("whip")
        spare_reins = car.cards("reins")
        total = sum(car.hand)
        if target > car.speed:
            whip = 1 if target - car.speed <= 1 or total <= self.style.card_reserve + 1 else 2
            if spare_whip:
                return SpeedChoice(True, min(whip, spare_whip), 0)
            return SpeedChoice(True, 0, 1 if spare_reins else 0)
        if target == car.speed:
            if spare_whip and total > self.style.card_reserve:
                return SpeedChoice(False, 1, 0)  # keep the two lowest of three: a gentle brake
            return SpeedChoice(False, 0, 0)
        reins = min(spare_reins, car.speed - target, 2)
        return SpeedChoice(False, 0, reins)

    # --- Movement --------------------------------------------------------------------------

    def plan(self, race: Race, car: Car, phase: int, options: list[Option]) -> Plan:
        from generator.race.engine import Plan
        clear = [o for o in options if o.blocked < 0]
        pool = clear or options
        best: tuple[float, int, int] | None = None
        chosen: Plan | None = None
        for number, option in enumerate(pool):
            for turn in (0, 1, -1) if option.hexes else (0,):
                score = self.score(race, car, phase, option, turn)
                key = (score, number, turn)
                if best is None or key < best:
                    best, chosen = key, Plan(option, turn)
        assert chosen is not None
        return chosen

    def score(self, race: Race, car: Car, phase: int, option: Option, turn: int) -> float:
        """Spaces still to go after this phase, plus penalties for what it risks."""
        style = self.style
        end = option.hexes[-1] if option.hexes else car.hex
        facing = (car.facing + turn) % FACINGS
        state = end * FACINGS + facing
        value = float(race.remaining(option.stage, state))
        if option.stage >= race.stages:
            return value - 100.0  # crossing the finish line ends the race: take it
        later = [row[car.speed] for row in car.spec.moves[phase + 1:]]
        busiest = max(later + [row[car.speed] for row in car.spec.moves[:1]])
        if busiest:
            need = sum(1 for n in later if n) + 2
            room = race.rt.room(busiest)[state]
            if room < need:
                value += 4.0 * (need - room)
        if turn:
            dice = race.control_dice(car, car.speed)
            if dice:
                value += style.roll_cost + style.turn_risk * (
                    dice + car.control_loss + car.extra_control)
        value += style.rough_cost * option.rough
        if option.card:
            value += style.card_cost
        if option.blocked >= 0:
            value += 20.0 + 3.0 * car.speed
        return value

    # --- Control rolls and attacks ---------------------------------------------------------

    def control_cards(self, race: Race, car: Car, dice: int) -> tuple[int, int]:
        """One card when the roll is big enough to go wrong and a card can be spared."""
        if dice < 2 or sum(car.hand) <= self.style.card_reserve:
            return (0, 0)
        if car.hand[0] >= car.hand[1] and car.cards("whip"):
            return (1, 0)
        return (0, 1) if car.cards("reins") else (0, 0)

    def attack(self, race: Race, car: Car, targets: list[Car]) -> tuple[Car, str, int] | None:
        """Aggressive only: a Vehicle attack on a rival ahead of it in the race who has fewer
        Reins to defend with, while cards can be spared."""
        if not self.style.attack or race.round <= 1:
            return None
        spare = car.cards("reins") - self.style.card_reserve
        if spare < 1:
            return None
        mine = race.car_remaining(car)
        rivals = [t for t in targets if race.car_remaining(t) <= mine + 2
                  and t.cards("reins") < spare + 1]
        if not rivals:
            return None
        target = min(rivals, key=lambda t: (t.cards("reins"), t.index))
        return (target, "vehicle", min(spare, 2))

    def defend(self, race: Race, car: Car, attacker: Car, kind: str) -> int:
        """Defend with one card when one is to spare."""
        card = "reins" if kind == "vehicle" else "whip"
        return 1 if car.cards(card) > self.style.card_reserve else 0


class AggressiveBot(Bot):
    """Faster, spends cards more freely, attacks rivals at its side."""

    name = "aggressive"
    avoid_damage = False

    def __init__(self) -> None:
        super().__init__(AGGRESSIVE)


class RandomBot(Bot):
    """Uniformly random legal choices (collisions avoided when the rules demand it)."""

    name = "random"
    avoid_damage = False

    def speed_check(self, race: Race, car: Car) -> SpeedChoice:
        from generator.race.engine import SpeedChoice
        rng = race.rng
        whip = rng.randint(0, min(2, car.cards("whip")))
        reins = rng.randint(0, min(2, car.cards("reins")))
        return SpeedChoice(rng.random() < 0.5, whip, reins)

    def plan(self, race: Race, car: Car, phase: int, options: list[Option]) -> Plan:
        from generator.race.engine import Plan
        clear = [o for o in options if o.blocked < 0]
        pool = clear or options
        option = pool[race.rng.randrange(len(pool))]
        turn = race.rng.choice((-1, 0, 1)) if option.hexes else 0
        return Plan(option, turn)

    def control_cards(self, race: Race, car: Car, dice: int) -> tuple[int, int]:
        return (0, 0)

    def attack(self, race: Race, car: Car, targets: list[Car]) -> tuple[Car, str, int] | None:
        return None

    def defend(self, race: Race, car: Car, attacker: Car, kind: str) -> int:
        return 0


def make_bot(name: str) -> Bot:
    """A bot by name: careful, aggressive or random."""
    if name == "careful":
        return Bot(CAREFUL)
    if name == "aggressive":
        return AggressiveBot()
    if name == "random":
        return RandomBot()
    raise ValueError(f"unknown bot {name!r}")
