"""A team file names its pilots and ships once and then refers to them. FA-NAME-DUPLICATE
reads two names alike but for case or spacing as one name ('Comet' and 'comet' cannot be
told apart on the roster), so a reference written so ('comet' for Comet) can mean only the
one: it is read as the name it stands for rather than refused as unknown."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterable

    from generator.games.formula_ace.model import SeasonEntry, Ship, Team


def name_key(name: str) -> str:
    """A name as two names are compared: without case or extra spaces."""
    return " ".join(name.split()).casefold()


class Spellings:
    """The names a team declares, by :func:`name_key`; a key two spellings share (a
    destroyed ship's name rebought in other capitals) is left as written."""

    def __init__(self, names: Iterable[str]) -> None:
        found: dict[str, set[str]] = {}
        for name in names:
            found.setdefault(name_key(name), set()).add(name)
        self.known = {key for spelt in found.values() for key in spelt}
        self.only = {key: next(iter(spelt)) for key, spelt in found.items() if len(spelt) == 1}

    def __call__(self, name: Any) -> Any:
        if not isinstance(name, str) or name in self.known:
            return name
        return self.only.get(name_key(name), name)


def declared(team: Team) -> tuple[Spellings, Spellings]:
    """The pilots' and the ships' names, at the start and as the season adds them."""
    pilots = [p.name for p in team.pilots]
    ships = [s.name for s in team.ships]
    for entry in team.season:
        if entry.recruit is not None:
            pilots.append(entry.recruit.name)
        if entry.new_ship is not None:
            ships.append(entry.new_ship.name)
    return Spellings(pilots), Spellings(ships)


def _ship(ship: Ship, pilot: Spellings) -> Ship:
    return replace(ship, pilot=pilot(ship.pilot)) if ship.pilot is not None else ship


def _entry(entry: SeasonEntry, pilot: Spellings, ship: Spellings) -> SeasonEntry:
    """The step with each name it refers to spelt as declared."""
    if entry.race is not None:
        results = tuple(replace(r, pilot=pilot(r.pilot), ship=ship(r.ship))
                        for r in entry.race.results)
        return replace(entry, race=replace(entry.race, results=results))
    if entry.buy is not None:
        return replace(entry, buy=replace(entry.buy, ship=ship(entry.buy.ship),
                                          pilot=pilot(entry.buy.pilot)))
    if entry.repair is not None:
        return replace(entry, repair=replace(entry.repair, ship=ship(entry.repair.ship)))
    if entry.new_ship is not None:
        return replace(entry, new_ship=_ship(entry.new_ship, pilot))
    return entry


def spelt_as_declared(team: Team) -> tuple[tuple[Ship, ...], tuple[SeasonEntry, ...]]:
    """The team's ships and season with every reference to a pilot or ship spelt as the
    name it stands for."""
    pilot, ship = declared(team)
    return (tuple(_ship(s, pilot) for s in team.ships),
            tuple(_entry(e, pilot, ship) for e in team.season))
