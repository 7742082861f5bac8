"""The game-neutral balance core: axes as data, standings, dominance, verdicts as findings."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from generator.balance.axes import Axis, AxisBook, AxisBookError, Value
from generator.balance.compare import (
    Standing,
    compare,
    dominance_pairs,
    pareto_front,
    standing,
)
from generator.balance.hook import Matchup, Profile
from generator.balance.verdicts import register_verdicts
from generator.input.findings import RuleBook, RuleBookError, Severity
from generator.input.source import Mark

SPEED = Axis("speed", "Spaces a round", "Speed", "Movement", True, "how", decimals=0)
ROUNDS = Axis("rounds", "Rounds to top speed", "Rounds", "Acceleration", False, "how",
              decimals=2)
CHANCE = Axis("chance", "Chance to win", "Win", "Combat", True, "how", percent=True)
AXES = (SPEED, ROUNDS, CHANCE)


def values(speed: Value, rounds: Value, chance: Value) -> dict[str, Value]:
    return {"speed": speed, "rounds": rounds, "chance": chance}


BASE = values(Fraction(12), Fraction(5), Fraction(1, 2))


# -- axes ------------------------------------------------------------------------------


def test_values_read_as_their_axis_says() -> None:
    assert SPEED.format(Fraction(25, 2)) == "12"  # banker's rounding of 12.5
    assert ROUNDS.format(Fraction(28, 3)) == "9.33"
    assert CHANCE.format(Fraction(1, 3)) == "33.3%"
    assert ROUNDS.format(math.inf) == "never"
    assert Axis("x", "X", "X", "", True, "", infinite="no limit").format(math.inf) == "no limit"


def test_score_is_above_one_when_better_in_either_direction() -> None:
    assert SPEED.score(Fraction(15), Fraction(12)) == 1.25
    assert ROUNDS.score(Fraction(4), Fraction(5)) == 1.25  # fewer rounds is better
    assert ROUNDS.score(math.inf, Fraction(5)) == 0.0  # never gets there
    assert SPEED.score(math.inf, Fraction(5)) == math.inf
    assert SPEED.score(Fraction(0), Fraction(0)) == 1.0


def axes_file(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "axes.yaml"
    path.write_text("settings: {cards: 1}\naxes:\n" + body)
    return path


def test_an_axis_book_measures_each_axis_with_its_params(tmp_path: Path) -> None:
    book: AxisBook[dict[str, int]] = AxisBook(axes_file(tmp_path, (
        "  - {id: spaces, label: Spaces, better: higher, how: counted, params: {times: 3}}\n"
        "  - {id: rounds, label: Rounds, better: lower, how: solved}\n")))
    assert book.settings == {"cards": 1}
    assert [a.id for a in book] == ["spaces", "rounds"]
    assert book["rounds"].higher_is_better is False
    assert book.unmeasured() == ["spaces", "rounds"]
    book.measure("spaces")(lambda detail, times: Fraction(detail["n"] * times))
    with pytest.raises(AxisBookError, match="without a measure: rounds"):
        book.values({"n": 2})
    book.measure("rounds")(lambda detail: Fraction(1))
    assert book.values({"n": 2}) == {"spaces": 6, "rounds": 1}


def test_an_axis_book_refuses_unknown_ids_and_directions(tmp_path: Path) -> None:
    book: AxisBook[Any] = AxisBook(axes_file(tmp_path, (
        "  - {id: spaces, label: Spaces, better: higher, how: counted}\n")))
    with pytest.raises(AxisBookError, match="no entry"):
        book.measure("speed")
    with pytest.raises(AxisBookError, match="higher or lower"):
        AxisBook(axes_file(tmp_path, "  - {id: a, label: A, better: more, how: x}\n"))
    with pytest.raises(AxisBookError, match="twice"):
        AxisBook(axes_file(tmp_path, "  - {id: a, label: A, better: higher, how: x}\n"
                                     "  - {id: a, label: B, better: lower, how: y}\n"))


# -- standings and dominance ----------------------------------------------------------------


@pytest.mark.parametrize(("axis", "value", "expected"), [
    (SPEED, Fraction(13), Standing.BETTER),
    (SPEED, Fraction(11), Standing.WORSE),
    (ROUNDS, Fraction(4), Standing.BETTER),
    (ROUNDS, Fraction(6), Standing.WORSE),
    (ROUNDS, math.inf, Standing.WORSE),
    (SPEED, Fraction(1205, 100), Standing.EQUAL),  # within 1%
    (SPEED, Fraction(1213, 100), Standing.BETTER),  # just outside
])
def test_standing_follows_the_axis_direction_and_the_tolerance(
        axis: Axis, value: Value, expected: Standing) -> None:
    baseline = Fraction(12) if axis is SPEED else Fraction(5)
    assert standing(axis, value, baseline, 0.01) is expected


def test_infinities_compare_exactly() -> None:
    assert standing(ROUNDS, math.inf, math.inf, 0.01) is Standing.EQUAL
    assert standing(ROUNDS, Fraction(100), math.inf, 0.01) is Standing.BETTER


def test_dominating_dominated_and_trading_off() -> None:
    better_everywhere = compare(AXES, values(13, 4, Fraction(1, 2)), BASE, 0.01)
    assert better_everywhere.dominates and not better_everywhere.dominated
    assert [r.axis.id for r in better_everywhere.better] == ["speed", "rounds"]
    worse = compare(AXES, values(12, 6, Fraction(1, 3)), BASE, 0.01)
    assert worse.dominated and not worse.dominates
    mixed = compare(AXES, values(14, 6, Fraction(1, 2)), BASE, 0.01)
    assert not (mixed.dominates or mixed.dominated)
    same = compare(AXES, BASE, BASE, 0.01)
    assert not (same.dominates or same.dominated) and len(same.equal) == 3


def test_dominance_pairs_and_the_pareto_front_of_every_placement() -> None:
    # Four dice placed on two slots, as Outrider places d6-d12: each placement is scored
    # on both slots' die sizes. Bigger dice on both slots dominate; the front is the
    # placements that trade one slot for the other.
    slot_a = Axis("a", "A", "A", "", True, "")
    slot_b = Axis("b", "B", "B", "", True, "")
    builds = {f"{a}-{b}": {"a": Fraction(a), "b": Fraction(b)}
              for a, b in itertools.permutations((6, 8, 10, 12), 2)}
    pairs = dominance_pairs(builds, (slot_a, slot_b), 0.0)
    assert ("12-10", "10-8") in pairs and ("10-8", "12-10") not in pairs
    assert sorted(pareto_front(builds, (slot_a, slot_b), 0.0)) == ["10-12", "12-10"]


# -- verdicts as findings ---------------------------------------------------------------------

RULES_YAML = """
book: Test book
rules:
  T-DOMINATES:
    severity: warning
    section: Overview
    params: {equal_within: TOLERANCE}
    message: "{{ name }} beats {{ baseline }} on {{ better | length }}"
  T-DOMINATED:
    severity: warning
    section: Overview
    params: {equal_within: 0.01}
    message: >-
      {{ name }} loses on {{ worse | length }}: {{ worse[0].label }} {{ worse[0].value }}
      against {{ worse[0].baseline }}
  T-TRADEOFFS:
    severity: info
    section: Overview
    params: {equal_within: 0.01}
    message: >-
      {{ name }}: {{ better | length }} up, {{ worse | length }} down{% if unmeasured
      %}, not measured {{ unmeasured | join(', ') }}{% endif %}
"""


def rule_book(tmp_path: Path, tolerance: str = "0.01") -> RuleBook[Matchup]:
    path = tmp_path / "rules.yaml"
    path.write_text(RULES_YAML.replace("TOLERANCE", tolerance))
    return RuleBook(path)


class Book(AxisBook[Any]):
    """An axis book holding the module's axes, without a file."""

    def __init__(self) -> None:
        self.settings, self.axes, self.measures = {}, AXES, {}
        self._by_id = {a.id: a for a in AXES}


def findings(book: RuleBook[Matchup], subject: dict[str, Value],
             unmeasured: tuple[str, ...] = ()) -> list[tuple[str, Severity, str]]:
    matchup = Matchup(Profile("Red Comet", subject, unmeasured=unmeasured),
                      Profile("Basic", BASE), Book())
    mark = Mark("red.yaml", 3, 7)
    return [(f.rule, f.severity, f.message) for f in book.run(matchup, lambda path: mark)]


def test_exactly_one_verdict_fires_for_any_build(tmp_path: Path) -> None:
    book = rule_book(tmp_path)
    assert register_verdicts(book, dominates="T-DOMINATES", dominated="T-DOMINATED",
                             tradeoffs="T-TRADEOFFS") == 0.01
    assert book.unchecked() == []
    assert findings(book, values(13, 5, Fraction(1, 2))) == [
        ("T-DOMINATES", Severity.WARNING, "Red Comet beats Basic on 1")]
    assert findings(book, values(12, 7, Fraction(1, 2))) == [
        ("T-DOMINATED", Severity.WARNING,
         "Red Comet loses on 1: Rounds to top speed 7.00 against 5.00")]
    assert findings(book, values(13, 7, Fraction(1, 2)), ("Flyer",)) == [
        ("T-TRADEOFFS", Severity.INFO, "Red Comet: 1 up, 1 down, not measured Flyer")]


def test_the_three_verdicts_must_share_one_tolerance(tmp_path: Path) -> None:
    book = rule_book(tmp_path, tolerance="0.05")
    with pytest.raises(RuleBookError, match="one shared"):
        register_verdicts(book, dominates="T-DOMINATES", dominated="T-DOMINATED",
                          tradeoffs="T-TRADEOFFS")
