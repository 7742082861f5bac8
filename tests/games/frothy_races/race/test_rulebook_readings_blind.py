"""The eighth reading pass, a blind one over Rules & Game-play: sentences of the Speed Check,
Control Roll Icons, Attacks, Hazards and Fragile Obstacles and Damage (Resilience) that no
earlier test pinned on their own, each written down first from the guide and then set up on
Bogwater Bowl with scripted dice (as test_race_rules does). Two the engine played otherwise:
a Damage roll whose every die must score is not rolled, nor is a Control roll of no dice
(Driver's extra dice included)."""

from __future__ import annotations

import dataclasses

from generator.games.frothy_races.race.decisions import SpeedChoice
from generator.games.frothy_races.race.engine import Car, Race
from generator.tracks.hexgrid import Hex
from tests.games.frothy_races.race.test_race_readings import NoCards
from tests.games.frothy_races.race.test_race_rules import (
    CHARIOT,
    REPO,
    ScriptedDice,
    icons,
    make_race,
    place,
    speed_check,
    values,
)
from tests.games.frothy_races.race.test_rulebook_readings_audit import Bare, Steps
from tests.games.frothy_races.race.test_rulebook_readings_collisions import rolls

# --- Speed Check: which dice may be kept when decelerating ----------------------------------


def test_decelerating_with_as_many_whip_as_reins_keeps_the_lowest_and_one_more() -> None:
    """Speed Check: using as many Whip cards as Reins (or more) to Decelerate, one kept die
    must be the lowest rolled, the other any die; twice as many Whip, both kept dice are the
    lowest; Reins alone limit nothing. From Speed 6, the best value each allows: 3, 3, 2, 0
    with one of each keeps 0 + 3; 3, 3, 2, 1, 0 with two Whip and one Reins keeps 1 + 0;
    one Reins with 3, 3, 0 keeps 3 + 3."""
    for choice, dice, boxes in ((SpeedChoice(False, 1, 1), [3, 3, 2, 0], 3),
                                (SpeedChoice(False, 2, 1), [3, 3, 2, 1, 0], 1),
                                (SpeedChoice(False, 0, 1), [3, 3, 0], 6)):
        race = make_race(CHARIOT, 1)
        car = race.cars[0]
        race.set_speed(car, 6)
        speed_check(race, car, choice, dice)
        assert race.events[-1]["result"]["boxes"] == boxes, choice


# --- Control Roll Icons ----------------------------------------------------------------------


def test_each_haste_icon_moves_the_marker_one_box() -> None:
    """Haste: 'immediately Accelerate ... by 1 box for each Haste icon'. The chariot at
    Speed 3 (left-most box of two) with one Control Loss point rolls two dice after Damage,
    both Haste: two boxes on is Speed 4's single box, and the one effect adds a point."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 17, 16, speed=3)
    car.control_loss = 1
    car.bot = NoCards()
    box = car.spec.table.acceleration_box(car.marker)
    race.rng = ScriptedDice(icons("haste", "haste"))
    race.reaction_roll(car, slide=0)
    assert car.spec.table.acceleration_box(car.marker) == box + 2
    assert car.speed == 4 and car.control_loss == 2


def test_a_failed_turn_that_slides_moves_on_then_turns_as_planned() -> None:
    """Slide: 'The vehicle moves an additional space forwards in the direction it was moving
    before the turn was attempted, but it still changes direction as planned after the
    Slide movement'. At Speed 3 (one die) a left turn after moving east rolls a Slide: one
    space further east, then facing 30 degrees left, and a Control Loss point."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 17, 16, speed=3)
    car.bot = NoCards()
    race.rng = ScriptedDice(icons("slide"))
    race.turn(car, 1, moving=0)
    assert race.rt.hexes[car.hex] == Hex(18, 16)
    assert car.facing == 1 and car.control_loss == 1


# --- Attacks ----------------------------------------------------------------------------------


class Attacker(Steps):
    """Steps() that starts one ``kind`` attack with ``cards`` cards on the first vehicle at
    its side, as soon as it may; defends with none."""

    def __init__(self, steps: tuple[int, ...], kind: str = "vehicle", cards: int = 1) -> None:
        super().__init__(steps)
        self.kind, self.cards, self.done = kind, cards, False

    @property
    def may_attack(self) -> bool:
        return True

    def attack(self, race, car, targets):  # type: ignore[no-untyped-def]
        if self.done:
            return None
        self.done = True
        return (targets[0], self.kind, self.cards)

    def defend(self, race, car, attacker, kind):  # type: ignore[no-untyped-def]
        return 0


def beside(kind: str = "vehicle", cards: int = 1) -> tuple[Race, Car, Car]:
    """Red at Speed 3 on the bottom straight facing east, Black at its north-east side."""
    race = make_race(CHARIOT, 2)
    red, black = race.cars
    place(race, red, 15, 16, speed=3)
    place(race, black, 16, 15, speed=3)
    red.bot = Attacker((), kind, cards)
    black.bot = Bare()
    race.round = 2
    return race, red, black


def test_only_a_vehicle_at_the_side_can_be_attacked() -> None:
    """Attacks: a target 'in an adjacent space to your side'. Facing a hex side, the
    spaces straight ahead and straight behind are not at the side; the four others are.
    Facing a corner, only the two spaces square to it are."""
    race = make_race(CHARIOT, 7)
    red, *others = race.cars
    place(race, red, 17, 16, speed=3)
    for other, direction in zip(others, range(6), strict=True):
        there = Hex(17, 16).neighbour(direction)
        place(race, other, there.q, there.r, speed=1)
    found = {race.rt.hexes[c.hex] for c in race.side_neighbours(red)}
    assert found == {Hex(17, 16).neighbour(d) for d in (1, 2, 4, 5)}
    red.facing = 1  # the corner between east and north-east
    found = {race.rt.hexes[c.hex] for c in race.side_neighbours(red)}
    assert found == {Hex(17, 16).neighbour(d) for d in (2, 5)}


def test_a_vehicle_that_moves_no_space_starts_no_attack() -> None:
    """Attacks: 'As long as your vehicle can or did move at least 1 space this Movement
    phase, you may initiate an attack'. Red at Speed 4 moves no space in movement phase 1
    (and plays no Whip card): it may not attack Black at its side. In phase 2, three
    spaces to go, it may, before its first space."""
    race, red, black = beside()
    race.set_speed(red, 4)
    race.move(red, 0)
    assert not [e for e in race.events if e["action"].endswith("attack")]
    race.rng = ScriptedDice(values(3, 3) + values(0) + values(*[0] * 12)
                            + icons(*["slow"] * 12))
    red.bot = Attacker((0, 0, 0), "vehicle")
    race.move(red, 1)
    assert [e["action"] for e in race.events].count("vehicle attack") == 1


def test_an_attack_takes_at_least_one_card_and_every_card_goes_to_spent() -> None:
    """Performing the Attack: 'the attacker must use at least 1 card'; 'All cards used to
    attack or defend are placed in their respective players' Spent boxes'. Red asks to
    start a Vehicle attack with no card: it plays one Reins card. Black defends with two
    Reins. Each side rolls one die a card and one more."""
    race, red, black = beside(cards=0)

    class TwoCards(Bare):
        def defend(self, race, car, attacker, kind):  # type: ignore[no-untyped-def]
            return 2

    black.bot = TwoCards()
    reins_red, reins_black = red.cards("reins"), black.cards("reins")
    race.rng = ScriptedDice(values(3, 3) + values(0, 0, 0) + values(*[0] * 12)
                            + icons(*["slow"] * 12))
    race.attack_window(red, moved=0, planned=1)
    attack = [e for e in race.events if e["action"] == "vehicle attack"][0]
    assert len(attack["dice"]) == 2 + 3
    assert red.cards("reins") == reins_red - 1 and sum(red.spent) == 1
    assert black.cards("reins") == reins_black - 2 and sum(black.spent) == 2


def test_a_personal_attack_loser_above_a_safe_speed_rolls_its_speeds_dice_too() -> None:
    """Personal attack: the loser gains the difference in Control Loss points 'and must
    make an immediate Control Roll as per the rules listed under Damage Roll', which are
    'the same rules as rolling for Control when changing direction' but for a Safe Speed.
    Black at Speed 4 (two Control dice) loses by 3 (3 + 3 + 1 die of Cat O' Nine against
    3): two dice and three for its points, five in all."""
    race, red, black = beside("personal")
    race.set_speed(black, 4)
    race.rng = ScriptedDice(values(3, 3, 0) + values(3) + icons(*["left_spin"] * 5))
    race.attack(red, black, "personal", 1)
    assert [len(d) for d in rolls(race, "control roll (attack)")] == [2 + 3]
    assert black.control_loss == 3 + 1 and black.facing == 1  # the Left Spin's point


# --- Hazards and Fragile Obstacles ------------------------------------------------------------


def test_a_fragile_obstacle_met_at_speed_0_rolls_no_damage_dice() -> None:
    """Fragile Obstacles: a Damage roll of 'half your current Speed (round up)' dice. A
    chariot at Speed 0 that moves into a hay bale on a Whip card rolls none: no Damage, no
    Control roll, and the bale is still knocked away."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    bale = next(h for h, t in enumerate(race.rt.terrain) if t == "fragile")
    h = race.rt.hexes[bale]
    place(race, car, h.q, h.r, speed=0)
    car.bot = NoCards()
    race.rng = ScriptedDice([])
    race.rough_ground(car, bale, 0)
    assert not rolls(race, "damage roll (fragile obstacle)")
    assert not rolls(race, "control roll (reaction)")
    assert bale not in race.debris and car.damage == 0


# --- Damage: a blank Resilience -------------------------------------------------------------


def test_a_blank_resilience_takes_its_damage_without_rolling() -> None:
    """Resilience: 'Vehicles with a blank Resilience will automatically sustain damage
    without even having to roll'; Damage Roll: 'damage is automatically sustained if
    Resilience is blank'. The Cogsworth Steam Carriage (blank, Jerry Rigged 1, B.S.H. 1)
    runs into the wall at Speed 4: 4 - 1 + 1 dice, four points, and no Damage die is
    rolled (the scripted dice hold only its Control roll: Speed 4's two dice and one a
    point, Slows, until the Speed halves). The engine rolled the dice it then ignored."""
    race = make_race(REPO / "vehicles/frothy-races/cogsworth-steam-carriage.yaml", 1)
    car = race.cars[0]
    place(race, car, 17, 15, facing=4, speed=4)  # north-west of here is the infield wall
    car.bot = NoCards()
    race.rng = ScriptedDice(icons(*["slow"] * 6))
    race.collide(car, -1, 2)
    assert car.damage == 4 and car.control_loss + car.damage >= 4
    assert [e["dice"] for e in race.events if e["action"].startswith("damage roll")] == [[]]
    assert race.rng.faces == []  # every scripted die was the Control roll's


def test_a_resilience_taken_below_0_scores_every_die_without_rolling() -> None:
    """'-# Resilience - the vehicle's Resilience is permanently reduced by #': the Whisper
    Gig's 0 less 1 is below every face of the die (0 to 3), so each die would score, as
    with a blank Resilience: two Damage dice are two points, none rolled."""
    race = make_race(REPO / "vehicles/frothy-races/whisper-gig.yaml", 1)
    car = race.cars[0]
    car.resilience_loss = 1
    race.rng = ScriptedDice([])
    assert race.damage_roll(car, 2, "vehicle attack") == 2
    assert car.damage == 2


def test_a_control_roll_of_no_dice_rolls_none_for_driver_either() -> None:
    """Damage Roll, Safe Speed: 'only roll a number of Control dice equal to the number of
    Control points it currently has'. A chariot with Driver 1 whipped one space into the
    mud at Speed 0 gains half of 0 Control Loss points, none: its Control roll has no die,
    and Driver's extra die, which it could only discard, is not rolled (the same class as
    a blank Resilience's Damage roll). The engine rolled it."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    car.spec = dataclasses.replace(car.spec, traits=car.spec.traits + (("Driver", 1),))
    mud = next(h for h, t in enumerate(race.rt.terrain)
               if t == "hazard" and race.rt.rating[h] == 0 and h not in race.debris)
    h = race.rt.hexes[mud]
    place(race, car, h.q, h.r, speed=0)
    car.bot = NoCards()
    race.rng = ScriptedDice([])
    race.rough_ground(car, mud, 0)
    assert car.control_loss == 0 and car.facing == 0
    assert not rolls(race, "control roll (reaction)")
