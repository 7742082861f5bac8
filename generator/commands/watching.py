"""``paddock build --watch``: rebuild when a definition, kit or template is saved.

The watching is watchfiles' (native file-system events, debounced, across platforms), not
polling by hand. Each change rebuilds the same inputs the first build read, so the output
folder always holds one complete kit for what was asked.
"""

from __future__ import annotations

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


def watch_builds(paths: Sequence[Path], rebuild: Callable[[list[Path]], object],
                 output: Path | None = None, stop: threading.Event | None = None,
                 on_start: Callable[[], object] | None = None, debounce: int = 300) -> int:
    """Call ``rebuild(changed files)`` after each batch of saves under ``paths`` until
    ``stop`` is set or Ctrl-C; return how many rebuilds ran. ``debounce``: milliseconds
    a batch of saves may take (an editor's write and rename are one save)."""
    existing = [p for p in paths if p.exists()]
    rebuilds = 0
    if on_start is not None:
        on_start()
    try:
        for changes in watch(*existing, watch_filter=relevant_outside(output), stop_event=stop,
                             debounce=debounce, step=min(50, debounce), rust_timeout=500,
                             yield_on_timeout=False):
            rebuild(changed_files(changes))
            rebuilds += 1
    except KeyboardInterrupt:
        pass
    return rebuilds


def changed_files(changes: Iterable[tuple[Change, str]]) -> list[Path]:
    """The files a batch touched, each once, in a stable order."""
    return sorted({Path(path) for _, path in changes})
