"""The cache folder as a trust boundary: used only when no one else can write there, every
entry checked (a regular file of this user, within its size, its digest matching) before it
is decoded, and a bad entry only a miss that is made again."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.keep import cache_folder as cache
from generator.keep.entries import MAGIC, frame, read_entry, unframe, write_entry
from tests.conftest import BASIC_CHARIOT, REPO, NormalUser
from tests.keep.framing import keep


def paddock(cache_home: Path, *args: str | Path, timeout: float = 300
            ) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=REPO,
                          env=env, capture_output=True, text=True, timeout=timeout)


def build(cache_home: Path, out: Path) -> bytes:
    result = paddock(cache_home, "build", BASIC_CHARIOT, "-o", out, "--only", "licences,cards")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return b"".join(path.read_bytes() for path in sorted(out.rglob("*.pdf")))


def kept_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.name != ".swept")


def test_an_entry_round_trips_and_any_damage_is_a_miss(tmp_path: Path) -> None:
    path = tmp_path / "entry"
    write_entry(path, b"content" * 100)
    assert read_entry(path) == b"content" * 100
    raw = path.read_bytes()
    for position in range(0, len(raw), 37):
        flipped = bytearray(raw)
        flipped[position] ^= 0x10
        path.write_bytes(bytes(flipped))
        assert read_entry(path) is None, position
    path.write_bytes(raw[:-1])
    assert read_entry(path) is None
    assert unframe(frame(b"", "x"), "x") == b""
    assert unframe(frame(b"content", "x"), "y") is None  # another entry's name


def test_fifos_links_and_oversized_entries_are_passed_over(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    started = time.monotonic()
    assert read_entry(fifo) is None
    assert time.monotonic() - started < 2
    huge = tmp_path / "huge"
    with open(huge, "wb") as handle:
        handle.truncate(3 * 1024 ** 3)  # sparse
    assert read_entry(huge) is None
    good = tmp_path / "good"
    write_entry(good, b"x")
    (tmp_path / "link").symlink_to(good)
    assert read_entry(tmp_path / "link") is None  # never followed
    assert read_entry(good, limit=0) is None


@pytest.mark.parametrize(("mode", "why"), [
    (0o777, "is writable by other users"), (0o775, "is writable by other users")])
def test_a_cache_folder_others_can_write_is_not_used(tmp_path: Path, mode: int,
                                                    why: str) -> None:
    folder = tmp_path / "paddock"
    folder.mkdir()
    os.chmod(folder, mode)
    result = paddock(tmp_path, "check", BASIC_CHARIOT)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("not using the cache folder") == 1
    assert why in result.stderr
    assert kept_files(folder) == []


def test_a_folder_above_it_that_others_can_write_turns_it_off_unless_sticky(
        tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o777)
    result = paddock(shared, "check", BASIC_CHARIOT)
    assert "not using the cache folder" in result.stderr and str(shared) in result.stderr
    os.chmod(shared, 0o1777)  # like /tmp
    result = paddock(shared, "check", BASIC_CHARIOT)
    assert result.returncode == 0 and result.stderr == ""
    assert kept_files(shared / "paddock")
    assert os.stat(shared / "paddock").st_mode & 0o777 == 0o700  # made private


def test_a_cache_folder_of_another_user_is_not_used(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("only root can give a folder to another user")
    folder = tmp_path / "paddock"
    folder.mkdir(mode=0o700)
    os.chown(folder, 65534, 65534)
    result = paddock(tmp_path, "check", BASIC_CHARIOT)
    assert "belongs to another user" in result.stderr
    assert result.returncode == 0


def test_damaged_entries_are_misses_made_again_with_the_same_pdfs(tmp_path: Path) -> None:
    """Every kept file with a flipped bit, cut short, or replaced by a FIFO or a link: the
    next build is the same PDFs, exit 0, and heals the cache."""
    home = tmp_path / "cache"
    first = build(home, tmp_path / "first")
    kept = kept_files(home / "paddock")
    assert kept
    chance = random.Random(20)
    for number, path in enumerate(kept):
        raw = path.read_bytes()
        damage = number % 4
        if damage == 0:
            flipped = bytearray(raw)
            flipped[chance.randrange(len(raw))] ^= 1 << chance.randrange(8)
            path.write_bytes(bytes(flipped))
        elif damage == 1:
            path.write_bytes(raw[:chance.randrange(len(raw))])
        elif damage == 2:
            path.unlink()
            os.mkfifo(path)
        else:
            path.unlink()
            path.symlink_to(tmp_path / "first" / "manifest.json")
    second = build(home, tmp_path / "second")
    assert second == first
    healed = [p for p in kept_files(home / "paddock") if p.is_file() and not p.is_symlink()
              and read_entry(p) is not None]
    assert len(healed) >= len(kept) // 2
    assert build(home, tmp_path / "third") == first


RULES = REPO / "generator" / "games" / "frothy_races" / "rules.yaml"


def plant_rules(cache_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A well-formed entry for the Frothy Races rules, its text changed, where Paddock
    looks for that file's kept values."""
    import marshal

    import yaml

    from generator.keep.data_yaml import entry_path

    monkeypatch.setenv("XDG_CACHE_HOME", str(cache_home))
    target = entry_path(RULES.read_bytes())
    data = yaml.safe_load(RULES.read_text(encoding="utf-8"))
    planted = RULES.read_text(encoding="utf-8").replace("no Speed moves", "PLANTED")
    data = yaml.safe_load(planted) if planted != RULES.read_text(encoding="utf-8") else data
    target.parent.mkdir(parents=True, exist_ok=True)
    keep(target, marshal.dumps(data))


def test_a_planted_entry_in_a_folder_others_can_write_is_never_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plant_rules(tmp_path, monkeypatch)
    os.chmod(tmp_path / "paddock", 0o700)
    trusting = paddock(tmp_path, "rules", "FR-MOVE-PHASE-MAX")
    assert "PLANTED" in trusting.stdout  # the user's own folder: read (the plant works)
    os.chmod(tmp_path / "paddock", 0o777)
    shared = paddock(tmp_path, "rules", "FR-MOVE-PHASE-MAX")
    assert shared.returncode == 0
    assert "PLANTED" not in shared.stdout and "no Speed moves" in shared.stdout
    assert "not using the cache folder" in shared.stderr


def test_the_sweep_never_raises_on_a_folder_it_cannot_read(normal_user: NormalUser) -> None:
    cache_home = normal_user.folder / "cache"
    (cache_home / "paddock").mkdir(parents=True)
    normal_user.own(cache_home)
    normal_user.own(cache_home / "paddock")
    os.chmod(cache_home / "paddock", 0o000)
    result = normal_user.run("check", BASIC_CHARIOT)
    os.chmod(cache_home / "paddock", 0o700)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr


def test_the_sweep_returns_nothing_when_the_folder_cannot_be_listed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))

    def unreadable(now: float) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(cache, "_sweep_folder", unreadable)
    assert cache.sweep_stale() == 0


def test_every_entry_starts_with_the_format_mark(tmp_path: Path) -> None:
    home = tmp_path / "cache"
    build(home, tmp_path / "out")
    for path in kept_files(home / "paddock"):
        assert path.read_bytes().startswith(MAGIC), path


def test_reading_an_entry_sets_aside_only_its_own_size(tmp_path: Path) -> None:
    """A read of the cap itself (64 MB) set the cap aside first, on every store read."""
    import tracemalloc

    path = tmp_path / "entry"
    write_entry(path, b"x" * 1000)
    tracemalloc.start()
    assert read_entry(path) == b"x" * 1000
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 1024 * 1024


def test_a_whole_entry_copied_to_another_name_is_a_miss(tmp_path: Path) -> None:
    write_entry(tmp_path / "a.marshal", b"what a holds")
    (tmp_path / "b.marshal").write_bytes((tmp_path / "a.marshal").read_bytes())
    assert read_entry(tmp_path / "a.marshal") == b"what a holds"
    assert read_entry(tmp_path / "b.marshal") is None
