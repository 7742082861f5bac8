"""Answers kept between runs in the cache folder: the one way Paddock's stores keep them.

Fitting texts and wrapping paragraphs (:mod:`generator.keep.fit_store`), compressing PDF streams
(:mod:`generator.keep.flate_store`) and searching a track's routes
(:mod:`generator.tracks.analysis`) give the same answers every run, so each keeps them in a
file of its own in the cache folder (``~/.cache/paddock``). Each store names its file (with
a digest of the code that answers, so a changed computation never reads the old one's
answers), and chooses its format and cap; :class:`KeptStore` does the rest the same way for
all: the file is read on first use; it is written back at exit, whole or not at all, and only
if the run added something; past the cap only what this run used is written back, so the
file stays small and fits the runs to come; and a damaged file reads as empty, since a lost
answer is only worked out again. Two runs at once may each write: the last one wins and the
other's additions are made again next time, never wrong.
"""

from __future__ import annotations

import atexit
import hashlib
import marshal
from collections.abc import Callable, Hashable, Iterable
from pathlib import Path
from typing import Any, Generic, TypeVar

from generator import __version__
from generator.keep.cache_folder import cache_folder
from generator.keep.entries import MAGIC, MOST_BYTES, read_entry, write_entry


def named_for_code(kind: str, versions: str, sources: Iterable[Path],
                   suffix: str = "marshal") -> Path:
    """``kind``'s file in the cache folder, its name a digest of ``versions`` (the libraries
    whose answers it keeps, and a format number) and of the code in ``sources``: changed
    code never reads an older code's answers. Installed without sources, Paddock's version
    names the code."""
    digest = hashlib.blake2b(versions.encode() + MAGIC, digest_size=8)
    for source in sources:
        try:
            digest.update(source.read_bytes())
        except OSError:
            digest.update(f"{source.name} of Paddock {__version__}".encode())
    return cache_folder() / f"{kind}-{digest.hexdigest()}.{suffix}"


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

# Every store made, in the order made: a build's worker processes hand back what each added
# (see :func:`take_additions`), so the parent writes it at exit as if it had worked it out.
STORES: list[KeptStore[Any, Any]] = []


class KeptStore(Generic[K, V]):
    """Entries kept in one file of the cache folder (``path()``, asked at each read and
    write), read on first use and written back at exit if this run added any.

    The cap is ``most_entries`` or ``most_bytes``, and the store never holds more: a run
    that would pass it first lets go of the entries it read and has not used (a file past
    it is written back with only this run's anyway). By entries, a run keeps at most that
    many (read back or added). By bytes (of ``bytes`` values), the store holds at most
    that many, what it read included, so a build's memory stays flat however much it makes.
    A run refused room writes back only what it used, so the next run finds room.
    """

    def __init__(self, path: Callable[[], Path], *, most_entries: int | None = None,
                 most_bytes: int | None = None,
                 loads: Callable[[bytes], Any] = marshal.loads,
                 dumps: Callable[[dict[K, V]], bytes] = marshal.dumps,
                 most_file_bytes: int = MOST_BYTES) -> None:
        if (most_entries is None) == (most_bytes is None):
            raise ValueError("a kept store is capped by entries or by bytes: give one")
        self.path = path
        self.most_file_bytes = most_file_bytes  # a larger file is never read
        self.most_entries = most_entries
        self.most_bytes = most_bytes
        self._loads = loads
        self._dumps = dumps
        self._entries: dict[K, V] | None = None  # None: the file is not read yet
        self._used: set[K] = set()  # looked up or added this run (all of them held)
        self._held = 0  # bytes of the values held, for a store capped by bytes
        self._added = False
        self._refused = False  # an entry was not kept for want of room
        self._saved_at_exit = False
        self._fresh: list[K] = []  # added since the last take_additions()
        STORES.append(self)

    def get(self, key: K) -> V | None:
        """The entry kept for ``key`` (the file is read on first use), or None."""
        found = self._load().get(key)
        if found is not None:
            self._used.add(key)
        return found

    def room(self, size: int = 0) -> bool:
        """Whether another entry (of ``size`` bytes, for a store capped by bytes) would be
        kept: asked first, it spares making an entry only to have it refused."""
        if self.most_entries is not None:
            return len(self._used) < self.most_entries
        assert self.most_bytes is not None
        self._load()
        return self._held + size <= self.most_bytes

    def put(self, key: K, value: V) -> bool:
        """Keep ``value`` for the runs to come if there is room (written at exit); whether
        it was kept."""
        entries = self._load()
        size = _size(value)
        full = not self.room(size) if self.most_bytes is not None else (
            key not in entries and len(entries) >= (self.most_entries or 0))
        if full and len(entries) > len(self._used):
            # Full of entries from other runs: let go of those this run has not used (the
            # file would lose them anyway), so what is held stays within the cap.
            self._entries = entries = {k: v for k, v in entries.items() if k in self._used}
            self._held = sum(_size(v) for v in entries.values())
        kept = self.room(size)
        if kept:
            self._held += size - _size(entries.get(key))
            entries[key] = value
            self._used.add(key)
            self._added = True
            self._fresh.append(key)
        else:
            self._refused = True
        if not self._saved_at_exit:
            atexit.register(self.save)
            self._saved_at_exit = True
        return kept

    def save(self) -> None:
        """Write the entries back if this run added any, or was refused room while holding
        some it never used (at exit; harmless to call twice). Past the cap only this run's
        are written, in the order they were held."""
        entries = self._entries
        if entries is None or not (self._added or self._refused
                                   and len(entries) > len(self._used)):
            return
        over = self._refused or (self.most_entries is not None
                                 and len(entries) > self.most_entries)
        kept = {k: v for k, v in entries.items() if k in self._used} if over else entries
        self._added = self._refused = False
        try:
            content = self._dumps(kept)
        except Exception:  # noqa: BLE001 - what cannot be written is only worked out again
            return
        write_entry(self.path(), content)

    def take_additions(self) -> dict[K, V]:
        """The entries this process added since it last asked (and still holds)."""
        entries = self._entries or {}
        fresh = {key: entries[key] for key in self._fresh if key in entries}
        self._fresh = []
        return fresh

    def forget(self, *, reread: bool = True) -> None:
        """Hold nothing and owe no write, as a new run starts: the file is read again on
        next use, or with ``reread=False`` never (an empty store, to time the work it
        saves)."""
        self._entries = None if reread else {}
        self._used = set()
        self._held = 0
        self._added = self._refused = False
        self._fresh = []

    def _load(self) -> dict[K, V]:
        if self._entries is None:
            kept = read_entry(self.path(), self.most_file_bytes)
            loaded: Any = {}
            if kept is not None:  # passed its checks: this code wrote it, whole
                try:
                    loaded = self._loads(kept)
                except Exception:  # noqa: BLE001 - not what this code writes: worked out again
                    loaded = {}
            self._entries = loaded if isinstance(loaded, dict) else {}
            if self.most_bytes is not None:
                self._held = sum(_size(value) for value in self._entries.values())
        return self._entries


def take_additions(known: int) -> dict[int, dict[Any, Any]]:
    """What each of the first ``known`` stores of :data:`STORES` (those the process that
    started this worker has too) added since the last call, by place: the worker sends this
    back, and that process :func:`merge_additions`. A store made only here (a module first
    imported by this worker) is saved from here."""
    for store in STORES[known:]:
        store.save()
    return {place: added for place, store in enumerate(STORES[:known])
            if (added := store.take_additions())}


def merge_additions(additions: dict[int, dict[Any, Any]]) -> None:
    """Keep, in this process's stores, what a worker's stores added (see
    :func:`take_additions`); each is written at exit like this process's own."""
    for place, added in additions.items():
        for key, value in added.items():
            STORES[place].put(key, value)


def _size(value: object) -> int:
    return len(value) if isinstance(value, bytes) else 0
