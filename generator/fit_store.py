"""The outcome of fitting each text, kept between runs.

Fitting a text (:func:`generator.drawing.fit_paragraph`) wraps it at one size after another
until it fits: the same texts, boxes and styles come back in every check and build. The
outcome (the size and height it fits at, or that it cannot fit) is kept in the cache folder
(``~/.cache/paddock``), in one ``marshal`` file whose name carries a digest of what fitting
depends on besides its arguments: the ReportLab version (its line breaking and the fonts it
ships) and the code that fits and styles text (``drawing.py``, ``platypus.py``). Change any of
them and the file has another name, so an outcome is never read under other rules. The key
is every argument: the text as marked up, the box, the sizes, the font, the alignment.

The file is read on the first fitting of a run and written back at exit if anything was
added; past :data:`MAX_KEPT` entries only the ones this run used are kept, so it stays
small. Two runs at once may each write: the last one wins and the other's additions are
fitted again next time, never wrong.
"""

from __future__ import annotations

import atexit
import hashlib
import marshal
from pathlib import Path
from typing import Any

from generator.data_yaml import store_whole
from generator.template_cache import cache_folder

MAX_KEPT = 20_000
Outcome = tuple[Any, ...]  # (size, height, words split) or () for "does not fit"

_fits: dict[tuple[Any, ...], Outcome] | None = None
_used: set[tuple[Any, ...]] = set()
_added = False


def _path() -> Path:
    import reportlab

    here = Path(__file__).parent
    digest = hashlib.sha256(f"paddock-fits-1 reportlab {reportlab.Version}\0".encode())
    for name in ("drawing.py", "platypus.py"):
        digest.update((here / name).read_bytes())
    return cache_folder() / f"fits-{digest.hexdigest()[:16]}.marshal"


def _load() -> dict[tuple[Any, ...], Outcome]:
    global _fits
    if _fits is None:
        try:
            loaded = marshal.loads(_path().read_bytes())
            _fits = loaded if isinstance(loaded, dict) else {}
        except (OSError, ValueError, EOFError, TypeError):
            _fits = {}
        atexit.register(save)
    return _fits


def get(key: tuple[Any, ...]) -> Outcome | None:
    """The kept outcome of fitting with these arguments, or None when none is kept."""
    outcome = _load().get(key)
    if outcome is not None:
        _used.add(key)
    return outcome


def put(key: tuple[Any, ...], outcome: Outcome) -> None:
    """Keep the outcome of a fitting (written at exit)."""
    global _added
    _load()[key] = outcome
    _used.add(key)
    _added = True


def save() -> None:
    """Write the kept outcomes if this run added any (at exit; harmless to call twice)."""
    global _added
    if not _added or _fits is None:
        return
    kept = _fits if len(_fits) <= MAX_KEPT else {k: _fits[k] for k in _used if k in _fits}
    store_whole(_path(), kept)
    _added = False
