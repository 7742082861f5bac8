"""``paddock build --watch``: a save under the watched folder rebuilds; the output does not."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from watchfiles import Change

from generator.commands.watching import (
    FileStates,
    file_states,
    relevant_outside,
    watch_builds,
)


class Watching:
    """``watch_builds`` on ``source`` in a thread that stops after the first rebuild, whose
    changed files it keeps (``seen``)."""

    def __init__(self, source: Path, since: FileStates | None = None) -> None:
        self.stop, self.started = threading.Event(), threading.Event()
        self.seen: list[list[Path]] = []
        self.thread = threading.Thread(target=watch_builds, args=([source], self.rebuild),
                                       kwargs={"stop": self.stop, "since": since,
                                               "on_start": self.started.set})
        self.thread.start()

    def rebuild(self, changed: list[Path]) -> None:
        self.seen.append(changed)
        self.stop.set()


def test_a_saved_definition_triggers_one_rebuild_with_its_path(tmp_path: Path) -> None:
    source = tmp_path / "vehicles"
    source.mkdir()
    (source / "a.yaml").write_text("game: x\n")
    watching = Watching(source)
    stop, seen, thread = watching.stop, watching.seen, watching.thread
    watching.started.wait(5)
    deadline = time.monotonic() + 10
    while not seen and time.monotonic() < deadline:  # the watcher may need a moment to arm
        (source / "a.yaml").write_text(f"game: x\nname: {time.monotonic()}\n")
        time.sleep(0.4)
    stop.set()
    thread.join(10)
    assert seen and [p.resolve() for p in seen[0]] == [(source / "a.yaml").resolve()]


def test_saves_made_during_the_first_build_are_built_once_the_watcher_is_armed(
        tmp_path: Path) -> None:
    """A save between the first build's start and the watcher arming raises no event: the
    watcher finds it by the files' states and rebuilds it at once, with no second save."""
    source = tmp_path / "vehicles"
    source.mkdir()
    for name in ("a", "b", "gone"):
        (source / f"{name}.yaml").write_text("game: x\n")
    (source / "notes.txt").write_text("not read by a build\n")
    before = file_states([source])
    assert sorted(p.name for p in before) == ["a.yaml", "b.yaml", "gone.yaml"]
    (source / "a.yaml").write_text("game: x\nname: saved while the first build ran\n")
    (source / "gone.yaml").unlink()
    (source / "new.yaml").write_text("game: x\n")
    (source / "notes.txt").write_text("changed, but no build reads it\n")
    watching = Watching(source, since=before)
    watching.thread.join(10)
    watching.stop.set()
    assert watching.started.is_set()
    assert [[p.name for p in changed] for changed in watching.seen] == [
        ["a.yaml", "gone.yaml", "new.yaml"]]


def test_nothing_saved_before_the_watcher_armed_rebuilds_nothing(tmp_path: Path) -> None:
    source = tmp_path / "vehicles"
    source.mkdir()
    (source / "a.yaml").write_text("game: x\n")
    stop = threading.Event()
    seen: list[list[Path]] = []
    thread = threading.Thread(target=watch_builds, args=([source], seen.append), kwargs={
        "stop": stop, "on_start": stop.set, "since": file_states([source])})
    thread.start()
    thread.join(10)
    assert not thread.is_alive() and seen == []


def test_only_what_a_build_reads_counts_and_never_the_output(tmp_path: Path) -> None:
    relevant = relevant_outside(tmp_path / "output")
    assert relevant(Change.modified, str(tmp_path / "vehicles" / "a.yaml"))
    assert relevant(Change.added, str(tmp_path / "templates" / "x.j2"))
    assert not relevant(Change.modified, str(tmp_path / "output" / "kit.yaml"))
    assert not relevant(Change.modified, str(tmp_path / "vehicles" / "notes.txt"))


def test_a_rebuild_in_watch_mode_prints_one_line_for_the_files_and_the_errors_last(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from generator.commands.cli import make_parser
    from generator.commands.runners import run_build
    from tests.conftest import VEHICLES

    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("whisper-gig", "marsh-hopper"):
        (folder / f"{name}.yaml").write_text((VEHICLES / "frothy-races" / f"{name}.yaml")
                                             .read_text())
    (folder / "marsh-hopper.yaml").write_text(
        (folder / "marsh-hopper.yaml").read_text().replace("  reins: ", "  reins: [", 1))
    args = make_parser().parse_args(["build", str(folder), "-o", str(tmp_path / "out")])
    assert run_build(args, compact=True) == 2
    out, err = capsys.readouterr()
    wrote = [line for line in out.splitlines() if line.startswith("wrote")]
    assert len(wrote) == 1 and " files (" in wrote[0], out
    assert "YAML-SYNTAX" in err and "not built" not in out


def test_a_half_typed_save_in_watch_mode_keeps_the_last_good_vehicle_printed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from generator.commands.cli import make_parser
    from generator.commands.runners import run_build
    from generator.project.loading import Definition
    from tests.conftest import VEHICLES
    from tests.pdf_geometry import open_pdf

    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("whisper-gig", "marsh-hopper"):
        (folder / f"{name}.yaml").write_text((VEHICLES / "frothy-races" / f"{name}.yaml")
                                             .read_text())
    args = make_parser().parse_args(["build", str(folder), "-o", str(tmp_path / "out"),
                                     "--only", "licences"])
    last_good: dict[str, Definition] = {}
    assert run_build(args, last_good=last_good) == 0
    marsh = folder / "marsh-hopper.yaml"
    marsh.write_text(marsh.read_text().replace("  reins: ", "  reins: [", 1))
    run_build(args, compact=True, last_good=last_good)
    err = capsys.readouterr().err
    assert "marsh-hopper.yaml has errors: its last good save is printed" in err
    text = "".join(page.extract_text() for page in
                   open_pdf(tmp_path / "out" / "frothy-races" / "licences.pdf").pages)
    assert "Marsh Hopper" in text and "Whisper Gig" in text
