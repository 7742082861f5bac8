"""The movement phases: the legal ways to drive a phase, the plan, each space entered, lines,
the finish, hazards and fragile obstacles (Movement; Hazards and Fragile Obstacles).

Part of the Frothy race engine (``engine`` in this package): each function takes the race
first and is a method of ``Race`` there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.games.frothy_races.race.attacks import sneaky_window
from generator.games.frothy_races.race.course import (
    REACH_STRIDE,
    forget_oldest_half,
    one_step_directions,
)
from generator.games.frothy_races.race.decisions import (
    STOP,
    Option,
    Options,
    Plan,
    holds,
    rammed,
    rams,
    stopped_speed,
)
from generator.tracks.hexgrid import FACINGS

if TYPE_CHECKING:
    from generator.games.frothy_races.race.engine import Car, Race


# Kept per track per process; when full, a cache starts again (a sweep of a thousand races
# of six vehicles keeps about 150,000 plans and 40,000 phases' options on Bogwater Bowl).
PLAN_CACHE = 150_000  # about 25 MB


OPTIONS_CACHE = 50_000  # about 60 MB
# Makes an Option as a plain tuple of its type: Option(...) goes through the named tuple's
# __new__, a Python function, and a sweep makes thousands of options a race.
new_option = tuple.__new__


def options_for(race: Race, car: Car, phase: int, clear: bool | None = None) -> list[Option]:
    """Every legal way to drive this phase: no card, a Whip (one space more), a Reins
    (one less, when the vehicle moves at all) or an Emergency Stop (any number fewer),
    each with every legal step sequence.

    The options as the bare track makes them are kept per track; ``clear`` (see
    clear_ahead) says no vehicle or debris lies on the way, so they are the answer as
    they are; otherwise only the options that meet a vehicle or debris are traced
    again."""
    spaces = race.moves(car, phase)
    whip = car.cards("spur") > 0
    reins = spaces >= 1 and car.cards("reins") > 0
    return race.phase_options(car, spaces, whip, reins, clear, can_stop(car, spaces))


def can_stop(car: Car, spaces: int) -> bool:
    """Whether an Emergency Stop can be played: one in hand, and a space to stop short by."""
    return spaces >= 1 and holds(car, "stop")


def phase_options(race: Race, car: Car, spaces: int, whip: bool, reins: bool,
                  clear: bool | None, stop: bool = False) -> list[Option]:
    """options_for() with its numbers already worked out."""
    state = car.hex * FACINGS + car.facing
    key = (state, car.stage, race.stages, spaces, whip, reins, stop)
    known = race.rt.options.get(key)
    if known is None:
        counts: list[tuple[str | None, int]] = [(None, spaces)]
        if whip:
            counts.append(("whip", spaces + 1))
        if reins:
            counts.append(("reins", spaces - 1))
        if stop:  # 'reduce the required movement ... by any number of spaces'
            counts.extend((STOP, n) for n in range(spaces))
        # What trace() makes of each walk with no vehicle and no debris anywhere.
        found = []
        stages, lap = race.stages, len(race.rt.lines)
        for card, n in counts:
            for steps, entered, hazards, lines in race.rt.walks(state, n):
                stage = car.stage
                for line in lines:
                    if stage < stages and line == stage % lap:
                        stage += 1
                blocked = -1 if len(entered) == len(steps) else len(entered)
                found.append(new_option(Option, (card, steps, entered, blocked, hazards, stage)))
        if len(race.rt.options) >= OPTIONS_CACHE:
            forget_oldest_half(race.rt.options)
        known = race.rt.options[key] = Options(found)
    if clear is None:
        clear = race.clear_ahead(car, spaces + 1 if whip else spaces)
    if clear:
        return known
    occupant, debris = race.occupant, race.debris
    taken = occupant.keys() | debris.keys() if debris else occupant.keys()
    return [o if taken.isdisjoint(o.hexes)
            else race.trace(car, o.card, o.steps, o.hexes, occupant, debris) for o in known]


def trace(race: Race, car: Car, card: str | None, steps: tuple[int, ...],
          entered: tuple[int, ...], occupant: dict[int, int], debris: dict[int, int]
          ) -> Option:
    """An option with what lies on its way: the first step into a vehicle (in
    ``occupant``) or a wall, rough ground (hazards and ``debris``), and the lines
    crossed. ``entered`` is the walk's spaces up to any wall."""
    rt = race.rt
    hazard, line_of, own = rt.hazard, rt.line_of, car.index
    blocked = -1 if len(entered) == len(steps) else len(entered)
    rough = 0
    stage, stages, lap = car.stage, race.stages, len(rt.lines)
    for i, there in enumerate(entered):
        if there in occupant and occupant[there] != own:
            blocked = i
            entered = entered[:i]
            break
        if hazard[there] or there in debris:
            rough += 1
        if stage < stages and line_of[there] == stage % lap:
            stage += 1
    return new_option(Option, (card, steps, entered, blocked, rough, stage))


def clear_ahead(race: Race, car: Car, spaces: int) -> bool:
    """True when no other vehicle (or wreck) and no debris lies on any walk of up to
    ``spaces`` spaces this phase: then the options are the track's alone."""
    # No walk comes back to the space it starts from (every step leads away along the
    # facing), so the vehicle's own space never counts against it.
    reach = race.rt.reach(car.hex * FACINGS + car.facing, spaces)
    return reach.isdisjoint(race.occupant) and reach.isdisjoint(race.debris)


def plan(race: Race, car: Car, phase: int) -> Plan:
    """The bot's plan for this phase. A plan the bot made before in the same situation
    is reused: the same answer, without listing and weighing every option again. The
    situation is the bot's plan_key and what lies on the phase's walks: the spaces
    taken by vehicles and wrecks, and those with debris (which options are blocked or
    rough follows from these and the track). With something on the walks, the plan for
    a clear road is taken where it still holds (``clear_plan_here``)."""
    bot = car.bot
    spaces = car.spec.moves[phase][car.speed]
    whips = car.cards("spur")
    reins = spaces >= 1 and car.cards("reins") > 0
    # No walk comes back to the space it starts from (every step leads away along the
    # facing), so the vehicle's own space is never among them.
    rt, far = race.rt, spaces + 1 if whips else spaces
    reach = rt.reach_at[(car.hex * FACINGS + car.facing) * REACH_STRIDE + far] \
        if far < REACH_STRIDE else None
    if reach is None:
        reach = rt.reach(car.hex * FACINGS + car.facing, far)
    occupant, on_track = race.occupant, race.debris
    clear = reach.isdisjoint(occupant) and (not on_track or reach.isdisjoint(on_track))
    key = bot.plan_key(race, car, phase, spaces, whips, reins)
    stop = bool(car.card_slots["stop"]) and can_stop(car, spaces)
    if stop and key is not None:
        key = (key, STOP)  # more options than the same situation without the card
    ram = not clear and bool(car.card_slots["ram"]) and rams(car)
    plans = rt.plans
    situation: object = key
    if not clear and key is not None:
        if ram:
            situation = key = (key, "ram")  # a vehicle within reach is a way more
        elif bot.clear_plans_hold:
            held = clear_plan_here(race, car, phase, key, spaces, whips, reins, stop)
            if held is not None:
                return held
        taken = reach.intersection(occupant)
        situation = (key, taken, reach.intersection(on_track) if on_track else taken)
    if situation is not None:
        known = plans.get(situation)
        if known is not None:
            return known
    return weighed_plan(race, car, phase,
                        race.phase_options(car, spaces, whips > 0, reins, clear, stop),
                        situation)


def clear_plan_here(race: Race, car: Car, phase: int, key: object, spaces: int, whips: int,
                    reins: bool, stop: bool = False) -> Plan | None:
    """The plan this situation would have on a clear road (kept under ``key``, or made
    now and kept), when it collides with nothing (a crash's price turns on what is hit),
    nothing lies on its own walk and the bot says it still holds
    (``Bot.clear_plan_holds``); None otherwise. Most phases with a vehicle somewhere
    within reach are driven so, and a plan a clear road shares is met far more often
    than one that also names where every vehicle stands."""
    known = race.rt.plans.get(key)
    if known is None:
        known = weighed_plan(race, car, phase,
                             race.phase_options(car, spaces, whips > 0, reins, True, stop),
                             key)
    hexes, debris = known.option.hexes, race.debris
    if known.option.blocked < 0 and race.occupant.keys().isdisjoint(hexes) and \
            (not debris or debris.keys().isdisjoint(hexes)) and \
            car.bot.clear_plan_holds(race, car, known):
        return known
    return None


def weighed_plan(race: Race, car: Car, phase: int, options: list[Option],
                 situation: object) -> Plan:
    """The bot's plan from ``options``, checked against the rules, and kept under
    ``situation`` (unless None, or the plan collides)."""
    plan = car.bot.plan(race, car, phase, options)
    option = plan.option
    if option not in options:
        raise RuntimeError(f"{car.spec.name}: the bot chose a move that is not legal")
    if plan.turn not in (-1, 0, 1):  # Changing Direction: 'by 30 degrees left or right'
        raise RuntimeError(f"{car.spec.name}: the bot turned other than 30 degrees")
    if option.blocked >= 0 and any(o.blocked < 0 for o in options) and not (
            rams(car) and rammed(race, car, option) is not None):  # Ramming Speed's own
        raise RuntimeError(f"{car.spec.name}: the bot chose a collision it could avoid")
    if situation is not None and option.blocked < 0:
        # With every way blocked the choice would turn on the Speeds and facings of
        # what is hit (collision costs): such plans are not kept.
        plans = race.rt.plans
        if len(plans) >= PLAN_CACHE:
            forget_oldest_half(plans)
        plans[situation] = plan
    return plan


def windows(race: Race, car: Car, attacks: bool, moved: int, planned: int) -> None:
    """A moment in ``car``'s movement for attacks (Attacks): its own (when its bot ever
    attacks), then a Sneaky vehicle's at its side (when the race has one)."""
    if attacks:
        race.attack_window(car, moved, planned)
    if race.sneaky:
        sneaky_window(race, car)


def play_for_move(race: Race, car: Car, phase: int, option: Option) -> None:
    """The card ``option`` is driven with: a Whip for a space more (played as one at the
    Speed Check: "spur"; a Ramming Speed when it rams on purpose), a Reins for one less,
    an Emergency Stop."""
    if option.card == STOP:
        emergency_stop(race, car, phase, len(option.steps))
    elif option.card:
        if option.blocked >= 0 and rams(car) and rammed(race, car, option) is not None:
            race.play_with(car, "whip", 1, "Ramming Speed")  # the space more, on purpose
        else:
            race.play(car, "spur" if option.card == "whip" else option.card, 1)
        if option.card == "whip":  # counted for the planner's Whip budget (planner_sweeps)
            car.whips_played = car.whips_played + 1 if car.whipped == race.round else 1
            car.whipped = race.round


def move(race: Race, car: Car, phase: int) -> None:
    plan = race.plan(car, phase)
    option = plan.option
    if option.card:
        play_for_move(race, car, phase, option)
    # Involved in a collision or attack earlier this phase (hit while waiting to move):
    # no Control Loss point back for moving straight ('Lose Control Loss Points').
    hit_before, car.involved = car.involved, False
    steps = option.steps
    # A bot that never attacks, in a race with no Sneaky vehicle, is not asked at each step.
    attacks, sneaky = car.bot.may_attack, bool(race.sneaky)
    if attacks or sneaky:
        windows(race, car, attacks, 0, len(steps))
    moved, drifted, collided = 0, False, False
    start_facing = car.facing
    neighbours, occupant = race.rt.neighbours, race.occupant
    for direction in steps:
        if not car.racing or car.facing != start_facing or car.move_lost:
            break
        there = neighbours[car.hex][direction]
        if there < 0 or there in occupant:
            race.collide(car, there, direction)
            collided = True
            break
        slid_into = race.enter(car, there, direction)
        moved += 1
        drifted = drifted or (car.facing % 2 == 0 and direction != car.facing // 2)
        if not car.racing:
            break
        if slid_into:  # a Slide on the way hit something
            collided = True
            break
        if attacks or sneaky:  # between spaces, and after the last one
            windows(race, car, attacks, moved, len(steps))
    # A failed Control roll after its own attack ends the movement: no turn after it
    # (Attack Example: 'it may not now change direction this movement phase').
    lost, car.move_lost = car.move_lost, False
    car.idle = 0 if moved else car.idle + 1
    if race.logging:
        race.log(car, "move", result={"card": option.card, "steps": list(option.steps),
                                      "moved": moved, "hex": race.rt.hexes[car.hex][:],
                                      "facing": car.facing})
    if collided:
        car.lose_spaces("collisions", len(steps) - moved)
    elif car.racing and moved < len(steps):
        # Stopped short by a failed Control roll on the way (its own attack's, or one
        # that spun it): the rest of the move is lost.
        car.lose_spaces("failed Control rolls", len(steps) - moved)
    if not car.racing or collided or lost:
        return
    if moved and plan.turn and car.facing == start_facing:
        race.turn(car, plan.turn, option.steps[moved - 1])
    elif moved and not drifted and not car.involved and not hit_before:
        give_point_back(car)


def emergency_stop(race: Race, car: Car, phase: int, steps: int) -> None:
    """Emergency Stop, played to move ``steps`` of the phase's spaces: the card is spent and
    the Speed rating falls by one for each space not moved ('Speed Rating Changes': the
    marker to the new rating's right-most box)."""
    spaces = race.moves(car, phase)
    race.play_with(car, "reins", 1, "Emergency Stop")
    race.set_speed(car, stopped_speed(car.speed, spaces, steps))


def give_point_back(car: Car) -> None:
    """Move Straight: a Control Loss point off as the move ends, down to the minimum; marked,
    so that a later vehicle's collision or attack that involves it this phase returns it
    (damage.involve): the phase is what counts."""
    least = car.spec.control_minimum
    if car.control_loss > least:
        car.control_loss -= 1
        car.straight = True
    else:
        car.control_loss = least


def enter(race: Race, car: Car, there: int, direction: int) -> bool:
    """Move one space: lines crossed, then hazards and fragile obstacles in it. True when
    the rough ground there slid the vehicle into something (a collision counted)."""
    occupant = race.occupant
    del occupant[car.hex]
    car.hex = there
    car.heading = direction
    occupant[there] = car.index
    rt = race.rt
    line = rt.line_of[there]
    if line >= 0 and line == car.stage % len(rt.lines) and car.stage < race.stages:
        car.stage += 1
        if race.logging:
            race.log(car, "line", result={"stage": car.stage})
        if car.stage >= race.stages:
            race.finish(car)
            return False
    if rt.hazard[there] or there in race.debris:
        hits = car.costs.get("collisions", 0)
        race.rough_ground(car, there, direction)
        return car.costs.get("collisions", 0) != hits
    return False


def finish(race: Race, car: Car) -> None:
    race.finishers += 1
    car.finished_round = race.round
    car.racing = False
    car.finish_order = race.finishers
    del race.occupant[car.hex]
    if race.logging:
        race.log(car, "finish", result={"place": race.finishers})


def rough_ground(race: Race, car: Car, there: int, direction: int) -> None:
    """Hazards and Fragile Obstacles: Control Loss, a Damage roll, one Control roll."""
    hazard = race.rt.terrain[there] == "hazard"
    markers = race.debris.get(there, 0)
    if not (hazard or markers) or car.spec.trait("Flyer"):
        return
    car.involved = True  # moving into one is a collision with it: no Control Loss back
    half = (car.speed + 1) // 2
    # A rating belongs to the hazard or obstacle it is given to (Collisions): a hazard's
    # to its Control Loss, a fragile obstacle's to its Damage dice while it lies there;
    # debris a wreck drops is a fragile obstacle of its own, with none, even on a rated
    # hazard or where a rated obstacle was knocked away.
    need_roll = False
    if hazard:
        race.gain_control_loss(car, max(0, half + race.rt.rating[there]))
        need_roll = True
        if race.logging:
            race.log(car, "hazard", result={"control_loss": car.control_loss})
    if markers:
        rating = race.fragile_rating.get(there, 0)
        race.debris[there] = markers - 1
        if race.debris[there] == 0:
            del race.debris[there]
            race.fragile_rating.pop(there, None)
        # Moving into a fragile obstacle is a collision with it: B.S.H. counts.
        dice = max(0, half + rating + markers - 1 - car.spec.trait("B.S.H."))
        if race.damage_roll(car, dice, "fragile obstacle"):
            need_roll = True
    if need_roll and car.racing:
        race.reaction_roll(car, slide=direction)


def free(race: Race, car: Car, facing: int) -> bool:
    """True when the vehicle could move past what is in front of it facing ``facing``
    (Solid Obstacles and Vehicles): facing a side, when the space straight ahead is open;
    facing a corner, when either front space is. A Drift does not count: the Collision
    Example's White, facing a side with Red straight ahead, 'cannot move past the Red
    chariot on their next movement in its current direction', and turns 30 degrees to
    face a corner, from which the front space beside Red is an ordinary move; the turn
    could not open any space a Drift did not already reach."""
    for d in ((facing // 2,) if facing % 2 == 0 else one_step_directions(facing)):
        there = race.rt.neighbours[car.hex][d]
        if there >= 0 and there not in race.occupant:
            return True
    return False


def face_past(race: Race, car: Car) -> None:
    """After a collision: turn 30 degrees if that lets the vehicle move past; failing
    that, Speed 0 and any facing that does (Solid Obstacles and Vehicles)."""
    if race.free(car, car.facing):
        return
    turns = [(car.facing + t) % FACINGS for t in (-1, 1)]
    choices = [f for f in turns if race.free(car, f)]
    if not choices:
        race.set_speed(car, 0)
        choices = [f for f in range(FACINGS) if race.free(car, f)]
    if choices:
        car.facing = min(choices, key=lambda f: (
            race.remaining(car.stage, car.hex * FACINGS + f), f))
