"""File names from names people write: one slug for every file Paddock writes.

'Über Wagon!' becomes ``uber-wagon``: letters are transliterated to ASCII (accents dropped,
ø, æ, ß and friends spelled out), case folded, and every other run of characters becomes one
hyphen. ``paddock new`` names its scaffold with it and every build names its files with it,
so two names that would share a file on a case-insensitive disk share a slug, and the build
can refuse them instead of overwriting one with the other.
"""

from __future__ import annotations

import re
import unicodedata

# Letters NFKD does not split into a base letter and an accent.
_SPELLED = str.maketrans({
    "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ẞ": "ss",
    "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th",
    "&": " and ", "ı": "i", "ħ": "h", "Ħ": "h", "ŧ": "t", "Ŧ": "t", "’": "", "'": "",
})
_NOT_WORD = re.compile(r"[^a-z0-9]+")


def ascii_fold(text: str) -> str:
    """``text`` in lower-case ASCII letters where a letter has an ASCII spelling."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_SPELLED))
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return bare.casefold().translate(_SPELLED)


def slug(text: str, fallback: str = "piece") -> str:
    """A file-name-safe name: 'The Red Comet!' -> 'the-red-comet', 'Über' -> 'uber';
    ``fallback`` when nothing printable is left."""
    return _NOT_WORD.sub("-", ascii_fold(text)).strip("-") or fallback


def path_key(path: str) -> str:
    """The form under which two output paths are the same file on any disk: accents
    stripped and case folded (macOS and Windows disks ignore case)."""
    return ascii_fold(path)
