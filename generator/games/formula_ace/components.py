"""What a Formula Ace build prints. (Components arrive in the next commits.)"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.output import BuildContext, Output

if TYPE_CHECKING:
    from generator.loading import Definition

GAME_ID = "formula-ace"


def outputs(definitions: Sequence[Definition], context: BuildContext) -> list[Output]:
    """Everything a Formula Ace build writes, planned now and written later."""
    return []
