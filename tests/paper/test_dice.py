"""Dice as data and their sticker sheets: the faces the rulebooks give, six stickers per die,
stickers of the chosen size with their cut line, the sizes printed on the sheet, and clear
errors for bad dice data."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import InputError
from generator.paper.dice import dice_sets, load_dice_set, sticker_output
from generator.paper.output import BuildContext, PrintOptions
from generator.paper.units import PAPERS, mm, to_mm
from generator.text.templates import TextTemplates
from tests.pdf_geometry import open_pdf


def dice_of(game: str):  # type: ignore[no-untyped-def]
    return next(s for s in dice_sets() if s.game == game)


def test_frothy_control_die_has_the_guides_values_and_every_icon_once() -> None:
    (die,) = dice_of("frothy-races").dice
    assert sorted(f.value for f in die.faces) == [0, 1, 2, 2, 3, 3]
    assert sorted(f.icon for f in die.faces) == sorted(
        ["slide", "haste", "slow", "left_spin", "right_spin", "damage"])
    spins = {f.icon: f.value for f in die.faces}
    assert spins["left_spin"] == spins["right_spin"] == 2
    assert die.total == 12 and "one 1" in die.note


def test_joyride_dice_and_the_nitro_die() -> None:
    driver, nitro = dice_of("joyride").dice
    assert [f.value for f in driver.faces] == [1, 1, 2, 2, 3, 3]
    assert driver.count == 5 and driver.total == 5 * len(driver.colours)
    assert [f.value for f in nitro.faces[:5]] == [2, 2, 3, 3, 4]
    assert nitro.faces[5].icon == "lightning" and nitro.faces[5].value is None


def write_sheet(tmp_path: Path, game: str, printing: PrintOptions) -> Path:
    context = BuildContext(tmp_path, PAPERS["a4"], TextTemplates(), printing=printing)
    output = sticker_output(dice_of(game), context)
    target = tmp_path / output.path
    target.parent.mkdir(parents=True, exist_ok=True)
    output.write(target)
    return target


def sticker_outlines(path: Path, side_mm: float) -> list[tuple[float, float]]:
    """Cut lines of stickers (rounded squares), as (width, height) in mm."""
    found = []
    for page in open_pdf(path).pages:
        for curve in page.curves:
            width, height = to_mm(curve["x1"] - curve["x0"]), to_mm(curve["bottom"] -
                                                                    curve["top"])
            if curve.get("stroke") and abs(width - side_mm) < 0.05 and abs(
                    height - side_mm) < 0.05:
                found.append((width, height))
    return found


@pytest.mark.parametrize("sticker_mm", [13.0, 11.5])
def test_six_stickers_per_die_at_the_chosen_size(tmp_path: Path, sticker_mm: float) -> None:
    path = write_sheet(tmp_path, "frothy-races", PrintOptions(sticker=mm(sticker_mm)))
    outlines = sticker_outlines(path, sticker_mm)
    assert len(outlines) == 6 * 12
    for width, height in outlines:
        assert width == pytest.approx(sticker_mm, abs=0.01)
        assert height == pytest.approx(sticker_mm, abs=0.01)
    text = open_pdf(path).pages[0].extract_text()
    assert f"Dice 16 mm; stickers {sticker_mm:g} mm" in text
    assert "Control die × 12" in text


def test_joyride_sheet_holds_every_die(tmp_path: Path) -> None:
    path = write_sheet(tmp_path, "joyride", PrintOptions())
    assert len(sticker_outlines(path, 13.0)) == 6 * (20 + 1)
    assert not any(page.images for page in open_pdf(path).pages)


def test_bad_dice_data_is_an_error_at_its_position(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: x\ntitle: X\ndice:\n  - name: D\n    faces: [{value: 1}]\n")
    with pytest.raises(InputError) as raised:
        load_dice_set(bad)
    assert raised.value.line == 5
    assert "exactly 6" in raised.value.message


def test_an_unknown_icon_in_dice_data_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    faces = ", ".join(["{value: 1}"] * 5 + ["{icon: jetpack}"])
    bad.write_text(f"game: x\ntitle: X\ndice:\n  - name: D\n    faces: [{faces}]\n")
    with pytest.raises(InputError, match="no icon named 'jetpack'"):
        load_dice_set(bad)


def test_the_sheet_carries_a_key_to_its_icons(tmp_path: Path) -> None:
    path = write_sheet(tmp_path, "frothy-races", PrintOptions())
    with open_pdf(path) as pdf:
        page = pdf.pages[0]
        header = page.crop((page.width / 2, 0, page.width, mm(30))).extract_text()
    for name in ("Slide", "Slow", "Left spin", "Right spin", "Haste", "Damage"):
        assert name in header
    key_words = [w for w in pdf_words(path) if w["text"] == "Damage"]
    assert key_words and all(w["bottom"] - w["top"] >= 6 * 0.7 for w in key_words)


def pdf_words(path: Path) -> list[dict]:  # type: ignore[type-arg]
    with open_pdf(path) as pdf:
        return list(pdf.pages[0].extract_words())
