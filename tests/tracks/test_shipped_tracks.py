"""Shipped tracks are package data named from anywhere (``--race tin-plate-loop``), listed by
``paddock catalogue tracks``; a project's own track of the same name wins, and says so."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from generator.commands.cli import main
from generator.tracks.shipped import find_track, shipped_tracks, shipped_tracks_dir
from tests.conftest import REPO

WHISPER = REPO / "vehicles" / "frothy-races" / "whisper-gig.yaml"


def test_the_shipped_tracks_are_the_checkouts_and_ship_in_the_package() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert config["tool"]["setuptools"]["package-dir"]["generator._tracks"] == "vehicles/tracks"
    assert config["tool"]["setuptools"]["package-data"]["generator._tracks"] == ["*.yaml"]
    stems = {track.stem for track in shipped_tracks()}
    assert stems == {path.stem for path in (REPO / "vehicles" / "tracks").glob("*.yaml")}
    assert shipped_tracks_dir().is_dir()


def test_a_track_is_found_by_name_or_title_from_any_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for text in ("tin-plate-loop", "Tin-Plate Loop", "tin-plate-loop.yaml"):
        found = find_track(text)
        assert found is not None and found.note is None
        assert found.path.name == "tin-plate-loop.yaml" and found.path.is_file()
    assert find_track("no-such-track") is None


def test_a_projects_own_track_of_the_same_name_wins_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    own = tmp_path / "vehicles" / "tracks" / "tin-plate-loop.yaml"
    own.parent.mkdir(parents=True)
    own.write_text((REPO / "vehicles" / "tracks" / "tin-plate-loop.yaml").read_text())
    found = find_track("tin-plate-loop")
    assert found is not None and found.path == Path("vehicles/tracks/tin-plate-loop.yaml")
    assert found.note is not None and "using your own" in found.note


def test_race_by_name_from_a_project_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["race", "tin-plate-loop", str(WHISPER), str(WHISPER), "--races", "2",
                 "--workers", "1", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)


def test_an_unknown_track_name_is_bad_usage_with_a_suggestion(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["balance", str(WHISPER), "--race", "tin-plate-lop"]) == 2
    assert "did you mean 'tin-plate-loop'?" in capsys.readouterr().err
    assert main(["race", "tin-plate-lop", str(WHISPER), str(WHISPER)]) == 2
    assert "no track file or shipped track named 'tin-plate-lop'" in capsys.readouterr().err


def test_catalogue_tracks_lists_every_shipped_track(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalogue", "tracks"]) == 0
    shown = capsys.readouterr().out
    for track in shipped_tracks():
        assert f"  {track.stem}  " in shown or f"  {track.stem} " in shown
        assert track.title in shown
    assert main(["catalogue", "tracks", "--format", "json"]) == 0
    listed = json.loads(capsys.readouterr().out)["tracks"]
    assert {t["name"] for t in listed} == {t.stem for t in shipped_tracks()}
