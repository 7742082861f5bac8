"""Turning and Control rolls: the roll, its discards and its effects (Changing Direction;
Control Loss; Control Roll Icons).

Part of the Frothy race engine (``engine`` in this package): each function takes the race
first and is a method of ``Race`` there.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from generator.games.frothy_races.race.course import (
    UNREACHABLE,
)
from generator.games.frothy_races.race.damage import play_special
from generator.probability.frothy_control import (
    ControlOutcome,
    Cost,
    Objective,
    best_control_outcome,
    min_control_loss,
)
from generator.probability.frothy_speed_table import Marker, Row
from generator.tracks.hexgrid import FACINGS

if TYPE_CHECKING:
    from generator.games.frothy_races.race.engine import Car, Race


def turn(race: Race, car: Car, turn: int, moving: int) -> None:
    """Change direction 30 degrees at the end of the phase; a Control roll above a Safe
    Speed, resolved at once (Changing Direction; Control Loss)."""
    intended = (car.facing + turn) % FACINGS
    dice = race.control_dice(car, car.speed)
    if dice == 0:
        car.facing = intended
        return
    outcome = race.control_roll(car, dice, "turn", slide=moving)
    race.apply_control(car, outcome, slide=moving, turn=turn)


def control_roll(race: Race, car: Car, base: int, reason: str, slide: int = -1
                 ) -> ControlOutcome:
    """Roll base + Control Loss + affect dice (+ cards, + Driver) and resolve the discards
    optimally for the bot's objective ('Control Roll'). A Slide that would run into a wall
    or a vehicle (``slide``: its direction) is avoided first, after Damage, as the Collision
    Example's Red chariot chooses its discards not to hit the Black one."""
    extra = car.control_loss + car.extra_control
    if base + extra <= 0:
        # At a Safe Speed with no Control Loss there is no die to roll ('only roll a number
        # of Control dice equal to the number of Control points'): Driver's extra dice would
        # be rolled only to be discarded, so none are, as with a blank Resilience.
        return best_control_outcome([], 0)
    cards = car.bot.control_cards(race, car, base + extra)
    # Control # (special card): 'played during a Control roll the player may roll and
    # discard an additional # number of dice', on top of the die and discard it gives as
    # a card played; played first of the cards when it is in hand, as either type.
    whip, bonus = race.play_with(car, "whip", cards[0], "Control")
    reins, more = race.play_with(car, "reins", cards[1], None if bonus else "Control")
    driver = car.spec.trait("Driver") + bonus + more
    dice = base + extra + whip + reins + driver
    if dice <= 0:
        return best_control_outcome([], 0)
    icons = race.roll_icons(dice)
    handling = car.spec.trait("Handling")
    if handling:
        icons = race.reroll_worst(icons, handling, car.icon_swap)
    if car.icon_swap:
        icons = [car.icon_swap.get(icon, icon) for icon in icons]
    there = race.rt.neighbours[car.hex][slide] if slide >= 0 else 0
    # 1: the Slide's way is blocked; 2: back into what the collision being resolved met,
    # where each Slide icon is a Damage die.
    blocked = 0
    if slide >= 0 and (there < 0 or there in race.occupant):
        blocked = 2 if there == car.struck else 1
    outcome = resolve_icons(tuple(sorted(icons)), whip + reins + driver,
                            car.bot.avoid_damage, race.options.stamina, blocked)
    if car.spec.specials and not outcome.success:
        icons, outcome = after_roll_card(race, car, icons, whip + reins + driver, blocked,
                                         outcome)
    if race.logging:
        race.log(car, f"control roll ({reason})", icons,
                 {"effects": sorted(outcome.effects), "count": outcome.icon_count})
    if not outcome.success:
        car.cost("failed control roll count", 1)
    return outcome


AFTER_ROLL = ("Yah!", "Brake", "Cool")


def after_roll_card(race: Race, car: Car, icons: list[str], discards: int, blocked: int,
                    outcome: ControlOutcome) -> tuple[list[str], ControlOutcome]:
    """Yah!, Brake and Cool (special cards), played 'after any control roll involving
    this vehicle', before its outcome is worked out: Yah! counts every Slow icon rolled
    as Haste, Brake every Haste as Slow (the catalogue's reading of the guide's text,
    which repeats Yah!'s), Cool names one icon and discards every die showing it. One
    is played, when in hand, where it gives an outcome the discards' own objective
    ranks better; the dice as they then count, and the outcome, are returned."""
    careful, stamina = car.bot.avoid_damage, race.options.stamina
    objective = least_harm if careful else min_control_loss

    def rank(o: ControlOutcome) -> tuple[float | Fraction, ...]:
        cost = _no_crash(o, objective, blocked > 1) if blocked else objective(o)
        return cost if isinstance(cost, tuple) else (cost,)
    best, cost = None, rank(outcome)
    for name in AFTER_ROLL:
        slot = car.special_in_hand(name)
        if slot is None:
            continue
        if name == "Cool":
            changes = [[i for i in icons if i != icon] for icon in sorted(set(icons))]
        else:
            was, now = ("slow", "haste") if name == "Yah!" else ("haste", "slow")
            changes = [[now if i == was else i for i in icons]] if was in icons else []
        for changed in changes:
            found = resolve_icons(tuple(sorted(changed)), min(discards, len(changed)),
                                  careful, stamina, blocked)
            if rank(found) < cost:
                best, cost = (slot, changed, found), rank(found)
    if best is None:
        return icons, outcome
    slot, changed, found = best
    play_special(race, car, slot)
    return changed, found


def apply_control(race: Race, car: Car, outcome: ControlOutcome, slide: int, turn: int = 0
                  ) -> None:
    """Apply a resolved Control roll: Control Loss, Stamina, Damage, Slide, the ``turn``
    being made (a turn's roll: 'it still changes direction as planned after the Slide
    movement'), Spins, Haste, Slow. A Haste or Slow that changes the Speed to a Safe one
    clears Control Loss, the points just gained too (Control Loss Example 2); staying at
    a Safe Speed keeps them (the Collision Example's Red chariot)."""
    race.gain_control_loss(car, outcome.control_loss)
    effects = outcome.effects
    # Slides and Spins move the vehicle off its line: the distance to go they add is
    # what the roll cost (measured below, once the vehicle has come to rest), against
    # where the turn meant it to be.
    moves = "slide" in effects or "left_spin" in effects or "right_spin" in effects
    before = race.remaining(car.stage, car.hex * FACINGS + (car.facing + turn) % FACINGS) \
        if moves else 0
    if race.options.stamina and outcome.stamina_lost:
        car.stamina = max(car.spec.stamina_min, car.stamina - outcome.stamina_lost)
    if "damage" in effects:
        dice = max(0, outcome.damage_dice - car.spec.trait("Failsafes"))
        race.damage_roll(car, dice, "failed control roll")
        if not car.racing:
            return
    hit = False
    if "slide" in effects:
        # Slippery #: a space more for each Slide icon applied, at most # more.
        spaces = 1 + min(car.spec.trait("Slippery"), outcome.icon_count)
        car.cost("slides", 1)
        hit = race.slide(car, slide, spaces, outcome.icon_count)
        if not car.racing:
            return
    spin = (1 if "left_spin" in effects else 0) - (1 if "right_spin" in effects else 0)
    if spin and "slide" in effects:
        # Spinner #: a Skid turns 30 degrees more for each Skid icon, at most # more.
        spin *= 1 + min(car.spec.trait("Spinner"), outcome.icon_count)
    if spin:
        car.cost("spins", 1)
    car.facing = (car.facing + turn + spin) % FACINGS
    table = car.spec.table
    if "haste" in effects:
        last = sum(table.acceleration) - 1
        box = min(last, table.acceleration_box(car.marker) + outcome.icon_count)
        race.set_marker(car, Marker(Row.ACCELERATION, box))
    if "slow" in effects:
        race.set_marker(car, table.decelerate(car.marker, outcome.icon_count))
    if hit:
        # The Slide's collision was resolved as it happened (Collisions: 'resolved
        # immediately after the vehicle moves to cause it'), its Speed halving included,
        # before the roll's Spin, Haste and Slow (the Attack Example: the Skid's movement,
        # 'then' the Slow); whether it can move past is judged at its 'final position',
        # with the Spin made.
        race.face_past(car)
    if moves and car.racing:
        after = race.remaining(car.stage, car.hex * FACINGS + car.facing)
        # A spin can leave the car facing where no legal drive reaches the next line (the
        # table holds UNREACHABLE there): that is no distance, so only the count records it.
        if before < UNREACHABLE and after < UNREACHABLE:
            car.lose_spaces("failed Control rolls", after - before)


def reaction_roll(race: Race, car: Car, slide: int) -> None:
    """The Control roll after Damage from an attack or collision, or Control Loss from a
    Personal attack or hazard: at a Safe Speed only the Control Loss dice are rolled."""
    outcome = race.control_roll(car, race.control_dice(car, car.speed), "reaction", slide)
    if not outcome.success:
        car.involved = True
    was, car.reacting = car.reacting, True  # no turn caused it (damage.wipe_out)
    race.apply_control(car, outcome, slide=slide)  # a passed roll's pairs still cost
    car.reacting = was


def slide(race: Race, car: Car, direction: int, spaces: int, icons: int) -> bool:
    """Slide spaces in ``direction``. Running again into what the collision being resolved
    met stops it there and costs each vehicle involved a Damage roll of one die per Slide
    icon once that collision's Control rolls are made (damage.slide_back_damage);
    running into anything else is a collision of its own (Solid Obstacles and Vehicles:
    collisions 'as the result of a failed Control roll and uncontrolled Slide
    movement'), resolved at once but for the turn that lets the vehicle face a way past:
    True then, and the caller makes that turn once the roll's Spins are made."""
    for _ in range(spaces):
        there = race.rt.neighbours[car.hex][direction]
        if (there < 0 or there in race.occupant) and there != car.struck:
            race.collide(car, there, direction, face=False)
            return True
        if there < 0 or there in race.occupant:
            car.slid_back = icons
            return False
        race.enter(car, there, direction)
        if not car.racing:
            return False
    return False


def gain_control_loss(race: Race, car: Car, points: int) -> None:
    if points > 0:
        car.control_loss += points


@lru_cache(maxsize=65536)
def resolve_icons(icons: tuple[str, ...], discards: int, careful: bool, stamina: bool,
                  blocked: int = 0) -> ControlOutcome:
    """A Control roll's outcome with the discards chosen optimally: careful drivers avoid
    Damage first (Control Loss Example 2), others keep Control Loss lowest; with the Slide's
    way ``blocked``, a Slide (a collision) is avoided before anything but Damage, and when
    it would run back into what the collision met (``blocked`` 2: a Damage die for each
    Slide icon), the fewest Slide icons are kept (the Collision Example's White keeps two
    of its three). Cached: the same dice come up again and again in a sweep."""
    objective = least_harm if careful else min_control_loss
    if blocked:
        return best_control_outcome(icons, discards,
                                    lambda o: _no_crash(o, objective, blocked > 1),
                                    stamina_rules=stamina)
    return best_control_outcome(icons, discards, objective, stamina_rules=stamina)


def _no_crash(outcome: ControlOutcome, objective: Objective, back: bool = False) -> Cost:
    """Rank by Damage dice, then whether a Slide runs into what blocks it (by its icons,
    each a Damage die, when it runs ``back`` into what the collision met), then by the
    driver's own objective."""
    cost = objective(outcome)
    rest = cost if isinstance(cost, tuple) else (cost,)
    slide = "slide" in outcome.effects
    return (outcome.damage_dice, float(outcome.icon_count if slide and back else slide),
            *rest)


def least_harm(outcome: ControlOutcome) -> tuple[int, ...]:
    """A careful driver's ranking of Control roll outcomes: Damage dice first (Control Loss
    Example 2), then Haste (it speeds the vehicle into the bend), then Spins, then Control
    Loss; a Slow or a Slide is the mildest thing that can happen."""
    effects = outcome.effects
    spins = ("left_spin" in effects) + ("right_spin" in effects)
    return (outcome.damage_dice, outcome.icon_count if "haste" in effects else 0, spins,
            outcome.control_loss, outcome.stamina_lost)
