"""Attacks: who is at a vehicle's side, the attack and its outcome (Attacks).

Part of the Frothy race engine (``engine`` in this package): each function takes the race
first and is a method of ``Race`` there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.games.frothy_races.race.course import (
    one_step_directions,
)
from generator.games.frothy_races.race.damage import heading_of, involve
from generator.tracks.hexgrid import FACINGS

if TYPE_CHECKING:
    from generator.games.frothy_races.race.engine import Car, Race


def _sides(facing: int, savage: bool) -> tuple[int, ...]:
    front = set(one_step_directions(facing)) if facing % 2 else {facing // 2}
    back = {(d + 3) % 6 for d in front}
    sides = [d for d in range(6) if d not in front and d not in back]
    return tuple(sides + sorted(front)) if savage else tuple(sides)


# facing -> Savage? -> the directions Race.side_neighbours looks in
SIDES = tuple((_sides(f, False), _sides(f, True)) for f in range(FACINGS))


def side_neighbours(race: Race, car: Car) -> list[Car]:
    """Racing vehicles in the spaces at this vehicle's sides (not ahead, not behind);
    with Savage, the space ahead too."""
    found = []
    occupant, around = race.occupant, race.rt.neighbours[car.hex]
    for d in SIDES[car.facing][car.spec.trait("Savage") > 0]:
        other = occupant.get(around[d])  # -1 (a wall) is never occupied
        if other is not None and race.cars[other].racing:
            found.append(race.cars[other])
    return found


def at_side(race: Race, car: Car, other: Car) -> bool:
    """Whether ``other`` stands at a side of ``car``: where a Personal attack reaches (Savage
    adds the space ahead for Vehicle attacks only, ``side_neighbours``)."""
    around = race.rt.neighbours[car.hex]
    return any(around[d] == other.hex for d in SIDES[car.facing][False])


def attack_window(race: Race, car: Car, moved: int, planned: int) -> None:
    """A moment in a vehicle's movement when it may start an attack (it can or did move
    at least one space this phase), as often as it likes: no rule limits attacks to one
    a phase, nor bars one after a collision or attack it had no part in starting. None in
    the race's first round: First Round Truce (an optional rule the guide recommends for
    most games, played always; every bot kept it before the engine did)."""
    if not car.bot.may_attack or max(moved, planned) < 1 or not car.racing \
            or race.round == 1:
        return
    targets = race.side_neighbours(car)
    if not targets:
        return
    choice = car.bot.attack(race, car, targets)
    if choice is None:
        return
    target, kind, cards = choice
    reach = kind == "vehicle" or at_side(race, car, target)  # Savage: the front, Vehicle only
    if target not in targets or kind not in ("vehicle", "personal") or not reach:
        raise RuntimeError(f"{car.spec.name}: the bot chose an attack that is not legal")
    card_kind = "reins" if kind == "vehicle" else "whip"
    want = max(1, cards)
    played, bonus = race.play_with(car, card_kind, want,
                                   "Kamikaze" if kind == "vehicle" else "Berserker")
    if kind == "vehicle" and played < want and car.spec.trait("Snapper"):
        # Snapper: 'You may use your Whip cards as Reins cards when initiating a Vehicle
        # attack': the Reins go first, then Whip cards make up the count asked for.
        played += race.play(car, "whip", want - played)
    if not played:
        return
    # The way the attacker is moving: its last space's way once it has moved this phase;
    # before its first space, the way it now heads (a turn at the end of the phase before
    # included), as it will move ('Damage Roll': a Vehicle attack's Slide goes 'in the
    # direction of the moving vehicle initiating the Vehicle attack').
    race.attack(car, target, kind, played, bonus, car.heading if moved else heading_of(car))


def sneaky_window(race: Race, mover: Car) -> None:
    """A moment in ``mover``'s movement when a vehicle with Sneaky at whose side it stands
    may start a Personal attack on it (Traits: Sneaky, 'during that vehicle's movement
    turn'; read with the Personal attack's own reach, a vehicle to the side). Failing
    the Control roll that follows costs the attacker its movement this phase, if it has
    yet to move (``move_lost``, cleared as each phase starts)."""
    if race.round == 1 or not mover.racing:
        return
    for car in race.sneaky:
        if car is mover or not car.racing or not car.bot.may_attack or \
                not at_side(race, car, mover):
            continue
        cards = car.bot.sneaky_attack(race, car, mover)
        played, bonus = race.play_with(car, "whip", cards, "Berserker") if cards > 0 \
            else (0, 0)
        if played:
            race.attack(car, mover, "personal", played, bonus)


def attack(race: Race, car: Car, target: Car, kind: str, cards: int, bonus: int = 0,
           moving: int | None = None) -> None:
    """Resolve an attack at once: each side rolls 1 die + 1 a card and keeps the best two
    (Performing the Attack; Attack Outcome); special cards add their '#'. ``moving``: the
    way the attacker is moving, where a Vehicle attack's Slides go (attack_window; by
    default the way it now heads)."""
    card_kind = "reins" if kind == "vehicle" else "whip"
    defend, guard = race.play_with(target, card_kind,
                                   max(0, target.bot.defend(race, target, car, kind)),
                                   "Swerve" if kind == "vehicle" else "Shield")
    a_spec, t_spec = car.spec, target.spec
    if kind == "vehicle":
        a_dice = 1 + cards + a_spec.trait("Tank")
        t_dice = 1 + defend + t_spec.trait("Armoured")
        a_bonus = a_spec.trait("Blades")
        t_bonus = -t_spec.trait("Flimsy")
    else:
        a_dice = 1 + cards + a_spec.trait("Cat O' Nine")
        t_dice = 1 + defend + t_spec.trait("Shield")
        a_bonus = a_spec.trait("Whiplash")
        t_bonus = -t_spec.trait("Thin Skin")
    a_again = a_spec.trait("Persistent" if kind == "vehicle" else "Frenzied")
    t_again = t_spec.trait("Evasive" if kind == "vehicle" else "Guarded")
    a_roll = race.reroll_low(race.roll_values(a_dice), a_again)
    t_roll = race.reroll_low(race.roll_values(t_dice), t_again)
    a_value = best_two(a_roll) + a_bonus + bonus
    t_value = best_two(t_roll) + t_bonus + guard
    involve(car)
    involve(target)
    losers = race.attack_losers(car, target, kind, a_value, t_value)
    if race.logging:
        race.log(car, f"{kind} attack", a_roll + t_roll,
                 {"target": target.label, "values": [a_value, t_value],
                  "losers": [c.label for c, _ in losers]})
    direction = heading_of(car) if moving is None else moving
    for loser, margin in losers:
        winner = target if loser is car else car
        if kind == "vehicle":
            dice = margin + (winner.speed + 1) // 2
            hurt = race.damage_roll(loser, dice, "vehicle attack")
            winner.damage_dealt += hurt
            if hurt and loser.racing:
                race.attack_reaction(loser, car, direction)
        elif margin > 0:
            # A tie at 0 gives no Control Loss point, and the Control roll is for 'Control
            # Loss points due to losing a Personal attack' (Damage Roll): none then.
            race.gain_control_loss(loser, margin)
            if loser.racing:
                race.attack_reaction(loser, car, heading_of(loser))  # 'current heading'


def attack_losers(race: Race, car: Car, target: Car, kind: str, a_value: int, t_value: int
                  ) -> list[tuple[Car, int]]:
    """Who lost and by how much; a tie makes both losers by their own value, unless a
    tie trait decides it by 1 (Fortune Smiles, Unlucky Charm, Lady Luck, Ill Fate)."""
    if a_value != t_value:
        loser = car if a_value < t_value else target
        return [(loser, abs(a_value - t_value))]
    win_tie = "Fortune Smiles" if kind == "vehicle" else "Lady Luck"
    lose_tie = "Unlucky Charm" if kind == "vehicle" else "Ill Fate"
    a_edge = car.spec.trait(win_tie) - car.spec.trait(lose_tie)
    t_edge = target.spec.trait(win_tie) - target.spec.trait(lose_tie)
    if a_edge > t_edge:
        return [(target, 1)]
    if t_edge > a_edge:
        return [(car, 1)]
    return [(car, a_value), (target, t_value)]


def attack_reaction(race: Race, loser: Car, attacker: Car, slide: int) -> None:
    outcome = race.control_roll(loser, race.control_dice(loser, loser.speed), "attack", slide)
    was, loser.reacting = loser.reacting, True  # no turn caused it (damage.wipe_out)
    race.apply_control(loser, outcome, slide=slide)  # a passed roll's pairs still cost
    loser.reacting = was
    if outcome.success:
        return
    if loser is attacker:
        loser.move_lost = True  # failing a roll from your own attack ends your move


def best_two(dice: list[int]) -> int:
    """Attack Value: the best two dice (the single die when only one is rolled)."""
    ordered = sorted(dice)
    return ordered[-1] + (ordered[-2] if len(ordered) > 1 else 0)
