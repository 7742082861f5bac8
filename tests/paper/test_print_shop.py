"""Print-shop builds of the default kit, read back as a print shop's preflight would: PDF/X
keys and output intents, a bleed on every face with the art reaching it, no line on the cut,
every font embedded, black text in black ink alone, the back page first where the profile
asks, crop marks clear of the bleed, and no text within the safe zone."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest

from generator.commands.cli import main
from generator.paper.printers import REGISTERED_CONDITIONS, shipped_profiles
from tests.conftest import KitBuild
from tests.pdf_print_shop import (
    MM,
    bleed_gaps,
    boxes,
    die_cut_gaps,
    flat_hexagon,
    open_plumber,
    pointy_hexagon,
    read_pages,
    strokes_on_trim,
    text_in_safe_zone,
    transparency,
    unembedded_fonts,
    uses_rgb,
)

REPO = Path(__file__).resolve().parents[2]
# Sheets printed whole, the page being the product (the map tiles, the layout page, the
# modular pieces, a Formula Ace circuit's plan): not faces cut out by the shop, so they carry
# no bleed of their own. A circuit's markers and width gauge are faces (``circuit markers``).
SHEET_KINDS = {"track-tiles", "track-layout", "track-pieces", "circuit"}
def build(out: Path, *options: str) -> dict[str, dict[str, Any]]:
    assert main(["build", str(REPO / "vehicles"), "-o", str(out), *options]) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    return {entry["path"]: entry for entry in manifest["files"]}


@pytest.fixture(scope="module")
def card_printer(kit_build: Callable[..., KitBuild]) -> KitBuild:
    return kit_build("--print-shop", "card-printer")


@pytest.fixture(scope="module")
def rgb_shop(kit_build: Callable[..., KitBuild]) -> KitBuild:
    return kit_build("--print-shop")


def faces(built: tuple[Path, dict[str, Any]]) -> list[Path]:
    out, files = built
    return [out / path for path, entry in sorted(files.items())
            if entry["kind"] not in SHEET_KINDS]


def test_every_face_has_the_profiles_bleed_beyond_its_trim(
        card_printer: tuple[Path, dict[str, Any]]) -> None:
    bleed = 0.125 * 72
    short = []
    for path in faces(card_printer):
        with pikepdf.open(path) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                box = boxes(page)
                reach = (box.trim[0] - box.bleed[0], box.trim[1] - box.bleed[1],
                         box.bleed[2] - box.trim[2], box.bleed[3] - box.trim[3])
                inside_media = all(m <= b + 1e-3 for m, b in zip(box.media[:2], box.bleed[:2],
                                                                  strict=True)) and all(
                    b <= m + 1e-3 for m, b in zip(box.media[2:], box.bleed[2:], strict=True))
                if min(reach) < bleed - 0.01 or not inside_media:
                    short.append(f"{path.name} page {number}: bleed {reach}")
    assert short == []


def test_the_art_reaches_the_bleed_edge_on_every_face(
        card_printer: tuple[Path, dict[str, Any]]) -> None:
    gaps = [gap for path in faces(card_printer) for gap in bleed_gaps(path)]
    assert gaps == []


def test_no_line_is_stroked_on_a_cut(card_printer: tuple[Path, dict[str, Any]]) -> None:
    found = []
    for path in faces(card_printer):
        for number, page in enumerate(read_pages(path), 1):
            found += [f"{path.name} page {number}: {s}"
                      for s in strokes_on_trim(page, page.trim)]
    assert found == []


def test_every_font_is_embedded_in_every_file_home_or_shop(
        card_printer: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    home = build(tmp_path / "home", "--only", "licences,cards,tokens")
    paths = [card_printer[0] / p for p in card_printer[1]] + [tmp_path / "home" / p
                                                              for p in home]
    assert {path.name: fonts for path in paths if (fonts := unembedded_fonts(path))} == {}


@pytest.mark.parametrize("fixture, version, rgb", [("card_printer", "PDF/X-1a:2003", False),
                                                   ("rgb_shop", "PDF/X-3:2003", True)])
def test_pdfx_keys_and_output_intent(fixture: str, version: str, rgb: bool,
                                     request: pytest.FixtureRequest) -> None:
    out, files = request.getfixturevalue(fixture)
    for path in files:
        with pikepdf.open(out / path) as pdf:
            info = pdf.docinfo
            assert str(info["/GTS_PDFXVersion"]) == version, path
            assert info["/Trapped"] == pikepdf.Name("/False"), path
            assert str(info["/Title"]) and "/CreationDate" in info and "/ModDate" in info
            assert len(pdf.trailer["/ID"]) == 2
            assert pdf.pdf_version <= "1.4", "PDF/X-1a:2003 and X-3:2003 are PDF 1.3 or 1.4"
            (intent,) = pdf.Root.OutputIntents
            assert intent.S == "/GTS_PDFX" and intent.Type == "/OutputIntent"
            assert str(intent.OutputConditionIdentifier) in REGISTERED_CONDITIONS
            assert str(intent.RegistryName) == "http://www.color.org"
            for page in pdf.pages:
                assert "/TrimBox" in page.obj and "/BleedBox" in page.obj
                if rgb:  # DeviceRGB is given a meaning: sRGB, by DefaultRGB
                    space = page.obj.Resources.ColorSpace.DefaultRGB
                    assert space[0] == "/ICCBased" and space[1].N == 3
        assert transparency(out / path) == [], path
        assert uses_rgb(out / path) is rgb, path


def test_qpdf_finds_no_structural_error(card_printer: tuple[Path, dict[str, Any]]) -> None:
    qpdf = shutil.which("qpdf")
    if qpdf is None:
        pytest.skip("qpdf is not installed (Debian: apt-get install qpdf); the other tests "
                    "check the PDF/X keys with pikepdf")
    out, files = card_printer
    for path in files:
        result = subprocess.run([qpdf, "--check", str(out / path)], capture_output=True,
                                text=True, check=False)
        assert result.returncode == 0, result.stdout + result.stderr


def test_black_text_is_black_ink_alone(card_printer: tuple[Path, dict[str, Any]]) -> None:
    out, _ = card_printer
    with open_plumber(out / "frothy-races" / "licences.pdf") as pdf:
        colours = {tuple(round(float(v), 3) for v in char["non_stroking_color"])
                   for page in pdf.pages for char in page.chars}
    assert (0.0, 0.0, 0.0, 1.0) in colours
    assert not [c for c in colours if len(c) == 4 and c[3] > 0.8 and 0 < sum(c[:3]) < 0.2], \
        "near-black text printed in more than one ink"


def test_no_colour_goes_over_the_profiles_ink_limit(
        card_printer: tuple[Path, dict[str, Any]]) -> None:
    out, files = card_printer
    over = set()
    for path in files:
        for page in read_pages(out / path)[:40]:
            for obj in [*page.chars, *page.rects, *page.curves]:
                for key in ("non_stroking_color", "stroking_color"):
                    colour = obj.get(key)
                    if isinstance(colour, tuple | list) and len(colour) == 4 \
                            and sum(float(v) for v in colour) > 2.4 + 1e-3:
                        over.add((path, tuple(colour)))
    assert over == set()


def test_backs_come_first_for_the_card_printer(card_printer: tuple[Path, dict[str, Any]]
                                               ) -> None:
    out, _ = card_printer
    with open_plumber(out / "frothy-races" / "cards" / "basic-chariot.pdf") as pdf:
        first, second = (pdf.pages[i].extract_text() for i in (0, 1))
    assert "Basic Chariot" in second, "the front (with the vehicle's name) comes second"
    assert shipped_profiles()["card-printer"].page_order == "back-first"


def test_the_card_printer_gets_a_file_per_deck(card_printer: tuple[Path, dict[str, Any]]
                                               ) -> None:
    _, files = card_printer
    decks = {path: entry for path, entry in files.items()
             if path.startswith("frothy-races/cards/")}
    assert "frothy-races/cards.pdf" not in files
    assert "frothy-races/cards/generic.pdf" in decks
    names = {name for entry in decks.values() for name in entry["vehicles"]}
    assert len(decks) == len(names) >= 10, "one file for each deck, each naming its deck"


# What every game prints as decks: a component of several decks gets a folder of deck files
# for the card printer (file_per_deck), one file each for the standard profile.
SPLIT = {"frothy-races/cards": 10, "joyride/items": 2, "joyride/ability-tokens": 4,
         "joyride/car-tokens": 2, "outrider/reference-cards": 2, "outrider/tokens": 2,
         "formula-ace/ship-cards": 3, "formula-ace/pilot-cards": 3,
         "formula-ace/cm-templates": 4}


def test_every_games_decks_are_a_file_each_for_the_card_printer(
        card_printer: tuple[Path, dict[str, Any]], rgb_shop: tuple[Path, dict[str, Any]]
) -> None:
    out, files = card_printer
    whole_out, whole = rgb_shop
    for component, count in SPLIT.items():
        decks = {path: entry for path, entry in files.items()
                 if path.startswith(component + "/")}
        assert f"{component}.pdf" not in files and f"{component}.pdf" in whole
        assert len(decks) >= count, (component, sorted(decks))
        pages = 0
        for path, entry in decks.items():
            deck = entry["notes"]["deck"]
            with pikepdf.open(out / path) as pdf:
                assert len(pdf.pages) == entry["pages"] > 0
                assert str(pdf.docinfo["/Title"]).endswith(f": {deck}"), path
                pages += len(pdf.pages)
        with pikepdf.open(whole_out / f"{component}.pdf") as pdf:
            assert pages == len(pdf.pages), f"{component}: the decks hold every face once"
    # A deck of a team's cards is that team's: its name on them, no other team's.
    teams = {"hollow-star": "Hollow Star", "iron-bastion": "Iron Bastion",
             "red-comet-racing": "Red Comet Racing"}
    for kind in ("ship-cards", "pilot-cards"):
        for file, team in teams.items():
            with open_plumber(out / "formula-ace" / kind / f"{file}.pdf") as pdf:
                text = " ".join(page.extract_text() or "" for page in pdf.pages).upper()
            assert team.upper() in text
            assert not [other for other in teams.values() if other != team
                        and other.upper() in text]
    # A component of one deck keeps its one file.
    assert "outrider/maneuver-cards.pdf" in files and "joyride/player-aids.pdf" in files


def test_offset_crop_marks_start_beyond_the_bleed(tmp_path: Path) -> None:
    files = build(tmp_path, "--print-shop", "offset", "--only", "cards")
    path = tmp_path / next(iter(files))
    with pikepdf.open(path) as pdf:
        box = boxes(pdf.pages[0])
    assert box.trim[0] - box.bleed[0] == pytest.approx(3 * MM, abs=0.01)
    with open_plumber(path) as pdf:
        page = pdf.pages[0]
        height = float(page.mediabox[3])
        # Crop marks: the stroked lines that do not cross into the trim.
        marks = [(line["x0"], height - line["bottom"], line["x1"], height - line["top"])
                 for line in page.lines if line.get("stroke")
                 and not (line["x1"] > box.trim[0] and line["x0"] < box.trim[2]
                          and height - line["top"] > box.trim[1]
                          and height - line["bottom"] < box.trim[3])]
    assert len(marks) == 8
    for x0, y0, x1, y1 in marks:
        outside = (x1 <= box.bleed[0] - 0.5 * MM or x0 >= box.bleed[2] + 0.5 * MM
                   or y1 <= box.bleed[1] - 0.5 * MM or y0 >= box.bleed[3] + 0.5 * MM)
        assert outside, f"a crop mark reaches into the bleed: {(x0, y0, x1, y1)}"


def text_in_zone(built: tuple[Path, dict[str, Any]], safe: float) -> dict[str, int]:
    """Characters within ``safe`` points of the trim, for each face file that has any."""
    out, files = built
    counts = {}
    for path, entry in files.items():
        if entry["kind"] in SHEET_KINDS:
            continue
        counts[path] = sum(text_in_safe_zone(page, page.trim, safe)
                           for page in read_pages(out / path))
    return {path: count for path, count in counts.items() if count}


@pytest.mark.parametrize("fixture", ["card_printer", "rgb_shop"])
def test_no_text_inside_the_safe_zone_on_any_face(fixture: str,
                                                  request: pytest.FixtureRequest) -> None:
    built = request.getfixturevalue(fixture)
    games = {entry["game"] for entry in built[1].values()}
    assert len(games) == 5, "every game's faces are counted"
    assert text_in_zone(built, 0.125 * 72) == {}


def test_the_safe_zone_is_the_kits_option(tmp_path: Path) -> None:
    """A larger safe zone moves the text further in (the standard profile takes the kit's);
    one no piece has room for is refused before anything is written."""
    out = tmp_path / "wide"
    built = (out, build(out, "--print-shop", "--safe-zone", "4mm", "--only",
                        "ship-cards,maneuver-cards,ability-tokens,cm-templates,licences,dashboards"))
    assert text_in_zone(built, 4 * MM) == {}
    assert text_in_zone(built, 0.125 * 72) == {}
    assert main(["build", str(REPO / "vehicles"), "-o", str(tmp_path / "narrow"),
                 "--print-shop", "--safe-zone", "10mm", "--only", "dice-stickers"]) == 2
    assert not (tmp_path / "narrow" / "manifest.json").exists()


def test_a_kit_adds_its_own_printer_profile(tmp_path: Path) -> None:
    folder = tmp_path / "vehicles"
    shutil.copytree(REPO / "vehicles" / "frothy-races", folder / "frothy-races")
    (folder / "kit.yaml").write_text(
        "kind: kit\nprint:\n  print_shop: corner-shop\nprinters:\n  corner-shop:\n"
        "    bleed: 2mm\n    colour: rgb\n    output_condition: FOGRA39\n")
    out = tmp_path / "out"
    assert main(["build", str(folder), "-o", str(out), "--only", "cards"]) == 0
    with pikepdf.open(out / "frothy-races" / "cards.pdf") as pdf:
        box = boxes(pdf.pages[0])
        assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-3:2003"
    assert box.trim[0] - box.bleed[0] == pytest.approx(2 * MM, abs=0.01)


def test_an_unknown_profile_is_a_finding_at_its_line(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "vehicles"
    shutil.copytree(REPO / "vehicles" / "frothy-races", folder / "frothy-races")
    (folder / "kit.yaml").write_text("kind: kit\nprint:\n  print_shop: card-printr\n")
    assert main(["check", str(folder)]) == 1
    assert "kit.yaml:3:15: error KIT-PRINTER-KNOWN: no printer profile 'card-printr'" \
        in capsys.readouterr().out
    (folder / "kit.yaml").unlink()
    assert main(["build", str(folder), "-o", str(tmp_path / "out"), "--print-shop",
                 "nowhere"]) == 2
    assert "no printer profile 'nowhere'" in capsys.readouterr().err


def test_die_cut_pieces_carry_their_colour_past_the_outline(
        card_printer: tuple[Path, dict[str, Any]]) -> None:
    out, _ = card_printer
    bleed = 0.125 * 72
    checked = []
    for path, flat in (("joyride/items/pick-ups.pdf", True),
                       ("tracks/bogwater-bowl-tokens.pdf", None),
                       ("tracks/tanners-twist-tokens.pdf", None)):
        with pikepdf.open(out / path) as pdf:
            trim = boxes(pdf.pages[0]).trim
        width, height = trim[2] - trim[0], trim[3] - trim[1]
        shape = flat_hexagon if (flat or width > height) else pointy_hexagon
        for page in (0, 1):
            gaps = die_cut_gaps(out / path, page, shape(width, height), bleed)
            assert gaps == [], f"{path} page {page + 1}: {gaps}"
            checked.append(path)
    # The Joyride car counter: two pointy hexes side by side; each hex's outer edges.
    counters = out / "joyride" / "car-tokens" / "car-counters.pdf"
    with pikepdf.open(counters) as pdf:
        trim = boxes(pdf.pages[0]).trim
    width, height = trim[2] - trim[0], trim[3] - trim[1]
    half = pointy_hexagon(width / 2, height)
    for hexagon in (half, [(x + width / 2, y) for x, y in half]):
        gaps = die_cut_gaps(counters, 0, hexagon, bleed)
        assert len(gaps) <= 2, gaps  # the two edges of the join are inside the piece
    assert len(checked) == 6


def circle(diameter: float, sides: int = 36) -> list[tuple[float, float]]:
    radius = diameter / 2
    return [(radius + radius * math.cos(2 * math.pi * i / sides),
             radius + radius * math.sin(2 * math.pi * i / sides)) for i in range(sides)]


def test_circuit_markers_are_faces_with_a_bleed_and_the_plan_a_sheet(
        card_printer: tuple[Path, dict[str, Any]]) -> None:
    out, files = card_printer
    bleed = 0.125 * 72
    circuits = [path for path, entry in files.items() if entry["kind"] == "circuit"]
    assert circuits, "the default kit has Formula Ace circuits"
    for path in circuits:
        with pikepdf.open(out / path) as pdf:
            (plan,) = pdf.pages  # the plan alone: a sheet printed whole
            box = boxes(plan)
            assert box.trim == box.bleed == box.media
        markers = path.replace("-circuit.pdf", "-markers.pdf")
        assert files[markers]["kind"] == "circuit markers"
        with pikepdf.open(out / markers) as pdf:
            pages = [boxes(page) for page in pdf.pages]
        round_ones = [i for i, box in enumerate(pages)
                      if abs((box.trim[2] - box.trim[0]) - (box.trim[3] - box.trim[1])) < 0.01]
        assert len(pages) - len(round_ones) == 2, "the width gauge's two parts"
        for index, box in enumerate(pages):
            assert [round(a - b, 2) for a, b in zip(box.trim[:2], box.bleed[:2], strict=True)] \
                == [round(bleed, 2)] * 2
            assert [round(b - a, 2) for a, b in zip(box.trim[2:], box.bleed[2:], strict=True)] \
                == [round(bleed, 2)] * 2
            if index in round_ones:  # cut along the circle: its colour runs past it
                diameter = box.trim[2] - box.trim[0]
                assert die_cut_gaps(out / markers, index, circle(diameter), bleed) == []
        # The gauge parts are rectangles: the art reaching the bleed is bleed_gaps' check.
        assert bleed_gaps(out / markers) == []


def test_offset_crop_marks_frame_the_circuit_markers(tmp_path: Path) -> None:
    files = build(tmp_path, "--print-shop", "offset", "--only", "circuit")
    markers = [path for path, entry in files.items() if entry["kind"] == "circuit markers"]
    assert markers
    with pikepdf.open(tmp_path / markers[0]) as pdf:
        box = boxes(pdf.pages[0])
    assert box.bleed[0] - box.media[0] > 3 * MM, "a slug beyond the bleed for the marks"
    with open_plumber(tmp_path / markers[0]) as pdf:
        assert len([line for line in pdf.pages[0].lines if line.get("stroke")]) == 8
