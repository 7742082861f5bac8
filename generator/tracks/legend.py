"""What each character of a track map means: the built-in legend (``legend.yaml``), which a
track's own ``legend:`` extends."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.keep.data_yaml import read_data

# Terrain a vehicle may drive into; barriers and solid obstacles it must never choose to.
PASSABLE = frozenset({"track", "hazard", "fragile", "special"})


@dataclass(frozen=True)
class Symbol:
    """What one map character means: its terrain and any marking on it."""

    char: str
    terrain: str
    label: str
    rating: int | None = None
    icon: str | None = None
    item: bool = False
    slot: int | None = None
    finish: bool = False
    checkpoint: int | None = None
    item_checkpoint: bool = False
    markers: int | None = None  # fragile obstacle markers laid here (None: as the terrain)

    @property
    def fragile_markers(self) -> int:
        """Fragile obstacle markers on the hex at the start of a race: as many as the legend
        lays (several may share a space; on a hazard, a space with both), else one on a
        fragile obstacle and none elsewhere."""
        if self.markers is not None:
            return self.markers
        return 1 if self.terrain == "fragile" else 0

    @property
    def passable(self) -> bool:
        """True when a vehicle may drive into a hex of this kind."""
        return self.terrain in PASSABLE


def _load_builtin_legend() -> dict[str, Symbol]:
    raw = read_data(Path(__file__).with_name("legend.yaml"))
    return {str(char): Symbol(char=str(char), **fields) for char, fields in raw.items()}


BUILTIN_LEGEND: dict[str, Symbol] = _load_builtin_legend()
