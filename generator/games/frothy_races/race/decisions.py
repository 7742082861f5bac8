"""What a driver decides and the engine carries out: the ways to drive a phase, the plan
chosen from them, the pool a planning driver weighs them from, and the Speed Check. The
engine and the bots both import these; neither imports the other for them."""

from __future__ import annotations

from typing import Any, NamedTuple

STOP = "stop"  # the card of an Emergency Stop option


class Option(NamedTuple):
    """One legal way to drive a movement phase: the card played, the steps, and what lies on
    them (``blocked`` is the index of the first step that would collide, or -1). A named
    tuple: the engine makes thousands a race."""

    card: str | None  # None, "whip", "reins" or "stop" (an Emergency Stop)
    steps: tuple[int, ...]
    hexes: tuple[int, ...]
    blocked: int
    rough: int  # hazard and fragile spaces entered
    stage: int  # the next line to cross once the move is done


class Options(list[Option]):
    """The options of a phase kept for reuse (nothing but the track on their walks), with a
    ``memo`` for what a bot works out from them alone."""

    __slots__ = ("memo",)

    def __init__(self, options: list[Option]) -> None:
        super().__init__(options)
        self.memo: dict[object, Any] = {}


class Plan(NamedTuple):
    """A bot's movement for one phase: an option and the turn at the end (-1 right, +1
    left, 0 none)."""

    option: Option
    turn: int


class SpeedChoice(NamedTuple):
    """A bot's Speed Check: the direction and the Whip and Reins cards played."""

    accelerate: bool
    whip: int
    reins: int


def holds(car: Any, kind: str) -> bool:
    """Whether ``car`` holds a special card of ``kind`` ("stop": Emergency Stop, "ram":
    Ramming Speed; ``RaceVehicle.card_slots``)."""
    slots = car.card_slots[kind]
    return bool(slots) and any([car.hand[slot] for slot in slots])


def rams(car: Any) -> bool:
    """Whether ``car`` may ram a vehicle on purpose this phase: it holds a Ramming Speed
    and its driver starts attacks."""
    return bool(car.card_slots["ram"]) and car.bot.may_attack and holds(car, "ram")


def rammed(race: Any, car: Any, option: Option) -> Any:
    """The racing vehicle ``option`` runs into, when it is a Whip's way into one (what a
    Ramming Speed may do on purpose); None otherwise."""
    if option.card != "whip" or option.blocked < 0:
        return None
    end = option.hexes[-1] if option.hexes else car.hex
    there = race.rt.neighbours[end][option.steps[option.blocked]]
    index = race.occupant.get(there) if there >= 0 else None
    hit = race.cars[index] if index is not None else None
    return hit if hit is not None and hit.racing and not hit.wiped_out else None


def stopped_speed(speed: int, spaces: int, steps: int) -> int:
    """Emergency Stop: the Speed after moving ``steps`` of the phase's ``spaces``, one
    less for each space not moved (at least 0)."""
    return max(0, speed - (spaces - steps))


def weighed(options: list[Option], facing: int) -> list[Option]:
    """The options ``plan`` weighs: the clear ones (every one when none is clear: then
    it collides); of the bare track's options (kept with them), each only the first
    time it comes with everything ``plan`` reads of it. Walks with a Drift at different
    steps mostly end on one space: a later one with the same card, end, rough ground,
    lines crossed, collision and last step is worth exactly what the first is, and the
    first is taken on a tie, so it can never be chosen."""
    if not isinstance(options, Options):
        return [o for o in options if o.blocked < 0] or options
    found: list[Option] | None = options.memo.get("weighed")
    if found is None:
        pool = [o for o in options if o.blocked < 0] or options
        ahead, seen, found = facing // 2, set(), []
        for option in pool:
            steps, blocked = option.steps, option.blocked
            sideways = facing % 2 == 0 and steps.count(ahead) != len(steps)
            what = (option.card, option.rough, blocked, option.stage,
                    option.hexes[-1] if option.hexes else -1, sideways,
                    steps[-1] if steps else -1, steps[blocked] if blocked >= 0 else -1,
                    len(steps) if option.card == STOP else 0)  # its Speed after
            if what not in seen:
                seen.add(what)
                found.append(option)
        options.memo["weighed"] = found
    return found
