"""Race simulation: a Frothy Races rules engine and bots that race vehicles round a track."""

from generator.games.frothy_races.race.api import (
    BOTS,
    RACE_TYPES,
    RaceOptions,
    RaceResult,
    RoundSnapshot,
    VehiclePosition,
    VehicleResult,
    event_lines,
    load_race_inputs,
    run_race,
)

__all__ = ["BOTS", "RACE_TYPES", "RaceOptions", "RaceResult", "RoundSnapshot",
           "VehiclePosition", "VehicleResult", "event_lines", "load_race_inputs", "run_race"]
