"""Where each Outrider rule points: on its minimal bad case (BAD_CASES in
test_outrider_rules.py) every finding of the rule is in the changed file, at the line and column
of the value that breaks the rule, with the rule's severity and rulebook section."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from generator.games.outrider.rules import RULES
from tests.conftest import check_file, small_picture
from tests.games.outrider.test_outrider_rules import BAD_CASES, baseline_data
from tests.rule_coverage import At, assert_points_at

# rule -> the text its finding points at in the bad case's file.
AT: dict[str, At] = {
    "OR-ACTION-POINTS": "6",
    "OR-ARC-FIXED-FACING": "left, mount: fixed}",
    "OR-ARC-PRIMARY": "- {weapon: secondary",           # the wide side's arcs, no primary
    "OR-ARC-SECONDARY": "secondary, facing: right",     # the third secondary arc
    "OR-ART-FILE": "no-such-picture.png",
    "OR-ART-RESOLUTION": small_picture,
    "OR-BONUS-RANGE": "3}",
    "OR-CLASS-UNKNOWN": "Linebaker",
    "OR-EQUIPMENT-STANDARD": "d12}",
    "OR-PRINT-ARCS": "front, mount: fixed}",            # the second fixed front arc
    "OR-PRINT-TEXT": "- {name: Gadget 0",              # the upgrades that do not fit
    "OR-RULE-OF-FOUR": "2, handling",                   # the defense bonus the upgrade tops
    "OR-SKILL-POINTS": "12",
    "OR-VARIANT-ARCS": "- {weapon: primary",            # the narrow side's arcs
    "OR-VARIANT-BONUSES": "{defense: 2, handling: 1",   # the narrow side's bonuses
}


def test_every_rule_says_where_it_points() -> None:
    assert set(AT) == set(BAD_CASES) == set(RULES.rules)


@pytest.mark.parametrize("rule_id", sorted(AT))
def test_rule_points_at_what_breaks_it(rule_id: str, tmp_path: Path) -> None:
    data = copy.deepcopy(baseline_data())
    BAD_CASES[rule_id](data)
    path = tmp_path / "vehicle.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True,
                                   default_flow_style=None), encoding="utf-8")
    assert_points_at(check_file(path).findings, RULES[rule_id], path, AT[rule_id])
