"""The Outrider battle verdict's stopping rule: the race core's sequential rule with the
numbers OR-BAL-BATTLE-OVERPOWERED states, and its false-flag rate for a side exactly as good
as its field held at alpha, in a duel and in last car standing, with as many draws as
battles between copies of the baseline really have."""

from __future__ import annotations

import pytest

from generator.commands.battle_verdict import stopping_rule
from generator.games.outrider.balance import RULES
from generator.race.verdict import false_flag_rate


def test_the_stopping_rule_is_the_one_balance_rules_yaml_states() -> None:
    rule = stopping_rule()
    params = RULES["OR-BAL-BATTLE-OVERPOWERED"].params
    assert (rule.band, rule.alpha, rule.looks, rule.cycles) == (
        params["band"], params["alpha"], params["looks"], params["cycles"])
    assert rule.band == RULES["OR-BAL-BATTLE-UNDERPOWERED"].params["band"]
    # the Bonferroni bound, alpha 5% shared over 20 looks, both sides: Phi^-1(1 - 0.05 / 40);
    # the rule's own quantile spends alpha exactly (generator/race/calibration.py), so less
    assert abs(rule.bound_z - 3.023) < 0.001
    assert 1.9 < rule.z <= rule.bound_z
    assert (rule.batch(2), rule.batch(4)) == (4, 8)


# Draws: four Iron Curtains in last car standing reached the round limit in 21 of 32
# battles (docs/battles-outrider.md), so up to two in three.
@pytest.mark.parametrize(("size", "draws"), [(2, 0.0), (2, 0.1), (4, 0.0), (4, 0.4),
                                             (4, 0.65)])
def test_a_side_as_good_as_its_field_is_flagged_at_most_alpha(size: int, draws: float) -> None:
    rule = stopping_rule()
    assert false_flag_rate(rule, (1 - draws) / size, size, trials=300, draws=draws) \
        <= rule.alpha
