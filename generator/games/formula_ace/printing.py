"""What every Formula Ace printed piece shares: the print sizes (``data/print.yaml``) and the
team as the pieces show it, after its season is replayed.

The roster and the cards print the team as it stands after the last step of its season log
(``season.replay``): credits, debt, points, each ship's damage and each pilot's wounds. The
views below hold exactly what the templates word: names on one line, upgrades and weapons by
their catalogue names, in the file's order. Drawing code reads the views and never the YAML.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.games.formula_ace.catalogues import FormulaData, formula_data
from generator.games.formula_ace.model import Team
from generator.games.formula_ace.season import PilotState, SeasonState, ShipState, replay
from generator.keep.data_yaml import read_data
from generator.paper.sizes import Size, sizes_from_data

DATA = Path(__file__).with_name("data") / "print.yaml"


@dataclass(frozen=True)
class Ruler:
    """A range ruler: its length and the longest part it is printed in (cm)."""

    length_cm: int
    part_cm: int
    copies: int

    @property
    def parts(self) -> tuple[tuple[int, int], ...]:
        """(start, end) in cm of each part, in order: joined end to end they make the ruler."""
        starts = range(0, self.length_cm, self.part_cm)
        return tuple((start, min(start + self.part_cm, self.length_cm)) for start in starts)


@dataclass(frozen=True)
class PrintFacts:
    """Sizes and counts of the Formula Ace pieces (ours; the book gives none)."""

    sizes: dict[str, Size]
    log_turns: int
    strip_width: float
    straight_width: float
    turn_side: float
    rulers: tuple[Ruler, ...]
    gauge_copies: int
    turn_marks: tuple[int, ...]


@lru_cache(maxsize=1)
def print_facts() -> PrintFacts:
    """``data/print.yaml`` as a typed object."""
    raw: dict[str, Any] = read_data(DATA)
    gauges = raw["templates"]
    return PrintFacts(
        sizes=sizes_from_data(raw["sizes"]), log_turns=int(raw["log_turns"]),
        strip_width=float(gauges["strip_width"]),
        straight_width=float(gauges["straight_width"]),
        turn_side=float(gauges["turn_side"]),
        rulers=tuple(Ruler(**ruler) for ruler in gauges["rulers"]),
        gauge_copies=int(gauges["gauge_copies"]),
        turn_marks=tuple(int(m) for m in gauges["turn_marks_degrees"]))


def one_line(text: str) -> str:
    """A name as printed: on one line, single-spaced."""
    return " ".join(text.split())


@dataclass(frozen=True)
class ShipView:
    """A ship as its roster row and card show it."""

    name: str
    type: str
    pilot: str
    state: ShipState
    upgrades: tuple[tuple[str, int], ...]
    weapons: tuple[tuple[str, str], ...]

    @property
    def hit_boxes(self) -> tuple[int, int]:
        """(boxes, boxes already marked): one box per hit point, lost ones marked."""
        return self.state.hit_points, min(self.state.hit_points_lost, self.state.hit_points)

    @property
    def booster_marks(self) -> tuple[str, ...]:
        """A mark per booster: 'cross' destroyed, 'stroke' broken, 'zap' a working Zap o'
        Burn (the last ones), '' working."""
        state = self.state
        zaps = state.upgrades["zap-o-burn"]
        return tuple(_mark(i, state.boosters_destroyed, state.boosters_broken)
                     or ("zap" if state.boosters - i <= zaps else "")
                     for i in range(state.boosters))

    @property
    def fin_marks(self) -> tuple[str, ...]:
        """A mark per fin: 'cross' destroyed, 'stroke' broken, '' working."""
        state = self.state
        return tuple(_mark(i, state.fins_destroyed, state.fins_broken)
                     for i in range(state.fins))


def _mark(index: int, destroyed: int, broken: int) -> str:
    """How the ``index``-th of a ship's boosters or fins is marked: destroyed ones first."""
    if index < destroyed:
        return "cross"
    return "stroke" if index < destroyed + broken else ""


@dataclass(frozen=True)
class PilotView:
    """A pilot as their roster row and card show them."""

    name: str
    state: PilotState
    ship: str
    skills: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class TeamView:
    """A team after its season so far: what the roster and the cards print."""

    team: Team
    name: str
    state: SeasonState
    pilots: tuple[PilotView, ...]
    ships: tuple[ShipView, ...]

    @property
    def races(self) -> int:
        return len(self.state.races)


def ship_view(state: ShipState, data: FormulaData) -> ShipView:
    """A ship's state with its upgrades and derby items by their catalogue names."""
    upgrades = tuple((data.items[key].name, count) for key, count in state.upgrades.items()
                     if count)
    weapons = tuple((item, mount or "") for item, mount in state.weapons)
    return ShipView(one_line(state.name), state.type, one_line(state.pilot or ""), state,
                    upgrades, weapons)


def team_view(team: Team, data: FormulaData | None = None) -> TeamView:
    """The team after replaying every step of its season log."""
    data = data or formula_data()
    state = replay(team, None, data)
    ships = tuple(ship_view(ship, data) for ship in state.ships.values())
    flown = {ship.state.pilot: ship.name for ship in ships if ship.state.pilot}
    pilots = tuple(PilotView(one_line(p.name), p, flown.get(p.name, ""),
                             tuple((s, p.skills[s]) for s in data.skills_of(p.category)))
                   for p in state.pilots.values())
    return TeamView(team, one_line(team.name), state, pilots, ships)


def book_context(data: FormulaData, facts: PrintFacts) -> dict[str, Any]:
    """What every Formula Ace template is given: the book's facts, ours, the firing weapons
    and the categories' names by id."""
    weapons = [item for item in data.items.values() if item.kind == "weapon"]
    return {"facts": data, "ours": facts, "weapons": weapons,
            "categories": {key: value["name"] for key, value in data.categories.items()}}


def template_context(view: TeamView, data: FormulaData, facts: PrintFacts) -> dict[str, Any]:
    """A team's templates are given the team view too."""
    return {**book_context(data, facts), "team": view}
