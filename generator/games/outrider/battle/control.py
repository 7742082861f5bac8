"""The control check (5.4-5.7): the DRIVER roll against the target difficulty, how far a
failed check gets, and the loss-of-control charts, read from data/loss_of_control.yaml.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from generator.games.outrider.battle.chain import item_costs
from generator.games.outrider.battle.setup import Car, hard_turn, moves
from generator.games.outrider.battle.state import Battle, Plan, die
from generator.games.outrider.catalogues import outrider_data
from generator.probability.outrider import ManeuverType, capped

EDGE_RESULTS = ("Panic Brake", "Regain Control", "Overshoot")  # placed by the leading edge


@dataclass(frozen=True)
class Driven:
    """A card the vehicle actually drives, and whether its paired attack resolves."""

    face: str
    attack: bool
    programmed: int  # index of the programmed card it stands for


@dataclass(frozen=True)
class Outcome:
    """What the check lets happen: stationary attacks that resolve, the cards driven, and
    how the vehicle ends (stopped or moving; ``edge``: its front even with the last card's
    leading edge, not on the card's exit arrow; an overshoot then drives one vehicle length
    on)."""

    success: bool
    stationary: int
    driven: tuple[Driven, ...]
    stopped: bool
    overshoot: bool = False
    loss: str | None = None  # the chart result, after a loss of control
    edge: bool = False


def control_add(battle: Battle, car: Car, plan: Plan) -> int:
    """Handling and equipment (capped), the Skill Points spent and the Speedometer."""
    return capped(car.bonus("control")) + plan.skill + battle.lucky(car)


@lru_cache(maxsize=4)
def chart_rows(kind: str) -> tuple[tuple[int, int | None, str], ...]:
    chart = next(c for c in outrider_data().charts if c.id == kind)
    return tuple((row.low, row.high, row.name) for row in chart.rows)


def chart_result(kind: ManeuverType, roll: int) -> str:
    """The loss-of-control chart row for ``roll`` (5.7)."""
    for low, high, name in chart_rows(kind.value):
        if roll >= low and (high is None or roll <= high):
            return name
    raise AssertionError(f"no {kind} chart row for {roll}")


def card_kind(plan: Plan, index: int) -> ManeuverType:
    """The chart a card uses: the last card of a braking chain is a stop (5.7)."""
    if plan.brake and index == len(plan.cards) - 1:
        return ManeuverType.STOP
    return moves()[plan.cards[index].face].kind


def reached(costs: list[int], total: int) -> int:
    """The item the total reaches but does not pass (5.6): the first whose running cost is
    at or above it; the last item when the total covers every item but not the capstone's
    hazards."""
    return next((i for i, cost in enumerate(costs) if cost >= total), len(costs) - 1)


def check(battle: Battle, car: Car, plan: Plan, hazard: int) -> Outcome:
    """Roll the control check for ``plan`` (no roll for a plan with nothing in it)."""
    costs, difficulty = item_costs(car, plan, hazard)
    cards = tuple(Driven(s.face, s.attack, i) for i, s in enumerate(plan.cards))
    if not costs:
        return Outcome(True, 0, (), stopped=not car.moving)
    car.skill -= plan.skill
    rolled = battle.roll(car.vehicle.equipment.driver)
    total = rolled + control_add(battle, car, plan)
    success = total >= difficulty
    battle.log(car, "control check", [die("driver", car.vehicle.equipment.driver, rolled, total)],
               difficulty=difficulty, skill=plan.skill, success=success)
    if success:
        return Outcome(True, plan.stationary, cards, stopped=plan.brake or not cards)
    stop = reached(costs, total)
    if stop < plan.stationary:
        return Outcome(False, stop, (), stopped=True)
    index = stop - plan.stationary
    kept = cards[:index] + (Driven(cards[index].face, False, index),)
    if rolled != 1:
        return Outcome(False, plan.stationary, kept, stopped=False)
    return lose_control(battle, car, plan, kept)


def lose_control(battle: Battle, car: Car, plan: Plan, kept: tuple[Driven, ...]) -> Outcome:
    """Roll the chart for the card where control was lost and alter the chain (5.6, 5.7).

    The chart's DRIVER roll takes the Speedometer's +1 like every other roll its holder makes
    this round (4.3 Lucky: '+1 to ALL die rolls this round'; 1.8: 'ALL Driver ... and Control
    rolls'); nothing excludes it. No Handling bonus: that is for control checks (1.3)."""
    index = len(kept) - 1
    kind = card_kind(plan, index)
    roll = battle.roll(car.vehicle.equipment.driver)
    result = chart_result(kind, roll + battle.lucky(car))
    face = kept[-1].face
    battle.log(car, "loss of control", [die("driver", car.vehicle.equipment.driver, roll,
                                            roll + battle.lucky(car))],
               card=moves()[face].title, chart=kind.value, result=result)
    turn = moves()[face].turn
    replaced, stopped, overshoot = face, False, False
    if result == "Panic Brake":
        stopped = True
    elif result == "Oversteer":
        same = turn if turn != "none" else "right"
        replaced = hard_turn(_other(same) if face == hard_turn(same) else same)
        stopped = True
    elif result == "Understeer":
        replaced = "punch_it"
    elif result in ("Skid Left", "Skid Right"):
        way = "left" if result == "Skid Left" else "right"
        replaced = hard_turn(_other(way) if face == hard_turn(way) else way)
        stopped = True
    elif result == "Overshoot":
        overshoot = True
    driven = kept[:-1] + (Driven(replaced, False, index),)
    return Outcome(False, plan.stationary, driven, stopped, overshoot, result,
                   edge=result in EDGE_RESULTS)


def _other(direction: str) -> str:
    return "left" if direction == "right" else "right"
