"""Traits, damage and Stamina affects and special cards as the Vehicle Creation Guide writes
them (Traits; Permanent Damage Affects; Special Cards), one reading a test where the
earlier rulebook-reading tests leave it unpinned: when each acts (attacks started or
received, accelerating or decelerating), its number as written, and its edges. Set up on
Bogwater Bowl's bottom straight with scripted dice (see test_race_rules)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.bots import Bot
from generator.games.frothy_races.race.decisions import SpeedChoice
from generator.games.frothy_races.race.engine import Car, Race
from generator.games.frothy_races.race.vehicles import Affect
from generator.probability.frothy_dice import Direction
from tests.games.frothy_races.race.test_race_rules import (
    BOWL,
    CHARIOT,
    ICON_FACE,
    VALUE_FACE,
    ScriptedDice,
    make_race,
    place,
    speed_check,
)


class Dice(ScriptedDice):
    """Scripted dice, then ``pad`` for ever (a 0 that scores no Damage; as an icon, Slow)."""

    def __init__(self, faces: list[int], pad: int = VALUE_FACE[0]) -> None:
        super().__init__(faces)
        self.pad = pad

    def randrange(self, *args: int, **kwargs: int) -> int:  # type: ignore[override]
        return self.faces.pop(0) if self.faces else self.pad


def with_trait(car: Car, name: str, value: int) -> None:
    car.spec = dataclasses.replace(car.spec, traits=((name, value),) + car.spec.traits)


class Still(Bot):
    """Plays no card to defend or to a Control roll; attacks when told to."""

    def __init__(self, attack: tuple[str, int] | None = None) -> None:
        super().__init__()
        self.plan_attack = attack

    @property
    def may_attack(self) -> bool:
        return self.plan_attack is not None

    def attack(self, race, car, targets):  # type: ignore[no-untyped-def]
        assert self.plan_attack is not None
        return (targets[0], *self.plan_attack)

    def defend(self, race, car, attacker, kind):  # type: ignore[no-untyped-def]
        return 0

    def control_cards(self, race, car, dice):  # type: ignore[no-untyped-def]
        return (0, 0)


def side_by_side(vehicle: Path = CHARIOT) -> tuple[Race, Car, Car]:
    """Red at (17, 16) and Black beside it at (17, 17), both facing east at Speed 1,
    neither with a trait (the basic chariot's Blades and Cat O' Nine taken off)."""
    race = make_race(vehicle, 2)
    red, black = race.cars
    place(race, red, 17, 16, facing=0, speed=1)
    place(race, black, 17, 17, facing=0, speed=1)
    for car in (red, black):
        car.spec = dataclasses.replace(car.spec, traits=())
        car.bot = Still()
    return race, red, black


def attack_event(race: Race, kind: str) -> dict[str, Any]:
    return [e for e in race.events if e["action"] == f"{kind} attack"][-1]


# --- Attack traits: the attacker's or the target's, each in its own kind of attack --------


@pytest.mark.parametrize(("trait", "holder", "kind", "dice"), [
    ("Tank", "red", "vehicle", (3, 1)),          # 'for any Vehicle attack you initiate'
    ("Tank", "red", "personal", (2, 1)),
    ("Tank", "black", "vehicle", (2, 1)),        # not when defending
    ("Cat O' Nine", "red", "personal", (3, 1)),  # 'for any Personal attack you initiate'
    ("Cat O' Nine", "red", "vehicle", (2, 1)),
    ("Cat O' Nine", "black", "personal", (2, 1)),
    ("Armoured", "black", "vehicle", (2, 2)),    # 'when defending against any Vehicle attack'
    ("Armoured", "black", "personal", (2, 1)),
    ("Armoured", "red", "vehicle", (2, 1)),      # not on the attacks it starts
    ("Shield", "black", "personal", (2, 2)),     # 'when defending against any Personal attack'
    ("Shield", "black", "vehicle", (2, 1)),
    ("Shield", "red", "personal", (2, 1)),
])
def test_attack_dice_traits_act_on_their_own_side_and_kind(
        trait: str, holder: str, kind: str, dice: tuple[int, int]) -> None:
    """Red starts an attack with one card (1 + 1 dice) against Black, who plays none (1
    die); each extra-dice trait adds its # only to its own side of its own kind."""
    race, red, black = side_by_side()
    with_trait(red if holder == "red" else black, trait, 1)
    race.rng = Dice([VALUE_FACE[2]] * 10)
    race.attack(red, black, kind, 1)
    rolled = attack_event(race, kind)["dice"]
    assert isinstance(rolled, list) and len(rolled) == sum(dice)


@pytest.mark.parametrize(("trait", "holder", "kind", "values"), [
    ("Blades", "red", "vehicle", (4 + 2, 2)),      # 'Add # to your Attack value ...
    ("Blades", "red", "personal", (4, 2)),         # ... for any Vehicle attack you initiate'
    ("Blades", "black", "vehicle", (4, 2)),
    ("Whiplash", "red", "personal", (4 + 2, 2)),
    ("Whiplash", "red", "vehicle", (4, 2)),
    ("Whiplash", "black", "personal", (4, 2)),
    ("Flimsy", "black", "vehicle", (4, 2 - 2)),    # 'Subtract # ... made against you'
    ("Flimsy", "red", "vehicle", (4, 2)),          # not on the attacks it starts
    ("Flimsy", "black", "personal", (4, 2)),
    ("Thin Skin", "black", "personal", (4, 2 - 2)),
    ("Thin Skin", "red", "personal", (4, 2)),
    ("Thin Skin", "black", "vehicle", (4, 2)),
])
def test_attack_value_traits_act_on_their_own_side_and_kind(
        trait: str, holder: str, kind: str, values: tuple[int, int]) -> None:
    """Red rolls 2 + 2 (two dice), Black 2 (one die); a # of 2 moves only the value the
    trait names."""
    race, red, black = side_by_side()
    with_trait(red if holder == "red" else black, trait, 2)
    race.rng = Dice([VALUE_FACE[2]] * 3 + [VALUE_FACE[0]] * 10)
    race.attack(red, black, kind, 1)
    assert attack_event(race, kind)["result"]["values"] == list(values)


@pytest.mark.parametrize(("trait", "holder", "kind", "again"), [
    ("Persistent", "red", "vehicle", True),   # 'for any Vehicle attack you initiate'
    ("Persistent", "red", "personal", False),
    ("Persistent", "black", "vehicle", False),
    ("Frenzied", "red", "personal", True),    # 'for any Personal attack you initiate'
    ("Frenzied", "red", "vehicle", False),
    ("Evasive", "black", "vehicle", True),    # '... Vehicle attack initiated against you'
    ("Evasive", "red", "vehicle", False),
    ("Evasive", "black", "personal", False),
    ("Guarded", "black", "personal", True),   # '... Personal attack initiated against you'
    ("Guarded", "red", "personal", False),
    ("Guarded", "black", "vehicle", False),
])
def test_attack_rerolls_act_on_their_own_side_and_kind(
        trait: str, holder: str, kind: str, again: bool) -> None:
    """Red's dice show 0 and 0, Black's 0, and the next die a 3: a re-roll trait of 1
    re-rolls one low die of its own side into that 3, and only in its own kind of attack;
    otherwise the 3 is Black's die (Red holding it) or is never rolled (Black holding it)."""
    race, red, black = side_by_side()
    with_trait(red if holder == "red" else black, trait, 1)
    first = 2 if holder == "red" else 3  # the dice before the holder's re-roll
    race.rng = Dice([VALUE_FACE[0]] * first + [VALUE_FACE[3]] + [VALUE_FACE[0]] * 10)
    race.attack(red, black, kind, 1)
    values = attack_event(race, kind)["result"]["values"]
    expected = {("red", True): [3, 0], ("red", False): [0, 3],
                ("black", True): [0, 3], ("black", False): [0, 0]}[holder, again]
    assert values == expected


@pytest.mark.parametrize(("trait", "holder", "kind", "loser"), [
    ("Fortune Smiles", "red", "vehicle", "black"),   # 'win any Vehicle attack by 1 ... tied'
    ("Fortune Smiles", "black", "vehicle", "red"),   # the target's too
    ("Unlucky Charm", "red", "vehicle", "red"),
    ("Lady Luck", "black", "personal", "red"),
    ("Ill Fate", "black", "personal", "black"),
    ("Lady Luck", "red", "vehicle", "both"),         # a Personal attack trait only
    ("Fortune Smiles", "red", "personal", "both"),
])
def test_tie_traits_decide_a_tie_by_one_in_their_own_kind(
        trait: str, holder: str, kind: str, loser: str) -> None:
    """Both sides total 2 (Red 2 + 0 on two dice, Black 2 on one): a tie. A tie trait makes
    its kind of tie a win or loss by 1; otherwise both lose by their own value."""
    race, red, black = side_by_side()
    with_trait(red if holder == "red" else black, trait, 1)
    race.rng = Dice([VALUE_FACE[2], VALUE_FACE[0], VALUE_FACE[2]]
                            + [VALUE_FACE[0]] * 20 + [ICON_FACE["slow"]] * 20)
    race.attack(red, black, kind, 1)
    losers = attack_event(race, kind)["result"]["losers"]
    expected = {"red": [red.label], "black": [black.label],
                "both": [red.label, black.label]}[loser]
    assert losers == expected


def test_attack_special_cards_add_their_number_to_their_own_side(tmp_path: Path) -> None:
    """Kamikaze # / Berserker #: played 'to initiate a vehicle / personal attack then the
    player may add # to their attack value'; Swerve # / Shield #: played 'to defend against
    a vehicle / personal attack'. Red holds Kamikaze 2 and Berserker 1 and starts both
    kinds; Black holds Swerve 1 and Shield 2 and plays a card in each defence."""
    text = CHARIOT.read_text().replace("  dual: 0\n", "  dual: 0\n  special:\n"
                                       "    - {name: Kamikaze, value: 2}\n"
                                       "    - {name: Berserker, value: 1}\n"
                                       "    - {name: Swerve, value: 1}\n"
                                       "    - {name: Shield, value: 2}\n")
    carded = tmp_path / "carded-chariot.yaml"
    carded.write_text(text)
    for kind, bonus in (("vehicle", (2, 1)), ("personal", (1, 2))):
        race, red, black = side_by_side(carded)
        red.bot = Still((kind, 1))
        black.bot = Defends()
        race.rng = Dice([VALUE_FACE[0]] * 40 + [ICON_FACE["slow"]] * 20)
        race.attack_window(red, 1, 1)
        assert attack_event(race, kind)["result"]["values"] == list(bonus)
        cards = [e["result"]["card"] for e in race.events if e["action"] == "special card"]
        assert cards == (["Kamikaze", "Swerve"] if kind == "vehicle"
                         else ["Berserker", "Shield"])


class Defends(Still):
    def defend(self, race, car, attacker, kind):  # type: ignore[no-untyped-def]
        return 1


# --- Damage traits --------------------------------------------------------------------------


def test_failsafes_takes_dice_off_a_failed_control_rolls_damage_only() -> None:
    """Failsafes #: '# less Damage dice for any Damage roll due to Damage icons from a
    Control roll. If this takes the number of dice ... to 0 or less then do not make a
    Damage roll'. A turn at Speed 5 (3 Control dice) rolls three Damage icons: Failsafes 1
    rolls two dice, Failsafes 3 none; a wall collision's roll is not touched."""
    for failsafes, dice in ((1, 2), (3, 0)):
        race = make_race(CHARIOT, 1)
        car = race.cars[0]
        place(race, car, 12, 16, facing=0, speed=5)
        with_trait(car, "Failsafes", failsafes)
        car.bot = Still()
        race.rng = Dice([ICON_FACE["damage"]] * 3 + [VALUE_FACE[0]] * 5)
        race.turn(car, 1, moving=0)
        rolls = [e["dice"] for e in race.events
                 if e["action"] == "damage roll (failed control roll)"]
        assert [len(r) for r in rolls] == ([dice] if dice else [])
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    with_trait(car, "Failsafes", 2)
    race.rng = Dice([VALUE_FACE[0]] * 3)
    race.damage_roll(car, 3, "wall collision")
    assert len([e for e in race.events if e["action"].startswith("damage roll")][0]["dice"]) == 3


# --- Speed traits and the Speed Check affects ------------------------------------------------


@pytest.mark.parametrize(("trait", "accelerate", "boxes"), [
    ("Lazy", False, 2 + 2),        # 'add # to all Speed Check rolls to Decelerate'
    ("Lazy", True, 2),
    ("Hyperactive", True, 2 + 2),  # 'add # modifier to all Speed Check rolls to Accelerate'
    ("Hyperactive", False, 2),
])
def test_speed_check_modifier_traits_act_one_way_only(trait: str, accelerate: bool,
                                                      boxes: int) -> None:
    """A roll of 2 + 0 with one card and a trait of 2."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.set_speed(car, 3)
    with_trait(car, trait, 2)
    speed_check(race, car, SpeedChoice(accelerate, int(accelerate), int(not accelerate)),
                [2, 0, 0])
    assert race.events[-1]["result"]["boxes"] == boxes


@pytest.mark.parametrize(("trait", "accelerate", "again"), [
    ("Tight Leash", False, True),  # 're-roll # dice when making a Speed check roll to
    ("Tight Leash", True, False),  # Decelerate'
    ("Lash", True, True),
    ("Lash", False, False),
])
def test_speed_rerolls_act_one_way_only(trait: str, accelerate: bool, again: bool) -> None:
    """Dice 0, 0, 0 with one card; a re-roll of 1 turns a 0 into a 3."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.set_speed(car, 3)
    with_trait(car, trait, 1)
    speed_check(race, car, SpeedChoice(accelerate, int(accelerate), int(not accelerate)),
                [0, 0, 0, 3])
    assert race.events[-1]["result"]["boxes"] == (3 if again else 0)


@pytest.mark.parametrize(("accelerate", "trait"), [(True, "Cautious"), (False, "Reckless")])
def test_a_negative_speed_check_modifier_affect_alone_does_not_reverse(
        accelerate: bool, trait: str) -> None:
    """'+/- # Speed Check Acceleration / Deceleration Modifier': 'the given value must be
    added or subtracted ... to all Speed Check values rolled'; only Cautious and Reckless
    add 'If the final value is negative then Decelerate (Accelerate) by that amount
    instead'. Speed Changes move the marker 'a number of boxes ... equal to the final
    Speed check value', so a -2 affect on a roll of 0 + 0 moves no box; with the trait (at
    0, so only its sentence counts) the -2 reverses the direction."""
    name = ("+/- # Speed Check Acceleration Modifier" if accelerate
            else "+/- # Speed Check Deceleration Modifier")
    for with_it in (False, True):
        race = make_race(CHARIOT, 1)
        car = race.cars[0]
        race.set_speed(car, 3)
        race.apply_affect(car, Affect(name, -2))
        if with_it:
            with_trait(car, trait, 0 + 1)
            race.apply_affect(car, Affect(name, +1))  # the trait's 1 back: -2 in all
        odds = race.speed_odds(car, accelerate, int(accelerate), int(not accelerate))
        speed_check(race, car, SpeedChoice(accelerate, int(accelerate), int(not accelerate)),
                    [0, 0, 0])
        boxes = race.events[-1]["result"]["boxes"]
        assert boxes == (-2 if with_it else 0)
        if not with_it:
            assert car.speed == 3
            assert dict(odds).get(3, 0.0) > 0.0  # the odds a driver weighs agree
        else:
            assert (car.speed > 3) is (not accelerate)


def test_maximum_deceleration_caps_the_boxes_moved() -> None:
    """'# Maximum Deceleration - ... only move their Speed track marker by a maximum number
    of boxes, as shown, when Decelerating during a Speed check': 3 + 3 moves 2 boxes back;
    an acceleration is not capped by it."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.set_speed(car, 6)
    race.apply_affect(car, Affect("# Maximum Deceleration", 2))
    speed_check(race, car, SpeedChoice(False, 0, 1), [3, 3, 3])
    assert race.events[-1]["result"]["boxes"] == 2
    race.set_speed(car, 0)
    speed_check(race, car, SpeedChoice(True, 1, 0), [3, 3, 0])
    assert race.events[-1]["result"]["boxes"] == 6


def test_acceleration_modifier_affects_add_up() -> None:
    """'+/- # Speed Check Acceleration Modifier': 'added ... to all Speed Check values rolled
    to Accelerate from now on'; two such affects both apply, and not to a deceleration."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.apply_affect(car, Affect("+/- # Speed Check Acceleration Modifier", 1))
    race.apply_affect(car, Affect("+/- # Speed Check Acceleration Modifier", 1))
    speed_check(race, car, SpeedChoice(True, 1, 0), [1, 0, 0])
    assert race.events[-1]["result"]["boxes"] == 1 + 2
    race.set_speed(car, 4)
    speed_check(race, car, SpeedChoice(False, 0, 1), [1, 0, 0])
    assert race.events[-1]["result"]["boxes"] == 1


def test_rubber_shoes_rolls_and_discards_its_extra_dice_decelerating_only() -> None:
    """Rubber Shoes #: 'roll and discard # extra dice when making a Speed check roll to
    Decelerate'."""
    for accelerate, count in ((False, 2 + 1 + 2), (True, 2 + 1)):
        race = make_race(CHARIOT, 1)
        car = race.cars[0]
        race.set_speed(car, 3)
        with_trait(car, "Rubber Shoes", 2)
        speed_check(race, car, SpeedChoice(accelerate, int(accelerate), int(not accelerate)),
                    [1] * count)
        assert len(race.events[-1]["dice"]) == count


def test_anchor_moves_back_up_to_its_number_without_a_roll() -> None:
    """Anchor #: 'you do not make a Speed Check roll when attempting to Decelerate, but may
    maintain or change your Speed by up to # boxes': no die is rolled, and the player may
    keep anything from 0 to # boxes ('# Maximum Deceleration' below it caps it)."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.set_speed(car, 5)
    with_trait(car, "Anchor", 3)
    car.bot = Still()
    assert race.speed_roll(car, 0, 1, _decelerate())[0] == [0, 1, 2, 3]
    race.apply_affect(car, Affect("# Maximum Deceleration", 2))
    assert race.speed_roll(car, 0, 1, _decelerate())[0] == [0, 1, 2]


def _decelerate() -> Direction:
    return Direction.DECELERATE


# --- Control and round traits -----------------------------------------------------------------


def test_driver_rolls_and_may_discard_its_extra_dice() -> None:
    """Driver #: 'you may always roll and discard # extra dice for any Control Roll'. At
    Speed 5 (3 dice) Driver 1 rolls 4: Slide, Slide, Left Spin, Damage; discarding the
    Damage leaves two Slides, one effect."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 12, 16, facing=0, speed=5)
    with_trait(car, "Driver", 1)
    car.bot = Still()
    race.rng = Dice([ICON_FACE[i] for i in ("slide", "slide", "left_spin", "damage")]
                            + [VALUE_FACE[0]] * 5)
    race.turn(car, 1, moving=0)
    roll = [e for e in race.events if e["action"] == "control roll (turn)"][0]
    assert len(roll["dice"]) == 4
    assert roll["result"]["effects"] == ["slide"]


def test_handling_rerolls_a_damage_icon() -> None:
    """Handling #: 'after rolling Control Dice for any Control roll you may re-roll # dice'.
    At Speed 5 (3 dice): Damage, Left Spin, Right Spin; Handling 1 re-rolls the Damage
    into a Slow and then the Spin pair goes: a Slow alone."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 12, 16, facing=0, speed=5)
    with_trait(car, "Handling", 1)
    car.bot = Still()
    race.rng = Dice([ICON_FACE[i] for i in ("damage", "left_spin", "right_spin",
                                                    "slow")])
    race.turn(car, 1, moving=0)
    roll = [e for e in race.events if e["action"] == "control roll (turn)"][0]
    assert roll["result"]["effects"] == ["slow"]
    assert not [e for e in race.events if e["action"].startswith("damage roll")]


@pytest.mark.parametrize("affect, rolled, kept", [
    ("Haste", "slow", "left_spin"),  # a Slow face counts as Haste: re-rolled
    ("Slow", "haste", "slow"),  # a Haste face counts as Slow: kept, and read as Slow
])
def test_handling_rerolls_a_die_by_the_icon_it_counts_as(affect: str, rolled: str,
                                                         kept: str) -> None:
    """Handling re-rolls the worst dice, Haste before the rest; under the Haste affect
    'every Slow icon ... counts as Haste' (and under Slow the other way), so what a die
    counts as decides it, not its face. At Speed 5 (3 dice) with Handling 1: ``rolled``,
    Left Spin, Right Spin, then a Left Spin for any re-roll."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    place(race, car, 12, 16, facing=0, speed=5)
    with_trait(car, "Handling", 1)
    race.apply_affect(car, Affect(affect, 0))
    car.bot = Still()
    race.rng = Dice([ICON_FACE[i] for i in (rolled, "left_spin", "right_spin",
                                            "left_spin")])
    race.turn(car, 1, moving=0)
    roll = [e for e in race.events if e["action"] == "control roll (turn)"][0]
    assert sorted(roll["dice"]) == sorted([kept, "left_spin", "right_spin"])


def test_reactions_removes_its_points_at_the_end_of_the_round_to_the_minimum() -> None:
    """Reactions #: 'remove # Control points (to your usual minimum Control value) at the
    end of each Round'. Reactions 2: 5 points become 3, then 1 point becomes 0 (not -1)."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    with_trait(car, "Reactions", 2)
    car.control_loss = 5
    race.maintenance(car)
    assert car.control_loss == 3
    car.control_loss = 1
    race.maintenance(car)
    assert car.control_loss == car.spec.control_minimum == 0


def test_stamina_trait_takes_back_its_number_of_spent_cards_at_the_round_start() -> None:
    """Stamina #: 'you may recover # Whip or Reins cards from your Spent box at the start of
    each round'. Card Recovery moves the Spent box to Recovery at every round's end, so the
    cards spent last round wait there when the round starts: Stamina 1 with two Whips
    spent gets one back in hand for the next round, the other returns at the end of it."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    with_trait(car, "Stamina", 1)
    assert race.play(car, "whip", 2) == 2
    race.maintenance(car)  # the round ends: Spent -> Recovery
    assert car.recovery[0] == 2 and car.hand[0] == 2
    race.start_of_round(car)
    assert car.hand[0] == 3 and car.recovery[0] == 1
    race.maintenance(car)
    race.start_of_round(car)
    assert car.hand[0] == 4 and sum(car.spent) + sum(car.recovery) == 0


# --- Stamina affects ---------------------------------------------------------------------------


def test_stamina_speed_affects_drop_the_speed_for_every_level_reached() -> None:
    """Stamina Check: 'Apply the Stamina effect for the Stamina value your vehicle is
    currently at, as well as the Stamina effects for all higher Stamina values'; the
    Bramblewick's '-# Speed' 1 at 4 and at 2: at Stamina 3 one Speed, at 2 two, and a
    vehicle at Speed 1 stops at 0."""
    goat = BOWL.parents[1] / "frothy-races/bramblewick-goat-cart.yaml"
    for stamina, speed, after in ((3, 4, 3), (2, 4, 2), (2, 1, 0), (5, 4, 4)):
        track, vehicles = load_race_inputs(BOWL, [goat])
        race = Race(track, vehicles, ["racing-line"], seed=1,
                    options=RaceOptions(stamina=True, log_events=True))
        car = race.cars[0]
        race.set_speed(car, speed)
        row = car.spec.stamina_row[speed]
        car.stamina = stamina - row  # the Stamina row of this Speed brings it to ``stamina``
        race.maintenance(car)
        assert car.stamina == stamina
        assert car.speed == after


def test_minus_one_whip_or_reins_card_takes_the_kind_named() -> None:
    """'-1 Whip / Reins card - permanently lose 1 Whip or Reins card as indicated': a Reins
    affect takes a Reins card, from the hand first."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    race.apply_affect(car, Affect("-1 Whip / Reins card", 1, "reins"))
    assert car.hand[:2] == [4, 3] and car.lost[1] == 1


# --- More Speed traits, Flyer, Safe Speed and special cards ------------------------------------


def test_champing_at_the_bit_accelerates_with_no_card_and_leaves_a_choice_with_cards() -> None:
    """Champing at the Bit: 'you Accelerate instead of Decelerate if you do not use any
    Whip/Reins cards for a Speed Check'; with a card played the player still chooses."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    with_trait(car, "Champing at the Bit", 1)
    race.set_speed(car, 3)
    speed_check(race, car, SpeedChoice(False, 0, 0), [1, 1])
    assert race.events[-1]["result"]["direction"] == "accelerate" and car.speed > 3
    speed_check(race, car, SpeedChoice(False, 0, 1), [1, 1, 1])
    assert race.events[-1]["result"]["direction"] == "decelerate"


def test_long_legs_rolls_and_discards_its_extra_dice_accelerating_only() -> None:
    """Long Legs #: 'roll and discard # number of extra dice when making a Speed check roll
    to Accelerate'. Long Legs 2 with no card (Champing at the Bit to accelerate) rolls 4
    dice and keeps any two: 3 + 3 of 3, 3, 0, 0."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    with_trait(car, "Long Legs", 2)
    with_trait(car, "Champing at the Bit", 1)
    speed_check(race, car, SpeedChoice(True, 0, 0), [0, 3, 0, 3])
    assert len(race.events[-1]["dice"]) == 4 and race.events[-1]["result"]["boxes"] == 6
    race.set_speed(car, 4)
    speed_check(race, car, SpeedChoice(False, 0, 1), [1, 1, 1])
    assert len(race.events[-1]["dice"]) == 3


def test_flyer_ignores_hazards_and_fragile_obstacles() -> None:
    """Flyer: 'you ignore any Hazard or low Obstacle': no Control Loss, no Damage roll, no
    Control roll, and the fragile obstacle is not knocked away."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    with_trait(car, "Flyer", 1)
    ford = next(h for h, t in enumerate(race.rt.terrain) if t == "hazard")
    bale = next(h for h, t in enumerate(race.rt.terrain) if t == "fragile")
    place(race, car, 17, 16, speed=5)
    race.rng = Dice([])
    race.rough_ground(car, ford, 0)
    race.rough_ground(car, bale, 0)
    assert car.control_loss == 0 and car.damage == 0
    assert not [e for e in race.events if e["action"] in ("hazard",)
                or e["action"].startswith(("damage roll", "control roll"))]
    assert race.debris.get(bale) == 1


def test_two_safe_speed_affects_take_the_two_highest_safe_speeds() -> None:
    """'-1 Safe Speed - from now on the vehicle will have to make a Control roll using a
    basic 1 Control dice for any change of direction made at it's current highest Safe
    Speed': a second one takes the next highest, and Speed 0 stays Safe. At a lost Safe
    Speed a Speed Check no longer clears Control Loss ('a vehicles' maximum Safe Speed
    may alter due to permanent Damage Affects')."""
    race = make_race(CHARIOT, 1)
    car = race.cars[0]
    safe = [s for s, dice in enumerate(car.spec.control) if dice == 0]
    assert len(safe) >= 3
    race.apply_affect(car, Affect("-1 Safe Speed", 1))
    race.apply_affect(car, Affect("-1 Safe Speed", 1))
    assert [race.control_dice(car, s) for s in safe] == [0] * (len(safe) - 2) + [1, 1]
    race.set_speed(car, safe[-1])
    car.control_loss = 2
    speed_check(race, car, SpeedChoice(False, 0, 1), [0, 0, 0])
    assert car.speed == safe[-1] and car.control_loss == 2


def test_lash_card_adds_to_an_acceleration_only(tmp_path: Path) -> None:
    """Lash # (Whip special card): 'if this card is used to accelerate during a Speed Check
    then the player may add +# to the result'. Played to accelerate: 1 + 0 and Lash 2 is
    3 boxes; a Whip played to decelerate does not bring it out."""
    text = CHARIOT.read_text().replace("  dual: 0\n", "  dual: 0\n  special:\n"
                                       "    - {name: Lash, value: 2}\n")
    lashed = tmp_path / "lashed-chariot.yaml"
    lashed.write_text(text)
    race = make_race(lashed, 1)
    car = race.cars[0]
    race.set_speed(car, 4)
    speed_check(race, car, SpeedChoice(False, 1, 1), [1, 0, 0, 0])
    assert not [e for e in race.events if e["action"] == "special card"]
    race.set_speed(car, 0)
    speed_check(race, car, SpeedChoice(True, 1, 0), [1, 0, 0])
    assert race.events[-1]["result"]["boxes"] == 1 + 2
    assert [e["result"]["card"] for e in race.events if e["action"] == "special card"] \
        == ["Lash"]


def test_a_special_card_not_simulated_plays_as_its_ordinary_face_and_is_named(
        tmp_path: Path) -> None:
    """Special cards: 'These will usually be a normal Whip or Reins on one side (used as
    normal during play)'. A designer's own special card (which the engine cannot play for
    its ability) is an ordinary Whip card in the hand, and is named as not simulated."""
    text = CHARIOT.read_text().replace(
        "  dual: 0\n", "  dual: 0\n  special:\n    - {name: Pit Crew, custom: true, "
        "summary: \"Mend a wheel.\", face: whip}\n")
    own = tmp_path / "pit-crew-chariot.yaml"
    own.write_text(text)
    race = make_race(own, 1)
    car = race.cars[0]
    assert "special card Pit Crew (played as an ordinary Whip card)" \
        in car.spec.not_simulated
    whips = car.cards("whip")
    assert whips == car.spec.whip + car.spec.dual + 1
    assert race.play(car, "whip", whips) == whips
    assert car.cards("whip") == 0


def test_a_cautious_shortfall_is_a_deceleration_that_maximum_deceleration_caps() -> None:
    """Cautious #: 'If the final value is negative then Decelerate by that amount
    instead'; '# Maximum Deceleration': 'may only move their Speed track marker by a
    maximum number of boxes, as shown, when Decelerating during a Speed check'. Cautious 3
    on a roll of 0 + 0 is -3: three boxes back, or one with '1 Maximum Deceleration'."""
    for cap, boxes in ((None, -3), (1, -1)):
        race = make_race(CHARIOT, 1)
        car = race.cars[0]
        race.set_speed(car, 4)
        with_trait(car, "Cautious", 3)
        if cap is not None:
            race.apply_affect(car, Affect("# Maximum Deceleration", cap))
        speed_check(race, car, SpeedChoice(True, 1, 0), [0, 0, 0])
        assert race.events[-1]["result"]["boxes"] == boxes


def test_a_reckless_shortfall_is_an_acceleration_that_maximum_acceleration_caps() -> None:
    """Reckless #: 'If the final value is negative then Accelerate by that amount instead';
    '# Maximum Acceleration' caps the boxes moved 'when Accelerating during a Speed check'.
    Reckless 3 on a roll of 0 + 0 from Speed 0 is three boxes on, or one with the cap."""
    for cap, boxes in ((None, -3), (1, -1)):
        race = make_race(CHARIOT, 1)
        car = race.cars[0]
        with_trait(car, "Reckless", 3)
        if cap is not None:
            race.apply_affect(car, Affect("# Maximum Acceleration", cap))
        speed_check(race, car, SpeedChoice(False, 0, 1), [0, 0, 0])
        assert race.events[-1]["result"]["boxes"] == boxes
        table = car.spec.table
        assert car.speed == table.speed_of(table.accelerate(table.start, -boxes))


# --- Rival # ---------------------------------------------------------------------------------


def rival_race(tmp_path: Path, *others: Path) -> Race:
    """The basic chariot with Rival 2 in slot 1, then ``others``."""
    rival = tmp_path / "rival.yaml"
    rival.write_text(CHARIOT.read_text().replace("name: Basic Chariot", "name: Grudge Cart")
                     .replace("traits:\n", "traits:\n  - {name: Rival, value: 2}\n"))
    track, vehicles = load_race_inputs(BOWL, [rival, *others])
    return Race(track, vehicles, ["racing-line"] * len(vehicles), seed=1,
                options=RaceOptions(log_events=True))


def test_rival_names_the_other_entrant_that_moves_furthest_a_round(tmp_path: Path) -> None:
    """Rival #: 'choose any other vehicle competing in this race': the engine names the one a
    player would expect ahead, the fastest at its top Speed (the first in grid order on a
    tie); the trait is raced, so no longer listed as not simulated."""
    orrery = CHARIOT.parent / "glimmering-orrery.yaml"
    race = rival_race(tmp_path, CHARIOT, orrery, CHARIOT)
    speeds = [sum(row[c.spec.top_speed] for row in c.spec.moves) for c in race.cars[1:]]
    fastest = max(speeds)
    assert race.cars[0].rival == 1 + speeds.index(fastest)
    assert [c.rival for c in race.cars[1:]] == [-1, -1, -1]
    assert not any("Rival" in name for name in race.not_simulated)
    assert rival_race(tmp_path).cars[0].rival == -1  # alone: no one to name


@pytest.mark.parametrize(("ahead", "accelerate", "boxes"), [
    (True, True, 2 + 2),    # 'add # to all Speed Check rolls to Accelerate'
    (False, True, 2),       # only 'when that vehicle is ahead of you'
    (True, False, 2),       # to Accelerate only
])
def test_rival_adds_to_accelerating_while_its_rival_is_ahead(
        tmp_path: Path, ahead: bool, accelerate: bool, boxes: int) -> None:
    """A roll of 2 + 0 with one card, Rival 2: the rival nearer the finish (ahead) or
    further from it; the bonus lasts the check alone."""
    race = rival_race(tmp_path, CHARIOT)
    car, other = race.cars
    assert car.rival == other.index
    race.set_speed(car, 3)
    car.stage, other.stage = 3, 6 if ahead else 2  # 57 spaces to go; 39 or 93
    speed_check(race, car, SpeedChoice(accelerate, int(accelerate), int(not accelerate)),
                [2, 0, 0])
    assert race.events[-1]["result"]["boxes"] == boxes
    assert car.accel_mod == 0


def test_a_finished_rival_is_ahead_and_a_wrecked_one_is_not(tmp_path: Path) -> None:
    """'When that vehicle is ahead of you': over the finish line first, it is; wiped out,
    it no longer competes."""
    from generator.games.frothy_races.race.speeds import rival_bonus

    race = rival_race(tmp_path, CHARIOT)
    car, other = race.cars
    car.stage = other.stage = 3
    other.finished_round, other.racing = 5, False
    assert rival_bonus(race, car) == 2
    other.finished_round, other.wiped_out = 0, True
    assert rival_bonus(race, car) == 0
