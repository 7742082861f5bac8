"""YAML loading that keeps the file, line and column of every value.

PyYAML's ``safe_load`` returns plain values and forgets where they came from; it also keeps
the last of two duplicate keys without a word. We build our own small node types, each carrying
a :class:`Mark`, straight from the safe parser's events, and report every duplicate key. Only
the core schema's tags are accepted, and every file is held to :class:`Limits` (size, depth,
values with aliases counted, text length, number range) so that no input, however broken or
hostile, crashes, hangs or exhausts memory: it is refused at its position.
"""

from __future__ import annotations

import stat
from pathlib import Path

import yaml

from generator.errors import InputError
from generator.input.composer import _Composer
from generator.input.nodes import (
    ALLOWED_TAGS,
    LIMITS,
    Block,
    CutText,
    Document,
    DuplicateKey,
    Entry,
    Limits,
    Map,
    Mark,
    MarkTable,
    Node,
    Scalar,
    Seq,
    describe,
)
from generator.input.yaml_errors import excerpt, explain_syntax_error

__all__ = ["ALLOWED_TAGS", "LIMITS", "Block", "CutText", "Document", "DuplicateKey", "Entry",
           "Limits", "Map", "Mark", "MarkTable", "Node", "Scalar", "Seq", "describe",
           "display_path", "load_document", "parse_document", "read_regular_file"]


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

