"""``paddock race`` on a Joyride track and ``paddock balance --race`` for Joyride cars, run
as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.games.joyride.race_support import CARS, FIXTURES, REPO, TRACKS

PADDOCK = Path(sys.executable).parent / "paddock"


def paddock(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PADDOCK), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300, check=False)


def test_race_prints_the_solo_optimum_and_writes_the_log(tmp_path: Path) -> None:
    log = tmp_path / "race1.jsonl"
    done = paddock("race", str(TRACKS[0]), *map(str, CARS[:2]), str(CARS[0]),
                   "--races", "6", "--log", str(log))
    assert done.returncode == 0, done.stderr
    assert "solo optimum" in done.stdout and "Blue Streak #2" in done.stdout
    assert "not simulated" in done.stdout
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events and all({"round", "phase", "vehicle", "action", "dice", "result"} <= set(e)
                          for e in events)
    assert any(e["vehicle"] == "Blue Streak #2" for e in events)


def test_race_json_and_a_time_trial() -> None:
    done = paddock("race", str(TRACKS[0]), str(CARS[0]), "--races", "3", "--format", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["races"] == 3 and len(data["entrants"]) == 1 and data["solo_optimum"] > 0


def test_race_refuses_another_games_car() -> None:
    done = paddock("race", str(TRACKS[0]), str(REPO / "vehicles/frothy-races/basic-chariot.yaml"))
    assert done.returncode == 2
    assert "not a Joyride" in done.stderr and "Traceback" not in done.stderr


def test_balance_race_flags_the_overpowered_car(tmp_path: Path) -> None:
    done = paddock("balance", str(FIXTURES / "overpowered.yaml"), "--race", "all",
                   "-o", str(tmp_path / "balance.pdf"))
    assert done.returncode == 0, done.stderr
    assert "JR-BAL-RACE-OVERPOWERED" in done.stdout
    assert "JR-BAL-RACE-UNDERPOWERED" not in done.stdout


def test_replay_has_a_page_a_round_and_a_results_page(tmp_path: Path) -> None:
    import pdfplumber

    replay = tmp_path / "replay.pdf"
    done = paddock("race", str(TRACKS[0]), *map(str, CARS), "--races", "2", "--replay",
                   str(replay))
    assert done.returncode == 0, done.stderr
    with pdfplumber.open(replay) as pdf:
        texts = [page.extract_text() for page in pdf.pages]
    assert "round 0 of" in texts[0] and "results after" in texts[-1]
    assert all(name in texts[-1] for name in ("Rust Bucket", "Sunburst", "Verdigris"))
    words = " ".join(texts)
    assert "took a Oil" not in words and "took a Item" not in words  # an Oil Slick


def test_balance_race_refuses_a_frothy_track_for_a_joyride_car(tmp_path: Path) -> None:
    done = paddock("balance", str(CARS[0]), "--race", "tin-plate-loop", "-o",
                   str(tmp_path / "balance.pdf"))
    assert done.returncode == 2
    assert "not a Joyride track" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "balance.pdf").exists()


def test_items_the_check_accepts_are_the_items_the_race_uses(tmp_path: Path) -> None:
    """'Oil-Slick', 'NITRO' and the rulebook's 'Missile' (the Rocket) check clean but for an
    info note, and `paddock race` finds them: one reading of an item's name for both."""
    folder = tmp_path / "vehicles" / "tracks"
    folder.mkdir(parents=True)
    track = folder / "spelled.yaml"
    text = (REPO / "vehicles/tracks/gasometer-gauntlet.yaml").read_text()
    assert "items: [Rocket, Oil Slick, Nitro]" in text
    track.write_text(text.replace("items: [Rocket, Oil Slick, Nitro]",
                                  "items: [Missile, Oil-Slick, NITRO]"))
    def rules(path: Path) -> set[str]:
        checked = paddock("check", str(path), "--format", "json")
        assert checked.returncode == 0, checked.stdout + checked.stderr
        return {f["rule"] for f in json.loads(checked.stdout)["findings"]}
    assert rules(track) - rules(REPO / "vehicles/tracks/gasometer-gauntlet.yaml") == {
        "TRK-ITEMS-OTHER-NAME"}
    raced = paddock("race", str(track), str(CARS[0]), "--races", "2", "--log",
                    str(tmp_path / "race.jsonl"))
    assert raced.returncode == 0, raced.stderr
    typo = track.with_name("typo.yaml")
    typo.write_text(text.replace("items: [Rocket, Oil Slick, Nitro]", "items: [Rockett]"))
    refused = paddock("race", str(typo), str(CARS[0]))
    assert refused.returncode == 2 and "Rockett" in refused.stderr, refused.stderr
