"""The Whip layers a value table's round is solved in (``planner_sweeps``): by the Whips
still to play for a space more, which layer a Whip leads to and which round start a
round's end leads to; which layers a round start reaches before each phase; and which
layers' values cannot differ at a point, so that a sweep works each out once.
"""

from __future__ import annotations

import numpy as np

from generator.games.frothy_races.race.planner import whip_budget, whip_cards
from generator.games.frothy_races.race.vehicles import RaceVehicle

Floats = np.ndarray


def whip_rounds(spec: RaceVehicle) -> tuple[int, list[int], list[int], list[int]]:
    """The layers a round is solved in, by the Whips still to play for a space more: the
    budget k (``whip_budget``); for each layer, the layer a Whip played leads to (-1:
    none left) and which round start its round's end leads to; and the layers each round
    start is (the first, a round with the whole budget).

    A card spent comes back only at the end of the next round ('Card Recovery'), and
    Stamina N takes N of them back at the next round's start: the Whips in hand at a
    round's start are the W that can be played less those played the round before, less
    N. With W + N even a round may always play k = (W + N) / 2; with W + N odd,
    k = (W + N + 1) / 2, but a round that played all k starts the next with k - 1 (and
    that round, whatever it plays, the next with k); k never exceeds W, and a Stamina
    that gives back every card played keeps the whole hand. Layers 0 .. k are the rounds
    that start with k (layer j: j left); after them, those that start with k - 1."""
    k = whip_budget(spec)
    whip_to = [j - 1 for j in range(k + 1)]
    ends = [0] * (k + 1)
    firsts = [k]
    if whip_cards(spec) - max(0, k - spec.trait("Stamina")) < k:
        ends[0] = 1  # the whole budget played: the next round starts one short
        whip_to += [k + j if j else -1 for j in range(k)]
        ends += [0] * k
        firsts.append(2 * k)
    return k, whip_to, ends, firsts


def reached_layers(whip_to: list[int], firsts: list[int]
                   ) -> tuple[list[Floats], list[Floats]]:
    """Before each phase p, the layers a round start reaches (a layer j Whips short of
    its round's start only from phase j + 1 on) and those it does not. The round starts'
    values, and so every stage's, are those of the first kind alone: the sweeps converge
    over them, and the others (which the driver reads with fewer Whips in hand than the
    budget) are worked out once after, a quarter to a third of a sweep saved each time."""
    played = {}
    for f in firsts:
        j, count = f, 0
        while j >= 0:
            played[j] = count
            j, count = whip_to[j], count + 1
    reached = [np.array([j for j in range(len(whip_to)) if played[j] <= p], np.int64)
               for p in range(4)]
    return reached, [np.setdiff1d(np.arange(len(whip_to)), r) for r in reached]


def layer_classes(whip_to: list[int], ends: list[int]) -> list[list[int]]:
    """At each point (0-3: before phase 1-4; 4: the round's end), a number for each
    layer, the same for layers whose values there are the same bit for bit: at the
    round's end a layer's values are those of the round start it leads to (the Speed
    Check writes them to every such layer), and before a phase, a layer's best move
    reads the layer's values at the next point and, with a Whip left, those of the layer
    the Whip leads to. Layers that read the same are worked out by the same steps, so
    their values are the same: with Whips to spare, the layers short of the budget at a
    phase after the last Whip could be played are as good as the full one (Ironhide
    Rhinodon: 7 layers, 4 before phase 4)."""
    kinds = list(ends)  # at the round's end: the round start each leads to
    found: list[list[int]] = [kinds]
    for _ in range(4):
        reads = [(kinds[j], kinds[w] if w >= 0 else -1) for j, w in enumerate(whip_to)]
        numbers: dict[tuple[int, int], int] = {}
        kinds = [numbers.setdefault(r, len(numbers)) for r in reads]
        found.append(kinds)
    return found[::-1]


def same_layers(layers: Floats, kinds: list[int]) -> tuple[Floats, Floats, Floats]:
    """Of ``layers`` (ascending), those a sweep works out (the first of each kind in
    ``kinds``), and the others with the layer each is a copy of."""
    first: dict[int, int] = {}
    swept, copies, of = [], [], []
    for j in (int(j) for j in layers):
        if kinds[j] in first:
            copies.append(j)
            of.append(first[kinds[j]])
        else:
            first[kinds[j]] = j
            swept.append(j)
    return (np.array(swept, np.int64), np.array(copies, np.int64), np.array(of, np.int64))
