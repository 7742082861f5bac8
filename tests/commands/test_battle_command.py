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
    (["battle", RATTLER, BIG_HORN, "--scenario", "roadblock"],
     "choose from last-car-standing, duel"),
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


def verdicts(path: Path, scenario: str | None, tmp_path: Path,
             capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, list[str]]:
    """The battle verdict's findings by rule, the sequential rule choosing how many
    battles (``extra``: ``--battles N`` to fix them)."""
    battle = ["--battle", scenario] if scenario else ["--battle"]
    code, out, err = run(["balance", str(path), *battle, *extra,
                          "--format", "json", "-o", str(tmp_path / "b.pdf")], capsys)
    assert code == 0, err
    found: dict[str, list[str]] = {}
    for finding in json.loads(out)["findings"]:
        if finding["rule"].startswith("OR-BAL-BATTLE"):
            found.setdefault(finding["rule"], []).append(finding["message"])
    return found


# The check on the one plain map the engine plays: a clearly overpowered and a
# clearly weak build, both sides of each card, flagged so; the baseline flagged neither.
@pytest.mark.parametrize("scenario", [None, "last-car-standing"])
def test_the_overpowered_build_is_flagged_on_both_sides(
        scenario: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = verdicts(FIXTURES / "juggernaut.yaml", scenario, tmp_path, capsys)
    assert list(found) == ["OR-BAL-BATTLE-OVERPOWERED"]
    assert [m.split("'s ")[1].split(" ")[0] for m in found["OR-BAL-BATTLE-OVERPOWERED"]] \
        == ["narrow", "wide"]


# Last car standing too: each battle stops once the lame duck is wrecked (its share is
# then settled), so the whole verdict is quick enough for the suite.
@pytest.mark.parametrize(("scenario", "title"), [(None, "(Duel)"),
                                                 ("last-car-standing", "(Last car standing)")])
def test_the_weak_build_is_flagged_on_both_sides(
        scenario: str | None, title: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    found = verdicts(FIXTURES / "lame-duck.yaml", scenario, tmp_path, capsys)
    assert list(found) == ["OR-BAL-BATTLE-UNDERPOWERED"]
    assert len(found["OR-BAL-BATTLE-UNDERPOWERED"]) == 2
    assert all(title in m for m in found["OR-BAL-BATTLE-UNDERPOWERED"])


def test_the_baseline_gets_neither(tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert verdicts(KIT / "iron-curtain.yaml", None, tmp_path, capsys) == {}


def test_battles_fixes_the_count_and_a_draw_counts_as_a_share_of_a_win() -> None:
    from generator.commands.battle import Entrant, battle_field, load_vehicle
    from generator.commands.battle_verdict import judge_sides, rival_entrant
    from generator.race.sweep import run_sweep

    duck = load_vehicle(FIXTURES / "lame-duck.yaml")
    sides = [Entrant("duck", duck, side) for side in ("narrow", "wide")]
    rival = rival_entrant(None)
    found = judge_sides(sides, rival, "duel", 3, 8, workers=1)
    for side, verdict in zip(sides, found, strict=True):
        played = run_sweep(battle_field((side, rival), "duel"), 8, 3, workers=1)
        shares = [played.share(k, 0) for k in range(8)]
        assert verdict.races == 8
        assert verdict.draws == sum(1 for s in shares if s == 0.5)
        assert verdict.wins.rate == pytest.approx(sum(shares) / 8)
        assert verdict.fair_share == 0.5


def test_the_battle_verdict_takes_workers_and_gives_the_same_findings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one = verdicts(FIXTURES / "lame-duck.yaml", None, tmp_path, capsys, "--workers", "1")
    two = verdicts(FIXTURES / "lame-duck.yaml", None, tmp_path, capsys, "--workers", "2")
    assert one == two and list(one) == ["OR-BAL-BATTLE-UNDERPOWERED"]
    code, _, err = run(["balance", str(FIXTURES / "lame-duck.yaml"), "--workers", "2",
                        "-o", str(tmp_path / "b.pdf")], capsys)
    assert code == 2 and "--workers only work with --race TRACK (--workers also with " \
        "--battle)" in err


def test_the_summary_line_counts_battles_and_says_a_draw_is_a_share(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["balance", str(FIXTURES / "lame-duck.yaml"), "--battle",
                          "--battles", "4", "--workers", "1", "-o", str(tmp_path / "b.pdf")],
                         capsys)
    assert code == 0, err
    (line,) = [li for li in out.splitlines() if li.strip().startswith("race:")]
    assert "of 4 battles on Duel (narrow side)" in line
    assert "a draw counted as a share" in line and " races " not in line
