"""Waivers: '# paddock: allow RULE -- reason' at the end of a line, at the top of a file or
above a line, and the kit's waive: list; a waived finding is shown with its reason and never
fails --strict; a waiver that waives nothing, names no rule, gives no reason or aims at an
error is itself a finding."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.commands.cli import main
from generator.input.waivers import comment_start, read_waivers
from tests.conftest import VEHICLES

GIG = (VEHICLES / "frothy-races" / "whisper-gig.yaml").read_text()
DUAL = "  reins: 3\n"
DUAL_LINE = "  dual: 4"


def project(tmp_path: Path, text: str, kit: str | None = None) -> Path:
    """A project folder holding one Frothy vehicle (and a kit file when given)."""
    folder = tmp_path / "vehicles"
    (folder / "frothy-races").mkdir(parents=True)
    (folder / "frothy-races" / "gig.yaml").write_text(text)
    if kit is not None:
        (folder / "kit.yaml").write_text(kit)
    return folder


def with_dual(comment: str = "", top: str = "") -> str:
    """The gig with 4 dual cards (FR-CARDS-DUAL and FR-CARDS-GUIDE warn), commented."""
    assert DUAL in GIG
    return top + GIG.replace(DUAL, f"{DUAL}{DUAL_LINE}{comment}\n")


def check(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str]:
    code = main(["check", *map(str, args)])
    return code, capsys.readouterr().out


def test_a_waiver_at_the_end_of_a_line_waives_that_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = project(tmp_path, with_dual("  # paddock: allow FR-CARDS-DUAL -- all about duals"))
    code, out = check(capsys, folder, "--strict")
    assert code == 1  # FR-CARDS-GUIDE is still a warning
    dual = next(line for line in out.splitlines() if "FR-CARDS-DUAL" in line)
    assert dual.endswith("(waived: all about duals)")
    assert "0 errors, 1 warning, 0 info (1 waived) in 1 file" in out
    code, out = check(capsys, folder, "--format", "json")
    found = {f["rule"]: f for f in json.loads(out)["findings"]}
    assert found["FR-CARDS-DUAL"]["waived"] == "all about duals"
    assert "waived" not in found["FR-CARDS-GUIDE"]
    assert json.loads(out)["summary"]["waived"] == 1


def test_waivers_at_the_top_cover_the_file_and_pass_strict(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    top = "# paddock: allow FR-CARDS-DUAL, FR-CARDS-GUIDE -- a dual-card experiment\n"
    folder = project(tmp_path, with_dual(top=top))
    code, out = check(capsys, folder, "--strict")
    assert code == 0, out
    assert "(2 waived)" in out


def test_a_waiver_on_its_own_line_further_down_covers_the_next_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = with_dual().replace(DUAL_LINE, "  # paddock: allow FR-CARDS-DUAL -- duals\n"
                                          + DUAL_LINE)
    code, out = check(capsys, project(tmp_path, text))
    assert "FR-CARDS-DUAL" in out and "(waived: duals)" in out
    assert "WAIVER-UNUSED" not in out


def test_an_unused_waiver_is_a_finding(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    text = GIG.replace(DUAL, DUAL.rstrip("\n") + "  # paddock: allow FR-CARDS-DUAL -- old\n")
    code, out = check(capsys, project(tmp_path, text), "--strict")
    assert code == 1
    assert "warning WAIVER-UNUSED: the waiver of FR-CARDS-DUAL waives nothing" in out


def test_a_waiver_of_no_known_rule_or_with_no_reason_is_a_finding(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = project(tmp_path, with_dual("  # paddock: allow FR-CARDS-DUEL, FR-CARDS-GUIDE"))
    _, out = check(capsys, folder)
    assert "WAIVER-UNKNOWN-RULE: no rule is called FR-CARDS-DUEL; did you mean FR-CARDS-DUAL?" \
        in out
    assert "WAIVER-NO-REASON: the waiver of FR-CARDS-GUIDE gives no reason" in out


def test_an_error_cannot_be_waived(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = GIG.replace(DUAL, "  reins: 10  # paddock: allow FR-CARDS-LIMIT -- big decks\n")
    code, out = check(capsys, project(tmp_path, text))
    assert code == 1
    assert "WAIVER-ERROR: FR-CARDS-LIMIT is an error and cannot be waived" in out
    limit = next(line for line in out.splitlines() if " FR-CARDS-LIMIT:" in line)
    assert "(waived:" not in limit


def test_the_kits_waive_list_covers_the_files_its_glob_names(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    kit = ("kind: kit\nwaive:\n"
           "  - {rule: FR-CARDS-DUAL, reason: house style, files: 'frothy-races/*.yaml'}\n"
           "  - {rule: FR-CARDS-GUIDE, reason: elsewhere, files: 'joyride/*.yaml'}\n")
    folder = project(tmp_path, with_dual(), kit)
    _, out = check(capsys, folder)
    assert "(waived: house style)" in out
    guide = next(line for line in out.splitlines() if " FR-CARDS-GUIDE:" in line)
    assert "(waived:" not in guide
    assert ("kit.yaml:4:12: warning WAIVER-UNUSED: the waiver of FR-CARDS-GUIDE waives "
            "nothing in files matching joyride/*.yaml") in out
    # a check of the one file applies the project's kit, and leaves its unused entries to
    # the check that reads the kit
    _, out = check(capsys, folder / "frothy-races" / "gig.yaml")
    assert "(waived: house style)" in out and "WAIVER-UNUSED" not in out


def test_a_balance_verdict_is_waived_in_balance_and_not_unused_in_check(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    top = "# paddock: allow FR-BAL-TRADEOFFS -- measured by hand\n"
    folder = project(tmp_path, top + GIG)
    _, out = check(capsys, folder)
    assert "WAIVER" not in out
    assert main(["balance", str(folder), "-o", str(tmp_path / "b.pdf")]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if "FR-BAL-TRADEOFFS" in line)
    assert line.endswith("(waived: measured by hand)")


def test_a_hash_inside_quotes_is_not_a_comment() -> None:
    assert comment_start("name: 'Gig # paddock: allow X-Y -- no'") is None
    assert comment_start('colour: "#2e4a62"  # paddock: allow A-B -- c') == 19
    assert read_waivers("name: 'Gig # paddock: allow FR-A -- no'\n", "f.yaml") == []
