"""Where the Frothy Races licence's tables, tracks and boxes lie, for a given margin.

Millimetres from the licence's top-left corner. At home the grid keeps 1.5 mm in from the
hairline the player cuts on. A print shop wants no text or mark a player reads within its
safe zone of the cut (1/8 in by default): the grid then keeps the zone (and the slack text
keeps, ``generator.paper.layout.SAFE_SLACK``) in from every cut, at the licence's own
trim size, and takes the room it loses from the parts that can spare some: the gaps, the
Spent and Recovery boxes, the Control Loss band and its boxes, the table's rows, the Speed
columns' and the tracks' width. Each part gives up the same share of what it can spare and
none goes below its least size, which still holds its text at 6 pt or more; the row labels
and the traits keep their home size, so at 1/8 in no word is smaller than at home. (The
tracks' rows are whatever their height divided by their count gives: a vehicle whose
affects then cannot fit is refused by the build.) Scaling the whole licence down instead
would shrink its 6 pt text below 6 pt.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from generator.errors import UsageError
from generator.paper.layout import SAFE_SLACK

WIDTH_MM, HEIGHT_MM = 190.0, 125.0
HOME_INSET = 1.5
# The back's text and picture keep this far from the cut at home.
BACK_MARGIN = 6.0


@dataclass(frozen=True)
class Part:
    """A run of the grid along one direction: its size at home and the least it may take."""

    name: str
    size: float
    least: float


# Top to bottom down the middle of the front: the Speed table's rows, the name band, traits
# and cards, the Spent and Recovery boxes, the Control Loss band (gaps between them).
DOWN = (Part("acceleration", 7.0, 6.0), Part("deceleration", 7.0, 6.0), Part("speed", 8.0, 8.0),
        Part("move_1", 5.0, 4.2), Part("move_2", 5.0, 4.2), Part("move_3", 5.0, 4.2),
        Part("move_4", 5.0, 4.2), Part("control", 5.5, 4.6), Part("stamina", 5.5, 4.6),
        Part("name", 12.5, 11.2), Part("gap above traits", 1.0, 0.6),
        Part("traits", 23.0, 23.0), Part("gap above spent", 1.5, 1.0),
        Part("spent", 16.0, 12.0), Part("gap above band", 1.5, 1.0),
        Part("band", 13.5, 10.5))
# Left to right across the front: the Damage track, the table's row labels, its seven
# Speed columns, the Stamina track.
ACROSS = (Part("damage", 32.0, 28.5), Part("labels", 17.0, 17.0), Part("speeds", 106.0, 94.5),
          Part("stamina", 32.0, 28.5))
# Left to right along the Control Loss band: its label, ten boxes, a gap and the note.
BAND = (Part("label", 25.5, 22.5), Part("boxes", 130.0, 117.0), Part("gap", 1.0, 0.8),
        Part("note", 30.0, 26.0), Part("end", 0.5, 0.3))
SPEED_ROWS = ("acceleration", "deceleration", "speed", "move_1", "move_2", "move_3", "move_4",
              "control", "stamina")


class NoRoom(ValueError):
    """The parts cannot give up as much as a margin asks."""


def squeezed(parts: Sequence[Part], room: float) -> dict[str, float]:
    """Each part's size when they must share ``room`` mm: as at home where that fits, else
    each gives up the same share of its spare (size less least)."""
    total = sum(part.size for part in parts)
    spare = sum(part.size - part.least for part in parts)
    loss = total - room
    if loss <= 1e-9:
        return {part.name: part.size for part in parts}
    if loss > spare + 1e-9:
        raise NoRoom(f"{loss:.1f} mm asked, {spare:.1f} mm spare")
    share = loss / spare
    return {part.name: part.size - share * (part.size - part.least) for part in parts}


def starts(sizes: dict[str, float], origin: float) -> dict[str, float]:
    """Where each part begins, laid end to end from ``origin`` in the parts' order."""
    found, at = {}, origin
    for name, size in sizes.items():
        found[name] = at
        at += size
    return found


@dataclass(frozen=True)
class Grid:
    """The licence's grid at one margin (``inset``, mm from every cut).

    ``row_top`` and ``row_height`` are the Speed table's rows by name; the tracks run from
    ``track_header`` (Damage) and ``stamina_top`` down to ``track_bottom``."""

    inset: float
    down: dict[str, float]
    across: dict[str, float]
    band: dict[str, float]
    safe_zone: float = 0.0  # the print shop's, mm: what the grid was made to keep

    @property
    def side(self) -> float:
        return self.across["damage"]

    @property
    def centre_left(self) -> float:
        return self.inset + self.side

    @property
    def centre_right(self) -> float:
        return WIDTH_MM - self.inset - self.across["stamina"]

    @property
    def label_column(self) -> float:
        return self.across["labels"]

    @property
    def speed_left(self) -> float:
        return self.centre_left + self.label_column

    @property
    def speed_column(self) -> float:
        return self.across["speeds"] / 7

    @property
    def row_top(self) -> dict[str, float]:
        return starts(self.down, self.inset)

    @property
    def row_height(self) -> dict[str, float]:
        return {name: self.down[name] for name in SPEED_ROWS}

    @property
    def header_height(self) -> float:
        """The Acceleration and Deceleration rows together: the height of the corner blocks
        (Resilience, the Stamina track's header) beside them, less a hairline's gap."""
        return self.down["acceleration"] + self.down["deceleration"] - 0.4

    @property
    def track_top(self) -> float:
        return self.row_top["speed"]

    @property
    def track_header(self) -> float:
        return self.track_top + 5.5

    @property
    def stamina_top(self) -> float:
        return self.track_top + 0.5

    @property
    def name_top(self) -> float:
        return self.row_top["name"]

    @property
    def traits_top(self) -> float:
        return self.row_top["traits"]

    @property
    def spent_top(self) -> float:
        return self.row_top["spent"]

    @property
    def track_bottom(self) -> float:
        return self.spent_top + self.down["spent"]

    @property
    def band_top(self) -> float:
        return self.row_top["band"]

    @property
    def band_bottom(self) -> float:
        return HEIGHT_MM - self.inset

    @property
    def control_left(self) -> float:
        return self.inset + self.band["label"]

    @property
    def control_box(self) -> float:
        return self.band["boxes"] / 10

    @property
    def note_left(self) -> float:
        return self.control_left + self.band["boxes"] + self.band["gap"]

    @property
    def back_margin(self) -> float:
        """How far the back's text and picture keep from the cut: 6 mm, or more where the
        grid's margin asks for it."""
        return max(BACK_MARGIN, self.inset + BACK_MARGIN - 3.5)


HOME = Grid(HOME_INSET, squeezed(DOWN, 122.0), squeezed(ACROSS, 187.0), squeezed(BAND, 187.0))


@cache
def licence_grid(safe_zone: float) -> Grid:
    """The grid keeping ``safe_zone`` mm (plus the text's slack) in from every cut; the home
    grid for none. A zone the licence has no room for is a usage error naming the largest
    that fits."""
    if safe_zone <= 0:
        return HOME
    inset = max(HOME_INSET, safe_zone + SAFE_SLACK)
    try:
        return Grid(inset, squeezed(DOWN, HEIGHT_MM - 2 * inset),
                    squeezed(ACROSS, WIDTH_MM - 2 * inset), squeezed(BAND, WIDTH_MM - 2 * inset),
                    safe_zone)
    except NoRoom:
        raise UsageError(
            f"the Frothy Races licence ({WIDTH_MM:g} x {HEIGHT_MM:g} mm) has no room for its "
            f"tables and tracks inside a safe zone of {safe_zone:g} mm (at most "
            f"{math.floor(largest_safe_zone() * 10) / 10:g} mm fits); choose a smaller "
            "safe_zone for the printer") from None


def largest_safe_zone() -> float:
    """The widest safe zone (mm) the licence's parts can make room for: each axis's grid
    may move in from home by half of what its parts can spare."""
    spare = min(sum(part.size - part.least for part in parts) for parts in (DOWN, ACROSS, BAND))
    return HOME_INSET + spare / 2 - SAFE_SLACK
