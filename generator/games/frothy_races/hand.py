"""The Whip and Reins cards a vehicle starts with (Vehicle Creation Guide > Whip & Reins).

How many in all (4 to 12, usually 6 to 8), how many dual-sided and special ones, which face a
special card shows, and when one should be discarded once used.
"""

from __future__ import annotations

from collections.abc import Iterator

from generator.games.frothy_races.affects import RULES
from generator.games.frothy_races.catalogues import FrothyData, special_face
from generator.games.frothy_races.model import Vehicle
from generator.input.findings import Violation

__all__ = ["RULES"]


@RULES.check("FR-CARDS-LIMIT")
def card_limits(vehicle: Vehicle, minimum: int, maximum: int) -> Iterator[Violation]:
    total = vehicle.cards.total
    if not minimum <= total <= maximum:
        yield Violation(("cards",), {"total": total})


@RULES.check("FR-CARDS-GUIDE")
def card_guide(vehicle: Vehicle, low: int, high: int) -> Iterator[Violation]:
    total = vehicle.cards.total
    if not low <= total <= high and 4 <= total <= 12:
        yield Violation(("cards",), {"total": total})


@RULES.check("FR-CARDS-DUAL")
def dual_means_fewer(vehicle: Vehicle, weight: float, ceiling: int) -> Iterator[Violation]:
    cards = vehicle.cards
    weighted = cards.total + weight * cards.dual
    if cards.dual and weighted > ceiling:
        yield Violation(("cards", "dual"), {"total": cards.total, "dual": cards.dual,
                                            "weighted": f"{weighted:g}"})


@RULES.check("FR-CARDS-SINGLE")
def mostly_single_type(vehicle: Vehicle) -> Iterator[Violation]:
    cards = vehicle.cards
    single = cards.total - cards.dual
    if cards.dual and cards.dual >= single:
        yield Violation(("cards", "dual"), {"dual": cards.dual, "single": single})


@RULES.check("FR-SPECIAL-COUNT")
def few_special_cards(vehicle: Vehicle, limit: int) -> Iterator[Violation]:
    count, running = vehicle.cards.special_count, 0
    for i, card in enumerate(vehicle.cards.special):  # at the card that passes the limit
        running += card.count
        if running > limit:
            yield Violation(("cards", "special", i), {"count": count})
            return


@RULES.check("FR-SPECIAL-FACE")
def special_face_known(vehicle: Vehicle, context: FrothyData) -> Iterator[Violation]:
    for i, card in enumerate(vehicle.cards.special):
        entry = None if card.custom else context.special_cards.find(card.name)
        if (entry is not None or card.custom) and special_face(card, entry) is None:
            yield Violation(("cards", "special", i), {"name": card.name})


@RULES.check("FR-SPECIAL-DISCARD")
def strong_specials_discarded(vehicle: Vehicle, from_value: int) -> Iterator[Violation]:
    for i, card in enumerate(vehicle.cards.special):
        value = card.value
        if isinstance(value, int) and value >= from_value and not card.discard:
            yield Violation(("cards", "special", i), {"name": card.name, "value": card.value})


@RULES.check("FR-SPECIAL-WRONG-FACE")
def special_on_its_own_face(vehicle: Vehicle, context: FrothyData) -> Iterator[Violation]:
    for i, card in enumerate(vehicle.cards.special):
        entry = None if card.custom else context.special_cards.find(card.name)
        kind = entry.extra.get("type") if entry else None
        if kind in ("whip", "reins") and card.face is not None and card.face != kind:
            yield Violation(("cards", "special", i, "face"),
                            {"name": card.name, "kind": kind, "face": card.face})
