"""Movement as the rulebook reads it (Movement; Changing Direction; Modifying Movement;
the Movement Example), on Bogwater Bowl's bottom straight (see test_race_rules)."""

from __future__ import annotations

from generator.games.frothy_races.race.bots import Bot
from generator.games.frothy_races.race.decisions import Plan
from tests.games.frothy_races.race.test_race_rules import (
    EXAMPLE,
    ICON_FACE,
    ScriptedDice,
    make_race,
    place,
)


class TurnLeft(Bot):
    """Plays ``card`` (or none) straight ahead and turns left at the end of the phase."""

    def __init__(self, card: str | None) -> None:
        super().__init__()
        self.card = card

    def plan_key(self, race, car, phase, spaces, whip, reins):  # type: ignore[no-untyped-def]
        return None

    def control_cards(self, race, car, dice):  # type: ignore[no-untyped-def]
        return (0, 0)

    def plan(self, race, car, phase, options):  # type: ignore[no-untyped-def]
        chosen = [o for o in options if o.card == self.card and set(o.steps) <= {0}]
        return Plan(chosen[0], 1)


def test_movement_example_black_whips_one_space_and_may_turn() -> None:
    """Movement Example, 1: the Black chariot at Speed 6 'does not actually have to move at
    all this Movement Phase, but they elect to play a Whip card, allowing them to move an
    extra space ... Since the Black chariot has now moved this Movement phase, they may
    also elect to change direction'. Its phase 1 is no space at Speed 6; the turn's Control
    roll (4 dice) comes up as two pairs and passes."""
    race = make_race(EXAMPLE, 1)
    black = race.cars[0]
    place(race, black, 14, 16, facing=0, speed=6)
    assert race.moves(black, 0) == 0
    black.bot = TurnLeft("whip")
    whips = black.cards("whip")
    race.rng = ScriptedDice([ICON_FACE[i] for i in ("left_spin", "right_spin", "slow", "haste")])
    race.move(black, 0)
    assert black.cards("whip") == whips - 1
    assert race.rt.hexes[black.hex].q == 15 and black.facing == 1


def test_no_space_moved_no_turn() -> None:
    """'You may only change direction of your vehicle (ie Turn) in a movement phase when it
    moved 1 or more spaces.' At Speed 6 in phase 1, with no card, it stays and keeps its
    facing though its driver wanted to turn."""
    race = make_race(EXAMPLE, 1)
    black = race.cars[0]
    place(race, black, 14, 16, facing=0, speed=6)
    black.bot = TurnLeft(None)
    race.move(black, 0)
    assert race.rt.hexes[black.hex].q == 14 and black.facing == 0
