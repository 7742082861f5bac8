"""Runs of words our human-facing text shares with the five rulebooks (the seeds).

Facts, numbers and names carry over from the rulebooks; their sentences do not. A shared run
of consecutive words is found on normalised text: lower case, apostrophes dropped, every other
non-letter a word break, and every token holding a digit left out (numbers are facts: "50 to 75
cm" may be said as the book says it, and a copied sentence with a number changed is still
copied). The rulebooks are not in the repository, so the tests read a fingerprint of them
(``rulebook-runs.bin``: a 6-byte hash of every run of ``RUN`` words in the seeds, no text);
``tools/rulebook_fingerprint.py`` writes it from /work/shared/seeds and reports where each
copied run sits in the seeds.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parents[1]
FINGERPRINT = Path(__file__).with_name("rulebook-runs.bin")

# The threshold, tuned on what the whole repository shares with the seeds (number tokens left
# out as above). At 8 words every shared run was a copied clause ("each dashboard has eight
# slots where damage can be assigned", "one more pilot may be recruited up to"); at 7 the
# finds fill with game terms the rules force on any paraphrase ("four locked dice slots two
# item slots", "acceleration and deceleration boxes at each speed", "a vehicle attack against
# a vehicle in"), and at 6 they double again. So 8, as the brief suggested.
RUN = 8
# A run must also hold this many different words: a printed table repeats the book's labels
# ("move control safe safe safe dice dice dice dice", the licence's speed table), which is
# the fact laid out, not a sentence.
DISTINCT = 5
# A Jinja tag stands for text we do not know: no run may span it.
_BREAK = " paddockbreak "
_TOKEN = re.compile(r"[a-z0-9]+")
_TAG = re.compile(r"\{[{%#].*?[}%#]\}", re.S)
# A short quotation in the docs, in straight or curly quotes, double or single, may quote a
# rulebook sentence to say which sentence a reading follows; at most this many words, one
# sentence, not a paragraph (the docs' longest such quotation has 20). A single quote opens
# after a non-letter and closes before one, so "vehicle's" is no quotation.
QUOTE_WORDS = 25
_QUOTE = re.compile(r"\"[^\"]+\"|\u201c[^\u201d]+\u201d|\u2018[^\u2019]+\u2019(?!\w)"
                    r"|(?<!\w)'(?:[^']|'(?=\w))+'(?!\w)")


def words(text: str) -> list[str]:
    """The words of ``text`` as compared: lower case, no apostrophes, no tokens with digits."""
    folded = text.lower().replace("\u2019", "").replace("'", "")
    return [w for w in _TOKEN.findall(folded) if not any(c.isdigit() for c in w)]


def run_hash(run: Iterable[str]) -> bytes:
    """The fingerprint entry of one run of ``RUN`` words."""
    return hashlib.blake2b(" ".join(run).encode(), digest_size=6).digest()


def fingerprint_of(texts: Iterable[str]) -> set[bytes]:
    """Every run of ``RUN`` consecutive words in ``texts`` (each text one word stream)."""
    found: set[bytes] = set()
    for text in texts:
        tokens = words(text)
        found.update(run_hash(tokens[i:i + RUN]) for i in range(len(tokens) - RUN + 1))
    return found


def load_fingerprint(path: Path = FINGERPRINT) -> frozenset[bytes]:
    """The seeds' runs as written by ``tools/rulebook_fingerprint.py``."""
    data = path.read_bytes()
    return frozenset(data[i:i + 6] for i in range(0, len(data), 6))


def copied_runs(text: str, fingerprint: frozenset[bytes] | set[bytes]) -> list[str]:
    """Each maximal run of ``text`` made of the seeds' runs of ``RUN`` words (and holding
    ``DISTINCT`` different words), as normalised words."""
    tokens = words(text)
    shared = [run_hash(tokens[i:i + RUN]) in fingerprint
              for i in range(len(tokens) - RUN + 1)]
    runs: list[str] = []
    i = 0
    while i < len(shared):
        if not shared[i]:
            i += 1
            continue
        j = i
        while j < len(shared) and shared[j]:
            j += 1
        run = tokens[i:j - 1 + RUN]
        if len(set(run)) >= DISTINCT:
            runs.append(" ".join(run))
        i = j
    return runs


def template_text(source: str) -> str:
    """A template's own words: each tag replaced by a break no run can cross."""
    return _TAG.sub(_BREAK, source)


def unquoted(markdown: str) -> str:
    """Docs text with each short double-quoted passage replaced by a break."""
    return _QUOTE.sub(lambda m: _BREAK if len(words(m.group())) <= QUOTE_WORDS else m.group(),
                      markdown)


def strings(node: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every string in loaded YAML, with its key path."""
    if isinstance(node, str):
        yield path, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from strings(value, f"{path}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from strings(value, f"{path}[{index}]")


def template_files() -> list[Path]:
    """Every text template Paddock ships."""
    return sorted(p for p in (REPO / "templates").rglob("*")
                  if p.is_file() and p.suffix not in {".png", ".ttf", ".otf", ".svg"})


def data_files() -> list[Path]:
    """Every YAML file under generator/ (catalogues, rule data: messages, hints, notes; print
    data; the traceability tables the rule pages in docs/rules are written from) and the
    default kit's definitions under vehicles/ (descriptions, flavour text)."""
    return sorted([*(REPO / "generator").rglob("*.yaml"), *(REPO / "vehicles").rglob("*.yaml")])


def schema_files() -> list[Path]:
    """The JSON Schemas an editor reads: each field's description is shown to the user."""
    return sorted((REPO / "schemas").glob("*.json"))


def doc_files() -> list[Path]:
    """README.md and every page under docs/."""
    return [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]


def shipped_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for every template, YAML string, JSON Schema string and docs page
    (quotes taken out)."""
    for path in template_files():
        yield str(path.relative_to(REPO)), template_text(path.read_text(encoding="utf-8"))
    for path in data_files():
        loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
        for key, text in strings(loaded):
            yield f"{path.relative_to(REPO)}:{key}", text
    for path in schema_files():
        loaded = json.loads(path.read_text(encoding="utf-8"))
        for key, text in strings(loaded):
            yield f"{path.relative_to(REPO)}:{key}", text
    for path in doc_files():
        yield str(path.relative_to(REPO)), unquoted(path.read_text(encoding="utf-8"))


def pdf_texts(folder: Path) -> Iterator[tuple[str, str]]:
    """(where, text) for every page of every PDF under ``folder``."""
    import pypdfium2 as pdfium

    for path in sorted(folder.rglob("*.pdf")):
        document = pdfium.PdfDocument(path)
        try:
            for number, page in enumerate(document, 1):
                text = page.get_textpage().get_text_range()
                yield f"{path.relative_to(folder)} page {number}", text
        finally:
            document.close()
