"""The expected-gain driver: it lays candidate maneuver chains on the table, prices each with
the exact odds (``gain.py``) over every face of its DRIVER die, and plays the best.

Candidates grow card by card from the vehicle (a beam search: at each length only the
``beam`` most promising chains grow further), each card with or without a paired attack
where a shot is there, each chain with or without Brake Hard, and from a stop also with a
stationary attack first, or in reverse, or staying put and shooting. ``search(...)`` with
``beam=None`` tries every chain: the exhaustive one-round search the driver is measured
against (tests/games/outrider/battle/test_driver.py).

The price of a plan is its expected gain this turn: the shots and collisions it resolves,
weighted by the chance the control check lets it get that far (5.6: a failed check drives up
to the card its total reaches), and the position it ends in. A loss of control is priced as
the plain failure at the same card (the chart's other outcomes are not looked ahead).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.games.outrider.battle.attacks import Shot
from generator.games.outrider.battle.chain import (
    COLLISION_HAZARD,
    REVERSE_HAZARD,
    REVERSE_LIMIT,
    TOKENS,
    Laid,
    driving_pose,
    item_costs,
    lay,
    lay_card,
    problems,
    vehicle_pose,
)
from generator.games.outrider.battle.collisions import Contact, first_contact
from generator.games.outrider.battle.control import reached
from generator.games.outrider.battle.gain import (
    EDGE_CONTACT,
    SKILL_COST,
    Position,
    best_shot,
    collision_gain,
    covers,
    rays,
)
from generator.games.outrider.battle.geometry import Pose, between, body
from generator.games.outrider.battle.setup import Car, moves
from generator.games.outrider.battle.state import Battle, Plan, Step
from generator.probability.outrider import capped

DIFFICULTY_WEIGHT = 0.3  # the beam's guess of what a point of difficulty costs
MAX_SKILL = 4  # Skill Points the driver considers spending on one roll
LOOK_BISECTIONS = 6  # how finely the driver places a stop at a contact (1/64 of a card)


@dataclass(frozen=True)
class Node:
    """A chain laid so far: its steps, each card's driving exit, the gain of each card's
    paired shot, and what it ran into (a slot, None for the map edge) on its last card."""

    steps: tuple[Step, ...]
    exits: tuple[Pose, ...]
    shots: tuple[float, ...]
    contact: tuple[int | None, bool] | None = None  # (slot or None, ram)
    stop_pose: Pose | None = None  # where a contact stops it


@dataclass
class Turn:
    """One car's turn being planned: the battle, the car, and what it has worked out."""

    battle: Battle
    car: Car
    position: Position = field(init=False)
    shot_at: dict[tuple[float, float, float], float] = field(default_factory=dict)
    laid: dict[tuple[Pose, str], tuple[Laid, Contact | None]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.position = Position(self.battle, self.car)

    def card(self, entry: Pose, face: str) -> tuple[Laid, Contact | None]:
        """``face`` laid from ``entry`` and the first thing it meets, each worked out once a
        turn: the chains grown from a stop with and without a stationary attack first (and
        chains the beam keeps from several roots) lay the same cards from the same arrows,
        and nothing on the table moves while the car plans."""
        key = (entry, face)
        if key not in self.laid:
            card = lay_card(entry, face)
            self.laid[key] = (card, first_contact(self.battle, self.car, entry, card.exit,
                                                  card.card, LOOK_BISECTIONS))
        return self.laid[key]

    def shot_gain(self, pose: Pose) -> float:
        """Expected gain of the best shot from vehicle pose ``pose`` (0: none)."""
        key = pose.rounded()
        if key not in self.shot_at:
            mine = rays(self.battle, self.car, pose, self.position.places)
            if any(covers(self.battle, mine, e.pose) for e, _ in self.position.enemies):
                found = best_shot(self.battle, self.car, pose)
                self.shot_at[key] = max(0.0, found[2]) if found else 0.0
            else:
                self.shot_at[key] = 0.0
        return self.shot_at[key]


def grow(turn: Turn, node: Node, start: Pose, reverse: bool, tokens_left: int) -> list[Node]:
    """Every chain one card longer than ``node``."""
    if node.contact is not None:
        return []
    entry = node.exits[-1] if node.exits else start
    children = []
    for face in moves():
        card, contact = turn.card(entry, face)
        if contact is not None:
            children.append(_contact_node(turn, node, card.exit, face, contact, reverse))
            continue
        children.append(Node(node.steps + (Step(face),), node.exits + (card.exit,),
                             node.shots + (0.0,)))
        if tokens_left > 0:
            gain = turn.shot_gain(vehicle_pose(card.exit, reverse))
            if gain > 0:
                children.append(Node(node.steps + (Step(face, True),),
                                     node.exits + (card.exit,), node.shots + (gain,)))
    return children


def _contact_node(turn: Turn, node: Node, exit_pose: Pose, face: str, contact: Contact,
                  reverse: bool) -> Node:
    """A chain that ends at a contact: where it stops, and whether it is a ram (6.3)."""
    entry = node.exits[-1] if node.exits else driving_pose(turn.car.pose, reverse)
    stop = between(entry, exit_pose, contact.share)
    ram = (contact.slot is not None and len(node.steps) >= 1
           and body(turn.battle.car(contact.slot).pose).contains((exit_pose.x, exit_pose.y)))
    return Node(node.steps + (Step(face),), node.exits + (exit_pose,), node.shots + (0.0,),
                (contact.slot, ram), stop)


def end_value(turn: Turn, node: Node, reverse: bool, stopped: bool) -> float:
    """The gain of where a fully driven chain leaves the car."""
    if node.contact is not None:
        slot, ram = node.contact
        assert node.stop_pose is not None
        if slot is None:
            return turn.position.value(vehicle_pose(node.stop_pose, reverse), True) \
                - EDGE_CONTACT
        return collision_gain(turn.battle, turn.car, turn.battle.car(slot), ram) \
            + turn.position.value(vehicle_pose(node.stop_pose, reverse), True)
    if not node.exits:
        return turn.position.value(turn.car.pose, stopped or not turn.car.moving)
    return turn.position.value(vehicle_pose(node.exits[-1], reverse), stopped)


def beam_score(turn: Turn, node: Node, reverse: bool, stationary: int,
               stationary_gain: float) -> float:
    """How promising a chain is to grow: what it gains if the check succeeds, less a guess
    at what its difficulty costs."""
    plan = Plan(node.steps, reverse, False, stationary)
    _, difficulty = item_costs(turn.car, plan, hazard(plan, node))
    return (sum(node.shots) + stationary * stationary_gain
            + end_value(turn, node, reverse, False) - DIFFICULTY_WEIGHT * difficulty)


def expected_gain(turn: Turn, plan: Plan, node: Node, stationary_gain: float) -> float:
    """The plan's expected gain over every face of the DRIVER die (5.4-5.6)."""
    car, battle = turn.car, turn.battle
    costs, difficulty = item_costs(car, plan, hazard(plan, node))
    if not costs:
        return end_value(turn, node, plan.reverse, not car.moving)
    full = (stationary_gain * plan.stationary + sum(node.shots)
            + end_value(turn, node, plan.reverse, plan.brake or not plan.cards))
    sides = car.vehicle.equipment.driver
    add = capped(car.bonus("control")) + battle.lucky(car) + plan.skill
    total_gain = 0.0
    failed: dict[int, float] = {}  # the gain of a failure reaching each item, once each
    for face in range(1, sides + 1):
        total = face + add
        if total >= difficulty:
            total_gain += full
            continue
        item = reached(costs, total)
        if item not in failed:
            failed[item] = _failure_gain(turn, plan, node, stationary_gain, item)
        total_gain += failed[item]
    return total_gain / sides - plan.skill * SKILL_COST


def _failure_gain(turn: Turn, plan: Plan, node: Node, stationary_gain: float, item: int
                  ) -> float:
    """The gain of a failed check whose total reaches item ``item`` (5.6): the stationary
    attacks and cards before it resolve, the car ends at that card still moving (or
    stopped, if a stationary attack is reached)."""
    if item < plan.stationary:
        return stationary_gain * item + turn.position.value(turn.car.pose, True)
    index = item - plan.stationary
    partial = Node(node.steps[:index + 1], node.exits[:index + 1],
                   node.shots[:index] + (0.0,),
                   node.contact if index == len(node.steps) - 1 else None,
                   node.stop_pose)
    return (stationary_gain * plan.stationary + sum(partial.shots)
            + end_value(turn, partial, plan.reverse, False))


def hazard(plan: Plan, node: Node) -> int:
    """The capstone's hazards (5.3, 6.3): reverse, and a chain that meets a base."""
    meets = node.contact is not None and node.contact[0] is not None
    return ((REVERSE_HAZARD if plan.reverse and plan.cards else 0)
            + (COLLISION_HAZARD if meets else 0))


def roots(turn: Turn) -> list[tuple[bool, int]]:
    """(reverse, stationary attacks before the chain) to grow chains from."""
    car = turn.car
    if car.moving:
        return [(car.reverse, 0)]
    shoot = turn.shot_gain(car.pose) > 0
    return [(False, 0), (True, 0)] + ([(False, 1), (True, 1)] if shoot else [])


def search(battle: Battle, car: Car, beam: int | None) -> tuple[Plan, float]:
    """The best legal plan found, and its expected gain; ``beam=None`` tries every chain."""
    turn = Turn(battle, car)
    stationary_gain = turn.shot_gain(car.pose) if not car.moving else 0.0
    priced = []
    for plan, node in candidates(turn, beam, stationary_gain):
        for skill in range(0, useful_skill(turn, plan, node) + 1):
            spent = Plan(plan.cards, plan.reverse, plan.brake, plan.stationary, 0, skill)
            priced.append((expected_gain(turn, spent, node, stationary_gain), spent))
    priced.sort(key=lambda p: -p[0])
    for gain, plan in priced:
        laid = lay(driving_pose(car.pose, plan.reverse), [s.face for s in plan.cards])
        if not problems(car, plan, laid, battle):
            return plan, gain
    return Plan(), float("-inf")


def useful_skill(turn: Turn, plan: Plan, node: Node) -> int:
    """The most Skill Points worth pricing on a plan's check: no more than make its
    lowest roll succeed (and none on a plan with no check)."""
    car = turn.car
    costs, difficulty = item_costs(car, plan, hazard(plan, node))
    if not costs:
        return 0
    sure = difficulty - 1 - capped(car.bonus("control")) - turn.battle.lucky(car)
    return max(0, min(car.skill, MAX_SKILL, sure))


def candidates(turn: Turn, beam: int | None, stationary_gain: float
               ) -> list[tuple[Plan, Node]]:
    """Every plan the search prices."""
    car = turn.car
    ap = car.vehicle.action_points
    found: list[tuple[Plan, Node]] = []
    if not car.moving:
        found.append((Plan(), Node((), (), ())))
        if stationary_gain > 0:
            found += [(Plan(stationary=n), Node((), (), ()))
                      for n in range(1, min(ap, TOKENS) + 1)]
    for reverse, stationary in roots(turn):
        start = driving_pose(car.pose, reverse)
        shift = 0 if car.moving else 1
        longest = ap - shift - stationary
        if reverse:
            longest = min(longest, REVERSE_LIMIT)
        level = [Node((), (), ())]
        for _ in range(longest):
            grown = []
            for node in level:
                used = sum(1 for s in node.steps if s.attack) + shift + stationary
                grown += grow(turn, node, start, reverse, TOKENS - used)
            if beam is not None:
                grown.sort(key=lambda n: -beam_score(turn, n, reverse, stationary, stationary_gain))
                grown = grown[:beam]
            for node in grown:
                for brake in (False, True):
                    found.append((Plan(node.steps, reverse, brake, stationary), node))
            level = [n for n in grown if n.contact is None]
    return found


@dataclass
class ExpectedGainDriver:
    """The driver the battles use: the beam search's best plan, and at each attack the
    shot with the largest expected gain."""

    beam: int = 4

    def plan(self, battle: Battle, car: Car) -> Plan:
        return search(battle, car, self.beam)[0]

    def shot(self, battle: Battle, car: Car, aims: int) -> tuple[Shot, int] | None:
        found = best_shot(battle, car, car.pose, aims)
        return None if found is None else (found[0], found[1])
