"""The Outrider baseline (the rulebook's example Linebacker build), shipped as package data
so ``paddock new outrider`` finds it wherever Paddock is installed."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from generator.games.outrider.model import VEHICLE_SCHEMA, Vehicle
from generator.input.schema import load_packaged

BASELINE_FILE = Path(__file__).with_name("data") / "linebacker.yaml"


@lru_cache(maxsize=1)
def baseline() -> Vehicle:
    """The baseline vehicle as a model."""
    vehicle = load_packaged(BASELINE_FILE, VEHICLE_SCHEMA)
    assert isinstance(vehicle, Vehicle)
    return vehicle
