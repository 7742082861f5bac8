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

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from generator.games.frothy_races.race.course import UNREACHABLE, forget_oldest_half
from generator.games.frothy_races.race.decisions import Option, Plan, SpeedChoice
from generator.probability.frothy_speed_table import Row
from generator.tracks.hexgrid import FACINGS

if TYPE_CHECKING:
    from generator.games.frothy_races.race.engine import Car, Race


@dataclass(frozen=True)
class Style:
    """The numbers that make a driving style."""

    horizon: int  # phases of straight road wanted before driving above a Safe Speed
    card_reserve: int  # cards kept in hand for emergencies
    card_cost: float  # spaces a card is worth spending
    turn_risk: float  # spaces of penalty per Control die a turn would roll
    roll_cost: float  # spaces of penalty for any turn that needs a Control roll
    max_dice: int  # the most basic Control dice the bot will drive at (its Speed limit)
    turn_dice: int  # the most basic Control dice it will corner at
    overshoot: float  # spaces of penalty per Speed above the target
    road_bonus: float  # spaces a phase of straight road ahead is worth
    momentum: float  # rounds a Speed Check's pace is counted for
    nurse: int  # damage points from a Wipe-out at which the bot drives a Speed slower
    dead_end: float  # spaces of penalty for heading where the pace cannot be kept
    rough_cost: float  # spaces of penalty per hazard or fragile obstacle entered
    attack: bool


CAREFUL = Style(horizon=5, momentum=4.0, nurse=2, dead_end=12.0, turn_dice=0, road_bonus=0.5,
                card_reserve=2, card_cost=2.0, turn_risk=0.8, roll_cost=4.0, max_dice=2,
                overshoot=8.0, rough_cost=5.0, attack=False)
AGGRESSIVE = Style(horizon=5, momentum=4.5, nurse=0, dead_end=12.0, turn_dice=0, road_bonus=0.5,
                   card_reserve=1, card_cost=1.5, turn_risk=0.6, roll_cost=3.0, max_dice=2,
                   overshoot=6.0, rough_cost=3.0, attack=True)


_SPEED_CHOICES: dict[tuple[object, ...], SpeedChoice] = {}
_STYLE_KEYS: dict[Style, int] = {}


@dataclass(slots=True)
class PhaseContext:
    """Numbers shared by every option a bot weighs in one movement phase."""

    pace: int  # spaces a phase the rest of the round asks for
    turn_cost: float  # penalty for turning (a Control roll above a Safe Speed)
    need: int  # phases still to drive this round, plus one
    too_fast: bool  # above the Speed the bot corners at
    road: list[int]  # straight room at a moderate pace, by state
    straight: list[int]  # straight room at this pace, by state
    tables: dict[int, tuple[list[int], list[int], int]] = field(default_factory=dict)


class Bot:
    """The policy interface, with the racing-line bot as its implementation."""

    name = "careful"
    avoid_damage = True

    def __init__(self, style: Style = CAREFUL) -> None:
        self.style = style
        # A plan is a function of the numbers in plan_key only for this class's own way of
        # planning; a subclass that plans otherwise is asked every time.
        cls = type(self)
        self.cache_plans = (cls.plan is Bot.plan and cls.context is Bot.context
                            and cls.score is Bot.score and cls.best_way is Bot.best_way)
        self.style_key = _STYLE_KEYS.setdefault(style, len(_STYLE_KEYS))

    # --- Speed Check ----------------------------------------------------------------------

    def target_speed(self, race: Race, car: Car) -> int:
        """The highest Speed the vehicle can drive here: one it is willing to corner at if the
        next line can be reached at its busiest phase's pace without meeting a wall; a
        faster one only where the road runs straight (no turn, so no Control roll) for
        ``horizon`` phases. Kept per track by everything it depends on."""
        nursing = bool(self.style.nurse) and car.damage >= car.spec.max_damage - self.style.nurse
        key = (self.style_key, car.spec, car.max_speed, car.safe_lost, race.stages, car.stage,
               car.hex * FACINGS + car.facing, nursing)
        targets = race.rt.targets
        found = targets.get(key)
        if found is None:
            if len(targets) >= 100_000:
                forget_oldest_half(targets)
            found = targets[key] = self.weigh_target(race, car)
        return found

    def weigh_target(self, race: Race, car: Car) -> int:
        """Work out ``target_speed`` (see there)."""
        best = 0
        for speed in range(car.max_speed + 1):
            if race.control_dice(car, speed) > self.style.max_dice:
                break
            busiest = max(row[speed] for row in car.spec.moves)
            if busiest == 0:
                best = speed
            elif race.control_dice(car, speed) <= self.style.turn_dice:
                if race.reachable_at(car.stage, car.state, busiest):
                    best = speed
            elif race.rt.straight_room(busiest)[car.state] >= self.style.horizon:
                best = speed
        if self.style.nurse and car.damage >= car.spec.max_damage - self.style.nurse:
            best -= 1  # one more bump would wreck it: nurse it home
        return max(best, 1)  # a vehicle that never moves can never turn away from a wall

    def speed_check(self, race: Race, car: Car) -> SpeedChoice:
        """The cards and direction with the best expected pace: each Speed up to the target
        is worth the spaces it moves; overshooting the target is penalised hard."""
        target = self.target_speed(race, car)
        if car.speed == 0 and not race.reachable_at(car.stage, car.state, 1):
            # Facing a wall with nowhere to go: only moving (and bumping) turns it round.
            if car.cards("spur"):
                return SpeedChoice(True, 1, 0)
            if car.cards("reins"):
                return SpeedChoice(True, 0, 1)
        # The choice depends only on these, and they recur: weigh each case once.
        # Everything the choice depends on is in the key, so a race never depends on the
        # races run before it in the same process.
        marker = car.marker
        key = (self.style_key, car.spec, marker[0] is Row.ACCELERATION, marker[1], target,
               car.cards("spur"), car.cards("reins"), sum(car.hand), car.max_speed,
               car.accel_mod, car.decel_mod, car.max_accel, car.max_decel,
               race.stamina_reins(car))
        known = _SPEED_CHOICES.get(key)
        if known is None:
            if len(_SPEED_CHOICES) > 200_000:
                _SPEED_CHOICES.clear()
            known = _SPEED_CHOICES[key] = self.weigh_speed(race, car, target)
        return known

    def weigh_speed(self, race: Race, car: Car, target: int) -> SpeedChoice:
        """The card combination with the best expected value (see ``speed_check``)."""
        totals = [sum(row[s] for row in car.spec.moves) for s in range(len(car.spec.control))]
        in_hand = sum(car.hand)
        best: tuple[float, int] | None = None
        chosen = SpeedChoice(False, 0, 0)
        choices = self.speed_choices(car)
        if race.stamina_reins(car):  # Stamina's Reins count as played: either way, no card
            choices.append(SpeedChoice(not choices[0].accelerate, 0, 0))
        if car.speed == 0 and any(c.accelerate for c in choices):
            # Standing still, slowing does nothing: set off (a vehicle whose Safe Speeds
            # crawl would otherwise wait for ever).
            choices = [c for c in choices if c.accelerate]
        for number, choice in enumerate(choices):
            cards = choice.whip + choice.reins
            value = -self.style.card_cost * cards
            if in_hand - cards < self.style.card_reserve:
                value -= 3.0 * (self.style.card_reserve - in_hand + cards)
            for speed, p in race.speed_odds(car, choice.accelerate, choice.whip, choice.reins):
                # This round's pace counts again later (momentum is worth keeping); a stop
                # costs a round's start as well.
                pace = self.style.momentum * totals[min(speed, target)]
                if speed == 0:
                    pace -= 3.0
                # Too fast risks a collision, which costs Damage dice by the Speed.
                excess = max(0, speed - target)
                value += p * (pace - self.style.overshoot * excess * speed / 2)
            if best is None or (-value, number) < best:
                best, chosen = (-value, number), choice
        return chosen

    def keep(self, race: Race, car: Car, accelerate: bool, values: list[int]) -> int:
        """Which Speed Check value to take of those the dice allow: the one ending nearest
        the target Speed, under it rather than over; of values ending at one Speed, the
        most boxes (a head start on the next)."""
        if len(values) == 1:
            return values[0]
        target = self.target_speed(race, car)
        ends = race.speed_after(car, accelerate, values)

        def badness(pair: tuple[int, int]) -> tuple[int, int]:
            value, speed = pair
            return (3 * max(0, speed - target) + max(0, target - speed), -value)
        return min(zip(values, ends, strict=True), key=badness)[0]

    @staticmethod
    def speed_choices(car: Car) -> list[SpeedChoice]:
        """Card combinations worth weighing: up to 3 of the direction's own card and 2 of
        the other (the other kind forces the lowest dice to be kept: a gentle change), and
        no card at all."""
        champing = car.spec.trait("Champing at the Bit") > 0
        found = [SpeedChoice(champing, 0, 0)]
        whips, reins, total = car.cards("spur"), car.cards("reins"), sum(car.hand)
        for accelerate in (True, False):
            for own in range(0, 4):
                for other in range(0, 3):
                    whip, rein = (own, other) if accelerate else (other, own)
                    if whip + rein == 0 or whip > whips or rein > reins or whip + rein > total:
                        continue
                    found.append(SpeedChoice(accelerate, whip, rein))
        return found

    # --- Movement --------------------------------------------------------------------------

    # Whether a plan made for a clear road may hold with vehicles or debris on the walks
    # (``clear_plan_holds`` says where): not for the heuristics, whose scores have not
    # been shown to keep it.
    clear_plans_hold = False

    def clear_plan_holds(self, race: Race, car: Car, plan: Plan) -> bool:
        """Whether ``plan``, made for a clear road under the same ``plan_key``, is still
        the plan when vehicles or debris lie on other walks but not on its own."""
        return False

    def plan_key(self, race: Race, car: Car, phase: int, spaces: int, whips: int,
                 reins: bool) -> Hashable | None:
        """Everything ``plan`` reads besides what lies on the phase's walks (the engine
        adds that): the style, the state, the lines crossed, the spaces with and without a
        card (``whips``: the cards in hand that play as a Whip; ``reins``: whether one
        plays as Reins), the pace and phases the rest of the round asks for, and the
        Control dice a turn would roll. The engine keeps the plan under this key, so a
        phase driven before is not weighed again; None when plans are not to be kept.

        The numbers are packed into one int, each in bits of its own (a tenth of the
        memory of a tuple, and a sweep keeps a hundred thousand of them); a number too big
        for its bits gives None, so two situations never share a key."""
        if not self.cache_plans:
            return None
        _, pace, need = car.spec.phase_moves[phase][car.speed]
        dice = race.control_dice(car, car.speed)
        if dice <= self.style.turn_dice:
            need = 0  # read only when too fast to corner
        load = car.control_loss + car.extra_control if dice else 0
        state, stage, stages = car.hex * FACINGS + car.facing, car.stage, race.stages
        if not (self.style_key < 64 and stages < 1 << 16 and state < 1 << 24
                and stage < 1 << 16 and spaces < 32 and pace < 32 and need < 8
                and dice < 32 and load < 256):
            return None
        key = (self.style_key << 16 | stages) << 24 | state
        key = ((key << 16 | stage) << 5 | spaces) << 5 | pace
        key = ((key << 3 | need) << 5 | dice) << 8 | load
        return (key << 1 | (whips > 0)) << 1 | reins

    def plan(self, race: Race, car: Car, phase: int, options: list[Option]) -> Plan:
        """The option and turn with the lowest score; of the ways to reach one end hex with
        one card, only the clearest (no collision, least rough ground) is scored."""
        style = self.style
        # What context() holds, worked out here without building it: it is needed only
        # for the options score() must weigh whole.
        _, pace, need = car.spec.phase_moves[phase][car.speed]
        dice = race.control_dice(car, car.speed)
        turn_cost = 0.0
        if dice:
            turn_cost = style.roll_cost + style.turn_risk * (
                dice + car.control_loss + car.extra_control)
        too_fast = dice > style.turn_dice
        # The engine keeps the options of a phase with only the track on its walks, with
        # room for what is worked out from them alone: the ways, by the one thing besides
        # the options that decides them.
        memo: dict[object, list[Option]] | None = getattr(options, "memo", None)
        ways = memo.get(too_fast) if memo is not None else None
        if ways is None:
            ways = self.ways(race, car, options, too_fast)
            if memo is not None:
                memo[too_fast] = ways
        return self.best_way(race, car, phase, ways, pace, need, turn_cost, too_fast)

    def best_way(self, race: Race, car: Car, phase: int, ways: list[Option], pace: int,
                 need: int, turn_cost: float, too_fast: bool) -> Plan:
        """The option and turn of ``ways`` with the lowest score: score() below, written
        out for the common case (no collision, not the finish) with the same arithmetic
        in the same order, so the same option wins."""
        style = self.style
        stages = race.stages
        facing = car.facing
        road, straight = race.rt.straight_room(max(2, pace)), race.rt.straight_room(pace)
        tables: dict[int, tuple[list[int], list[int], int]] = {}
        context: PhaseContext | None = None
        dead_end = style.dead_end + 3 * pace
        road_bonus, card_cost, rough_cost = style.road_bonus, style.card_cost, style.rough_cost
        best: tuple[float, int, int] | None = None
        chosen: tuple[Option, int] | None = None
        for number, option in enumerate(ways):
            hexes = option.hexes
            turns = (0, 1, -1) if hexes else (0,)
            if option.blocked >= 0 or option.stage >= stages:
                if context is None:
                    context = self.context(race, car, phase)
                for turn in turns:
                    rank = (self.score(race, car, context, option, turn), number, turn)
                    if best is None or rank < best:
                        best, chosen = rank, (option, turn)
                continue
            end = hexes[-1] if hexes else car.hex
            found = tables.get(option.stage)
            if found is None:
                found = tables[option.stage] = race.stage_tables(option.stage, pace)
            remaining, phases, offset = found
            rough = rough_cost * option.rough
            card = option.card
            for turn in turns:
                state = end * FACINGS + (facing + turn) % FACINGS
                value = float(remaining[state] + offset)
                if phases[state] >= UNREACHABLE:
                    value += dead_end
                value -= road_bonus * road[state]
                if too_fast and need > straight[state]:  # adding 6.0 * 0 changes nothing
                    value += 6.0 * (need - straight[state])
                if turn:
                    value += turn_cost
                value += rough
                if card:
                    value += card_cost
                if best is None or value <= best[0]:
                    rank = (value, number, turn)
                    if best is None or rank < best:
                        best, chosen = rank, (option, turn)
        assert chosen is not None
        return Plan(*chosen)

    @staticmethod
    def ways(race: Race, car: Car, options: list[Option], too_fast: bool) -> list[Option]:
        """The options worth scoring, one per card, end hex and lines crossed: the clearest
        (no collision, least rough ground); a Whip only to move at all or to win, a Reins
        only to avoid a collision or to brake."""
        clear = [o for o in options if o.blocked < 0]
        pool = clear or options
        plain_clear = any(o.card is None for o in clear)
        ways: dict[tuple[str | None, int, int], Option] = {}
        for option in pool:
            if option.card == "whip" and option.stage < race.stages and len(
                    option.steps) > 1:
                continue  # a Whip is worth playing to move at all, or to win
            if option.card == "reins" and plain_clear and not too_fast:
                continue  # a Reins is for avoiding a collision, or for braking
            end = option.hexes[-1] if option.hexes else car.hex
            key = (option.card, end, option.stage)
            known = ways.get(key)
            if known is None or (option.blocked, option.rough) < (known.blocked, known.rough):
                ways[key] = option
        return list(ways.values())

    def context(self, race: Race, car: Car, phase: int) -> PhaseContext:
        """What every option of one phase shares: the pace to keep, the cost of a turn, the
        straight phases still to drive, and whether the vehicle is too fast to corner."""
        _, pace, need = car.spec.phase_moves[phase][car.speed]
        dice = race.control_dice(car, car.speed)
        turn_cost = 0.0
        if dice:
            turn_cost = self.style.roll_cost + self.style.turn_risk * (
                dice + car.control_loss + car.extra_control)
        return PhaseContext(pace, turn_cost, need, dice > self.style.turn_dice,
                            race.rt.straight_room(max(2, pace)), race.rt.straight_room(pace))

    def score(self, race: Race, car: Car, context: PhaseContext, option: Option,
              turn: int) -> float:
        """Spaces still to go after this phase (the racing line), plus penalties for what the
        move risks: heading where the pace cannot be kept without meeting a wall, turning
        above a Safe Speed, rough ground, cards, a collision, and, when too fast to corner,
        running out of straight road."""
        if option.stage >= race.stages:
            return -100.0  # crossing the finish line ends the race: take it
        style = self.style
        end = option.hexes[-1] if option.hexes else car.hex
        state = end * FACINGS + (car.facing + turn) % FACINGS
        tables = context.tables.get(option.stage)
        if tables is None:
            tables = context.tables[option.stage] = race.stage_tables(option.stage,
                                                                       context.pace)
        remaining, phases, offset = tables
        value = float(remaining[state] + offset)
        if phases[state] >= UNREACHABLE:
            value += style.dead_end + 3 * context.pace
        # Facing along the road (room to go faster without turning) beats facing a wall.
        value -= style.road_bonus * context.road[state]
        if context.too_fast:
            value += 6.0 * max(0, context.need - context.straight[state])
        if turn:
            value += context.turn_cost
        value += style.rough_cost * option.rough
        if option.card:
            value += style.card_cost
        if option.blocked >= 0:
            # An unavoidable collision: choose the one that costs fewest Damage dice.
            here = option.hexes[-1] if option.hexes else car.hex
            step = option.steps[option.blocked]
            there = race.rt.neighbours[here][step]
            value += 20.0 + 4.0 * race.collision_cost(car, there, step)
        return value

    # --- Control rolls and attacks ---------------------------------------------------------

    def control_cards(self, race: Race, car: Car, dice: int) -> tuple[int, int]:
        """A card for any roll (it lets the worst die be discarded: Damage first), two for
        a big one, while cards can be spared; the more plentiful kind goes first."""
        spare = sum(car.hand) - self.style.card_reserve
        want = min(spare, 1 if dice < 4 else 2)
        whip = reins = 0
        for _ in range(max(0, want)):
            if car.cards("whip") - whip >= car.cards("reins") - reins and car.cards("whip") > whip:
                whip += 1
            elif car.cards("reins") > reins:
                reins += 1
        return (whip, reins)

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

    @property
    def may_attack(self) -> bool:
        """False lets the engine skip asking at every step (a bot that never attacks)."""
        return self.style.attack

    def adaptive_swaps(self, race: Race, car: Car, most: int) -> int:
        """Adaptive: Reins in hand to trade for Whips at the round's start (negative: the
        other way), at most ``most``. These bots keep their hand."""
        return 0

    def sneaky_attack(self, race: Race, car: Car, target: Car) -> int:
        """Sneaky: Whip cards for a Personal attack on ``target`` at this vehicle's side,
        in ``target``'s own movement (0: none). These bots never start one."""
        return 0

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

    def plan_key(self, race: Race, car: Car, phase: int, spaces: int, whips: int,
                 reins: bool) -> Hashable | None:
        return None  # every plan is a fresh roll of the race's dice

    def speed_check(self, race: Race, car: Car) -> SpeedChoice:
        rng = race.rng
        whip = rng.randint(0, min(2, car.cards("spur")))
        reins = rng.randint(0, min(2, car.cards("reins")))
        return SpeedChoice(rng.random() < 0.5, whip, reins)

    def keep(self, race: Race, car: Car, accelerate: bool, values: list[int]) -> int:
        return values[-1]  # the highest the rules allow, as the dice fall

    def plan(self, race: Race, car: Car, phase: int, options: list[Option]) -> Plan:
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
