"""A template's rendered blocks as the layouts read them, and the checks that keep a user's
template readable by a layout written for ours: every block the layout asks for is there, and
a list block (one item per line) has the rows ours has."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path

from generator.errors import TemplateError


class Blocks(dict[str, str]):
    """A template's rendered blocks by name; reading one it does not have is an error at the
    template (a user's template that drops a block the layout needs), not a crash."""

    def __init__(self, rendered: Mapping[str, str], origin: Callable[[], str]) -> None:
        super().__init__(rendered)
        self.origin = origin  # where the template is, asked only when a block is missing

    def __missing__(self, block: str) -> str:
        raise TemplateError(f"{self.origin()}: has no block {block!r}, which this component "
                            "prints; define it, or extend the matching *-base.j2 template")


def _row_shape(text: str, cells: bool) -> tuple[int, ...]:
    """A list block's lines as a layout reads them (a last newline ends the last line):
    for each, its number of words for a table of cells, else whether it is written."""
    text = text[:-1] if text.endswith("\n") else text
    rows = text.split("\n") if text else []
    return tuple(len(row.split()) if cells else int(bool(row.strip())) for row in rows)


def check_rows(users: Mapping[str, str], blocks: Mapping[str, str],
               ours: Mapping[str, str]) -> None:
    """Each list block a user's template writes (``users``: the file each is in) gives as
    many lines as ours does for the same context (``ours``), blank where ours are blank,
    and in a table of cells as many words a line: a layout lines them up with the rows
    they label, one to one. A :class:`TemplateError` at the block's line otherwise."""
    for block, filename in users.items():
        text = blocks[block]
        expected = ours.get(block)
        if expected is None or "\n" not in expected.rstrip("\n") and \
                not block.endswith(("lines", "cells")):
            continue
        cells = block.endswith("cells")
        have, want = _row_shape(text, cells), _row_shape(expected, cells)
        if have != want:
            what = "words in each line" if cells and len(have) == len(want) else \
                "blank and written lines"
            raise TemplateError(
                f"{filename}:{line_of(filename, block, '')}: block {block} gives "
                f"{len(have)} line{'s' * (len(have) != 1)} where the layout reads "
                f"{len(want)}, one per row with the same {what} as ours; keep one line "
                "per item")


def line_of(filename: str, block: str, snippet: str) -> int:
    """The line of ``snippet`` inside ``block`` of a template file (the block's own line
    when the snippet is not written there literally)."""
    try:
        lines = Path(filename).read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError):
        return 1
    start = next((i for i, line in enumerate(lines)
                  if re.search(r"{%-?\s*block\s+" + re.escape(block) + r"\b", line)), 0)
    for i in range(start, len(lines)):
        if snippet in lines[i]:
            return i + 1
        if i > start and re.search(r"{%-?\s*endblock", lines[i]):
            break
    return start + 1
