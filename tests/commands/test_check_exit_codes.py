"""`paddock check` exit codes for every game and the tracks: 0 with warnings only, 1 with a rule
error, 2 for a file that cannot be read as YAML. In-process for each game, and the installed
command once for each code."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import basic_chariot_data, run_cli
from tests.games.circus_maximus import test_circus_maximus as circus
from tests.games.formula_ace import test_circuits as circuits
from tests.games.formula_ace import test_formula_ace_rules as formula
from tests.games.frothy_races import test_frothy_rules as frothy
from tests.games.joyride import test_joyride_rules as joyride
from tests.games.outrider import test_outrider_rules as outrider
from tests.track_files import write_track
from tests.tracks import test_track_rules as tracks

Writer = Callable[[Path, str], Path]


def frothy_file(folder: Path, rule_id: str) -> Path:
    data = basic_chariot_data()
    frothy.BAD_CASES[rule_id](data)
    return joyride.write(folder, data, None)


def joyride_file(folder: Path, rule_id: str) -> Path:
    return joyride.write(folder, joyride.scaffold_data(), joyride.CAR_CASES[rule_id])


def outrider_file(folder: Path, rule_id: str) -> Path:
    return joyride.write(folder, outrider.baseline_data(), outrider.BAD_CASES[rule_id])


def team_file(folder: Path, rule_id: str) -> Path:
    return formula.write_team(folder, formula.BAD_CASES[rule_id][0])


def circuit_file(folder: Path, rule_id: str) -> Path:
    change, source = circuits.BAD_CASES[rule_id]
    return circuits.write_circuit(folder, change, source)


def chariot_file(folder: Path, rule_id: str) -> Path:
    return circus.chariot(folder, circus.BAD_CASES[rule_id][0])


def track_file(folder: Path, rule_id: str) -> Path:
    map_text, game, fields = tracks.BAD_CASES[rule_id]
    return write_track(folder, map_text=map_text, game=game, **fields)


# game -> (its writer, a case with warnings and no error, a case with an error)
GAMES: dict[str, tuple[Writer, str, str]] = {
    "frothy-races": (frothy_file, "FR-TRAIT-NONE", "FR-MOVE-PHASE-MAX"),
    "joyride": (joyride_file, "JR-ABILITY-MEASURE-STEP", "JR-ABILITY-TOGGLE"),
    "outrider": (outrider_file, "OR-CLASS-UNKNOWN", "OR-ACTION-POINTS"),
    "formula-ace team": (team_file, "FA-PILOT-SKILL-UNSPENT", "FA-TEAM-CREDITS"),
    "formula-ace circuit": (circuit_file, "FA-CIRCUIT-OBSTACLE-SIZE", "FA-CIRCUIT-LAPS"),
    "circus-maximus": (chariot_file, "CM-STRAIN-CDM", "CM-RAM-MODIFIER"),
    "track": (track_file, "TRK-NARROW-FIELD", "TRK-START-SLOTS"),
}


def unreadable(path: Path) -> Path:
    """The file with a list that is never closed added at its end."""
    path.write_text(path.read_text(encoding="utf-8") + "broken: [oops\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("game", sorted(GAMES))
def test_check_exits_0_with_warnings_1_with_an_error_2_when_unreadable(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write, warned, broken = GAMES[game]
    code, out, _ = run_cli(["check", str(write(tmp_path, warned))], capsys)
    assert code == 0, out
    assert f" warning {warned}: " in out and "\n0 errors, " in f"\n{out}"
    code, out, _ = run_cli(["check", str(write(tmp_path, broken))], capsys)
    assert code == 1, out
    assert f" error {broken}: " in out
    code, out, _ = run_cli(["check", str(unreadable(write(tmp_path, warned)))], capsys)
    assert code == 2, out
    assert " error YAML-SYNTAX: " in out


@pytest.mark.parametrize(("game", "which", "code"), [
    ("outrider", 1, 0), ("circus-maximus", 2, 1), ("track", 1, 2)])
def test_the_installed_command_exits_with_the_same_codes(game: str, which: int, code: int,
                                                         tmp_path: Path) -> None:
    case: Any = GAMES[game]
    path = case[0](tmp_path, case[which])
    if code == 2:
        unreadable(path)
    done = subprocess.run([sys.executable, "-m", "generator", "check", str(path)],
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == code, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
