"""``paddock race`` and the race types (Race Types & Play Styles): the track's own race type
by default, the rulebook's types the engine does not play refused (exit 2), and --laps and
--rounds held to the type that has a use for them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.commands.cli import main
from tests.conftest import REPO
from tests.games.frothy_races.race.test_rulebook_readings_race_types import CIRCUIT
from tests.track_files import STRIP, write_track

CHARIOT = str(REPO / "vehicles" / "frothy-races" / "basic-chariot.yaml")
LOOP = str(REPO / "vehicles" / "tracks" / "tin-plate-loop.yaml")
QUICK = ["--races", "2", "--workers", "1"]


def race(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["race", *args, *QUICK])
    out, err = capsys.readouterr()
    return code, out, err


def circuit(tmp_path: Path, race_type: str, players: int | str = 2) -> str:
    return str(write_track(tmp_path, map_text=CIRCUIT, race_type=race_type, players=players,
                           slot_facings={2: 9}))


@pytest.mark.parametrize("flag", ["--type", "--race-type"])
@pytest.mark.parametrize(("asked", "name"), [
    ("pursuit", "Pursuit"), ("fox-and-hounds", "Fox and Hounds"), ("scoring", "Scoring"),
    ("Tag-Team", "Tag Team")])
def test_a_race_type_not_played_is_refused_with_exit_2(
        capsys: pytest.CaptureFixture[str], flag: str, asked: str, name: str) -> None:
    code, out, err = race(capsys, LOOP, CHARIOT, CHARIOT, flag, asked)
    assert code == 2 and out == ""
    assert f"a {name} race was asked for, which the race engine does not play" in err
    assert "it plays fastest, furthest, toughest" in err


@pytest.mark.parametrize("declared", ["Pursuit", "Fox and Hounds"])
def test_a_track_set_for_a_race_not_played_is_refused_at_its_race_type_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, declared: str) -> None:
    """Pursuit and Fox and Hounds tracks used to be raced as Fastest (a note said so)."""
    path = circuit(tmp_path, declared)
    code, out, err = race(capsys, path, CHARIOT, CHARIOT)
    assert code == 2 and out == ""
    line = next(n for n, text in enumerate(Path(path).read_text().splitlines(), 1)
                if text.startswith("race_type:"))
    assert f"{path}:{line}:" in err and f"is set for a {declared} race" in err


def test_the_track_s_race_type_is_the_default(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    """A Toughest track is raced as Toughest unless another type is asked for (it used to be
    raced as Fastest, the option's default, without a word)."""
    path = circuit(tmp_path, "Toughest")
    code, out, _ = race(capsys, path, CHARIOT, CHARIOT, "--format", "json", "--rounds", "4")
    assert code == 0
    report = json.loads(out)
    assert report["race_type"] == "toughest"
    assert not any("race type" in n for n in report["not_simulated"])
    code, out, _ = race(capsys, path, CHARIOT, CHARIOT, "--format", "json",
                        "--race-type", "fastest")
    assert code == 0 and json.loads(out)["race_type"] == "fastest"
    assert "the track's race type Toughest (raced as fastest)" in json.loads(out)[
        "not_simulated"]


@pytest.mark.parametrize("race_type", ["furthest", "toughest"])
def test_laps_for_a_race_laps_do_not_decide_is_refused(
        capsys: pytest.CaptureFixture[str], race_type: str) -> None:
    code, out, err = race(capsys, LOOP, CHARIOT, CHARIOT, "--type", race_type, "--laps", "3")
    assert code == 2 and out == ""
    assert f"--laps counts the laps of a fastest race, and this is a {race_type} race" in err


def test_rounds_stop_a_toughest_race_undecided(capsys: pytest.CaptureFixture[str]) -> None:
    """Toughest runs 'until all but one' are destroyed; --rounds is its round limit, and two
    still going there are out of rounds with no winner (they read 'finished' before)."""
    code, out, _ = race(capsys, LOOP, CHARIOT, CHARIOT, "--type", "toughest", "--rounds", "2",
                        "--format", "json")
    assert code == 0
    report = json.loads(out)
    assert report["max_rounds"] == 2 and report["mean_race_rounds"] == 2
    assert report["no_winner"] == 2
    assert all(e["out_of_rounds_rate"] == 1 for e in report["entrants"])
    code, out, _ = race(capsys, LOOP, CHARIOT, CHARIOT, "--type", "toughest", "--rounds", "2")
    assert "(toughest, stopped at round 2 if undecided)" in out.splitlines()[0]


def test_rounds_of_a_furthest_race(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = race(capsys, LOOP, CHARIOT, CHARIOT, "--type", "furthest", "--rounds", "3",
                        "--format", "json")
    assert code == 0 and json.loads(out)["mean_race_rounds"] == 3


def test_a_toughest_track_with_no_line_is_refused_not_a_crash(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = str(write_track(tmp_path, map_text=CIRCUIT.replace("=", "."), race_type="Toughest",
                           players=2, slot_facings={2: 9}))
    code, out, err = race(capsys, path, CHARIOT, CHARIOT)
    assert code == 2 and "has no finish line or checkpoint" in err


def test_a_joyride_race_refuses_a_frothy_race_type(capsys: pytest.CaptureFixture[str]) -> None:
    track = str(REPO / "vehicles" / "tracks" / "gasometer-gauntlet.yaml")
    code, _, err = race(capsys, track, CHARIOT, "--type", "toughest")
    assert code == 2 and "a Joyride race is won over laps" in err


def test_laps_round_a_point_to_point_track_are_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = str(write_track(tmp_path, map_text=STRIP))
    code, out, err = race(capsys, path, CHARIOT, CHARIOT, "--laps", "3")
    assert code == 2 and out == "" and "cannot be raced for 3 laps" in err
    code, out, _ = race(capsys, path, CHARIOT, CHARIOT)
    assert code == 0 and "(fastest, 1 lap)" in out
