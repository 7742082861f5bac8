"""A vehicle's own picture (``art:``): read relative to its file, checked, and printed."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from generator.commands.cli import main
from generator.commands.json_schema import kind_schema
from generator.paper.art import art_files, cmyk_picture
from generator.project.registry import GAMES
from tests.conftest import VEHICLES, art, check_file

MM = 72 / 25.4


def picture(folder: Path, name: str, size: tuple[int, int]) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, "#8c2f2f").save(path)
    return path


def art_findings(path: Path) -> list[tuple[str, str, int, int]]:
    return [(f.rule, f.message, f.mark.line, f.mark.column)
            for f in check_file(path).findings if "ART" in f.rule or f.rule.startswith("SCH")]


def test_a_picture_beside_the_file_is_found_and_checked_silently(
        tmp_path: Path, write_vehicle: Callable[..., Path]) -> None:
    picture(tmp_path, "art/cart.png", (400, 300))  # 254 dpi at 40 x 30 mm
    assert art_findings(write_vehicle(art("art/cart.png"))) == []


def test_a_missing_picture_is_an_error_at_the_art_line(
        tmp_path: Path, write_vehicle: Callable[..., Path]) -> None:
    path = write_vehicle(art("art/cart.png"))
    ((rule, message, line, column),) = art_findings(path)
    assert rule == "FR-ART-FILE"
    assert message == f"art '{tmp_path / 'art' / 'cart.png'}' does not exist"
    text = path.read_text(encoding="utf-8").splitlines()
    assert text[line - 1][column - 1:].startswith("art/cart.png")
    assert main(["check", str(path)]) == 1


def test_a_file_that_is_no_picture_is_an_error(
        tmp_path: Path, write_vehicle: Callable[..., Path]) -> None:
    (tmp_path / "cart.png").write_text("not a picture", encoding="utf-8")
    (tmp_path / "cart.svg").write_text("<svg", encoding="utf-8")
    ((_, png, _, _),) = art_findings(write_vehicle(art("cart.png")))
    assert png.endswith("cart.png' is not a PNG or JPEG picture Paddock can read")
    whole = picture(tmp_path, "whole.png", (400, 300)).read_bytes()
    (tmp_path / "cut.png").write_bytes(whole[:len(whole) // 2])  # an interrupted download
    ((_, cut, _, _),) = art_findings(write_vehicle(art("cut.png")))
    assert cut.endswith("cut.png' is not a PNG or JPEG picture Paddock can read")
    ((_, svg, _, _),) = art_findings(write_vehicle(art("cart.svg")))
    assert svg.endswith("cart.svg' is not an SVG drawing Paddock can read (no width and height)")


def test_a_coarse_picture_warns_with_the_dpi_and_the_size_it_needs(
        tmp_path: Path, write_vehicle: Callable[..., Path]) -> None:
    picture(tmp_path, "small.png", (120, 90))
    ((rule, message, _, _),) = art_findings(write_vehicle(art("small.png")))
    assert rule == "FR-ART-RESOLUTION"
    assert message == (f"art '{tmp_path / 'small.png'}' is 120 x 90 pixels: 76 dpi on the "
                       "licence back (40 x 30 mm); a sharp print needs 200 dpi")


def test_only_pictures_are_accepted_as_art(write_vehicle: Callable[..., Path]) -> None:
    ((rule, message, _, _),) = art_findings(write_vehicle(art("cart.gif")))
    assert rule == "SCHEMA-VALUE"
    assert message == ("art: expected a path to a .png, .jpg or .svg picture, relative to this "
                       "file, found 'cart.gif'; save the picture as PNG or SVG")


def test_the_json_schema_describes_art() -> None:
    game = GAMES["outrider"]
    field = kind_schema(game, game.kinds["vehicle"])["properties"]["art"]
    assert field["type"] == "string"
    assert [bool(re.search(field["pattern"], name)) for name in
            ("art/car.PNG", "car.svg", "car.jpeg", "car.gif", "art/.png")] == [
        True, True, True, False, False]
    assert "relative to this file" in field["description"]


def test_the_licence_back_prints_the_picture_in_its_corner(
        tmp_path: Path, write_vehicle: Callable[..., Path]) -> None:
    picture(tmp_path / "in", "cart.png", (400, 300))
    source = write_vehicle(art("cart.png"), name="in/cart-vehicle.yaml")
    assert main(["build", str(source), "-o", str(tmp_path / "out"), "--only", "licences"]) == 0
    with pdfplumber.open(tmp_path / "out" / "frothy-races" / "licences.pdf") as pdf:
        front, back = pdf.pages
        assert front.images == []
        (image,) = back.images
        assert round(image["width"] / MM, 2) == 40.00
        assert round(image["height"] / MM, 2) == 30.00
        words = back.extract_words()
        title = next(w for w in words if w["text"] == "Basic")
        assert title["x1"] < image["x0"]  # the title stays clear of the picture


def test_the_shipped_svg_prints_on_the_outrider_card_instead_of_the_silhouette(
        tmp_path: Path) -> None:
    folder = tmp_path / "outrider"
    shutil.copytree(VEHICLES / "outrider" / "art", folder / "art")
    shutil.copy(VEHICLES / "outrider" / "dust-devil.yaml", folder)
    shutil.copy(VEHICLES / "outrider" / "big-horn.yaml", folder)
    assert main(["build", str(folder), "-o", str(tmp_path / "out"),
                 "--only", "vehicle-cards"]) == 0
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest
    with pdfplumber.open(tmp_path / "out" / "outrider" / "vehicle-cards.pdf") as pdf:
        page = pdf.pages[0]
        wheels = [c for c in page.curves
                  if tuple(round(v, 2) for v in c.get("non_stroking_color") or ()) ==
                  (0.17, 0.17, 0.17)]
        assert len(wheels) == 2  # the drawing's two tyres, kept as vectors
        assert page.images == []


@pytest.mark.parametrize("game", ["frothy-races", "joyride", "outrider"])
def test_every_game_that_prints_a_vehicle_takes_art(game: str) -> None:
    assert "art" in {f.name for f in GAMES[game].kinds["vehicle"].schema.fields}


def test_the_joyride_car_counter_prints_the_picture_above_the_name(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    picture(folder, "car.png", (400, 300))
    source = (VEHICLES / "joyride" / "rust-bucket.yaml").read_text(encoding="utf-8")
    (folder / "rust-bucket.yaml").write_text(source + "art: car.png\n", encoding="utf-8")
    assert main(["build", str(folder), "-o", str(tmp_path / "out"), "--only",
                 "car-tokens"]) == 0
    with pdfplumber.open(tmp_path / "out" / "joyride" / "car-tokens.pdf") as pdf:
        page = pdf.pages[0]
        (image,) = page.images
        name = [w for w in page.extract_words() if w["text"] in ("Rust", "Bucket")]
        assert len(name) == 2 and all(w["top"] > image["bottom"] for w in name)
        assert abs(image["width"] / image["height"] - 4 / 3) < 0.01


def test_cmyk_builds_write_the_picture_as_cmyk_with_black_ink_for_greys(
        tmp_path: Path, write_vehicle: Callable[..., Path]) -> None:
    folder = tmp_path / "in"
    path = folder / "greys.png"
    folder.mkdir()
    grey = Image.new("RGB", (400, 300), (128, 128, 128))
    grey.paste((194, 87, 26), (0, 0, 200, 300))
    grey.save(path)
    source = write_vehicle(art("greys.png"), name="in/grey-cart.yaml")
    out = tmp_path / "out"
    assert main(["build", str(source), "-o", str(out), "--only", "licences", "--cmyk"]) == 0
    with pdfplumber.open(out / "frothy-races" / "licences.pdf") as pdf:
        (image,) = pdf.pages[1].images
        assert "DeviceCMYK" in str(image["colorspace"][0])
    converted = cmyk_picture(str(path))
    assert converted.getpixel((300, 150)) == (0, 0, 0, 127)  # grey: black ink only
    assert converted.getpixel((50, 150)) == (0, 140, 220, 61)


def test_watch_finds_the_pictures_single_files_name(tmp_path: Path,
                                                     write_vehicle: Callable[..., Path]) -> None:
    named = write_vehicle(art("art/cart.png"))
    plain = write_vehicle()
    assert art_files([named, plain, tmp_path]) == [tmp_path / "art" / "cart.png"]
