"""``paddock init``: a project folder a designer can start from, and never one that
overwrites what is there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.commands.cli import main
from generator.commands.json_schema import EDITOR_SETTINGS, SCHEMA_LINE
from generator.project.registry import GAMES


def test_init_writes_a_project_that_new_check_and_build_work_in(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["init", str(tmp_path / "racers")]) == 0
    out = capsys.readouterr().out
    assert f"wrote {tmp_path / 'racers' / 'vehicles' / 'kit.yaml'}" in out
    assert "next: cd " in out and "paddock new frothy-races" in out
    project = tmp_path / "racers"
    kit = (project / "vehicles" / "kit.yaml").read_text()
    assert kit.startswith(SCHEMA_LINE + "\n")
    assert "\nkind: kit\n" in kit and "# waive:" in kit
    schema = json.loads((project / "schemas" / "kit.schema.json").read_text())
    assert {"print", "sizes", "waive"} <= set(schema["properties"])
    for game in GAMES.values():
        for kind in game.kinds:
            assert (project / "schemas" / f"{game.id}.{kind}.schema.json").is_file()
    settings = json.loads((project / ".vscode" / "settings.json").read_text())
    assert settings == EDITOR_SETTINGS
    assert (project / "schemas" / "paddock.schema.json").is_file()
    monkeypatch.chdir(project)
    assert main(["new", "frothy-races", "Red Comet"]) == 0
    assert main(["check", "--strict"]) == 0
    assert main(["build", "--only", "licences"]) == 0
    assert (project / "output" / "frothy-races" / "licences.pdf").is_file()


def test_init_keeps_what_is_there(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    kit = tmp_path / "vehicles" / "kit.yaml"
    kit.parent.mkdir(parents=True)
    kit.write_text("kind: kit\nname: mine\n")
    assert main(["init", str(tmp_path)]) == 0
    assert f"kept {kit} (already there)" in capsys.readouterr().out
    assert kit.read_text() == "kind: kit\nname: mine\n"


def test_init_onto_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "taken").write_text("x")
    assert main(["init", str(tmp_path / "taken")]) == 2
    assert "is a file; give a folder" in capsys.readouterr().err
