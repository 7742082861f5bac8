"""``paddock rules``: every rule says what it checks; one rule is explained in full."""

from __future__ import annotations

import json

import pytest

from generator.commands.cli import main
from generator.commands.rules_listing import all_rules
from generator.project.registry import GAMES
from tests.conftest import run_cli as run


def test_every_rule_of_every_game_says_what_it_checks_in_one_line() -> None:
    rows = all_rules(list(GAMES.values()), include_format=True)
    missing = [rule.id for _, rule in rows if not rule.summary]
    assert missing == []
    assert all("\n" not in rule.summary and "{{" not in rule.summary for _, rule in rows)


def test_text_listing_shows_what_each_rule_checks_with_its_numbers(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", "frothy-races"], capsys)
    lines = out.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("FR-MOVE-PHASE-MAX "))
    assert lines[row + 1].split() == ["checks:", "no", "Speed", "moves", "more", "than", "6",
                                      "spaces", "in", "one", "movement", "phase"]
    assert code == 0 and "[frothy-races]" in lines


def test_json_listing_carries_message_hint_params_and_note(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", "--format", "json"], capsys)
    rules = {r["rule"]: r for r in json.loads(out)["rules"]}
    drop = rules["FR-MOVE-SPEED-DROP"]
    assert drop["checks"].startswith("dropping Speed mid-round")
    assert drop["note"].startswith("The guide: a fall in Speed during the round")
    assert "{{ lower }}" in drop["message"] and "(phase + 1)" in drop["hint"]
    assert rules["FR-MOVE-PHASE-MAX"]["params"] == {"limit": 6}
    assert rules["KIT-ONE"]["group"] == "kit file"


def test_one_rule_is_explained_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", "fr-move-speed-drop"], capsys)
    assert code == 0
    assert out.startswith("FR-MOVE-SPEED-DROP (warning; frothy-races)\n")
    assert "  source:  Frothy Races guide 3.6, Vehicle Creation Guide > Movement > Movement " \
           "per Phase (Move)" in out
    assert "  hint:    give Speed <lower> fewer spaces" in out
    assert "Movement Example vehicle drops from 6" in out
    code, out, _ = run(["rules", "FR-MOVE-PHASE-MAX", "--format", "json"], capsys)
    assert json.loads(out)["params"] == {"limit": 6}


def test_an_unknown_rule_is_bad_usage_with_the_nearest_id(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["rules", "FR-MOVE-SPED-DROP"], capsys)
    assert code == 2 and out == ""
    assert "no game or rule called 'FR-MOVE-SPED-DROP'; did you mean FR-MOVE-SPEED-DROP?" in err


def test_rules_help_names_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["rules", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "frothy-races, joyride, outrider" in out and "paddock rules FR-MOVE-SPEED-DROP" in out
