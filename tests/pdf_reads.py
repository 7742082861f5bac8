"""What the paper tests read back out of a PDF, read once per suite run for each distinct
file. Those tests check the same builds of the default kit (``kit_build``) over and over,
and every xdist worker makes its own, byte for byte the same (tests/paper/
test_reproducible.py): parsing the pages with pdfplumber, not the checks, is most of their
time. A read is kept under the file's content hash in a folder all the workers of the run
share (set by conftest's ``shared_reads`` fixture), so a file written again, or changed, is
read afresh and an unchanged one is parsed by one worker, once."""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

FOLDER: list[Path] = []  # the run's shared folder, once the session has begun


def shared_read(kind: str, path: Path, read: Callable[[Path], T]) -> T:
    """``read(path)``, or what a worker of this run kept of it under ``kind`` (the reader:
    one name for each read function) for a file of the same bytes."""
    if not FOLDER:
        return read(path)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    kept = FOLDER[0] / f"{kind}-{digest}.pickle"
    try:
        value: T = pickle.loads(kept.read_bytes())
        return value
    except FileNotFoundError:
        pass
    value = read(path)
    partial = kept.with_name(f"{kept.name}.{os.getpid()}")
    partial.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    partial.replace(kept)  # whole or absent: another worker may be reading it
    return value
