"""Damage, affects, Wipe-out, wrecks and collisions (Damage; 'Wipe-out' & Movement of Destroyed
Vehicles; Collisions).

Part of the Frothy race engine (``engine`` in this package): each function takes the race
first and is a method of ``Race`` there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.games.frothy_races.race.course import one_step_directions
from generator.games.frothy_races.race.vehicles import without_trait
from generator.probability.frothy_dice import scoring_chance
from generator.tracks.hexgrid import FACINGS

WHIP, REINS, DUAL = 0, 1, 2  # the card pile slots: Whip, Reins, dual, then special cards

if TYPE_CHECKING:
    from generator.games.frothy_races.race.engine import Car, Race


# What a Damage roll's cause counts as when it wipes a vehicle out (the reports group them).
WIPE_CAUSES = {"wall collision": "wall", "obstacle collision": "obstacle",
               "fragile obstacle": "obstacle", "vehicle collision": "collision",
               "slide collision": "collision", "vehicle attack": "attack",
               "failed control roll": "failed Control roll", "damage per round": "damage affect",
               "damage affect": "damage affect"}


def damage_roll(race: Race, car: Car, dice: int, cause: str) -> int:
    """Roll ``dice`` Damage dice (+ Jerry Rigged); each above Resilience is a point of
    Damage and a Control Loss point; affects come in as levels are reached. No dice is no
    Damage roll (B.S.H.: 'do not make a Damage roll'), so Jerry Rigged adds none then.
    Where every die would score (a blank Resilience, or one taken below 0) no die is rolled:
    the vehicle 'will automatically sustain damage without even having to roll' (Vehicle
    Creation Guide, Resilience), a point for each die the roll would have had."""
    if not car.racing or dice <= 0:
        return 0
    dice += car.spec.trait("Jerry Rigged")
    resilience = car.spec.resilience
    if resilience is not None:
        resilience -= car.resilience_loss
    if resilience is None or resilience < 0:  # every face scores: nothing to roll
        if race.logging:
            race.log(car, f"damage roll ({cause})", (), {"damage": dice, "unrolled": dice})
        race.take_damage(car, dice, cause)
        return dice
    rolled = race.roll_values(dice)
    points = damage_points(rolled, resilience)
    if race.logging:
        race.log(car, f"damage roll ({cause})", rolled, {"damage": points})
    again = second_chance(race, car, rolled, points, resilience) \
        if points and car.spec.specials else None
    if again is not None:
        points = damage_points(again, resilience)
        if race.logging:
            race.log(car, f"damage roll ({cause}, re-rolled)", again, {"damage": points})
    if points:
        race.take_damage(car, points, cause)
    return points


def second_chance(race: Race, car: Car, rolled: list[int], points: int,
                  resilience: int | None) -> list[int] | None:
    """A Damage roll that scored, as a special card in hand leaves it (each die re-rolled
    once at most: Dice Re-rolls). Survivor: 'after making any Damage roll, the player may
    play this card to ignore the outcome of the initial Damage roll and re-roll it',
    played when the roll scored more than a new roll of its dice is expected to. Else
    Lucky #: 'after any roll involving the vehicle ... re-roll # number of dice used in
    that roll', played on the vehicle's own Damage rolls only (the one kind of roll the
    engine plays it on), re-rolling up to # of the dice that scored. The dice as they
    then lie; None when no card is played."""
    chance = scoring_chance(resilience)
    if chance == 1:
        return None  # every die scores whatever it shows
    slot = car.special_in_hand("Survivor")
    if slot is not None and points > len(rolled) * chance:
        play_special(race, car, slot)
        return race.roll_values(len(rolled))
    slot = car.special_in_hand("Lucky")
    if slot is None:
        return None
    count = play_special(race, car, slot)
    again = list(rolled)
    scored = [i for i, value in enumerate(rolled) if resilience is None or value > resilience]
    for i in scored[:count]:
        again[i] = race.roll_values(1)[0]
    return again


def play_special(race: Race, car: Car, slot: int) -> int:
    """Play the special card in pile ``slot`` for its ability: to Spent, or out of the
    race when it is discarded; its '#'."""
    card = car.spec.specials[slot - 3]
    car.hand[slot] -= 1
    (car.lost if card.discard else car.spent)[slot] += 1
    if race.logging:
        race.log(car, "special card", result={"card": card.name, "value": card.value})
    return card.value


def take_damage(race: Race, car: Car, points: int, cause: str) -> None:
    points = min(points, car.spec.max_damage - car.damage)
    car.damage += points
    car.cost("damage", points)
    car.control_loss += points
    spec = car.spec
    # Each affect comes into play once, as its level is reached ('Apply Damage Affects').
    # Counted before it acts: a '# Damage' affect rolls again at once, and the Damage that
    # roll deals must not bring in the affects being applied here a second time.
    affects = spec.damage_affects
    while car.affects_applied < len(affects) and affects[car.affects_applied][0] <= car.damage:
        car.affects_applied += 1
        race.apply_affect(car, affects[car.affects_applied - 1][1])
    if car.damage >= spec.max_damage and not car.wiped_out:
        car.wipe_cause = WIPE_CAUSES.get(cause, cause)
        race.wipe_out(car)


def apply_affect(race: Race, car: Car, affect: Any) -> None:
    name, value = affect.name, affect.value
    if name == "+# Control Loss":
        car.extra_control += value
    elif name == "+# Control / Round":
        car.control_per_round += value
    elif name == "# Damage / Round":
        car.damage_per_round += value
    elif name == "-# Resilience":
        car.resilience_loss += value
    elif name == "Maximum Speed #":
        car.max_speed = min(car.max_speed, value)
        if car.speed > car.max_speed:
            race.set_speed(car, car.max_speed)
    elif name == "-1 Safe Speed":
        car.safe_lost += 1
    elif name == "+/- # Speed Check Acceleration Modifier":
        car.accel_mod += value
    elif name == "+/- # Speed Check Deceleration Modifier":
        car.decel_mod += value
    elif name == "# Damage":
        race.damage_roll(car, value, "damage affect")
    elif name == "# Maximum Acceleration":
        car.max_accel = min(car.max_accel, value)
    elif name == "# Maximum Deceleration":
        car.max_decel = min(car.max_decel, value)
    elif name == "Haste":
        car.icon_swap["slow"] = "haste"
    elif name == "Slow":
        car.icon_swap["haste"] = "slow"
    elif name == "-1 Whip / Reins card":
        race.lose_card(car, affect.card or "either")
    elif name == "Lose Named Trait" and affect.trait:
        # 'Loses and may no longer use the specific Trait named': the vehicle races on as
        # one without it, and its driver plans with that vehicle's own table.
        car.spec = without_trait(car.spec, affect.trait)
    if race.logging:
        race.log(car, "damage affect", result={"affect": name, "value": value})
    if name == "Random":
        # 'Randomly determined, from a given list ..., by rolling 1 or 2 dice': the guide
        # gives no table from dice to list, so each affect listed is equally likely.
        race.apply_affect(car, affect.choices[race.rng.randrange(len(affect.choices))])


def lose_card(race: Race, car: Car, kind: str) -> None:
    """'-1 Whip / Reins card': remove one card of the kind named for good ('either': the
    player's choice, the kind with more in hand). A plain card of that kind goes first,
    wherever it lies (hand, else Recovery, else Spent); a dual card, which is a card of
    the other kind too, or a special card only once no plain one is left."""
    hand = car.hand
    if kind == "either":
        order = sorted((WHIP, REINS), key=lambda k: (-hand[k], k)) + [DUAL]
        order += list(range(3, len(hand)))
    else:
        order = list(car.slots(kind))
    for slot in order:
        for pile in (hand, car.recovery, car.spent):
            if pile[slot]:
                pile[slot] -= 1
                car.lost[slot] += 1
                return


def heading_of(car: Car) -> int:
    """The hex direction the vehicle is heading as it now faces: straight ahead facing a
    side; facing a corner, the front hex nearer the way it last moved (a turn since its
    last space changes its heading, as 'Wipe-out' reads: 'before any change of
    direction')."""
    if car.facing % 2 == 0:
        return car.facing // 2
    return min(one_step_directions(car.facing),
               key=lambda d: min((d - car.heading) % 6, (car.heading - d) % 6))


def wipe_out(race: Race, car: Car) -> None:
    """Wipe-out: out of the race; the wreck bounces on and then lies as a solid obstacle,
    the way it was heading; destroyed by a failed Control roll made for a turn, the way
    it was going before that turn ('use the direction it was travelling before any
    change of direction causing the Control roll'). A roll no turn caused (after Damage,
    a hazard or a Personal attack: ``car.reacting``) leaves the way it heads when
    destroyed, as any other cause does: a turn made in an earlier phase is no change of
    direction causing it."""
    car.wiped_out = True
    car.racing = False
    car.wiped_round = race.round
    race.wipe_outs += 1
    car.wipe_order = race.wipe_outs
    car.wreck_speed = car.speed
    failed_turn = car.wipe_cause == WIPE_CAUSES["failed control roll"] and not car.reacting
    car.wreck_heading = car.heading if failed_turn else heading_of(car)
    if race.logging:
        race.log(car, "wipe-out", result={"damage": car.damage})


def move_wrecks(race: Race) -> None:
    """Each round after a Wipe-out the wreck slows by 1 and moves one space on, leaving
    debris (a fragile obstacle) behind; at Speed 0 or against anything solid it rests."""
    for car in race.cars:
        if not car.wiped_out or car.wiped_round >= race.round or car.wreck_speed <= 0:
            continue
        car.wreck_speed -= 1
        if car.wreck_speed <= 0:
            continue
        there = race.rt.neighbours[car.hex][car.wreck_heading]
        if there < 0 or there in race.occupant:
            car.wreck_speed = 0
            continue
        race.debris[car.hex] = race.debris.get(car.hex, 0) + 1
        del race.occupant[car.hex]
        car.hex = there
        race.occupant[there] = car.index
        if race.logging:
            race.log(car, "wreck moves", result={"hex": race.rt.hexes[there][:]})


def collide(race: Race, car: Car, there: int, direction: int, face: bool = True) -> None:
    """A collision: the vehicle stays where it is; Damage rolls and Speed changes by the
    kind of collision; Control rolls for Damage taken; then it may face a way past (with
    ``face`` False the caller does that, once the vehicle has come to rest: a failed
    roll's Slide that ran into something, whose Spins are still to come)."""
    involve(car)
    other = race.occupant.get(there) if there >= 0 else None
    bsh = car.spec.trait("B.S.H.")
    car.cost("collisions", 1)
    struck, car.struck = car.struck, there  # a Slide back into it is no new collision
    slid_back, car.slid_back = car.slid_back, 0
    if other is None or race.cars[other].wiped_out:
        speed = car.speed
        if race.logging:
            race.log(car, "collision", result={"with": "solid", "speed": speed})
        wreck = race.cars[other] if other is not None else None
        spiked = wreck.spec.trait("Spiked") if wreck is not None else 0
        rating = race.rt.solid.get((car.hex, direction)) if there < 0 else 0
        cause = "wall collision" if rating is None else "obstacle collision"
        if rating is None:  # a wall is a solid obstacle too, and may be rated
            rating = race.rt.walls.get((car.hex, direction), 0)
        # A solid obstacle's rating adds to (or takes from) the dice (Collisions).
        hurt = race.damage_roll(car, max(0, speed + rating - bsh) + spiked, cause)
        if hurt and car.racing:
            race.reaction_roll(car, slide=direction)
        slide_back_damage(race, car, wreck)
        # Then the Speed halves (the Collision Example rolls Control at the old Speed).
        race.set_speed(car, car.speed // 2)
    else:
        race.vehicle_collision(car, race.cars[other], direction)
    car.struck, car.slid_back = struck, slid_back
    if car.racing and face:
        race.face_past(car)


def involve(car: Car) -> None:
    """In a collision or attack this phase. 'Move Straight' gives a point back for a phase
    in which the vehicle 'does not ... become involved in a collision or attack', the
    whole phase: a point it gave back moving straight earlier in the phase is returned
    when a later vehicle runs into it or attacks it."""
    car.involved = True
    if car.straight:
        car.straight = False
        car.control_loss += 1


def vehicle_collision(race: Race, car: Car, hit: Car, direction: int) -> None:
    """Head-On, 'T' or Rear-End, from the hit vehicle's facing against the move."""
    kind, dice_car, dice_hit = collision_dice(car, hit, direction)
    a, b = car.speed, hit.speed
    if race.logging:
        race.log(car, "collision", result={"with": hit.label, "kind": kind,
                                           "speeds": [a, b]})
    hurt_car = race.damage_roll(car, dice_car, "vehicle collision")
    hurt_hit = race.damage_roll(hit, dice_hit, "vehicle collision")
    car.damage_dealt += hurt_hit
    hit.damage_dealt += hurt_car
    involve(hit)
    struck, hit.struck = hit.struck, car.hex
    # 'Both vehicles will now have to make a Control roll': the vehicle hit first, then the
    # one that moved, in the Collision Example's order (Red, then White). It matters when
    # the first one's Slide takes it out of the other's way.
    for victim, hurt in ((hit, hurt_hit), (car, hurt_car)):
        if hurt and victim.racing:
            race.reaction_roll(victim, slide=direction)
    hit.struck = struck
    slide_back_damage(race, car, hit)
    # Speed changes come after the Control rolls, as in the Collision Example ("reduce
    # its current Speed rating by half"), from the Speed each vehicle has then: a Haste
    # or Slow from those rolls stands, as it does after hitting a wall. The Rear-End
    # change is half the difference of the Speeds at the moment of impact.
    if kind == "head-on":
        race.set_speed(car, car.speed // 2)
        race.set_speed(hit, hit.speed // 2)
    elif kind == "t":
        race.set_speed(car, car.speed // 2)
    elif a > b:
        change = (a - b + 1) // 2
        race.set_speed(hit, hit.speed + change)
        race.set_speed(car, car.speed - change)
    else:
        race.set_speed(car, car.speed - 1)
    face_past_hit(race, car, hit)


def face_past_hit(race: Race, car: Car, hit: Car) -> None:
    """The vehicle hit may face a way past too ('If your vehicle's final position after
    resolving a collision with a solid obstacle or vehicle will not allow it to move past
    that obstacle or vehicle when it next moves'): both vehicles were in the collision.
    It is turned (or stopped and faced) only when the vehicle that hit it stands in one
    of its front spaces (a Head-On, or a 'T' into a front side) and it has no way past;
    a vehicle hit from behind or beside is not in its way."""
    if not hit.racing:
        return
    around = race.rt.neighbours[hit.hex]
    if car.hex in [around[d] for d in one_step_directions(hit.facing)]:
        race.face_past(hit)


def slide_back_damage(race: Race, car: Car, hit: Car | None) -> None:
    """The repeat Damage roll when a Slide from the collision's Control roll ran the vehicle
    back into what it hit (Damage Roll): a die per Slide icon for each vehicle involved
    (B.S.H. and Spiked count: it is still a collision), only the Damage applied, no Control
    roll. It is 'made after the initial collision has been resolved' and 'does not affect
    the Control rolls either vehicle made' (Collision Example), so it waits until both
    vehicles have rolled for Control, and comes before the collision's Speed changes, as in
    the Example. ``hit``: the vehicle or wreck met, None for a wall or obstacle."""
    icons, car.slid_back = car.slid_back, 0
    if not icons:
        return
    spiked = hit.spec.trait("Spiked") if hit is not None else 0
    hurt = race.damage_roll(car, max(0, icons - car.spec.trait("B.S.H.")) + spiked,
                            "slide collision")
    if hit is not None and hit.racing:
        dealt = race.damage_roll(hit, max(0, icons - hit.spec.trait("B.S.H."))
                                 + car.spec.trait("Spiked"), "slide collision")
        car.damage_dealt += dealt
        hit.damage_dealt += hurt


def collision_cost(race: Race, car: Car, there: int, direction: int) -> int:
    """Damage dice the moving vehicle would roll running into ``there`` (a wall, a
    solid obstacle or a wreck: its Speed; a vehicle: by the kind of collision)."""
    other = race.occupant.get(there) if there >= 0 else None
    if other is None or race.cars[other].wiped_out:
        spiked = race.cars[other].spec.trait("Spiked") if other is not None else 0
        key = (car.hex, direction)
        rating = race.rt.solid.get(key, race.rt.walls.get(key, 0)) if there < 0 else 0
        return max(0, car.speed + rating - car.spec.trait("B.S.H.")) + spiked
    return collision_dice(car, race.cars[other], direction)[1]


def damage_points(rolled: list[int], resilience: int | None) -> int:
    """Damage sustained: dice showing more than Resilience (every die when it is blank)."""
    if resilience is None:
        return len(rolled)
    return sum(1 for value in rolled if value > resilience)


def collision_dice(car: Car, hit: Car, direction: int) -> tuple[str, int, int]:
    """A vehicle-vehicle collision's kind (from the hit vehicle's facing against the move)
    and the Damage dice each side rolls (Solid Obstacles and Vehicles)."""
    diff = (hit.facing - direction * 2) % FACINGS
    kind = "rear" if diff in (11, 0, 1) else "head-on" if diff in (5, 6, 7) else "t"
    a, b = car.speed, hit.speed
    if kind == "head-on":
        dice = a + b
    elif kind == "t":
        dice = a
    else:
        dice = a - b if a > b else 1
    dice_car = max(0, dice - car.spec.trait("B.S.H.")) + hit.spec.trait("Spiked")
    dice_hit = max(0, dice - hit.spec.trait("B.S.H.")) + car.spec.trait("Spiked")
    return kind, dice_car, dice_hit
