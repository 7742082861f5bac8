"""A build is reproducible: the same input gives the same PDF bytes in every process.

Python salts the hash of every string per process (PYTHONHASHSEED), so iterating a set or a
dict built from a set of strings comes out in a different order from run to run; anything drawn
in that order would land in the PDF in a different order. Two processes with different seeds
must write byte-identical files (ReportLab runs in invariant mode: no dates, fixed ids).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def build_with_seed(seed: str, out: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    return subprocess.Popen([sys.executable, "-m", "generator", "build", "--rebuild", "-o",
                             str(out)],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)


def test_the_default_kit_is_byte_identical_under_different_hash_seeds(tmp_path: Path) -> None:
    runs = {seed: build_with_seed(seed, tmp_path / f"seed-{seed}") for seed in ("1", "2")}
    for seed, process in runs.items():
        _, stderr = process.communicate(timeout=600)
        assert process.returncode == 0, f"seed {seed}: {stderr.decode()[-2000:]}"
    first, second = tmp_path / "seed-1", tmp_path / "seed-2"
    names = sorted(p.relative_to(first) for p in first.rglob("*.pdf"))
    assert any(name.name.endswith("-tiles.pdf") for name in names)  # tiles with match marks
    assert names == sorted(p.relative_to(second) for p in second.rglob("*.pdf"))
    differing = [str(name) for name in names
                 if (first / name).read_bytes() != (second / name).read_bytes()]
    assert differing == []
