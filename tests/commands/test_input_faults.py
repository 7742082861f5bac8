"""Every fault of the input or the machine is exit 1 or 2 with a message, never exit 3 (which
is kept for Paddock's own bugs); --debug adds a traceback without changing the code."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import BASIC_CHARIOT, REPO

TRACK = REPO / "vehicles" / "tracks" / "tin-plate-loop.yaml"


def paddock(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=REPO,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture
def odd(tmp_path: Path) -> dict[str, Path]:
    """A link loop, a name too long for the system, and a path too deep for it."""
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    return {"loop": tmp_path / "loop1", "long": tmp_path / ("a" * 300 + ".yaml"),
            "deep": tmp_path.joinpath(*["b" * 200] * 30)}


@pytest.mark.parametrize("kind", ["loop", "long", "deep"])
@pytest.mark.parametrize("command", [
    ["check", "{path}"], ["build", BASIC_CHARIOT, "-o", "{path}"],
    ["check", BASIC_CHARIOT, "--templates", "{path}"],
    ["new", "frothy-races", "Red Comet", "-o", "{path}", "--force"],
    ["race", "{path}", BASIC_CHARIOT, BASIC_CHARIOT, "--races", "1"],
    ["season", "{path}"], ["schema", "frothy-races", "--json-schema", "{path}"]])
def test_odd_paths_are_exit_2(odd: dict[str, Path], kind: str, command: list[str]) -> None:
    args = [str(odd[kind]) if part == "{path}" else part for part in command]
    for debug in ([], ["--debug"]):
        result = paddock(*debug, *args)
        assert result.returncode == 2, result.stderr
        assert "internal error" not in result.stderr
        assert ("Traceback" in result.stderr) == bool(debug)


def test_an_icon_fill_that_is_not_a_colour_is_found_by_check(tmp_path: Path) -> None:
    (tmp_path / "icons.yaml").write_text("flag:\n  - circle: [50, 50, 40]\n    fill: bogus\n",
                                         encoding="utf-8")
    result = paddock("check", BASIC_CHARIOT, "--templates", tmp_path)
    assert result.returncode == 2
    assert "icons.yaml:3:11: error: fill 'bogus' is not a colour" in result.stderr


@pytest.mark.parametrize(("shape", "why"), [
    ("circle: [50, 50, 1e999]", "not finite"), ("circle: [50, 50, 4]\n    stroke: -3",
                                                 "line width"),
    ("rect: [0, 0, 10, 10]\n    stroke_colour: 12", "not a colour")])
def test_bad_icon_numbers_and_colours_are_errors_at_the_shape(tmp_path: Path, shape: str,
                                                               why: str) -> None:
    (tmp_path / "icons.yaml").write_text(f"flag:\n  - {shape}\n", encoding="utf-8")
    result = paddock("check", BASIC_CHARIOT, "--templates", tmp_path)
    assert result.returncode == 2
    assert why in result.stderr and "icons.yaml:" in result.stderr


def test_an_icons_file_that_links_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside.yaml"
    outside.write_text("flag:\n  - circle: [50, 50, 40]\n", encoding="utf-8")
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "icons.yaml").symlink_to(outside)
    result = paddock("check", BASIC_CHARIOT, "--templates", tmp_path / "templates")
    assert result.returncode == 2
    assert "out of the templates folder" in result.stderr


def test_a_template_not_in_utf8_is_exit_2_at_its_line(tmp_path: Path) -> None:
    folder = tmp_path / "frothy-races"
    folder.mkdir()
    (folder / "licence.j2").write_bytes(b'{% extends "frothy-races/licence-base.j2" %}\n'
                                        b"{% block name %}\xff{% endblock %}\n")
    result = paddock("build", BASIC_CHARIOT, "--templates", tmp_path, "-o", tmp_path / "out",
                     "--only", "licences")
    assert result.returncode == 2, result.stderr
    assert "licence.j2:2:17: byte 0xff is not UTF-8" in result.stderr


@pytest.mark.parametrize("name", ["licence.j2", "cards.j2", "token.j2"])
def test_a_template_without_the_blocks_a_layout_reads_is_exit_2(tmp_path: Path,
                                                                name: str) -> None:
    folder = tmp_path / "frothy-races"
    folder.mkdir()
    (folder / name).write_text("nothing here\n", encoding="utf-8")
    result = paddock("build", BASIC_CHARIOT, "--templates", tmp_path, "-o", tmp_path / "out")
    assert result.returncode == 2, result.stderr
    assert f"{name}: has no block" in result.stderr
    assert not (tmp_path / "out").exists()


def test_check_of_a_missing_file_with_debug_is_exit_2(tmp_path: Path) -> None:
    result = paddock("--debug", "check", tmp_path / "missing.yaml")
    assert result.returncode == 2
    assert "Traceback" in result.stderr


def test_a_templates_folder_that_is_a_fifo_is_exit_2(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    result = paddock("check", BASIC_CHARIOT, "--templates", tmp_path / "fifo")
    assert result.returncode == 2
