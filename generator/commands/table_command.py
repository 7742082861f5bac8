"""``paddock table``: its options, and what it does once parsed."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.commands.arguments import add_inputs, command, default_paths, exit_code
from generator.errors import UsageError
from generator.input.findings import Summary
from generator.input.report import format_text


def add_table_command(commands: argparse._SubParsersAction) -> None:
    """``paddock table``: the definitions as a spreadsheet."""
    table = command(
        commands, "table", "every definition as a spreadsheet row: stats and balance axes",
        "Write one row per definition (per ship and pilot for a Formula Ace team): its "
        "values by key path, then each balance axis against the game's baseline, with its "
        "unit and which way is better. CSV (one table, to standard output or -o FILE) or "
        "XLSX (a sheet per game; -o FILE, default output/table.xlsx). Files with errors "
        "are left out and reported.",
        ["paddock table vehicles --format csv > vehicles.csv",
         "paddock table vehicles/frothy-races --format xlsx -o frothy.xlsx"])
    add_inputs(table)
    table.add_argument("--format", choices=("csv", "xlsx"), default="csv",
                       help="csv (one table) or xlsx (a sheet per game) [csv]")
    table.add_argument("-o", "--output", type=Path, metavar="FILE",
                       help="where to write (csv: standard output; xlsx: output/table.xlsx)")
    table.set_defaults(run=run_table)


def run_table(args: argparse.Namespace) -> int:
    """Load, measure, write the table; report files left out for their errors."""
    from generator.commands.balance.run import run_balance
    from generator.commands.table import rows, to_csv, write_xlsx
    from generator.paper.output import write_atomically
    from generator.project.loading import load

    loaded = load(default_paths(args.paths))
    errors = [f for f in loaded.findings if f.severity.value == "error"]
    if errors:
        print(format_text(errors, Summary.of(errors, len(loaded.files))), file=sys.stderr)
        print("paddock: files with errors are left out of the table", file=sys.stderr)
    by_game = rows(loaded, run_balance(loaded))
    if not by_game:
        raise UsageError("no definition without errors to put in a table")
    if args.format == "xlsx":
        target = args.output or Path("output") / "table.xlsx"
        write_xlsx(by_game, target)
        print(f"wrote {target} ({sum(map(len, by_game.values()))} rows, "
              f"{len(by_game)} sheet{'s' * (len(by_game) != 1)})", file=sys.stderr)
    elif args.output is not None:
        text = to_csv(by_game)
        write_atomically(args.output, lambda temp: temp.write_text(text, encoding="utf-8"))
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(to_csv(by_game))
    return exit_code(errors, False, loaded)
