"""The edits ``paddock balance --suggest`` tries, made on the file's own text.

A step is what a designer does in one go, as one or two changed spots of the file:

- a whole number one up or one down (a card count, a trait's or an affect's value, an entry
  of a Speed table row, a Damage value);
- a one-line entry of a ``traits`` list or an ``affects`` table taken out;
- a name swapped for another the game's balance profile can tell apart (``swaps`` of its
  hook: another trait, another Damage affect);
- two values of one mapping exchanged, where each may take the other's place (an Outrider
  vehicle's dice between two of its equipment slots);
- an entry added at the end of a list, as the game's own rules let a designer change a build
  (``additions`` of its hook: a Formula Ace purchase written into the season as a ``buy``).

Every step keeps the rest of the line as written (comments, spacing, quotes).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from generator.balance.hook import Addition
from generator.errors import InputError
from generator.input.findings import KeyPath
from generator.input.nodes import Document, Entry, Map, Mark, Node, Scalar, Seq
from generator.input.source import parse_document
from generator.project.loading import Definition

FIXED_KEYS = {"game", "kind", "name", "colour", "background", "season", "credits"}
REMOVABLE = {"traits", "affects"}
_NUMBER = re.compile(r"-?\d+")
_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 .'!/-]*[A-Za-z0-9.'!]?")
Swaps = Callable[[KeyPath, str], Sequence[str]]


@dataclass(frozen=True)
class Edit:
    """One change to the file's text: a value's text replaced, a one-line entry removed, or
    (``adds``) an entry added to the list at ``path``: the line ``new`` put after ``line``
    (``column`` 0), or the empty flow list ``[]`` at ``column`` replaced by ``new``."""

    path: KeyPath
    line: int
    column: int
    old: str
    new: str | None  # None: the line is removed
    adds: Node | None = None  # the entry added, as nodes


@dataclass(frozen=True)
class Step:
    """One edit as a designer thinks of it, made of one or two changes of the text."""

    edits: tuple[Edit, ...]
    label: str

    @staticmethod
    def one(edit: Edit) -> Step:
        where = ".".join(map(str, edit.path))
        label = f"remove {where}" if edit.new is None else f"{where} {edit.old} -> {edit.new}"
        return Step((edit,), label)


def candidate_steps(text: str, definition: Definition, swaps: Swaps | None = None
                    ) -> list[Step]:
    """Every one-step edit of the file (see the module's list)."""
    lines = text.splitlines()
    steps: list[Step] = []
    swapped: dict[KeyPath, tuple[Edit, Sequence[str]]] = {}
    for path, value in walk(yaml.safe_load(text), ()):
        if path and str(path[0]) in FIXED_KEYS:
            continue
        mark = exact_mark(definition, path)
        if mark is None or not 1 <= mark.line <= len(lines):
            continue
        row = lines[mark.line - 1]
        if isinstance(value, int) and not isinstance(value, bool):
            found = _NUMBER.match(row, mark.column - 1)
            if found is None or int(found.group(0)) != value:
                continue
            steps += [Step.one(Edit(path, mark.line, mark.column, found.group(0), str(new)))
                      for new in (value - 1, value + 1)]
        elif len(path) >= 2 and str(path[-2]) in REMOVABLE and one_line(lines, mark.line):
            steps.append(Step.one(Edit(path, mark.line, mark.column, row, None)))
        if isinstance(value, str) and swaps is not None:
            steps += swap_steps(path, value, row, mark.line, mark.column, swaps, swapped)
    return steps + exchanges(swapped)


def addition_steps(text: str, definition: Definition, additions: Sequence[Addition]
                   ) -> list[Step]:
    """A step for each entry the game's rules let a designer add (see :class:`Addition`)
    whose list the file writes as a block or as ``[]``."""
    lines = text.splitlines()
    steps = []
    for addition in additions:
        edit = addition_edit(lines, definition, addition)
        if edit is not None:
            steps.append(Step((edit,), addition.label))
    return steps


def addition_edit(lines: Sequence[str], definition: Definition, addition: Addition
                  ) -> Edit | None:
    """The edit adding ``addition``'s entry as the last of its list, or None when the list
    is not written where its mark says (or the entry cannot be read back)."""
    mark = definition.marks.get(addition.list_path)
    if mark is None or not 1 <= mark.line <= len(lines):
        return None
    entry = flow_text(addition.entry)
    try:
        parsed = parse_document(f"- {entry}\n", definition.path).root
    except InputError:
        return None
    if not isinstance(parsed, Seq) or len(parsed.items) != 1:
        return None
    row = lines[mark.line - 1]
    indent = len(row) - len(row.lstrip())
    if row[mark.column - 1:].startswith("[]"):
        start = len(row[:mark.column - 1].rstrip())  # the spaces before [] go with it
        return Edit(addition.list_path, mark.line, start + 1, row[start:mark.column + 1],
                    f"\n{' ' * (indent + 2)}- {entry}", parsed.items[0])
    item_indent = mark.column - 1
    if row.lstrip()[:1] != "-" or row[item_indent:item_indent + 1] != "-":
        return None
    last = mark.line
    for number in range(mark.line + 1, len(lines) + 1):
        text = lines[number - 1]
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        depth = len(text) - len(text.lstrip())
        if depth < item_indent or depth == item_indent and not text.lstrip().startswith("-"):
            break
        last = number
    return Edit(addition.list_path, last, 0, "", f"{' ' * item_indent}- {entry}",
                parsed.items[0])


def flow_text(entry: Any, top: bool = True) -> str:
    """Plain data as one line of YAML: a list entry's mapping without braces, an inner one
    within them (``buy: {item: speed, ship: Kestrel}``)."""
    if isinstance(entry, dict):
        inner = ", ".join(f"{key}: {flow_text(item, False)}" for key, item in entry.items())
        return inner if top else f"{{{inner}}}"
    if isinstance(entry, str):
        return yaml_text(entry)
    return json.dumps(entry)


def exact_mark(definition: Definition, path: KeyPath) -> Mark | None:
    """Where the value at the data's ``path`` was written; a value a field takes alone or
    in a list (a Damage level's one affect) is kept by the model as a list of one, at
    ``(..., 0, ...)``. None when neither is known (never a guess at an ancestor)."""
    if path in definition.marks:
        return definition.marks[path]
    for at in range(1, len(path)):
        padded = (*path[:at], 0, *path[at:])
        if padded in definition.marks:
            return definition.marks[padded]
    return None


def swap_steps(path: KeyPath, value: str, row: str, line: int, column: int, swaps: Swaps,
               swapped: dict[KeyPath, tuple[Edit, Sequence[str]]]) -> list[Step]:
    """The name at ``path`` swapped for each the game offers in its place."""
    others = swaps(path, value)
    token = scalar_token(row, column)
    if not others or token is None or unquote(token) != value:
        return []
    swapped[path] = (Edit(path, line, column, token, token), others)
    return [Step.one(Edit(path, line, column, token, yaml_text(other))) for other in others]


def exchanges(swapped: dict[KeyPath, tuple[Edit, Sequence[str]]]) -> list[Step]:
    """Two values of one mapping exchanged, where each is offered in the other's place."""
    steps = []
    paths = sorted(swapped, key=str)
    for i, first in enumerate(paths):
        for second in paths[i + 1:]:
            if first[:-1] != second[:-1]:
                continue
            (a, a_offers), (b, b_offers) = swapped[first], swapped[second]
            if unquote(b.old) in a_offers and unquote(a.old) in b_offers:
                label = (f"exchange {'.'.join(map(str, first))} and "
                         f"{'.'.join(map(str, second))} ({unquote(a.old)} <-> "
                         f"{unquote(b.old)})")
                steps.append(Step((Edit(first, a.line, a.column, a.old, b.old),
                                   Edit(second, b.line, b.column, b.old, a.old)), label))
    return steps


def scalar_token(row: str, column: int) -> str | None:
    """The text of the scalar starting at ``column`` (1-based) of ``row``, quotes included."""
    start = column - 1
    if start >= len(row):
        return None
    quote = row[start]
    if quote in "\"'":
        end = start + 1
        while end < len(row):
            if row[end] == quote and (quote == "'" or row[end - 1] != "\\"):
                if quote == "'" and row[end + 1:end + 2] == "'":
                    end += 2
                    continue
                return row[start:end + 1]
            end += 1
        return None
    found = re.match(r"[^,\]\}#]*", row[start:])
    text = found.group(0).rstrip() if found else ""
    return text or None


def unquote(token: str) -> str:
    """A scalar's value from its text (``"-# Speed"`` is ``-# Speed``)."""
    try:
        value = yaml.safe_load(token)
    except yaml.YAMLError:
        return token
    return value if isinstance(value, str) else token


def yaml_text(name: str) -> str:
    """``name`` as YAML text: plain where it reads back as itself, else double-quoted."""
    plain = _PLAIN.fullmatch(name) and ": " not in name and _reads_as(name)
    return name if plain else json.dumps(name)


def _reads_as(name: str) -> bool:
    """Whether ``name`` written plain reads back as the same text (not ``yes``, ``1.5``)."""
    try:
        return bool(yaml.safe_load(name) == name)
    except yaml.YAMLError:
        return False


def walk(data: Any, path: KeyPath) -> Iterator[tuple[KeyPath, Any]]:
    """Every value in the file's data with its key path (entries before their insides)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*path, key), value
            yield from walk(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield (*path, index), value
            yield from walk(value, (*path, index))


def one_line(lines: Sequence[str], line: int) -> bool:
    """Whether the entry starting on ``line`` ends there (the next line is no deeper)."""
    indent = len(lines[line - 1]) - len(lines[line - 1].lstrip(" -"))
    following = next((t for t in lines[line:] if t.strip() and not t.lstrip().startswith("#")),
                      "")
    return len(following) - len(following.lstrip(" -")) <= indent or not following


def apply(text: str, edits: Sequence[Edit]) -> str | None:
    """The text with ``edits`` made; None when two of them touch one value or line."""
    lines = text.splitlines(keepends=True)
    if len({(e.line, e.column) for e in edits}) != len(edits):
        return None
    removed = {e.line for e in edits if e.new is None}
    for edit in sorted(edits, key=lambda e: (e.line, -e.column)):
        if edit.new is None:
            continue
        if edit.column == 0:  # a line added after this one
            row = lines[edit.line - 1]
            lines[edit.line - 1] = (row if row.endswith("\n") else row + "\n") + edit.new + (
                "\n" if row.endswith("\n") else "")
            continue
        if edit.line in removed:
            return None
        row = lines[edit.line - 1]
        start = edit.column - 1
        if row[start:start + len(edit.old)] != edit.old:
            return None
        lines[edit.line - 1] = row[:start] + edit.new + row[start + len(edit.old):]
    return "".join(t for n, t in enumerate(lines, start=1) if n not in removed)


def edit_document(document: Document, edits: Sequence[Edit]) -> Document | None:
    """The document as the edited text would read, made on its nodes (only the containers
    on each edit's path are copied): a search measures hundreds of edits without parsing
    the file again for each. None when an edit's path is not in the nodes."""
    root = document.root
    for edit in sorted(edits, key=lambda e: (e.new is None, _order(e.path))):
        changed = _edit_node(root, edit.path, edit)
        if changed is None:
            return None
        root = changed
    return Document(document.path, root, document.duplicates, document.cut_texts)


def _order(path: KeyPath) -> tuple[int, ...]:
    """Removals last, from the highest index down, so earlier ones shift nothing later."""
    return tuple(-p if isinstance(p, int) else 0 for p in path)


def _edit_node(node: Node, path: KeyPath, edit: Edit) -> Node | None:
    """``node`` with the value at ``path`` replaced (or removed, or added to), as a new
    node."""
    if not path and edit.adds is not None:
        return Seq(node.mark, [*node.items, edit.adds]) if isinstance(node, Seq) else None
    if not path:
        if edit.new is None or not isinstance(node, Scalar):
            return None
        value = int(edit.new) if _NUMBER.fullmatch(edit.new) else unquote(edit.new)
        return Scalar(node.mark, value, node.block)
    key, rest = path[0], path[1:]
    if isinstance(node, Map) and key in node.entries:
        entries = dict(node.entries)
        entry = entries[key]
        if not rest and edit.new is None:
            del entries[key]
        else:
            inner = _edit_node(entry.value, rest, edit)
            if inner is None:
                return None
            entries[key] = Entry(entry.key, entry.key_mark, inner)
        return Map(node.mark, entries)
    if isinstance(node, Seq) and isinstance(key, int) and 0 <= key < len(node.items):
        items = list(node.items)
        if not rest and edit.new is None:
            del items[key]
        else:
            inner = _edit_node(items[key], rest, edit)
            if inner is None:
                return None
            items[key] = inner
        return Seq(node.mark, items)
    return None
