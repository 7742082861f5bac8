"""Outrider (DiceFestGames): car combat with maneuver cards, equipment dice d6-d12."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from generator.games.base import Game, Kind
from generator.games.outrider.baseline import baseline
from generator.games.outrider.catalogues import listings, outrider_data
from generator.games.outrider.components import outputs, print_findings
from generator.games.outrider.model import VEHICLE_SCHEMA
from generator.games.outrider.rules import RULES
from generator.games.outrider.scaffold import scaffold

if TYPE_CHECKING:
    from generator.balance.hook import BalanceHook


@cache
def balance_hook() -> BalanceHook:
    """The balance profile, imported only when ``paddock balance`` or ``rules`` asks."""
    from generator.balance.hook import BalanceHook
    from generator.games.outrider import balance, balance_pages

    return BalanceHook(
        kind="vehicle", axes=balance.AXES, rules=balance.RULES,
        equal_within=balance.EQUAL_WITHIN, baseline=baseline, profile=balance.profile,
        pages=balance_pages.pages, overview=balance_pages.overview)


GAME = Game(
    id="outrider",
    title="Outrider",
    book=RULES.book,
    kinds={"vehicle": Kind("vehicle", VEHICLE_SCHEMA, RULES, outrider_data(),
                           print_check=print_findings)},
    outputs=outputs,
    scaffold=scaffold,
    default_folder="vehicles/outrider",
    balance_loader=balance_hook,
    catalogues=lambda: listings(RULES.book),
)
