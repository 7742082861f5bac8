"""Checks for the Formula Ace Racing Pods team rules declared in ``rules.yaml``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from generator.findings import RuleBook, Violation
from generator.games.formula_ace.catalogues import FormulaData
from generator.games.formula_ace.model import Team
from generator.games.formula_ace.season import ship_state

RULES: RuleBook[Team] = RuleBook(Path(__file__).with_name("rules.yaml"))


@RULES.check("FA-SHIP-SPACE")
def ship_space(team: Team, context: FormulaData) -> Iterator[Violation]:
    for index, ship in enumerate(team.ships):
        state = ship_state(ship)
        if state.space_used > state.space:
            larger = [t.name for t in context.ships.values() if t.space >= state.space_used]
            yield Violation(("ships", index), {
                "ship": ship.name, "type": ship.type, "used": state.space_used,
                "space": state.space, "larger": ", ".join(larger) or "none is large enough"})
