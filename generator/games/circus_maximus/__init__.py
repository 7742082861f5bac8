"""Circus Maximus (Avalon Hill), second-edition changes: chariot record sheets and a reference
card. The text has no balance profile to offer: it gives no movement or combat tables."""

from __future__ import annotations

from generator.games.circus_maximus.catalogues import circus_data
from generator.games.circus_maximus.components import outputs, print_findings
from generator.games.circus_maximus.model import CHARIOT_SCHEMA
from generator.games.circus_maximus.rules import RULES
from generator.games.circus_maximus.scaffold import scaffold
from generator.project.game import Game, Kind

GAME = Game(
    id="circus-maximus",
    title="Circus Maximus",
    book=RULES.book,
    kinds={"chariot": Kind("chariot", CHARIOT_SCHEMA, RULES, circus_data(),
                           print_check=print_findings)},
    outputs=outputs,
    scaffold=scaffold,
    default_folder="vehicles/circus-maximus",
    no_balance=("the second-edition changes give no movement or combat tables to compute "
                "odds from"),
)
