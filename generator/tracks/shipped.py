"""The tracks Paddock ships, found by name from anywhere, and a project's own track of the same
name before them.

The shipped tracks are the files in ``vehicles/tracks/`` of a source checkout; an install
carries the same files inside the package as ``generator/_tracks`` (pyproject.toml maps the
folder), so a designer's own project folder can race on ``tin-plate-loop`` without a copy.
A name is a file's stem (``tin-plate-loop``) or its ``name:`` field in any case
(``Tin-Plate Loop``). A project's own ``vehicles/tracks/<stem>.yaml`` (of the folder the
command runs in) wins over a shipped track of the same stem; :func:`find_track` says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator.input.names import slug

PROJECT_TRACKS = Path("vehicles") / "tracks"
_FIELD = re.compile(r"^(game|name):\s*(.+?)\s*$", re.MULTILINE)


def shipped_tracks_dir() -> Path:
    """Our tracks: inside the installed package, or ``vehicles/tracks`` of a checkout."""
    package_dir = Path(__file__).resolve().parent.parent
    installed = package_dir / "_tracks"
    if installed.is_dir():
        return installed
    return package_dir.parent / "vehicles" / "tracks"


@dataclass(frozen=True)
class ShippedTrack:
    """One shipped track: the name to give, its title, its game and its file."""

    stem: str
    title: str
    game: str
    path: Path


def shipped_tracks() -> list[ShippedTrack]:
    """Every shipped track, by name. The title and game are read from the file's top-level
    ``name:`` and ``game:`` lines (no YAML parse: listing stays quick)."""
    found = []
    folder = shipped_tracks_dir()
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        fields = dict(_FIELD.findall(path.read_text(encoding="utf-8")))
        found.append(ShippedTrack(path.stem, fields.get("name", path.stem).strip("'\""),
                                  fields.get("game", "?"), path))
    return found


@dataclass(frozen=True)
class FoundTrack:
    """A track named on the command line: the file to read, and a note when the project's
    own track was taken over a shipped one of the same name."""

    path: Path
    note: str | None = None


def find_track(text: str) -> FoundTrack | None:
    """The file ``text`` names: an existing path as given; else a name (file stem or
    ``name:`` field) looked up in the project's ``vehicles/tracks/`` first, then among the
    shipped tracks. None when nothing matches."""
    given = Path(text)
    if given.exists():
        return FoundTrack(given)
    wanted = slug(given.stem if given.suffix in (".yaml", ".yml") else text)
    shipped = {track.stem: track for track in shipped_tracks()}
    shipped.update({slug(track.title): track for track in shipped_tracks()})
    own = PROJECT_TRACKS / f"{wanted}.yaml"
    if own.is_file():
        other = shipped.get(wanted)
        if other is not None and other.path.resolve() != own.resolve():
            return FoundTrack(own, f"{text}: using your own {own}, not the shipped track "
                                   f"of that name ({other.title})")
        return FoundTrack(own)
    track = shipped.get(wanted)
    return FoundTrack(track.path) if track else None
