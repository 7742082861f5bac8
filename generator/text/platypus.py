"""ReportLab's paragraph machinery, imported without one slow step.

Importing ``reportlab.platypus`` compiles, among others, a case-insensitive pattern for web
addresses (``paragraph.uri_pat``) whose character ranges over most of Unicode take the
regular-expression compiler about 30 ms: an eighth of a whole ``paddock check``. ReportLab
uses it only to break a long web address across lines, which Paddock's text never asks for
(and where it would, the pattern is compiled then, on first use). Every Paddock module takes
``Paragraph`` and the entity names from here, so the import happens once, this way.
"""

from __future__ import annotations

import re
import sys
from typing import Any

_URI_PATTERN_START = "(^(?:[a-z0-9\\.\\-\\+]*)://)"


class LazyPattern:
    """A compiled pattern compiled when first used: ``match`` and the rest as usual."""

    def __init__(self, pattern: str, flags: int) -> None:
        self._source = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:
            self._compiled = re.compile(*self._source)
        return getattr(self._compiled, name)


def _import_platypus() -> None:
    """Import ``reportlab.platypus`` with the web-address pattern left to be compiled on
    first use (the real ``re.compile`` is back in place when this returns)."""
    if "reportlab.platypus.paragraph" in sys.modules:
        return
    real_compile = re.compile

    def compile_lazily(pattern: Any, flags: Any = 0) -> Any:
        if isinstance(pattern, str) and pattern.startswith(_URI_PATTERN_START):
            return LazyPattern(pattern, flags)
        return real_compile(pattern, flags)

    re.compile = compile_lazily
    try:
        import reportlab.platypus  # noqa: F401
    finally:
        re.compile = real_compile


_import_platypus()

from reportlab.platypus import Paragraph  # noqa: E402
from reportlab.platypus.paraparser import known_entities  # noqa: E402

__all__ = ["LazyPattern", "Paragraph", "known_entities"]
