"""The Frothy Races rules engine: one whole race, round by round (Rules & Game-play).

A round is: wrecks bounce on, every vehicle's Speed Check, four movement phases in
initiative order (highest Speed, then in front, then nearest the inside of the track, then
grid order for a tie), then the
maintenance checks (Stamina when the option is on, card recovery). Movement follows the
guide: forward moves with Drift and the corner alternation, a 30-degree turn at the end of
a phase with a Control roll above a Safe Speed, collisions (walls, solid obstacles, wrecks,
other vehicles), hazards and fragile obstacles, attacks with cards, Damage rolls against
Resilience, permanent damage affects and Wipe-out.

Every die comes from one ``random.Random(seed)`` owned by the race, and nothing depends on
set order or the clock, so a seed replays a race exactly. Readings of unclear rules are
stated where they are used (see also README, "Race simulation: the engine").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from generator.errors import UsageError
from generator.probability.frothy import (
    FROTHY_DIE,
    ControlOutcome,
    Direction,
    Marker,
    Row,
    SpeedTable,
    best_control_outcome,
    kept_lowest,
    min_control_loss,
    speed_check,
)
from generator.race.bots import Bot, make_bot
from generator.race.course import (
    UNREACHABLE,
    RaceTrack,
    forget_oldest_half,
    one_step_directions,
    race_track,
)
from generator.race.decisions import Option, Options, Plan
from generator.race.results import (
    RaceOptions,
    RaceResult,
    RoundSnapshot,
    VehiclePosition,
    VehicleResult,
    entrant_labels,
)
from generator.race.vehicles import (
    RaceVehicle,
    race_vehicle,
    rules_not_simulated,
    speed_box,
)
from generator.tracks.hexgrid import FACINGS

VALUES: tuple[int, ...] = tuple(int(face.value or 0) for face in FROTHY_DIE.faces)
ICONS = tuple(str(face.icon) for face in FROTHY_DIE.faces)
WHIP, REINS, DUAL = 0, 1, 2
CARD_KINDS = ("whip", "reins", "dual")
UNLIMITED_LAPS = 400
# What a Damage roll's cause counts as when it wipes a vehicle out (the reports group them).
WIPE_CAUSES = {"wall collision": "wall", "obstacle collision": "obstacle",
               "fragile obstacle": "obstacle", "vehicle collision": "collision",
               "slide collision": "collision", "vehicle attack": "attack",
               "failed control roll": "failed Control roll", "damage per round": "damage affect",
               "damage affect": "damage affect"}
# Kept per track per process; when full, a cache starts again (a sweep of a thousand races
# of six vehicles keeps about 150,000 plans and 40,000 phases' options on Bogwater Bowl).
PLAN_CACHE = 150_000  # about 25 MB
OPTIONS_CACHE = 50_000  # about 60 MB


def _sides(facing: int, savage: bool) -> tuple[int, ...]:
    front = set(one_step_directions(facing)) if facing % 2 else {facing // 2}
    back = {(d + 3) % 6 for d in front}
    sides = [d for d in range(6) if d not in front and d not in back]
    return tuple(sides + sorted(front)) if savage else tuple(sides)


# facing -> Savage? -> the directions Race.side_neighbours looks in
SIDES = tuple((_sides(f, False), _sides(f, True)) for f in range(FACINGS))


class Car:
    """The state of one vehicle during a race (mutable; the engine alone changes it)."""

    def __init__(self, index: int, spec: RaceVehicle, bot: Bot, hex_: int, facing: int,
                 label: str = "") -> None:
        self.index = index
        self.spec = spec
        self.label = label or spec.name  # 'Basic Chariot #2': tells copies apart
        self.bot = bot
        self.hex = hex_
        self.facing = facing
        self.marker: Marker = spec.start_marker()
        self.speed = 0
        self.control_loss = 0
        self.damage = 0
        self.stamina = spec.stamina_max
        # Card piles by slot: Whip, Reins, dual, then one slot per special card copy.
        self.hand = spec.deck_slots
        self.spent = [0] * len(self.hand)
        self.recovery = [0] * len(self.hand)
        self.lost = [0] * len(self.hand)  # gone for good: an affect, or a special discarded
        self.stage = 0
        self.finished_round = 0
        self.finish_order = 0
        self.wiped_out = False
        self.racing = True  # neither finished nor wiped out (the engine keeps it so)
        self.wiped_round = 0
        self.wipe_cause = ""
        self.wreck_speed = 0
        self.wreck_heading = facing // 2
        self.heading = facing // 2
        self.rounds = 0
        self.damage_dealt = 0
        self.costs: dict[str, int] = {}  # how often each mechanic struck (Damage: points)
        self.spaces_lost: dict[str, int] = {}  # distance each mechanic cost, in spaces
        self.involved = False
        self.move_lost = False  # failed a Control roll after its own attack this phase
        # Permanent damage affects reached so far.
        self.extra_control = 0
        self.control_per_round = 0
        self.damage_per_round = 0
        self.resilience_loss = 0
        self.max_speed = spec.top_speed
        self.max_accel = 99  # boxes a Speed Check may move ('# Maximum Acceleration')
        self.max_decel = 99
        self.icon_swap: dict[str, str] = {}  # the 'Haste' and 'Slow' affects
        self.safe_lost = 0
        self.accel_mod = 0
        self.decel_mod = 0
        self.affects_applied = 0

    @property
    def state(self) -> int:
        return self.hex * FACINGS + self.facing

    def cards(self, kind: str) -> int:
        """Cards in hand that can be played as ``kind`` (whip or reins; dual cards count)."""
        hand = self.hand
        slots = self.spec.card_slots[kind]
        if len(slots) == 2:  # no special cards: its own kind and dual
            return hand[slots[0]] + hand[2]
        return sum([hand[slot] for slot in slots])

    def slots(self, kind: str) -> tuple[int, ...]:
        """Pile slots whose cards play as ``kind``: its own, dual, then special cards by
        their ordinary face."""
        return self.spec.card_slots[kind]

    def special_in_hand(self, name: str) -> int | None:
        """The slot of a simulated special card called ``name`` in the hand, if any."""
        for i, card in enumerate(self.spec.specials):
            if card.name == name and card.simulated and self.hand[3 + i]:
                return 3 + i
        return None

    def cost(self, mechanic: str, amount: int) -> None:
        if amount > 0:
            self.costs[mechanic] = self.costs.get(mechanic, 0) + amount

    def lose_spaces(self, mechanic: str, spaces: int) -> None:
        if spaces > 0:
            self.spaces_lost[mechanic] = self.spaces_lost.get(mechanic, 0) + spaces


class Race:
    """One race: the track's tables, the cars, the dice and the log."""

    def __init__(self, track: Any, vehicles: Sequence[Any], bots: Sequence[str], seed: int,
                 options: RaceOptions) -> None:
        self.track = track
        self.rt: RaceTrack = race_track(track)
        options = self.options = options.for_track(track)
        self.seed = seed
        self.rng = random.Random(seed)
        self.round = 0
        self.phase = 0
        self.events: list[dict[str, Any]] = []
        self.logging = options.log_events  # callers test it before building an event
        self.snapshots: list[RoundSnapshot] = []
        self.finishers = 0
        lap = len(self.rt.lines)
        laps = options.laps if options.race_type == "fastest" else UNLIMITED_LAPS
        self.stages = lap * laps
        starts = self._grid(len(vehicles))
        specs = [race_vehicle(v) for v in vehicles]
        labels = entrant_labels([spec.name for spec in specs])
        self.cars = [Car(i, spec, make_bot(name), hex_, facing, label)
                     for i, (spec, name, (hex_, facing), label) in enumerate(
                         zip(specs, bots, starts, labels, strict=True))]
        self.start_remaining = [self.remaining(c.stage, c.state) for c in self.cars]
        self.occupant: dict[int, int] = {c.hex: c.index for c in self.cars}
        self.debris: dict[int, int] = {h: 1 for h, t in enumerate(self.rt.terrain)
                                       if t == "fragile"}
        self.not_simulated = self._not_simulated()

    # --- Setup -------------------------------------------------------------------------

    def _grid(self, count: int) -> list[tuple[int, int]]:
        """Starting hexes and facings in grid order: the numbered slots, then (for a field
        larger than the grid) the free spaces nearest behind it, facing as slot 1 does."""
        slots = list(self.rt.slots)
        if count <= len(slots):
            return slots[:count]
        if not slots:
            raise UsageError(f"{self.rt.name} has no starting slots to race from")
        facing = slots[0][1]
        taken = {h for h, _ in slots}
        lines = {h for line in self.rt.lines for h in line}
        chain = self.rt.chain[0]
        worst = max(chain[h * FACINGS + f] for h, f in slots)
        spare = sorted((chain[h * FACINGS + facing], h) for h in range(len(self.rt.hexes))
                       if h not in taken and h not in lines
                       and worst < chain[h * FACINGS + facing] < UNREACHABLE)
        if len(slots) + len(spare) < count:
            raise UsageError(f"{self.rt.name} has room behind its grid for "
                             f"{len(slots) + len(spare)} vehicles, not {count}")
        return slots + [(h, facing) for _, h in spare[:count - len(slots)]]

    def _not_simulated(self) -> tuple[str, ...]:
        found: list[str] = []
        for car in self.cars:
            found.extend(car.spec.not_simulated)
        if "special" in self.rt.terrain:
            found.append("special spaces on the track")
        declared = str(getattr(self.track, "race_type", "Fastest"))
        if declared.lower() not in ("fastest", "furthest", "toughest"):
            found.append(f"the track's race type {declared} (raced as "
                         f"{self.options.race_type})")
        if getattr(self.track, "special_rules", ""):
            found.append("the track's special rules (read them: they are text)")
        found.extend(f"rule {name}" for name in rules_not_simulated())
        return tuple(sorted(dict.fromkeys(found)))

    # --- Measures ----------------------------------------------------------------------

    def remaining(self, stage: int, state: int) -> int:
        """Spaces still to drive in the race from ``state`` with ``stage`` lines crossed."""
        if stage >= self.stages:
            return 0
        return self.rt.remaining(stage, self.stages, state)

    def reachable_at(self, stage: int, state: int, pace: int) -> bool:
        """True when the next line can be reached from ``state`` moving ``pace`` spaces every
        phase without meeting a wall."""
        if stage >= self.stages:
            return True
        lap = len(self.rt.lines)
        phases = self.rt.phases_to_go(stage % lap, pace)[state]
        return phases < UNREACHABLE

    def stage_tables(self, stage: int, pace: int) -> tuple[list[int], list[int], int]:
        """For a bot weighing many states at one stage: the distance table, the phases-to-go
        table at ``pace``, and the offset to add (laps not yet in the table)."""
        rt = self.rt
        lap = len(rt.lines)
        window = self.stages - 2 * lap
        if stage >= window:
            return rt.chain[stage - window], rt.phases_to_go(stage % lap, pace), 0
        line = stage % lap
        offset = (window - stage + line) // lap * rt.lap_length
        return rt.chain[line], rt.phases_to_go(line, pace), offset

    def car_remaining(self, car: Car) -> int:
        return 0 if car.finished_round else self.remaining(car.stage, car.state)

    def is_safe(self, car: Car, speed: int) -> bool:
        return self.control_dice(car, speed) == 0

    def control_dice(self, car: Car, speed: int) -> int:
        """Basic Control dice at ``speed``; '-1 Safe Speed' makes the top Safe Speeds roll 1."""
        base = car.spec.control[speed]
        if base == 0 and car.safe_lost:
            safe = [s for s, c in enumerate(car.spec.control) if c == 0]
            if speed in safe[len(safe) - car.safe_lost:] and speed > 0:
                return 1
        return base

    def moves(self, car: Car, phase: int) -> int:
        return car.spec.moves[phase][car.speed]

    def log(self, car: Car | None, action: str, dice: Sequence[Any] = (),
            result: Any = None) -> None:
        if self.logging:
            self.events.append({"round": self.round, "phase": self.phase,
                                "vehicle": car.label if car else None, "action": action,
                                "dice": list(dice), "result": result})

    def roll_values(self, count: int) -> list[int]:
        """``count`` Frothy dice read by their values (Speed Checks, attacks, Damage)."""
        return [VALUES[self.rng.randrange(6)] for _ in range(count)]

    def reroll_low(self, rolled: list[int], count: int) -> list[int]:
        """Re-roll up to ``count`` dice (each once, all together: Dice Re-rolls), the lowest
        first and only those showing 0 or 1, below the die's average."""
        if count <= 0:
            return rolled
        low = sorted(i for i, value in enumerate(rolled) if value <= 1)
        low.sort(key=lambda i: rolled[i])
        again = list(rolled)
        for i in low[:count]:
            again[i] = VALUES[self.rng.randrange(6)]
        return again

    def reroll_worst(self, icons: list[str], count: int) -> list[str]:
        """Handling: re-roll up to ``count`` Control dice, worst first (Damage, then Haste),
        each once."""
        order = {"damage": 0, "haste": 1}
        worst = sorted((i for i, icon in enumerate(icons) if icon in order),
                       key=lambda i: (order[icons[i]], i))
        again = list(icons)
        for i in worst[:count]:
            again[i] = ICONS[self.rng.randrange(6)]
        return again

    def roll_icons(self, count: int) -> list[str]:
        """``count`` Frothy dice read by their Control icons."""
        return [ICONS[self.rng.randrange(6)] for _ in range(count)]

    # --- The race ----------------------------------------------------------------------

    def run(self) -> RaceResult:
        self.snapshot()
        while not self.over():
            self.round += 1
            self.play_round()
        return self.result()

    def over(self) -> bool:
        racing = [c for c in self.cars if c.racing]
        kind = self.options.race_type
        if self.round >= self.options.max_rounds:
            return True
        if kind == "furthest":
            return self.round >= self.options.rounds or not racing
        if kind == "toughest":
            return len(racing) <= (1 if len(self.cars) > 1 else 0)
        return not racing

    def play_round(self) -> None:
        self.phase = 0
        for car in self.cars:
            if car.racing:
                car.rounds = self.round
                self.start_of_round(car)
        self.move_wrecks()
        for car in self.cars:
            if car.racing:
                self.speed_check(car)
        self.snapshot()
        for phase in range(4):
            self.phase = phase + 1
            for car in self.initiative():
                if car.racing:
                    self.move(car, phase)
            self.snapshot()
        self.phase = 5
        for car in self.cars:
            if car.racing:
                self.maintenance(car)

    def initiative(self) -> list[Car]:
        """Movement order (Movement & Initiative): highest Speed, then in front (least to
        go), then closest to the inside of the track (fewest steps to the infield, see
        course._infield_distance), then grid order for what is still level."""
        racing = [c for c in self.cars if c.racing]
        inside = self.rt.to_infield
        return sorted(racing, key=lambda c: (-c.speed, self.car_remaining(c), inside[c.hex],
                                             c.index))

    def snapshot(self) -> None:
        if not self.options.snapshots:
            return
        positions = []
        places = {car.index: place for place, car in enumerate(self.ranking(), start=1)}
        for car in self.cars:
            h = self.rt.hexes[car.hex]
            status = ("wrecked" if car.wiped_out else "finished" if car.finished_round
                      else "racing")
            positions.append(VehiclePosition(car.label, h.q, h.r, car.facing, car.speed,
                                             status, places[car.index], car.stage))
        self.snapshots.append(RoundSnapshot(self.round, self.phase, tuple(positions)))

    # --- Round start and maintenance -------------------------------------------------

    def start_of_round(self, car: Car) -> None:
        back = car.spec.trait("Stamina")
        while back > 0 and any(car.spent):
            kind = max(range(len(car.spent)), key=lambda k: (car.spent[k], -k))
            car.spent[kind] -= 1
            car.hand[kind] += 1
            back -= 1
        if car.control_per_round:
            self.gain_control_loss(car, car.control_per_round)
        if car.damage_per_round:
            self.damage_roll(car, car.damage_per_round, "damage per round")

    def maintenance(self, car: Car) -> None:
        if self.options.stamina:
            spec = car.spec
            car.stamina = max(spec.stamina_min,
                              min(spec.stamina_max, car.stamina + spec.stamina_row[car.speed]))
            drop = sum(a.value for level, a in spec.stamina_affects
                       if a.name == "-# Speed" and car.stamina <= level)
            if drop:
                self.set_speed(car, max(0, car.speed - drop))
                if self.logging:
                    self.log(car, "stamina",
                             result={"stamina": car.stamina, "speed": car.speed})
        reactions = car.spec.trait("Reactions")
        if reactions:
            car.control_loss = max(car.spec.control_minimum, car.control_loss - reactions)
        self.determination(car)
        for kind in range(len(car.hand)):
            car.hand[kind] += car.recovery[kind]
            car.recovery[kind] = car.spent[kind]
            car.spent[kind] = 0

    # --- Cards ---------------------------------------------------------------------------

    def play(self, car: Car, kind: str, count: int) -> int:
        """Move up to ``count`` cards playable as ``kind`` from hand to Spent; how many."""
        return self.play_with(car, kind, count, None)[0]

    def play_with(self, car: Car, kind: str, count: int, ability: str | None
                  ) -> tuple[int, int]:
        """Play up to ``count`` cards as ``kind``; when ``ability`` names a simulated special
        card in hand, it is one of them and its '#' is returned as a bonus (a card marked
        discard then leaves the game). Ordinary cards go before other special cards."""
        played = bonus = 0
        special = car.special_in_hand(ability) if ability and count > 0 else None
        if special is not None:
            card = car.spec.specials[special - 3]
            car.hand[special] -= 1
            (car.lost if card.discard else car.spent)[special] += 1
            played, bonus = 1, card.value
            if self.logging:
                self.log(car, "special card", result={"card": card.name, "value": card.value})
        for slot in car.slots(kind):
            take = min(car.hand[slot], count - played)
            car.hand[slot] -= take
            car.spent[slot] += take
            played += take
        return played, bonus

    def determination(self, car: Car) -> None:
        """Determination: at the end of a round, every Spent card back to the hand (played
        when three or more are spent)."""
        slot = car.special_in_hand("Determination")
        if slot is None or sum(car.spent) < 3:
            return
        card = car.spec.specials[slot - 3]
        car.hand[slot] -= 1
        for kind in range(len(car.hand)):
            car.hand[kind] += car.spent[kind]
            car.spent[kind] = 0
        (car.lost if card.discard else car.spent)[slot] += 1
        if self.logging:
            self.log(car, "special card", result={"card": card.name})

    # --- Speed ---------------------------------------------------------------------------

    def set_marker(self, car: Car, marker: Marker, speed_check: bool = False) -> None:
        """Move the Speed marker; a Speed above the vehicle's limit drops to it. Control Loss
        is cleared when the Speed changes to a Safe one, or is Safe after a Speed Check
        ('Control Loss Points': Safe Speed); a vehicle that stays at the Safe Speed it had
        keeps what it gains (the Collision Example's Red chariot at Speed 1)."""
        table = car.spec.table
        before = car.speed
        car.marker = marker
        car.speed = car.spec.box_speeds[marker[0] is Row.ACCELERATION][marker[1]]
        if car.speed > car.max_speed:
            car.marker = speed_box(table, car.max_speed, right_most=True)
            car.speed = car.max_speed
        if (speed_check or car.speed != before) and self.is_safe(car, car.speed):
            car.control_loss = car.spec.control_minimum

    def set_speed(self, car: Car, speed: int) -> None:
        """Change the Speed rating itself ('Speed Rating Changes'); a change to the Speed it
        already has is no change, and the marker stays in its box."""
        speed = max(0, min(speed, car.max_speed))
        if speed == car.speed:
            return
        self.set_marker(car, speed_box(car.spec.table, speed, right_most=speed < car.speed))

    def speed_check(self, car: Car) -> None:
        choice = car.bot.speed_check(self, car)
        accelerate = choice.accelerate
        whip, lash = self.play_with(car, "whip", max(0, choice.whip),
                                    "Lash" if accelerate else None)
        reins, whoah = self.play_with(car, "reins", max(0, choice.reins),
                                      None if accelerate else "Whoah!")
        if whip + reins == 0:
            accelerate = car.spec.trait("Champing at the Bit") > 0
        extra_reins = self.stamina_reins(car)
        direction = Direction.ACCELERATE if accelerate else Direction.DECELERATE
        table = car.spec.table
        values, dice = self.speed_roll(car, whip, reins + extra_reins, direction)
        if lash or whoah:
            limit = car.max_accel if accelerate else car.max_decel
            values = sorted({min(v + lash + whoah, limit) if v >= 0 else v for v in values})
        boxes = car.bot.keep(self, car, accelerate, values)
        if boxes not in values:
            raise RuntimeError(f"{car.label}: the bot kept Speed dice the rules do not allow")
        marker = car.marker
        key = (car.spec, marker[0] is Row.ACCELERATION, marker[1], boxes, accelerate,
               car.max_speed)
        shifted = _SHIFTED.get(key)
        if shifted is None:
            if len(_SHIFTED) >= 100_000:
                _SHIFTED.clear()
            shifted = _SHIFTED[key] = shift_marker(table, marker, boxes, accelerate,
                                                   car.max_speed)
        marker = shifted
        before = car.speed
        self.set_marker(car, marker, speed_check=True)
        if self.logging:
            self.log(car, "speed check", dice, {"direction": direction.value, "whip": whip,
                                                "reins": reins, "boxes": boxes,
                                                "speed": [before, car.speed]})

    def speed_after(self, car: Car, accelerate: bool, values: Sequence[int]) -> list[int]:
        """The Speed each Speed Check value would leave the vehicle at."""
        table, marker = car.spec.table, car.marker
        return [table.speed_of(shift_marker(table, marker, v, accelerate, car.max_speed))
                for v in values]

    def stamina_reins(self, car: Car) -> int:
        if not self.options.stamina:
            return 0
        return sum(a.value for level, a in car.spec.stamina_affects
                   if a.name == "+# Reins / Speed Check" and car.stamina <= level)

    def speed_odds(self, car: Car, accelerate: bool, whip: int, reins: int
                   ) -> list[tuple[int, float]]:
        """The chance of each Speed a Speed Check with these cards would end at (exact odds
        from ``generator.probability``, as floats); what a bot weighs before choosing."""
        spec = car.spec
        fixed, extra, shift, _ = spec.speed_traits[accelerate]
        if accelerate:
            shift, limit = shift + car.accel_mod, car.max_accel
        else:
            shift, limit = shift + car.decel_mod, car.max_decel
        marker = car.marker
        key = (spec, marker[0] is Row.ACCELERATION, marker[1], accelerate, whip,
               reins + self.stamina_reins(car), fixed, shift, car.max_speed, limit)
        found = _ODDS.get(key)
        if found is None:
            if len(_ODDS) >= 100_000:
                _ODDS.clear()
            found = _ODDS[key] = speed_odds(spec.table, marker, accelerate, whip, key[5],
                                            extra, fixed, shift, car.max_speed, limit)
        return found

    def speed_roll(self, car: Car, whip: int, reins: int, direction: Direction
                   ) -> tuple[list[int], list[int]]:
        """Every Speed Check value (boxes) the player may choose, and the dice rolled
        ('Speed Check'): any two dice the card rule lets it keep, not only the highest;
        with Tireless or Anchor, any number of boxes up to the trait's."""
        accelerate = direction is Direction.ACCELERATE
        fixed, extra, shift, rerolls = car.spec.speed_traits[accelerate]
        limit = car.max_accel if accelerate else car.max_decel
        if fixed:
            return list(range(0, min(fixed, limit) + 1)), []
        rolled = self.roll_values(2 + whip + reins + extra)
        dice = sorted(self.reroll_low(rolled, rerolls))
        lock = kept_lowest(whip, reins, direction)
        shift += car.accel_mod if accelerate else car.decel_mod
        return sorted({min(v + shift, limit) for v in kept_sums(dice, lock)}), dice

    # --- Movement ------------------------------------------------------------------------

    def options_for(self, car: Car, phase: int, clear: bool | None = None) -> list[Option]:
        """Every legal way to drive this phase: no card, a Whip (one space more) or a Reins
        (one less, when the vehicle moves at all), each with every legal step sequence.

        The options as the bare track makes them are kept per track; ``clear`` (see
        clear_ahead) says no vehicle or debris lies on the way, so they are the answer as
        they are; otherwise only the options that meet a vehicle or debris are traced
        again."""
        spaces = self.moves(car, phase)
        whip = car.cards("whip") > 0
        reins = spaces >= 1 and car.cards("reins") > 0
        return self.phase_options(car, spaces, whip, reins, clear)

    def phase_options(self, car: Car, spaces: int, whip: bool, reins: bool,
                      clear: bool | None) -> list[Option]:
        """options_for() with its numbers already worked out."""
        state = car.hex * FACINGS + car.facing
        key = (state, car.stage, self.stages, spaces, whip, reins)
        known = self.rt.options.get(key)
        if known is None:
            counts: list[tuple[str | None, int]] = [(None, spaces)]
            if whip:
                counts.append(("whip", spaces + 1))
            if reins:
                counts.append(("reins", spaces - 1))
            # What trace() makes of each walk with no vehicle and no debris anywhere.
            found = []
            stages, lap = self.stages, len(self.rt.lines)
            for card, n in counts:
                for steps, entered, hazards, lines in self.rt.walks(state, n):
                    stage = car.stage
                    for line in lines:
                        if stage < stages and line == stage % lap:
                            stage += 1
                    blocked = -1 if len(entered) == len(steps) else len(entered)
                    found.append(Option(card, steps, entered, blocked, hazards, stage))
            if len(self.rt.options) >= OPTIONS_CACHE:
                forget_oldest_half(self.rt.options)
            known = self.rt.options[key] = Options(found)
        if clear is None:
            clear = self.clear_ahead(car, spaces + 1 if whip else spaces)
        if clear:
            return known
        occupant, debris = self.occupant, self.debris
        return [self.trace(car, o.card, o.steps, o.hexes, occupant, debris)
                if not (occupant.keys().isdisjoint(o.hexes) and debris.keys().isdisjoint(o.hexes))
                else o for o in known]

    def trace(self, car: Car, card: str | None, steps: tuple[int, ...],
              entered: tuple[int, ...], occupant: dict[int, int], debris: dict[int, int]
              ) -> Option:
        """An option with what lies on its way: the first step into a vehicle (in
        ``occupant``) or a wall, rough ground (hazards and ``debris``), and the lines
        crossed. ``entered`` is the walk's spaces up to any wall."""
        rt = self.rt
        blocked = -1 if len(entered) == len(steps) else len(entered)
        rough = 0
        stage = car.stage
        lap = len(rt.lines)
        for i, there in enumerate(entered):
            if there in occupant and occupant[there] != car.index:
                blocked = i
                entered = entered[:i]
                break
            if rt.hazard[there] or there in debris:
                rough += 1
            if stage < self.stages and rt.line_of[there] == stage % lap:
                stage += 1
        return Option(card, steps, entered, blocked, rough, stage)

    def clear_ahead(self, car: Car, spaces: int) -> bool:
        """True when no other vehicle (or wreck) and no debris lies on any walk of up to
        ``spaces`` spaces this phase: then the options are the track's alone."""
        # No walk comes back to the space it starts from (every step leads away along the
        # facing), so the vehicle's own space never counts against it.
        reach = self.rt.reach(car.hex * FACINGS + car.facing, spaces)
        return reach.isdisjoint(self.occupant) and reach.isdisjoint(self.debris)

    def plan(self, car: Car, phase: int) -> Plan:
        """The bot's plan for this phase. A plan the bot made before in the same situation
        is reused: the same answer, without listing and weighing every option again. The
        situation is the bot's plan_key and what lies on the phase's walks: the spaces
        taken by vehicles and wrecks, and those with debris (which options are blocked or
        rough follows from these and the track)."""
        bot = car.bot
        spaces = car.spec.moves[phase][car.speed]
        whip = car.cards("whip") > 0
        reins = spaces >= 1 and car.cards("reins") > 0
        # No walk comes back to the space it starts from (every step leads away along the
        # facing), so the vehicle's own space is never among them.
        reach = self.rt.reach(car.hex * FACINGS + car.facing, spaces + 1 if whip else spaces)
        taken = reach.intersection(self.occupant)
        debris = reach.intersection(self.debris) if self.debris else taken
        key = bot.plan_key(self, car, phase, spaces, whip, reins)
        plans = self.rt.plans
        clear = not taken and not debris
        situation: object = key if key is None or clear else (key, taken, debris)
        if situation is not None:
            known = plans.get(situation)
            if known is not None:
                return known
        options = self.phase_options(car, spaces, whip, reins, clear)
        plan = bot.plan(self, car, phase, options)
        option = plan.option
        if option not in options:
            raise RuntimeError(f"{car.spec.name}: the bot chose a move that is not legal")
        if option.blocked >= 0 and any(o.blocked < 0 for o in options):
            raise RuntimeError(f"{car.spec.name}: the bot chose a collision it could avoid")
        if situation is not None and option.blocked < 0:
            # With every way blocked the choice would turn on the Speeds and facings of
            # what is hit (collision costs): such plans are not kept.
            if len(plans) >= PLAN_CACHE:
                forget_oldest_half(plans)
            plans[situation] = plan
        return plan

    def move(self, car: Car, phase: int) -> None:
        plan = self.plan(car, phase)
        option = plan.option
        if option.card:
            self.play(car, option.card, 1)
        car.involved = False
        steps = option.steps
        attacks = car.bot.may_attack  # a bot that never attacks is not asked at every step
        if attacks:
            self.attack_window(car, moved=0, planned=len(steps))
        moved, drifted, collided = 0, False, False
        start_facing = car.facing
        neighbours, occupant = self.rt.neighbours, self.occupant
        for i, direction in enumerate(steps):
            if not car.racing or car.facing != start_facing or car.move_lost:
                break
            there = neighbours[car.hex][direction]
            if there < 0 or there in occupant:
                self.collide(car, there, direction)
                collided = True
                break
            self.enter(car, there, direction)
            moved += 1
            drifted = drifted or (car.facing % 2 == 0 and direction != car.facing // 2)
            if not car.racing:
                break
            if attacks and i + 1 < len(steps):
                self.attack_window(car, moved, len(steps))
        car.move_lost = False
        if self.logging:
            self.log(car, "move", result={"card": option.card, "steps": list(option.steps),
                                          "moved": moved, "hex": self.rt.hexes[car.hex][:],
                                          "facing": car.facing})
        if collided:
            car.lose_spaces("collisions", len(steps) - moved)
        elif car.racing and moved < len(steps):
            # Stopped short by a failed Control roll on the way (its own attack's, or one
            # that spun it): the rest of the move is lost.
            car.lose_spaces("failed Control rolls", len(steps) - moved)
        if not car.racing or collided:
            return
        if moved and plan.turn and car.facing == start_facing:
            self.turn(car, plan.turn, option.steps[moved - 1])
        elif moved and not drifted and not car.involved:
            car.control_loss = max(car.spec.control_minimum, car.control_loss - 1)

    def enter(self, car: Car, there: int, direction: int) -> None:
        """Move one space: lines crossed, then hazards and fragile obstacles in it."""
        occupant = self.occupant
        del occupant[car.hex]
        car.hex = there
        car.heading = direction
        occupant[there] = car.index
        rt = self.rt
        line = rt.line_of[there]
        if line >= 0 and line == car.stage % len(rt.lines) and car.stage < self.stages:
            car.stage += 1
            if self.logging:
                self.log(car, "line", result={"stage": car.stage})
            if car.stage >= self.stages:
                self.finish(car)
                return
        if rt.hazard[there] or there in self.debris:
            self.rough_ground(car, there, direction)

    def finish(self, car: Car) -> None:
        self.finishers += 1
        car.finished_round = self.round
        car.racing = False
        car.finish_order = self.finishers
        del self.occupant[car.hex]
        if self.logging:
            self.log(car, "finish", result={"place": self.finishers})

    def rough_ground(self, car: Car, there: int, direction: int) -> None:
        """Hazards and Fragile Obstacles: Control Loss, a Damage roll, one Control roll."""
        hazard = self.rt.terrain[there] == "hazard"
        markers = self.debris.get(there, 0)
        if not (hazard or markers) or car.spec.trait("Flyer"):
            return
        half = (car.speed + 1) // 2
        rating = self.rt.rating[there]
        need_roll = False
        if hazard:
            self.gain_control_loss(car, max(0, half + rating))
            need_roll = True
            if self.logging:
                self.log(car, "hazard", result={"control_loss": car.control_loss})
        if markers:
            self.debris[there] = markers - 1
            if self.debris[there] == 0:
                del self.debris[there]
            dice = max(0, half + rating + markers - 1)
            if self.damage_roll(car, dice, "fragile obstacle"):
                need_roll = True
        if need_roll and car.racing:
            self.reaction_roll(car, slide=direction)

    # --- Turning and Control rolls ----------------------------------------------------

    def turn(self, car: Car, turn: int, moving: int) -> None:
        """Change direction 30 degrees at the end of the phase; a Control roll above a Safe
        Speed, resolved at once (Changing Direction; Control Loss)."""
        intended = (car.facing + turn) % FACINGS
        dice = self.control_dice(car, car.speed)
        if dice == 0:
            car.facing = intended
            return
        outcome = self.control_roll(car, dice, "turn")
        car.facing = intended
        self.apply_control(car, outcome, slide=moving)

    def control_roll(self, car: Car, base: int, reason: str) -> ControlOutcome:
        """Roll base + Control Loss + affect dice (+ cards, + Driver) and resolve the discards
        optimally for the bot's objective ('Control Roll')."""
        extra = car.control_loss + car.extra_control
        cards = car.bot.control_cards(self, car, base + extra) if base + extra else (0, 0)
        whip = self.play(car, "whip", cards[0])
        reins = self.play(car, "reins", cards[1])
        driver = car.spec.trait("Driver")
        dice = base + extra + whip + reins + driver
        if dice <= 0:
            return best_control_outcome([], 0)
        icons = self.roll_icons(dice)
        handling = car.spec.trait("Handling")
        if handling:
            icons = self.reroll_worst(icons, handling)
        if car.icon_swap:
            icons = [car.icon_swap.get(icon, icon) for icon in icons]
        outcome = resolve_icons(tuple(sorted(icons)), whip + reins + driver,
                                car.bot.avoid_damage, self.options.stamina)
        if self.logging:
            self.log(car, f"control roll ({reason})", icons,
                     {"effects": sorted(outcome.effects), "count": outcome.icon_count})
        if not outcome.success:
            car.cost("failed control roll count", 1)
        return outcome

    def apply_control(self, car: Car, outcome: ControlOutcome, slide: int) -> None:
        """Apply a resolved Control roll: Control Loss, Stamina, Damage, Slide, Spins, Haste,
        Slow. A Haste or Slow that changes the Speed to a Safe one clears Control Loss, the
        points just gained too (Control Loss Example 2); staying at a Safe Speed keeps them
        (the Collision Example's Red chariot)."""
        self.gain_control_loss(car, outcome.control_loss)
        effects = outcome.effects
        # Slides and Spins move the vehicle off its line: the distance to go they add is
        # what the roll cost (measured below, once the vehicle has come to rest).
        moves = "slide" in effects or "left_spin" in effects or "right_spin" in effects
        before = self.remaining(car.stage, car.hex * FACINGS + car.facing) if moves else 0
        if self.options.stamina and outcome.stamina_lost:
            car.stamina = max(car.spec.stamina_min, car.stamina - outcome.stamina_lost)
        if "damage" in effects:
            dice = max(0, outcome.damage_dice - car.spec.trait("Failsafes"))
            self.damage_roll(car, dice, "failed control roll")
            if not car.racing:
                return
        if "slide" in effects:
            spaces = 1 + min(car.spec.trait("Slippery"), 1)
            car.cost("slides", 1)
            self.slide(car, slide, spaces, outcome.icon_count)
            if not car.racing:
                return
        spin = (1 if "left_spin" in effects else 0) - (1 if "right_spin" in effects else 0)
        if spin and "slide" in effects and car.spec.trait("Spinner"):
            spin *= 2  # a Skid turns a Spinner a further 30 degrees
        if spin:
            car.cost("spins", 1)
            car.facing = (car.facing + spin) % FACINGS
        if moves and car.racing:
            after = self.remaining(car.stage, car.hex * FACINGS + car.facing)
            # A spin can leave the car facing where no legal drive reaches the next line (the
            # table holds UNREACHABLE there): that is no distance, so only the count records it.
            if before < UNREACHABLE and after < UNREACHABLE:
                car.lose_spaces("failed Control rolls", after - before)
        table = car.spec.table
        if "haste" in effects:
            last = sum(table.acceleration) - 1
            box = min(last, table.acceleration_box(car.marker) + outcome.icon_count)
            self.set_marker(car, Marker(Row.ACCELERATION, box))
        if "slow" in effects:
            self.set_marker(car, table.decelerate(car.marker, outcome.icon_count))

    def reaction_roll(self, car: Car, slide: int) -> None:
        """The Control roll after Damage from an attack or collision, or Control Loss from a
        Personal attack or hazard: at a Safe Speed only the Control Loss dice are rolled."""
        outcome = self.control_roll(car, self.control_dice(car, car.speed), "reaction")
        if outcome.success:
            return
        car.involved = True
        self.apply_control(car, outcome, slide=slide)

    def slide(self, car: Car, direction: int, spaces: int, icons: int) -> None:
        """Slide spaces in ``direction``; running into something again costs each vehicle
        involved a Damage roll of one die per Slide icon, with no further Control roll."""
        for _ in range(spaces):
            there = self.rt.neighbours[car.hex][direction]
            if there < 0 or there in self.occupant:
                self.damage_roll(car, icons, "slide collision")
                other = self.occupant.get(there) if there >= 0 else None
                if other is not None and car.racing:
                    victim = self.cars[other]
                    if victim.racing:
                        dealt = self.damage_roll(victim, icons, "slide collision")
                        car.damage_dealt += dealt
                return
            self.enter(car, there, direction)
            if not car.racing:
                return

    def gain_control_loss(self, car: Car, points: int) -> None:
        if points > 0:
            car.control_loss += points

    # --- Damage -------------------------------------------------------------------------

    def damage_roll(self, car: Car, dice: int, cause: str) -> int:
        """Roll ``dice`` Damage dice (+ Jerry Rigged); each above Resilience is a point of
        Damage and a Control Loss point; affects come in as levels are reached."""
        if not car.racing or dice + car.spec.trait("Jerry Rigged") <= 0:
            return 0
        dice += car.spec.trait("Jerry Rigged")
        rolled = self.roll_values(dice)
        resilience = car.spec.resilience
        points = damage_points(rolled, None if resilience is None
                               else resilience - car.resilience_loss)
        if self.logging:
            self.log(car, f"damage roll ({cause})", rolled, {"damage": points})
        if points:
            self.take_damage(car, points, cause)
        return points

    def take_damage(self, car: Car, points: int, cause: str) -> None:
        points = min(points, car.spec.max_damage - car.damage)
        car.damage += points
        car.cost("damage", points)
        car.control_loss += points
        spec = car.spec
        reached = [(level, a) for level, a in spec.damage_affects if level <= car.damage]
        for _level, affect in reached[car.affects_applied:]:
            self.apply_affect(car, affect)
        car.affects_applied = max(car.affects_applied, len(reached))
        if car.damage >= spec.max_damage and not car.wiped_out:
            car.wipe_cause = WIPE_CAUSES.get(cause, cause)
            self.wipe_out(car)

    def apply_affect(self, car: Car, affect: Any) -> None:
        name, value = affect.name, affect.value
        if name == "+# Control Loss":
            car.extra_control += value
        elif name == "+# Control / Round":
            car.control_per_round += value
        elif name == "# Damage / Round":
            car.damage_per_round += value
        elif name == "-# Resilience":
            car.resilience_loss += value
        elif name == "Maximum Speed #":
            car.max_speed = min(car.max_speed, value)
            if car.speed > car.max_speed:
                self.set_speed(car, car.max_speed)
        elif name == "-1 Safe Speed":
            car.safe_lost += 1
        elif name == "+/- # Speed Check Acceleration Modifier":
            car.accel_mod += value
        elif name == "+/- # Speed Check Deceleration Modifier":
            car.decel_mod += value
        elif name == "# Damage":
            self.damage_roll(car, value, "damage affect")
        elif name == "# Maximum Acceleration":
            car.max_accel = min(car.max_accel, value)
        elif name == "# Maximum Deceleration":
            car.max_decel = min(car.max_decel, value)
        elif name == "Haste":
            car.icon_swap["slow"] = "haste"
        elif name == "Slow":
            car.icon_swap["haste"] = "slow"
        elif name == "-1 Whip / Reins card":
            self.lose_card(car, affect.card or "either")
        if self.logging:
            self.log(car, "damage affect", result={"affect": name, "value": value})

    def lose_card(self, car: Car, kind: str) -> None:
        """Remove one card for good: of the kind named (a dual card serves for either),
        from the hand if there is one, else from Recovery, else from Spent."""
        if kind == "either":
            order = sorted((WHIP, REINS, DUAL), key=lambda k: (-car.hand[k], k))
            order += [slot for slot in range(3, len(car.hand))]
        else:
            order = list(car.slots(kind))
        for pile in (car.hand, car.recovery, car.spent):
            for slot in order:
                if pile[slot]:
                    pile[slot] -= 1
                    car.lost[slot] += 1
                    return

    def wipe_out(self, car: Car) -> None:
        """Wipe-out: out of the race; the wreck bounces on and then lies as a solid obstacle."""
        car.wiped_out = True
        car.racing = False
        car.wiped_round = self.round
        car.wreck_speed = car.speed
        car.wreck_heading = car.heading
        if self.logging:
            self.log(car, "wipe-out", result={"damage": car.damage})

    def move_wrecks(self) -> None:
        """Each round after a Wipe-out the wreck slows by 1 and moves one space on, leaving
        debris (a fragile obstacle) behind; at Speed 0 or against anything solid it rests."""
        for car in self.cars:
            if not car.wiped_out or car.wiped_round >= self.round or car.wreck_speed <= 0:
                continue
            car.wreck_speed -= 1
            if car.wreck_speed <= 0:
                continue
            there = self.rt.neighbours[car.hex][car.wreck_heading]
            if there < 0 or there in self.occupant:
                car.wreck_speed = 0
                continue
            self.debris[car.hex] = self.debris.get(car.hex, 0) + 1
            del self.occupant[car.hex]
            car.hex = there
            self.occupant[there] = car.index
            if self.logging:
                self.log(car, "wreck moves", result={"hex": self.rt.hexes[there][:]})

    # --- Collisions ---------------------------------------------------------------------

    def collide(self, car: Car, there: int, direction: int) -> None:
        """A collision: the vehicle stays where it is; Damage rolls and Speed changes by the
        kind of collision; Control rolls for Damage taken; then it may face a way past."""
        car.involved = True
        other = self.occupant.get(there) if there >= 0 else None
        bsh = car.spec.trait("B.S.H.")
        car.cost("collisions", 1)
        if other is None or self.cars[other].wiped_out:
            speed = car.speed
            if self.logging:
                self.log(car, "collision", result={"with": "solid", "speed": speed})
            spiked = self.cars[other].spec.trait("Spiked") if other is not None else 0
            cause = "wall collision" if there < 0 else "obstacle collision"
            hurt = self.damage_roll(car, max(0, speed - bsh) + spiked, cause)
            if hurt and car.racing:
                self.reaction_roll(car, slide=direction)
            # Then the Speed halves (the Collision Example rolls Control at the old Speed).
            self.set_speed(car, car.speed // 2)
        else:
            self.vehicle_collision(car, self.cars[other], direction)
        if car.racing:
            self.face_past(car)

    def vehicle_collision(self, car: Car, hit: Car, direction: int) -> None:
        """Head-On, 'T' or Rear-End, from the hit vehicle's facing against the move."""
        kind, dice_car, dice_hit = collision_dice(car, hit, direction)
        a, b = car.speed, hit.speed
        if self.logging:
            self.log(car, "collision", result={"with": hit.label, "kind": kind,
                                               "speeds": [a, b]})
        hurt_car = self.damage_roll(car, dice_car, "vehicle collision")
        hurt_hit = self.damage_roll(hit, dice_hit, "vehicle collision")
        car.damage_dealt += hurt_hit
        hit.damage_dealt += hurt_car
        hit.involved = True
        for victim, hurt in ((car, hurt_car), (hit, hurt_hit)):
            if hurt and victim.racing:
                self.reaction_roll(victim, slide=direction)
        # Speed changes come after the Control rolls, as in the Collision Example ("reduce
        # its current Speed rating by half"), from the Speed each vehicle has then: a Haste
        # or Slow from those rolls stands, as it does after hitting a wall. The Rear-End
        # change is half the difference of the Speeds at the moment of impact.
        if kind == "head-on":
            self.set_speed(car, car.speed // 2)
            self.set_speed(hit, hit.speed // 2)
        elif kind == "t":
            self.set_speed(car, car.speed // 2)
        elif a > b:
            change = (a - b + 1) // 2
            self.set_speed(hit, hit.speed + change)
            self.set_speed(car, car.speed - change)
        else:
            self.set_speed(car, car.speed - 1)

    def collision_cost(self, car: Car, there: int, direction: int) -> int:
        """Damage dice the moving vehicle would roll running into ``there`` (a wall, a
        solid obstacle or a wreck: its Speed; a vehicle: by the kind of collision)."""
        other = self.occupant.get(there) if there >= 0 else None
        if other is None or self.cars[other].wiped_out:
            spiked = self.cars[other].spec.trait("Spiked") if other is not None else 0
            return max(0, car.speed - car.spec.trait("B.S.H.")) + spiked
        return collision_dice(car, self.cars[other], direction)[1]

    def free(self, car: Car, facing: int) -> bool:
        """True when the vehicle could move past what is in front of it facing ``facing``."""
        for d in one_step_directions(facing):
            there = self.rt.neighbours[car.hex][d]
            if there >= 0 and there not in self.occupant:
                return True
        return False

    def face_past(self, car: Car) -> None:
        """After a collision: turn 30 degrees if that lets the vehicle move past; failing
        that, Speed 0 and any facing that does (Solid Obstacles and Vehicles)."""
        if self.free(car, car.facing):
            return
        turns = [(car.facing + t) % FACINGS for t in (-1, 1)]
        choices = [f for f in turns if self.free(car, f)]
        if not choices:
            self.set_speed(car, 0)
            choices = [f for f in range(FACINGS) if self.free(car, f)]
        if choices:
            car.facing = min(choices, key=lambda f: (
                self.remaining(car.stage, car.hex * FACINGS + f), f))

    # --- Attacks ------------------------------------------------------------------------

    def side_neighbours(self, car: Car) -> list[Car]:
        """Racing vehicles in the spaces at this vehicle's sides (not ahead, not behind);
        with Savage, the space ahead too."""
        found = []
        occupant, around = self.occupant, self.rt.neighbours[car.hex]
        for d in SIDES[car.facing][car.spec.trait("Savage") > 0]:
            other = occupant.get(around[d])  # -1 (a wall) is never occupied
            if other is not None and self.cars[other].racing:
                found.append(self.cars[other])
        return found

    def attack_window(self, car: Car, moved: int, planned: int) -> None:
        """A moment in a vehicle's movement when it may start an attack (it can or did move
        at least one space this phase)."""
        if not car.bot.may_attack or max(moved, planned) < 1 or car.involved or not car.racing:
            return
        targets = self.side_neighbours(car)
        if not targets:
            return
        choice = car.bot.attack(self, car, targets)
        if choice is None:
            return
        target, kind, cards = choice
        if target not in targets or kind not in ("vehicle", "personal"):
            raise RuntimeError(f"{car.spec.name}: the bot chose an attack that is not legal")
        card_kind = "reins" if kind == "vehicle" else "whip"
        played, bonus = self.play_with(car, card_kind, max(1, cards),
                                       "Kamikaze" if kind == "vehicle" else "Berserker")
        if not played:
            return
        self.attack(car, target, kind, played, bonus)

    def attack(self, car: Car, target: Car, kind: str, cards: int, bonus: int = 0) -> None:
        """Resolve an attack at once: each side rolls 1 die + 1 a card and keeps the best two
        (Performing the Attack; Attack Outcome); special cards add their '#'."""
        card_kind = "reins" if kind == "vehicle" else "whip"
        defend, guard = self.play_with(target, card_kind,
                                       max(0, target.bot.defend(self, target, car, kind)),
                                       "Swerve" if kind == "vehicle" else "Shield")
        a_spec, t_spec = car.spec, target.spec
        if kind == "vehicle":
            a_dice = 1 + cards + a_spec.trait("Tank")
            t_dice = 1 + defend + t_spec.trait("Armoured")
            a_bonus = a_spec.trait("Blades")
            t_bonus = -t_spec.trait("Flimsy")
        else:
            a_dice = 1 + cards + a_spec.trait("Cat O' Nine")
            t_dice = 1 + defend + t_spec.trait("Shield")
            a_bonus = a_spec.trait("Whiplash")
            t_bonus = -t_spec.trait("Thin Skin")
        a_again = a_spec.trait("Persistent" if kind == "vehicle" else "Frenzied")
        t_again = t_spec.trait("Evasive" if kind == "vehicle" else "Guarded")
        a_roll = self.reroll_low(self.roll_values(a_dice), a_again)
        t_roll = self.reroll_low(self.roll_values(t_dice), t_again)
        a_value = best_two(a_roll) + a_bonus + bonus
        t_value = best_two(t_roll) + t_bonus + guard
        car.involved = True
        target.involved = True
        losers = self.attack_losers(car, target, kind, a_value, t_value)
        if self.logging:
            self.log(car, f"{kind} attack", a_roll + t_roll,
                     {"target": target.label, "values": [a_value, t_value],
                      "losers": [c.label for c, _ in losers]})
        direction = car.heading
        for loser, margin in losers:
            winner = target if loser is car else car
            if kind == "vehicle":
                dice = margin + (winner.speed + 1) // 2
                hurt = self.damage_roll(loser, dice, "vehicle attack")
                winner.damage_dealt += hurt
                if hurt and loser.racing:
                    self.attack_reaction(loser, car, direction)
            else:
                self.gain_control_loss(loser, margin)
                if loser.racing:
                    self.attack_reaction(loser, car, loser.heading)

    def attack_losers(self, car: Car, target: Car, kind: str, a_value: int, t_value: int
                      ) -> list[tuple[Car, int]]:
        """Who lost and by how much; a tie makes both losers by their own value, unless a
        tie trait decides it by 1 (Fortune Smiles, Unlucky Charm, Lady Luck, Ill Fate)."""
        if a_value != t_value:
            loser = car if a_value < t_value else target
            return [(loser, abs(a_value - t_value))]
        win_tie = "Fortune Smiles" if kind == "vehicle" else "Lady Luck"
        lose_tie = "Unlucky Charm" if kind == "vehicle" else "Ill Fate"
        a_edge = car.spec.trait(win_tie) - car.spec.trait(lose_tie)
        t_edge = target.spec.trait(win_tie) - target.spec.trait(lose_tie)
        if a_edge > t_edge:
            return [(target, 1)]
        if t_edge > a_edge:
            return [(car, 1)]
        return [(car, a_value), (target, t_value)]

    def attack_reaction(self, loser: Car, attacker: Car, slide: int) -> None:
        outcome = self.control_roll(loser, self.control_dice(loser, loser.speed), "attack")
        if outcome.success:
            return
        self.apply_control(loser, outcome, slide=slide)
        if loser is attacker:
            loser.move_lost = True  # failing a roll from your own attack ends your move

    # --- Result ---------------------------------------------------------------------------

    def progress(self, car: Car) -> float:
        if car.finished_round:
            return 1.0
        start = self.start_remaining[car.index]
        covered = start - self.car_remaining(car)
        if self.options.race_type == "fastest":
            return max(0.0, min(1.0, covered / start)) if start else 0.0
        best = max(self.start_remaining[c.index] - self.car_remaining(c) for c in self.cars)
        return max(0.0, min(1.0, covered / best)) if best > 0 else 0.0

    def rounds_lost(self, car: Car) -> dict[str, float]:
        """Each mechanic's spaces lost as rounds, at the pace the vehicle drove this race
        (spaces covered a round): one unit, so mechanics can be ranked against each other.
        Empty for a vehicle that covered no ground (no pace to convert at)."""
        start = self.start_remaining[car.index]
        covered = start - self.car_remaining(car)
        rounds = car.finished_round or car.rounds
        if covered <= 0 or rounds <= 0 or start >= UNREACHABLE:
            return {}
        pace = covered / rounds
        return {mechanic: round(spaces / pace, 3)
                for mechanic, spaces in sorted(car.spaces_lost.items())}

    def ranking(self) -> list[Car]:
        kind = self.options.race_type

        def key(car: Car) -> tuple[float, ...]:
            gone = -self.progress(car)
            if kind == "toughest":
                return (1 if car.wiped_out else 0, -car.wiped_round if car.wiped_out else 0,
                        gone, car.index)
            if car.finished_round:
                return (0, car.finished_round, car.finish_order, car.index)
            return (2 if car.wiped_out else 1, 0, gone, car.index)
        return sorted(self.cars, key=key)

    def has_winner(self, car: Car) -> bool:
        """Whether the vehicle placed first has won: a Fastest race is won by crossing the
        finish (no finisher, no winner); a Toughest one by the last vehicle not wiped out
        (all wiped out, none); a Furthest one by the furthest, still going or not."""
        kind = self.options.race_type
        if kind == "fastest":
            return bool(car.finished_round)
        if kind == "toughest":
            return not car.wiped_out
        return self.progress(car) > 0

    def ending(self, car: Car) -> str:
        """How the vehicle's race ended (results.ENDINGS)."""
        if car.wiped_out:
            return "wiped out"
        if car.finished_round or self.options.race_type != "fastest":
            return "finished"
        return "out of rounds"

    def result(self) -> RaceResult:
        ranking = self.ranking()
        places = {car.index: place for place, car in enumerate(ranking, start=1)}
        winner = ranking[0].index if ranking and self.has_winner(ranking[0]) else -1
        kind = self.options.race_type
        vehicles = []
        for car in self.cars:
            finished = bool(car.finished_round) if kind == "fastest" else not car.wiped_out
            vehicles.append(VehicleResult(
                name=car.spec.name, slot=car.index, bot=car.bot.name, place=places[car.index],
                finished=finished, wiped_out=car.wiped_out, label=car.label,
                won=car.index == winner, ended=self.ending(car), wipe_cause=car.wipe_cause,
                rounds=car.finished_round or car.rounds, progress=round(self.progress(car), 6),
                damage_dealt=car.damage_dealt, damage_taken=car.damage,
                costs=dict(sorted(car.costs.items())),
                spaces_lost=dict(sorted(car.spaces_lost.items())),
                rounds_lost=self.rounds_lost(car)))
        return RaceResult(
            seed=self.seed, track=self.rt.name, options=self.options, vehicles=tuple(vehicles),
            rounds=self.round, not_simulated=self.not_simulated, events=tuple(self.events),
            snapshots=tuple(self.snapshots))


# Speed Check odds by everything they depend on (Race.speed_odds); the vehicle's own hash
# is kept, where the Speed table's and the marker's would be worked out at every call.
_ODDS: dict[tuple[object, ...], list[tuple[int, float]]] = {}
_SHIFTED: dict[tuple[object, ...], Marker] = {}  # the same for shift_marker


def forget_decisions() -> None:
    """Empty the caches a sweep fills as it races (kept plans, options, target Speeds and
    Speed Check choices, the walks from each state), keeping each track's tables: the
    state of a fresh process whose track tables are built. For measuring a sweep from
    cold (bench/race.py); results never depend on these caches."""
    from generator.race.bots import _SPEED_CHOICES
    from generator.race.course import _TRACKS
    from generator.race.planner import forget_tables
    for cache in (_SPEED_CHOICES, _ODDS, _SHIFTED):
        cache.clear()
    forget_tables()
    for rt in _TRACKS.values():
        rt.forget_decisions()


@lru_cache(maxsize=256)
def speed_values(whip: int, reins: int, accelerate: bool, extra: int
                 ) -> tuple[tuple[int, float], ...]:
    """Speed Check values and their chances, from the exact odds (as floats, once)."""
    direction = Direction.ACCELERATE if accelerate else Direction.DECELERATE
    dist = speed_check(whip, reins, direction, extra_dice=extra)
    return tuple((value, float(p)) for value, p in dist.items())


@lru_cache(maxsize=65536)
def speed_odds(table: SpeedTable, marker: Marker, accelerate: bool, whip: int, reins: int,
               extra: int, fixed: int, shift: int, top: int, limit: int
               ) -> list[tuple[int, float]]:
    """Each Speed a Speed Check can end at, with its chance (cached: few markers recur)."""
    values = ((fixed, 1.0),) if fixed else speed_values(whip, reins, accelerate, extra)
    odds: dict[int, float] = {}
    for value, p in values:
        boxes = min(value + shift, limit)
        speed = table.speed_of(shift_marker(table, marker, boxes, accelerate, top))
        odds[speed] = odds.get(speed, 0.0) + p
    return sorted(odds.items())


@lru_cache(maxsize=65536)
def shift_marker(table: SpeedTable, marker: Marker, boxes: int, accelerate: bool, top: int
                 ) -> Marker:
    """Apply a Speed Check of ``boxes`` (a negative value reverses the direction, as
    Cautious or Reckless can make it). Past the last box of the top Speed the vehicle may
    reach, the rest is a deceleration from there (Over-Whipping; 'Maximum Speed #')."""
    if boxes < 0:
        accelerate, boxes = not accelerate, -boxes
    if not accelerate:
        return table.decelerate(marker, boxes)
    here = table.acceleration_box(marker)
    last = sum(table.acceleration[:top + 1]) - 1
    if here + boxes <= last:
        return Marker(Row.ACCELERATION, here + boxes)
    return table.decelerate(Marker(Row.ACCELERATION, last), here + boxes - last)


@lru_cache(maxsize=65536)
def resolve_icons(icons: tuple[str, ...], discards: int, careful: bool, stamina: bool
                  ) -> ControlOutcome:
    """A Control roll's outcome with the discards chosen optimally: careful drivers avoid
    Damage first (Control Loss Example 2), others keep Control Loss lowest. Cached: the
    same dice come up again and again in a sweep."""
    objective = least_harm if careful else min_control_loss
    return best_control_outcome(icons, discards, objective, stamina_rules=stamina)


def least_harm(outcome: ControlOutcome) -> tuple[int, ...]:
    """A careful driver's ranking of Control roll outcomes: Damage dice first (Control Loss
    Example 2), then Haste (it speeds the vehicle into the bend), then Spins, then Control
    Loss; a Slow or a Slide is the mildest thing that can happen."""
    effects = outcome.effects
    spins = ("left_spin" in effects) + ("right_spin" in effects)
    return (outcome.damage_dice, outcome.icon_count if "haste" in effects else 0, spins,
            outcome.control_loss, outcome.stamina_lost)


def damage_points(rolled: list[int], resilience: int | None) -> int:
    """Damage sustained: dice showing more than Resilience (every die when it is blank)."""
    if resilience is None:
        return len(rolled)
    return sum(1 for value in rolled if value > resilience)


def collision_dice(car: Car, hit: Car, direction: int) -> tuple[str, int, int]:
    """A vehicle-vehicle collision's kind (from the hit vehicle's facing against the move)
    and the Damage dice each side rolls (Solid Obstacles and Vehicles)."""
    diff = (hit.facing - direction * 2) % FACINGS
    kind = "rear" if diff in (11, 0, 1) else "head-on" if diff in (5, 6, 7) else "t"
    a, b = car.speed, hit.speed
    if kind == "head-on":
        dice = a + b
    elif kind == "t":
        dice = a
    else:
        dice = a - b if a > b else 1
    dice_car = max(0, dice - car.spec.trait("B.S.H.")) + hit.spec.trait("Spiked")
    dice_hit = max(0, dice - hit.spec.trait("B.S.H.")) + car.spec.trait("Spiked")
    return kind, dice_car, dice_hit


def kept_sum(sorted_dice: list[int], lock: int) -> int:
    """The highest sum of two kept dice allowed when ``lock`` of them must be the lowest."""
    return max(kept_sums(sorted_dice, lock))


def kept_sums(sorted_dice: list[int], lock: int) -> set[int]:
    """Every sum of two kept dice a player may choose when ``lock`` of them must be the
    lowest rolled (Speed Check: 'discard 1 dice for each card used')."""
    if len(sorted_dice) == 1:
        return {sorted_dice[0]}
    if lock == 2:
        return {sorted_dice[0] + sorted_dice[1]}
    if lock == 1:
        return {sorted_dice[0] + other for other in sorted_dice[1:]}
    return {a + b for i, a in enumerate(sorted_dice) for b in sorted_dice[i + 1:]}


def best_two(dice: list[int]) -> int:
    """Attack Value: the best two dice (the single die when only one is rolled)."""
    ordered = sorted(dice)
    return ordered[-1] + (ordered[-2] if len(ordered) > 1 else 0)
