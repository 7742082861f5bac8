"""Compiled templates kept between runs, so a command does not compile Jinja again each time.

Compiling the templates a check needs costs more than the rest of the check's own work.
Jinja's file cache stores each template's compiled code with a checksum of its source (an
edited template, ours or a user's, is compiled afresh). The folder's name also carries a
fingerprint of ``text.py`` and ``sandbox.py`` (where the environment's options, filters and
intercepted operators are set) and of the Jinja version, so code compiled under other options
is never reused. No cache when the
folder cannot be made: Paddock then compiles as before.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import jinja2
import jinja2.bccache

from generator.keep.cache_folder import cache_folder, make_private
from generator.keep.entries import MAGIC, read_entry, write_entry


def bytecode_cache(*environment_sources: Path) -> jinja2.BytecodeCache | None:
    """A file cache for an environment configured in ``environment_sources`` (the module
    that sets its options, and the sandbox whose operators compiled code calls), or None."""
    digest = hashlib.sha256(jinja2.__version__.encode() + MAGIC)
    for source in environment_sources:
        digest.update(source.read_bytes())
    fingerprint = digest.hexdigest()[:16]
    folder = cache_folder() / f"templates-{fingerprint}"
    try:
        make_private(folder)
    except OSError:
        return None
    return _MarkingBytecodeCache(str(folder))


class _MarkingBytecodeCache(jinja2.FileSystemBytecodeCache):
    """Jinja's file cache, its files read and written as every kept file is (see
    :mod:`generator.keep.entries`): compiled code is run only from a regular file of this
    user whose digest matches, so a damaged or planted file is compiled afresh, never run.
    Reading one marks it used (see :mod:`generator.keep.cache_folder`), and a command never
    fails for want of a place to keep one (the folder gone, the disk full)."""

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        content = read_entry(Path(self._get_cache_filename(bucket)))
        if content is not None:
            bucket.bytecode_from_string(content)  # Jinja's own checks: its magic, the source

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        write_entry(Path(self._get_cache_filename(bucket)), bucket.bytecode_to_string())
