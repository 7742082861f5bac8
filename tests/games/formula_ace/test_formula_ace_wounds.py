"""Formula Ace pilots written wounded or dead at the start of a file (a team file written
mid-season): the replay, FA-RACE-PILOT, `paddock season` and the schema start from them."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.commands.cli import main
from generator.games.formula_ace.season import start_of_season
from generator.project.loading import load
from tests.conftest import check_file, rule_ids
from tests.games.formula_ace.test_formula_ace_rules import (
    SEASONED_TSW,
    SHIPPED,
    add_pilots,
    both,
    pilot,
    race,
    result,
    season,
    write_team,
)

OVAL = race("Oval", "total-speed-way", [result("Ada Voss", "Lambda One", 2)])
OVAL_TWO = race("Oval Two", "total-speed-way", [result("Ada Voss", "Lambda One", 3)])
# Dax Rell, a recruited 4th total-speed-way pilot, races the Oval while Ada sits it out.
DAX_OVAL = race("Oval", "total-speed-way", [result("Dax Rell", "Lambda One", 2)])


def race_pilot_findings(path: Path) -> list[tuple[str, int]]:
    return [(f.message, f.mark.line) for f in check_file(path).findings
            if f.rule == "FA-RACE-PILOT"]


def line_of(path: Path, number: int) -> str:
    return path.read_text(encoding="utf-8").splitlines()[number - 1]


def test_a_pilot_missing_the_next_race_cannot_race_the_first(tmp_path: Path) -> None:
    path = write_team(tmp_path, both(pilot(0, wounds="wounded", races_out=1), season(OVAL)))
    [(message, line)] = race_pilot_findings(path)
    assert message == "Ada Voss races Oval but is wounded and out for 1 more race"
    assert "pilot: Ada Voss" in line_of(path, line)
    assert line > line_of_first("season:", path)


def line_of_first(text: str, path: Path) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if line.startswith(text))


def test_after_missing_one_race_the_pilot_races_the_second_clean(tmp_path: Path) -> None:
    path = write_team(tmp_path, both(pilot(0, wounds="wounded", races_out=1),
                                     add_pilots(SEASONED_TSW), season(DAX_OVAL, OVAL_TWO)))
    loaded = check_file(path)
    assert "FA-RACE-PILOT" not in rule_ids(loaded.findings)
    # Two races out: the second race is still one too early.
    path = write_team(tmp_path, both(pilot(0, wounds="wounded", races_out=2),
                                     add_pilots(SEASONED_TSW), season(DAX_OVAL, OVAL_TWO)))
    [(message, _)] = race_pilot_findings(path)
    assert message == "Ada Voss races Oval Two but is wounded and out for 1 more race"


@pytest.mark.parametrize(("written", "said"), [
    ({"wounds": "dead"}, "Ada Voss races Oval but is dead"),
    ({"wounds": "killed"}, "Ada Voss races Oval but is dead"),
    ({"wounds": "severely-wounded"},
     "Ada Voss races Oval but is out for the season with a severe wound"),
    ({"wounds": "wounded"}, "Ada Voss races Oval but is wounded and out for 1 more race"),
    ({"races_out": 2}, "Ada Voss races Oval but is wounded and out for 2 more races"),
])
def test_a_pilot_written_dead_or_wounded_cannot_race(written: dict[str, object], said: str,
                                                      tmp_path: Path) -> None:
    path = write_team(tmp_path, both(pilot(0, **written), season(OVAL)))
    assert [m for m, _ in race_pilot_findings(path)] == [said]


def test_a_written_fit_pilot_races_clean(tmp_path: Path) -> None:
    path = write_team(tmp_path, both(pilot(0, wounds="none", races_out=0), season(OVAL)))
    assert "FA-RACE-PILOT" not in rule_ids(check_file(path).findings)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_teams_start_the_season_fit(path: Path) -> None:
    team = load([path]).definitions[0].model
    assert {p.status for p in start_of_season(team).pilots.values()} == {"fit"}
    assert all("wounds" not in p and "races_out" not in p
               for p in yaml.safe_load(path.read_text(encoding="utf-8"))["pilots"])


def test_season_output_starts_from_the_written_wound(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = write_team(tmp_path, pilot(2, wounds="wounded", races_out=2))
    assert main(["season", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Cleo Marrant (ace, destruction-derby)" in out
    assert "wounded, out 2 more races" in out


def test_an_unknown_wound_is_refused_with_its_line(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = write_team(tmp_path, pilot(0, wounds="bruised"))
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "team.yaml:" in out and "SCHEMA-VALUE: pilots[0].wounds" in out
    assert "'severely-wounded'" in out and "found 'bruised'" in out
    where = int(out.split("team.yaml:")[1].split(":")[0])
    assert "wounds: bruised" in line_of(path, where)
    path = write_team(tmp_path, pilot(0, races_out=3))
    assert main(["check", str(path)]) == 1
    assert "pilots[0].races_out" in capsys.readouterr().out


def test_roster_and_pilot_card_print_the_written_wound(tmp_path: Path) -> None:
    import pdfplumber

    path = write_team(tmp_path, both(pilot(1, wounds="severely-wounded"),
                                     pilot(2, wounds="wounded", races_out=2)))
    out = tmp_path / "out"
    assert main(["build", "--no-pack", str(path), "-o", str(out)]) == 0
    with pdfplumber.open(out / "formula-ace" / "pilot-cards.pdf") as pdf:
        cards = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)
    assert "Out for the season" in cards and "Misses the next 2 races" in cards
    assert "Fit to race" in cards  # Ada, written as nothing
    with pdfplumber.open(out / "formula-ace" / "team-rosters.pdf") as pdf:
        roster = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)
    assert "Out all season" in roster and "Out 2 races" in roster


SAT_OUT = race("Oval", "total-speed-way", [])


def test_a_race_the_team_sat_out_counts_towards_a_wound(tmp_path: Path) -> None:
    # 5/: with its only pilot of the category out, the team sits the race out, and 12/
    # counts it among the races the wounded pilot misses; an empty result list records it.
    path = write_team(tmp_path, both(pilot(0, wounds="wounded", races_out=1),
                                     season(SAT_OUT, OVAL_TWO)))
    assert not check_file(path).findings
    path = write_team(tmp_path, both(pilot(0, wounds="wounded", races_out=2),
                                     season(SAT_OUT, OVAL_TWO)))
    [(message, _)] = race_pilot_findings(path)
    assert message == "Ada Voss races Oval Two but is wounded and out for 1 more race"


def test_a_race_sat_out_shows_in_the_ledger(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = write_team(tmp_path, both(pilot(0, wounds="wounded", races_out=1),
                                     season(SAT_OUT, OVAL_TWO)))
    assert main(["season", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1. Race: Oval (Total Speed Way, 6 starters)" in out
    assert "2. Race: Oval Two (Total Speed Way, 6 starters)" in out
