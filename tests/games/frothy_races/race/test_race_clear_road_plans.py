"""A plan made for a clear road is reused where vehicles or debris lie off its own walk
(``movement.clear_plan_here``) only where weighing that phase's options in full, with what
lies on them, would choose it too: every reuse below is checked against the full weighing.

Race 29 of the basic chariot against three copies on Bogwater Bowl holds the case that
broke the first version: every way into a wall, the clear road's plan a crash (whose price
turns on what is hit), and a vehicle on another walk."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.frothy_races.race import RaceOptions, load_race_inputs, movement
from generator.games.frothy_races.race.engine import Car, Race, forget_decisions
from generator.games.frothy_races.race.game import FrothyRace
from generator.race.sweep import Field, run_sweep

REPO = Path(__file__).resolve().parents[4]
BOWL = REPO / "vehicles" / "tracks" / "bogwater-bowl.yaml"
FROTHY = REPO / "vehicles" / "frothy-races"


def reuses_checked(monkeypatch: pytest.MonkeyPatch, vehicles: list[str | Path], style: str,
                   races: range) -> tuple[int, list[str]]:
    """Race ``races`` from an empty decision memo; each clear-road plan reused, weighed
    again with the phase's own options: how many were reused, and those that differ."""
    held_plan = movement.clear_plan_here
    reused, wrong = [0], []

    def checked(race: Race, car: Car, phase: int, key: object, spaces: int, whips: int,
                reins: bool, stop: bool = False) -> object:
        held = held_plan(race, car, phase, key, spaces, whips, reins, stop)
        if held is not None:
            reused[0] += 1
            options = race.phase_options(car, spaces, whips > 0, reins, False, stop)
            weighed = car.bot.plan(race, car, phase, options)
            if weighed != held:
                wrong.append(f"round {race.round}, {car.label}, phase {phase}: "
                             f"kept {held}, weighed {weighed}")
        return held

    monkeypatch.setattr(movement, "clear_plan_here", checked)
    track, loaded = load_race_inputs(BOWL, [
        name if isinstance(name, Path) else FROTHY / f"{name}.yaml" for name in vehicles])
    field = Field(track, tuple(loaded), FrothyRace(style), RaceOptions())
    forget_decisions()
    try:
        for first in races:
            run_sweep(field, 1, seed=1, workers=1, first=first)
    finally:
        forget_decisions()  # kept plans made under the check are not left to other tests
    return reused[0], wrong


def test_a_clear_road_plan_is_reused_only_where_it_is_the_plan(
        monkeypatch: pytest.MonkeyPatch) -> None:
    reused, wrong = reuses_checked(monkeypatch, ["basic-chariot"] * 4, "careful",
                                   range(27, 31))
    assert reused > 20 and wrong == []


def test_a_clear_road_plan_is_reused_only_where_it_is_the_plan_when_attacking(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The aggressive style, six different builds: more vehicles near each other."""
    field = ["basic-chariot", "bramblewick-goat-cart", "cogsworth-steam-carriage",
             "glimmering-orrery", "ironhide-rhinodon", "whisper-gig"]
    reused, wrong = reuses_checked(monkeypatch, field, "aggressive", range(3))
    assert reused > 100 and wrong == []


def test_a_clear_road_plan_is_reused_only_where_it_is_the_plan_with_emergency_stops(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Chariots holding Emergency Stop cards: the shorter walks come last in the pool and
    hold past vehicles off their walk as the others do."""
    stopping = tmp_path / "stopping.yaml"
    stopping.write_text((FROTHY / "basic-chariot.yaml").read_text().replace(
        "  dual: 0\n", "  dual: 0\n  special:\n    - Emergency Stop\n    - Emergency Stop\n"))
    reused, wrong = reuses_checked(monkeypatch, [stopping] * 4, "careful", range(27, 31))
    assert reused > 20 and wrong == []


def test_a_clear_road_plan_that_crashes_is_not_reused(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    """Where every clear-road way runs into a wall, the plan is a crash: with a vehicle on
    another walk the crash is weighed again, never taken from the clear road."""
    reused_crashes = []
    held_plan = movement.clear_plan_here

    def watched(race: Race, car: Car, phase: int, key: object, spaces: int, whips: int,
                reins: bool, stop: bool = False) -> object:
        held = held_plan(race, car, phase, key, spaces, whips, reins, stop)
        kept = race.rt.plans.get(key)
        if kept is None:
            clear = race.phase_options(car, spaces, whips > 0, reins, True, stop)
            crash = car.bot.plan(race, car, phase, clear)
            if crash.option.blocked >= 0:
                reused_crashes.append(held)
        return held

    monkeypatch.setattr(movement, "clear_plan_here", watched)
    track, loaded = load_race_inputs(BOWL, [FROTHY / "basic-chariot.yaml"] * 4)
    field = Field(track, tuple(loaded), FrothyRace("careful"), RaceOptions())
    forget_decisions()
    try:
        run_sweep(field, 1, seed=1, workers=1, first=83)  # a race that meets such a crash
    finally:
        forget_decisions()
    assert reused_crashes and all(held is None for held in reused_crashes)
