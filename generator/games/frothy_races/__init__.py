"""Frothy Races (guide 3.6): fantasy chariot racing on a hex track."""

from __future__ import annotations

from generator.balance.hook import BalanceHook
from generator.games.base import Game, Kind
from generator.games.frothy_races import balance, balance_pages
from generator.games.frothy_races.baseline import baseline
from generator.games.frothy_races.catalogues import frothy_data
from generator.games.frothy_races.components import outputs, print_findings
from generator.games.frothy_races.model import VEHICLE_SCHEMA
from generator.games.frothy_races.rules import RULES
from generator.games.frothy_races.scaffold import scaffold

BALANCE = BalanceHook(
    kind="vehicle", axes=balance.AXES, rules=balance.RULES, equal_within=balance.EQUAL_WITHIN,
    baseline=baseline,
    profile=balance.profile, pages=balance_pages.pages, overview=balance_pages.overview)

GAME = Game(
    id="frothy-races",
    title="Frothy Races",
    book=RULES.book,
    kinds={"vehicle": Kind("vehicle", VEHICLE_SCHEMA, RULES, frothy_data(),
                           print_check=print_findings)},
    outputs=outputs,
    scaffold=scaffold,
    default_folder="vehicles/frothy-races",
    balance=BALANCE,
)
