"""Rulebook scenarios stepped through the race engine (Frothy Races, Rules & Game-play).

Cars are placed by hand on the bottom straight of Bogwater Bowl, just before its first bend
(the infield wall is to the north, so the northern lanes are the inside), and dice are
scripted where the rulebook gives them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.bots import Bot
from generator.games.frothy_races.race.decisions import SpeedChoice
from generator.games.frothy_races.race.engine import Car, Race, kept_sum
from generator.games.frothy_races.race.vehicles import speed_box
from generator.probability.frothy_control import resolve_control_roll
from generator.probability.frothy_dice import Direction, kept_lowest
from generator.tracks.hexgrid import Hex

REPO = Path(__file__).resolve().parents[4]
CHARIOT = REPO / "vehicles/frothy-races/basic-chariot.yaml"
EXAMPLE = REPO / "vehicles/frothy-races/movement-example.yaml"
BOWL = REPO / "vehicles/tracks/bogwater-bowl.yaml"
# Face indices of the Frothy die (generator.probability.frothy_dice.FROTHY_DIE), by value/icon.
VALUE_FACE = {0: 0, 1: 1, 2: 2, 3: 4}
ICON_FACE = {"slide": 0, "slow": 1, "left_spin": 2, "right_spin": 3, "haste": 4, "damage": 5}


def icons(*names: str) -> list[int]:
    """The die faces that show these Control icons, in order (for ScriptedDice)."""
    return [ICON_FACE[name] for name in names]


def values(*numbers: int) -> list[int]:
    """The die faces that show these Speed values, in order (for ScriptedDice)."""
    return [VALUE_FACE[n] for n in numbers]


class ScriptedDice(random.Random):
    """Dice that come up as the rulebook example says, in order."""

    def __init__(self, faces: Sequence[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, *args: int, **kwargs: int) -> int:  # type: ignore[override]
        return self.faces.pop(0)


def make_race(vehicle: Path, count: int) -> Race:
    track, vehicles = load_race_inputs(BOWL, [vehicle] * count)
    return Race(track, vehicles, ["racing-line"] * count, seed=1,
                options=RaceOptions(log_events=True))


def place(race: Race, car: Car, q: int, r: int, facing: int = 0, speed: int = 0) -> None:
    """Put a car on a hex (east is facing 0), at a Speed, with an empty Control track."""
    del race.occupant[car.hex]
    car.hex = race.rt.number[Hex(q, r)]
    car.facing = facing
    car.heading = facing // 2
    race.occupant[car.hex] = car.index
    race.set_speed(car, speed)
    car.stage = 4  # lap 1 behind it, checkpoint 1 of lap 2 next


def actions(race: Race, name: str) -> list[str]:
    return [e["action"] for e in race.events if e["action"] == name]


# --- Movement Example ----------------------------------------------------------------------


@pytest.fixture
def bend() -> Race:
    """Four Movement Example chariots: Black at Speed 6 beside Yellow, who is in front of
    Red (inside) and White (outside), all three at Speed 5, all facing east."""
    race = make_race(EXAMPLE, 4)
    black, yellow, red, white = race.cars
    place(race, black, 21, 16, speed=6)
    place(race, yellow, 20, 16, speed=5)
    place(race, red, 17, 16, speed=5)
    place(race, white, 16, 17, speed=5)
    return race


def test_movement_order_is_speed_then_in_front_then_inside(bend: Race) -> None:
    black, yellow, red, white = bend.cars
    assert bend.initiative() == [black, yellow, red, white]


def test_level_vehicles_move_inside_first_whatever_the_grid_order() -> None:
    """Two chariots side by side on the straight, level on Speed and on distance to go:
    the one nearer the infield (the inside of the track) moves first, even when it started
    lower on the grid; swapping their places swaps the order."""
    race = make_race(EXAMPLE, 2)
    first, second = race.cars  # grid order: first before second
    place(race, first, 14, 17, speed=5)  # the outer lane
    place(race, second, 14, 16, speed=5)  # the lane nearer the infield wall
    assert race.car_remaining(first) == race.car_remaining(second)  # neither is in front
    assert race.rt.to_infield[second.hex] < race.rt.to_infield[first.hex]
    assert race.initiative() == [second, first]
    place(race, first, 14, 15, speed=5)  # now first is on the lane along the infield wall
    assert race.car_remaining(first) == race.car_remaining(second)
    assert race.initiative() == [first, second]


def test_blocked_straight_ahead_forces_a_drift(bend: Race) -> None:
    _, yellow, _, _ = bend.cars
    phase = 2  # movement phase 3: Speed 5 moves 3 spaces, Speed 6 none
    options = bend.options_for(yellow, phase)
    straight = [o for o in options if o.card is None and o.steps == (0, 0, 0)]
    assert straight and straight[0].blocked == 0  # the Black chariot is in the way
    bend.move(yellow, phase)
    move = [e for e in bend.events if e["action"] == "move"][-1]["result"]
    assert move["moved"] >= 2 and move["steps"][0] in (1, 5)  # a Drift first
    assert not actions(bend, "collision")


def test_no_way_past_forces_the_reins(bend: Race) -> None:
    black, yellow, red, white = bend.cars
    # Every 3-space way ahead for White ends on a vehicle; 2 spaces are clear.
    place(bend, red, 19, 17, speed=5)
    place(bend, black, 19, 16, speed=6)
    place(bend, yellow, 18, 18, speed=5)
    reins = white.cards("reins")
    bend.move(white, 2)
    move = [e for e in bend.events if e["action"] == "move"][-1]["result"]
    assert move["card"] == "reins" and move["moved"] == 2
    assert white.cards("reins") == reins - 1
    assert not actions(bend, "collision")


def test_without_reins_the_collision_happens(bend: Race) -> None:
    black, yellow, red, white = bend.cars
    place(bend, red, 19, 17, speed=5)
    place(bend, black, 19, 16, speed=6)
    place(bend, yellow, 18, 18, speed=5)
    white.hand = [white.hand[0], 0, 0]
    bend.move(white, 2)
    assert actions(bend, "collision")


def test_a_bot_may_not_choose_an_avoidable_collision(bend: Race) -> None:
    _, yellow, _, _ = bend.cars

    class Crasher(Bot):
        def plan(self, race, car, phase, options):  # type: ignore[no-untyped-def]
            from generator.games.frothy_races.race.decisions import Plan
            return Plan(next(o for o in options if o.blocked >= 0), 0)

    yellow.bot = Crasher()
    with pytest.raises(RuntimeError, match="could avoid"):
        bend.move(yellow, 2)


# --- Speed Check, Acceleration, Deceleration, Over-Whipping, Speed Rating Changes ----------


class Choose(Bot):
    """A player who makes one Speed Check choice and keeps the highest dice allowed (as
    every example in the rulebook does)."""

    def __init__(self, choice: SpeedChoice) -> None:
        super().__init__()
        self.choice = choice

    def speed_check(self, race, car):  # type: ignore[no-untyped-def]
        return self.choice

    def keep(self, race, car, accelerate, values):  # type: ignore[no-untyped-def]
        return max(values)


def speed_check(race: Race, car: Car, choice: SpeedChoice, values: Sequence[int],
                bot: type[Choose] = Choose) -> None:
    car.bot = bot(choice)
    race.rng = ScriptedDice([VALUE_FACE[v] for v in values])
    race.speed_check(car)


def test_speed_check_example_keeps_the_lowest_with_reins_to_accelerate() -> None:
    lock = kept_lowest(1, 1, Direction.ACCELERATE)
    assert kept_sum(sorted([3, 2, 1, 0]), lock) == 3
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    speed_check(race, car, SpeedChoice(True, 1, 1), [3, 2, 1, 0])
    assert race.events[-1]["result"]["boxes"] == 3
    assert car.hand[0] == 3 and car.hand[1] == 3 and car.spent[:2] == [1, 1]


def test_acceleration_example_three_boxes_from_rest_is_speed_2() -> None:
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    speed_check(race, car, SpeedChoice(True, 1, 0), [3, 0, 0])
    assert car.speed == 2


def test_deceleration_example_three_boxes_from_speed_4_is_speed_2() -> None:
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.set_speed(car, 4)
    speed_check(race, car, SpeedChoice(False, 0, 1), [3, 0, 0])
    assert car.speed == 2


def test_no_card_means_decelerate() -> None:
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.set_speed(car, 3)
    speed_check(race, car, SpeedChoice(True, 0, 0), [1, 1])
    assert car.speed < 3 and race.events[-1]["result"]["direction"] == "decelerate"


def test_over_whipping_example_bounces_back_to_speed_5() -> None:
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.set_speed(car, 5)  # left-most box of Speed 5, as after rising to it
    speed_check(race, car, SpeedChoice(True, 1, 0), [2, 2, 0])
    assert car.speed == 5


def test_speed_rating_changes_use_the_end_box() -> None:
    race = make_race(CHARIOT, 1)
    table = race.cars[0].spec.table
    assert table.speed_of(speed_box(table, 1, right_most=True)) == 1
    loss = speed_box(table, 1, right_most=True)
    gain = speed_box(table, 2, right_most=False)
    assert loss.box == 2 and gain.box == 3  # boxes 1,2 are Speed 1; 3,4 are Speed 2


# --- Control Loss Examples ------------------------------------------------------------------


def test_control_loss_example_2_slide_no_turn_and_a_safe_speed() -> None:
    """Yellow, Speed 3 with 4 Control Loss points, turns right: after the discards a Slide,
    a Left Spin (undoing the turn) and a Slow apply; Speed 2 is Safe, so Control Loss goes."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 17, 16, facing=0, speed=3)
    car.control_loss = 4
    outcome = resolve_control_roll(
        ["slide", "damage", "left_spin", "haste", "slow", "slow"], discard=["damage"],
        stamina_rules=True)
    assert outcome.effects == {"slide", "left_spin", "slow"}
    start = car.hex
    car.facing = 11  # the right turn it attempted
    race.apply_control(car, outcome, slide=0)
    assert race.rt.hexes[car.hex] == race.rt.hexes[start].neighbour(0)  # slid ahead
    assert car.facing == 0  # the Left Spin cancelled the turn
    assert car.speed == 2 and car.control_loss == 0


def test_control_loss_example_1_effects_and_points() -> None:
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 17, 16, facing=0, speed=4)
    car.control_loss = 1
    outcome = resolve_control_roll(
        ["slide", "slow", "left_spin", "right_spin", "right_spin"],
        discard=["right_spin", "right_spin"])
    race.apply_control(car, outcome, slide=0)
    assert car.control_loss == 1 + 3  # one point for each different effect applied
    assert car.facing == 1  # the Left Spin turns it a further 30 degrees left


# --- Attack Example -------------------------------------------------------------------------


def test_attack_example_vehicle_attack_lost_by_the_attacker() -> None:
    """Red starts a Vehicle attack with 3 Reins (0,1,1,1: value 2) on Black, who defends
    with none (3); Red loses by 1 and rolls 1 + half Black's Speed 4 = 3 Damage dice
    (1,2,3 against Resilience 1: 2 Damage), gains 2 Control Loss and must roll 3 + 2 + 1
    Control dice at Speed 5 (the +1 Control Loss affect), plus a Whip card."""
    race = make_race(EXAMPLE, 2)  # no traits: the example adds no Blades
    red, black = race.cars
    place(race, red, 17, 16, speed=5)
    place(race, black, 17, 17, speed=4)

    class Defender(Bot):
        def defend(self, race, car, attacker, kind):  # type: ignore[no-untyped-def]
            return 0

    class Attacker(Bot):
        def control_cards(self, race, car, dice):  # type: ignore[no-untyped-def]
            return (1, 0)

    black.bot = Defender()
    red.bot = Attacker()
    control = ["slide", "right_spin", "slow", "left_spin", "left_spin", "damage", "damage"]
    race.rng = ScriptedDice([VALUE_FACE[v] for v in (0, 1, 1, 1, 3, 1, 2, 3)]
                            + [ICON_FACE[i] for i in control] + [VALUE_FACE[3]])
    assert race.play(red, "reins", 3) == 3
    race.attack(red, black, "vehicle", 3)
    attack = [e for e in race.events if e["action"] == "vehicle attack"][0]
    assert attack["result"]["values"] == [2, 3]
    assert attack["result"]["losers"] == [red.label] == ["Movement Example Chariot #1"]
    rolls = [e for e in race.events if e["action"].startswith("damage roll")]
    assert rolls[0]["dice"] == [1, 2, 3] and rolls[0]["result"]["damage"] == 2
    roll = [e for e in race.events if e["action"].startswith("control roll")][0]
    assert len(roll["dice"]) == 7
    # Discarding a Damage icon leaves Slide, Slow, Left Spin and Damage (one die), as the
    # example's player chose: a Left Skid, one more Damage, a box slower.
    assert set(roll["result"]["effects"]) == {"slide", "slow", "left_spin", "damage"}
    assert red.damage == 3
    assert black.damage == 0 and black.damage_dealt == 2


# --- Collisions -------------------------------------------------------------------------------


def test_collision_example_t_bone() -> None:
    """White (Speed 5) drives into the side of Red (Speed 1): both roll 5 Damage dice and
    White drops to half its Speed, 2; Red keeps its Speed."""
    race = make_race(CHARIOT, 2)
    white, red = race.cars
    place(race, white, 16, 16, facing=0, speed=5)
    place(race, red, 17, 16, facing=2, speed=1)  # facing north-east: its side to White
    race.rng = ScriptedDice([0] * 5 + [0] * 5 + [0] * 40)
    race.collide(white, red.hex, 0)
    rolls = [e for e in race.events if e["action"] == "damage roll (vehicle collision)"]
    assert [len(e["dice"]) for e in rolls] == [5, 5]
    assert white.speed == 2 and red.speed == 1
    assert race.events[[e["action"] for e in race.events].index("collision")][
        "result"]["kind"] == "t"


def test_wall_collision_rolls_speed_dice_and_halves_speed() -> None:
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 17, 15, facing=4, speed=5)  # facing north-west into the infield wall
    race.rng = ScriptedDice([0] * 60)
    race.collide(car, -1, 2)
    roll = [e for e in race.events if e["action"] == "damage roll (wall collision)"][0]
    assert len(roll["dice"]) == 5 and car.speed == 2
    assert race.free(car, car.facing)  # it was turned to face a way past


# --- Maintenance: Stamina and Card Recovery -------------------------------------------------


def test_stamina_check_example() -> None:
    """At Speed 6 (-3 Stamina) from a Stamina of 8, the vehicle drops to 5: the affects at
    9 and 6 cost 2 Speed ratings, those at 8 and 5 add 2 Reins to the next Speed Check."""
    track, vehicles = load_race_inputs(BOWL, [CHARIOT])
    race = Race(track, vehicles, ["careful"], seed=1, options=RaceOptions(stamina=True))
    car = race.cars[0]
    race.set_speed(car, 6)
    car.stamina = 8
    race.maintenance(car)
    assert car.stamina == 5
    assert car.speed == 4
    assert race.stamina_reins(car) == 2


def test_card_recovery_example() -> None:
    """Recovery returns to the hand, then Spent moves to Recovery."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    car.hand, car.recovery, car.spent = [1, 2, 0], [2, 0, 0], [1, 2, 0]
    race.maintenance(car)
    assert car.hand == [3, 2, 0]
    assert car.recovery == [1, 2, 0]
    assert car.spent == [0, 0, 0]


def test_losing_a_card_for_good() -> None:
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    car.hand, car.recovery, car.spent = [0, 2, 0], [3, 1, 0], [1, 1, 0]
    race.lose_card(car, "whip")
    assert car.recovery[0] == 2 and car.lost == [1, 0, 0]


# --- Hazards, fragile obstacles, Wipe-out ------------------------------------------------------


def test_hazard_adds_half_the_speed_in_control_loss_and_a_roll() -> None:
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    ford = next(h for h, t in enumerate(race.rt.terrain)
                if t == "hazard" and race.rt.rating[h] == 1)
    place(race, car, 17, 16, speed=5)
    race.rng = ScriptedDice([ICON_FACE["slow"]] * 20)
    race.rough_ground(car, ford, 0)
    hazard = [e for e in race.events if e["action"] == "hazard"][0]
    assert hazard["result"]["control_loss"] == 3 + 1  # half of Speed 5, rounded up, + rating
    roll = [e for e in race.events if e["action"].startswith("control roll")][0]
    assert len(roll["dice"]) >= 3 + 4  # Speed 5's 3 dice + the Control Loss points


def test_fragile_obstacle_damage_roll_and_removal() -> None:
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    bale = next(h for h, t in enumerate(race.rt.terrain) if t == "fragile")
    place(race, car, 17, 16, speed=4)
    race.rng = ScriptedDice([VALUE_FACE[0]] * 2 + [0] * 20)
    race.rough_ground(car, bale, 0)
    roll = [e for e in race.events if e["action"] == "damage roll (fragile obstacle)"][0]
    assert len(roll["dice"]) == 2  # half of Speed 4
    assert bale not in race.debris


def test_wreck_bounces_on_leaving_debris_then_rests() -> None:
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 17, 16, facing=0, speed=3)
    race.round = 1
    race.take_damage(car, car.spec.max_damage, "test")
    assert car.wiped_out and not car.racing
    start = car.hex
    for round_ in (2, 3, 4):
        race.round = round_
        race.move_wrecks()
    assert race.debris.get(start) == 1  # left behind as it moved off
    assert race.rt.hexes[car.hex] == Hex(19, 16)  # Speed 3: two more moves, then rest
    assert car.wreck_speed == 0


# --- Special cards ------------------------------------------------------------------------------


def test_whoah_adds_to_a_deceleration() -> None:
    race = make_race(REPO / "vehicles/frothy-races/bramblewick-goat-cart.yaml", 1)
    car = race.cars[0]
    race.set_speed(car, 4)
    speed_check(race, car, SpeedChoice(False, 0, 1), [1, 0, 0])
    assert race.events[-1]["result"]["boxes"] == 1 + 1  # the roll, + Whoah! 1
    played = [e for e in race.events if e["action"] == "special card"]
    assert played and played[0]["result"]["card"] == "Whoah!"


def test_determination_returns_the_spent_box_and_is_discarded() -> None:
    race = make_race(REPO / "vehicles/frothy-races/cogsworth-steam-carriage.yaml", 1)
    car = race.cars[0]
    deck = car.spec.deck_slots
    assert race.play(car, "whip", 3) == 3
    race.maintenance(car)
    special = 3 + [c.name for c in car.spec.specials].index("Determination")
    assert sum(car.recovery) == 0 and car.lost[special] == 1
    assert [h + lo for h, lo in zip(car.hand, car.lost, strict=True)] == deck


def test_rerolls_take_the_low_dice_once() -> None:
    race = make_race(CHARIOT, 1)
    race.rng = ScriptedDice([VALUE_FACE[3], VALUE_FACE[2]])
    assert race.reroll_low([1, 3, 0, 2], 1) == [1, 3, 3, 2]  # the 0 first
    assert race.reroll_low([2, 3], 2) == [2, 3]  # nothing low: nothing re-rolled
    assert race.reroll_low([1, 1], 0) == [1, 1]
