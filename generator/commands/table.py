"""``paddock table``: every definition as a spreadsheet row, its stats and balance axes.

A row per build (a file's vehicle; a Formula Ace team gives one per ship with its pilot):
the file, game, kind and name, then every value of the file flattened to a column named by
its key path (``speed_table.acceleration``: a row of numbers is one cell, space-separated;
long text such as a background is left out), then each balance axis of the game measured
against its baseline, named with its unit and which way is better. Numbers stay numbers;
a percentage axis is in percent; a value that is never reached is an empty cell.

CSV is one table (the columns of every game, a game's row empty where another's columns
are); XLSX is one sheet per game (openpyxl writes it).
"""

from __future__ import annotations

import csv
import dataclasses
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from generator.balance.axes import Axis, Value, is_infinite
from generator.commands.balance.run import BalanceRun, GameBalance, Measured
from generator.paper.output import write_atomically
from generator.project.loading import Definition, Loaded

LONG_TEXT = 80  # characters: text longer than this is prose, not a stat
FIXED = ("file", "game", "kind", "name")

Row = dict[str, Any]


def rows(loaded: Loaded, run: BalanceRun) -> dict[str, list[Row]]:
    """The rows by game title, in the order the files were read."""
    measured = {(m.definition.path, m.profile.name): (g, m) for g in run.games
                for m in g.measured}
    by_game: dict[str, list[Row]] = {}
    for definition in loaded.clean():
        stats = flatten(file_values(definition))
        builds: list[tuple[GameBalance | None, Measured | None]] = [
            (g, m) for (path, _), (g, m) in measured.items() if path == definition.path]
        base = {"file": definition.path, "game": definition.game.title,
                "kind": definition.kind.name, "name": definition.name}
        for game, build in builds or [(None, None)]:
            row = {**base, **stats}
            if build is not None and game is not None:
                row["name"] = build.profile.name
                for result in build.comparison.results:
                    row[axis_column(result.axis)] = axis_number(result.axis, result.value)
            by_game.setdefault(definition.game.title, []).append(row)
    return by_game


def file_values(definition: Definition) -> Any:
    """The definition's values as its file writes them; for one read from a spreadsheet's
    rows, or extended by them (docs/studio.md), as its model holds them (every field)."""
    if definition.rows is None and not definition.taken:
        return yaml.safe_load(Path(definition.path).read_text(encoding="utf-8"))
    return plain(dataclasses.asdict(definition.model))


def plain(data: Any) -> Any:
    """Tuples as lists, other values as they are (what a YAML file would have given)."""
    if isinstance(data, dict):
        return {key: plain(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [plain(value) for value in data]
    return data if data is None or isinstance(data, str | int | float | bool) else str(data)


def flatten(data: Any, prefix: str = "") -> Row:
    """Every value under ``data`` by its dotted key path; a list of plain values is one
    space-separated cell, prose is left out."""
    found: Row = {}
    if isinstance(data, dict):
        for key, value in data.items():
            found.update(flatten(value, f"{prefix}{key}."))
    elif isinstance(data, list) and all(not isinstance(v, (dict, list)) for v in data):
        found[prefix.rstrip(".")] = " ".join(str(v) for v in data)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.update(flatten(value, f"{prefix}{index}."))
    elif not (isinstance(data, str) and len(data) > LONG_TEXT):
        found[prefix.rstrip(".")] = data
    return {k: v for k, v in found.items() if k not in ("game", "kind")}


def axis_column(axis: Axis) -> str:
    """'balance: Rounds to top (rounds, lower is better)'."""
    return f"balance: {axis.short} ({axis.unit or 'value'}, {axis.better_word} is better)"


def axis_number(axis: Axis, value: Value) -> float | None:
    """The value as a spreadsheet number: percent for a chance, empty when never."""
    if is_infinite(value):
        return None
    return round(float(value) * (100 if axis.percent else 1), 6)


def columns(table: Sequence[Row]) -> list[str]:
    """The columns in first-seen order, the fixed ones first and balance last."""
    seen: dict[str, None] = dict.fromkeys(FIXED)
    for row in table:
        seen.update(dict.fromkeys(row))
    names = list(seen)
    return [n for n in names if not n.startswith("balance: ")] + \
        [n for n in names if n.startswith("balance: ")]


def to_csv(by_game: dict[str, list[Row]]) -> str:
    """One CSV table of every game's rows."""
    everything = [row for table in by_game.values() for row in table]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns(everything), lineterminator="\n")
    writer.writeheader()
    for row in everything:
        writer.writerow({k: "" if v is None else v for k, v in row.items()})
    return out.getvalue()


def write_xlsx(by_game: dict[str, list[Row]], target: Path) -> None:
    """One sheet per game, a header row, frozen, numbers as numbers."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    book.remove(book.active)
    for title, table in by_game.items():
        sheet = book.create_sheet(title[:31])
        names = columns(table)
        sheet.append(names)
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        for row in table:
            sheet.append([cell_value(row.get(name)) for name in names])
        sheet.freeze_panes = "E2"
    write_atomically(target, lambda temp: book.save(temp))


def cell_value(value: Any) -> Any:
    return value if isinstance(value, (int, float, str)) or value is None else str(value)

