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
from tests.games.outrider.test_outrider_rules import (
    BAD_CASES,
    Change,
    arc,
    baseline_data,
    bonuses,
    side,
    top,
)
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
    "OR-CLASS-EQUIPMENT": "d6, driver",                # the Interceptor's High Torque engine
    "OR-EQUIPMENT-STANDARD": ("d12, weapon", "d12}"),  # both slots holding the d12
    "OR-PRINT-ARCS": "front, mount: fixed}",            # the second fixed front arc
    "OR-PRINT-TEXT": "- {name: Gadget 0",              # the upgrades that do not fit
    "OR-RULE-OF-FOUR": "3}",                            # the upgrade's bonus past the cap
    "OR-SKILL-POINTS": "12",
    "OR-VARIANT-ARCS": "- {weapon: primary",            # both sides' arcs
    "OR-VARIANT-BONUSES": ("{defense: 2, handling: 1",  # the narrow side's bonuses
                           "{defense: 2, handling: 2"), # and the wide side's
}


# Each limit of the book reached exactly: the rule that guards it stays silent (and so does
# every other).
AT_THE_LIMIT: dict[str, Change] = {
    "OR-CLASS-EQUIPMENT": top(nickname="Interceptor"),  # the d8 engine and d6 weapon fit
    "OR-BONUS-RANGE": bonuses("narrow", defense=2, handling=1, acceleration=1),
    "OR-ARC-SECONDARY": side("wide", arcs=[arc("primary", "front", "articulated"),
                                           arc("secondary", "rear", "fixed"),
                                           arc("secondary", "left", "articulated")]),
    "OR-PRINT-ARCS": side("wide", arcs=[arc("primary", "front", "articulated"),
                                        arc("secondary", "front", "fixed")]),
}


def write(folder: Path, change: Change) -> Path:
    data = copy.deepcopy(baseline_data())
    change(data)
    path = folder / "vehicle.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True,
                                   default_flow_style=None), encoding="utf-8")
    return path


@pytest.mark.parametrize("rule_id", sorted(AT_THE_LIMIT))
def test_rule_is_silent_at_the_book_s_limit(rule_id: str, tmp_path: Path) -> None:
    assert check_file(write(tmp_path, AT_THE_LIMIT[rule_id])).findings == []


def test_every_rule_says_where_it_points() -> None:
    assert set(AT) == set(BAD_CASES) == set(RULES.rules)


@pytest.mark.parametrize("rule_id", sorted(AT))
def test_rule_points_at_what_breaks_it(rule_id: str, tmp_path: Path) -> None:
    path = write(tmp_path, BAD_CASES[rule_id])
    assert_points_at(check_file(path).findings, RULES[rule_id], path, AT[rule_id])
