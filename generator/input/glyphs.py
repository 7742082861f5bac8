"""Text in a definition the embedded font cannot draw (an emoji in a name) is an error at
its file position, found before anything is printed rather than as an empty box on paper."""

from __future__ import annotations

import dataclasses
from typing import Any

from generator.input.findings import Finding, KeyPath
from generator.input.schema import FORMAT_RULES, show_path
from generator.text.markup import describe_character, missing_glyphs

NEVER_PRINTED = frozenset({"note", "game", "kind"})
"""Fields no component prints: any character is fine there."""


def value_at(model: Any, path: KeyPath) -> Any:
    """The model's value at a key path (None when the path leads nowhere)."""
    value = model
    for key in path:
        value = _step(value, key)
        if value is None:
            return None
    return value


def _step(value: Any, key: str | int) -> Any:
    if isinstance(value, tuple | list):
        return value[key] if isinstance(key, int) and 0 <= key < len(value) else None
    if isinstance(value, dict):
        return value.get(key)
    if isinstance(key, str) and dataclasses.is_dataclass(value):
        return getattr(value, key, None)
    return None


def glyph_findings(definition: Any) -> list[Finding]:
    """TEXT-GLYPH for every printed text value holding a character the font lacks."""
    findings = []
    for path, mark in definition.marks.items():
        if any(key in NEVER_PRINTED for key in path if isinstance(key, str)):
            continue
        value = value_at(definition.model, path)
        if not isinstance(value, str):
            continue
        for index, char in missing_glyphs(value)[:1]:
            finding = FORMAT_RULES["TEXT-GLYPH"].finding(
                mark, path=show_path(path), index=index + 1, character=describe_character(char))
            findings.append(dataclasses.replace(finding, source="Paddock print: embedded font"))
    return findings
