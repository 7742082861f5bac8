"""The ``paddock`` command. Thin: parse arguments, call the library, print, pick an exit code.

Exit codes: 0 clean, 1 rule errors (or warnings with ``--strict``), 2 unreadable input or bad
usage. Every PaddockError is caught here, once; ``--debug`` shows the traceback, nothing else.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

from generator import __version__
from generator.balance.document import report_content
from generator.balance.pdf import write_report
from generator.balance.run import BalanceRun, run_balance
from generator.balance.summary import format_json as format_balance_json
from generator.balance.summary import format_summary
from generator.build import build
from generator.catalogue_listing import choose, format_catalogues
from generator.errors import InputError, PaddockError, UsageError
from generator.findings import Finding, Severity, Summary
from generator.games.registry import GAMES, get_game
from generator.icons import IconSet
from generator.json_schema import SCHEMA_FOLDER, missing_schemas, write_schemas
from generator.kit import parse_positive_length, print_settings
from generator.loading import Definition, Loaded, load
from generator.output import MARK_CHOICES, BuildContext, write_atomically
from generator.report import format_json, format_text, summary_line
from generator.rules_listing import explain_rule, find_rule, format_rules
from generator.scaffolding import write_scaffold
from generator.schema_docs import format_schema, format_schema_json
from generator.sizes import STANDARD_SIZES, Size, parse_size
from generator.text import TextTemplates
from generator.traceability import document_ids, load_document, render_document
from generator.units import PAPERS, paper, parse_length
from generator.watching import watch_builds

DEFAULT_INPUT = Path("vehicles")
DEFAULT_OUTPUT = Path("output")
DEFAULT_REPORT = DEFAULT_OUTPUT / "balance.pdf"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = make_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except PaddockError as exc:
        if args.debug:
            raise
        print(f"paddock: {exc}" if not isinstance(exc, InputError) else str(exc),
              file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("paddock: interrupted", file=sys.stderr)
        return 130


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="paddock",
        description="Check tabletop racing vehicles against their rulebooks and print them.")
    parser.add_argument("--version", action="version", version=f"paddock {__version__}")
    parser.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = command(
        commands, "check", "check definitions against their rules",
        "Check every definition under PATHS against its game's rules and report every "
        "finding at its file:line:column. Exit 0 clean, 1 rule errors, 2 unreadable input.",
        ["paddock check", "paddock check vehicles/frothy-races/whisper-gig.yaml --strict",
         "paddock check --format json"])
    add_inputs(check)
    check.add_argument("--format", choices=("text", "json"), default="text",
                       help="text for people, json for tools and editors [text]")
    check.add_argument("--strict", action="store_true", help="fail on warnings too")
    check.set_defaults(run=run_check)

    build_cmd = command(
        commands, "build", "check, then print PDFs into the output folder",
        "Check every definition, then print the clean ones as PDFs (licences, cards, "
        "dashboards, tokens, tracks...) into the output folder, each written atomically.",
        ["paddock build", "paddock build vehicles/joyride -o print --paper letter",
         "paddock build --print-shop --bleed 3mm"])
    add_inputs(build_cmd)
    build_cmd.add_argument("-o", "--output", type=Path, default=DEFAULT_OUTPUT, metavar="DIR",
                           help="output folder (default: output/)")
    build_cmd.add_argument("--watch", action="store_true",
                           help="after building, rebuild each time a definition, kit file or "
                                "template is saved (Ctrl-C stops)")
    add_print_options(build_cmd)
    build_cmd.set_defaults(run=run_build_or_watch)

    balance = command(
        commands, "balance", "measure builds against a baseline: exact odds, verdicts, a PDF",
        "Measure each build on its game's balance axes against the shipped baseline (or "
        "--against another build), print the verdicts and write a PDF report.",
        ["paddock balance vehicles/frothy-races",
         "paddock balance vehicles/outrider/rattler.yaml --against "
         "vehicles/outrider/big-horn.yaml"])
    add_inputs(balance)
    balance.add_argument("--against", type=Path, metavar="FILE",
                         help="compare with this build instead of the game's shipped baseline")
    balance.add_argument("-o", "--output", type=Path, default=DEFAULT_REPORT, metavar="FILE",
                         help="where to write the PDF report (default: output/balance.pdf)")
    balance.add_argument("--format", choices=("text", "json"), default="text",
                         help="text for people, json for tools [text]")
    balance.add_argument("--paper", choices=sorted(PAPERS), default="a4",
                         help="paper size of the PDF report [a4]")
    balance.add_argument("--strict", action="store_true",
                         help="exit 1 when a build dominates or is dominated by the baseline")
    balance.set_defaults(run=run_balance_command)

    rules = command(
        commands, "rules", "list every rule: what it checks, its severity and source",
        "List every rule Paddock checks, or explain one rule in full.",
        ["paddock rules frothy-races", "paddock rules FR-MOVE-SPEED-DROP",
         "paddock rules joyride --format json", "paddock rules outrider --format markdown"])
    rules.add_argument("target", nargs="?", metavar="GAME|RULE",
                       help=f"a game ({', '.join(GAMES)}) to list its rules, or a rule id "
                            "such as FR-MOVE-SPEED-DROP to explain it (default: every rule)")
    rules.add_argument("--format", choices=("text", "json", "markdown"), default="text",
                       help="text for people; json with message, hint, params and note; "
                            "markdown: the game's traceability table (docs/rules/GAME.md) "
                            "[text]")
    rules.set_defaults(run=run_rules)

    catalogue = command(
        commands, "catalogue", "list the names a definition may use: traits, special cards...",
        "List a game's catalogues (the trait, special card, affect, ability, item and class "
        "names its files may use), each entry with its '#' value, our one-line summary and "
        "the rulebook section.",
        ["paddock catalogue frothy-races traits", "paddock catalogue joyride --format json"])
    catalogue.add_argument("game", choices=sorted(GAMES), metavar="GAME",
                           help=f"one of: {', '.join(GAMES)}")
    catalogue.add_argument("name", nargs="?", metavar="CATALOGUE",
                           help="one catalogue, e.g. traits, special-cards, damage-affects, "
                                "stamina-affects, abilities, items, classes (default: all)")
    catalogue.add_argument("--format", choices=("text", "json"), default="text",
                           help="text for people, json for tools [text]")
    catalogue.set_defaults(run=run_catalogue)

    new = command(
        commands, "new", "write a new, commented definition to edit",
        "Write a new, commented definition to edit: a vehicle started from the game's "
        "baseline, a track (a small walled oval) or a Joyride item. The file always passes "
        "'paddock check'; a name it could not keep (too long to print, say) is refused. It "
        "names its JSON Schema (schemas/), so editors complete and check fields.",
        ["paddock new frothy-races 'Red Comet'", "paddock new joyride 'Mud Loop' --kind track",
         "paddock new joyride 'Spike Strip' --kind item"])
    new.add_argument("game", choices=sorted(GAMES), metavar="GAME",
                     help=f"one of: {', '.join(GAMES)}")
    new.add_argument("name", metavar="NAME", help="the new definition's name")
    new.add_argument("--kind", default="vehicle", choices=("vehicle", "track", "item"),
                     help="vehicle, track (Frothy Races, Joyride) or item (Joyride) [vehicle]")
    new.add_argument("-o", "--output", type=Path, metavar="FILE",
                     help="where to write it (default: vehicles/<game>/<name>.yaml; tracks "
                          "in vehicles/tracks/, items in vehicles/<game>/items/)")
    new.add_argument("--force", action="store_true", help="overwrite an existing file")
    new.set_defaults(run=run_new)

    schema = command(
        commands, "schema", "describe every field of a game's files",
        "Describe every field of a game's files: what it accepts, its default and the "
        "rulebook section behind it; or write a JSON Schema per kind of file for editors.",
        ["paddock schema frothy-races", "paddock schema joyride --format json",
         "paddock schema outrider --json-schema"])
    schema.add_argument("game", choices=sorted(GAMES), metavar="GAME",
                        help=f"one of: {', '.join(GAMES)}")
    schema.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (markdown) for people, json for tools [text]")
    schema.add_argument("--json-schema", nargs="?", const=SCHEMA_FOLDER, type=Path,
                        metavar="DIR", help="write a JSON Schema for each kind of file into "
                                            "DIR instead (default: schemas/)")
    schema.set_defaults(run=run_schema)
    return parser


GLOBAL_OPTIONS = argparse.ArgumentParser(add_help=False)
GLOBAL_OPTIONS.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                            help="show tracebacks on errors")


def command(commands: Any, name: str, summary: str, description: str,
            examples: Sequence[str]) -> argparse.ArgumentParser:
    """A sub-command with its description, examples, and the global options after it too
    (``paddock check --debug``)."""
    return cast(argparse.ArgumentParser, commands.add_parser(
        name, help=summary, description=description, parents=[GLOBAL_OPTIONS],
        epilog="examples:\n" + "\n".join(f"  {e}" for e in examples),
        formatter_class=argparse.RawDescriptionHelpFormatter))


def add_print_options(parser: argparse.ArgumentParser) -> None:
    """Print settings; each one left out comes from the kit file, else the default."""
    group = parser.add_argument_group(
        "printing", "each option overrides the kit file (kind: kit); defaults in brackets")
    group.add_argument("--paper", choices=sorted(PAPERS), help="paper size [a4]")
    group.add_argument("--duplex", choices=("long", "short"),
                       help="which edge your printer flips on for double-sided pages [long]")
    group.add_argument("--back-offset", type=offset_pair, metavar="X,Y",
                       help="nudge back pages by X,Y mm for a shifting printer [0,0]")
    group.add_argument("--bleed", type=length("bleed"), metavar="LENGTH",
                       help="art beyond each cut, e.g. 3mm or 0.125in [3mm]")
    group.add_argument("--card-size", dest="card", type=card_size, metavar="SIZE",
                       help=f"card trim: {', '.join(STANDARD_SIZES)} or WxH, "
                            "e.g. 63.5x88.9mm [poker]")
    group.add_argument("--marks", choices=MARK_CHOICES,
                       help="crop: short crop marks; full: full-length crop marks; lines: cut "
                            "lines on each piece; none [crop]")
    group.add_argument("--gutter", type=length("gutter"), metavar="LENGTH",
                       help="space between pieces [0]")
    group.add_argument("--print-shop", action="store_const", const=True,
                       help="one face per page at bleed size with a TrimBox, fronts and backs "
                            "interleaved, for a print shop")
    group.add_argument("--cmyk", action="store_const", const=True,
                       help="write every colour as CMYK")
    group.add_argument("--png", action="store_const", const=True,
                       help="also write PNG previews and Tabletop Simulator deck sheets")
    group.add_argument("--dpi", type=dpi_value, metavar="N", help="PNG resolution [150]")
    group.add_argument("--die", type=length("die"), metavar="LENGTH",
                       help="edge of the dice the stickers go on [16mm]")
    group.add_argument("--sticker", type=length("sticker"), metavar="LENGTH",
                       help="side of a die sticker [13mm]")
    group.add_argument("--hex", type=length("hex"), metavar="LENGTH",
                       help="track hex across flats; counters are sized to sit in one [1in]")


PRINT_OPTIONS = ("paper", "duplex", "back_offset", "bleed", "card", "marks", "gutter",
                 "print_shop", "cmyk", "png", "dpi", "die", "sticker", "hex")


def length(what: str) -> Callable[[str], float]:
    """An argparse type for a length option, with our message on a bad value."""
    def parse(text: str) -> float:
        try:
            return parse_positive_length(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(f"{what}: {exc}") from exc
    return parse


def card_size(text: str) -> Size:
    try:
        return parse_size(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def dpi_value(text: str) -> int:
    if text.isdigit() and 36 <= int(text) <= 1200:
        return int(text)
    raise argparse.ArgumentTypeError("write a whole number of dots per inch from 36 to 1200")


def add_inputs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATHS",
                        help="files or folders of YAML definitions (default: vehicles/)")
    parser.add_argument("--templates", type=Path, metavar="DIR",
                        help="a folder of templates searched before Paddock's own")


def offset_pair(text: str) -> tuple[float, float]:
    """'0.5,-1' (millimetres) -> a pair of points, for --back-offset."""
    parts = text.split(",")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError("write X,Y in millimetres, e.g. 0.5,-1")
    try:
        return (parse_length(parts[0]), parse_length(parts[1]))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def default_paths(paths: Sequence[Path]) -> list[Path]:
    """The paths given, or vehicles/ of the project folder; outside one, say what was looked
    for rather than 'no such file'."""
    if paths:
        return list(paths)
    if not DEFAULT_INPUT.is_dir():
        raise UsageError(f"no {DEFAULT_INPUT}/ folder in {Path.cwd()}: run paddock in your "
                         f"project folder (the one holding {DEFAULT_INPUT}/), or name the "
                         "files or folders to read, e.g. paddock check my-cars/")
    return [DEFAULT_INPUT]


def load_inputs(args: argparse.Namespace) -> tuple[Loaded, TextTemplates]:
    paths = default_paths(args.paths)
    templates = TextTemplates(args.templates)
    return load(paths, templates), templates


def exit_code(findings: Sequence[Finding], strict: bool) -> int:
    failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
    return 1 if any(f.severity in failing for f in findings) else 0


def run_check(args: argparse.Namespace) -> int:
    loaded, _ = load_inputs(args)
    summary = Summary.of(loaded.findings, len(loaded.files))
    if args.format == "json":
        print(format_json(loaded.findings, summary))
    else:
        print(format_text(loaded.findings, summary))
    return exit_code(loaded.findings, args.strict)


def run_build(args: argparse.Namespace) -> int:
    loaded, templates = load_inputs(args)
    shown = [f for f in loaded.findings if f.severity is not Severity.INFO]
    if shown:
        print(format_text(shown, Summary.of(loaded.findings, len(loaded.files))),
              file=sys.stderr)
    if loaded.kit_errors():
        print("paddock: not built: the kit file has errors, and its print settings are "
              "needed for every sheet", file=sys.stderr)
        return 1
    overrides = {name: getattr(args, name) for name in PRINT_OPTIONS}
    settings = print_settings(loaded.kit.kit if loaded.kit else None, overrides)
    context = BuildContext(out_dir=args.output, paper=settings.paper, templates=templates,
                           duplex=settings.duplex, back_offset=settings.back_offset,
                           icons=IconSet(args.templates), printing=settings.printing)
    result = build(loaded, context)
    report_not_built(loaded)
    for entry in result.written:
        what = [f"{entry.pages} page{'s' * (entry.pages != 1)}", *entry.vehicles[:1]]
        if len(entry.vehicles) > 1:
            what[-1] += f" and {len(entry.vehicles) - 1} more"
        print(f"wrote {args.output / entry.path} ({', '.join(what)})")
    if result.manifest:
        print(f"wrote {result.manifest}")
    elif not shown:
        print(summary_line(Summary.of(loaded.findings, len(loaded.files))))
    return 1 if result.refused or any(f.severity is Severity.ERROR for f in loaded.findings) \
        else 0


def run_build_or_watch(args: argparse.Namespace) -> int:
    """Build; with --watch, build again after every save until Ctrl-C. A rebuild that fails
    says why and keeps watching, so the designer can fix the file and save again."""
    code = run_build(args)
    if not args.watch:
        return code
    watched = [*default_paths(args.paths), *([args.templates] if args.templates else [])]

    def rebuild(changed: list[Path]) -> None:
        print(f"\nchanged: {', '.join(map(str, changed))}; building again")
        try:
            run_build(args)
        except PaddockError as exc:
            print(f"paddock: {exc}" if not isinstance(exc, InputError) else str(exc),
                  file=sys.stderr)

    watch_builds(watched, rebuild, output=args.output, on_start=lambda: print(
        f"watching {', '.join(map(str, watched))} for saves; Ctrl-C stops", file=sys.stderr))
    return code


def report_not_built(loaded: Loaded) -> None:
    """Name every file a build skipped for its errors: rule errors in a valid definition, or
    a file that did not even match its schema."""
    names = {d.path: d.name for d in loaded.definitions}
    for path in loaded.files:
        errors = len(loaded.errors_in(path))
        if errors and path not in loaded.kit_files:
            name = f" ({names[path]})" if path in names else ""
            print(f"paddock: not built: {path}{name} has {errors} error{'s' * (errors != 1)}",
                  file=sys.stderr)


def run_balance_command(args: argparse.Namespace) -> int:
    """Measure, judge, write the report, print. Verdicts are warnings and info, so the exit
    code is 0 unless a build could not be measured (rule errors: 1), the input cannot be read
    (2), or --strict and a verdict warns (1)."""
    loaded = load(default_paths(args.paths))
    templates = TextTemplates(args.templates)
    against = load_against(args.against) if args.against else None
    result = run_balance(loaded, against)
    report = write_balance_report(result, args.output, args.paper, templates)
    if args.format == "json":
        print(format_balance_json(result, report))
    else:
        print(format_summary(result, templates, report))
    return exit_code(result.findings, args.strict)


def load_against(path: Path) -> Definition:
    """The one build given with --against; a file that cannot be measured is bad usage."""
    if path.is_dir():
        raise UsageError(f"--against {path}: give one vehicle file, not a folder")
    loaded = load([path])
    errors = [f for f in loaded.findings if f.severity is Severity.ERROR]
    if errors or len(loaded.definitions) != 1:
        raise InputError(f"cannot compare against this file: {len(errors)} "
                         f"error{'s' * (len(errors) != 1)}", file=str(path),
                         hint=f"run 'paddock check {path}' and fix what it reports")
    return loaded.definitions[0]


def write_balance_report(result: BalanceRun, target: Path, paper_name: str,
                         templates: TextTemplates) -> Path | None:
    """Prepare every page, then write the PDF atomically; None when nothing was measured."""
    if not result.measured:
        return None
    content = report_content(result, templates)
    write_atomically(target, lambda temp: write_report(
        temp, content.title, content.sections, paper(paper_name), content.footer))
    return target


def run_rules(args: argparse.Namespace) -> int:
    if args.format == "markdown":
        if args.target not in document_ids():
            raise UsageError("--format markdown needs a game (or 'tracks'): "
                             + ", ".join(document_ids()))
        print(render_document(load_document(args.target)), end="")
        return 0
    if args.target is None or args.target in GAMES:
        games = [GAMES[args.target]] if args.target else list(GAMES.values())
        print(format_rules(games, args.format, include_format=args.target is None))
    else:
        print(explain_rule(*find_rule(list(GAMES.values()), args.target), args.format))
    return 0


def run_catalogue(args: argparse.Namespace) -> int:
    print(format_catalogues(choose(get_game(args.game), args.name), args.format))
    return 0


def run_new(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    if not args.name.strip():
        raise UsageError("give the new vehicle a name, e.g. paddock new frothy-races 'Red Comet'")
    path = write_scaffold(game, args.name.strip(), args.output, args.force, kind=args.kind)
    print(f"wrote {path}: edit it, then run 'paddock check {path}'")
    for schema in missing_schemas(game):
        print(f"wrote {schema} (editors check the new file against it)")
    return 0


def run_schema(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    if args.json_schema is not None:
        for path in write_schemas(game, args.json_schema):
            print(f"wrote {path}")
    elif args.format == "json":
        print(format_schema_json(game))
    else:
        print(format_schema(game))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
