"""The cache folder (``~/.cache/paddock``): where what Paddock works out is kept between
runs, and how it is kept from growing for ever.

Every kept file is named by a digest of what it was made from and by (the code, the
library versions, the input bytes), so an upgrade or an edit leaves the old files behind,
never read again. Reading a kept file marks it used (:func:`mark_used`: its modification
time is brought up to date, at most once a day), and at most once a day a command's exit
deletes the files unused for :data:`STALE_DAYS` days (:func:`sweep_stale`). A file deleted
too eagerly is only worked out again.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

STALE_DAYS = 30
DAY = 24 * 60 * 60
SWEPT = ".swept"  # its modification time: when the folder was last swept


def cache_folder() -> Path:
    """``$XDG_CACHE_HOME/paddock`` (``~/.cache/paddock`` by default)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "paddock"


def mark_used(path: Path | str) -> None:
    """Record that ``path`` was read just now, so the sweep keeps it: its modification
    time is set to now when it is more than a day old (one ``stat`` otherwise)."""
    try:
        if time.time() - os.stat(path).st_mtime > DAY:
            os.utime(path)
    except OSError:
        pass  # gone or read-only: the sweep may take it, and it is only worked out again


def sweep_stale(now: float | None = None) -> int:
    """Delete the files in the cache folder unused for :data:`STALE_DAYS` days, and the
    folders left empty, at most once a day; how many files went. Never raises."""
    now = time.time() if now is None else now
    folder = cache_folder()
    stamp = folder / SWEPT
    try:
        if now - stamp.stat().st_mtime < DAY:
            return 0
    except OSError:
        if not folder.is_dir():
            return 0  # nothing kept yet
    try:
        stamp.touch()
        os.utime(stamp, (now, now))
    except OSError:
        return 0  # a read-only folder is never swept
    cutoff = now - STALE_DAYS * DAY
    deleted = 0
    for parent, _folders, files in os.walk(folder, topdown=False):
        for name in files:
            path = os.path.join(parent, name)
            try:
                if os.stat(path).st_mtime < cutoff:
                    os.unlink(path)
                    deleted += 1
            except OSError:
                continue
        if parent != str(folder):
            with contextlib.suppress(OSError):
                os.rmdir(parent)  # only when empty
    return deleted
