"""``paddock new formula-ace NAME``: the baseline team as a commented file to edit, its pilots
and ships renamed after the new team (a new team that kept the baseline's names would be
measured against itself by ``paddock balance``: the same ship and pilot names)."""

from __future__ import annotations

from generator.games.formula_ace.baseline import baseline
from generator.games.formula_ace.catalogues import formula_data
from generator.text.templates import TextTemplates

TEMPLATE = "formula-ace/new-team.yaml.j2"
ORDINALS = ("One", "Two", "Three", "Four", "Five", "Six")
NAME_ROOM = 24 - len(" Pilot Three")  # a pilot's or ship's name is at most 24 characters


def short_name(team: str) -> str:
    """The team's name cut at a word to leave room for ' Pilot Three' (24 characters)."""
    kept = ""
    for word in team.split():
        if len(f"{kept} {word}".strip()) > NAME_ROOM:
            break
        kept = f"{kept} {word}".strip()
    return kept or team[:NAME_ROOM].strip() or "New"


def new_names(team: str) -> dict[str, str]:
    """Each baseline pilot's and ship's name -> the new team's: 'Red Comet Pilot One'."""
    short, team_base = short_name(team), baseline()
    names = {pilot.name: f"{short} Pilot {ORDINALS[i]}"
             for i, pilot in enumerate(team_base.pilots)}
    names.update({ship.name: f"{short} Ship {ORDINALS[i]}"
                  for i, ship in enumerate(team_base.ships)})
    return names


def scaffold(name: str, templates: TextTemplates, path: str = "FILE") -> str:
    """The text of a new team file called ``name``, from the baseline."""
    return templates.render(TEMPLATE, {"name": name, "baseline": baseline(), "path": path,
                                       "facts": formula_data(), "names": new_names(name)})
