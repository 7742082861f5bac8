"""What a build prints: --only, the shared parts (generic deck, dice stickers) on for folders
and off for single files unless the kit says, print lengths finite and in range before any
file is written, and one transliterating slug for every file name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.commands.build import component_of, prepare
from generator.commands.cli import main
from generator.commands.components import COMPONENTS
from generator.input.names import path_key, slug
from generator.paper.output import BuildContext
from generator.project.kit import print_settings
from generator.project.loading import load
from generator.text.templates import TextTemplates
from tests.conftest import REPO, VEHICLES
from tests.pdf_geometry import open_pdf

MARSH = REPO / "vehicles" / "frothy-races" / "marsh-hopper.yaml"


def written(out: Path) -> list[str]:
    return sorted(entry["path"] for entry in
                  json.loads((out / "manifest.json").read_text(encoding="utf-8"))["files"])


def card_pages(out: Path) -> int:
    return len(open_pdf(out / "frothy-races" / "cards.pdf").pages)


def test_only_prints_the_components_named(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert main(["build", str(MARSH), "-o", str(out), "--only", "licences"]) == 0
    assert written(out) == ["frothy-races/licences.pdf"]


def test_an_only_build_packs_kept_shared_sheets_again_instead_of_doubling_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """After a full build packs the tokens with the licences, ``--only licences`` packs the
    shared sheets again with its licences in place of theirs, rather than printing them
    apart beside sheets that hold them too (tests/commands/test_build_shared_sheets_again.py
    reads the result back)."""
    out, folder = tmp_path / "out", str(REPO / "vehicles" / "frothy-races")
    assert main(["build", folder, "-o", str(out)]) == 0
    assert "frothy-races/packed-sheets.pdf" in written(out)
    capsys.readouterr()
    assert main(["build", folder, "-o", str(out), "--only", "licences"]) == 0
    said = capsys.readouterr().out
    assert (f"replaced {out / 'frothy-races' / 'packed-sheets.pdf'} (an earlier build's "
            "shared sheets holding pieces this build prints: packed again" in said)
    assert "frothy-races/licences.pdf" not in written(out)
    assert main(["build", folder, "-o", str(out), "--only", "cards"]) == 0
    assert "replaced" not in capsys.readouterr().out  # cards are not on the shared sheets


def test_an_unknown_component_is_bad_usage_with_a_suggestion(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["build", str(MARSH), "-o", str(tmp_path / "out"), "--only", "licences,crads"])
    assert stop.value.code == 2
    assert "unknown component 'crads'; did you mean 'cards'?" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_help_lists_every_component(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["build", "--help"])
    shown = capsys.readouterr().out
    assert all(f"  {name} " in shown for name in COMPONENTS)


def test_a_single_file_prints_its_vehicle_only(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert main(["build", "--no-pack", str(MARSH), "-o", str(out)]) == 0
    assert written(out) == ["frothy-races/cards.pdf", "frothy-races/licences.pdf",
                            "frothy-races/tokens.pdf"]
    assert card_pages(out) == 2  # its 7 cards on one sheet: no generic deck after them


def test_a_folder_prints_the_shared_parts(tmp_path: Path) -> None:
    folder = tmp_path / "vehicles"
    folder.mkdir()
    (folder / "marsh.yaml").write_text(MARSH.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", str(folder), "-o", str(out), "--only", "cards,dice-stickers"]) == 0
    assert written(out) == ["frothy-races/cards.pdf", "frothy-races/dice-stickers.pdf"]
    assert card_pages(out) == 6  # 7 + 12 generic cards: three sheets


def test_the_kit_turns_the_shared_parts_on_for_single_files(tmp_path: Path) -> None:
    kit = tmp_path / "kit.yaml"
    kit.write_text("kind: kit\ncomponents:\n  generic_deck: true\n  dice_stickers: true\n")
    out = tmp_path / "out"
    assert main(["build", str(kit), str(MARSH), "-o", str(out), "--only",
                 "cards,dice-stickers"]) == 0
    assert written(out) == ["frothy-races/cards.pdf", "frothy-races/dice-stickers.pdf"]
    assert card_pages(out) == 6


def test_every_shipped_output_has_a_listed_component(tmp_path: Path) -> None:
    loaded = load([VEHICLES])
    settings = print_settings(loaded.kit.kit if loaded.kit else None, {})
    context = BuildContext(tmp_path, settings.paper, TextTemplates(),
                           printing=settings.printing)
    found = {component_of(output) for output in prepare(loaded.clean(), context)}
    assert found == set(COMPONENTS)


# A value outside a kit limit is a schema finding (exit 1); one the YAML layer cannot read as
# a number (NaN, infinity, 10^400) is unreadable input (exit 2). Either way nothing is written.
@pytest.mark.parametrize(("line", "code", "says"), [
    ("print:\n  gutter: 100000", 1, "a length from 0mm to 30mm"),
    ("print:\n  gutter: 31mm", 1, "31mm is outside 0mm to 30mm for gutter"),
    ("sizes:\n  hex: .inf", 2, "not a finite number"),
    ("sizes:\n  die: .nan", 2, "not a finite number"),
    ("sizes:\n  sticker: 1" + "0" * 400, 2, "out of range"),
    ("print:\n  back_offset: 0,999", 1, "999mm is outside -20mm to 20mm"),
])
def test_kit_lengths_out_of_range_are_findings_and_nothing_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, code: int,
        says: str) -> None:
    kit = tmp_path / "kit.yaml"
    kit.write_text(f"kind: kit\n{line}\n")
    out = tmp_path / "out"
    assert main(["build", "--no-pack", str(kit), str(MARSH), "-o", str(out)]) == code
    err = capsys.readouterr().err
    assert "kit.yaml:3:" in err and " error " in err and says in err
    assert not out.exists()


@pytest.mark.parametrize("option", [["--gutter", "100000"], ["--hex", "inf"], ["--die", "nan"],
                                    ["--bleed", "-1mm"], ["--card-size", "1000x2000mm"]])
def test_print_lengths_out_of_range_on_the_command_line_are_bad_usage(
        tmp_path: Path, option: list[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["build", str(MARSH), "-o", str(tmp_path / "out"), *option])
    assert stop.value.code == 2
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("name", "expected"), [
    ("Über Wagon!", "uber-wagon"), ("The Red Comet!", "the-red-comet"),
    ("Bøgwater", "bogwater"), ("Straße", "strasse"), ("Lady’s Luck", "ladys-luck"),
    ("Æther Œuvre", "aether-oeuvre"), ("🏁", "piece"),
])
def test_slugs_transliterate(name: str, expected: str) -> None:
    assert slug(name) == expected


def test_names_that_differ_only_in_accents_case_or_punctuation_share_a_slug() -> None:
    assert len({slug(n) for n in ["Bog Water!", "Bog Water?", "Bog-Water"]}) == 1
    assert slug("Bögwater") == slug("Bøgwater") != slug("Bog Water!")
    assert slug("Red Comet!") == slug("Réd Comet")
    assert path_key("tracks/Réd.pdf") == path_key("tracks/red.PDF")


def test_new_names_its_file_with_the_shared_slug(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "frothy-races", "Über Wagon!"]) == 0
    assert (tmp_path / "vehicles" / "frothy-races" / "uber-wagon.yaml").exists()


@pytest.mark.parametrize("output", [".", "vehicles", "vehicles/.."])
def test_an_output_folder_holding_the_inputs_or_the_project_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        output: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "vehicles" / "frothy-races").mkdir(parents=True)
    (tmp_path / "vehicles" / "frothy-races" / "marsh.yaml").write_text(
        MARSH.read_text(encoding="utf-8"), encoding="utf-8")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    assert main(["build", "vehicles", "-o", output]) == 2
    assert "must be a folder of its own" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.rglob("*")) == before
