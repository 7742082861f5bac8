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
* attacks (styles that attack), Vehicle or Personal: when the exact attack odds cost the
  rival more, in rounds at the style's prices, than the vehicle risks itself plus the cards
  (``driver_attacks``).

Styles differ only in their prices (``styles``).
"""

from __future__ import annotations

from array import array
from collections.abc import Hashable
from math import inf
from typing import TYPE_CHECKING, Any

from generator.games.frothy_races.race.bots import CAREFUL as CAREFUL_HEURISTIC
from generator.games.frothy_races.race.bots import AggressiveBot, Bot, RandomBot
from generator.games.frothy_races.race.check_programs import (
    CHECK_CACHE,
    CHECK_CARDS,
    check_program,
)
from generator.games.frothy_races.race.course import forget_oldest_half, race_track
from generator.games.frothy_races.race.decisions import (
    STOP,
    Option,
    Plan,
    SpeedChoice,
    rammed,
    rams,
    stopped_speed,
    weighed,
)
from generator.games.frothy_races.race.driver_attacks import chosen_attack, ram_gain, sneaky_cards
from generator.games.frothy_races.race.driver_prices import turn_prices
from generator.games.frothy_races.race.lookahead import in_the_way, scores
from generator.games.frothy_races.race.planner import (
    FAR,
    SoloOptimum,
    ValueTable,
    damage_rounds,
    solo_optimum,
)
from generator.games.frothy_races.race.planner_moves import solo_wipe_out, table_key, value_table
from generator.games.frothy_races.race.results import RaceOptions
from generator.games.frothy_races.race.styles import STYLES, DrivingStyle
from generator.games.frothy_races.race.vehicles import race_vehicle, without_trait
from generator.tracks.hexgrid import FACINGS

if TYPE_CHECKING:
    from generator.games.frothy_races.race.engine import Car, Race


STALLED = 4  # movement phases in a row without a space moved: it is stuck
TABLE_LAPS = 2  # laps of table a race without a finish (Furthest, Toughest) reads
_CHECKS: dict[tuple[object, ...], SpeedChoice] = {}
# For each facing, the turns a phase may end with as the planner weighs them (none, then
# left, then right: the first is kept on a tie), each with the facing it leaves.
TURNS = tuple(tuple((t, (facing + t) % FACINGS) for t in (0, 1, -1))
              for facing in range(FACINGS))


class Planner(Bot):
    """A driver that plans with the value table, at a style's prices."""

    def __init__(self, style: DrivingStyle) -> None:
        super().__init__(CAREFUL_HEURISTIC)  # its card habits for Control rolls, defence
        self.driving = style
        self.name = style.name
        self.avoid_damage = True
        self._tables: dict[int, ValueTable] = {}
        self._keys: dict[int, bytes] = {}  # each table's key (what it was solved for)
        self._plan_keys: dict[int, tuple[bytes, int]] = {}  # that key, the Whip budget
        self._turns: dict[tuple[int, ...], tuple[float, float, float]] = {}  # see prices
        self.cache_plans = True  # a plan is a function of plan_key and what blocks
        # The most cards a Speed Check's memo key tells apart: a check plays at most
        # CHECK_CARDS, and only the cards beyond the reserve are spare.
        self._hand_cap = max(CHECK_CARDS, style.card_reserve + CHECK_CARDS)
        # The lookahead of this vehicle's (a bot drives one) last Speed Check: its round,
        # the vehicle, its state, the prices; the dice kept just after read it again.
        self._way: tuple[int, int, int, tuple[float, ...]] = (-1, -1, -1, ())

    @property
    def may_attack(self) -> bool:
        return self.driving.attacks

    # --- The table ----------------------------------------------------------------------

    def table(self, race: Race, car: Car) -> ValueTable:
        """The vehicle's table for this track and race (solved or read once)."""
        found = self._tables.get(id(car.spec))
        if found is None:
            stages = self.table_stages(race)
            found = self._tables[id(car.spec)] = value_table(
                car.spec, race.rt, stages, self.driving)
            self._keys[id(car.spec)] = table_key(car.spec, race.rt, stages, self.driving)
        return found

    def later_tables(self, race: Race, car: Car) -> None:
        """The tables of the vehicles it may become (Lose Named Trait, directly or as a
        Random pick), read or solved now: a sweep prepares them before its workers fork,
        rather than each worker solving one in the middle of a race."""
        spec, stages = car.spec, self.table_stages(race)  # spec: as the losses so far leave it
        for _, affect in car.spec.damage_affects:
            for lose in (affect, *affect.choices):
                if lose.name == "Lose Named Trait" and lose.trait:
                    value_table(without_trait(spec, lose.trait), race.rt, stages, self.driving)
            if affect.name == "Lose Named Trait" and affect.trait:
                spec = without_trait(spec, affect.trait)  # the next loss is from this one

    def plan_key(self, race: Race, car: Car, phase: int, spaces: int, whips: int,
                 reins: bool) -> Hashable | None:
        """Everything ``plan`` reads besides what lies on the phase's walks: the table
        (the vehicle, track, race length and style), the race's length, the phase, the
        lines crossed, the state, the Speed, the Control dice and Control Loss a turn
        rolls, whether a card is spare, the spaces with and without a card, whether
        it has stood still a whole round, and whether a Whip is left after one played
        (``whips``: the cards in hand that play as a Whip). The engine keeps the plan
        under it, so a phase driven before is not weighed again."""
        spec = car.spec
        known = self._plan_keys.get(id(spec))
        if known is None:
            table = self.table(race, car)
            known = self._plan_keys[id(spec)] = (self._keys[id(spec)], table.budget)
        key, left = known
        speed = car.speed
        dice = spec.control[speed]  # race.control_dice, read here: asked every phase
        if dice == 0 and car.safe_lost:
            dice = race.control_dice(car, speed)
        whip = whips > 0
        if whip:  # min(whips, the budget left this round), never below 0: as whips_left
            # (not capped lower: the plan reads the table's layer for every count below
            # the budget, and a budget of 3 or more tells 2 and 3 apart).
            if car.whipped == race.round:
                left -= car.whips_played
            if left < whips:
                whips = left
            if whips < 0:
                whips = 0
        return (key, race.stages, phase, car.stage, car.hex * FACINGS + car.facing, speed,
                dice, car.control_loss, car.extra_control,
                sum(car.hand) > self.driving.card_reserve, spaces, whip, reins,
                car.idle >= STALLED, whips)

    clear_plans_hold = True

    def clear_plan_holds(self, race: Race, car: Car, plan: Plan) -> bool:
        """A clear road's plan holds past vehicles and debris that lie off its walk, unless
        it is a last resort. Something on a walk either blocks it (a blocked way is not
        weighed while a clear one is left) or makes it rough (dearer); no other way gets
        cheaper, and the ways before the plan's in the list were dearer already, so the
        plan is still the first of the least. A last resort is taken on a condition the
        other ways decide, so it is weighed again (a caution: in 240 races checked, a last
        resort held every time too)."""
        option = plan.option
        facing = car.facing
        if facing % 2 or option.stage >= race.stages:
            return True  # no Drift from a corner; across the finish it is no last resort
        ahead, steps = facing // 2, option.steps
        if steps.count(ahead) == len(steps):
            return True  # no sideways step: not a Drift
        end = option.hexes[-1] if option.hexes else car.hex
        return race.remaining(option.stage, end * FACINGS + (facing + plan.turn) % FACINGS) \
            < race.remaining(car.stage, car.hex * FACINGS + facing)

    @staticmethod
    def table_stages(race: Race) -> int:
        lap = len(race.rt.lines)
        return race.stages if race.options.race_type == "fastest" else lap * TABLE_LAPS

    def value(self, race: Race, car: Car, stage: int, point: int, speed: int,
              state: int, whips: int = 1) -> float:
        """Expected rounds to go from a driving state (see ValueTable), for a hand of
        ``whips`` Whip cards."""
        table = self.table(race, car)
        if stage >= race.stages:
            return 0.0
        if race.stages > table.stages:  # no finish: each lap read as the one before last
            lap = len(race.rt.lines)
            stage = lap + stage % lap
        speed = min(speed, table.speeds - 1)
        return table.layer(stage, point, whips)[speed * table.states + state]

    # --- Speed Check ----------------------------------------------------------------------

    def speed_check(self, race: Race, car: Car) -> SpeedChoice:
        """The choice its hand allows with the fewest expected rounds to go: every roll the
        dice can make (exact odds), each at the best value the rules let it keep. A
        choice made before in the same situation (everything it reads) is reused."""
        self.table(race, car)
        ahead = in_the_way(race, car, self.driving)
        state = car.hex * FACINGS + car.facing
        self._way = (race.round, car.index, state, ahead)  # for the dice kept next
        # Cards beyond what a check can play (two) count only as "more": capped, so that
        # hands the choice cannot tell apart share it.
        key = (self._keys[id(car.spec)], race.stages, car.stage, state, car.marker,
               min(3, car.cards("spur")), min(2, car.cards("reins")),
               min(sum(car.hand), self._hand_cap), race.stamina_reins(car), car.accel_mod,
               car.decel_mod, car.max_accel, car.max_decel, car.max_speed,
               car.speed == 0 and car.idle >= STALLED, ahead)
        found = _CHECKS.get(key)
        if found is None:
            if len(_CHECKS) >= CHECK_CACHE:
                forget_oldest_half(_CHECKS)
            found = _CHECKS[key] = self.weigh_checks(race, car, ahead)
        return found

    def weigh_checks(self, race: Race, car: Car, ahead: tuple[float, ...] = ()
                     ) -> SpeedChoice:
        """speed_check() worked out; ``ahead`` prices each Speed's run into a vehicle in
        the way this round (``in_the_way``)."""
        state = car.hex * FACINGS + car.facing
        speeds = car.spec.top_speed + 1
        # With a Whip left: the round's whole Whip budget, as far as the hand holds it;
        # then without (the program's slots read both, one after the other).
        starts = self.starts(race, car, state, speeds, max(1, car.cards("spur")), ahead) \
            + self.starts(race, car, state, speeds, 0, ahead)
        # What playing 0, 1 or 2 cards costs: dearer beyond the cards to spare.
        spare, card_rounds = sum(car.hand) - self.driving.card_reserve, self.driving.card_rounds
        prices = [card_rounds * (cards + max(0, cards - spare))
                  for cards in range(CHECK_CARDS + 1)]
        best, chosen = FAR * 2, SpeedChoice(False, 0, 0)
        program, singles, runs, others = check_program(car, race.stamina_reins(car))
        # The best start among each slot's Speeds (the round is driven with the Whips the
        # check leaves in hand).
        least = list(map(starts.__getitem__, singles))
        least += map(min, map(starts.__getitem__, runs))
        if others:
            least += [min(speeds_of(starts)) for speeds_of in others]
        # A vehicle that has stood still a whole round (facing a wall after a spin, where
        # the table sees no way on) does not choose to stand still again: it takes a
        # choice more likely than not to move it, and a collision turns it free.
        stalled = car.speed == 0 and car.idle >= STALLED
        for choice, cards, moving, rolls in program:
            if stalled and not moving:
                continue  # more likely than not to leave it standing
            # The cards' price, then each roll's chance times its best start, added in
            # the rolls' order.
            value = prices[cards]
            for p, slot in rolls:
                value += p * least[slot]
            if value < best:
                best, chosen = value, choice
        return chosen

    def starts(self, race: Race, car: Car, state: int, speeds: int, whips: int,
               ahead: tuple[float, ...] = ()) -> list[float]:
        """The values before movement phase 1 at Speeds 0 .. speeds - 1 (``value``), for
        a round driven with ``whips`` Whip cards in hand, plus ``ahead``'s price of
        running into a vehicle in the way at each Speed."""
        table = self.table(race, car)
        stage = car.stage
        if stage >= race.stages:
            found = [0.0] * speeds
        else:
            if race.stages > table.stages:
                lap = len(race.rt.lines)
                stage = lap + stage % lap
            layer, top, states = table.layer(stage, 0, whips), table.speeds - 1, table.states
            if speeds <= top + 1:  # each Speed's value at the state, as one slice
                found = layer[state:speeds * states:states].tolist()
            else:
                found = [layer[min(v, top) * states + state] for v in range(speeds)]
        return [x + y for x, y in zip(found, ahead, strict=True)] if ahead else found

    def target_speed(self, race: Race, car: Car) -> int:
        """The Speed the table values most here (what ``keep`` aims for)."""
        state = car.hex * FACINGS + car.facing
        values = [self.value(race, car, car.stage, 0, v, state, car.cards("spur"))
                  for v in range(car.max_speed + 1)]
        return min(range(len(values)), key=lambda v: (values[v], -v))

    def keep(self, race: Race, car: Car, accelerate: bool, values: list[int]) -> int:
        """The Speed Check value that leaves the vehicle at its best Speed."""
        if len(values) == 1:
            return values[0]
        state = car.hex * FACINGS + car.facing
        way = self._way
        ahead = way[3] if way[:3] == (race.round, car.index, state) else \
            in_the_way(race, car, self.driving)
        # The value of each Speed (as ``value`` reads it), the best kept: the highest
        # value of the Speed Check where two leave it as well placed.
        at_speed = self.starts(race, car, state, car.spec.top_speed + 1, car.cards("spur"),
                               ahead)
        ends = race.speed_after(car, accelerate, values)
        kept, best = values[0], at_speed[ends[0]]
        for value, end in zip(values, ends, strict=True):
            at = at_speed[end]
            if at < best or (at == best and value > kept):
                kept, best = value, at
        return kept

    # --- Movement --------------------------------------------------------------------------

    def plan(self, race: Race, car: Car, phase: int, options: list[Option]) -> Plan:
        """The way to drive and the turn with the fewest expected rounds to go, the first
        on a tie (``weigh_moves``). A sideways Drift after which, turned as chosen, the
        vehicle is no nearer the finish is a last resort: taken when no other way and
        turn is clear, or when a vehicle that has stood still a whole round would stand
        still again (the table's own plan may be the Drift: refusing it for ever, the
        vehicle would never move again). So the last resorts are weighed only then."""
        stalled, facing = car.idle >= STALLED, car.facing
        pool, prices = weighed(options, facing), self.prices(race, car)
        if pool is not options and car.card_slots["ram"] and rams(car):
            # Ramming Speed: a Whip's way into a vehicle is weighed too, after the others.
            pool = pool + [o for o in options if rammed(race, car, o) is not None]
        before = race.remaining(car.stage, car.hex * FACINGS + facing) if facing % 2 == 0 \
            else -1  # a Drift that leaves it this far from the finish or more
        best, option, turn, last, last_option, last_turn = self.weigh_moves(
            race, car, phase, pool, prices, before, stalled)
        if best >= FAR * 4 and not stalled:  # nothing clear: weighed with the last resorts
            best, option, turn, last, last_option, last_turn = self.weigh_moves(
                race, car, phase, pool, prices, before, True)
        if last < best and (best >= FAR * 4 or (not option.steps and stalled)):
            return Plan(last_option, last_turn)
        return Plan(option, turn)

    def weigh_moves(self, race: Race, car: Car, phase: int, pool: list[Option],
                    prices: tuple[float, float, float, float], before: int, resorts: bool
                    ) -> tuple[float, Option, int, float, Option, int]:
        """plan() worked out: each way and turn by the table's value where it ends plus
        its ``prices``; the best value, way and turn, then those of the last resorts
        (passed over when not ``resorts``: none kept, at -inf). Long because: it is one
        loop over the pool, the hot path of every first-time plan."""
        table = self.table(race, car)
        lap, wrap = len(race.rt.lines), race.stages > table.stages
        whips, point, stages = self.whips_left(race, car), phase + 1, race.stages
        base = min(car.speed, table.speeds - 1) * table.states
        spaces = car.spec.moves[phase][car.speed]  # an Emergency Stop's Speed reads them
        stops = bool(car.card_slots["stop"])  # asked first: most vehicles hold none
        card, turn, slide, rough = prices
        ahead, here, neighbours = car.facing // 2, car.hex, race.rt.neighbours
        (_, straight), (_, left), (_, right) = TURNS[car.facing]
        best, chosen, chosen_turn = FAR * 4, pool[0], 0
        last_best, last_chosen, last_turn = (FAR * 4 if resorts else -inf), chosen, 0
        layer: array  # read again when the stage or Whip differs from the option before
        layer_stage, layer_whip = -1, False
        for option in pool:
            played, steps, hexes, blocked, spaces_rough, stage = option
            end = hexes[-1] if hexes else here
            row = base + end * FACINGS
            if stops and played == STOP:  # read and priced at the Speed it leaves (last)
                row, (card, turn, slide, rough) = self.stopping(race, car, spaces, option)
            extra = card if played else 0.0
            extra += rough * spaces_rough
            if blocked >= 0:
                extra += self.crash_price(race, car, option, end)
            if stage >= stages:
                if extra < best:  # across the finish: the race is over for it
                    best, chosen, chosen_turn = extra, option, 0
                continue
            whip = played == "whip"
            if stage != layer_stage or whip != layer_whip:
                layer_stage, layer_whip = stage, whip
                layer = table.layer(lap + stage % lap if wrap else stage, point, whips - whip)
            # Its turns (none, left, right) are passed over together when none beats what
            # either pile holds (which only falls as they are weighed).
            bar = best if best >= last_best else last_best
            value = layer[row + straight] + extra
            if hexes and blocked < 0:
                to_left = layer[row + left] + extra + turn
                to_right = layer[row + right] + extra + turn
                if neighbours[end][steps[-1]] < 0:  # a Slide would run it into the wall
                    to_left += slide
                    to_right += slide
                if value >= bar and to_left >= bar and to_right >= bar:
                    continue
                turns = [(0, straight, value), (1, left, to_left), (-1, right, to_right)]
            elif value >= bar:
                continue
            else:
                turns = [(0, straight, value)]
            drift = before >= 0 and steps.count(ahead) != len(steps)
            for t, turned, value in turns:
                if value >= best and (not drift or value >= last_best):
                    continue  # no better than what either pile holds
                if drift and race.remaining(stage, end * FACINGS + turned) >= before:
                    if value < last_best:
                        last_best, last_chosen, last_turn = value, option, t
                elif value < best:
                    best, chosen, chosen_turn = value, option, t
        return best, chosen, chosen_turn, last_best, last_chosen, last_turn

    def stopping(self, race: Race, car: Car, spaces: int, option: Option
                 ) -> tuple[int, tuple[float, float, float, float]]:
        """An Emergency Stop's way: its row in the table at the Speed it leaves (one less
        for each of the phase's ``spaces`` not moved) and the prices at that Speed. The
        stops come last in the pool, so no other option reads these prices."""
        table = self.table(race, car)
        after = stopped_speed(car.speed, spaces, len(option.steps))
        end = option.hexes[-1] if option.hexes else car.hex
        row = min(after, table.speeds - 1) * table.states + end * FACINGS
        return row, self.prices(race, car, after)

    def prices(self, race: Race, car: Car, speed: int = -1
               ) -> tuple[float, float, float, float]:
        """What a card (dearer when the hand is at its reserve), a turn's Control roll,
        that turn's Slide into the wall ahead and each rough space's roll cost now, in
        rounds (``turn_prices``); at another ``speed`` (an Emergency Stop's), with the
        Control Loss a change to a Safe Speed clears. The roll prices are kept by the
        planner too, under plain numbers: a vehicle meets a few Speeds and Control Loss
        counts a race, and the shared cache hashes the vehicle and the style at every
        look-up."""
        spec, loss, extra = car.spec, car.control_loss, car.extra_control
        if speed < 0:
            speed = car.speed
        dice = spec.control[speed]  # race.control_dice, read here: asked every plan
        if dice == 0 and car.safe_lost:
            dice = race.control_dice(car, speed)
        if dice == 0 and speed != car.speed:
            loss = spec.control_minimum  # cleared by the change (set_marker)
        key = (id(spec), speed, dice, loss, extra)
        found = self._turns.get(key)
        if found is None:
            found = self._turns[key] = turn_prices(spec, self.driving, speed, dice,
                                                   loss + extra, bool(dice or loss))
        style = self.driving
        card = style.card_rounds * (1 if sum(car.hand) > style.card_reserve else 3)
        return (card, *found)

    def adaptive_swaps(self, race: Race, car: Car, most: int) -> int:
        """Adaptive: Reins for Whips while the hand holds fewer Whips than the table's
        budget for a round, keeping one Reins (to slow, to defend); a Whip for a Reins
        when the hand has no Reins and more Whips than the budget. A habit, not a price:
        the table's state holds no hand (docs/racing.md)."""
        budget, whips, reins = self.table(race, car).budget, car.cards("spur"), car.hand[1]
        if whips < budget:
            return max(0, min(most, budget - whips, reins - 1))
        return -1 if car.cards("reins") == 0 and car.hand[0] and whips > budget else 0

    def whips_left(self, race: Race, car: Car) -> int:
        """Whips the table lets it play for a space more in the rest of this round: those
        in hand, up to the table's budget less those played this round (``whip_budget``:
        a hand keeps up that pace and no more)."""
        played = car.whips_played if car.whipped == race.round else 0
        table = self._tables.get(id(car.spec))
        if table is None:
            table = self.table(race, car)
        return max(0, min(car.cards("spur"), table.budget - played))

    def crash_price(self, race: Race, car: Car, option: Option, end: int) -> float:
        """An unavoidable collision: its Damage dice for the moving vehicle, priced."""
        step = option.steps[option.blocked]
        there = race.rt.neighbours[end][step]
        dice = race.collision_cost(car, there, step)
        dice += car.spec.trait("Jerry Rigged") if dice else 0  # one more for any roll
        score = scores(car.spec.resilience)
        price = 1.0 + dice * score * damage_rounds(car.spec, self.driving)
        hit = rammed(race, car, option) if car.card_slots["ram"] and rams(car) else None
        return price - ram_gain(self.driving, car, hit, step) if hit is not None else price

    # --- Attacks -----------------------------------------------------------------------------

    def attack(self, race: Race, car: Car, targets: list[Car]) -> tuple[Car, str, int] | None:
        return chosen_attack(self.driving, race, car, targets)

    def sneaky_attack(self, race: Race, car: Car, target: Car) -> int:
        return sneaky_cards(self.driving, race, car, target)


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
    return solo_optimum(value_table(spec, rt, stages, style), spec, style,
                        solo_wipe_out(spec, rt, stages, style))


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
