"""What a run read from outside Paddock's own code, recorded so a later run can tell, without
doing the work again, that nothing it depends on has changed.

While a :class:`Trace` records, every file opened for reading (Python's ``open`` audit
event: ``open``, ``io.open``, ``os.open``) is noted with a digest of its bytes, taken when it
is first opened; every folder listed (``os.listdir``, ``os.scandir``, so ``os.walk``,
``glob`` and ``Path.iterdir`` too) with its names and which of them are folders; and every
path looked at without being read (``os.stat``/``os.lstat``, so ``Path.exists``,
``is_file``, ``os.path.realpath``...) with what it was: a file, a folder, a link, nothing.
Python's own search for modules and distributions (which lists each folder on
``sys.path``) is not a read of the run's: the code is named by the caller.
:func:`unchanged` later says whether all of that still holds: a file edited, added where a
look found nothing, or removed from a folder listed is a change.

Not recorded: files the run itself wrote (outputs, temporary files), and the places the
caller names as ``ignored`` (Paddock's package and the installed libraries, which the caller
names by version and modification times instead, and the cache folder, whose entries change
how quickly an answer comes, never the answer). A file opened through a descriptor of a
folder (``dir_fd``) cannot be checked later: the trace is then marked ``complete = False``.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import stat
import sys
from collections.abc import Iterable, Iterator
from typing import Any

_EVENTS = frozenset({"open", "os.listdir", "os.scandir"})
_WRITING = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
_CHUNK = 1 << 20

Record = dict[str, Any]
"""A trace as kept: ``files`` (path -> digest, or None: could not be read), ``listed``
(folder -> sorted (name, is folder) pairs, or None), ``looked`` (path, follow links -> kind)."""


class Trace:
    """One run's reads from outside the ``ignored`` places (see the module's docstring)."""

    def __init__(self, ignored: Iterable[str | os.PathLike[str]]) -> None:
        self.ignored = tuple(os.path.abspath(os.fspath(place)) for place in ignored)
        self._inside = tuple(place.rstrip(os.sep) + os.sep for place in self.ignored)
        self._exact = frozenset(self.ignored)
        self._ancestors = frozenset(folder for place in self.ignored
                                    for folder in _folders_above(place))
        self.files: dict[str, bytes | None] = {}
        self.written: set[str] = set()
        self.listed: dict[str, list[tuple[str, bool]] | None] = {}
        self.looked: dict[tuple[str, bool], str] = {}
        self.complete = True

    def outside(self, path: str) -> bool:
        """Whether ``path`` (absolute) is one to record: in no ignored place."""
        return path not in self._exact and not path.startswith(self._inside)

    def on_the_way(self, path: str) -> bool:
        """Whether ``path`` is a folder leading to an ignored place (the output folder's
        parents: looking at them says where the output goes, not what it holds)."""
        return path in self._ancestors

    def names_in(self, folder: str) -> list[tuple[str, bool]] | None:
        """:func:`listing` of ``folder`` without the ignored places in it."""
        names = listing(folder)
        if names is None:
            return None
        return [(name, is_folder) for name, is_folder in names
                if self.outside(os.path.join(folder, name))]

    def opened(self, path: str, flags: int) -> None:
        if flags & _WRITING:
            self.written.add(path)
        elif path not in self.files and path not in self.written and self.outside(path):
            self.files[path] = file_digest(path)

    def record(self) -> Record:
        """What was read, as :func:`unchanged` checks it (files the run wrote left out)."""
        return {
            "ignored": list(self.ignored),
            "files": {p: d for p, d in self.files.items() if p not in self.written},
            "listed": {p: names for p, names in self.listed.items() if not self._made(p)},
            "looked": {key: kind for key, kind in self.looked.items() if not self._made(key[0])},
        }

    def _made(self, path: str) -> bool:
        """Whether ``path`` is a file the run itself wrote."""
        return path in self.written

    def merge(self, other: Record) -> None:
        """Add what another process of the same run (a build's worker) read."""
        for path, digest in other["files"].items():
            self.files.setdefault(path, digest)
        for folder, names in other["listed"].items():
            self.listed.setdefault(folder, names)
        for key, kind in other["looked"].items():
            self.looked.setdefault(key, kind)


def _folders_above(place: str) -> Iterator[str]:
    """Every folder ``place`` is in, up to the root."""
    while (parent := os.path.dirname(place)) != place:
        yield parent
        place = parent


_ACTIVE: list[Trace] = []
_BUSY: list[bool] = []
_REAL_STAT = os.stat
_REAL_LSTAT = os.lstat
_REAL_OPEN = os.open
# Python's import system and importlib.metadata (a library asking its own version).
_IMPORTING = ("<frozen importlib.", os.path.dirname(importlib.__file__) + os.sep)


def start(trace: Trace) -> None:
    """Record into ``trace`` until :func:`stop` (one trace at a time)."""
    if not _HOOKED:
        sys.addaudithook(_hook)
        _HOOKED.append(True)
    _ACTIVE[:] = [trace]
    os.stat, os.lstat, os.open = _stat, _lstat, _open


def stop() -> None:
    """Stop recording (a no-op when nothing records)."""
    _ACTIVE.clear()
    os.stat, os.lstat, os.open = _REAL_STAT, _REAL_LSTAT, _REAL_OPEN


def active() -> Trace | None:
    """The trace recording now, if any (a forked worker hands its reads back)."""
    return _ACTIVE[0] if _ACTIVE else None


_HOOKED: list[bool] = []


def _hook(event: str, args: tuple[Any, ...]) -> None:
    """The audit hook: note opens and listings while a trace records."""
    if event not in _EVENTS or not _ACTIVE or _BUSY:
        return
    trace = _ACTIVE[0]
    where = args[0]
    if isinstance(where, int):  # a descriptor: a listing or a file opened through it
        return
    if where is None:
        where = "."
    if sys._getframe(1).f_code.co_filename.startswith(_IMPORTING):
        return  # Python looking for code along sys.path: named by the caller
    _BUSY.append(True)
    try:
        path = os.path.abspath(os.fsdecode(where))
        if event == "open":
            flags = args[2] if isinstance(args[2], int) else 0
            trace.opened(path, flags)
        elif path not in trace.listed and trace.outside(path):
            trace.listed[path] = trace.names_in(path)
    except (TypeError, ValueError):
        trace.complete = False
    finally:
        _BUSY.pop()


def _open(path: Any, flags: int, mode: int = 0o777, *, dir_fd: int | None = None) -> int:
    """``os.open``; a name relative to a folder's descriptor (``shutil.rmtree`` clearing
    the output's staging folder) is not a path the audit event could place: not noted."""
    if dir_fd is None:
        return _REAL_OPEN(path, flags, mode)
    _BUSY.append(True)
    try:
        return _REAL_OPEN(path, flags, mode, dir_fd=dir_fd)
    finally:
        _BUSY.pop()


def _stat(path: Any, *args: Any, dir_fd: int | None = None, follow_symlinks: bool = True
          ) -> os.stat_result:
    return _looked(_REAL_STAT, path, args, dir_fd, follow_symlinks)


def _lstat(path: Any, *args: Any, dir_fd: int | None = None) -> os.stat_result:
    return _looked(_REAL_LSTAT, path, args, dir_fd, False)


def _looked(real: Any, path: Any, args: tuple[Any, ...], dir_fd: int | None,
            follow: bool) -> os.stat_result:
    """Call the real ``stat``/``lstat`` and note what it found at a path."""
    kwargs: dict[str, Any] = {"dir_fd": dir_fd}
    if real is _REAL_STAT:
        kwargs["follow_symlinks"] = follow
    try:
        result: os.stat_result = real(path, *args, **kwargs)
    except OSError:
        _note(path, dir_fd, follow, None)
        raise
    _note(path, dir_fd, follow, result)
    return result


def _note(path: Any, dir_fd: int | None, follow: bool, found: os.stat_result | None) -> None:
    if not _ACTIVE or _BUSY or isinstance(path, int):
        return
    trace = _ACTIVE[0]
    if dir_fd is not None:
        trace.complete = False
        return
    try:
        where = os.path.abspath(os.fsdecode(path))
    except (TypeError, ValueError):
        trace.complete = False
        return
    if trace.outside(where) and not trace.on_the_way(where):
        trace.looked.setdefault((where, follow), kind_of(found))


def kind_of(found: os.stat_result | None) -> str:
    """What a ``stat`` found: ``file``, ``folder``, ``link``, ``other`` or ``nothing``."""
    if found is None:
        return "nothing"
    mode = found.st_mode
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "folder"
    return "link" if stat.S_ISLNK(mode) else "other"


def file_digest(path: str) -> bytes | None:
    """A digest of the file's bytes, or None when it cannot be read (as a folder cannot)."""
    digest = hashlib.blake2b(digest_size=16)
    try:
        with open(path, "rb") as handle:
            while chunk := handle.read(_CHUNK):
                digest.update(chunk)
    except OSError:
        return None
    return digest.digest()


def listing(folder: str) -> list[tuple[str, bool]] | None:
    """A folder's names, each with whether it is a folder (following links), or None."""
    try:
        with os.scandir(folder) as entries:
            return sorted((e.name, _is_folder(e)) for e in entries)
    except OSError:
        return None


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def look(path: str, follow: bool) -> str:
    """What is at ``path`` now (see :func:`kind_of`)."""
    try:
        return kind_of(_REAL_STAT(path, follow_symlinks=follow))
    except OSError:
        return "nothing"


def unchanged(record: Record) -> bool:
    """Whether every file, folder and path in ``record`` is as it was when recorded."""
    try:
        return (all(look(path, follow) == kind
                    for (path, follow), kind in record["looked"].items())
                and all(Trace(record["ignored"]).names_in(folder) == names
                        for folder, names in record["listed"].items())
                and all(file_digest(path) == digest for path, digest in record["files"].items()))
    except (KeyError, TypeError, ValueError, AttributeError):
        return False
