"""The licence PDF read back: page sizes, text, legibility, margins, trims and duplex backs."""

from __future__ import annotations

import math
from pathlib import Path

import pdfplumber
import pytest

from generator.commands.cli import main
from generator.games.frothy_races.licence_grid import HOME
from generator.paper.units import mm
from tests.conftest import VEHICLES, check_file

TRIM_W, TRIM_H = mm(190), mm(125)
PAPER = {"a4": (mm(210), mm(297)), "letter": (612.0, 792.0)}
NAMES = ["Basic Chariot", "Bramblewick Goat Cart", "Cogsworth Steam Carriage",
         "The Glimmering Orrery", "Gravebreaker Juggernaut", "Ironhide Rhinodon",
         "Marsh Hopper", "Movement Example Chariot", "Whisper Gig"]


def build(tmp_path: Path, *options: str) -> Path:
    out = tmp_path / "out"
    assert main(["build", "--no-pack", str(VEHICLES / "frothy-races"), "-o", str(out),
                 *options]) == 0
    return out / "frothy-races" / "licences.pdf"


@pytest.fixture(scope="module", params=["a4", "letter"])
def licences(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
             ) -> tuple[str, Path]:
    paper = request.param
    return paper, build(tmp_path_factory.mktemp(paper), "--paper", paper)


def trims(page: pdfplumber.page.Page) -> list[tuple[float, float]]:
    """(x0, top) of every licence cut-line rectangle on a page."""
    return sorted((r["x0"], r["top"]) for r in page.rects
                  if abs(r["width"] - TRIM_W) < 0.01 and abs(r["height"] - TRIM_H) < 0.01)


def test_pages_are_the_paper_size_and_alternate_fronts_and_backs(licences: tuple[str, Path]
                                                                 ) -> None:
    paper, path = licences
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 2 * math.ceil(len(NAMES) / 2)
        for page in pdf.pages:
            assert page.width == pytest.approx(PAPER[paper][0], abs=0.01)
            assert page.height == pytest.approx(PAPER[paper][1], abs=0.01)


def test_two_licences_a_page_at_exact_trim_size(licences: tuple[str, Path]) -> None:
    _, path = licences
    with pdfplumber.open(path) as pdf:
        counts = [len(trims(page)) for page in pdf.pages]
    assert counts == [2, 2, 2, 2, 2, 2, 2, 2, 1, 1]


def test_every_name_and_its_speed_table_are_printed(licences: tuple[str, Path]) -> None:
    _, path = licences
    with pdfplumber.open(path) as pdf:
        fronts = "\n".join(pdf.pages[i].extract_text() for i in range(0, len(pdf.pages), 2))
        backs = "\n".join(pdf.pages[i].extract_text() for i in range(1, len(pdf.pages), 2))
        first = pdf.pages[0].extract_text()
    for name in NAMES:
        assert name in fronts and name in backs
    for text in ("0 spaces", "2 spaces", "12 spaces", "SAFE", "+4 DICE", "MOVE 4", "RESILIENCE",
                 "CONTROL LOSS", "SPENT", "RECOVERY", "Blades 1", "WIPE-OUT"):
        assert text in first
    # Driving License Summary: the box rows are named as the guide names them.
    assert first.count("Acceleration") == first.count("Deceleration") == 2
    assert first.count("DAMAGE VALUE") == 2  # the track the guide calls the Damage Value


def test_nothing_is_smaller_than_6_pt(licences: tuple[str, Path]) -> None:
    _, path = licences
    with pdfplumber.open(path) as pdf:
        sizes = {round(c["size"], 2) for page in pdf.pages for c in page.chars}
    assert min(sizes) >= 6.0


def test_nothing_is_printed_within_5_mm_of_the_paper_edge(licences: tuple[str, Path]) -> None:
    _, path = licences
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            objects = page.chars + page.rects + page.lines + page.curves
            for obj in objects:
                width = obj.get("linewidth", 0) or 0
                assert obj["x0"] - width / 2 >= mm(5) - 1e-6
                assert obj["top"] - width / 2 >= mm(5) - 1e-6
                assert obj["x1"] + width / 2 <= page.width - mm(5) + 1e-6
                assert obj["bottom"] + width / 2 <= page.height - mm(5) + 1e-6


def test_crop_marks_stay_outside_every_trim(licences: tuple[str, Path]) -> None:
    _, path = licences
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        boxes = [(x, top, x + TRIM_W, top + TRIM_H) for x, top in trims(page)]
        marks = [line for line in page.lines if line["stroking_color"] in ((0,), (0, 0, 0), 0)]
        assert len(marks) >= 8
        for line in marks:
            for x0, top, x1, bottom in boxes:
                inside_x = x0 + 0.01 < line["x1"] and line["x0"] < x1 - 0.01
                inside_y = top + 0.01 < line["bottom"] and line["top"] < bottom - 0.01
                assert not (inside_x and inside_y)


def names_by_slot(page: pdfplumber.page.Page) -> list[str]:
    """The vehicle named in each licence slot of a page, top slot first."""
    text_by_slot = []
    for x, top in trims(page):
        region = page.crop((x, top, x + TRIM_W, top + TRIM_H))
        text = region.extract_text()
        text_by_slot.append(next(name for name in NAMES if name in text))
    return text_by_slot


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_lands_behind_its_front(tmp_path: Path, duplex: str) -> None:
    path = build(tmp_path, "--duplex", duplex)
    with pdfplumber.open(path) as pdf:
        front, back = pdf.pages[0], pdf.pages[1]
        front_trims, back_trims = trims(front), trims(back)
        width, height = front.width, front.height
        if duplex == "long":
            mirrored = sorted((width - x - TRIM_W, top) for x, top in front_trims)
            assert names_by_slot(back) == names_by_slot(front)
        else:
            mirrored = sorted((x, height - top - TRIM_H) for x, top in front_trims)
            assert names_by_slot(back) == list(reversed(names_by_slot(front)))
        assert len(back_trims) == len(mirrored) == 2
        for got, want in zip(back_trims, mirrored, strict=True):
            assert got == pytest.approx(want, abs=0.01)


def test_back_offset_nudges_the_back_pages(tmp_path: Path) -> None:
    plain = build(tmp_path / "plain")
    nudged = build(tmp_path / "nudged", "--back-offset", "1.5,-2")
    with pdfplumber.open(plain) as a, pdfplumber.open(nudged) as b:
        assert trims(b.pages[0]) == trims(a.pages[0])
        for (x0, top0), (x1, top1) in zip(trims(a.pages[1]), trims(b.pages[1]), strict=True):
            assert x1 - x0 == pytest.approx(mm(1.5), abs=0.01)
            assert top1 - top0 == pytest.approx(mm(2), abs=0.01)


def speed_table_rows(page: pdfplumber.page.Page, x: float, top: float) -> dict[str, str]:
    """The Speed table of the licence whose trim starts at (x, top), row label -> cells."""
    g = HOME
    table = page.crop((x + mm(g.centre_left), top + mm(g.row_top["speed"]),
                       x + mm(g.centre_right), top + mm(g.row_top["stamina"]
                                                       + g.row_height["stamina"])))
    rows = {}
    for line in table.extract_text().splitlines():
        for label in ("SPEED", "TOTAL", "MOVE 1", "MOVE 2", "MOVE 3", "MOVE 4", "CONTROL",
                      "STAMINA"):
            if line.startswith(label + " ") or line == label:
                rows[label] = line[len(label):].strip()
    return rows


def test_each_speed_table_prints_its_vehicle_numbers(licences: tuple[str, Path]) -> None:
    """Speed, total spaces a round, Movement per phase, Control and Stamina, as in the YAML."""
    _, path = licences
    vehicles = {}
    for file in sorted((VEHICLES / "frothy-races").glob("*.yaml")):
        model = check_file(file, templates=False).definitions[0].model
        vehicles[model.name] = model
    seen = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages[0::2]:
            text = page.extract_text()
            for x, top in trims(page):
                face = page.crop((x, top, x + TRIM_W, top + TRIM_H)).extract_text()
                name = max((n for n in vehicles if n in face), key=len)
                table = vehicles[name].speed_table
                rows = speed_table_rows(page, x, top)
                moves = [table.move_1, table.move_2, table.move_3, table.move_4]
                assert rows["SPEED"] == "0 1 2 3 4 5 6"
                totals = [sum(phase[s] for phase in moves) for s in range(7)]
                assert rows["TOTAL"] == " ".join(f"{t} spaces" if t != 1 else "1 space"
                                                 for t in totals), name
                for phase, row in enumerate(moves, start=1):
                    assert rows[f"MOVE {phase}"] == " ".join(str(n) if n else "-"
                                                             for n in row), (name, phase)
                assert rows["CONTROL"] == " ".join(f"+{d} DICE" if d else "SAFE"
                                                   for d in table.control), name
                assert rows["STAMINA"] == " ".join(f"{n:+d}" if n else "0"
                                                   for n in table.stamina), name
                assert name in text
                seen.append(name)
    assert sorted(seen) == sorted(NAMES)


@pytest.mark.parametrize(("part", "path"), [
    ("move 2 at Speed 6", ("speed_table", "move_2", 6)),
    ("control at Speed 3", ("speed_table", "control", 3)),
    ("stamina at Speed 5", ("speed_table", "stamina", 5)),
    ("stamina affect at level 8", ("stamina", "maximum")),
    ("damage affect at level 16", ("damage", "value")),
    ("background", ("background",)),
])
def test_a_licence_part_that_cannot_fit_points_at_its_value(
        part: str, path: tuple[str | int, ...]) -> None:
    # A Speed-table cell is one value: FR-PRINT-TEXT points at it, and a Stamina-row cell
    # at the speed table, not at the Stamina track whose name it shares. An affect points
    # at its track's height (it pointed at the Resilience, the damage block's first key).
    from generator.games.frothy_races.components import part_path
    assert part_path(part) == path
