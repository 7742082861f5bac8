"""What a plan is worth to the driver: its expected gain this turn, from the exact odds of
``generator.probability.outrider`` (control checks, damage, collisions), plus a short look at
the position it ends in (whom it can shoot next, who can shoot it).

Gain is counted in armor tokens: a point of damage dealt is +1 (+2 more when it wrecks the
target: one rival fewer), a point taken is -1 (-2 more when it wrecks the car), a Skill Point
spent costs a little, and the position adds the next round's shots at a discount.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from generator.games.outrider.battle.attacks import (
    SECONDARY_DIE,
    Shot,
    arc_offsets,
    arc_place,
    attack_adds,
    shots,
)
from generator.games.outrider.battle.geometry import CARD_LENGTH, Pose, body
from generator.games.outrider.battle.setup import Car
from generator.games.outrider.battle.state import Battle
from generator.probability.dist import Die
from generator.probability.outrider import capped, contest_chance

WRECK_BONUS = 2.0
SKILL_COST = 0.12  # a Skill Point's worth, in armor tokens
NEXT_ROUND = 0.4  # how much a shot the position offers next round counts now
THREAT = 0.35  # how much a shot the position offers an enemy next round costs now
APPROACH = 0.3  # per range length between the car and the nearest enemy beyond range
EDGE_CONTACT = 0.3  # running into the map edge: a wasted turn
STOPPED = 0.15  # a stopped car is easier to hit and pays to shift (7.4, 5.3)
EDGE = 0.6  # ending near the map edge, facing out
FIXED_CONE = 8.0  # degrees either side a fixed arc counts as threatening, for the estimate


@lru_cache(maxsize=4096)
def _damage(weapon: int, armour: int, attack_add: int, defence_add: int) -> float:
    """P(WEAPON + attack_add >= ARMOR + defence_add, weapon not a natural 1) (7.4, 7.5)."""
    hits = 0
    for w in range(2, weapon + 1):
        hits += max(0, min(armour, w + attack_add - defence_add))
    return hits / (weapon * armour)


def damage_chance(battle: Battle, car: Car, target: Car, shot: Shot, skill: int = 0,
                  aims: int = 0) -> float:
    """The exact chance one attack damages, with every add of 7.4 (the same numbers as
    ``generator.probability.outrider.attack_damage_chance``; a test holds them equal)."""
    attack, defence = attack_adds(battle, car, target, shot, skill, aims)
    return _damage(shot.sides, target.vehicle.equipment.armor, attack, defence)


def token_value(target: Car, points: int = 1) -> float:
    """What ``points`` of damage to ``target`` are worth."""
    left = 6 - target.damage
    return points + (WRECK_BONUS if points >= left else 0.0)


def best_shot(battle: Battle, car: Car, pose: Pose, aims: int = 0
              ) -> tuple[Shot, int, float] | None:
    """The shot from ``pose`` with the largest expected gain, the Skill Points worth
    spending on it, and that gain."""
    saved = car.pose
    car.pose = pose
    try:
        options = shots(battle, car, pose)
        best: tuple[Shot, int, float] | None = None
        for shot in options:
            target = battle.car(shot.target)
            for skill in range(0, min(car.skill, 4) + 1):
                gain = (damage_chance(battle, car, target, shot, skill, aims)
                        * token_value(target) - skill * SKILL_COST)
                if best is None or gain > best[2] + 1e-12:
                    best = (shot, skill, gain)
        return best
    finally:
        car.pose = saved


@lru_cache(maxsize=512)
def _collision(armour: int, add: int, characteristic: int, theirs: int, their_add: int,
               their_characteristic: int) -> float:
    return float(contest_chance(Die.numbered(armour), Die.numbered(theirs), add=add,
                                their_add=their_add, tie_break=(characteristic,),
                                their_tie_break=(their_characteristic,)))


def collision_gain(battle: Battle, car: Car, other: Car, ram: bool) -> float:
    """Expected gain of running into ``other`` (6.3, 6.4): a wreck costs a point; two cars
    roll ARMOR, the loser of a ram taking 2 and the winner 1, of an incidental 1 and 0."""
    if other.wrecked:
        return -token_value(car, battle.data.wreck_damage)
    add = capped(car.bonus("defense")) + battle.lucky(car) + (0 if other.moving else 1)
    their_add = capped(other.bonus("defense")) + battle.lucky(other)
    win = _collision(car.vehicle.equipment.armor, add, car.variant.bonuses.defense,
                     other.vehicle.equipment.armor, their_add, other.variant.bonuses.defense)
    if ram:
        dealt = win * token_value(other, 1) + (1 - win) * token_value(other, 2)
        taken = win * token_value(car, 1) + (1 - win) * token_value(car, 2)
        return dealt - taken
    return win * token_value(other, 1) - (1 - win) * token_value(car, 1)


Ray = tuple[Pose, float, int]  # an arc's corridor start, its half cone, its die
Place = tuple[float, float, float, float, int]  # ahead, aside, turn to the start; cone; die


def arc_places(battle: Battle, shooter: Car) -> list[Place]:
    """Each arc of ``shooter``: where its corridor starts from the front arrow (ahead,
    aside, turn), how far either side it may turn (for the estimate) and the die it rolls.
    The same for every pose, so a turn works it out once a car (:class:`Position`)."""
    found = []
    arcs = shooter.variant.arcs
    for arc, offset in zip(arcs, arc_offsets(arcs), strict=True):
        cone = battle.data.sweep if arc.mount == "articulated" else FIXED_CONE
        sides = shooter.vehicle.equipment.weapon if arc.weapon == "primary" else SECONDARY_DIE
        found.append((*arc_place(arc, offset), cone, sides))
    return found


def rays(battle: Battle, shooter: Car, pose: Pose, places: list[Place] | None = None
         ) -> list[Ray]:
    """Each arc of ``shooter`` standing at ``pose``: where its corridor starts, how far
    either side it may turn (for the estimate) and the die it rolls (``places``: the
    shooter's :func:`arc_places`, if already worked out)."""
    return [(pose.moved(ahead, aside, turn), cone, sides)
            for ahead, aside, turn, cone, sides in (places or arc_places(battle, shooter))]


def covers(battle: Battle, arcs: list[Ray], target_pose: Pose) -> int:
    """A quick estimate of the best weapon die those arcs could fire at a base at
    ``target_pose`` (0: none): the base's middle inside an arc's cone and within range."""
    centre = body(target_pose)
    return covers_point(arcs, centre.cx, centre.cy, battle.data.range_length + CARD_LENGTH / 2)


def covers_point(arcs: list[Ray], x: float, y: float, reach: float) -> int:
    """:func:`covers` for a base whose middle is (``x``, ``y``), ``reach`` the range and
    half a base. Its hottest loop: an arc no better than the best so far, or out of
    range, is passed before its bearing is worked out (the same answer)."""
    best = 0
    for start, cone, sides in arcs:
        if sides <= best:
            continue
        dx, dy = x - start.x, y - start.y
        if math.hypot(dx, dy) > reach:
            continue
        angle = (math.degrees(math.atan2(dx, dy)) - start.heading + 180.0) % 360.0 - 180.0
        if abs(angle) <= cone + 10:
            best = sides
    return best


@dataclass
class Position:
    """Scores end positions for one car's turn, remembering each pose it has scored."""

    battle: Battle
    car: Car
    seen: dict[tuple[float, float, float, bool], float] = field(default_factory=dict)
    enemies: list[tuple[Car, list[Ray]]] = field(default_factory=list)
    places: list[Place] = field(default_factory=list)  # the car's arcs, from any pose
    exact: dict[tuple[Pose, bool], float] = field(default_factory=dict)
    targets: list[tuple[Car, list[Ray], float, float]] = field(default_factory=list)
    worth: dict[tuple[int, int, bool], float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.enemies = [(e, rays(self.battle, e, e.pose)) for e in self.battle.standing()
                        if e.slot != self.car.slot]
        self.places = arc_places(self.battle, self.car)
        self.targets = [(e, r, body(e.pose).cx, body(e.pose).cy) for e, r in self.enemies]

    def value(self, pose: Pose, stopped: bool) -> float:
        """The score of ending at ``pose``: each pose rounded (to a micrometre) is scored
        once a turn; ``exact`` remembers the answer for the pose as given too, which is
        the same, without rounding it again."""
        found = self.exact.get((pose, stopped))
        if found is None:
            key = (*pose.rounded(), stopped)
            if key not in self.seen:
                self.seen[key] = self._score(pose, stopped)
            found = self.exact[(pose, stopped)] = self.seen[key]
        return found

    def _score(self, pose: Pose, stopped: bool) -> float:
        battle, car = self.battle, self.car
        score = -STOPPED if stopped else 0.0
        mine_rays = rays(battle, car, pose, self.places)
        nearest = min((math.hypot(e.pose.x - pose.x, e.pose.y - pose.y)
                       for e, _ in self.enemies), default=0.0)
        score -= APPROACH * max(0.0, nearest / battle.data.range_length - 1.0)
        reach = battle.data.range_length + CARD_LENGTH / 2
        mine_body = body(pose)
        for enemy, enemy_rays, x, y in self.targets:
            mine = covers_point(mine_rays, x, y, reach)
            if mine:
                score += self._worth(enemy, mine, False, NEXT_ROUND)
            theirs = covers_point(enemy_rays, mine_body.cx, mine_body.cy, reach)
            if theirs:
                score -= self._worth(car, theirs, stopped, THREAT)
        return score - EDGE * _edge(battle, pose)

    def _worth(self, target: Car, weapon: int, stopped: bool, weight: float) -> float:
        """``weight`` x a plain shot's chance x what its damage is worth: the same product
        each time in a turn (nothing on the table moves), so worked out once each."""
        key = (target.slot, weapon, stopped)
        found = self.worth.get(key)
        if found is None:
            found = self.worth[key] = weight * _plain(weapon, target, stopped) \
                * token_value(target)
        return found


def _plain(weapon: int, target: Car, stopped: bool = False) -> float:
    """A plain shot's chance (no bonuses but the target's capped Defense, +1 if stopped)."""
    return _damage(weapon, target.vehicle.equipment.armor, 1 if stopped else 0,
                   capped(target.bonus("defense")))


def _edge(battle: Battle, pose: Pose) -> float:
    """How close the front of the car stands to the edge it faces (1 at the edge, 0 at a
    vehicle length or more)."""
    fx, fy = pose.forward
    room = []
    if fx > 0.3:
        room.append((battle.data.width - pose.x) / fx)
    if fx < -0.3:
        room.append(pose.x / -fx)
    if fy > 0.3:
        room.append((battle.data.height - pose.y) / fy)
    if fy < -0.3:
        room.append(pose.y / -fy)
    nearest = min(room, default=CARD_LENGTH * 2)
    return max(0.0, 1.0 - nearest / (CARD_LENGTH * 2))
