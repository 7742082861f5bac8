"""Where each Joyride car and item rule points: on its minimal bad case (CAR_CASES and
ITEM_CASES in test_joyride_rules.py) every finding of the rule is in the changed file, at the
line and column of the value that breaks the rule, with the rule's severity and section."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.joyride.rules import ITEM_RULES, RULES
from tests.conftest import check_file, small_picture
from tests.games.joyride.test_joyride_rules import (
    CAR_CASES,
    ITEM_CASES,
    ITEM_DATA,
    scaffold_data,
    write,
)
from tests.rule_coverage import At, assert_points_at

# rule -> the text its finding points at in the bad case's file.
AT: dict[str, At] = {
    "JR-ABILITY-MEASURE-GEARS": "4}",                 # the amount past three gears
    "JR-ABILITY-MEASURE-STEERS": "2}",                # the amount past one steer
    "JR-ABILITY-MEASURE-STEP": "{effect: shift_",    # each step the END timing cannot reach
    "JR-ABILITY-MIX": "Handbrake Turn",
    "JR-ABILITY-NAMES": "Double Clutch",              # the second ability of that name
    "JR-ABILITY-SET": "- name: Double Clutch",        # the list of two abilities
    "JR-ABILITY-TIMING": "[]",
    "JR-ABILITY-TOGGLE": "toggleable",
    "JR-ABILITY-UNKNOWN": "Handbreak Turn",
    "JR-ART-FILE": "no-such-picture.png",
    "JR-ART-RESOLUTION": small_picture,
    "JR-DAMAGE-PROTECTED": "true}",
    "JR-DAMAGE-SLOTS": "false}",                      # gear 4's damage: false
    "JR-DASH-ELEMENTS": "[damage]",
    "JR-DASH-MARKERS": "{damage: false}",
    "JR-DICE-COLOUR": "'#800080'",
    "JR-PRINT-ICON": "gearstick",
    "JR-PRINT-TEXT": "W" * 28,
    "JR-ITEM-STANDARD-NAME": "Oil Slick,",
    "JR-ITEM-TIMING": "[roll]",
}
BOOKS = RULES.rules | ITEM_RULES.rules


def test_every_rule_says_where_it_points() -> None:
    assert set(AT) == set(CAR_CASES) | set(ITEM_CASES) == set(BOOKS)


@pytest.mark.parametrize("rule_id", sorted(AT))
def test_rule_points_at_what_breaks_it(rule_id: str, tmp_path: Path) -> None:
    path = (write(tmp_path, scaffold_data(), CAR_CASES[rule_id]) if rule_id in CAR_CASES
            else write(tmp_path, ITEM_DATA, ITEM_CASES[rule_id]))
    assert_points_at(check_file(path).findings, BOOKS[rule_id], path, AT[rule_id])
