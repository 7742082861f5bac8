"""The ninth reading pass, a blind one over Rules & Game-play: sentences written down from the
guide before the engine was read, kept where no earlier test pinned them, each set up on
Bogwater Bowl with scripted dice (as test_race_rules does). Edge cases first: two things in
one phase, a Speed change that lands on a Safe Speed, the card mixes at the Speed Check's
limits. One the engine played otherwise: a vehicle that moved straight and was then run
into or attacked later in the same phase kept the Control Loss point it had given back."""

from __future__ import annotations

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.decisions import Plan, SpeedChoice
from generator.games.frothy_races.race.engine import Car, Race
from generator.games.frothy_races.race.vehicles import Affect
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
    speed_check,
    values,
)
from tests.games.frothy_races.race.test_rulebook_readings_audit import Bare, Steps


class StraightOn(Bare):
    """Drives straight ahead (east) with no card and no turn; no card to a Control roll and
    none to defend an attack."""

    def plan_key(self, race, car, phase, spaces, whip, reins):  # type: ignore[no-untyped-def]
        return None

    def plan(self, race, car, phase, options):  # type: ignore[no-untyped-def]
        return Plan([o for o in options if o.card is None and set(o.steps) <= {0}][0], 0)


# --- Lose Control Loss Points: Move Straight, for the whole phase ---------------------------


def straight_then(later: str) -> tuple[Race, Car]:
    """A Movement Example chariot at Speed 4 with 2 Control Loss points drives three spaces
    straight east in movement phase 2, giving a point back as it stops; then, still in that
    phase, ``later`` happens to it: 'hit' (a chariot at Speed 6 runs into its back: a
    Rear-End of 2 Damage dice each, none scoring), 'attacked' (a Personal attack tied at
    0: nobody gains a point or rolls for Control) or nothing."""
    race = make_race(EXAMPLE, 2)
    ahead, other = race.cars
    place(race, ahead, 14, 16, facing=0, speed=4)
    place(race, other, 20, 17, facing=0, speed=6)
    ahead.control_loss = 2
    ahead.bot, other.bot = StraightOn(), Bare()
    race.phase = 2
    race.move(ahead, 1)
    assert race.rt.hexes[ahead.hex] == Hex(17, 16) and ahead.control_loss == 1
    if later == "hit":
        place(race, other, 16, 16, facing=0, speed=6)
        race.rng = ScriptedDice(values(0, 0, 0, 0))
        race.collide(other, ahead.hex, 0)
        assert ahead.damage == 0 and ahead.speed == 5  # the Rear-End's Speed gain
    elif later == "attacked":
        place(race, other, 17, 17, facing=0, speed=6)  # at its south-east side
        race.rng = ScriptedDice(values(0, 0) + values(0))
        race.attack(other, ahead, "personal", 1)
        assert [e for e in race.events if e["action"] == "personal attack"]
    return race, ahead


def test_moved_straight_then_run_into_in_the_same_phase_gets_no_point_back() -> None:
    """'Move Straight - Remove 1 Control Loss point each movement phase that your vehicle
    moves 1 or more spaces and does not Drift, change direction or become involved in a
    collision or attack'; 'Straight Movement': it 'moves straight for the whole of its
    Movement in a movement phase ... and is not otherwise involved in an attack or
    collision'. The phase is the unit: a vehicle run into from behind after its own move,
    later in the phase, was involved in a collision that phase, as one hit before it moves
    is (test_hit_before_it_moves_it_gets_no_control_loss_point_back). The engine took the
    point off as the move ended and kept it off."""
    race, ahead = straight_then("hit")
    assert ahead.control_loss == 2
    race, ahead = straight_then("")
    assert ahead.control_loss == 1


def test_moved_straight_then_attacked_in_the_same_phase_gets_no_point_back() -> None:
    """The same sentence, an attack: a Personal attack started against the vehicle after its
    move, tied at 0 (no point gained, no Control roll), still involves it in an attack
    that phase: its point comes back."""
    race, ahead = straight_then("attacked")
    assert ahead.control_loss == 2


def test_a_point_back_is_only_given_back_once_a_phase() -> None:
    """Run into twice in the phase after moving straight, the vehicle gets back the one
    point it gave, not two; in the next phase a collision gives nothing back."""
    race, ahead = straight_then("hit")
    other = race.cars[1]
    place(race, other, 16, 16, facing=0, speed=6)
    race.rng = ScriptedDice(values(0, 0))
    race.collide(other, ahead.hex, 0)  # Rear-End again: one die each (6 against 5)
    assert ahead.control_loss == 2
    race.phase = 3
    for car in race.cars:
        car.involved = car.straight = False  # the phase's start (play_round)
    place(race, other, 16, 16, facing=0, speed=6)
    race.rng = ScriptedDice(values(0, 0))
    race.collide(other, ahead.hex, 0)
    assert ahead.control_loss == 2


def test_a_phase_of_no_space_gives_no_point_back() -> None:
    """Move Straight needs the vehicle to move '1 or more spaces': at Speed 6 a Movement
    Example chariot moves none in movement phase 1 (its 'Move 1' is '-'), and with 2
    Control Loss points it keeps both."""
    race = make_race(EXAMPLE, 1)
    car = race.cars[0]
    place(race, car, 14, 16, facing=0, speed=6)
    car.control_loss = 2
    car.bot = Steps(())
    race.move(car, 0)
    assert race.rt.hexes[car.hex] == Hex(14, 16) and car.control_loss == 2


def test_control_per_round_points_come_off_moving_straight_to_the_usual_minimum() -> None:
    """'+# Control / Round - at the start of each new round gain # Control points. This does
    not affect your usual minimum Control point value.' A Movement Example chariot at Speed 4
    (not Safe) gains 2 at the round's start; two straight phases take both off, to its
    minimum of 0, not to 2."""
    race = make_race(EXAMPLE, 1)
    car = race.cars[0]
    race.apply_affect(car, Affect("+# Control / Round", 2))
    place(race, car, 12, 16, facing=0, speed=4)
    car.control_loss = 0
    car.bot = StraightOn()
    race.start_of_round(car)
    assert car.control_loss == 2
    for phase in (1, 2):
        race.move(car, phase)
    assert car.control_loss == 0 == car.spec.control_minimum


# --- Safe Speed: a change of Speed that lands on one clears Control Loss --------------------


def test_a_wall_collision_that_halves_the_speed_to_a_safe_one_clears_control_loss() -> None:
    """'Safe Speed - Immediately remove all Control Loss points from your vehicle if it
    changes Speed to a Safe Speed rating'; a solid obstacle: 'Reduce its Speed rating by
    half (round down)'. The chariot at Speed 5 with 3 points runs into the infield wall,
    no Damage die scoring: Speed 2 (Safe), no point left. At Speed 6 it halves to 3, not
    Safe: its points stay."""
    for speed, after, points in ((5, 2, 0), (6, 3, 3)):
        race = make_race(CHARIOT, 1)
        car = race.cars[0]
        place(race, car, 17, 15, facing=4, speed=speed)  # the infield wall north-west
        car.control_loss = 3
        car.bot = NoCards()
        race.rng = ScriptedDice(values(*[0] * speed))
        race.collide(car, -1, 2)
        assert car.damage == 0 and car.speed == after and car.control_loss == points


def test_a_stamina_speed_drop_to_a_safe_speed_clears_control_loss() -> None:
    """Stamina Check: a '-# Speed' effect drops the Speed rating, and 'Safe Speed' removes
    every point when the vehicle 'changes Speed to a Safe Speed rating'. The chariot ends
    the round at Speed 3 (Stamina +0) on a Stamina of 9, where '-1 Speed' applies: Speed 2
    (Safe), and its 2 points go."""
    track, vehicles = load_race_inputs(BOWL, [CHARIOT])
    race = Race(track, vehicles, ["racing-line"], seed=1,
                options=RaceOptions(stamina=True, log_events=True))
    car = race.cars[0]
    place(race, car, 17, 16, speed=3)
    car.stamina = 9
    car.control_loss = 2
    race.maintenance(car)
    assert car.stamina == 9 and car.speed == 2 and car.control_loss == 0


# --- Speed Check: the card mixes at the limits ----------------------------------------------


def test_one_reins_card_alone_to_accelerate_keeps_the_two_lowest() -> None:
    """'If you use twice as many (or more) Reins than Whip cards to Accelerate then both
    dice kept must be the lowest values rolled': one Reins and no Whip is twice none. Dice
    3, 1, 0 give 1 + 0, one box (the lowest and any other would allow 3)."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    speed_check(race, car, SpeedChoice(True, 0, 1), [3, 1, 0])
    assert race.events[-1]["result"]["boxes"] == 1


def test_more_whip_than_reins_to_accelerate_keeps_any_two() -> None:
    """The limits to Accelerate come from the Reins: with two Whip and one Reins there are
    fewer Reins than Whip, so any two of the five dice are kept: 3 + 3 of 3, 3, 1, 0, 0."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    speed_check(race, car, SpeedChoice(True, 2, 1), [3, 3, 1, 0, 0])
    assert race.events[-1]["result"]["boxes"] == 6


# --- Damage, Attacks, Control Roll Icons ------------------------------------------------------


def test_a_die_equal_to_resilience_scores_no_damage() -> None:
    """Damage Roll: a point for 'each dice rolled ... showing a value higher than the
    vehicle's Resilience'. The chariot (Resilience 1) rolls 1, 1 and 2: one point."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.rng = ScriptedDice(values(1, 1, 2))
    assert race.damage_roll(car, 3, "test") == 1 and car.damage == 1


def test_a_personal_attack_tied_above_0_costs_each_its_own_value() -> None:
    """Attack Result: on a tie 'both players are considered as losers'; a Personal attack's
    loser gains the difference in points, 'use the Attack value as is for ties', and makes
    a Control roll (at a Safe Speed, a die a point). Both at Speed 2 tie at 2 (1 + 1
    against 2): two points each, two dice each; a Spin pair is discarded for a third."""
    race = make_race(EXAMPLE, 2)
    red, black = race.cars
    place(race, red, 15, 16, speed=2)
    place(race, black, 16, 15, speed=2)
    red.bot, black.bot = Bare(), Bare()
    race.rng = ScriptedDice(values(1, 1) + values(2) + icons("left_spin", "right_spin") * 2)
    race.attack(red, black, "personal", 1)
    assert red.control_loss == 3 and black.control_loss == 3
    assert red.facing == 0 and black.facing == 0


def test_the_target_of_an_attack_that_fails_its_roll_still_drives_its_move() -> None:
    """'If you fail a Control roll ... as a consequence of any attack you initiated, then
    you lose any further movement': the attack's target did not start it. Black, who has
    not moved this phase, loses a Personal attack by 3 and its Control roll (2 dice at
    Speed 4 and 3 for its points) Slides it a space east; then it drives its three spaces."""
    race = make_race(EXAMPLE, 2)
    red, black = race.cars
    place(race, red, 15, 16, speed=4)
    place(race, black, 16, 15, speed=4)
    red.bot, black.bot = Bare(), StraightOn()
    race.rng = ScriptedDice(values(3, 3) + values(3) + icons(*["slide"] * 5))
    race.attack(red, black, "personal", 1)
    assert race.rt.hexes[black.hex] == Hex(17, 15) and not black.move_lost
    race.move(black, 1)
    assert race.rt.hexes[black.hex] == Hex(20, 15)


def test_haste_stops_at_a_maximum_speed_affect() -> None:
    """Haste: 'Accelerate ... by 1 box for each Haste icon, up to its maximum allowed
    Speed'; 'Maximum Speed #' lowers that maximum. The chariot five Damage in (Maximum
    Speed 4) at Speed 4 rolls three Haste after a collision's Damage: it stays at 4."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.take_damage(car, 5, "test")
    place(race, car, 17, 16, speed=4)
    car.control_loss = 0
    car.bot = NoCards()
    race.rng = ScriptedDice(icons("haste", "haste", "haste"))
    race.reaction_roll(car, slide=0)  # Speed 4's 2 dice and the '+1 Control Loss' affect
    assert car.speed == 4


# --- Movement & Initiative ------------------------------------------------------------------


def test_initiative_follows_the_speed_each_phase_starts_at() -> None:
    """Movement & Initiative: 'the vehicle at the highest Speed moves first'. Two Movement
    Example chariots level on the straight: the one at Speed 5 goes before the one at 4;
    once a collision or roll has taken it to 3, it goes after."""
    race = make_race(EXAMPLE, 2)
    first, second = race.cars
    place(race, first, 14, 16, speed=5)
    place(race, second, 14, 17, speed=4)
    assert race.initiative() == [first, second]
    race.set_speed(first, 3)
    assert race.initiative() == [second, first]


# --- 'Wipe-out': the wreck bounces on at the Speed the collision left it -------------------


def test_a_wreck_from_a_collision_bounces_on_at_the_collisions_speed() -> None:
    """Collisions: the colliding vehicle 'must then reduce its Speed rating by half'; 'Wipe-out':
    'At the start of each round after the one when your vehicle was wiped-out, reduce its
    Speed rating by -1 and then move it one space'. The T-collision's Damage roll wrecks
    the chariot (five Damage in, so at most Speed 4), and the collision's halving is still
    part of resolving it: the wreck starts from Speed 2 and rolls one space once the
    vehicle it hit has gone, not three from Speed 4. The engine kept the Speed it had
    when the Damage came."""
    race = make_race(CHARIOT, 2)
    car, hit = race.cars
    race.take_damage(car, 5, "test")
    place(race, car, 14, 16, facing=0, speed=4)
    place(race, hit, 15, 16, facing=4, speed=1)  # its side to the chariot: a 'T'
    car.bot, hit.bot = NoCards(), NoCards()
    race.round = 1
    race.rng = ScriptedDice(values(3, 0, 0, 0) + values(0, 0, 0, 0))
    race.collide(car, hit.hex, 0)
    assert car.wiped_out and car.speed == 2 and car.wreck_speed == 2
    place(race, hit, 20, 18, speed=1)  # gone on its way
    for round_ in (2, 3, 4, 5):
        race.round = round_
        race.move_wrecks()
    assert race.rt.hexes[car.hex] == Hex(15, 16) and car.wreck_speed == 0
