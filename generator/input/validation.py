"""Validation of YAML values: what a check gathers, and the base of every value spec.

A :class:`Spec` validates one kind of value and records its finding at the value's own
file:line:column; :class:`Validation` gathers the findings and the position of every value of
one file. The value kinds are in ``values``; mappings declared on dataclasses in ``schema``.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from generator.input.findings import Finding, KeyPath, RuleBook
from generator.input.partial import Failed
from generator.input.source import Mark, Node, describe


class _Invalid:
    """Marks a value that failed validation (its finding is already recorded)."""

    def __repr__(self) -> str:
        return "INVALID"


INVALID: Any = _Invalid()

FORMAT_RULES: RuleBook[Any] = RuleBook(Path(__file__).with_name("format_rules.yaml"))


def show_path(path: KeyPath) -> str:
    """``('speed_table', 'move_2', 4)`` -> ``speed_table.move_2[4]``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"


def did_you_mean(word: str, candidates: Sequence[str]) -> str | None:
    """The closest candidate to a mistyped word, if one is close enough to suggest."""
    lowered = {c.lower(): c for c in candidates}
    if word.lower() in lowered:
        return lowered[word.lower()]
    matches = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[matches[0]] if matches else None


@dataclass
class Validation:
    """What one file's validation gathers: findings, and the position of every value."""

    source: str
    findings: list[Finding] = field(default_factory=list)
    marks: dict[KeyPath, Mark] = field(default_factory=dict)
    # Where each missing-key finding sits in ``findings``, so a key written one block too far
    # out can be linked to the key its block misses.
    missing: dict[KeyPath, int] = field(default_factory=dict)
    # What could be kept of each mapping or list that failed (by key path): the values that
    # parsed, with Failed where one did not, so rules can still read the rest.
    partials: dict[KeyPath, Any] = field(default_factory=dict)
    # The mappings being read around the value in hand, innermost last: (the key of the
    # field being read, the mapping's node, the mapping's spec), so a key written in the
    # wrong block can be sent where it belongs.
    enclosing: list[tuple[str, Any, Any]] = field(default_factory=list)

    def salvage(self, path: KeyPath, value: Any) -> Any:
        """What stands for the value at ``path``: itself, or what could be kept of it."""
        if value is not INVALID:
            return value
        return self.partials.get(path, Failed(path))

    def fail(self, rule_id: str, mark: Mark, path: KeyPath, source: str | None = None,
             **params: Any) -> Any:
        """Record a format finding and return INVALID so callers can ``return v.fail(...)``."""
        finding = FORMAT_RULES[rule_id].finding(mark, path=show_path(path), **params)
        self.findings.append(dataclasses.replace(finding, source=source or self.source))
        return INVALID


# Key paths repeat from file to file (every vehicle has ``("speed_table", "move_2", 4)``):
# the marks of a thousand vehicles share one tuple per path instead of holding their own.
_PATHS: dict[KeyPath, KeyPath] = {}


def shared_path(path: KeyPath) -> KeyPath:
    """The one stored copy of ``path`` (stored on first sight)."""
    return _PATHS.setdefault(path, path)


class Spec:
    """Validates one kind of value. Subclasses say what they expect in plain words;
    ``shape`` is the kind of YAML node it takes (a scalar, text, a whole number, a list or a
    mapping), so an ``Either`` can pick an alternative by the node's shape."""

    expected = "a value"
    source: str | None = None
    shape = "scalar"

    def validate(self, node: Node, path: KeyPath, v: Validation) -> Any:
        v.marks[shared_path(path)] = node.mark
        return self.check(node, path, v)

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        raise NotImplementedError

    def wrong_type(self, node: Node, path: KeyPath, v: Validation) -> Any:
        return v.fail("SCHEMA-TYPE", node.mark, path, self.source,
                      expected=self.expected, found=describe(node))

    def out_of_range(self, node: Node, path: KeyPath, v: Validation, hint: str = "") -> Any:
        return v.fail("SCHEMA-VALUE", node.mark, path, self.source,
                      expected=self.expected, found=describe(node), extra=hint)

    # What the rules add to this value's JSON Schema for editors (Resilience 0-2, a speed row
    # of seven), merged over what the spec itself says: see ``json_schema``.
    also: dict[str, Any] | None = None

    def json_schema(self) -> dict[str, Any]:
        """This value as JSON Schema, for editors: exactly the values ``check`` accepts (the
        same spellings, ranges, lengths and names), declared beside the check itself."""
        return {**self.own_schema(), **(self.also or {})}

    def own_schema(self) -> dict[str, Any]:
        """The JSON Schema of what ``check`` accepts; {} (anything) unless a kind says."""
        return {}

    def describe_doc(self) -> str:
        """What this spec accepts, for the generated reference."""
        return self.expected

    def show_default(self, value: Any) -> str:
        """A default as the reference shows it."""
        return repr(value)

    def nested(self) -> Mapped | None:
        """The struct this spec holds (directly or as items), for the reference walk."""
        return None


@dataclass(frozen=True)
class FieldInfo:
    """A declared field as the schema reference shows it."""

    name: str
    spec: Spec
    doc: str
    required: bool
    default: Any
    source: str | None


class Mapped(Protocol):
    """A spec of a mapping of declared fields (``schema.Struct``): its model and fields."""

    model: type
    fields: list[FieldInfo]


# YAML 1.1 (PyYAML, and so ``check``) reads these words as true or false; an editor's YAML 1.2
# reads them as text. A Bool takes them, a Text does not.
YAML_BOOL_WORDS = tuple(w for word in ("yes", "no", "on", "off", "true", "false")
                        for w in (word, word.capitalize(), word.upper()))


def any_case(word: str) -> str:
    """A regular expression matching ``word`` in any case (JSON Schema has no flags)."""
    out = []
    for char in word:
        if char.lower() != char.upper():
            out.append(f"[{char.lower()}{char.upper()}]")
        else:
            out.append(re.escape(char) if char not in " " else " ")
    return "".join(out)
