"""The Joyride balance profile: exact values checked by hand, each measured effect moving its
axis (and only through a matching timing light), toggleable and permanent abilities, what is
not measured, the verdicts on small cars and the shipped ones, and ``paddock balance``."""

from __future__ import annotations

import copy
import itertools
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.balance.report import Chart, Table
from generator.commands.balance.document import report_content
from generator.commands.balance.run import run_balance
from generator.commands.cli import main
from generator.games.joyride.balance import (
    AXES,
    JoyrideMeasures,
    lock_chances,
    profile,
    roll_chances,
)
from generator.games.joyride.model import CAR_SCHEMA, Ability, Car
from generator.games.joyride.standard import BASELINE_FILE, baseline, standard_abilities
from generator.input.schema import Validation
from generator.input.source import parse_document
from generator.project.loading import load
from generator.text.templates import TextTemplates
from tests.conftest import VEHICLES, check_file

KIT = VEHICLES / "joyride"
CARS = sorted(KIT.glob("*.yaml"))


def plain_ability(name: str, timing: list[str], *measured: dict[str, Any],
                  **more: Any) -> dict[str, Any]:
    found = {"name": name, "timing": timing, "effect": f"{name} does its thing.", **more}
    if measured:
        found["balance"] = list(measured)
    return found


def own_name(ability: Ability) -> dict[str, Any]:
    """A standard ability described under a name of the car's own (a unique set may not
    reuse a standard one: JR-ABILITY-MIX)."""
    return plain_ability(f"Own {ability.name}", list(ability.timing),
                         *({"effect": m.effect, "amount": m.amount} for m in ability.balance))


NOTHING = [plain_ability(f"Idle {i}", ["end"]) for i in range(1, 4)]


def car_data(*abilities: Any) -> dict[str, Any]:
    """The baseline's file with another unique set (three idle abilities unless given)."""
    data: dict[str, Any] = yaml.safe_load(BASELINE_FILE.read_text(encoding="utf-8"))
    data["abilities"] = list(abilities) + copy.deepcopy(NOTHING)[len(abilities):]
    return data


def car(*abilities: Any) -> Car:
    """The baseline's dashboard with this unique set, read through the car schema."""
    text = yaml.safe_dump(car_data(*abilities), sort_keys=False)
    validation = Validation(source="test")
    found = CAR_SCHEMA.validate(parse_document(text, "car.yaml").root, (), validation)
    assert not validation.findings, validation.findings
    assert isinstance(found, Car)
    return found


def measured(*abilities: Any) -> dict[str, Any]:
    """The axis values of that car."""
    return dict(JoyrideMeasures(car(*abilities)).values)


def hand_lock(gear: int, target: int) -> Fraction:
    """The chance of locking exactly ``target`` from ``gear`` dice, by brute force over
    every face and every non-empty subset (no ability)."""
    rolls = list(itertools.product((1, 2, 3), repeat=gear))
    hits = sum(any(sum(s) == target for n in range(1, gear + 1)
                   for s in itertools.combinations(roll, n)) for roll in rolls)
    return Fraction(hits, len(rolls))


def test_every_axis_has_a_measure() -> None:
    assert AXES.unmeasured() == []


def test_a_set_with_nothing_measured_is_the_bare_game() -> None:
    values = measured()
    assert values["top_speed"] == 10                      # five dice of mean 2
    assert values["exact_roll"] == Fraction(1, 5)         # 2d3 hits each of 2-6: 9/9 over 5
    assert values["exact_lock"] == sum(hand_lock(3, t) for t in range(1, 7)) / 6
    assert hand_lock(3, 1) == Fraction(19, 27)            # at least one 1 of three dice
    assert (values["turns_to_top_gear"], values["brake_gears"]) == (3, 1)
    assert (values["steers"], values["sharpest_turn"]) == (1, 60)
    assert values["damage_before_gear_loss"] == 5         # 3 locked + 2 item damage slots


def test_the_baseline_with_the_standard_set() -> None:
    values = profile(baseline()).values
    assert values["top_speed"] == 10 and values["exact_roll"] == Fraction(1, 5)
    assert (values["turns_to_top_gear"], values["brake_gears"]) == (2, 2)  # Gear Master
    assert values["sharpest_turn"] == 120                                    # Handbrake Turn
    assert values["exact_lock"] > measured()["exact_lock"]                   # Precision
    assert profile(baseline()).unmeasured == ()


def test_exact_chances_by_hand() -> None:
    assert lock_chances(1, (1, 2, 3), 0, 0, 4) == (Fraction(1, 3),) * 3
    assert lock_chances(1, (1, 2, 3, 4), 1, 0, 4) == (1, 1, 1, 0)   # any face, not a 4
    assert lock_chances(2, (4,), 0, 0, 2) == (Fraction(3, 9),)      # 1+3, 3+1 or 2+2
    assert lock_chances(2, (4,), 0, 0, 1) == (0,)                   # one slot: one die
    # a 2 needs a double 1 (1/9) or a 1 kept and the other die rerolled to a 1
    assert roll_chances(2, (2,), 1, 0) == (Fraction(1, 9) + Fraction(4, 9) * Fraction(1, 3),)
    assert roll_chances(2, (2, 6), 0, 1) == (Fraction(3, 9), Fraction(3, 9))


@pytest.mark.parametrize(("effect", "timing", "changes"), [
    ("extra_die", ["roll"], {"top_speed": 12}),
    ("adjust_move", ["roll"], {"top_speed": 11, "exact_roll": Fraction(5, 9)}),
    # by hand, targets 2-6: 7/27, 12/27, 15/27, 12/27, 7/27 (see test_exact_chances_by_hand)
    ("reroll", ["roll"], {"exact_roll": Fraction(7 + 12 + 15 + 12 + 7, 27 * 5)}),
    ("choose_face", ["start"], {"exact_lock": None}),
    ("shift_up", ["shift"], {"turns_to_top_gear": 2}),
    ("shift_down", ["shift"], {"brake_gears": 2}),
    ("extra_steer", ["lock", "roll"], {"steers": 2, "sharpest_turn": 120}),
    ("sharp_steer", ["lock"], {"sharpest_turn": 120}),
    ("repair", ["end"], {"damage_before_gear_loss": 6}),
])
def test_each_effect_moves_its_axes_and_nothing_else(effect: str, timing: list[str],
                                                     changes: dict[str, Any]) -> None:
    bare = measured()
    lit = measured(plain_ability("Trick", timing, {"effect": effect}))
    assert {a for a in bare if bare[a] != lit[a]} == set(changes)
    for axis, value in changes.items():
        assert value is None or lit[axis] == value, axis


@pytest.mark.parametrize("effect", ["extra_die", "adjust_move", "reroll", "choose_face",
                                    "shift_up", "shift_down", "extra_steer", "sharp_steer"])
def test_an_effect_counts_only_at_a_step_it_acts_at(effect: str) -> None:
    assert measured(plain_ability("Mistimed", ["end"], {"effect": effect})) == measured()


def test_permanent_shifts_work_every_turn_and_others_once() -> None:
    once = measured(plain_ability("Kick", ["shift"], {"effect": "shift_up", "amount": 2}))
    every = measured(plain_ability("Turbo", ["shift"], {"effect": "shift_up"},
                                   mode="permanent"))
    assert once["turns_to_top_gear"] == 1 and every["turns_to_top_gear"] == 2


def test_a_toggleable_token_gives_the_better_side_on_each_axis_one_side_a_turn() -> None:
    hairpin = plain_ability("Hairpin", ["lock", "roll"], {"effect": "sharp_steer"})
    feather = plain_ability("Feather", ["roll"], {"effect": "adjust_move"})
    toggle = {**hairpin, "mode": "toggleable", "other_side": feather}
    values, one, other = measured(toggle), measured(hairpin), measured(feather)
    assert values["sharpest_turn"] == 120 and values["top_speed"] == 11
    for axis in AXES:
        sides = (one[axis.id], other[axis.id])
        assert values[axis.id] == (max(sides) if axis.higher_is_better else min(sides))


def test_abilities_no_axis_reads_are_listed_as_not_measured() -> None:
    sunburst = check_file(KIT / "sunburst.yaml", templates=False).definitions[0].model
    assert profile(sunburst).unmeasured == ("Sticky Fingers", "Ram Raider")
    mistimed = car(plain_ability("Mistimed", ["end"], {"effect": "extra_die"}))
    assert profile(mistimed).unmeasured == ("Mistimed", "Idle 2", "Idle 3")


def write(tmp_path: Path, data: dict[str, Any], name: str = "car.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def verdict(tmp_path: Path, *abilities: Any) -> tuple[str, str, str]:
    data = car_data(*abilities)
    data["name"] = "Subject"
    run = run_balance(load([write(tmp_path, data)]))
    (measured_build,) = run.measured
    (finding,) = measured_build.findings
    return measured_build.verdict, finding.rule, finding.message


def test_a_set_better_everywhere_dominates_and_one_with_nothing_is_dominated(
        tmp_path: Path) -> None:
    better = plain_ability("Hotshot", ["lock", "roll"], {"effect": "sharp_steer"},
                           {"effect": "extra_die"})
    found = verdict(tmp_path, *(own_name(ability) for ability in standard_abilities()[:2]),
                    better)
    assert found[:2] == ("dominates", "JR-BAL-DOMINATES")
    assert "likely overpowered" in found[2]
    found = verdict(tmp_path)
    assert found[:2] == ("dominated", "JR-BAL-DOMINATED")
    assert found[2].endswith("(not measured: Idle 1, Idle 2, Idle 3)")
    found = verdict(tmp_path, *(own_name(ability) for ability in standard_abilities()))
    assert found == ("matches", "JR-BAL-TRADEOFFS",
                     "Subject matches Standard Issue on all 8 measured axes")


def test_the_shipped_cars_are_all_trade_offs(tmp_path: Path) -> None:
    run = run_balance(load([KIT]))
    verdicts = {m.profile.name: m.verdict for m in run.measured}
    assert verdicts == {"Blue Streak": "trade-offs", "Rust Bucket": "trade-offs",
                        "Sunburst": "trade-offs", "Verdigris": "trade-offs"}
    assert {f.rule for f in run.findings} == {"JR-BAL-TRADEOFFS"}
    assert [reason for path, reason in run.skipped] == ["item files have no balance profile"]


def test_the_report_has_the_joyride_pages(tmp_path: Path) -> None:
    run = run_balance(load([KIT / "verdigris.yaml"]))
    content = report_content(run, TextTemplates())
    titles = [s.title for s in content.sections]
    assert "Every unique set" in titles and "How the Joyride numbers are made" in titles
    (unique,) = [s for s in content.sections if s.title == "The unique set"]
    table = next(b for b in unique.blocks if isinstance(b, Table))
    assert [row[0] for row in table.rows] == ["Drift King", "Hairpin", "Feathered Throttle",
                                             "Clutch Dump"]
    assert table.rows[1][4].startswith("either side: ")
    charts = [b for b in unique.blocks if isinstance(b, Chart)]
    assert [c.categories for c in charts] == [("1", "2", "3", "4", "5", "6"),
                                              ("2", "3", "4", "5", "6")]


def test_paddock_balance_for_joyride(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                     ) -> None:
    report = tmp_path / "balance.pdf"
    code = main(["balance", str(KIT), "-o", str(report), "--format", "json", "--strict"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and report.is_file() and out["report"] == str(report)
    verdicts = {p["name"]: p["verdict"] for p in out["profiles"]}
    assert set(verdicts) == {"Blue Streak", "Rust Bucket", "Sunburst", "Verdigris"}
    blue = next(p for p in out["profiles"] if p["name"] == "Blue Streak")
    assert blue["axes"]["top_speed"]["value"] == 12.0 and blue["unmeasured"] == ["Glass Jaw"]
    code = main(["balance", str(KIT / "sunburst.yaml"), "--against",
                 str(KIT / "verdigris.yaml"), "-o", str(report)])
    text = capsys.readouterr().out
    assert code == 0 and "Sunburst  " in text and "against Verdigris" in text

