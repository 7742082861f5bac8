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
from generator.probability.markov import expected_steps, expected_steps_all, reached_within

__all__ = [
    "Die",
    "Dist",
    "Face",
    "add",
    "binomial",
    "expected_steps",
    "expected_steps_all",
    "multisets",
    "reached_within",
    "repeat_sum",
    "sum_of",
]
