"""Verdicts as findings: the three checks every game's balance rules share.

The rules themselves are data in the game's own YAML (ids such as ``FR-BAL-DOMINATES``, their
severity, message, hint and the ``equal_within`` tolerance); this module registers the same
three checks under whatever ids a game chooses:

- *dominates*: at least as good as the baseline on every axis and better on one;
- *dominated*: no better on any axis and worse on one;
- *trade-offs*: everything else, listing strengths and weaknesses (also a build that
  matches the baseline on every axis, with both lists empty).

Each check hands its message the subject's and baseline's names, the axes in each standing
(label and both values, formatted), and what the profile could not measure.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from generator.balance.compare import AxisResult, Comparison, compare
from generator.balance.hook import Matchup
from generator.input.findings import KeyPath, RuleBook, RuleBookError, Violation


def comparison(matchup: Matchup, equal_within: float) -> Comparison:
    """The subject against the baseline on every axis of the game."""
    return compare(matchup.axes.axes, matchup.subject.values, matchup.baseline.values,
                   equal_within)


def _row(result: AxisResult) -> dict[str, str]:
    axis = result.axis
    return {"label": axis.label, "short": axis.short, "value": axis.format(result.value),
            "baseline": axis.format(result.baseline), "better": axis.better_word}


def verdict_params(matchup: Matchup, found: Comparison) -> dict[str, Any]:
    """What a verdict message may print."""
    return {
        "name": matchup.subject.name,
        "baseline": matchup.baseline.name,
        "better": [_row(r) for r in found.better],
        "worse": [_row(r) for r in found.worse],
        "equal": [_row(r) for r in found.equal],
        "axes": len(found.results),
        "unmeasured": list(matchup.subject.unmeasured),
    }


def register_verdicts(book: RuleBook[Matchup], *, dominates: str, dominated: str,
                      tradeoffs: str, path: KeyPath = ("name",)) -> float:
    """Register the three verdict checks under a game's rule ids; findings point at ``path``
    (the build's name) in its file. Returns the shared ``equal_within`` tolerance, which the
    three rules must declare alike (else a build could get two verdicts, or none)."""
    tolerances = {book[rule_id].params.get("equal_within") for rule_id in
                  (dominates, dominated, tradeoffs)}
    tolerance = next(iter(tolerances))
    if len(tolerances) != 1 or not isinstance(tolerance, int | float):
        raise RuleBookError(f"{dominates}, {dominated} and {tradeoffs} need one shared "
                            f"numeric equal_within, found {sorted(map(str, tolerances))}")

    def dominating(matchup: Matchup, equal_within: float) -> Iterator[Violation]:
        found = comparison(matchup, equal_within)
        if found.dominates:
            yield Violation(matchup.subject.path or path, verdict_params(matchup, found))

    def dominated_by(matchup: Matchup, equal_within: float) -> Iterator[Violation]:
        found = comparison(matchup, equal_within)
        if found.dominated:
            yield Violation(matchup.subject.path or path, verdict_params(matchup, found))

    def trading_off(matchup: Matchup, equal_within: float) -> Iterator[Violation]:
        found = comparison(matchup, equal_within)
        if not (found.dominates or found.dominated):
            yield Violation(matchup.subject.path or path, verdict_params(matchup, found))

    book.check(dominates)(dominating)
    book.check(dominated)(dominated_by)
    book.check(tradeoffs)(trading_off)
    return float(tolerance)


def race_params(name: str, race: Any) -> dict[str, Any]:
    """What a race verdict message may print (rates in percent; the field as names, a
    repeated one once with its count, e.g. 'Basic Chariot x5', or its counts' range where
    the tracks' fields differ: 'Basic Chariot x3-5')."""
    field = field_names(getattr(race, "fields", ()) or (race.field,))
    styles = getattr(race, "styles", ())

    def rows_of(style: Any) -> list[dict[str, Any]]:
        return [{"track": r.track, "rate": r.wins.rate * 100, "low": r.wins.low * 100,
                 "high": r.wins.high * 100, "races": r.races} for r in style.rows]
    rows = rows_of(styles[0]) if styles else []
    return {"name": name, "track": race.track, "races": race.races,
            "contest": getattr(race, "contest", "races"),
            "counting": getattr(race, "counting", ""),
            "field": field, "style": styles[0].style if styles else "careful", "rows": rows,
            "styles": [{"style": s.style, "rate": s.wins.rate * 100, "low": s.wins.low * 100,
                        "high": s.wins.high * 100, "races": s.races, "flag": s.flag,
                        "rows": rows_of(s)} for s in styles],
            "depends": bool(getattr(race, "depends_on_style", False)),
            "notes": list(getattr(race, "notes", ())),
            "not_raced": list(getattr(race, "not_raced", ())),
            "rate": race.wins.rate * 100, "low": race.wins.low * 100,
            "high": race.wins.high * 100, "fair": race.fair_share * 100}


def field_names(fields: Sequence[Sequence[str]]) -> list[str]:
    """The other entrants over one or more tracks' fields, each name once: with its count
    where it is more than one ('x5'), as a range where the tracks differ ('x3-5')."""
    counts = [Counter(field) for field in fields]
    shown = []
    for name in dict.fromkeys(n for field in fields for n in field):
        seen = sorted({c[name] for c in counts if name in c})
        low, high = seen[0], seen[-1]
        times = "" if high == 1 else f" x{low}" if low == high else f" x{low}-{high}"
        shown.append(name + times)
    return shown


def register_race_verdicts(book: RuleBook[Matchup], *, overpowered: str, underpowered: str,
                           path: KeyPath = ("name",), style: str | None = None) -> None:
    """Register the race verdicts: the interval of the build's win rate lies wholly
    above (or below) a band around the fair share, ``fair x (1 +- band)``. Silent when the
    build was not raced. A rule's other params (``stopping``: the sequential rule's alpha,
    looks and cycles, where a game states them there) say how many races were run, not how
    they are judged."""

    def winning_too_often(matchup: Matchup, band: float, **stopping: float
                          ) -> Iterator[Violation]:
        race = matchup.race
        if race is not None and getattr(race, "depends_on_style", False):
            return  # the style rule reports it instead
        if race is not None and race.wins.low > race.fair_share * (1 + band):
            edge = race.fair_share * (1 + band) * 100
            yield Violation(path, {**race_params(matchup.subject.name, race), "edge": edge})

    def winning_too_rarely(matchup: Matchup, band: float, **stopping: float
                           ) -> Iterator[Violation]:
        race = matchup.race
        if race is not None and getattr(race, "depends_on_style", False):
            return
        if race is not None and race.wins.high < race.fair_share * (1 - band):
            edge = race.fair_share * (1 - band) * 100
            yield Violation(path, {**race_params(matchup.subject.name, race), "edge": edge})

    def depending_on_style(matchup: Matchup, band: float, alpha: float, looks: int,
                           cycles: int) -> Iterator[Violation]:
        race = matchup.race
        if race is not None and getattr(race, "depends_on_style", False):
            yield Violation(path, race_params(matchup.subject.name, race))

    book.check(overpowered)(winning_too_often)
    book.check(underpowered)(winning_too_rarely)
    if style is not None:
        book.check(style)(depending_on_style)
