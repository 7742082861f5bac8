"""The cache folder does not grow for ever: files unused for a month go, at most one sweep
a day, and reading a kept file marks it used."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.keep import cache_folder as cache
from generator.keep.cache_folder import DAY, STALE_DAYS, mark_used, sweep_stale

ROOT = Path(__file__).resolve().parents[2]


FITS_OLD = "fits-0123456789abcdef.marshal"
FITS_NEW = "fits-fedcba9876543210.marshal"
TEMPLATE = "__jinja2_" + "ab" * 20 + ".cache"
DATA = "0123456789abcdef" * 2 + ".marshal"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    made = tmp_path / "paddock"
    made.mkdir()
    return made


def aged(path: Path, days: float, now: float) -> Path:
    """``path`` written (made if need be) ``days`` days before ``now``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        path.write_bytes(b"kept")
    os.utime(path, (now - days * DAY, now - days * DAY))
    return path


def test_the_sweep_deletes_files_unused_for_a_month_and_the_folders_they_leave(
        folder: Path) -> None:
    now = time.time()
    old = aged(folder / FITS_OLD, STALE_DAYS + 1, now)
    old_template = aged(folder / "templates-0123456789abcdef" / TEMPLATE, STALE_DAYS + 5, now)
    recent = aged(folder / FITS_NEW, STALE_DAYS - 1, now)
    aged(old_template.parent, STALE_DAYS + 5, now)
    data = aged(folder / "data" / DATA, 2, now)
    just_made = folder / "templates-fedcba9876543210"  # another run is about to fill it
    just_made.mkdir()
    assert sweep_stale(now) == 2
    assert not old.exists() and not old_template.exists()
    assert not old_template.parent.exists()  # left empty: gone
    assert recent.exists() and data.exists() and just_made.is_dir()


def test_the_folder_is_swept_at_most_once_a_day(folder: Path) -> None:
    now = time.time()
    assert sweep_stale(now) == 0
    late = aged(folder / FITS_OLD, STALE_DAYS + 1, now)
    assert sweep_stale(now + DAY / 2) == 0 and late.exists()  # swept this morning already
    assert sweep_stale(now + DAY + 1) == 1 and not late.exists()


def test_reading_a_kept_file_marks_it_used(folder: Path) -> None:
    now = time.time()
    path = aged(folder / FITS_OLD, STALE_DAYS + 1, now)
    mark_used(path)
    assert now - path.stat().st_mtime < 60
    fresh = aged(folder / FITS_NEW, 0.5, now)
    before = fresh.stat().st_mtime
    mark_used(fresh)  # less than a day old: left as it is (no write every run)
    assert fresh.stat().st_mtime == before
    mark_used(folder / "missing")  # never raises
    assert sweep_stale(now) == 0 and path.exists()


def test_no_cache_folder_yet_means_nothing_to_sweep(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "none"))
    assert sweep_stale() == 0
    assert not cache.cache_folder().exists()


def test_a_command_marks_what_it_reads_and_sweeps_the_rest(tmp_path: Path) -> None:
    """Two ``paddock check`` runs sharing a cache folder: after the second, whose files
    were all made more than a month before, what it read is kept and the rest is gone."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "generator", "check",
               "vehicles/frothy-races/basic-chariot.yaml"]
    subprocess.run(command, cwd=ROOT, env=env, capture_output=True, check=True)
    folder = tmp_path / "paddock"
    now = time.time()
    made = [path for path in folder.rglob("*") if path.is_file() and path.name != ".swept"]
    assert made
    for path in made:
        aged(path, STALE_DAYS + 2, now)
    stranger = aged(folder / "fits-00000000deadbeef.marshal", STALE_DAYS + 2, now)
    aged(folder / ".swept", 2, now)  # last swept two days ago
    subprocess.run(command, cwd=ROOT, env=env, capture_output=True, check=True)
    assert not stranger.exists()
    kept = [path for path in made if path.exists()]
    assert kept and all(now - path.stat().st_mtime < 600 for path in kept)
    assert {path.name.partition("-")[0] for path in kept} >= {"fits", "renders"}
    assert any(path.parent.name == "data" for path in kept)
    # compiled templates it did not need (every render was kept) went with the stranger
    assert not any(path.parent.name.startswith("templates-") for path in kept)


def test_the_sweep_deletes_nothing_paddock_did_not_name(folder: Path) -> None:
    """A cache folder that is also a folder of other files (XDG_CACHE_HOME=$HOME, and a
    checkout called paddock) keeps every file not named as Paddock names its own."""
    now = time.time()
    theirs = [aged(folder / name, STALE_DAYS + 100, now) for name in (
        ".git/objects/ab/cdef0123", "vehicles/car.yaml", "notes.marshal", "fits.marshal",
        "data/notes.txt", "art/picture.svg", "templates-mine/page.j2", "README.md",
        "fits-0123456789abcdeg.marshal")]
    ours = [aged(folder / name, STALE_DAYS + 100, now) for name in (
        FITS_OLD, "courses-0123456789abcdef.pickle", "flate-1-zlib1.2.13.marshal",
        ".tmpab12cd.part", f"data/{DATA}", "art/" + "0f" * 16 + ".pickle",
        f"templates-0123456789abcdef/{TEMPLATE}")]
    assert sweep_stale(now) == len(ours)
    assert all(path.exists() for path in theirs) and not any(path.exists() for path in ours)
    assert (folder / "templates-mine").is_dir()


def test_a_relative_or_homeless_cache_folder_is_not_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", ".")  # the XDG specification: ignore a relative one
    assert cache.cache_folder() == tmp_path / ".cache" / "paddock"

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    homeless = cache.cache_folder()
    assert str(homeless).startswith(os.devnull)
    with pytest.raises(OSError):
        homeless.mkdir(parents=True)
    assert sweep_stale() == 0
