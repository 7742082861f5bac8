"""Several verdicts over one pool (``judge_all``): the same tallies as each field judged
alone in this process, however the pieces fall between the workers, and when a worker is
killed mid-verdict."""

from __future__ import annotations

from typing import Any

import pytest

from generator.race.judging import judge_all
from generator.race.sweep import Field, default_workers
from generator.race.verdict import StoppingRule, Tally, judge
from tests.race.one_roll import Coin

RULE = StoppingRule(band=0.5, alpha=0.05, looks=6, cycles=2)  # looks of 12 races (3 cars)


def fields(victim: int = -1) -> list[Field]:
    """A build that never wins (stopped at the first look), one at its fair share (raced
    to the last look, or nearly), and one that wins often; the victim in the second."""
    return [Field("track", (0, 1, 2), Coin(0.0), None),
            Field("track", (0, 1, 2), Coin(0.3, victim), None),
            Field("track", (0, 1, 2), Coin(0.6), None)]


def alone(races: int | None) -> list[Any]:
    return [judge(field, RULE, races, 7, 1) for field in fields()]


needs_two = pytest.mark.skipif(default_workers() < 2, reason="needs two cores for workers")


@needs_two
@pytest.mark.parametrize("races", [None, 40])
def test_the_pool_gives_each_field_the_tally_it_has_alone(races: int | None) -> None:
    tallies = judge_all(fields(), RULE, races, 7, 2)
    assert tallies == alone(races)
    if races is None:  # the fields stop at different looks: a worker helped another's
        assert tallies[0].races < tallies[1].races


@needs_two
@pytest.mark.parametrize("races", [None, 40])
def test_a_worker_killed_mid_verdict_leaves_the_tallies_as_they_would_be(
        races: int | None) -> None:
    expected = alone(races)
    assert expected[1].races > 30  # the victim's race is one the verdict runs
    assert judge_all(fields(victim=30), RULE, races, 7, 2) == expected


def test_a_look_is_judged_only_when_all_its_races_are_back() -> None:
    """Pieces raced ahead (the next look's) may come back before the current look's last
    piece: the look waits for its own races, and a stop leaves the later ones uncounted."""
    from generator.race.verdict import Verdict

    never_wins = Verdict.of(Field("track", (0, 1, 2), Coin(0.0), None), RULE, None)
    look = never_wins.ends[0]
    pieces = []
    while (piece := never_wins.next_piece(ahead=True)) is not None:
        pieces.append(piece)
    assert sum(count for _, count in pieces) == never_wins.ends[1]  # two looks sent
    lost = (False, True)  # entrant 0 lost a race that had a winner
    *current, last = [p for p in pieces if p[0] < look]
    for first, count in current + [p for p in pieces if p[0] >= look]:
        never_wins.take(first, [lost] * count, RULE)
    assert never_wins.looks == 0 and never_wins.tally is None  # its last piece is out
    never_wins.take(last[0], [lost] * last[1], RULE)
    # Then both looks are back and judged in order, as judge() would: the rule does not
    # stop after the first look's losses, and does after the second's.
    assert not RULE.decided(0, look, 1 / 3) and RULE.decided(0, 2 * look, 1 / 3)
    assert never_wins.tally == Tally(2 * look, 0, 2 * look, 0)
