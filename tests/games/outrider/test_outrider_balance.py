"""The Outrider balance profile: each number against a closed form on a small case or a
seeded simulation of the whole duel against the field (5 standard errors: a false alarm about
once in a million checks); the 24 placements of the dice; the verdicts on the shipped
vehicles; ``paddock balance`` on Outrider files and its PDF pages read back."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import json
import math
import random
import re
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.balance.axes import AxisBook
from generator.balance.compare import compare
from generator.balance.hook import Matchup, Profile
from generator.commands.cli import main
from generator.games.outrider.balance import (
    ASSIGNMENT_EQUAL_WITHIN,
    AXES,
    AXES_FILE,
    EQUAL_WITHIN,
    RULES,
    SETTINGS,
    OutriderMeasures,
    profile,
)
from generator.games.outrider.balance_odds import covered_degrees
from generator.games.outrider.baseline import BASELINE_FILE, baseline
from generator.games.outrider.catalogues import outrider_data
from generator.games.outrider.model import SIDES, Arc, Vehicle
from generator.input.source import Mark
from generator.probability.dist import Die
from generator.probability.outrider import ManeuverType, contest_chance
from generator.project.loading import load
from tests.commands.test_balance_cli import read_pages
from tests.commands.test_cli import LINE
from tests.conftest import VEHICLES, rule_ids, shipped_files
from tests.games.outrider.battle.tables import vehicle

SIGMAS = 5.0
FIELD = (6, 8, 10, 12)
OUTRIDER = VEHICLES / "outrider"
Change = Callable[[dict[str, Any]], object]


def assert_mean(samples: list[float], exact: Fraction | float) -> None:
    n = len(samples)
    mean = sum(samples) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in samples) / (n - 1))
    assert abs(mean - float(exact)) <= SIGMAS * max(sd, 1e-12) / math.sqrt(n), (mean, exact)


@pytest.fixture
def build(tmp_path: Path) -> Callable[[Change], Vehicle]:
    """The baseline Linebacker changed by ``change``, written out, loaded and validated."""
    counter = iter(range(1000))

    def make(change: Change) -> Vehicle:
        data = copy.deepcopy(yaml.safe_load(BASELINE_FILE.read_text(encoding="utf-8")))
        change(data)
        path = tmp_path / f"vehicle-{next(counter)}.yaml"
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        loaded = load([path])
        assert not [f for f in loaded.findings if f.severity.value == "error"], loaded.findings
        model = loaded.definitions[0].model
        assert isinstance(model, Vehicle)
        return model

    return make


def bonuses(side: str, **values: int) -> Change:
    return lambda d: d["variants"][side].update(bonuses=values)


@cache
def shipped() -> dict[str, Profile]:
    loaded = load(shipped_files("outrider"))
    return {Path(d.path).name: profile(d.model) for d in loaded.definitions}


@cache
def baseline_profile() -> Profile:
    return profile(baseline())


def detail(p: Profile) -> OutriderMeasures:
    assert isinstance(p.detail, OutriderMeasures)
    return p.detail


# -- the data is complete -----------------------------------------------------------------


def test_every_axis_has_a_measure_and_every_rule_a_check() -> None:
    assert AXES.unmeasured() == []
    assert RULES.unchecked() == []
    for axis in AXES:
        side = axis.params.get("side")
        assert side is None or side in SIDES, axis.id
    faces = outrider_data().faces
    assert {faces[f].type for f in SETTINGS.chains.values()} == {"straight", "turn"}


# -- closed forms on small cases ----------------------------------------------------------


def test_dice_axes_read_the_catalogue() -> None:
    values = baseline_profile().values
    assert (values["action_points"], values["skill_points"]) == (4, 10)  # d8 engine, d10 driver


def test_initiative_against_the_field_is_the_mean_of_four_duels() -> None:
    # Big Horn: d6 engine, no Acceleration. Against d6 a coin flip; against a larger die the
    # d6 must roll strictly higher: sum_a (a - 1) / (6n) = 15 / (6n).
    big_horn = shipped()["big-horn.yaml"]
    expected = (Fraction(1, 2) + Fraction(15, 48) + Fraction(15, 60) + Fraction(15, 72)) / 4
    assert big_horn.values["initiative_narrow"] == expected


def test_a_control_check_mixes_the_rounds_with_and_without_the_speedometer() -> None:
    m = detail(shipped()["big-horn.yaml"])  # d10 driver, no Handling
    p = m.initiative("narrow")
    for t in (4, 8, 11, 12):
        with_speedometer = Fraction(max(0, min(10, 10 - (t - 1) + 1)), 10)
        without = Fraction(max(0, min(10, 10 - t + 1)), 10)
        assert m.control("narrow", t).success == p * with_speedometer + (1 - p) * without
    assert m.control("narrow", 11).success == p * Fraction(1, 10)  # needs a 10 and the +1
    assert m.control("narrow", 12).success == 0


def test_the_rule_of_four_caps_handling_and_equipment() -> None:
    # Chrome Outlaw's narrow side: Handling 2 + Racing Harness 2 = 4, the cap; d12 driver.
    m = detail(shipped()["chrome-outlaw.yaml"])
    assert m.control("narrow", 5).success == 1
    p = m.initiative("narrow")
    assert m.control("narrow", 16).success == p * Fraction(2, 12) + (1 - p) * Fraction(1, 12)
    assert m.control("narrow", 17).success == p * Fraction(1, 12)


def test_hits_to_wreck_are_six_tokens_over_the_chance_a_hit_damages() -> None:
    m = detail(baseline_profile())
    for side, weapon in itertools.product(SIDES, FIELD):
        assert m.hits_to_wreck(side, weapon) == 6 / m.damaged_by(side, weapon)


def rams_by_recursion(win: Fraction, tokens: int = 6) -> Fraction:
    """E(d) = 1 + win E(d + 1) + (1 - win) E(d + 2), E = 0 from ``tokens`` on."""
    expected = [Fraction(0)] * (tokens + 2)
    for level in range(tokens - 1, -1, -1):
        expected[level] = 1 + win * expected[level + 1] + (1 - win) * expected[level + 2]
    return expected[0]


def test_collisions_to_wreck_follow_the_damage_of_each_result() -> None:
    for name in ("iron-curtain.yaml", "rattler.yaml"):
        crash = detail(shipped()[name]).collisions("narrow")
        assert crash.rams == rams_by_recursion(crash.win)
        assert crash.incidentals == 6 / (1 - crash.win)


def test_a_stopped_field_vehicle_gives_our_attack_and_our_ram_1_past_the_rule_of_four(
        ) -> None:
    """7.4 Superior Motion and 6.3-6.4: against a stopped vehicle the attacker, and the
    ramming vehicle, add 1 outside the rule of four, and a stopped defender has no superior
    initiative; the settings' ``moving: false`` plays the field stopped. Juggernaut's narrow
    side: d8 engine (Acceleration 2, initiative +2), d10 armour with Defense 4 (the cap),
    d12 weapon fire-linked with Firepower 2 + 2 (capped at 4)."""
    juggernaut = vehicle("juggernaut")
    moving = OutriderMeasures(juggernaut)
    stopped = OutriderMeasures(juggernaut, settings=dataclasses.replace(SETTINGS, moving=False))
    # a collision with a field d6 armour: its engine is a d8, d10 or d12
    p = sum((moving.initiative_against("narrow", e) for e in (8, 10, 12)), Fraction(0)) / 3
    d10, d6 = Die.numbered(10), Die.numbered(6)

    def win(stopped_add: int) -> Fraction:
        won = contest_chance(d10, d6, add=4 + 1 + stopped_add, tie_break=(2,),
                             their_tie_break=(0,))
        lost = contest_chance(d10, d6, add=4 + stopped_add, their_add=1, tie_break=(2,),
                              their_tie_break=(0,))
        return p * won + (1 - p) * lost

    assert moving.collision_against("narrow", 6) == win(0)
    assert stopped.collision_against("narrow", 6) == win(1) > win(0)
    assert stopped.collisions("narrow").win > moving.collisions("narrow").win
    # an attack on a stopped field d8 armour after losing the duel: the field holds the
    # Speedometer (+1) but has no superior initiative; we add 4 + 1
    hits = sum(1 for w in range(2, 13) for a in range(1, 9) if w + 4 + 1 >= a + 1)
    assert stopped.attack_when("narrow", 8, False) == Fraction(hits, 12 * 8)


def test_the_loss_of_control_chart_takes_the_speedometer_in_the_rounds_it_is_held() -> None:
    """4.3 Lucky (+1 to ALL die rolls this round), as the battle engine reads the 5.7 chart:
    Iron Curtain's d10 DRIVER die shows Panic Brake on 1-3, on 1-2 with the Speedometer, held
    in the rounds the narrow side wins the duel."""
    m = OutriderMeasures(vehicle("iron-curtain"))
    p = m.initiative("narrow")
    chart = m.loss_of_control(ManeuverType.STRAIGHT)
    assert chart["panic_brake"] == p * Fraction(2, 10) + (1 - p) * Fraction(3, 10)
    assert chart["regain_control"] == 1 - chart["panic_brake"]


@pytest.mark.parametrize(("arcs", "degrees"), [
    ([("front", "fixed")], 10),
    ([("front", "fixed"), ("front", "fixed")], 10),          # a fire-linked pair: one cone
    ([("front", "articulated"), ("front", "fixed")], 90),    # the fixed arc lies inside
    ([("front", "articulated"), ("rear", "articulated")], 180),
    ([("front", "articulated"), ("left", "articulated")], 180),  # touching, not overlapping
    ([("front", "fixed"), ("rear", "fixed"), ("left", "articulated")], 110),
])
def test_arc_coverage_is_the_union_of_cones(arcs: list[tuple[str, str]], degrees: int) -> None:
    parsed = [Arc("primary", facing, mount) for facing, mount in arcs]
    assert covered_degrees(parsed, {"fixed": 10, "articulated": 90}) == degrees


def test_chains_cost_their_cards_and_stop_at_the_engine() -> None:
    m = detail(shipped()["big-horn.yaml"])  # d6 engine: 3 AP
    assert m.chain("narrow", "turn", 3) == m.control("narrow", 6).success  # 3 x Right (2)
    assert m.chain("narrow", "straight", 3) == m.control("narrow", 3).success
    assert m.chain("narrow", "straight", 4) is None


# -- a seeded simulation of the duel against the field -----------------------------------


class Duel:
    """One round against a field vehicle, rolled with real dice: the rulebook restated."""

    def __init__(self, rng: random.Random, m: OutriderMeasures, side: str) -> None:
        self.rng, self.m = rng, m
        self.s = m.sides[side]

    def roll(self, sides: int) -> int:
        return self.rng.randint(1, sides)

    def opponent(self, **known: int) -> dict[str, int]:
        """A field placement, drawn until it has the ``known`` dice (rejection sampling)."""
        while True:
            placed = dict(zip(("engine", "driver", "armor", "weapon"),
                              self.rng.sample(FIELD, 4), strict=True))
            if all(placed[k] == v for k, v in known.items()):
                return placed

    def contest(self, mine: int, add: int, tie: int, theirs: int, their_add: int) -> bool:
        """An opposed roll, re-rolled until the totals, the dice and ``tie`` decide it."""
        while True:
            a, b = self.roll(mine) + add, self.roll(theirs) + their_add
            if a != b:
                return a > b
            if mine != theirs:
                return mine > theirs
            if tie:
                return tie > 0

    def initiative(self, engine: int) -> bool:
        return self.contest(self.m.engine, min(self.s.initiative, 4), self.s.acceleration,
                            engine, 0)

    def control(self, difficulty: int) -> bool:
        won = self.initiative(self.opponent()["engine"])
        return self.roll(self.m.driver) + min(self.s.control, 4) + won >= difficulty

    def attack(self, armour: int) -> bool:
        won = self.initiative(self.opponent(armor=armour)["engine"])
        weapon = self.roll(self.m.weapon)
        total = weapon + min(self.s.attack + self.s.fire_linked, 4) + won
        defence = self.roll(armour) + min(0 + (not won), 4) + (not won)
        return weapon != 1 and total >= defence

    def damaged(self, weapon: int) -> bool:
        won = self.initiative(self.opponent(weapon=weapon)["engine"])
        hit = self.roll(weapon)
        defence = self.roll(self.m.armour) + min(self.s.defense + won, 4) + won
        return hit != 1 and hit + (not won) >= defence

    def collision(self) -> bool:
        field = self.opponent()
        won = self.initiative(field["engine"])
        return self.contest(self.m.armour, min(self.s.defense, 4) + won,
                            self.s.defense_characteristic, field["armor"], int(not won))


def test_attacks_and_control_against_a_simulation() -> None:
    # Quick Draw's narrow side is fire-linked (+1) with Firepower 2; d10 engine, d8 driver.
    m = detail(shipped()["quick-draw.yaml"])
    duel = Duel(random.Random(61), m, "narrow")
    assert_mean([float(duel.attack(8)) for _ in range(20_000)], m.attack("narrow", 8))
    assert_mean([float(duel.control(8)) for _ in range(20_000)],
                m.control("narrow", 8).success)


def test_defence_and_collisions_against_a_simulation() -> None:
    # Long Haul's narrow side: Defense 2 + Cowcatcher 1, d12 armour, d6 engine.
    m = detail(shipped()["long-haul.yaml"])
    duel = Duel(random.Random(62), m, "narrow")
    assert_mean([float(duel.damaged(10)) for _ in range(20_000)], m.damaged_by("narrow", 10))
    assert_mean([float(duel.collision()) for _ in range(20_000)], m.collisions("narrow").win)

    def hits_until_wrecked() -> int:
        damage = hits = 0
        while damage < 6:
            hits += 1
            damage += duel.damaged(12)
        return hits

    assert_mean([hits_until_wrecked() for _ in range(2_000)], m.hits_to_wreck("narrow", 12))

    def rams_until_wrecked() -> int:
        damage = rams = 0
        while damage < 6:
            rams += 1
            damage += 1 if duel.collision() else 2
        return rams

    assert_mean([rams_until_wrecked() for _ in range(5_000)], m.collisions("narrow").rams)


# -- the 24 placements --------------------------------------------------------------------


def test_each_shipped_build_has_24_placements_and_none_dominates_another() -> None:
    for name, measured in shipped().items():
        m = detail(measured)
        study = m.assignments(AXES, ASSIGNMENT_EQUAL_WITHIN)
        assert len(set(study.placements)) == 24, name
        assert study.placements[study.own] == m.vehicle.equipment.as_tuple()
        assert study.values[study.own] == measured.values  # the same measures, the same dice
        assert study.pairs == () and len(study.front) == 24, name


def test_even_the_fastest_engine_bonus_leaves_every_placement_a_trade_off(
        build: Callable[[Change], Vehicle]) -> None:
    # The engine reaches the other rolls only through initiative; with Acceleration +2 and
    # +2 initiative equipment (the cap) that reach is at its longest, and still no placement
    # dominates another on the shipped axes (the note of OR-BAL-ASSIGNMENT-DOMINATED).
    def fastest(d: dict[str, Any]) -> None:
        d["variants"]["narrow"]["bonuses"]["acceleration"] = 2
        d["upgrades"] = [{"name": "Nitrous", "roll": "initiative", "bonus": 2}]

    study = OutriderMeasures(build(fastest)).assignments(AXES, ASSIGNMENT_EQUAL_WITHIN)
    assert study.pairs == ()


def attack_only(tmp_path: Path) -> AxisBook[OutriderMeasures]:
    """The shipped axes file cut down to the narrow side's attack axes, same measures."""
    raw = yaml.safe_load(AXES_FILE.read_text(encoding="utf-8"))
    raw["axes"] = [a for a in raw["axes"] if a["id"].startswith("attack_narrow")]
    path = tmp_path / "axes.yaml"
    path.write_text(yaml.safe_dump(raw), encoding="utf-8")
    book: AxisBook[OutriderMeasures] = AxisBook(path)
    book.measures.update({a.id: AXES.measures[a.id] for a in book})
    return book


def findings(subject: Profile, book: AxisBook[Any]) -> dict[str, Any]:
    matchup = Matchup(subject, baseline_profile(), book)
    found = list(RULES.run(matchup, lambda path: Mark(".".join(map(str, path)), 1, 1)))
    return {f.rule: f for f in found}


def test_a_placement_beaten_on_every_axis_is_a_warning(tmp_path: Path) -> None:
    # Judged on the attack axes alone, the Linebacker's d6 weapon is a waste: every
    # placement with a larger weapon, or the d6 behind a larger engine (more Speedometers),
    # hits harder; only the d6-engine placements and its own twin (driver and armour
    # swapped, the same attacks) do not.
    book = attack_only(tmp_path)
    found = findings(baseline_profile(), book)
    finding = found["OR-BAL-ASSIGNMENT-DOMINATED"]
    assert finding.severity.value == "warning"
    assert finding.mark.file == "equipment"  # the finding points at the equipment block
    study = detail(baseline_profile()).assignments(book, ASSIGNMENT_EQUAL_WITHIN)
    beaters = study.dominated_by(study.own)
    assert {study.placements[i][3] for i in beaters} >= {8, 10, 12}
    assert all(study.placements[i][0] > 8 for i in beaters if study.placements[i][3] == 6)
    assert finding.message.startswith(
        "Iron Curtain places its dice engine d8, driver d10, armor d12, weapon d6, but "
        f"{len(beaters)} other placements are at least as good on all 4 axes; ")
    # The hint moves the fewest dice among those better on all four axes: a swap of two.
    # Weapon with engine and weapon with armour tie; the first in placement order wins.
    assert finding.message.endswith("engine d6, driver d10, armor d12, weapon d8 is better on "
                                    "4: Narrow damage vs d6, Narrow damage vs d8, Narrow damage "
                                    "vs d10, Narrow damage vs d12")
    assert finding.hint == "place the dice engine d6, driver d10, armor d12, weapon d8, or " \
                           "give this placement an axis it wins"


def test_the_placement_study_agrees_with_compare(tmp_path: Path) -> None:
    study = detail(baseline_profile()).assignments(attack_only(tmp_path), 0.01)
    book_axes = [AXES[a] for a in study.values[0]]
    for a, b in itertools.permutations(range(24), 2):
        dominates = compare(book_axes, study.values[a], study.values[b], 0.01).dominates
        assert dominates == ((a, b) in study.pairs)
    assert set(study.front) == set(range(24)) - {b for _, b in study.pairs}


# -- verdicts -----------------------------------------------------------------------------


def verdicts(vehicle: Vehicle) -> set[str]:
    return set(findings(profile(vehicle), AXES))


def test_more_firepower_dominates_and_less_handling_is_dominated(
        build: Callable[[Change], Vehicle]) -> None:
    def more_firepower(d: dict[str, Any]) -> None:
        for side in SIDES:
            d["variants"][side]["bonuses"]["firepower"] = 1

    assert verdicts(build(more_firepower)) == {"OR-BAL-DOMINATES"}
    assert verdicts(build(bonuses("wide", defense=1))) == {"OR-BAL-DOMINATED"}
    assert verdicts(baseline()) == {"OR-BAL-TRADEOFFS"}


def test_no_shipped_vehicle_dominates_or_is_dominated_by_the_baseline() -> None:
    base = baseline_profile()
    for name, measured in shipped().items():
        found = compare(AXES.axes, measured.values, base.values, EQUAL_WITHIN)
        assert not found.dominates and not found.dominated, name
        assert measured.unmeasured == ()
    assert shipped()["iron-curtain.yaml"].values == base.values


def test_paddock_check_never_prints_balance_findings() -> None:
    loaded = load(shipped_files("outrider"))
    assert not {r for r in rule_ids(loaded.findings) if r.startswith("OR-BAL")}


# -- paddock balance ----------------------------------------------------------------------


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(args)
    return code, capsys.readouterr().out


def matched(out: str) -> Iterator[Any]:
    return (m for m in map(LINE.match, out.splitlines()) if m)


def test_balance_of_the_shipped_outrider_vehicles(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "report.pdf"
    code, out = run(["balance", str(OUTRIDER / "rattler.yaml"), str(OUTRIDER / "long-haul.yaml"),
                     "-o", str(pdf)], capsys)
    assert code == 0
    assert "Outrider: 2 builds against Iron Curtain (shipped baseline)" in out
    assert {(m["sev"], m["rule"]) for m in matched(out)} == {("info", "OR-BAL-TRADEOFFS")}
    assert re.search(r"\n  \+ Skill Points +\S+ +\S+  SP +higher\n", out)
    assert out.rstrip().endswith("0 errors, 0 warnings, 2 info in 2 files")

    pages = read_pages(pdf)
    text = " ".join(page.text for page in pages)
    for expected in ("Outrider: 2 builds against Iron Curtain", "Dice and sides",
                     "Initiative won against each engine die", "Control checks",
                     "When control is lost", "Damage chance against each armour die",
                     "Hits to wreck from each weapon die", "Collisions with a field vehicle",
                     "The 24 ways to place the dice", "Every placement",
                     "24 of the 24 placements are on the Pareto front",
                     "Where each build's dice sit among their 24 placements",
                     "How the numbers are made"):
        assert expected in text, expected
    assert all(page.images == 0 for page in pages)  # charts are vectors
    chart = next(p for p in pages if "Each placement against this build's own" in p.text)
    assert chart.drawn > 40
    for page in pages:
        for char in page.chars:
            size = char["size"] if char["upright"] else char["width"]
            assert size >= 6.0, (char["page_number"], char["text"], size)


def test_balance_against_another_outrider_file(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["balance", str(OUTRIDER / "rattler.yaml"), "--against",
                     str(OUTRIDER / "chrome-outlaw.yaml"), "--format", "json", "-o",
                     str(tmp_path / "r.pdf")], capsys)
    assert code == 0
    (rattler,) = json.loads(out)["profiles"]
    assert rattler["game"] == "outrider" and rattler["baseline"] == "Chrome Outlaw"
    assert rattler["axes"]["action_points"] == {"value": 5.0, "baseline": 4.0, "shown": "5",
                                                "better": "higher", "standing": "better"}


def test_rules_lists_the_outrider_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(["rules", "outrider"], capsys)[1]
    for rule in ("OR-BAL-DOMINATES", "OR-BAL-DOMINATED", "OR-BAL-ASSIGNMENT-DOMINATED"):
        assert f"{rule} " in out and "Outrider, 2." in out
