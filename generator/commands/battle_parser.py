"""The command-line options of ``paddock battle`` and of ``paddock balance --battle``.

Kept apart from ``battle.py`` so that building the parser (every command does) imports no
battle code: the engine loads only when a battle is asked for.
"""

from __future__ import annotations

import argparse
import textwrap
from pathlib import Path

from generator.commands.arguments import GLOBAL_OPTIONS, MAX_RACES, positive
from generator.paper.units import PAPERS

EXAMPLE = """examples:
  paddock battle vehicles/outrider/rattler.yaml vehicles/outrider/big-horn.yaml:wide \\
      vehicles/outrider/dust-devil.yaml --battles 200 --seed 7 --log output/battle.jsonl
  paddock battle vehicles/outrider/rattler.yaml vehicles/outrider/iron-curtain.yaml \\
      --scenario duel
"""


def run_battle(args: argparse.Namespace) -> int:
    from generator.commands.battle import run_battle_command

    return run_battle_command(args)


def add_battle_command(commands: argparse._SubParsersAction) -> None:
    """``paddock battle VEHICLE...``: Outrider battles between the vehicles given."""
    battle = commands.add_parser(
        "battle", parents=[GLOBAL_OPTIONS],
        help="battle Outrider vehicles on a plain map, many times over",
        description=textwrap.fill(
            "Play N seeded Outrider battles (last car standing, or a duel) between the "
            "vehicles, each driven by the expected-gain driver, seats rotated fairly, and "
            "report each vehicle's win rate with a 95% interval, draws and damage, and what "
            "the engine does not play. A seed gives the same battles bit for bit.", 78),
        epilog=EXAMPLE, formatter_class=argparse.RawDescriptionHelpFormatter)
    battle.add_argument("vehicles", nargs="+", metavar="VEHICLE",
                        help="Outrider vehicle files; FILE:wide plays the card's wide-arc "
                             "side (default: FILE:narrow); a file may be named twice")
    battle.add_argument("--scenario", default="last-car-standing", metavar="NAME",
                        help="last-car-standing (2-8 vehicles) or duel (2) "
                             "(default: last-car-standing)")
    battle.add_argument("--battles", type=positive("battles", MAX_RACES), default=100,
                        metavar="N",
                        help="how many battles (default: 100)")
    battle.add_argument("--seed", type=int, default=1, metavar="S",
                        help="the sweep's seed (default: 1)")
    battle.add_argument("--workers", type=positive("workers"), metavar="K",
                        help="local worker processes (default: all cores)")
    battle.add_argument("--scheduler", metavar="ADDR",
                        help="run on the Dask cluster at tcp://HOST:PORT instead (needs "
                             "pip install 'paddock[cluster]')")
    battle.add_argument("--format", choices=("text", "json"), default="text",
                        help="text for people, json for tools (default: text)")
    battle.add_argument("--log", type=Path, metavar="FILE",
                        help="write battle 1's event log as JSON lines (round, phase, "
                             "vehicle, action, dice, result)")
    battle.add_argument("--replay", type=Path, metavar="FILE",
                        help="write battle 1 as a PDF: the map with every base, round by "
                             "round, and a results page")
    battle.add_argument("--paper", choices=sorted(PAPERS), default="a4",
                        help="paper for the replay (default: a4)")
    battle.add_argument("--templates", type=Path, metavar="DIR",
                        help="a folder of templates searched before Paddock's own "
                             "(the summary is outrider/battle.txt.j2)")
    battle.set_defaults(run=run_battle)


def add_battle_verdict_options(balance: argparse.ArgumentParser) -> None:
    """``paddock balance --battle``: both sides of each Outrider vehicle in battles."""
    group = balance.add_argument_group(
        "battle verdict", "battle each Outrider vehicle, each side of its card, against a "
        "field of baseline vehicles and judge its win rate against the fair share "
        "(OR-BAL-BATTLE-OVERPOWERED / -UNDERPOWERED)")
    group.add_argument("--battle", nargs="?", const="duel", metavar="SCENARIO",
                       help="battle in this scenario: duel (the default: one baseline) or "
                            "last-car-standing (three baselines)")
    group.add_argument("--battles", type=positive("battles", MAX_RACES), metavar="N",
                       help="battles per side, exactly (default: the sequential rule of "
                            "OR-BAL-BATTLE-OVERPOWERED stops as soon as the interval "
                            "settles the verdict)")
