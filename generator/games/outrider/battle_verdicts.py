"""The battle verdicts (OR-BAL-BATTLE-OVERPOWERED / -UNDERPOWERED): each side of a vehicle
card whose win rate's interval lies wholly outside the band about the fair share.

``paddock balance --battle`` hands the verdict in as the matchup's ``race``: anything with
``sides``, each with ``side``, ``scenario``, ``field``, ``races``, ``wins`` (rate, low,
high), ``fair_share`` and ``draws`` (``generator.commands.battle_verdict``). Silent when the
build was not battled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from generator.balance.hook import Matchup
from generator.input.findings import RuleBook, Violation


def side_params(name: str, side: Any) -> dict[str, Any]:
    """What a battle verdict message may print (rates in percent)."""
    counts = Counter(side.field)
    field = [label if n == 1 else f"{label} x{n}" for label, n in counts.items()]
    return {"name": name, "side": side.side, "scenario": side.scenario, "field": field,
            "battles": side.races, "draws": side.draws, "rate": side.wins.rate * 100,
            "low": side.wins.low * 100, "high": side.wins.high * 100,
            "fair": side.fair_share * 100}


def register_battle_verdicts(book: RuleBook[Matchup], *, overpowered: str,
                             underpowered: str) -> None:
    """Register both checks on ``book`` (the rule's other params, ``stopping``, say how
    many battles were run, not how they are judged)."""

    def winning_too_often(matchup: Matchup, band: float, **stopping: float
                          ) -> Iterator[Violation]:
        for side in getattr(matchup.race, "sides", ()):
            edge = side.fair_share * (1 + band)
            if side.wins.low > edge:
                yield Violation(("variants", side.side),
                                {**side_params(matchup.subject.name, side), "edge": edge * 100})

    def winning_too_rarely(matchup: Matchup, band: float, **stopping: float
                           ) -> Iterator[Violation]:
        for side in getattr(matchup.race, "sides", ()):
            edge = side.fair_share * (1 - band)
            if side.wins.high < edge:
                yield Violation(("variants", side.side),
                                {**side_params(matchup.subject.name, side), "edge": edge * 100})

    book.check(overpowered)(winning_too_often)
    book.check(underpowered)(winning_too_rarely)
