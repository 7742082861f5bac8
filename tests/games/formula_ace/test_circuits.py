"""Formula Ace circuits (kind: circuit): every rule of 6/ fires on a minimal bad circuit and is
silent on the shipped ones; the plan and the exact-size pages print; `paddock new` writes one."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.commands.cli import main
from generator.games.formula_ace.circuit_rules import RULES
from generator.input.findings import Severity
from tests.conftest import VEHICLES, check_file, rule_ids
from tests.pdf_geometry import MM, open_pdf

Change = Callable[[dict[str, Any]], object]
CIRCUITS = VEHICLES / "formula-ace" / "circuits"
LOOP = CIRCUITS / "crater-loop.yaml"
SPRINT = CIRCUITS / "canyon-sprint.yaml"


def loop_data() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(LOOP.read_text(encoding="utf-8"))
    return copy.deepcopy(data)


def write_circuit(folder: Path, change: Change | None = None,
                  source: Path = LOOP) -> Path:
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    if change is not None:
        change(data)
    path = folder / "circuit.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def gate(index: int, **sides: list[float]) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["gates"][index].update(sides)
    return change


def top(**values: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        data.update(values)
    return change


BAD_CASES: dict[str, tuple[Change, Path]] = {
    "FA-CIRCUIT-AREA": (top(ships=12, grid=[[80, 31]] * 12,
                            surface={"width": 100, "depth": 100}), LOOP),
    "FA-CIRCUIT-SURFACE": (top(surface={"width": 240, "depth": 150}), LOOP),
    "FA-CIRCUIT-WIDTH": (gate(0, left=[150, 45]), LOOP),
    "FA-CIRCUIT-SPACING": (gate(6, left=[170, 112.5], right=[170, 137.5]), LOOP),
    "FA-CIRCUIT-FIRST": (top(start={"left": [130, 37.5], "right": [130, 12.5]},
                             finish={"left": [130, 37.5], "right": [130, 12.5]}), LOOP),
    "FA-CIRCUIT-LAST": (top(finish={"left": [222, 54.5], "right": [222, 29.5]}), SPRINT),
    "FA-CIRCUIT-SIDES": (gate(0, left=[150, 12.5], right=[150, 37.5]), LOOP),
    "FA-CIRCUIT-CROSS": (gate(6, left=[156.7, 80], right=[156.7, 60]), LOOP),
    "FA-CIRCUIT-LAPS": (top(laps=2), SPRINT),
    "FA-CIRCUIT-OBSTACLE-SIZE": (top(obstacles=[{"at": [140, 128], "diameter": 8}]), LOOP),
    "FA-CIRCUIT-OBSTACLE-PLACE": (top(obstacles=[{"at": [140, 75], "diameter": 3}]), LOOP),
    "FA-CIRCUIT-GRID": (top(grid=[[80, 31], [110, 19]]), LOOP),
}


def test_every_circuit_rule_has_a_bad_case_and_a_check() -> None:
    assert set(BAD_CASES) == set(RULES.rules)
    assert RULES.unchecked() == []


@pytest.mark.parametrize("rule_id", sorted(BAD_CASES))
def test_circuit_rule_fires_on_its_minimal_bad_case(tmp_path: Path, rule_id: str) -> None:
    change, source = BAD_CASES[rule_id]
    findings = check_file(write_circuit(tmp_path, change, source)).findings
    fired = [f for f in findings if f.rule == rule_id]
    assert fired, f"{rule_id} did not fire; got {sorted(rule_ids(findings))}"
    for finding in fired:
        assert finding.severity is RULES[rule_id].severity
        assert finding.source == "Formula Ace Racing Pods, 6/ CIRCUIT CREATION"
        assert "{{" not in finding.message


@pytest.mark.parametrize("path", [LOOP, SPRINT], ids=lambda p: p.stem)
def test_shipped_circuits_are_clean(path: Path) -> None:
    loaded = check_file(path)
    assert loaded.findings == [] and len(loaded.definitions) == 1


def test_the_book_s_limits_themselves_are_allowed(tmp_path: Path) -> None:
    # Exactly 20 and 30 cm wide, beacons exactly 25 cm on: the book's 'between' includes them.
    def edges(data: dict[str, Any]) -> None:
        data["gates"][0] = {"left": [150, 42.5], "right": [150, 12.5]}   # 30 cm wide
        data["gates"][7] = {"left": [131.7, 117.5], "right": [131.7, 137.5]}  # 20 cm wide
    findings = check_file(write_circuit(tmp_path, edges)).findings
    assert "FA-CIRCUIT-WIDTH" not in rule_ids(findings)


def test_messages_give_the_measured_lengths(tmp_path: Path) -> None:
    findings = check_file(write_circuit(tmp_path, gate(0, left=[150, 45]))).findings
    (width,) = [f for f in findings if f.rule == "FA-CIRCUIT-WIDTH"]
    assert width.message == ("the circuit is 32.5 cm wide at gate 1; its width is between 20 "
                             "and 30 cm")
    assert width.severity is Severity.ERROR


def test_a_circuit_the_schema_refuses_cites_6(tmp_path: Path) -> None:
    findings = check_file(write_circuit(tmp_path, lambda d: d.pop("surface"))).findings
    (missing,) = [f for f in findings if f.rule == "SCHEMA-MISSING-KEY"]
    assert missing.source == "Formula Ace Racing Pods, 6/ CIRCUIT CREATION"


def test_a_length_just_past_a_limit_is_not_shown_as_the_limit(tmp_path: Path) -> None:
    # 19.96 cm is too narrow; rounded to a tenth it would read "20 cm", the limit itself.
    findings = check_file(write_circuit(tmp_path, gate(0, left=[150, 32.46]))).findings
    (width,) = [f for f in findings if f.rule == "FA-CIRCUIT-WIDTH"]
    assert width.message.startswith("the circuit is 19.96 cm wide at gate 1;")
    wide = top(obstacles=[{"at": [140, 128], "diameter": 5.04}])
    (size,) = check_file(write_circuit(tmp_path, wide)).findings
    assert size.message.startswith("obstacle 1 is 5.04 cm across;")


def test_a_point_below_zero_is_off_the_surface_not_a_format_error(tmp_path: Path) -> None:
    # Coordinates run from the surface's corner: one below 0 is a place off the surface.
    path = write_circuit(tmp_path, top(grid=[[80, 31], [80, 19], [65, 31], [-5, 19]]))
    (finding,) = check_file(path).findings
    assert finding.rule == "FA-CIRCUIT-SURFACE"
    assert finding.message.startswith("starting place 4 at [-5, 19] lies off the 280 by 150")
    line = path.read_text().splitlines()[finding.mark.line - 1]
    assert line.strip() == "- - -5"
    beacon = write_circuit(tmp_path, gate(3, right=[252.5, -0.5]))
    assert "FA-CIRCUIT-SURFACE" in rule_ids(check_file(beacon).findings)
    assert not [f for f in check_file(beacon).findings if f.rule.startswith("SCHEMA-")]


@pytest.mark.parametrize(("line", "source"), [("start", SPRINT), ("finish", SPRINT),
                                              ("start", LOOP)])
def test_a_start_or_finish_line_with_its_ends_swapped_breaks_the_sides(
        tmp_path: Path, line: str, source: Path) -> None:
    def swap(data: dict[str, Any]) -> None:
        ends = data[line]
        data[line] = {"left": ends["right"], "right": ends["left"]}
    path = write_circuit(tmp_path, swap, source)
    sides = [f for f in check_file(path).findings if f.rule == "FA-CIRCUIT-SIDES"]
    assert sides and f"the {line} line's left end is on the right" in sides[0].message
    assert path.read_text().splitlines()[sides[0].mark.line - 1].strip().startswith(
        (f"{line}:", "left:", "right:"))


def test_two_ships_cannot_share_a_starting_place(tmp_path: Path) -> None:
    path = write_circuit(tmp_path, top(grid=[[80, 31], [80, 19], [65, 31], [65, 31]]))
    (grid,) = [f for f in check_file(path).findings if f.rule == "FA-CIRCUIT-GRID"]
    assert grid.message == ("4 ships race and the grid has 3 starting places (4 written, "
                            "some on the same spot)")


def test_a_crossing_circuit_is_an_error(tmp_path: Path) -> None:
    change, source = BAD_CASES["FA-CIRCUIT-CROSS"]
    findings = check_file(write_circuit(tmp_path, change, source)).findings
    (cross,) = [f for f in findings if f.rule == "FA-CIRCUIT-CROSS"]
    assert "no beacon may make the circuit cross itself" in cross.message


def test_new_writes_a_circuit_that_checks_clean(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "formula-ace", "Dust Bowl", "--kind", "circuit"]) == 0
    target = tmp_path / "vehicles" / "formula-ace" / "circuits" / "dust-bowl.yaml"
    assert check_file(target).findings == []
    assert "kind: circuit" in target.read_text()


def test_a_build_prints_the_plan_and_the_exact_size_markers(tmp_path: Path) -> None:
    assert main(["build", str(LOOP), "-o", str(tmp_path / "out")]) == 0
    pdf = open_pdf(tmp_path / "out" / "formula-ace" / "crater-loop-circuit.pdf")
    plan = pdf.pages[0].extract_text()
    assert "Crater Loop: circuit plan" in plan and "1:" in plan and "L12" in plan
    # Lapped: the one line is labelled START / FINISH once, not a START printed over it.
    assert "START / FINISH" in plan and "SSTT" not in plan
    # The markers and the gauge start under the plan, where there is room for them.
    (markers,) = [page for page in pdf.pages if "Width gauge" in page.extract_text()]
    assert "O1" in markers.extract_text()
    beacons = [c for page in pdf.pages for c in page.curves
               if abs((c["x1"] - c["x0"]) / MM - 24.0) < 0.2]
    assert len(beacons) == 24  # a marker for each beacon of the 12 pairs, at exact size
    # The gauge's 20, 25 and 30 cm marks (the thick ticks) stand exactly 50 mm apart.
    thick = sorted({round(line["x0"] / MM, 2) for line in markers.lines
                    if abs(line["linewidth"] - 1.6) < 0.01})
    assert [round(b - a, 2) for a, b in zip(thick, thick[1:], strict=False)] == [50.0, 50.0]
    # An obstacle marker is its true diameter: 4 cm for obstacle 1.
    discs = sorted(round((c["x1"] - c["x0"]) / MM, 1) for c in markers.curves)
    assert 40.0 in discs


def test_an_obstacle_reaching_over_an_edge_is_out_of_place(tmp_path: Path) -> None:
    # 6/: obstacles stand in the middle of the circuit; the gate at x 150 runs from y 12.5
    # to 37.5, so a 4 cm disc centred 1 cm inside the left edge reaches 1 cm over it.
    over = top(obstacles=[{"at": [150, 36.5], "diameter": 4}])
    findings = check_file(write_circuit(tmp_path, over)).findings
    (place,) = [f for f in findings if f.rule == "FA-CIRCUIT-OBSTACLE-PLACE"]
    assert "reaches 1 cm over the circuit's left edge" in place.message
    assert place.severity is Severity.ERROR
    touching = top(obstacles=[{"at": [150, 35.4], "diameter": 4}])  # its rim just inside
    findings = check_file(write_circuit(tmp_path, touching)).findings
    assert "FA-CIRCUIT-OBSTACLE-PLACE" not in rule_ids(findings)


def test_lengths_may_be_written_with_their_unit(tmp_path: Path) -> None:
    # 6/ writes its lengths in cm ("2 to 5 cm"): "4 cm" and "140cm" read as 4 and 140.
    written = top(obstacles=[{"at": ["140cm", "128 cm"], "diameter": "4 cm"}])
    loaded = check_file(write_circuit(tmp_path, written))
    assert loaded.findings == []
    big = top(obstacles=[{"at": [140, 128], "diameter": "6 cm"}])
    (size,) = check_file(write_circuit(tmp_path, big)).findings
    assert size.rule == "FA-CIRCUIT-OBSTACLE-SIZE" and "is 6 cm across" in size.message
    for wrong in ("4 mm", "-4 cm"):
        bad = top(obstacles=[{"at": [140, 128], "diameter": wrong}])
        assert "SCHEMA-VALUE" in rule_ids(check_file(write_circuit(tmp_path, bad)).findings)


def test_obstacles_left_blank_are_none(tmp_path: Path) -> None:
    # 6/ makes obstacles optional: 'obstacles:' with nothing after it is none, as leaving
    # the key out is.
    loaded = check_file(write_circuit(tmp_path, top(obstacles=None)))
    assert loaded.findings == []
    assert loaded.definitions[0].model.obstacles == ()


@pytest.mark.parametrize("written", ["4 centimetres", "4 centimeters", "4 cm.", "4 cms",
                                     "4 Centimetre"])
def test_a_length_may_spell_its_unit_out(tmp_path: Path, written: str) -> None:
    # 1/ says the rules work in "centimetres": a length written so is that length.
    loaded = check_file(write_circuit(tmp_path, top(obstacles=[
        {"at": [140, "128 centimetres"], "diameter": written}])))
    assert loaded.findings == []
    assert loaded.definitions[0].model.obstacles[0].diameter == 4


@pytest.mark.parametrize("written", ["4 inches", "4 c", "4 cmm", "4 metres"])
def test_a_length_in_another_unit_is_still_refused(tmp_path: Path, written: str) -> None:
    bad = top(obstacles=[{"at": [140, 128], "diameter": written}])
    assert "SCHEMA-VALUE" in rule_ids(check_file(write_circuit(tmp_path, bad)).findings)
