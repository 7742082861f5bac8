"""The command line's contract, run as a user runs it: the installed ``paddock`` script.

Exit codes: 0 clean, 1 rule errors, 2 unreadable input or bad usage, 3 internal error (a bug).
Whatever the input, the answer is one of these, with a position for bad input and never a
traceback unless --debug asks for one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fuzz_cases import HOSTILE_DOCUMENTS

REPO = Path(__file__).resolve().parents[2]
PADDOCK = Path(sys.executable).parent / "paddock"
GIG = REPO / "vehicles" / "frothy-races" / "whisper-gig.yaml"
RATTLER = REPO / "vehicles" / "outrider" / "rattler.yaml"
SUNBURST = REPO / "vehicles" / "joyride" / "sunburst.yaml"


def paddock(*args: str | Path, env: dict[str, str] | None = None
            ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PADDOCK), *map(str, args)], capture_output=True, text=True,
                          check=False, timeout=60, cwd=REPO, env=env)


def no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stdout + result.stderr


def test_the_console_script_is_installed() -> None:
    assert PADDOCK.is_file(), "install with: pip install -e '.[test]'"


def test_exit_0_for_a_clean_vehicle() -> None:
    result = paddock("check", GIG)
    assert result.returncode == 0, result.stdout + result.stderr


def test_exit_1_for_rule_errors(tmp_path: Path) -> None:
    path = tmp_path / "gig.yaml"
    path.write_text(GIG.read_text().replace("  whip: 3\n", "  whip: 40\n"))
    result = paddock("check", path)
    assert result.returncode == 1
    assert f"{path}:37:9: error SCHEMA-VALUE: cards.whip" in result.stdout
    no_traceback(result)


@pytest.mark.parametrize("args", [
    ["frobnicate"],
    ["check", "--format", "yaml"],
    ["build", "--bleed", "1" + "0" * 400],
    ["build", "--gutter", "nan"],
    ["rules", "no-such-game"],
])
def test_exit_2_for_bad_usage(args: list[str]) -> None:
    result = paddock(*args)
    assert result.returncode == 2
    no_traceback(result)


def test_exit_2_for_a_missing_file(tmp_path: Path) -> None:
    result = paddock("check", tmp_path / "nope.yaml")
    assert result.returncode == 2
    assert "no such file or folder" in result.stderr


def test_exit_2_for_a_baseline_from_another_game(tmp_path: Path) -> None:
    result = paddock("balance", RATTLER.relative_to(REPO), "--against",
                     SUNBURST.relative_to(REPO), "-o", tmp_path / "report.pdf")
    assert result.returncode == 2
    assert ("--against vehicles/joyride/sunburst.yaml is from Joyride (a vehicle), but the "
            "builds to measure are from outrider: give a baseline from the same game"
            ) in result.stderr
    no_traceback(result)


BAD_INPUT = {
    "syntax-error": ("game: frothy-races\nname: [oops\n", "2:7: error YAML-SYNTAX"),
    "tab": ("game: frothy-races\n\tname: x\n", "2:1: error YAML-SYNTAX"),
    "alias-bomb": (HOSTILE_DOCUMENTS["alias-bomb"], "5:15: error YAML-LIMIT"),
    "self-alias": (HOSTILE_DOCUMENTS["self-alias"], "1:8: error YAML-SYNTAX"),
    "deep-nesting": (HOSTILE_DOCUMENTS["deep-flow-30000"], "1:33: error YAML-LIMIT"),
    "python-tag": (HOSTILE_DOCUMENTS["python-object-root"], "1:1: error YAML-TAG"),
    "bad-int": ("game: frothy-races\nx: !!int 0b102\n", "2:4: error YAML-VALUE"),
    "nan": ("game: frothy-races\nx: .nan\n", "2:4: error YAML-VALUE"),
    "huge-number": ("game: frothy-races\nx: 1" + "0" * 400 + "\n", "2:4: error YAML-VALUE"),
    "long-text": ("game: frothy-races\nx: " + "y" * 20_000 + "\n", "2:4: error YAML-LIMIT"),
    "big-file": (HOSTILE_DOCUMENTS["big-file"], "error YAML-LIMIT"),
    "empty": ("", "1:1: error YAML-SYNTAX"),
    "control-character": ("game: frothy-races\x1b\n", "1:19: error YAML-SYNTAX"),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUT))
def test_exit_2_for_bad_input_with_its_position(tmp_path: Path, case: str) -> None:
    text, expected = BAD_INPUT[case]
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    result = paddock("check", path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"{path}:" in result.stdout and expected in result.stdout, result.stdout
    no_traceback(result)


def test_exit_2_for_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes("name: Caf\xe9\n".encode("latin-1"))
    result = paddock("check", path)
    assert result.returncode == 2
    assert f"{path}:1:10: error FILE-UNREADABLE: not UTF-8 text" in result.stdout


def test_exit_2_for_a_fifo_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    result = paddock("check", fifo)  # the timeout fails the test if it blocks
    assert result.returncode == 2
    assert "not a regular file" in result.stdout


def test_every_other_file_is_still_checked(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: frothy-races\n  kind: vehicle\n")
    other = tmp_path / "other.yaml"
    other.write_text(GIG.read_text().replace("  whip: 3\n", "  whip: 40\n"))
    result = paddock("check", broken, other)
    assert result.returncode == 2
    assert f"{broken}:2:3: error YAML-SYNTAX" in result.stdout
    assert f"{other}:37:9: error SCHEMA-VALUE: cards.whip" in result.stdout
    assert result.stdout.rstrip().endswith("in 2 files")


def test_build_prints_every_clean_definition_beside_a_broken_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: frothy-races\nname: 'oops\n")
    out = tmp_path / "out"
    result = paddock("build", "--no-pack", broken, GIG, "-o", out)
    assert result.returncode == 2, result.stderr
    assert f"{broken}:2:7: error YAML-SYNTAX" in result.stderr
    assert "has 1 error" in result.stderr and "not built" in result.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    licences = [f for f in manifest["files"] if f["path"] == "frothy-races/licences.pdf"]
    assert licences and licences[0]["vehicles"] == ["Whisper Gig"]
    assert (out / "frothy-races" / "licences.pdf").stat().st_size > 0


def test_a_kit_file_that_cannot_be_parsed_stops_the_build(tmp_path: Path) -> None:
    """Its print settings (paper, bleed, sizes) cannot be guessed, so nothing is written."""
    kit = tmp_path / "kit.yaml"
    kit.write_text("kind: kit\nprint: {paper: a3\n")
    out = tmp_path / "out"
    result = paddock("build", "--no-pack", kit, GIG, "-o", out)
    assert result.returncode == 2
    assert f"{kit}:2:8: error YAML-SYNTAX" in result.stderr
    assert "not built: the kit file has errors" in result.stderr
    assert not out.exists()


def simulated_bug(tmp_path: Path) -> dict[str, str]:
    """An environment in which ``check`` hits an exception nobody planned for."""
    (tmp_path / "sitecustomize.py").write_text(
        "import generator.commands.parsers\n"
        "def broken(args):\n"
        "    raise RuntimeError('simulated bug')\n"
        "generator.commands.parsers.run_check = broken\n")
    return {**os.environ, "PYTHONPATH": str(tmp_path)}


def test_exit_3_for_an_internal_error_with_a_request_to_report_it(tmp_path: Path) -> None:
    result = paddock("check", GIG, env=simulated_bug(tmp_path))
    assert result.returncode == 3
    lines = result.stderr.strip().split("\n")
    assert lines[0] == "paddock: internal error: RuntimeError: simulated bug"
    assert lines[1].startswith("paddock: this is a bug in Paddock")
    assert "please report it" in lines[1] and "--debug" in lines[1]
    no_traceback(result)


def test_debug_shows_the_traceback_of_an_internal_error(tmp_path: Path) -> None:
    result = paddock("--debug", "check", GIG, env=simulated_bug(tmp_path))
    assert result.returncode == 3
    assert "Traceback" in result.stderr and "RuntimeError: simulated bug" in result.stderr


def test_a_reader_that_goes_away_is_not_an_internal_error() -> None:
    """``paddock rules | head -1``: the pipe closes under us; that is no bug to report."""
    process = subprocess.Popen([str(PADDOCK), "rules", "--format", "json"], cwd=REPO,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    error = process.stderr.read()
    assert process.wait(timeout=60) == 141
    assert "internal error" not in error and "Traceback" not in error
