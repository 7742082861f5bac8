"""``paddock build --watch``: rebuild when a definition, kit or template is saved.

The watching is watchfiles' (native file-system events, debounced, across platforms), not
polling by hand. Each change rebuilds the same inputs the first build read, so the output
folder always holds one complete kit for what was asked.
"""

from __future__ import annotations

import stat
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from watchfiles import Change, watch

WATCHED_SUFFIXES = (".yaml", ".yml", ".j2", ".png", ".svg", ".csv", ".xlsx")


def relevant_outside(output: Path | None) -> Callable[[Change, str], bool]:
    """A filter for what a build reads (definitions, kit files, templates, icons, pictures),
    never what it writes: the output folder is ignored, or a build would wake itself."""
    ignored = output.resolve() if output is not None else None

    def relevant(change: Change, path: str) -> bool:
        if not path.endswith(WATCHED_SUFFIXES):
            return False
        return ignored is None or not Path(path).resolve().is_relative_to(ignored)
    return relevant


FileStates = dict[Path, tuple[int, int]]


def file_states(paths: Sequence[Path], output: Path | None = None) -> FileStates:
    """Each file a build reads under ``paths``, with what a save changes (its modification
    time in nanoseconds and its size). Taken as a first build starts: a save made while it
    ran, before the watcher was armed, is then still built (``watch_builds(since=...)``)."""
    relevant = relevant_outside(output)
    states: FileStates = {}
    for path in paths:
        for file in (path.rglob("*") if path.is_dir() else [path]):
            if not relevant(Change.modified, str(file)):
                continue
            try:
                found = file.stat()
            except OSError:  # removed while listed
                continue
            if stat.S_ISREG(found.st_mode):
                states[file.resolve()] = (found.st_mtime_ns, found.st_size)
    return states


def saved_since(since: FileStates, paths: Sequence[Path], output: Path | None) -> list[Path]:
    """Files saved, added or removed since ``since`` was taken, in a stable order."""
    now = file_states(paths, output)
    return sorted(p for p in since.keys() | now.keys() if since.get(p) != now.get(p))


def watch_builds(paths: Sequence[Path], rebuild: Callable[[list[Path]], object],
                 output: Path | None = None, stop: threading.Event | None = None,
                 on_start: Callable[[], object] | None = None, debounce: int = 300,
                 since: FileStates | None = None) -> int:
    """Call ``rebuild(changed files)`` after each batch of saves under ``paths`` until
    ``stop`` is set or Ctrl-C; return how many rebuilds ran. ``debounce``: milliseconds
    a batch of saves may take (an editor's write and rename are one save). ``on_start``
    is called once the watcher is armed; then, given ``since`` (``file_states`` when the
    first build began), whatever was saved before that is rebuilt at once: without it, a
    save made during the first build would show only at the next save."""
    existing = [p for p in paths if p.exists()]
    rebuilds, armed = 0, False
    try:
        # The watcher is armed when ``watch`` first waits; its first timeout (or batch)
        # says so, after at most ``rust_timeout`` ms. Later timeouts are passed over.
        for changes in watch(*existing, watch_filter=relevant_outside(output), stop_event=stop,
                             debounce=debounce, step=min(50, debounce), rust_timeout=200,
                             yield_on_timeout=True):
            if not armed:
                armed = True
                if on_start is not None:
                    on_start()
                missed = saved_since(since, existing, output) if since is not None else []
                if missed:
                    rebuild(missed)
                    rebuilds += 1
            if changes:
                rebuild(changed_files(changes))
                rebuilds += 1
    except KeyboardInterrupt:
        pass
    return rebuilds


def changed_files(changes: Iterable[tuple[Change, str]]) -> list[Path]:
    """The files a batch touched, each once, in a stable order."""
    return sorted({Path(path) for _, path in changes})
