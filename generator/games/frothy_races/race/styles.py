"""Driving styles: the prices one planner weighs its choices at (docs/racing.md).

Every style drives with the same value table method (``planner``); a style
only says what a Wipe-out and a card are worth in rounds, and whether it attacks. So a
verdict raced under each style measures the vehicle under different attitudes to risk,
not different skill.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DrivingStyle:
    """The prices a planning driver weighs its choices at."""

    name: str
    wipe_rounds: float
    """Rounds a Wipe-out costs (a race not finished): the risk attitude. Each Damage point
    is priced at this over the vehicle's Damage track."""
    card_rounds: float
    """Rounds a Whip or Reins card is worth keeping in hand."""
    attacks: bool
    """Whether it starts attacks (when the exact odds say one pays)."""
    card_reserve: int
    """Cards it keeps in hand for Control rolls and defence."""


CAREFUL = DrivingStyle("careful", wipe_rounds=60.0, card_rounds=0.3, attacks=False,
                       card_reserve=2)
AGGRESSIVE = DrivingStyle("aggressive", wipe_rounds=20.0, card_rounds=0.06, attacks=True,
                          card_reserve=1)
STYLES = {style.name: style for style in (CAREFUL, AGGRESSIVE)}
