"""YAML loading that keeps the file, line and column of every value.

PyYAML's ``safe_load`` returns plain values and forgets where they came from; it also keeps
the last of two duplicate keys without a word. We build our own small node types, each carrying
a :class:`Mark`, straight from the safe parser's events, and report every duplicate key. Only
the core schema's tags are accepted, and every file is held to :class:`Limits` (size, depth,
values with aliases counted, text length, number range) so that no input, however broken or
hostile, crashes, hangs or exhausts memory: it is refused at its position.
"""

from __future__ import annotations

import math
import re
import stat
from array import array
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import yaml

from generator.errors import InputError
from generator.input.yaml_errors import excerpt, explain_syntax_error


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


def display_path(path: Path) -> str:
    """The path as a person should read it: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a symbolic link loop
        return str(path)


def load_document(path: Path, limits: Limits = LIMITS) -> Document:
    """Read one YAML file into position-carrying nodes.

    Raises InputError (exit 2) for a missing or unreadable file, anything but a regular file
    (a FIFO would block), a file over the size limit, a syntax error, an empty document, a
    tag outside the core schema, a bad tagged value, a number out of range, or a limit hit.
    """
    shown = display_path(path)
    data = read_regular_file(path, shown, limits)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _position_of_byte(data, exc.start)
        raise InputError(f"not UTF-8 text ({exc.reason})", file=shown, line=line,
                         column=column, hint="save the file as UTF-8",
                         rule="FILE-UNREADABLE") from exc
    return parse_document(text, shown, limits)


def read_regular_file(path: Path, shown: str, limits: Limits = LIMITS) -> bytes:
    """The bytes of ``path``, refusing before opening anything that is not a regular file
    (opening a named pipe blocks until someone writes to it) or is over the size limit."""
    try:
        info = path.stat()
    except FileNotFoundError as exc:
        raise InputError("no such file", file=shown, rule="FILE-UNREADABLE") from exc
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", file=shown,
                         rule="FILE-UNREADABLE") from exc
    if stat.S_ISDIR(info.st_mode):
        raise InputError("is a folder, expected a YAML file", file=shown, rule="FILE-UNREADABLE")
    if not stat.S_ISREG(info.st_mode):
        raise InputError("not a regular file (a pipe, socket or device); Paddock reads only "
                         "files", file=shown, rule="FILE-UNREADABLE",
                         hint="save the definition to a .yaml file and give its path")
    try:
        with path.open("rb") as handle:
            data = handle.read(limits.file_bytes + 1)
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", file=shown,
                         rule="FILE-UNREADABLE") from exc
    if len(data) > limits.file_bytes:
        line, column = _position_of_byte(data, limits.file_bytes)
        raise InputError(f"the file is {max(info.st_size, len(data)):,} bytes; a definition "
                         f"may be at most {limits.file_bytes:,} (reached here)", file=shown,
                         line=line, column=column, rule="YAML-LIMIT",
                         hint="a vehicle or track file is a few kilobytes: is this the "
                              "right file?")
    return data


def _position_of_byte(data: bytes, offset: int) -> tuple[int, int]:
    """Line and column (from 1) of byte ``offset``; columns count characters before it."""
    before = data[:offset]
    line_start = before.rfind(b"\n") + 1
    column = len(before[line_start:].decode("utf-8", errors="replace")) + 1
    return before.count(b"\n") + 1, column


def parse_document(text: str, shown: str, limits: Limits = LIMITS) -> Document:
    """Parse YAML text already read from ``shown`` (the name used in messages)."""
    lines = text.splitlines()
    if len(text) > limits.file_bytes:
        line = text.count("\n", 0, limits.file_bytes) + 1
        column = limits.file_bytes - (text.rfind("\n", 0, limits.file_bytes) + 1) + 1
        raise InputError(f"the text is {len(text):,} characters; a definition may be at "
                         f"most {limits.file_bytes:,} (reached here)", file=shown, line=line,
                         column=column, rule="YAML-LIMIT")
    composer: _Composer | None = None
    try:
        # The pure-Python reader checks every character as it is built: inside the try.
        composer = _Composer(text, shown, lines, limits)
        documents = composer.documents()
    except yaml.MarkedYAMLError as exc:
        if _is_scanner_depth_limit(exc):
            raise _depth_limit(text, exc, shown, lines, limits) from exc
        raise explain_syntax_error(exc, shown, lines) from exc
    except yaml.reader.ReaderError as exc:
        raise _unreadable_character(exc, text, shown, lines) from exc
    except yaml.YAMLError as exc:
        raise InputError(f"YAML error: {exc}", file=shown, line=1, column=1,
                         rule="YAML-SYNTAX") from exc
    finally:
        if composer is not None:
            composer.dispose()
    if not documents:
        raise InputError("the file is empty", file=shown, line=1, column=1,
                         hint="a definition starts with 'game:' and 'kind:'", rule="YAML-SYNTAX")
    if len(documents) > 1:
        second = documents[1].mark
        raise InputError("more than one YAML document in a file", file=shown,
                         line=second.line, column=second.column,
                         hint="put each vehicle or track in a file of its own",
                         rule="YAML-SYNTAX")
    return Document(path=shown, root=documents[0], duplicates=composer.duplicates,
                    cut_texts=composer.cut_texts)


def _is_scanner_depth_limit(exc: yaml.MarkedYAMLError) -> bool:
    """PyYAML 6.0.4's scanner refuses about 1,000 open brackets before any event is built."""
    return "maximum nesting depth" in str(exc.problem or "")


def _depth_limit(text: str, exc: yaml.MarkedYAMLError, shown: str, lines: list[str],
                 limits: Limits) -> InputError:
    """Our own depth finding, at the bracket that crosses *our* limit.

    The scanner reads ahead over a run of '[' (each may start a key), so it stops at its own
    limit first. The text before that point scans cleanly, and composing it reaches our
    limit at the right place; should it not, the finding stands at the scanner's mark.
    """
    mark = exc.problem_mark
    end = mark.index if mark is not None else len(text)
    composer = _Composer(text[:end], shown, lines, limits)
    try:
        composer.documents()
    except InputError as found:
        if found.rule == "YAML-LIMIT":
            return found
    except yaml.YAMLError:
        pass
    finally:
        composer.dispose()
    line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    return InputError(f"nested more than {limits.depth} levels deep", file=shown, line=line,
                      column=column, rule="YAML-LIMIT", excerpt=excerpt(lines, line, column),
                      hint="a definition is a few levels deep: look for a runaway '[' or '{', "
                           "or indentation that keeps growing")


def _unreadable_character(exc: yaml.reader.ReaderError, text: str, shown: str,
                          lines: list[str]) -> InputError:
    """A control character YAML does not allow (invisible in most editors), at its place."""
    code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or
                                                                      "\0")
    # libyaml counts bytes, the pure-Python reader characters: the first such character in
    # the text is the one the reader stopped at, whichever counted.
    found = text.find(chr(code))
    position = found if found >= 0 else min(max(exc.position, 0), len(text))
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    return InputError(f"a control character (U+{code:04X}) that YAML does not allow",
                      file=shown, line=line, column=column, rule="YAML-SYNTAX",
                      hint="delete it: it is invisible in most editors",
                      excerpt=excerpt(lines, line, column))


_MERGE_TAG = "tag:yaml.org,2002:merge"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_MAP_TAG = "tag:yaml.org,2002:map"
# libyaml's parser when PyYAML was built with it (about ten times faster, same marks and
# the same safe resolution); the pure-Python one otherwise.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_CUT_COMMENT = re.compile(r"\s*#\S")


@dataclass
class _Open:
    """A sequence or mapping whose end event has not come yet."""

    node: Seq | Map
    anchor: str | None
    size: int = 1
    items: list[tuple[Node, str]] = field(default_factory=list)  # (node, resolved tag)


class _Composer:
    """Builds our nodes straight from the parser's events, without recursion.

    PyYAML's composer recurses once per level (libyaml's crashes the interpreter at about
    30,000) and expands an alias again at every use (a 475-byte 'billion laughs' file takes
    gigabytes). Here nesting is counted as it opens, an alias is the node already built
    (shared, never copied), and every alias adds the size of what it names to a running count
    of values, so a bomb is refused at the alias that crosses the limit.
    """

    def __init__(self, text: str, shown: str, lines: list[str], limits: Limits) -> None:
        self.loader = _SAFE_LOADER(text)
        self.shown, self.lines, self.limits = shown, lines, limits
        self.constructor = yaml.constructor.SafeConstructor()
        self.anchors: dict[str, tuple[Node, int]] = {}
        self.duplicates: list[DuplicateKey] = []
        self.cut_texts: list[CutText] = []
        self.values = 0

    def dispose(self) -> None:
        dispose = getattr(self.loader, "dispose", None)
        if dispose is not None:
            dispose()

    def mark(self, event: yaml.Event) -> Mark:
        start = event.start_mark
        return Mark(self.shown, start.line + 1, start.column + 1) if start else \
            Mark(self.shown, 1, 1)

    def fail(self, message: str, mark: Mark, hint: str | None = None,
             rule: str = "YAML-LIMIT") -> InputError:
        return InputError(message, file=self.shown, line=mark.line, column=mark.column,
                          hint=hint, rule=rule, excerpt=excerpt(self.lines, mark.line,
                                                                mark.column))

    def documents(self) -> list[Node]:
        """Every document's root node, in order."""
        roots: list[Node] = []
        stack: list[_Open] = []
        loader = self.loader
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, yaml.ScalarEvent | yaml.AliasEvent):
                node, tag, size = (self.scalar(event) if isinstance(event, yaml.ScalarEvent)
                                   else self.alias(event, stack))
                self.count(size, event)
                if stack:
                    stack[-1].items.append((node, tag))
                    stack[-1].size += size
                else:
                    roots.append(node)
            elif isinstance(event, yaml.SequenceStartEvent | yaml.MappingStartEvent):
                if len(stack) >= self.limits.depth:
                    raise self.fail(
                        f"nested more than {self.limits.depth} levels deep", self.mark(event),
                        "a definition is a few levels deep: look for a runaway '[' or '{', "
                        "or indentation that keeps growing")
                is_seq = isinstance(event, yaml.SequenceStartEvent)
                self.collection_tag(event, _SEQ_TAG if is_seq else _MAP_TAG)
                self.count(1, event)
                opened: Seq | Map = Seq(self.mark(event)) if is_seq else Map(self.mark(event))
                stack.append(_Open(opened, event.anchor))
            elif isinstance(event, yaml.SequenceEndEvent | yaml.MappingEndEvent):
                done = stack.pop()
                self.close(done)
                if done.anchor is not None:
                    self.anchors[done.anchor] = (done.node, done.size)
                if stack:
                    stack[-1].items.append((done.node, ""))
                    stack[-1].size += done.size
                else:
                    roots.append(done.node)
        return roots

    def count(self, size: int, event: yaml.Event) -> None:
        self.values += size
        if self.values > self.limits.values:
            what = "this alias brings the file to" if isinstance(event, yaml.AliasEvent) \
                else "the file holds"
            raise self.fail(
                f"{what} more than {self.limits.values:,} values (aliases count every value "
                "they repeat)", self.mark(event),
                "a definition holds a few hundred values: is this the right file?")

    def alias(self, event: yaml.AliasEvent, stack: list[_Open]) -> tuple[Node, str, int]:
        if any(o.anchor == event.anchor for o in stack):
            raise self.fail(f"alias '*{event.anchor}' is inside the value it names, so it "
                            "never ends", self.mark(event),
                            "an alias may only repeat a value that is complete before it",
                            rule="YAML-SYNTAX")
        found = self.anchors.get(event.anchor or "")
        if found is None:
            raise self.fail(f"alias '*{event.anchor}' names no anchor before it",
                            self.mark(event),
                            f"define '&{event.anchor}' on a value earlier in the file",
                            rule="YAML-SYNTAX")
        node, size = found
        return node, "", size

    def collection_tag(self, event: yaml.CollectionStartEvent, expected: str) -> None:
        tag = event.tag
        if tag is None or tag == "!" or tag == expected:
            return
        raise self.fail(f"unsupported YAML tag {_short_tag(tag)!r}", self.mark(event),
                        "Paddock reads plain YAML only: remove the tag", rule="YAML-TAG")

    def scalar(self, event: yaml.ScalarEvent) -> tuple[Node, str, int]:
        mark = self.mark(event)
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        if tag not in ALLOWED_TAGS or tag in (_SEQ_TAG, _MAP_TAG):
            raise self.fail(f"unsupported YAML tag {_short_tag(tag)!r}", mark,
                            "Paddock reads plain YAML only: remove the tag", rule="YAML-TAG")
        if len(event.value) > self.limits.text_length:
            raise self.fail(f"a value of {len(event.value):,} characters; Paddock reads at "
                            f"most {self.limits.text_length:,} in one value", mark,
                            "shorten the text")
        node = yaml.ScalarNode(tag, event.value, None, None, event.style)
        value = self.construct(node, mark, explicit=event.tag not in (None, "!"))
        block = self.block(event, value) if event.style == "|" else None
        if not event.style and isinstance(value, str | type(None)):
            self.note_cut_text(event, value)
        anchor = event.anchor
        result = Scalar(mark, value, block)
        if anchor is not None:
            self.anchors[anchor] = (result, 1)
        return result, tag, 1

    def construct(self, node: yaml.ScalarNode, mark: Mark, explicit: bool) -> Any:
        if node.tag == _MERGE_TAG:
            return "<<"
        construct = self.constructor.yaml_constructors[node.tag]
        try:
            value = construct(self.constructor, node)
        except (ValueError, TypeError, IndexError, KeyError, AttributeError, OverflowError,
                yaml.YAMLError) as exc:
            kind = _short_tag(node.tag)
            if explicit:
                raise self.fail(f"'{node.value}' is not a valid {kind} value", mark,
                                f"write a {kind} value, or remove the tag {kind!r}",
                                rule="YAML-VALUE") from exc
            raise self.fail(f"'{node.value}' looks like a {kind[2:]} but is not one", mark,
                            "put it in quotes if it is text, or correct it",
                            rule="YAML-VALUE") from exc
        self.check_number(value, node.value, mark)
        return value

    def check_number(self, value: Any, written: str, mark: Mark) -> None:
        """Numbers are finite and within ±limits.number, so no later sum or unit conversion
        overflows or prints 'nan mm'."""
        if isinstance(value, bool) or not isinstance(value, int | float):
            return
        if isinstance(value, float) and not math.isfinite(value):
            raise self.fail(f"{written!r} is not a finite number", mark,
                            "write an ordinary number", rule="YAML-VALUE")
        if abs(value) > self.limits.number:
            raise self.fail(
                f"the number {written[:40]} is out of range: Paddock reads numbers from "
                f"-{self.limits.number:,} to {self.limits.number:,}", mark,
                "write an ordinary number", rule="YAML-VALUE")

    def note_cut_text(self, event: yaml.ScalarEvent, value: str | None) -> None:
        """Remember a plain value cut short by ``#`` written straight before a word."""
        start, end = event.start_mark, event.end_mark
        if start is None or end is None or end.line >= len(self.lines) or end.line != start.line:
            return
        rest = self.lines[end.line][end.column:]
        if _CUT_COMMENT.match(rest):
            self.cut_texts.append(CutText(self.mark(event), value or "", self.lines[end.line]))

    def block(self, event: yaml.ScalarEvent, value: Any) -> Block | None:
        """Locate a literal block's lines: they start on the line after the ``|`` header, and
        each source line is the value's line behind the block's indentation."""
        if event.start_mark is None:
            return None
        first = event.start_mark.line + 1  # 0-based index of the first content line
        for index, text in enumerate(str(value).split("\n")):
            if text and first + index < len(self.lines):
                source = self.lines[first + index]
                if source.endswith(text):
                    return Block(first + 1, len(source) - len(text))
                return None
        return None

    def close(self, done: _Open) -> None:
        """Fill a finished sequence or mapping from its items."""
        if isinstance(done.node, Seq):
            done.node.items = [node for node, _ in done.items]
            return
        result = done.node
        inherited: dict[Any, Entry] = {}
        pairs = done.items
        for index in range(0, len(pairs) - 1, 2):
            (key_node, key_tag), (value_node, _) = pairs[index], pairs[index + 1]
            if key_tag == _MERGE_TAG:
                for source in self.merge_sources(value_node):
                    for key, entry in source.entries.items():
                        inherited.setdefault(key, entry)
                continue
            if not isinstance(key_node, Scalar) or not _hashable(key_node.value):
                raise self.fail("a mapping key must be a plain value", key_node.mark,
                                "write the key as a word followed by ':'", rule="YAML-SYNTAX")
            key = key_node.value
            if key in result.entries:
                self.duplicates.append(
                    DuplicateKey(key, result.entries[key].key_mark, key_node.mark))
                continue
            result.entries[key] = Entry(key, key_node.mark, value_node)
        for key, entry in inherited.items():
            result.entries.setdefault(key, entry)

    def merge_sources(self, value_node: Node) -> Iterator[Map]:
        """The mappings named by a ``<<:`` merge key, nearest first, as YAML specifies."""
        sources = value_node.items if isinstance(value_node, Seq) else [value_node]
        for source in sources:
            if not isinstance(source, Map):
                raise self.fail("'<<' must merge a mapping", source.mark, rule="YAML-SYNTAX")
            yield source


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _short_tag(tag: str) -> str:
    """``tag:yaml.org,2002:int`` -> ``!!int``, as it is written in a file."""
    prefix = "tag:yaml.org,2002:"
    return "!!" + tag[len(prefix):] if tag.startswith(prefix) else tag


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
