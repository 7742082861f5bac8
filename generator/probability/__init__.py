"""Exact probability engine for the dice rolls of the games Paddock supports.

Why exact (Fractions, no sampling): a balance report compares vehicles by
small differences; exact numbers are reproducible, testable with `==`, and
free of simulation noise. Pure math: no PDF, no YAML.

Layout: `dist` (distributions, dice as data), `markov` (hitting times), and
one module per game. Frothy Races, the game Paddock generates for, is
re-exported flat; the other games are used through their modules
(`probability.joyride`, `probability.outrider`, `probability.formula_ace`)
so that names such as `control_check` never collide.
"""

from generator.probability import formula_ace, frothy, joyride, outrider
from generator.probability.dist import (
    Die,
    Dist,
    Face,
    add,
    binomial,
    multisets,
    repeat_sum,
    sum_of,
)
from generator.probability.frothy import (
    FROTHY_DIE,
    ControlIcon,
    ControlOutcome,
    ControlRollResult,
    Cost,
    Direction,
    Marker,
    Objective,
    Row,
    SpeedTable,
    attack_value,
    avoid_damage,
    best_control_outcome,
    best_two,
    control_roll,
    control_roll_counts,
    control_roll_ways,
    damage_points,
    expected_rounds_to_speed,
    expected_rounds_to_stop,
    kept_lowest,
    min_control_loss,
    min_expected_control_loss,
    resolve_control_roll,
    scoring_chance,
    speed_check,
)
from generator.probability.markov import expected_steps, expected_steps_all, reached_within

__all__ = [
    "FROTHY_DIE",
    "ControlIcon",
    "ControlOutcome",
    "ControlRollResult",
    "Cost",
    "Die",
    "Direction",
    "Dist",
    "Face",
    "Marker",
    "Objective",
    "Row",
    "SpeedTable",
    "add",
    "attack_value",
    "avoid_damage",
    "best_control_outcome",
    "best_two",
    "binomial",
    "control_roll",
    "control_roll_counts",
    "control_roll_ways",
    "damage_points",
    "expected_rounds_to_speed",
    "expected_rounds_to_stop",
    "expected_steps",
    "expected_steps_all",
    "formula_ace",
    "frothy",
    "joyride",
    "kept_lowest",
    "min_control_loss",
    "min_expected_control_loss",
    "multisets",
    "outrider",
    "reached_within",
    "repeat_sum",
    "resolve_control_roll",
    "scoring_chance",
    "speed_check",
    "sum_of",
]
