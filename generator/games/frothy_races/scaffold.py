"""``paddock new frothy-races NAME``: the basic chariot as a commented file to edit."""

from __future__ import annotations

from generator.games.frothy_races.baseline import baseline
from generator.text.templates import TextTemplates

TEMPLATE = "frothy-races/new-vehicle.yaml.j2"


def scaffold(name: str, templates: TextTemplates, path: str = "FILE") -> str:
    """The text of a new vehicle file called ``name``, from the baseline."""
    return templates.render(TEMPLATE, {"name": name, "baseline": baseline(), "path": path})
