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

import contextlib
import hashlib
import marshal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from generator.keep.cache_folder import cache_folder
from generator.keep.entries import MAGIC, read_entry, write_entry

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_FORMAT = f"paddock-data-1 yaml {yaml.__version__} {_LOADER.__name__} marshal {marshal.version}"


def read_data(path: Path) -> Any:
    """The plain values in one packaged YAML file."""
    raw = path.read_bytes()
    return cached(raw, _FORMAT, lambda: yaml.load(raw.decode("utf-8"), Loader=_LOADER))  # noqa: S506


def cached(raw: bytes, kind: str, compute: Callable[[], Any]) -> Any:
    """``compute()``, the plain values read from a file whose bytes are ``raw``, kept
    between runs under a digest of ``kind`` (what was read and by which code) and the bytes.
    A kept entry is read only when it passes the checks of :func:`read_entry`, and only
    plain values (``marshal`` refuses code objects here), so a damaged entry is parsed
    afresh. An exception from ``compute`` is raised and nothing is kept."""
    target = entry_path(raw, kind)
    kept = read_entry(target)
    if kept is not None:
        try:
            return _plain(marshal.loads(kept))
        except (ValueError, EOFError, TypeError):
            pass  # not what this code writes: parsed again, and kept afresh below
    data = compute()
    with contextlib.suppress(ValueError):  # values marshal cannot hold: parsed every time
        write_entry(target, marshal.dumps(data))
    return data


def entry_path(raw: bytes, kind: str = _FORMAT) -> Path:
    """Where the values of a file whose bytes are ``raw`` are kept (``kind``: what read
    them, by which code; a packaged YAML file's by default)."""
    digest = hashlib.sha256(kind.encode() + b"\0" + MAGIC)
    digest.update(raw)
    return cache_folder() / "data" / f"{digest.hexdigest()[:32]}.marshal"


def _plain(value: Any) -> Any:
    """``value`` if it holds only plain data (no code object), else a TypeError."""
    if isinstance(value, dict):
        for key, item in value.items():
            _plain(key)
            _plain(item)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            _plain(item)
    elif not isinstance(value, str | bytes | int | float | complex | bool | type(None)):
        raise TypeError(f"not plain data: {type(value).__name__}")
    return value
