"""The action phase (5, 6, 7): one vehicle programs its turn, rolls its control check,
shoots from a stop, drives its cards one by one, shooting where a paired attack resolves,
and stops at the first contact.

The engine asks a :class:`Driver` for every decision; it never decides for a player.
"""

from __future__ import annotations

from typing import Protocol

from generator.games.outrider.battle.attacks import Shot, fire
from generator.games.outrider.battle.chain import (
    Laid,
    driving_pose,
    hazards,
    item_costs,
    lay,
    lay_card,
    leading_edge,
    problems,
    touches,
    vehicle_pose,
)
from generator.games.outrider.battle.collisions import collide, first_contact
from generator.games.outrider.battle.control import Outcome, check
from generator.games.outrider.battle.geometry import CARD_LENGTH, Pose, Rect, between, body
from generator.games.outrider.battle.setup import Car, moves
from generator.games.outrider.battle.state import Battle, Plan


class Driver(Protocol):
    """Who decides for a vehicle: its programmed turn, and each shot (target, arc, Skill)."""

    def plan(self, battle: Battle, car: Car) -> Plan: ...

    def shot(self, battle: Battle, car: Car, aims: int) -> tuple[Shot, int] | None: ...


class IllegalPlan(Exception):
    """A driver programmed a turn the rules forbid: a bug in the driver, never the input."""


def take_turn(battle: Battle, car: Car, driver: Driver) -> None:
    """Resolve one vehicle's turn in the action phase."""
    plan = driver.plan(battle, car)
    laid = lay(driving_pose(car.pose, plan.reverse), [s.face for s in plan.cards])
    wrong = problems(car, plan, laid, battle)
    if wrong:
        raise IllegalPlan(f"{car.identity}: {'; '.join(wrong)} ({plan})")
    start, contacts = car.pose, set(car.contact)
    hazard = hazards(battle, car, plan, laid)
    _, difficulty = item_costs(car, plan, hazard)
    battle.log(car, "program", cards=[moves()[s.face].title + (" + attack" * s.attack)
                                      for s in plan.cards],
               reverse=plan.reverse, brake=plan.brake, stationary=plan.stationary,
               aims=plan.aims, hazard=hazard, difficulty=difficulty)
    outcome = check(battle, car, plan, hazard)
    for index in range(outcome.stationary):
        shoot(battle, car, driver, plan.aims if index == 0 else 0)
        if car.wrecked:
            return
    if outcome.driven:
        car.reverse = plan.reverse
        drive(battle, car, driver, outcome, laid)
    elif plan.cards:
        car.moving = False
    update_contacts(battle, car, car.contact if car.pose == start else car.contact - contacts)


def shoot(battle: Battle, car: Car, driver: Driver, aims: int = 0) -> None:
    choice = driver.shot(battle, car, aims)
    if choice is None:
        battle.log(car, "attack", target=None, damaged=False)
        return
    shot, skill = choice
    fire(battle, car, shot, skill, aims)


def drive(battle: Battle, car: Car, driver: Driver, outcome: Outcome, laid: list[Laid]) -> None:
    """Drive the cards of ``outcome`` in order; a contact stops the vehicle there."""
    entry = driving_pose(car.pose, car.reverse)
    last = len(outcome.driven) - 1
    for index, driven in enumerate(outcome.driven):
        card = lay_card(entry, driven.face)
        end = leading_edge(entry, driven.face) if outcome.edge and index == last else card.exit
        if not _advance(battle, car, entry, end, card.card, outcome, laid):
            return
        if driven.attack:
            shoot(battle, car, driver)
            if car.wrecked:
                return
        entry = end
    if outcome.overshoot:
        end = entry.moved(CARD_LENGTH)
        if not _advance(battle, car, entry, end, body(vehicle_pose(end, car.reverse)),
                        outcome, laid):
            return
        battle.log(car, "overshoot")
    car.moving = not outcome.stopped


def _advance(battle: Battle, car: Car, entry: Pose, end: Pose, footprint: Rect,
             outcome: Outcome, laid: list[Laid]) -> bool:
    """Move the car from ``entry`` to ``end``; on a contact stop it there and resolve the
    collision. Returns whether it got all the way."""
    contact = first_contact(battle, car, entry, end, footprint)
    if contact is None:
        car.pose = vehicle_pose(end, car.reverse)
        return True
    car.pose = vehicle_pose(between(entry, end, contact.share), car.reverse)
    ram = contact.slot is not None and outcome.success and rams(battle, contact.slot, laid)
    collide(battle, car, contact, ram)
    return False


def rams(battle: Battle, slot: int, laid: list[Laid]) -> bool:
    """6.3: the chain as programmed 'causes the alignment arrow of the second or subsequent
    maneuver card to contact or overlap the target': any card after the first whose red
    arrow lies on the base met, even a card laid beyond the point of impact (the chain is
    laid whole before the roll; the vehicle then stops where it meets the base). An arrow
    'contacts' the base within the contact gap, as two bases touch."""
    base = body(battle.car(slot).pose)
    gap = battle.data.contact_gap
    return any(base.contains((card.exit.x, card.exit.y), gap) for card in laid[1:])


def update_contacts(battle: Battle, car: Car, kept: set[int] | frozenset[int] = frozenset()
                    ) -> None:
    """Which bases now touch ``car`` (boxed in, 6.1), kept on both cars. A contact in
    ``kept`` stays though the bases stand apart: a collision's, whose cars 'remain touching
    at the point of contact' and are 'automatically boxed in by each other next turn' (6.3,
    6.4) even where only the card met the base, until one of them drives away; and every
    contact of a car that has not moved."""
    for other in battle.others(car):
        if touches(battle, car, other):
            car.contact.add(other.slot)
            other.contact.add(car.slot)
        elif other.slot not in kept:
            car.contact.discard(other.slot)
            other.contact.discard(car.slot)
