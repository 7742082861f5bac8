"""Large entries a file each (the race's value tables): read back only as written, a new
code's entries apart from an old one's, the folder kept under its size by letting go of
the entries unused longest, and swept like the rest of the cache folder."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from generator.keep import cache_folder
from generator.keep.folder_store import FolderStore


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return cache_folder.cache_folder()


def test_an_entry_is_read_back_only_under_the_code_that_wrote_it(cache: Path) -> None:
    store = FolderStore("tables", lambda: "code-1", most_bytes=1 << 20)
    store.put(b"key", b"a table")
    assert store.get(b"key") == b"a table" and store.get(b"other") is None
    assert FolderStore("tables", lambda: "code-2", most_bytes=1 << 20).get(b"key") is None
    assert store.path(b"key").parent == cache / "tables"


def test_a_damaged_entry_is_a_miss(cache: Path) -> None:
    store = FolderStore("tables", lambda: "code", most_bytes=1 << 20)
    store.put(b"key", b"a table")
    path = store.path(b"key")
    path.write_bytes(path.read_bytes()[:-1] + b"!")
    assert store.get(b"key") is None


def test_past_its_size_the_folder_lets_go_of_the_entries_unused_longest(cache: Path) -> None:
    store = FolderStore("tables", lambda: "code", most_bytes=3000)
    now = time.time()
    for age, key in enumerate((b"c", b"b", b"a")):  # a is the oldest
        store.put(key, bytes(900))
        os.utime(store.path(key), (now - 100 * (age + 1),) * 2)
    assert store.get(b"a") is not None  # used now: no longer the oldest
    store.put(b"d", bytes(900))
    assert [store.get(k) is not None for k in (b"a", b"b", b"c", b"d")] == \
        [True, False, True, True]


def test_the_sweep_deletes_entries_unused_for_a_month(cache: Path) -> None:
    store = FolderStore("tables", lambda: "code", most_bytes=1 << 20)
    store.put(b"old", b"x")
    store.put(b"new", b"y")
    month = time.time() - (cache_folder.STALE_DAYS + 1) * cache_folder.DAY
    os.utime(store.path(b"old"), (month, month))
    assert cache_folder.sweep_stale() == 1
    assert store.get(b"old") is None and store.get(b"new") == b"y"


def test_only_a_known_folder_is_a_store() -> None:
    with pytest.raises(ValueError, match="tables"):
        FolderStore("elsewhere", lambda: "code", most_bytes=1)
