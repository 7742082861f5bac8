"""``paddock balance``: the terminal summary, findings in ``paddock check``'s shapes, JSON,
exit codes, ``--against``, and the PDF report read back (text, vector charts, sizes)."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from generator.commands.cli import main
from generator.paper.units import SAFE_MARGIN, to_mm
from tests.commands.test_cli import LINE
from tests.conftest import VEHICLES
from tests.conftest import run_cli as run

GIG = VEHICLES / "frothy-races" / "whisper-gig.yaml"
ORRERY = VEHICLES / "frothy-races" / "glimmering-orrery.yaml"




def one_more_whip(data: dict) -> None:
    data["name"] = "Red Comet"
    data["cards"]["whip"] = 5


@dataclass
class Page:
    """What the tests read from one page of the report (parsed once: pdfplumber is slow)."""

    text: str
    width: float
    height: float
    images: int
    drawn: int  # vector lines, curves and rectangles
    chars: list[dict[str, Any]]


@dataclass
class Report:
    """One balance run of two vehicles, shared by the tests that read its outputs."""

    code: int
    out: str
    pdf: Path
    pages: list[Page]


def read_pages(path: Path) -> list[Page]:
    with pdfplumber.open(path) as pdf:
        return [Page(" ".join((p.extract_text() or "").split()), p.width, p.height,
                     len(p.images), len(p.curves) + len(p.lines) + len(p.rects), p.chars)
                for p in pdf.pages]


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Report:
    folder = tmp_path_factory.mktemp("kit")
    shutil.copy(GIG, folder)
    comet = folder / "red-comet.yaml"
    text = (VEHICLES / "frothy-races" / "basic-chariot.yaml").read_text()
    comet.write_text(text.replace("name: Basic Chariot", "name: Red Comet")
                     .replace("  whip: 4", "  whip: 5"))
    pdf = folder / "out" / "balance.pdf"
    buffer = io.StringIO()  # capsys is per test; this run is shared by several
    with contextlib.redirect_stdout(buffer):
        code = main(["balance", str(folder), "-o", str(pdf)])
    return Report(code, buffer.getvalue(), pdf, read_pages(pdf))


# -- the terminal ---------------------------------------------------------------------------


def test_a_dominating_build_is_a_warning_and_still_exits_0(report: Report) -> None:
    assert report.code == 0
    lines = [m for m in map(LINE.match, report.out.splitlines()) if m]
    by_rule = {m["rule"]: m for m in lines}
    assert set(by_rule) == {"FR-BAL-DOMINATES", "FR-BAL-TRADEOFFS"}
    dominates = by_rule["FR-BAL-DOMINATES"]
    assert dominates["sev"] == "warning" and dominates["file"].endswith("red-comet.yaml")
    assert dominates["line"] == "7"  # the name: line, as paddock check would point
    assert "Red Comet is at least as good as Basic Chariot on all 18 measured axes and " \
           "better on 1: Cards a round 4.50 against 4.00; likely overpowered" \
           in dominates["msg"]
    assert dominates["source"] == "Frothy Races guide 3.6, Vehicle Creation Guide > Overview"
    assert report.out.rstrip().endswith("0 errors, 1 warning, 1 info in 2 files")


def test_the_summary_lists_each_build_against_the_baseline(report: Report) -> None:
    out = report.out
    assert "Frothy Races: 2 builds against Basic Chariot (shipped baseline)" in out
    assert "Red Comet" in out and "DOMINATES the baseline" in out
    gig = out[out.index("Whisper Gig"):]
    assert re.search(r"\n  trade-offs: better on \d+, worse on \d+, level on \d+ \(not evidence "
                     r"of balance by itself: race it with --race TRACK\)\n", gig)
    assert re.search(r"\n  \+ Rounds to top +4\.71 +9\.37  rounds +lower\n", gig)
    assert "not measured: Evasive 1, Lucky 1" in gig
    assert f"report: {report.pdf}" in out


def test_strict_fails_on_a_verdict_warning(write_vehicle: Callable[..., Path], tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = write_vehicle(one_more_whip)  # exits 0 without --strict: see the shared run
    assert run(["balance", str(path), "-o", str(tmp_path / "r.pdf"), "--strict"],
               capsys)[0] == 1


def test_json_has_check_shapes_plus_profiles(write_vehicle: Callable[..., Path],
                                             tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "r.pdf"
    code, out, _ = run(["balance", "--format", "json", "--strict", str(GIG), "-o", str(pdf)],
                       capsys)
    assert code == 0  # trade-offs are info: nothing fails, even with --strict
    data = json.loads(out)
    assert set(data) == {"findings", "summary", "profiles", "report"}
    assert data["summary"] == {"errors": 0, "warnings": 0, "info": 1, "waived": 0,
                               "files": 1}
    (finding,) = data["findings"]
    assert {"rule", "severity", "message", "file", "line", "column", "source"} <= set(finding)
    (gig,) = data["profiles"]
    assert gig["verdict"] == "trade-offs" and gig["baseline"] == "Basic Chariot"
    assert gig["axes"]["top_speed_spaces"] == {"value": 12.0, "baseline": 12.0, "shown": "12",
                                               "better": "higher", "standing": "equal"}
    assert gig["axes"]["stamina_at_top"] == {"value": 1.0, "baseline": 1.0, "shown": "1",
                                             "better": "higher", "standing": "equal"}
    assert data["report"] == str(pdf) and pdf.is_file()


def test_a_track_that_never_runs_out_shows_no_limit(write_vehicle: Callable[..., Path],
                                                    tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = write_vehicle(lambda d: d["stamina"].update(affects={}))
    code, out, _ = run(["balance", "--format", "json", str(path), "-o",
                        str(tmp_path / "r.pdf")], capsys)
    assert code == 0
    (profile,) = json.loads(out)["profiles"]
    assert profile["axes"]["stamina_at_top"]["value"] is None
    assert profile["axes"]["stamina_at_top"]["shown"] == "no limit"


def test_against_another_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["balance", str(ORRERY), "--against", str(GIG), "-o",
                        str(tmp_path / "r.pdf")], capsys)
    assert code == 0
    assert re.search(r"against Whisper Gig \(\S*whisper-gig\.yaml\)", out)
    assert "The Glimmering Orrery against Whisper Gig: stronger on " in out


def test_a_baseline_that_cannot_be_measured_is_bad_usage(
        tmp_path: Path, write_vehicle: Callable[..., Path],
        capsys: pytest.CaptureFixture[str]) -> None:
    broken = write_vehicle(lambda d: d["speed_table"].update(move_1=[0, 1]))
    code, _, err = run(["balance", str(GIG), "--against", str(broken)], capsys)
    assert code == 2 and "cannot compare against this file" in err and "paddock check" in err
    code, _, err = run(["balance", str(GIG), "--against", str(tmp_path)], capsys)
    assert code == 2 and "not a folder" in err
    assert "Traceback" not in err


def test_a_build_with_rule_errors_is_reported_not_measured(
        tmp_path: Path, write_vehicle: Callable[..., Path],
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "kit"
    folder.mkdir()
    shutil.copy(GIG, folder)
    shutil.move(write_vehicle(lambda d: d["speed_table"].update(move_1=[0, 1])),
                folder / "broken.yaml")
    code, out, _ = run(["balance", str(folder), "-o", str(tmp_path / "r.pdf")], capsys)
    assert code == 1
    assert re.search(r"not measured: \S+broken\.yaml \(has rule errors\)", out)
    assert "error FR-SPEED-RATINGS" in out
    assert "Whisper Gig against Basic Chariot" in out


def test_unreadable_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("game: frothy-races\nkind: [unclosed\n")
    code, out, _ = run(["balance", str(path), "-o", str(tmp_path / "r.pdf")], capsys)
    assert code == 2
    assert f"{path}:2:7: error YAML-SYNTAX: YAML syntax error: this '[' is never closed" in out
    assert not (tmp_path / "r.pdf").exists()


def test_rules_lists_the_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(["rules", "frothy-races"], capsys)[1]
    assert re.search(r"^FR-BAL-DOMINATES\s+warning\s+Frothy Races guide 3\.6", out, re.M)
    assert re.search(r"^FR-BAL-TRADEOFFS\s+info\s+", out, re.M)


# -- the PDF --------------------------------------------------------------------------------


def test_the_report_has_every_build_and_its_pages(report: Report) -> None:
    text = " ".join(page.text for page in report.pages)
    assert len(report.pages) >= 10
    for expected in ("Balance report", "Frothy Races: 2 builds against Basic Chariot",
                     "Side by side", "The axes", "How the numbers are made", "Red Comet",
                     "Whisper Gig", "Red Comet dominates: likely", "Speed by Speed",
                     "Chance of success (no effect applied)", "Expected hits to wipe out",
                     "Rounds from a standstill to each Speed"):
        assert expected in text, expected
    assert not list(report.pdf.parent.glob("*.part"))


def test_charts_are_vectors_not_pictures(report: Report) -> None:
    assert all(page.images == 0 for page in report.pages)
    radar = next(p for p in report.pages if "Each axis against the baseline" in p.text)
    assert radar.drawn > 40  # rings, spokes, both strands
    movement = next(p for p in report.pages if "Spaces a round at each Speed" in p.text)
    assert movement.drawn > 30


def test_no_text_is_smaller_than_6_pt_nor_near_the_paper_edge(report: Report) -> None:
    margin = SAFE_MARGIN
    for page in report.pages:
        assert round(to_mm(page.width)) == 210 and round(to_mm(page.height)) == 297
        for char in page.chars:
            # a glyph turned upright (the side-by-side headers) spans its font size across
            # the page, which pdfplumber reports as its width
            size = char["size"] if char["upright"] else char["width"]
            assert size >= 6.0, (char["page_number"], char["text"], size)
            assert char["x0"] >= margin and char["x1"] <= page.width - margin
            assert char["top"] >= margin and char["bottom"] <= page.height - margin


def test_letter_paper_and_a_template_override(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    templates = tmp_path / "mine" / "balance"
    templates.mkdir(parents=True)
    (templates / "report.j2").write_text(
        '{% extends "balance/report-base.j2" %}\n'
        "{% block title %}House balance rules{% endblock %}\n")
    pdf = tmp_path / "r.pdf"
    code = run(["balance", str(GIG), "-o", str(pdf), "--paper", "letter", "--templates",
                str(tmp_path / "mine")], capsys)[0]
    assert code == 0
    with pdfplumber.open(pdf) as doc:
        assert round(to_mm(doc.pages[0].width), 1) == 215.9
        assert "House balance rules" in (doc.pages[0].extract_text() or "")
