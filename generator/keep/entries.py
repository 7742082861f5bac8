"""One kept file of the cache folder, read and written the one way every store does.

The cache folder is a trust boundary, as ``~/.ssh`` is for ssh: Paddock uses it only when no
one else can write there (:func:`generator.keep.cache_folder.cache_folder`), and reads an
entry only when it passes every check below, before anything decodes it:

- it is a regular file (opened without following a link and without waiting: a FIFO or a
  link to ``/dev/zero`` in its place is passed over, never read), of this user or root;
- it is at most ``limit`` bytes (:data:`MOST_BYTES` unless the store says less);
- it starts with :data:`MAGIC` and a BLAKE2 digest of the rest, and the rest matches it.

An entry that fails is a miss: the caller works its answer out again and writes the entry
afresh over it. So a flipped bit, a truncated file or a planted one is never unmarshalled,
unpickled or run; it only costs the work it would have saved. Writes go through a
temporary file renamed into place, so a reader never sees half an entry.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from pathlib import Path

from generator.keep.cache_folder import make_private, mark_used

MAGIC = b"paddock-entry-1\n"
"""What every kept file starts with (its format: change it and every old entry is a miss)."""
DIGEST_BYTES = 32
MOST_BYTES = 64 * 1024 * 1024
"""The largest kept file read back (the largest the default kit makes is about 1.5 MB)."""


def read_entry(path: Path, limit: int = MOST_BYTES) -> bytes | None:
    """The content kept at ``path`` when it passes every check (see above), else None; a
    file read is marked used (see :func:`generator.keep.cache_folder.mark_used`)."""
    flags = (os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
             | getattr(os, "O_CLOEXEC", 0))
    try:
        descriptor = os.open(path, flags)
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit + len(MAGIC) + DIGEST_BYTES:
            return None
        if hasattr(os, "geteuid") and info.st_uid not in (os.geteuid(), 0):
            return None
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            raw = handle.read(limit + len(MAGIC) + DIGEST_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(descriptor)
    content = unframe(raw)
    if content is not None:
        mark_used(path)
    return content


def frame(content: bytes) -> bytes:
    """``content`` as it is kept: the format's mark, its digest, itself."""
    return MAGIC + hashlib.blake2b(content, digest_size=DIGEST_BYTES).digest() + content


def unframe(raw: bytes) -> bytes | None:
    """The content of a kept file's bytes, or None when the mark or digest does not match."""
    head = len(MAGIC) + DIGEST_BYTES
    if not raw.startswith(MAGIC) or len(raw) < head:
        return None
    content = raw[head:]
    if hashlib.blake2b(content, digest_size=DIGEST_BYTES).digest() != raw[len(MAGIC):head]:
        return None
    return content


def write_entry(target: Path, content: bytes) -> None:
    """Keep ``content`` at ``target`` (framed; see :func:`frame`), whole or not at all: a
    temporary file renamed into place over whatever is there. Folders it makes are
    private. Any failure only means nothing is kept."""
    try:
        make_private(target.parent)
        handle, temp = tempfile.mkstemp(dir=target.parent, prefix=".", suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(frame(content))
            os.replace(temp, target)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except (OSError, ValueError):
        return
