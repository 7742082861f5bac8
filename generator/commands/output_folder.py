"""The output folder as a transaction: a build switches in a complete new set, or nothing.

A build writes every file into a staging folder beside the output folder, then switches it in
with one atomic exchange of the two folders (Linux ``renameat2(RENAME_EXCHANGE)``; elsewhere
two renames, undone by the next build if it was killed between them). So whenever a build is
killed, the output folder holds either the complete old set with its manifest or the complete
new one.

Paddock owns what an earlier Paddock build wrote there (the files ``manifest.json`` lists)
and nothing else: files it did not write are carried into the new folder as hard links
(symbolic links as links, never followed), so they survive untouched. Of the files an earlier
build wrote, those the caller keeps (``commit(keep=...)``: another game's sheets, say) are
carried the same way; the others are gone. A lock file beside the folder makes a second build
into the same folder wait for the first.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import shutil
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import IO, Any, TypeVar

from generator.errors import OutputError
from generator.paper.output import ManifestEntry

T = TypeVar("T")

MANIFEST = "manifest.json"
MANIFEST_FORMAT = "paddock-manifest-1"
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


class OutputFolder:
    """One build's hold on its output folder: lock, staging, and the switch."""

    def __init__(self, out_dir: Path) -> None:
        self.target = Path(os.path.realpath(out_dir))
        self.parent, self.name = self.target.parent, self.target.name
        self.staging = self.parent / f".{self.name}.paddock-staging"
        self.previous = self.parent / f".{self.name}.paddock-previous"
        self.lock_path = self.parent / f".{self.name}.paddock-lock"
        self.owned: set[str] = set()
        self.entries: list[dict[str, Any]] = []

    # --- before writing --------------------------------------------------------------

    def prepare(self) -> None:
        """Recover from a killed build, read what Paddock owns here, start a clean staging
        folder. Call with the lock held."""
        if self.previous.exists() and not self.target.exists():
            os.rename(self.previous, self.target)  # killed between the fallback's renames
        for leftover in (self.staging, self.previous):
            try:
                remove_tree(leftover)
            except OSError as exc:
                raise OutputError(f"cannot remove {leftover}, left by an earlier build "
                                  f"({exc.strerror}); remove it by hand") from exc
        if self.target.exists() and not self.target.is_dir():
            raise OutputError(f"{self.target} is a file, not a folder; choose another output")
        self.owned = read_owned(self.target)
        stuck = unwritable_folders(self.target) if self.target.is_dir() else []
        if stuck:
            raise OutputError(f"{stuck[0]} cannot be written (nor made writable) by you; a "
                              "new build replaces the old one's files there: make it writable "
                              "or choose another output folder")
        self.entries = read_entries(self.target, self.owned)
        try:
            self.staging.mkdir(mode=0o777)
        except OSError as exc:
            raise OutputError(f"cannot write beside {self.target} (a staging folder goes "
                              f"next to it): {exc.strerror}") from exc

    def check_paths(self, paths: Iterable[str]) -> None:
        """Refuse, before anything is written, to replace a file Paddock did not write or to
        write through a symbolic link or a file where a folder must be."""
        for relative in paths:
            parts = PurePosixPath(relative).parts
            for depth in range(1, len(parts) + 1):
                here = "/".join(parts[:depth])
                found = self.target / here
                if not os.path.lexists(found):
                    break
                if depth < len(parts):
                    if found.is_symlink() or not found.is_dir():
                        raise OutputError(f"{found} is in the way of {relative} (Paddock "
                                          "never writes through a symbolic link); move it")
                elif here not in self.owned or found.is_dir() and not found.is_symlink():
                    raise OutputError(
                        f"{found} was not written by Paddock (it is not in {MANIFEST}); move "
                        "it away or choose another output folder")

    def earlier_entries(self) -> list[ManifestEntry]:
        """The files the earlier build's manifest lists (and that are still there), each as
        that manifest describes it; an entry in an older or hand-edited form is left out, so
        its file goes like any file this build does not keep."""
        found = []
        for entry in self.entries:
            try:
                found.append(ManifestEntry(**entry))
            except TypeError:
                continue
        return [e for e in found if os.path.lexists(self.target / e.path)]

    # --- writing ---------------------------------------------------------------------

    def write(self, relative: str, produce: Callable[[Path], T]) -> T:
        """Call ``produce(path)`` for a path inside the staging folder."""
        path = self.staging / relative
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            result = produce(path)
        except OSError as exc:
            raise OutputError(f"cannot write {self.target / relative}: {exc.strerror}") from exc
        return result

    def commit(self, manifest: dict[str, Any], keep: Iterable[str] = ()) -> Path:
        """Write the manifest, carry the files Paddock does not own and those of an earlier
        build it keeps (``keep``), switch the folders."""
        (self.staging / MANIFEST).write_text(
            json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        if self.target.exists():
            carry_foreign(self.target, self.staging, self.owned - set(keep))
            copy_mode(self.target, self.staging)
            switch(self.staging, self.target, self.previous)
            with contextlib.suppress(OSError):  # in place; the next build clears it away
                remove_tree(self.staging)  # the old set, now behind the new one
        else:
            os.chmod(self.staging, 0o777 & ~current_umask())
            os.rename(self.staging, self.target)
        return self.target / MANIFEST

    def abandon(self) -> None:
        """Drop a build that failed: the output folder was never touched."""
        remove_tree(self.staging)


@contextmanager
def open_output(out_dir: Path, announce: Callable[[str], None] | None = None
                ) -> Iterator[OutputFolder]:
    """Lock ``out_dir`` and yield it ready to write; a failure leaves it as it was. A target
    that is not a folder is refused before anything (the lock file) is made beside it."""
    folder = OutputFolder(out_dir)
    refuse_non_folder(folder.target)
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        handle = open_lock(folder.lock_path)
    except OSError as exc:
        raise OutputError(f"cannot write into {folder.parent}: {exc.strerror}") from exc
    try:
        lock(handle, folder.target, announce)
        folder.prepare()
        try:
            yield folder
        except BaseException:
            folder.abandon()
            raise
    finally:
        handle.close()  # releases the lock


def refuse_non_folder(target: Path) -> None:
    """Refuse an output that exists and is not a folder (a file, a device, a FIFO)."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return
    except OSError as exc:  # a link loop, a name too long
        raise OutputError(f"cannot write into {target}: {exc.strerror}") from exc
    if not stat.S_ISDIR(info.st_mode):
        raise OutputError(f"{target} is not a folder; choose another output folder")


def open_lock(path: Path) -> IO[bytes]:
    """The lock file beside the output folder, opened without following a symbolic link
    at its name (a link planted there would make the build create its target) and only
    if it is a regular file."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags | getattr(os, "O_NONBLOCK", 0), 0o666)
    except OSError as exc:
        if os.path.islink(path):
            raise OutputError(f"{path} (the build's lock file) is a symbolic link; Paddock "
                              "never follows one there: remove it") from exc
        raise
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise OutputError(f"{path} (the build's lock file) is not a regular file; remove it")
    return os.fdopen(descriptor, "r+b")


def lock(handle: IO[bytes], target: Path, announce: Callable[[str], None] | None) -> None:
    """Take the build lock, saying so when another build holds it and we wait."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no advisory locks; builds not serialised
        return
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        if announce is not None:
            announce(f"another paddock build is writing into {target}; waiting for it to "
                     "finish (Ctrl-C to stop)")
        fcntl.flock(handle, fcntl.LOCK_EX)


def read_owned(target: Path) -> set[str]:
    """The files an earlier build wrote, from its manifest; none if there is none."""
    manifest = target / MANIFEST
    if not manifest.is_file() or manifest.is_symlink():
        return set()
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
        paths = {str(entry["path"]) for entry in data["files"]}
    except (OSError, ValueError, KeyError, TypeError):
        return set()
    return {p for p in paths if safe_relative(p)} | {MANIFEST}


def read_entries(target: Path, owned: set[str]) -> list[dict[str, Any]]:
    """The earlier manifest's entries whose paths stay inside the folder."""
    try:
        data = json.loads((target / MANIFEST).read_text(encoding="utf-8"))
        entries = [dict(entry) for entry in data["files"]]
    except (OSError, ValueError, KeyError, TypeError):
        return []
    return [entry for entry in entries if str(entry.get("path")) in owned]


def safe_relative(path: str) -> bool:
    """A manifest path that stays inside the folder (a hand-edited manifest cannot make a
    build delete anything outside it)."""
    pure = PurePosixPath(path)
    return bool(pure.parts) and not pure.is_absolute() and ".." not in pure.parts


def carry_foreign(old: Path, new: Path, owned: set[str]) -> None:
    """Hard-link every file in ``old`` that Paddock does not own into ``new`` (symbolic
    links copied as links), so the switch keeps them exactly as they were."""
    owned_folders = {str(parent) for path in owned for parent in PurePosixPath(path).parents}
    for entry in os.scandir(old):
        carry(entry, new / entry.name, entry.name, owned, owned_folders)


def carry(entry: os.DirEntry[str], destination: Path, relative: str, owned: set[str],
          owned_folders: set[str]) -> None:
    """Carry one entry (recursively for a real folder) unless Paddock owns it."""
    if entry.is_symlink():
        if relative not in owned and not os.path.lexists(destination):
            destination.parent.mkdir(parents=True, exist_ok=True)
            os.symlink(os.readlink(entry.path), destination)
        return
    if entry.is_dir(follow_symlinks=False):
        children = list(os.scandir(entry.path))
        if relative not in owned_folders or destination.exists():
            destination.mkdir(exist_ok=True)
        for child in children:
            carry(child, destination / child.name, f"{relative}/{child.name}", owned,
                  owned_folders)
        if destination.exists():  # its permissions last: a read-only one is filled first
            copy_mode(Path(entry.path), destination)
        return
    if relative in owned or is_stale_part(entry.name):
        return
    destination.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(entry.path, destination, follow_symlinks=False)
    except OSError as exc:
        raise OutputError(f"cannot keep {entry.path} while switching in the new build "
                          f"({exc.strerror}); move it out of the output folder") from exc


def is_stale_part(name: str) -> bool:
    """A temporary file of an older Paddock killed while writing (``.cards.pdf.x1y2.part``)."""
    return name.startswith(".") and name.endswith(".part")


def switch(staging: Path, target: Path, previous: Path) -> None:
    """Put ``staging`` where ``target`` is, atomically where the system can."""
    if exchange(staging, target):
        return
    os.rename(target, previous)  # killed here: the next build renames it back
    os.rename(staging, target)
    os.rename(previous, staging)


def exchange(first: Path, second: Path) -> bool:
    """Swap two folders in one step (Linux); False where the system cannot."""
    if not sys.platform.startswith("linux"):
        return False
    libc = ctypes.CDLL(None, use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is None:
        return False
    status = renameat2(_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second),
                       _RENAME_EXCHANGE)
    return bool(status == 0)


def copy_mode(source: Path, destination: Path) -> None:
    """Give the new folder the permissions the old one had."""
    os.chmod(destination, os.stat(source).st_mode & 0o7777)


def current_umask() -> int:
    """The process umask (read by setting and restoring it)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def remove_tree(path: Path) -> None:
    """Remove one of our own staging folders (never following links out of it). A folder in
    it left read-only (an old build's, switched out) is made writable first, so a failed
    or finished build never leaves behind a staging folder that blocks the next one."""
    if path.is_symlink():
        path.unlink()
    elif path.exists():
        def writable_again(func: Callable[..., Any], name: str, info: Any) -> None:
            parent = os.path.dirname(name)
            os.chmod(parent, os.stat(parent).st_mode | 0o700)
            if func is os.open or func is os.scandir:
                os.chmod(name, os.stat(name).st_mode | 0o700)
                shutil.rmtree(name, onerror=writable_again)
            else:
                func(name)

        shutil.rmtree(path, onerror=writable_again)


def unwritable_folders(target: Path) -> list[str]:
    """The folders in ``target``'s tree (itself included) this process can neither write
    nor make writable: switching the new build in would leave the old set stuck there."""
    stuck: list[str] = []
    uid = os.geteuid() if hasattr(os, "geteuid") else None
    for here, folders, _ in os.walk(target):
        try:
            info = os.stat(here, follow_symlinks=False)
        except OSError:
            continue
        if not os.access(here, os.W_OK | os.X_OK) and info.st_uid != uid:
            stuck.append(here)
        folders[:] = [f for f in folders if not os.path.islink(os.path.join(here, f))]
    return stuck
