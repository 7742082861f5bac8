"""The methods Python writes for Paddock's dataclasses, compiled once and kept between runs.

Before Python 3.13, ``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__``,
``__hash__`` and (frozen) ``__setattr__`` and ``__delattr__`` as source text and compiles
each one with ``exec``: about 1,300 compilations for Paddock's 225 classes, 89 ms of every
command's start-up (a fifth of ``paddock check``). The same text always compiles to the same
code, so :func:`keep_compiled_dataclasses` keeps the compiled code in the cache folder, as
Python keeps a module's in ``__pycache__``: the store's name carries the interpreter's
bytecode magic number, and an entry's key is the whole text, so a changed class compiles
afresh and nothing stale is ever run.

Only the ``exec`` that the :mod:`dataclasses` module itself calls is replaced, and only for
classes defined in Paddock's own modules; everything else is compiled as before.
"""

from __future__ import annotations

import builtins
import dataclasses
import hashlib
import importlib.util
import sys
from pathlib import Path
from types import CodeType
from typing import Any

from generator.kept_store import KeptStore
from generator.template_cache import cache_folder

_PACKAGE = __name__.partition(".")[0]
_FORMAT = f"{sys.implementation.cache_tag} {importlib.util.MAGIC_NUMBER.hex()} {sys.version}"


def _path() -> Path:
    """The interpreter's name, magic number and version name the file: each reads its own."""
    digest = hashlib.blake2b(_FORMAT.encode(), digest_size=8).hexdigest()
    return cache_folder() / f"dataclass-code-{digest}.marshal"


CODE: KeptStore[str, CodeType] = KeptStore(_path, most_entries=4096)


def keep_compiled_dataclasses() -> None:
    """From now on, dataclasses defined in Paddock's modules reuse their methods' compiled
    code from the runs before (idempotent)."""
    dataclasses.exec = _exec_kept  # type: ignore[attr-defined]  # shadows the builtin there only


def _exec_kept(source: Any, globals: dict[str, Any] | None = None,  # noqa: A002 - exec's names
               locals: dict[str, Any] | None = None) -> None:  # noqa: A002
    """``exec`` as :mod:`dataclasses` calls it, with the compiled code of a Paddock class's
    method text kept between runs."""
    if (isinstance(source, str) and globals is not None
            and str(globals.get("__name__", "")).partition(".")[0] == _PACKAGE):
        code = CODE.get(source)
        if code is None:
            code = compile(source, "<string>", "exec", dont_inherit=True)
            CODE.put(source, code)
        source = code
    builtins.exec(source, globals, locals)  # noqa: S102 - dataclasses' own generated methods
