"""The Joyride race verdict's stopping rule: the race core's sequential rule with the
numbers JR-BAL-RACE-OVERPOWERED states, and its false-flag rate for a car exactly as good as
its field held at alpha (races nobody finishes included)."""

from __future__ import annotations

import pytest

from generator.commands.joyride_race import stopping_rule
from generator.games.joyride.balance import RULES
from generator.race.verdict import false_flag_rate


def test_the_stopping_rule_is_the_one_balance_rules_yaml_states() -> None:
    rule = stopping_rule()
    params = RULES["JR-BAL-RACE-OVERPOWERED"].params
    assert (rule.band, rule.alpha, rule.looks, rule.cycles) == (
        params["band"], params["alpha"], params["looks"], params["cycles"])
    assert rule.band == RULES["JR-BAL-RACE-UNDERPOWERED"].params["band"]
    # the Bonferroni bound, alpha 5% shared over 30 looks, both sides: Phi^-1(1 - 0.05 / 60);
    # the rule's own quantile spends alpha exactly (generator/race/calibration.py), so less
    assert abs(rule.bound_z - 3.144) < 0.001
    assert 1.9 < rule.z <= rule.bound_z
    assert rule.batch(4) == 8 and rule.batch(4) * rule.looks == 240


@pytest.mark.parametrize(("size", "draws"), [(2, 0.0), (4, 0.0), (4, 0.1), (6, 0.0)])
def test_a_car_as_good_as_its_field_is_flagged_at_most_alpha(size: int, draws: float) -> None:
    rule = stopping_rule()
    assert false_flag_rate(rule, (1 - draws) / size, size, trials=300, draws=draws) \
        <= rule.alpha
