"""The kit file: print settings validated through the schema at file:line:column, its rules
firing on minimal bad cases and silent on the shipped kit, and the command line overriding
the kit."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.commands.cli import main
from generator.errors import UsageError
from generator.paper.sizes import STANDARD_SIZES
from generator.paper.units import mm
from generator.project.kit import print_settings
from generator.project.loading import load
from tests.pdf_geometry import ROOT, copy_vehicles, open_pdf, page_box


def kit_folder(tmp_path: Path, kit_text: str) -> Path:
    folder = copy_vehicles(tmp_path / "in", "basic-chariot")
    (folder / "kit.yaml").write_text(kit_text)
    return folder


def test_shipped_kit_is_clean_and_holds_the_defaults() -> None:
    loaded = load([ROOT / "vehicles"])
    assert loaded.kit is not None
    assert not [f for f in loaded.findings if f.mark.file.endswith("kit.yaml")]
    settings = print_settings(loaded.kit.kit, {})
    assert settings.paper.name == "a4" and settings.printing.card == STANDARD_SIZES["poker"]
    assert settings.printing.bleed == pytest.approx(mm(3))


def test_a_typo_in_the_kit_is_a_finding_and_nothing_is_built(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]
                                                               ) -> None:
    folder = kit_folder(tmp_path, "kind: kit\nprint:\n  papr: letter\n")
    assert main(["build", str(folder), "-o", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "kit.yaml:3:3: error SCHEMA-UNKNOWN-KEY" in err and "did you mean 'paper'" in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("kit", "rule", "line"), [
    ("kind: kit\nsizes:\n  die: 12mm\n  sticker: 12mm\n", "KIT-STICKER-FIT", 4),
    ("kind: kit\nsizes:\n  card: 200x300mm\n", "KIT-PIECE-FITS", 3),
])
def test_kit_rules_fire_on_a_minimal_bad_kit(tmp_path: Path, kit: str, rule: str,
                                             line: int) -> None:
    loaded = load([kit_folder(tmp_path, kit)])
    found = [f for f in loaded.findings if f.rule == rule]
    assert len(found) == 1 and found[0].mark.line == line


def test_two_kits_in_one_build_is_an_error(tmp_path: Path) -> None:
    folder = kit_folder(tmp_path, "kind: kit\n")
    (folder / "second.yaml").write_text("kind: kit\n")
    loaded = load([folder])
    assert [f.rule for f in loaded.findings if f.rule == "KIT-ONE"] == ["KIT-ONE"]


def test_the_command_line_overrides_the_kit(tmp_path: Path) -> None:
    folder = kit_folder(tmp_path, "kind: kit\nprint:\n  paper: letter\n  print_shop: true\n"
                                  "sizes:\n  card: tarot\n")
    out = tmp_path / "out"
    assert main(["build", str(folder), "-o", str(out), "--card-size", "mini-euro"]) == 0
    page = open_pdf(out / "frothy-races" / "cards.pdf").pages[0]
    trim = page_box(page, "TrimBox")
    assert (trim.width, trim.height) == pytest.approx((44, 68), abs=0.01)
    assert page_box(page, "MediaBox").width == pytest.approx(44 + 6, abs=0.01)
    licence = open_pdf(out / "frothy-races" / "licences.pdf").pages[0]
    # Designed without bleed (cut on its hairline at home), it gets the shop's bleed too.
    assert page_box(licence, "TrimBox").width == pytest.approx(190, abs=0.01)
    assert page_box(licence, "MediaBox").width == pytest.approx(190 + 6, abs=0.01)


def test_a_sticker_larger_than_the_die_on_the_command_line_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="does not sit on a 10 mm die"):
        print_settings(None, {"die": mm(10), "sticker": mm(13)})


def test_a_single_file_build_uses_its_project_folders_kit(tmp_path: Path) -> None:
    project = tmp_path / "project"
    vehicles = copy_vehicles(project / "vehicles" / "frothy-races", "basic-chariot").parent
    (vehicles / "kit.yaml").write_text("kind: kit\nprint:\n  paper: letter\n")
    out = tmp_path / "out"
    vehicle = vehicles / "frothy-races" / "basic-chariot.yaml"
    assert main(["build", str(vehicle), "-o", str(out), "--only", "licences"]) == 0
    letter = page_box(open_pdf(out / "frothy-races" / "licences.pdf").pages[0], "MediaBox")
    assert (letter.width, letter.height) == pytest.approx((215.9, 279.4), abs=0.01)


def test_a_single_file_outside_any_project_keeps_the_defaults(tmp_path: Path) -> None:
    folder = copy_vehicles(tmp_path / "loose", "basic-chariot")
    out = tmp_path / "out"
    assert main(["build", str(folder / "basic-chariot.yaml"), "-o", str(out),
                 "--only", "licences"]) == 0
    a4 = page_box(open_pdf(out / "frothy-races" / "licences.pdf").pages[0], "MediaBox")
    assert (a4.width, a4.height) == pytest.approx((210, 297), abs=0.01)


def test_a_project_kit_with_errors_stops_a_single_file_build(tmp_path: Path) -> None:
    vehicles = copy_vehicles(tmp_path / "vehicles" / "frothy-races", "basic-chariot").parent
    (vehicles / "kit.yaml").write_text("kind: kit\nprint:\n  papr: letter\n")
    out = tmp_path / "out"
    assert main(["build", str(vehicles / "frothy-races" / "basic-chariot.yaml"),
                 "-o", str(out)]) == 1
    assert not out.exists()
