"""``paddock new circus-maximus NAME``: the baseline chariot as a commented file to edit."""

from __future__ import annotations

from generator.games.circus_maximus.baseline import baseline
from generator.games.circus_maximus.catalogues import circus_data
from generator.text.templates import TextTemplates

TEMPLATE = "circus-maximus/new-chariot.yaml.j2"


def scaffold(name: str, templates: TextTemplates, path: str = "FILE") -> str:
    """The text of a new chariot file called ``name``, from the baseline."""
    text = templates.render(TEMPLATE, {"name": name, "baseline": baseline(), "path": path,
                                       "facts": circus_data()})
    return text if text.endswith("\n") else text + "\n"
