"""Collisions as the rulebook reads them (Collisions: Solid Obstacles and Vehicles; Damage:
Damage Roll), each set up from the rulebook's own example or sentence on Bogwater Bowl's
bottom straight (see test_race_rules for the placing and the scripted dice)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.damage import slide_back_damage
from generator.games.frothy_races.race.engine import Car, Race
from generator.tracks.hexgrid import Hex
from tests.games.frothy_races.race.test_race_readings import NoCards
from tests.games.frothy_races.race.test_race_rules import (
    BOWL,
    CHARIOT,
    EXAMPLE,
    ScriptedDice,
    icons,
    make_race,
    place,
    values,
)


def rolls(race: Race, action: str) -> list[list[object]]:
    return [e["dice"] for e in race.events if e["action"] == action]


def collision_example(cars: int = 2) -> tuple[Race, tuple[Car, ...]]:
    """The Collision Example's position: White at Speed 5 facing east, about to T-bone Red
    (Speed 1, facing north-east: its side to White) in the space ahead; any further
    vehicles are left on the grid for the test to place."""
    race = make_race(CHARIOT, cars)
    white, red = race.cars[:2]
    place(race, white, 16, 16, facing=0, speed=5)
    place(race, red, 17, 16, facing=2, speed=1)
    return race, tuple(race.cars)


def test_collision_example_slide_back_into_red_is_the_extra_damage_roll() -> None:
    """The Collision Example stepped through: White (Speed 5) T-bones Red (Speed 1). White
    takes 2 Damage, Red 3; White's Control roll (3 dice at Speed 5, 2 Control Loss, the
    '+1 Control Loss' affect) leaves a Slide of two icons, which runs into Red again: each
    rolls 2 more Damage dice, no new collision and no further Control roll. Red's roll
    (4 dice at Safe Speed 1), which the Example makes first, is three Left Spins and a
    Right Spin: it turns 30 degrees left.
    The repeat roll is 'made after the initial collision has been resolved' and 'does not
    affect the Control rolls either vehicle made': here it deals Red 2 more Damage, and
    Red's Control roll is still the 4 dice of the first collision's Control Loss. Then
    White halves its Speed to 2; Red keeps Speed 1."""
    race, (white, red) = collision_example()
    white.bot = red.bot = NoCards()
    script = (values(3, 3, 0, 0, 0) + values(2, 2, 3, 0, 0)
              + icons("left_spin", "left_spin", "left_spin", "right_spin")
              + icons("slide", "slide", "left_spin", "right_spin", "slow", "haste")
              + values(0, 0) + values(3, 3))
    race.rng = ScriptedDice(script)
    race.collide(white, red.hex, 0)
    assert [len(d) for d in rolls(race, "damage roll (vehicle collision)")] == [5, 5]
    assert [len(d) for d in rolls(race, "damage roll (slide collision)")] == [2, 2]
    assert [e["action"] for e in race.events].count("collision") == 1
    # The Example's order: Red's Control roll, then White's.
    controls = [e["vehicle"] for e in race.events if e["action"] == "control roll (reaction)"]
    assert controls == [red.label, white.label]
    assert [len(d) for d in rolls(race, "control roll (reaction)")] == [4, 6]
    order = [e["action"] for e in race.events if e["action"].startswith(("control", "damage r"))]
    assert order[-2:] == ["damage roll (slide collision)"] * 2  # after both Control rolls
    assert white.damage == 2 and red.damage == 3 + 2
    assert white.damage_dealt == 3 + 2 and red.damage_dealt == 2
    assert white.speed == 2 and red.speed == 1
    assert red.facing == 3
    assert race.rt.hexes[white.hex] == Hex(16, 16)  # White never entered Red's space


class Cards(NoCards):
    """Plays the same Whip and Reins cards on every Control roll."""

    def __init__(self, whip: int, reins: int) -> None:
        super().__init__()
        self.cards = (whip, reins)

    def control_cards(self, race, car, dice):  # type: ignore[no-untyped-def]
        return self.cards


def test_collision_example_with_its_cards_and_dice() -> None:
    """The Collision Example with the Example's own cards and Control dice. Red (Resilience
    0, Speed 1) takes 3 Damage from 0, 0, 1, 1, 3; with its Reins card it rolls 5 dice: three
    Left Spins, a Slide, a Right Spin; a Slide would run it into the Black chariot, so it
    'just accept[s] the predominate Left Spin icons'. White (Speed 5, 2 Damage) with 2 Whips
    rolls 8 dice: three Slides and a Damage, Haste, Slow, Left and Right Spin; it discards
    'just one of the Slide icons and the Damage icon, leaving them with a Slide result (two
    Slide icons)', which runs it into Red again: 2 Damage dice each. White ends at Speed 2."""
    race, (white, red, black) = collision_example(3)
    place(race, black, 18, 16, facing=0, speed=3)
    red.spec = dataclasses.replace(red.spec, resilience=0)
    white.bot, red.bot = Cards(2, 0), Cards(0, 1)
    script = (values(3, 3, 0, 0, 0) + values(0, 0, 1, 1, 3)
              + icons("left_spin", "left_spin", "left_spin", "slide", "right_spin")
              + icons("slide", "slide", "slide", "damage", "haste", "slow", "left_spin",
                      "right_spin")
              + values(0, 0) + values(0, 0))
    race.rng = ScriptedDice(script)
    race.collide(white, red.hex, 0)
    assert white.damage == 2 and red.damage == 3
    controls = [e for e in race.events if e["action"] == "control roll (reaction)"]
    assert [len(e["dice"]) for e in controls] == [5, 8]
    assert controls[0]["result"]["effects"] == ["left_spin"]
    assert controls[1]["result"] == {"effects": ["slide"], "count": 2}
    assert [len(d) for d in rolls(race, "damage roll (slide collision)")] == [2, 2]
    assert red.facing == 3 and race.rt.hexes[red.hex] == Hex(17, 16)
    assert white.speed == 2 and race.rt.hexes[white.hex] == Hex(16, 16)
    assert white.spent[0] == 2 and red.spent[1] == 1


def test_the_vehicle_hit_rolls_for_control_first_and_may_slide_out_of_the_way() -> None:
    """Collision Example: 'Both vehicles will now have to make a Control roll', and the
    Example makes Red's (the vehicle hit) before White's. Red's Slide (in White's direction,
    'the direction of the moving vehicle ... causing the collision') takes it a space on;
    White's Slide then moves into the space Red left: no second collision, no repeat roll."""
    race, (white, red) = collision_example()
    white.bot = red.bot = NoCards()
    script = (values(3, 3, 0, 0, 0) + values(2, 2, 3, 0, 0)
              + icons(*["slide"] * 4) + icons(*["slide"] * 6) + values(*[0] * 10))
    race.rng = ScriptedDice(script)
    race.collide(white, red.hex, 0)
    assert race.rt.hexes[red.hex] == Hex(18, 16)
    assert race.rt.hexes[white.hex] == Hex(17, 16)
    assert not rolls(race, "damage roll (slide collision)")
    assert [e["action"] for e in race.events].count("collision") == 1


def test_a_slide_from_a_turn_into_a_wall_is_a_wall_collision() -> None:
    """'Collisions with another vehicle or solid obstacle may occur ... as the result of a
    failed Control roll and uncontrolled Slide movement': a Slide from a failed turn that
    runs into the wall is a wall collision (Damage dice equal to the Speed, a Control roll
    for Damage taken, the Speed halved), not the one-die-a-Slide-icon roll that is kept
    for sliding back into what a collision already met."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 17, 15, facing=4, speed=4)  # direction 2 from here is the infield wall
    car.bot = NoCards()
    race.rng = ScriptedDice(icons("slide", "slide") + values(0, 0, 0, 0))
    race.turn(car, 1, moving=2)  # 2 Control dice at Speed 4: two Slides
    assert [len(d) for d in rolls(race, "damage roll (wall collision)")] == [4]
    assert not rolls(race, "damage roll (slide collision)")
    assert car.speed == 2


def test_a_slide_after_a_collision_into_another_vehicle_is_a_new_collision() -> None:
    """The Collision Example's Red could take a Slide 'but this would cause them to collide
    with the Black chariot': sliding (in White's direction) into a vehicle the collision did
    not involve is a collision of its own, Red the colliding vehicle at its Speed 1 (a
    'T' into Black's side: one Damage die each)."""
    race, (white, red, black) = collision_example(3)
    place(race, black, 18, 16, facing=2, speed=3)
    for car in race.cars:
        car.bot = NoCards()
    script = (values(0, 0, 0, 0, 0) + values(3, 0, 0, 0, 0)  # White 0 Damage, Red 1
              + icons("slide", "slide")  # Red: 1 Control Loss + the '+1' affect: 2 dice
              + values(0) + values(0))  # Red into Black's side: one die each
    race.rng = ScriptedDice(script)
    race.collide(white, red.hex, 0)
    kinds = [e["result"].get("kind") for e in race.events if e["action"] == "collision"]
    assert kinds == ["t", "t"]
    assert [len(d) for d in rolls(race, "damage roll (vehicle collision)")] == [5, 5, 1, 1]
    assert not rolls(race, "damage roll (slide collision)")
    assert red.speed == 0 and black.speed == 3  # Red, the colliding vehicle, halves 1 to 0


class OneWhip(NoCards):
    """Adds one Whip card to every Control roll (one die more, one discard)."""

    def control_cards(self, race, car, dice):  # type: ignore[no-untyped-def]
        return (1, 0)


def test_discards_keep_a_slide_out_of_a_wall() -> None:
    """Collision Example: Red 'could discard a second Left Spin icon, and would then get
    both the Left Spin and Slide icons applied, but this would cause them to collide with
    the Black chariot - so instead they just accept the predominate Left Spin icons'. A
    Slide and a Left Spin with one discard: in the open a careful driver keeps the Slide
    (the milder effect); with the wall where it would slide, it keeps the Spin."""
    for q, r, facing, walled in ((17, 15, 4, True), (12, 16, 2, False)):
        race = make_race(CHARIOT, 1)
        car = race.cars[0]
        place(race, car, q, r, facing=facing, speed=1)
        car.control_loss = 1
        car.bot = OneWhip()
        assert (race.rt.neighbours[car.hex][2] < 0) is walled
        race.rng = ScriptedDice(icons("slide", "left_spin"))
        race.reaction_roll(car, slide=2)
        roll = [e for e in race.events if e["action"] == "control roll (reaction)"][0]
        assert roll["result"]["effects"] == (["left_spin"] if walled else ["slide"])
        assert ("collision" in [e["action"] for e in race.events]) is False


def test_jerry_rigged_adds_dice_only_to_a_damage_roll_that_is_made() -> None:
    """Jerry Rigged #: 'whenever you make a Damage roll, roll # extra Damage dice'; B.S.H.
    #: 'If this takes the number of dice needing to be rolled to 0 or less then do not
    make a Damage roll'. A Speed 0 vehicle against the wall rolls no Damage dice at all;
    at Speed 2 with B.S.H. 2 neither; at Speed 3 it rolls 1 + 1."""
    for speed, rolled in ((0, []), (2, []), (3, [2])):
        race = make_race(CHARIOT, 1)
        car = race.cars[0]
        place(race, car, 17, 15, facing=4, speed=speed)
        car.spec = dataclasses.replace(
            car.spec, traits=car.spec.traits + (("Jerry Rigged", 1), ("B.S.H.", 2)))
        race.rng = ScriptedDice(values(0, 0, 0, 0))
        race.collide(car, -1, 2)
        assert [len(d) for d in rolls(race, "damage roll (wall collision)")] == rolled


def test_bsh_counts_against_a_fragile_obstacle() -> None:
    """Moving into a fragile obstacle is a collision with it (Hazards and Fragile Obstacles:
    a vehicle starting in one 'would ignore any collision with it'), and B.S.H. # rolls '#
    less Damage dice for any collision': half of Speed 6 is 3 dice, B.S.H. 1 leaves 2."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    car.spec = dataclasses.replace(car.spec, traits=car.spec.traits + (("B.S.H.", 1),))
    bale = next(h for h, t in enumerate(race.rt.terrain) if t == "fragile")
    place(race, car, 17, 16, speed=6)
    race.rng = ScriptedDice(values(0, 0, 0))
    race.rough_ground(car, bale, 0)
    assert [len(d) for d in rolls(race, "damage roll (fragile obstacle)")] == [2]


def test_bsh_and_spiked_count_when_a_slide_runs_back_into_the_vehicle() -> None:
    """The Collision Example's second Damage roll (White slides back into Red, 2 Slide
    icons: 2 dice each) is part of the collision: White's B.S.H. 1 takes one die off its
    own roll, and Red's Spiked 2 adds two to White's: 3 dice for White, 2 for Red."""
    race, (white, red) = collision_example()
    white.spec = dataclasses.replace(white.spec, traits=white.spec.traits + (("B.S.H.", 1),))
    red.spec = dataclasses.replace(red.spec, traits=red.spec.traits + (("Spiked", 2),))
    white.bot = red.bot = NoCards()
    white.struck = red.hex  # resolving the T-bone
    race.rng = ScriptedDice(values(0, 0, 0, 0, 0))
    race.slide(white, 0, 1, 2)
    assert race.rt.hexes[white.hex] == Hex(16, 16)  # it stays where it was
    assert not rolls(race, "damage roll (slide collision)")  # not before the T-bone is done
    slide_back_damage(race, white, red)
    assert [len(d) for d in rolls(race, "damage roll (slide collision)")] == [3, 2]


def test_a_wipe_out_in_the_repeat_roll_still_costs_the_other_vehicle_its_roll() -> None:
    """Damage Roll: where a Slide runs back into the same vehicle 'each vehicle involved
    must make an additional Damage roll'. White is wrecked by its own repeat roll; Red
    still rolls its two dice."""
    race, (white, red) = collision_example()
    white.damage = white.spec.max_damage - 1
    white.affects_applied = len(white.spec.damage_affects) - 1
    white.slid_back = 2
    race.rng = ScriptedDice(values(3, 3) + values(3, 0))
    slide_back_damage(race, white, red)
    assert white.wiped_out
    assert [len(d) for d in rolls(race, "damage roll (slide collision)")] == [2, 2]
    assert red.damage == 1


def test_driving_through_a_hazard_gives_no_control_loss_point_back() -> None:
    """A hazard or fragile obstacle is met in a collision (Collisions: 'A vehicle starting a
    movement phase in a space containing a Hazard or Fragile Obstacle would ignore any
    collision with it'), and a vehicle 'involved in a collision' does not lose a Control
    Loss point for moving straight. Speed 1 straight into this mud (rating 1): +2 Control
    Loss (half the Speed, plus 1), two dice (a Left and a Right Spin: a pair, +1, the roll
    passed), none back."""
    from tests.games.frothy_races.race.test_rulebook_readings_attacks import Straight

    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 0, 10, facing=0, speed=1)
    assert race.rt.terrain[race.rt.neighbours[car.hex][0]] == "hazard"
    car.bot = Straight()
    race.rng = ScriptedDice(icons("left_spin", "right_spin"))
    race.move(car, 0)
    assert race.rt.hexes[car.hex] == Hex(1, 10)
    assert car.control_loss == 3


def crash(speed: int, hit_speed: int, hit_facing: int) -> tuple[Race, list[int]]:
    """A chariot at (14, 16) moving east at ``speed`` runs into one at (15, 16); no Damage
    die scores. Returns the race and the Damage dice each side rolled."""
    race = make_race(CHARIOT, 2)
    car, hit = race.cars
    place(race, car, 14, 16, facing=0, speed=speed)
    place(race, hit, 15, 16, facing=hit_facing, speed=hit_speed)
    race.rng = ScriptedDice(values(*[0] * 30))
    race.collide(car, hit.hex, 0)
    return race, [len(d) for d in rolls(race, "damage roll (vehicle collision)")]


def test_rear_end_example_six_into_one() -> None:
    """Rear-End: 'a Speed 6 vehicle hits a Speed 1 vehicle - the Speed 1 vehicle would
    increase to Speed 4 and the Speed 6 vehicle would decrease to Speed 3'; each rolls the
    difference, 5 dice."""
    race, dice = crash(6, 1, hit_facing=0)
    car, hit = race.cars
    assert dice == [5, 5]
    assert (car.speed, hit.speed) == (3, 4)


def test_rear_end_at_the_same_speed_costs_one_speed_and_one_die() -> None:
    """'If the colliding vehicle is at the same or a lower Speed rating than the vehicle it
    hits then the colliding vehicle must reduce its Speed rating by -1 and each vehicle must
    make a Damage roll using one dice only.'"""
    race, dice = crash(3, 3, hit_facing=0)
    car, hit = race.cars
    assert dice == [1, 1]
    assert (car.speed, hit.speed) == (2, 3)


def test_head_on_rolls_the_combined_speeds_and_halves_both() -> None:
    """Head-On: 'both vehicles involved must make a Damage roll using a number of dice equal
    to the sum of their combined Speeds. Each vehicle must then reduce its Speed rating by
    half (round down)'."""
    race, dice = crash(4, 3, hit_facing=6)
    car, hit = race.cars
    assert dice == [7, 7]
    assert (car.speed, hit.speed) == (2, 1)


def test_a_hazard_with_a_fragile_obstacle_makes_one_control_roll() -> None:
    """'It is possible to have a space containing both a hazard and a fragile obstacle - in
    which case, apply both but make only one Control roll.' Debris a wreck dropped in the
    deep ford (a hazard rated +1) at Speed 4: Control Loss for the ford, half the Speed
    plus its rating (3); a Damage roll of half the Speed, 2 dice, for the debris (one
    scores: one more point); then a single Control roll. The ford's rating is the ford's
    ('give any Hazard, Fragile Obstacle or Solid Obstacle a rating'): it adds to the
    Control Loss the ford gives, not to the dice of the debris lying in it."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    ford = next(h for h, t in enumerate(race.rt.terrain)
                if t == "hazard" and race.rt.rating[h] == 1)
    race.debris[ford] = 1
    place(race, car, 17, 16, speed=4)
    car.bot = NoCards()
    race.rng = ScriptedDice(values(3, 0) + icons(*["slow"] * 12))
    race.rough_ground(car, ford, 0)
    assert [len(d) for d in rolls(race, "damage roll (fragile obstacle)")] == [2]
    hazard = [e for e in race.events if e["action"] == "hazard"][0]
    assert hazard["result"]["control_loss"] == 2 + 1
    assert car.damage == 1
    assert len([e for e in race.events if e["action"].startswith("control roll")]) == 1
    assert ford not in race.debris


def rated_race(tmp_path: Path, row: str, cells: tuple[str, str], legend: str) -> Race:
    """Bogwater Bowl with ``cells`` replaced in its map ``row`` and a ``legend`` line added
    (a rated obstacle), and one chariot."""
    text = BOWL.read_text()
    assert row in text
    text = text.replace(row, row.replace(*cells)).replace("legend:\n", f"legend:\n  {legend}\n")
    path = tmp_path / "rated-bowl.yaml"
    path.write_text(text)
    track, vehicles = load_race_inputs(path, [CHARIOT])
    return Race(track, vehicles, ["racing-line"], seed=1, options=RaceOptions(log_events=True))


def rated_boulder_race(tmp_path: Path) -> Race:
    """Bogwater Bowl with its two back-straight boulders given ratings: the left one +2,
    the right one none (both solid obstacles), and one chariot."""
    return rated_race(tmp_path, "      XX...........b.......OO....XX\n", ("OO", "RO"),
                      "R: {terrain: solid, rating: 2, label: big boulder (+2)}")


def test_a_solid_obstacles_rating_changes_its_damage_dice(tmp_path: Path) -> None:
    """Collisions: 'It is also possible to give any Hazard, Fragile Obstacle or Solid
    Obstacle a rating which modifies the number of basic Control points and/or dice rolled
    for Damage'; a solid obstacle: 'Make a Damage roll using a number of dice equal to your
    current Speed'. At Speed 3: the boulder rated +2 rolls 5 dice, the unrated one 3, and
    the wall round the track 3."""
    race = rated_boulder_race(tmp_path)
    rt = race.rt
    rated = [key for key, rating in rt.solid.items() if rating == 2]
    plain = [key for key, rating in rt.solid.items() if rating == 0]
    assert rated and plain
    walls = [(h, d) for h in range(len(rt.hexes)) for d in range(6)
             if rt.neighbours[h][d] < 0 and (h, d) not in rt.solid]
    car = race.cars[0]
    for (hex_, direction), dice, cause in ((rated[0], 5, "obstacle"), (plain[0], 3, "obstacle"),
                                           (walls[0], 3, "wall")):
        race.events.clear()
        h = rt.hexes[hex_]
        place(race, car, h.q, h.r, facing=direction * 2, speed=3)
        car.damage = 0
        car.bot = NoCards()
        race.rng = ScriptedDice(values(*[0] * dice))
        assert race.collision_cost(car, -1, direction) == dice
        race.collide(car, -1, direction)
        assert [len(d) for d in rolls(race, f"damage roll ({cause} collision)")] == [dice]


def test_a_fragile_obstacles_rating_changes_its_damage_dice(tmp_path: Path) -> None:
    """Hazards and Fragile Obstacles: 'Make a Damage roll using a number of dice equal to
    half your current Speed (round up) - this may be modified by the fragile obstacle'. A
    hay bale rated +1 at Speed 4: 2 + 1 dice."""
    race = rated_race(tmp_path, "    XX......**.....b.............XX\n", ("**", "y*"),
                      "y: {terrain: fragile, rating: 1, label: big bale (+1)}")
    bale = next(h for h, t in enumerate(race.rt.terrain)
                if t == "fragile" and race.rt.rating[h] == 1)
    car = race.cars[0]
    place(race, car, 17, 16, speed=4)
    race.rng = ScriptedDice(values(0, 0, 0))
    race.rough_ground(car, bale, 0)
    assert [len(d) for d in rolls(race, "damage roll (fragile obstacle)")] == [3]


def wall_ahead(race: Race) -> int:
    """A space on Bogwater Bowl with the wall to its east (a Slide east hits it) and track
    to its south-east (a Drift that way is free)."""
    rt = race.rt
    return next(h for h in range(len(rt.hexes))
                if rt.neighbours[h][0] < 0 and rt.neighbours[h][5] >= 0
                and rt.terrain[rt.neighbours[h][5]] == rt.terrain[h])


def test_a_failed_turns_slide_into_a_wall_halves_the_speed_before_the_slow() -> None:
    """Collisions are 'resolved immediately after the vehicle moves to cause it', a Slide
    included ('as the result of a failed Control roll and uncontrolled Slide movement'),
    and the Attack Example applies a failed roll's movement ('Left Skid') and 'then'
    its Slow. At Speed 4 a failed turn's Slide and Slow: the Slide east runs into the
    wall (4 Damage dice, none scores), the Speed halves to 2 (its right-most box), and
    the Slow then takes one box: still Speed 2 (the Slow first would leave Speed 1)."""
    race = make_race(EXAMPLE, 1)
    car = race.cars[0]
    h = race.rt.hexes[wall_ahead(race)]
    place(race, car, h.q, h.r, facing=0, speed=4)
    car.bot = NoCards()
    race.rng = ScriptedDice(icons("slide", "slow") + values(0, 0, 0, 0))
    race.turn(car, -1, moving=0)
    assert rolls(race, "damage roll (wall collision)") == [values(0, 0, 0, 0)]
    assert car.speed == 2 and race.rt.hexes[car.hex] == h


def test_a_slides_collision_is_faced_past_once_the_spin_is_made() -> None:
    """Solid Obstacles and Vehicles: 'If your vehicle's final position after resolving a
    collision ... will not allow it to move past that obstacle ... you may change its
    direction by 30 degrees'. A chariot facing a corner turns left to face east, its
    last space east; the roll fails with a Slide and a Left Spin (a Left Skid): the
    Slide east runs into the wall, and the Spin leaves it facing the corner between east
    (the wall) and north-east (open track). Judged after the Spin, that final position
    gets it past (the north-east front space), so it keeps the Skid's facing; judged
    before, facing east with the wall straight ahead, it would have turned 30 degrees and
    then spun on to face north-east or east."""
    race = make_race(EXAMPLE, 1)
    car = race.cars[0]
    here = wall_ahead(race)
    h = race.rt.hexes[here]
    place(race, car, h.q, h.r, facing=11, speed=4)
    car.heading = 0
    car.bot = NoCards()
    race.rng = ScriptedDice(icons("slide", "left_spin") + values(0, 0, 0, 0))
    race.turn(car, 1, moving=0)
    assert rolls(race, "damage roll (wall collision)") == [values(0, 0, 0, 0)]
    assert race.rt.hexes[car.hex] == h
    assert car.facing == 1 and race.free(car, car.facing) and car.speed == 2


def test_a_wreck_from_a_failed_turns_slide_rolls_the_way_it_went_before_the_turn() -> None:
    """Control Roll Icons: a Slide 'moves an additional space forwards in the direction it
    was moving before the turn was attempted, but it still changes direction as planned
    after the Slide movement'; 'Wipe-out': a vehicle 'destroyed as a consequence of a
    Control roll' rolls on 'the direction it was travelling before any change of
    direction causing the Control roll'. A chariot one point from its Wipe-out faces the
    corner between east and north-east, its last space east, and turns left to face
    north-east; the roll fails with two Slides, the Slide east runs into the wall and the
    collision wrecks it: the wreck goes east (and rests against the wall), not
    north-east."""
    race = make_race(EXAMPLE, 1)
    car = race.cars[0]
    h = race.rt.hexes[wall_ahead(race)]
    place(race, car, h.q, h.r, facing=1, speed=4)
    car.heading = 0
    car.damage = car.spec.max_damage - 1
    car.affects_applied = len(car.spec.damage_affects) - 1
    car.bot = NoCards()
    race.rng = ScriptedDice(icons("slide", "slide") + values(3, 3, 3, 3))
    race.turn(car, 1, moving=0)
    assert car.wiped_out and car.wipe_cause == "wall"
    assert car.wreck_heading == 0
