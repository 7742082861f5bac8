"""Rows of a spreadsheet (CSV or XLSX) read as the nodes a YAML file gives, each cell
remembering its file, row and column.

A designer who keeps a deck in a table (as Squib and nanDECK users do) writes one row per
item, card or pilot, and a header row naming the keys the YAML form uses: ``name``,
``value``, ``effect``... A dotted header fills a mapping (``skills.piloting``). Each row
becomes a :class:`~generator.input.nodes.Map` whose values are :class:`Scalar` nodes marked
``file:row:column`` (the row as the spreadsheet numbers it, the header being row 1; the
column counted from 1, A being 1), so every finding about a cell points at that cell and
the same schema and rules judge it as if it were YAML. An empty cell is a key left out.

A CSV cell's text is typed as YAML would type a plain value of its kind: a whole number,
a decimal, ``true`` or ``false``, or text; an XLSX cell keeps the type the spreadsheet gave
it (a whole number written as 3.0 is 3).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.errors import InputError
from generator.input.nodes import LIMITS, Entry, Map, Mark, Node, Scalar
from generator.input.source import read_regular_file

TABLE_SUFFIXES = (".csv", ".xlsx")
_INT = re.compile(r"[-+]?[0-9]+")
_FLOAT = re.compile(r"[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?")
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


@dataclass(frozen=True)
class Row:
    """One row below the header: its number in the sheet and its cells as a mapping."""

    number: int
    node: Map


def read_table(path: Path, shown: str, sheet: str = "") -> list[Row]:
    """Every non-empty row of the table at ``path`` (``shown`` is how findings name it).

    Raises InputError, at the cell where it can, for a file that cannot be read, an unknown
    sheet, a header cell that is empty, repeated or not a key, or a file with no header."""
    cells = table_cells(path, shown, sheet)
    if not cells or not any(_present(c) for c in cells[0]):
        raise InputError("the table has no header row naming its columns", file=shown,
                         line=1, column=1, hint="write the keys (name, value...) in row 1")
    header = _header(cells[0], shown)
    rows = []
    for number, values in enumerate(cells[1:], start=2):
        if any(_present(value) for value in values):
            rows.append(Row(number, _row_node(header, values, shown, number)))
    return rows


def table_cells(path: Path, shown: str, sheet: str = "") -> list[list[Any]]:
    """Every row of the table at ``path`` as its cells' values, the header first (as
    :func:`read_table` reads them; ``paddock serve`` shows them)."""
    if path.suffix.lower() == ".xlsx":
        return _xlsx_cells(path, shown, sheet)
    if path.suffix.lower() == ".csv":
        return _csv_cells(path, shown)
    raise InputError("a table must be a .csv or .xlsx file", file=shown,
                     hint="save the sheet as CSV (UTF-8) or as an Excel workbook")


def _present(value: Any) -> bool:
    return value is not None and not (isinstance(value, str) and not value.strip())


def _header(cells: list[Any], shown: str) -> list[tuple[str, ...] | None]:
    """Each column's key path, from its header cell (None: an empty column, ignored)."""
    keys: list[tuple[str, ...] | None] = []
    seen: dict[tuple[str, ...], int] = {}
    for column, cell in enumerate(cells, start=1):
        if not _present(cell):
            keys.append(None)
            continue
        text = str(cell).strip()
        path = tuple(text.split("."))
        if not all(_KEY.fullmatch(part) for part in path):
            raise InputError(f"the header {text!r} is not a key", file=shown, line=1,
                             column=column, hint="write a key as in the YAML form: name, "
                             "value, or skills.piloting for one inside a mapping")
        if path in seen:
            raise InputError(f"the header {text!r} is written twice (columns {seen[path]} "
                             f"and {column})", file=shown, line=1, column=column,
                             hint="keep one column per key")
        seen[path] = column
        keys.append(path)
    return keys


def _row_node(header: list[tuple[str, ...] | None], values: list[Any], shown: str,
              number: int) -> Map:
    """One row as a mapping (dotted headers nested), each value marked at its cell."""
    root = Map(Mark(shown, number, 1))
    for column, (path, value) in enumerate(zip(header, values, strict=False), start=1):
        if path is None:
            if _present(value):
                raise InputError("a value under an empty header", file=shown, line=number,
                                 column=column, hint="name the column in row 1, or clear "
                                 "the cell")
            continue
        if not _present(value):
            continue
        mark = Mark(shown, number, column)
        where = root
        for key in path[:-1]:
            entry = where.entries.get(key)
            if entry is None or not isinstance(entry.value, Map):
                entry = Entry(key, mark, Map(mark))
                where.entries[key] = entry
            assert isinstance(entry.value, Map)
            where = entry.value
        where.entries[path[-1]] = Entry(path[-1], mark, Scalar(mark, _typed(value)))
    return root


def _typed(value: Any) -> Any:
    """A cell's value as the YAML form would hold it."""
    if isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if not isinstance(value, str):
        return value
    text = value.strip()
    if _INT.fullmatch(text) and len(text) <= 15:
        return int(text)
    if _FLOAT.fullmatch(text):
        return float(text)
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def _csv_cells(path: Path, shown: str) -> list[list[Any]]:
    data = read_regular_file(path, shown, LIMITS)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError("the table is not UTF-8 text", file=shown,
                         hint="save it as 'CSV UTF-8'") from exc
    try:
        return list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        raise InputError(f"the table cannot be read as CSV: {exc}", file=shown) from exc


def _xlsx_cells(path: Path, shown: str, sheet: str) -> list[list[Any]]:
    import zipfile

    from openpyxl import load_workbook  # only where a workbook is read

    data = read_regular_file(path, shown, LIMITS)
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        raise InputError("the workbook cannot be read", file=shown,
                         hint="save it again as an Excel workbook (.xlsx)") from exc
    if sheet and sheet not in book.sheetnames:
        raise InputError(f"the workbook has no sheet {sheet!r} (it has "
                         f"{', '.join(book.sheetnames)})", file=shown)
    chosen = book[sheet] if sheet else book.worksheets[0]
    return [list(row) for row in chosen.iter_rows(values_only=True)]


def node_value(node: Node | None) -> Any:
    """The plain value of a scalar node (None for anything else)."""
    return node.value if isinstance(node, Scalar) else None
