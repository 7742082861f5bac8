"""Reading a kept file's content in tests (every kept file is framed: see
generator/keep/entries.py)."""

from __future__ import annotations

from pathlib import Path

from generator.keep.entries import frame, unframe


def content(path: Path) -> bytes:
    """The content of the kept file at ``path``; fails the test when its frame is bad."""
    found = unframe(path.read_bytes(), path.name)
    assert found is not None, f"{path} is not a whole kept file"
    return found


def keep(path: Path, data: bytes) -> None:
    """Write ``data`` as Paddock keeps it at ``path``."""
    path.write_bytes(frame(data, path.name))
