"""The value-table solver's shortcuts give what the plain steps give, bit for bit: the least
of each state's edges and the first edge reaching it, the Speed Check's sums without the sets
a choice cannot reach, and the Whip layers worked out once per kind."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from generator.games.frothy_races.race import RaceOptions, load_race_inputs, planner_sweeps
from generator.games.frothy_races.race.course import race_track
from generator.games.frothy_races.race.planner_edges import edges_from
from generator.games.frothy_races.race.planner_layers import layer_classes, whip_rounds
from generator.games.frothy_races.race.planner_plan import CheckPlan, Reach, check_values
from generator.games.frothy_races.race.planner_sweeps import first_least, solve
from generator.games.frothy_races.race.styles import CAREFUL
from generator.games.frothy_races.race.vehicles import race_vehicle

REPO = Path(__file__).resolve().parents[4]
TRACKS = REPO / "vehicles" / "tracks"
FROTHY = REPO / "vehicles" / "frothy-races"


@pytest.mark.parametrize("per_state", [(3, 6, 9), (3, 15, 21)])
def test_the_least_of_each_state_s_edges_is_the_first_edge_reaching_it(
        per_state: tuple[int, ...]) -> None:
    """``first_least`` over the edges regrouped by how many each state has (whole-row
    minimums, a bit per edge) finds what a minimum and a scan of each state's own run
    finds, ties included (the first edge in the state's order wins), for states of up to
    12 edges and of more (another way to the lowest bit)."""
    rng = np.random.default_rng(7)
    counts = rng.choice(per_state, size=40)
    rows = np.array([(state, k, 0, 0, 0, 0) for state, count in enumerate(counts)
                     for k in range(count)], dtype=np.int64)
    e = edges_from(rows, list(range(len(counts))), len(counts))
    value = rng.integers(0, 4, size=(5, len(rows))).astype(float)  # many ties
    least, pick = first_least(value[:, e.order], e)
    for r in range(len(value)):
        for i, state in enumerate(e.block_groups):
            run = value[r, e.starts[state]:e.starts[state] + counts[state]]
            assert least[r, i] == run.min()
            assert e.order[pick[r, i]] == e.starts[state] + int(np.argmin(run))


def test_the_speed_check_s_sums_leave_out_only_sets_a_choice_cannot_reach() -> None:
    """The round's end a CheckPlan gives (``Reach.terms``: the sets a chosen choice
    reaches, states grouped by how many) is, bit for bit, each Speed's matrix product over
    all its sets (the sum the solver made before), in every channel."""
    rng = np.random.default_rng(3)
    speeds, sets, size = 4, 9, 300
    chances = []
    for _ in range(speeds):
        matrix = rng.random((5, sets)) * (rng.random((5, sets)) < 0.4)
        matrix[:, 0] += 0.01  # every choice reaches a set
        chances.append(matrix / matrix.sum(axis=1, keepdims=True))
    reach = Reach.of(chances)
    picks = np.stack([rng.integers(0, 5, size) for _ in range(speeds)])
    best_of = rng.integers(0, speeds, (sets, size))
    prices = rng.random((speeds, size))
    check = CheckPlan(0, np.array([0]), best_of, reach.terms(reach.first[:, None] + picks,
                                                             best_of), prices)
    first = rng.random((3, speeds, size)) * 30
    found = check_values(check, first)
    columns = np.arange(size)
    for c in range(3):
        kept = first[c][best_of, columns]
        for v in range(speeds):
            rolled = np.flatnonzero(chances[v].any(axis=0))
            weights = chances[v][:, rolled][picks[v]]
            plain = np.einsum("ck,kc->c", weights, kept[rolled], optimize=False)
            plain += (prices[v] + 1.0) if c == 0 else prices[v] if c == 2 else 0.0
            assert np.array_equal(found[c, v], plain)


def test_whip_layers_that_read_the_same_are_the_same() -> None:
    """Working each kind of Whip layer out once (``layer_classes``) solves the same table,
    bit for bit, as working every layer out: the Ironhide Rhinodon, whose odd Whip count
    gives seven layers, four of a kind before phase 4."""
    track, vehicles = load_race_inputs(TRACKS / "tin-plate-loop.yaml",
                                       [FROTHY / "ironhide-rhinodon.yaml"])
    spec, rt = race_vehicle(vehicles[0]), race_track(track)
    budget, whip_to, ends, _ = whip_rounds(spec)
    assert budget == 3 and len(set(layer_classes(whip_to, ends)[3])) == 4
    stages = len(rt.lines) * RaceOptions(laps=0).for_track(track).laps
    shared = solve(spec, rt, stages, CAREFUL)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(planner_sweeps, "layer_classes",
                      lambda whip_to, ends: [list(range(len(whip_to)))] * 5)
        every = solve(spec, rt, stages, CAREFUL)
    assert shared.values == every.values and shared.plain == every.plain
    assert (shared.start_damage, shared.start_cards) == (every.start_damage,
                                                         every.start_cards)
