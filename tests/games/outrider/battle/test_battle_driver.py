"""How near its best the expected-gain driver plays: on states sampled from battles, the
plan its beam search picks against the best plan an exhaustive one-round search finds, both
priced by the same exact expected gain. Reported, and held under a bound."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from generator.games.outrider.battle.attacks import Shot
from generator.games.outrider.battle.driver import ExpectedGainDriver, search
from generator.games.outrider.battle.engine import run_battle
from generator.games.outrider.battle.game import BEAM
from generator.games.outrider.battle.setup import Car
from generator.games.outrider.battle.state import Battle, Plan
from tests.games.outrider.battle.tables import vehicle

SAMPLED = "Big Horn"  # a d6 engine: three cards, so every chain can be tried


@dataclass
class Sampler:
    """Plays as the battles' driver does, keeping a copy of the table at each of the sampled
    vehicle's decisions in the first rounds."""

    states: list[tuple[Battle, int]]
    inner: ExpectedGainDriver = field(default_factory=lambda: ExpectedGainDriver(BEAM))

    def plan(self, battle: Battle, car: Car) -> Plan:
        if car.vehicle.name == SAMPLED and battle.round <= 6:
            self.states.append((copy.deepcopy(battle), car.slot))
        return self.inner.plan(battle, car)

    def shot(self, battle: Battle, car: Car, aims: int) -> tuple[Shot, int] | None:
        return self.inner.shot(battle, car, aims)


def test_the_driver_plays_near_the_exhaustive_best(capsys: object) -> None:
    states: list[tuple[Battle, int]] = []
    field_ = [(vehicle("big-horn"), "narrow"), (vehicle("rattler"), "narrow"),
              (vehicle("iron-curtain"), "wide")]
    for seed in range(1, 7):
        run_battle(field_, seed, lambda car: Sampler(states), keep_events=False)
    assert len(states) >= 12
    regrets, best_gains = [], []
    for battle, slot in states:
        car = battle.car(slot)
        _, chosen = search(battle, car, BEAM)
        _, best = search(battle, car, None)
        assert chosen <= best + 1e-9  # the exhaustive search is never beaten
        regrets.append(best - chosen)
        best_gains.append(best)
    mean_regret = sum(regrets) / len(regrets)
    optimal = sum(r < 1e-9 for r in regrets) / len(regrets)
    print(f"\ndriver (beam {BEAM}) against exhaustive one-round search on {len(states)} "
          f"states: mean regret {mean_regret:.3f} armor tokens a turn (best plans gain "
          f"{sum(best_gains) / len(best_gains):.3f} on average), best plan found in "
          f"{optimal:.0%}, worst miss {max(regrets):.3f}")
    assert mean_regret <= 0.2
    assert optimal >= 0.5
