"""The rough edges a new user met (issue 23), each held by a test: a new Formula Ace team of
its own names, help examples that name shipped files, ``--kind`` by the file's own kind,
a bare ``paddock`` and a mistyped command, rule messages without raw template code, each
hint printed once, ``--race`` and ``-o`` refused where they cannot apply, and the balance
table's units, directions and reasons."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest
import yaml

from generator.commands.cli import command_parsers, make_parser
from generator.commands.rules_listing import all_rules, explain_rule
from generator.games.formula_ace.baseline import baseline
from generator.project.registry import GAMES
from tests.conftest import REPO, VEHICLES
from tests.conftest import run_cli as run


def test_a_new_formula_ace_team_names_its_own_pilots_and_ships(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, _ = run(["new", "formula-ace", "Red Comet Thunder Racing"], capsys)
    assert code == 0
    data = yaml.safe_load(next((tmp_path / "vehicles" / "formula-ace").glob("*.yaml")).read_text())
    taken = {p.name for p in baseline().pilots} | {s.name for s in baseline().ships}
    names = [p["name"] for p in data["pilots"]] + [s["name"] for s in data["ships"]]
    assert not taken & set(names)
    assert len(set(names)) == len(names) and all(len(name) <= 24 for name in names)
    assert {s["pilot"] for s in data["ships"]} == {p["name"] for p in data["pilots"]}
    code, out, _ = run(["check", "vehicles"], capsys)
    assert code == 0, out


def subparsers() -> dict[str, argparse.ArgumentParser]:
    return command_parsers(make_parser())


@pytest.mark.parametrize("name", sorted(subparsers()))
def test_every_file_a_help_example_names_is_shipped(name: str) -> None:
    epilog = subparsers()[name].epilog or ""
    for path in re.findall(r"vehicles/[\w./-]+\.yaml", epilog):
        assert (REPO / path).is_file(), f"paddock {name} --help names {path}, not shipped"


@pytest.mark.parametrize(("game", "kind"), [("circus-maximus", "chariot"),
                                            ("formula-ace", "team"),
                                            ("frothy-races", "vehicle")])
def test_new_takes_the_kind_the_file_declares(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        game: str, kind: str) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(["new", game, "Blue Light", "--kind", kind], capsys)
    assert code == 0, err
    written = Path(out.split()[1].rstrip(":"))
    assert f"\nkind: {kind}\n" in written.read_text()


def test_a_kind_no_scaffold_writes_still_says_what_it_writes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(["new", "circus-maximus", "Blue", "--kind", "track"], capsys)
    assert code == 2 and "(choose from vehicle, chariot)" in err


def test_a_bare_paddock_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run([], capsys)
    assert code == 0
    for name in subparsers():
        assert f"    {name} " in out or f"    {name}\n" in out


def test_a_mistyped_command_gets_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["chek", "vehicles"], capsys)
    assert code == 2
    assert "unknown command 'chek'; did you mean 'check'?" in err
    code, _, err = run(["xyzzy"], capsys)
    assert code == 2 and "unknown command 'xyzzy' (commands: init, check," in err


def test_no_rule_explanation_shows_raw_template_code() -> None:
    for group, rule in all_rules(list(GAMES.values()), include_format=True):
        shown = explain_rule(group, rule, "text")
        assert "{{" not in shown and "{%" not in shown and "}}" not in shown, rule.id
    group, rule = next((g, r) for g, r in all_rules(list(GAMES.values()), True)
                       if r.id == "FR-CARDS-DUAL")
    assert ("message: <total> cards, <dual> of them dual-sided, count as <weighted>; "
            in explain_rule(group, rule, "text"))
    assert "counting each dual card as 1.5)" in explain_rule(group, rule, "text")


def test_a_hint_is_printed_once_for_the_same_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (VEHICLES / "frothy-races" / "whisper-gig.yaml").read_text()
    text = re.sub(r"\n  whip: \d+", "\n  whip: 12", text)
    for name in ("one", "two"):
        (tmp_path / f"{name}.yaml").write_text(text.replace("name: Whisper Gig",
                                                            f"name: Gig {name}"))
    code, out, _ = run(["check", str(tmp_path)], capsys)
    assert code == 1
    assert out.count("FR-CARDS-LIMIT") == 2
    assert out.count("counting whip + reins + dual + special cards") == 1  # the hint, once


def test_race_is_refused_not_ignored_for_a_game_that_cannot_race_yet(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(["balance", str(VEHICLES / "outrider" / "rattler.yaml"),
                        "--race", "tin-plate-loop", "-o", str(tmp_path / "b.pdf")], capsys)
    assert code == 2
    assert "--race: racing Outrider builds is not supported yet" in err
    assert not (tmp_path / "b.pdf").exists()


def test_an_output_for_a_balance_that_measures_nothing_is_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(["balance", str(VEHICLES / "circus-maximus"), "-o",
                        str(tmp_path / "b.pdf")], capsys)
    assert code == 2
    assert f"-o {tmp_path / 'b.pdf'}: no report to write: no build could be measured" in err


def test_the_balance_table_gives_units_directions_and_a_surprising_rows_reason(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(["balance", str(VEHICLES / "frothy-races" / "marsh-hopper.yaml"),
                        "-o", str(tmp_path / "b.pdf")], capsys)
    assert code == 0
    assert re.search(r"this\s+baseline\s+unit\s+better", out)
    assert re.search(r"\+ Rounds to top\s+[\d.]+\s+[\d.]+\s+rounds\s+lower", out)
    assert re.search(r"- Turn success\s+[\d.]+%\s+[\d.]+%\s+chance\s+higher", out)
    reason = out.split("+ Rounds to top", 1)[1].split("\n  ", 2)[1]
    assert "12 Acceleration boxes against the baseline's 11, yet sooner" in reason


@pytest.mark.parametrize("game", [g for g in sorted(GAMES) if GAMES[g].balance is not None])
def test_every_balance_axis_says_its_unit(game: str) -> None:
    hook = GAMES[game].balance
    assert hook is not None
    for axis in hook.axes:
        assert axis.unit, f"{game} {axis.id}: no unit"
        assert (axis.unit == "chance") == axis.percent, axis.id
