"""The Formula Ace race model and season replay set up from the rulebook's sentences (8/ to
15/, 19/): each test builds the situation a sentence describes and checks the exact odds or
the replay come out as the sentence says. The shipped race model's own numbers are ours; the
calm model here (two turns, no hazard unless a test adds one) isolates one sentence at a time.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from generator.games.formula_ace.balance_race import after_turn, excess_rolls, race
from generator.games.formula_ace.season import replay
from generator.probability.dist import Dist
from generator.probability.formula_ace import (
    crash_damage,
    damage_table,
    failed_pass_damage,
    p_pilot_killed,
)
from tests.conftest import check_file, rule_ids
from tests.games.formula_ace.test_formula_ace_balance import base_rig, model
from tests.games.formula_ace.test_formula_ace_rules import race as race_step
from tests.games.formula_ace.test_formula_ace_rules import result, season, write_team

HALF = Fraction(1, 2)
STARTED = Fraction(5, 6)            # face 3 with Piloting 3: stalls on 5-6 then a failed test
HIGHER = failed_pass_damage().map(lambda hit: hit[0])
LOWER = failed_pass_damage().map(lambda hit: hit[1])


def one(pivots: int) -> Dist[int]:
    """Every turn of the circuit needs ``pivots`` pivots."""
    return Dist.certain(pivots)


# -- 8/ movement ---------------------------------------------------------------------------


def test_maximum_movement_is_speed_plus_a_die_per_booster() -> None:
    rig = base_rig()
    two = rig.move(2)
    assert min(two.support) == 22 and max(two.support) == 32
    assert two[27] == Fraction(6, 36)                      # 2D = 7 the most likely
    # A Zap o' Burn's bonus is a sure 6 cm instead of the die (16/).
    zapped = dataclasses.replace(rig, zaps=1).move(1)
    assert dict(zapped.items()) == {26: 1}


def test_boosters_are_fired_on_straights_and_their_bonus_is_used() -> None:
    # Turn 2, engine running (5/6): one booster on a straight, the whole die moved.
    found = race(base_rig(), model())
    assert found.distance == 15 * STARTED + STARTED * (20 + Fraction(7, 2)) + (
        1 - STARTED) * 15 * STARTED


# -- 9/ turning ----------------------------------------------------------------------------


def test_a_basic_ship_has_two_turns_free() -> None:
    found = race(base_rig(), model(pivots=one(2)))
    assert found.damage == 0 and found.endings["finished"] == 1


def test_a_turn_beyond_the_fins_needs_a_piloting_roll_or_the_ship_goes_straight_on() -> None:
    # Three pivots, two fins: the third is a Piloting test (3: half the time); failed, the
    # ship flies straight into the boundary: 1D + 2 for its 20 cm.
    found = race(base_rig(), model(pivots=one(3)))
    assert found.damage == STARTED * HALF * crash_damage(20).mean()
    # One turn per working fin: with three fins the third pivot is free.
    finned = race(dataclasses.replace(base_rig(), fins=3), model(pivots=one(3)))
    assert finned.damage == 0


def test_each_turn_needs_five_cm_straight_before_it() -> None:
    # A 16 cm Gamma move fits three turns (5 cm straight before each), not four: even with
    # four fins the fourth pivot cannot be made, and the ship hits the boundary.
    gamma = dataclasses.replace(base_rig(), speed=16, fins=4)
    assert race(gamma, model(pivots=one(3))).damage == 0
    found = race(gamma, model(pivots=one(4)))
    assert found.damage == STARTED * crash_damage(16).mean()
    # Boosting on every turn, 16 + 1D reaches 20 cm on a 4-6; a blackout (G-Endurance 3,
    # half the time) still hits the boundary.
    boosted = race(gamma, model(pivots=one(4), boost_on="every turn"))
    crash = sum((crash_damage(16 + d).mean() * (1 if d < 4 else HALF) for d in range(1, 7)),
                Fraction(0)) / 6
    assert boosted.damage == STARTED * crash


# -- 10/ blackout --------------------------------------------------------------------------


def test_a_blackout_means_no_turn_so_a_turn_needing_one_hits_the_boundary() -> None:
    # Boosting through a one-pivot turn: the G-Endurance test (3) fails half the time, and
    # the ship goes straight on at full speed (20 + 1D: 1D + 3 damage).
    found = race(base_rig(), model(pivots=one(1), boost_on="every turn"))
    assert found.damage == STARTED * HALF * (Fraction(7, 2) + 3)
    # On a straight the blackout costs nothing.
    assert race(base_rig(), model(boost_on="every turn")).damage == 0


def test_a_blacked_out_pilot_makes_no_manoeuvre_so_does_not_try_to_pass() -> None:
    # Overtaking every turn: only a clear head (1/2) tries, and fails the Piloting test half
    # the time for the higher of 2D.
    found = race(base_rig(), model(overtake=Fraction(1)))
    assert found.damage == STARTED * HALF * HALF * HIGHER.mean()


# -- 11/ dangerous manoeuvres ----------------------------------------------------------------


def test_a_failed_pass_deals_the_higher_die_to_the_passer() -> None:
    calm_head = dataclasses.replace(base_rig(), g_endurance=6)
    found = race(calm_head, model(overtake=Fraction(1)))
    assert found.damage == STARTED * HALF * HIGHER.mean()
    assert HIGHER.mean() == Fraction(161, 36)


def test_a_failed_pass_deals_the_lower_die_to_the_ship_passed() -> None:
    found = race(base_rig(), model(overtaken=Fraction(1), field_piloting=3))
    assert found.damage == STARTED * HALF * LOWER.mean()
    assert LOWER.mean() == Fraction(91, 36)
    # The passer failing never stops this ship's engine: it races on.
    assert found.endings["finished"] == 1


def test_the_rulebook_example_a_21_cm_move_takes_1d_plus_3() -> None:
    # An Alpha (24 cm) and a failed narrow passage: 1D + 3 for 24 cm, like the 21 cm example.
    alpha = dataclasses.replace(base_rig(), speed=24)
    found = race(alpha, model(narrow_passage=Fraction(1)))
    assert found.damage == STARTED * HALF * (Fraction(7, 2) + 3)


@pytest.mark.parametrize("hazard", [{"narrow_passage": Fraction(1)}, {"pivots": one(3)}],
                         ids=["failed passage", "boundary hit"])
def test_a_failed_passage_or_a_boundary_hit_shuts_the_engine_down_until_next_turn(
        hazard: dict[str, Any]) -> None:
    # Turn 1: the start. Turn 2: running ships fail the passage (or the third pivot's test)
    # half the time, which stops the engine; stalled ones try to start again. Turn 3: every
    # stopped engine restarts (15 cm at face 3, 5/6 of the time), running ships move 20 cm.
    found = race(base_rig(), model(turns=3, **hazard))
    start = 15 * STARTED
    running = STARTED * HALF + (1 - STARTED) * STARTED
    assert found.distance == start + (STARTED * 20 + (1 - STARTED) * start) + (
        running * 20 + (1 - running) * start)


# -- 12/ damage ---------------------------------------------------------------------------


def test_a_three_point_blow_with_no_hit_point_left_makes_three_rolls() -> None:
    # 12/: one Damage Table roll a point, so three rolls for a 3-point blow; a pilot hit or
    # wounded on the first still rolls the other two, which can kill.
    for rolls in (1, 2, 3):
        assert excess_rolls(rolls, 3)["killed"] == p_pilot_killed(rolls, 3)
    killed = damage_table(3).p(lambda r: r.value in ("pilot_killed", "ship_explodes"))
    ended = damage_table(3).p(lambda r: r.value not in (
        "scratch", "booster_broken", "fin_broken", "booster_destroyed", "fin_destroyed",
        "engine_shut_down"))
    assert excess_rolls(2, 3)["out"] == (1 - killed) ** 2 - (1 - ended) ** 2


def test_critical_results_by_hand() -> None:
    # With no hit point left and flying on, one point: a 6 then critical 1 shuts the engine
    # down (restarted next turn), critical 2 ends the race; 3-5 end it too, killing on a
    # failed G-Endurance test (3: half the time); 6 kills.
    after = after_turn(0, 1, False, 0, 3, False)
    sixth = Fraction(1, 36)
    assert after[(0, False)] == sixth
    assert after["out"] == sixth + 3 * sixth * HALF
    assert after["killed"] == 3 * sixth * HALF + sixth
    assert after[(0, True)] == Fraction(5, 6)


def test_points_come_off_the_hit_points_while_any_are_left() -> None:
    # A 5-point blow on 10 hit points rolls nothing; on 3 it rolls twice, then the pilot quits.
    assert dict(after_turn(10, 5, True, 0, 3, True).items()) == {(5, False): 1}
    emptied = after_turn(3, 5, True, 0, 3, True)
    two = excess_rolls(2, 3)
    assert emptied["killed"] == two["killed"] and emptied["out"] == two["out"]
    assert emptied["retired"] == two["engine"] + two["none"]


def test_a_pilot_who_quit_at_zero_takes_no_second_blow_that_turn() -> None:
    # The crash empties the ship (1 point past the last: one roll), the pilot quits; the
    # ship that then fails to pass it no longer finds it racing.
    after = after_turn(2, 3, True, 4, 3, True)
    assert after["killed"] == excess_rolls(1, 3)["killed"]
    # Flying on at zero, the second blow's four points roll too, unless the first blow's
    # roll already put the pilot out of the race (5/72 killed, 5/72 out at G-Endurance 3).
    flying = after_turn(2, 3, True, 4, 3, False)
    first = excess_rolls(1, 3)
    assert flying["killed"] == first["killed"] + (
        1 - first["killed"] - first["out"]) * p_pilot_killed(4, 3)
    # Not emptied by the first blow, the ship takes the second on what is left.
    assert dict(after_turn(9, 3, False, 4, 3, True).items()) == {(2, True): 1}


def test_in_the_race_a_crash_that_empties_the_ship_ends_its_turn() -> None:
    # One hit point, a narrow passage every turn and a field that always fails to pass:
    # a failed passage (1D + 2) empties the ship and the pilot quits, rolling 1D + 1; a
    # passage made, the lower of 2D from the failed pass empties it instead.
    rig = dataclasses.replace(base_rig(), hit_points=1)
    found = race(rig, model(narrow_passage=Fraction(1), overtaken=Fraction(1),
                            field_piloting=0))
    crashed = sum((excess_rolls(d + 1, 3)["killed"] for d in range(1, 7)), Fraction(0)) / 6
    passed = LOWER.expectation(lambda low: excess_rolls(low - 1, 3)["killed"])
    assert found.endings["killed"] == STARTED * (HALF * crashed + HALF * passed)


# -- 13/ engine start --------------------------------------------------------------------------


def test_the_start_move_is_the_tables_whatever_the_ship() -> None:
    # Face 3: 15 cm for an Alpha with four boosters as for a Gamma; no manoeuvre that turn,
    # so no pass attempted.
    alpha = dataclasses.replace(base_rig(), speed=24, boosters=4)
    found = race(alpha, model(turns=1, overtake=Fraction(1)))
    assert found.distance == 15 * STARTED
    assert found.damage == 0


# -- 15/, 19/ gains ----------------------------------------------------------------------------


def test_gains_with_aces_high_features_go_to_finishers_only(tmp_path: Path) -> None:
    # Six starters: the winner takes 5000 credits and 5 points; two Special Features add 2000
    # credits and 2 points to every gain; the pilot who does not finish gains nothing.
    cup = race_step("Crater Cup", "total-speed-way", [result("Ada Voss", "Lambda One", 1)])
    drag = race_step("Crater Drag", "dragster-show", [result("Bram Oduya", "Lambda Two", "dnf")])
    for step in (cup, drag):
        step["race"]["special_features"] = 2
    path = write_team(tmp_path, season(cup, drag))
    loaded = check_file(path)
    assert rule_ids(loaded.findings) == set()
    state = replay(loaded.definitions[0].model)
    assert state.pilots["Ada Voss"].credits_won == 7000
    assert state.pilots["Ada Voss"].points == 7
    assert state.pilots["Bram Oduya"].credits_won == 0
    assert state.pilots["Bram Oduya"].points == 0
    assert state.team_points == 7
