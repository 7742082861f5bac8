"""Attacks (7.1-7.5): weapon arcs, the range cards' fire corridor, who is hit, the opposed
WEAPON and ARMOR rolls, and damage and wrecks (7.4, 8.1).

An arc sits on an edge of the vehicle card (two arcs on one edge stand 15 mm either side of
its middle, components.yaml). Its corridor is the range cards' red stripe: 10 mm wide and
three cards long, laid straight out of a fixed arc, or swept across a 90 degree cone by an
articulated one (tried every few degrees, battle.yaml). The first base the corridor meets is
the target; a wreck blocks like any base.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from generator.games.outrider.battle.geometry import (
    ARROW_INSET,
    CARD_LENGTH,
    CENTRE_BEHIND_ARROW,
    HALF_WIDTH,
    Pose,
    body,
    distance_along,
    overlap,
    rect_ahead,
)
from generator.games.outrider.battle.setup import Car, battle_data
from generator.games.outrider.battle.state import Battle, die
from generator.games.outrider.model import Arc
from generator.probability.outrider import capped

CORRIDOR_WIDTH = 10.0
TOUCHES = 1e-6  # mm: a corridor whose edge lies on a base touches it (7.2 'touches')
PAIRED_OFFSET = 15.0
SECONDARY_DIE = 6  # 7.1: backup weapons are small arms, a d6
FACING_TURN = {"front": 0.0, "right": 90.0, "rear": 180.0, "left": 270.0}
REACH = math.hypot(HALF_WIDTH, CARD_LENGTH / 2) + CORRIDOR_WIDTH  # a base's half-diagonal and more


@dataclass(frozen=True)
class Shot:
    """A way to shoot one target: the arc used, its die, and whether it is fire-linked."""

    target: int
    arc: int  # index in the variant's arcs
    sides: int
    linked: bool


def arc_start(pose: Pose, arc: Arc, offset: float) -> Pose:
    """Where the corridor of ``arc`` starts, facing out of its edge."""
    return pose.moved(*_arc_place(arc.facing, offset))


def arc_place(arc: Arc, offset: float) -> tuple[float, float, float]:
    """(ahead, aside, turn) from a vehicle's front arrow to where the corridor of ``arc``
    starts: ``pose.moved(*arc_place(arc, offset))`` is ``arc_start(pose, arc, offset)``."""
    return _arc_place(arc.facing, offset)


@lru_cache(maxsize=64)
def _arc_place(facing: str, offset: float) -> tuple[float, float, float]:
    """(ahead, aside, turn) from a vehicle's front arrow to an arc's corridor start."""
    if facing == "front":
        return (ARROW_INSET, offset, 0.0)
    if facing == "rear":
        return (ARROW_INSET - CARD_LENGTH, offset, 180.0)
    side = HALF_WIDTH if facing == "right" else -HALF_WIDTH
    return (-CENTRE_BEHIND_ARROW + offset, side, FACING_TURN[facing])


def arc_offsets(arcs: tuple[Arc, ...]) -> list[float]:
    """Each arc's offset along its edge: 0 alone, -15 and +15 when two share an edge."""
    offsets = []
    for arc in arcs:
        same = [a for a in arcs if a.facing == arc.facing]
        offsets.append(0.0 if len(same) == 1 else (-PAIRED_OFFSET if same[0] is arc
                                                    else PAIRED_OFFSET))
    return offsets


@lru_cache(maxsize=8)
def sweep_angles(articulated: bool) -> tuple[float, ...]:
    if not articulated:
        return (0.0,)
    data = battle_data()
    steps = int(data.sweep / data.sweep_step)
    return tuple(sorted({0.0, *(s * data.sweep_step for s in range(-steps, steps + 1))},
                        key=abs))


def reachable(battle: Battle, car: Car, pose: Pose, arc: Arc, offset: float) -> set[int]:
    """Slots of the standing vehicles this arc's corridor can make its first contact, from
    ``pose``. Only the bases whose bearing from the arc lies near an angle are tested at it
    (a base reaches no further off its middle's bearing than its half-diagonal allows)."""
    start = arc_start(pose, arc, offset)
    length = battle.data.range_length
    near = []
    for other in battle.others(car):
        shape = body(other.pose)
        dx, dy = shape.cx - start.x, shape.cy - start.y
        distance = math.hypot(dx, dy)
        if distance > length + REACH:
            continue
        bearing = (math.degrees(math.atan2(dx, dy)) - start.heading + 180.0) % 360.0 - 180.0
        half = 180.0 if distance <= REACH else math.degrees(math.asin(REACH / distance))
        near.append((bearing - half, bearing + half, other, shape))
    found: set[int] = set()
    for angle in sweep_angles(arc.mount == "articulated"):
        touching = [(c, r) for low, high, c, r in near if low <= angle <= high]
        if not touching:
            continue
        aim = Pose(start.x, start.y, start.heading + angle)
        corridor = rect_ahead(aim, 0.0, length, CORRIDOR_WIDTH)
        hits = [(c, r) for c, r in touching if overlap(corridor, r, -TOUCHES)]
        if not hits:
            continue
        first = hits[0][0] if len(hits) == 1 else min(
            hits, key=lambda h: (distance_along(aim, h[1], CORRIDOR_WIDTH / 2 + TOUCHES),
                                 h[0].slot))[0]
        if not first.wrecked:
            found.add(first.slot)
    return found


def shots(battle: Battle, car: Car, pose: Pose) -> list[Shot]:
    """Every target the car can shoot from ``pose`` and, per target, each arc that reaches
    it; a primary arc sharing its edge with a secondary that also reaches is fire-linked."""
    arcs = car.variant.arcs
    offsets = arc_offsets(arcs)
    reach = [reachable(battle, car, pose, arc, off) for arc, off in zip(arcs, offsets, strict=True)]
    found = []
    for index, arc in enumerate(arcs):
        for target in sorted(reach[index]):
            linked = arc.weapon == "primary" and any(
                other.weapon == "secondary" and other.facing == arc.facing
                and target in reach[j] for j, other in enumerate(arcs))
            sides = car.vehicle.equipment.weapon if arc.weapon == "primary" else SECONDARY_DIE
            found.append(Shot(target, index, sides, linked))
    return found


def superior_initiative(battle: Battle, defender: Car, attacker: Car) -> bool:
    """7.4: a moving defender that acts before the attacker this round."""
    order = battle.order
    return (defender.moving and defender.slot in order and attacker.slot in order
            and order.index(defender.slot) < order.index(attacker.slot))


def attack_adds(battle: Battle, car: Car, target: Car, shot: Shot, skill: int,
                aims: int = 0) -> tuple[int, int]:
    """(attacker's add, defender's add) to the WEAPON and ARMOR rolls (7.4, 7.7)."""
    attack = (capped(car.bonus("attack") + (1 if shot.linked else 0) + aims)
              + (0 if target.moving else 1) + skill + battle.lucky(car))
    defence = (capped(target.bonus("defense")
                      + (1 if superior_initiative(battle, target, car) else 0))
               + battle.lucky(target))
    return attack, defence


def fire(battle: Battle, car: Car, shot: Shot, skill: int, aims: int = 0) -> bool:
    """Roll one attack; damage the target on a hit. Returns whether it damaged."""
    target = battle.car(shot.target)
    car.skill -= skill
    add, defend = attack_adds(battle, car, target, shot, skill, aims)
    armour = battle.roll(target.vehicle.equipment.armor)
    weapon = battle.roll(shot.sides)
    damaged = weapon != 1 and weapon + add >= armour + defend
    arc = car.variant.arcs[shot.arc]
    battle.log(car, "attack", [die("armor", target.vehicle.equipment.armor, armour,
                                   armour + defend),
                               die("weapon", shot.sides, weapon, weapon + add)],
               target=target.identity, arc=f"{arc.weapon} {arc.facing}", linked=shot.linked,
               skill=skill, damaged=damaged, auto_miss=weapon == 1)
    if damaged:
        damage(battle, target, 1, "attack")
    return damaged


def damage(battle: Battle, car: Car, points: int, cause: str) -> None:
    """Flip ``points`` armor tokens; the sixth wrecks the car, which stays as an obstacle."""
    if car.wrecked or points <= 0:
        return
    car.damage = min(battle.data.armor_tokens, car.damage + points)
    battle.log(car, "damage", points=points, cause=cause, damage=car.damage)
    if car.damage >= battle.data.armor_tokens:
        car.wrecked_in = battle.round
        car.moving = False
        battle.log(car, "wrecked", cause=cause)
