"""Paddock's own packaged data files (rules, catalogues, axes, legends), read fast.

These files ship with the package and never carry user positions, so they go through
libyaml's C loader where PyYAML has it (several times faster than the pure-Python one, the
same values for our files) rather than ``source.py``'s position-keeping loader.

Parsed values are also kept between runs in the cache folder (``~/.cache/paddock``), in
``marshal`` form, under a name made from a digest of the file's bytes and the PyYAML version
and loader: an edited file, or another PyYAML, has another name and is parsed afresh, so a
stale entry can never be read. Reading a cached file costs a tenth of parsing it. Without a
cache folder (or for values marshal cannot hold) Paddock simply parses.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from generator.keep.cache_folder import cache_folder, mark_used

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_FORMAT = f"paddock-data-1 yaml {yaml.__version__} {_LOADER.__name__} marshal {marshal.version}"


def read_data(path: Path) -> Any:
    """The plain values in one packaged YAML file."""
    raw = path.read_bytes()
    return cached(raw, _FORMAT, lambda: yaml.load(raw.decode("utf-8"), Loader=_LOADER))  # noqa: S506


def cached(raw: bytes, kind: str, compute: Callable[[], Any]) -> Any:
    """``compute()``, the plain values read from a file whose bytes are ``raw``, kept
    between runs under a digest of ``kind`` (what was read and by which code) and the bytes.
    An exception from ``compute`` is raised and nothing is kept."""
    digest = hashlib.sha256(kind.encode() + b"\0")
    digest.update(raw)
    target = cache_folder() / "data" / f"{digest.hexdigest()[:32]}.marshal"
    try:
        kept = marshal.loads(target.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        pass  # not there yet (or unreadable): compute, and store for the next run
    else:
        mark_used(target)
        return kept
    data = compute()
    store_whole(target, data)
    return data


def store_whole(target: Path, data: Any, raw_bytes: bool = False) -> None:
    """Write ``data`` to ``target`` whole or not at all (a temporary file renamed into
    place), so a reader never sees half a file; any failure only means no cache."""
    try:
        content = data if raw_bytes else marshal.dumps(data)
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=target.parent, prefix=".", suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(content)
            os.replace(temp, target)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except (OSError, ValueError):
        return
