"""One kept file of the cache folder, read and written the one way every store does.

The cache folder is a trust boundary, as ``~/.ssh`` is for ssh: Paddock uses it only when no
one else can write there (:func:`generator.keep.cache_folder.cache_folder`), and reads an
entry only when it passes every check below, before anything decodes it:

- it is a regular file (opened without following a link and without waiting: a FIFO or a
  link to ``/dev/zero`` in its place is passed over, never read), of this user or root;
- it is at most ``limit`` bytes (:data:`MOST_BYTES` unless the store says less);
- it starts with :data:`MAGIC` and a BLAKE2 digest of its own file name and the rest, and
  both match (a whole entry copied to another entry's name is as bad as a damaged one).

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
            # What the file says it holds (and a byte more, to see it did not grow): a read
            # of the cap itself would set aside the whole cap first.
            raw = handle.read(info.st_size + 1)
        if len(raw) > limit + len(MAGIC) + DIGEST_BYTES:
            return None
    except OSError:
        return None
    finally:
        os.close(descriptor)
    content = unframe(raw, path.name)
    if content is not None:
        mark_used(path)
    return content


def frame(content: bytes, name: str) -> bytes:
    """``content`` as it is kept in a file called ``name``: the format's mark, a digest of
    the name and the content, the content."""
    return MAGIC + _digest(content, name) + content


def unframe(raw: bytes, name: str) -> bytes | None:
    """The content of the bytes of a kept file called ``name``, or None when the mark or the
    digest does not match."""
    head = len(MAGIC) + DIGEST_BYTES
    if not raw.startswith(MAGIC) or len(raw) < head:
        return None
    content = raw[head:]
    if _digest(content, name) != raw[len(MAGIC):head]:
        return None
    return content


def _digest(content: bytes, name: str) -> bytes:
    digest = hashlib.blake2b(name.encode("utf-8", "surrogateescape") + b"\0",
                             digest_size=DIGEST_BYTES)
    digest.update(content)
    return digest.digest()


def write_entry(target: Path, content: bytes) -> None:
    """Keep ``content`` at ``target`` (framed for its name; see :func:`frame`), whole or not
    at all: a temporary file renamed into place over whatever is there. Folders it makes
    are private. Any failure only means nothing is kept."""
    try:
        make_private(target.parent)
        handle, temp = tempfile.mkstemp(dir=target.parent, prefix=".", suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(frame(content, target.name))
            os.replace(temp, target)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except (OSError, ValueError):
        return
