"""The composer: our position-keeping nodes built straight from PyYAML's parser events.

Used by ``source.parse_document``; every limit of :class:`Limits` is enforced here as the
nodes are built, so a hostile file is refused at its position instead of exhausting memory.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import yaml

from generator.errors import InputError
from generator.input.nodes import (
    ALLOWED_TAGS,
    Block,
    CutText,
    DuplicateKey,
    Entry,
    Limits,
    Map,
    Mark,
    Node,
    Scalar,
    Seq,
)
from generator.input.yaml_errors import excerpt

_MERGE_TAG = "tag:yaml.org,2002:merge"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_MAP_TAG = "tag:yaml.org,2002:map"
# libyaml's parser when PyYAML was built with it (about ten times faster, same marks and
# the same safe resolution); the pure-Python one otherwise.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_CUT_COMMENT = re.compile(r"\s*#\S")
# A whole number written with leading zeros ('030', '08'). YAML 1.1 reads the first as octal
# (24) and the second as text; an editor's YAML 1.2, and whoever typed it, read 30 and 8.
_ZERO_PADDED = re.compile(r"[-+]?0[0-9]+")
_INT_TAG = "tag:yaml.org,2002:int"


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
        if event.tag is None and not event.style and _ZERO_PADDED.fullmatch(event.value):
            tag, value = _INT_TAG, self.zero_padded(event.value, mark)
        else:
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

    def zero_padded(self, written: str, mark: Mark) -> int:
        """A plain whole number with leading zeros, read in decimal as YAML 1.2 and an editor
        read it: YAML 1.1 would silently take '030' for 24 and call '08' text."""
        value = int(written, 10)
        self.check_number(value, written, mark)
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

