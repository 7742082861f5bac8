"""Sentences of the rulebook's play sections (4-8), each stepped through the engine on a table
set up by hand with dice that roll what the test says. Line numbers are those of
/work/shared/seeds/004_77965192d5f69886.txt."""

from __future__ import annotations

import pytest

from generator.games.outrider.battle.action import take_turn
from generator.games.outrider.battle.attacks import Shot, attack_adds, fire, shots
from generator.games.outrider.battle.chain import (
    action_points,
    boxed_in,
    driving_pose,
    hazards,
    item_costs,
    lay,
    lay_card,
)
from generator.games.outrider.battle.collisions import collision_add, contest
from generator.games.outrider.battle.geometry import CARD_LENGTH, Pose, body, card_at
from generator.games.outrider.battle.state import Battle, Plan, Step
from generator.probability.dist import Die
from generator.probability.outrider import ManeuverType, loss_of_control
from tests.games.outrider.battle.tables import (
    Told,
    found,
    script,
    table,
    two_cars,
    vehicle,
    wrong,
)

STRAIGHTS = Plan((Step("punch_it", True), Step("punch_it", True), Step("punch_it", True)))


@pytest.mark.parametrize(("lucky", "result", "moving"), [
    (True, "Regain Control", True), (False, "Panic Brake", False)])
def test_418_the_speedometer_adds_1_to_the_loss_of_control_chart(
        lucky: bool, result: str, moving: bool) -> None:
    """L418 'Lucky ... +1 to ALL die rolls this round' (and L305, 'ALL Driver ... rolls'):
    the chart's DRIVER roll of 3 on a straight is 4 for the Speedometer's holder, Regain
    Control (moving), where it is Panic Brake (stopped) for anyone else (L500-501)."""
    battle = two_cars(vehicle("iron-curtain"), gap=800)
    car = battle.car(1)
    battle.speedometer = car.slot if lucky else None
    script(battle, [1, 3])  # the check (a natural 1: it fails), then the chart
    take_turn(battle, car, Told(STRAIGHTS))
    lost = found(battle, "loss of control")
    assert [r["result"] for r in lost] == [result]
    chart_die = next(e for e in battle.events if e["action"] == "loss of control")["dice"][0]
    assert chart_die["total"] == (4 if lucky else 3)
    assert car.moving is moving


def test_418_the_chart_odds_take_the_speedometer_too() -> None:
    plain = loss_of_control(Die.numbered(10), ManeuverType.STRAIGHT)
    lucky = loss_of_control(Die.numbered(10), ManeuverType.STRAIGHT, speedometer=True)
    assert float(plain.prob("panic_brake")) == pytest.approx(0.3)
    assert float(lucky.prob("panic_brake")) == pytest.approx(0.2)


def _boxed_table(behind: bool) -> Battle:
    """A stopped Iron Curtain with a car 38 mm ahead of its front edge (inside the reach of
    any card seated on its front) and, if ``behind``, one 42 mm behind its rear edge."""
    iron = vehicle("iron-curtain")
    cars = [(iron, "narrow", Pose(457.0, 300.0, 0.0), False),
            (iron, "narrow", Pose(457.0, 458.0, 0.0), True)]
    if behind:
        cars.append((iron, "narrow", Pose(457.0, 138.0, 0.0), True))
    return table(*cars)


def test_524_a_stopped_car_that_cannot_play_a_card_without_contact_is_boxed_in() -> None:
    """L524: 'If a vehicle begins its turn stopped and is unable to play at least one
    Maneuver Card without bringing it into contact with another vehicle ... can only choose
    to remain stopped or make a disengaging maneuver (if possible). The player can still
    attack from this stopped position.' Every card, forwards or in reverse, meets a base:
    no chain may be played; staying put, and shooting from there, may."""
    battle = _boxed_table(behind=True)
    car = battle.car(1)
    assert not car.contact and boxed_in(battle, car)
    for plan in (Plan((Step("punch_it"),)), Plan((Step("hard_left"),)),
                 Plan((Step("ease_up"),), reverse=True)):
        assert "a boxed-in vehicle may only disengage" in wrong(battle, car, plan)
    assert wrong(battle, car, Plan()) == []
    assert wrong(battle, car, Plan(stationary=2)) == []


def test_524_a_car_with_one_clear_card_is_not_boxed_in() -> None:
    """With nothing behind it the car can back away, so it may also drive into the car
    ahead (a collision, +2 on its chain, L532)."""
    battle = _boxed_table(behind=False)
    car = battle.car(1)
    plan = Plan((Step("punch_it"),))
    assert not boxed_in(battle, car)
    assert wrong(battle, car, plan) == []
    assert hazards(battle, car, plan, lay(car.pose, ["punch_it"])) == 2


def test_532_a_ram_when_a_later_cards_arrow_lies_on_the_base_the_first_card_meets() -> None:
    """L532: a ram is 'a maneuver chain that causes the alignment arrow of the second or
    subsequent maneuver card to contact or overlap the target vehicle's card'. The first
    Punch It! meets Iron Curtain's base (its own arrow stops 4 mm short), the second card's
    arrow lies inside it: the chain rams, though the car stops on its first card. Big Horn
    wins the ARMOR roll (8 + 1 against 1 + 2): 1 point to it, 2 to the target (L548)."""
    battle = two_cars(vehicle("big-horn"), vehicle("iron-curtain"), gap=208)
    car, target = battle.car(1), battle.car(2)
    laid = lay(car.pose, ["punch_it", "punch_it"])
    assert not body(target.pose).contains((laid[0].exit.x, laid[0].exit.y))
    assert body(target.pose).contains((laid[1].exit.x, laid[1].exit.y))
    script(battle, [10, 8, 1])
    take_turn(battle, car, Told(Plan((Step("punch_it"), Step("punch_it")))))
    collision = found(battle, "collision")[0]
    assert collision["kind"] == "ram"
    assert (car.damage, target.damage) == (1, 2)
    assert car.pose.y < laid[0].exit.y  # stopped at the point of impact, on the first card


def test_532_the_same_chain_failed_is_an_incidental() -> None:
    """L532: 'If the ramming vehicle fails its Driver roll, it cannot complete a ram ... The
    collision will be resolved as an incidental instead': 1 point to the loser, none to the
    winner (L552). Difficulty 4 (two cards and the +2 collision hazard); the roll is 3."""
    battle = two_cars(vehicle("big-horn"), vehicle("iron-curtain"), gap=208)
    car, target = battle.car(1), battle.car(2)
    script(battle, [3, 8, 1])
    take_turn(battle, car, Told(Plan((Step("punch_it"), Step("punch_it")))))
    assert found(battle, "control check")[0]["difficulty"] == 4
    assert found(battle, "collision")[0]["kind"] == "incidental"
    assert (car.damage, target.damage) == (0, 1)


def test_546_a_stopped_target_gives_the_rammer_1_and_skill_points_are_not_spent() -> None:
    """L546: '+1 if the targeted car is stopped ... The Rule of +4 applies to all modifiers
    excluding the speedometer and the stopped maneuver token. Skill Points MAY NOT be spent
    on collision rolls.'"""
    battle = two_cars(vehicle("big-horn"), vehicle("iron-curtain"))
    car, target = battle.car(1), battle.car(2)
    assert collision_add(battle, car, target, True) == 1
    target.moving = False
    battle.speedometer = car.slot
    assert collision_add(battle, car, target, True) == 1 + 1 + 1
    assert collision_add(battle, target, car, False) == 2
    skill = car.skill, target.skill
    script(battle, [4, 4])  # 4 + 3 against 4 + 2
    winner, loser, _ = contest(battle, car, target)
    assert (winner, loser) == (car, target)
    assert (car.skill, target.skill) == skill


def test_442_reverse_is_three_cards_at_most_and_a_moderate_hazard() -> None:
    """L442: 'limited to three (3) maneuvers in reverse, regardless of available AP ...
    increases the total difficulty of a Maneuver Chain by +1'. Dust Devil's d12 engine
    gives 6 AP."""
    battle = two_cars(vehicle("dust-devil"))
    car = battle.car(1)
    car.moving = False
    three = Plan((Step("punch_it"),) * 3, reverse=True)
    four = Plan((Step("punch_it"),) * 4, reverse=True)
    assert "at most three maneuvers in reverse" in wrong(battle, car, four)
    assert wrong(battle, car, three) == []
    hazard = hazards(battle, car, three, lay(driving_pose(car.pose, True), ["punch_it"] * 3))
    assert hazard == 1
    assert item_costs(car, three, hazard)[1] == 3 + 1 + 1  # cards, shift token, reverse


def test_440_starting_from_a_stop_costs_an_ap_and_a_token() -> None:
    """L440: 'expend one (1) additional Action Point and pair a yellow action token with the
    first Maneuver Card'; L286: an action token adds difficulty like an attack."""
    battle = two_cars(vehicle("iron-curtain"))
    car = battle.car(1)
    car.moving = False
    plan = Plan((Step("punch_it"), Step("punch_it", True), Step("punch_it", True)))
    assert action_points(car, plan) == 4
    assert item_costs(car, plan) == ([2, 4, 6], 6)
    four = Plan(plan.cards[:2] + (Step("punch_it", True),) * 2)
    assert "more than three Attack/Action tokens" in wrong(battle, car, four)


def test_454_modifiers_stop_at_4_and_brake_hard_goes_past() -> None:
    """L454: 'no amount of actions or hazards will drive the Modifier number above +4 ...
    The decision to brake will increase any chain of maneuvers by +1, even if the current
    modifiers are at +4.' Three attack tokens and a collision: 5 modifiers, 4 counted."""
    battle = two_cars(vehicle("iron-curtain"))
    plan = Plan((Step("punch_it", True),) * 3, brake=True)
    assert item_costs(battle.car(1), plan, 2) == ([2, 4, 7], 3 + 4 + 1)


def test_476_a_natural_1_that_still_reaches_the_target_is_no_loss_of_control() -> None:
    """L476: a loss of control needs a *failed* check with a roll of 1. Handling +1 and the
    Speedometer make a 1 a 3, enough for a single Punch It!."""
    battle = two_cars(vehicle("iron-curtain"), gap=800)
    car = battle.car(1)
    battle.speedometer = car.slot
    script(battle, [1])
    take_turn(battle, car, Told(Plan((Step("punch_it"),))))
    assert found(battle, "control check")[0]["success"] is True
    assert found(battle, "loss of control") == []


@pytest.mark.parametrize(("chart_roll", "result", "heading", "moving"), [
    (1, "Skid Left", 270.0, False), (2, "Skid Right", 90.0, False),
    (3, "Overshoot", 22.5, True), (5, "Regain Control", 22.5, True)])
def test_510_the_braked_last_card_rolls_on_the_stop_chart(
        chart_roll: int, result: str, heading: float, moving: bool) -> None:
    """L490: 'the final maneuver of any maneuver chain becomes a stop maneuver when the
    Brake Hard Card is placed'; L513-516: Skid Left swaps in a Hard Left, Skid Right a Hard
    Right (both stopped), Overshoot drives on a vehicle length (moving), Regain Control ends
    on the card (moving). Costs: Punch It! 1, Easy Right + Brake Hard 3; the roll of 1 with
    Handling +1 is 2 and reaches the Easy Right."""
    battle = two_cars(vehicle("iron-curtain"), gap=800)
    car = battle.car(1)
    start = car.pose
    script(battle, [1, chart_roll])
    take_turn(battle, car, Told(Plan((Step("punch_it"), Step("easy_right")), brake=True)))
    lost = found(battle, "loss of control")[0]
    assert (lost["chart"], lost["result"]) == ("stop", result)
    assert car.pose.heading == pytest.approx(heading)
    assert car.moving is moving
    exit_pose = lay(start, ["punch_it", "easy_right"])[1].exit
    if result == "Overshoot":  # the rear of the base flush with the card's leading edge
        assert car.pose.x == pytest.approx(exit_pose.moved(CARD_LENGTH).x)
        assert car.pose.y == pytest.approx(exit_pose.moved(CARD_LENGTH).y)
    if result == "Regain Control":
        assert (car.pose.x, car.pose.y) == pytest.approx((exit_pose.x, exit_pose.y))


def test_507_understeer_swaps_in_a_punch_it_and_loses_the_paired_attack() -> None:
    """L507 (roll 3-4 on the turn chart): 'Cover this Maneuver Card with a Punch It! ...
    Mark the vehicle ... arrow side up'; L476: no paired action at the point of control
    loss. The 1 with Handling +1 is 2: it reaches the Easy Right + attack (cost 2)."""
    battle = two_cars(vehicle("iron-curtain"), gap=800)
    car = battle.car(1)
    start = car.pose
    driver = Told(Plan((Step("easy_right", True), Step("hard_left", True))))
    script(battle, [1, 4])
    take_turn(battle, car, driver)
    assert found(battle, "loss of control")[0]["result"] == "Understeer"
    assert driver.shots_asked == 0
    assert car.moving and car.pose.heading == pytest.approx(0.0)
    assert car.pose == lay_card(start, "punch_it").exit


def test_500_panic_brake_leaves_the_front_level_with_the_cards_leading_edge() -> None:
    """L500: 'Place the front of the vehicle even with the leading edge of this maneuver
    card ... Stop Sign side up'."""
    battle = two_cars(vehicle("iron-curtain"), gap=800)
    car = battle.car(1)
    card = card_at(car.pose)
    script(battle, [1, 2])  # total 2 reaches the first Punch It! + attack (cost 2)
    take_turn(battle, car, Told(STRAIGHTS))
    assert found(battle, "loss of control")[0]["result"] == "Panic Brake"
    front = body(car.pose).cy + body(car.pose).half_length
    assert front == pytest.approx(card.cy + card.half_length)
    assert not car.moving


def test_628_a_failed_stationary_attack_needs_no_chart_and_stays_stopped() -> None:
    """L628: 'if a Driver roll fails on a stopped attack, no Loss of Control roll is
    necessary, the series of events just gets abbreviated before the attack occurs, the
    vehicle will remain stopped'. Three stationary attacks cost 1, 2, 3; the 1 with
    Handling +1 is 2: the first attack resolves, the second is where it ends."""
    battle = two_cars(vehicle("iron-curtain"))
    car = battle.car(1)
    car.moving = False
    driver = Told(Plan(stationary=3))
    dice = script(battle, [1])  # no chart roll follows
    take_turn(battle, car, driver)
    assert dice.rolls == [] and found(battle, "loss of control") == []
    assert driver.shots_asked == 1
    assert not car.moving


def test_620_a_1_on_the_weapon_die_misses_whatever_is_added() -> None:
    """L620: 'Any time a 1 is rolled for an attack, the player's attack automatically
    misses, regardless of the target number and any modifiers.'"""
    battle = two_cars(vehicle("big-horn"), vehicle("iron-curtain"))
    car, target = battle.car(1), battle.car(2)
    target.moving = False
    script(battle, [1, 1])  # ARMOR 1, WEAPON 1: 1 + 2 + 1 + 5 Skill against 1 + 2
    assert fire(battle, car, Shot(2, 0, 12, False), 5) is False
    assert target.damage == 0 and car.skill == 10 - 5  # the Skill Points are spent


@pytest.mark.parametrize(("order", "damaged"), [([1, 2], True), ([2, 1], False)])
def test_607_615_a_tie_damages_unless_the_moving_defender_acts_first(
        order: list[int], damaged: bool) -> None:
    """L615: damage when the attack total is 'EQUAL TO or GREATER THAN the target number';
    L607: a moving defender with superior initiative adds 1. Big Horn (Firepower +2) rolls
    5 against Iron Curtain's 5 (Defense +2)."""
    battle = two_cars(vehicle("big-horn"), vehicle("iron-curtain"))
    battle.order = order
    script(battle, [5, 5])
    assert fire(battle, battle.car(1), Shot(2, 0, 12, False), 0) is damaged


def test_611_613_the_stopped_target_and_the_speedometer_go_past_the_rule_of_four() -> None:
    """L611, L613: a stopped defender and the attacker's Speedometer each add 1 'not limited
    by the rule of +4'; L585 fire-linking and L638 aiming are (L603). Big Horn: Firepower
    +2, +1 linked, +2 aimed = 5, capped at 4, then +1 stopped, +1 Speedometer, +2 Skill."""
    battle = two_cars(vehicle("big-horn"), vehicle("iron-curtain"))
    car, target = battle.car(1), battle.car(2)
    shot = Shot(2, 0, 12, True)
    assert attack_adds(battle, car, target, shot, 0, 2)[0] == 4
    target.moving = False
    battle.speedometer = car.slot
    assert attack_adds(battle, car, target, shot, 2, 2)[0] == 4 + 1 + 1 + 2
    battle.speedometer = target.slot
    battle.order = [2, 1]
    target.moving = True
    # Defense +2, superior initiative +1, the Speedometer +1
    assert attack_adds(battle, car, target, shot, 0)[1] == 2 + 1 + 1


@pytest.mark.parametrize(("rear_edge", "reached"), [(521.0, True), (523.0, False)])
def test_578_three_range_cards_from_the_arc(rear_edge: float, reached: bool) -> None:
    """L578: 'up to three (3) range cards' nested on the arc: Iron Curtain's fixed front arc
    reaches 360 mm straight out of its front edge (at y = 162)."""
    iron = vehicle("iron-curtain")
    battle = table((iron, "narrow", Pose(457.0, 150.0, 0.0), True),
                   (iron, "narrow", Pose(457.0, rear_edge + 108.0, 0.0), True))
    targets = {s.target for s in shots(battle, battle.car(1), battle.car(1).pose)}
    assert targets == ({2} if reached else set())


def test_580_the_first_vehicle_to_interrupt_the_corridor_is_the_target() -> None:
    """L580: 'the first vehicle to interrupt the range ruler will be considered the target',
    a wreck included (it stays 'as an obstacle', L615)."""
    iron = vehicle("iron-curtain")
    battle = table((iron, "narrow", Pose(457.0, 150.0, 0.0), True),
                   (iron, "narrow", Pose(457.0, 450.0, 0.0), True),
                   (iron, "narrow", Pose(457.0, 320.0, 0.0), True))
    car = battle.car(1)
    assert {s.target for s in shots(battle, car, car.pose)} == {3}
    battle.car(3).wrecked_in = 1
    assert {s.target for s in shots(battle, car, car.pose)} == set()


@pytest.mark.parametrize(("side", "reached"), [("narrow", False), ("wide", True)])
def test_578_an_articulated_arc_sweeps_90_degrees_a_fixed_one_shoots_straight(
        side: str, reached: bool) -> None:
    """L578: 'Articulated weapons have a 90 degree cone, while fixed weapons have a small,
    rectangular arc that allows only for straight forward (or backward) shooting.' Iron
    Curtain's front arc is fixed on the narrow side, articulated on the wide; the target's
    middle lies 200 mm out at 35 degrees right of straight ahead."""
    iron = vehicle("iron-curtain")
    battle = table((iron, side, Pose(457.0, 150.0, 0.0), True),
                   (iron, "narrow", Pose(571.7, 373.8, 0.0), True))
    targets = {s.target for s in shots(battle, battle.car(1), battle.car(1).pose)}
    assert targets == ({2} if reached else set())


def test_584_a_secondary_arc_shoots_a_d6() -> None:
    """L584: 'Any attack made with a secondary arc will not use the vehicle's assigned
    WEAPON die ... only attack with a strength of D6. The vehicle's FIREPOWER characteristic
    bonus can still be added.' Big Horn (d12 WEAPON, Firepower +2) shoots a car behind it
    with its rear secondary arc."""
    battle = table((vehicle("big-horn"), "narrow", Pose(457.0, 450.0, 0.0), True),
                   (vehicle("iron-curtain"), "narrow", Pose(457.0, 250.0, 0.0), True))
    car = battle.car(1)
    found_shots = shots(battle, car, car.pose)
    assert [(s.target, s.sides, s.linked) for s in found_shots] == [(2, 6, False)]
    assert car.variant.arcs[found_shots[0].arc].weapon == "secondary"
    assert attack_adds(battle, car, battle.car(2), found_shots[0], 0)[0] == 2
