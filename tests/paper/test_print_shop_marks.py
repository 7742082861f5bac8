"""Print-shop builds of the default kit, their drawn marks read back from the PDF: no mark a
player reads (a ruler's or gauge's ticks, a gauge's rays and apex, a join's arrow, dice
pips, track-token symbols) lies within the profile's safe zone of a face's cut."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.commands.cli import main
from tests.conftest import KitBuild
from tests.pdf_print_shop import (
    MM,
    flat_hexagon,
    inside_outline,
    marks_in_safe_zone,
    pointy_hexagon,
    read_pages,
)

REPO = Path(__file__).resolve().parents[2]
SAFE = 0.125 * 72
# Sheets printed whole (the page is the product): no face cut out, no safe zone.
SHEET_KINDS = {"track-tiles", "track-layout", "track-pieces", "circuit"}
# Faces that carry marks a player reads or measures with: every one is held to zero.
MEASURED_KINDS = {"centimetre templates", "circuit markers", "dice-stickers"}


def build(out: Path, *options: str) -> dict[str, dict[str, Any]]:
    assert main(["build", str(REPO / "vehicles"), "-o", str(out), *options]) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    return {entry["path"]: entry for entry in manifest["files"]}


@pytest.fixture(scope="module", params=[("card-printer",), ()], ids=["card-printer",
                                                                      "default-profile"])
def shop(request: pytest.FixtureRequest, kit_build: Callable[..., KitBuild]) -> KitBuild:
    built: KitBuild = kit_build("--print-shop", *request.param)
    return built


def marks_in_zone(built: tuple[Path, dict[str, Any]], kinds: set[str] | None,
                  safe: float = SAFE) -> dict[str, list[str]]:
    """For each face file of ``kinds`` (every face kind if None), its marks within ``safe``
    of the cut, page by page."""
    out, files = built
    found: dict[str, list[str]] = {}
    for path, entry in sorted(files.items()):
        if entry["kind"] in SHEET_KINDS or (kinds is not None and entry["kind"] not in kinds):
            continue
        for number, page in enumerate(read_pages(out / path), 1):
            found.setdefault(path, []).extend(
                f"page {number}: {mark}" for mark in marks_in_safe_zone(page, page.trim, safe))
    return {path: marks for path, marks in found.items() if marks}


def test_no_measuring_mark_inside_the_safe_zone(shop: tuple[Path, dict[str, Any]]) -> None:
    kinds = {entry["kind"] for entry in shop[1].values()}
    assert kinds >= MEASURED_KINDS, "every measured kind is built and counted"
    found = marks_in_zone(shop, MEASURED_KINDS)
    assert {path: len(marks) for path, marks in found.items()} == {}, found


def ruler_ticks(page: Any) -> tuple[list[float], list[float]]:
    """A ruler face's millimetre and centimetre ticks (short horizontal lines; the
    centimetre's 4 mm long), as their distance from the page's top in mm."""
    every, centimetres = set(), set()
    for line in page.lines:
        length = (float(line["x1"]) - float(line["x0"])) / MM
        if abs(float(line["top"]) - float(line["bottom"])) < 1e-6 and 1.0 < length < 4.5:
            every.add(round(float(line["top"]) / MM, 4))
            if abs(length - 4.0) < 0.01:
                centimetres.add(round(float(line["top"]) / MM, 4))
    return sorted(every), sorted(centimetres)


def test_the_rulers_still_tick_every_millimetre(shop: tuple[Path, dict[str, Any]]) -> None:
    """Moved in from the cut, a ruler's ticks keep their exact spacing: a millimetre is
    1.0000 mm and a centimetre 10.0000 mm, read back from the PDF (a few millimetres go
    unmarked either side of a join's cut, within its safe zone: at a part's end)."""
    out, files = shop
    templates = [path for path, entry in files.items()
                 if entry["kind"] == "centimetre templates"]
    rulers = 0
    for path in templates:
        for page in read_pages(out / path):
            every, centimetres = ruler_ticks(page)
            if len(every) < 50:
                continue  # a straight or turn gauge
            rulers += 1
            gaps = [round(b - a, 4) for a, b in zip(every, every[1:], strict=False)]
            assert set(gaps) == {1.0}, (path, sorted(set(gaps)))
            tens = {round(b - a, 4) for a, b in zip(centimetres, centimetres[1:],
                                                    strict=False)}
            assert tens == {10.0}, (path, tens)
    assert rulers >= 4, "both rulers' parts are read"


def hex_pair(width: float, height: float) -> list[tuple[float, float]]:
    """Two pointy hexagons side by side (a Joyride car counter), cut as one outline."""
    w, h = width, height
    return [(0.0, h / 4), (w / 4, 0.0), (w / 2, h / 4), (3 * w / 4, 0.0), (w, h / 4),
            (w, 3 * h / 4), (3 * w / 4, h), (w / 2, 3 * h / 4), (w / 4, h), (0.0, 3 * h / 4)]


# The pieces cut along a hexagon, by file (card-printer profile) and the outline's shape.
OUTLINE_CUT = {"joyride/items/pick-ups.pdf": flat_hexagon,
               "joyride/car-tokens/car-counters.pdf": hex_pair,
               "tracks/bogwater-bowl-tokens.pdf": None, "tracks/tanners-twist-tokens.pdf": None,
               "tracks/tin-plate-loop-tokens.pdf": None}


def test_outline_cut_pieces_keep_text_and_marks_inside_their_hexagon(
        shop: tuple[Path, dict[str, Any]], request: pytest.FixtureRequest) -> None:
    """A hex piece's safe zone is measured from the hexagon it is cut along, not from its
    box: the box's corners are waste."""
    if request.node.callspec.id != "card-printer":
        pytest.skip("the standard profile prints the same pieces in shared files")
    out, files = shop
    found = {}
    for path, shape in OUTLINE_CUT.items():
        assert path in files, path
        for number, page in enumerate(read_pages(out / path), 1):
            trim = page.trim
            w, h = trim[2] - trim[0], trim[3] - trim[1]
            outline = (shape or (flat_hexagon if w > h else pointy_hexagon))(w, h)
            if marks := inside_outline(page, trim, outline, SAFE):
                found[f"{path} page {number}"] = marks
    assert found == {}


def test_no_drawn_mark_inside_the_safe_zone_on_any_face(
        shop: tuple[Path, dict[str, Any]]) -> None:
    assert marks_in_zone(shop, None) == {}
