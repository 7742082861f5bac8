"""The planning driver near its own optimum, and the issue's two-car figures (small seeded
samples here; bench/race_planner.py runs 500 races of each)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from generator.games.frothy_races.race import RaceOptions, load_race_inputs, run_race
from generator.games.frothy_races.race.audit import AuditedRace, sample
from generator.games.frothy_races.race.course import UNREACHABLE, race_track
from generator.games.frothy_races.race.driver import STALLED, Planner, solo_optimum_of
from generator.games.frothy_races.race.engine import Car, Race
from generator.games.frothy_races.race.lookahead import in_the_way
from generator.games.frothy_races.race.planner_edges import (
    corridor,
    edge_table,
    edges_from,
    edges_of,
    moves_from,
)
from generator.games.frothy_races.race.styles import CAREFUL
from generator.tracks.hexgrid import FACINGS

REPO = Path(__file__).resolve().parents[4]
TRACKS = REPO / "vehicles" / "tracks"
CHARIOT = REPO / "vehicles" / "frothy-races" / "basic-chariot.yaml"
SHIPPED = ["bogwater-bowl", "tin-plate-loop", "tanners-twist"]
# The careful bot's rounds in a two-car race of the basic chariot against itself, two laps,
# before the planner (issue 24); the planner must need at least 20% fewer.
BEFORE = {"bogwater-bowl": 41.0, "tin-plate-loop": 21.6, "tanners-twist": 36.6}


@pytest.mark.parametrize("name", SHIPPED)
def test_a_time_trial_comes_within_ten_percent_of_the_solo_optimum(name: str) -> None:
    """The issue's check as it names it: the careful style alone, 500 seeded races (seeds
    1-500), the mean rounds of those that finish within 10% of the printed optimum. Measured
    (docs/racing.md): +2.1%, +4.6% and +6.1%."""
    track, vehicles = load_race_inputs(TRACKS / f"{name}.yaml", [CHARIOT])
    options = RaceOptions(laps=0)  # the track's own laps
    optimum = solo_optimum_of(track, vehicles[0], options, "careful")
    assert optimum is not None and optimum.wipe_out < 0.05  # 0.15-1.32%: most finish
    found = sample(track, vehicles, "careful", 500, options)
    assert found.finishers >= 450 and found.mean_rounds is not None  # 10% Wipe-outs at most
    assert abs(found.mean_rounds - optimum.rounds) <= 0.1 * optimum.rounds


@pytest.mark.parametrize("name", SHIPPED)
def test_the_basic_chariot_against_itself_wipes_out_rarely_and_drives_faster(
        name: str) -> None:
    """The issue's check on 200 seeded races (400 vehicle-races: a share of 5% is 20
    Wipe-outs, so the count can show the difference 30 races could not). Measured over
    500 (docs/racing.md): 1.2-2.8% now; Tanner's Twist was 5.8% (24 of the first 400)
    while the Speed Check read values that counted on a Whip the hand did not hold and
    did not see the other chariot in its way."""
    track, vehicles = load_race_inputs(TRACKS / f"{name}.yaml", [CHARIOT] * 2)
    found = sample(track, vehicles, "careful", 200, RaceOptions(laps=2))
    assert found.wipe_out <= 0.05
    assert found.mean_rounds is not None and found.mean_rounds <= 0.8 * BEFORE[name]


def at_rest(race: Race, car: Car, q: int, r: int, facing: int, speed: int) -> None:
    """Put ``car`` on the space (q, r), facing ``facing``, at ``speed``."""
    del race.occupant[car.hex]
    car.hex, car.facing = [tuple(h) for h in race.rt.hexes].index((q, r)), facing
    race.occupant[car.hex] = car.index
    race.set_speed(car, speed)


def test_a_hand_without_a_whip_is_driven_by_the_table_of_a_round_without_one() -> None:
    """A Whip spent comes back only at the end of the next round (Card Recovery). The
    table keeps each round's values without one: where phase 1 moves no space, the value
    before it is the value before phase 2 (with a Whip it can be less: a space more). At
    Tanner's Twist's hairpin the chariot at Speed 2 aims for Speed 4 with Whips in hand
    (phase 1 then whips a space and turns), and for no more than Speed 3 without."""
    track, vehicles = load_race_inputs(TRACKS / "tanners-twist.yaml", [CHARIOT])
    race = Race(track, vehicles, ["careful"], 1, RaceOptions(laps=2))
    car = race.cars[0]
    planner = car.bot
    assert isinstance(planner, Planner)
    table = planner.table(race, car)
    still = [v for v in range(table.speeds) if car.spec.moves[0][v] == 0]
    for stage in range(table.stages):
        for v in still:
            cut = slice(v * table.states, (v + 1) * table.states)
            assert table.plain[0][stage][0][cut] == table.plain[0][stage][1][cut]
    assert any(table.values[0][0][v * table.states + x] < table.values[0][1][v * table.states + x]
               for v in still for x in range(table.states))
    at_rest(race, car, 27, 0, 4, 2)
    assert planner.target_speed(race, car) == 4
    car.hand[0] = 0  # no Whip in hand
    assert planner.target_speed(race, car) <= 3
    choice = planner.weigh_checks(race, car)
    assert choice.whip == 0 and not (choice.accelerate and choice.reins == 0)


def test_a_kept_plan_is_keyed_by_every_whip_count_its_table_reads() -> None:
    """A kept plan is reused only where the plan would be weighed the same. The plan reads
    the table's layer for the Whips it may still play this round, up to the budget; the
    Ironhide Rhinodon's budget is 3, so hands of 2 and 3 Whips are weighed apart and must
    be kept apart. (Their key once capped the count at 2: a race then reused a plan made
    for the other hand, and its result hung on the races run before it in the process.)"""
    rhinodon = CHARIOT.with_name("ironhide-rhinodon.yaml")
    track, vehicles = load_race_inputs(TRACKS / "tanners-twist.yaml", [rhinodon])
    race = Race(track, vehicles, ["careful"], 1, RaceOptions())
    car = race.cars[0]
    planner = car.bot
    assert isinstance(planner, Planner) and planner.table(race, car).budget == 3
    at_rest(race, car, 27, 0, 4, 2)
    keys = {}
    for whips in (2, 3):
        car.hand[0] = whips
        assert planner.whips_left(race, car) == whips
        keys[whips] = planner.plan_key(race, car, 0, race.moves(car, 0), car.cards("whip"),
                                       True)
    assert keys[2] != keys[3]


def test_the_speed_check_does_not_run_into_a_vehicle_stopped_in_the_way() -> None:
    """Two chariots nose to tail at Tanner's Twist's hairpin, the one in front at Speed 0:
    every Speed whose spaces this round would carry the one behind into it, with no way
    round, is priced as that collision (a Rear-End of the difference of the Speeds), so
    it holds back; with the other out of its way it accelerates."""
    track, vehicles = load_race_inputs(TRACKS / "tanners-twist.yaml", [CHARIOT] * 2)
    race = Race(track, vehicles, ["careful"] * 2, 1, RaceOptions(laps=2))
    behind, ahead = race.cars
    at_rest(race, behind, 27, 1, 4, 2)
    at_rest(race, ahead, 27, 0, 4, 0)
    planner = behind.bot
    assert isinstance(planner, Planner)
    way = in_the_way(race, behind, CAREFUL)
    assert way[:3] == (0.0, 0.0, 0.0)  # Speeds 0-2: a space in phase 1, and it moves first
    assert all(price > 10 for price in way[3:])
    assert in_the_way(race, ahead, CAREFUL) == ()  # nothing ahead of the leader
    held = planner.weigh_checks(race, behind, way)
    assert not held.accelerate and held.whip == 0
    assert race.speed_after(behind, True, [2, 4]) == [3, 4]
    assert planner.keep(race, behind, True, [2, 4]) == 2  # the lower Speed of the two
    at_rest(race, ahead, 20, 4, 1, 0)  # back on the grid, out of the way
    assert in_the_way(race, behind, CAREFUL) == ()
    assert planner.weigh_checks(race, behind).accelerate
    assert planner.keep(race, behind, True, [2, 4]) == 4


@pytest.mark.parametrize("name", SHIPPED)
def test_drifts_that_gain_nothing_and_stops_the_driver_chose_are_near_zero(name: str) -> None:
    """A Drift that leaves the vehicle no nearer is a last resort, and the driver never
    keeps Speed 0 when the dice it rolled allow a Speed the table rates better. Stops are
    counted apart by who chose them (``audit``): the table (Speed 0 rated best), the roll
    (every legal value of the dice rolled left it at 0 or no better: the chariot cannot
    hold Speed 2 by decelerating), or the driver against the table (none). The roll's are
    reported, not held near 0: the table has no hand of dice in its state."""
    track, vehicles = load_race_inputs(TRACKS / f"{name}.yaml", [CHARIOT] * 2)
    planner = sample(track, vehicles, "careful", 10, RaceOptions(laps=2))
    assert planner.pointless_drifts / planner.moves <= 0.01
    assert planner.chosen_stops == 0
    assert planner.needless_stops == planner.chosen_stops + planner.forced_stops
    forced = planner.forced_stops / planner.rounds
    print(f"{name}: stops forced by the roll {forced:.1%} of rounds, chosen by the table "
          f"{planner.table_stops / planner.rounds:.1%}, chosen against it 0")
    assert forced <= 0.25  # docs/racing.md quotes 500 races of each
    if name == "bogwater-bowl":
        heuristic = sample(track, vehicles, "racing-line", 10, RaceOptions(laps=2))
        assert heuristic.pointless_drifts / heuristic.moves > 0.05  # the count can see them
        assert planner.needless_stops / planner.rounds <= 0.08
        assert (planner.needless_stops / planner.rounds
                < heuristic.needless_stops / heuristic.rounds)


def test_a_stop_is_the_roll_s_only_when_the_dice_rolled_allowed_nothing_better() -> None:
    """The audit's own sorting, on the grid at Speed 0 (where the table rates Speed 2 far
    better than standing): dice whose legal values lead only to Speed 0 force the stop;
    dice that allowed Speed 2 make it the driver's choice against the table."""
    track, vehicles = load_race_inputs(TRACKS / "tin-plate-loop.yaml", [CHARIOT])
    race = AuditedRace(track, vehicles, ["careful"], 3, RaceOptions(laps=1))
    car = race.cars[0]
    race._allowed = [0]
    race.count_stop(car)
    assert (race.forced_stops, race.chosen_stops, race.table_stops) == (1, 0, 0)
    race._allowed = [0, 2]
    race.count_stop(car)
    assert (race.forced_stops, race.chosen_stops, race.table_stops) == (1, 1, 0)
    assert race.stops == 2


FIELD = ["basic-chariot", "bramblewick-goat-cart", "cogsworth-steam-carriage",
         "glimmering-orrery", "ironhide-rhinodon", "whisper-gig"]


def test_no_vehicle_stands_still_until_the_round_limit() -> None:
    """Six shipped vehicles on Bogwater Bowl: every one finishes or is wiped out. Before,
    the Whisper Gig stood at Speed 0 for the rest of the race in 23 of 40 such races (the
    table's plan was a Drift the driver refused), and vehicles spun to face a wall stayed
    there (the table sees no way on from there). One-lap races, twice as many (the same
    laps driven): a table is solved for each vehicle, race length and style, and
    test_race_driver_speed races four of these vehicles here for one lap, so their tables
    are solved once for both tests."""
    track, vehicles = load_race_inputs(TRACKS / "bogwater-bowl.yaml",
                                       [REPO / "vehicles" / "frothy-races" / f"{n}.yaml"
                                        for n in FIELD])
    longest = 0
    for seed in range(1, 17):
        result = run_race(track, vehicles, bots="careful", seed=seed,
                          options=RaceOptions(laps=1))
        assert [v.ended for v in result.vehicles if v.ended == "out of rounds"] == []
        longest = max(longest, result.rounds)
    assert longest < 30  # half the bound two laps had (18 at most, measured)


def test_a_vehicle_stood_still_facing_a_wall_chooses_a_check_that_moves_it() -> None:
    """Spun to face a wall at Speed 0, where the table rates every Speed alike (no way on
    without a collision to turn it): once it has stood still a whole round it plays the
    card that moves it, instead of the free check that leaves it standing."""
    track, vehicles = load_race_inputs(TRACKS / "bogwater-bowl.yaml", [CHARIOT])
    race = Race(track, vehicles, ["careful"], 1, RaceOptions(laps=2))
    car = race.cars[0]
    facing_wall = next(
        (h, f) for h in range(len(race.rt.hexes)) for f in range(0, FACINGS, 2)
        if race.rt.neighbours[h][f // 2] < 0 and race.remaining(0, h * FACINGS + f) >= UNREACHABLE
        and h not in race.occupant)
    del race.occupant[car.hex]
    car.hex, car.facing = facing_wall
    race.occupant[car.hex] = car.index
    assert car.speed == 0
    planner = car.bot
    assert isinstance(planner, Planner)
    first = planner.weigh_checks(race, car)
    car.idle = STALLED
    again = planner.weigh_checks(race, car)
    assert first.whip + first.reins == 0 and not first.accelerate
    assert again.accelerate and again.whip + again.reins >= 1


def test_the_edges_worked_out_at_once_are_the_edges_walked_one_at_a_time() -> None:
    """``edge_table`` (numpy, every state at once) gives exactly the edges ``moves_from``
    and ``edges_of`` walk one state and one walk at a time: the same rows in the same
    order (the order breaks ties in the table), on every stage's corridor of a shipped
    track with hazards, for every number of spaces a phase can move."""
    track, _ = load_race_inputs(TRACKS / "tanners-twist.yaml", [])
    rt = race_track(track)
    count = len(rt.hexes) * FACINGS
    for stage in range(len(rt.lines)):
        states = sorted(corridor(rt, stage))
        for spaces in range(1, 9):
            walked = edges_of(moves_from(rt, stage, spaces, states), states, count)
            at_once = edges_from(edge_table(rt, stage, spaces, states), states, count)
            for name in walked.__dataclass_fields__:
                assert np.array_equal(getattr(walked, name), getattr(at_once, name)), name


def test_a_tired_vehicle_with_no_cards_accelerates_on_stamina_s_reins() -> None:
    """Stamina Check Example: a tired vehicle checks 'as though they had played an
    additional 2 Reins cards', so with no card of its own it may still Accelerate. At
    rest on the grid, with an empty hand, the planner takes that (at rest, Decelerating
    leaves it standing); at full Stamina (no extra Reins) it must Decelerate."""
    track, vehicles = load_race_inputs(TRACKS / "bogwater-bowl.yaml", [CHARIOT])
    for stamina, accelerates in ((5, True), (10, False)):
        race = Race(track, vehicles, ["careful"], 1, RaceOptions(laps=2, stamina=True))
        car = race.cars[0]
        car.stamina = stamina
        car.hand = [0] * len(car.hand)
        assert car.speed == 0 and race.stamina_reins(car) == (2 if accelerates else 0)
        planner = car.bot
        assert isinstance(planner, Planner)
        choice = planner.weigh_checks(race, car)
        assert choice.whip + choice.reins == 0
        assert choice.accelerate is accelerates


@pytest.mark.parametrize("accelerate", [True, False])
def test_the_driver_weighs_a_negative_speed_check_value_as_the_engine_plays_it(
        accelerate: bool) -> None:
    """'+/- # Speed Check ... Modifier': a negative final value moves no box unless
    Cautious (accelerating) or Reckless (decelerating) turns it round, and then at most the
    '# Maximum' the other way (speeds.final_value). The Speeds the driver's Speed Check
    weighs (check_programs.check_speeds) end where the engine's exact odds say, roll by
    roll: with a -3 affect and no trait the vehicle at Speed 3 can only stay or move the
    chosen way; with the trait (1: -4 in all), the chance of turning round is the
    engine's."""
    import dataclasses

    from generator.games.frothy_races.race.check_programs import check_speeds
    from generator.games.frothy_races.race.speeds import reverse_limit
    from generator.games.frothy_races.race.vehicles import Affect

    name = ("+/- # Speed Check Acceleration Modifier" if accelerate
            else "+/- # Speed Check Deceleration Modifier")
    trait = "Cautious" if accelerate else "Reckless"
    track, vehicles = load_race_inputs(TRACKS / "bogwater-bowl.yaml", [CHARIOT])
    for turns_round in (False, True):
        race = Race(track, vehicles, ["careful"], 1, RaceOptions(laps=2))
        car = race.cars[0]
        race.set_speed(car, 3)
        race.apply_affect(car, Affect(name, -3))
        if turns_round:
            car.spec = dataclasses.replace(car.spec, traits=((trait, 1),) + car.spec.traits)
        whip, reins = (1, 0) if accelerate else (0, 1)
        rolls = check_speeds(car.spec, car.marker, accelerate, whip, reins,
                             car.accel_mod if accelerate else car.decel_mod,
                             car.max_accel if accelerate else car.max_decel,
                             car.max_speed, reverse_limit(car, accelerate))
        wrong_way = sum(p for p, ends in rolls
                        if all((v < 3) if accelerate else (v > 3) for v in ends))
        odds = dict(race.speed_odds(car, accelerate, whip, reins))
        engine = sum(p for v, p in odds.items() if ((v < 3) if accelerate else (v > 3)))
        assert wrong_way == pytest.approx(engine, abs=1e-12)
        assert (wrong_way > 0) is turns_round
