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
import stat
import sys
import time
from functools import lru_cache
from pathlib import Path

STALE_DAYS = 30
DAY = 24 * 60 * 60
SWEPT = ".swept"  # its modification time: when the folder was last swept


def cache_folder() -> Path:
    """``$XDG_CACHE_HOME/paddock`` (``~/.cache/paddock`` when it is unset or relative, as
    the XDG specification says), when it can be trusted (see :func:`_distrust`). Otherwise,
    or with no home folder to find, a folder that can never be made (under the null
    device): nothing is kept, as every reader and writer of the cache takes an unreadable
    folder for an empty one."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:  # no HOME and no password entry
            return UNUSABLE
    folder = Path(base) / "paddock"
    reason = _distrust(str(folder))
    if reason is None:
        return folder
    if str(folder) not in _SAID:
        _SAID.add(str(folder))
        with contextlib.suppress(OSError, ValueError):
            print(f"paddock: not using the cache folder {folder}: {reason}; nothing is kept "
                  "between runs (fix its permissions, or set XDG_CACHE_HOME to a folder of "
                  "your own)", file=sys.stderr)
    return UNUSABLE


UNUSABLE = Path(os.devnull) / "paddock"
_SAID: set[str] = set()


@lru_cache(maxsize=8)
def _distrust(folder: str) -> str | None:
    """Why ``folder`` must not be used as the cache, or None when it may: as ssh treats
    ``~/.ssh``, it and every folder above it must belong to this user or root and be
    writable by no one else (a folder like ``/tmp``, root's with the sticky bit, lets no
    one else replace what is in it). Another user who could write there could plant an
    entry that this user's ``paddock`` then reads. A missing cache folder passes when
    the folders above it do: it is made private (:func:`make_private`)."""
    if not hasattr(os, "geteuid"):
        return None  # pragma: no cover - Windows: no owners to compare
    user = os.geteuid()
    cache = here = os.path.realpath(folder)
    while True:
        try:
            found = os.stat(here)
        except FileNotFoundError:
            here = os.path.dirname(here)
            continue
        except OSError as exc:
            return f"{here} cannot be read ({exc.strerror})"
        problem = _unsafe(here, found, user, cache=here == cache)
        if problem:
            return problem
        if here == os.path.dirname(here):
            break
        here = os.path.dirname(here)
    return None


def _unsafe(path: str, info: os.stat_result, user: int, cache: bool) -> str | None:
    """Why one folder on the way to the cache (or the cache itself) lets someone else change
    what it holds; a folder above it may be shared when it has the sticky bit (``/tmp``:
    no one may rename or delete what another made there)."""
    if info.st_uid not in (user, 0):
        return f"{path} belongs to another user (uid {info.st_uid})"
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH) and (cache or
                                                          not info.st_mode & stat.S_ISVTX):
        return f"{path} is writable by other users"
    return None


def make_private(folder: Path) -> None:
    """Make ``folder`` and any missing folder above it readable and writable by this user
    only (as the cache folder must be, whatever the umask)."""
    missing: list[Path] = []
    while not os.path.lexists(folder) and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for made in reversed(missing):
        with contextlib.suppress(FileExistsError):
            os.mkdir(made, 0o700)


# What the sweep may delete: the names Paddock gives its kept files (a digest in each), and
# the temporary files it and Jinja write them through; nothing else, wherever the folder is.
_KEPT_NAMES = {
    "": re.compile(r"(?:[a-z][a-z-]*-[0-9a-f]{16}\.(?:marshal|pickle)"
                   r"|flate-\d+-zlib[\w.-]+\.marshal|\..+\.part)"),
    "data": re.compile(r"(?:[0-9a-f]{32}\.marshal|\..+\.part)"),
    "art": re.compile(r"(?:[0-9a-f]{32}\.pickle|\..+\.part)"),
    "tables": re.compile(r"(?:[0-9a-f]{32}\.pickle|\..+\.part)"),
    "builds": re.compile(r"(?:[0-9a-f]{32}\.(?:marshal|bin)|\..+\.part)"),
    "templates-": re.compile(r"(?:__jinja2_[0-9a-f]{40}\.cache(?:.+\.tmp)?|\..+\.part)"),
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
    went. Never raises: a folder that cannot be read is simply not swept."""
    try:
        return _sweep_folder(time.time() if now is None else now)
    except (OSError, ValueError):
        return 0


def _sweep_folder(now: float) -> int:
    """:func:`sweep_stale`'s work, which may raise."""
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
        if kind not in ("data", "art", "tables", "builds", "templates-") or \
                not entry.is_dir(follow_symlinks=False):
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
