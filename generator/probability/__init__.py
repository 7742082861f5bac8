"""Exact probability engine for the dice rolls of the games Paddock supports.

Why exact (Fractions, no sampling): a balance report compares vehicles by
small differences; exact numbers are reproducible, testable with `==`, and
free of simulation noise. Pure math: no PDF, no YAML.

Layout: `dist` (distributions, dice as data), `markov` (hitting times), and
one module per game. Frothy Races, the game Paddock generates for, has
several (`frothy_dice`, `frothy_control`, `frothy_control_odds`, `frothy_discards`,
`frothy_speed_table`), re-exported flat; the other games are used through their modules
(`probability.joyride`, `probability.outrider`, `probability.formula_ace`)
so that names such as `control_check` never collide.
"""

from generator.probability import formula_ace, joyride, outrider
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
from generator.probability.frothy_control import (
    ControlOutcome,
    Cost,
    Objective,
    avoid_damage,
    best_control_outcome,
    min_control_loss,
    min_expected_control_loss,
    resolve_control_roll,
)
from generator.probability.frothy_control_odds import (
    ControlRollResult,
    control_roll,
    control_roll_counts,
    control_roll_ways,
)
from generator.probability.frothy_dice import (
    FROTHY_DIE,
    ControlIcon,
    Direction,
    attack_value,
    best_two,
    damage_points,
    kept_lowest,
    scoring_chance,
    speed_check,
)
from generator.probability.frothy_speed_table import (
    Marker,
    Row,
    SpeedTable,
    expected_rounds_to_speed,
    expected_rounds_to_stop,
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
