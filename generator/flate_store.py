"""The compressed streams of the PDFs, kept between runs.

Every page, form (a card face drawn once) and embedded font subset of a PDF is written
Flate-compressed, and a build compresses about 6 MB of them: a tenth of its time. The same
kit builds the same streams every time, so the compressed bytes are kept in the cache folder
(``~/.cache/paddock``) in one ``marshal`` file, keyed by a 128-bit BLAKE2 digest of the
uncompressed bytes: reading one back is a look-up, and the PDF written is byte for byte the
one compressing afresh gives (the file's name carries zlib's version, so another zlib never
mixes its output with ours). Streams under :data:`SMALLEST` bytes are compressed each time
(quicker than keeping them). The file is read on the first compression of a run and written
back at exit if anything was added; past :data:`MAX_BYTES` of kept streams only the ones this
run used are kept. Two runs at once may each write: the last one wins, never wrong.
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
MAX_BYTES = 48 * 1024 * 1024

_kept: dict[bytes, bytes] | None = None
_used: set[bytes] = set()
_added = False


def _path() -> Path:
    version = zlib.ZLIB_RUNTIME_VERSION.replace("/", "_")
    return cache_folder() / f"flate-1-zlib{version}.marshal"


def _load() -> dict[bytes, bytes]:
    global _kept
    if _kept is None:
        try:
            loaded = marshal.loads(_path().read_bytes())
        except (OSError, ValueError, EOFError, TypeError):
            loaded = {}
        _kept = loaded if isinstance(loaded, dict) else {}
    return _kept


def compress(data: bytes) -> bytes:
    """``zlib.compress(data)``, read back from the cache folder when an earlier run kept it."""
    if len(data) < SMALLEST:
        return zlib.compress(data)
    global _added
    kept = _load()
    key = hashlib.blake2b(data, digest_size=16).digest()
    packed = kept.get(key)
    if not isinstance(packed, bytes):
        packed = zlib.compress(data)
        kept[key] = packed
        if not _added:
            atexit.register(save)
        _added = True
    _used.add(key)
    return packed


def save() -> None:
    """Write the kept streams if this run added any (at exit; harmless to call twice)."""
    global _added
    if not _added or _kept is None:
        return
    kept = _kept
    if sum(len(v) for v in kept.values()) > MAX_BYTES:
        kept = {k: kept[k] for k in _used if k in kept}
    store_whole(_path(), kept)
    _added = False
