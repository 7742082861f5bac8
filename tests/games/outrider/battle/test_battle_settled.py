"""When a battle's share for the vehicle a verdict judges is settled (``OutriderBattle.settled``)
and what the verdict's early stop keeps: on seeded samples, the judged vehicle's share of
every battle (a win, a part of a draw, or nothing) is the same whether the battle stops
there or is played to its end; a battle run for anyone else is played to its end."""

from __future__ import annotations

from dataclasses import replace

import pytest

from generator.commands.battle import Entrant, battle_field, load_vehicle
from generator.games.outrider.battle.engine import battle_result, step_battle
from generator.games.outrider.battle.game import RACE_GAME
from generator.race.sweep import plan_jobs, run_sweep
from tests.conftest import VEHICLES

KIT = VEHICLES / "outrider"


def entrants(*names: str) -> tuple[Entrant, ...]:
    return tuple(Entrant(name, load_vehicle(KIT / f"{name}.yaml"), "narrow") for name in names)


# One field whose judged vehicle is mostly wrecked while two others still stand (the stop
# saves rounds), one whose judged vehicle wins or shares draws at the round limit.
@pytest.mark.parametrize(("names", "shares"), [
    (("quick-draw", "iron-curtain", "long-haul"), {0.0}),
    (("long-haul", "iron-curtain", "iron-curtain"), {1.0, 1 / 2, 1 / 3}),
])
def test_the_judged_vehicles_shares_are_the_same_with_and_without_the_early_stop(
        names: tuple[str, ...], shares: set[float]) -> None:
    field = battle_field(entrants(*names), "last-car-standing")
    whole = run_sweep(field, 8, 5, workers=1)
    stopped = run_sweep(replace(field, watch=0), 8, 5, workers=1)
    counted = [whole.share(k, 0) for k in range(8)]
    assert counted == [stopped.share(k, 0) for k in range(8)]
    assert [whole.won(k, 0) for k in range(8)] == [stopped.won(k, 0) for k in range(8)]
    assert shares <= set(counted)
    assert not any(r.ending.startswith("stopped") for r in whole.results)  # played out
    if shares == {0.0}:
        cut = [r for r in stopped.results if r.ending.startswith("stopped")]
        assert len(cut) >= 4  # the stop did cut battles short
        assert sum(r.rounds for r in stopped.results) < sum(r.rounds for r in whole.results)


def test_settled_is_true_from_the_round_the_vehicle_is_wrecked_and_never_before() -> None:
    field = battle_field(entrants("quick-draw", "iron-curtain", "long-haul"),
                         "last-car-standing")
    for job in plan_jobs(3, 4, 2, name=RACE_GAME.seed_name):
        run = RACE_GAME.setup(field, job)
        slot = job.grid.index(0)
        seen = []
        while step_battle(run):
            seen.append(RACE_GAME.settled(run, slot))
        car = run.battle.car(slot + 1)
        wrecked = car.wrecked_in
        assert seen == [wrecked is not None and round_ >= wrecked
                        for round_ in range(1, len(seen) + 1)]
        share = RACE_GAME.standing(battle_result(run)).share(slot)
        if wrecked is not None and wrecked < run.battle.round:
            assert share == 0.0  # wrecked with two or more others standing: nothing
