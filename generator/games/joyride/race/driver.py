"""The planning driver: every decision of a turn read off the value table.

At LOCK the driver knows its mirror's faces, so it weighs every legal turn: which dice to
lock (up to its open locked slots; a chosen face with Precision Driving or any choose-face
ability), how to steer the locked move (a sharp steer with Handbrake Turn or any
sharp-steer ability), the SHIFT (stay, up, down, engine brake, further with Gear Master or
a shift ability) and, for each, the exact odds of the dice it will ROLL, steering or
reversing at best once it sees the total. Each turn is scored by the expected rounds to go
from where it ends (``ValueTable.after``), plus ``DAMAGE_ROUNDS`` a damage and
``ABILITY_ROUNDS`` a flip ability spent; the lowest wins. At ROLL it adds the nitro die or
an extra die when the exact odds say it pays, and after the roll rerolls a die or adjusts
the move when that lowers the rounds to go. Other cars are not in its sums: collisions,
explosions and the items it fires or drops are played by the engine as they happen; it
fires a Rocket when the blast reaches a rival and not itself, and drops a Mine or an Oil
Slick when a rival is within ``DROP_RANGE`` spaces behind it.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from generator.games.joyride.race.course import Position
from generator.games.joyride.race.items import empty_front, empty_rear, held, rocket_path
from generator.games.joyride.race.planner import (
    DAMAGE_ROUNDS,
    MAX_GEAR,
    ValueTable,
)
from generator.games.joyride.race.state import Entrant
from generator.probability.joyride import rolled_move
from generator.tracks.hexgrid import distance, neighbours

ABILITY_ROUNDS = 0.1
DROP_RANGE = 6


@lru_cache(maxsize=64)
def roll_odds(dice: int, nitro: bool) -> tuple[tuple[int, float], ...]:
    """(spaces, chance) of a ROLL of ``dice`` dice, with the nitro die if asked (its
    lightning face moves no space)."""
    odds: dict[int, float] = {}
    for move, chance in rolled_move(dice, nitro).items():
        odds[move.spaces] = odds.get(move.spaces, 0.0) + float(chance)
    return tuple(sorted(odds.items()))


@dataclass(frozen=True)
class Plan:
    """A turn chosen at LOCK: dice locked (mirror indexes), a face turned, the locked
    move's steer, the SHIFT, and the abilities it spends."""

    locked: tuple[int, ...]
    face: tuple[int, int] | None  # (mirror index, new face) by a choose-face ability
    steer: int
    gear: int
    damage: int
    uses: tuple[str, ...]  # effects spent: choose_face, adjust_move, sharp_steer, shift_*
    value: float
    adjust: int = 0  # spaces an adjust-move ability lit at LOCK adds to the locked move


@dataclass(frozen=True)
class RollChoice:
    """Where the ROLL move goes: spaces, steer, reverse."""

    spaces: int
    steer: int
    reverse: bool
    value: float


class PlanningDriver:
    """Decisions for every car of a race, read off one value table."""

    def __init__(self, table: ValueTable) -> None:
        self.table = table
        self.cache: dict[tuple, float] = {}
        self.moves: dict[tuple, RollChoice] = {}

    # --- LOCK, SHIFT: the turn --------------------------------------------------------

    def plan(self, race: Any, car: Entrant) -> Plan:
        """The turn with the fewest expected rounds to go."""
        best: Plan | None = None
        shifts = self._shifts(car)
        steers = self._steers(car, "lock", True)
        course = self.table.course
        flags = (car.offered("sharp_steer", "roll")[0] > 0, car.extra_steer() is not None)
        for locked, face, total, face_use in self._locks(car):
            adjust = total - sum(car.dice[i] for i in locked) if face_use == "adjust_move" \
                else 0
            for steer, steer_use in (steers if total else [(0, "")]):
                ray = course.ray(car.front, car.facing, total, steer)
                for gear, damage, shift_use in shifts:
                    rolled = len(car.dice) - len(locked) + (gear - car.gear)
                    if rolled < 0:
                        continue
                    uses = tuple(u for u in (face_use, steer_use, shift_use) if u)
                    value = self._turn_value(car, ray, steer, locked, gear, rolled, uses,
                                             flags)
                    value += damage * DAMAGE_ROUNDS + ABILITY_ROUNDS * len(uses)
                    if best is None or value < best.value - 1e-9:
                        best = Plan(locked, face, steer, gear, damage, uses, value,
                                    adjust)
        assert best is not None
        return best

    def _turn_value(self, car: Entrant, ray: Any, steer: int, locked: tuple[int, ...],
                    gear: int, rolled: int, uses: tuple[str, ...],
                    flags: tuple[bool, bool]) -> float:
        table = self.table
        stage = table.course.advance(car.stage, ray.entered) if ray.entered else car.stage
        if ray.smashed:
            return table.values[stage][table.index[(ray.front, ray.facing)] * 6] + DAMAGE_ROUNDS
        sharp_roll, extra_steer = flags
        free_steer = steer == 0 or gear == 2 or extra_steer
        sharp = sharp_roll and "sharp_steer" not in uses
        reverse = gear == 1 and not locked
        return self.roll_value(stage, (ray.front, ray.facing), gear, rolled, False,
                               free_steer, sharp, reverse)

    def roll_value(self, stage: int, pos: Position, gear: int, dice: int, nitro: bool,
                   free_steer: bool, sharp: bool, reverse: bool) -> float:
        """Expected rounds to go after rolling ``dice`` dice from ``pos`` in ``gear``."""
        key = (stage, pos, gear, dice, nitro, free_steer, sharp, reverse)
        found = self.cache.get(key)
        if found is None:
            odds = roll_odds(dice, nitro) if dice or nitro else ((0, 1.0),)
            found = sum(chance * self.best_move(stage, pos, gear, spaces, free_steer, sharp,
                                                reverse).value for spaces, chance in odds)
            self.cache[key] = found
        return found

    def best_move(self, stage: int, pos: Position, gear: int, spaces: int,
                  free_steer: bool, sharp: bool, reverse: bool) -> RollChoice:
        """The best way to drive a rolled total: the steer and direction (each asked once)."""
        key = (stage, pos, gear, spaces, free_steer, sharp, reverse)
        found = self.moves.get(key)
        if found is None:
            found = self.moves[key] = self._best_move(stage, pos, gear, spaces, free_steer,
                                                      sharp, reverse)
        return found

    def _best_move(self, stage: int, pos: Position, gear: int, spaces: int,
                   free_steer: bool, sharp: bool, reverse: bool) -> RollChoice:
        steers: tuple[int, ...] = (0, 1, -1) if free_steer else (0,)
        if free_steer and sharp:
            steers += (2, -2)
        best: RollChoice | None = None
        for backwards in ((False, True) if reverse else (False,)):
            for steer in steers if spaces else (0,):
                if backwards and abs(steer) == 2:
                    continue
                outcome = self.table.outcome(pos[0], pos[1], spaces, steer, backwards)
                value = self.table.after(stage, outcome, gear)
                if abs(steer) == 2:
                    value += ABILITY_ROUNDS
                if best is None or value < best.value - 1e-9:
                    best = RollChoice(spaces, steer, backwards, value)
        assert best is not None
        return best

    def _locks(self, car: Entrant) -> list[tuple[tuple[int, ...], tuple[int, int] | None,
                                                 int, str]]:
        """(mirror indexes, face turned, total, ability spent) for each distinct lock (a
        face turned, or the total a space or so off by a move adjustment lit at LOCK)."""
        dice, slots = car.dice, car.lock_slots()
        # a choose-face ability lit at START or LOCK: either is "before your locked move"
        choose = any(car.offered("choose_face", step)[0] for step in ("start", "lock"))
        seen: dict[tuple, tuple] = {}
        for size in range(0, min(len(dice), slots) + 1):
            for chosen in itertools.combinations(range(len(dice)), size):
                values = sorted(dice[i] for i in chosen)
                seen.setdefault((tuple(values), None), (chosen, None, sum(values), ""))
                if choose and chosen:
                    for index in chosen:
                        for face in (1, 2, 3):
                            if face == dice[index]:
                                continue
                            turned = sorted([dice[i] for i in chosen if i != index] + [face])
                            key = (tuple(turned), "turned")
                            seen.setdefault(key, (chosen, (index, face), sum(turned),
                                                  "choose_face"))
        adjust = car.offered("adjust_move", "lock")[0]
        if adjust:  # an adjust-move ability lit at LOCK: the locked move a space or so off
            for (values, turned), (chosen, _, total, _) in list(seen.items()):
                for change in range(-adjust, adjust + 1):
                    if chosen and turned is None and change and total + change >= 0:
                        seen.setdefault((values, change), (chosen, None, total + change,
                                                           "adjust_move"))
        return list(seen.values())

    def _steers(self, car: Entrant, step: str, moving: bool) -> list[tuple[int, str]]:
        """(steer, ability spent) for a move's first space."""
        if not moving or car.steers_left <= 0:
            return [(0, "")]
        options = [(0, ""), (1, ""), (-1, "")]
        if car.offered("sharp_steer", step)[0]:
            options += [(2, "sharp_steer"), (-2, "sharp_steer")]
        return options

    def _shifts(self, car: Entrant) -> list[tuple[int, int, str]]:
        """(new gear, damage, ability spent) for each SHIFT the car may make."""
        top, gear = car.top_gear(), car.gear
        up = car.offered("shift_up", "shift")[0]
        down = car.offered("shift_down", "shift")[0]
        if gear == 0 or car.must_shift_up:
            options = [(gear + 1, 0, "")]
            options += [(gear + 1 + k, 0, "shift_up") for k in range(1, up + 1)]
            return [o for o in options if 1 <= o[0] <= top] or [(min(gear + 1, MAX_GEAR), 0, "")]
        options = [(gear, 0, ""), (gear + 1, 0, ""), (gear - 1, 0, ""), (gear - 2, 1, "")]
        options += [(gear + 1 + k, 0, "shift_up") for k in range(1, up + 1)]
        options += [(gear - 1 - k, 0, "shift_down") for k in range(1, down + 1)]
        options += [(gear - 2 - k, 1, "shift_down") for k in range(1, down + 1)]
        return [o for o in dict.fromkeys(options) if 1 <= o[0] <= max(top, 1)
                and (o[0] <= gear or o[0] <= top)]

    # --- ROLL ------------------------------------------------------------------------

    def add_dice(self, race: Any, car: Entrant, dice: int, free_steer: bool, sharp: bool,
                 reverse: bool) -> tuple[bool, int]:
        """Before rolling: (add the nitro die?, extra dice to add from an ability).

        A permanent ability's extra dice are always rolled: permanent abilities "apply
        every turn, whether you like it or not" (Driver Abilities > Non-standard)."""
        pos, stage, gear = (car.front, car.facing), car.stage, car.gear
        extra, source = car.offered("extra_die", "roll")
        nitro = held(car, "Nitro") is not None
        if source is not None and source.ability.mode == "permanent":
            choices = [(use, extra, 0.0) for use in (False, True) if nitro or not use]
        else:
            choices = [(False, 0, 0.0)]
            if nitro:
                choices.append((True, 0, 0.0))
            if extra:
                choices.append((False, extra, ABILITY_ROUNDS))
        scored = [(self.roll_value(stage, pos, gear, dice + more, use, free_steer, sharp,
                                   reverse) + cost, use, more) for use, more, cost in choices]
        _, use, more = min(scored, key=lambda s: s[0])
        return use, more

    def roll_move(self, car: Entrant, total: int, free_steer: bool, sharp: bool,
                  reverse: bool) -> RollChoice:
        """How to drive a rolled total (with a move adjustment, if one is offered)."""
        pos = (car.front, car.facing)
        adjust = car.offered("adjust_move", "roll")[0]
        best = self.best_move(car.stage, pos, car.gear, total, free_steer, sharp, reverse)
        for change in range(-adjust, adjust + 1):
            if change and total + change >= 0:
                other = self.best_move(car.stage, pos, car.gear, total + change, free_steer,
                                       sharp, reverse)
                if other.value + ABILITY_ROUNDS < best.value - 1e-9:
                    best = RollChoice(other.spaces, other.steer, other.reverse,
                                      other.value + ABILITY_ROUNDS)
        return best

    def reroll(self, car: Entrant, faces: list[int], extra: int, free_steer: bool,
               sharp: bool, reverse: bool, forced: bool = False) -> int | None:
        """Which rolled die to roll again (None: keep them all; ``forced``, a permanent
        reroll, always picks one)."""
        if not faces:
            return None
        total = sum(faces) + extra
        keep = self.roll_move(car, total, free_steer, sharp, reverse).value
        best, pick = (math.inf if forced else keep - ABILITY_ROUNDS), None
        for index in sorted(set(range(len(faces))), key=lambda i: faces[i]):
            rest = total - faces[index]
            value = sum(self.roll_move(car, rest + face, free_steer, sharp, reverse).value
                        for face in (1, 2, 3)) / 3
            if value < best - 1e-9:
                best, pick = value, index
        return pick

    def oil_steer(self, race: Any, car: Entrant, travel: int, remaining: int,
                  reverse: bool) -> int:
        """The way to steer off an Oil Slick: the side with the longer clear run."""
        lead = car.back if reverse else car.front
        runs = {(travel + s) % 6: len(race.course.beam(lead, travel + s)) for s in (1, -1)}
        return max(runs, key=lambda h: (min(runs[h], remaining), -h))

    def head_on_smash(self, race: Any, hit: Entrant, remaining: int) -> bool:
        """A HEAD-ON into ``hit``: does its driver choose that both cars SMASH (True)
        rather than be pushed backwards half the movement left, rounded up ("the driver of
        that car decides")? Ours take the push unless it would end against a barrier (a
        PILE-UP: a gear down and a damage, on the empty track) and the SMASH leaves them
        fewer expected rounds to go: a push that costs nothing but ground is taken."""
        course = self.table.course
        pushed = course.ray(hit.front, hit.facing, -(-remaining // 2), 0, reverse=True)
        if not pushed.smashed or (pushed.front, pushed.facing) not in self.table.index:
            return False
        gear = max(hit.gear - 1, 0)
        stage = course.advance(hit.stage, pushed.entered)
        push = self.table.value(stage, (pushed.front, pushed.facing), gear) + DAMAGE_ROUNDS
        smash = self.table.value(hit.stage, (hit.front, hit.facing), 0) + DAMAGE_ROUNDS
        return smash < push - 1e-9

    # --- START and END: items and repairs --------------------------------------------

    def rocket_target(self, race: Any, car: Entrant) -> Any:
        """The front-arc space to fire a Rocket from, or None: the blast must reach a rival
        and not this car."""
        best, score = None, 0
        for start in empty_front(race, car):
            at = rocket_path(race, car, start)
            if at is None:
                continue
            around = {at, *neighbours(at)}
            if set(car.spaces) & around:
                continue
            rivals = sum(1 for other in race.entrants
                         if other is not car and set(other.spaces) & around)
            if rivals > score:
                best, score = start, rivals
        return best

    def drop_space(self, race: Any, car: Entrant) -> Any:
        """Where to drop a Mine or Oil Slick, or None: a rival must be close behind."""
        behind = [o for o in race.entrants if o is not car and not o.finished
                  and distance(o.front, car.back) <= DROP_RANGE and o.stage <= car.stage]
        spaces = empty_rear(race, car)
        return spaces[0] if behind and spaces else None
