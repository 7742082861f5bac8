"""The one place games are registered. A game never imports another game.

Each game's module is imported the first time something asks for that game, so checking a
Frothy Races file never pays for Joyride or Outrider: ``GAMES`` knows every id up front and
loads a game only on lookup.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from generator.errors import UsageError
from generator.project.game import Game

# id -> the module whose GAME is that game, in registry order.
GAME_MODULES: dict[str, str] = {
    "frothy-races": "generator.games.frothy_races",
    "joyride": "generator.games.joyride",
    "outrider": "generator.games.outrider",
    "circus-maximus": "generator.games.circus_maximus",
    "formula-ace": "generator.games.formula_ace",
}


class GameRegistry(Mapping[str, Game]):
    """Every registered game by id; a game's code is imported on first lookup."""

    def __init__(self, modules: Mapping[str, str]) -> None:
        self._modules = dict(modules)
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        game = self._loaded.get(game_id)
        if game is None:
            game = import_module(self._modules[game_id]).GAME
            self._loaded[game_id] = game
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._modules


GAMES = GameRegistry(GAME_MODULES)


def get_game(game_id: str) -> Game:
    """The game registered as ``game_id``, or a usage error listing the known ones."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise UsageError(
            f"unknown game {game_id!r}; Paddock knows: {', '.join(GAMES)}") from None
