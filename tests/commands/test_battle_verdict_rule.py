"""The Outrider battle verdict's stopping rule: the race core's sequential rule with the
numbers OR-BAL-BATTLE-OVERPOWERED states, and its false-flag rate for a side exactly as good
as its field held at alpha, in a duel and in last car standing, with as many draws as
battles between copies of the baseline really have, each draw's one win shared by the
vehicles in first place (the verdict's count)."""

from __future__ import annotations

import random

import pytest

from generator.commands.battle_verdict import stopping_rule
from generator.games.outrider.balance import RULES
from generator.race.stats import wilson
from generator.race.verdict import StoppingRule


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
    trials = 300
    flagged = sum(bool(verdict(rule, size, draws, random.Random(seed)))
                  for seed in range(trials))
    assert flagged / trials <= rule.alpha


def verdict(rule: StoppingRule, size: int, draws: float, dice: random.Random) -> str:
    """One simulated sequential verdict of a side exactly as good as its field: a battle is
    drawn with chance ``draws`` among 2 to ``size`` vehicles in first place, the side one of
    them by symmetry (k in ``size``) and then taking 1/k; otherwise the side wins one battle
    in ``size``. Its mean share is one in the field size, as the verdict's fair share."""
    share, done = 0.0, 0
    fair = 1 / size
    for _ in range(rule.looks):
        for _ in range(rule.batch(size)):
            if dice.random() < draws:
                k = dice.randint(2, size)
                share += 1 / k if dice.random() < k / size else 0.0
            else:
                share += 1.0 if dice.random() < fair else 0.0
        done += rule.batch(size)
        if rule.decided(share, done, fair):
            break
    return rule.flag(wilson(share, done, rule.z), fair)
