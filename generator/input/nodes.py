"""The values read from a YAML file, each remembering where it was written.

:class:`Mark` is a file:line:column; :class:`Scalar`, :class:`Seq` and :class:`Map` are the
nodes ``source`` builds from a file, and :class:`Document` is one file read. :class:`Limits`
says how much a file may hold. ``describe`` says what a node holds for 'expected X, found Y'.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar


@dataclass(frozen=True, order=True, slots=True)
class Mark:
    """A position in a source file; line and column count from 1, as editors do."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


_Path = tuple[str | int, ...]


class MarkTable(Mapping[_Path, Mark]):
    """Where each value of a definition is (key path -> Mark), packed for keeping.

    A definition keeps the position of every value for as long as the run lasts (a finding
    can be about any of them), and the paths repeat from file to file: every vehicle has
    ``("speed_table", "move_2", 4)``. So the paths are kept once per shape of file (an
    interned tuple, shared by every definition with the same keys in the same order, with
    one shared index) and the positions as a flat array of integers; a Mark is made when
    asked for. A thousand vehicles keep a fifteenth of the memory a dict of Marks took.
    """

    __slots__ = ("_files", "_index", "_numbers")
    _SHAPES: ClassVar[dict[tuple[_Path, ...], dict[_Path, int]]] = {}

    def __init__(self, marks: Mapping[_Path, Mark]) -> None:
        paths = tuple(marks)
        index = self._SHAPES.get(paths)
        if index is None:
            index = {path: number for number, path in enumerate(paths)}
            self._SHAPES[paths] = index
        files: dict[str, int] = {}
        numbers = array("q")
        for mark in marks.values():
            numbers.extend((files.setdefault(mark.file, len(files)), mark.line, mark.column))
        self._index = index
        self._files = tuple(files)
        self._numbers = numbers

    def __getitem__(self, path: _Path) -> Mark:
        at = 3 * self._index[path]
        numbers = self._numbers
        return Mark(self._files[numbers[at]], numbers[at + 1], numbers[at + 2])

    def __iter__(self) -> Iterator[_Path]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)

    def __contains__(self, path: object) -> bool:
        return path in self._index


@dataclass(slots=True)
class Node:
    """A YAML value with the position where it starts."""

    mark: Mark


@dataclass(frozen=True)
class Block:
    """Where the text of a literal block scalar (``key: |``) sits in its file.

    Line ``i`` of the value is file line ``first_line + i``, indented by ``indent`` spaces, so
    every character of a drawing (a track map) can be pointed at exactly.
    """

    first_line: int
    indent: int

    def mark(self, file: str, line_index: int, column_index: int) -> Mark:
        """The position of character ``column_index`` on line ``line_index`` of the value."""
        return Mark(file, self.first_line + line_index, self.indent + column_index + 1)


@dataclass(slots=True)
class Scalar(Node):
    """A plain value: string, number, bool, null or date, already typed by the safe resolver.

    ``block`` is set for literal block scalars only (their lines are kept as written)."""

    value: Any
    block: Block | None = None


@dataclass(slots=True)
class Seq(Node):
    """A YAML sequence."""

    items: list[Node] = field(default_factory=list)


@dataclass(slots=True)
class Entry:
    """One key of a mapping, with the position of the key itself."""

    key: Any
    key_mark: Mark
    value: Node


@dataclass(slots=True)
class Map(Node):
    """A YAML mapping; keys are plain scalars, entries keep the order of the file."""

    entries: dict[Any, Entry] = field(default_factory=dict)

    def get(self, key: Any) -> Node | None:
        """The value node under ``key``, or None when the key is absent."""
        entry = self.entries.get(key)
        return entry.value if entry else None


@dataclass(frozen=True)
class DuplicateKey:
    """A key written twice in one mapping: both positions, so the finding can name each."""

    key: Any
    first: Mark
    second: Mark


@dataclass(frozen=True)
class CutText:
    """A plain value followed on its line by ``#word``: YAML read the ``#`` as a comment, so
    the text the person typed was cut short (``name: Team #1`` is just ``Team``)."""

    mark: Mark
    kept: str
    line: str


@dataclass
class Document:
    """A loaded file: its root node and what its reading noticed (duplicate keys, cut text)."""

    path: str
    root: Node
    duplicates: list[DuplicateKey]
    cut_texts: list[CutText] = field(default_factory=list)


@dataclass(frozen=True)
class Limits:
    """How much one file may hold. Shipped files use a small part of each (the largest is
    15 KB, 5 levels deep, 1,109 values, its longest text 949 characters); the limits keep a
    typo or a hostile file from taking minutes, gigabytes or the interpreter down."""

    file_bytes: int = 512 * 1024
    depth: int = 32
    values: int = 20_000
    text_length: int = 10_000
    number: int = 10**12


LIMITS = Limits()
# Explicit tags a file may carry: YAML's core schema, plus timestamps (dates) and merge keys
# which the safe loader resolves by itself. Anything else is refused at its position.
ALLOWED_TAGS = frozenset(f"tag:yaml.org,2002:{name}" for name in (
    "str", "int", "float", "bool", "null", "timestamp", "seq", "map", "merge"))


def describe(node: Node) -> str:
    """A short, human description of what a node holds, for 'expected X, found Y' messages."""
    if isinstance(node, Map):
        return "a mapping"
    if isinstance(node, Seq):
        return f"a list of {len(node.items)}"
    value = node.value if isinstance(node, Scalar) else None
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{'true' if value else 'false'} (a yes/no value)"
    if isinstance(value, int):
        return f"{value} (a whole number)"
    if isinstance(value, float):
        return f"{value} (a decimal number)"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"'{shown}' (text)"
    return f"{value!r} ({type(value).__name__})"
