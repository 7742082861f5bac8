"""The planning driver: every decision read off the vehicle's value table.

``Planner`` answers the engine's questions (see ``bots``) by the expected
rounds to the finish the table gives each outcome (``planner``):

* the Speed Check: each choice of direction and cards its hand allows, weighed by the exact
  odds of each Speed (``Race.speed_odds``), each card at the style's price; then which dice
  to keep: the value that leaves it at the best Speed;
* each movement phase: every legal way to drive (the engine lists them, with what other
  vehicles and debris block: the lookahead for this phase) and every turn, by the value
  where it ends, plus a turn's Control-roll cost at the vehicle's real Control Loss, hazards
  and debris, cards and unavoidable collisions;
* attacks (styles that attack): when the exact attack odds give the rival more expected
  Damage, at the style's price of a Damage point, than the vehicle risks itself plus the
  cards.

Styles differ only in their prices (``styles``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from generator.games.frothy_races.race.bots import CAREFUL as CAREFUL_HEURISTIC
from generator.games.frothy_races.race.bots import AggressiveBot, Bot, RandomBot
from generator.games.frothy_races.race.course import race_track
from generator.games.frothy_races.race.decisions import Option, Plan, SpeedChoice
from generator.games.frothy_races.race.planner import (
    FAR,
    SoloOptimum,
    ValueTable,
    check_choices,
    check_rolls,
    collision_cost,
    damage_rounds,
    roll_cost,
    solo_optimum,
)
from generator.games.frothy_races.race.planner_moves import value_table
from generator.games.frothy_races.race.results import RaceOptions
from generator.games.frothy_races.race.speeds import shift_marker
from generator.games.frothy_races.race.styles import STYLES, DrivingStyle
from generator.games.frothy_races.race.vehicles import RaceVehicle, race_vehicle
from generator.probability.frothy_dice import attack_value, scoring_chance
from generator.probability.frothy_speed_table import Marker
from generator.tracks.hexgrid import FACINGS

if TYPE_CHECKING:
    from generator.games.frothy_races.race.engine import Car, Race


CHECK_CARDS = 2  # the most cards it plays on a Speed Check (the table weighs as many)
TABLE_LAPS = 2  # laps of table a race without a finish (Furthest, Toughest) reads


class Planner(Bot):
    """A driver that plans with the value table, at a style's prices."""

    def __init__(self, style: DrivingStyle) -> None:
        super().__init__(CAREFUL_HEURISTIC)  # its card habits for Control rolls, defence
        self.driving = style
        self.name = style.name
        self.avoid_damage = True
        self._tables: dict[int, ValueTable] = {}

    @property
    def may_attack(self) -> bool:
        return self.driving.attacks

    # --- The table ----------------------------------------------------------------------

    def table(self, race: Race, car: Car) -> ValueTable:
        """The vehicle's table for this track and race (solved or read once)."""
        found = self._tables.get(id(car.spec))
        if found is None:
            found = self._tables[id(car.spec)] = value_table(
                car.spec, race.rt, self.table_stages(race), self.driving)
        return found

    @staticmethod
    def table_stages(race: Race) -> int:
        lap = len(race.rt.lines)
        return race.stages if race.options.race_type == "fastest" else lap * TABLE_LAPS

    def value(self, race: Race, car: Car, stage: int, point: int, speed: int,
              state: int) -> float:
        """Expected rounds to go from a driving state (see ValueTable)."""
        table = self.table(race, car)
        if stage >= race.stages:
            return 0.0
        if race.stages > table.stages:  # no finish: each lap read as the one before last
            lap = len(race.rt.lines)
            stage = lap + stage % lap
        return table.value(stage, point, min(speed, table.speeds - 1), state)

    # --- Speed Check ----------------------------------------------------------------------

    def speed_check(self, race: Race, car: Car) -> SpeedChoice:
        """The choice its hand allows with the fewest expected rounds to go: every roll the
        dice can make (exact odds), each at the best value the rules let it keep."""
        state = car.hex * FACINGS + car.facing
        starts = [self.value(race, car, car.stage, 0, v, state)
                  for v in range(car.spec.top_speed + 1)]
        spare = sum(car.hand) - self.driving.card_reserve
        best, chosen = FAR * 2, SpeedChoice(False, 0, 0)
        for accelerate, whip, reins in choices_for(car.spec, car.cards("whip"),
                                                   car.cards("reins"),
                                                   min(CHECK_CARDS, sum(car.hand))):
            cards = whip + reins
            value = self.driving.card_rounds * (cards + max(0, cards - spare))
            if whip + reins == 0:
                accelerate = car.spec.trait("Champing at the Bit") > 0
            for p, ends in check_speeds(car.spec, car.marker, accelerate, whip,
                                        reins + race.stamina_reins(car),
                                        car.accel_mod if accelerate else car.decel_mod,
                                        car.max_accel if accelerate else car.max_decel,
                                        car.max_speed):
                value += p * min(starts[speed] for speed in ends)
            if value < best:
                best, chosen = value, SpeedChoice(accelerate, whip, reins)
        return chosen

    def target_speed(self, race: Race, car: Car) -> int:
        """The Speed the table values most here (what ``keep`` aims for)."""
        state = car.hex * FACINGS + car.facing
        values = [self.value(race, car, car.stage, 0, v, state)
                  for v in range(car.max_speed + 1)]
        return min(range(len(values)), key=lambda v: (values[v], -v))

    def keep(self, race: Race, car: Car, accelerate: bool, values: list[int]) -> int:
        """The Speed Check value that leaves the vehicle at its best Speed."""
        if len(values) == 1:
            return values[0]
        state = car.hex * FACINGS + car.facing
        ends = race.speed_after(car, accelerate, values)
        return min(zip(values, ends, strict=True), key=lambda pair: (
            self.value(race, car, car.stage, 0, pair[1], state), -pair[0]))[0]

    # --- Movement --------------------------------------------------------------------------

    def plan(self, race: Race, car: Car, phase: int, options: list[Option]) -> Plan:
        """The way to drive and the turn with the fewest expected rounds to go."""
        table = self.table(race, car)
        lap, wrap = len(race.rt.lines), race.stages > table.stages
        layers, states = table.values, table.states
        base = min(car.speed, table.speeds - 1) * states
        clear = [o for o in options if o.blocked < 0]
        pool = clear or options
        speed, facing = car.speed, car.facing
        price = damage_rounds(car.spec, self.driving)
        dice = race.control_dice(car, speed)
        turn, _, slide = roll_cost(dice + car.control_loss + car.extra_control,
                                   car.spec.resilience, price) if dice or car.control_loss \
            else (0.0, 0.0, 0.0)
        slide *= crash_price(car.spec, speed, self.driving)
        rough = roll_cost(dice + car.control_loss + car.extra_control + (speed + 1) // 2,
                          car.spec.resilience, price)[0]
        card = self.card_price(car)
        best, chosen = FAR * 4, Plan(pool[0], 0)
        for option in pool:
            end = option.hexes[-1] if option.hexes else car.hex
            extra = card if option.card else 0.0
            extra += rough * option.rough
            if option.blocked >= 0:
                extra += self.crash_price(race, car, option, end)
            if option.stage >= race.stages:
                value = extra  # across the finish: the race is over for it
                if value < best:
                    best, chosen = value, Plan(option, 0)
                continue
            for t in ((0, 1, -1) if option.hexes and option.blocked < 0 else (0,)):
                stage = lap + option.stage % lap if wrap else option.stage
                value = layers[stage][phase + 1][base + end * FACINGS + (facing + t) % FACINGS]
                value += extra
                if t:
                    value += turn
                    if race.rt.neighbours[end][option.steps[-1]] < 0:
                        value += slide  # a Slide would run it into the wall ahead
                if value < best:
                    best, chosen = value, Plan(option, t)
        return chosen

    def card_price(self, car: Car) -> float:
        """A card's price now: dearer when the hand is at its reserve."""
        spare = sum(car.hand) - self.driving.card_reserve
        return self.driving.card_rounds * (1 if spare > 0 else 3)

    def crash_price(self, race: Race, car: Car, option: Option, end: int) -> float:
        """An unavoidable collision: its Damage dice for the moving vehicle, priced."""
        step = option.steps[option.blocked]
        there = race.rt.neighbours[end][step]
        dice = race.collision_cost(car, there, step)
        score = scores(car.spec.resilience)
        return 1.0 + dice * score * damage_rounds(car.spec, self.driving)

    # --- Attacks -----------------------------------------------------------------------------

    def attack(self, race: Race, car: Car, targets: list[Car]) -> tuple[Car, str, int] | None:
        """The Vehicle attack that pays best by the exact odds, if one pays (not in the
        first round: First Round Truce)."""
        if race.round <= 1 or not self.driving.attacks:
            return None
        spare = car.cards("reins") - self.driving.card_reserve
        best, chosen = 0.0, None
        for target in targets:
            for cards in range(1, min(3, spare) + 1):
                gain = self.attack_gain(car, target, cards)
                if gain > best:
                    best, chosen = gain, (target, "vehicle", cards)
        return chosen

    def attack_gain(self, car: Car, target: Car, cards: int) -> float:
        """Rounds gained by a Vehicle attack with ``cards`` Reins: the rival's expected
        Damage at its price, less the vehicle's own and the cards."""
        spec, other = car.spec, target.spec
        defend = 1 if target.cards("reins") > 0 else 0
        hurt_target, hurt_self = vehicle_attack_damage(
            cards + spec.trait("Tank"), spec.trait("Blades"),
            defend + other.trait("Armoured"), -other.trait("Flimsy"),
            (car.speed + 1) // 2, (target.speed + 1) // 2)
        hurt_target *= scores(other.resilience)
        hurt_self *= scores(spec.resilience)
        return (hurt_target * damage_rounds(other, self.driving)
                - hurt_self * damage_rounds(spec, self.driving)
                - cards * self.driving.card_rounds)


def solo_optimum_of(track: Any, vehicle: Any, options: RaceOptions, bot: str
                    ) -> SoloOptimum | None:
    """The table's expected rounds and Wipe-out chance for ``vehicle`` alone on ``track``
    in a Fastest race of these options, driven in the style ``bot`` names (the careful
    style for a driver that does not plan); None for other race types."""
    if options.race_type != "fastest":
        return None
    spec, rt = race_vehicle(vehicle), race_track(track)
    style = STYLES.get(bot, STYLES["careful"])
    stages = len(rt.lines) * options.for_track(track).laps
    return solo_optimum(value_table(spec, rt, stages, style), spec, style)


@lru_cache(maxsize=8)
def scores(resilience: int | None) -> float:
    """The chance a Damage die scores against ``resilience`` (as a float, once)."""
    return float(scoring_chance(resilience))


@lru_cache(maxsize=4096)
def crash_price(spec: RaceVehicle, speed: int, style: DrivingStyle) -> float:
    """``collision_cost``'s price in rounds, worked out once per vehicle, Speed and style."""
    return collision_cost(spec, speed, style)[0]


@lru_cache(maxsize=4096)
def choices_for(spec: RaceVehicle, whips: int, reins: int, cards: int
                ) -> tuple[tuple[bool, int, int], ...]:
    """``check_choices``, kept: a hand recurs."""
    return tuple(check_choices(spec, whips, reins, cards))


@lru_cache(maxsize=65536)
def check_speeds(spec: RaceVehicle, marker: Marker, accelerate: bool, whip: int, reins: int,
                 modifier: int, limit: int, top: int
                 ) -> tuple[tuple[float, tuple[int, ...]], ...]:
    """``check_rolls`` as the Speeds each roll lets the player end at, from ``marker``."""
    table = spec.table
    merged: dict[tuple[int, ...], float] = {}
    for p, boxes in check_rolls(spec, accelerate, whip, reins, modifier, limit):
        ends = tuple(sorted({table.speed_of(shift_marker(table, marker, b, accelerate, top))
                             for b in boxes}))
        merged[ends] = merged.get(ends, 0.0) + p
    return tuple((p, ends) for ends, p in merged.items())


@lru_cache(maxsize=4096)
def vehicle_attack_damage(a_cards: int, a_bonus: int, t_cards: int, t_bonus: int,
                          a_half: int, t_half: int) -> tuple[float, float]:
    """Expected Damage dice each side of a Vehicle attack rolls (exact attack odds): the
    loser rolls the difference (its own value on a tie) plus half the winner's Speed."""
    a_dist, t_dist = attack_value(a_cards), attack_value(t_cards)
    to_target = to_self = 0.0
    for a, pa in a_dist.items():
        for t, pt in t_dist.items():
            p = float(pa) * float(pt)
            av, tv = a + a_bonus, t + t_bonus
            if av > tv:
                to_target += p * (av - tv + a_half)
            elif tv > av:
                to_self += p * (tv - av + t_half)
            else:
                to_target += p * (tv + a_half)
                to_self += p * (av + t_half)
    return to_target, to_self


def make_bot(name: str) -> Bot:
    """A driver by name: a planning style (careful, aggressive: styles.py),
    the racing-line heuristics they replaced (racing-line), or random."""
    if name in STYLES:
        return Planner(STYLES[name])
    if name in ("racing-line", "racing-line-aggressive"):
        bot = AggressiveBot() if name.endswith("aggressive") else Bot(CAREFUL_HEURISTIC)
        bot.name = name
        return bot
    if name == "random":
        return RandomBot()
    raise ValueError(f"unknown bot {name!r}")
