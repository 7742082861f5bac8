"""Collisions (6.1-6.5): where a moving vehicle stops when its card meets a base or the map
edge, and the opposed ARMOR rolls of a ram or an incidental.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.games.outrider.battle.attacks import damage
from generator.games.outrider.battle.chain import FLUSH, meeting_slack
from generator.games.outrider.battle.geometry import (
    ARROW_INSET,
    CARD_LENGTH,
    CARD_WIDTH,
    Pose,
    Rect,
    apart,
    between,
    body,
    inside,
    overlap,
)
from generator.games.outrider.battle.setup import Car
from generator.games.outrider.battle.state import Battle, die
from generator.probability.outrider import capped

BISECTIONS = 12
SAMPLE_BITS = 3
SAMPLES = 2 ** SAMPLE_BITS  # steps a path is walked in before bisecting the first blocked one
BASE_REACH = math.hypot(CARD_LENGTH - ARROW_INSET, CARD_WIDTH / 2)  # arrow to farthest corner


@dataclass(frozen=True)
class Contact:
    """What a card ran into: a vehicle or wreck (``slot``), or the map edge (None), and how
    far along the card the vehicle got (0..1) before touching it."""

    slot: int | None
    share: float


class _Path:
    """A base's way from ``start`` to ``end``, with the base at each of the SAMPLES steps
    made once and shared by every obstacle (and the map edge) tested along it."""

    __slots__ = ("start", "end", "bases")

    def __init__(self, start: Pose, end: Pose) -> None:
        self.start, self.end = start, end
        self.bases: list[Rect | None] = [None] * (SAMPLES + 1)

    def base(self, step: int) -> Rect:
        """The base at step ``step`` of SAMPLES (0: at the start)."""
        found = self.bases[step]
        if found is None:
            pose = self.start if step == 0 else between(self.start, self.end, step / SAMPLES)
            found = self.bases[step] = body(pose)
        return found


def _clear(battle: Battle, shape: Rect, obstacle: Rect | None, touching: bool = False
           ) -> bool:
    """Whether ``shape`` stays clear of ``obstacle`` (None: on the map): further than the
    contact gap from it, or, for a base that set out ``touching`` it, not driven into it."""
    if obstacle is None:
        return inside(shape, battle.data.width, battle.data.height)
    if touching:
        return not overlap(shape, obstacle, FLUSH)
    return not overlap(shape, obstacle, -battle.data.contact_gap)


def _touch_share(battle: Battle, path: _Path, obstacle: Rect | None, bisections: int,
                 sweep: Rect) -> float | None:
    """The share of the way along ``path`` at which the vehicle's base first comes within
    the contact gap of ``obstacle`` (None: leaves the map), or None if it never does. The
    path is walked in SAMPLES steps, not bisected from end to end: a turning base pivots
    about its driving arrow, so its tail can swing through a base that neither the card nor
    the base at the card's end touches (and out again before the end). A base that sets
    out touching ``obstacle`` (set on the table so) meets it only by driving into it, not
    by sliding along it or pulling away (6.1: a disengaging maneuver)."""
    gap = battle.data.contact_gap
    if (inside(sweep, battle.data.width, battle.data.height) if obstacle is None
            else not overlap(sweep, obstacle, -gap)):
        return None
    touching = not _clear(battle, path.base(0), obstacle)
    if touching and (obstacle is None or not _clear(battle, path.base(0), obstacle, True)):
        return 0.0
    low = 0.0
    for step in range(1, SAMPLES + 1):
        high = step / SAMPLES
        if not _clear(battle, path.base(step), obstacle, touching):
            for _ in range(max(0, bisections - SAMPLE_BITS)):
                mid = (low + high) / 2
                if _clear(battle, body(between(path.start, path.end, mid)), obstacle, touching):
                    low = mid
                else:
                    high = mid
            return low
        low = high
    return None


def swept(start: Pose, end: Pose) -> Rect:
    """A map-square box holding every base on the way from ``start`` to ``end``: each corner
    moves along its chord plus an arc's bulge, at most BASE_REACH (1 - cos(turn / 2))."""
    turn = abs((end.heading - start.heading + 180.0) % 360.0 - 180.0)
    bulge = BASE_REACH * (1.0 - math.cos(math.radians(turn / 2)))
    corners = body(start).corners() + body(end).corners()
    xs = [x for x, _ in corners]
    ys = [y for _, y in corners]
    low_x, high_x = min(xs) - bulge, max(xs) + bulge
    low_y, high_y = min(ys) - bulge, max(ys) + bulge
    return Rect((low_x + high_x) / 2, (low_y + high_y) / 2, 0.0, 1.0,
                (high_y - low_y) / 2, (high_x - low_x) / 2)


def first_contact(battle: Battle, car: Car, start: Pose, end: Pose, card: Rect,
                  bisections: int = BISECTIONS) -> Contact | None:
    """The first thing the vehicle meets on its way along a card, if anything (the driver
    looks with fewer bisections than the engine drives with): a base the card or the vehicle
    at the card's end overlaps (a collision, 6.1), a base the moving base itself runs into on
    the way, or the map edge. The vehicle stops at the earliest of them, so where it stands
    never overlaps another base."""
    final = body(end)
    sweep = swept(start, end)
    path = _Path(start, end)
    contacts = []
    for other in battle.others(car):
        shape = body(other.pose)
        if apart(sweep, shape) and apart(card, shape) and apart(final, shape):
            continue  # none of the three overlaps below can hold (most bases, most cards)
        share = _touch_share(battle, path, shape, bisections, sweep)
        if share is None and overlap(card, shape, meeting_slack(battle, path.base(0), shape)):
            share = 1.0  # only the card meets it: a collision (6.1), at the card's end
        if share is not None:
            contacts.append(Contact(other.slot, share))
    edge = _touch_share(battle, path, None, bisections, sweep)
    if edge is not None:
        contacts.append(Contact(None, edge))
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
