"""``paddock new GAME NAME --kind track``: a small walled oval that checks clean, to redraw."""

from __future__ import annotations

from collections.abc import Callable

from generator.text.templates import TextTemplates
from generator.tracks.game import TrackGame

TEMPLATE = "tracks/new-track.yaml.j2"


def track_scaffold(game: TrackGame) -> Callable[[str, TextTemplates, str], str]:
    """The scaffold function for ``game``'s tracks."""
    def scaffold(name: str, templates: TextTemplates, path: str = "FILE") -> str:
        return templates.render(TEMPLATE, {
            "name": name, "path": path, "game": game.game_id, "title": game.title,
            "race_types": list(game.race_types), "line_start": game.line_start,
            "items": game.items, "scale_advice": game.scale_advice})
    return scaffold
