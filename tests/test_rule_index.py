"""Every rule of every rules file Paddock has (the games', the tracks', the circuits', the
items', the balance verdicts', the file format's and the kit's) is named by some test: a new
rule without a test that makes it fire fails here, with the file it is declared in."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from tests.conftest import REPO

RULE_FILES = sorted((REPO / "generator").rglob("*rules.yaml"))


def declared() -> dict[str, Path]:
    """rule id -> the rules file that declares it."""
    found: dict[str, Path] = {}
    for path in RULE_FILES:
        for rule_id in yaml.safe_load(path.read_text(encoding="utf-8"))["rules"]:
            assert rule_id not in found, f"{rule_id} is declared twice"
            found[rule_id] = path
    return found


def test_the_rules_files_are_the_ones_we_know() -> None:
    names = {str(p.relative_to(REPO / "generator")) for p in RULE_FILES}
    assert {"games/joyride/item_rules.yaml", "games/formula_ace/circuit_rules.yaml",
            "tracks/rules.yaml", "input/format_rules.yaml", "project/kit_rules.yaml"} <= names
    assert len([n for n in names if n.endswith("/rules.yaml")]) >= 6  # five games and tracks


def test_every_rule_is_named_by_a_test() -> None:
    tests = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "tests").rglob("*.py"))
    named = set(re.findall(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b", tests))
    rules = declared()
    assert len(rules) > 200
    missing = {rule_id: str(path.relative_to(REPO)) for rule_id, path in rules.items()
               if rule_id not in named}
    assert not missing, f"rules no test names: {missing}"
