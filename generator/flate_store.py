"""The compressed streams of the PDFs, kept between runs.

Every page, form (a card face drawn once) and embedded font subset of a PDF is written
Flate-compressed, and a build compresses about 6 MB of them: a tenth of its time. The same
kit builds the same streams every time, so the compressed bytes are kept in the cache folder
(``~/.cache/paddock``) in one ``marshal`` file, keyed by a 128-bit BLAKE2 digest of the
uncompressed bytes: reading one back is a look-up, and the PDF written is byte for byte the
one compressing afresh gives (the file's name carries zlib's version, so another zlib never
mixes its output with ours). Streams under :data:`SMALLEST` bytes are compressed each time
(quicker than keeping them). The file is read on the first compression of a run and written
back at exit if anything was added (or, when room ran out, with only what this run used, so
the next run finds room for what it needs). The store holds at most :data:`MAX_BYTES` (what
it read and what this run added): a build of a thousand vehicles would otherwise hold every
page it wrote until exit, and its memory would grow with N; past that, streams are
compressed as usual and not kept. Two runs at once may each write: the last one wins, never
wrong.
"""

from __future__ import annotations

import atexit
import hashlib
import marshal
import zlib
from pathlib import Path

from generator.data_yaml import store_whole
from generator.template_cache import cache_folder

SMALLEST = 4_096
MAX_BYTES = 4 * 1024 * 1024  # the default kit needs about 0.8 MB of them

_kept: dict[bytes, bytes] | None = None
_used: set[bytes] = set()
_added = False
_held = 0  # bytes of compressed streams in _kept
_refused = False  # a stream was not kept for want of room: drop the unused ones at exit


def _path() -> Path:
    version = zlib.ZLIB_RUNTIME_VERSION.replace("/", "_")
    return cache_folder() / f"flate-1-zlib{version}.marshal"


def _load() -> dict[bytes, bytes]:
    global _kept, _held
    if _kept is None:
        try:
            loaded = marshal.loads(_path().read_bytes())
        except (OSError, ValueError, EOFError, TypeError):
            loaded = {}
        _kept = loaded if isinstance(loaded, dict) else {}
        _held = sum(len(v) for v in _kept.values() if isinstance(v, bytes))
    return _kept


def compress(data: bytes) -> bytes:
    """``zlib.compress(data)``, read back from the cache folder when an earlier run kept it."""
    if len(data) < SMALLEST:
        return zlib.compress(data)
    global _added, _held, _refused
    kept = _load()
    key = hashlib.blake2b(data, digest_size=16).digest()
    packed = kept.get(key)
    if isinstance(packed, bytes):
        _used.add(key)
        return packed
    packed = zlib.compress(data)
    if not (_added or _refused):
        atexit.register(save)
    if _held + len(packed) <= MAX_BYTES:
        kept[key] = packed
        _held += len(packed)
        _used.add(key)
        _added = True
    else:
        _refused = True
    return packed


def save() -> None:
    """Write the kept streams if this run added any (at exit; harmless to call twice)."""
    global _added, _refused
    if not (_added or _refused) or _kept is None:
        return
    kept = {k: _kept[k] for k in _used if k in _kept} if _refused else _kept
    store_whole(_path(), kept)
    _added = _refused = False
