"""Writing a build's files in parallel processes, into the one staging folder.

A build's files are independent of one another: each is drawn from the definitions and the
build context alone. So :func:`write_outputs` forks worker processes (at most one per core
this process may use, see :func:`worker_count`) that share the work with this process: the
file numbers wait in a pipe, longest first by the times the last build took (kept in the
cache folder), and each process takes the next one when it is free. A worker has everything
it needs from the fork (the outputs and their drawing functions, the fonts, the kept stores
as read so far); it writes into the staging folder of :mod:`generator.commands.output_folder`
exactly as a serial build does, and hands back, in a private temporary file, what each file
recorded for the manifest and what its kept stores added (so the next run finds them, as
after a serial build), and what it read while a build is recorded for a replay. The switch
into the output folder stays in this process, after every worker has finished, so an
interrupted or failed build still leaves the old set whole.

The files are byte for byte those of a serial build: drawing a file depends on nothing an
earlier file left behind (the tests compare both). Where fork is not available, where other
threads run (fork copies only the calling one), or for a single file, the files are written
one after another in this process.
"""

from __future__ import annotations

import ctypes
import os
import pickle
import signal
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Any

from generator.commands.output_folder import OutputFolder
from generator.keep import input_trace
from generator.keep.cache_folder import cache_folder
from generator.keep.kept_store import STORES, KeptStore, merge_additions, take_additions
from generator.paper.output import Output
from generator.paper.pdf import PdfInfo

MOST_WORKERS = 8
_NUMBER = 4  # bytes per file number in the pipe
_PR_SET_PDEATHSIG = 1
_MOST_NUMBERS = 15_000  # fits a pipe's buffer (64 KiB), written whole before any worker reads

# Seconds each file took to write last time, by path: the order the workers take them in.
TIMES: KeptStore[str, float] = KeptStore(lambda: cache_folder() / "write-times-1.marshal",
                                         most_entries=5_000)


class WorkerFailed(Exception):
    """A worker process stopped without handing back its files: a bug, or the system
    killed it (out of memory). Carries what it printed as the reason."""


@dataclass(frozen=True)
class _Worker:
    pid: int
    results: IO[bytes]


def worker_count(outputs: int, asked: int | None = None) -> int:
    """How many processes write ``outputs`` files: ``asked`` (``--jobs``), else one per
    core this process may run on (at most :data:`MOST_WORKERS`); never more than the
    files, and one where forking is unavailable or unsafe (other threads running)."""
    if not hasattr(os, "fork") or threading.active_count() > 1:
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)
    wanted = asked if asked is not None else min(cores, MOST_WORKERS)
    return max(1, min(wanted, outputs, _MOST_NUMBERS))


def write_outputs(folder: OutputFolder, outputs: Sequence[Output], workers: int
                  ) -> list[PdfInfo]:
    """Write every output into ``folder``'s staging folder, with ``workers`` processes
    (this one included); what each file recorded, in the order of ``outputs``."""
    if workers <= 1:
        return [_timed(folder, output) for output in outputs]
    order = sorted(range(len(outputs)), key=lambda i: -(TIMES.get(outputs[i].path) or 1e9))
    tasks_in, tasks_out = os.pipe()
    try:
        os.write(tasks_out, b"".join(i.to_bytes(_NUMBER, "little") for i in order))
    finally:
        os.close(tasks_out)
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    known = len(STORES)
    started: list[_Worker] = []
    try:
        for _ in range(workers - 1):
            started.append(_start(folder, outputs, tasks_in, known))
        infos = _take_tasks(folder, outputs, tasks_in)
        for worker in started:
            infos.update(_finish(worker))
    except BaseException:
        _stop(started)
        raise
    finally:
        os.close(tasks_in)
    return [infos[i] for i in range(len(outputs))]


def _take_tasks(folder: OutputFolder, outputs: Sequence[Output], tasks: int
                ) -> dict[int, PdfInfo]:
    """Write the files whose numbers this process reads from the pipe, until it is empty."""
    done: dict[int, PdfInfo] = {}
    while chunk := os.read(tasks, _NUMBER):
        index = int.from_bytes(chunk, "little")
        done[index] = _timed(folder, outputs[index])
    return done


def _timed(folder: OutputFolder, output: Output) -> PdfInfo:
    """Write one output, keeping how long it took (for the order of the next build)."""
    start = time.perf_counter()
    info = folder.write(output.path, output.write)
    took = time.perf_counter() - start
    before = TIMES.get(output.path)
    if before is None or not 0.5 < took / max(before, 1e-6) < 2:  # only a real change
        TIMES.put(output.path, took)
    return info


def _start(folder: OutputFolder, outputs: Sequence[Output], tasks: int, known: int
           ) -> _Worker:
    """Fork one worker; it takes files from ``tasks`` and ends with ``os._exit``, never
    returning into the caller's code (its ``finally`` blocks belong to this process)."""
    results = tempfile.TemporaryFile()  # noqa: SIM115 - closed by _finish or _stop
    parent = os.getpid()
    pid = os.fork()
    if pid:
        return _Worker(pid, results)
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        _die_with(parent)
        done = _take_tasks(folder, outputs, tasks)
        trace = input_trace.active()  # what it read, for a recorded build (build_replay)
        payload: tuple[str, Any, Any] = (
            "done", done, (take_additions(known), trace.record() if trace else None))
        code = 0
    except BaseException as exc:  # noqa: BLE001 - handed to the parent, which raises it
        payload = ("failed", exc, traceback.format_exc())
    try:
        try:
            data = pickle.dumps(payload)
        except Exception:  # noqa: BLE001 - an exception that cannot travel: its text does
            data = pickle.dumps(("failed", None, payload[2]))
        results.write(data)
        results.flush()
    finally:
        os._exit(code)


def _die_with(parent: int) -> None:
    """Have the system end this worker if the build's process ends first (killed, say), so
    no worker goes on writing into a staging folder the next build clears (Linux)."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it ended before that took hold
        os._exit(1)


def _finish(worker: _Worker) -> dict[int, PdfInfo]:
    """Wait for a worker and take what it wrote; raise what it raised."""
    _, status = os.waitpid(worker.pid, 0)
    with worker.results:
        worker.results.seek(0)
        data = worker.results.read()
    if not data:
        raise WorkerFailed(f"a build worker (process {worker.pid}) stopped "
                           f"({_status_words(status)}) before handing back its files")
    state, found, extra = pickle.loads(data)
    if state == "done":
        additions, reads = extra
        merge_additions(additions)
        trace = input_trace.active()
        if trace is not None and reads is not None:
            trace.merge(reads)
        return dict(found)
    if isinstance(found, BaseException):
        raise found
    raise WorkerFailed(f"a build worker failed:\n{extra}")


def _stop(workers: Sequence[_Worker]) -> None:
    """End the workers still running (this process failed or was interrupted) and wait for
    them, so none writes into a staging folder being removed."""
    for worker in workers:
        try:
            os.kill(worker.pid, signal.SIGTERM)
            os.waitpid(worker.pid, 0)
        except (ChildProcessError, ProcessLookupError):
            pass
        worker.results.close()


def _status_words(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}"
    return f"exit status {os.waitstatus_to_exitcode(status)}"

