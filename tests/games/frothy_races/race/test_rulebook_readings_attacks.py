"""Attacks during movement as the rulebook reads them (Attacks; Attack Example), set up on
Bogwater Bowl's bottom straight (see test_race_rules for the placing and scripted dice)."""

from __future__ import annotations

import dataclasses

import pytest

from generator.games.frothy_races.race.bots import Bot
from generator.games.frothy_races.race.decisions import Plan
from generator.games.frothy_races.race.engine import Car, Race
from generator.tracks.hexgrid import Hex
from tests.games.frothy_races.race.test_race_rules import (
    EXAMPLE,
    ICON_FACE,
    VALUE_FACE,
    ScriptedDice,
    make_race,
    place,
)


class Raider(Bot):
    """Drives three spaces straight east and means to turn left at the end; starts one
    Vehicle attack with one Reins card on the first vehicle at its side after ``at``
    spaces; adds no card to a Control roll."""

    def __init__(self, at: int) -> None:
        super().__init__()
        self.at = at
        self.done = False

    def plan_key(self, race, car, phase, spaces, whip, reins):  # type: ignore[no-untyped-def]
        return None

    def plan(self, race, car, phase, options):  # type: ignore[no-untyped-def]
        straight = [o for o in options if o.card is None and o.steps == (0, 0, 0)]
        return Plan(straight[0], 1)

    @property
    def may_attack(self) -> bool:
        return True

    def attack(self, race, car, targets):  # type: ignore[no-untyped-def]
        moved = race.rt.hexes[car.hex].q - 15
        if self.done or moved != self.at:
            return None
        self.done = True
        return (targets[0], "vehicle", 1)

    def defend(self, race, car, attacker, kind):  # type: ignore[no-untyped-def]
        return 0

    def control_cards(self, race, car, dice):  # type: ignore[no-untyped-def]
        return (0, 0)


def raid(at: int) -> tuple[Race, Car, Car]:
    """Red (Speed 5: three spaces in movement phase 3) from (15, 16) east past Black, who
    sits beside its second and third spaces at Speed 4; Red attacks after ``at`` spaces
    and loses (0 + 0 against 3): 3 + half of 4 = 5 Damage dice, one scores (Resilience 1),
    and the Control roll that follows comes up all Slow (no Spin: its facing stands)."""
    race = make_race(EXAMPLE, 2)
    red, black = race.cars
    place(race, red, 15, 16, facing=0, speed=5)
    place(race, black, 17, 17, facing=0, speed=4)
    red.bot = Raider(at)
    black.bot = Raider(99)
    race.rng = ScriptedDice([VALUE_FACE[v] for v in (0, 0, 3, 3, 0, 0, 0, 0)]
                            + [ICON_FACE["slow"]] * 30)
    race.move(red, 2)
    return race, red, black


def test_a_failed_roll_after_its_own_attack_ends_the_move_and_the_turn() -> None:
    """Attack Example: 'The additional space of movement the Red chariot had left to make
    for this Movement Phase is lost due to the failed Control roll following the Vehicle
    attack - as the vehicle's normal movement has now ended it may not now change
    direction this movement phase'. A roll that only slows it must not let it turn."""
    race, red, _ = raid(at=2)
    assert race.rt.hexes[red.hex] == Hex(17, 16)  # two spaces of three
    assert red.facing == 0  # no turn after the failed roll
    assert not [e for e in race.events if e["action"] == "control roll (turn)"]
    assert red.speed < 5 and red.damage == 1


def test_an_attack_may_come_after_the_last_space_before_the_turn() -> None:
    """'You may initiate an attack ... at any point, before or after moving your vehicle
    from one space to the next'; it is resolved 'before ... making any changes of
    direction'. After its last space Red may still attack; failing the roll that follows
    leaves it unturned."""
    race, red, _ = raid(at=3)
    assert [e["action"] for e in race.events].count("vehicle attack") == 1
    assert race.rt.hexes[red.hex] == Hex(18, 16)
    assert red.facing == 0


def savage_ahead(kind: str) -> Race:
    """Red with Savage, Black in the space straight ahead of it; Red means a ``kind``
    attack on Black before it moves."""
    race = make_race(EXAMPLE, 2)
    red, black = race.cars
    red.spec = dataclasses.replace(red.spec, traits=red.spec.traits + (("Savage", 1),))
    place(race, red, 15, 16, facing=0, speed=5)
    place(race, black, 16, 16, facing=0, speed=4)
    assert race.side_neighbours(red) == [black]

    class Ahead(Bot):
        @property
        def may_attack(self) -> bool:
            return True

        def attack(self, race, car, targets):  # type: ignore[no-untyped-def]
            return (targets[0], kind, 1)

        def defend(self, race, car, attacker, kind):  # type: ignore[no-untyped-def]
            return 0

    red.bot = black.bot = Ahead()
    race.rng = ScriptedDice([VALUE_FACE[3]] * 20 + [ICON_FACE["slow"]] * 20)
    if kind == "personal":
        with pytest.raises(RuntimeError, match="not legal"):
            race.attack_window(red, 0, 3)
    else:
        race.attack_window(red, 0, 3)
    return race


def test_savage_reaches_the_space_ahead_with_a_vehicle_attack_only() -> None:
    """Savage: 'you may initiate a Vehicle attack against a vehicle in a space to your
    front as well as your side'. A Personal attack still needs a vehicle at the side."""
    race = savage_ahead("vehicle")
    assert [e["action"] for e in race.events].count("vehicle attack") == 1
    race = savage_ahead("personal")
    assert not [e for e in race.events if e["action"].endswith("attack")]


class Straight(Bot):
    """Drives straight east with no card and no turn; adds no card to a Control roll."""

    def control_cards(self, race, car, dice):  # type: ignore[no-untyped-def]
        return (0, 0)

    def plan_key(self, race, car, phase, spaces, whip, reins):  # type: ignore[no-untyped-def]
        return None

    def plan(self, race, car, phase, options):  # type: ignore[no-untyped-def]
        return Plan([o for o in options if o.card is None and set(o.steps) == {0}][0], 0)


def test_hit_before_it_moves_it_gets_no_control_loss_point_back() -> None:
    """'Move Straight - Remove 1 Control Loss point each movement phase that your vehicle
    moves 1 or more spaces and does not Drift, change direction or become involved in a
    collision or attack.' A vehicle run into from behind earlier in the phase (no Damage
    scored) then drives straight: it keeps its points. Untouched, it gives one back."""
    for hit in (True, False):
        race = make_race(EXAMPLE, 2)
        ahead, behind = race.cars
        place(race, ahead, 14, 16, facing=0, speed=4)
        place(race, behind, 13, 16, facing=0, speed=6)
        ahead.control_loss = 2
        ahead.bot = Straight()
        race.rng = ScriptedDice([VALUE_FACE[0]] * 4)
        if hit:
            race.collide(behind, ahead.hex, 0)  # Rear-End: 2 dice each, none scores
            assert ahead.damage == 0 and ahead.speed == 5
        race.move(ahead, 1)
        assert race.rt.hexes[ahead.hex].q > 14
        assert ahead.control_loss == (2 if hit else 1)


class Twice(Raider):
    """Attacks at every chance."""

    def attack(self, race, car, targets):  # type: ignore[no-untyped-def]
        return (targets[0], "vehicle", 1)


def test_a_vehicle_may_attack_more_than_once_a_phase() -> None:
    """'You may initiate an attack against a target vehicle in an adjacent space to your
    side at any point, before or after moving your vehicle from one space to the next':
    nothing limits it to one. Red wins the first (3 + 3 against 0, no Damage scored) and
    attacks Black again from its next space."""
    race = make_race(EXAMPLE, 2)
    red, black = race.cars
    place(race, red, 15, 16, facing=0, speed=5)
    place(race, black, 17, 17, facing=0, speed=4)
    red.bot, black.bot = Twice(0), Raider(99)
    win = [VALUE_FACE[v] for v in (3, 3, 0)] + [VALUE_FACE[0]] * 9  # 6 + 3 dice, none score
    race.rng = ScriptedDice(win * 2 + [ICON_FACE["slow"]] * 10)
    race.move(red, 2)
    assert [e["action"] for e in race.events].count("vehicle attack") == 2


def test_a_personal_attack_slide_goes_the_way_the_loser_now_heads() -> None:
    """'Slide movement following a Control roll due to losing a Personal attack is made in
    the same direction as the vehicle's current heading.' Black last moved east and has
    since turned to face north-east (a hex side): it slides north-east, not east."""
    race = make_race(EXAMPLE, 2)
    red, black = race.cars
    place(race, red, 16, 17, facing=0, speed=5)
    place(race, black, 17, 17, facing=2, speed=1)
    black.heading = 0  # its last space was due east, before the turn
    red.bot, black.bot = Raider(99), Raider(99)
    assert race.play(red, "whip", 1) == 1
    race.rng = ScriptedDice([VALUE_FACE[v] for v in (3, 3, 0)] + [ICON_FACE["slide"]] * 6)
    race.attack(red, black, "personal", 1)  # 6 against 0: 6 Control Loss, 6 dice
    assert race.rt.hexes[black.hex] == Hex(18, 16)


def test_a_wreck_rolls_on_the_way_it_was_heading() -> None:
    """'Move it one space in the direction it was heading when it was destroyed; (if the
    vehicle was destroyed as a consequence of a Control roll then use the direction it was
    travelling before any change of direction causing the Control roll)'. A chariot that
    last moved east and has turned to face north-east: wrecked in a collision it rolls on
    north-east; wrecked by its failed Control roll, east."""
    for cause, direction in (("wall collision", 1), ("failed control roll", 0)):
        race = make_race(EXAMPLE, 1)
        car = race.cars[0]
        place(race, car, 17, 17, facing=2, speed=3)
        car.heading = 0
        race.take_damage(car, car.spec.max_damage, cause)
        assert car.wiped_out and car.wreck_heading == direction


class Sideswipe(Raider):
    """Starts a Vehicle attack with one Reins card on the first vehicle at its side,
    whenever it may."""

    def attack(self, race, car, targets):  # type: ignore[no-untyped-def]
        return (targets[0], "vehicle", 1)


def test_a_vehicle_attack_slide_before_the_first_space_goes_the_way_the_attacker_heads(
        ) -> None:
    """Damage Roll: 'Slide movement made following a Control roll due to damage sustained
    from a Vehicle attack ... will be in the direction of the moving vehicle initiating
    the Vehicle attack'. Red last moved east and turned at the end of that phase to face
    north-east (a hex side); it attacks Black, at its side to the east, before its first
    space: Red will move north-east, so Black (losing 1 + 0 against 0 + 0 and half of
    Red's Speed 1: two Damage dice, one scores) slides north-east, not east. Once Red has
    moved a space this phase, the way of that space is its way (the Attack Example)."""
    for moved, there in ((0, Hex(18, 16)), (1, Hex(18, 17))):
        race = make_race(EXAMPLE, 2)
        red, black = race.cars
        place(race, red, 16, 17, facing=2, speed=1)
        place(race, black, 17, 17, facing=0, speed=1)
        red.heading = 0  # its last space was due east, before the turn
        red.bot, black.bot = Sideswipe(0), Raider(99)
        # Red 1 + 0 against Black 0; Damage dice 3 and 0; Black's Control roll (Safe
        # Speed: its Control Loss point and the '+1 Control Loss' affect) two Slides.
        race.rng = ScriptedDice([VALUE_FACE[v] for v in (1, 0, 0, 3, 0)]
                                + [ICON_FACE["slide"]] * 2)
        race.attack_window(red, moved, 1)
        assert black.damage == 1
        assert race.rt.hexes[black.hex] == there


def test_a_personal_attack_tied_at_0_costs_neither_a_control_roll() -> None:
    """Attack Outcome: on a tie 'both players are considered as losers', and each
    'receives a number of Control Loss points equal to the difference between Attack
    Values, (use the Attack value as is for ties) and must make an immediate Control Roll
    as per the rules listed under Damage Roll', which call for one when 'you gained
    Control Loss points due to losing a Personal attack'. Tied at 0 nobody gains a point,
    so nobody rolls (at Speed 3 a roll would be a die); tied at 1 each gains one and
    rolls (two Control dice each, all Slow)."""
    for value, rolls in ((0, 0), (1, 2)):
        race = make_race(EXAMPLE, 2)
        red, black = race.cars
        place(race, red, 16, 17, facing=0, speed=3)
        place(race, black, 16, 16, facing=0, speed=3)
        red.bot, black.bot = Raider(99), Raider(99)
        race.rng = ScriptedDice([VALUE_FACE[v] for v in (value, 0, value)]
                                + [ICON_FACE["slow"]] * 4)
        race.attack(red, black, "personal", 1)
        assert [e["action"] for e in race.events].count("control roll (attack)") == rolls
        if not rolls:
            assert red.control_loss == black.control_loss == 0 and not red.move_lost
