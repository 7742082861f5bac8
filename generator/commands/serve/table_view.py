"""A spreadsheet the kit names (``tables:``) as the studio's page shows it: its cells in a
grid numbered as the spreadsheet numbers them (row 1 the header, column A first), each
cell marked with the findings about it, so a finding at ``file:row:column`` is seen beside
the cell it is about."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from generator.errors import InputError
from generator.input.findings import Finding, Severity
from generator.input.tables import table_cells

MOST_ROWS = 300  # rows drawn on the page (a finding further down is still listed)
_ORDER = (Severity.ERROR, Severity.WARNING, Severity.INFO)


def column_letters(number: int) -> str:
    """A spreadsheet's name for column ``number`` (1 is A, 27 is AA)."""
    letters = ""
    while number > 0:
        number, left = divmod(number - 1, 26)
        letters = chr(ord("A") + left) + letters
    return letters


def table_view(path: Path, shown: str, sheet: str, findings: Sequence[Finding]
               ) -> dict[str, Any] | None:
    """The table's grid for the page (see the module's docstring), or None when it cannot
    be read (a finding of the kit's says why)."""
    try:
        cells = table_cells(path, shown, sheet)
    except InputError:
        return None
    about: dict[tuple[int, int], list[Finding]] = {}
    for finding in findings:
        if finding.mark.file == shown:
            about.setdefault((finding.mark.line, finding.mark.column), []).append(finding)
    width = max((len(row) for row in cells[:MOST_ROWS]), default=0)
    rows = []
    for number, values in enumerate(cells[:MOST_ROWS], start=1):
        row = []
        for column in range(1, width + 1):
            value = values[column - 1] if column <= len(values) else None
            here = about.get((number, column), [])
            row.append({
                "text": "" if value is None else str(value),
                "severity": worst(here),
                "notes": "; ".join(f"{column_letters(column)}{number}: {f.severity.value} "
                                   f"{f.rule}: {f.message}" for f in here)})
        rows.append({"number": number, "cells": row})
    return {"columns": [column_letters(c) for c in range(1, width + 1)], "rows": rows,
            "sheet": sheet, "more": max(0, len(cells) - MOST_ROWS)}


def worst(findings: Sequence[Finding]) -> str:
    """The most severe of ``findings`` ('error', 'warning', 'info'), or '' for none; a
    waived finding counts as none."""
    shown = [f.severity for f in findings if f.waived is None]
    return next((s.value for s in _ORDER if s in shown), "")
