"""YAML syntax errors in plain words, at the right place, like a compiler shows them.

PyYAML reports what its parser met (``mapping values are not allowed in this context``),
often a line after the mistake (an unclosed ``[`` is noticed where the next key starts). Here
the common mistakes are recognised from the error and the source lines, pointed at where they
are (the ``[`` or quote that opened, the tab, the ``:`` inside text) and explained with what
to do. Anything not recognised keeps PyYAML's words, with the line and a caret.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

from generator.errors import InputError

_KEY = re.compile(r"^(\s*(?:-\s+)?)([^\s#'\"][^:#]*?):\s")


@dataclass(frozen=True)
class Explanation:
    """What went wrong, where (line and column from 1), and what to do about it."""

    message: str
    line: int
    column: int
    hint: str


def excerpt(lines: list[str], line: int, column: int) -> str | None:
    """The source line ``line`` with a caret under ``column``, as compilers show it."""
    if not 1 <= line <= len(lines):
        return None
    # Tabs as one space keep the caret aligned; other control characters could drive the
    # terminal (an escape sequence), so they show as a replacement character.
    text = "".join(" " if c == "\t" else "\ufffd" if ord(c) < 32 or c == "\x7f" else c
                   for c in lines[line - 1])
    if len(text) > 120:  # keep the caret's neighbourhood of a very long line
        start = max(0, min(column - 60, len(text) - 120))
        text, column = text[start:start + 120], column - start
    number = f"{line:>5}"
    return f"{number} | {text}\n{' ' * len(number)} | {' ' * (column - 1)}^"


def explain_syntax_error(exc: yaml.MarkedYAMLError, shown: str, lines: list[str]) -> InputError:
    """The InputError for a YAML syntax error: recognised and explained where possible."""
    explanation = explain(exc, lines)
    return InputError(f"YAML syntax error: {explanation.message}", file=shown,
                      line=explanation.line, column=explanation.column,
                      hint=explanation.hint, rule="YAML-SYNTAX",
                      excerpt=excerpt(lines, explanation.line, explanation.column))


def explain(exc: yaml.MarkedYAMLError, lines: list[str]) -> Explanation:
    """Recognise the common mistakes; otherwise PyYAML's words at a corrected position."""
    problem = exc.problem or "YAML syntax error"
    context = exc.context or ""
    mark = exc.problem_mark or exc.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    for recognise in (_tab, _unclosed, _text_after_quote, _colon_in_text, _bad_indentation,
                      _no_colon, _reserved_character, _star, _item_after_key,
                      _not_a_list_item):
        found = recognise(exc, lines, line, column)
        if found is not None:
            return found
    line, column = _back_to_last_content(lines, line, column)
    words = f"{problem} ({context})" if context else problem
    return Explanation(words, line, column, "check indentation and quoting near this position")


def _tab(exc: yaml.MarkedYAMLError, lines: list[str], line: int, column: int
         ) -> Explanation | None:
    """A tab in the indentation of the problem line (or the one before)."""
    if "tab" not in (exc.problem or "") and "cannot start any token" not in (exc.problem or ""):
        return None
    for number in (line, line - 1):
        if 1 <= number <= len(lines):
            text = lines[number - 1]
            indent = text[:len(text) - len(text.lstrip(" \t"))]
            if "\t" in indent:
                return Explanation("a tab in the indentation", number, indent.index("\t") + 1,
                                   "YAML needs spaces, not tabs: indent with spaces")
    return None


def _unclosed(exc: yaml.MarkedYAMLError, lines: list[str], line: int, column: int
              ) -> Explanation | None:
    """An unclosed bracket, brace or quote: point at where it opened."""
    context, mark = exc.context or "", exc.context_mark
    if mark is None:
        return None
    opened_line, opened_column = mark.line + 1, mark.column + 1
    if "flow sequence" in context or "flow mapping" in context:
        opener = "[" if "sequence" in context else "{"
        closer = "]" if opener == "[" else "}"
        if _char(lines, line, column) == ":" and closer in lines[line - 1][column:]:
            return _colon_in_flow(lines, line, column)  # closed: a second ':' stopped it
        return Explanation(f"this '{opener}' is never closed", opened_line, opened_column,
                           f"close it with '{closer}' after the last item (items are "
                           f"separated by ', ')")
    if "quoted scalar" in context:
        quote = _char(lines, opened_line, opened_column) or "'"
        return Explanation(f"this {quote} is never closed", opened_line, opened_column,
                           f"end the text with {quote} on the same line"
                           + (" (write '' for a quote inside it)" if quote == "'" else ""))
    return None


def _colon_in_flow(lines: list[str], line: int, column: int) -> Explanation | None:
    """``- {name: Bog: Born}``: the brace is closed; a second ': ' inside a value of a
    ``{...}`` or ``[...]`` is what YAML cannot read."""
    if not 1 <= line <= len(lines):
        return None
    text = lines[line - 1]
    start = max(text.rfind(mark, 0, column - 1) for mark in ",{[") + 1
    ends = [i for i in (text.find(mark, column) for mark in ",}]") if i >= 0]
    item = text[start:min(ends) if ends else len(text)].strip()
    key, _, value = item.partition(": ")
    fixed = f'{key}: "{value}"' if value else f'"{item}"'
    return Explanation("': ' inside a value starts a new key (in '{...}' items are "
                       "separated by ', ')", line, column, f"quote the text: {fixed}")


def _text_after_quote(exc: yaml.MarkedYAMLError, lines: list[str], line: int, column: int
                      ) -> Explanation | None:
    """``name: 'Red' Comet``: text goes on after the closing quote."""
    if not 1 <= line <= len(lines):
        return None
    before = lines[line - 1][:column - 1].rstrip()
    if not before.endswith(("'", '"')) or not lines[line - 1][column - 1:].strip():
        return None
    return Explanation("text goes on after the closing quote", line, column,
                       "quote the whole text: " + _quoted_line(lines[line - 1]))


def _colon_in_text(exc: yaml.MarkedYAMLError, lines: list[str], line: int, column: int
                   ) -> Explanation | None:
    """``background: The crew: three goats``: a second ': ' on a line that has a key."""
    if "mapping values are not allowed" not in (exc.problem or "") or not 1 <= line <= len(lines):
        return None
    text = lines[line - 1]
    key = _KEY.match(text)
    if key is None or key.end() > column:
        return None
    return Explanation("': ' inside a value starts a new key", line, column,
                       "quote the text: " + _quoted_line(text))


def _bad_indentation(exc: yaml.MarkedYAMLError, lines: list[str], line: int, column: int
                     ) -> Explanation | None:
    """A key indented deeper or shallower than the block it sits in."""
    problem = exc.problem or ""
    if not 1 <= line <= len(lines):
        return None
    text = lines[line - 1]
    indent = len(text) - len(text.lstrip(" "))
    if "mapping values are not allowed" in problem:
        return Explanation(f"this line is indented deeper ({_spaces(indent)}) than the key "
                           "above it", line, indent + 1,
                           "line it up with the keys of its block, or put the text in quotes "
                           "if it goes on from the line above")
    if "expected key" in problem or "expected <block end>" in problem:
        if indent + 1 != column or not text.strip():
            return None
        return Explanation(f"this line's indentation ({_spaces(indent)}) matches no block above "
                           "it", line, column, "indent it exactly like the other keys of its "
                           "block")
    return None


def _no_colon(exc: yaml.MarkedYAMLError, lines: list[str], line: int, column: int
              ) -> Explanation | None:
    """``whip:3`` or ``name Red Comet`` among keys: a line that is not ``key: value``."""
    if "could not find expected ':'" not in (exc.problem or ""):
        return None
    mark = exc.context_mark
    number = mark.line + 1 if mark else line
    if not 1 <= number <= len(lines):
        return None
    text = lines[number - 1]
    start = len(text) - len(text.lstrip(" "))
    tight = re.match(r"\s*([^\s:#]+):(\S.*)$", text)
    if tight:
        colon = text.index(":", start)
        return Explanation("':' needs a space after it", number, colon + 1,
                           f"write '{tight.group(1)}: {tight.group(2)}'")
    return Explanation("this line is not 'key: value'", number, start + 1,
                       "add ':' after the key, or indent the line if it goes on from the "
                       "value above")


def _reserved_character(exc: yaml.MarkedYAMLError, lines: list[str], line: int, column: int
                        ) -> Explanation | None:
    """``a: @x``: '@', '`' and '%' cannot start a plain value."""
    char = _char(lines, line, column)
    if "cannot start any token" not in (exc.problem or "") or char not in ("@", "`", "%"):
        return None
    return Explanation(f"a value cannot start with '{char}'", line, column,
                       "quote the text: " + _quoted_line(lines[line - 1]))


def _star(exc: yaml.MarkedYAMLError, lines: list[str], line: int, column: int
          ) -> Explanation | None:
    """``difficulty: **``: a plain value starting with '*' is read as an alias (a reference
    to an anchor), so stars written as a rating must be quoted."""
    mark = exc.context_mark
    if "scanning an alias" not in (exc.context or "") or mark is None:
        return None
    line, column = mark.line + 1, mark.column + 1
    return Explanation("a value cannot start with '*' (YAML reads it as a reference to an "
                       "anchor)", line, column, "quote the text: " + _quoted_line(lines[line - 1]))


def _item_after_key(exc: yaml.MarkedYAMLError, lines: list[str], line: int, column: int
                    ) -> Explanation | None:
    """``traits: - Lucky``: a list item on the key's own line."""
    if "block sequence entries are not allowed" not in (exc.problem or ""):
        return None
    return Explanation("a list item '- ' cannot follow a key on its line", line, column,
                       "put each '- item' on a line of its own, indented under the key, or "
                       "write the list as [a, b]")


def _not_a_list_item(exc: yaml.MarkedYAMLError, lines: list[str], line: int, column: int
                     ) -> Explanation | None:
    """A line in a list that is not '- item': the parser notices at the end of the line
    before, so point at the line itself."""
    if "expected '-' indicator" not in (exc.problem or ""):
        return None
    number = line + 1 if line <= len(lines) and not lines[line - 1][column - 1:].strip() \
        else line
    while number <= len(lines) and not lines[number - 1].strip():
        number += 1
    if number > len(lines):
        return None
    text = lines[number - 1]
    indent = len(text) - len(text.lstrip(" "))
    return Explanation("this line is not an item of the list above it", number, indent + 1,
                       "start it with '- ' to add an item, or indent it under an item, or "
                       "line it up with the key that holds the list")


def _back_to_last_content(lines: list[str], line: int, column: int) -> tuple[int, int]:
    """PyYAML notices a missing thing at the next token, often at the start of a later line
    or the end of the file: point just after the last character written before it."""
    number = min(line, len(lines) + 1)
    if number <= len(lines) and lines[number - 1][:column - 1].strip():
        return line, column
    number -= 1
    while number >= 1 and not lines[number - 1].strip():
        number -= 1
    if number < 1:
        return line, column
    return number, len(lines[number - 1].rstrip()) + 1


def _spaces(count: int) -> str:
    return f"{count} space{'s' * (count != 1)}"


def _char(lines: list[str], line: int, column: int) -> str | None:
    if 1 <= line <= len(lines) and 1 <= column <= len(lines[line - 1]):
        return lines[line - 1][column - 1]
    return None


def _quoted_line(text: str) -> str:
    """``key: some: text`` -> ``key: "some: text"``, the fix to show in a hint."""
    key = _KEY.match(text)
    if key is None:
        return '"' + text.strip().replace("\\", "\\\\").replace('"', '\\"') + '"'
    value = text[key.end():].strip()
    if value[:1] in ("'", '"') and value.count(value[0]) >= 2:
        value = value.replace(value[0], "")
    value = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'{key.group(2)}: "{value}"'
