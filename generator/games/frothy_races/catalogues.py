"""The Frothy Races catalogues, and references resolved into what gets printed.

A vehicle names traits, special cards and affects; resolving a reference finds its catalogue
entry (or takes the designer's own text for a custom one) and fills the guide's '#' with the
vehicle's value, so "Blades" with value 1 prints as "Blades 1".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from pathlib import Path

from generator.games.frothy_races.model import Ref, SpecialCard, Vehicle
from generator.input.catalogue import Catalogue, Entry, Listed, listed_entries, name_key
from generator.input.partial import failed

DATA = Path(__file__).with_name("data")


@dataclass(frozen=True)
class FrothyData:
    """Every catalogue a Frothy Races check or component needs."""

    traits: Catalogue
    special_cards: Catalogue
    damage_affects: Catalogue
    stamina_affects: Catalogue

    def catalogue(self, name: str) -> Catalogue:
        catalogue: Catalogue = getattr(self, name)
        return catalogue


LIMITED_USE = "Special card ability, as a limited-use trait"


def limited_use(entry: Entry) -> Entry:
    """A special card's ability taken as a trait: the guide lets a vehicle have one as a
    limited-use Trait instead of a card (Vehicle Creation Guide > Whip & Reins)."""
    return replace(entry, category=LIMITED_USE, summary=f"Limited use: {entry.summary}",
                   text=f"Limited use: {entry.text}",
                   extra={**entry.extra, "kind": "edge"})


# A space between two words of a name, which a designer may write as a hyphen.
WORD_GAP = re.compile(r"(?<=[A-Za-z0-9'.!]) (?=[A-Za-z0-9])")


def hyphenated(entry: Entry) -> Entry:
    """The entry under the spellings that join words of its names with hyphens instead of
    spaces ('Long-Legs', 'Champing-at-the-Bit'), as 'Jerry-Rigged' is found for 'Jerry
    Rigged'. The name key keeps a hyphen (it may be a sign, '-# Resilience'), so each
    joining is a spelling of its own: every one for a name of up to four gaps, else all
    or one."""
    spellings = []
    for name in (entry.name, *entry.aliases):
        gaps = [m.start() for m in WORD_GAP.finditer(name)]
        if len(gaps) <= 4:
            chosen = [c for n in range(1, len(gaps) + 1) for c in combinations(gaps, n)]
        else:
            chosen = [tuple(gaps), *((gap,) for gap in gaps)]
        spellings += ["".join("-" if i in joined else ch for i, ch in enumerate(name))
                      for joined in map(set, chosen)]
    return replace(entry, aliases=tuple(spellings))


def catalogue(name: str, *adopted: Entry) -> Catalogue:
    """A catalogue file, finding ``adopted`` entries too, and every entry under its
    hyphenated spellings."""
    loaded = Catalogue(DATA / f"{name}.yaml")
    loaded.adopt(adopted)
    loaded.adopt(hyphenated(entry) for entry in (*loaded, *adopted))
    return loaded


@lru_cache(maxsize=1)
def frothy_data() -> FrothyData:
    """Load the catalogues once per process. A trait may also name a special card's ability
    (where a trait has the same name, Lash and Shield, the trait is meant)."""
    special_cards = catalogue("special_cards")
    return FrothyData(
        traits=catalogue("traits", *(limited_use(entry) for entry in special_cards)),
        special_cards=special_cards,
        damage_affects=catalogue("damage_affects"),
        stamina_affects=catalogue("stamina_affects"),
    )


@dataclass(frozen=True)
class RefSite:
    """Where a reference sits in a vehicle file, and which catalogue it names."""

    catalogue: str
    what: str
    path: tuple[str | int, ...]
    ref: Ref


def reference_sites(vehicle: Vehicle) -> Iterator[RefSite]:
    """Every catalogue reference in a vehicle, with its key path, in file order."""
    # After schema errors (``generator.input.partial``) a part that failed is passed over:
    # the rules still read every reference that parsed.
    for i, trait in enumerate(() if failed(vehicle.traits) else vehicle.traits):
        yield RefSite("traits", "trait", ("traits", i), trait)
    cards = vehicle.cards
    for i, card in enumerate(() if failed(cards) or failed(cards.special) else cards.special):
        yield RefSite("special_cards", "special card", ("cards", "special", i), card)
    for track, catalogue, what in (("damage", "damage_affects", "damage affect"),
                                   ("stamina", "stamina_affects", "stamina affect")):
        part = getattr(vehicle, track)
        if failed(part) or failed(part.affects):
            continue
        affects = part.affects
        for level, refs in affects.items():
            for j, ref in enumerate(refs):
                path = (track, "affects", level, j)
                yield RefSite(catalogue, what, path, ref)
                for k, choice in enumerate(ref.choices):
                    yield RefSite(catalogue, what, (*path, "choices", k), choice)


@dataclass(frozen=True)
class Resolved:
    """A reference ready to print: labels and texts with the '#' filled in."""

    label: str
    short: str
    summary: str
    text: str
    category: str
    kind: str
    custom: bool
    ref: Ref

    @property
    def value(self) -> int | str | None:
        return self.ref.value


def fill(template: str, ref: Ref, signed: bool = False) -> str:
    """Put the reference's value where the guide writes '#', and any named trait or card."""
    value = ref.value
    if isinstance(value, int) and signed:
        shown = f"+{value}" if value > 0 else str(value)
    else:
        shown = "" if value is None else str(value)
    template = template.replace("+/- #", "#")
    if "#" in template:
        text = template.replace("+#", shown if signed else f"+{shown}").replace("#", shown)
    else:
        text = f"{template} {shown}".strip()
    card = getattr(ref, "card", None) or "either"
    params = {"trait": getattr(ref, "trait", None) or "trait",
              "card": "Whip/Reins" if card == "either" else card.capitalize()}
    return " ".join(text.replace("{trait}", params["trait"]).replace("{card}", params["card"])
                    .split())


def implied(ref: Ref, entry: Entry | None) -> dict[str, str]:
    """The parameters a spelling of the entry's name says itself: '-1 Reins card' loses a
    Reins card (``spelled`` in the data), so it needs no 'card:'."""
    spelled: dict[str, dict[str, str]] = entry.extra.get("spelled", {}) if entry else {}
    return next((says for spelling, says in spelled.items()
                 if name_key(spelling) == name_key(ref.name)), {})


def param(ref: Ref, entry: Entry | None, name: str) -> str | None:
    """A parameter of an affect (trait, card): as written, else as its spelling says."""
    given = getattr(ref, name, None)
    return str(given) if given else implied(ref, entry).get(name)


def resolve(ref: Ref, catalogue: Catalogue) -> Resolved:
    """The printable form of ``ref``; custom entries use the designer's own text."""
    entry = None if ref.custom else catalogue.find(ref.name)
    if entry is None:
        summary = ref.summary or ""
        return Resolved(label=fill(ref.name, ref), short=fill(ref.name, ref), summary=summary,
                        text=ref.text or summary, category="Custom", kind="", custom=True,
                        ref=ref)
    signed = bool(entry.extra.get("signed", False))
    card = param(ref, entry, "card")
    if card and not getattr(ref, "card", None):  # '-1 Reins card' names its card itself
        ref = replace(ref, card=card)  # type: ignore[call-arg]
    short = fill(str(entry.extra.get("short", entry.name)), ref, signed)
    return Resolved(
        label=fill(str(entry.extra.get("label", entry.name)), ref, signed),
        short=short,
        summary=fill_text(ref.summary or entry.summary, ref),
        text=fill_text(ref.text or entry.text, ref),
        category=entry.category, kind=str(entry.extra.get("kind", "")), custom=False, ref=ref)


def fill_text(sentence: str, ref: Ref) -> str:
    """A summary or text with '#' replaced by the value (a roll reads 'd3')."""
    return sentence.replace("#", "" if ref.value is None else str(ref.value))


def special_face(card: SpecialCard, entry: Entry | None) -> str | None:
    """The ordinary face of a special card: as written, else the card's own type."""
    if card.face is not None:
        return card.face
    kind = entry.extra.get("type") if entry else None
    return str(kind) if kind in ("whip", "reins") else None



def listings(book: str) -> dict[str, list[Listed]]:
    """The four name catalogues, as ``paddock catalogue frothy-races`` lists them."""
    data = frothy_data()
    return {name.replace("_", "-"): listed_entries(data.catalogue(name), book)
            for name in ("traits", "special_cards", "damage_affects", "stamina_affects")}
