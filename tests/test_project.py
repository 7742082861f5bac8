"""The project's own bookkeeping: one version, a changelog, a clear word outside a project."""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

import generator
from generator.commands.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_the_version_is_written_in_one_place() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    assert version("paddock") == generator.__version__


def test_the_changelog_names_the_current_version() -> None:
    assert f"## {generator.__version__}" in (ROOT / "CHANGELOG.md").read_text()


def test_outside_a_project_folder_paddock_says_what_it_looked_for(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["check"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"paddock: no vehicles/ folder in {tmp_path}: run paddock in your "
                          "project folder (the one holding vehicles/)")
