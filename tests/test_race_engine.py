"""The race engine: determinism, the result contract, input loading."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from generator.errors import InputError, UsageError
from generator.race import RaceOptions, load_race_inputs, run_race

REPO = Path(__file__).resolve().parents[1]
TRACKS = REPO / "vehicles" / "tracks"
FROTHY = REPO / "vehicles" / "frothy-races"
CHARIOT = FROTHY / "basic-chariot.yaml"


@pytest.fixture(scope="module")
def bowl() -> tuple[object, list[object]]:
    return load_race_inputs(TRACKS / "bogwater-bowl.yaml", [CHARIOT] * 4)


def test_same_seed_same_race_bit_for_bit(bowl: tuple[object, list[object]]) -> None:
    track, vehicles = bowl
    options = RaceOptions(log_events=True, snapshots=True)
    first = run_race(track, vehicles, bots="careful", seed=7, options=options)
    again = run_race(track, vehicles, bots="careful", seed=7, options=options)
    assert first == again
    assert pickle.loads(pickle.dumps(first)) == first
    other = run_race(track, vehicles, bots="careful", seed=8, options=options)
    assert other.events != first.events


def test_every_vehicle_is_ranked_once(bowl: tuple[object, list[object]]) -> None:
    track, vehicles = bowl
    result = run_race(track, vehicles, bots=["careful", "aggressive", "random", "careful"],
                      seed=3)
    assert sorted(v.place for v in result.vehicles) == [1, 2, 3, 4]
    assert [v.slot for v in result.vehicles] == [0, 1, 2, 3]
    assert [v.bot for v in result.vehicles] == ["careful", "aggressive", "random", "careful"]
    for vehicle in result.vehicles:
        assert 0.0 <= vehicle.progress <= 1.0


def test_bad_bot_and_counts_are_usage_errors(bowl: tuple[object, list[object]]) -> None:
    track, vehicles = bowl
    with pytest.raises(UsageError, match="unknown bot"):
        run_race(track, vehicles, bots="reckless", seed=1)
    with pytest.raises(UsageError, match="3 bots for 4 vehicles"):
        run_race(track, vehicles, bots=["careful"] * 3, seed=1)
    with pytest.raises(UsageError, match="race type"):
        RaceOptions(race_type="longest")


def test_loading_refuses_other_games_with_a_position() -> None:
    with pytest.raises(InputError) as raised:
        load_race_inputs(TRACKS / "gasometer-gauntlet.yaml", [CHARIOT])
    assert "not a Frothy Races track" in str(raised.value)
    assert raised.value.line is not None
    with pytest.raises(InputError, match="not a Frothy Races vehicle"):
        load_race_inputs(TRACKS / "bogwater-bowl.yaml", [TRACKS / "tin-plate-loop.yaml"])


def test_loading_reports_rule_errors_at_their_position(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(CHARIOT.read_text(encoding="utf-8").replace(
        "move_1:       [0, 1, 1, 1, 0, 0, 0]", "move_1:       [2, 1, 1, 1, 0, 0, 0]"),
        encoding="utf-8")
    with pytest.raises(InputError) as raised:
        load_race_inputs(TRACKS / "bogwater-bowl.yaml", [bad])
    assert raised.value.file is not None and raised.value.file.endswith("bad.yaml")
    assert raised.value.line is not None
