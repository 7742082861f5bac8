"""The outcome of fitting each text, kept between runs.

Fitting a text (:func:`generator.paper.drawing.fit_paragraph`) wraps it at one size after another
until it fits: the same texts, boxes and styles come back in every check and build. The
outcome (the size and height it fits at, or that it cannot fit) is kept in the cache folder
(``~/.cache/paddock``), in one ``marshal`` file whose name carries a digest of what fitting
depends on besides its arguments: the ReportLab version (its line breaking and the fonts it
ships) and the code that fits, styles and keeps text (``drawing.py``, ``platypus.py``,
``kept_drawings.py``). Change any of them and the file has another name, so an outcome is
never read under other rules. The key is every argument: the text as marked up, the box,
the sizes, the font, the alignment.

The file is read on the first fitting of a run and written back at exit if anything was
added; past :data:`MAX_KEPT` entries only the ones this run used are kept, so it stays
small. The drawings a build makes of paragraphs and vector pictures (their operators, see
:mod:`generator.keep.kept_drawings`) are kept in a second file, at most :data:`MAX_DRAWINGS`; a
wrapped paragraph whose drawing cannot be kept is kept itself in a third (pickled and
compressed; making one again costs ten times as much as reading it), at most
:data:`MAX_PARAGRAPHS`, read only when a paragraph must be made. Each is a
:class:`~generator.keep.kept_store.KeptStore` (:data:`FITS`, :data:`DRAWINGS`, :data:`PARAGRAPHS`),
which keeps them as every store kept between runs is kept.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.keep.kept_store import KeptStore, named_for_code

MAX_KEPT = 3_000
MAX_PARAGRAPHS = 2_000
MAX_DRAWINGS = 2_000
Outcome = tuple[Any, ...]  # (size, height, words split) or () for "does not fit"


def _path(kind: str) -> Path:
    import reportlab

    package = Path(__file__).parent.parent
    return named_for_code(kind, f"paddock-fits-1 reportlab {reportlab.Version}",
                          [package / "paper" / "drawing.py", package / "text" / "platypus.py",
                           package / "keep" / "kept_drawings.py"])


FITS: KeptStore[tuple[Any, ...], Outcome] = KeptStore(lambda: _path("fits"),
                                                      most_entries=MAX_KEPT)
PARAGRAPHS: KeptStore[tuple[Any, ...], bytes] = KeptStore(lambda: _path("paragraphs"),
                                                          most_entries=MAX_PARAGRAPHS)
# Operators of drawings (see generator.keep.kept_drawings): a file of their own, so a build that
# draws only kept drawings never reads the paragraphs' pickles.
DRAWINGS: KeptStore[tuple[Any, ...], bytes] = KeptStore(lambda: _path("drawings"),
                                                        most_entries=MAX_DRAWINGS)


def get(key: tuple[Any, ...]) -> Outcome | None:
    """The kept outcome of fitting with these arguments, or None when none is kept."""
    return FITS.get(key)


def put(key: tuple[Any, ...], outcome: Outcome) -> None:
    """Keep the outcome of a fitting (written at exit). A run adds at most
    :data:`MAX_KEPT`, so a huge build keeps its memory flat."""
    FITS.put(key, outcome)


def get_paragraph(key: tuple[Any, ...]) -> bytes | None:
    """A wrapped paragraph kept from an earlier run (pickled, compressed), or None."""
    return PARAGRAPHS.get(key)


def room_for_paragraphs() -> bool:
    """Whether another paragraph would be kept: a run keeps at most
    :data:`MAX_PARAGRAPHS` (read back or added)."""
    return PARAGRAPHS.room()


def put_paragraph(key: tuple[Any, ...], data: bytes) -> None:
    """Keep a wrapped paragraph for the next runs (written at exit)."""
    PARAGRAPHS.put(key, data)
