"""``paddock season``: the ledger round by round, the team at the end, exit codes, JSON, and
``paddock new formula-ace`` writing a team that checks clean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from generator.commands.cli import main
from tests.conftest import VEHICLES
from tests.conftest import run_cli as run

KIT = VEHICLES / "formula-ace"
HOLLOW = KIT / "hollow-star.yaml"
BASTION = KIT / "iron-bastion.yaml"




def test_text_shows_each_step_with_its_balance(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["season", str(HOLLOW)], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Hollow Star: the season replayed (")
    assert lines[0].endswith("hollow-star.yaml), 9 of 9 steps")
    assert "1. Race: Neon Canyon (Total Speed Way, 6 starters)" in lines
    assert "    Lena Morrow in Starling: 1st, 5 points; 4 hit points lost" in lines
    assert ("    Otto Brandt in Kestrel: 3rd, 2 points; 12 hit points lost; 1 booster broken"
            in lines)
    assert any(line.startswith("    Ines Caldera in Magpie: did not finish, 0 points;")
               and line.endswith("pilot wounded (out 1 race)") for line in lines)
    school = next(line for line in lines if line.startswith("9. "))
    assert school.split()[-2:] == ["-3000", "250"]
    assert "At the end: 250 credits, no debt, 7 team points" in lines
    assert any(line.strip().startswith("Starling (Beta, Lena Morrow): speed 24 cm, "
                                       "hit points 11/11") for line in lines)
    assert lines[-1] == "0 errors, 0 warnings, 0 info in 1 file"


def test_upto_stops_the_replay(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["season", str(BASTION), "--upto", "1", "--format", "json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["steps_shown"] == 1 and data["steps_total"] == 5
    assert [s["kind"] for s in data["steps"]] == ["race"]
    assert data["final"]["credits"] == 6000 and data["final"]["team_points"] == 3 + 1
    bastion = next(s for s in data["final"]["ships"] if s["name"] == "Bastion")
    assert bastion["weapons"] == ["Countermeasures"] and bastion["hit_points_left"] == 7
    code, out, _ = run(["season", str(BASTION), "--upto", "0"], capsys)
    assert code == 0 and "At the end: 0 credits, no debt, 0 team points" in out


def test_json_has_the_ledger_the_final_state_and_findings(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["season", str(HOLLOW), "--format", "json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["findings"] == [] and data["summary"]["errors"] == 0
    assert [line["balance"] for s in data["steps"] for line in s["lines"]][:2] == [7100, 10100]
    race = data["steps"][0]["race"]
    assert race["results"][0] | {"prize": 5000, "points": 5} == race["results"][0]
    pilots = {p["name"]: p for p in data["final"]["pilots"]}
    assert pilots["Ines Caldera"]["status"] == "out"
    assert pilots["Lena Morrow"]["skills"] == {"piloting": 5, "g_endurance": 4}


def test_negative_credits_exit_1_after_the_ledger(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    data = yaml.safe_load(HOLLOW.read_text())
    data["season"].append({"buy": {"item": "speed", "ship": "Kestrel"}})
    path = tmp_path / "broke.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    code, out, _ = run(["season", str(path)], capsys)
    assert code == 1
    assert "10. Bought +1 cm speed for Kestrel" in out
    assert ("error FA-CREDITS-NEGATIVE: +1 cm speed (1500 credits) takes the balance to "
            "-1250 credits") in out
    assert out.splitlines()[-1].startswith("1 error, 0 warnings")


def test_a_rich_team_still_prints(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Balances past 200,000 credits once tripped the template sandbox's width limit."""
    data = yaml.safe_load(HOLLOW.read_text())
    data["season"] = [{"race": {"name": f"Gold {n}", "category": "total-speed-way",
                                "starters": 99, "results": [{"pilot": "Lena Morrow",
                                                             "ship": "Starling", "place": 1}]}}
                      for n in range(3)]
    path = tmp_path / "rich.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    code, out, _ = run(["season", str(path)], capsys)
    assert code == 0
    assert "At the end: 296100 credits, no debt, 15 team points" in out
    assert any(line.split()[-2:] == ["+98000", "296100"] for line in out.splitlines())


@pytest.mark.parametrize("args", [
    ["season", str(KIT)],
    ["season", str(HOLLOW), "--upto", "10"],
    ["season", str(HOLLOW), "--upto", "-1"],
    ["season", str(VEHICLES / "circus-maximus" / "green-faction.yaml")],
    ["season", "no-such-team.yaml"],
])
def test_bad_usage_exits_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(args)
    except SystemExit as exc:  # argparse refuses the option's value itself
        code = int(str(exc.code))
    err = capsys.readouterr().err
    assert code == 2 and err and "Traceback" not in err


def test_a_file_that_fails_its_schema_exits_2(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(HOLLOW.read_text().replace("type: Tau", "type: Tua"))
    code, out, err = run(["season", str(path)], capsys)
    assert code == 2 and out == ""
    assert "did you mean 'Tau'?" in err and "cannot replay" in err


def test_templates_override_the_words(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "formula-ace"
    folder.mkdir()
    (folder / "season.txt.j2").write_text("{{ team }} ends on {{ final.credits }}\n")
    code, out, _ = run(["season", str(HOLLOW), "--templates", str(tmp_path)], capsys)
    assert code == 0 and out.splitlines()[0] == "Hollow Star ends on 250"


def test_new_writes_a_team_that_checks_clean(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, _ = run(["new", "formula-ace", "Blue Nova"], capsys)
    target = tmp_path / "vehicles" / "formula-ace" / "blue-nova.yaml"
    assert code == 0 and target.is_file()
    text = target.read_text()
    assert 'name: "Blue Nova"' in text and "kind: team" in text
    code, out, _ = run(["check", str(target)], capsys)
    assert code == 0 and out.strip() == "0 errors, 0 warnings, 0 info in 1 file"
    code, out, _ = run(["season", str(target)], capsys)
    assert code == 0 and "At the end: 2500 credits, no debt, 0 team points" in out


def test_a_stranded_teams_shortfall_is_a_loan_in_the_ledger(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from generator.games.formula_ace.baseline import BASELINE_FILE
    data = yaml.safe_load(BASELINE_FILE.read_text(encoding="utf-8"))
    data["ships"][0]["upgrades"] = {"speed": 1, "hit-point": 5}  # all 2500 credits
    crews = [(p["name"], s["name"], p["category"])
             for p, s in zip(data["pilots"], data["ships"], strict=True)]
    data["season"] = [{"race": {"name": f"Wreck {n}", "category": category, "starters": 4,
                                "results": [{"pilot": pilot, "ship": ship, "place": "dnf",
                                             "ship_destroyed": True}]}}
                      for n, (pilot, ship, category) in enumerate(crews, start=1)]
    data["season"].append({"new_ship": {"name": "Phoenix", "type": "Alpha"}})
    path = tmp_path / "stranded.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    code, out, _ = run(["season", str(path)], capsys)
    lines = out.splitlines()
    assert code == 0
    loan = next(line for line in lines if line.startswith("4. "))
    assert loan.startswith("4. Loan for the shortfall (14/)") and loan.split()[-2:] == [
        "+1000", "1000"]
    assert lines[lines.index(loan) + 1].split()[-2:] == ["-1000", "0"]
    assert "At the end: 0 credits, owing 1000, 0 team points" in lines
