"""Whole Joyride races: invariants after every turn (hypothesis), the same seed giving the
same race in one process and across workers, the planning driver alone against the solo
figure it prints, and the race verdicts on a clearly strong, a clearly weak and the
baseline car on every shipped Joyride track."""

from __future__ import annotations

import statistics
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.commands.joyride_race import race_verdict
from generator.games.joyride.balance import RULES
from generator.games.joyride.race import RaceOptions, race_items, run_race
from generator.games.joyride.race import turn as turn_module
from generator.games.joyride.race.game import JoyrideRace
from generator.games.joyride.standard import baseline
from generator.race.sweep import Field, run_sweep
from tests.games.joyride.race_support import CARS, FIXTURES, TRACKS, model

SOLO_RACES = 60


def check(race: Any) -> None:
    """What must hold between any two turns."""
    taken: set[Any] = set()
    for car in race.entrants:
        assert car.front in race.course.open and car.back in race.course.open
        assert not taken & set(car.spaces), "two cars on one space"
        taken |= set(car.spaces)
        assert 0 <= car.gear <= car.top_gear()
        assert len(car.dice) == car.gear and all(d in (1, 2, 3) for d in car.dice)
        assert 0 <= car.stage <= race.course.stages
        assert car.damage_taken <= 8 and car.pending_damage == 0
        assert sum(item is not None for item in car.items) <= len(car.open_item_slots())


@pytest.fixture(scope="module")
def track() -> Any:
    return model(TRACKS[0])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, len(CARS)), min_size=1,
                                                  max_size=4))
def test_invariants_hold_after_every_turn(track: Any, monkeypatch: pytest.MonkeyPatch,
                                          seed: int, picks: list[int]) -> None:
    cars = [baseline() if i == len(CARS) else model(CARS[i]) for i in picks]
    real = turn_module.take_turn
    stages: dict[str, int] = {}

    def checked(race: Any, car: Any) -> None:
        real(race, car)
        check(race)
        for other in race.entrants:
            assert other.stage >= stages.get(other.name, 0)
            stages[other.name] = other.stage

    monkeypatch.setattr("generator.games.joyride.race.engine.take_turn", checked)
    result = run_race(track, cars, seed=seed, options=RaceOptions(max_rounds=40))
    assert sorted(c.place for c in result.cars) == list(range(1, len(cars) + 1))
    if result.winner is not None:
        assert result.cars[result.winner].place == 1 and result.cars[result.winner].finished


def test_same_seed_same_race_and_log(track: Any) -> None:
    cars = [model(p) for p in CARS]
    options = RaceOptions(log_events=True)
    first = run_race(track, cars, seed=7, options=options)
    assert first == run_race(track, cars, seed=7, options=options)
    assert first.events and {"round", "phase", "vehicle", "action", "dice", "result"} <= \
        set(first.events[0])
    assert first != run_race(track, cars, seed=8, options=options)


def test_workers_give_the_same_sweep(track: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(JoyrideRace, "in_process_below", 1)  # real workers
    field = Field(track, tuple(model(p) for p in CARS), JoyrideRace(race_items(track)),
                  RaceOptions())
    alone = run_sweep(field, 16, 3, workers=1)
    shared = run_sweep(field, 16, 3, workers=2)
    assert alone.results == shared.results


def test_every_result_names_what_is_not_played(track: Any) -> None:
    result = run_race(track, [model(p) for p in CARS], seed=1)
    text = " ".join(result.not_simulated)
    assert "lightning" in text and "Bull Bar" in text and "Sticky Fingers" in text


@pytest.mark.parametrize("path", TRACKS, ids=lambda p: p.stem)
def test_driver_alone_is_near_the_printed_optimum(path: Any) -> None:
    track = model(path)
    results = [run_race(track, [baseline()], seed=s) for s in range(SOLO_RACES)]
    mean = statistics.mean(r.rounds for r in results)
    assert abs(mean - results[0].solo_optimum) <= 0.10 * results[0].solo_optimum


@pytest.mark.parametrize("path", TRACKS, ids=lambda p: p.stem)
def test_driver_alone_beats_the_printed_plan(path: Any) -> None:
    """Alone, the driver finishes every race and needs no more rounds on average than the
    table's plan (it plays the whole turn, the table a part of it)."""
    track = model(path)
    results = [run_race(track, [baseline()], seed=s) for s in range(SOLO_RACES)]
    assert all(r.winner == 0 for r in results)
    assert statistics.mean(r.rounds for r in results) <= results[0].solo_optimum


@pytest.mark.parametrize("path", TRACKS, ids=lambda p: p.stem)
@pytest.mark.parametrize(("fixture", "expected"), [
    ("overpowered.yaml", {"JR-BAL-RACE-OVERPOWERED"}),
    ("weak.yaml", {"JR-BAL-RACE-UNDERPOWERED"}),
    (None, set())])
def test_race_verdicts(path: Any, fixture: str | None, expected: set[str]) -> None:
    car = baseline() if fixture is None else model(FIXTURES / fixture)
    verdict = race_verdict(car, [path], baseline(), races=None, seed=1, workers=2)
    band = RULES["JR-BAL-RACE-OVERPOWERED"].params["band"]
    fired = set()
    if verdict.wins.low > verdict.fair_share * (1 + band):
        fired.add("JR-BAL-RACE-OVERPOWERED")
    if verdict.wins.high < verdict.fair_share * (1 - band):
        fired.add("JR-BAL-RACE-UNDERPOWERED")
    assert fired == expected, verdict
