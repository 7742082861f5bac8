"""``paddock balance --battle``: each side of each Outrider vehicle card battles a field of
baseline vehicles, and its win rate (a draw counted as a share of a win), with a Wilson 95%
interval, is judged against the fair share (OR-BAL-BATTLE-OVERPOWERED / -UNDERPOWERED, the
game's balance_rules.yaml).

The field: by default a duel, the vehicle against one baseline (the rulebook's example
Linebacker, its narrow side, or the ``--against`` file), so a balanced build wins half the
battles by symmetry; with ``--battle last-car-standing``, three copies of the baseline (a
quarter). Why the duel by default: in a free-for-all against three identical baselines the
odd vehicle out is every driver's easiest target, and a small weakness decides it. On the
shipped roster (96 battles a side at most) 12 of 16 sides were flagged underpowered there,
the baseline's own wide side among them; in the duel (48 at most), 1 of 16.

When to stop is the race core's sequential rule (``generator.race.verdict``), with the numbers
OR-BAL-BATTLE-OVERPOWERED states in balance_rules.yaml: battle in batches of whole seat
cycles and stop as soon as the interval, at a confidence corrected for the number of looks,
lies wholly above the band, wholly below it, or wholly inside it; ``--battles N`` fixes the
count instead. Each battle's seed comes from its number, so a longer run re-plays nothing.

What is counted is the side's share of each battle's one win: 1 for a win, and a draw (no
car left, or several at the round limit) split equally between the vehicles in first place
(those left standing, or the last wrecked), so a balanced side takes one in the field size
of all battles by symmetry. That share is all the verdict needs, and it is settled once the
side is wrecked (``OutriderBattle.settled``): each battle of a verdict stops there, while
``paddock battle`` plays every battle to its end.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass

from generator.commands.battle import Entrant, battle_field
from generator.commands.usage import choose_from
from generator.errors import UsageError
from generator.games.outrider.baseline import BASELINE_FILE, baseline
from generator.games.outrider.battle.setup import battle_data
from generator.games.outrider.model import SIDES, Vehicle
from generator.project.loading import Definition, Loaded
from generator.race.stats import Interval, wilson
from generator.race.verdict import StoppingRule, judge

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
    draws: int  # battles this side drew (shared first place with others)
    settled: str  # over, under, inside (the band), or undecided at the last look


@dataclass(frozen=True)
class BattleVerdict:
    """Both sides of a vehicle card. The shared balance summary prints one line per build;
    it reads ``track``, ``field``, ``races``, ``wins`` and ``fair_share``, which give the
    narrow side's figures and say so (the findings name each side)."""

    name: str
    sides: tuple[SideVerdict, ...]
    contest = "battles"  # what the summary line counts
    counting = "a draw counted as a share"  # how a battle's one win is shared out

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


def stopping_rule() -> StoppingRule:
    """The race core's sequential rule with the numbers OR-BAL-BATTLE-OVERPOWERED states."""
    from generator.games.outrider.balance import RULES

    return StoppingRule.from_params(RULES[OVERPOWERED].params)


def judge_sides(subjects: Sequence[Entrant], rival: Entrant, scenario: str, seed: int,
                battles: int | None, workers: int | None = None,
                scheduler: str | object | None = None) -> list[SideVerdict]:
    """Battle each side by the core's sequential rule (or ``battles`` battles exactly),
    each batch over every worker."""
    size = 2 if scenario == "duel" else 4
    rule = stopping_rule()
    title = battle_data().scenarios[scenario].title
    found = []
    for subject in subjects:
        entrants = (subject,) + (rival,) * (size - 1)
        tally = judge(battle_field(entrants, scenario), rule, battles, seed, workers,
                      scheduler)
        wins = wilson(tally.won, tally.races, rule.z)
        fair = tally.fair_share(size)
        found.append(SideVerdict(subject.vehicle.name, subject.side, title,
                                 tuple(e.label for e in entrants[1:]), tally.races, wins,
                                 fair, tally.drawn,
                                 rule.flag(wins, fair) or
                                 ("inside" if rule.decided(tally.won, tally.races, fair)
                                  else "undecided")))
    return found


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
        raise UsageError(choose_from("--battle", scenario, list(battle_data().scenarios)))
    mine = [d for d in loaded.clean() if d.game.id == "outrider" and d.kind.name == "vehicle"]
    if not mine:
        raise UsageError("--battle judges Outrider vehicles; none of the files given is one")
    subjects = [Entrant(d.path, vehicle_of(d), side) for d in mine for side in SIDES]
    sides = judge_sides(subjects, rival_entrant(against), scenario, args.seed, args.battles,
                        getattr(args, "workers", None), getattr(args, "scheduler", None))
    per = len(SIDES)
    return {d.path: BattleVerdict(vehicle_of(d).name, tuple(sides[per * i:per * (i + 1)]))
            for i, d in enumerate(mine)}


def vehicle_of(definition: Definition) -> Vehicle:
    vehicle = definition.model
    assert isinstance(vehicle, Vehicle)
    return vehicle
