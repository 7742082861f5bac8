"""``paddock balance --battle``: each side of each Outrider vehicle card battles a field of
baseline vehicles, and its win rate, with a Wilson 95% interval, is judged against the fair
share (OR-BAL-BATTLE-OVERPOWERED / -UNDERPOWERED, the game's balance_rules.yaml).

The field: by default a duel, the vehicle against one baseline (the rulebook's example
Linebacker, its narrow side, or the ``--against`` file), so a balanced build wins half the
battles by symmetry; with ``--battle last-car-standing``, three copies of the baseline (a
quarter). Why the duel by default: in a free-for-all against three identical baselines the
odd vehicle out is every driver's easiest target, and a small weakness decides it. On the
shipped roster (96 battles a side at most) 12 of 16 sides were flagged underpowered there,
the baseline's own wide side among them; in the duel (48 at most), 1 of 16.

When to stop (the rule stated in balance_rules.yaml): battle in batches of 16 (every seat
four times over) and after each batch stop as soon as the 95% interval lies wholly above the
band, wholly below it, or wholly inside it; at most 480 battles a side, or ``--battles``.
Each battle's seed comes from its number, so a longer run re-plays nothing. A battle stops
once the vehicle judged is wrecked: it can no longer win, and the rest would only decide
which baseline does.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.commands.battle import Entrant, Outcome, battles
from generator.errors import UsageError
from generator.games.outrider.baseline import BASELINE_FILE, baseline
from generator.games.outrider.battle.setup import battle_data
from generator.games.outrider.model import SIDES, Vehicle
from generator.project.loading import Definition, Loaded
from generator.race.stats import Interval, wilson

BATCH = 16
MOST = 480
OVERPOWERED = "OR-BAL-BATTLE-OVERPOWERED"


@dataclass(frozen=True)
class SideVerdict:
    """One side of a card, battled."""

    name: str
    side: str
    scenario: str
    field: tuple[str, ...]
    races: int  # battles fought (named as the shared verdict code names them)
    wins: Interval
    fair_share: float
    draws: int
    settled: str  # above, below, inside the band, or undecided at the cap


@dataclass(frozen=True)
class BattleVerdict:
    """Both sides of a vehicle card. The shared balance summary prints one line per build;
    it reads ``track``, ``field``, ``races``, ``wins`` and ``fair_share``, which give the
    narrow side's figures and say so (the findings name each side)."""

    name: str
    sides: tuple[SideVerdict, ...]

    @property
    def headline(self) -> SideVerdict:
        return self.sides[0]

    @property
    def track(self) -> str:
        return f"{self.headline.scenario} ({self.headline.side} side)"

    @property
    def field(self) -> tuple[str, ...]:
        return self.headline.field

    @property
    def races(self) -> int:
        return self.headline.races

    @property
    def wins(self) -> Interval:
        return self.headline.wins

    @property
    def fair_share(self) -> float:
        return self.headline.fair_share


def band() -> float:
    from generator.games.outrider.balance import RULES

    return float(RULES[OVERPOWERED].params["band"])


def settled(wins: Interval, fair: float, width: float) -> str | None:
    """Where the interval lies against the band ``fair x (1 +- width)``, once it is clear."""
    low, high = fair * (1 - width), fair * (1 + width)
    if wins.low > high:
        return "above"
    if wins.high < low:
        return "below"
    if wins.low >= low and wins.high <= high:
        return "inside"
    return None


@dataclass
class Judging:
    """One side of a card being battled: its field, its battles so far, where it stands."""

    subject: Entrant
    entrants: tuple[Entrant, ...]
    outcomes: list[Outcome] = field(default_factory=list)
    where: str | None = None

    def wins(self) -> Interval:
        return wilson(sum(1 for o in self.outcomes if o.winner == 0), len(self.outcomes))

    def verdict(self, scenario: str) -> SideVerdict:
        return SideVerdict(self.subject.vehicle.name, self.subject.side,
                           battle_data().scenarios[scenario].title,
                           tuple(e.label for e in self.entrants[1:]), len(self.outcomes),
                           self.wins(), 1 / len(self.entrants),
                           sum(1 for o in self.outcomes
                               if o.ending in ("round limit", "all wrecked")),
                           self.where or "undecided")


def judge_sides(subjects: Sequence[Entrant], rival: Entrant, scenario: str, seed: int,
                most: int, workers: int | None = None) -> list[SideVerdict]:
    """Battle each side in batches until its interval settles the verdict, or ``most``
    battles (the race core's sweep: each batch over every worker)."""
    size = 2 if scenario == "duel" else 4
    runs = [Judging(s, (s,) + (rival,) * (size - 1)) for s in subjects]
    width = band()
    for run in runs:
        while run.where is None and len(run.outcomes) < most:
            done = len(run.outcomes)
            run.outcomes += battles(run.entrants, seed, min(BATCH, most - done), scenario,
                                    workers, first=done, watch_first=True)
            run.where = settled(run.wins(), 1 / size, width)
    return [run.verdict(scenario) for run in runs]


def rival_entrant(against: Definition | None) -> Entrant:
    if against is not None and against.game.id == "outrider":
        model = against.model
        assert isinstance(model, Vehicle)
        return Entrant(against.path, model, "narrow")
    return Entrant(str(BASELINE_FILE), baseline(), "narrow")


def battle_verdicts(args: argparse.Namespace, loaded: Loaded, against: Definition | None
                    ) -> dict[str, BattleVerdict]:
    """Battle every clean Outrider vehicle, both sides (by file path)."""
    scenario = args.battle or "duel"
    if scenario not in battle_data().scenarios:
        raise UsageError(f"--battle {scenario}: choose one of "
                         f"{', '.join(battle_data().scenarios)}")
    mine = [d for d in loaded.clean() if d.game.id == "outrider" and d.kind.name == "vehicle"]
    if not mine:
        raise UsageError("--battle judges Outrider vehicles; none of the files given is one")
    most = args.battles or MOST
    subjects = [Entrant(d.path, vehicle_of(d), side) for d in mine for side in SIDES]
    sides = judge_sides(subjects, rival_entrant(against), scenario, args.seed, most,
                        getattr(args, "workers", None))
    per = len(SIDES)
    return {d.path: BattleVerdict(vehicle_of(d).name, tuple(sides[per * i:per * (i + 1)]))
            for i, d in enumerate(mine)}


def vehicle_of(definition: Definition) -> Vehicle:
    vehicle = definition.model
    assert isinstance(vehicle, Vehicle)
    return vehicle
