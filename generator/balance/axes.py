"""Balance axes: what a profile measures, which way is better, and how a value reads.

Why data: the rulebooks refuse a points system, so a build is never reduced to one score.
Instead each game names the quantities worth comparing (spaces a round, rounds to top speed,
hits to wipe out...), says for each whether higher is better, and compares two builds axis
by axis. A game declares its axes in YAML (label, direction, the settings its measure uses)
and registers one Python measure per axis, the way a rule book registers checks.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Generic, TypeVar

from generator.keep.data_yaml import read_data

# Exact where the engine is exact; a float only for math.inf (never reached / no limit).
Value = Fraction | float

Detail = TypeVar("Detail")
Measure = Callable[..., Value]


def is_infinite(value: Value) -> bool:
    """True for math.inf: a target never reached, a track that never runs out."""
    return isinstance(value, float) and math.isinf(value)


@dataclass(frozen=True)
class Axis:
    """One measured quantity: its id, words, direction and the settings its measure uses."""

    id: str
    label: str  # what it measures, in a few words (JSON output)
    short: str  # its one name: terminal report, PDF report and findings
    group: str
    higher_is_better: bool
    how: str
    decimals: int = 1
    percent: bool = False
    infinite: str = "never"
    params: Mapping[str, Any] = field(default_factory=dict)
    note: str | None = None
    unit: str = ""  # what a value counts: 'rounds', 'spaces/round', 'cm', 'chance'
    surprise: str | None = None  # why the row can run against the build's numbers

    @property
    def better_word(self) -> str:
        """'higher' or 'lower': the direction that is better, as data declares it."""
        return "higher" if self.higher_is_better else "lower"

    def format(self, value: Value) -> str:
        """The value as a table shows it: fixed decimals, a percentage, or the infinite word."""
        if is_infinite(value):
            return self.infinite
        number = float(value) * (100 if self.percent else 1)
        text = f"{number:.{self.decimals}f}"
        return f"{text}%" if self.percent else text

    def score(self, value: Value, baseline: Value) -> float:
        """How this value compares with the baseline's as a ratio where above 1 is better.

        Used only for pictures (a radar's radius); verdicts compare values, not scores.
        An infinite 'lower is better' value (never reached) scores 0; an infinite 'higher is
        better' one scores infinity; callers clamp.
        """
        good, base = (value, baseline) if self.higher_is_better else (baseline, value)
        if good == base:
            return 1.0
        if is_infinite(good) or float(base) == 0:
            return math.inf
        if is_infinite(base):
            return 0.0
        return float(good) / float(base)


class AxisBookError(Exception):
    """An axes file and its measures disagree: a programming error, caught by the tests."""


class AxisBook(Generic[Detail]):
    """A game's axes, loaded from YAML, with the function that measures each one.

    The file holds ``settings`` (what the detailed profile computes: which cards, which
    control-loss points...) and ``axes`` (a list; order is the order of every table).
    """

    def __init__(self, data_file: Path) -> None:
        raw = read_data(data_file)
        self.settings: Mapping[str, Any] = raw.get("settings", {})
        self.axes: tuple[Axis, ...] = tuple(self._axis(item) for item in raw["axes"])
        self._by_id = {axis.id: axis for axis in self.axes}
        if len(self._by_id) != len(self.axes):
            raise AxisBookError(f"{data_file}: an axis id is declared twice")
        self.measures: dict[str, Measure] = {}

    @staticmethod
    def _axis(item: Mapping[str, Any]) -> Axis:
        if item.get("better") not in ("higher", "lower"):
            raise AxisBookError(f"axis {item.get('id')!r}: 'better' must be higher or lower")
        return Axis(
            id=item["id"], label=item["label"], short=item.get("short", item["label"]),
            group=item.get("group", ""), higher_is_better=item["better"] == "higher",
            how=item["how"], decimals=int(item.get("decimals", 1)),
            percent=bool(item.get("percent", False)), infinite=item.get("infinite", "never"),
            params=item.get("params", {}), note=item.get("note"), unit=item.get("unit", ""),
            surprise=item.get("surprise"))

    def __getitem__(self, axis_id: str) -> Axis:
        return self._by_id[axis_id]

    def __iter__(self) -> Iterator[Axis]:
        return iter(self.axes)

    def measure(self, axis_id: str) -> Callable[[Measure], Measure]:
        """Decorator registering the function that measures ``axis_id`` from a detail."""
        if axis_id not in self._by_id:
            raise AxisBookError(f"{axis_id} has a measure but no entry in the axes file")

        def register(func: Measure) -> Measure:
            self.measures[axis_id] = func
            return func

        return register

    def values(self, detail: Detail) -> dict[str, Value]:
        """Every axis measured on ``detail``; each measure gets the axis's params as kwargs."""
        missing = self.unmeasured()
        if missing:
            raise AxisBookError(f"axes without a measure: {', '.join(missing)}")
        return {axis.id: self.measures[axis.id](detail, **axis.params) for axis in self.axes}

    def unmeasured(self) -> list[str]:
        """Axes declared in data with no measure: the tests keep this empty."""
        return [axis.id for axis in self.axes if axis.id not in self.measures]
