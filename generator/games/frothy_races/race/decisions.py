"""What a driver decides and the engine carries out: the ways to drive a phase, the plan
chosen from them, and the Speed Check. The engine and the bots both import these; neither
imports the other for them."""

from __future__ import annotations

from typing import Any, NamedTuple


class Option(NamedTuple):
    """One legal way to drive a movement phase: the card played, the steps, and what lies on
    them (``blocked`` is the index of the first step that would collide, or -1). A named
    tuple: the engine makes thousands a race."""

    card: str | None
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
