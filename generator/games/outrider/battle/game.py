"""Outrider battles as the race core sees them (:class:`generator.race.game.RaceGame`): a
battle set up, played round by round, scored.

The field's track is the scenario's id in battle.yaml ('duel', 'last-car-standing'), its
vehicles ``(Vehicle, side)`` pairs, its options :class:`BattleOptions`. The core's grid
order is the seating: race ``k`` seats the field rotated ``k`` places, reversed every other
cycle, so every vehicle sits in every seat alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from generator.games.outrider.battle.driver import ExpectedGainDriver
from generator.games.outrider.battle.engine import (
    BattleResult,
    BattleRun,
    battle_result,
    start_battle,
    step_battle,
)
from generator.games.outrider.battle.setup import battle_data
from generator.race.game import Standing
from generator.race.sweep import Field, RaceJob

BEAM = 4  # the driver's beam width in every battle Paddock runs (tests/.../test_battle_driver.py)


@dataclass(frozen=True)
class BattleOptions:
    """How each battle of a sweep is played: with its event log kept or not. (A verdict's
    battles stop once the judged vehicle's share is settled: ``OutriderBattle.settled``.)"""

    keep_events: bool = False


@dataclass(frozen=True)
class OutriderBattle:
    """Outrider battles, every vehicle driven by the expected-gain driver."""

    beam: int = BEAM
    seed_name: ClassVar[str] = "outrider"
    in_process_below: ClassVar[int] = 1  # battles share nothing: workers from two on
    first_here: ClassVar[bool] = False  # so no battle is played here before the workers start
    draws_shared: ClassVar[bool] = True  # a draw is shared by the vehicles in first place

    def prepare(self, field: Field) -> None:
        """battle.yaml read once here (the driver keeps nothing between battles)."""
        battle_data()

    def setup(self, field: Field, job: RaceJob) -> BattleRun:
        options = field.options if isinstance(field.options, BattleOptions) else BattleOptions()
        return start_battle([field.vehicles[i] for i in job.grid], job.seed,
                            lambda car: ExpectedGainDriver(self.beam), str(field.track),
                            options.keep_events)

    def step(self, race: BattleRun) -> bool:
        return step_battle(race)

    def settled(self, race: BattleRun, slot: int) -> bool:
        """Whether grid slot ``slot``'s share of the battle can no longer change, asked at
        the end of each round: once its vehicle is wrecked.

        Last car standing (the duel too) is won by the one vehicle left unwrecked (8.2, 9.3);
        a battle without one is a draw shared by the vehicles in first place (``standing``):
        those still standing at the round limit, or, when none is left, those wrecked in the
        last round. A vehicle wrecked in a round that ends with two or more others standing
        is in neither: the battle goes on past that round, so it is not among the last
        wrecked, and it is not standing; how the others end it cannot be foreseen (any two
        still standing can ram), but whatever they do, this vehicle takes nothing. A round
        that ends with one other or none standing ends the battle anyway. A vehicle still
        standing can win, draw or be wrecked until the battle ends, so nothing is settled
        before."""
        return race.battle.car(slot + 1).wrecked

    def score(self, race: BattleRun) -> BattleResult:
        return battle_result(race)

    def standing(self, result: Any) -> Standing:
        """The survivor first, then the others still standing, then the wrecks, the last
        wrecked ahead; vehicles alike share a place."""
        def rank(entrant: Any) -> tuple[int, int]:
            if result.winner == entrant.slot:
                return (0, 0)
            if entrant.wrecked_in is None:
                return (1, 0)
            return (2, -entrant.wrecked_in)
        ranks = [rank(e) for e in result.entrants]
        places = tuple(1 + sum(other < mine for other in ranks) for mine in ranks)
        return Standing(places, None if result.winner is None else result.winner - 1)


RACE_GAME = OutriderBattle()
"""What the registry hands the core."""
