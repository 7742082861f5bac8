"""The rulebook's worked examples and sentences, stepped through the engine with dice that
roll what the book says."""

from __future__ import annotations

import pytest

from generator.games.outrider.battle.action import IllegalPlan, take_turn
from generator.games.outrider.battle.attacks import damage
from generator.games.outrider.battle.chain import action_points, item_costs
from generator.games.outrider.battle.geometry import Pose
from generator.games.outrider.battle.initiative import initiative_phase
from generator.games.outrider.battle.state import Battle, Plan, Step
from tests.games.outrider.battle.tables import Told, script, table, two_cars, vehicle

EXAMPLE = Plan((Step("easy_left", True), Step("easy_right"), Step("punch_it")), brake=True)


def actions(battle: Battle) -> list[tuple[str, dict[str, object]]]:
    return [(e["action"], e["result"]) for e in battle.events]


def test_5_5_a_three_card_chain_with_an_attack_and_a_brake_costs_5() -> None:
    battle = two_cars(vehicle("big-horn"))
    costs, difficulty = item_costs(battle.car(1), EXAMPLE)
    assert difficulty == 5
    assert action_points(battle.car(1), EXAMPLE) == 3
    assert costs == [2, 3, 5]  # Easy Left + attack, Easy Right, Punch It! + Brake Hard


def test_5_6_two_skill_points_and_a_1_lose_control_on_the_easy_right() -> None:
    """'spends 2 Skill Points but rolls a 1 ... total (3) ... complete the Easy Left + Attack
    ... the Loss of Control count ends on the Easy Right ... Rolling a 2 on the loss of
    control chart for turns, the player oversteers and must replace the original turn with
    a Hard Right, which will end in a full stop.' Big Horn has no Handling bonus."""
    battle = two_cars(vehicle("big-horn"), gap=800)
    car = battle.car(1)
    driver = Told(Plan(EXAMPLE.cards, brake=True, skill=2))
    script(battle, [1, 2])  # the control check, then the loss-of-control chart
    take_turn(battle, car, driver)
    events = actions(battle)
    check = next(r for a, r in events if a == "control check")
    assert check == {"difficulty": 5, "skill": 2, "success": False}
    assert battle.events[1]["dice"][0]["total"] == 3
    lost = next(r for a, r in events if a == "loss of control")
    assert lost == {"card": "EASY RIGHT", "chart": "turn", "result": "Oversteer"}
    assert driver.shots_asked == 1  # the Easy Left's attack resolved, the rest did not
    assert not car.moving
    assert car.pose.heading == pytest.approx(-22.5 + 90)  # Easy Left, then Hard Right
    assert car.skill == 10 - 2


def test_5_6_a_failed_check_without_a_1_drives_to_the_card_it_reaches() -> None:
    battle = two_cars(vehicle("big-horn"), gap=800)
    car = battle.car(1)
    script(battle, [4])  # total 4: reaches the Punch It! (running costs 2, 3, 5)
    driver = Told(EXAMPLE)
    take_turn(battle, car, driver)
    assert driver.shots_asked == 1
    assert car.moving  # 'Be sure to mark the vehicle as in motion'
    assert car.pose.heading == pytest.approx(0.0)  # Easy Left, Easy Right, Punch It!


def test_7_8_complex_attack_sequence() -> None:
    """7.8: stopped; a stationary attack, shift into gear on an Easy Right, Easy Left with an
    attack, Brake Hard. The book says 3 AP and difficulty 5; its own rules (5.3: shifting
    costs one more AP and its action token adds +1 like any other; 7.7: a stationary attack
    costs 1 AP and 1 difficulty) give 4 AP and 6, which is what the engine plays."""
    battle = two_cars(vehicle("iron-curtain"))
    car = battle.car(1)
    car.moving = False
    plan = Plan((Step("easy_right"), Step("easy_left", True)), brake=True, stationary=1)
    assert action_points(car, plan) == 4
    assert item_costs(car, plan) == ([1, 3, 6], 6)


def test_5_3_a_moving_car_must_play_a_card_and_reverse_needs_a_stop() -> None:
    battle = two_cars()
    with pytest.raises(IllegalPlan, match="at least one card"):
        take_turn(battle, battle.car(1), Told(Plan()))
    with pytest.raises(IllegalPlan, match="stop first"):
        take_turn(battle, battle.car(1), Told(Plan((Step("punch_it"),), reverse=True)))
    battle.car(1).moving = False
    with pytest.raises(IllegalPlan, match="shift token"):
        take_turn(battle, battle.car(1), Told(Plan((Step("punch_it", True),))))


def test_4_2_ties_go_to_the_larger_engine_die_then_acceleration_then_a_re_roll() -> None:
    big_horn, iron = vehicle("big-horn"), vehicle("iron-curtain")
    battle = table((big_horn, "narrow", Pose(200, 200, 0), True),
                   (iron, "narrow", Pose(600, 200, 0), True))
    script(battle, [6, 6])  # Big Horn d6 rolls 6; Iron Curtain d8 rolls 6: tied at 6
    initiative_phase(battle)
    assert battle.order == [2, 1] and battle.speedometer == 2
    twins = table((iron, "narrow", Pose(200, 200, 0), True),
                  (iron, "narrow", Pose(600, 200, 0), True))
    script(twins, [5, 5, 2, 7])  # tied on everything: re-roll, the 7 wins
    initiative_phase(twins)
    assert twins.order == [2, 1]
    assert twins.car(2).skill == iron.skill_points + 1  # Second Wind (4.3)


def test_6_3_a_ram_costs_the_loser_2_and_the_winner_1() -> None:
    battle = two_cars(vehicle("big-horn"), vehicle("iron-curtain"), gap=230)
    car, target = battle.car(1), battle.car(2)
    # control 10 succeeds; ARMOR: Big Horn d8 rolls 8 (+1 Defense), Iron Curtain d12 rolls 1.
    script(battle, [10, 8, 1])
    take_turn(battle, car, Told(Plan((Step("ease_up"), Step("punch_it")))))
    collision = next(r for a, r in actions(battle) if a == "collision")
    assert collision["kind"] == "ram" and collision["winner"] == "Big Horn #1"
    assert (car.damage, target.damage) == (1, 2)
    assert not car.moving and not target.moving
    assert car.contact == {2} and target.contact == {1}


def test_6_4_an_incidental_costs_the_loser_1_and_the_winner_nothing() -> None:
    battle = two_cars(vehicle("big-horn"), vehicle("iron-curtain"), gap=150)
    car, target = battle.car(1), battle.car(2)
    script(battle, [10, 1, 12])  # the first card touches: not a ram (6.3)
    take_turn(battle, car, Told(Plan((Step("punch_it"),))))
    collision = next(r for a, r in actions(battle) if a == "collision")
    assert collision["kind"] == "incidental"
    assert (car.damage, target.damage) == (1, 0)


def test_7_4_the_sixth_point_wrecks_and_the_wreck_stays_as_an_obstacle() -> None:
    battle = two_cars(vehicle("big-horn"), vehicle("iron-curtain"), gap=150)
    car, wreck = battle.car(1), battle.car(2)
    damage(battle, wreck, 6, "attack")
    assert wreck.wrecked and wreck.wrecked_in == 1
    script(battle, [10])
    take_turn(battle, car, Told(Plan((Step("punch_it"),))))
    assert ("collision", {"target": "Iron Curtain #2", "kind": "wreck"}) in actions(battle)
    assert car.damage == 1 and not car.moving
