"""The Frothy Races rules engine: one whole race, round by round (Rules & Game-play).

A round is: wrecks bounce on, every vehicle's Speed Check, four movement phases in
initiative order (highest Speed, then in front, then nearest the inside of the track, then
grid order for a tie), then the maintenance checks (Stamina when the option is on, card
recovery). Movement follows the guide: forward moves with Drift and the corner alternation,
a 30-degree turn at the end of a phase with a Control roll above a Safe Speed, collisions
(walls, solid obstacles, wrecks, other vehicles), hazards and fragile obstacles, attacks
with cards, Damage rolls against Resilience, permanent damage affects and Wipe-out.

The parts of a round live in modules of their own, each a set of functions that take the
race first and are ``Race`` methods here: ``upkeep`` (round start, maintenance, cards),
``speeds`` (the Speed Check and Speed changes), ``movement`` (the phases' moves, lines,
hazards), ``control`` (turns and Control rolls), ``damage`` (Damage, affects, Wipe-out,
wrecks, collisions), ``attacks`` and ``scoring`` (places and the result). This module keeps
the vehicles' state, the set-up, the dice and the round's order.

Every die comes from one ``random.Random(seed)`` owned by the race, and nothing depends on
set order or the clock, so a seed replays a race exactly. Readings of unclear rules are
stated where they are used (see also README, "Race simulation: the engine").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from generator.errors import UsageError
from generator.games.frothy_races.race import attacks as _attacks
from generator.games.frothy_races.race import control as _control
from generator.games.frothy_races.race import damage as _damage
from generator.games.frothy_races.race import movement as _movement
from generator.games.frothy_races.race import scoring as _scoring
from generator.games.frothy_races.race import speeds as _speeds
from generator.games.frothy_races.race import upkeep as _upkeep
from generator.games.frothy_races.race.attacks import SIDES, best_two  # noqa: F401
from generator.games.frothy_races.race.bots import Bot
from generator.games.frothy_races.race.control import least_harm, resolve_icons  # noqa: F401
from generator.games.frothy_races.race.course import UNREACHABLE, RaceTrack, race_track
from generator.games.frothy_races.race.damage import (  # noqa: F401
    DUAL,
    REINS,
    WHIP,
    WIPE_CAUSES,
    collision_dice,
    damage_points,
)
from generator.games.frothy_races.race.driver import make_bot
from generator.games.frothy_races.race.results import (
    RaceOptions,
    RaceResult,
    RoundSnapshot,
    VehiclePosition,
    entrant_labels,
)
from generator.games.frothy_races.race.speeds import (  # noqa: F401 - re-exported: the engine's names
    _ODDS,
    _SHIFTED,
    kept_sum,
    kept_sums,
    shift_marker,
    speed_odds,
    speed_values,
)
from generator.games.frothy_races.race.vehicles import (
    RaceVehicle,
    race_vehicle,
    rules_not_simulated,
)
from generator.probability.frothy_dice import FROTHY_DIE
from generator.probability.frothy_speed_table import Marker
from generator.race.events import event
from generator.tracks.hexgrid import FACINGS

VALUES: tuple[int, ...] = tuple(int(face.value or 0) for face in FROTHY_DIE.faces)
ICONS = tuple(str(face.icon) for face in FROTHY_DIE.faces)
CARD_KINDS = ("whip", "reins", "dual")
UNLIMITED_LAPS = 400


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
        self.control_loss = spec.control_minimum  # the track's left-most box (Setup)
        self.damage = 0
        self.stamina = spec.stamina_max
        # Card piles by slot: Whip, Reins, dual, then one slot per special card copy.
        self.hand = spec.deck_slots
        self.card_slots = spec.card_slots  # spec.card_slots, read by cards() many times a phase
        self.spent = [0] * len(self.hand)
        self.recovery = [0] * len(self.hand)
        self.lost = [0] * len(self.hand)  # gone for good: an affect, or a special discarded
        self.stage = 0
        self.finished_round = 0
        self.finish_order = 0
        self.wiped_out = False
        self.racing = True  # neither finished nor wiped out (the engine keeps it so)
        self.wiped_round = 0
        self.wipe_order = 0  # 1 for the race's first Wipe-out, 2 for the next, ...
        self.wipe_cause = ""
        self.wreck_speed = 0
        self.wreck_heading = self.heading = facing // 2
        self.rounds = 0
        self.damage_dealt = 0
        self.costs: dict[str, int] = {}  # how often each mechanic struck (Damage: points)
        self.spaces_lost: dict[str, int] = {}  # distance each mechanic cost, in spaces
        self.involved = False
        self.straight = False  # gave a point back moving straight this phase (damage.involve)
        self.move_lost = False  # failed a Control roll after its own attack this phase
        self.reacting = False  # resolving a Control roll no turn called for (wipe_out)
        self.struck: int | None = None  # what the collision being resolved met (-1: a wall)
        self.slid_back = 0  # Slide icons that ran it back into that: the repeat Damage roll
        self.idle = 0  # movement phases in a row in which it moved no space
        self.whipped = self.whips_played = 0  # last round it whipped a space more; how often
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
        self.rival = -1  # Rival #: the index of the vehicle named (speeds.rival_of)

    @property
    def state(self) -> int:
        return self.hex * FACINGS + self.facing

    def cards(self, kind: str) -> int:
        """Cards in hand that can be played as ``kind`` (whip or reins; dual cards count)."""
        hand = self.hand
        slots = self.card_slots[kind]
        if len(slots) == 2:  # no special cards: its own kind and dual
            return hand[slots[0]] + hand[2]
        count = 0
        for slot in slots:
            count += hand[slot]
        return count

    def slots(self, kind: str) -> tuple[int, ...]:
        """Pile slots whose cards play as ``kind``: its own, dual, then special cards by
        their ordinary face."""
        return self.card_slots[kind]

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
        self.wipe_outs = 0  # Wipe-outs so far: a Toughest race places the later one higher
        _scoring.raceable(self.rt, track, options, len(vehicles))
        lap = len(self.rt.lines)
        self.stages = lap * _scoring.laps_of(options, UNLIMITED_LAPS)
        self.to_go = self.rt.to_go(self.stages)  # see remaining()
        starts = self._grid(len(vehicles))
        specs = [race_vehicle(v) for v in vehicles]
        labels = entrant_labels([spec.name for spec in specs])
        self.cars = [Car(i, spec, make_bot(name), hex_, facing, label)
                     for i, (spec, name, (hex_, facing), label) in enumerate(
                         zip(specs, bots, starts, labels, strict=True))]
        _speeds.name_rivals(self.cars)
        self.sneaky = [c for c in self.cars if c.spec.trait("Sneaky")]  # see sneaky_window
        self.start_remaining = [self.remaining(c.stage, c.state) for c in self.cars]
        self.occupant: dict[int, int] = {c.hex: c.index for c in self.cars}
        # Fragile markers by space (the map's, then wrecks'), and rated ones' ratings.
        self.debris: dict[int, int] = {h: n for h, n in enumerate(self.rt.markers) if n}
        self.fragile_rating = dict(self.rt.fragile_rating)
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
        if declared.lower() != self.options.race_type:
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
        table, laps = self.to_go[stage]  # RaceTrack.remaining, looked up
        return table[state] + laps

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
        return 0 if car.finished_round else self.remaining(car.stage,
                                                           car.hex * FACINGS + car.facing)

    def is_safe(self, car: Car, speed: int) -> bool:
        return self.control_dice(car, speed) == 0

    def control_dice(self, car: Car, speed: int) -> int:
        """Basic Control dice at ``speed``; '-1 Safe Speed' makes the top Safe Speeds roll 1."""
        base = car.spec.control[speed]
        if base == 0 and car.safe_lost:
            safe = [s for s, c in enumerate(car.spec.control) if c == 0]
            # More affects than Safe Speeds take them all (a negative start would slice
            # from the end and give the lower ones back).
            if speed in safe[max(0, len(safe) - car.safe_lost):] and speed > 0:
                return 1
        return base

    def moves(self, car: Car, phase: int) -> int:
        return car.spec.moves[phase][car.speed]

    def log(self, car: Car | None, action: str, dice: Sequence[Any] = (),
            result: Any = None) -> None:
        if self.logging:
            self.events.append(event(self.round, self.phase, car.label if car else None,
                                     action, list(dice), result))

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

    def reroll_worst(self, icons: list[str], count: int,
                     swap: dict[str, str] | None = None) -> list[str]:
        """Handling: re-roll up to ``count`` Control dice, worst first (Damage, then Haste),
        each once, each judged by the icon it counts as (``swap``: the Haste and Slow
        affects, under which a Slow face counts as Haste, or a Haste face as Slow)."""
        order = {"damage": 0, "haste": 1}
        counts = [swap.get(icon, icon) for icon in icons] if swap else icons
        worst = sorted((i for i, icon in enumerate(counts) if icon in order),
                       key=lambda i: (order[counts[i]], i))
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
        while self.step():
            pass
        return self.result()

    def step(self) -> bool:
        """Play the next round; False, playing nothing, once the race is over."""
        if self.over():
            return False
        self.round += 1
        self.play_round()
        return True

    def over(self) -> bool:
        racing = [c for c in self.cars if c.racing]
        kind = self.options.race_type
        if kind == "furthest":  # its own rounds, beyond the round limit too
            return self.round >= self.options.rounds or not racing
        if self.round >= self.options.max_rounds:
            return True
        if kind == "toughest":
            return len(racing) <= (1 if len(self.cars) > 1 else 0)
        return not racing

    def play_round(self) -> None:
        self.phase = 0
        for car in self.cars:
            if car.racing:
                car.rounds = self.round
                self.start_of_round(car)
        for car in self.cars:
            if car.racing:
                self.speed_check(car)
        # Rounds and Phases: '1. Speed Check', then '2. Movement Phases - Wiped-out
        # vehicles are moved first'.
        self.move_wrecks()
        self.snapshot()
        for phase in range(4):
            self.phase = phase + 1
            for car in self.cars:
                car.involved = car.straight = car.move_lost = False  # this phase's
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
        # A vehicle racing has not crossed its last line: its distance is one lookup
        # (remaining); the grid number settles every tie before the vehicle is compared.
        inside, to_go = self.rt.to_infield, self.to_go
        order = []
        for c in self.cars:
            if c.racing:
                table, laps = to_go[c.stage]
                order.append((-c.speed, table[c.hex * FACINGS + c.facing] + laps,
                              inside[c.hex], c.index, c))
        order.sort()
        return [entry[4] for entry in order]

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

    # --- The phases of the round, each in a module of its own -------------------------

    start_of_round = _upkeep.start_of_round
    maintenance = _upkeep.maintenance
    play = _upkeep.play
    play_with = _upkeep.play_with
    determination = _upkeep.determination

    set_marker = _speeds.set_marker
    set_speed = _speeds.set_speed
    speed_check = _speeds.speed_check
    speed_after = _speeds.speed_after
    stamina_reins = _speeds.stamina_reins
    speed_odds = _speeds.race_speed_odds
    speed_roll = _speeds.speed_roll

    options_for = _movement.options_for
    phase_options = _movement.phase_options
    trace = _movement.trace
    clear_ahead = _movement.clear_ahead
    plan = _movement.plan
    move = _movement.move
    enter = _movement.enter
    finish = _movement.finish
    rough_ground = _movement.rough_ground
    free = _movement.free
    face_past = _movement.face_past

    turn = _control.turn
    control_roll = _control.control_roll
    apply_control = _control.apply_control
    reaction_roll = _control.reaction_roll
    slide = _control.slide
    gain_control_loss = _control.gain_control_loss

    damage_roll = _damage.damage_roll
    take_damage = _damage.take_damage
    apply_affect = _damage.apply_affect
    lose_card = _damage.lose_card
    wipe_out = _damage.wipe_out
    move_wrecks = _damage.move_wrecks
    collide = _damage.collide
    vehicle_collision = _damage.vehicle_collision
    collision_cost = _damage.collision_cost

    side_neighbours = _attacks.side_neighbours
    attack_window = _attacks.attack_window
    attack = _attacks.attack
    attack_losers = _attacks.attack_losers
    attack_reaction = _attacks.attack_reaction

    progress = _scoring.progress
    rounds_lost = _scoring.rounds_lost
    ranking = _scoring.ranking
    has_winner = _scoring.has_winner
    ending = _scoring.ending
    result = _scoring.result


def forget_decisions() -> None:
    """Empty the caches a sweep fills as it races (kept plans, options, target Speeds and
    Speed Check choices, the lookahead's prices, the walks from each state), keeping each
    track's tables: the state of a fresh process whose track tables are built. For
    measuring a sweep from cold (bench/race.py); results never depend on these caches."""
    from generator.games.frothy_races.race.bots import _SPEED_CHOICES
    from generator.games.frothy_races.race.check_programs import _PROGRAMS
    from generator.games.frothy_races.race.course import race_track
    from generator.games.frothy_races.race.driver import _CHECKS
    from generator.games.frothy_races.race.lookahead import _BOXES, _RUN_INS
    from generator.games.frothy_races.race.planner_moves import forget_tables
    from generator.games.frothy_races.race.speeds import _AFTER
    for cache in (_SPEED_CHOICES, _ODDS, _SHIFTED, _AFTER, _CHECKS, _PROGRAMS, _RUN_INS, _BOXES):
        cache.clear()
    forget_tables()
    for rt in race_track.values():
        rt.forget_decisions()
