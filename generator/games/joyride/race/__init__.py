"""Joyride races: the engine (setup, turns by step, movement and collisions, items,
damage), the value table and the planning driver, and seeded sweeps of many races.

``run_race`` races cars on a Joyride track; the same seed gives the same race bit for bit.
The race core (``generator.race``, below the games) sweeps these races through
``game.JoyrideRace``; nothing here imports another game.
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
