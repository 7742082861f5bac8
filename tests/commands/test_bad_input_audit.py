"""Bad input as a user types it, command by command: each mistake ends with exit code 2, a
message that says what to write instead (the nearest choice or option where one is close),
the file's line:column where a file is at fault, and never a traceback."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.commands.usage import plain_message, unrecognized_message
from tests.conftest import VEHICLES
from tests.conftest import run_cli as run

WHISPER = str(VEHICLES / "frothy-races" / "whisper-gig.yaml")
RATTLER = str(VEHICLES / "outrider" / "rattler.yaml")
BIG_HORN = str(VEHICLES / "outrider" / "big-horn.yaml")


def usage_error(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run a command line argparse refuses; its exit code must be 2. Its standard error."""
    with pytest.raises(SystemExit) as stop:
        run(args, capsys)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(("args", "said"), [
    (["race", "tin-plate-loop", WHISPER, "--bot", "carefull"],
     "--bot: unknown value 'carefull'; did you mean 'careful'?"),
    (["race", "tin-plate-loop", WHISPER, "--bot", "Careful"], "did you mean 'careful'?"),
    (["race", "tin-plate-loop", WHISPER, "--type", "fastets"], "did you mean 'fastest'?"),
    (["check", WHISPER, "--format", "jsn"], "--format: unknown value 'jsn'; did you mean 'json'?"),
    (["table", WHISPER, "--format", "xls"], "did you mean 'xlsx'?"),
    (["build", WHISPER, "--paper", "a5"], "(choose from a3, a4, legal, letter)"),
    (["catalogue", "frothy-race"], "GAME: unknown value 'frothy-race'; did you mean "
                                   "'frothy-races'?"),
    (["schema", "joyrid"], "did you mean 'joyride'?"),
    (["new", "outridr", "X"], "did you mean 'outrider'?"),
])
def test_a_mistyped_choice_names_the_nearest(args: list[str], said: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert said in usage_error(args, capsys)


@pytest.mark.parametrize(("args", "said"), [
    (["check", WHISPER, "--strcit"], "'--strcit' (did you mean '--strict'?)"),
    (["race", "tin-plate-loop", WHISPER, "--rcaes", "5"], "did you mean '--races'?"),
    (["--debg", "check", WHISPER], "'--debg' (did you mean '--debug'?)"),
    (["battle", RATTLER, BIG_HORN, "--batles=3"], "did you mean '--battles'?"),
])
def test_an_unknown_option_names_the_nearest_under_its_command(
        args: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(args, capsys)
    assert said in err and f"paddock {args[0] if args[0] != '--debg' else 'check'}: error" in err
    assert "--help' lists what it takes" in err


@pytest.mark.parametrize("args", [
    ["race", "tin-plate-loop", WHISPER, "--seed", "xyz"],
    ["battle", RATTLER, BIG_HORN, "--seed", "1.5"],
    ["balance", WHISPER, "--seed", "one"],
])
def test_a_seed_that_is_not_a_number_says_what_to_write(
        args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(args, capsys)
    assert f"--seed: write a whole number such as 7, not '{args[-1]}'" in err
    assert "invalid int value" not in err


@pytest.mark.parametrize(("args", "said"), [
    (["battle", RATTLER, BIG_HORN, "--scenario", "duell"],
     "--scenario: unknown value 'duell'; did you mean 'duel'?"),
    (["battle", f"{RATTLER}:wid", BIG_HORN], "the side: unknown value 'wid'; did you mean "
                                            "'wide'? (choose from narrow, wide)"),
    (["balance", RATTLER, "--battle", "duell"], "--battle: unknown value 'duell'; did you "
                                                "mean 'duel'?"),
    (["new", "frothy-races", "Red Comet", "--kind", "trak"],
     "--kind (for frothy-races): unknown value 'trak'; did you mean 'track'?"),
    (["new", "formula-ace", "Red Comet", "--kind", "tem"], "did you mean 'team'?"),
])
def test_a_choice_checked_after_parsing_names_the_nearest(
        args: list[str], said: str, capsys: pytest.CaptureFixture[str],
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(args, capsys)
    assert code == 2 and said in err and "Traceback" not in err
    assert not list(tmp_path.iterdir())  # nothing written


def test_a_battle_with_a_broken_file_points_at_its_line_and_column(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: outrider\nkind: vehicle\n\tname: X\n")
    code, _, err = run(["battle", RATTLER, str(broken)], capsys)
    assert code == 2 and f"{broken}:3:1: error: cannot battle with this file" in err
    assert "[YAML-SYNTAX]" in err and "paddock check" in err


def test_balance_against_a_broken_file_points_at_its_line_and_column(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(Path(WHISPER).read_text().replace("  - Lady Luck", "  - Lady Lcuk"))
    line = next(n for n, text in enumerate(broken.read_text().splitlines(), 1)
                if "Lady Lcuk" in text)
    code, _, err = run(["balance", WHISPER, "--against", str(broken), "-o",
                        str(tmp_path / "b.pdf")], capsys)
    assert code == 2 and f"{broken}:{line}:5: error: cannot compare against this file" in err
    assert "did you mean 'Lady Luck'?" in err and not (tmp_path / "b.pdf").exists()


def test_serve_refuses_a_path_that_is_not_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Before, it served an empty page for the mistyped name and waited for ever.
    missing = tmp_path / "vehicels"
    code, out, err = run(["serve", str(missing), "--port", "1"], capsys)
    assert code == 2 and f"{missing}: error: no such file or folder" in err
    assert "serving" not in out


@pytest.mark.parametrize(("kit", "said"), [
    ("kind: kit\npapr: a4\n", "2:1: error SCHEMA-UNKNOWN-KEY: papr: unknown key 'papr'; "
                              "did you mean 'paper' under 'print:'?"),
    ("kind: kit\nbleed: 2mm\n", "unknown key 'bleed'; did you mean to put it under 'print:'?"),
])
def test_a_key_written_one_block_too_high_says_which_block(
        kit: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(WHISPER, tmp_path / "whisper-gig.yaml")
    (tmp_path / "kit.yaml").write_text(kit)
    code, out, _ = run(["check", str(tmp_path)], capsys)
    assert code == 1 and said in out


def test_a_vehicle_key_out_of_its_block_says_which_block(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("game: frothy-races\nkind: vehicle\nname: X\nacceleration: [1]\n")
    code, out, _ = run(["check", str(path)], capsys)
    assert code == 1
    assert ("4:1: error SCHEMA-UNKNOWN-KEY: acceleration: unknown key 'acceleration'; did you "
            "mean to put it under 'speed_table:'?") in out


def test_the_messages_keep_what_they_do_not_recognise() -> None:
    assert plain_message("the following arguments are required: TRACK") == (
        "the following arguments are required: TRACK")
    assert plain_message("argument --x: invalid choice: 'zzz' (choose from 'a', 'b')") == (
        "argument --x: unknown value 'zzz' (choose from a, b)")
    assert plain_message("argument --f: invalid float value: 'q'") == (
        "argument --f: write a number such as 2.5, not 'q'")
    import argparse
    parser = argparse.ArgumentParser(prog="p")
    parser.add_argument("--strict", action="store_true")
    assert unrecognized_message(["zzzz", "--qqqqqq"], parser) == (
        "unrecognized arguments: 'zzzz', '--qqqqqq'; 'p --help' lists what it takes")


def test_the_installed_command_says_the_same(tmp_path: Path) -> None:
    """As a user runs it: a subprocess, exit code 2, one line of usage error, no traceback."""
    done = subprocess.run([sys.executable, "-m", "generator", "race", "tin-plate-loop", WHISPER,
                           "--bot", "agressive"], capture_output=True, text=True, cwd=tmp_path,
                          check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "did you mean 'aggressive'?" in done.stderr
