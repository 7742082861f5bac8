"""Pieces for the JSON Schema a rule declares beside its check (``RuleBook.editor_schema``):
a rule's subschema applies to the whole file, so it reaches its value through the fields'
names, and a condition on a value names the spellings ``check`` takes for it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.input.validation import any_case

# In a path, EVERY stands for each item of a list, EACH_VALUE for each value of a mapping
# whose keys are data (a track's legend, by character).
EVERY = None
EACH_VALUE = "*"


def at(path: Sequence[str | None], body: dict[str, Any]) -> dict[str, Any]:
    """A subschema of the whole file that holds the value at ``path`` (field names, EVERY
    for each item of a list, EACH_VALUE for each value of a mapping) to ``body``; a file
    without that value passes it."""
    for part in reversed(path):
        body = ({"items": body} if part is EVERY else {"additionalProperties": body}
                if part == EACH_VALUE else {"properties": {part: body}})
    return body


def has(path: Sequence[str], body: dict[str, Any]) -> dict[str, Any]:
    """A condition: the value at ``path`` (field names) is there and fits ``body``."""
    for part in reversed(path):
        body = {"type": "object", "properties": {part: body}, "required": [part]}
    return body


def when(condition: dict[str, Any], then: dict[str, Any]) -> dict[str, Any]:
    """``then`` holds wherever ``condition`` does."""
    return {"if": condition, "then": then}


def integer_is(value: int) -> dict[str, Any]:
    """A whole number equal to ``value`` (3.0 is 3 to both); anything else is left to the
    field's own schema."""
    return {"if": {"type": "integer"}, "then": {"const": value}}


def same_letters(names: Sequence[str], plural: bool = False) -> str:
    """A pattern for the texts whose letters and digits, in any case, spell one of
    ``names``: what a check comparing ``casefold`` letters and digits alone calls equal.
    ``plural`` also takes each name with an 's' after it ('Rockets' for 'Rocket')."""
    gap = "[^A-Za-z0-9]*"
    keys = ["".join(c for c in name.casefold() if c.isalnum()) for name in names]
    tail = "(" + gap + "[sS])?" if plural else ""
    return ("^" + gap + "(" + "|".join(gap.join(any_case(c) if c.isalpha() else c
                                                 for c in key) for key in keys)
            + ")" + tail + gap + "$")
