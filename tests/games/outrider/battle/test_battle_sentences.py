"""More sentences of the rulebook's play sections (1.3-8.1) and the 7.8 example, each set up
on a table by hand and played through the engine with dice that roll what the test says;
test_battle_rule_audit.py and test_battle_examples.py hold the others. Line numbers are
those of /work/shared/seeds/004_77965192d5f69886.txt."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from generator.games.outrider.battle.action import take_turn
from generator.games.outrider.battle.attacks import Shot, attack_adds, damage, shots
from generator.games.outrider.battle.chain import (
    action_points,
    boxed_in,
    item_costs,
    lay,
)
from generator.games.outrider.battle.geometry import Pose, body, card_at
from generator.games.outrider.battle.initiative import initiative_phase
from generator.games.outrider.battle.setup import Car
from generator.games.outrider.battle.state import Battle, Plan, Step
from tests.games.outrider.battle.tables import (
    Told,
    found,
    script,
    table,
    two_cars,
    vehicle,
    wrong,
)


def front(car: Car) -> float:
    """The y of the front edge of a car facing up the map."""
    return body(car.pose).cy + body(car.pose).half_length


def rear(car: Car) -> float:
    return body(car.pose).cy - body(car.pose).half_length


def far_edge(entry: Pose) -> float:
    """The y of the leading edge of a card seated on ``entry``, facing up the map."""
    card = card_at(entry)
    return card.cy + card.half_length


@dataclass
class Recording:
    """A driver that plays the plan it is told and notes where it stands at each shot."""

    plan_given: Plan
    poses: list[Pose] = field(default_factory=list)

    def plan(self, battle: Battle, car: Car) -> Plan:
        return self.plan_given

    def shot(self, battle: Battle, car: Car, aims: int) -> tuple[Shot, int] | None:
        self.poses.append(car.pose)
        return None


# -- 5.7 'front of the vehicle even with the leading edge of this maneuver card' -----------

EASE_UP_FIRST = Plan((Step("ease_up", True), Step("punch_it")))


@pytest.mark.parametrize(("chart_roll", "result", "moving"), [
    (2, "Panic Brake", False), (5, "Regain Control", True)])
def test_500_501_on_an_ease_up_the_front_stops_level_with_the_cards_leading_edge(
        chart_roll: int, result: str, moving: bool) -> None:
    """L500 Panic Brake, L501 Regain Control: 'Place the front of the vehicle even with the
    leading edge of this maneuver card' (its far edge: Ease Up's own exit arrow stands 28 mm
    short of it), its paired attack lost. Iron Curtain's 1 + Handling 1 = 2 reaches the
    Ease Up + attack (cost 2)."""
    battle = two_cars(vehicle("iron-curtain"), gap=800)
    car = battle.car(1)
    start = car.pose
    driver = Told(EASE_UP_FIRST)
    script(battle, [1, chart_roll])
    take_turn(battle, car, driver)
    assert found(battle, "loss of control")[0]["result"] == result
    assert front(car) == pytest.approx(far_edge(start))
    assert car.pose.heading == pytest.approx(0.0)
    assert car.moving is moving and driver.shots_asked == 0


def test_515_an_overshoot_on_a_braked_ease_up_leaves_the_rear_on_its_leading_edge() -> None:
    """L515 Overshoot: 'Place the entire vehicle past the end of the card, with the rear of
    the vehicle base flush with the leading edge of the Maneuver Card ... arrow side up'.
    Punch It! (1) then Ease Up + Brake Hard (3): the 1 + 1 = 2 reaches the braked Ease Up."""
    battle = two_cars(vehicle("iron-curtain"), gap=800)
    car = battle.car(1)
    second = lay(car.pose, ["punch_it"])[0].exit
    script(battle, [1, 3])
    take_turn(battle, car, Told(Plan((Step("punch_it"), Step("ease_up")), brake=True)))
    assert found(battle, "loss of control")[0] == {"card": "EASE UP", "chart": "stop",
                                                    "result": "Overshoot"}
    assert rear(car) == pytest.approx(far_edge(second))
    assert car.moving


def test_508_regain_control_on_a_swerve_puts_the_front_on_its_far_edge() -> None:
    """L508 (5+ on the turn chart): 'Place the front of the vehicle even with the leading
    edge of this maneuver card'. A Swerve Right's road leaves the card straight ahead, 18 mm
    to the right, through its far edge (its exit arrow stands 2 mm short of that edge)."""
    battle = two_cars(vehicle("iron-curtain"), gap=800)
    car = battle.car(1)
    start = car.pose
    script(battle, [1, 5])  # 1 + Handling 1 = 2 reaches the Swerve Right (cost 2)
    take_turn(battle, car, Told(Plan((Step("swerve_right"), Step("punch_it")))))
    assert found(battle, "loss of control")[0]["result"] == "Regain Control"
    assert front(car) == pytest.approx(far_edge(start))
    assert car.pose.x == pytest.approx(lay(start, ["swerve_right"])[0].exit.x)
    assert car.pose.heading == pytest.approx(0.0) and car.moving


@pytest.mark.parametrize(("plan", "chart_roll", "result", "heading"), [
    (Plan((Step("punch_it"), Step("hard_right"))), 1, "Oversteer", 270.0),
    (Plan((Step("punch_it"), Step("hard_left")), brake=True), 1, "Skid Left", 90.0),
    (Plan((Step("punch_it"), Step("hard_right")), brake=True), 2, "Skid Right", 270.0)])
def test_506_513_514_a_hard_turn_skids_or_oversteers_the_other_way(
        plan: Plan, chart_roll: int, result: str, heading: float) -> None:
    """L506: Oversteer covers the card with 'a Hard Turn card of the same direction (use the
    opposite direction if the original maneuver was a hard turn)'; L513-514: Skid Left
    swaps in 'a Hard Left (or Hard Right if the original maneuver was a Hard Left)', Skid
    Right the mirror; each ends stopped."""
    battle = two_cars(vehicle("iron-curtain"), gap=800)
    car = battle.car(1)
    script(battle, [1, chart_roll])
    take_turn(battle, car, Told(plan))
    assert found(battle, "loss of control")[0]["result"] == result
    assert car.pose.heading == pytest.approx(heading)
    assert not car.moving


def test_508_turn_chart_regain_control_ends_on_the_turn_moving_without_its_attack() -> None:
    """L508 (5+ on the turn chart): 'do not resolve any paired actions ... still in motion,
    but the player's turn ends here'."""
    battle = two_cars(vehicle("iron-curtain"), gap=800)
    car = battle.car(1)
    start = car.pose
    driver = Told(Plan((Step("punch_it"), Step("easy_right", True))))
    script(battle, [1, 5])
    take_turn(battle, car, driver)
    assert found(battle, "loss of control")[0]["result"] == "Regain Control"
    assert car.pose == lay(start, ["punch_it", "easy_right"])[1].exit
    assert car.moving and driver.shots_asked == 0


# -- 6.1 boxed in ----------------------------------------------------------------------------


def _touching_table() -> Battle:
    """Two stopped Iron Curtains side by side, their bases touching (nothing remembered of
    how they came to touch)."""
    iron = vehicle("iron-curtain")
    return table((iron, "narrow", Pose(457.0, 300.0, 0.0), False),
                 (iron, "narrow", Pose(527.0, 300.0, 0.0), False))


def test_524_a_car_that_begins_its_turn_touching_a_base_is_boxed_in() -> None:
    """L524: 'or if the vehicle begins the turn in contact with another vehicle or obstacle
    from a previous turn, the player can only choose to remain stopped or make a
    disengaging maneuver (if possible). The player can still attack from this stopped
    position.' The cars touch on the table: a Swerve Right into the other is refused;
    Punch It! (it disengages), staying put and a stationary attack are not."""
    battle = _touching_table()
    car = battle.car(1)
    assert not car.contact and boxed_in(battle, car)
    assert "a boxed-in vehicle may only disengage" in wrong(battle, car,
                                                            Plan((Step("swerve_right"),)))
    for plan in (Plan((Step("punch_it"),)), Plan(), Plan(stationary=1)):
        assert wrong(battle, car, plan) == []


@pytest.mark.parametrize(("face", "collided"), [("punch_it", False), ("swerve_right", True)])
def test_524_a_touching_car_drives_away_alongside_but_not_into_the_other(
        face: str, collided: bool) -> None:
    """L524 'make a disengaging maneuver (if possible)': the Punch It! slides away along the
    base it touches, no collision; a chain into it (here played by a car not boxed in: the
    other is in motion) meets it at once."""
    battle = _touching_table()
    car = battle.car(1)
    if collided:
        car.moving = True  # in motion, it is not boxed in: the swerve is played
    script(battle, [9, 6, 5])
    take_turn(battle, car, Told(Plan((Step(face),))))
    assert bool(found(battle, "collision")) is collided
    if collided:  # where it stood: the point of impact
        assert car.pose == Pose(457.0, 300.0, 0.0)
    else:
        assert car.pose.y == pytest.approx(396.0) and car.moving


def test_548_rammed_cars_are_boxed_in_by_each_other_next_turn() -> None:
    """L548: 'The colliding cars remain touching at the point of contact, making them
    automatically boxed in by each other next turn. Both vehicles will be marked as
    stopped.' After Big Horn's ram, neither may drive into the other; each may back away
    from it or shoot from where it stands."""
    battle = two_cars(vehicle("big-horn"), vehicle("iron-curtain"), gap=208)
    rammer, target = battle.car(1), battle.car(2)
    script(battle, [10, 8, 1])
    take_turn(battle, rammer, Told(Plan((Step("punch_it"), Step("punch_it")))))
    assert found(battle, "collision")[0]["kind"] == "ram"
    assert not rammer.moving and not target.moving
    for car, towards in ((rammer, False), (target, True)):
        assert boxed_in(battle, car)
        into = Plan((Step("punch_it"),), reverse=towards)
        away = Plan((Step("punch_it"),), reverse=not towards)
        assert "a boxed-in vehicle may only disengage" in wrong(battle, car, into)
        assert wrong(battle, car, away) == [] and wrong(battle, car, Plan(stationary=1)) == []


def test_548_552_cars_stay_boxed_in_where_only_the_card_met_the_base() -> None:
    """L522: 'Whenever a Maneuver Card is played that contacts the area of influence of
    another vehicle ... a collision has occurred'; L552: 'The colliding cars remain touching
    at the point of contact, making them automatically boxed in by each other next turn.'
    The Ease Up card reaches 10 mm into Iron Curtain's base, but the car on its exit arrow
    stops 18 mm short of it: an incidental all the same, and both are boxed in until one
    drives away."""
    iron = vehicle("iron-curtain")
    battle = two_cars(iron, iron, gap=206)
    car, target = battle.car(1), battle.car(2)
    script(battle, [5, 12, 1])  # the check (difficulty 1 + 2), then ARMOR 12 + 2 against 1 + 2
    take_turn(battle, car, Told(Plan((Step("ease_up"),))))
    assert found(battle, "collision")[0]["kind"] == "incidental" and target.damage == 1
    assert rear(target) - front(car) == pytest.approx(18.0)
    assert car.contact == {2} and target.contact == {1}
    assert boxed_in(battle, car) and boxed_in(battle, target)
    script(battle, [5])
    take_turn(battle, target, Told(Plan(stationary=1)))  # shooting from where it stands
    assert boxed_in(battle, car)
    script(battle, [5])
    take_turn(battle, car, Told(Plan((Step("punch_it"),), reverse=True)))  # backing away
    assert car.contact == set() and target.contact == set()
    assert not boxed_in(battle, target)


# -- 6.3-6.4 rams and incidentals -------------------------------------------------------------


def test_522_532_a_card_that_ends_flush_with_a_base_is_a_collision_with_its_hazard() -> None:
    """L522: a Maneuver Card 'that contacts the area of influence of another vehicle' is a
    collision; L532: 'Any Maneuver chain that involves a collision will incur a severe (+2)
    hazard'. The Punch It! card's far edge lies on Iron Curtain's rear edge: the chain costs
    1 + 2, and the car stops at the point of impact, an incidental."""
    battle = two_cars(vehicle("iron-curtain"), vehicle("iron-curtain"), gap=216)
    car, target = battle.car(1), battle.car(2)
    assert far_edge(car.pose) == pytest.approx(rear(target))
    script(battle, [9, 12, 1])
    take_turn(battle, car, Told(Plan((Step("punch_it"),))))
    assert found(battle, "control check")[0]["difficulty"] == 3
    assert found(battle, "collision")[0]["kind"] == "incidental"
    assert rear(target) - front(car) == pytest.approx(1.0, abs=0.05)


def test_532_an_arrow_touching_the_base_contacts_it() -> None:
    """L532: a ram needs 'the alignment arrow of the second or subsequent maneuver card to
    contact or overlap the target vehicle's card'. The second Punch It!'s arrow stops half a
    millimetre short of Iron Curtain's rear edge: within the gap at which bases touch, so it
    contacts it. A ram: 2 points to the loser, 1 to the winner (L548)."""
    battle = two_cars(vehicle("big-horn"), vehicle("iron-curtain"), gap=300.5)
    car, target = battle.car(1), battle.car(2)
    arrow = lay(car.pose, ["punch_it", "punch_it"])[1].exit
    assert rear(target) - arrow.y == pytest.approx(0.5)
    script(battle, [10, 8, 1])  # the check; ARMOR 8 + 1 against 1 + 2
    take_turn(battle, car, Told(Plan((Step("punch_it"), Step("punch_it")))))
    assert found(battle, "collision")[0]["kind"] == "ram"
    assert (car.damage, target.damage) == (1, 2)


def test_552_an_incidental_stops_a_moving_target_and_a_stopped_one_gives_the_rammer_1(
        ) -> None:
    """L536: 'both will stop at the point of impact'; L550: 'If the targeted car is
    stopped, the ramming vehicle will receive a +1'. Big Horn's 6 + Defense 1 + 1 beats Iron
    Curtain's 5 + Defense 2 only because Iron Curtain stands stopped (a tie would go to the
    larger ARMOR die, Iron Curtain's d12)."""
    for stopped in (False, True):
        battle = two_cars(vehicle("big-horn"), vehicle("iron-curtain"), gap=150)
        car, target = battle.car(1), battle.car(2)
        target.moving = not stopped
        script(battle, [10, 6, 5])
        take_turn(battle, car, Told(Plan((Step("punch_it"),))))
        collision = found(battle, "collision")[0]
        assert collision["kind"] == "incidental"
        assert collision["winner"] == ("Big Horn #1" if stopped else "Iron Curtain #2")
        assert (car.damage, target.damage) == ((0, 1) if stopped else (1, 0))
        assert not car.moving and not target.moving


# -- 1.3, 4 initiative and the Speedometer ------------------------------------------------


def test_413_416_initiative_adds_acceleration_and_the_highest_takes_the_speedometer() -> None:
    """L268 and L408: the ENGINE roll plus the Acceleration bonus; L416: the Speedometer to
    the highest; L419 Second Wind: a Skill Point 'even if it takes the player beyond their
    starting amount'. Dust Devil (d12, Acceleration +2) rolls 5 (7); Iron Curtain (d8) 8."""
    battle = table((vehicle("dust-devil"), "narrow", Pose(200, 200, 0), True),
                   (vehicle("iron-curtain"), "narrow", Pose(600, 200, 0), True))
    script(battle, [5, 8])
    initiative_phase(battle)
    assert battle.initiative == {1: 7, 2: 8}
    assert battle.order == [2, 1] and battle.speedometer == 2
    assert battle.car(2).skill == 10 + 1 and battle.car(1).skill == 10


def test_8_1_a_wreck_rolls_no_initiative_and_is_never_activated() -> None:
    """L654: a wrecked vehicle 'must remain in place, but can no longer be activated'."""
    iron = vehicle("iron-curtain")
    battle = table((iron, "narrow", Pose(200, 200, 0), True),
                   (iron, "narrow", Pose(450, 200, 0), True),
                   (iron, "narrow", Pose(700, 200, 0), True))
    damage(battle, battle.car(2), 6, "attack")
    dice = script(battle, [3, 4])
    initiative_phase(battle)
    assert battle.order == [3, 1] and dice.rolls == []


@pytest.mark.parametrize(("lucky", "success"), [(True, True), (False, False)])
def test_309_the_speedometer_adds_1_to_the_control_check(lucky: bool, success: bool) -> None:
    """L309 and L418: +1 to the holder's Driver/Control rolls. Three Punch It! + attack
    cost 6; Iron Curtain rolls 4, + Handling 1, + the Speedometer."""
    battle = two_cars(vehicle("iron-curtain"), gap=800)
    car = battle.car(1)
    battle.speedometer = car.slot if lucky else None
    script(battle, [4])
    take_turn(battle, car, Told(Plan((Step("punch_it", True),) * 3)))
    assert found(battle, "control check")[0]["success"] is success


# -- 5.1-5.6 programming and the control check ---------------------------------------------


def test_284_three_attack_tokens_whatever_the_action_points() -> None:
    """L284: 'three (3) Attack Tokens to use each turn, regardless of available AP'; L431:
    no more maneuvers than Action Points. Big Horn's d6 engine gives 3 AP."""
    battle = two_cars(vehicle("big-horn"))
    car = battle.car(1)
    three = Plan((Step("punch_it", True),) * 3)
    assert action_points(car, three) == 3 and wrong(battle, car, three) == []
    assert "more Action Points than the engine gives" in wrong(
        battle, car, Plan((Step("punch_it"),) * 4))
    car.moving = False  # from a stop the shift costs one more (L440)
    assert "more Action Points than the engine gives" in wrong(
        battle, car, Plan((Step("punch_it"),) * 3))


def test_436_brake_hard_stops_on_the_final_card_with_its_attack() -> None:
    """L439: 'the vehicle will come to a stop on top of the final maneuver card ... The
    choice to Brake Hard does not prevent an action from being paired with the final
    maneuver.' Costs 1, then 2 + the attack + Brake Hard = 4."""
    battle = two_cars(vehicle("iron-curtain"), gap=800)
    car = battle.car(1)
    start = car.pose
    driver = Recording(Plan((Step("punch_it"), Step("punch_it", True)), brake=True))
    script(battle, [3])
    take_turn(battle, car, driver)
    assert found(battle, "control check")[0] == {"difficulty": 4, "skill": 0, "success": True}
    end = lay(start, ["punch_it", "punch_it"])[1].exit
    assert car.pose == end and driver.poses == [end]
    assert not car.moving


@pytest.mark.parametrize(("skill", "rolled", "success"), [(5, 1, True), (2, 2, False)])
def test_466_skill_points_go_past_4_and_are_lost_on_a_failure(
        skill: int, rolled: int, success: bool) -> None:
    """L464: each Skill Point adds 1 'even beyond the normal limit of +4'; L482: on a failed
    check 'Any Action Points, Skill Points or tokens that were used this attempt are lost'.
    Difficulty 6; Iron Curtain's Handling +1."""
    battle = two_cars(vehicle("iron-curtain"), gap=800)
    car = battle.car(1)
    script(battle, [rolled])
    take_turn(battle, car, Told(Plan((Step("punch_it", True),) * 3, skill=skill)))
    check = found(battle, "control check")[0]
    assert check["success"] is success and found(battle, "loss of control") == []
    assert car.skill == 10 - skill


def test_478_a_failed_check_can_still_advance_to_the_final_card() -> None:
    """L480: 'There will be situations where a player can fail a DRIVER roll and still
    manage to advance to the final card, due to modifying factors like bonuses.' Three
    Punch It!, an attack on the second, the third meeting Iron Curtain (+2): costs 1, 3, 4,
    difficulty 6. The 4 + Handling 1 = 5 passes every card but not the hazard: the attack
    resolves, the car drives on to the final card and meets the base there, an incidental
    (a failed check rams nothing, L532)."""
    iron = vehicle("iron-curtain")
    battle = two_cars(iron, iron, gap=330)
    car = battle.car(1)
    driver = Told(Plan((Step("punch_it"), Step("punch_it", True), Step("punch_it"))))
    script(battle, [4, 12, 1])
    take_turn(battle, car, driver)
    assert found(battle, "control check")[0] == {"difficulty": 6, "skill": 0, "success": False}
    assert driver.shots_asked == 1
    assert found(battle, "collision")[0]["kind"] == "incidental"
    assert car.pose.y > lay(Pose(457.0, 150.0, 0.0), ["punch_it"] * 2)[1].exit.y


def test_638_aiming_goes_with_a_stationary_attack_only_two_at_most() -> None:
    """L638: 'one or two action tokens next to that stationary attack, for a +1 for each
    Aim ... limited by the +4 rule and MAY NOT be paired with attacks that are paired with
    maneuvers'; each action token adds 1 difficulty (L631)."""
    battle = two_cars(vehicle("iron-curtain"))
    car = battle.car(1)
    car.moving = False
    aimed = Plan(stationary=1, aims=2)
    assert wrong(battle, car, aimed) == [] and item_costs(car, aimed) == ([3], 3)
    assert "aim tokens go with a stationary attack, at most two" in wrong(
        battle, car, Plan((Step("punch_it"), Step("punch_it", True)), aims=1))
    assert "aim tokens go with a stationary attack, at most two" in wrong(
        battle, car, Plan(stationary=1, aims=3))


def test_607_611_a_stopped_defender_loses_superior_initiative_and_gives_1() -> None:
    """L607: superior initiative needs the defender 'moving'; L611: 'If the defender is
    stopped, the attacker gains +1'. Iron Curtain acts first but stands stopped."""
    battle = two_cars(vehicle("big-horn"), vehicle("iron-curtain"))
    battle.order = [2, 1]
    car, target = battle.car(1), battle.car(2)
    target.moving = False
    assert attack_adds(battle, car, target, Shot(2, 0, 12, False), 0) == (2 + 1, 2)


def test_580_a_corridor_that_only_touches_a_base_hits_it() -> None:
    """L580: 'If any portion of the red fire corridor on the Range Cards touches the base of
    another vehicle, that vehicle is hit.' Iron Curtain's fixed front arc reaches 360 mm out
    of its front edge (y = 162): a base whose rear edge lies at y = 522 is touched."""
    iron = vehicle("iron-curtain")
    battle = table((iron, "narrow", Pose(457.0, 150.0, 0.0), True),
                   (iron, "narrow", Pose(457.0, 522.0 + 108.0, 0.0), True))
    assert {s.target for s in shots(battle, battle.car(1), battle.car(1).pose)} == {2}


@pytest.mark.parametrize(("aside", "found_shots"), [
    (0.0, [("primary", 12, True), ("secondary", 6, False)]),
    (40.0, [("secondary", 6, False)])])
def test_585_fire_linked_only_when_both_arcs_touch_the_target(
        aside: float, found_shots: list[tuple[str, int, bool]]) -> None:
    """L585: 'If both arcs can touch the intended target, the player may fire with the
    primary weapon, with an additional +1'; L584: a secondary arc alone shoots a d6. Quick
    Draw's narrow side has a fixed primary and a fixed secondary arc on its front edge, 15 mm
    either side of its middle; the target straight ahead meets both corridors, one 40 mm to
    the right only the secondary's."""
    battle = table((vehicle("quick-draw"), "narrow", Pose(457.0, 150.0, 0.0), True),
                   (vehicle("iron-curtain"), "narrow", Pose(457.0 + aside, 450.0, 0.0), True))
    car = battle.car(1)
    got = [(car.variant.arcs[s.arc].weapon, s.sides, s.linked)
           for s in shots(battle, car, car.pose)]
    assert got == found_shots


def test_7_3_an_attack_resolves_from_its_card_before_the_car_moves_on() -> None:
    """L599 (7.3): 'the player may resolve an attack from the marked position, before moving
    along to the end of the chain'; L576: the vehicle fires with its front arrow on the
    attack card's red exit arrow."""
    battle = two_cars(vehicle("iron-curtain"), gap=800)
    car = battle.car(1)
    start = car.pose
    driver = Recording(Plan((Step("punch_it", True), Step("easy_right"))))
    script(battle, [9])
    take_turn(battle, car, driver)
    laid = lay(start, ["punch_it", "easy_right"])
    assert driver.poses == [laid[0].exit] and car.pose == laid[1].exit and car.moving


# -- 7.8 the complex attack example ----------------------------------------------------------


def test_7_8_the_complex_attack_sequence_played_through() -> None:
    """L642: stopped, 'make a stationary attack, throw the car into gear, execute an Easy
    Right followed by an Easy Left/Attack combo ... and then execute a brake before
    contacting the second vehicle'. The stationary shot from where the car stands, the
    second from the Easy Left's exit arrow, then stopped there (difficulty 6 by the rules:
    test_battle_examples.py); the car ahead is not touched."""
    battle = two_cars(vehicle("iron-curtain"), gap=420)
    car = battle.car(1)
    car.moving = False
    start = car.pose
    driver = Recording(Plan((Step("easy_right"), Step("easy_left", True)), brake=True,
                            stationary=1))
    script(battle, [5])  # 5 + Handling 1 = 6
    take_turn(battle, car, driver)
    end = lay(start, ["easy_right", "easy_left"])[1].exit
    assert driver.poses == [start, end]
    assert car.pose == end and car.pose.heading == pytest.approx(0.0)
    assert not car.moving and found(battle, "collision") == []
