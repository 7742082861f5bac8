"""The one place games are registered. A game never imports another game."""

from __future__ import annotations

from generator.errors import UsageError
from generator.games.base import Game
from generator.games.circus_maximus import GAME as CIRCUS_MAXIMUS
from generator.games.frothy_races import GAME as FROTHY_RACES
from generator.games.joyride import GAME as JOYRIDE
from generator.games.outrider import GAME as OUTRIDER

GAMES: dict[str, Game] = {game.id: game for game in (FROTHY_RACES, JOYRIDE, OUTRIDER,
                                                         CIRCUS_MAXIMUS)}


def get_game(game_id: str) -> Game:
    """The game registered as ``game_id``, or a usage error listing the known ones."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise UsageError(
            f"unknown game {game_id!r}; Paddock knows: {', '.join(GAMES)}") from None
