"""The discard table behind Frothy Control roll odds: every roll of a die's icons, size by
size, with its best play after up to k discards, all in integers (see ``DiscardTable``)."""

from __future__ import annotations

from functools import cached_property

from generator.probability.frothy_control import ControlOutcome, Objective, _key, _Resolver
from generator.probability.frothy_dice import ControlIcon

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

        A child is resolved from its parent's state (see :meth:`_with_die`). Its vectors
        with one die fewer are its parent and, for each other category it has, the child
        (by the same category) of the parent's vector without that die.
        """
        k, faces = len(self.faces), self.faces
        units = [1 << (_BITS * c) for c in range(k)]
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
                    weights.append(weight * n * faces[j] // ((child >> (_BITS * j)) & _MASK))
                    lasts.append(j)
                    siblings = others if j == last else parent_fewer
                    fewer.append([grand_starts[q] + j - grand_lasts[q] for q in siblings]
                                 + [p])
                    rest, spin, pace, top, effects = after = self._with_die(state, j)
                    rests.append(after)
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
        self._rank_outcomes()

    @cached_property
    def _pairing(self) -> tuple[list[int], list[bool], list[bool]]:
        """Per category: its forced-pair partner (-1 if none), whether that pair is a spin
        pair (Left/Right) rather than a pace pair (Slow/Haste), and whether it is an icon."""
        k, r = len(self.faces), self.resolver
        partner = [-1] * k
        spins = [False] * k
        for a, b, spin_pair in ((r.left, r.right, True), (r.slow, r.haste, False)):
            if a is not None and b is not None:
                partner[a], partner[b] = b, a
                spins[a] = spins[b] = spin_pair
        return partner, spins, [c in r.iconic for c in range(k)]

    def _with_die(self, state: tuple[int, int, int, int, int], j: int
                  ) -> tuple[int, int, int, int, int]:
        """A parent's resolved state with one more die of category ``j``: the die either
        joins the dice left or forms a forced pair with its partner's die (Left/Right,
        Slow/Haste), which may lower the most dice of one icon."""
        partner, spins, iconic = self._pairing
        rest, spin, pace, top, effects = state
        q = partner[j]
        if q >= 0 and (rest >> (_BITS * q)) & _MASK:
            # a forced pair forms: the partner's die goes with the new one
            was = (rest >> (_BITS * q)) & _MASK
            rest -= 1 << (_BITS * q)
            if spins[j]:
                spin += 1
            else:
                pace += 1
            if was == top:
                effects &= ~(1 << q)
                if not effects:  # the top count fell: find the new one
                    counts = [(rest >> (_BITS * c)) & _MASK for c in range(len(iconic))]
                    top = max((n for n, icon in zip(counts, iconic, strict=True) if icon),
                              default=0)
                    if top:
                        for c, n in enumerate(counts):
                            if iconic[c] and n == top:
                                effects |= 1 << c
        else:
            rest += 1 << (_BITS * j)
            if iconic[j]:
                now = (rest >> (_BITS * j)) & _MASK
                if now > top:
                    top, effects = now, 1 << j
                elif now == top:
                    effects |= 1 << j
        return rest, spin, pace, top, effects

    def _rank_outcomes(self) -> None:
        """Rank every outcome seen so far by its objective key (0 = best)."""
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
