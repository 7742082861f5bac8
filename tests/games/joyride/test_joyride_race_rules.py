"""The Joyride engine against the rulebook: its dice against the exact odds, and the worked
examples of Collisions (and Collisions & Oil Slicks) laid out in a test yard and stepped."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from generator.games.joyride.race.items import BoardItem, explode
from generator.games.joyride.race.movement import DONE, PILE_UP, SMASH, drive
from generator.games.joyride.standard import standard_items
from generator.probability.joyride import JOYRIDE_DIE, NITRO_DIE, rolled_move
from generator.tracks.hexgrid import Hex
from tests.games.joyride.race_support import placed, row

ROLLS = 6000


def assert_matches(counts: Counter, exact: dict, rolls: int) -> None:
    """Every outcome within 5 standard errors of its exact chance."""
    for outcome in set(exact) | set(counts):
        p = float(exact.get(outcome, 0))
        seen = counts.get(outcome, 0) / rolls
        error = math.sqrt(max(p * (1 - p), 1e-12) / rolls)
        assert abs(seen - p) <= 5 * error + 1e-9, (outcome, seen, p)


def test_driver_die_matches_its_faces() -> None:
    race = placed([(row(2), 0, 2)])
    counts = Counter(race.die() for _ in range(ROLLS))
    assert_matches(counts, {v: p for v, p in JOYRIDE_DIE.values().items()}, ROLLS)


def test_nitro_die_matches_its_faces() -> None:
    race = placed([(row(2), 0, 2)])
    counts = Counter(race.nitro_die() for _ in range(ROLLS))
    exact = {f.value: p for f, p in NITRO_DIE.faces_dist().items()}
    assert_matches(counts, exact, ROLLS)


@pytest.mark.parametrize("dice", [1, 3, 5])
def test_a_roll_matches_the_exact_sum(dice: int) -> None:
    race = placed([(row(2), 0, 2)])
    counts = Counter(sum(race.die() for _ in range(dice)) for _ in range(ROLLS))
    exact = {m.spaces: p for m, p in rolled_move(dice).items()}
    assert_matches(counts, exact, ROLLS)


def test_rear_end_halves_what_is_left() -> None:
    """Examples: REAR-END. A roll of 8, three spaces, then 5 left: both cars move 3."""
    race = placed([(row(4), 0, 4), (row(9), 0, 2)])
    red, yellow = race.entrants
    assert drive(race, red, 8, 0, False, "roll") == DONE
    assert yellow.front == row(12) and yellow.back == row(11)
    assert red.front == row(10)
    assert any(e["action"] == "rear-end" and e["result"]["left"] == 5 for e in race.events)


def test_rear_end_into_a_barrier_piles_up() -> None:
    """Examples: PILE-UP: REAR-END. Both move as far as they can; each drops a gear and
    takes a damage."""
    race = placed([(row(17), 0, 4), (row(21), 0, 3)])
    red, yellow = race.entrants
    red.on_turn = True
    assert drive(race, red, 7, 0, False, "roll") == PILE_UP
    assert yellow.front == row(23)  # against the east wall
    assert red.front == row(21)
    assert yellow.gear == 2 and red.gear == 3
    assert yellow.damage_taken == 1 and red.pending_damage == 1


def test_head_on_pushes_backwards_half_the_rest() -> None:
    """Examples: HEAD-ON. A roll of 4, two spaces, then head-on with 2 left: pushed, both
    cars move 1."""
    race = placed([(row(4), 0, 3), (row(7), 3, 2)])
    red, yellow = race.entrants
    assert drive(race, red, 4, 0, False, "roll") == DONE
    assert red.front == row(7)
    assert yellow.front == row(8) and yellow.back == row(9) and yellow.facing == 3


def test_side_swipe_swings_the_end_hit_off_the_path() -> None:
    """Examples: SIDE-SWIPE. The end hit swings about the other end, out of the way; the
    mover drives its whole move."""
    race = placed([(row(4), 0, 3), (Hex(7, 1), 2, 2)])  # red stands across row 2
    yellow, red = race.entrants
    pivot = red.front
    assert red.back == row(7)
    assert drive(race, yellow, 5, 0, False, "lock") == DONE
    assert yellow.front == row(9)
    assert red.front == pivot and red.back not in {row(q) for q in range(5, 10)}


def test_side_swipe_that_cannot_swing_piles_up_all_three() -> None:
    """Examples: PILE-UP: SIDE-SWIPE. A third car where the end hit would swing: it cannot
    rotate at all, the mover stops short, and all three cars take a damage and drop a gear."""
    race = placed([(Hex(5, 5), 0, 3), (Hex(8, 4), 2, 2), (Hex(9, 4), 3, 4)])
    yellow, red, green = race.entrants
    yellow.on_turn = True
    assert red.back == Hex(8, 5) and green.back == Hex(10, 4)
    assert drive(race, yellow, 5, 0, False, "lock") == PILE_UP
    assert yellow.front == Hex(7, 5) and red.back == Hex(8, 5)
    assert (yellow.gear, red.gear, green.gear) == (2, 1, 3)
    assert yellow.pending_damage == 1 and red.damage_taken == 1 and green.damage_taken == 1


def test_smash_stops_the_car_at_gear_zero() -> None:
    """SMASH: stop, 1 damage, gear 0, every die off; shift up next turn."""
    race = placed([(row(21), 0, 4)])
    car = race.entrants[0]
    car.on_turn = True
    assert drive(race, car, 6, 0, False, "roll") == SMASH
    assert car.front == row(23) and car.gear == 0 and car.dice == []
    assert car.must_shift_up and car.pending_damage == 1


def test_oil_slick_ends_a_push_and_doubles_the_rest() -> None:
    """Examples: COLLISIONS & OIL SLICKS. A move of 8 from right behind: both cars move 3,
    the slick forces a steer, the push ends and the 2 left are driven the new way."""
    slick = next(i for i in standard_items() if i.name == "Oil Slick")
    race = placed([(row(4), 0, 4), (row(6), 0, 2)])
    red, yellow = race.entrants
    race.board[row(7)] = BoardItem(slick, face_down=False)
    assert drive(race, red, 8, 0, False, "roll") == DONE
    assert yellow.front == row(9)  # pushed over the slick, unaffected
    assert red.facing in (1, 5)
    assert red.front == row(7).neighbour(red.facing).neighbour(red.facing)


def test_explosion_hits_the_space_and_its_neighbours() -> None:
    """Explosions: 1 damage to the car in the space and to cars next to it, once each; the
    car hit drops a gear at the end of the turn; a Mine next to it explodes in turn."""
    mine = next(i for i in standard_items() if i.name == "Mine")
    race = placed([(row(5), 0, 3), (row(8), 0, 3), (row(15), 0, 3)])
    hit, near, far = race.entrants
    race.board[row(9)] = BoardItem(mine, face_down=False)
    explode(race, row(5), None)
    assert hit.damage_taken == 1 and hit in race.drops_at_end
    assert near.damage_taken == 0 and far.damage_taken == 0
    explode(race, row(9), None)  # next to the mine: it goes off as well
    assert near.damage_taken == 2 and row(9) not in race.board
