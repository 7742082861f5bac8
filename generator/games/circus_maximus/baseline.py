"""The Circus Maximus baseline chariot, shipped as package data so ``paddock new
circus-maximus`` finds it wherever Paddock is installed."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from generator.games.circus_maximus.model import CHARIOT_SCHEMA, Chariot
from generator.input.schema import load_packaged

BASELINE_FILE = Path(__file__).with_name("data") / "baseline-chariot.yaml"


@lru_cache(maxsize=1)
def baseline() -> Chariot:
    """The baseline chariot as a model."""
    chariot = load_packaged(BASELINE_FILE, CHARIOT_SCHEMA)
    assert isinstance(chariot, Chariot)
    return chariot
