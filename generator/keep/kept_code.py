"""The methods Python writes for Paddock's dataclasses, compiled once and kept between runs.

Before Python 3.13, ``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__``,
``__hash__`` and (frozen) ``__setattr__`` and ``__delattr__`` as source text and compiles
each one with ``exec``: about 1,300 compilations for Paddock's 225 classes, 89 ms of every
command's start-up (a fifth of ``paddock check``). The same text always compiles to the same
code, so :func:`keep_compiled_dataclasses` keeps the compiled code in the cache folder, as
Python keeps a module's in ``__pycache__``: the store's name carries the interpreter's
bytecode magic number, and an entry's key is a 128-bit digest of the whole text, so a
changed class compiles afresh and nothing stale is ever run. Entries stay marshalled until
a class asks for one (a build's memory holds 1.3 MB of them, not 3.4 MB of code objects).

Only the ``exec`` that the :mod:`dataclasses` module itself calls is replaced, and only for
classes defined in Paddock's own modules; everything else is compiled as before.

Kept code is run, so it is kept only behind the cache folder's checks: the folder is used
only when no one but this user (or root) can write in it or above it, and the store's file
is read only when it is a regular file of this user whose BLAKE2b digest matches (see
:mod:`generator.keep.entries`): a damaged file is compiled afresh, never run, and a planted
one needs the user's own rights. Measured with ``bench/kept_code.py`` (11 whole processes
each, medians, on a 2-core machine shared with other work): it saves 54 ms CPU (162 ms wall)
of ``paddock check`` and 71 ms CPU (146 ms wall) of ``paddock build`` of the default kit.
"""

from __future__ import annotations

import builtins
import dataclasses
import hashlib
import importlib.util
import marshal
import sys
from types import CodeType
from typing import Any

from generator.keep.kept_store import KeptStore, named_for_code

_PACKAGE = __name__.partition(".")[0]
_FORMAT = (f"paddock-code-2 {sys.implementation.cache_tag} "
           f"{importlib.util.MAGIC_NUMBER.hex()} {sys.version}")


# Paddock makes about 1,300 methods; room for those of an edited class besides. The file is
# named by the interpreter's name, magic number and version: each reads its own.
CODE: KeptStore[bytes, bytes] = KeptStore(lambda: named_for_code("dataclass-code", _FORMAT, []),
                                          most_entries=2048)


def keep_compiled_dataclasses() -> None:
    """From now on, dataclasses defined in Paddock's modules reuse their methods' compiled
    code from the runs before (idempotent)."""
    dataclasses.exec = _exec_kept  # type: ignore[attr-defined]  # shadows the builtin there only


def _exec_kept(source: Any, globals: dict[str, Any] | None = None,  # noqa: A002 - exec's names
               locals: dict[str, Any] | None = None) -> None:  # noqa: A002
    """``exec`` as :mod:`dataclasses` calls it, with the compiled code of a Paddock class's
    method text kept between runs."""
    if not isinstance(source, str):
        builtins.exec(source, globals, locals)  # noqa: S102
        return
    if globals is None or str(globals.get("__name__", "")).partition(".")[0] != _PACKAGE:
        # Compiled here, ``exec`` would take this module's ``from __future__`` flags (string
        # annotations); :mod:`dataclasses` has none, so neither does the code it makes.
        builtins.exec(compile(source, "<string>", "exec", dont_inherit=True),  # noqa: S102
                      globals, locals)
        return
    key = hashlib.blake2b(source.encode(), digest_size=16).digest()
    kept = CODE.get(key)
    code: CodeType | None = None
    if kept is not None:
        try:
            code = marshal.loads(kept)
        except (EOFError, ValueError, TypeError):  # damaged: compiled again below
            code = None
    if not isinstance(code, CodeType):
        code = compile(source, "<string>", "exec", dont_inherit=True)
        CODE.put(key, marshal.dumps(code))
    builtins.exec(code, globals, locals)  # noqa: S102 - dataclasses' own generated methods
