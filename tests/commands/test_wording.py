"""The wording slips the designer's loop found: each message and reference line reads right."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from generator.commands.cli import main
from generator.games.frothy_races.rules import RULES as FROTHY
from generator.games.joyride.rules import RULES as JOYRIDE
from generator.input.findings import Rule
from tests.conftest import check_file


def test_a_drop_after_phase_3_names_phase_4_alone(write_vehicle: Callable[..., Path]) -> None:
    rule: Rule = FROTHY["FR-MOVE-SPEED-DROP"]
    finding = rule.finding(check_file(write_vehicle()).definitions[0].root, speed=6, lower=5,
                           phase=3, dropped=4, kept=3)
    assert finding.hint == "give Speed 5 fewer spaces in phase 4, or Speed 6 more"
    finding = rule.finding(finding.mark, speed=6, lower=5, phase=1, dropped=4, kept=3)
    assert finding.hint == "give Speed 5 fewer spaces in phases 2-4, or Speed 6 more"


@pytest.mark.parametrize(("part", "verb"), [("traits", "do"), ("background", "does"),
                                            ("initiative token text", "does"),
                                            ("stamina affects", "do")])
def test_a_plural_part_does_not_fit_in_plural(part: str, verb: str,
                                              write_vehicle: Callable[..., Path]) -> None:
    mark = check_file(write_vehicle()).definitions[0].root
    message = JOYRIDE["JR-PRINT-TEXT"].finding(mark, part=part, component="dashboard",
                                               advice="a shorter text").message
    assert message == f"{part} {verb} not fit on the dashboard even at 6 pt"
    assert FROTHY["FR-PRINT-TEXT"].finding(mark, part=part, side="back",
                                           advice="a shorter text").message == (
        f"{part} {verb} not fit on the licence back even at 6 pt")


def test_the_reference_says_what_it_means(capsys: pytest.CaptureFixture[str]) -> None:
    main(["schema", "frothy-races"])
    out = capsys.readouterr().out
    assert "1 to 12 entries" not in out and "(speedtable)" not in out and "72.0" not in out
    assert "Accepts a list of exactly 7 entries, Speed 0 first, each a whole number from 0 " \
           "to 99." in out
    assert "Default: 25.4mm." in out


def test_one_more_reins_reads_right() -> None:
    from generator.games.frothy_races.catalogues import frothy_data
    entry = frothy_data().stamina_affects.find("+# Reins / Speed Check")
    assert entry is not None and entry.text.replace("#", "1").endswith("1 more Reins.")
