"""The ``paddock`` command: exit codes, output formats, and no tracebacks for bad input."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.commands.cli import main
from tests.conftest import VEHICLES, shipped_files
from tests.conftest import run_cli as run

LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|info) "
                  r"(?P<rule>[A-Z0-9-]+): (?P<msg>.+) \[(?P<source>[^\]]+)\]$")




def bad_phase(data: dict) -> None:
    data["speed_table"]["move_2"][6] = 7


def test_check_of_the_shipped_kit_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", str(VEHICLES)], capsys)
    assert code == 0
    tracks = len(shipped_files("tracks"))
    assert out.strip().endswith(
        f"0 errors, 0 warnings, {tracks} info in {len(shipped_files())} files")
    infos = [LINE.match(line) for line in out.splitlines() if " info " in line]
    assert {m["rule"] for m in infos if m} == {"TRK-LAP-LENGTH"}  # one per track


def test_check_reports_compiler_style_lines_and_exits_1(
        write_vehicle: Callable[..., Path], capsys: pytest.CaptureFixture[str]) -> None:
    path = write_vehicle(bad_phase)
    code, out, _ = run(["check", str(path)], capsys)
    assert code == 1
    matches = [LINE.match(line) for line in out.splitlines()]
    found = [m for m in matches if m and m["rule"] == "FR-MOVE-PHASE-MAX"]
    assert len(found) == 1
    assert found[0]["sev"] == "error"
    assert found[0]["source"] == ("Frothy Races guide 3.6, Vehicle Creation Guide > Movement > "
                                  "Movement per Phase (Move)")
    assert found[0]["file"].endswith(path.name)


def test_json_output_has_the_documented_shape(
        write_vehicle: Callable[..., Path], capsys: pytest.CaptureFixture[str]) -> None:
    path = write_vehicle(bad_phase)
    code, out, _ = run(["check", "--format", "json", str(path)], capsys)
    assert code == 1
    data = json.loads(out)
    assert set(data) == {"findings", "summary"}
    assert data["summary"]["files"] == 1
    assert data["summary"]["errors"] == sum(f["severity"] == "error" for f in data["findings"])
    for finding in data["findings"]:
        assert {"rule", "severity", "message", "file", "line", "column", "source"} <= set(finding)
        assert isinstance(finding["line"], int) and isinstance(finding["column"], int)


def test_warnings_fail_only_with_strict(
        write_vehicle: Callable[..., Path], capsys: pytest.CaptureFixture[str]) -> None:
    path = write_vehicle(lambda d: d["cards"].update(whip=5, reins=5))
    assert run(["check", str(path)], capsys)[0] == 0
    assert run(["check", "--strict", str(path)], capsys)[0] == 1


@pytest.mark.parametrize(("content", "expected"), [
    ("game: frothy-races\nkind: [unclosed\n",
     r":2:7: error YAML-SYNTAX: YAML syntax error: this '\[' is never closed"),
    ("", r":1:1: error YAML-SYNTAX: the file is empty"),
])
def test_unreadable_yaml_exits_2_with_its_position(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, expected: str) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(content)
    code, out, err = run(["check", str(path)], capsys)
    assert code == 2
    assert re.search(expected, out), out
    assert "Traceback" not in err + out


def test_a_link_in_a_loop_or_to_nothing_says_so_at_the_name_given(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    (tmp_path / "gone.yaml").symlink_to(tmp_path / "nowhere.yaml")
    for command in ("check", "build", "balance"):
        code, _, err = run([command, str(tmp_path / "a.yaml")], capsys)
        assert code == 2 and "a.yaml: error: a symbolic link in a loop" in err, err
    code, _, err = run(["check", str(tmp_path / "gone.yaml")], capsys)
    assert code == 2 and "gone.yaml: error: a symbolic link to" in err, err
    assert "nowhere.yaml, which does not exist" in err


def test_missing_paths_and_empty_folders_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["check", str(tmp_path / "nope.yaml")], capsys)
    assert code == 2 and "no such file or folder" in err
    (tmp_path / "empty").mkdir()
    code, _, err = run(["check", str(tmp_path / "empty")], capsys)
    assert code == 2 and "no definitions here" in err


def test_bad_usage_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["check", "--format", "xml"])
    assert info.value.code == 2
    code, _, err = run(["rules", "chess"], capsys)
    assert code == 2 and "no game or rule called 'chess'" in err


def test_duplicate_and_unknown_keys_are_errors_not_tracebacks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (VEHICLES / "frothy-races" / "basic-chariot.yaml").read_text()
    text = text.replace("colour: \"#2e4a62\"", "colour: \"#2e4a62\"\ncolour: \"#000000\"\n"
                        "resiliance: 1")
    path = tmp_path / "typos.yaml"
    path.write_text(text)
    code, out, _ = run(["check", str(path)], capsys)
    assert code == 1
    assert "error YAML-DUPLICATE-KEY: key 'colour' is written twice" in out
    assert "unknown key 'resiliance'" in out


def test_unknown_game_suggests_the_right_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.yaml"
    path.write_text("game: frothy-race\nkind: vehicle\n")
    code, out, _ = run(["check", str(path)], capsys)
    assert code == 1
    assert "g.yaml:1:7: error DEF-GAME-UNKNOWN: game: unknown game 'frothy-race'; did you mean " \
           "'frothy-races'?" in out


def test_rules_lists_every_rule_with_severity_and_source(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", "frothy-races"], capsys)
    assert code == 0
    line = next(row for row in out.splitlines() if row.startswith("FR-MOVE-PHASE-MAX"))
    assert re.match(r"FR-MOVE-PHASE-MAX\s+error\s+Frothy Races guide 3\.6, Vehicle Creation "
                    r"Guide > Movement", line)
    code, out, _ = run(["rules", "--format", "json"], capsys)
    rules = json.loads(out)["rules"]
    assert {"SCHEMA-UNKNOWN-KEY", "FR-CARDS-LIMIT"} <= {r["rule"] for r in rules}


def test_new_writes_a_commented_scaffold_that_checks_clean(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(["new", "frothy-races", "The Red Comet"], capsys)
    target = tmp_path / "vehicles" / "frothy-races" / "the-red-comet.yaml"
    assert code == 0 and target.is_file()
    text = target.read_text()
    assert 'name: "The Red Comet"' in text and text.count("#") > 10
    assert run(["check", str(target)], capsys)[0] == 0
    code, _, err = run(["new", "frothy-races", "The Red Comet"], capsys)
    assert code == 2 and "already exists" in err


def test_build_refuses_a_bad_vehicle_but_builds_the_rest(
        tmp_path: Path, write_vehicle: Callable[..., Path],
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "kit"
    folder.mkdir()
    shutil.copy(VEHICLES / "frothy-races" / "whisper-gig.yaml", folder)
    shutil.move(write_vehicle(bad_phase, name="broken.yaml"), folder / "broken.yaml")
    out_dir = tmp_path / "out"
    code, out, err = run(["build", "--no-pack", str(folder), "-o", str(out_dir)], capsys)
    assert code == 1
    assert "not built:" in err and "broken.yaml" in err
    manifest = json.loads((out_dir / "manifest.json").read_text())
    (licences,) = [f for f in manifest["files"] if f["kind"] == "licence"]
    assert licences["vehicles"] == ["Whisper Gig"]
    assert not list(out_dir.rglob("*.part"))


def test_build_with_defaults_writes_into_output(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    shutil.copytree(VEHICLES, tmp_path / "vehicles")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(["build"], capsys)
    assert code == 0
    # The licences share sheets with the counters, and with the other games' small pieces,
    # by default (docs/printing.md).
    assert (tmp_path / "output" / "packed-sheets.pdf").is_file()
    manifest = json.loads((tmp_path / "output" / "manifest.json").read_text())
    packed = next(f for f in manifest["files"] if f["path"] == "packed-sheets.pdf")
    assert packed["game"] == "shared"
    assert "frothy-races" in packed["notes"]["games"].split(", ")
    assert packed["page_size_mm"] == [210.0, 297.0]
    assert len(packed["vehicles"]) > 9  # the Frothy Races nine and the other games'
    licences = [p for p in packed["placements"] if p["from"] == "frothy-races/licences.pdf"]
    assert len(licences) == 9


def test_the_installed_command_never_shows_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("game: frothy-races\nname: [oops\n")
    command = [sys.executable, "-m", "generator", "check", str(path)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert f"{path}:2:7: error YAML-SYNTAX: YAML syntax error: this '[' is never closed" \
        in result.stdout


def test_built_files_get_ordinary_permissions(tmp_path: Path) -> None:
    import os
    import stat
    out = tmp_path / "out"
    old = os.umask(0o022)
    try:
        assert main(["build", "--no-pack", str(VEHICLES / "frothy-races" / "whisper-gig.yaml"),
                     "-o", str(out)]) == 0
    finally:
        os.umask(old)
    for path in [out / "manifest.json", *out.rglob("*.pdf")]:
        assert stat.S_IMODE(path.stat().st_mode) == 0o644, path


def test_build_names_a_file_that_failed_its_schema_as_not_built(
        tmp_path: Path, write_vehicle: Callable[..., Path],
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "kit"
    folder.mkdir()
    shutil.copy(VEHICLES / "frothy-races" / "whisper-gig.yaml", folder)
    shutil.move(write_vehicle(lambda d: d.update(resiliance=1), name="typo.yaml"),
                folder / "typo.yaml")
    code, _, err = run(["build", "--no-pack", str(folder), "-o", str(tmp_path / "out")], capsys)
    assert code == 1
    assert re.search(r"not built: \S*typo\.yaml has 1 error$", err, re.M), err


def test_rules_lists_each_rule_once_even_when_games_share_a_book(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", "--format", "json"], capsys)
    assert code == 0
    rules = json.loads(out)["rules"]
    ids = [r["rule"] for r in rules]
    assert len(ids) == len(set(ids))
    (lap,) = [r for r in rules if r["rule"] == "TRK-LAP-LENGTH"]
    assert lap["group"] == "frothy-races, joyride"
