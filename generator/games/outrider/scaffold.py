"""``paddock new outrider NAME``: the baseline Linebacker as a commented file to edit."""

from __future__ import annotations

from generator.games.outrider.baseline import baseline
from generator.games.outrider.catalogues import outrider_data
from generator.text.templates import TextTemplates

TEMPLATE = "outrider/new-vehicle.yaml.j2"


def scaffold(name: str, templates: TextTemplates, path: str = "FILE") -> str:
    """The text of a new vehicle file called ``name``, from the baseline."""
    data = outrider_data()
    return templates.render(TEMPLATE, {
        "name": name, "baseline": baseline(), "path": path,
        "classes": [c.name for c in data.classes], "slots": data.slots})
