"""``paddock race``: sweeps, fair grids, statistics, the reports, the replay and the log."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

from generator.commands.cli import main
from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.figures import sweep_stats
from generator.games.frothy_races.race.game import FrothyRace
from generator.race.progress import ProgressBar
from generator.race.stats import races_for_half_width, wilson
from generator.race.sweep import Field, grid_order, plan_jobs, race_seed, run_sweep
from tests.conftest import REPO

TRACK = REPO / "vehicles" / "tracks" / "tin-plate-loop.yaml"
FROTHY = REPO / "vehicles" / "frothy-races"
FIELD = [FROTHY / "basic-chariot.yaml", FROTHY / "bramblewick-goat-cart.yaml",
         FROTHY / "marsh-hopper.yaml"]


@pytest.fixture(scope="module")
def field() -> Field:
    track, vehicles = load_race_inputs(TRACK, FIELD)
    return Field(track, tuple(vehicles), FrothyRace("careful"), RaceOptions(laps=1))


def race_cli(*extra: str) -> list[str]:
    return ["race", str(TRACK), *map(str, FIELD), "--laps", "1", "--workers", "1", *extra]


# --- Statistics ---------------------------------------------------------------------------

def test_wilson_interval_matches_known_values() -> None:
    # 5 of 10: the textbook Wilson interval is 0.2366 to 0.7634.
    half = wilson(5, 10)
    assert (round(half.low, 4), round(half.high, 4)) == (0.2366, 0.7634)
    # 0 of 10: the lower end is 0 and the upper z^2 / (n + z^2) = 3.8415 / 13.8415.
    none = wilson(0, 10)
    assert none.low == 0.0 and none.high == pytest.approx(3.841459 / 13.841459, abs=1e-6)
    # 81 of 263 (Wilson's own example, as quoted by Newcombe 1998): 0.2553 to 0.3662.
    example = wilson(81, 263)
    assert (round(example.low, 4), round(example.high, 4)) == (0.2553, 0.3662)


def test_races_for_a_narrow_interval() -> None:
    # n = 1.96^2 * 0.25 / 0.03^2 = 1067.1 -> 1068 races for +-3 points at the worst case.
    assert races_for_half_width(0.03) == 1068
    assert races_for_half_width(0.03, rate=1 / 6) == 593


# --- Fair grids and seeds -----------------------------------------------------------------

@pytest.mark.parametrize("entrants", [2, 3, 6])
def test_grid_rotation_gives_every_entrant_every_slot_and_both_orders(entrants: int) -> None:
    races = 2 * entrants
    grids = [grid_order(entrants, k) for k in range(races)]
    for grid in grids:
        assert sorted(grid) == list(range(entrants))
    slots = Counter((entrant, slot) for grid in grids for slot, entrant in enumerate(grid))
    assert set(slots.values()) == {2}
    assert len(slots) == entrants * entrants
    ahead = Counter((a, b) for grid in grids for i, a in enumerate(grid) for b in grid[i + 1:])
    for a in range(entrants):
        for b in range(a + 1, entrants):
            assert ahead[(a, b)] == ahead[(b, a)]


def test_race_seeds_are_fixed_and_distinct() -> None:
    jobs = plan_jobs(3, 50, seed=7)
    assert len({job.seed for job in jobs}) == 50
    assert jobs == plan_jobs(3, 50, seed=7)
    assert jobs[0].seed == race_seed(7, 0) != race_seed(8, 0)


# --- Sweeps -------------------------------------------------------------------------------

def test_worker_processes_give_the_same_races(field: Field) -> None:
    alone = run_sweep(field, 6, seed=3, workers=1)
    pooled = run_sweep(field, 6, seed=3, workers=2)
    assert alone.results == pooled.results
    assert [r.seed for r in alone.results] == [j.seed for j in alone.jobs]


def test_dask_cluster_gives_the_same_races(field: Field,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("distributed")
    local = run_sweep(field, 4, seed=11, workers=1)
    assert main(race_cli("--races", "3", "--seed", "5", "--format", "json")) == 0
    local_json = capsys.readouterr().out
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            remote = run_sweep(field, 4, seed=11, scheduler=client)
        # The command line connects to the scheduler by its address, as to a remote one.
        assert main(race_cli("--races", "3", "--seed", "5", "--format", "json",
                             "--scheduler", cluster.scheduler_address)) == 0
    assert remote.results == local.results
    assert capsys.readouterr().out == local_json


def test_stats_follow_each_entrant_through_the_rotated_grid(field: Field) -> None:
    sweep = run_sweep(field, 6, seed=2, workers=1)
    stats = sweep_stats(sweep)
    assert [e.name for e in stats.entrants] == ["Basic Chariot", "Bramblewick Goat Cart",
                                                "Marsh Hopper"]
    wins = [sum(r.vehicles[slot].place == 1 for r, job in zip(sweep.results, sweep.jobs,
                                                               strict=True)
                for slot, who in enumerate(job.grid) if who == e) for e in range(3)]
    assert [round(e.wins.rate * 6) for e in stats.entrants] == wins
    assert sum(wins) == 6
    for i in range(3):
        for j in range(3):
            if i != j:
                assert stats.ahead[i][j] + stats.ahead[j][i] == pytest.approx(1.0)


def test_a_vehicle_raced_against_itself_gets_told_apart(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["race", str(TRACK), str(FIELD[0]), str(FIELD[0]), "--races", "2",
                 "--laps", "1", "--workers", "1", "--format", "json"])
    assert code == 0
    names = [e["name"] for e in json.loads(capsys.readouterr().out)["entrants"]]
    assert names == ["Basic Chariot #1", "Basic Chariot #2"]


# --- The command --------------------------------------------------------------------------

def test_same_seed_gives_identical_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(race_cli("--races", "3", "--seed", "9", "--format", "json")) == 0
    first = capsys.readouterr().out
    assert main(race_cli("--races", "3", "--seed", "9", "--format", "json")) == 0
    assert capsys.readouterr().out == first
    assert main(race_cli("--races", "3", "--seed", "10", "--format", "json")) == 0
    assert capsys.readouterr().out != first
    data = json.loads(first)
    assert data["races"] == 3 and len(data["per_race"]) == 3
    assert [e["name"] for e in data["entrants"]] == ["Basic Chariot", "Bramblewick Goat Cart",
                                                     "Marsh Hopper"]
    for e in data["entrants"]:
        assert e["wins"]["low"] <= e["wins"]["rate"] <= e["wins"]["high"]


def test_text_summary_and_no_progress_bar_off_a_terminal(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(race_cli("--races", "2")) == 0
    captured = capsys.readouterr()
    assert "Tin-Plate Loop: 2 races (fastest, 1 lap), careful bots, seed 1" in captured.out
    assert "wins (95% CI)" in captured.out and "head to head" in captured.out
    assert captured.err == ""


def test_progress_bar_draws_on_a_terminal() -> None:
    class Terminal:
        def __init__(self) -> None:
            self.text = ""

        def isatty(self) -> bool:
            return True

        def write(self, text: str) -> None:
            self.text += text

        def flush(self) -> None:
            pass

    screen = Terminal()
    bar = ProgressBar(4, screen)  # type: ignore[arg-type]
    bar(2)
    assert "2/4 races" in screen.text and "#" * 15 in screen.text


@pytest.mark.parametrize("argv, message", [
    (["race", str(REPO / "nope.yaml"), *map(str, FIELD)], "nope.yaml"),
    (["race", str(FIELD[0]), *map(str, FIELD)], "not a Frothy Races track"),
    (["race", str(TRACK), str(FIELD[0]),
      str(REPO / "vehicles" / "joyride" / "blue-streak.yaml")], "not a Frothy Races vehicle"),
])
def test_bad_input_exits_2_with_a_message(argv: list[str], message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_one_vehicle_is_a_time_trial_with_its_solo_optimum(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["race", str(TRACK), str(FIELD[0]), "--races", "2", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "alone (the careful style's value table)" in out and "rounds expected" in out


def test_bad_numbers_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(race_cli("--races", "0"))
    assert stopped.value.code == 2
    assert "races: write a whole number of at least 1" in capsys.readouterr().err


def test_scheduler_without_dask_is_a_clear_usage_error(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert main(race_cli("--races", "1", "--scheduler", "tcp://127.0.0.1:1")) == 2
    assert "pip install 'paddock[cluster]'" in capsys.readouterr().err


def test_report_replay_and_log_are_written(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    report, replay, log = tmp_path / "r.pdf", tmp_path / "replay.pdf", tmp_path / "e.jsonl"
    assert main(race_cli("--races", "2", "--seed", "4", "-o", str(report), "--replay",
                         str(replay), "--log", str(log), "--format", "json")) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["outputs"] == {"report": str(report), "replay": str(replay), "log": str(log)}
    with pdfplumber.open(report) as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
    for name in ("Basic Chariot", "Bramblewick Goat Cart", "Marsh Hopper", "95% interval",
                 "Head to head", "What the mechanics cost"):
        assert name in text
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events and all(set(e) == {"round", "phase", "vehicle", "action", "dice", "result"}
                          for e in events)
    rounds = max(e["round"] for e in events)
    with pdfplumber.open(replay) as pdf:
        assert len(pdf.pages) >= rounds + 1  # a page a round, then the results
        page_text = pdf.pages[-2].extract_text()
        assert f"Tin-Plate Loop: round {rounds} of {rounds}" in page_text
        for name in ("Basic Chariot", "Bramblewick Goat Cart", "Marsh Hopper"):
            assert name in page_text
        results = pdf.pages[-1].extract_text()
        assert f"Tin-Plate Loop: results after {rounds} rounds" in results
        assert "1. " in results and "finished in round" in results
        first = pdf.pages[1].extract_text()
        # The numbered discs on the map: one per vehicle still racing.
        words = [w["text"] for w in pdf.pages[1].extract_words()]
        assert {"1", "2", "3"} <= set(words)
        assert "Speed" in first


@pytest.mark.parametrize("race_type", ["furthest", "toughest"])
def test_a_race_run_by_the_clock_is_worded_without_a_finish(
        race_type: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Furthest and Toughest races have no finish line and no count of laps (Race Types &
    Play Styles): the summary, the report and the replay's round lines say 'still going'
    and 'placed', the rounds column is the rounds raced, and a lap has no 'of N'."""
    report, replay = tmp_path / "r.pdf", tmp_path / "replay.pdf"
    assert main(["race", str(TRACK), *map(str, FIELD[:2]), "--type", race_type, "--rounds",
                 "3", "--races", "2", "--workers", "1", "-o",
                 str(report), "--replay", str(replay)]) == 0
    out = capsys.readouterr().out
    assert " going " in out and "placed ahead of the column" in out
    assert "finish " not in out and "finished ahead" not in out
    with pdfplumber.open(report) as pdf:
        header = pdf.pages[0].extract_text().split("Results per vehicle")[1].split("#1")[0]
    assert {"Still", "going", "Rounds", "raced"} <= set(header.split())
    assert "finish" not in header
    with pdfplumber.open(replay) as pdf:
        first = pdf.pages[1].extract_text()
    assert "(lap 1, " in first and "(lap 1/" not in first


def test_templates_folder_rewords_the_summary_and_the_report(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--templates DIR, as the other commands take it: the summary and the report's words
    come from the folder first."""
    (tmp_path / "race").mkdir()
    (tmp_path / "race" / "summary.txt.j2").write_text(
        "Rennen auf {{ track }}: {{ races }} Rennen\n", encoding="utf-8")
    words = (REPO / "templates" / "race" / "report.j2").read_text(encoding="utf-8")
    (tmp_path / "race" / "report.j2").write_text(
        words.replace("What the mechanics cost", "Was es kostet"), encoding="utf-8")
    report = tmp_path / "r.pdf"
    assert main(race_cli("--races", "2", "--templates", str(tmp_path), "-o", str(report))) == 0
    assert capsys.readouterr().out.startswith("Rennen auf Tin-Plate Loop: 2 Rennen")
    with pdfplumber.open(report) as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
    assert "Was es kostet" in text and "Head to head" in text


def test_a_missing_templates_folder_exits_2(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(race_cli("--races", "1", "--templates", str(tmp_path / "none"))) == 2
    assert "no such folder" in capsys.readouterr().err


def test_what_a_sweep_kept_is_frozen_after_it() -> None:
    """The objects a sweep made and kept (its decisions) are left out of the cycle
    collector's walks after it (``gc.freeze``), and the collector runs again."""
    import gc

    from generator.race.sweep import without_cycle_collection

    gc.collect()
    before = gc.get_freeze_count()
    kept: list[list[object]] = []
    with without_cycle_collection():
        kept.extend([i] for i in range(1000))  # lists: always tracked
    assert gc.isenabled()
    assert gc.get_freeze_count() >= before + 1000
