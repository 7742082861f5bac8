"""Where each Circus Maximus rule points: on its minimal bad case (BAD_CASES in
test_circus_maximus.py; CM-PRINT-TEXT, which the schema's length limits keep our own record
sheet from reaching, through a template that prints the name sixty times) every finding of the
rule is in the changed file, at the line and column of the value that breaks the rule, with
the rule's severity and rulebook section."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.circus_maximus.rules import RULES
from generator.project.loading import load
from generator.text.templates import TextTemplates
from tests.conftest import check_file
from tests.games.circus_maximus.test_circus_maximus import BAD_CASES, GREEN, chariot
from tests.rule_coverage import At, assert_points_at

# rule -> the text its finding points at in the bad case's file.
AT: dict[str, At] = {
    "CM-CUT-FREE-NEVER": "1",                 # max_team_speed
    "CM-DRAG-FREE-NEVER": "1",                # hit_boxes
    "CM-HORSE-NAME-DUPLICATE": "Aquilo",      # the second horse's name
    "CM-LIGHT-SCYTHE": "true",
    "CM-RAM-MODIFIER": "3",
    "CM-STRAIN-CDM": "-1",
    "CM-STRAIN-ENDURANCE": "0",
    "CM-TEAM-SIZE": "name: Victor",           # the fifth horse
}


def test_every_rule_says_where_it_points() -> None:
    assert set(AT) | {"CM-PRINT-TEXT"} == set(BAD_CASES) | {"CM-PRINT-TEXT"} \
        == set(RULES.rules)


@pytest.mark.parametrize("rule_id", sorted(AT))
def test_rule_points_at_what_breaks_it(rule_id: str, tmp_path: Path) -> None:
    path = chariot(tmp_path, BAD_CASES[rule_id][0])
    assert_points_at(check_file(path).findings, RULES[rule_id], path, AT[rule_id])


def test_team_size_points_at_a_lone_horse(tmp_path: Path) -> None:
    path = chariot(tmp_path, lambda d: d.update(horses=d["horses"][:1]))
    assert_points_at(check_file(path).findings, RULES["CM-TEAM-SIZE"], path, "name: Aquilo")


def test_print_rule_points_at_the_text_that_overflows(tmp_path: Path) -> None:
    folder = tmp_path / "templates" / "circus-maximus"
    folder.mkdir(parents=True)
    (folder / "record-sheet.j2").write_text(
        '{% extends "circus-maximus/record-sheet-base.j2" %}\n'
        "{% block title %}{{ chariot.name * 60 }}{% endblock %}\n")
    findings = load([GREEN], TextTemplates(tmp_path / "templates")).findings
    assert_points_at(findings, RULES["CM-PRINT-TEXT"], GREEN, "Green Faction")
    assert check_file(GREEN).findings == []
