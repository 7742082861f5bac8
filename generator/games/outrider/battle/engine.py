"""A whole battle (3.1): rounds of initiative, action and end phases until the scenario is
decided, and its result.

``run_battle`` is the one entry point: entrants (a vehicle and the side of its card played),
a scenario from battle.yaml, a seed and a driver per entrant. The same inputs give the same
battle bit for bit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from generator.games.outrider.battle.action import Driver, take_turn, update_contacts
from generator.games.outrider.battle.initiative import initiative_phase
from generator.games.outrider.battle.setup import Car, battle_data, starting_cars
from generator.games.outrider.battle.state import Battle
from generator.games.outrider.model import Vehicle


@dataclass(frozen=True)
class Entrant:
    """One seat of a battle: its identity and how it ended."""

    slot: int
    identity: str
    name: str
    side: str
    damage: int
    wrecked_in: int | None
    dealt: int


@dataclass(frozen=True)
class BattleResult:
    """How a battle ended. ``winner`` is a slot, or None when no vehicle was left standing
    or the round limit came first (a draw)."""

    seed: int
    scenario: str
    map_size: tuple[float, float]
    rounds: int
    winner: int | None
    ending: str  # last car standing, all wrecked, round limit (or a verdict's early stop)
    entrants: tuple[Entrant, ...]
    events: tuple[dict[str, Any], ...]
    not_played: tuple[str, ...]
    readings: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "scenario": self.scenario, "map_mm": list(self.map_size),
                "rounds": self.rounds,
                "winner": None if self.winner is None else self.entrants[self.winner - 1].identity,
                "ending": self.ending,
                "entrants": [e.__dict__ for e in self.entrants],
                "not_played": list(self.not_played)}


DriverFor = Callable[[Car], Driver]


@dataclass
class BattleRun:
    """A battle being played: the table, each seat's driver, the damage each seat has
    dealt."""

    battle: Battle
    drivers: dict[int, Driver]
    dealt: dict[int, int]


def run_battle(entrants: Sequence[tuple[Vehicle, str]], seed: int, driver_for: DriverFor,
               scenario: str = "last-car-standing", keep_events: bool = True) -> BattleResult:
    """Play one battle to its end."""
    run = start_battle(entrants, seed, driver_for, scenario, keep_events)
    while step_battle(run):
        pass
    return battle_result(run)


def start_battle(entrants: Sequence[tuple[Vehicle, str]], seed: int, driver_for: DriverFor,
                 scenario: str = "last-car-standing", keep_events: bool = True
                 ) -> BattleRun:
    """The battle set up (3.2): the cars at their starting places, each with its driver."""
    data = battle_data()
    chosen = data.scenarios[scenario]
    if not chosen.players_min <= len(entrants) <= chosen.players_max:
        raise ValueError(f"{chosen.title} takes {chosen.players_min}-{chosen.players_max} "
                         f"vehicles, not {len(entrants)}")
    battle = Battle(data, starting_cars(list(entrants), chosen, data), seed, scenario)
    battle.keep_events = keep_events
    for car in battle.cars:
        battle.log(car, "enter", side=car.side, x=round(car.pose.x, 1), y=round(car.pose.y, 1),
                   heading=round(car.pose.heading, 1), moving=car.moving, skill=car.skill)
    return BattleRun(battle, {car.slot: driver_for(car) for car in battle.cars},
                     {car.slot: 0 for car in battle.cars})


def step_battle(run: BattleRun) -> bool:
    """Play the next round; False, playing nothing, once one vehicle or none is left
    standing or the round limit is reached."""
    battle = run.battle
    if len(battle.standing()) < 2 or battle.round >= battle.data.rounds_limit:
        return False
    battle.round += 1
    play_round(battle, run.drivers, run.dealt)
    return True


def battle_result(run: BattleRun) -> BattleResult:
    """How the battle ended (call once, when ``step_battle`` says it is over)."""
    return _result(run.battle, run.dealt)


def play_round(battle: Battle, drivers: dict[int, Driver], dealt: dict[int, int]) -> None:
    """One round: initiative, then each standing car acts in order, then the end phase."""
    initiative_phase(battle)
    battle.phase = "action"
    for slot in battle.order:
        car = battle.car(slot)
        if car.wrecked or len(battle.standing()) < 2:
            continue
        before = {c.slot: c.damage for c in battle.cars}
        take_turn(battle, car, drivers[slot])
        dealt[slot] += sum(c.damage - before[c.slot] for c in battle.cars if c.slot != slot)
    end_phase(battle)


def end_phase(battle: Battle) -> None:
    """8.1-8.2: wrecks marked, maneuver tokens and contacts up to date, each car's state
    recorded in the log."""
    battle.phase = "end"
    for car in battle.cars:
        update_contacts(battle, car, car.contact)  # nobody moves in the end phase
        battle.log(car, "state", x=round(car.pose.x, 1), y=round(car.pose.y, 1),
                   heading=round(car.pose.heading, 1), moving=car.moving,
                   reverse=car.reverse, damage=car.damage, skill=car.skill,
                   wrecked=car.wrecked)


def _result(battle: Battle, dealt: dict[int, int]) -> BattleResult:
    standing = battle.standing()
    if len(standing) == 1:
        winner, ending = standing[0].slot, "last car standing"
    elif not standing:
        winner, ending = None, "all wrecked"
    elif battle.round < battle.data.rounds_limit:  # a verdict's stop (OutriderBattle.settled)
        winner, ending = None, "stopped, the judged vehicle's share settled"
    else:
        winner, ending = None, "round limit"
    battle.phase = "end"
    battle.log(battle.car(winner) if winner else None, "result", ending=ending)
    entrants = tuple(Entrant(c.slot, c.identity, c.vehicle.name, c.side, c.damage,
                             c.wrecked_in, dealt[c.slot]) for c in battle.cars)
    return BattleResult(battle.seed, battle.scenario, (battle.data.width, battle.data.height),
                        battle.round, winner, ending, entrants, tuple(battle.events),
                        battle.data.not_played, battle.data.readings)
