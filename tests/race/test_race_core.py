"""The race core, for every game that races: each game's races satisfy the core's interface
(found through the registry), and a sweep is the same bit for bit in this process, over two
worker processes and on a Dask LocalCluster."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from generator.commands.race_games import race_game
from generator.games.frothy_races.race import RaceOptions as FrothyOptions
from generator.games.frothy_races.race import load_race_inputs
from generator.games.joyride.race import RaceOptions as JoyrideOptions
from generator.games.joyride.race import race_items
from generator.games.outrider.battle.game import BattleOptions
from generator.project.loading import load
from generator.project.registry import GAMES
from generator.race.game import RaceGame
from generator.race.stats import head_to_head, win_interval
from generator.race.sweep import Field, run_sweep
from tests.conftest import REPO

VEHICLES = REPO / "vehicles"


def frothy() -> Field:
    track, vehicles = load_race_inputs(VEHICLES / "tracks" / "tin-plate-loop.yaml",
                                       [VEHICLES / "frothy-races" / "basic-chariot.yaml"] * 3)
    return Field(track, tuple(vehicles), race_game("frothy-races", bot="careful"),
                 FrothyOptions(laps=1))


def joyride() -> Field:
    tracks = sorted(p for p in (VEHICLES / "tracks").glob("*.yaml")
                    if "game: joyride" in p.read_text(encoding="utf-8"))
    track = load([tracks[0]]).definitions[0].model
    cars = sorted((VEHICLES / "joyride").glob("*.yaml"))[:3]
    return Field(track, tuple(load([p]).definitions[0].model for p in cars),
                 race_game("joyride", items=race_items(track)), JoyrideOptions())


def outrider() -> Field:
    kit = VEHICLES / "outrider"
    vehicles = tuple((load([kit / f"{name}.yaml"]).definitions[0].model, side)
                     for name, side in (("rattler", "narrow"), ("big-horn", "wide")))
    return Field("duel", vehicles, race_game("outrider"), BattleOptions())


FIELDS: dict[str, Callable[[], Field]] = {"frothy-races": frothy, "joyride": joyride,
                                          "outrider": outrider}


def test_every_racing_game_gives_the_core_its_interface() -> None:
    racing = {game_id for game_id in GAMES if GAMES[game_id].race_module}
    assert racing == set(FIELDS)
    for game_id in racing:
        game = GAMES[game_id].race_game()
        for name in ("seed_name", "in_process_below", "prepare", "setup", "step", "score",
                     "standing"):
            assert hasattr(game, name), (game_id, name)
        assert isinstance(game.seed_name, str) and game.seed_name
    assert len({GAMES[g].race_game().seed_name for g in racing}) == len(racing)


def one_race_by_steps(game: RaceGame, field: Field) -> tuple[int, Any]:
    """Race 1 of a sweep stepped by hand: how many steps, and the result."""
    from generator.race.sweep import plan_jobs

    job = plan_jobs(len(field.vehicles), 1, 4, name=game.seed_name)[0]
    race = game.setup(field, job)
    steps = 0
    while game.step(race):
        steps += 1
    assert game.step(race) is False  # over stays over, playing nothing
    return steps, game.score(race)


@pytest.mark.parametrize("game_id", sorted(FIELDS))
def test_a_race_stepped_by_hand_is_the_sweeps_race(game_id: str) -> None:
    field = FIELDS[game_id]()
    steps, result = one_race_by_steps(field.game, field)
    assert steps >= 1
    assert run_sweep(field, 1, 4, workers=1).results[0] == result
    standing = field.game.standing(result)
    assert sorted(standing.places)[0] == 1 and len(standing.places) == len(field.vehicles)
    if standing.winner is not None:
        assert standing.places[standing.winner] == 1


@pytest.mark.parametrize("game_id", sorted(FIELDS))
def test_one_worker_two_workers_and_a_dask_cluster_give_the_same_sweep(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    field = FIELDS[game_id]()
    monkeypatch.setattr(type(field.game), "in_process_below", 1)  # real workers for 6 races
    alone = run_sweep(field, 6, seed=3, workers=1)
    pooled = run_sweep(field, 6, seed=3, workers=2)
    assert alone.results == pooled.results
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        remote = run_sweep(field, 6, seed=3, scheduler=client)
    assert remote.results == alone.results
    # The core reads every game's results alike: a win interval and the head-to-head.
    wins = win_interval(alone, 0)
    assert 0 <= wins.low <= wins.rate <= wins.high <= 1
    ahead = head_to_head(alone)
    assert all(ahead[i][i] is None for i in range(len(field.vehicles)))


def test_seeds_differ_between_games() -> None:
    from generator.race.sweep import race_seed

    assert len({race_seed(1, 0, name) for name in ("race", "joyride", "outrider")}) == 3


@pytest.mark.parametrize("game_id", sorted(FIELDS))
def test_every_game_logs_events_in_the_core_format(game_id: str) -> None:
    from dataclasses import replace

    from generator.race.events import EVENT_KEYS, event_lines

    field = FIELDS[game_id]()
    logged = replace(field.options, keep_events=True) if game_id == "outrider" \
        else replace(field.options, log_events=True)
    result = run_sweep(replace(field, options=logged), 1, 2, workers=1).results[0]
    assert result.events
    assert all(tuple(sorted(e)) == tuple(sorted(EVENT_KEYS)) for e in result.events)
    names = {e["vehicle"] for e in result.events} - {None}
    assert names and all(isinstance(name, str) for name in names)
    assert len(event_lines(result.events)) == len(result.events)


def test_battle_and_joyride_race_commands_run_on_a_dask_scheduler(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--scheduler ADDR`` on ``paddock battle`` and on ``paddock race`` with a Joyride
    track prints what the same command prints with local workers."""
    distributed = pytest.importorskip("distributed")
    from generator.commands.cli import main

    joyride_track = sorted(p for p in (VEHICLES / "tracks").glob("*.yaml")
                           if "game: joyride" in p.read_text(encoding="utf-8"))[0]
    commands = [
        ["battle", str(VEHICLES / "outrider" / "rattler.yaml"),
         str(VEHICLES / "outrider" / "big-horn.yaml"), "--scenario", "duel", "--battles", "3",
         "--format", "json", "--seed", "4"],
        ["race", str(joyride_track), *map(str, sorted((VEHICLES / "joyride").glob("*.yaml"))[:2]),
         "--races", "3", "--format", "json", "--seed", "4"]]
    local = []
    for args in commands:
        assert main([*args, "--workers", "1"]) == 0
        local.append(capsys.readouterr().out)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        for args, expected in zip(commands, local, strict=True):
            assert main([*args, "--scheduler", cluster.scheduler_address]) == 0
            assert capsys.readouterr().out == expected
