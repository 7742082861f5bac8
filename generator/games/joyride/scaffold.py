"""``paddock new joyride NAME``: the baseline car as a commented file to edit, its abilities
written out in full (the standard set's effects under names of its own, since a unique set
may not reuse a standard ability) so the format is there to change."""

from __future__ import annotations

from generator.games.joyride.catalogues import joyride_data
from generator.games.joyride.model import EFFECTS
from generator.games.joyride.rules import driver_dice_colours
from generator.games.joyride.standard import baseline, resolved_set
from generator.text.templates import TextTemplates

TEMPLATE = "joyride/new-car.yaml.j2"


def scaffold(name: str, templates: TextTemplates, path: str = "FILE") -> str:
    """The text of a new car file called ``name``, from the baseline."""
    car, data = baseline(), joyride_data()
    return templates.render(TEMPLATE, {
        "name": name, "baseline": car, "abilities": resolved_set(car.abilities),
        "path": path, "steps": list(data.step_ids), "effects": list(EFFECTS),
        "dice_colours": list(driver_dice_colours(data.driver_die))})


def item_scaffold(name: str, templates: TextTemplates, path: str = "FILE") -> str:
    """The text of a new custom item file called ``name``."""
    data = joyride_data()
    return templates.render("joyride/new-item.yaml.j2", {
        "name": name, "path": path, "types": list(data.item_types),
        "steps": list(data.step_ids)})
