"""``paddock check`` of a track by its race type (Frothy Races guide 3.6, Race Types & Play
Styles), one sentence at a time: an error for what the book sets up outright, a warning for
what it calls 'usually best', each at the line that breaks it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.input.findings import Finding, Severity
from tests.conftest import check_file
from tests.track_files import STRIP, write_track
from tests.tracks.test_track_rules import PURSUIT_CIRCUIT

# PURSUIT_CIRCUIT with its slot 2 moved beside slot 1: both at the top left.
SIDE_BY_SIDE = PURSUIT_CIRCUIT.replace("X1.=", "X12=").replace("...2X", "....X")


def findings(tmp_path: Path, map_text: str, **fields: Any) -> list[Finding]:
    fields.setdefault("players", 2)
    return check_file(write_track(tmp_path, map_text=map_text, **fields)).findings


def of(found: list[Finding], rule: str) -> list[Finding]:
    return [f for f in found if f.rule == rule]


def map_line(tmp_path: Path, finding: Finding) -> str:
    return (tmp_path / "track.yaml").read_text().splitlines()[finding.mark.line - 1]


def test_pursuit_two_vehicles_side_by_side_is_an_error_at_slot_2(tmp_path: Path) -> None:
    """Pursuit: 'each vehicle starts on the opposite sides': the race's set-up, as binding
    as its circuit, so an error (it was TRK-RACE-GRID's warning)."""
    found = findings(tmp_path, SIDE_BY_SIDE, race_type="Pursuit", slot_facings={})
    (bad,) = of(found, "TRK-PURSUIT-START")
    assert bad.severity is Severity.ERROR
    assert bad.message.startswith("starting slots 1 and 2 are 1 space apart; a Pursuit "
                                  "starts its two vehicles on opposite sides")
    line = map_line(tmp_path, bad)
    assert line[bad.mark.column - 1] == "2"
    assert of(found, "TRK-RACE-GRID") == []


def test_pursuit_from_opposite_sides_is_clean(tmp_path: Path) -> None:
    found = findings(tmp_path, PURSUIT_CIRCUIT, race_type="Pursuit", slot_facings={2: 9})
    assert [f for f in found if f.severity is Severity.ERROR] == []
    assert of(found, "TRK-PURSUIT-START") == []


def test_pursuit_reads_only_the_two_slots_it_races_from(tmp_path: Path) -> None:
    """Pursuit is for 2 vehicles only: slots 1 and 2. A third slot beside slot 1 (for
    the track's other races) is not the Pursuit's grid."""
    spare = PURSUIT_CIRCUIT.replace("X1.=", "X13=")
    found = findings(tmp_path, spare, race_type="Pursuit", slot_facings={2: 9})
    assert of(found, "TRK-PURSUIT-START") == []


def test_pursuit_is_for_two_vehicles_only(tmp_path: Path) -> None:
    found = findings(tmp_path, PURSUIT_CIRCUIT.replace("X..=", "X3.=", 1),
                     race_type="Pursuit", players="2-3", slot_facings={2: 9})
    (bad,) = of(found, "TRK-RACE-PLAYERS")
    assert bad.severity is Severity.ERROR and map_line(tmp_path, bad).startswith("players:")


def test_a_chase_off_a_circuit_is_one_error_not_also_a_warning(tmp_path: Path) -> None:
    """Pursuit and Fox and Hounds are run 'using a circular or oval track layout':
    TRK-RACE-NEEDS-CIRCUIT's error alone; TRK-RACE-CIRCUIT (Toughest's 'usually best')
    used to add a warning for the same thing."""
    for race_type in ("Pursuit", "Fox and Hounds"):
        found = findings(tmp_path, STRIP, race_type=race_type)
        (bad,) = of(found, "TRK-RACE-NEEDS-CIRCUIT")
        assert bad.severity is Severity.ERROR
        assert map_line(tmp_path, bad).startswith("race_type:")
        assert of(found, "TRK-RACE-CIRCUIT") == []


def test_toughest_off_a_circuit_is_advice(tmp_path: Path) -> None:
    """Toughest: 'It is usually best to use a small circuit track': a warning."""
    found = findings(tmp_path, STRIP, race_type="Toughest")
    (advice,) = of(found, "TRK-RACE-CIRCUIT")
    assert advice.severity is Severity.WARNING
    assert of(found, "TRK-RACE-NEEDS-CIRCUIT") == []


def test_toughest_grid_bunched_is_a_warning(tmp_path: Path) -> None:
    """Toughest: 'usually best ... with vehicles starting in predetermined spaces
    equidistantly spread around the track': advice, a warning at the closer slot."""
    found = findings(tmp_path, SIDE_BY_SIDE, race_type="Toughest", slot_facings={})
    (advice,) = of(found, "TRK-RACE-GRID")
    assert advice.severity is Severity.WARNING
    assert "a Toughest race starts with the vehicles spread evenly" in advice.message
    assert of(found, "TRK-PURSUIT-START") == []
    spread = findings(tmp_path, PURSUIT_CIRCUIT, race_type="Toughest", slot_facings={2: 9})
    assert of(spread, "TRK-RACE-GRID") == []


def test_furthest_needs_no_finish_line_and_no_circuit(tmp_path: Path) -> None:
    """Furthest: 'travelled the furthest after a set number of rounds': any track; a
    Fastest one needs its finish line."""
    found = findings(tmp_path, STRIP.replace("=", "."), race_type="Furthest")
    assert [f.rule for f in found if f.severity is not Severity.INFO] == []
    assert of(findings(tmp_path, STRIP.replace("=", "."), race_type="Fastest"),
              "TRK-FINISH-MISSING")


def test_laps_on_a_race_they_do_not_decide_warn(tmp_path: Path) -> None:
    for race_type in ("Furthest", "Toughest", "Pursuit", "Fox and Hounds"):
        found = findings(tmp_path, PURSUIT_CIRCUIT, race_type=race_type, laps=3,
                         slot_facings={2: 9})
        (advice,) = of(found, "TRK-LAPS-UNUSED")
        assert advice.severity is Severity.WARNING
        assert map_line(tmp_path, advice).startswith("laps:")


def test_laps_off_a_loop_are_an_error_only_where_laps_decide(tmp_path: Path) -> None:
    """Only a Fastest race is run over laps: a Furthest or Toughest strip that gives laps
    gets TRK-LAPS-UNUSED's warning, not TRK-LAPS-NO-LOOP's error too (it can still be
    raced); a Fastest strip of 3 laps cannot be."""
    for race_type in ("Furthest", "Toughest"):
        found = findings(tmp_path, STRIP, race_type=race_type, laps=3)
        assert of(found, "TRK-LAPS-NO-LOOP") == []
        assert [f.severity for f in of(found, "TRK-LAPS-UNUSED")] == [Severity.WARNING]
    (bad,) = of(findings(tmp_path, STRIP, laps=3), "TRK-LAPS-NO-LOOP")
    assert bad.severity is Severity.ERROR


def test_pursuit_vehicles_facing_opposite_ways_round_warn_at_slot_2(tmp_path: Path) -> None:
    """Pursuit: 'the first vehicle to catch up with the other' wins: both race the same
    way round. Slot 2 on the far side facing 3 o'clock as slot 1 does drives the other way
    round the circuit (head on); facing 9 o'clock it follows."""
    found = findings(tmp_path, PURSUIT_CIRCUIT, race_type="Pursuit")
    (advice,) = of(found, "TRK-PURSUIT-WAY")
    assert advice.severity is Severity.WARNING
    assert advice.message.startswith("starting slot 2 faces counter-clockwise round the "
                                     "circuit, the other way from slot 1")
    assert map_line(tmp_path, advice)[advice.mark.column - 1] == "2"
    same = findings(tmp_path, PURSUIT_CIRCUIT, race_type="Pursuit", slot_facings={2: 9})
    assert of(same, "TRK-PURSUIT-WAY") == []
    toughest = findings(tmp_path, PURSUIT_CIRCUIT, race_type="Toughest")
    assert of(toughest, "TRK-PURSUIT-WAY") == []


def test_fox_and_hounds_may_be_written_with_an_ampersand(tmp_path: Path) -> None:
    """frcheck10: 'Fox & Hounds' (or fox-and-hounds) is the race the guide calls Fox and
    Hounds, read as it; it was a SCHEMA-VALUE error."""
    for typed in ("Fox & Hounds", "fox-and-hounds"):
        found = findings(tmp_path, PURSUIT_CIRCUIT, race_type=typed, slot_facings={2: 9})
        assert of(found, "SCHEMA-VALUE") == []
        loaded = check_file(tmp_path / "track.yaml")
        assert loaded.definitions[0].model.race_type == "Fox and Hounds"
