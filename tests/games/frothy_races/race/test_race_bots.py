"""The bots drive sensibly: the careful bot finishes two laps of every shipped Frothy Races
track in a plausible number of rounds, and beats the random-legal-move bot by a wide margin.

Plausible, estimated by hand from the rules for the basic chariot (a hand-worked race, not
a measurement): from a standing start a driver can hold Speed 2 (4 spaces a round, Safe, so
turning is free) through the bends and touch Speed 3-4 (6-8 spaces) on the straights, but
the Speed Check moves the marker every round, so the pace wanders; about 3.5 spaces a round
on average. Two laps of the racing line (54 spaces a lap on Bogwater Bowl and Tanner's
Twist, 24 on the Tin-Plate Loop) then take about 30, 30 and 14 rounds. The bot must finish
within half as long again (45, 45 and 24 rounds, as a median over twenty seeded races, with
at least half of them finished: a careful driver still wipes out now and then, since two
wall collisions at Speed 3 are enough to wreck the basic chariot, and Tanner's Twist, four
spaces wide with a hairpin and a chicane of market stalls, wrecks it most often).
"""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from generator.games.frothy_races.race import RaceOptions, load_race_inputs, run_race

REPO = Path(__file__).resolve().parents[4]
CHARIOT = REPO / "vehicles/frothy-races/basic-chariot.yaml"
PLAUSIBLE = {"bogwater-bowl": 45, "tanners-twist": 45, "tin-plate-loop": 24}
SEEDS = range(20)


def frothy_tracks() -> list[str]:
    found = []
    for path in sorted((REPO / "vehicles/tracks").glob("*.yaml")):
        if "game: frothy-races" in path.read_text(encoding="utf-8"):
            found.append(path.stem)
    return found


def test_every_shipped_frothy_track_has_a_bound() -> None:
    assert sorted(PLAUSIBLE) == frothy_tracks()


@pytest.mark.parametrize("track_name", sorted(PLAUSIBLE))
def test_careful_bot_finishes_two_laps_in_plausible_rounds(track_name: str) -> None:
    track, vehicles = load_race_inputs(REPO / f"vehicles/tracks/{track_name}.yaml", [CHARIOT])
    results = [run_race(track, vehicles, bots="careful", seed=seed,
                        options=RaceOptions(laps=2)).vehicles[0] for seed in SEEDS]
    finished = [r.rounds for r in results if r.finished]
    assert len(finished) >= len(SEEDS) // 2, [(r.finished, r.progress) for r in results]
    assert statistics.median(finished) <= PLAUSIBLE[track_name], finished
    assert min(finished) >= 8  # no teleporting: two laps cannot be driven in a few rounds


@pytest.mark.parametrize("track_name", sorted(PLAUSIBLE))
def test_careful_bot_beats_the_random_bot_by_a_wide_margin(track_name: str) -> None:
    track, vehicles = load_race_inputs(REPO / f"vehicles/tracks/{track_name}.yaml",
                                       [CHARIOT, CHARIOT])
    ahead = 0
    progress = {"careful": 0.0, "random": 0.0}
    for seed in SEEDS:
        bots = ["careful", "random"] if seed % 2 == 0 else ["random", "careful"]
        result = run_race(track, vehicles, bots=bots, seed=seed)
        by_bot = {v.bot: v for v in result.vehicles}
        ahead += by_bot["careful"].place < by_bot["random"].place
        for bot, vehicle in by_bot.items():
            progress[bot] += vehicle.progress / len(SEEDS)
    # A careful wreck still ranks below a random bot that is crawling round unwrecked, so
    # the places leave room for the careful bot's bad luck; the progress margin does not.
    assert ahead >= 0.7 * len(SEEDS)
    assert progress["careful"] >= progress["random"] + 0.4


def test_the_aggressive_bot_attacks_and_the_careful_bot_never_does() -> None:
    chariot = REPO / "vehicles/frothy-races/basic-chariot.yaml"
    track, vehicles = load_race_inputs(REPO / "vehicles/tracks/tin-plate-loop.yaml",
                                       [chariot] * 4)
    attacks = {}
    for bot in ("aggressive", "careful"):
        attacks[bot] = [e for seed in range(4)
                        for e in run_race(track, vehicles, bots=bot, seed=seed,
                                          options=RaceOptions(log_events=True)).events
                        if e["action"].endswith("attack")]
    assert len(attacks["aggressive"]) >= 4
    assert all(e["round"] > 1 for e in attacks["aggressive"])  # First Round Truce
    assert attacks["careful"] == []
