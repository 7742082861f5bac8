"""The ``paddock`` command. Thin: parse arguments, call the library, print, pick an exit code.

Exit codes: 0 clean, 1 rule errors (or warnings with ``--strict``), 2 unreadable input or bad
usage, 3 an internal error (a bug: any other exception). Every exception is caught here, once;
``--debug`` shows the traceback, nothing else.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import os
import sys
import textwrap
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, cast

from generator import __version__
from generator.commands.components import COMPONENTS
from generator.commands.json_schema import SCHEMA_FOLDER
from generator.errors import InputError, PaddockError, UsageError
from generator.input.findings import Finding, Severity, Summary
from generator.input.report import format_json, format_text, summary_line
from generator.input.schema import did_you_mean
from generator.keep.cache_folder import sweep_stale
from generator.paper.output import MARK_CHOICES, BuildContext, write_atomically
from generator.paper.sizes import STANDARD_SIZES, Size
from generator.paper.units import PAPERS, paper, parse_length
from generator.project.kit import KitComponents, bounded_length, parse_card_size, print_settings
from generator.project.loading import Definition, Loaded, find_project_kit, load
from generator.project.registry import GAMES, get_game
from generator.text.templates import TextTemplates

if TYPE_CHECKING:
    from generator.commands.balance.run import BalanceRun

# Each command imports the code only it needs (build, balance, rules, new, schema) inside its
# function, so 'paddock check' starts without loading the printing and balance code.

DEFAULT_INPUT = Path("vehicles")
DEFAULT_OUTPUT = Path("output")
DEFAULT_REPORT = DEFAULT_OUTPUT / "balance.pdf"
INTERNAL_ERROR = 3


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = make_parser()
    try:
        args = parser.parse_args(argv)
    except Exception as exc:  # argparse reports usage itself (SystemExit); anything else is ours
        words = list(sys.argv[1:] if argv is None else argv)
        return internal_error(exc, debug="--debug" in words)
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
    except BrokenPipeError:
        # The reader went away (paddock rules | head): not a bug. Point stdout at nothing so
        # the interpreter's final flush stays quiet, and exit as a pipe-killed program does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except Exception as exc:  # every other exception is a bug: say so, distinctly
        return internal_error(exc, args.debug)


def run() -> NoReturn:
    """The ``paddock`` command: :func:`main`, then leave without taking apart, one by one,
    every object the run made (Python's own exit spends about 40 ms on a build of the
    default kit doing that, for nothing: as mypy does, the process just ends). Exit
    handlers still run first (the stores kept between runs save there) and both output
    streams are flushed; every file the command wrote is closed by then. Once a day, the
    cache folder's stale files go too (see :mod:`generator.keep.cache_folder`)."""
    code = main()
    atexit._run_exitfuncs()
    sweep_stale()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(BrokenPipeError, ValueError):  # reader gone, or closed
            stream.flush()
    os._exit(code)


def internal_error(exc: Exception, debug: bool) -> int:
    """Report an exception nobody planned for as a bug, with exit code 3 (not 1 or 2), so a
    person and CI can tell a crash from rule errors or bad input."""
    if debug:
        traceback.print_exc()
    print(f"paddock: internal error: {type(exc).__name__}: {exc}\n"
          f"paddock: this is a bug in Paddock {__version__}; please report it with the "
          f"command you ran and its input (run again with --debug for the traceback)",
          file=sys.stderr)
    return INTERNAL_ERROR


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
        textwrap.fill(
            "Check, then print every clean definition into the output folder as one set: "
            "files an earlier build wrote there and this one did not are removed (the "
            "manifest says which); files Paddock did not write are never touched. A build "
            "of single files prints those vehicles' components only; a folder also gets the "
            "shared parts (generic deck, dice stickers).", 78),
        ["paddock build", "paddock build vehicles/frothy-races/kite-skimmer.yaml --only "
         "licences,cards", "paddock build vehicles/joyride -o print --paper letter",
         "paddock build --print-shop --bleed 3mm"],
        more="components for --only:\n" + "\n".join(
            f"  {name:<16} {what}" for name, what in COMPONENTS.items()))
    add_inputs(build_cmd)
    build_cmd.add_argument("-o", "--output", type=Path, default=DEFAULT_OUTPUT, metavar="DIR",
                           help="output folder (default: output/)")
    build_cmd.add_argument("--only", type=component_list, metavar="NAMES",
                           help="print only these components, comma-separated, e.g. "
                                "licences,cards (names listed below)")
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
    racing = balance.add_argument_group(
        "race verdict", "race each Frothy Races vehicle against a field and judge its win "
        "rate against the fair share (FR-BAL-RACE-OVERPOWERED / -UNDERPOWERED)")
    racing.add_argument("--race", type=Path, metavar="TRACK",
                        help="race on this Frothy Races track, e.g. "
                             "vehicles/tracks/tin-plate-loop.yaml")
    racing.add_argument("--field", type=Path, metavar="DIR",
                        help="race against up to five vehicles from this folder (default: "
                             "five copies of the baseline)")
    racing.add_argument("--races", type=positive("races"), metavar="N",
                        help="races to run (default: enough for a 95%% interval of +-3 "
                             "points, about 600)")
    racing.add_argument("--seed", type=int, default=1, metavar="S",
                        help="the races' seed (default: 1)")
    racing.add_argument("--workers", type=positive("workers"), metavar="K",
                        help="local worker processes (default: all cores)")
    balance.set_defaults(run=run_balance_command)

    add_race_command(commands)
    add_season_command(commands)

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


RACE_EXAMPLE = """example:
  paddock race vehicles/tracks/tin-plate-loop.yaml vehicles/frothy-races/basic-chariot.yaml \\
      vehicles/frothy-races/whisper-gig.yaml vehicles/frothy-races/marsh-hopper.yaml \\
      --races 200 --seed 7 -o output/race.pdf --replay output/replay.pdf
"""


def add_race_command(commands: argparse._SubParsersAction) -> None:
    """``paddock race``: a sweep of bot-driven Frothy Races races and its statistics."""
    race = commands.add_parser(
        "race", help="race Frothy Races vehicles round a track with bots, many times over",
        description="Run N races of the vehicles on the track with the starting grid rotated "
                    "fairly, and report per vehicle: win rate with a 95% confidence interval, "
                    "mean place, finish and Wipe-out rates, rounds, damage, what the mechanics "
                    "cost it, and head-to-head results. A seed gives the same races bit for bit.",
        parents=[GLOBAL_OPTIONS],
        epilog=RACE_EXAMPLE, formatter_class=argparse.RawDescriptionHelpFormatter)
    race.add_argument("track", type=Path, metavar="TRACK", help="a Frothy Races track file")
    race.add_argument("vehicles", nargs="+", type=Path, metavar="VEHICLES",
                      help="two or more Frothy Races vehicle files, in starting order for "
                           "race 1 (a file may be named twice)")
    race.add_argument("--races", type=positive("races"), default=100, metavar="N",
                      help="how many races to run (default: 100)")
    race.add_argument("--seed", type=int, default=1, metavar="S",
                      help="the sweep's seed; each race's seed is derived from it (default: 1)")
    race.add_argument("--bot", choices=("careful", "aggressive", "random"), default="careful",
                      help="how the bots drive (default: careful)")
    race.add_argument("--type", dest="race_type", choices=("fastest", "furthest", "toughest"),
                      default="fastest", help="race type: fastest over laps, furthest in "
                      "rounds, toughest until one is left (default: fastest)")
    race.add_argument("--laps", type=positive("laps"), default=2, metavar="L",
                      help="laps of a fastest race (default: 2)")
    race.add_argument("--rounds", type=positive("rounds"), default=12, metavar="R",
                      help="rounds of a furthest race (default: 12)")
    race.add_argument("--stamina", action="store_true", help="play the optional Stamina rule")
    race.add_argument("--workers", type=positive("workers"), metavar="K",
                      help="local worker processes (default: all cores)")
    race.add_argument("--scheduler", metavar="ADDR",
                      help="run on the Dask cluster at tcp://HOST:PORT instead (needs "
                           "pip install 'paddock[cluster]')")
    race.add_argument("--format", choices=("text", "json"), default="text",
                      help="text for people, json for tools (default: text)")
    race.add_argument("-o", "--output", type=Path, metavar="FILE",
                      help="also write a PDF report with charts here")
    race.add_argument("--replay", type=Path, metavar="FILE",
                      help="write race 1 as a PDF: the track with every vehicle's position "
                           "and facing, round by round")
    race.add_argument("--log", type=Path, metavar="FILE",
                      help="write race 1's event log as JSON lines (round, phase, vehicle, "
                           "action, dice, result)")
    race.add_argument("--paper", choices=sorted(PAPERS), default="a4",
                      help="paper for the PDFs (default: a4)")
    race.add_argument("--templates", type=Path, metavar="DIR",
                      help="a folder of templates searched before Paddock's own (the "
                           "summary is race/summary.txt.j2, the report's words "
                           "race/report.j2)")
    race.set_defaults(run=run_race_command)


def add_season_command(commands: argparse._SubParsersAction) -> None:
    """``paddock season``: a Formula Ace team's season replayed from its file."""
    season = command(
        commands, "season", "replay a Formula Ace team's season: credits, damage, points",
        textwrap.fill(
            "Replay the season written in a Formula Ace Racing Pods team file, step by step: "
            "prizes and team points by the rulebook's table (15/), damage and wounds, "
            "repairs, purchases and loans; print the ledger with the balance after every "
            "step and the team at the end (credits, debt, points, each ship's state), then "
            "the file's findings. Exit 0 clean, 1 rule errors (a balance below zero, say), "
            "2 unreadable input or bad usage.", 78),
        ["paddock season vehicles/formula-ace/hollow-star.yaml",
         "paddock season vehicles/formula-ace/iron-bastion.yaml --upto 1",
         "paddock season vehicles/formula-ace/hollow-star.yaml --format json"])
    season.add_argument("team", type=Path, metavar="TEAMFILE",
                        help="a Formula Ace team file (game: formula-ace)")
    season.add_argument("--upto", type=whole_number, metavar="N",
                        help="replay only the first N steps of the season (0: the start)")
    season.add_argument("--format", choices=("text", "json"), default="text",
                        help="text for people, json for tools [text]")
    season.add_argument("--templates", type=Path, metavar="DIR",
                        help="a folder of templates searched before Paddock's own")
    season.set_defaults(run=run_season)


def whole_number(text: str) -> int:
    """An argparse type for a whole number of 0 or more."""
    if text.strip().isdigit():
        return int(text)
    raise argparse.ArgumentTypeError(f"write a whole number of 0 or more, not {text!r}")


def run_season(args: argparse.Namespace) -> int:
    """Replay and print the season; 1 when the file has rule errors, 2 when it cannot be
    replayed (unreadable, not a Formula Ace team, or not matching the schema)."""
    from generator.games.formula_ace.season_report import format_season, season_context

    if args.team.is_dir():
        raise UsageError(f"{args.team} is a folder: give one team file, e.g. "
                         "paddock season vehicles/formula-ace/hollow-star.yaml")
    templates = TextTemplates(args.templates)
    loaded = load([args.team], templates)
    teams = [d for d in loaded.definitions if d.game.id == "formula-ace"]
    if loaded.definitions and not teams:
        other = loaded.definitions[0]
        raise UsageError(f"{args.team} is a {other.game.title} {other.kind.name}: paddock "
                         "season replays a Formula Ace team file (game: formula-ace)")
    if not teams:
        print(format_text(loaded.findings, Summary.of(loaded.findings, 1)), file=sys.stderr)
        print(f"paddock: cannot replay {args.team}: fix the errors above", file=sys.stderr)
        return 2
    team = teams[0]
    steps = len(team.model.season)
    if args.upto is not None and args.upto > steps:
        raise UsageError(f"--upto {args.upto}: {args.team} has {steps} season step"
                         f"{'s' * (steps != 1)}; give 0 to {steps}")
    context = season_context(team.model, team.path, args.upto)
    print(format_season(context, loaded.findings, args.format, templates))
    return exit_code(loaded.findings, False, loaded)


def positive(what: str) -> Callable[[str], int]:
    """An argparse type for a whole number of at least 1."""
    def parse(text: str) -> int:
        if text.strip().isdigit() and int(text) >= 1:
            return int(text)
        raise argparse.ArgumentTypeError(f"{what}: write a whole number of at least 1, "
                                         f"not {text!r}")
    return parse


def run_race_command(args: argparse.Namespace) -> int:
    """Run the sweep, write what was asked for, print the summary; 0, or 2 on bad input."""
    from generator.race.api import RaceOptions
    from generator.race.command import RaceRequest, format_output, run_request

    options = RaceOptions(race_type=args.race_type, laps=args.laps, rounds=args.rounds,
                          stamina=args.stamina)
    request = RaceRequest(track=args.track, vehicles=tuple(args.vehicles), races=args.races,
                          seed=args.seed, bot=args.bot, options=options,
                          workers=args.workers, scheduler=args.scheduler,
                          report=args.output, replay=args.replay, log=args.log,
                          paper=args.paper, templates=args.templates)
    sweep, stats, paths = run_request(request)
    print(format_output(sweep, stats, paths, args.format, TextTemplates(args.templates)))
    return 0


GLOBAL_OPTIONS = argparse.ArgumentParser(add_help=False)
GLOBAL_OPTIONS.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                            help="show tracebacks on errors")


def command(commands: Any, name: str, summary: str, description: str,
            examples: Sequence[str], more: str = "") -> argparse.ArgumentParser:
    """A sub-command with its description, examples (then ``more``, e.g. a list of names),
    and the global options after it too (``paddock check --debug``)."""
    epilog = "examples:\n" + "\n".join(f"  {e}" for e in examples)
    return cast(argparse.ArgumentParser, commands.add_parser(
        name, help=summary, description=description, parents=[GLOBAL_OPTIONS],
        epilog=epilog + (f"\n\n{more}" if more else ""),
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
    group.add_argument("--bleed", type=print_length("bleed"), metavar="LENGTH",
                       help="art beyond each cut, e.g. 3mm or 0.125in [3mm]")
    group.add_argument("--card-size", dest="card", type=card_size, metavar="SIZE",
                       help=f"card trim: {', '.join(STANDARD_SIZES)} or WxH, "
                            "e.g. 63.5x88.9mm [poker]")
    group.add_argument("--marks", choices=MARK_CHOICES,
                       help="crop: short crop marks; full: full-length crop marks; lines: cut "
                            "lines on each piece; none [crop]")
    group.add_argument("--gutter", type=print_length("gutter"), metavar="LENGTH",
                       help="space between pieces [0]")
    group.add_argument("--print-shop", action="store_const", const=True,
                       help="one face per page at bleed size with a TrimBox, fronts and backs "
                            "interleaved, for a print shop")
    group.add_argument("--cmyk", action="store_const", const=True,
                       help="write every colour as CMYK")
    group.add_argument("--png", action="store_const", const=True,
                       help="also write PNG previews and Tabletop Simulator deck sheets")
    group.add_argument("--dpi", type=dpi_value, metavar="N", help="PNG resolution [150]")
    group.add_argument("--die", type=print_length("die"), metavar="LENGTH",
                       help="edge of the dice the stickers go on [16mm]")
    group.add_argument("--sticker", type=print_length("sticker"), metavar="LENGTH",
                       help="side of a die sticker [13mm]")
    group.add_argument("--hex", type=print_length("hex"), metavar="LENGTH",
                       help="track hex across flats; counters are sized to sit in one [1in]")


PRINT_OPTIONS = ("paper", "duplex", "back_offset", "bleed", "card", "marks", "gutter",
                 "print_shop", "cmyk", "png", "dpi", "die", "sticker", "hex")


def print_length(what: str) -> Callable[[str], float]:
    """An argparse type for a print length, within the same limits as the kit's."""
    parse_bounded = bounded_length(what)

    def parse(text: str) -> float:
        try:
            return parse_bounded(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from exc
    return parse


def card_size(text: str) -> Size:
    try:
        return parse_card_size(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def component_list(text: str) -> frozenset[str]:
    """--only's value: known component names, with did-you-mean for a typo."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise argparse.ArgumentTypeError("name at least one component, e.g. licences,cards")
    for name in names:
        if name not in COMPONENTS:
            guess = did_you_mean(name, list(COMPONENTS))
            raise argparse.ArgumentTypeError(
                f"unknown component {name!r}" + (f"; did you mean {guess!r}?" if guess else "")
                + f" (components: {', '.join(COMPONENTS)})")
    return frozenset(names)


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


def load_inputs(args: argparse.Namespace, project_kit: bool = False
                ) -> tuple[Loaded, TextTemplates]:
    paths = default_paths(args.paths)
    templates = TextTemplates(args.templates)
    return load(paths, templates, project_kit), templates


def exit_code(findings: Sequence[Finding], strict: bool, loaded: Loaded | None = None) -> int:
    """2 when a file could not be read or parsed (after every other file was reported), else
    1 for rule errors (and warnings with --strict), else 0."""
    if loaded is not None and loaded.unreadable:
        return 2
    failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
    return 1 if any(f.severity in failing for f in findings) else 0


def run_check(args: argparse.Namespace) -> int:
    loaded, _ = load_inputs(args)
    summary = Summary.of(loaded.findings, len(loaded.files))
    if args.format == "json":
        print(format_json(loaded.findings, summary))
    else:
        print(format_text(loaded.findings, summary))
    return exit_code(loaded.findings, args.strict, loaded)


def run_build(args: argparse.Namespace) -> int:
    from generator.commands.build import Selection, build
    from generator.paper.icons import IconSet

    refuse_shared_output(args.output, list(args.paths) or [DEFAULT_INPUT])
    loaded, templates = load_inputs(args, project_kit=True)
    shown = [f for f in loaded.findings if f.severity is not Severity.INFO]
    if shown:
        print(format_text(shown, Summary.of(loaded.findings, len(loaded.files))),
              file=sys.stderr)
    if loaded.kit_errors():
        print("paddock: not built: the kit file has errors, and its print settings are "
              "needed for every sheet", file=sys.stderr)
        return 2 if loaded.unreadable else 1
    overrides = {name: getattr(args, name) for name in PRINT_OPTIONS}
    kit = loaded.kit.kit if loaded.kit else None
    settings = print_settings(kit, overrides)
    whole = folders_given(args.paths)
    components = kit.components if kit else KitComponents()
    generic = whole if components.generic_deck is None else components.generic_deck
    stickers = whole if components.dice_stickers is None else components.dice_stickers
    context = BuildContext(out_dir=args.output, paper=settings.paper, templates=templates,
                           duplex=settings.duplex, back_offset=settings.back_offset,
                           icons=IconSet(args.templates), printing=settings.printing,
                           generic_deck=generic)
    result = build(loaded, context, Selection(args.only, stickers),
                   announce=lambda message: print(f"paddock: {message}", file=sys.stderr))
    if result.findings:
        print(format_text(result.findings, Summary.of(result.findings, len(loaded.files))),
              file=sys.stderr)
    report_not_built(loaded)
    for refused in result.refused:
        if not loaded.errors_in(refused.path):
            print(f"paddock: not built: {refused.path} ({refused.name}) would overwrite "
                  "another definition's file", file=sys.stderr)
    for entry in result.written:
        what = [f"{entry.pages} page{'s' * (entry.pages != 1)}", *entry.vehicles[:1]]
        if len(entry.vehicles) > 1:
            what[-1] += f" and {len(entry.vehicles) - 1} more"
        print(f"wrote {args.output / entry.path} ({', '.join(what)})")
    if result.manifest:
        print(f"wrote {result.manifest}")
    elif not shown:
        print(summary_line(Summary.of(loaded.findings, len(loaded.files))))
    if loaded.unreadable:
        return 2
    return 1 if result.refused or any(f.severity is Severity.ERROR for f in loaded.findings) \
        else 0


def refuse_shared_output(output: Path, inputs: Sequence[Path]) -> None:
    """The output folder is switched as a whole: it must not hold a folder of inputs or
    the folder the command runs in (``-o .`` would swap the project folder). A lone input
    file inside it is kept like any file Paddock did not write."""
    out = output.resolve()
    held = [inner for inner in [Path.cwd(), *inputs]
            if inner.is_dir() and inner.resolve().is_relative_to(out)]
    if held:
        raise UsageError(f"-o {output}: the output folder must be a folder of its own, "
                         f"not one holding {held[0]}; e.g. -o output")


def folders_given(paths: Sequence[Path]) -> bool:
    """True when the build reads whole folders (the default, or a folder named): it then
    prints the shared parts too. Single files print their own components only."""
    return not paths or any(path.is_dir() for path in paths)


def run_build_or_watch(args: argparse.Namespace) -> int:
    """Build; with --watch, build again after every save until Ctrl-C. A rebuild that fails
    says why and keeps watching, so the designer can fix the file and save again."""
    code = run_build(args)
    if not args.watch:
        return code
    paths = default_paths(args.paths)
    from generator.paper.art import art_files

    kit = find_project_kit(paths)  # a single file's build reads it too
    watched = [*paths, *([kit] if kit else []), *art_files(paths),
               *([args.templates] if args.templates else [])]

    def rebuild(changed: list[Path]) -> None:
        print(f"\nchanged: {', '.join(map(str, changed))}; building again")
        try:
            run_build(args)
        except PaddockError as exc:
            print(f"paddock: {exc}" if not isinstance(exc, InputError) else str(exc),
                  file=sys.stderr)

    from generator.commands.watching import watch_builds

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
    from generator.commands.balance.run import run_balance
    from generator.commands.balance.summary import format_json as format_balance_json
    from generator.commands.balance.summary import format_summary

    loaded = load(default_paths(args.paths))
    templates = TextTemplates(args.templates)
    against = load_against(args.against) if args.against else None
    if against is not None:
        refuse_other_game(loaded, against, args.against)
    if not args.race:
        given = [f"--{name}" for name in ("field", "races", "workers")
                 if getattr(args, name) is not None]
        if given:
            raise UsageError(f"{', '.join(given)} only work with --race TRACK")
    races = race_verdicts(args, loaded, against) if args.race else None
    result = run_balance(loaded, against, races)
    report = write_balance_report(result, args.output, args.paper, templates)
    if args.format == "json":
        print(format_balance_json(result, report))
    else:
        print(format_summary(result, templates, report))
    return exit_code(result.findings, args.strict, loaded)


def refuse_other_game(loaded: Loaded, against: Definition, path: Path) -> None:
    """A build measured against another game's baseline compares nothing: bad usage."""
    others = sorted({d.game.id for d in loaded.definitions if d.game.id != against.game.id})
    if others:
        raise UsageError(f"--against {path} is from {against.game.title} (a "
                         f"{against.kind.name}), but the builds to measure are from "
                         f"{', '.join(others)}: give a baseline from the same game")


def race_verdicts(args: argparse.Namespace, loaded: Loaded, against: Definition | None
                  ) -> dict[str, object]:
    """Race every clean Frothy Races vehicle for ``--race`` (by file path)."""
    from generator.games.frothy_races.baseline import BASELINE_FILE
    from generator.race.verdict import verdicts_for

    baseline = Path(against.path) if against is not None and \
        against.game.id == "frothy-races" else BASELINE_FILE
    return dict(verdicts_for(loaded.clean(), args.race, baseline=baseline,
                             field_dir=args.field, races=args.races, seed=args.seed,
                             workers=args.workers))


def load_against(path: Path) -> Definition:
    """The one build given with --against; a file that cannot be measured is bad usage."""
    if path.is_dir():
        raise UsageError(f"--against {path}: give one vehicle file, not a folder")
    loaded = load([path])
    errors = [f for f in loaded.findings if f.severity is Severity.ERROR]
    if errors or len(loaded.definitions) != 1:
        first = f"; the first: {errors[0].mark}: {errors[0].message}" if errors else ""
        raise InputError(f"cannot compare against this file: {len(errors)} "
                         f"error{'s' * (len(errors) != 1)}{first}", file=str(path),
                         hint=f"run 'paddock check {path}' and fix what it reports")
    return loaded.definitions[0]


def write_balance_report(result: BalanceRun, target: Path, paper_name: str,
                         templates: TextTemplates) -> Path | None:
    """Prepare every page, then write the PDF atomically; None when nothing was measured."""
    if not result.measured:
        return None
    from generator.balance.pdf import write_report
    from generator.commands.balance.document import report_content

    content = report_content(result, templates)
    write_atomically(target, lambda temp: write_report(
        temp, content.title, content.sections, paper(paper_name), content.footer))
    return target


def run_rules(args: argparse.Namespace) -> int:
    from generator.commands.rules_listing import explain_rule, find_rule, format_rules
    from generator.commands.traceability import document_ids, load_document, render_document

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
    from generator.commands.catalogue_listing import choose, format_catalogues

    print(format_catalogues(choose(get_game(args.game), args.name), args.format))
    return 0


def run_new(args: argparse.Namespace) -> int:
    from generator.commands.json_schema import missing_schemas
    from generator.commands.scaffolding import write_scaffold

    game = get_game(args.game)
    if not args.name.strip():
        raise UsageError("give the new vehicle a name, e.g. paddock new frothy-races 'Red Comet'")
    path = write_scaffold(game, args.name.strip(), args.output, args.force, kind=args.kind)
    print(f"wrote {path}: edit it, then run 'paddock check {path}'")
    for schema in missing_schemas(game):
        print(f"wrote {schema} (editors check the new file against it)")
    return 0


def run_schema(args: argparse.Namespace) -> int:
    from generator.commands.json_schema import write_schemas
    from generator.commands.schema_docs import format_schema, format_schema_json

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
