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
small. The wrapped paragraphs a build draws are kept the same way in a second file (pickled
and compressed; making one again costs ten times as much as reading it), at most
:data:`MAX_PARAGRAPHS`, read only when something is drawn. Two runs at once may each
write: the last one wins and the other's additions are made again next time, never wrong.
"""

from __future__ import annotations

import atexit
import hashlib
import marshal
from pathlib import Path
from typing import Any

from generator import __version__
from generator.data_yaml import store_whole
from generator.template_cache import cache_folder

MAX_KEPT = 3_000
MAX_PARAGRAPHS = 4_000  # a wrapped paragraph and its drawing each count
Outcome = tuple[Any, ...]  # (size, height, words split) or () for "does not fit"

_fits: dict[tuple[Any, ...], Outcome] | None = None
_used: set[tuple[Any, ...]] = set()  # looked up or added this run
_added = False
_paragraphs: dict[tuple[Any, ...], bytes] | None = None
_paragraphs_used: set[tuple[Any, ...]] = set()
_paragraphs_added = False


def _path(kind: str = "fits") -> Path:
    import reportlab

    here = Path(__file__).parent
    digest = hashlib.sha256(f"paddock-fits-1 reportlab {reportlab.Version}\0".encode())
    for name in ("drawing.py", "platypus.py"):
        try:
            digest.update((here / name).read_bytes())
        except OSError:  # installed without sources: the version names the code
            digest.update(f"{name} of Paddock {__version__}".encode())
    return cache_folder() / f"{kind}-{digest.hexdigest()[:16]}.marshal"


def _read(path: Path) -> dict[Any, Any]:
    try:
        loaded = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return loaded if isinstance(loaded, dict) else {}


def _load() -> dict[tuple[Any, ...], Outcome]:
    global _fits
    if _fits is None:
        _fits = _read(_path())
        atexit.register(save)
    return _fits


def get(key: tuple[Any, ...]) -> Outcome | None:
    """The kept outcome of fitting with these arguments, or None when none is kept."""
    outcome = _load().get(key)
    if outcome is not None:
        _used.add(key)
    return outcome


def put(key: tuple[Any, ...], outcome: Outcome) -> None:
    """Keep the outcome of a fitting (written at exit). A run adds at most
    :data:`MAX_KEPT`, so a huge build keeps its memory flat."""
    global _added
    fits = _load()
    if len(_used) < MAX_KEPT:
        fits[key] = outcome
        _used.add(key)
        _added = True


def get_paragraph(key: tuple[Any, ...]) -> bytes | None:
    """A wrapped paragraph kept from an earlier run (pickled, compressed), or None."""
    global _paragraphs
    if _paragraphs is None:
        _paragraphs = _read(_path("paragraphs"))
    data = _paragraphs.get(key)
    if data is not None:
        _paragraphs_used.add(key)
    return data


def room_for_paragraphs() -> bool:
    """Whether another paragraph would be kept: a run keeps at most
    :data:`MAX_PARAGRAPHS` (read back or added)."""
    return len(_paragraphs_used) < MAX_PARAGRAPHS


def put_paragraph(key: tuple[Any, ...], data: bytes) -> None:
    """Keep a wrapped paragraph for the next runs (written at exit)."""
    global _paragraphs_added
    if room_for_paragraphs():
        get_paragraph(key)
        assert _paragraphs is not None
        _paragraphs[key] = data
        _paragraphs_used.add(key)
        if not _paragraphs_added:
            atexit.register(save)
        _paragraphs_added = True


def _trimmed(kept: dict[Any, Any], used: set[Any], most: int) -> dict[Any, Any]:
    """All of ``kept``, or past ``most`` entries only the ones this run used."""
    return kept if len(kept) <= most else {k: kept[k] for k in used if k in kept}


def save() -> None:
    """Write the kept outcomes if this run added any (at exit; harmless to call twice)."""
    global _added, _paragraphs_added
    if _paragraphs_added and _paragraphs is not None:
        store_whole(_path("paragraphs"),
                    _trimmed(_paragraphs, _paragraphs_used, MAX_PARAGRAPHS))
        _paragraphs_added = False
    if not _added or _fits is None:
        return
    store_whole(_path(), _trimmed(_fits, _used, MAX_KEPT))
    _added = False
