"""Lint and type checks run as part of the suite, so CI runs them, not just the config."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def tool(name: str) -> str:
    found = Path(sys.executable).with_name(name)
    if found.exists():
        return str(found)
    located = shutil.which(name)
    if located is None:
        pytest.fail(f"{name} is not installed; install the project with its [test] extra")
    return located


def test_ruff_passes() -> None:
    result = subprocess.run([tool("ruff"), "check", "generator", "tests", "bench"],
                            cwd=REPO, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_passes() -> None:
    result = subprocess.run([tool("mypy")], cwd=REPO, capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stdout + result.stderr
