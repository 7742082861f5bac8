"""Large entries kept one file each in a folder of the cache folder.

A :class:`~generator.keep.kept_store.KeptStore` holds all its entries in one file, read
whole on first use and written back whole: right for many small answers, wrong for a race's
value tables (7-15 MB each, compressed), where a run needs two or three of dozens and a
store of them read and rewrote about 100 MB to use them (and, capped at that, let go of
tables a verdict was about to need). Here each entry is its own file, named by a digest of
the code's name and the key, read and written through :mod:`generator.keep.entries` (so a
damaged or planted file is a miss, never unpickled). The folder is kept under ``most_bytes``
by letting go of the entries unused longest, and swept like the rest of the cache folder.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable
from pathlib import Path

from generator.keep.cache_folder import cache_folder
from generator.keep.entries import MOST_BYTES, read_entry, write_entry

FOLDER_NAMES = ("tables",)
"""The folders a store may keep (the sweep knows their file names: 32 hex digits, .pickle)."""


class FolderStore:
    """``get``/``put`` of bytes by a bytes key, a file each under ``cache/<folder>``."""

    def __init__(self, folder: str, code: Callable[[], str], most_bytes: int) -> None:
        if folder not in FOLDER_NAMES:
            raise ValueError(f"a folder store keeps one of {FOLDER_NAMES}, not {folder!r}")
        self.folder = folder
        self._code = code  # names the code whose answers are kept (changed code: new names)
        self.most_bytes = most_bytes

    def path(self, key: bytes) -> Path:
        """The file that keeps ``key``'s entry under this code."""
        digest = hashlib.blake2b(self._code().encode() + b"\0" + key, digest_size=16)
        return cache_folder() / self.folder / f"{digest.hexdigest()}.pickle"

    def get(self, key: bytes) -> bytes | None:
        """The entry kept for ``key``, or None (never kept, let go of, or damaged)."""
        path = self.path(key)
        found = read_entry(path)
        if found is not None:
            with contextlib.suppress(OSError):
                os.utime(path)  # used now: the last to go when the folder is over its size
        return found

    def put(self, key: bytes, value: bytes) -> None:
        """Keep ``value`` for ``key``, then let go of the entries unused longest while the
        folder holds more than ``most_bytes``."""
        if len(value) > MOST_BYTES:
            return  # never read back (entries.MOST_BYTES): not worth writing
        target = self.path(key)
        write_entry(target, value)
        self._keep_under(target)

    def _keep_under(self, newest: Path) -> None:
        try:
            entries = [e for e in os.scandir(newest.parent)
                       if e.name.endswith(".pickle") and e.is_file(follow_symlinks=False)]
            sized = sorted((e.stat().st_mtime, e.stat().st_size, e.path) for e in entries)
        except OSError:
            return
        held = sum(size for _, size, _ in sized)
        for _, size, path in sized:
            if held <= self.most_bytes:
                break
            if path == str(newest):
                continue
            with contextlib.suppress(OSError):
                os.unlink(path)
                held -= size
