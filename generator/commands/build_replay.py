"""A build with nothing new to make, answered from the cache folder: the files of the last
identical build written again, without loading, checking or drawing anything.

How a build is known to be identical: its *question* names everything a build depends on
that is not a file it reads: the command's options (all but the output folder and the
number of processes, which change where the files go and how fast, not what they hold),
the folder it runs in, the Python that runs it, Paddock's own code (every file of the
package, by size and modification time, as Python itself tells a changed module) and the
installed libraries (by their versions). Its *answer*, kept under the question's digest,
holds what the build read from anywhere else, recorded as it read
(:mod:`generator.keep.input_trace`: every definition, kit, table, picture and template file
by a digest of its bytes; every folder listed, with its names; every path looked for, with
what was there, so a kit or a track file added where none was is seen), what it printed
about the input, its exit code, and the files it wrote (by the digest of their bytes, kept
beside it). A build whose question has an answer, and whose every recorded input is as
recorded, writes those files through the same output folder transaction as a real build
(:mod:`generator.commands.output_folder`: what an earlier build wrote there is replaced,
kept or removed by the same rules) and prints what the real build printed. Anything else
is built for real, and recorded.

When a build is recorded again under the same question (an input changed), the kept files
only the old answer used are deleted: the folder holds about one kit per question.

Only a plain build is answered this way (not ``--watch``, ``serve`` or a build whose kit has
errors, that could not read a file, that printed while writing or that wrote nothing), and
only from a usable cache folder. Every kept file passes the checks of
:mod:`generator.keep.entries` before it is used; one that fails is a miss.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import marshal
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import Any, TextIO

import generator
from generator.commands.build_scope import (
    BuildResult,
    Selection,
    replaced,
    report_written,
    sheets_to_absorb,
)
from generator.commands.output_folder import MANIFEST, OutputFolder, open_output
from generator.keep import input_trace
from generator.keep.cache_folder import cache_folder
from generator.keep.entries import read_entry, write_entry
from generator.paper.output import ManifestEntry

FORMAT = "paddock-build-replay-1"
# Options that change where the files go or how they are made, never what they hold.
_PLACE_AND_PACE = frozenset({"run", "output", "workers", "debug", "rebuild"})


def replay(args: argparse.Namespace) -> int | None:
    """Answer the build from the cache folder (see above): its exit code, or None when it
    must be built for real."""
    answer = _answer(question(args))
    if answer is None:
        return None
    blobs = [_blob(digest) for digest in answer["blobs"]]
    if any(blob is None for blob in blobs):
        return None
    written = [ManifestEntry(**entry) for entry in answer["written"]]
    only = answer["only"]
    selection = Selection(None if only is None else frozenset(only), answer["stickers"])
    result = BuildResult(written=written)
    try:
        with open_output(args.output, _announce) as folder:
            if sheets_to_absorb(folder.earlier_entries(), written, selection):
                raise _Unanswered  # a real build packs an earlier build's sheets again
            sys.stderr.write(answer["before"])
            _replay_into(folder, result, selection, blobs)
    except _Unanswered:
        return None
    result.manifest = args.output / MANIFEST
    sys.stderr.write(answer["after"])
    report_written(args.output, result, False)
    return int(answer["code"])


class _Unanswered(Exception):
    """The output folder holds what makes this build differ from the recorded one."""


def _replay_into(folder: OutputFolder, result: BuildResult, selection: Selection,
                 blobs: list[bytes | None]) -> None:
    """Write the recorded files into ``folder``, and its manifest."""
    written = result.written
    folder.check_paths([entry.path for entry in written] + [MANIFEST])
    _sort_earlier(folder, result, selection)
    for entry, blob in zip(written, blobs, strict=True):
        folder.write(entry.path, _writer(blob))
    listed = sorted(result.written + result.kept, key=lambda e: e.path)
    folder.commit({"files": [asdict(e) for e in listed]},
                  keep={entry.path for entry in result.kept})


def _writer(data: bytes | None) -> Callable[[Path], int]:
    return lambda path: path.write_bytes(data or b"")


def _sort_earlier(folder: OutputFolder, result: BuildResult, selection: Selection) -> None:
    """An earlier build's files: kept, or replaced (and removed if not written again), as
    :func:`generator.commands.build.build` decides."""
    new_paths = {entry.path for entry in result.written}
    for entry in folder.earlier_entries():
        if not replaced(entry, result.written, selection):
            result.kept.append(entry)
        elif entry.path not in new_paths:
            result.removed.append(entry.path)


def _announce(message: str) -> None:
    print(f"paddock: {message}", file=sys.stderr)


def _answer(key: str) -> dict[str, Any] | None:
    """The answer kept for ``key`` when every input it recorded is unchanged, else None."""
    raw = read_entry(_folder() / f"{key}.marshal")
    if raw is None:
        return None
    try:
        answer = marshal.loads(raw)
        if not isinstance(answer, dict) or answer.get("format") != FORMAT:
            return None
    except (EOFError, ValueError, TypeError):
        return None
    return answer if input_trace.unchanged(answer["trace"]) else None


def _blob(digest: str) -> bytes | None:
    data = read_entry(_folder() / f"{digest}.bin")
    return data if data is not None and _digest(data) == digest else None


def _folder() -> Path:
    return cache_folder() / "builds"


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _forget_blobs(replaced: Path, keep: set[str]) -> None:
    """Delete the kept files of the answer ``replaced`` that the new one does not use, so
    the cache folder holds about one kit per question, not one per save. Another question's
    answer may have used one of them too: it then builds for real once, never wrongly."""
    raw = read_entry(replaced)
    try:
        old = marshal.loads(raw) if raw is not None else None
        blobs = set(old["blobs"]) if isinstance(old, dict) else set()
    except (EOFError, ValueError, TypeError, KeyError):
        return
    for digest in blobs - keep:
        with contextlib.suppress(OSError):
            (_folder() / f"{digest}.bin").unlink()


# --- the question ---------------------------------------------------------------------

def question(args: argparse.Namespace) -> str:
    """The digest that names a build's answer (see the module's docstring)."""
    digest = hashlib.blake2b(digest_size=16)
    options = {name: value for name, value in vars(args).items() if name not in _PLACE_AND_PACE}
    for part in (FORMAT, sys.version, sys.executable, os.getcwd(), _canonical(options)):
        digest.update(repr(part).encode("utf-8", "surrogateescape") + b"\0")
    digest.update(code_signature())
    return digest.hexdigest()


def _canonical(value: object) -> object:
    """``value`` as a repr that is the same in every run (sets sorted, paths as text)."""
    if isinstance(value, dict):
        return sorted((str(k), _canonical(v)) for k, v in value.items())
    if isinstance(value, (set, frozenset)):
        return sorted((_canonical(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    return repr(value)


def code_signature() -> bytes:
    """Paddock's code (each file of the package by path, size and modification time) and
    the installed libraries (their distributions' names, which carry the versions)."""
    digest = hashlib.blake2b(digest_size=16)
    package = os.path.dirname(os.path.abspath(generator.__file__))
    for root, folders, files in os.walk(package):
        folders[:] = sorted(f for f in folders if f != "__pycache__")
        for name in sorted(files):
            path = os.path.join(root, name)
            found = os.stat(path)
            digest.update(f"{path}\0{found.st_size}\0{found.st_mtime_ns}\n".encode(
                "utf-8", "surrogateescape"))
    for place in sys.path:
        if os.path.basename(place) in ("site-packages", "dist-packages"):
            try:
                names = sorted(n for n in os.listdir(place)
                               if n.endswith((".dist-info", ".egg-info", ".pth")))
            except OSError:
                continue
            digest.update(repr((place, names)).encode("utf-8", "surrogateescape"))
    return digest.digest()


# --- recording --------------------------------------------------------------------------

class Recording:
    """A real build being recorded: its reads, what it prints, what it writes."""

    def __init__(self, args: argparse.Namespace, trace: input_trace.Trace) -> None:
        self.args = args
        self.trace = trace
        self.err, self.out = _Tee(sys.stderr), _Tee(sys.stdout)
        self.before: str | None = None
        self.during: str | None = None
        self.result: BuildResult | None = None
        self.selection: Selection | None = None

    def building(self) -> None:
        """The build starts writing: what was printed so far is about the input."""
        self.before = self.err.text()

    def built(self, result: BuildResult, selection: Selection) -> None:
        """The build has written ``result``."""
        self.during = self.err.text()[len(self.before or ""):]
        self.result, self.selection = result, selection

    def finish(self, code: int) -> int:
        """The build's exit code; keep its answer when it can be replayed."""
        input_trace.stop()
        self.err.release()
        self.out.release()
        try:
            answer = self._answer(code)
        except OSError:
            answer = None
        if answer is not None:
            key = question(self.args)
            _forget_blobs(_folder() / f"{key}.marshal", keep=set(answer["blobs"]))
            write_entry(_folder() / f"{key}.marshal", marshal.dumps(answer))
        return code

    def _answer(self, code: int) -> dict[str, Any] | None:
        result, selection = self.result, self.selection
        if (result is None or selection is None or result.manifest is None or self.during
                or result.absorbed or result.doubled  # it depended on the folder's sheets
                or not self.trace.complete or self.before is None or code not in (0, 1)):
            return None
        shown = io.StringIO()
        report_written(self.args.output, result, False, to=shown)
        if self.out.text() != shown.getvalue():  # it printed something a replay would not
            return None
        blobs = []
        for entry in result.written:
            data = (self.args.output / entry.path).read_bytes()
            blobs.append(_digest(data))
            if not (_folder() / f"{blobs[-1]}.bin").is_file():
                write_entry(_folder() / f"{blobs[-1]}.bin", data)
        return {
            "format": FORMAT, "trace": self.trace.record(), "code": code,
            "before": self.before, "after": self.err.text()[len(self.before):],
            "written": [asdict(entry) for entry in result.written], "blobs": blobs,
            "only": None if selection.only is None else sorted(selection.only),
            "stickers": selection.dice_stickers,
        }


@contextmanager
def recording(args: argparse.Namespace) -> Iterator[Recording]:
    """Record the build run inside (see :class:`Recording`); ``finish`` it with its code."""
    target = OutputFolder(args.output)
    trace = input_trace.Trace([
        os.path.dirname(os.path.abspath(generator.__file__)), sys.prefix, sys.base_prefix,
        sys.exec_prefix, cache_folder(), "/proc", "/dev", "/sys", target.target,
        target.staging, target.previous, target.lock_path])
    record = Recording(args, trace)
    input_trace.start(trace)
    try:
        yield record
    finally:
        input_trace.stop()
        record.err.release()
        record.out.release()


class _Tee:
    """An output stream that keeps a copy of what is written to it while it stands in for
    ``sys.stdout`` or ``sys.stderr``."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.parts: list[str] = []
        self.name = "stderr" if stream is sys.stderr else "stdout"
        setattr(sys, self.name, self)

    def write(self, text: str) -> int:
        self.parts.append(text)
        return self.stream.write(text)

    def text(self) -> str:
        return "".join(self.parts)

    def release(self) -> None:
        if getattr(sys, self.name) is self:
            setattr(sys, self.name, self.stream)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)
