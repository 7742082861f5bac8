"""``paddock build --watch``: a save under the watched folder rebuilds; the output does not."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from watchfiles import Change

from generator.commands.watching import relevant_outside, watch_builds


def test_a_saved_definition_triggers_one_rebuild_with_its_path(tmp_path: Path) -> None:
    source = tmp_path / "vehicles"
    source.mkdir()
    (source / "a.yaml").write_text("game: x\n")
    stop, started = threading.Event(), threading.Event()
    seen: list[list[Path]] = []

    def rebuild(changed: list[Path]) -> None:
        seen.append(changed)
        stop.set()

    thread = threading.Thread(target=watch_builds, args=([source], rebuild),
                              kwargs={"stop": stop, "on_start": started.set})
    thread.start()
    started.wait(5)
    deadline = time.monotonic() + 10
    while not seen and time.monotonic() < deadline:  # the watcher may need a moment to arm
        (source / "a.yaml").write_text(f"game: x\nname: {time.monotonic()}\n")
        time.sleep(0.4)
    stop.set()
    thread.join(10)
    assert seen and [p.resolve() for p in seen[0]] == [(source / "a.yaml").resolve()]


def test_only_what_a_build_reads_counts_and_never_the_output(tmp_path: Path) -> None:
    relevant = relevant_outside(tmp_path / "output")
    assert relevant(Change.modified, str(tmp_path / "vehicles" / "a.yaml"))
    assert relevant(Change.added, str(tmp_path / "templates" / "x.j2"))
    assert not relevant(Change.modified, str(tmp_path / "output" / "kit.yaml"))
    assert not relevant(Change.modified, str(tmp_path / "vehicles" / "notes.txt"))
