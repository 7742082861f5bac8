"""``paddock table``: one row per definition with its stats and balance axes, as CSV or as an
XLSX workbook with a sheet per game."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from generator.commands.cli import main
from tests.conftest import VEHICLES

FROTHY = VEHICLES / "frothy-races"


def test_csv_has_a_row_per_definition_with_stats_and_the_balance_numbers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", str(FROTHY)]) == 0
    table = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(table) == len(list(FROTHY.glob("*.yaml")))
    gig = next(row for row in table if row["name"] == "Whisper Gig")
    assert gig["speed_table.acceleration"] == "1 1 1 2 2 2 2"
    assert gig["cards.whip"] == "3" and gig["game"] == "Frothy Races"
    assert "background" not in gig, "prose is left out"
    assert main(["balance", str(FROTHY / "whisper-gig.yaml"), "--format", "json", "-o",
                 str(tmp_path / "b.pdf")]) == 0
    axes = json.loads(capsys.readouterr().out)["profiles"][0]["axes"]
    column = "balance: Rounds to top (rounds, lower is better)"
    assert float(gig[column]) == pytest.approx(axes["rounds_to_top_speed"]["value"])
    turn = "balance: Turn success (chance, higher is better)"
    assert float(gig[turn]) == pytest.approx(100 * axes["turn_success"]["value"])


def test_xlsx_has_a_sheet_per_game_with_numbers_as_numbers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    target = tmp_path / "kit.xlsx"
    assert main(["table", str(FROTHY), str(VEHICLES / "outrider"), "--format", "xlsx", "-o",
                 str(target)]) == 0
    assert f"wrote {target}" in capsys.readouterr().err
    book = openpyxl.load_workbook(target)
    assert book.sheetnames == ["Frothy Races", "Outrider"]
    sheet = book["Frothy Races"]
    header = [cell.value for cell in sheet[1]]
    assert header[:4] == ["file", "game", "kind", "name"]
    column = header.index("balance: Cards a round (cards/round, higher is better)") + 1
    assert all(isinstance(sheet.cell(row, column).value, (int, float))
               for row in range(2, sheet.max_row + 1))


def test_files_with_errors_are_left_out_and_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "gig.yaml").write_text((FROTHY / "whisper-gig.yaml").read_text())
    (tmp_path / "bad.yaml").write_text((FROTHY / "marsh-hopper.yaml").read_text().replace(
        "name: Marsh Hopper", "name: Bad").replace("  whip: ", "  whip: 1"))
    assert main(["table", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert "left out of the table" in err and "error" in err
    assert [row["name"] for row in csv.DictReader(io.StringIO(out))] == ["Whisper Gig"]
