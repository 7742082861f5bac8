"""``paddock check`` goes on after schema errors: the rules run on every field that parsed,
and a rule that needs a field that failed is named once as not checked."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.input.findings import Severity
from tests.conftest import check_file

Change = Callable[[dict[str, Any]], object]


def too_long_a_name(data: dict[str, Any]) -> None:
    data["name"] = "N" * 29  # one character over the licence's 28
    data["damage"]["affects"] = {3: {"name": "Maximum Speed #", "value": 9}, 6: "Wipe-out"}


def test_a_name_one_character_too_long_hides_no_rule_error(
        write_vehicle: Callable[..., Path]) -> None:
    findings = check_file(write_vehicle(too_long_a_name)).findings
    assert [f.rule for f in findings if f.severity is Severity.ERROR] == [
        "SCHEMA-VALUE", "FR-DMG-VALUE-IMPOSSIBLE"]
    # The name is used by no rule of the vehicle: none is skipped.
    assert "CHECK-SKIPPED" not in {f.rule for f in findings}


def test_a_rule_needing_a_failed_field_is_named_once_with_the_field(
        write_vehicle: Callable[..., Path]) -> None:
    def no_cards(data: dict[str, Any]) -> None:
        del data["cards"]
        data["traits"] = ["Fortune Smiles", "Unlucky Charm"]

    findings = check_file(write_vehicle(no_cards)).findings
    (skipped,) = [f for f in findings if f.rule == "CHECK-SKIPPED"]
    assert skipped.severity is Severity.INFO
    assert "because cards has an error" in skipped.message
    assert "FR-CARDS-LIMIT" in skipped.message and "FR-SPECIAL-FACE" in skipped.message
    named = skipped.message.split(": ", 1)[1].split(", ")
    assert len(named) == len(set(named))  # each rule once
    # The traits parsed, so the rule on them still runs.
    assert "FR-TRAIT-CONFLICT" in {f.rule for f in findings}
    assert "FR-TRAIT-CONFLICT" not in named


def test_a_bad_entry_in_a_list_keeps_the_others_for_the_rules(
        write_vehicle: Callable[..., Path]) -> None:
    def one_bad_trait(data: dict[str, Any]) -> None:
        data["traits"] = ["Lady Luck", {"name": "Blades", "value": "lots"}, "Ill Fate"]

    findings = check_file(write_vehicle(one_bad_trait)).findings
    assert {"SCHEMA-VALUE", "FR-TRAIT-CONFLICT"} <= {f.rule for f in findings}


def test_a_file_with_schema_errors_still_exits_1_and_builds_nothing(
        write_vehicle: Callable[..., Path], tmp_path: Path) -> None:
    path = write_vehicle(too_long_a_name)
    done = subprocess.run([sys.executable, "-m", "generator", "check", str(path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stderr
    assert "FR-DMG-VALUE-IMPOSSIBLE" in done.stdout and "Traceback" not in done.stderr
    loaded = check_file(path)
    assert loaded.definitions == [] and loaded.clean() == []
