"""Invariants checked on every simulated step, over seeds, vehicles and bots (hypothesis)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.decisions import Plan
from generator.games.frothy_races.race.engine import Car, Race
from generator.tracks.hexgrid import front_directions

REPO = Path(__file__).resolve().parents[4]
VEHICLES = sorted((REPO / "vehicles/frothy-races").glob("*.yaml"))
TRACK = REPO / "vehicles/tracks/tin-plate-loop.yaml"
DRIVABLE = {"track", "hazard", "fragile", "special"}


def legal_steps(facing: int, steps: tuple[int, ...]) -> bool:
    """Forward movement as the guide allows it, checked independently of the engine."""
    if facing % 2 == 0:
        ahead = facing // 2
        drifts = [d for d in steps if d != ahead]
        return len(drifts) <= 1 and all(d in ((ahead + 1) % 6, (ahead - 1) % 6)
                                        for d in drifts)
    right, left = front_directions(facing)
    return all(d in (right, left) for d in steps) and all(
        a != b for a, b in zip(steps, steps[1:], strict=False))


class CheckedRace(Race):
    """A race that checks the invariants after every move and every round."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.damage_seen = [0] * len(self.cars)
        self.moves_checked = 0
        self.plans_compared = 0

    def plan(self, car: Car, phase: int) -> Plan:
        """Every plan the engine acts on, whether the bot weighed it now or it was kept
        from an earlier phase (or race) in the same situation."""
        spaces = self.moves(car, phase)
        facing = car.facing
        plan = super().plan(car, phase)
        steps = plan.option.steps
        allowed = {None: spaces, "whip": spaces + 1, "reins": spaces - 1}
        assert len(steps) == allowed[plan.option.card], "wrong number of spaces"
        assert plan.option.card != "reins" or spaces >= 1
        assert legal_steps(facing, steps), (facing, steps)
        assert plan.turn in (-1, 0, 1) and (plan.turn == 0 or steps)
        if car.bot.name != "random":  # a random plan rolls the race's dice: not asked twice
            # A kept plan is the plan the bot would make now.
            fresh = car.bot.plan(self, car, phase, self.options_for(car, phase))
            assert fresh == plan, "a kept plan differs from the bot's own"
            self.plans_compared += 1
        return plan

    def speed_check(self, car: Car) -> None:
        if car.bot.name.startswith("racing-line"):
            # A kept target Speed is the one the bot would work out now.
            assert car.bot.target_speed(self, car) == car.bot.weigh_target(self, car)
        super().speed_check(car)

    def move(self, car: Car, phase: int) -> None:
        super().move(car, phase)
        self.moves_checked += 1
        self.check()

    def maintenance(self, car: Car) -> None:
        super().maintenance(car)
        self.check()

    def check(self) -> None:
        on_track = [c for c in self.cars if not c.finished_round]
        hexes = [c.hex for c in on_track]
        assert len(hexes) == len(set(hexes)), "two vehicles share a hex"
        assert self.occupant == {c.hex: c.index for c in on_track}
        for car in self.cars:
            assert self.rt.terrain[car.hex] in DRIVABLE, "a vehicle entered a barrier"
            spec = car.spec
            held = [car.hand[k] + car.spent[k] + car.recovery[k] + car.lost[k]
                    for k in range(len(car.hand))]
            assert held == spec.deck_slots, "cards went missing"
            assert min(car.hand + car.spent + car.recovery) >= 0
            assert car.damage >= self.damage_seen[car.index], "damage decreased"
            assert car.damage <= spec.max_damage
            self.damage_seen[car.index] = car.damage
            assert 0 <= car.speed <= spec.top_speed
            assert car.control_loss >= 0


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1),
       picks=st.lists(st.sampled_from(VEHICLES), min_size=2, max_size=4),
       bot=st.sampled_from(["racing-line", "racing-line-aggressive", "random"]),
       stamina=st.booleans())
def test_invariants_hold_on_every_step(seed: int, picks: list[Path], bot: str,
                                       stamina: bool) -> None:
    track, vehicles = load_race_inputs(TRACK, picks)
    options = RaceOptions(laps=1, max_rounds=40, stamina=stamina)
    race = CheckedRace(track, vehicles, [bot] * len(vehicles), seed, options)
    result = race.run()
    assert race.moves_checked > 0
    assert bot == "random" or race.plans_compared == race.moves_checked
    assert sorted(v.place for v in result.vehicles) == list(range(1, len(vehicles) + 1))


def test_kept_plans_are_the_plans_the_bot_would_make() -> None:
    """The engine keeps plans and target Speeds per track; racing the same seed again
    reuses them (nearly every phase), and each is checked against the bot's own answer."""
    track, vehicles = load_race_inputs(TRACK, VEHICLES[:6])
    options = RaceOptions(laps=2, log_events=True)
    first = CheckedRace(track, vehicles, ["racing-line-aggressive"] * 6, 7, options)
    kept_before = len(first.rt.plans)
    one = first.run()
    assert len(first.rt.plans) > kept_before  # plans were kept
    again = CheckedRace(track, vehicles, ["racing-line-aggressive"] * 6, 7, options)
    two = again.run()
    assert again.plans_compared == again.moves_checked > 0
    assert two == one


def test_invariants_hold_for_the_planning_driver() -> None:
    """The planner's plans are legal and the same when asked again (two chariots, a lap)."""
    track, vehicles = load_race_inputs(TRACK, [VEHICLES[0]] * 2)
    for bot in ("careful", "aggressive"):
        race = CheckedRace(track, vehicles, [bot] * 2, 5, RaceOptions(laps=1, max_rounds=40))
        race.run()
        assert race.plans_compared == race.moves_checked > 0
