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
the next run finds room for what it needs). The store (:data:`STREAMS`, a
:class:`~generator.keep.kept_store.KeptStore`) holds at most :data:`MAX_BYTES` (what it read and
what this run added): a build of a thousand vehicles would otherwise hold every page it wrote
until exit, and its memory would grow with N; past that, streams are compressed as usual and
not kept.
"""

from __future__ import annotations

import hashlib
import zlib
from pathlib import Path

from generator.keep.cache_folder import cache_folder
from generator.keep.kept_store import KeptStore

SMALLEST = 4_096
MAX_BYTES = 2 * 1024 * 1024  # the default kit needs about 0.8 MB of them


def _path() -> Path:
    version = zlib.ZLIB_RUNTIME_VERSION.replace("/", "_")
    return cache_folder() / f"flate-2-zlib{version}.marshal"


STREAMS: KeptStore[bytes, bytes] = KeptStore(_path, most_bytes=MAX_BYTES)


def compress(data: bytes) -> bytes:
    """``zlib.compress(data)``, read back from the cache folder when an earlier run kept it."""
    if len(data) < SMALLEST:
        return zlib.compress(data)
    key = hashlib.blake2b(data, digest_size=16).digest()
    packed = STREAMS.get(key)
    if isinstance(packed, bytes):
        return packed
    packed = zlib.compress(data)
    STREAMS.put(key, packed)
    return packed
