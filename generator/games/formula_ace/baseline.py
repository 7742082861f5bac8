"""The Formula Ace baseline team, shipped as package data so ``paddock new formula-ace``
finds it wherever Paddock is installed, and balance has a starting ship and pilot."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from generator.games.formula_ace.model import TEAM_SCHEMA, Team
from generator.input.schema import load_packaged

BASELINE_FILE = Path(__file__).with_name("data") / "baseline-team.yaml"


@lru_cache(maxsize=1)
def baseline() -> Team:
    """The baseline team as a model."""
    team = load_packaged(BASELINE_FILE, TEAM_SCHEMA)
    assert isinstance(team, Team)
    return team
