"""A build's files written by parallel processes: the same bytes as one process writes, every
file handed back in order, a worker's failure raised in the build (the output folder left as
it was), and what the workers' kept stores added kept for the next run."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.commands import build_workers
from generator.commands.build_workers import WorkerFailed, worker_count, write_outputs
from generator.commands.output_folder import open_output
from generator.errors import OutputError
from generator.paper.output import Output
from generator.paper.pdf import PdfInfo
from tests.conftest import REPO


def pid_writer(pages: int, writers: Path | None = None) -> Output:
    """An output whose 'PDF' is the number of the process that wrote it. With ``writers``
    (a folder each writer marks), a write waits, up to 10 s, until the build's own process
    and a worker have both written one: who takes which file is then not left to how a
    loaded machine schedules the workers."""
    build = os.getpid()

    def write(path: Path) -> PdfInfo:
        path.write_text(str(os.getpid()), encoding="utf-8")
        for _ in range(20_000 * pages):  # long enough that both processes take some
            pass
        if writers is not None:
            (writers / str(os.getpid())).touch()
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                marks = {p.name for p in writers.iterdir()}
                if str(build) in marks and len(marks) > 1:
                    break
                time.sleep(0.005)
        return PdfInfo(pages=pages, page_size_mm=(210.0, 297.0))
    return Output(path=f"part/{pages}.pdf", game="test", kind="part", vehicles=[], write=write)


def failing(number: int, *, die: bool = False) -> Output:
    """An output that cannot be written (``die``: that kills the worker writing it, as the
    system's memory killer would, while the build's own process writes it slowly, so the
    worker surely takes one)."""
    def write(path: Path) -> PdfInfo:
        if not die:
            raise OutputError("disk full")
        if os.getpid() != parent:
            os._exit(9)
        time.sleep(0.05)
        path.write_text("slow", encoding="utf-8")
        return PdfInfo(pages=1, page_size_mm=(210.0, 297.0))
    parent = os.getpid()
    return Output(path=f"broken-{number}.pdf", game="test", kind="part", vehicles=[],
                  write=write)


def tree_digests(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_workers_share_the_files_and_hand_back_each_in_order(tmp_path: Path) -> None:
    (tmp_path / "writers").mkdir()
    outputs = [pid_writer(pages, tmp_path / "writers") for pages in range(1, 13)]
    with open_output(tmp_path / "out") as folder:
        infos = write_outputs(folder, outputs, 3)
        writers = {(folder.staging / o.path).read_text(encoding="utf-8") for o in outputs}
        folder.commit({"files": []})
    assert [info.pages for info in infos] == list(range(1, 13))
    assert len(writers) > 1 and str(os.getpid()) in writers
    assert sorted(p.name for p in (tmp_path / "out" / "part").iterdir()) == sorted(
        f"{n}.pdf" for n in range(1, 13))


def test_what_the_workers_kept_comes_back_to_the_build(tmp_path: Path,
                                                       fresh_store: Path) -> None:
    build_workers.TIMES.forget(reread=False)
    outputs = [pid_writer(pages) for pages in range(1, 9)]
    with open_output(tmp_path / "out") as folder:
        write_outputs(folder, outputs, 2)
    # every file's time is kept here, those the worker wrote too
    assert all(build_workers.TIMES.get(o.path) is not None for o in outputs)
    build_workers.TIMES.forget()


@pytest.mark.parametrize("die", [False, True], ids=["raises", "killed"])
def test_a_worker_that_fails_fails_the_build_and_leaves_the_folder(
        tmp_path: Path, die: bool) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "mine.txt").write_text("kept", encoding="utf-8")
    outputs = [failing(n, die=die) for n in range(6)]
    expected = WorkerFailed if die else OutputError
    with pytest.raises(expected), open_output(out) as folder:
        write_outputs(folder, outputs, 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".out.paddock-lock", "out"]
    assert tree_digests(out) == {"mine.txt": hashlib.sha256(b"kept").hexdigest()}


def test_worker_count_is_capped_by_cores_and_files(monkeypatch: pytest.MonkeyPatch) -> None:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    # Alone in the process (threads another test left running would make forking unsafe):
    monkeypatch.setattr(build_workers.threading, "active_count", lambda: 1)
    assert worker_count(1) == 1
    assert worker_count(100, asked=1) == 1
    assert worker_count(3, asked=50) == 3
    if hasattr(os, "fork"):
        assert worker_count(100) == min(cores, build_workers.MOST_WORKERS)
    # With another thread running, one process: a fork would copy that thread's locks held.
    monkeypatch.setattr(build_workers.threading, "active_count", lambda: 2)
    assert worker_count(100, asked=4) == 1


def test_a_parallel_build_writes_the_serial_builds_bytes(tmp_path: Path) -> None:
    """The default kit, as a user builds it, one process against three (more than this
    machine may have cores: the order the files are taken in changes, the bytes do not)."""
    def build(workers: int) -> dict[str, str]:
        out = tmp_path / f"out-{workers}"
        done = subprocess.run(
            [sys.executable, "-m", "generator", "build", "--rebuild", "-o", str(out), "--workers",
             str(workers)], cwd=REPO, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        return tree_digests(out)

    serial = build(1)
    assert len(serial) > 12  # the default kit (17 files): its shared sheets, decks, tiles, circuits
    assert build(3) == serial
