"""The store every answer kept between runs goes through: capped, never misread, written
only when a run added something, and saved at exit once."""

from __future__ import annotations

import marshal
import pickle
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from generator.keep import kept_store
from generator.keep.kept_store import KeptStore
from tests.keep.framing import content, keep


def written(path: Path) -> tuple[int, int]:
    """What tells a rewritten file (a new file renamed into place) from the one there."""
    stat = path.stat()
    return stat.st_ino, stat.st_mtime_ns


def test_past_its_cap_a_store_writes_back_only_what_this_run_used(tmp_path: Path) -> None:
    path = tmp_path / "store.marshal"
    keep(path, marshal.dumps({("old", n): n for n in range(5)}))
    store: KeptStore[tuple[str, int], int] = KeptStore(lambda: path, most_entries=3)
    assert store.get(("old", 3)) == 3 and store.get(("old", 9)) is None
    assert store.put(("new", 1), 10) and store.put(("new", 2), 20)
    assert not store.room() and not store.put(("new", 3), 30)  # three used: no room left
    assert store.get(("new", 3)) is None
    store.save()
    assert marshal.loads(content(path)) == {("old", 3): 3, ("new", 1): 10, ("new", 2): 20}


def test_a_store_full_of_another_runs_entries_holds_no_more_than_its_cap(
        tmp_path: Path) -> None:
    path = tmp_path / "store.marshal"
    keep(path, marshal.dumps({("old", n): n for n in range(5)}))
    store: KeptStore[tuple[str, int], int] = KeptStore(lambda: path, most_entries=3)
    assert store.get(("old", 1)) == 1
    assert store.put(("new", 1), 10)
    # the old entries this run did not use are let go as soon as it adds one
    assert store.get(("old", 0)) is None and store.get(("old", 4)) is None
    assert store.put(("new", 2), 20) and not store.put(("new", 3), 30)
    assert [store.get(k) for k in (("old", 1), ("new", 1), ("new", 2))] == [1, 10, 20]
    store.save()
    assert marshal.loads(content(path)) == {("old", 1): 1, ("new", 1): 10, ("new", 2): 20}


def test_under_its_cap_a_store_writes_back_all_it_read_and_added(tmp_path: Path) -> None:
    path = tmp_path / "store.marshal"
    keep(path, marshal.dumps({"a": 1, "b": 2}))
    store: KeptStore[str, int] = KeptStore(lambda: path, most_entries=10)
    store.put("c", 3)
    store.save()
    assert marshal.loads(content(path)) == {"a": 1, "b": 2, "c": 3}
    store.forget()  # a new run reads the file again
    assert (store.get("a"), store.get("c")) == (1, 3)


PICKLE = {"loads": pickle.loads, "dumps": partial(pickle.dumps, protocol=5)}


@pytest.mark.parametrize(("damage", "formats"), [
    (b"\x00\x01 not marshal", {}), (b"", {}), (marshal.dumps([1, 2, 3]), {}),
    (pickle.dumps({"a": 1})[:-3], PICKLE)])  # cut short
def test_a_damaged_file_reads_as_empty_and_is_replaced(
        tmp_path: Path, damage: bytes, formats: dict[str, Any]) -> None:
    path = tmp_path / "store"
    path.write_bytes(damage)
    store: KeptStore[str, int] = KeptStore(lambda: path, most_entries=10, **formats)
    assert store.get("a") is None
    store.put("b", 2)
    store.save()
    assert formats.get("loads", marshal.loads)(content(path)) == {"b": 2}


def test_nothing_is_written_when_nothing_was_added(tmp_path: Path) -> None:
    path = tmp_path / "store.marshal"
    keep(path, marshal.dumps({"a": 1}))
    before = written(path)
    store: KeptStore[str, int] = KeptStore(lambda: path, most_entries=10)
    assert store.get("a") == 1 and store.get("b") is None
    store.save()
    assert written(path) == before
    absent = tmp_path / "absent.marshal"
    KeptStore(lambda: absent, most_entries=10).save()  # never read: nothing to write
    assert not absent.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["store.marshal"]


def test_a_second_save_writes_nothing_more(tmp_path: Path) -> None:
    path = tmp_path / "store.marshal"
    store: KeptStore[str, int] = KeptStore(lambda: path, most_entries=10)
    store.put("a", 1)
    store.save()
    before = written(path)
    store.save()
    assert written(path) == before


def test_the_save_at_exit_is_registered_once_and_only_when_something_is_owed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    registered: list[object] = []
    monkeypatch.setattr(kept_store.atexit, "register", registered.append)
    path = tmp_path / "store.marshal"
    keep(path, marshal.dumps({"a": 1}))
    store: KeptStore[str, int] = KeptStore(lambda: path, most_entries=2)
    store.get("a")
    assert registered == []  # only read: nothing to save
    store.put("b", 2)
    store.put("c", 3)  # refused: the cap is two
    store.forget()
    store.put("d", 4)
    assert registered == [store.save]


def test_a_store_capped_by_bytes_holds_what_it_read_and_makes_room_from_what_it_did_not_use(
        tmp_path: Path) -> None:
    path = tmp_path / "streams.marshal"
    keep(path, marshal.dumps({b"old-1": b"x" * 40, b"old-2": b"y" * 40}))
    store: KeptStore[bytes, bytes] = KeptStore(lambda: path, most_bytes=100)
    assert store.get(b"old-1") == b"x" * 40
    assert store.room(20) and not store.room(21)  # the 80 bytes read count
    assert store.put(b"new-1", b"z" * 20)
    # full: the entry read and not used goes, to make room
    assert store.put(b"new-2", b"w" * 10)
    assert store.get(b"old-2") is None
    # full of what this run used: refused
    assert not store.put(b"new-3", b"v" * 40)
    store.save()  # refused room: only what this run used goes back
    assert marshal.loads(content(path)) == {
        b"old-1": b"x" * 40, b"new-1": b"z" * 20, b"new-2": b"w" * 10}
    store.forget()
    assert store.room(30) and not store.room(31)


def test_a_refused_store_that_used_all_it_holds_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "streams.marshal"
    keep(path, marshal.dumps({b"a": b"x" * 60}))
    before = written(path)
    store: KeptStore[bytes, bytes] = KeptStore(lambda: path, most_bytes=100)
    assert store.get(b"a") is not None and not store.put(b"b", b"y" * 50)
    store.save()  # dropping nothing makes no room: the file stays
    assert written(path) == before


def test_forgetting_without_reading_again_starts_empty(tmp_path: Path) -> None:
    path = tmp_path / "store.marshal"
    keep(path, marshal.dumps({"a": 1}))
    store: KeptStore[str, Any] = KeptStore(lambda: path, most_entries=10)
    store.put("b", 2)
    store.forget(reread=False)
    assert store.get("a") is None and store.get("b") is None
    store.save()  # owes nothing
    assert marshal.loads(content(path)) == {"a": 1}


def test_a_store_has_one_cap(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="entries or by bytes"):
        KeptStore(lambda: tmp_path / "x", most_entries=1, most_bytes=1)
    with pytest.raises(ValueError, match="entries or by bytes"):
        KeptStore(lambda: tmp_path / "x")


def test_the_command_saves_what_it_kept_and_flushes_its_output_before_it_ends(
        tmp_path: Path) -> None:
    """``paddock`` ends without Python's teardown (cli.run): the stores still save at exit
    and every line it printed arrives, with its exit code."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    bad = tmp_path / "bad.yaml"
    bad.write_text((root / "vehicles" / "frothy-races" / "basic-chariot.yaml").read_text(
        encoding="utf-8").replace("name: Basic Chariot", "name: Basic Chariot\nspeed_dice: 9"),
        encoding="utf-8")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-m", "generator", "check",
                           "vehicles/frothy-races/basic-chariot.yaml", str(bad)],
                          cwd=root, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stderr
    assert done.stdout.rstrip().splitlines()[-1] == "1 error, 0 warnings, 0 info in 2 files"
    kept = {path.name.split("-")[0] for path in (tmp_path / "cache" / "paddock").iterdir()}
    assert {"fits", "renders"} <= kept


def test_a_stores_file_is_named_for_its_code_and_versions(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.keep.kept_store import named_for_code

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    code = tmp_path / "answers.py"
    code.write_text("x = 1\n", encoding="utf-8")
    first = named_for_code("fits", "lib 1.0", [code])
    assert first.parent == tmp_path / "cache" / "paddock" and first.suffix == ".marshal"
    assert named_for_code("fits", "lib 1.0", [code]) == first
    assert named_for_code("fits", "lib 2.0", [code]) != first  # another library version
    code.write_text("x = 2\n", encoding="utf-8")
    assert named_for_code("fits", "lib 1.0", [code]) != first  # changed code
    gone = named_for_code("fits", "lib 1.0", [tmp_path / "missing.py"])  # installed bare
    assert gone.name.startswith("fits-") and gone != first
