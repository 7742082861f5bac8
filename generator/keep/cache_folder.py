"""The cache folder (``~/.cache/paddock``): where what Paddock works out is kept between
runs, and how it is kept from growing for ever.

Every kept file is named by a digest of what it was made from and by (the code, the
library versions, the input bytes), so an upgrade or an edit leaves the old files behind,
never read again. Reading a kept file marks it used (:func:`mark_used`: its modification
time is brought up to date, at most once a day), and at most once a day a command's exit
deletes the files unused for :data:`STALE_DAYS` days (:func:`sweep_stale`). A file deleted
too eagerly is only worked out again. The sweep deletes only files with the names Paddock
gives its own (a digest in each), in the places it puts them, so a cache folder pointed at
a folder of other files (``XDG_CACHE_HOME=$HOME`` beside a checkout called ``paddock``)
loses nothing else.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from pathlib import Path

STALE_DAYS = 30
DAY = 24 * 60 * 60
SWEPT = ".swept"  # its modification time: when the folder was last swept


def cache_folder() -> Path:
    """``$XDG_CACHE_HOME/paddock`` (``~/.cache/paddock`` when it is unset or relative, as
    the XDG specification says). With no home folder to find, a folder that can never be
    made (under the null device): nothing is kept, as every reader and writer of the
    cache takes an unreadable folder for an empty one."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:  # no HOME and no password entry
            base = os.devnull
    return Path(base) / "paddock"


# What the sweep may delete: the names Paddock gives its kept files (a digest in each), and
# the temporary files it and Jinja write them through; nothing else, wherever the folder is.
_KEPT_NAMES = {
    "": re.compile(r"(?:[a-z][a-z-]*-[0-9a-f]{16}\.(?:marshal|pickle)"
                   r"|flate-\d+-zlib[\w.-]+\.marshal|\..+\.part)"),
    "data": re.compile(r"(?:[0-9a-f]{32}\.marshal|\..+\.part)"),
    "art": re.compile(r"(?:[0-9a-f]{32}\.pickle|\..+\.part)"),
    "templates-": re.compile(r"__jinja2_[0-9a-f]{40}\.cache(?:.+\.tmp)?"),
}


def mark_used(path: Path | str) -> None:
    """Record that ``path`` was read just now, so the sweep keeps it: its modification
    time is set to now when it is more than a day old (one ``stat`` otherwise)."""
    try:
        if time.time() - os.stat(path).st_mtime > DAY:
            os.utime(path)
    except OSError:
        pass  # gone or read-only: the sweep may take it, and it is only worked out again


def sweep_stale(now: float | None = None) -> int:
    """Delete Paddock's files in the cache folder unused for :data:`STALE_DAYS` days, and
    the compiled-template folders they leave empty, at most once a day; how many files
    went. Never raises."""
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
    deleted = _sweep(folder, _KEPT_NAMES[""], cutoff)
    try:
        inside = list(os.scandir(folder))
    except OSError:
        return deleted
    for entry in inside:
        kind = "templates-" if entry.name.startswith("templates-") else entry.name
        if kind not in ("data", "art", "templates-") or not entry.is_dir(follow_symlinks=False):
            continue
        try:
            stale_folder = entry.stat(follow_symlinks=False).st_mtime < cutoff
        except OSError:
            continue
        deleted += _sweep(Path(entry.path), _KEPT_NAMES[kind], cutoff)
        if stale_folder and kind == "templates-":  # a fresh one may be about to be used
            with contextlib.suppress(OSError):
                os.rmdir(entry.path)  # only when empty
    return deleted


def _sweep(folder: Path, names: re.Pattern[str], cutoff: float) -> int:
    """Delete the files directly in ``folder`` named like ``names`` and last written or
    used before ``cutoff``; how many went."""
    deleted = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not names.fullmatch(entry.name):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and \
                    entry.stat(follow_symlinks=False).st_mtime < cutoff:
                os.unlink(entry.path)
                deleted += 1
        except OSError:
            continue
    return deleted
