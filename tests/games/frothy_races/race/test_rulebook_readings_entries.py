"""The seventh pass, catalogue entry by catalogue entry (Vehicle Creation Guide: Traits, Special
Cards, Permanent Damage Affects): a race situation set up from an entry's sentence plays out
as the sentence says. Each test pins a reading the earlier passes left wrong or unplayed;
the readings already pinned live in test_rulebook_readings_traits and the other
test_rulebook_readings_* files. Set up on Bogwater Bowl with scripted dice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.games.frothy_races.race.decisions import SpeedChoice
from generator.games.frothy_races.race.engine import Car, Race
from generator.games.frothy_races.race.planner import check_rolls
from generator.games.frothy_races.race.vehicles import Affect
from tests.games.frothy_races.race.test_race_rules import (
    BOWL,
    CHARIOT,
    ICON_FACE,
    VALUE_FACE,
    make_race,
    place,
    speed_check,
)
from tests.games.frothy_races.race.test_rulebook_readings_traits import (
    Dice,
    Still,
    side_by_side,
    with_trait,
)

FROTHY = BOWL.parents[1] / "frothy-races"


def with_specials(tmp_path: Path, *lines: str) -> Path:
    """The basic chariot with these special cards (YAML flow mappings) in its deck."""
    text = CHARIOT.read_text().replace(
        "  dual: 0\n", "  dual: 0\n  special:\n" + "".join(f"    - {line}\n" for line in lines))
    path = tmp_path / "special-chariot.yaml"
    path.write_text(text)
    return path


# --- Permanent Damage Affects ----------------------------------------------------------------


def test_more_safe_speed_affects_than_safe_speeds_take_every_one() -> None:
    """'-1 Safe Speed - ... a Control roll using a basic 1 Control dice for any change of
    direction made at it's current highest Safe Speed': the basic chariot is Safe at 0, 1
    and 2; each affect takes the highest Safe Speed left, so after four none above 0 is
    Safe (a fourth gave Speed 1 back its Safe rating)."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    assert [race.control_dice(car, s) for s in range(3)] == [0, 0, 0]
    for count in range(1, 5):
        race.apply_affect(car, Affect("-1 Safe Speed", 1))
        lost = min(count, 2)
        assert [race.control_dice(car, s) for s in (1, 2)] == [0] * (2 - lost) + [1] * lost


def dual_deck(race: Race) -> Car:
    """The race's car holding 2 Whip, 2 Reins and 2 dual cards, all in hand."""
    car = race.cars[0]
    car.hand[:3] = [2, 2, 2]
    return car


def test_minus_one_whip_card_takes_a_whip_card_before_a_dual_one() -> None:
    """'-1 Whip / Reins card - permanently lose 1 Whip or Reins card as indicated': a
    '-1 Whip card' takes a Whip card, though every Whip card is spent and a dual card
    (Whip on one side, Reins on the other) is in hand; the dual card goes only once no
    Whip card is left."""
    race = make_race(CHARIOT, 1)
    car = dual_deck(race)
    car.hand[0], car.recovery[0] = 0, 1
    car.spent[0] = 1
    for _ in range(2):
        race.apply_affect(car, Affect("-1 Whip / Reins card", 1, "whip"))
        assert car.hand[2] == 2 and car.lost[2] == 0
    assert car.lost[0] == 2 and car.recovery[0] == car.spent[0] == 0
    race.apply_affect(car, Affect("-1 Whip / Reins card", 1, "whip"))
    assert car.lost[2] == 1 and car.hand[2] == 1 and car.hand[1] == 2


def test_minus_one_card_either_way_takes_a_whip_or_reins_card_not_a_dual_one() -> None:
    """'(where either is indicated you may chose which to lose)': the choice is between a
    Whip and a Reins card. With only a dual card in hand and the rest in Recovery, a
    Whip or a Reins card from Recovery goes, not the dual card."""
    race = make_race(CHARIOT, 1)
    car = dual_deck(race)
    car.hand[:3] = [0, 0, 1]
    car.recovery[:3] = [2, 2, 1]
    race.apply_affect(car, Affect("-1 Whip / Reins card", 1, "either"))
    assert car.lost[:3] == [1, 0, 0] and car.hand[2] == 1 and car.recovery[:3] == [1, 2, 1]


# --- Traits ----------------------------------------------------------------------------------


def test_beastmaster_keeps_any_two_dice_whatever_the_cards() -> None:
    """Beastmaster: 'after rolling dice for a Speed check, you may always use the values on
    any two of the dice rolled, no matter which cards were used'. 1 Whip and 2 Reins to
    Accelerate would keep the two lowest (0 + 0); with Beastmaster 3 + 3 of 3, 3, 0, 0, 1.
    The odds a bot weighs are those of keeping any two of five dice."""
    for beastmaster, boxes in ((False, 0), (True, 6)):
        race = make_race(CHARIOT, 1)
        car = race.cars[0]
        if beastmaster:
            with_trait(car, "Beastmaster", 1)
        speed_check(race, car, SpeedChoice(True, 1, 2), [3, 3, 0, 0, 1])
        assert race.events[-1]["result"]["boxes"] == boxes
    race.set_marker(car, car.spec.start_marker())
    free = make_race(CHARIOT, 1)
    other = free.cars[0]
    with_trait(other, "Long Legs", 3)  # 2 + 3 dice, no card: any two kept
    assert race.speed_odds(car, True, 1, 2) == free.speed_odds(other, True, 0, 0)


def test_whitey_is_played_and_leap_is_named_as_not_played() -> None:
    """Whitey: 'you may not make a Jump move'. The engine makes no Jump (the optional rule
    is named as not played), so a vehicle that may not Jump races exactly: the Ironhide
    Rhinodon's Whitey is not named as not simulated. Leap's longer Jump never comes into
    play, so the Marsh Hopper's Leap is named."""
    race = make_race(FROTHY / "ironhide-rhinodon.yaml", 1)
    assert not [n for n in race.not_simulated if "Whitey" in n]
    assert "rule Jumps (optional movement)" in race.not_simulated
    hopper = make_race(FROTHY / "marsh-hopper.yaml", 1)
    assert "trait Leap" in hopper.not_simulated


# --- Special cards ---------------------------------------------------------------------------


class PlaysOne(Still):
    """Plays one Whip card to every Control roll."""

    def control_cards(self, race, car, dice):  # type: ignore[no-untyped-def]
        return (1, 0)


def test_control_card_rolls_and_discards_its_number_more(tmp_path: Path) -> None:
    """Control # (special card): 'if this special ability card is played during a Control
    roll the player may roll and discard an additional # number of dice'. A turn at Speed
    3 (1 die) with the Control 2 card played rolls 1 + 1 + 2 dice and may discard 3: two
    Damage icons go and the Spin pair is discarded, so the turn is made. Without the
    card, one ordinary Whip: two dice, one discard, and a Damage icon is left."""
    carded = with_specials(tmp_path, "{name: Control, value: 2, face: whip}")
    for vehicle, faces in ((carded, ["damage", "damage", "left_spin", "right_spin"]),
                           (CHARIOT, ["damage", "damage"])):
        dice = len(faces)
        race = make_race(vehicle, 1)
        car = race.cars[0]
        place(race, car, 12, 16, facing=0, speed=3)
        car.bot = PlaysOne()
        race.rng = Dice([ICON_FACE[f] for f in faces] + [VALUE_FACE[0]] * 4)
        race.turn(car, 1, moving=0)
        roll = [e for e in race.events if e["action"] == "control roll (turn)"][0]
        assert len(roll["dice"]) == dice
        cards = [e["result"]["card"] for e in race.events if e["action"] == "special card"]
        assert cards == (["Control"] if vehicle == carded else [])
        assert (roll["result"]["effects"] == []) == (vehicle == carded)
        assert car.facing == 1


def test_survivor_ignores_a_damage_roll_and_rolls_it_again(tmp_path: Path) -> None:
    """Survivor: 'after making any Damage roll, the player may play this card to ignore the
    outcome of the initial Damage roll and re-roll it'. Two dice scoring 3 and 3 against
    Resilience 1 (two points) are rolled again as 0 and 0: no Damage, the card spent. A
    roll of 3 and 0 (one point, below the two dice's odds of 4 in 3) is kept."""
    carded = with_specials(tmp_path, "{name: Survivor, face: reins}")
    race = make_race(carded, 1)
    car = race.cars[0]
    slot = car.special_in_hand("Survivor")
    assert slot is not None
    race.rng = Dice([VALUE_FACE[v] for v in (3, 3, 0, 0)])
    assert race.damage_roll(car, 2, "wall collision") == 0
    assert car.damage == 0 and car.spent[slot] == 1 and car.hand[slot] == 0
    car.hand[slot], car.spent[slot] = 1, 0
    race.rng = Dice([VALUE_FACE[v] for v in (3, 0, 0, 0)])
    assert race.damage_roll(car, 2, "wall collision") == 1
    assert car.damage == 1 and car.hand[slot] == 1


def test_snapper_starts_a_vehicle_attack_with_whip_cards() -> None:
    """Snapper: 'You may use your Whip cards as Reins cards when initiating a Vehicle
    attack'. Red, with no Reins card left, starts a Vehicle attack with two Whip cards:
    it rolls 1 + 2 dice. Without Snapper it has no card to start one with."""
    for snapper in (True, False):
        race, red, black = side_by_side()
        red.hand[1] = 0
        if snapper:
            with_trait(red, "Snapper", 1)
        red.bot = Still(("vehicle", 2))
        race.rng = Dice([])
        race.attack_window(red, 1, 1)
        attacks = [e for e in race.events if e["action"] == "vehicle attack"]
        if snapper:
            assert len(attacks[0]["dice"]) == 3 + 1 and red.spent[0] == 2
        else:
            assert not attacks and red.spent[0] == 0


class Bold(Still):
    """Ranks a Control roll's outcomes by Control Loss first, as the aggressive bots do."""

    avoid_damage = False


def turn_with(tmp_path: Path, card: str, faces: list[str], bot: type[Still] = Still
              ) -> tuple[Race, Car, dict[str, Any]]:
    """A turn at Speed 5 (three Control dice, no card played) by a chariot holding the
    special card ``card``, with these icons rolled; the race, the car and the roll."""
    race = make_race(with_specials(tmp_path, f"{{name: {card}, face: whip}}"), 1)
    car = race.cars[0]
    place(race, car, 12, 16, facing=0, speed=5)
    car.bot = bot()
    race.rng = Dice([ICON_FACE[f] for f in faces] + [VALUE_FACE[0]] * 6)
    race.turn(car, 1, moving=0)
    return race, car, [e for e in race.events if e["action"] == "control roll (turn)"][0]


def played(race: Race) -> list[str]:
    return [e["result"]["card"] for e in race.events if e["action"] == "special card"]


def test_yah_counts_every_slow_icon_as_haste(tmp_path: Path) -> None:
    """Yah!: 'play after any control roll involving this vehicle to count all Slow icons
    rolled as Haste icons instead'. Slow, Slow, Haste: a Slow/Haste pair goes (a Control
    Loss point) and a Slow is left (another). Played, three Haste: one point only."""
    race, car, roll = turn_with(tmp_path, "Yah!", ["slow", "slow", "haste"], Bold)
    assert played(race) == ["Yah!"]
    assert roll["dice"] == ["haste"] * 3 and roll["result"]["effects"] == ["haste"]
    assert car.control_loss == 1


def test_brake_counts_every_haste_icon_as_slow(tmp_path: Path) -> None:
    """Brake (the Reins mirror of Yah!, as the catalogue reads the guide's repeated text):
    every Haste icon counts as Slow. Haste, Haste, Slow at Speed 5 would leave a Haste
    after the pair; played, three Slow: the vehicle slows by three boxes."""
    race, car, roll = turn_with(tmp_path, "Brake", ["haste", "haste", "slow"])
    assert played(race) == ["Brake"]
    assert roll["dice"] == ["slow"] * 3 and roll["result"]["effects"] == ["slow"]
    assert car.speed < 5


def test_cool_discards_every_die_showing_the_icon_named(tmp_path: Path) -> None:
    """Cool: 'after any Control roll involving the vehicle, the player may play and use this
    card to choose any control icon and discard all dice showing that icon'. Damage,
    Damage, Slide: naming Damage leaves the Slide, and no Damage roll is made."""
    race, car, roll = turn_with(tmp_path, "Cool", ["damage", "damage", "slide"])
    assert played(race) == ["Cool"]
    assert roll["dice"] == ["slide"] and roll["result"]["effects"] == ["slide"]
    assert not [e for e in race.events if e["action"].startswith("damage roll")]
    assert car.damage == 0


def test_determination_recovers_two_spent_cards_when_it_is_kept(tmp_path: Path) -> None:
    """Determination: 'play at the end of the Round to recover all cards in your Spent box'.
    A Determination card that is not discarded is played for two spent cards (it costs
    only its own round out of the hand): both are back in hand for the next round, and
    the card itself waits in Recovery. Discarded for good, it waits for a third."""
    for discard, back in ((False, True), (True, False)):
        carded = with_specials(tmp_path, "{name: Determination, face: reins, discard: "
                               f"{str(discard).lower()}}}")
        race = make_race(carded, 1)
        car = race.cars[0]
        slot = car.special_in_hand("Determination")
        assert slot is not None and race.play(car, "whip", 2) == 2
        race.maintenance(car)
        assert (car.hand[0] == 4) == back
        assert car.recovery[slot] == (1 if back and not discard else 0)


def test_the_planning_driver_weighs_beastmasters_free_keep() -> None:
    """The planning driver's Speed Check rolls (planner.check_rolls) keep any two dice for
    a Beastmaster, as the engine plays it: 1 Whip and 2 Reins to Accelerate keep 3 + 3
    whenever two of the five dice show 3, not only when all five do (the two lowest)."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    plain = check_rolls(car.spec, True, 1, 2, 0, 99)
    with_trait(car, "Beastmaster", 1)
    free = check_rolls(car.spec, True, 1, 2, 0, 99)

    def six(rolls: tuple[tuple[float, tuple[int, ...]], ...]) -> float:
        return sum(p for p, boxes in rolls if max(boxes) == 6)
    assert six(plain) == pytest.approx((2 / 6) ** 5)
    assert six(free) == pytest.approx(1 - (4 / 6) ** 5 - 5 * (2 / 6) * (4 / 6) ** 4)


def test_lucky_rerolls_its_number_of_the_dice_that_scored() -> None:
    """Lucky #: 'after any roll involving the vehicle, the player may play and use this card
    to re-roll # number of dice used in that roll before determining the outcome'. The
    Whisper Gig (Resilience 0, Lucky 1) rolls 3 and 3 for Damage: one 3 is rolled again
    and shows 0, so one point is taken, not two, and the card is spent."""
    race = make_race(FROTHY / "whisper-gig.yaml", 1)
    car = race.cars[0]
    slot = car.special_in_hand("Lucky")
    assert slot is not None
    race.rng = Dice([VALUE_FACE[v] for v in (3, 3, 0)])
    assert race.damage_roll(car, 2, "wall collision") == 1
    assert car.damage == 1 and car.spent[slot] == 1 and car.hand[slot] == 0
    rolls = [e["dice"] for e in race.events if e["action"].startswith("damage roll")]
    assert rolls == [[3, 3], [0, 3]]


class EveryFace:
    """A die that shows the faces given, in turn: the engine's re-roll enumerated."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces = iter(faces)

    def randrange(self, _: int) -> int:
        return next(self.faces)


@pytest.mark.parametrize(("count", "rerolls"), [(2, 1), (3, 1), (3, 2), (4, 2), (4, 3)])
def test_the_planning_driver_counts_lash_and_tight_leash_rerolls_as_the_engine_plays_them(
        count: int, rerolls: int) -> None:
    """Lash # and Tight Leash #: 're-roll # dice' in a Speed Check roll. The planner's roll
    odds (planner.rerolled_rolls) are the engine's (Race.reroll_low: the lowest dice showing
    0 or 1), enumerated exactly: every roll, then every face of every die rolled again."""
    from itertools import product

    from generator.games.frothy_races.race.engine import VALUES
    from generator.games.frothy_races.race.planner import dice_rolls, rerolled_rolls

    race = make_race(CHARIOT, 1)
    exact: dict[tuple[int, ...], float] = {}
    for faces in product(range(6), repeat=count):
        rolled = [VALUES[f] for f in faces]
        again = min(rerolls, sum(1 for v in rolled if v <= 1))
        for fresh in product(range(6), repeat=again):
            race.rng = EveryFace(fresh)
            key = tuple(sorted(race.reroll_low(rolled, rerolls)))
            exact[key] = exact.get(key, 0.0) + 6.0 ** -(count + again)
    planned = dict((dice, p) for p, dice in rerolled_rolls(count, rerolls))
    assert planned.keys() == exact.keys()
    assert all(planned[k] == pytest.approx(exact[k], abs=1e-12) for k in exact)
    plain = dict((dice, p) for p, dice in dice_rolls(count))
    assert planned != pytest.approx(plain)  # a re-roll moves the odds


def test_a_lash_vehicles_speed_check_odds_reach_high_values_more_often() -> None:
    """Lash 1 to Accelerate: the planner's check (check_rolls) now counts the re-roll, and
    only for accelerating (Tight Leash is the decelerating one)."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    plain_up = check_rolls(car.spec, True, 1, 0, 0, 99)
    plain_down = check_rolls(car.spec, False, 0, 1, 0, 99)
    with_trait(car, "Lash", 1)

    def high(rolls: tuple[tuple[float, tuple[int, ...]], ...]) -> float:
        return sum(p for p, boxes in rolls if max(boxes) >= 5)
    assert high(check_rolls(car.spec, True, 1, 0, 0, 99)) > high(plain_up) + 0.02
    assert check_rolls(car.spec, False, 0, 1, 0, 99) == plain_down
