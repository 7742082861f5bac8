"""Each command's sub-parser: its options, help and examples, and the function that runs it."""

from __future__ import annotations

import argparse
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

from generator.commands.components import COMPONENTS
from generator.commands.json_schema import SCHEMA_FOLDER
from generator.paper.units import PAPERS
from generator.project.registry import GAMES

if TYPE_CHECKING:
    pass
from generator.commands.arguments import (
    DEFAULT_OUTPUT,
    GLOBAL_OPTIONS,
    MAX_LAPS,
    MAX_RACES,
    MAX_ROUNDS,
    add_inputs,
    add_print_options,
    command,
    component_list,
    positive,
    whole_number,
)
from generator.commands.battle_parser import add_battle_verdict_options
from generator.commands.runners import (
    run_balance_command,
    run_build_or_watch,
    run_catalogue,
    run_check,
    run_init,
    run_new,
    run_race_command,
    run_rules,
    run_schema,
    run_season,
)


def add_check_command(commands: argparse._SubParsersAction) -> None:
    """``paddock check``: every definition against its rules, findings at file:line:column."""
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


def add_build_command(commands: argparse._SubParsersAction) -> None:
    """``paddock build``: check, then print into the output folder as one set."""
    build_cmd = command(
        commands, "build", "check, then print PDFs into the output folder",
        textwrap.fill(
            "Check, then print every clean definition into the output folder as one set. "
            "A build owns what it prints: it replaces the files it writes and an earlier "
            "build's files of the same games and components (each removal is printed); "
            "other files the manifest lists are kept, and files Paddock did not write are "
            "never touched. A build "
            "of single files prints those vehicles' components only; a folder also gets the "
            "shared parts (generic deck, dice stickers).", 78),
        ["paddock build", "paddock build vehicles/frothy-races/whisper-gig.yaml --only "
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
    build_cmd.add_argument("--workers", type=positive("workers"), metavar="K",
                           help="processes writing the PDFs at once (default: one per core; "
                                "1 writes them one after another; the files are the same)")
    build_cmd.add_argument("--rebuild", action="store_true",
                           help="build for real even when an identical earlier build could "
                                "be copied from the cache folder (its record is replaced)")
    add_print_options(build_cmd)
    build_cmd.set_defaults(run=run_build_or_watch)


def add_balance_command(commands: argparse._SubParsersAction) -> None:
    """``paddock balance``: builds measured against a baseline, and the race verdict."""
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
    balance.add_argument("-o", "--output", type=Path, metavar="FILE",
                         help="where to write the PDF report (default: output/balance.pdf; "
                              "bad usage when no build can be measured)")
    balance.add_argument("--format", choices=("text", "json"), default="text",
                         help="text for people, json for tools [text]")
    balance.add_argument("--paper", choices=sorted(PAPERS), default="a4",
                         help="paper size of the PDF report [a4]")
    balance.add_argument("--strict", action="store_true",
                         help="exit 1 when a build dominates or is dominated by the baseline")
    balance.add_argument("--suggest", action="store_true",
                         help="for a build outside the band (dominating or dominated), the "
                              "fewest edits of its file (one or two: a card, a trait's value, "
                              "a row entry, a Damage affect) that bring it inside, judged on "
                              "the exact axes, each as a diff with its effect")
    racing = balance.add_argument_group(
        "race verdict", "race each Frothy Races vehicle against a field and judge its win "
        "rate against the fair share (FR-BAL-RACE-OVERPOWERED / -UNDERPOWERED)")
    racing.add_argument("--race", type=Path, metavar="TRACK", action="append",
                        help="race on this Frothy Races track: a file or a shipped track's "
                             "name, e.g. tin-plate-loop (paddock catalogue tracks); give it "
                             "again for more tracks, or 'all' for every shipped one (Joyride "
                             "cars: a Joyride track, or 'all' for every one in vehicles/tracks)")
    racing.add_argument("--field", type=Path, metavar="DIR",
                        help="race against up to five vehicles from this folder (default: "
                             "five copies of the baseline)")
    racing.add_argument("--races", type=positive("races", MAX_RACES), metavar="N",
                        help="races per track and style (default: the sequential rule "
                             "of FR-BAL-RACE-STYLE decides)")
    racing.add_argument("--seed", type=int, default=1, metavar="S",
                        help="the races' seed (default: 1)")
    racing.add_argument("--workers", type=positive("workers"), metavar="K",
                        help="local worker processes, for --race or --battle (default "
                             "and most: all cores)")
    add_battle_verdict_options(balance)
    balance.set_defaults(run=run_balance_command)


def add_rules_command(commands: argparse._SubParsersAction) -> None:
    """``paddock rules``: every rule, or one explained in full."""
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


def add_catalogue_command(commands: argparse._SubParsersAction) -> None:
    """``paddock catalogue``: the names a definition may use."""
    catalogue = command(
        commands, "catalogue", "list the names a definition may use: traits, special cards...",
        "List a game's catalogues (the trait, special card, affect, ability, item and class "
        "names its files may use), each entry with its '#' value, our one-line summary and "
        "the rulebook section.",
        ["paddock catalogue frothy-races traits", "paddock catalogue joyride --format json",
         "paddock catalogue tracks"])
    catalogue.add_argument("game", choices=[*sorted(GAMES), "tracks"], metavar="GAME",
                           help=f"one of: {', '.join(GAMES)}; or tracks, the shipped tracks "
                                "(named as --race NAME anywhere)")
    catalogue.add_argument("name", nargs="?", metavar="CATALOGUE",
                           help="one catalogue, e.g. traits, special-cards, damage-affects, "
                                "stamina-affects, abilities, items, classes (default: all)")
    catalogue.add_argument("--format", choices=("text", "json"), default="text",
                           help="text for people, json for tools [text]")
    catalogue.set_defaults(run=run_catalogue)


def add_new_command(commands: argparse._SubParsersAction) -> None:
    """``paddock new``: a new, commented definition to edit."""
    new = command(
        commands, "new", "write a new, commented definition to edit",
        "Write a new, commented definition to edit: a vehicle started from the game's "
        "baseline, a track (a small walled oval) or a Joyride item. The file always passes "
        "'paddock check'; a name it could not keep (too long to print, say) is refused. It "
        "names its JSON Schema (schemas/), so editors complete and check fields.",
        ["paddock new frothy-races 'Red Comet'", "paddock new joyride 'Mud Loop' --kind track",
         "paddock new joyride 'Spike Strip' --kind item",
         "paddock new formula-ace 'Crater Run' --kind circuit"])
    new.add_argument("game", choices=sorted(GAMES), metavar="GAME",
                     help=f"one of: {', '.join(GAMES)}")
    new.add_argument("name", metavar="NAME", help="the new definition's name")
    new.add_argument("--kind", default="vehicle", type=str.casefold,
                     help="vehicle (or the kind its file declares: chariot, team), track "
                          "(Frothy Races, Joyride), item (Joyride) or circuit (Formula Ace) "
                          "[vehicle]")
    new.add_argument("-o", "--output", type=Path, metavar="FILE",
                     help="where to write it (default: vehicles/<game>/<name>.yaml; tracks "
                          "in vehicles/tracks/, items in vehicles/<game>/items/)")
    new.add_argument("--force", action="store_true", help="overwrite an existing file")
    new.set_defaults(run=run_new)


def add_init_command(commands: argparse._SubParsersAction) -> None:
    """``paddock init``: a new project folder."""
    init = command(
        commands, "init", "start a project folder: vehicles/, kit.yaml, schemas for editors",
        "Start a project folder: vehicles/ with a commented kit.yaml (print settings, and "
        "where waivers go), schemas/ with the JSON Schemas of every game's files, and the "
        "editor setting for the kit. Files already there are kept. Then: paddock new.",
        ["paddock init", "paddock init my-racers"])
    init.add_argument("folder", nargs="?", type=Path, default=Path("."), metavar="DIR",
                      help="the project folder, made if missing (default: this folder)")
    init.add_argument("--templates", type=Path, metavar="DIR",
                      help="a folder of templates searched before Paddock's own")
    init.set_defaults(run=run_init)


def add_schema_command(commands: argparse._SubParsersAction) -> None:
    """``paddock schema``: the field reference, or JSON Schemas for editors."""
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
    race.add_argument("track", type=Path, metavar="TRACK",
                      help="a Frothy Races or Joyride track: a file or a shipped track's "
                           "name, e.g. tin-plate-loop (paddock catalogue tracks lists them)")
    race.add_argument("vehicles", nargs="+", type=Path, metavar="VEHICLES",
                      help="Frothy Races vehicle files, in starting order for race 1 (a "
                           "file may be named twice; one alone is a time trial)")
    race.add_argument("--races", type=positive("races", MAX_RACES), default=100, metavar="N",
                      help="how many races to run (default: 100)")
    race.add_argument("--seed", type=int, default=1, metavar="S",
                      help="the sweep's seed; each race's seed is derived from it (default: 1)")
    race.add_argument("--bot", choices=("careful", "aggressive", "racing-line", "random"),
                      default="careful", help="how the vehicles are driven: a planning "
                      "style (careful, aggressive; docs/racing.md), the old racing-line "
                      "heuristics, or random (default: careful)")
    race.add_argument("--type", "--race-type", dest="race_type",
                      type=lambda v: "-".join(v.lower().split()),
                      choices=("fastest", "furthest", "toughest", "pursuit", "fox-and-hounds",
                               "scoring", "tag-team"), metavar="TYPE",
                      help="race type: fastest over laps, furthest in rounds, toughest until "
                      "one is left (default: the track's race_type); the rulebook's pursuit, "
                      "fox-and-hounds, scoring and tag-team are refused, not played")
    race.add_argument("--laps", type=positive("laps", MAX_LAPS), metavar="L",
                      help="laps of a fastest race (default: the track's laps)")
    race.add_argument("--rounds", type=positive("rounds", MAX_ROUNDS), metavar="R",
                      help="rounds of a furthest race (default: 12); for a fastest or "
                      "toughest race, the round it is stopped at, undecided if nobody has won "
                      "(default: 150)")
    race.add_argument("--stamina", action="store_true", help="play the optional Stamina rule")
    race.add_argument("--workers", type=positive("workers"), metavar="K",
                      help="local worker processes (default and most: all cores)")
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
