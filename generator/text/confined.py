"""Reading a ``--templates`` folder that a stranger may have written (a tarball, a repository).

Every file Paddock reads from such a folder (a template, an included file, ``icons.yaml``) is
read through :func:`read_confined`: its real path must lie inside the folder's real path (a
symbolic link may point elsewhere in the folder, never out of it: a link to ``~/.ssh/id_rsa``
would otherwise print the key on a licence), it must be a regular file (a FIFO would hang the
command, a device would be read for ever) and at most :data:`MAX_FILE_BYTES` long. Template
text must be UTF-8; a byte that is not is reported at its line and column.
"""

from __future__ import annotations

import os
import posixpath
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import jinja2
from jinja2.loaders import split_template_path

from generator.errors import TemplateError

MAX_FILE_BYTES = 1_000_000
"""The largest file a templates folder may hold for Paddock to read (ours are under 15 kB)."""


def read_confined(folder: Path, path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path``, a file inside ``folder``; :class:`TemplateError` (exit 2) when
    it resolves outside the folder, is not a regular file or is larger than ``limit``."""
    try:
        real_folder = os.path.realpath(folder, strict=True)
        real = os.path.realpath(path, strict=True)
    except OSError as exc:  # a link loop, a name too long, a link to nothing
        raise TemplateError(f"{path}: cannot be read ({exc.strerror})") from exc
    if os.path.commonpath([real_folder, real]) != real_folder:
        raise TemplateError(f"{path}: a symbolic link out of the templates folder {folder} "
                            f"(to {real}); Paddock reads only files inside it")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(real, flags)
    except OSError as exc:
        raise TemplateError(f"{path}: cannot be read ({exc.strerror})") from exc
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise TemplateError(f"{path}: not a regular file; a templates folder holds "
                                "only files and folders")
        if info.st_size > limit:
            raise TemplateError(f"{path}: {info.st_size:,} bytes; a file in a templates "
                                f"folder may have at most {limit:,}")
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise TemplateError(f"{path}: cannot be read ({exc.strerror})") from exc
    finally:
        os.close(descriptor)
    if len(data) > limit:
        raise TemplateError(f"{path}: more than {limit:,} bytes; a file in a templates folder "
                            f"may have at most {limit:,}")
    return data


def utf8_text(path: Path | str, data: bytes) -> str:
    """``data`` as text; a byte that is not UTF-8 is an error at its line and column."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[:exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        raise TemplateError(f"{path}:{line}:{column}: byte 0x{data[exc.start]:02x} is not "
                            "UTF-8 text; save the file as UTF-8") from exc


class ConfinedLoader(jinja2.BaseLoader):
    """Jinja's file-system loader, reading each template through :func:`read_confined`:
    the first folder of the search path that has the name wins."""

    def __init__(self, search_path: list[Path]) -> None:
        self.search_path = search_path

    def get_source(self, environment: jinja2.Environment, template: str
                   ) -> tuple[str, str, Callable[[], bool]]:
        pieces = split_template_path(template)
        for folder in self.search_path:
            path = Path(posixpath.join(str(folder), *pieces))
            try:
                found = os.path.lexists(path)
            except (OSError, ValueError):
                found = False
            if not found:
                continue
            source = utf8_text(path, read_confined(folder, path))
            return source, os.path.normpath(path), lambda: True
        raise jinja2.TemplateNotFound(template)


def readable_files(folder: Path) -> Iterator[tuple[str, bytes]]:
    """Every file of ``folder`` a :class:`ConfinedLoader` could read (relative name, bytes),
    in a stable order; nothing else is read (a 2 GB file or a FIFO is passed over).

    Sub-folders reached through a symbolic link count when the link stays inside the folder,
    as the loader would read through them; a link out of it, or back up into a folder
    already walked (a loop), is passed over."""
    for here in _folders(folder):
        try:
            names = sorted(entry.name for entry in os.scandir(here) if _is_file_entry(entry))
        except OSError:
            continue
        for name in names:
            path = here / name
            try:
                data = read_confined(folder, path)
            except TemplateError:
                continue
            yield str(path.relative_to(folder)), data


def _folders(folder: Path) -> Iterator[Path]:
    """``folder`` and every folder below it by name, links included, each real folder once
    and none outside ``folder``'s real path, in a stable (sorted, depth-first) order."""
    try:
        root = os.path.realpath(folder, strict=True)
    except (OSError, ValueError):
        return
    seen: set[str] = set()
    waiting = [folder]
    while waiting:
        here = waiting.pop()
        try:
            real = os.path.realpath(here, strict=True)
        except (OSError, ValueError):
            continue
        if real in seen or os.path.commonpath([root, real]) != root:
            continue
        seen.add(real)
        yield here
        try:
            below = sorted(entry.name for entry in os.scandir(here) if _is_folder_entry(entry))
        except OSError:
            continue
        waiting.extend(here / name for name in reversed(below))


def _is_folder_entry(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=True)
    except OSError:
        return False


def _is_file_entry(entry: os.DirEntry[str]) -> bool:
    try:
        return not entry.is_dir(follow_symlinks=True)
    except OSError:
        return True  # a dangling link or a loop: read_confined passes over it
