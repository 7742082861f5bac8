"""Traceability: each constraint a rulebook's construction rules put on a build, by section,
with the rule that enforces it or the reason none does (``docs/rules/<doc>.md``).

The sentences live in ``traceability.yaml`` beside each ``rules.yaml`` (our paraphrase, a
few words quoted at most); the rule ids, severities and one-line descriptions come from the
rule data, so the document cannot drift from the rules. Every rule of the books concerned is
listed: those no sentence names appear at the end with their own section.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.input.findings import Rule, RuleBook
from generator.keep.data_yaml import read_data
from generator.project.registry import GAMES
from generator.text.templates import TextTemplates

TEMPLATE = "docs/traceability.md.j2"
DOCS_FOLDER = Path("docs") / "rules"


class TraceabilityError(Exception):
    """A traceability.yaml names a rule that does not exist, or gives neither rule nor
    reason: a programming error, caught by the tests."""


@dataclass(frozen=True)
class Constraint:
    """One constraint of the book: what it asks (paraphrased), and how Paddock answers."""

    says: str
    rules: tuple[Rule, ...]
    reason: str | None


@dataclass(frozen=True)
class Section:
    """The constraints of one section of the book, in the book's order."""

    title: str
    constraints: tuple[Constraint, ...]


@dataclass(frozen=True)
class Document:
    """A whole traceability table: its sections, and the rules no sentence names."""

    id: str
    title: str
    intro: str
    sources: tuple[str, ...]
    sections: tuple[Section, ...]
    unlinked: tuple[Rule, ...]


def books_of(doc_id: str) -> list[RuleBook[Any]]:
    """The rule books a document covers: a game's own (not the shared track book), or the
    track book for ``tracks``."""
    track_books = {id(kind.rules): kind.rules for game in GAMES.values()
                   for name, kind in game.kinds.items() if name == "track"}
    if doc_id == "tracks":
        return list(track_books.values())
    return [book for book in GAMES[doc_id].rule_books() if id(book) not in track_books]


def document_ids() -> list[str]:
    """Every document: one per game, then the tracks."""
    return [*GAMES, "tracks"]


def load_document(doc_id: str) -> Document:
    """Read the document's traceability.yaml and join it to the rule data."""
    books = books_of(doc_id)
    rules = {rule.id: rule for book in books for rule in book.rules.values()}
    path = books[0].data_file.with_name("traceability.yaml")
    raw = read_data(path)
    named: set[str] = set()
    sections = []
    for spec in raw["sections"]:
        constraints = []
        for item in spec["constraints"]:
            ids = tuple(item.get("rules", ()))
            unknown = [i for i in ids if i not in rules]
            if unknown or not (ids or item.get("reason")):
                raise TraceabilityError(f"{path}: {item['says']!r}: "
                                        + (f"unknown rules {unknown}" if unknown
                                           else "give the rules or a reason"))
            named.update(ids)
            constraints.append(Constraint(" ".join(item["says"].split()),
                                          tuple(rules[i] for i in ids),
                                          " ".join(item["reason"].split())
                                          if item.get("reason") else None))
        sections.append(Section(spec["section"], tuple(constraints)))
    unlinked = tuple(rule for rule in rules.values() if rule.id not in named)
    return Document(doc_id, raw["title"], " ".join(raw["intro"].split()),
                    tuple(raw["sources"]), tuple(sections), unlinked)


def render_document(document: Document, templates: TextTemplates | None = None) -> str:
    """The markdown page, from ``templates/docs/traceability.md.j2``."""
    text = (templates or TextTemplates()).render(TEMPLATE, {"doc": document})
    return text.rstrip("\n") + "\n"


def write_documents(root: Path, doc_ids: Sequence[str] | None = None) -> list[Path]:
    """Write ``docs/rules/<id>.md`` under ``root`` for each document; return the paths."""
    written = []
    for doc_id in doc_ids or document_ids():
        path = root / DOCS_FOLDER / f"{doc_id}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render_document(load_document(doc_id)), encoding="utf-8")
        written.append(path)
    return written
