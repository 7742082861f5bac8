"""The Joyride PDFs read back: page and trim sizes, counts (eight red dashed damage slots on
every dashboard, six tokens a car, four pick-ups an item), backs behind fronts, slots big
enough for what they hold, crop marks outside the trims, legible text, and what each piece
says."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from generator.commands.cli import main
from generator.games.joyride.catalogues import joyride_data
from generator.games.joyride.standard import resolved_set, standard_abilities, standard_items
from generator.paper.units import mm
from tests.conftest import VEHICLES, check_file
from tests.pdf_geometry import cut_hairlines

KIT = VEHICLES / "joyride"
PAPER = {"a4": (mm(210), mm(297)), "letter": (612.0, 792.0)}
DASHBOARD, TOKEN, AID = (mm(245), mm(175)), (mm(45), mm(45)), (mm(88), mm(125))
CARD, MARKER = (mm(63.5), mm(88.9)), (mm(22), mm(13))
PICKUP = (mm(25.4) * 2 / math.sqrt(3), mm(25.4))
COUNTER = (2 * mm(25.4 * 0.92), mm(25.4 * 0.92) * 2 / math.sqrt(3))
FILES = ("dashboards", "ability-tokens", "player-aids", "car-tokens", "items")
RED = (0.776, 0.157, 0.157)
CARS = sorted((check_file(p, templates=False).definitions[0].model
               for p in sorted(KIT.glob("*.yaml"))), key=lambda car: car.name)
NAMES = [car.name for car in CARS]
ITEM_NAMES = [i.name for i in standard_items()] + ["Spike Strip"]

Page = Any


def build(out: Path, paper: str) -> Path:
    assert main(["build", "--no-pack", str(KIT), "-o", str(out), "--paper", paper]) == 0
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped Joyride cars and item built once, on A4, for every test that reads them."""
    return build(tmp_path_factory.mktemp("a4"), "a4")


@pytest.fixture(scope="module")
def pdfs(built: Path) -> Iterator[dict[str, Any]]:
    """Each file opened once: pdfplumber parses a page once and keeps what it found."""
    opened = {name: pdfplumber.open(built / "joyride" / f"{name}.pdf") for name in FILES}
    yield opened
    for pdf in opened.values():
        pdf.close()


def outlines(page: Page, size: tuple[float, float]) -> list[tuple[float, float]]:
    """(x0, top) of every stroked path whose box is ``size``: hexagonal cut outlines."""
    width, height = size
    return sorted((c["x0"], c["top"]) for c in page.curves
                  if c["stroke"] and abs(c["width"] - width) < 0.05
                  and abs(c["height"] - height) < 0.05)


def text_of(pages: list[Page]) -> str:
    return "\n".join(page.extract_text() for page in pages)


def piece_texts(pages: list[Page], size: tuple[float, float]) -> list[str]:
    """The text of each piece of ``size`` on ``pages``, cropped to its trim, words joined
    by single spaces (so a name set on two lines reads as one)."""
    return [" ".join(page.crop((x, top, x + size[0], top + size[1])).extract_text().split())
            for page in pages for x, top in cut_hairlines(page, size)]


def font_size(char: dict[str, Any]) -> float:
    return float(char["size"]) if char["upright"] else float(char["x1"] - char["x0"])


def red_dashed(page: Page) -> list[dict[str, Any]]:
    """Every path stroked red and dashed: the damage slots' outlines."""
    return [o for o in page.rects + page.curves
            if o["stroke"] and o.get("dash") and o["dash"][0]
            and tuple(round(float(c), 3) for c in o["stroking_color"]) == RED]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_file_is_in_the_manifest_at_its_paper_size(paper: str, built: Path,
                                                        tmp_path: Path) -> None:
    out = built if paper == "a4" else build(tmp_path, paper)
    entries = {e["path"]: e for e in json.loads((out / "manifest.json").read_text())["files"]}
    assert set(entries) == {f"joyride/{name}.pdf" for name in FILES} | {
        "joyride/dice-stickers.pdf"}
    width, height = PAPER[paper]
    for name in FILES:
        entry = entries[f"joyride/{name}.pdf"]
        assert entry["game"] == "joyride"
        assert entry["vehicles"] == (ITEM_NAMES if name == "items" else NAMES)
        landscape = name == "dashboards"
        expected = (height, width) if landscape else (width, height)
        assert entry["page_size_mm"] == [round(v / mm(1), 2) for v in expected]
        with pdfplumber.open(out / "joyride" / f"{name}.pdf") as pdf:
            assert entry["pages"] == len(pdf.pages)
            for page in pdf.pages:
                assert (page.width, page.height) == pytest.approx(expected, abs=0.01)


def test_one_dashboard_a_page_with_eight_red_dashed_damage_slots(pdfs: dict[str, Any]
                                                                  ) -> None:
    pdf = pdfs["dashboards"]
    assert len(pdf.pages) == len(CARS)
    for page, car in zip(pdf.pages, CARS, strict=True):
        assert len(cut_hairlines(page, DASHBOARD)) == 1
        slots = red_dashed(page)
        assert len(slots) == 8 == car.dashboard.damage_slots()
        sizes = sorted((round(o["width"] / mm(1), 1), round(o["height"] / mm(1), 1))
                       for o in slots)
        assert sizes.count((42.0, 22.0)) == 3                      # the top three gears
        assert sizes.count((24.0, 24.0)) == 3                      # three locked dice slots
        assert sizes.count((33.9, 29.4)) == 2                      # both item slots
        text = page.extract_text()
        for words in (car.name, "GEARS", "REAR-VIEW MIRROR", "LOCKED DICE SLOTS", "ITEM SLOTS",
                      "1 START", "2 LOCK", "3 SHIFT", "4 ROLL", "5 END", "REVERSE.",
                      "BONUS STEER."):
            assert words in text, words


def test_dashboard_slots_hold_dice_damage_tokens_and_pick_ups(pdfs: dict[str, Any]) -> None:
    page = pdfs["dashboards"].pages[0]
    locked = [o for o in page.rects + page.curves
              if abs(o["width"] - mm(24)) < 0.05 and abs(o["height"] - mm(24)) < 0.05]
    mirror = [o for o in page.curves if o.get("dash") and o["dash"][0]
              and abs(o["width"] - mm(20)) < 0.05]
    assert len(locked) >= 4 and len(mirror) == 5             # five dice wait on the mirror
    die, token, pickup = mm(16), mm(14), mm(25.4)
    assert min(o["width"] for o in locked + mirror) >= max(die, token) + mm(4) - 0.05
    items = [o for o in red_dashed(page) if o["height"] > mm(29)]
    assert all(o["height"] >= pickup + mm(4) - 0.05 for o in items)


def test_six_ability_tokens_a_car_with_the_right_backs(pdfs: dict[str, Any]) -> None:
    pdf = pdfs["ability-tokens"]
    fronts, backs = pdf.pages[0::2], pdf.pages[1::2]
    assert sum(len(cut_hairlines(p, TOKEN)) for p in fronts) == 6 * len(CARS)
    assert sum(len(cut_hairlines(p, TOKEN)) for p in backs) == 6 * len(CARS)
    front_text, back_text = piece_texts(fronts, TOKEN), piece_texts(backs, TOKEN)
    flips = sum(a.mode == "flip" for car in CARS
                for a in (*standard_abilities(), *resolved_set(car.abilities)))
    assert sum("LOW POWER" in text for text in back_text) == flips
    for car in CARS:
        for ability in (*standard_abilities(), *resolved_set(car.abilities)):
            assert any(text.startswith(ability.name.upper()) for text in front_text)
            if ability.other_side is not None:
                assert any(text.startswith(ability.other_side.name.upper())
                           for text in back_text)
            if ability.mode == "permanent":
                assert any(text.startswith(ability.name.upper()) for text in back_text)
    assert all(text.endswith("START LOCK SHIFT ROLL END") for text in front_text)


def token_lights(page: Page, x: float, top: float) -> tuple[str, list[bool]]:
    """The name on the token at (x, top) and its five timing lights, left to right, lit or
    not, read from the circles' fill (Player Components > Timing Indicators)."""
    crop = page.crop((x, top, x + TOKEN[0], top + TOKEN[1]))
    lights = sorted((c for c in crop.curves if c.get("fill")
                     and abs(c["x1"] - c["x0"] - mm(4.8)) < 0.1),
                    key=lambda c: c["x0"])
    lit = [tuple(round(float(v), 3) for v in c["non_stroking_color"]) == LIT for c in lights]
    return crop.extract_text().splitlines()[0], lit


LIT = (0.965, 0.78, 0.0)  # #f6c700


def test_each_tokens_lit_lights_are_its_timing(tmp_path: Path) -> None:
    # The lights lit are the steps the file gives, in turn order; change one and the
    # printed token follows.
    text = (KIT / "blue-streak.yaml").read_text().replace(
        "timing: [shift]", "timing: [start, end]")
    (tmp_path / "car.yaml").write_text(text)
    assert main(["build", "--no-pack", str(tmp_path / "car.yaml"), "-o",
                 str(tmp_path / "out")]) == 0
    car = check_file(tmp_path / "car.yaml", templates=False).definitions[0].model
    steps = [step.id for step in joyride_data().steps]
    expected = {a.name.upper(): [step in a.timing for step in steps]
                for a in (*standard_abilities(), *resolved_set(car.abilities))}
    assert expected["LAUNCH CONTROL"] == [True, False, False, False, True]
    seen = {}
    with pdfplumber.open(tmp_path / "out" / "joyride" / "ability-tokens.pdf") as pdf:
        for page in pdf.pages[0::2]:
            for x, top in cut_hairlines(page, TOKEN):
                name, lit = token_lights(page, x, top)
                seen[name] = lit
    assert seen == expected


def test_backs_land_behind_their_fronts(pdfs: dict[str, Any]) -> None:
    width = PAPER["a4"][0]
    for name, size in (("ability-tokens", TOKEN), ("player-aids", AID)):
        pdf = pdfs[name]
        for front, back in zip(pdf.pages[0::2], pdf.pages[1::2], strict=True):
            mirrored = sorted((width - x - size[0], top) for x, top in cut_hairlines(front, size))
            assert len(cut_hairlines(back, size)) == len(mirrored) > 0
            for got, want in zip(cut_hairlines(back, size), mirrored, strict=True):
                assert got == pytest.approx(want, abs=0.01)


def test_a_player_aid_per_car_turn_sequence_front_collisions_back(pdfs: dict[str, Any]
                                                                  ) -> None:
    pdf = pdfs["player-aids"]
    front, back = text_of(pdf.pages[0::2]), text_of(pdf.pages[1::2])
    assert sum(len(cut_hairlines(p, AID)) for p in pdf.pages[0::2]) == len(CARS)
    assert front.count("YOUR TURN") == back.count("COLLISIONS") == len(CARS)
    for step in ("1 START.", "2 LOCK.", "3 SHIFT.", "4 ROLL.", "5 END.", "END OF THE ROUND."):
        assert front.count(step) == len(CARS), step
    for collision in ("SMASH.", "SIDE-SWIPE.", "REAR-END.", "HEAD-ON.", "PILE-UP."):
        assert back.count(collision) == len(CARS), collision


def test_four_pick_ups_and_a_card_for_every_item(pdfs: dict[str, Any]) -> None:
    pdf = pdfs["items"]
    pickup_pages = [p for p in pdf.pages if outlines(p, PICKUP)]
    per_item = joyride_data().pickups_per_item
    assert sum(len(outlines(p, PICKUP)) for p in pickup_pages) == 2 * per_item * len(
        ITEM_NAMES)                                          # fronts and face-down backs
    cards = [t for p in pdf.pages for t in cut_hairlines(p, CARD)]
    assert len(cards) == len(ITEM_NAMES)
    text = text_of(pdf.pages)
    for name in ITEM_NAMES:
        assert text.count(name.upper()) >= 1 and name in text
    assert text.count("FIRED ITEM") == 1 and text.count("DROPPED ITEM") == 3
    assert text.count("EXPLOSION.") == 2                     # Rocket and Mine
    assert "USE AT ROLL" in text and text.count("USE AT START, SHIFT, END") == 4


def test_a_counter_two_markers_per_car(pdfs: dict[str, Any]) -> None:
    pdf = pdfs["car-tokens"]
    assert sum(len(outlines(p, COUNTER)) for p in pdf.pages) == len(CARS)
    assert sum(len(cut_hairlines(p, MARKER)) for p in pdf.pages) == 2 * len(CARS)
    text = text_of(pdf.pages)
    assert text.count("GEAR") == len(CARS)


@pytest.mark.parametrize("name", FILES)
def test_nothing_smaller_than_6_pt_or_closer_than_5_mm_to_the_edge(pdfs: dict[str, Any],
                                                                   name: str) -> None:
    for page in pdfs[name].pages:
        assert all(font_size(c) >= 6.0 - 1e-6 for c in page.chars)
        for obj in page.chars + page.rects + page.lines + page.curves:
            width = obj.get("linewidth", 0) or 0
            assert obj["x0"] - width / 2 >= mm(5) - 1e-6
            assert obj["top"] - width / 2 >= mm(5) - 1e-6
            assert obj["x1"] + width / 2 <= page.width - mm(5) + 1e-6
            assert obj["bottom"] + width / 2 <= page.height - mm(5) + 1e-6


@pytest.mark.parametrize(("name", "size"), [("dashboards", DASHBOARD),
                                            ("ability-tokens", TOKEN), ("player-aids", AID)])
def test_crop_marks_stay_outside_every_trim(pdfs: dict[str, Any], name: str,
                                            size: tuple[float, float]) -> None:
    page = pdfs[name].pages[0]
    boxes = [(x, top, x + size[0], top + size[1]) for x, top in cut_hairlines(page, size)]
    marks = [line for line in page.lines if abs(line["linewidth"] - 0.5) < 1e-6
             and max(line["width"], line["height"]) == pytest.approx(mm(3.5), abs=0.01)]
    assert len(marks) >= 8
    for line in marks:
        for x0, top, x1, bottom in boxes:
            inside_x = x0 + 0.01 < line["x1"] and line["x0"] < x1 - 0.01
            inside_y = top + 0.01 < line["bottom"] and line["top"] < bottom - 0.01
            assert not (inside_x and inside_y)
