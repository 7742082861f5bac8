"""The licences a print shop is sent, read back: every text, track box, table line and box
keeps out of the safe zone the build was asked for (not only the default 1/8 in), at the
licence's own trim size, with no text smaller than at home; the corner blocks and the back's
bands run on into the bleed. A zone the licence has no room for, or in which a vehicle's text
no longer fits, stops the build with exit 2 before anything is written."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber
import pikepdf
import pypdfium2
import pytest

from generator.commands.cli import main
from generator.games.frothy_races.licence_grid import (
    ACROSS,
    BAND,
    DOWN,
    HEIGHT_MM,
    HOME,
    WIDTH_MM,
    largest_safe_zone,
    licence_grid,
    squeezed,
)
from generator.paper.colour import MIN_TEXT_CONTRAST, contrast_ratio
from generator.paper.layout import SAFE_SLACK
from tests.conftest import VEHICLES, run_cli
from tests.paper.test_legibility import ground, rgb
from tests.paper.test_legibility import words as coloured_words
from tests.pdf_print_shop import (
    MM,
    bleed_gaps,
    boxes,
    marks_in_safe_zone,
    open_plumber,
    text_in_safe_zone,
)

LICENCES = Path("frothy-races") / "licences.pdf"


def build(out: Path, *options: str) -> Path:
    assert main(["build", str(VEHICLES / "frothy-races"), "-o", str(out), "--only",
                 "licences", *options]) == 0
    return out / LICENCES


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("home"), "--no-pack")


@pytest.fixture(scope="module", params=[("card-printer",), ("--safe-zone", "5mm")],
                ids=["card-printer", "zone-5mm"])
def shop(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
         ) -> tuple[Path, float]:
    """A print shop's licences and the safe zone they were built for (points)."""
    profile = request.param if request.param[0] != "--safe-zone" else ("standard",
                                                                       *request.param)
    path = build(tmp_path_factory.mktemp("shop"), "--print-shop", *profile)
    zone = 0.125 * 72 if request.param == ("card-printer",) else 5 * MM
    return path, zone


def test_no_text_or_mark_within_the_safe_zone_of_any_licence_face(shop: tuple[Path, float]
                                                                   ) -> None:
    path, zone = shop
    with pikepdf.open(path) as pdf:
        trims = [boxes(page).trim for page in pdf.pages]
    found = {}
    with open_plumber(path) as pdf:
        assert len(pdf.pages) == 18, "nine vehicles, front and back"
        for number, (page, trim) in enumerate(zip(pdf.pages, trims, strict=True), 1):
            assert (trim[2] - trim[0]) / MM == pytest.approx(WIDTH_MM, abs=0.01)
            assert (trim[3] - trim[1]) / MM == pytest.approx(HEIGHT_MM, abs=0.01)
            marks = marks_in_safe_zone(page, trim, zone)
            characters = text_in_safe_zone(page, trim, zone)
            if marks or characters:
                found[number] = (characters, marks)
    assert found == {}


def test_the_colour_at_the_edges_runs_on_into_the_bleed(shop: tuple[Path, float]) -> None:
    """The Resilience and Stamina corner blocks and the back's bands reach the cut, and
    beyond it to the bleed's edge: a loose cut shows colour, not a white sliver."""
    path, _ = shop
    assert bleed_gaps(path) == []
    with pikepdf.open(path) as pdf:
        box = boxes(pdf.pages[0])
    with open_plumber(path) as pdf:
        # The card printer wants backs first: a back's bands span the face and its bleed.
        reaching = [r for page in pdf.pages[:2] for r in page.rects
                    if r["fill"] and r["x0"] <= box.bleed[0] + 0.01]
    assert reaching, "some colour starts at the bleed's edge"


def words(path: Path) -> Counter[tuple[str, float]]:
    """Every word of the file with its size (to a tenth of a point)."""
    found: Counter[tuple[str, float]] = Counter()
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for word in page.extract_words(extra_attrs=["size"]):
                found[(word["text"], round(float(word["size"]), 1))] += 1
    return found


def test_the_licence_is_laid_out_anew_not_shrunk(home: Path, shop: tuple[Path, float]) -> None:
    """Every word of the home licences is on the print shop's, nothing below 6 pt; at the
    card printer's 1/8 in every word keeps its home size (the room comes from spacing and
    boxes, not from the text), and at 5 mm nothing shrinks by more than a point."""
    path, zone = shop
    at_home, in_shop = words(home), words(path)
    assert Counter(text for text, _ in at_home.elements()) == Counter(
        text for text, _ in in_shop.elements())
    assert min(size for _, size in in_shop) >= 6.0
    if zone == 0.125 * 72:
        assert in_shop == at_home
    else:
        # Each word's sizes, home and shop, paired smallest with smallest.
        for text in {text for text, _ in at_home}:
            home_sizes = sorted(size for (t, size) in at_home.elements() if t == text)
            shop_sizes = sorted(size for (t, size) in in_shop.elements() if t == text)
            assert all(shop >= was - 1.0 - 1e-9
                       for was, shop in zip(home_sizes, shop_sizes, strict=True)), text


def test_every_text_reads_at_wcag_contrast_in_the_shops_colours(shop: tuple[Path, float]
                                                                  ) -> None:
    """The card printer's CMYK at 240% ink moves every colour: the text still reaches 4.5:1
    against what it is printed on (the Resilience red on yellow was 4.49:1)."""
    path, _ = shop
    document = pypdfium2.PdfDocument(str(path))
    images: dict[int, Any] = {}
    low = []
    for index, word in coloured_words(path):
        text = rgb(word["non_stroking_color"])
        if text is None:
            continue
        if index not in images:
            images[index] = document[index].render(scale=1.0).to_pil().convert("RGB")
        behind = ground(images[index], word, text, 1.0)
        if behind is not None and contrast_ratio(text, behind) < MIN_TEXT_CONTRAST:
            low.append((index + 1, word["text"], round(contrast_ratio(text, behind), 2)))
    assert low == []


def test_the_home_licence_keeps_its_grid() -> None:
    assert licence_grid(0.0) is HOME
    assert HOME.inset == 1.5 and HOME.row_top["speed"] == 15.5
    assert HOME.track_bottom == 108.5 and HOME.band_top == 110.0
    assert HOME.control_left == 27.0 and HOME.control_box == 13.0


@pytest.mark.parametrize("zone", [0.125 * 25.4, 3.0, 4.0, 5.0, 6.35, 9.0])
def test_the_grid_keeps_the_zone_and_its_parts_their_least(zone: float) -> None:
    grid = licence_grid(zone)
    assert grid.inset == pytest.approx(zone + SAFE_SLACK)
    for parts, laid, room in ((DOWN, grid.down, HEIGHT_MM), (ACROSS, grid.across, WIDTH_MM),
                              (BAND, grid.band, WIDTH_MM)):
        assert sum(laid.values()) == pytest.approx(room - 2 * grid.inset)
        assert all(laid[part.name] >= part.least - 1e-9 for part in parts)
    assert grid.band_bottom == pytest.approx(HEIGHT_MM - grid.inset)
    assert grid.centre_right + grid.across["stamina"] == pytest.approx(WIDTH_MM - grid.inset)


def test_parts_keep_their_home_size_where_the_room_allows() -> None:
    assert squeezed(DOWN, 200.0) == {part.name: part.size for part in DOWN}


def test_a_zone_the_licence_has_no_room_for_is_refused(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    assert largest_safe_zone() < 10.0, "the widest zone a kit may ask for does not fit"
    code, _, err = run_cli(["build", str(VEHICLES / "frothy-races"), "-o", str(tmp_path / "out"),
                            "--only", "licences", "--print-shop", "--safe-zone", "10mm"], capsys)
    assert code == 2
    assert "Frothy Races licence (190 x 125 mm) has no room" in err
    assert "safe zone of 10 mm" in err
    assert f"at most {math.floor(largest_safe_zone() * 10) / 10:g} mm fits" in err
    assert not (tmp_path / "out" / "manifest.json").exists()
    assert not (tmp_path / "out" / LICENCES).exists()


def test_a_build_without_licences_is_not_refused_for_them(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    code, _, err = run_cli(["build", str(VEHICLES / "frothy-races"), "-o", str(tmp_path),
                            "--only", "cards", "--print-shop", "--safe-zone", "10mm"], capsys)
    assert code == 0, err


def crowded(data: dict[str, Any]) -> None:
    """A Damage track of 15 rows with two affects at one level: their labels share a row."""
    data["name"] = "Crowded Chariot"
    data["damage"]["value"] = 14
    data["damage"]["affects"] = {
        3: [{"name": "+# Control / Round", "value": 1}, {"name": "Maximum Speed #", "value": 5}],
        14: "Wipe-out"}


def test_text_that_fits_at_home_but_not_inside_a_wide_zone_is_refused(
        tmp_path: Path, write_vehicle: Callable[..., Path],
        capsys: pytest.CaptureFixture[str]) -> None:
    path = write_vehicle(crowded)
    code, _, err = run_cli(["build", str(path), "-o", str(tmp_path / "home"), "--only",
                            "licences"], capsys)
    assert code == 0, err
    code, _, err = run_cli(["build", str(path), "-o", str(tmp_path / "shop"), "--only",
                            "licences", "--print-shop", "--safe-zone", "9.5mm"], capsys)
    assert code == 2
    assert "damage affect at level 3 on the front of the Crowded Chariot licence" in err
    assert "safe zone of 9.5 mm" in err
    assert not (tmp_path / "shop" / "manifest.json").exists()
