"""Exact odds for Frothy Races (guide 3.6): speed checks, attacks, damage rolls,
control rolls with optimal discards, and rounds-to-speed on a speed table.

Why exact: the vehicle creation guide admits there is no points system and
nothing was measured; a balance report comparing two driving licences needs
numbers that do not move between runs. Readings of garbled or ambiguous rule
text are stated in the docstring of the function that depends on them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import Literal, NamedTuple

from generator.probability.dist import Die, Dist, Face, binomial, multiset_weights
from generator.probability.markov import expected_steps


class ControlIcon(StrEnum):
    """The six control icons, one per face of a Frothy Races die."""

    SLIDE = "slide"
    HASTE = "haste"
    SLOW = "slow"
    LEFT_SPIN = "left_spin"
    RIGHT_SPIN = "right_spin"
    DAMAGE = "damage"


# The standard die: values 0,1,2,2,3,3 and one icon per face ("Equipment";
# "Speed Check"). Which icon shares a face with which value is NOT settled by
# the text: 'Control Roll' says Left/Right Spin pairs show a '2' (fits: two
# 2-faces) but also that Slow/Haste pairs show a '1', impossible with a single
# 1-face. The sticker sheet decides; nothing in this module reads a face's
# value and icon from the same roll, so the pairing below changes no result.
FROTHY_DIE = Die(
    "frothy",
    (
        Face(0, ControlIcon.SLIDE),
        Face(1, ControlIcon.SLOW),
        Face(2, ControlIcon.LEFT_SPIN),
        Face(2, ControlIcon.RIGHT_SPIN),
        Face(3, ControlIcon.HASTE),
        Face(3, ControlIcon.DAMAGE),
    ),
)


# ---------------------------------------------------------------------------
# Speed checks, attacks, damage
# ---------------------------------------------------------------------------


class Direction(StrEnum):
    """What the player declared for the speed check."""

    ACCELERATE = "accelerate"
    DECELERATE = "decelerate"


def kept_lowest(whip: int, reins: int, direction: Direction) -> Literal[0, 1, 2]:
    """How many of the two kept speed dice must be the lowest rolled (0, 1 or 2).

    Reading of 'Speed Check' (the bullet for Accelerate is garbled: it repeats
    "more Whip than Reins", which would limit plain whipping). Following the
    Whip/Reins overview ("Acceleration will be limited if you use more Reins
    than Whip") and the Speed Check Example (1 Whip + 1 Reins to accelerate
    must keep the lowest), the cards that work against the declared direction
    limit the choice: Reins when accelerating, Whip when decelerating.
    against >= for  -> one kept die is the lowest; against >= 2*for -> both
    kept dice are the two lowest. "Equal number" counts, as in the rule and
    example (the overview's "more" is read as loose wording). With no cards
    played nothing is limited (both dice are kept anyway).
    """
    if whip < 0 or reins < 0:
        raise ValueError("card counts must be >= 0")
    if whip + reins == 0:
        return 0
    against, towards = (reins, whip) if direction is Direction.ACCELERATE else (whip, reins)
    if against >= 2 * towards:
        return 2
    if against >= towards:
        return 1
    return 0


def _kept_sum(sorted_values: list[int], lock: int) -> int:
    """Best kept pair (highest sum) allowed when `lock` dice must be lowest."""
    if len(sorted_values) == 1:
        return sorted_values[0]
    if lock == 2:
        return sorted_values[0] + sorted_values[1]
    if lock == 1:
        return sorted_values[0] + sorted_values[-1]
    return sorted_values[-1] + sorted_values[-2]


@lru_cache(maxsize=256)
def _pool_kept(dice: int, lock: int, die: Die) -> Dist[int]:
    """Kept sum of ``dice`` dice under ``lock`` (cached: every vehicle's speed checks and
    attacks roll the same few pools), counted in integers and divided once."""
    values = die.values()
    support = values.support
    weighted, total = multiset_weights(values, dice)
    out: dict[int, int] = {}
    for counts, ways in weighted:
        rolled = [v for v, c in zip(support, counts, strict=True) for _ in range(c)]
        rolled.sort()
        s = _kept_sum(rolled, lock)
        out[s] = out.get(s, 0) + ways
    return Dist._from_integers(dict(sorted(out.items())), total)


def speed_check(
    whip: int,
    reins: int,
    direction: Direction,
    *,
    extra_dice: int = 0,
    die: Die = FROTHY_DIE,
) -> Dist[int]:
    """Distribution of the speed check value (boxes to move) before modifiers.

    Rolls 2 dice + 1 per card (+ `extra_dice` for traits such as Long Legs,
    Rubber Shoes or the Whips of Shame option), keeps two under the
    `kept_lowest` limits. The player is assumed to keep the highest allowed
    sum in BOTH directions: accelerating moves right by the sum, decelerating
    moves left by it, and the keep-the-lowest limits only read as penalties if
    a high sum is what a decelerating player wants (to brake harder).
    The guide forces deceleration when no card is played (unless a trait such
    as Champing at the Bit says otherwise); that is the caller's rule to apply.
    """
    if extra_dice < 0:
        raise ValueError("extra_dice must be >= 0")
    lock = kept_lowest(whip, reins, direction)
    return _pool_kept(2 + whip + reins + extra_dice, lock, die)


def best_two(dice: int, die: Die = FROTHY_DIE) -> Dist[int]:
    """Sum of the best two of `dice` dice (the single value if only one die)."""
    if dice < 1:
        raise ValueError("need at least one die")
    return _pool_kept(dice, 0, die)


def attack_value(cards: int, *, extra_dice: int = 0, die: Die = FROTHY_DIE) -> Dist[int]:
    """Attack value before modifiers: roll 1 die + 1 per card, keep the best two
    ('Performing the Attack'). A defender playing no card rolls one die and
    that die is the value (as in the Attack Example: a single '3' scores 3)."""
    if cards < 0 or extra_dice < 0:
        raise ValueError("cards and extra_dice must be >= 0")
    return best_two(1 + cards + extra_dice, die)


def scoring_chance(resilience: int | None, die: Die = FROTHY_DIE) -> Fraction:
    """P(one damage die scores): its VALUE is strictly higher than Resilience;
    a blank Resilience (None) always scores ('Damage Roll').

    Note: the licence summary says "equal or higher", but 'Damage Roll', the
    vehicle creation guide and the Attack Example (Resilience 1: '2' and '3'
    score, '1' does not) all say strictly higher, which is used here. The
    Collision Example's numbers ('0'x5 vs Resilience 1 -> 2 damage) are garbled.
    """
    if resilience is None:
        return Fraction(1)
    return die.values().p(lambda v: v > resilience)


def damage_points(dice: int, resilience: int | None, die: Die = FROTHY_DIE) -> Dist[int]:
    """Damage sustained from a damage roll of `dice` dice (binomial, exact)."""
    if dice < 0:
        raise ValueError("dice must be >= 0")
    return binomial(dice, scoring_chance(resilience, die))


# ---------------------------------------------------------------------------
# Control rolls
# ---------------------------------------------------------------------------


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


_BITS = 6  # a count vector as one integer, 6 bits a category: up to 63 dice
_MASK = (1 << _BITS) - 1


class _DiscardTable:
    """Every count vector of a die's icon categories, size by size, with the optimal outcome
    after up to ``k`` discards (discards first, the guide's order), all in integers.

    Why: a balance profile rolls dozens of (dice, discards) pairs with one objective. The
    best play of a roll with ``k`` discards is the roll as it is or the best play with
    ``k - 1`` discards of the roll less one die, so each table is a minimum over the one
    before. Outcomes are ranked once by their objective key, a total order (``sort_key``
    tells every two outcomes apart), so the search compares small integers, never tuples of
    Fractions, and finds what :meth:`_Resolver.best` finds: the minimum of that order over
    the same kept dice.

    Enumeration: each vector of size n comes once from its parent, the vector without one
    die of its last category (the highest-numbered one it has), so a parent whose last
    category is ``l`` has children for categories ``l`` onwards, stored together; where a
    vector with one die fewer sits is then plain arithmetic, with no search.
    """

    def __init__(self, categories: tuple[str | None, ...], faces: tuple[int, ...],
                 objective: Objective, stamina_rules: bool) -> None:
        self.resolver = _Resolver(categories, objective, stamina_rules)
        self.categories = categories
        self.faces = faces  # faces showing each category
        self.outcomes: list[ControlOutcome] = []
        self.keys: list[tuple[object, ...]] = []
        self.rank: list[int] = []
        self._ids: dict[int, int] = {}  # outcome signature -> outcome id
        self._applied: dict[int, frozenset[str]] = {}  # effect bits -> the icons' names
        # Per size n, per vector: its counts (``_BITS`` bits a category), its ordered rolls,
        # its last category, where its children start in size n + 1, the dice left once
        # forced pairs go (as counts, with the pairs, the most dice of one icon and which
        # icons have that many), its resolved outcome, and the positions in size n - 1 of
        # the vectors with one die fewer (in category order).
        self.codes: list[list[int]] = [[0]]
        self.weights: list[list[int]] = [[1]]
        self.lasts: list[list[int]] = [[0]]
        self.starts: list[list[int]] = []
        self.rests: list[list[tuple[int, int, int, int, int]]] = [[(0, 0, 0, 0, 0)]]
        self.fewer: list[list[list[int]]] = [[[]]]
        self.resolved: list[list[int]] = [[self._outcome(0, 0, 0, 0)]]
        self.best: dict[tuple[int, int], list[int]] = {}

    def _outcome(self, spin: int, pace: int, top: int, effects: int) -> int:
        """The id of the outcome with these forced pairs, most dice of one icon and icons
        with that many (bit ``c`` for category ``c``), added the first time it is seen."""
        signature = effects | top << 32 | spin << 40 | pace << 48
        found = self._ids.get(signature)
        if found is None:
            r = self.resolver
            applied = self._applied.get(effects)
            if applied is None:  # a few dozen sets of icons for hundreds of outcomes
                applied = self._applied[effects] = frozenset(
                    str(self.categories[c]) for c in r.iconic if effects >> c & 1)
            outcome = ControlOutcome(
                effects=applied,
                icon_count=top if applied else 0,
                spin_pairs=spin,
                pace_pairs=pace,
                control_loss=spin + len(applied) + (0 if r.stamina_rules else pace),
                stamina_lost=pace if r.stamina_rules else 0,
                damage_dice=top if ControlIcon.DAMAGE in applied else 0,
            )
            found = self._ids[signature] = len(self.outcomes)
            self.outcomes.append(outcome)
            self.keys.append(_key(r.objective, outcome))
        return found

    def _grow(self, size: int) -> None:
        """Enumerate and resolve the count vectors of every size up to ``size``.

        A child is resolved from its parent's state: the new die either joins the dice
        left or forms a forced pair with its partner's die (Left/Right, Slow/Haste). Its
        vectors with one die fewer are its parent and, for each other category it has, the
        child (by the same category) of the parent's vector without that die.
        """
        k, faces, r = len(self.faces), self.faces, self.resolver
        shifts = [_BITS * c for c in range(k)]
        units = [1 << shift for shift in shifts]
        partner = [-1] * k
        spins = [False] * k
        for a, b, spin_pair in ((r.left, r.right, True), (r.slow, r.haste, False)):
            if a is not None and b is not None:
                partner[a], partner[b] = b, a
                spins[a] = spins[b] = spin_pair
        iconic = [c in r.iconic for c in range(k)]
        ids, outcome = self._ids, self._outcome
        while len(self.codes) <= size:
            n = len(self.codes)
            codes: list[int] = []
            weights: list[int] = []
            lasts: list[int] = []
            rests: list[tuple[int, int, int, int, int]] = []
            fewer: list[list[int]] = []
            resolved: list[int] = []
            starts: list[int] = []
            # where the children of size n - 2 start in size n - 1, and their last categories
            grand_starts = self.starts[n - 2] if n >= 2 else []
            grand_lasts = self.lasts[n - 2] if n >= 2 else []
            for p, (code, weight, last, state, parent_fewer) in enumerate(zip(
                    self.codes[n - 1], self.weights[n - 1], self.lasts[n - 1],
                    self.rests[n - 1], self.fewer[n - 1], strict=True)):
                starts.append(len(codes))
                # the parent's own vectors with one die fewer, but for its last category's
                # (that one plus a die of the last category is the parent itself)
                others = parent_fewer[:-1] if parent_fewer else parent_fewer
                for j in range(last, k):
                    child = code + units[j]
                    codes.append(child)
                    weights.append(weight * n * faces[j] // ((child >> shifts[j]) & _MASK))
                    lasts.append(j)
                    siblings = others if j == last else parent_fewer
                    fewer.append([grand_starts[q] + j - grand_lasts[q] for q in siblings]
                                 + [p])
                    rest, spin, pace, top, effects = state
                    q = partner[j]
                    if q >= 0 and (rest >> shifts[q]) & _MASK:
                        # a forced pair forms: the partner's die goes with the new one
                        was = (rest >> shifts[q]) & _MASK
                        rest -= units[q]
                        if spins[j]:
                            spin += 1
                        else:
                            pace += 1
                        if was == top:
                            effects &= ~(1 << q)
                            if not effects:  # the top count fell: find the new one
                                top = max(((rest >> shifts[c]) & _MASK
                                           for c in range(k) if iconic[c]), default=0)
                                if top:
                                    for c in range(k):
                                        if iconic[c] and (rest >> shifts[c]) & _MASK == top:
                                            effects |= 1 << c
                    else:
                        rest += units[j]
                        if iconic[j]:
                            now = (rest >> shifts[j]) & _MASK
                            if now > top:
                                top, effects = now, 1 << j
                            elif now == top:
                                effects |= 1 << j
                    rests.append((rest, spin, pace, top, effects))
                    found = ids.get(effects | top << 32 | spin << 40 | pace << 48)
                    resolved.append(outcome(spin, pace, top, effects) if found is None
                                    else found)
            self.starts.append(starts)
            self.codes.append(codes)
            self.weights.append(weights)
            self.lasts.append(lasts)
            self.rests.append(rests)
            self.fewer.append(fewer)
            self.resolved.append(resolved)
        if len(self.rank) != len(self.outcomes):
            order = sorted(range(len(self.outcomes)), key=self.keys.__getitem__)
            self.rank = [0] * len(order)
            for position, i in enumerate(order):
                self.rank[i] = position

    def optimal(self, dice: int, discards: int) -> list[int]:
        """Outcome id of the best play of each count vector of ``dice`` dice."""
        self._grow(dice)
        if discards == 0 or dice == 0:
            return self.resolved[dice]
        found = self.best.get((dice, discards))
        if found is not None:
            return found
        previous = self.optimal(dice - 1, discards - 1)
        rank = self.rank
        out: list[int] = []
        for own, fewer in zip(self.resolved[dice], self.fewer[dice], strict=True):
            best, best_rank = own, rank[own]
            for j in fewer:
                candidate = previous[j]
                if rank[candidate] < best_rank:
                    best, best_rank = candidate, rank[candidate]
            out.append(best)
        self.best[(dice, discards)] = out
        return out

    def counts(self, dice: int, discards: int) -> tuple[dict[ControlOutcome, int], int]:
        """Ordered rolls of ``dice`` dice ending in each outcome, and all ordered rolls."""
        ids = self.optimal(dice, discards)
        tally = [0] * len(self.outcomes)
        for i, weight in zip(ids, self.weights[dice], strict=True):
            tally[i] += weight
        return ({self.outcomes[i]: w for i, w in enumerate(tally) if w},
                sum(self.faces) ** dice)


@dataclass(frozen=True)
class ControlRollResult:
    """Exact joint distribution of control roll outcomes, with the marginals a
    balance report asks for."""

    outcomes: Dist[ControlOutcome]

    @property
    def p_success(self) -> Fraction:
        """P(no effect applied)."""
        return self.outcomes.p(lambda o: o.success)

    def p_effect(self, icon: str) -> Fraction:
        """P(the effect of `icon` is applied)."""
        return self.outcomes.p(lambda o: icon in o.effects)

    @property
    def control_loss(self) -> Dist[int]:
        """Control-loss points gained, excluding damage sustained."""
        return self.outcomes.map(lambda o: o.control_loss)

    @property
    def damage_dice(self) -> Dist[int]:
        """Dice to roll for the Damage effect (0 when it is not applied)."""
        return self.outcomes.map(lambda o: o.damage_dice)

    @property
    def stamina_lost(self) -> Dist[int]:
        """Stamina lost to Slow/Haste pairs (0 with stamina rules off)."""
        return self.outcomes.map(lambda o: o.stamina_lost)

    @property
    def effects(self) -> Dist[frozenset[str]]:
        """Which set of effects is applied."""
        return self.outcomes.map(lambda o: o.effects)

    def control_loss_with_damage(self, resilience: int | None, die: Die = FROTHY_DIE
                                 ) -> Dist[int]:
        """Control-loss points including one per damage point sustained from
        the Damage effect's damage roll ('Control Roll' step 5)."""
        return self.outcomes.bind(
            lambda o: damage_points(o.damage_dice, resilience, die).map(
                lambda d: o.control_loss + d
            )
        )


def _icon_categories(die: Die) -> tuple[Dist[str | None], tuple[str | None, ...]]:
    icons = die.icons()
    return icons, icons.support


@lru_cache(maxsize=32)
def _shared_resolver(categories: tuple[str | None, ...], objective: Objective,
                     stamina_rules: bool) -> _Resolver:
    """One resolver per (die, objective, rules), kept between calls.

    Why: a count vector resolves the same way whatever roll it came from, so the memo of
    a 10-die roll already holds most of what a 9-die roll needs; a balance profile asks
    for dozens of rolls with the same objective.
    """
    return _Resolver(categories, objective, stamina_rules)


@lru_cache(maxsize=32)
def _shared_table(categories: tuple[str | None, ...], faces: tuple[int, ...],
                  objective: Objective, stamina_rules: bool) -> _DiscardTable:
    """One discard table per (die, objective, rules), kept between calls: every roll of a
    balance profile reads the same vectors (see :class:`_DiscardTable`)."""
    return _DiscardTable(categories, faces, objective, stamina_rules)


def clear_caches() -> None:
    """Forget every roll and table kept between calls (benchmarks time cold runs)."""
    for cached in (_shared_resolver, _shared_table, _pool_kept, _locate):
        cached.cache_clear()


def control_roll(
    dice: int,
    discards: int = 0,
    objective: Objective = min_control_loss,
    *,
    die: Die = FROTHY_DIE,
    stamina_rules: bool = True,
    discards_first: bool = True,
) -> ControlRollResult:
    """Exact outcome distribution of a control roll of `dice` dice (base +
    control-loss points + cards) when up to `discards` dice (one per card, or
    trait) may be dropped and the player drops them optimally for `objective`.

    Order ('Control Roll', Result): optional discards, then forced Left/Right
    Spin pairs (+1 control loss each), then Slow/Haste pairs (-1 stamina each,
    or +1 control loss with `stamina_rules=False`); the icons with the highest
    remaining count all apply. `discards_first=False` is the alternative rule
    ('Control Roll Discards': forced pairs before card discards). Blank faces
    (a die built for the 'Ignored' alternative) never count as an icon.
    Choices that tie on the objective are broken by `ControlOutcome.sort_key`,
    so marginals the objective does not rank (e.g. which of two equally costly
    effects) reflect that fixed preference. Enumerates multisets, not ordered
    rolls: 15 dice are 15,504 count vectors.
    """
    weighted, total = control_roll_counts(dice, discards, objective, die=die,
                                          stamina_rules=stamina_rules,
                                          discards_first=discards_first)
    return ControlRollResult(Dist._trusted({o: Fraction(w, total) for o, w in weighted}))


def control_roll_counts(
    dice: int,
    discards: int = 0,
    objective: Objective = min_control_loss,
    *,
    die: Die = FROTHY_DIE,
    stamina_rules: bool = True,
    discards_first: bool = True,
) -> tuple[list[tuple[ControlOutcome, int]], int]:
    """:func:`control_roll` in integers: each outcome (in `ControlOutcome.sort_key` order)
    with the number of ordered rolls of `dice` dice that end in it, and the number of all
    ordered rolls (`die.sides ** dice`).

    Why: a balance profile sums and averages these; integers added up and divided once at
    the end are exact and many times faster than a Fraction per outcome.
    """
    ways, total = control_roll_ways(dice, discards, objective, die=die,
                                    stamina_rules=stamina_rules, discards_first=discards_first)
    return sorted(ways.items(), key=lambda kv: kv[0].sort_key()), total


def control_roll_ways(
    dice: int,
    discards: int = 0,
    objective: Objective = min_control_loss,
    *,
    die: Die = FROTHY_DIE,
    stamina_rules: bool = True,
    discards_first: bool = True,
) -> tuple[dict[ControlOutcome, int], int]:
    """:func:`control_roll_counts` in no particular order: for sums over the outcomes,
    which need no sorting (a balance profile makes dozens)."""
    if dice < 0 or discards < 0:
        raise ValueError("dice and discards must be >= 0")
    if discards > dice:
        raise ValueError("cannot discard more dice than are rolled")
    icons, categories = _icon_categories(die)
    out: dict[ControlOutcome, int]
    if discards_first:
        faces = tuple(sum(1 for f in die.faces if f.icon == c) for c in categories)
        out, total = _shared_table(categories, faces, objective, stamina_rules).counts(
            dice, discards)
    else:
        resolver = _shared_resolver(categories, objective, stamina_rules)
        weighted, total = multiset_weights(icons, dice)
        out = {}
        for counts, weight in weighted:
            o = resolver.optimal(counts, discards, discards_first)
            out[o] = out.get(o, 0) + weight
    return out, total


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


# ---------------------------------------------------------------------------
# Speed table and rounds-to-speed
# ---------------------------------------------------------------------------


class Row(StrEnum):
    """The two rows of the licence's speed table."""

    ACCELERATION = "acceleration"
    DECELERATION = "deceleration"


class Marker(NamedTuple):
    """The speed marker: the row it last moved along and its box index there
    (0 = left-most box of speed 0). Its box in the other row is derived by the
    matching rules, which is why the row it moved along must be remembered."""

    row: Row
    box: int


Matching = Literal["overlap", "speed"]


@lru_cache(maxsize=4096)
def _locate(counts: tuple[int, ...], box: int) -> tuple[int, int]:
    """(Speed, box within that Speed) of box ``box`` of a row of ``counts`` boxes a Speed
    (cached: the speed chains ask it for the same few boxes thousands of times)."""
    for speed, n in enumerate(counts):
        if box < n:
            return speed, box
        box -= n
    raise ValueError("box index past the end of the row")


@dataclass(frozen=True)
class SpeedTable:
    """Box counts per speed 0-6 for the Acceleration and Deceleration rows.

    Matching ('Matching the Acceleration & Deceleration Speed Table Rows'):
    the text does not say which boxes "correspond"; the figure is missing.
    `matching="overlap"` (default) assumes both rows share each speed's column
    width with boxes of equal width inside it, so boxes correspond when their
    spans overlap; `matching="speed"` makes every box of the same speed
    correspond. After accelerating the right-most corresponding deceleration
    box is used; after decelerating the left-most corresponding acceleration
    box. For a start from rest while only accelerating, and for stopping while
    only decelerating, both readings give identical results.
    """

    acceleration: tuple[int, ...]
    deceleration: tuple[int, ...]
    matching: Matching = "overlap"

    def __post_init__(self) -> None:
        for name, row in (("acceleration", self.acceleration),
                          ("deceleration", self.deceleration)):
            if len(row) != 7 or any(int(n) != n or n < 1 for n in row):
                raise ValueError(f"{name} needs 7 positive box counts (speeds 0-6)")
        if self.matching not in ("overlap", "speed"):
            raise ValueError("matching must be 'overlap' or 'speed'")

    @property
    def top_speed(self) -> int:
        """Highest speed rating (always 6 on a Frothy licence)."""
        return len(self.acceleration) - 1

    @property
    def start(self) -> Marker:
        """Setup position: speed 0, left-most box."""
        return Marker(Row.ACCELERATION, 0)

    @property
    def top(self) -> Marker:
        """Right-most box of top speed, as after accelerating into it."""
        return Marker(Row.DECELERATION, sum(self.deceleration) - 1)

    @staticmethod
    def _locate(counts: tuple[int, ...], box: int) -> tuple[int, int]:
        return _locate(counts, box)

    @staticmethod
    def _index(counts: tuple[int, ...], speed: int, local: int) -> int:
        return sum(counts[:speed]) + local

    def _row(self, row: Row) -> tuple[int, ...]:
        return self.acceleration if row is Row.ACCELERATION else self.deceleration

    def speed_of(self, marker: Marker) -> int:
        """Speed rating shown by the marker."""
        return self._locate(self._row(marker.row), marker.box)[0]

    def acceleration_box(self, marker: Marker) -> int:
        """The marker's box in the Acceleration row (left-most match after a
        deceleration)."""
        if marker.row is Row.ACCELERATION:
            return marker.box
        speed, m = self._locate(self.deceleration, marker.box)
        a, d = self.acceleration[speed], self.deceleration[speed]
        k = 0 if self.matching == "speed" else (m * a) // d
        return self._index(self.acceleration, speed, k)

    def deceleration_box(self, marker: Marker) -> int:
        """The marker's box in the Deceleration row (right-most match after an
        acceleration)."""
        if marker.row is Row.DECELERATION:
            return marker.box
        speed, k = self._locate(self.acceleration, marker.box)
        a, d = self.acceleration[speed], self.deceleration[speed]
        m = d - 1 if self.matching == "speed" else -(-(k + 1) * d // a) - 1
        return self._index(self.deceleration, speed, m)

    def accelerate(self, marker: Marker, boxes: int) -> Marker:
        """Move right by `boxes`; past the last box the rest becomes a
        deceleration from the matching deceleration box ('Over-Whipping')."""
        if boxes < 0:
            raise ValueError("boxes must be >= 0")
        i = self.acceleration_box(marker)
        last = sum(self.acceleration) - 1
        if i + boxes <= last:
            return Marker(Row.ACCELERATION, i + boxes)
        over = i + boxes - last
        return self.decelerate(Marker(Row.ACCELERATION, last), over)

    def decelerate(self, marker: Marker, boxes: int) -> Marker:
        """Move left by `boxes`, stopping at the left-most box (speed 0; the
        guide does not say what happens beyond it, so the excess is lost)."""
        if boxes < 0:
            raise ValueError("boxes must be >= 0")
        j = self.deceleration_box(marker)
        return Marker(Row.DECELERATION, max(0, j - boxes))

    def shift(self, marker: Marker, boxes: int, direction: Direction) -> Marker:
        """Apply a final speed check value in the declared `direction`.

        A negative value reverses the move: Cautious ("if the final value is
        negative then Decelerate by that amount instead") and Reckless (the
        same for decelerating) can push a check below zero.
        """
        forward = direction is Direction.ACCELERATE
        if boxes < 0:
            forward, boxes = not forward, -boxes
        return self.accelerate(marker, boxes) if forward else self.decelerate(marker, boxes)


def expected_rounds_to_speed(
    table: SpeedTable,
    target_speed: int,
    whip: int,
    *,
    reins: int = 0,
    extra_dice: int = 0,
    start: Marker | None = None,
) -> Fraction:
    """Exact expected speed checks until speed >= `target_speed`, accelerating
    every round with the same cards (default start: speed 0, left-most box).

    Over-whipping applies on the way: a check that runs past the last
    acceleration box bounces back as a deceleration, so on a short top-speed
    row more Whip cards can make top speed SLOWER to reach on average.
    Not modelled: card recovery (k cards a round needs 2k in hand, since a card
    comes back two round ends after use), stamina, control-roll Haste/Slow,
    and speed-check modifiers. With no card the guide forces a deceleration;
    `whip=0` therefore means a trait such as Champing at the Bit.
    """
    if not 0 <= target_speed <= table.top_speed:
        raise ValueError("target speed must be between 0 and the top speed")
    roll = speed_check(whip, reins, Direction.ACCELERATE, extra_dice=extra_dice)
    return expected_steps(
        start if start is not None else table.start,
        lambda m: roll.map(lambda v: table.accelerate(m, v)),
        lambda m: table.speed_of(m) >= target_speed,
    )


def expected_rounds_to_stop(
    table: SpeedTable,
    reins: int,
    *,
    whip: int = 0,
    extra_dice: int = 0,
    start: Marker | None = None,
) -> Fraction:
    """Exact expected speed checks until speed 0, decelerating every round
    with the same cards (default start: right-most box of top speed)."""
    roll = speed_check(whip, reins, Direction.DECELERATE, extra_dice=extra_dice)
    return expected_steps(
        start if start is not None else table.top,
        lambda m: roll.map(lambda v: table.decelerate(m, v)),
        lambda m: table.speed_of(m) == 0,
    )
