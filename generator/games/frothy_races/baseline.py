"""The basic chariot: the guide's baseline, shipped as package data so every command finds it."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from generator.games.frothy_races.model import VEHICLE_SCHEMA, Vehicle
from generator.input.schema import load_packaged

BASELINE_FILE = Path(__file__).with_name("data") / "basic-chariot.yaml"


@lru_cache(maxsize=1)
def baseline() -> Vehicle:
    """The baseline vehicle as a model."""
    vehicle = load_packaged(BASELINE_FILE, VEHICLE_SCHEMA)
    assert isinstance(vehicle, Vehicle)
    return vehicle
