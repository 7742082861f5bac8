"""The Outrider baseline (the rulebook's example Linebacker build), shipped as package data
so ``paddock new outrider`` finds it wherever Paddock is installed."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from generator.games.outrider.model import VEHICLE_SCHEMA, Vehicle
from generator.schema import INVALID, Validation
from generator.source import load_document

BASELINE_FILE = Path(__file__).with_name("data") / "linebacker.yaml"


@lru_cache(maxsize=1)
def baseline() -> Vehicle:
    """The baseline as a model; our own data, so a failure here is a programming error."""
    document = load_document(BASELINE_FILE)
    validation = Validation(source="baseline")
    vehicle = VEHICLE_SCHEMA.validate(document.root, (), validation)
    if vehicle is INVALID or validation.findings:
        raise RuntimeError(f"the shipped baseline is invalid: {validation.findings}")
    assert isinstance(vehicle, Vehicle)
    return vehicle
