"""Catalogues from the rulebooks (traits, damage affects, special cards...) loaded from YAML.

A vehicle names an entry; names match loosely (case, the '#' marker, quotes and spacing do
not matter, and entries list the spellings the guide itself uses as aliases), so
"cat o' nines" finds "Cat O' Nine". A miss offers the nearest name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.input.schema import did_you_mean
from generator.keep.data_yaml import read_data


def name_key(name: str) -> str:
    """The form names are compared in: letters and digits only, lower case, no '#'."""
    return re.sub(r"[^a-z0-9+/-]", "", name.replace("#", "").casefold().replace("’", "'"))


@dataclass(frozen=True)
class Entry:
    """One catalogue entry: the guide's name and facts, our paraphrase."""

    name: str
    summary: str
    text: str
    section: str
    takes_value: bool = False
    category: str = ""
    typical: tuple[int, int] = (1, 3)
    params: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    note: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """The name as printed: the guide's '#' marker removed."""
        return " ".join(self.name.replace("#", "").split())


def _range(pair: list[int] | tuple[int, int]) -> tuple[int, int]:
    low, high = pair
    return (int(low), int(high))


_KNOWN = {"name", "summary", "text", "takes_value", "category", "typical", "params", "aliases",
          "note", "source"}


class Catalogue:
    """The entries of one catalogue file, looked up by loose name."""

    def __init__(self, path: Path) -> None:
        raw = read_data(path)
        self.section: str = raw["section"]
        self.category: str = raw.get("category", "")
        self.entries: list[Entry] = [self._entry(item) for item in raw["entries"]]
        self._by_key: dict[str, Entry] = {}
        for entry in self.entries:
            for spelling in (entry.name, *entry.aliases):
                self._by_key.setdefault(name_key(spelling), entry)

    def _entry(self, item: dict[str, Any]) -> Entry:
        return Entry(
            name=item["name"], summary=item["summary"], text=item["text"],
            section=item.get("source", self.section),
            takes_value=bool(item.get("takes_value", False)),
            category=item.get("category", self.category),
            typical=_range(item.get("typical", (1, 3))),
            params=tuple(item.get("params", ())), aliases=tuple(item.get("aliases", ())),
            note=item.get("note"),
            extra={k: v for k, v in item.items() if k not in _KNOWN},
        )

    def adopt(self, entries: Iterable[Entry]) -> None:
        """Find ``entries`` too, under every spelling no entry of this catalogue has. They
        are not listed (iteration and ``paddock catalogue`` show the catalogue's own)."""
        for entry in entries:
            for spelling in (entry.name, *entry.aliases):
                self._by_key.setdefault(name_key(spelling), entry)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    def keys(self) -> dict[str, Entry]:
        """Each name key ``find`` knows (``name_key``), with the entry it finds."""
        return dict(self._by_key)

    def find(self, name: str) -> Entry | None:
        """The entry called ``name`` (loosely matched), or None."""
        return self._by_key.get(name_key(name))

    def suggest(self, name: str) -> str | None:
        """The nearest entry name to a miss, for 'did you mean'."""
        guess = did_you_mean(name_key(name), list(self._by_key))
        return self._by_key[guess].name if guess else None


@dataclass(frozen=True)
class Listed:
    """One catalogue entry as ``paddock catalogue`` shows it."""

    name: str
    summary: str
    source: str
    typical: tuple[int, int] | None = None
    category: str = ""

    @property
    def value(self) -> str:
        """How the '#' reads in text: the guide's typical values, or nothing."""
        return f"# typically {self.typical[0]}-{self.typical[1]}" if self.typical else ""

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape: 'takes_value' always, 'typical' and 'category' when known."""
        data: dict[str, Any] = {"name": self.name, "summary": self.summary,
                                "source": self.source, "takes_value": self.typical is not None}
        if self.typical:
            data["typical"] = list(self.typical)
        if self.category:
            data["category"] = self.category
        return data


Listings = Mapping[str, Sequence[Listed]]


def listed_entries(catalogue: Catalogue, book: str) -> list[Listed]:
    """The entries of a name catalogue: '#' entries show the guide's typical range."""
    return [Listed(name=entry.name, summary=entry.summary, source=f"{book}, {entry.section}",
                   typical=entry.typical if entry.takes_value else None,
                   category=entry.category)
            for entry in catalogue]
