"""Programming a turn (5.1-5.4, 7.6-7.7): laying the maneuver chain on the table, what it
costs in Action Points and tokens, and its target difficulty item by item.

A chain is laid from the vehicle's driving arrow: its front arrow, or in reverse its rear
arrow facing backwards (5.3). Each card is seated with its green arrow on the arrow before
it; the vehicle then stands with that arrow on the card's red exit arrow.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.outrider.battle.geometry import (
    ARROW_SPAN,
    Pose,
    Rect,
    body,
    card_at,
    overlap,
)
from generator.games.outrider.battle.setup import Car, moves
from generator.games.outrider.battle.state import Battle, Plan
from generator.probability.outrider import RULE_OF_FOUR

TOKENS = 3  # 1.6: three Attack/Action tokens a turn
REVERSE_LIMIT = 3  # 5.3
REVERSE_HAZARD = 1  # 5.3: a moderate hazard
COLLISION_HAZARD = 2  # 6.3, 6.4: a severe hazard
CONTACT_SLACK = 0.5  # mm of overlap below which two bases only touch
FLUSH = 1e-6  # mm of overlap below which bases set edge to edge still only touch
TOUCHING = 2.5  # contact gaps within which two bases stand touching (a stop's bisection errs)


@dataclass(frozen=True)
class Laid:
    """One card on the table: its face, where the driving arrow enters and leaves it, and
    the card's rectangle."""

    face: str
    entry: Pose
    exit: Pose
    card: Rect


def driving_pose(pose: Pose, reverse: bool) -> Pose:
    """The arrow a chain is seated on: the front arrow, or the rear one in reverse."""
    return pose.flipped() if reverse else pose


def vehicle_pose(driving: Pose, reverse: bool) -> Pose:
    """The vehicle's front-arrow pose when its driving arrow stands on ``driving``."""
    return driving.flipped() if reverse else driving


def lay_card(entry: Pose, face: str) -> Laid:
    move = moves()[face]
    return Laid(face, entry, entry.moved(move.ahead, move.aside, move.degrees), card_at(entry))


def leading_edge(entry: Pose, face: str) -> Pose:
    """The driving arrow with the vehicle's front even with the leading edge of card
    ``face`` seated on ``entry`` (5.7 Panic Brake and Regain Control; Overshoot puts the
    rear there). A card whose road leaves it straight ahead (the straights, the Swerves)
    leads out of its far edge: the arrow stands ARROW_SPAN on from the entry arrow, beside
    the card's own exit arrow (Ease Up's stops 28 mm short of that edge, a Swerve's 2 mm). A
    turning card leads out of the edge its road turns through, and its exit arrow stands
    at that edge (our reading, battle.yaml)."""
    move = moves()[face]
    if move.degrees == 0:
        return entry.moved(ARROW_SPAN, move.aside)
    return entry.moved(move.ahead, move.aside, move.degrees)


def lay(start: Pose, faces: list[str] | tuple[str, ...]) -> list[Laid]:
    """The chain's cards on the table from the driving arrow ``start``."""
    laid = []
    entry = start
    for face in faces:
        card = lay_card(entry, face)
        laid.append(card)
        entry = card.exit
    return laid


def starts_from_stop(car: Car, plan: Plan) -> bool:
    return not car.moving and bool(plan.cards)


def action_points(car: Car, plan: Plan) -> int:
    """AP a plan spends: a card each, one to shift from a stop (5.3), one per stationary
    attack or aim token (7.7)."""
    return (len(plan.cards) + (1 if starts_from_stop(car, plan) else 0)
            + plan.stationary + plan.aims)


def tokens(car: Car, plan: Plan) -> int:
    """Attack/Action tokens a plan uses (at most three, 1.6)."""
    return plan.attacks + plan.aims + (1 if starts_from_stop(car, plan) else 0)


def meeting_slack(battle: Battle, start: Rect, other: Rect) -> float:
    """How far a card, or a base on its way, must overlap ``other`` to meet it: coming
    within the contact gap (negative overlap), as two bases touch; but for a base that sets
    out (``start``) touching ``other``, only driving into it, not sliding along it or
    pulling away (6.1: a disengaging maneuver)."""
    gap = battle.data.contact_gap
    return FLUSH if overlap(start, other, -gap) else -gap


def collides(battle: Battle, car: Car, laid: list[Laid]) -> bool:
    """Whether the programmed chain contacts another vehicle's base (6.1): a card, or the
    vehicle standing at a card's end, meets it (:func:`meeting_slack`), as the vehicle
    driving the chain would."""
    mine = body(car.pose)
    for other in battle.others(car):
        base = body(other.pose)
        slack = meeting_slack(battle, mine, base)
        if any(overlap(shape, base, slack) for card in laid
               for shape in (card.card, body(card.exit))):
            return True
    return False


def touches(battle: Battle, car: Car, other: Car) -> bool:
    """Whether two bases stand touching: within a few contact gaps of each other (6.1)."""
    return overlap(body(car.pose), body(other.pose), -TOUCHING * battle.data.contact_gap)


def boxed_in(battle: Battle, car: Car) -> bool:
    """6.1 Boxed in: a stopped vehicle that begins its turn in contact with another base
    (a collision's, remembered, or any base its own stands touching on the table: 'in
    contact ... from a previous turn'), or that cannot play a single Maneuver Card,
    forwards or in reverse, without it meeting another base. It may only stay stopped (and
    shoot) or play a chain that meets nothing, and in the second case there is none."""
    if car.moving:
        return False
    if car.contact or any(touches(battle, car, other) for other in battle.others(car)):
        return True
    return all(collides(battle, car, [lay_card(driving_pose(car.pose, reverse), face)])
               for reverse in (False, True) for face in moves())


def hazards(battle: Battle, car: Car, plan: Plan, laid: list[Laid]) -> int:
    """Capstone modifiers: reverse (+1) and a collision in the chain (+2)."""
    hazard = REVERSE_HAZARD if plan.reverse and plan.cards else 0
    return hazard + (COLLISION_HAZARD if collides(battle, car, laid) else 0)


def item_costs(car: Car, plan: Plan, hazard: int = 0) -> tuple[list[int], int]:
    """The running difficulty after each item (stationary attacks, then cards) and the
    target difficulty (5.4): card difficulties, plus token and hazard modifiers under the
    rule of four, plus 1 for Brake Hard outside it."""
    running: list[int] = []
    base = modifiers = 0
    aims = plan.aims
    for _ in range(plan.stationary):
        modifiers += 1 + aims
        aims = 0
        running.append(base + min(modifiers, RULE_OF_FOUR))
    shift = starts_from_stop(car, plan)
    faces = moves()  # the driver prices hundreds of thousands of plans: no call a card
    last = len(plan.cards) - 1
    for index, step in enumerate(plan.cards):
        base += faces[step.face].difficulty
        modifiers += (1 if step.attack else 0) + (1 if shift and index == 0 else 0)
        brake = 1 if plan.brake and index == last else 0
        running.append(base + (modifiers if modifiers < RULE_OF_FOUR else RULE_OF_FOUR)
                       + brake)
    brake = 1 if plan.brake and plan.cards else 0
    return running, base + min(modifiers + hazard, RULE_OF_FOUR) + brake


def problems(car: Car, plan: Plan, laid: list[Laid], battle: Battle) -> list[str]:
    """Why a plan breaks the rules of 5.3 and 7.6-7.7 (empty: it is legal)."""
    found = []
    if action_points(car, plan) > car.vehicle.action_points:
        found.append("more Action Points than the engine gives")
    if tokens(car, plan) > TOKENS:
        found.append("more than three Attack/Action tokens")
    if car.moving and not plan.cards:
        found.append("a vehicle in motion must play at least one card")
    if car.moving and plan.reverse != car.reverse:
        found.append("changing direction needs a stop first")
    if car.moving and (plan.stationary or plan.aims):
        found.append("stationary attacks need a stopped vehicle")
    if plan.aims and not plan.stationary or plan.aims > 2:
        found.append("aim tokens go with a stationary attack, at most two")
    if plan.reverse and len(plan.cards) > REVERSE_LIMIT:
        found.append("at most three maneuvers in reverse")
    if plan.brake and not plan.cards:
        found.append("Brake Hard ends a chain of cards")
    if starts_from_stop(car, plan) and plan.cards[0].attack:
        found.append("the first card from a stop carries the shift token")
    if plan.cards and collides(battle, car, laid) and boxed_in(battle, car):
        found.append("a boxed-in vehicle may only disengage")
    if plan.skill > car.skill or plan.skill < 0:
        found.append("more Skill Points than the driver has")
    return found
