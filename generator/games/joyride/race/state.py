"""What the engine keeps about each car during a race: its place, dashboard and hand.

The dashboard (Player Components > The Dashboard; Driving > Damage): five gears (three of
them damage slots on the standard board), four locked dice slots, two item slots; a damage
token shuts a slot for the race. The dice on the mirror are as many as the gear and keep
their faces between turns. Abilities are the car's unique set (``--standard`` races with
the standard one); each is ready, used (flipped to low power), permanent or toggled.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.games.joyride.model import Ability, Car
from generator.games.joyride.race.course import back_of
from generator.tracks.hexgrid import Hex


@dataclass
class AbilityState:
    """One ability token in play: which face is up and whether it is spent."""

    ability: Ability
    side: int = 0  # 0: the token's face, 1: a toggleable token's other side
    used: bool = False  # flipped to low power (flip abilities only)
    used_this_turn: bool = False

    def face(self) -> Any:
        """The face that is up now."""
        return self.ability.other_side if self.side and self.ability.other_side \
            else self.ability

    def offers(self, effect: str, step: str) -> int:
        """How much of ``effect`` the up face gives at ``step`` now (0 if not usable)."""
        if self.used or self.used_this_turn:
            return 0
        face = self.face()
        if step not in face.timing:
            return 0
        return sum(m.amount for m in face.balance if m.effect == effect)

    def spend(self) -> None:
        """Use the ability: flip to low power, or turn a toggleable token over."""
        self.used_this_turn = True
        if self.ability.mode == "flip":
            self.used = True
        elif self.ability.mode == "toggleable":
            self.side = 1 - self.side


@dataclass
class Entrant:
    """A car in the race and everything on its dashboard."""

    slot: int
    name: str  # the car's name with its slot when a car races more than once
    car: Car
    front: Hex
    facing: int
    gear: int = 2
    dice: list[int] = field(default_factory=list)
    stage: int = 0
    gear_damage: set[int] = field(default_factory=set)  # gears (1-5) shut
    locked_damage: set[int] = field(default_factory=set)  # locked slot numbers shut
    item_damage: set[int] = field(default_factory=set)  # item slot numbers shut
    items: list[Any] = field(default_factory=lambda: [None, None])
    abilities: list[AbilityState] = field(default_factory=list)
    must_shift_up: bool = False
    pending_damage: int = 0
    pending_drops: int = 0
    steers_left: int = 1
    oiled: bool = False  # an Oil Slick forced a steer this turn: no other steer this turn
    finished_round: int | None = None
    damage_taken: int = 0
    damage_dealt: int = 0
    smashes: int = 0
    pile_ups: int = 0
    on_turn: bool = False
    collected: list[Any] = field(default_factory=list)  # picked up this move

    @property
    def back(self) -> Hex:
        return back_of(self.front, self.facing)

    @property
    def spaces(self) -> tuple[Hex, Hex]:
        return (self.front, self.back)

    @property
    def finished(self) -> bool:
        return self.finished_round is not None

    def top_gear(self) -> int:
        """The highest gear the car can shift into: below its lowest shut gear."""
        shut = [g for g in self.gear_damage]
        return min(shut) - 1 if shut else 5

    def lock_slots(self) -> int:
        """Locked dice slots still open."""
        return len(self.car.dashboard.locked_slots) - len(self.locked_damage)

    def open_item_slots(self) -> list[int]:
        """Item slot numbers that are not shut."""
        return [i for i in range(len(self.car.dashboard.item_slots))
                if i not in self.item_damage]

    def damage_slots_left(self) -> dict[str, list[int]]:
        """Open damage slots by element: gears (highest first), locked slots, item slots."""
        board = self.car.dashboard
        gears = sorted((i + 1 for i, g in enumerate(board.gears)
                        if g.damage and i + 1 not in self.gear_damage), reverse=True)
        locked = [i for i, kind in enumerate(board.locked_slots)
                  if kind == "damage" and i not in self.locked_damage]
        items = [i for i, kind in enumerate(board.item_slots)
                 if kind == "damage" and i not in self.item_damage]
        return {"gears": gears[:1], "locked": locked, "items": items}

    def extra_steer(self) -> AbilityState | None:
        """An ability that gives one more steer this turn: lit at ROLL, where it is used,
        or at LOCK, where it covers the locked move's steer and leaves the turn's own steer
        for the ROLL (the same two steers either way)."""
        return self.offered("extra_steer", "roll")[1] or self.offered("extra_steer", "lock")[1]

    def offered(self, effect: str, step: str) -> tuple[int, AbilityState | None]:
        """The most of ``effect`` one ability offers at ``step``, and that ability."""
        best: tuple[int, AbilityState | None] = (0, None)
        for state in self.abilities:
            amount = state.offers(effect, step)
            if amount > best[0]:
                best = (amount, state)
        return best
