"""``paddock build`` with the print options: exit codes, the files written and the manifest,
print-shop and PNG previews (component PNGs and Tabletop Simulator deck sheets)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from generator.commands.cli import main
from generator.paper.previews import TTS_COLUMNS, tts_grid, tts_sheet
from tests.pdf_geometry import copy_vehicles, open_pdf, page_box


def test_build_writes_cards_counters_and_only_its_own_games_dice(tmp_path: Path) -> None:
    folder = copy_vehicles(tmp_path / "in", "cogsworth-steam-carriage")
    out = tmp_path / "out"
    assert main(["build", "--no-pack", str(folder), "-o", str(out), "--paper", "letter"]) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    paths = {entry["path"]: entry for entry in manifest["files"]}
    assert set(paths) == {"frothy-races/cards.pdf", "frothy-races/tokens.pdf",
                          "frothy-races/licences.pdf", "frothy-races/dice-stickers.pdf"}
    assert paths["frothy-races/cards.pdf"]["page_size_mm"] == [215.9, 279.4]
    assert paths["frothy-races/dice-stickers.pdf"]["game"] == "frothy-races"


def test_print_shop_interleaves_fronts_and_backs(tmp_path: Path) -> None:
    folder = copy_vehicles(tmp_path / "in", "cogsworth-steam-carriage")
    out = tmp_path / "out"
    assert main(["build", str(folder), "-o", str(out), "--print-shop", "--bleed", "2mm"]) == 0
    pdf = open_pdf(out / "frothy-races" / "cards.pdf")
    cards = 7 + 12  # Cogsworth's deck and the generic deck
    assert len(pdf.pages) == 2 * cards
    first = pdf.pages[0]
    assert page_box(first, "MediaBox").width == pytest.approx(63.5 + 4, abs=0.01)
    assert "Cogsworth Steam Carriage" in first.extract_text()


def test_png_previews_and_tabletop_simulator_sheets(tmp_path: Path) -> None:
    folder = copy_vehicles(tmp_path / "in", "cogsworth-steam-carriage")
    out = tmp_path / "out"
    assert main(["build", "--no-pack", str(folder), "-o", str(out), "--png", "--dpi", "72"]) == 0
    previews = sorted((out / "frothy-races" / "png" / "cards").rglob("*.png"))
    assert previews, "a PNG per distinct face"
    with Image.open(previews[0]) as image:
        assert image.size == (round(63.5 / 25.4 * 72), round(88.9 / 25.4 * 72))
    faces = out / "frothy-races" / "tts" / "cogsworth-steam-carriage-faces.png"
    backs = out / "frothy-races" / "tts" / "cogsworth-steam-carriage-backs.png"
    with Image.open(faces) as sheet:
        assert sheet.size == (7 * 180, 2 * 252)  # seven cards on a 7 x 2 grid, at 72 dpi
    assert backs.exists(), "the special card's back differs, so backs are a sheet too"
    assert (out / "frothy-races" / "tts" / "generic-back.png").exists() is False
    assert (out / "frothy-races" / "png" / "tokens").is_dir()


def test_tts_sheet_is_a_grid_of_at_most_ten_by_seven() -> None:
    cards = [Image.new("RGB", (10, 14), (index, 0, 0)) for index in range(23)]
    sheet = tts_sheet(cards)
    assert sheet.size == (TTS_COLUMNS * 10, 3 * 14)
    assert sheet.getpixel((10 * 2, 14 * 2)) == (22, 0, 0)
    assert tts_grid(1) == (2, 2) and tts_grid(8) == (8, 2) and tts_grid(70) == (10, 7)


def slice_as_tts(sheet: Image.Image, grid: str) -> list[Image.Image]:
    """Cut a deck sheet the way Tabletop Simulator does: into the grid typed at import,
    each cell the sheet's size divided by the grid, row by row from the top left."""
    columns, rows = map(int, grid.split("x"))
    width, height = sheet.width // columns, sheet.height // rows
    assert (width * columns, height * rows) == sheet.size, "TTS cuts equal cells"
    return [sheet.crop((c * width, r * height, (c + 1) * width, (r + 1) * height))
            for r in range(rows) for c in range(columns)]


def test_every_deck_sheet_cuts_into_its_cards_by_the_grid_the_manifest_states(
        tmp_path: Path) -> None:
    folder = copy_vehicles(tmp_path / "in", "cogsworth-steam-carriage", "marsh-hopper")
    out = tmp_path / "out"
    assert main(["build", "--no-pack", str(folder), "-o", str(out), "--png", "--dpi", "36",
                 "--only", "cards"]) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    sheets = [e for e in manifest["files"] if e["path"].endswith("-faces.png")]
    assert sheets
    compared = 0
    for entry in sheets:
        deck = Path(entry["path"]).name.removesuffix("-faces.png")
        faces = out / "frothy-races" / "png" / "cards" / deck
        with Image.open(out / entry["path"]) as sheet:
            cells = slice_as_tts(sheet.convert("RGB"), entry["notes"]["grid"])
        cards = int(entry["notes"]["cards"])
        for number, cell in enumerate(cells[:cards], start=1):
            for face in faces.glob(f"{number:02d}-*-front.png"):
                with Image.open(face) as image:
                    assert cell.tobytes() == image.convert("RGB").tobytes(), face
                compared += 1
        for cell in cells[cards:]:
            assert cell.getextrema() == ((255, 255),) * 3, "cells past the deck are blank"
    assert compared >= len(sheets)


@pytest.mark.parametrize("option", [["--bleed", "lots"], ["--card-size", "huge"],
                                    ["--dpi", "5"], ["--marks", "dotted"]])
def test_a_bad_print_option_is_a_usage_error(tmp_path: Path, option: list[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["build", str(tmp_path), "-o", str(tmp_path / "out"), *option])
    assert raised.value.code == 2


def test_a_card_size_too_small_for_its_text_stops_the_build(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]
                                                              ) -> None:
    folder = copy_vehicles(tmp_path / "in", "basic-chariot")
    assert main(["build", "--no-pack", str(folder), "-o", str(tmp_path / "out"), "--card-size",
                 "30x40mm"]) == 2
    assert "does not fit on 30.0 x 40.0 mm cards" in capsys.readouterr().err
    assert not (tmp_path / "out" / "frothy-races" / "cards.pdf").exists()


def test_cut_lines_fit_nine_poker_cards_on_letter(tmp_path: Path) -> None:
    folder = copy_vehicles(tmp_path / "in", "basic-chariot")
    out = tmp_path / "out"
    assert main(["build", "--no-pack", str(folder), "-o", str(out), "--paper", "letter", "--marks",
                 "lines"]) == 0
    front = open_pdf(out / "frothy-races" / "cards.pdf").pages[0]
    trim = page_box(front, "TrimBox")
    assert (trim.width, trim.height) == pytest.approx((3 * 63.5, 3 * 88.9), abs=0.01)
