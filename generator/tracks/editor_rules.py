"""The JSON Schema of the track rules that judge one value or one mapping of a track file
alone (``RuleBook.editor_schema``), from the same params and game settings as their checks
in ``rules`` and ``setup_rules``: an editor flags what these report as it is typed."""

from __future__ import annotations

from typing import Any

from generator.input.editor_schema import EACH_VALUE, at, has, when
from generator.input.schema import Choice, Nullable, declared_fields
from generator.tracks.game import TrackGame
from generator.tracks.legend import BUILTIN_LEGEND
from generator.tracks.model import PLAYER_COUNTS, LegendEntry, Track, players_schema
from generator.tracks.setup_rules import RULES

__all__ = ["RULES"]


def spec_of(model: type, name: str) -> Any:
    """The value spec of a model's field, whose spellings a schema names."""
    return next(info.spec for info in declared_fields(model) if info.name == name)


@RULES.editor_schema("TRK-MAP-OR-PIECES")
def map_or_pieces_schema() -> list[dict[str, Any]]:
    return [{"oneOf": [{"required": ["map"]}, has(["pieces"], {"minItems": 1})]}]


@RULES.editor_schema("TRK-LEGEND-CHAR")
def legend_adds_only_schema() -> list[dict[str, Any]]:
    return [at(["legend"], {"propertyNames": {"not": {"enum": list(BUILTIN_LEGEND)}}})]


@RULES.editor_schema("TRK-RATING-PLAIN")
def ratings_schema() -> list[dict[str, Any]]:
    terrain, rating = spec_of(LegendEntry, "terrain"), spec_of(LegendEntry, "rating")
    assert isinstance(terrain, Choice) and isinstance(rating, Nullable)
    return [at(["legend", EACH_VALUE], when(
        has(["terrain"], terrain.spellings(["track", "barrier"])),
        at(["rating"], rating.blank_schema())))]


@RULES.editor_schema("TRK-RACE-TYPE")
def race_type_schema(context: TrackGame) -> list[dict[str, Any]]:
    race_type = spec_of(Track, "race_type")
    assert isinstance(race_type, Choice)
    return [at(["race_type"], race_type.spellings(context.race_types))]


@RULES.editor_schema("TRK-RACE-PLAYERS")
def pursuit_for_two_schema() -> list[dict[str, Any]]:
    race_type = spec_of(Track, "race_type")
    assert isinstance(race_type, Choice)
    return [when(has(["race_type"], race_type.spellings(["Pursuit"])),
                 at(["players"], players_schema(PLAYER_COUNTS, high=2)))]


@RULES.editor_schema("TRK-PLAYERS-RANGE")
def players_schema_of_the_game(context: TrackGame) -> list[dict[str, Any]]:
    return [] if context.players is None else [at(["players"], players_schema(context.players))]
