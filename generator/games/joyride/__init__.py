"""Joyride (prototype rulebook): car racing on a hex board.

Three kinds of file: a car (``kind: vehicle``: its dashboard and unique driver abilities), a
custom item (``kind: item``) and a track. Cars and items are this package's (model, rules,
catalogues, components, scaffold); the track machinery is shared (``generator.tracks``) and
registered here with Joyride's own rules: a car points at a hex side, fills two spaces, and
steers once at the start of a move (Driving > Movement: the front enters the front-left or
front-right space, then the car carries on that way). The drive search assumes moves of 2
spaces, one die's average. Races are won by the first car over the finish line after the
set laps (Playing the Game > Racing > Goal).
"""

from __future__ import annotations

from generator.games.joyride.catalogues import joyride_data
from generator.games.joyride.components import outputs, print_findings, prints_item_set
from generator.games.joyride.model import BOOK, CAR_SCHEMA, ITEM_SCHEMA
from generator.games.joyride.rules import ITEM_RULES, RULES
from generator.games.joyride.scaffold import item_scaffold, scaffold
from generator.games.joyride.standard import baseline, listings, standard_items
from generator.project.game import Game, Kind, lazy_balance
from generator.tracks import SteerPerMove, TrackGame, track_kind, with_tracks
from generator.tracks.scaffold import track_scaffold

TRACKS = TrackGame(
    game_id="joyride",
    title="Joyride",
    movement=SteerPerMove(spaces=2),
    race_types=("Fastest",),
    finish_races=("Fastest",),
    terrains=frozenset({"solid", "special"}),
    items=True,
    token_set="joyride",
    standard_items=tuple(item.name for item in standard_items()),
    straight_lines=True,  # Shared Components > Checkpoint Tokens: the row between two tokens
    item_aliases=tuple(ITEM_RULES["JR-ITEM-STANDARD-NAME"].params["also_called"].items()),
    layout_fields=("location", "items", "laps", "difficulty", "description"),  # Track Layouts
    open_edge=True,  # Checkpoint Tokens: a single token's line runs to the board edge
    line_start=True,  # Setup: each car's front on an empty space of the starting line
)

GAME = Game(
    id="joyride",
    title="Joyride",
    book=BOOK,
    kinds={"vehicle": Kind("vehicle", CAR_SCHEMA, RULES, joyride_data(),
                           print_check=print_findings),
           "item": Kind("item", ITEM_SCHEMA, ITEM_RULES, joyride_data(),
                        print_check=print_findings),
           "track": track_kind(TRACKS)},
    outputs=with_tracks(outputs, prints_item_set=prints_item_set),
    scaffold=scaffold,
    default_folder="vehicles/joyride",
    race_module="generator.games.joyride.race.game",
    balance_loader=lazy_balance("generator.games.joyride", baseline),
    catalogues=lambda: listings(BOOK),
    kind_scaffolds={"track": track_scaffold(TRACKS), "item": item_scaffold},
)
