"""``paddock new formula-ace NAME``: the baseline team as a commented file to edit."""

from __future__ import annotations

from generator.games.formula_ace.baseline import baseline
from generator.games.formula_ace.catalogues import formula_data
from generator.text.templates import TextTemplates

TEMPLATE = "formula-ace/new-team.yaml.j2"


def scaffold(name: str, templates: TextTemplates, path: str = "FILE") -> str:
    """The text of a new team file called ``name``, from the baseline."""
    return templates.render(TEMPLATE, {"name": name, "baseline": baseline(), "path": path,
                                       "facts": formula_data()})
