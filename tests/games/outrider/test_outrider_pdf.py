"""The Outrider PDFs read back: page and trim sizes, counts, backs behind fronts, crop marks
outside the trims, legible text, and what each card says."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from generator.commands.cli import main
from generator.games.outrider.catalogues import outrider_data
from generator.paper.units import mm
from tests.conftest import VEHICLES, check_file
from tests.pdf_geometry import cut_hairlines

PAPER = {"a4": (mm(210), mm(297)), "letter": (612.0, 792.0)}
CARD = (mm(70), mm(120))
DASHBOARD = (mm(190), mm(125))
TOKEN, PLUS = (mm(15.875),) * 2, (mm(12.7),) * 2
SPEEDOMETER = (mm(50.8),) * 2
FILES = ("vehicle-cards", "dashboards", "maneuver-cards", "reference-cards", "tokens")
KIT = sorted((VEHICLES / "outrider").glob("*.yaml"))
NAMES = sorted(check_file(p, templates=False).definitions[0].model.name for p in KIT)

Page = Any


def font_size(char: dict[str, Any]) -> float:
    """A character's size; pdfplumber reports a turned character's width as its size."""
    return float(char["size"]) if char["upright"] else float(char["x1"] - char["x0"])


def running_text(page: Page) -> str:
    """The text set turned 90 degrees along the page, in the order it was drawn."""
    return "".join(c["text"] for c in page.chars if not c["upright"])


def build(out: Path, paper: str) -> tuple[str, Path]:
    assert main(["build", "--no-pack", str(VEHICLES / "outrider"), "-o", str(out), "--paper",
                 paper]) == 0
    return paper, out


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """The shipped Outrider kit built once, on A4, for every test that reads it back."""
    return build(tmp_path_factory.mktemp("a4"), "a4")


def pdf_path(built: tuple[str, Path], name: str) -> Path:
    return built[1] / "outrider" / f"{name}.pdf"


@pytest.fixture(scope="module")
def pdfs(built: tuple[str, Path]) -> Iterator[dict[str, Any]]:
    """Each A4 file opened once: pdfplumber parses a page once and keeps what it found."""
    opened = {name: pdfplumber.open(pdf_path(built, name)) for name in FILES}
    yield opened
    for pdf in opened.values():
        pdf.close()


def fronts(pdf: Any) -> list[Page]:
    """Every sheet in these files has a back page, so fronts are the even pages."""
    return pdf.pages[0::2]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_file_is_in_the_manifest_at_the_paper_size(
        paper: str, built: tuple[str, Path], tmp_path: Path) -> None:
    result = built if paper == "a4" else build(tmp_path, paper)
    out = result[1]
    manifest = json.loads((out / "manifest.json").read_text())
    entries = {e["path"]: e for e in manifest["files"]}
    assert set(entries) == {f"outrider/{name}.pdf" for name in FILES}
    for name in FILES:
        entry = entries[f"outrider/{name}.pdf"]
        assert entry["game"] == "outrider" and sorted(entry["vehicles"]) == NAMES
        assert entry["page_size_mm"] == [round(v / mm(1), 2) for v in PAPER[paper]]
        with pdfplumber.open(pdf_path(result, name)) as pdf:
            assert entry["pages"] == len(pdf.pages)
            for page in pdf.pages:
                assert (page.width, page.height) == pytest.approx(PAPER[paper], abs=0.01)


def card_titles(page: Page, titles: set[str]) -> list[str]:
    """The maneuver title printed on each card of a page (a whole line of its text)."""
    found = []
    for x, top in cut_hairlines(page, CARD):
        lines = page.crop((x, top, x + CARD[0], top + CARD[1])).extract_text().splitlines()
        found += [line.strip() for line in lines if line.strip() in titles]
    return found


def test_twenty_maneuver_cards_at_card_size_each_with_its_title(pdfs: dict[str, Any]) -> None:
    cards = outrider_data().maneuver_cards()
    expected = Counter(c.front.title for c in cards) + Counter(c.back.title for c in cards)
    pdf = pdfs["maneuver-cards"]
    front_trims = sum(len(cut_hairlines(p, CARD)) for p in fronts(pdf))
    back_trims = sum(len(cut_hairlines(p, CARD)) for p in pdf.pages[1::2])
    printed = Counter(title for page in pdf.pages
                      for title in card_titles(page, set(expected)))
    difficulty = sum(p.extract_text().count("DIFFICULTY") for p in pdf.pages)
    assert front_trims == back_trims == 20
    assert difficulty == 40
    assert printed == expected
    assert expected["PUNCH IT!"] == expected["EASE UP"] == 6


def test_a_card_and_its_back_land_on_each_other(pdfs: dict[str, Any]) -> None:
    width = PAPER["a4"][0]
    for name, size in (("maneuver-cards", CARD), ("vehicle-cards", CARD),
                       ("dashboards", DASHBOARD)):
        pdf = pdfs[name]
        for front, back in zip(pdf.pages[0::2], pdf.pages[1::2], strict=True):
            mirrored = sorted((width - x - size[0], top) for x, top in cut_hairlines(front, size))
            assert len(cut_hairlines(back, size)) == len(mirrored) > 0
            for got, want in zip(cut_hairlines(back, size), mirrored, strict=True):
                assert got == pytest.approx(want, abs=0.01)


def test_each_vehicle_card_shows_both_variants_front_and_back(pdfs: dict[str, Any]) -> None:
    pdf = pdfs["vehicle-cards"]
    assert sum(len(cut_hairlines(p, CARD)) for p in fronts(pdf)) == len(NAMES)
    front_text = "\n".join(p.extract_text() for p in fronts(pdf))
    back_text = "\n".join(p.extract_text() for p in pdf.pages[1::2])
    for name in NAMES:
        assert name in front_text and name in back_text
    assert front_text.count("narrow arcs") == back_text.count("wide arcs") == len(NAMES)
    assert "Defense" in front_text and "Goal Line" in front_text and "Blitz" in back_text
    # 1.2, 1.3: the four characteristics by the names the rulebook gives them, on every side.
    for text in (front_text, back_text):
        assert text.count("Acceleration Handling Defense Firepower") == len(NAMES)


LABELS = {"Acceleration": "acceleration", "Handling": "handling", "Defense": "defense",
          "Firepower": "firepower"}


def printed_bonuses(card: Page) -> dict[str, int]:
    """Each characteristic's bonus as printed, by the label over the column it stands in."""
    words = card.extract_words()
    labels = [w for w in words if w["text"] in LABELS]
    bonuses = {}
    for word in words:
        if word["text"].startswith("+") and word["text"][1:].isdigit():
            nearest = min(labels, key=lambda label: abs((label["x0"] + label["x1"]) / 2
                                                        - word["x0"]))
            bonuses[LABELS[nearest["text"]]] = int(word["text"])
    return bonuses


def test_each_vehicle_card_prints_its_bonuses_as_numbers(pdfs: dict[str, Any]) -> None:
    """Lights alone are not text: each side's bonuses from the YAML are printed as +1, +2."""
    vehicles = {v.name: v for v in (check_file(p, templates=False).definitions[0].model
                                    for p in KIT)}
    seen = []
    for index, page in enumerate(pdfs["vehicle-cards"].pages):
        for x, top in cut_hairlines(page, CARD):
            card = page.crop((x, top, x + CARD[0], top + CARD[1]))
            text = card.extract_text()
            name = next(n for n in vehicles if n in text)
            variant = getattr(vehicles[name].variants, "narrow" if index % 2 == 0 else "wide")
            expected = {c: variant.bonuses.of(c) for c in LABELS.values()
                        if variant.bonuses.of(c)}
            assert printed_bonuses(card) == expected, (name, index)
            seen.append(name)
    assert sorted(seen) == sorted(NAMES * 2)


def dashboard_regions(page: Page) -> list[Page]:
    return [page.crop((x, top, x + DASHBOARD[0], top + DASHBOARD[1]))
            for x, top in cut_hairlines(page, DASHBOARD)]


def circles(region: Page, diameter_mm: float) -> list[dict[str, Any]]:
    return [c for c in region.curves
            if abs(c["x1"] - c["x0"] - mm(diameter_mm)) < 0.2
            and abs(c["bottom"] - c["top"] - mm(diameter_mm)) < 0.2]


def test_dashboards_hold_the_tracks_the_rulebook_lists(pdfs: dict[str, Any]) -> None:
    models = {check_file(p, templates=False).definitions[0].model.name:
              check_file(p, templates=False).definitions[0].model for p in KIT}
    token = 15.875 + 1.0       # token places: the counter plus 0.5 mm play each side
    plus = 12.7 + 1.0
    seen = 0
    pdf = pdfs["dashboards"]
    for page in pdf.pages:
        for region in dashboard_regions(page):
            text = region.extract_text()
            name = next(n for n in NAMES if n in text)
            vehicle, top = models[name], region.bbox[1]
            places = circles(region, token)
            damage = [c for c in places if c["bottom"] - top < mm(30)]
            assert len(damage) == 6                          # armor tokens (1.7, 2.7)
            assert len(places) == 6 + 4 + 3                  # + equipment and actions
            # 2.7: the three tokens go "along the right side (labeled Action Tokens)".
            skill = circles(region, plus)
            own = [c for c in skill if not c["dash"] or not c["dash"][0]]
            assert len(skill) == 12 and len(own) == vehicle.skill_points
            assert f"{vehicle.action_points} AP" in text
            for die in vehicle.equipment.as_tuple():
                assert f"D{die}" in text
            for label in ("ENGINE", "DRIVER", "ARMOR", "WEAPON", "TACHOMETER",
                          "DAMAGE TRACK", "ACTION TOKENS", "SKILL", "SPEEDOMETER"):
                assert label in text
            seen += 1
    assert seen == 2 * len(NAMES)


def test_the_shared_cards_and_their_counts(pdfs: dict[str, Any]) -> None:
    pdf = pdfs["reference-cards"]
    card_fronts = [t for p in fronts(pdf) for t in cut_hairlines(p, CARD)]
    tiles = [t for p in fronts(pdf) for t in cut_hairlines(p, SPEEDOMETER)]
    text = "\n".join(p.extract_text() for p in pdf.pages)
    text += "\n".join(running_text(p) for p in pdf.pages)
    assert len(card_fronts) == 3 + 1 + 1 and len(tiles) == 1
    assert text.count("RANGE CARD") == 3 and text.count("DUAL CORRIDOR") == 3
    # The range cards' turned text reads back as words, not letter-reversed ("DRAC EGNAR").
    read = " ".join(" ".join(p.extract_text().split()) for p in pdf.pages)
    assert read.count("RANGE CARD") == 3 and read.count("DUAL CORRIDOR") == 3, read[:200]
    assert read.count("Chain up to three cards.") == 3 and "DRAC" not in read
    for words in ("BRAKE HARD", "STOP", "+1", "CONTINUE", "MODIFIERS", "at most +4",
                  "TURN SEQUENCE", "LOSS OF CONTROL", "Panic Brake", "Oversteer",
                  "Understeer", "Skid Left", "Skid Right", "Overshoot", "Regain Control",
                  "SPEEDOMETER", "LUCKY", "SECOND WIND"):
        assert words in text, words


def test_token_sets_one_per_vehicle(pdfs: dict[str, Any]) -> None:
    per = outrider_data().per_player
    counters = sum(per[k] for k in ("armor", "action", "equipment", "needle", "maneuver"))
    plus = per["skill_plus"] + len(outrider_data().modifier_plus)
    pdf = pdfs["tokens"]
    counted: Counter[str] = Counter()
    for page in pdf.pages:
        counted["counter"] += len(cut_hairlines(page, TOKEN))
        counted["plus"] += len(cut_hairlines(page, PLUS))
    text = "\n".join(p.extract_text() for p in pdf.pages)
    # counters are double-sided (front and back pages); plus tokens single-sided
    assert counted["counter"] == 2 * counters * len(NAMES)
    assert counted["plus"] == plus * len(NAMES)
    assert text.count("D12") == 2 * len(NAMES) and text.count("+4") == len(NAMES)


@pytest.mark.parametrize("name", FILES)
def test_nothing_is_smaller_than_6_pt_or_closer_than_5_mm_to_the_edge(
        pdfs: dict[str, Any], name: str) -> None:
    pdf = pdfs[name]
    for page in pdf.pages:
        assert all(font_size(c) >= 6.0 - 1e-6 for c in page.chars)
        for obj in page.chars + page.rects + page.lines + page.curves:
            width = obj.get("linewidth", 0) or 0
            assert obj["x0"] - width / 2 >= mm(5) - 1e-6
            assert obj["top"] - width / 2 >= mm(5) - 1e-6
            assert obj["x1"] + width / 2 <= page.width - mm(5) + 1e-6
            assert obj["bottom"] + width / 2 <= page.height - mm(5) + 1e-6


@pytest.mark.parametrize(("name", "size"), [("maneuver-cards", CARD), ("dashboards", DASHBOARD),
                                            ("tokens", TOKEN)])
def test_crop_marks_stay_outside_every_trim(pdfs: dict[str, Any], name: str,
                                            size: tuple[float, float]) -> None:
    pdf = pdfs[name]
    page = pdf.pages[0]
    boxes = [(x, top, x + size[0], top + size[1]) for x, top in cut_hairlines(page, size)]
    marks = [line for line in page.lines if abs(line["linewidth"] - 0.5) < 1e-6
             and line["stroking_color"] in ((0,), (0, 0, 0), 0)
             and max(line["width"], line["height"]) in (
                 pytest.approx(mm(4), abs=0.01), pytest.approx(mm(3.5), abs=0.01))]
    assert len(marks) >= 8
    for line in marks:
        for x0, top, x1, bottom in boxes:
            inside_x = x0 + 0.01 < line["x1"] and line["x0"] < x1 - 0.01
            inside_y = top + 0.01 < line["bottom"] and line["top"] < bottom - 0.01
            assert not (inside_x and inside_y)
