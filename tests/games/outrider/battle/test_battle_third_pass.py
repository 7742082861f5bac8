"""Third blind pass over the rulebook's play sections (3-8): sentences no other battle test
pinned, each set up on a table by hand and played through the engine with dice that roll
what the test says. One was played otherwise and is fixed: with two turned bases across a
fire corridor, the target was the base whose nearest corner lay nearest, even off to the
side of the corridor, not the first base the corridor meets (L580). Line numbers are those
of /work/shared/seeds/004_77965192d5f69886.txt."""

from __future__ import annotations

from generator.games.outrider.battle.action import take_turn
from generator.games.outrider.battle.attacks import Shot, attack_adds, shots
from generator.games.outrider.battle.chain import action_points, item_costs
from generator.games.outrider.battle.collisions import collision_add
from generator.games.outrider.battle.control import control_add
from generator.games.outrider.battle.engine import BattleRun, battle_result, step_battle
from generator.games.outrider.battle.geometry import Pose, body, distance_along
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


class Gunner(Told):
    """A driver that plays the plan it is told and shoots car 2 with its primary arc (a d6:
    Iron Curtain's WEAPON die) at every attack, spending no Skill Points."""

    def shot(self, battle: Battle, car: Car, aims: int) -> tuple[Shot, int] | None:
        self.shots_asked += 1
        return Shot(2, 0, car.vehicle.equipment.weapon, False), 0


def _side_by_side() -> Battle:
    iron = vehicle("iron-curtain")
    return table((iron, "narrow", Pose(200.0, 200.0, 0.0), True),
                 (iron, "narrow", Pose(600.0, 200.0, 0.0), True))


# -- 3.1, 8.1-8.2 the round -------------------------------------------------------------------


def test_397_654_664_highest_initiative_acts_first_a_wreck_never_acts_last_car_wins() -> None:
    """L397: 'Each player resolves movement and attacks, in descending initiative order';
    L654: a wreck 'can no longer be activated'; L664: 'Play continues until victory
    conditions have been met ... Last car standing wins!'. Car 1 rolls 8 to car 2's 2, acts
    first and puts the sixth point on car 2 (ARMOR 1 + Defense 2 against WEAPON 6): car 2
    never programs a turn, and the battle is over with car 1 its winner."""
    battle = _side_by_side()
    battle.round = 0
    battle.car(2).damage = 5
    first = Gunner(Plan((Step("punch_it", True),)))
    second = Told(Plan((Step("punch_it"),)))
    run = BattleRun(battle, {1: first, 2: second}, {1: 0, 2: 0})
    dice = script(battle, [8, 2, 9, 1, 6])  # ENGINE 8 and 2; DRIVER 9; ARMOR 1; WEAPON 6
    assert step_battle(run)
    assert [e["vehicle"] for e in battle.events if e["action"] == "program"] == [
        "Iron Curtain #1"]
    assert battle.car(2).wrecked and dice.rolls == []
    assert not step_battle(run)
    result = battle_result(run)
    assert result.winner == 1 and result.ending == "last car standing"
    assert run.dealt == {1: 1, 2: 0}


def test_660_419_spent_skill_points_come_back_only_with_the_speedometer() -> None:
    """L660: 'When a player exhausts all of their Skill Points, they can only gain more if
    they win initiative'; L419 Second Wind: one Skill Point to the winner. Both drivers have
    spent every point; car 2 wins the roll (7 to 3)."""
    battle = _side_by_side()
    for car in battle.cars:
        car.skill = 0
    script(battle, [3, 7])
    initiative_phase(battle)
    assert (battle.car(1).skill, battle.car(2).skill) == (0, 1)


# -- 5.3-5.4 Action Points and the control roll -----------------------------------------------


def test_437_unused_action_points_do_not_carry_over() -> None:
    """L437: 'Unused Action Points do not accumulate from round to round.' Iron Curtain's
    d8 engine gives 4 AP; after a turn of one card, five cards are still one too many."""
    battle = two_cars(vehicle("iron-curtain"), gap=800)
    car = battle.car(1)
    script(battle, [9])
    take_turn(battle, car, Told(Plan((Step("punch_it"),))))
    five = Plan((Step("ease_up"),) * 5)
    assert action_points(car, five) == 5
    assert "more Action Points than the engine gives" in wrong(battle, car, five)
    assert wrong(battle, car, Plan((Step("ease_up"),) * 4)) == []


def test_456_handling_and_equipment_stop_at_4_skill_and_speedometer_go_past() -> None:
    """L456: 'no amount of equipment or characteristic bonuses can boost a roll more than
    +4'; L464: Skill Points go 'even beyond the normal limit of +4'; L309: the Speedometer
    adds 1. Handling and equipment worth +6 add 4; 2 Skill Points and the Speedometer 3 more."""
    battle = two_cars(vehicle("iron-curtain"))
    car = battle.car(1)
    car.bonuses["control"] = 6
    assert control_add(battle, car, Plan(skill=2)) == 4 + 2
    battle.speedometer = car.slot
    assert control_add(battle, car, Plan(skill=2)) == 4 + 2 + 1


def test_408_acceleration_and_equipment_stop_at_4_on_the_initiative_roll() -> None:
    """L408: the ENGINE roll 'adding any ACCELERATION bonus'; L456: no characteristic or
    equipment bonus boosts a roll past +4. Car 1's initiative bonuses are worth +6: its 2 is
    6, not 8, and car 2's 7 goes first."""
    battle = _side_by_side()
    battle.car(1).bonuses["initiative"] = 6
    script(battle, [2, 7])
    initiative_phase(battle)
    assert battle.initiative == {1: 2 + 4, 2: 7}
    assert battle.order == [2, 1]


def test_631_each_token_adds_1_without_any_movement() -> None:
    """L631: 'Each Action Token adds +1 difficulty to a DRIVER control check, regardless if
    any movement is attempted'; L636 (7.7): stationary attacks cost 1 AP each. Three from a
    stop: 3 AP, difficulty 3; a roll of 2 + Handling 1 makes it, and the car stays stopped."""
    battle = two_cars(vehicle("iron-curtain"))
    car = battle.car(1)
    car.moving = False
    plan = Plan(stationary=3)
    assert action_points(car, plan) == 3 and item_costs(car, plan) == ([1, 2, 3], 3)
    driver = Told(plan)
    script(battle, [2])
    take_turn(battle, car, driver)
    assert found(battle, "control check")[0]["success"] is True
    assert driver.shots_asked == 3 and not car.moving and car.pose == Pose(457.0, 150.0, 0.0)


def test_638_aim_tokens_cost_an_action_point_and_a_token_each() -> None:
    """L638 (7.7): 'one or two action tokens next to that stationary attack, for a +1 for
    each Aim'; L636: tokens played beside a stopped car 'cost (1) AP per token and cost 1
    difficulty' (our reading for Aim tokens, battle.yaml); L284: three tokens a turn. One
    attack aimed twice: 3 AP, difficulty 3, every token used, so the car cannot also shift."""
    battle = two_cars(vehicle("iron-curtain"))
    car = battle.car(1)
    car.moving = False
    aimed = Plan(stationary=1, aims=2)
    assert action_points(car, aimed) == 3 and item_costs(car, aimed) == ([3], 3)
    assert "more than three Attack/Action tokens" in wrong(
        battle, car, Plan((Step("punch_it"),), stationary=1, aims=2))


# -- 7.2-7.4 attacks ----------------------------------------------------------------------------


def test_576_one_attack_for_each_attack_token_the_check_lets_through() -> None:
    """L576: 'one (1) attack for each successfully executed Attack Token positioned along a
    maneuver chain'. Two Punch It! with an attack each, then a Punch It!: running costs 2,
    4, 5. A 9 fires both; a 2 + Handling 1 = 3 (no 1: no loss of control) reaches the second
    card and fires only the first (L472: the turn ends on the card reached)."""
    plan = Plan((Step("punch_it", True), Step("punch_it", True), Step("punch_it")))
    for rolled, asked in ((9, 2), (2, 1)):
        battle = two_cars(vehicle("iron-curtain"), gap=800)
        driver = Told(plan)
        script(battle, [rolled])
        take_turn(battle, battle.car(1), driver)
        assert driver.shots_asked == asked


def test_605_608_defense_and_superior_initiative_stop_at_4_the_speedometer_goes_past() -> None:
    """L605-607: the defender adds its Defense bonus and +1 for superior initiative, under
    the rule of four (L603); L608: 'The Speedometer Bonus is the only defensive bonus not
    limited by the rule of +4'. Juggernaut's Defense 2 + Reactive Plates 2 = 4 already."""
    battle = two_cars(vehicle("big-horn"), vehicle("juggernaut"))
    car, target = battle.car(1), battle.car(2)
    shot = Shot(2, 0, 12, False)
    assert attack_adds(battle, car, target, shot, 0)[1] == 4
    battle.order = [2, 1]  # the moving Juggernaut acts first: superior initiative
    assert attack_adds(battle, car, target, shot, 0)[1] == 4
    battle.speedometer = target.slot
    assert attack_adds(battle, car, target, shot, 0)[1] == 4 + 1


def test_546_collision_bonuses_stop_at_4_but_not_the_speedometer_or_a_stopped_target() -> None:
    """L546: 'The Rule of +4 applies to all modifiers excluding the speedometer and the
    stopped maneuver token.' Defense and equipment worth +6 add 4 to the rammer's ARMOR roll;
    the Speedometer and a stopped target add 1 each on top."""
    battle = two_cars(vehicle("juggernaut"), vehicle("iron-curtain"))
    car, target = battle.car(1), battle.car(2)
    car.bonuses["defense"] = 6
    assert collision_add(battle, car, target, True) == 4
    target.moving = False
    battle.speedometer = car.slot
    assert collision_add(battle, car, target, True) == 4 + 1 + 1


def test_580_the_target_is_the_first_base_the_corridor_meets_not_the_nearest_corner() -> None:
    """L580: 'the first vehicle to interrupt the range ruler will be considered the target'.
    Iron Curtain's fixed front arc shoots straight up the map from (457, 162), its corridor
    10 mm wide. Two turned cars lie across it: car 2's nearest corner stands 84 mm out but
    70 mm to the left of the corridor, which meets car 2 only 161 mm out; car 3 crosses the
    corridor 132 mm out. Car 3 interrupts the corridor first and is the target (car 2 was
    taken, by its corner)."""
    iron = vehicle("iron-curtain")
    battle = table((iron, "narrow", Pose(457.0, 150.0, 0.0), True),
                   (iron, "narrow", Pose(428.6, 349.1, 42.4), True),
                   (iron, "narrow", Pose(481.2, 284.5, 240.1), True))
    car = battle.car(1)
    aim = Pose(457.0, 162.0, 0.0)
    second, third = body(battle.car(2).pose), body(battle.car(3).pose)
    assert distance_along(aim, second) < distance_along(aim, third)  # the corners
    assert distance_along(aim, second, 5.0) > distance_along(aim, third, 5.0) + 25.0
    assert {s.target for s in shots(battle, car, car.pose)} == {3}
    battle.car(3).wrecked_in = 1  # a wreck there still blocks the shot (L654)
    assert {s.target for s in shots(battle, car, car.pose)} == set()
