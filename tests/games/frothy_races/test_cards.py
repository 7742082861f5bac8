"""Frothy Races cards, counters and their print checks, read back from the PDFs a build writes:
each vehicle's deck in the numbers its licence gives, Whip green and Reins red, special cards
with their '#' value and discard status, the vehicle's name on every face, the generic deck,
counters sized to a hex, and icons drawn as vector paths."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from generator.commands.cli import main
from generator.games.frothy_races.cards import deck_counts, generic_deck, vehicle_deck
from generator.games.frothy_races.catalogues import frothy_data
from generator.paper.tokens import hex_token_component
from generator.paper.units import INCH, mm, to_mm
from generator.project.loading import load
from generator.text.templates import TextTemplates
from tests.pdf_geometry import ROOT, VEHICLES, card_texts, colour_key, copy_vehicles, open_pdf

WHIP_GREEN = colour_key((0x2f / 255, 0x7a / 255, 0x2e / 255))  # 5.3:1 under white text
REINS_RED = colour_key((0xb3 / 255, 0x26 / 255, 0x1e / 255))


@pytest.fixture(scope="module")
def shipped_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One default build of every shipped vehicle (shared: it takes a few seconds)."""
    out = tmp_path_factory.mktemp("build")
    assert main(["build", "--no-pack", str(ROOT / "vehicles"), "-o", str(out)]) == 0
    return out


def shipped_vehicles() -> list:
    return [d.model for d in load([VEHICLES]).clean()]


def test_every_deck_matches_its_licence() -> None:
    for vehicle in shipped_vehicles():
        counts = deck_counts(vehicle_deck(vehicle, frothy_data()))
        cards = vehicle.cards
        assert counts.get("whip", 0) == cards.whip
        assert counts.get("reins", 0) == cards.reins
        assert counts.get("dual", 0) == cards.dual
        assert counts.get("special", 0) == cards.special_count


def test_cards_pdf_names_each_vehicle_on_both_faces_of_every_card(shipped_build: Path) -> None:
    faces = card_texts(shipped_build / "frothy-races" / "cards.pdf")
    for vehicle in shipped_vehicles():
        on_faces = [face for face in faces if face.endswith(vehicle.name)]
        assert len(on_faces) == 2 * vehicle.cards.total, vehicle.name
    vehicle_cards = sum(vehicle.cards.total for vehicle in shipped_vehicles())
    generic = generic_deck(vehicle_cards, 9)
    assert len([face for face in faces if face.endswith("Frothy Races")]) == 2 * len(
        generic.cards)


def test_the_generic_deck_fills_the_last_sheet_so_no_card_prints_alone(
        shipped_build: Path) -> None:
    path = shipped_build / "frothy-races" / "cards.pdf"
    pages = len(open_pdf(path).pages)
    vehicle_cards = sum(vehicle.cards.total for vehicle in shipped_vehicles())
    assert vehicle_cards % 9 != 0  # the shipped set would leave a part-filled sheet
    assert len(card_texts(path)) == pages * 9  # every cell of every page, fronts and backs


def test_the_generic_deck_grows_a_whip_then_a_reins_up_to_a_full_sheet() -> None:
    assert deck_counts(generic_deck(61, 9)) == {"whip": 10, "reins": 10}  # 61 + 12 + 8 = 81
    assert deck_counts(generic_deck(62, 9)) == {"whip": 10, "reins": 9}
    assert deck_counts(generic_deck(60, 9)) == {"whip": 6, "reins": 6}  # 72: already full
    assert deck_counts(generic_deck(61, 0)) == {"whip": 6, "reins": 6}  # print-shop pages


def test_whip_faces_are_green_and_reins_faces_red(shipped_build: Path) -> None:
    page = open_pdf(shipped_build / "frothy-races" / "cards.pdf").pages[0]
    fills = {colour_key(r["non_stroking_color"]) for r in page.rects if r.get("fill")}
    words = page.extract_text()
    assert "WHIP" in words and "REINS" in words
    assert WHIP_GREEN in fills and REINS_RED in fills


def test_icons_are_vector_paths_never_images(shipped_build: Path) -> None:
    for name in ("cards.pdf", "tokens.pdf", "dice-stickers.pdf"):
        pdf = open_pdf(shipped_build / "frothy-races" / name)
        assert all(not page.images for page in pdf.pages)
        assert any(page.curves for page in pdf.pages), f"{name} draws its icons as paths"


def test_special_card_shows_its_value_and_discard_status(tmp_path: Path) -> None:
    folder = copy_vehicles(tmp_path / "in", "basic-chariot")
    text = (folder / "basic-chariot.yaml").read_text().replace(
        "  dual: 0\n", "  dual: 1\n  special:\n    - {name: Lash, value: 2, discard: true}\n"
        "    - {name: Survivor, face: reins}\n").replace("reins: 4", "reins: 2")
    (folder / "basic-chariot.yaml").write_text(text)
    assert main(["build", "--no-pack", str(folder), "-o", str(tmp_path / "out")]) == 0
    words = " | ".join(card_texts(tmp_path / "out" / "frothy-races" / "cards.pdf"))
    assert "Lash 2" in words and "add 2 to the result" in words
    assert "Discard this card once its ability is used" in words
    assert "Survivor" in words and "After use it goes to Spent like any card" in words
    assert "Other side: Reins" in words


def test_a_dual_card_says_so_on_both_faces(tmp_path: Path) -> None:
    # Driving License Example: a dual card is Whip on one side and Reins on the other, and
    # may be played as either; each face names the other, so it is not taken for a plain one.
    folder = copy_vehicles(tmp_path / "in", "basic-chariot")
    path = folder / "basic-chariot.yaml"
    path.write_text(path.read_text().replace("  dual: 0\n", "  dual: 2\n")
                    .replace("reins: 4", "reins: 2"))
    assert main(["build", "--no-pack", str(folder), "-o", str(tmp_path / "out")]) == 0
    faces = card_texts(tmp_path / "out" / "frothy-races" / "cards.pdf")
    fronts = [f for f in faces if f.startswith("WHIP Dual · other side: Reins")]
    backs = [f for f in faces if f.startswith("REINS Dual · other side: Whip")]
    assert len(fronts) == len(backs) == 2
    assert sum(f.startswith("REINS Speed Check") and f.endswith("Basic Chariot")
               for f in faces) == 2 * 2  # the two plain Reins cards, both faces


def test_a_trait_that_changes_cards_is_noted_on_them(tmp_path: Path) -> None:
    folder = copy_vehicles(tmp_path / "in", "basic-chariot")
    path = folder / "basic-chariot.yaml"
    path.write_text(path.read_text() + "  - Encouragement\n")
    assert main(["build", "--no-pack", str(folder), "-o", str(tmp_path / "out")]) == 0
    words = " | ".join(card_texts(tmp_path / "out" / "frothy-races" / "cards.pdf"))
    assert "Encouragement: Reins may act as Whip" in words


def test_card_text_comes_from_the_users_template_block(tmp_path: Path) -> None:
    templates = tmp_path / "templates" / "frothy-races"
    templates.mkdir(parents=True)
    (templates / "cards.j2").write_text(
        '{% extends "frothy-races/cards-base.j2" %}{% block whip_title %}THROTTLE'
        "{% endblock %}")
    folder = copy_vehicles(tmp_path / "in", "basic-chariot")
    assert main(["build", "--no-pack", str(folder), "-o", str(tmp_path / "out"), "--templates",
                 str(tmp_path / "templates")]) == 0
    words = open_pdf(tmp_path / "out" / "frothy-races" / "cards.pdf").pages[0].extract_text()
    assert "THROTTLE" in words and "WHIP" not in words


def test_text_that_cannot_fit_a_card_is_a_finding_at_its_line(tmp_path: Path) -> None:
    folder = copy_vehicles(tmp_path / "in", "basic-chariot")
    path = folder / "basic-chariot.yaml"
    long_text = "Play this card whenever it helps you. " * 30
    path.write_text(path.read_text().replace(
        "  dual: 0\n", f"  dual: 0\n  special:\n    - {{name: Gambit, custom: true, face: whip, "
        f"summary: Risky., text: \"{long_text}\"}}\n").replace("reins: 4", "reins: 3"))
    loaded = load([folder], TextTemplates())
    found = [f for f in loaded.findings if f.rule == "FR-PRINT-PIECE-TEXT"]
    assert len(found) == 1
    assert "rules text of the Basic Chariot: Gambit card" in found[0].message
    assert found[0].mark.line == path.read_text().splitlines().index(
        next(line for line in path.read_text().splitlines() if "Gambit" in line)) + 1


def test_print_checks_are_silent_on_every_shipped_vehicle() -> None:
    loaded = load([VEHICLES], TextTemplates())
    assert not [f for f in loaded.findings if f.rule.startswith("FR-PRINT")]


def test_generic_deck_has_no_vehicle_name() -> None:
    deck = generic_deck()
    assert deck.vehicle is None
    assert deck_counts(deck) == {"whip": 6, "reins": 6}


def test_counter_fits_its_hex_facing_a_side_or_a_corner() -> None:
    counter = hex_token_component(INCH, mm(3))
    across_flats, corner_radius = counter.height, counter.width / 2
    hex_inradius = INCH / 2
    assert across_flats / 2 <= hex_inradius          # facing a side
    assert corner_radius * math.cos(math.radians(30)) <= hex_inradius + 1e-9  # turned 30°
    assert corner_radius <= hex_inradius / math.cos(math.radians(30)) * 1.0001


def test_every_counter_name_reads_back_word_for_word(shipped_build: Path) -> None:
    # Counters of one, two and three lines share a row: each word must read back whole,
    # front and back (a centred name's lines interleaved with its neighbours' letters).
    pdf = open_pdf(shipped_build / "frothy-races" / "tokens.pdf")
    for page in pdf.pages[:2]:
        words = set(page.extract_text().split())
        for vehicle in shipped_vehicles():
            missing = [w for w in vehicle.name.split() if w not in words]
            assert not missing, f"{vehicle.name}: {missing} not read back"


def test_counters_carry_name_and_arrow_and_a_hexagon_cut_line(shipped_build: Path) -> None:
    pdf = open_pdf(shipped_build / "frothy-races" / "tokens.pdf")
    front = pdf.pages[0]
    assert "Whisper" in front.extract_text() and "WRECK" in pdf.pages[1].extract_text()
    hexagons = [c for c in front.curves if len(c["pts"]) >= 6
                and abs(to_mm(c["x1"] - c["x0"]) - to_mm(hex_token_component(INCH, 0).width))
                < 0.01]
    assert len(hexagons) == len(shipped_vehicles())
