"""What a game tells the shared track machinery: its movement model and its race rules.

Game packages register the ``track`` kind with one of these as the kind's context; the track
rules, the drive search and the printed sheets read it and never import a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.tracks.movement import MovementModel


@dataclass(frozen=True)
class TrackGame:
    """A game's track settings.

    ``race_types`` are the races the game plays; ``finish_races`` those won at a finish line.
    ``terrains`` are the kinds of hex the game has rules for, and ``items`` whether it has
    item pick-ups and item checkpoints. ``token_set`` names the track tokens it prints, and
    ``pieces`` whether a build with its tracks prints the standard modular pieces.
    ``players`` is the game's player count (low, high) when its rulebook gives one, and
    ``standard_items`` the names of the items every copy of the game has. ``straight_lines``
    is true when a checkpoint or starting line is the straight row between two tokens, and
    ``item_aliases`` (other name, standard item) the rulebook's other names for its items.
    ``layout_fields`` are the fields every layout of the game gives, beyond the required
    name and players. ``wrecks`` is true when a wrecked vehicle stays on the track as an
    obstacle (so the track must never be one space wide), ``scale_advice`` when the game's
    guide asks for a track wide enough for the field with every space in use, ``open_edge``
    when a line may run to the board's edge (so track there is no gap in the walls), and
    ``line_start`` when racers start on the starting line, never on numbered slots.
    ``rated`` are the terrains a legend entry may give a rating to (none: the game has no
    ratings).
    """

    game_id: str
    title: str
    movement: MovementModel
    race_types: tuple[str, ...]
    finish_races: tuple[str, ...]
    terrains: frozenset[str]
    items: bool
    token_set: str
    pieces: bool = False
    players: tuple[int, int] | None = None
    standard_items: tuple[str, ...] = ()
    straight_lines: bool = False
    item_aliases: tuple[tuple[str, str], ...] = ()
    layout_fields: tuple[str, ...] = ()
    wrecks: bool = False
    scale_advice: bool = False
    open_edge: bool = False
    line_start: bool = False
    rated: frozenset[str] = frozenset()


def item_key(name: str) -> str:
    """One item however it is written ('Oil-Slick', 'oil slick'): its letters and digits,
    case folded. The track checks and the races compare item names by it, so a name the
    check accepts is one the race finds."""
    return "".join(ch for ch in name.casefold() if ch.isalnum())
