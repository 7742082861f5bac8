"""Joyride races: the engine (setup, turns by step, movement and collisions, items,
damage), the value table and the planning driver, and seeded sweeps of many races.

``run_race`` races cars on a Joyride track; the same seed gives the same race bit for bit.
Nothing here imports ``generator.race`` (the Frothy Races engine): games never import the
layer above them.
"""

from generator.games.joyride.race.api import (
    RaceOptions,
    RaceResult,
    event_lines,
    race_items,
    run_race,
    table_for,
)

__all__ = ["RaceOptions", "RaceResult", "event_lines", "race_items", "run_race", "table_for"]
