"""YAML loading that keeps the file, line and column of every value.

PyYAML's ``safe_load`` returns plain values and forgets where they came from; it also keeps
the last of two duplicate keys without a word. We compose the node graph with the safe loader
instead, turn it into our own small node types that carry a :class:`Mark`, and report every
duplicate key. Only the safe tags are ever constructed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.errors import InputError


@dataclass(frozen=True, order=True)
class Mark:
    """A position in a source file; line and column count from 1, as editors do."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass
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


@dataclass
class Scalar(Node):
    """A plain value: string, number, bool, null or date, already typed by the safe resolver.

    ``block`` is set for literal block scalars only (their lines are kept as written)."""

    value: Any
    block: Block | None = None


@dataclass
class Seq(Node):
    """A YAML sequence."""

    items: list[Node] = field(default_factory=list)


@dataclass
class Entry:
    """One key of a mapping, with the position of the key itself."""

    key: Any
    key_mark: Mark
    value: Node


@dataclass
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


@dataclass
class Document:
    """A loaded file: its root node and the duplicate keys found while building it."""

    path: str
    root: Node
    duplicates: list[DuplicateKey]


def display_path(path: Path) -> str:
    """The path as a person should read it: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def load_document(path: Path) -> Document:
    """Read one YAML file into position-carrying nodes.

    Raises InputError (exit 2) for a missing or unreadable file, a syntax error, an empty
    document, or a tag outside YAML's safe set.
    """
    shown = display_path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise InputError("no such file", file=shown) from exc
    except IsADirectoryError as exc:
        raise InputError("is a folder, expected a YAML file", file=shown) from exc
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text ({exc.reason})", file=shown,
                         hint="save the file as UTF-8") from exc
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", file=shown) from exc
    return parse_document(text, shown)


def parse_document(text: str, shown: str) -> Document:
    """Parse YAML text already read from ``shown`` (the name used in messages)."""
    try:
        composed = list(yaml.compose_all(text, Loader=_SAFE_LOADER))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or "YAML syntax error"
        if exc.context:
            problem = f"{problem} ({exc.context})"
        raise InputError(
            f"YAML syntax error: {problem}",
            file=shown,
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
            hint="check indentation and quoting near this position",
        ) from exc
    except yaml.YAMLError as exc:
        raise InputError(f"YAML error: {exc}", file=shown) from exc
    documents = [doc for doc in composed if doc is not None]
    if not documents:
        raise InputError("the file is empty", file=shown, line=1, column=1,
                         hint="a definition starts with 'game:' and 'kind:'")
    if len(documents) > 1:
        second = documents[1].start_mark
        raise InputError("more than one YAML document in a file", file=shown,
                         line=second.line + 1, column=second.column + 1,
                         hint="put each vehicle or track in a file of its own")
    builder = _NodeBuilder(shown, text.splitlines())
    root = builder.build(documents[0])
    return Document(path=shown, root=root, duplicates=builder.duplicates)


_MERGE_TAG = "tag:yaml.org,2002:merge"
# libyaml's parser when PyYAML was built with it (about ten times faster, same marks and
# the same safe resolution); the pure-Python one otherwise.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _NodeBuilder:
    """Turns PyYAML's composed nodes into ours, noting duplicate keys on the way."""

    def __init__(self, shown: str, lines: list[str] | None = None) -> None:
        self.shown = shown
        self.lines = lines or []
        self.duplicates: list[DuplicateKey] = []
        self.constructor = yaml.constructor.SafeConstructor()

    def mark(self, node: yaml.Node) -> Mark:
        return Mark(self.shown, node.start_mark.line + 1, node.start_mark.column + 1)

    def build(self, node: yaml.Node) -> Node:
        if isinstance(node, yaml.ScalarNode):
            value = self.scalar_value(node)
            block = self.block(node, value) if node.style == "|" else None
            return Scalar(self.mark(node), value, block)
        if isinstance(node, yaml.SequenceNode):
            return Seq(self.mark(node), [self.build(item) for item in node.value])
        if isinstance(node, yaml.MappingNode):
            return self.build_map(node)
        raise InputError("unsupported YAML node", file=self.shown,
                         line=node.start_mark.line + 1, column=node.start_mark.column + 1)

    def block(self, node: yaml.ScalarNode, value: Any) -> Block | None:
        """Locate a literal block's lines: they start on the line after the ``|`` header, and
        each source line is the value's line behind the block's indentation."""
        first = node.start_mark.line + 1  # 0-based index of the first content line
        for index, text in enumerate(str(value).split("\n")):
            if text and first + index < len(self.lines):
                source = self.lines[first + index]
                if source.endswith(text):
                    return Block(first + 1, len(source) - len(text))
                return None
        return None

    def scalar_value(self, node: yaml.ScalarNode) -> Any:
        try:
            return self.constructor.construct_object(node, deep=True)
        except yaml.constructor.ConstructorError as exc:
            raise InputError(
                f"unsupported YAML tag {node.tag!r}", file=self.shown,
                line=node.start_mark.line + 1, column=node.start_mark.column + 1,
                hint="Paddock reads plain YAML only: remove the tag",
            ) from exc

    def build_map(self, node: yaml.MappingNode) -> Map:
        result = Map(self.mark(node))
        inherited: dict[Any, Entry] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE_TAG:
                for source in self.merge_sources(value_node):
                    for key, entry in source.entries.items():
                        inherited.setdefault(key, entry)
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                raise InputError("a mapping key must be a plain value", file=self.shown,
                                 line=key_node.start_mark.line + 1,
                                 column=key_node.start_mark.column + 1)
            key = self.scalar_value(key_node)
            key_mark = self.mark(key_node)
            if key in result.entries:
                self.duplicates.append(
                    DuplicateKey(key, result.entries[key].key_mark, key_mark))
                continue
            result.entries[key] = Entry(key, key_mark, self.build(value_node))
        for key, entry in inherited.items():
            result.entries.setdefault(key, entry)
        return result

    def merge_sources(self, value_node: yaml.Node) -> Iterator[Map]:
        """The mappings named by a ``<<:`` merge key, nearest first, as YAML specifies."""
        sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
        for source in sources:
            built = self.build(source)
            if not isinstance(built, Map):
                raise InputError("'<<' must merge a mapping", file=self.shown,
                                 line=built.mark.line, column=built.mark.column)
            yield built


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
