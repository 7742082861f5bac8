"""The Circus Maximus facts (``data/facts.yaml``), read once per process.

The second-edition text is short: the ram modifiers for scythe blades and light cars, the
endurance lost with each horse, the speed lost once the team is exhausted, a driver's pace on
foot. Rules and components read those numbers from here; Python repeats none of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.keep.data_yaml import read_data
from generator.paper.sizes import Size, sizes_from_data

DATA = Path(__file__).with_name("data")


@dataclass(frozen=True)
class CircusData:
    """Numbers the second-edition text states, the sizes we print at, and its gaps."""

    book: str
    sizes: dict[str, Size]
    ram_modifiers: dict[str, int]
    horse_loss_fractions: tuple[str, ...]
    exhausted_speed_loss: int
    hit_boxes_per_square: int
    cut_free_dice: int
    wreck_dice: int
    log_turns: int
    gaps: dict[str, str]

    def foot_squares(self, unmarked_hit_boxes: int) -> int:
        """Squares a driver on foot moves a turn with this many unmarked hit boxes (17.2)."""
        return -(-unmarked_hit_boxes // self.hit_boxes_per_square)


@lru_cache(maxsize=1)
def circus_data() -> CircusData:
    """The facts file as a typed object."""
    raw: dict[str, Any] = read_data(DATA / "facts.yaml")
    return CircusData(
        book=raw["book"], sizes=sizes_from_data(raw["sizes"]),
        ram_modifiers={k: int(v) for k, v in raw["ram_modifiers"].items()},
        horse_loss_fractions=tuple(raw["horse_loss_fractions"]),
        exhausted_speed_loss=int(raw["exhausted_speed_loss"]),
        hit_boxes_per_square=int(raw["hit_boxes_per_square"]),
        cut_free_dice=int(raw["cut_free_dice"]), wreck_dice=int(raw["wreck_dice"]),
        log_turns=int(raw["log_turns"]),
        gaps={g["id"]: " ".join(g["note"].split()) for g in raw["gaps"]})
