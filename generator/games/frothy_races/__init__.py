"""Frothy Races (guide 3.6): fantasy chariot racing on a hex track."""

from __future__ import annotations

from generator.games.frothy_races.baseline import baseline
from generator.games.frothy_races.catalogues import frothy_data, listings
from generator.games.frothy_races.components import outputs, print_findings
from generator.games.frothy_races.editor_rules import RULES
from generator.games.frothy_races.model import VEHICLE_SCHEMA
from generator.games.frothy_races.scaffold import scaffold
from generator.project.game import Game, Kind, lazy_balance
from generator.tracks import RACE_TYPES, PhaseTurning, TrackGame, track_kind, with_tracks
from generator.tracks.scaffold import track_scaffold

# Tracks: a vehicle faces one of 12 facings and turns 30 degrees at the end of a movement
# phase (Rules & Game-play > Movement). The drive search assumes 2 spaces a phase: the
# guide's example chariot moves 1-3 spaces a phase at Speeds 2-5.
TRACKS = TrackGame(
    game_id="frothy-races",
    title="Frothy Races",
    movement=PhaseTurning(spaces=2),
    race_types=RACE_TYPES,
    finish_races=("Fastest",),
    terrains=frozenset({"hazard", "fragile", "solid", "special"}),
    items=False,
    token_set="frothy",
    pieces=True,
    players=(2, 6),  # Introduction: "a ... racing game for 2 to 6 players"
    wrecks=True,  # 'Wipe-out': a wrecked vehicle stays on the track as a solid obstacle
    scale_advice=True,  # Introduction > Scale: room for the field to race side by side
)

GAME = Game(
    id="frothy-races",
    title="Frothy Races",
    book=RULES.book,
    kinds={"vehicle": Kind("vehicle", VEHICLE_SCHEMA, RULES, frothy_data(),
                           print_check=print_findings),
           "track": track_kind(TRACKS)},
    outputs=with_tracks(outputs),
    scaffold=scaffold,
    default_folder="vehicles/frothy-races",
    race_module="generator.games.frothy_races.race.game",
    balance_loader=lazy_balance("generator.games.frothy_races", baseline, raceable=True),
    catalogues=lambda: listings(RULES.book),
    kind_scaffolds={"track": track_scaffold(TRACKS)},
)
