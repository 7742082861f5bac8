"""Joyride (prototype rulebook): car racing on a hex board.

Only tracks so far; vehicles (dashboards, abilities, items) will join this package. The
track machinery is shared (``generator.tracks``); this registers it with Joyride's own
rules: a car points at a hex side, fills two spaces, and steers once at the start of a
move (Driving > Movement: the front enters the front-left or front-right space, then the car
carries on that way). The drive search assumes moves of 2 spaces, one die's average.
Races are won by the first car over the finish line after the set laps (Racing > Goal).
"""

from __future__ import annotations

from generator.games.base import Game
from generator.tracks import SteerPerMove, TrackGame, track_kind, track_outputs

BOOK = "Joyride prototype rulebook"

TRACKS = TrackGame(
    game_id="joyride",
    title="Joyride",
    movement=SteerPerMove(spaces=2),
    race_types=("Fastest",),
    finish_races=("Fastest",),
    terrains=frozenset({"solid", "special"}),
    items=True,
    token_set="joyride",
)

GAME = Game(
    id="joyride",
    title="Joyride",
    book=BOOK,
    kinds={"track": track_kind(TRACKS)},
    outputs=track_outputs,
)
