"""Frothy Races Control rolls (guide 3.6, 'Control Roll'): what one roll comes to.

The outcome of a resolved roll, the objectives a player discards for, and the resolver
that removes forced pairs and finds the best discards of one concrete roll (used by a
rule checker, a race, and the distributions in ``frothy_control_odds``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from generator.probability.dist import Die, Dist
from generator.probability.frothy_dice import FROTHY_DIE, ControlIcon, scoring_chance


@dataclass(frozen=True)
class ControlOutcome:
    """The result of one resolved control roll (after all discards).

    `control_loss` counts forced spin pairs, plus Slow/Haste pairs when the
    stamina rules are off, plus one per distinct applied effect; it excludes
    points for damage actually sustained, which needs a Resilience and a
    further roll of `damage_dice` dice (see ControlRollResult).
    """

    effects: frozenset[str]  # icons applied: all those tied for the most dice
    icon_count: int  # dice showing each applied icon (0 when the roll succeeds)
    spin_pairs: int  # Left/Right Spin pairs discarded
    pace_pairs: int  # Slow/Haste pairs discarded
    control_loss: int
    stamina_lost: int
    damage_dice: int  # Damage icons remaining when Damage is applied, else 0

    @property
    def success(self) -> bool:
        """No effect applied: every die was discarded (or only blanks remain)."""
        return not self.effects

    def sort_key(self) -> tuple[object, ...]:
        """A total order used only to break ties between equally good choices
        deterministically: milder outcomes first, then icon names."""
        return (
            self.control_loss,
            self.damage_dice,
            self.stamina_lost,
            self.icon_count,
            len(self.effects),
            tuple(sorted(self.effects)),
            self.spin_pairs,
            self.pace_pairs,
        )


Cost = float | Fraction | tuple[float | Fraction, ...]
Objective = Callable[[ControlOutcome], Cost]


def min_control_loss(o: ControlOutcome) -> Cost:
    """Objective: fewest control-loss points; then fewest damage dice, then
    least stamina. Ignores the damage points a damage roll may add."""
    return (o.control_loss, o.damage_dice, o.stamina_lost)


def avoid_damage(o: ControlOutcome) -> Cost:
    """Objective: fewest damage dice first (as in Control Loss Example 2), then
    fewest control-loss points, then least stamina."""
    return (o.damage_dice, o.control_loss, o.stamina_lost)


def min_expected_control_loss(resilience: int | None, die: Die = FROTHY_DIE) -> Objective:
    """Objective: fewest expected control-loss points counting the expected
    damage sustained (each damage die scores with `scoring_chance`)."""
    p = scoring_chance(resilience, die)

    def cost(o: ControlOutcome) -> Cost:
        return (o.control_loss + o.damage_dice * p, o.damage_dice, o.stamina_lost)

    return cost


def _key(objective: Objective, o: ControlOutcome) -> tuple[object, ...]:
    c = objective(o)
    return (c if isinstance(c, tuple) else (c,), o.sort_key())


class _Resolver:
    """Resolves count vectors over a die's icon categories, with memoised
    optimal discards. Shared by `control_roll` and `best_control_outcome`."""

    def __init__(self, categories: tuple[str | None, ...], objective: Objective,
                 stamina_rules: bool) -> None:
        self.categories = categories
        self.objective = objective
        self.stamina_rules = stamina_rules
        idx = {c: i for i, c in enumerate(categories)}
        self.left = idx.get(ControlIcon.LEFT_SPIN)
        self.right = idx.get(ControlIcon.RIGHT_SPIN)
        self.slow = idx.get(ControlIcon.SLOW)
        self.haste = idx.get(ControlIcon.HASTE)
        self.iconic = [i for i, c in enumerate(categories) if c is not None]
        self._resolved: dict[tuple[tuple[int, ...], int, int], tuple[tuple[object, ...],
                                                                     ControlOutcome]] = {}
        self._best: dict[tuple[tuple[int, ...], int, int, int], tuple[tuple[object, ...],
                                                                      ControlOutcome]] = {}
        self._fewer: dict[tuple[int, ...], list[tuple[int, ...]]] = {}

    def pairs(self, counts: tuple[int, ...]) -> tuple[tuple[int, ...], int, int]:
        """Remove forced Left/Right then Slow/Haste pairs (steps 2 and 3)."""
        c = list(counts)
        spin = pace = 0
        if self.left is not None and self.right is not None:
            spin = min(c[self.left], c[self.right])
            c[self.left] -= spin
            c[self.right] -= spin
        if self.slow is not None and self.haste is not None:
            pace = min(c[self.slow], c[self.haste])
            c[self.slow] -= pace
            c[self.haste] -= pace
        return tuple(c), spin, pace

    def resolve(self, counts: tuple[int, ...], spin0: int, pace0: int) -> tuple[
            tuple[object, ...], ControlOutcome]:
        """Outcome (and its objective key) once optional discards are done."""
        rest, spin, pace = self.pairs(counts)
        spin += spin0
        pace += pace0
        memo_key = (rest, spin, pace)  # many rolls leave the same dice once pairs go
        hit = self._resolved.get(memo_key)
        if hit is not None:
            return hit
        top = max((rest[i] for i in self.iconic), default=0)
        effects = frozenset(
            str(self.categories[i]) for i in self.iconic if top > 0 and rest[i] == top
        )
        loss = spin + len(effects) + (0 if self.stamina_rules else pace)
        outcome = ControlOutcome(
            effects=effects,
            icon_count=top if effects else 0,
            spin_pairs=spin,
            pace_pairs=pace,
            control_loss=loss,
            stamina_lost=pace if self.stamina_rules else 0,
            damage_dice=top if ControlIcon.DAMAGE in effects else 0,
        )
        result = (_key(self.objective, outcome), outcome)
        self._resolved[memo_key] = result
        return result

    def best(self, counts: tuple[int, ...], k: int, spin0: int, pace0: int) -> tuple[
            tuple[object, ...], ControlOutcome]:
        """Best outcome discarding up to k dice from `counts` (memoised DP:
        either stop here or drop one more die of some category)."""
        memo_key = (counts, k, spin0, pace0)
        hit = self._best.get(memo_key)
        if hit is not None:
            return hit
        best = self.resolve(counts, spin0, pace0)
        if k > 0:
            for smaller in self._one_fewer(counts):
                cand = self.best(smaller, k - 1, spin0, pace0)
                if cand[0] < best[0]:
                    best = cand
        self._best[memo_key] = best
        return best

    def _one_fewer(self, counts: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Each count vector with one die fewer (one per category rolled), memoised:
        the discard search asks for the same ones from many rolls."""
        found = self._fewer.get(counts)
        if found is None:
            found = [counts[:i] + (c - 1,) + counts[i + 1:] for i, c in enumerate(counts) if c]
            self._fewer[counts] = found
        return found

    def optimal(self, counts: tuple[int, ...], discards: int, discards_first: bool
                ) -> ControlOutcome:
        if discards_first:
            return self.best(counts, discards, 0, 0)[1]
        rest, spin, pace = self.pairs(counts)
        return self.best(rest, discards, spin, pace)[1]


def _icon_categories(die: Die) -> tuple[Dist[str | None], tuple[str | None, ...]]:
    icons = die.icons()
    return icons, icons.support



def _counts_of(icons: Iterable[str | None] | Mapping[str | None, int],
               categories: tuple[str | None, ...]) -> tuple[int, ...]:
    counts = dict.fromkeys(categories, 0)
    items: Iterable[tuple[str | None, int]] = (
        icons.items() if isinstance(icons, Mapping) else ((i, 1) for i in icons)
    )
    for icon, n in items:
        if icon not in counts:
            raise ValueError(f"icon {icon!r} is not on the die")
        counts[icon] += n
    return tuple(counts[c] for c in categories)


def resolve_control_roll(
    rolled: Iterable[str | None] | Mapping[str | None, int],
    discard: Iterable[str | None] = (),
    *,
    die: Die = FROTHY_DIE,
    stamina_rules: bool = True,
    discards_first: bool = True,
) -> ControlOutcome:
    """Resolve one concrete roll with a chosen discard (icons, repeats allowed).

    Why: lets a rule checker or a test replay the guide's worked examples.
    With `discards_first=False` the discards must be among the dice left
    after the forced pairs.
    """
    _, categories = _icon_categories(die)
    resolver = _Resolver(categories, min_control_loss, stamina_rules)
    counts = _counts_of(rolled, categories)
    drop = _counts_of(list(discard), categories)
    spin0 = pace0 = 0
    if not discards_first:
        counts, spin0, pace0 = resolver.pairs(counts)
    if any(d > c for d, c in zip(drop, counts, strict=True)):
        raise ValueError("discarded dice were not available")
    rest = tuple(c - d for c, d in zip(counts, drop, strict=True))
    return resolver.resolve(rest, spin0, pace0)[1]


def best_control_outcome(
    rolled: Iterable[str | None] | Mapping[str | None, int],
    discards: int,
    objective: Objective = min_control_loss,
    *,
    die: Die = FROTHY_DIE,
    stamina_rules: bool = True,
    discards_first: bool = True,
) -> ControlOutcome:
    """The outcome an optimal player reaches from one concrete roll."""
    _, categories = _icon_categories(die)
    resolver = _Resolver(categories, objective, stamina_rules)
    counts = _counts_of(rolled, categories)
    if discards > sum(counts):
        raise ValueError("cannot discard more dice than are rolled")
    return resolver.optimal(counts, discards, discards_first)
