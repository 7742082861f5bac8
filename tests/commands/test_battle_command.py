"""``paddock battle`` and ``paddock balance --battle``: output, exit codes, the event log,
and the verdicts on a clearly overpowered build, a clearly weak one and the baseline."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from tests.conftest import VEHICLES
from tests.conftest import run_cli as run

KIT = VEHICLES / "outrider"
FIXTURES = Path(__file__).parents[1] / "games" / "outrider" / "battle" / "fixtures"
RATTLER, BIG_HORN = str(KIT / "rattler.yaml"), str(KIT / "big-horn.yaml")




def test_battle_prints_standings_with_intervals_and_what_is_not_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log, replay = tmp_path / "battle.jsonl", tmp_path / "replay.pdf"
    code, out, err = run(["battle", RATTLER, BIG_HORN + ":wide", "--scenario", "duel",
                          "--battles", "4", "--workers", "1", "--log", str(log),
                          "--replay", str(replay)], capsys)
    assert code == 0, err
    assert "Duel: 4 battles" in out and "Rattler (narrow)" in out and "Big Horn (wide)" in out
    assert "95% CI" in out and "not played" in out and "Roadblock" in out
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert {e["vehicle"] for e in events} >= {"Rattler #1", "Big Horn #2"}
    assert all(set(e) == {"round", "phase", "vehicle", "action", "dice", "result"}
               for e in events)
    assert events[-1]["action"] == "result"
    rounds = max(e["round"] for e in events)
    pdf = pdfium.PdfDocument(str(replay))
    assert len(pdf) == rounds + 2  # the set-up, a page a round, the result
    first = pdf[0].get_textpage().get_text_range()
    last = pdf[len(pdf) - 1].get_textpage().get_text_range()
    assert "Duel: the set-up" in first and "Rattler #1 (narrow)" in first
    assert "Duel: the result" in last and "Not played" in last


def test_battle_json_is_the_same_for_the_same_seed(capsys: pytest.CaptureFixture[str]
                                                   ) -> None:
    args = ["battle", RATTLER, BIG_HORN, RATTLER, "--battles", "3", "--workers", "1",
            "--format", "json", "--seed", "9"]
    code, first, _ = run(args, capsys)
    assert code == 0
    again = run(args, capsys)[1]
    data = json.loads(first)
    assert first == again and data["battles"] == 3 and data["not_played"]
    assert [e["label"] for e in data["entrants"]] == ["Rattler (narrow)", "Big Horn (narrow)",
                                                     "Rattler (narrow)"]
    assert data["first"]["entrants"][2]["identity"] == "Rattler #3"


@pytest.mark.parametrize(("args", "message"), [
    (["battle", RATTLER], "takes 2 to 8 vehicles"),
    (["battle", RATTLER, BIG_HORN, RATTLER, "--scenario", "duel"], "takes 2 to 2"),
    (["battle", RATTLER, BIG_HORN, "--scenario", "roadblock"], "choose one of"),
    (["battle", str(VEHICLES / "frothy-races" / "basic-chariot.yaml"), RATTLER],
     "not an Outrider vehicle"),
    (["battle", str(KIT), RATTLER], "not a folder"),
    (["balance", str(VEHICLES / "frothy-races" / "basic-chariot.yaml"), "--battle"],
     "judges Outrider vehicles"),
])
def test_bad_usage_exits_2(args: list[str], message: str,
                           capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(args, capsys)
    assert code == 2 and message in err


def test_a_missing_vehicle_file_exits_2(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["battle", str(tmp_path / "nope.yaml"), RATTLER], capsys)
    assert code == 2 and "Traceback" not in err


def verdicts(path: Path, scenario: str | None, battles: int, tmp_path: Path,
             capsys: pytest.CaptureFixture[str]) -> dict[str, list[str]]:
    battle = ["--battle", scenario] if scenario else ["--battle"]
    code, out, err = run(["balance", str(path), *battle, "--battles", str(battles),
                          "--format", "json", "-o", str(tmp_path / "b.pdf")], capsys)
    assert code == 0, err
    found: dict[str, list[str]] = {}
    for finding in json.loads(out)["findings"]:
        if finding["rule"].startswith("OR-BAL-BATTLE"):
            found.setdefault(finding["rule"], []).append(finding["message"])
    return found


def test_the_overpowered_build_is_flagged_on_both_sides(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = verdicts(FIXTURES / "juggernaut.yaml", "duel", 16, tmp_path, capsys)
    assert list(found) == ["OR-BAL-BATTLE-OVERPOWERED"]
    assert [m.split("'s ")[1].split(" ")[0] for m in found["OR-BAL-BATTLE-OVERPOWERED"]] \
        == ["narrow", "wide"]


@pytest.mark.parametrize(("scenario", "battles", "words"), [
    (None, 16, "(Duel)"), ("last-car-standing", 32, "(Last car standing)")])
def test_the_weak_build_is_flagged_on_both_sides(
        scenario: str | None, battles: int, words: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    found = verdicts(FIXTURES / "lame-duck.yaml", scenario, battles, tmp_path, capsys)
    assert list(found) == ["OR-BAL-BATTLE-UNDERPOWERED"]
    assert len(found["OR-BAL-BATTLE-UNDERPOWERED"]) == 2
    assert all(words in m for m in found["OR-BAL-BATTLE-UNDERPOWERED"])


def test_the_baseline_gets_neither(tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert verdicts(KIT / "iron-curtain.yaml", "duel", 16, tmp_path, capsys) == {}
