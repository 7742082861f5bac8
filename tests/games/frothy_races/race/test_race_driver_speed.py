"""The planning driver's shortcuts decide exactly what the long way decides (issue 24's
speed round): the lookahead's boxed-in spaces worked out for every space at once, and the
bare track's options weighed once per signature."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from generator.games.frothy_races.race import RaceOptions, driver, load_race_inputs, run_race
from generator.games.frothy_races.race.course import move_sequences, race_track
from generator.games.frothy_races.race.decisions import Option
from generator.games.frothy_races.race.engine import forget_decisions
from generator.games.frothy_races.race.lookahead import boxed_in, boxes_round
from generator.tracks.hexgrid import FACINGS

REPO = Path(__file__).resolve().parents[4]
TRACKS = REPO / "vehicles" / "tracks"
FROTHY = REPO / "vehicles" / "frothy-races"
SHIPPED = ["bogwater-bowl", "tin-plate-loop", "tanners-twist"]


def boxed_walk_by_walk(rt: object, state: int, most: int, there: int) -> list[bool]:
    """The lookahead's question answered one walk at a time: for 0 .. most spaces, does
    every walk meet a wall or ``there`` by then, and some walk meet ``there``?"""
    hex_, facing = divmod(state, FACINGS)
    neighbours = rt.neighbours  # type: ignore[attr-defined]
    past, first = 0, most + 1
    for seq in move_sequences(facing, most):
        here, n = hex_, 0
        for d in seq:
            here = neighbours[here][d]
            if here < 0 or here == there:
                break
            n += 1
        past = max(past, n)
        if here == there:
            first = min(first, n + 1)
    return [first <= n and n > past for n in range(most + 1)]


@pytest.mark.parametrize("name", SHIPPED)
def test_boxed_in_spaces_worked_out_together_agree_with_each_walk(name: str) -> None:
    track, _ = load_race_inputs(TRACKS / f"{name}.yaml", [])
    rt = race_track(track)
    draw = random.Random(24)
    asked = boxed = 0
    for _ in range(400):
        state, most = draw.randrange(len(rt.hexes) * FACINGS), draw.randrange(1, 10)
        together = boxes_round(rt, state, most)
        near = {h for seq in move_sequences(state % FACINGS, most)
                for h in _walk(rt, state, seq)}
        for there in near | {draw.randrange(len(rt.hexes))}:
            expected = boxed_walk_by_walk(rt, state, most, there)
            assert list(boxed_in(rt, state, most, there)) == expected
            assert (there in together) == any(expected)  # a space left out never boxes it
            asked += 1
            boxed += any(expected)
    assert asked > 1000 and boxed > 50  # the sample meets both answers


def _walk(rt: object, state: int, seq: tuple[int, ...]) -> list[int]:
    here, out = state // FACINGS, []
    for d in seq:
        here = rt.neighbours[here][d]  # type: ignore[attr-defined]
        if here < 0:
            break
        out.append(here)
    return out


def test_weighing_each_signature_once_changes_no_race(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    """Races with every option weighed, and with the bare track's options weighed once per
    signature, come out the same bit for bit (and the signatures do leave options out)."""
    track, vehicles = load_race_inputs(TRACKS / "bogwater-bowl.yaml", [
        FROTHY / f"{n}.yaml" for n in ("basic-chariot", "whisper-gig", "ironhide-rhinodon",
                                       "bramblewick-goat-cart")])
    options = RaceOptions(laps=1)
    dropped = 0
    weighed = driver.weighed

    def counted(found: list[Option], facing: int) -> list[Option]:
        nonlocal dropped
        pool = weighed(found, facing)
        dropped += len([o for o in found if o.blocked < 0] or found) - len(pool)
        return pool

    forget_decisions()
    monkeypatch.setattr(driver, "weighed", counted)
    short = [run_race(track, vehicles, bots=style, seed=seed, options=options)
             for style in ("careful", "aggressive") for seed in (1, 2)]
    forget_decisions()
    monkeypatch.setattr(driver, "weighed", lambda found, facing: [
        o for o in found if o.blocked < 0] or found)
    every = [run_race(track, vehicles, bots=style, seed=seed, options=options)
             for style in ("careful", "aggressive") for seed in (1, 2)]
    forget_decisions()
    assert dropped > 0
    assert short == every
