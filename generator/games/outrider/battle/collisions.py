"""Collisions (6.1-6.5): where a moving vehicle stops when its card meets a base or the map
edge, and the opposed ARMOR rolls of a ram or an incidental.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.outrider.battle.attacks import damage
from generator.games.outrider.battle.chain import CONTACT_SLACK
from generator.games.outrider.battle.geometry import Pose, Rect, between, body, inside, overlap
from generator.games.outrider.battle.setup import Car
from generator.games.outrider.battle.state import Battle, die
from generator.probability.outrider import capped

BISECTIONS = 12


@dataclass(frozen=True)
class Contact:
    """What a card ran into: a vehicle or wreck (``slot``), or the map edge (None), and how
    far along the card the vehicle got (0..1) before touching it."""

    slot: int | None
    share: float


def _clear(battle: Battle, pose: Pose, obstacle: Rect | None) -> bool:
    shape = body(pose)
    if obstacle is None:
        return inside(shape, battle.data.width, battle.data.height)
    return not overlap(shape, obstacle, -battle.data.contact_gap)


def stop_short(battle: Battle, start: Pose, end: Pose, obstacle: Rect | None,
               bisections: int = BISECTIONS) -> float:
    """The largest share of the way from ``start`` to ``end`` the vehicle can drive without
    its base reaching ``obstacle`` (None: the map edge), found by bisection."""
    if _clear(battle, end, obstacle):
        return 1.0
    low, high = 0.0, 1.0
    if not _clear(battle, start, obstacle):
        return 0.0
    for _ in range(bisections):
        mid = (low + high) / 2
        if _clear(battle, between(start, end, mid), obstacle):
            low = mid
        else:
            high = mid
    return low


def first_contact(battle: Battle, car: Car, start: Pose, end: Pose, card: Rect,
                  bisections: int = BISECTIONS) -> Contact | None:
    """The first thing the card (or the vehicle standing at its end) meets, if anything
    (the driver looks with fewer bisections than the engine drives with)."""
    final = body(end)
    contacts = []
    for other in battle.others(car):
        shape = body(other.pose)
        if overlap(card, shape, CONTACT_SLACK) or overlap(final, shape, CONTACT_SLACK):
            contacts.append(Contact(other.slot,
                                    stop_short(battle, start, end, shape, bisections)))
    if not inside(final, battle.data.width, battle.data.height):
        contacts.append(Contact(None, stop_short(battle, start, end, None, bisections)))
    if not contacts:
        return None
    return min(contacts, key=lambda c: (c.share, c.slot or 0))


def collision_add(battle: Battle, car: Car, other: Car, rammer: bool) -> int:
    """ARMOR roll add in a collision: capped Defense, the Speedometer, and +1 to the active
    vehicle when the other is stopped (6.3, 6.4)."""
    stopped_target = 1 if rammer and not other.moving else 0
    return capped(car.bonus("defense")) + battle.lucky(car) + stopped_target


def contest(battle: Battle, car: Car, other: Car) -> tuple[Car, Car, list[dict[str, object]]]:
    """Both roll ARMOR; ties go as initiative's (4.2): larger die, then the Defense
    characteristic, then a re-roll. Returns (winner, loser, dice)."""
    rolls: list[dict[str, object]] = []
    while True:
        mine = battle.roll(car.vehicle.equipment.armor)
        theirs = battle.roll(other.vehicle.equipment.armor)
        a = mine + collision_add(battle, car, other, True)
        b = theirs + collision_add(battle, other, car, False)
        rolls += [die("armor", car.vehicle.equipment.armor, mine, a),
                  die("armor", other.vehicle.equipment.armor, theirs, b)]
        keys = ((a, car.vehicle.equipment.armor, car.variant.bonuses.defense),
                (b, other.vehicle.equipment.armor, other.variant.bonuses.defense))
        if keys[0] != keys[1]:
            return (car, other, rolls) if keys[0] > keys[1] else (other, car, rolls)


def collide(battle: Battle, car: Car, contact: Contact, ram: bool) -> None:
    """Resolve a contact: the map edge stops the car; a wreck is a structure (1 damage,
    stopped dead); two vehicles roll a ram (2 and 1) or an incidental (1 and 0); both stop
    touching, boxed in (6.3, 6.4)."""
    car.moving = False
    if contact.slot is None:
        battle.log(car, "map edge", stopped=True)
        return
    other = battle.car(contact.slot)
    car.contact.add(other.slot)
    other.contact.add(car.slot)
    if other.wrecked:
        battle.log(car, "collision", target=other.identity, kind="wreck")
        damage(battle, car, battle.data.wreck_damage, "wreck")
        return
    winner, loser, rolls = contest(battle, car, other)
    kind = "ram" if ram else "incidental"
    battle.log(car, "collision", rolls, target=other.identity, kind=kind,
               winner=winner.identity)
    other.moving = False
    damage(battle, loser, 2 if ram else 1, kind)
    damage(battle, winner, 1 if ram else 0, kind)
