"""Drawing in millimetres and fitted text slots, for every Joyride face.

Borrowed from Outrider for now: the integrator is moving ``Slot``, ``Plan``, ``Blocks`` and
``Pen`` into a shared ``generator/layout.py``. This module is the one place Joyride imports
them from, so that move changes one line here and nothing else. (It is also the one place a
Joyride module touches another game's package.)
"""

from __future__ import annotations

from generator.games.outrider.layout import (
    Blocks,
    Pen,
    PlacedText,
    Plan,
    Slot,
    clip_to_box,
    cut_line,
    rotate_point,
)

__all__ = ["Blocks", "Pen", "PlacedText", "Plan", "Slot", "clip_to_box", "cut_line",
           "rotate_point"]
