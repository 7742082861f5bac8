"""Small track files for the track tests: a clean strip to change, and a way to write one."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import yaml

from tests.conftest import VEHICLES

TRACKS = VEHICLES / "tracks"

# A point-to-point strip two spaces wide: four slots facing 3 o'clock, the finish at the
# far end. It checks clean for two players (its only finding is its lap length).
STRIP = """\
XXXXXXXXXXXX
X12......=.X
X34......=.X
XXXXXXXXXXXX"""


def track_text(map_text: str | None = STRIP, game: str = "frothy-races",
               **fields: Any) -> str:
    """A track file: the strip's metadata changed by ``fields`` (a field given as None is left
    out), the map as a literal block."""
    head: dict[str, Any] = {"game": game, "kind": "track", "name": "Test Strip", "players": 2,
                            "start_facing": 3}
    if game == "joyride":  # every Joyride layout gives these (TRK-LAYOUT-FIELDS)
        head.update(location="Test Yard", items=[], laps=1, difficulty=1,
                    description="A test strip.")
    head.update(fields)
    head = {key: value for key, value in head.items() if value is not None}  # None: left out
    text = yaml.safe_dump(head, sort_keys=False)
    if map_text is not None:
        text += "map: |\n" + textwrap.indent(map_text, "  ", lambda line: True) + "\n"
    return text


def write_track(folder: Path, file_name: str = "track.yaml", map_text: str | None = STRIP,
                game: str = "frothy-races", **fields: Any) -> Path:
    """Write :func:`track_text` into ``folder``."""
    path = folder / file_name
    path.write_text(track_text(map_text, game, **fields), encoding="utf-8")
    return path

# A Joyride circuit: cars start on the starting line (=) facing 3 o'clock and cross
# checkpoints 1 to 4 (right, top right, top left, left) before the line again. Clean for two
# to four players (its only finding is its lap length).
JOY_LOOP = """\
XXXXXXXXXXXXXXXX
X..............X
X..............X
X..............X
XcccXXXXXXXXbbbX
X...X      X...X
X...X      X...X
XdddXXXXXXXXaaaX
X.......=......X
X.......=......X
X.......=......X
X.......=......X
XXXXXXXXXXXXXXXX"""
