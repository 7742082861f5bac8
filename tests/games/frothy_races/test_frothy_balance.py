"""The Frothy Races balance profile: each number against a closed form on a small case, an
independent restatement of the rule, or a seeded simulation (5 standard errors: a false
alarm about once in a million checks); and the verdicts on the shipped vehicles."""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from generator.balance.compare import compare
from generator.balance.hook import Matchup, Profile
from generator.games.frothy_races.balance import EQUAL_WITHIN, RULES, profile
from generator.games.frothy_races.balance_axes import AXES, SETTINGS
from generator.games.frothy_races.balance_measures import FrothyMeasures
from generator.games.frothy_races.balance_rolls import OBJECTIVES
from generator.games.frothy_races.baseline import baseline
from generator.games.frothy_races.model import StaminaTrack, Vehicle
from generator.input.source import Mark
from generator.probability import ControlIcon, resolve_control_roll
from generator.project.loading import load
from tests.conftest import rule_ids, shipped_files

VALUES = (0, 1, 2, 2, 3, 3)
ICONS = tuple(ControlIcon)
SIGMAS = 5.0
Change = Callable[[dict[str, Any]], object]


def assert_mean(samples: list[float], exact: Fraction | float) -> None:
    n = len(samples)
    mean = sum(samples) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in samples) / (n - 1))
    assert abs(mean - float(exact)) <= SIGMAS * max(sd, 1e-12) / math.sqrt(n), (mean, exact)


@pytest.fixture
def build(write_vehicle: Callable[..., Path]) -> Callable[[Change], Vehicle]:
    """The basic chariot changed by ``change``, loaded and validated like any file."""
    def make(change: Change) -> Vehicle:
        loaded = load([write_vehicle(change)])
        assert not [f for f in loaded.findings if f.severity.value == "error"], loaded.findings
        model = loaded.definitions[0].model
        assert isinstance(model, Vehicle)
        return model
    return make


@cache
def shipped_profiles() -> dict[str, Profile]:
    return {d.path: profile(d.model) for d in load(shipped_files()).definitions
            if d.game.id == "frothy-races" and d.kind.name == "vehicle"}


@cache
def baseline_profile() -> Profile:
    return profile(baseline())


def traits(*items: Any) -> Change:
    return lambda d: d.update(traits=list(items))


def damage(resilience: int | None, value: int, affects: dict[int, Any]) -> Change:
    return lambda d: d.update(damage={"resilience": resilience, "value": value,
                                      "affects": {**affects, value: "Wipe-out"}})


# -- the data is complete -----------------------------------------------------------------


def test_every_axis_has_a_measure_and_every_verdict_a_check() -> None:
    assert AXES.unmeasured() == []
    assert RULES.unchecked() == []
    assert set(SETTINGS.effect_preference) == {str(icon) for icon in ControlIcon}
    assert SETTINGS.objective in OBJECTIVES


# -- movement and stamina, read straight off the licence -----------------------------------


def test_movement_axes_are_the_licence_rows(build: Callable[[Change], Vehicle]) -> None:
    vehicle = build(lambda d: d["speed_table"].update(
        move_1=[0, 1, 1, 1, 2, 2, 2], move_2=[0, 0, 1, 2, 2, 2, 3],
        move_3=[0, 1, 1, 1, 2, 3, 2], move_4=[0, 0, 1, 2, 2, 2, 3]))
    values = profile(vehicle).values
    totals = [0, 2, 4, 6, 8, 9, 10]
    assert values["top_speed_spaces"] == 10
    assert values["mean_spaces"] == Fraction(sum(totals[1:]), 6)
    assert values["moving_phases"] == Fraction(2 + 4 + 4 + 4 + 4 + 4, 6)
    assert values["safe_spaces"] == 4  # Safe up to Speed 2


def test_stamina_rounds_count_down_to_the_first_affect() -> None:
    # The basic chariot's track starts at 10, its first affect is at 9: Speed 6 (-3)
    # reaches it after one round, Speed 5 (-1) after one, and Speed 4 (0) never.
    speeds = FrothyMeasures(baseline()).speeds
    assert [row.stamina_rounds for row in speeds[4:]] == [math.inf, 1, 1]
    assert baseline_profile().values["sustainable_spaces"] == 8  # Speed 4, no loss
    no_track = dataclasses.replace(baseline(), stamina=StaminaTrack())
    assert FrothyMeasures(no_track).speeds[6].stamina_rounds == math.inf


# -- durability -------------------------------------------------------------------------


def chance(resilience: int | None) -> Fraction:
    return Fraction(1) if resilience is None else Fraction(sum(v > resilience for v in VALUES), 6)


@cache
def expected_hits(value: int, dice: int, p: Fraction, level: int = 0) -> Fraction:
    """E[hits to reach ``value`` damage] with ``dice`` dice a hit, each scoring with ``p``,
    and no affects: E(d) = (1 + sum_k>0 P(k) E(d+k)) / (1 - P(0))."""
    if level >= value:
        return Fraction(0)
    probs = [math.comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1)]
    rest = sum((probs[k] * expected_hits(value, dice, p, level + k)
                for k in range(1, dice + 1)), Fraction(0))
    return (1 + rest) / (1 - probs[0])


@pytest.mark.parametrize(("resilience", "value"), [(None, 3), (0, 5), (1, 6), (2, 4)])
def test_one_die_rolls_to_wipe_out_is_value_over_chance(
        build: Callable[[Change], Vehicle], resilience: int | None, value: int) -> None:
    vehicle = build(damage(resilience, value, {}))
    assert profile(vehicle).values["dice_to_wipe_out"] == value / chance(resilience)


def test_a_resilience_loss_splits_the_track(build: Callable[[Change], Vehicle]) -> None:
    # Resilience 2 up to level 2, then 1: 2 / (1/3) + 3 / (2/3) one-die rolls.
    vehicle = build(damage(2, 5, {2: {"name": "-# Resilience", "value": 1}}))
    assert FrothyMeasures(vehicle).damage_rolls_to_wipe_out == Fraction(21, 2)


@pytest.mark.parametrize(("resilience", "value", "speed", "bsh"),
                         [(1, 6, 3, 0), (0, 4, 5, 1), (2, 6, 2, 0), (None, 5, 4, 2)])
def test_collisions_to_wipe_out_match_the_recursion(
        build: Callable[[Change], Vehicle], resilience: int | None, value: int, speed: int,
        bsh: int) -> None:
    extra = [{"name": "B.S.H.", "value": bsh}] if bsh else []
    m = FrothyMeasures(build(lambda d: (damage(resilience, value, {})(d),
                                        traits(*extra)(d))))
    assert m.hits("solid", speed) == expected_hits(value, speed - bsh, chance(resilience))
    assert m.hits("head_on", speed) == expected_hits(value, 2 * speed - bsh, chance(resilience))
    fragile_dice = -(-speed // 2) - bsh
    assert m.hits("fragile", speed) == (
        expected_hits(value, fragile_dice, chance(resilience)) if fragile_dice > 0
        else math.inf)


def test_a_vehicle_no_collision_can_damage_never_wipes_out(
        build: Callable[[Change], Vehicle]) -> None:
    m = FrothyMeasures(build(traits({"name": "B.S.H.", "value": 3})))
    assert m.hits("solid", 2) == math.inf and m.hits("solid", 4) != math.inf


def simulate_hits(rng: random.Random, dice: int, resilience: int | None, value: int,
                  affects: dict[int, tuple[str, Any]], jerry: int = 0) -> int:
    """Hits until wipe-out, rolling real dice; affects apply as each level is reached:
    ('resilience', n), ('roll', n) or ('random', [affects...])."""
    level, res, hits = 0, resilience, 0

    def roll(n: int) -> int:
        n = n + jerry if n > 0 else 0
        return sum(1 for _ in range(n) if res is None or rng.choice(VALUES) > res)

    def reach(start: int, points: int) -> int:
        nonlocal res
        now, target = start, start + points
        while now < target and now < value:
            now += 1
            effect = affects.get(now)
            if effect and effect[0] == "random":
                effect = rng.choice(effect[1])
            if effect and effect[0] == "resilience" and res is not None:
                res -= effect[1]
            elif effect and effect[0] == "roll":
                target += roll(effect[1])
        return min(target, value)

    while level < value:
        hits += 1
        level = reach(level, roll(dice))
    return hits


def test_damage_affects_against_a_simulation(build: Callable[[Change], Vehicle]) -> None:
    affects = {1: {"name": "# Damage", "value": 2},
               3: {"name": "Random", "choices": [{"name": "-# Resilience", "value": 1},
                                                 "Haste"]}}
    vehicle = build(lambda d: (damage(2, 7, affects)(d),
                               traits({"name": "Jerry Rigged", "value": 1})(d)))
    exact = FrothyMeasures(vehicle).hits("solid", 2)
    rng = random.Random(31)
    plan = {1: ("roll", 2), 3: ("random", [("resilience", 1), None])}
    samples = [simulate_hits(rng, 2, 2, 7, plan, jerry=1) for _ in range(20_000)]
    assert_mean(samples, exact)


def test_lost_attacks_to_wipe_out_against_a_simulation(
        build: Callable[[Change], Vehicle]) -> None:
    # The target (Armoured 1, Flimsy 1) defends with no card against a plain attacker
    # with one card; each lost attack rolls the margin (a tie: the value) + half of 3.
    vehicle = build(traits({"name": "Armoured", "value": 1}, {"name": "Flimsy", "value": 1}))
    exact = FrothyMeasures(vehicle).hits("attack", 3)
    rng = random.Random(32)

    def one_loss() -> int:
        while True:
            theirs = sum(sorted(rng.choice(VALUES) for _ in range(2))[-2:])
            mine = sum(sorted(rng.choice(VALUES) for _ in range(2))[-2:]) - 1
            if theirs >= mine:
                return (theirs - mine if theirs > mine else theirs) + 2

    samples = []
    for _ in range(10_000):
        level = hits = 0
        while level < 6:
            hits += 1
            level += sum(1 for _ in range(one_loss()) if rng.choice(VALUES) > 1)
        samples.append(hits)
    assert_mean(samples, exact)


# -- attacks -----------------------------------------------------------------------------


def best(roll: tuple[int, ...]) -> int:
    return sum(sorted(roll)[-2:])


def enumerate_duel(mine: int, my_bonus: int, theirs: int, their_bonus: int,
                   ties_win: bool) -> Fraction:
    """P(my value beats theirs) by listing every roll of both sides."""
    wins = total = 0
    for a in itertools.product(VALUES, repeat=mine):
        for b in itertools.product(VALUES, repeat=theirs):
            x, y = best(a) + my_bonus, best(b) + their_bonus
            wins += x > y or (ties_win and x == y)
            total += 1
    return Fraction(wins, total)


def test_attack_odds_match_enumeration(build: Callable[[Change], Vehicle]) -> None:
    odds = FrothyMeasures(build(traits(
        {"name": "Tank", "value": 1}, {"name": "Blades", "value": 2}, "Lady Luck",
        {"name": "Shield", "value": 1}, {"name": "Flimsy", "value": 1}))).attacks
    assert odds.vehicle_attack == enumerate_duel(3, 2, 1, 0, ties_win=False)
    assert odds.personal_attack == enumerate_duel(2, 0, 1, 0, ties_win=True)
    assert odds.vehicle_defence == enumerate_duel(1, -1, 2, 0, ties_win=False)
    assert odds.personal_defence == enumerate_duel(2, 0, 2, 0, ties_win=True)


# -- cards -----------------------------------------------------------------------------


def simulate_cards(total: int, early: int, rounds: int) -> Fraction:
    """Play every card in hand each round through the Spent and Recovery boxes, the
    Stamina trait returning ``early`` cards from Recovery at the start of a round."""
    hand, spent, recovery, played = total, 0, 0, 0
    for _ in range(rounds):
        back = min(early, recovery)
        hand, recovery = hand + back, recovery - back
        played, spent, hand = played + hand, hand, 0
        hand, recovery, spent = hand + recovery, spent, 0
    return Fraction(played, rounds)


@pytest.mark.parametrize(("whip", "reins", "stamina"), [(4, 4, 0), (3, 2, 1), (2, 3, 2)])
def test_cards_a_round_is_the_steady_state_of_the_boxes(
        build: Callable[[Change], Vehicle], whip: int, reins: int, stamina: int) -> None:
    extra = [{"name": "Stamina", "value": stamina}] if stamina else []
    vehicle = build(lambda d: (d["cards"].update(whip=whip, reins=reins),
                               traits(*extra)(d)))
    total = whip + reins
    assert profile(vehicle).values["cards_per_round"] == Fraction(total + stamina, 2)
    assert abs(simulate_cards(total, stamina, 1000) - Fraction(total + stamina, 2)) \
        <= Fraction(total, 1000)


# -- speed changes ----------------------------------------------------------------------

SYMMETRIC = [1, 2, 2, 3, 2, 2, 2]  # equal rows: box i of one row matches box i of the other


def simulate_rounds(rng: random.Random, check: Callable[[], int], first: int, last: int
                    ) -> int:
    pos = rounds = 0
    while pos < first:
        v = check()
        pos = pos + v if v >= 0 else max(0, pos + v)
        if pos > last:
            pos = last - (pos - last)
        rounds += 1
    return rounds


def test_cautious_acceleration_against_a_simulation(build: Callable[[Change], Vehicle]) -> None:
    vehicle = build(lambda d: (d["speed_table"].update(acceleration=SYMMETRIC,
                                                       deceleration=SYMMETRIC),
                               traits({"name": "Cautious", "value": 2})(d)))
    exact = FrothyMeasures(vehicle).rounds_to_speed(1, 5)
    rng = random.Random(33)

    def check() -> int:
        return best(tuple(rng.choice(VALUES) for _ in range(3))) - 2

    samples = [simulate_rounds(rng, check, sum(SYMMETRIC[:5]), sum(SYMMETRIC) - 1)
               for _ in range(20_000)]
    assert_mean(samples, exact)


def test_standing_start_against_a_simulation(build: Callable[[Change], Vehicle]) -> None:
    vehicle = build(lambda d: (d["speed_table"].update(acceleration=SYMMETRIC,
                                                       deceleration=SYMMETRIC),
                               traits({"name": "Long Legs", "value": 1})(d)))
    exact = FrothyMeasures(vehicle).standing_start(1, 5)[-1]
    totals = [0, 2, 4, 6, 8, 10, 12]
    edges = list(itertools.accumulate(SYMMETRIC))
    rng = random.Random(34)
    samples = []
    for _ in range(20_000):
        pos, moved = 0, 0
        for _ in range(5):
            pos += best(tuple(rng.choice(VALUES) for _ in range(4)))
            if pos > edges[-1] - 1:
                pos = 2 * (edges[-1] - 1) - pos
            moved += totals[next(s for s, edge in enumerate(edges) if pos < edge)]
        samples.append(moved)
    assert_mean(samples, exact)


def test_tireless_and_anchor_move_a_fixed_number_of_boxes(
        build: Callable[[Change], Vehicle]) -> None:
    # no '+# Reins / Speed Check' stamina affect: with no Speed Check roll it never acts
    vehicle = build(lambda d: (
        traits({"name": "Tireless", "value": 2}, {"name": "Anchor", "value": 3})(d),
        d["stamina"].update(affects={5: {"name": "-# Speed", "value": 1}})))
    m = FrothyMeasures(vehicle)
    boxes = [1, 2, 2, 2, 1, 2, 1]
    for speed in range(1, 7):
        assert m.rounds_to_speed(1, speed) == math.ceil(sum(boxes[:speed]) / 2)
    assert m.rounds_to_speed(0, 3) == math.inf  # a card is still needed to accelerate
    assert m.rounds_to_stop(1) == math.ceil((sum(boxes) - 1) / 3)


def test_champing_at_the_bit_accelerates_without_cards_and_cannot_stop_without(
        build: Callable[[Change], Vehicle]) -> None:
    plain = FrothyMeasures(baseline())
    champing = FrothyMeasures(build(traits("Champing at the Bit")))
    assert plain.rounds_to_speed(0, 1) == math.inf
    assert champing.rounds_to_speed(0, 1) == Fraction(36, 35)  # 2 dice: fails on 0+0 only
    assert champing.rounds_to_stop(0) == math.inf and plain.rounds_to_stop(0) < math.inf


# -- control rolls ---------------------------------------------------------------------


@cache
def oracle_cost(roll: tuple[str, ...], discards: int) -> tuple[Any, ...]:
    """The player's best result by trying every set of discards, resolved by the engine's
    one-roll resolver and ranked by the profile's objective (cached per sorted roll)."""
    objective = OBJECTIVES[SETTINGS.objective]
    best_cost: tuple[Any, ...] | None = None
    for size in range(discards + 1):
        for drop in itertools.combinations(range(len(roll)), size):
            outcome = resolve_control_roll(roll, [roll[i] for i in drop])
            cost = objective(outcome)
            assert isinstance(cost, tuple)
            if best_cost is None or cost < best_cost:
                best_cost, best_outcome = cost, outcome
    return (best_outcome.success, best_outcome.control_loss, best_outcome.damage_dice)


def test_a_control_cell_against_a_simulation() -> None:
    # Basic chariot at Speed 5 (3 Control dice), 1 control-loss point, 1 card: 5 dice,
    # one discard, Resilience 1 for the Damage roll.
    cell = FrothyMeasures(baseline()).control_cell(5, 1, 1)
    rng = random.Random(35)
    success, loss = [], []
    for _ in range(6_000):
        roll = tuple(sorted(str(rng.choice(ICONS)) for _ in range(5)))
        ok, points, damage_dice = oracle_cost(roll, 1)
        damage = sum(1 for _ in range(damage_dice) if rng.choice(VALUES) > 1)
        success.append(float(ok))
        loss.append(points + damage)
    assert_mean(success, cell.p_success)
    assert_mean(loss, cell.control_loss)


def test_control_cells_count_dice_as_the_guide_says(build: Callable[[Change], Vehicle]) -> None:
    from generator.games.frothy_races.balance_rolls import control_summary
    vehicle = build(lambda d: (d.update(control_loss={"minimum": 1}),
                               traits({"name": "Driver", "value": 1})(d)))
    m = FrothyMeasures(vehicle)
    # Speed 4: 2 Control dice + max(0, minimum 1) + 1 card + 1 Driver, 2 discards
    expected = control_summary(5, 2, SETTINGS.objective)
    assert m.control_cell(4, 0, 1).p_success == expected.p_success
    # at a Safe Speed a turn needs no roll, whatever the points held
    assert m.turn_success(1, 3, 0) == 1
    assert FrothyMeasures(baseline()).control_cell(1, 0, 0).p_success == 1


def test_the_player_keeps_the_mildest_effect_when_choices_tie() -> None:
    # Two dice, one discard: any single die left costs 1 point; keep the Slow.
    cell = FrothyMeasures(baseline()).control_cell(3, 0, 1)  # 1 die + 1 card
    assert cell.effects["haste"] < cell.effects["slow"]


# -- verdicts ----------------------------------------------------------------------------


def verdicts(vehicle: Vehicle) -> set[str]:
    matchup = Matchup(profile(vehicle), baseline_profile(), AXES)
    return {f.rule for f in RULES.run(matchup, lambda path: Mark("x.yaml", 1, 1))}


def test_one_more_card_dominates_and_one_fewer_is_dominated(
        build: Callable[[Change], Vehicle]) -> None:
    assert verdicts(build(lambda d: d["cards"].update(whip=5))) == {"FR-BAL-DOMINATES"}
    assert verdicts(build(lambda d: d["cards"].update(whip=3))) == {"FR-BAL-DOMINATED"}
    assert verdicts(baseline()) == {"FR-BAL-TRADEOFFS"}


def test_no_shipped_vehicle_dominates_or_is_dominated_by_the_basic_chariot() -> None:
    base = baseline_profile()
    for path, measured in shipped_profiles().items():
        found = compare(AXES.axes, measured.values, base.values, EQUAL_WITHIN)
        assert not found.dominates, path
        assert not found.dominated, path
        if path.endswith("basic-chariot.yaml"):
            assert measured.values == base.values  # the shipped copy is the baseline


def test_the_profile_lists_what_no_axis_measures(build: Callable[[Change], Vehicle]) -> None:
    vehicle = build(lambda d: (traits("Flyer", "Champing at the Bit",
                                      {"name": "Blades", "value": 1})(d),
                               d["cards"].update(special=[{"name": "Survivor",
                                                           "face": "whip"}])))
    assert profile(vehicle).unmeasured == ("Flyer", "Champing at the Bit", "Survivor")


def test_paddock_check_never_prints_balance_findings() -> None:
    loaded = load(shipped_files())
    assert not {r for r in rule_ids(loaded.findings) if r.startswith("FR-BAL")}
