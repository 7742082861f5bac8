"""Waivers written in a definition file: ``# paddock: allow RULE-ID -- reason``.

A designer who means a warning acknowledges it where it is, as ruff's ``noqa`` does:

- at the end of a line, the comment waives the rule for findings on that line;
- on a line of its own in the comment block at the top of the file (before the first key),
  for the whole file;
- on a line of its own further down, for the next line that holds a value.

Several rules may share one comment (``allow FR-CARDS-DUAL, FR-MOVE-EVEN-SPREAD``); the
reason after ``--`` is required (a waiver says why). Reading the comments is this module's
work; deciding which findings they waive, and reporting waivers that waive nothing, is
:mod:`generator.project.waiving`'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.input.source import Mark

_WAIVER = re.compile(r"#\s*paddock:\s*allow\b\s*(?P<rules>[^#]*?)\s*(?:--\s*(?P<reason>.*?))?\s*$")
_RULE = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+")


@dataclass(frozen=True)
class Waiver:
    """One rule waived: where the waiver is written, what it covers and why."""

    rule: str
    reason: str  # empty when the comment gives none (itself a finding)
    mark: Mark  # where the waiver is written
    file: str  # the file whose findings it may waive
    line: int | None = None  # the line it covers; None: the whole file
    pattern: str | None = None  # a kit waiver: the files it covers (a glob), None: all


def comment_start(text: str) -> int | None:
    """Where the YAML comment of a line starts (a '#' outside quotes, at the line's start
    or after a space), or None."""
    quote: str | None = None
    for index, char in enumerate(text):
        if quote:
            if char == quote:
                quote = None
        elif char in "'\"" and (index == 0 or text[index - 1] in " :[{,-"):
            quote = char
        elif char == "#" and (index == 0 or text[index - 1] in " \t"):
            return index
    return None


def read_waivers(text: str, file: str) -> list[Waiver]:
    """Every waiver the comments of one file hold, each with the lines it covers."""
    found: list[Waiver] = []
    lines = text.splitlines()
    at_top = True
    pending: list[Waiver] = []  # on a line of their own: they cover the next value's line
    for number, line in enumerate(lines, start=1):
        start = comment_start(line)
        content = (line if start is None else line[:start]).strip()
        if content and not content.startswith("---"):
            at_top = False
            found += [Waiver(w.rule, w.reason, w.mark, file, number) for w in pending]
            pending = []
        if start is None:
            continue
        match = _WAIVER.match(line[start:])
        if match is None:
            continue
        reason = (match.group("reason") or "").strip()
        for rule in _RULE.finditer(match.group("rules")):
            mark = Mark(file, number, start + 1 + match.start("rules") + rule.start())
            waiver = Waiver(rule.group(0).upper(), reason, mark, file)
            if content:
                found.append(Waiver(waiver.rule, reason, mark, file, number))
            elif at_top:
                found.append(waiver)
            else:
                pending.append(waiver)
    # After the last value there is no line to cover: such a waiver is reported unused.
    return found + [Waiver(w.rule, w.reason, w.mark, file, 0) for w in pending]
