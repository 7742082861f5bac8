"""What a run read, recorded and checked again: a file's bytes, a folder's names, a path
looked for; what the run wrote and the ignored places are not inputs."""

from __future__ import annotations

import os
from pathlib import Path

from generator.keep import input_trace
from generator.keep.input_trace import Trace, unchanged


def recorded(tmp_path: Path) -> dict[str, object]:
    """A run that reads a file, lists a folder, looks for a kit that is not there, writes
    an output and reads a file in an ignored place."""
    trace = Trace([tmp_path / "ignored"])
    input_trace.start(trace)
    try:
        (tmp_path / "data" / "car.yaml").read_text()
        sorted(os.listdir(tmp_path / "data"))
        assert not (tmp_path / "kit.yaml").exists()
        (tmp_path / "out.pdf").write_bytes(b"%PDF")
        (tmp_path / "ignored" / "cache.bin").read_bytes()
    finally:
        input_trace.stop()
    return trace.record()


def make(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "car.yaml").write_text("name: Car\n")
    (tmp_path / "ignored").mkdir()
    (tmp_path / "ignored" / "cache.bin").write_bytes(b"kept")


def test_an_unchanged_run_is_unchanged_and_only_its_inputs_are_recorded(tmp_path: Path
                                                                        ) -> None:
    make(tmp_path)
    record = recorded(tmp_path)
    assert unchanged(record)
    files = record["files"]
    assert isinstance(files, dict)
    assert str(tmp_path / "data" / "car.yaml") in files
    assert str(tmp_path / "out.pdf") not in files  # written, not read
    assert not any("ignored" in path for path in files)
    (tmp_path / "ignored" / "cache.bin").write_bytes(b"other")  # an ignored place changed
    (tmp_path / "out.pdf").write_bytes(b"%PDF-2")
    assert unchanged(record)


def test_a_changed_file_a_new_name_or_a_file_where_none_was_is_a_change(tmp_path: Path
                                                                         ) -> None:
    make(tmp_path)
    record = recorded(tmp_path)
    (tmp_path / "data" / "car.yaml").write_text("name: Cart\n")
    assert not unchanged(record)
    (tmp_path / "data" / "car.yaml").write_text("name: Car\n")
    assert unchanged(record)
    (tmp_path / "data" / "van.yaml").write_text("name: Van\n")
    assert not unchanged(record)
    (tmp_path / "data" / "van.yaml").unlink()
    (tmp_path / "kit.yaml").write_text("kind: kit\n")
    assert not unchanged(record)


def test_recording_stops_and_os_is_as_it_was(tmp_path: Path) -> None:
    make(tmp_path)
    stat, lstat, opening = os.stat, os.lstat, os.open
    recorded(tmp_path)
    assert (os.stat, os.lstat, os.open) == (stat, lstat, opening)
    assert input_trace.active() is None
