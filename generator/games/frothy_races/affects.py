"""What a damage affect names, and the rolls and '#' values that make an entry do nothing.

'Lose Named Trait' names a trait the vehicle has; '-1 Whip / Reins card' a card it still
has when the level is reached; 'Random' picks from a real list; an affect takes only the
parameters (trait, card, choices) its entry asks for; a '#' of 0 (or below, for an entry
that is not signed) makes an entry do nothing or the opposite of what it says.
"""

from __future__ import annotations

from collections.abc import Iterator

from generator.games.frothy_races.catalogues import (
    FrothyData,
    RefSite,
    implied,
    param,
    reference_sites,
    resolve,
    special_face,
)
from generator.games.frothy_races.model import Vehicle
from generator.games.frothy_races.targets import RULES, placed
from generator.input.catalogue import Entry, name_key
from generator.input.findings import Violation

__all__ = ["RULES"]

AFFECT_PARAMS = ("trait", "card", "choices")


def trait_key(name: str, context: FrothyData) -> str:
    """The form a trait's name is matched in: the guide's own name for any of its spellings
    ('Cat o' Nines' is 'Cat O' Nine'), else the name as written (a custom trait)."""
    entry = context.traits.find(name)
    return name_key(entry.name if entry else name)


def entry_of(site: RefSite, context: FrothyData) -> Entry | None:
    """The catalogue entry a reference names (None for a custom or unknown one)."""
    return None if site.ref.custom else context.catalogue(site.catalogue).find(site.ref.name)


@RULES.check("FR-DMG-LOSE-TRAIT")
def lost_trait_exists(vehicle: Vehicle, context: FrothyData) -> Iterator[Violation]:
    owned = {trait_key(t.name, context) for t in vehicle.traits}
    for site in reference_sites(vehicle):
        trait = getattr(site.ref, "trait", None)
        entry = context.damage_affects.find(site.ref.name)
        if trait and entry is not None and "trait" in entry.params and \
                trait_key(trait, context) not in owned:
            yield Violation((*site.path, "trait"), {
                "trait": trait, "traits": ", ".join(t.name for t in vehicle.traits) or "none"})


def card_pools(vehicle: Vehicle, context: FrothyData) -> dict[str, int]:
    """The cards a loss can take: Whip-only (with Whip-faced special cards), Reins-only (with
    Reins-faced ones) and dual cards, which can go as either."""
    pools = {"whip": vehicle.cards.whip, "reins": vehicle.cards.reins, "dual": vehicle.cards.dual}
    for card in vehicle.cards.special:
        face = special_face(card, None if card.custom else context.special_cards.find(card.name))
        if face in pools:
            pools[face] += card.count
    return pools


def take_card(pools: dict[str, int], card: str) -> bool:
    """Take one card of kind ``card`` (whip, reins or either) from ``pools``; False if none
    is left. A loss of 'either' takes from the larger pool, the player's likely choice."""
    order = {"whip": ("whip", "dual"), "reins": ("reins", "dual")}.get(
        card, tuple(sorted(pools, key=lambda k: (k == "dual", -pools[k]))))
    for pool in order:
        if pools[pool] > 0:
            pools[pool] -= 1
            return True
    return False


@RULES.check("FR-DMG-LOSE-CARD")
def lost_card_exists(vehicle: Vehicle, context: FrothyData) -> Iterator[Violation]:
    """Losses in Damage-level order each take a card; a loss a 'Random' may pick is checked
    against the cards the vehicle starts with."""
    pools = card_pools(vehicle, context)
    losses = [item for item in placed(vehicle, context, "damage_affects")
              if "card" in item.entry.params and param(item.site.ref, item.entry, "card")]
    for item in sorted(losses, key=lambda a: (a.rolled, a.level or 0)):
        card = str(param(item.site.ref, item.entry, "card"))
        left = take_card(dict(pools) if item.rolled else pools, card)
        if not left:
            written = getattr(item.site.ref, "card", None)  # else the name says the card
            yield Violation((*item.site.path, "card") if written else item.site.path, {
                "name": resolve(item.site.ref, context.damage_affects).label, "card": card,
                "by_then": take_card(card_pools(vehicle, context), card)})


@RULES.check("FR-AFFECT-PARAM-UNEXPECTED")
def affect_params_expected(vehicle: Vehicle, context: FrothyData) -> Iterator[Violation]:
    for site in reference_sites(vehicle):
        entry = entry_of(site, context)
        if entry is None or site.catalogue not in ("damage_affects", "stamina_affects"):
            continue
        says = implied(site.ref, entry)
        for key in AFFECT_PARAMS:
            given = getattr(site.ref, key, None)
            if given and key not in entry.params:
                yield Violation((*site.path, key), {
                    "what": site.what, "name": entry.name, "param": key})
            elif given and key in says and given != says[key] and says[key] != "either":
                yield Violation((*site.path, key), {
                    "what": site.what, "name": site.ref.name, "param": key,
                    "given": given, "implied": says[key]})


@RULES.check("FR-DMG-RANDOM-CHOICES")
def random_picks_from_a_list(vehicle: Vehicle, context: FrothyData, minimum: int,
                             maximum: int) -> Iterator[Violation]:
    for site in reference_sites(vehicle):
        entry = entry_of(site, context)
        if entry is None or "choices" not in entry.params:
            continue
        if "choices" in site.path:  # a pick is one affect, not another roll
            yield Violation(site.path, {"problem": "nested", "count": 0})
            continue
        count = len(getattr(site.ref, "choices", ()))
        if count and not minimum <= count <= maximum:
            yield Violation((*site.path, "choices"), {"problem": "count", "count": count})


def does_nothing(entry: Entry, value: int) -> bool:
    """Whether a '#' of ``value`` leaves the entry doing nothing or its opposite: 0 for a
    signed modifier (+/- #), 0 or less for any other count. Entries with their own ranges
    (``possible``, ``below_row``) are FR-DMG-VALUE-IMPOSSIBLE's."""
    if "possible" in entry.extra or "below_row" in entry.extra:
        return False
    return value == 0 if entry.extra.get("signed") else value < 1


@RULES.check("FR-HASH-NO-EFFECT")
def hash_value_acts(vehicle: Vehicle, context: FrothyData) -> Iterator[Violation]:
    for site in reference_sites(vehicle):
        entry = entry_of(site, context)
        value = site.ref.value
        if entry is not None and entry.takes_value and isinstance(value, int) and \
                does_nothing(entry, value):
            yield Violation((*site.path, "value"), {
                "what": site.what, "name": entry.name, "value": value,
                "signed": bool(entry.extra.get("signed"))})
