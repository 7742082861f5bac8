"""Fuzzing at the trust boundary, a modest number of cases on every run (bench/fuzz.py runs
them for longer): mutated user templates, hostile command lines and a damaged cache folder
each end in exit 0, 1 or 2, never a traceback or exit 3. The failures these fuzzers found
are kept below, shrunk, as regression tests."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from generator.commands.cli import main
from tests.conftest import BASIC_CHARIOT, REPO
from tests.fuzz_edges import run_edge

TEMPLATES = REPO / "templates"


@pytest.mark.parametrize("seed", range(40))
def test_mutated_user_templates_end_in_exit_0_1_or_2(seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        assert run_edge("templates", 10_000 + seed, Path(folder)) in ("0", "1", "2")


@pytest.mark.parametrize("seed", range(60))
def test_hostile_command_lines_end_in_exit_0_1_or_2(seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        assert run_edge("options", 20_000 + seed, Path(folder)) in ("0", "1", "2")


@pytest.mark.parametrize("seed", range(3))
def test_a_damaged_cache_folder_builds_the_same_pdfs(seed: int, tmp_path: Path) -> None:
    case = tmp_path / "case"
    case.mkdir()
    assert run_edge("cache", 30_000 + seed, case) == "0"


def user_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A templates folder holding our ``name`` with ``old`` replaced by ``new``."""
    text = (TEMPLATES / name).read_text(encoding="utf-8")
    assert old in text
    target = tmp_path / "templates" / name
    target.parent.mkdir(parents=True)
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path / "templates"


def paddock(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=REPO,
                          capture_output=True, text=True, timeout=300)


# Shrunk failures: (template, text replaced, replacement, vehicle, what the error says).
REGRESSIONS = {
    # A list block one line short: zip(strict=True) in the record sheet's turn log (exit 3).
    "record-sheet-log-headers": ("circus-maximus/record-sheet-base.j2", "Turn\n", "",
                                 "circus-maximus/green-faction.yaml",
                                 "block log_headers gives 4 lines where the layout reads 5"),
    # A block the token sheet reads, gone: a KeyError through a plain copy of the blocks.
    "track-tokens-no-debris": ("tracks/tokens-base.j2", "{% block debris_tokens %}",
                               "{% block debris_gone %}", "tracks/tin-plate-loop.yaml",
                               "has no block 'debris_tokens'"),
    # A table of cells with a word more in a row: the roster's columns (exit 3).
    "roster-cells": ("formula-ace/roster-base.j2", "{% block log_headers_lines %}\n",
                     "{% block log_headers_lines %}\nExtra\n", "formula-ace/hollow-star.yaml",
                     "block log_headers_lines gives"),
}


@pytest.mark.parametrize("name", sorted(REGRESSIONS))
def test_template_fuzz_regressions_stay_fixed(tmp_path: Path, name: str) -> None:
    template, old, new, vehicle, says = REGRESSIONS[name]
    folder = user_copy(tmp_path, template, old, new)
    result = paddock("build", REPO / "vehicles" / vehicle, "--templates", folder, "-o",
                     tmp_path / "out")
    assert result.returncode == 2, result.stderr
    assert says in result.stderr
    assert "internal error" not in result.stderr


def test_a_nul_in_an_argument_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(BASIC_CHARIOT), "--templates", "a\0b"]) == 2
    assert "NUL" in capsys.readouterr().err
