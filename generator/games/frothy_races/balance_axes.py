"""The axes a Frothy Races vehicle is measured on, each read off its exact numbers.

The axes are data (``data/balance_axes.yaml``, whose ``settings`` say what the detailed
profile computes and whose each axis's 'how' says what it measures, the words the report
prints); each has one measure function below, registered on :data:`AXES`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.balance.axes import AxisBook, Value, is_infinite
from generator.games.frothy_races.model import SPEEDS

if TYPE_CHECKING:
    from generator.games.frothy_races.balance_measures import FrothyMeasures

HERE = Path(__file__).parent
AXES: AxisBook[FrothyMeasures] = AxisBook(HERE / "data" / "balance_axes.yaml")
HIT_KINDS = ("attack", "head_on", "t_bone", "rear_end", "solid", "fragile")
COLLISIONS = frozenset(HIT_KINDS) - {"attack"}


@dataclass(frozen=True)
class Settings:
    """What the detailed profile computes (``settings`` in the axes file)."""

    control_points: tuple[int, ...]
    cards: tuple[int, ...]
    whip_cards: tuple[int, ...]
    reins_cards: tuple[int, ...]
    standing_start_rounds: int
    hit_speeds: tuple[int, ...]
    attack_cards: int
    defence_cards: int
    objective: str
    effect_preference: tuple[str, ...]

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Settings:
        """Read the axes file's ``settings`` (our own data: a KeyError is a programming
        error the tests catch)."""
        return cls(
            control_points=tuple(data["control_points"]), cards=tuple(data["cards"]),
            whip_cards=tuple(data["whip_cards"]), reins_cards=tuple(data["reins_cards"]),
            standing_start_rounds=int(data["standing_start_rounds"]),
            hit_speeds=tuple(data["hit_speeds"]), attack_cards=int(data["attack_cards"]),
            defence_cards=int(data["defence_cards"]), objective=str(data["objective"]),
            effect_preference=tuple(data["effect_preference"]))


SETTINGS = Settings.of(AXES.settings)


MOVING_SPEEDS = SPEEDS[1:]


def _mean(values: list[Fraction] | list[int]) -> Fraction:
    return Fraction(sum(values)) / len(values)


@AXES.measure("top_speed_spaces")
def top_speed_spaces(m: FrothyMeasures) -> Value:
    return Fraction(m.speeds[-1].total)


@AXES.measure("mean_spaces")
def mean_spaces(m: FrothyMeasures) -> Value:
    return _mean([m.speeds[s].total for s in MOVING_SPEEDS])


@AXES.measure("moving_phases")
def moving_phases(m: FrothyMeasures) -> Value:
    return _mean([m.speeds[s].moving_phases for s in MOVING_SPEEDS])


@AXES.measure("standing_start")
def standing_start(m: FrothyMeasures, rounds: int, whip: int) -> Value:
    return m.standing_start(whip, rounds)[-1]


@AXES.measure("rounds_to_top_speed")
def rounds_to_top_speed(m: FrothyMeasures, whip: int, speed: int) -> Value:
    return m.rounds_to_speed(whip, speed)


@AXES.measure("rounds_to_stop")
def rounds_to_stop(m: FrothyMeasures, reins: int) -> Value:
    return m.rounds_to_stop(reins)


@AXES.measure("safe_spaces")
def safe_spaces(m: FrothyMeasures) -> Value:
    safe = [row.total for row in m.speeds if row.control_dice == 0]
    return Fraction(max(safe, default=0))


@AXES.measure("turn_success")
def turn_success(m: FrothyMeasures, control_points: int, cards: int) -> Value:
    return _mean([m.turn_success(s, control_points, cards) for s in MOVING_SPEEDS])


@AXES.measure("dice_to_wipe_out")
def dice_to_wipe_out(m: FrothyMeasures) -> Value:
    return m.damage_rolls_to_wipe_out


@AXES.measure("crashes_to_wipe_out")
def crashes_to_wipe_out(m: FrothyMeasures, kind: str, speed: int) -> Value:
    return m.hits(kind, speed)


@AXES.measure("damage_affects")
def damage_affects(m: FrothyMeasures) -> Value:
    damage = m.vehicle.damage
    return Fraction(sum(len(refs) for level, refs in damage.affects.items()
                        if level < damage.value))


@AXES.measure("cards_per_round")
def cards_per_round(m: FrothyMeasures) -> Value:
    return m.cards.per_round


@AXES.measure("sustainable_spaces")
def sustainable_spaces(m: FrothyMeasures) -> Value:
    return Fraction(max((row.total for row in m.speeds if is_infinite(row.stamina_rounds)),
                        default=0))


@AXES.measure("stamina_at_top")
def stamina_at_top(m: FrothyMeasures) -> Value:
    return m.speeds[-1].stamina_rounds


@AXES.measure("vehicle_attack")
def vehicle_attack(m: FrothyMeasures) -> Value:
    return m.attacks.vehicle_attack


@AXES.measure("personal_attack")
def personal_attack(m: FrothyMeasures) -> Value:
    return m.attacks.personal_attack


@AXES.measure("vehicle_defence")
def vehicle_defence(m: FrothyMeasures) -> Value:
    return m.attacks.vehicle_defence


@AXES.measure("personal_defence")
def personal_defence(m: FrothyMeasures) -> Value:
    return m.attacks.personal_defence

