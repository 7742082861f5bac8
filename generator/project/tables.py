"""Decks kept in spreadsheets: the rows of the tables a kit names, made into definitions or
into entries of a definition's list, before anything is validated.

A kit's ``tables:`` entry names a CSV or XLSX file, a game and a kind. Without ``list``,
each row is one definition of that kind (a Joyride item per row), read as if it were a file
of its own with ``game:`` and ``kind:`` written in. With ``list`` (``cards.special``,
``pilots``), each row is one entry of that list in the definition its kind's column names
(``vehicle: Whisper Gig``, ``team: Hollow Star``), after the entries the YAML file writes.
Either way the rows become the same nodes a YAML file gives (see
:mod:`generator.input.tables`), so the same schema and rules judge them, and a finding about
a cell is reported at ``file:row:column``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import InputError
from generator.input.findings import Finding
from generator.input.nodes import Document, Entry, Map, Mark, Node, Scalar, Seq
from generator.input.schema import did_you_mean
from generator.input.source import display_path
from generator.input.tables import Row, node_value, read_table
from generator.project.kit import KIT_RULES, KitTable, LoadedKit
from generator.project.registry import GAMES


@dataclass
class TableRows:
    """What the kit's tables add to a load: definitions of their own, the rows each owner
    took (file -> rows, so a finding in a row belongs to its owner), and findings."""

    documents: list[Document] = field(default_factory=list)
    taken: dict[str, dict[str, set[int]]] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    files: list[str] = field(default_factory=list)


def read_tables(kit: LoadedKit, documents: Sequence[Document], whole: bool) -> TableRows:
    """Read every table ``kit`` names; rows that extend a list go into ``documents``'
    nodes (in place), rows that are definitions come back as documents. With ``whole``
    false (a build of single files, which reads its project's kit), only rows for the
    definitions read are taken: other rows are neither definitions nor reported."""
    result = TableRows()
    folder = Path(kit.path).parent
    for place, table in enumerate(kit.kit.tables):
        where = kit.locate(("tables", place))
        problem = target_problem(table)
        if problem:
            result.findings.append(KIT_RULES["TABLE-TARGET"].finding(
                kit.locate(("tables", place, problem[0])), message=problem[1],
                hint=problem[2]))
            continue
        path = folder / table.file
        shown = display_path(path)
        try:
            rows = read_table(path, shown, table.sheet)
        except InputError as exc:
            mark = (Mark(exc.file, exc.line, exc.column or 1) if exc.file and exc.line
                    else where)
            result.findings.append(KIT_RULES["TABLE-UNREADABLE"].finding(
                mark, message=f"{shown}: {exc.message}" if mark is where else exc.message,
                hint=exc.hint or "check the file's path, relative to the kit file's folder"))
            continue
        result.files.append(shown)
        if table.list:
            extend_lists(table, rows, shown, documents, result, whole)
        elif whole:
            result.documents.extend(row_document(table, row, shown) for row in rows)
    return result


def target_problem(table: KitTable) -> tuple[str, str, str] | None:
    """What is wrong with a table's game, kind or file name (key, message, hint), or None."""
    if table.game not in GAMES:
        suggestion = suggest(table.game, list(GAMES))
        return ("game", f"no game '{table.game}'{suggestion}",
                "one of " + ", ".join(GAMES))
    kinds = GAMES[table.game].kinds
    if table.kind not in kinds:
        suggestion = suggest(table.kind, list(kinds))
        return ("kind", f"{GAMES[table.game].title} has no kind '{table.kind}'{suggestion}",
                "one of " + ", ".join(kinds))
    if Path(table.file).suffix.lower() not in (".csv", ".xlsx"):
        return ("file", f"'{table.file}' is not a .csv or .xlsx file",
                "save the sheet as CSV (UTF-8) or as an Excel workbook")
    if table.sheet and Path(table.file).suffix.lower() == ".csv":
        return ("sheet", "a CSV file has no sheets", "leave sheet out, or use the .xlsx")
    return None


def suggest(word: str, known: Sequence[str]) -> str:
    """'; did you mean 'X'?' for the nearest of ``known``, or nothing."""
    near = did_you_mean(word, known)
    return f"; did you mean '{near}'?" if near else ""


def row_document(table: KitTable, row: Row, shown: str) -> Document:
    """One row as a definition of its own: ``game`` and ``kind`` written in, as the YAML
    form writes them, at the row's first cell."""
    mark = Mark(shown, row.number, 1)
    entries = {key: Entry(key, mark, Scalar(mark, value))
               for key, value in (("game", table.game), ("kind", table.kind))
               if key not in row.node.entries}
    root = Map(row.node.mark, {**entries, **row.node.entries})
    return Document(shown, root, [])


def extend_lists(table: KitTable, rows: list[Row], shown: str,
                 documents: Sequence[Document], result: TableRows, whole: bool) -> None:
    """Append each row to the list in the definition its kind's column names."""
    owners: dict[str, Document] = {}
    for candidate in documents:
        root = candidate.root
        if (isinstance(root, Map) and node_value(root.get("game")) == table.game
                and node_value(root.get("kind")) == table.kind):
            owners.setdefault(str(node_value(root.get("name"))), candidate)
    path = tuple(table.list.split("."))
    for row in rows:
        owner_node = row.node.entries.pop(table.kind, None)
        name = str(node_value(owner_node.value)) if owner_node else ""
        document = owners.get(name)
        if document is None and not whole:
            continue
        if document is None:
            mark = owner_node.value.mark if owner_node else row.node.mark
            result.findings.append(KIT_RULES["TABLE-OWNER-UNKNOWN"].finding(
                mark, kind=table.kind, name=name, list=table.list,
                suggestion=suggest(name, list(owners))))
            continue
        assert isinstance(document.root, Map)
        the_list(document.root, path, row.node.mark).items.append(row.node)
        result.taken.setdefault(document.path, {}).setdefault(shown, set()).add(row.number)


def the_list(root: Map, path: tuple[str, ...], mark: Mark) -> Seq:
    """The list at ``path`` in ``root``, made (with the mappings above it) where the file
    has none. A value there that is not a list is left for the schema to report: the rows
    then go into a list of their own it never reads."""
    where: Node = root
    for depth, key in enumerate(path):
        if not isinstance(where, Map):
            return Seq(mark)
        entry = where.entries.get(key)
        if entry is None:
            made: Node = Seq(mark) if depth == len(path) - 1 else Map(mark)
            entry = where.entries[key] = Entry(key, mark, made)
        where = entry.value
    return where if isinstance(where, Seq) else Seq(mark)
