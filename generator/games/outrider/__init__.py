"""Outrider (DiceFestGames): car combat with maneuver cards, equipment dice d6-d12."""

from __future__ import annotations

from generator.games.outrider.baseline import baseline
from generator.games.outrider.catalogues import listings, outrider_data
from generator.games.outrider.components import outputs, print_findings
from generator.games.outrider.model import VEHICLE_SCHEMA
from generator.games.outrider.rules import RULES
from generator.games.outrider.scaffold import scaffold
from generator.project.game import Game, Kind, lazy_balance

GAME = Game(
    id="outrider",
    title="Outrider",
    book=RULES.book,
    kinds={"vehicle": Kind("vehicle", VEHICLE_SCHEMA, RULES, outrider_data(),
                           print_check=print_findings)},
    outputs=outputs,
    scaffold=scaffold,
    default_folder="vehicles/outrider",
    race_module="generator.games.outrider.battle.game",
    balance_loader=lazy_balance("generator.games.outrider", baseline),
    catalogues=lambda: listings(RULES.book),
)
