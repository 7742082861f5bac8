"""Formula Ace printing read back from the PDFs: the roster after the replayed season, ship and
pilot cards with their backs behind their fronts, the reference tables, and the centimetre
templates at exact scale on A4 and Letter; and FA-PRINT-TEXT on names that cannot fit."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pypdfium2
import pytest
import yaml

from generator.commands.cli import main
from generator.commands.components import COMPONENTS
from generator.games.formula_ace.catalogues import formula_data
from generator.games.formula_ace.printing import print_facts, team_view
from generator.paper.units import mm
from generator.project.loading import load
from tests.conftest import VEHICLES, check_file, rule_ids
from tests.pdf_geometry import MM, cut_hairlines, open_pdf, page_box

KIT = VEHICLES / "formula-ace"
SHIPPED = sorted(KIT.glob("*.yaml"))
HOLLOW = KIT / "hollow-star.yaml"
FILES = ("team-rosters", "ship-cards", "pilot-cards", "reference-tables", "cm-templates")
CARD = (mm(63.5), mm(88.9))


def team_of(path: Path) -> Any:
    loaded = load([path])
    assert loaded.findings == []
    return loaded.definitions[0].model


def drawn_text(path: Path) -> list[str]:
    """Each page's text in the order it was drawn, whitespace collapsed: pdfplumber reads
    text that runs up the page backwards."""
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        return [" ".join(page.get_textpage().get_text_range().split()) for page in pdf]
    finally:
        pdf.close()


def words(page: Any) -> str:
    return " ".join((page.extract_text() or "").split())


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Both papers' builds of the shipped teams, by paper name."""
    folders = {}
    for paper in ("a4", "letter"):
        out = tmp_path_factory.mktemp(f"fa-{paper}")
        assert main(["build", "--no-pack", str(KIT), "-o", str(out), "--paper", paper]) == 0
        folders[paper] = out / "formula-ace"
    return folders


def test_a_build_writes_each_component_listed_for_only(built: dict[str, Path]) -> None:
    for name in FILES:
        assert name in COMPONENTS
        assert (built["a4"] / f"{name}.pdf").is_file()
    manifest = json.loads((built["a4"].parent / "manifest.json").read_text())
    kinds = {e["path"]: e["kind"] for e in manifest["files"]}
    circuits = {f"formula-ace/{p.stem}-circuit.pdf" for p in (KIT / "circuits").glob("*.yaml")}
    assert set(kinds) == {f"formula-ace/{name}.pdf" for name in FILES} | circuits


def test_only_prints_just_the_named_component(tmp_path: Path) -> None:
    assert main(["build", str(HOLLOW), "-o", str(tmp_path), "--only", "cm-templates"]) == 0
    assert sorted(p.name for p in (tmp_path / "formula-ace").iterdir()) == ["cm-templates.pdf"]


# --- the roster ---------------------------------------------------------------------------


def test_roster_is_a_page_per_team_at_trim_size_on_both_papers(built: dict[str, Path]) -> None:
    paper = {"a4": (210, 297), "letter": (215.9, 279.4)}
    for name, folder in built.items():
        pdf = open_pdf(folder / "team-rosters.pdf")
        assert len(pdf.pages) == len(SHIPPED)
        for page in pdf.pages:
            trim, media = page_box(page, "TrimBox"), page_box(page, "MediaBox")
            assert (trim.width, trim.height) == (pytest.approx(180, abs=0.01),
                                                 pytest.approx(250, abs=0.01))
            assert (media.width, media.height) == pytest.approx(paper[name], abs=0.01)


def test_roster_shows_the_team_after_its_replayed_season(built: dict[str, Path]) -> None:
    team = team_of(HOLLOW)
    view = team_view(team)
    page = next(p for p in open_pdf(built["a4"] / "team-rosters.pdf").pages
                if team.name in words(p))
    text = words(page)
    assert f"{view.state.credits:,}" in text
    races = [entry.race for entry in team.season if entry.race is not None]
    assert f"After {len(races)} races, the last {races[-1].name}" in text
    for pilot in view.pilots:
        assert pilot.name in text
    wounded = next(p for p in view.pilots if p.state.status == "out")
    assert wounded.name == "Ines Caldera" and "Out next race" in text
    for ship in view.ships:
        assert f"Speed {ship.state.speed} cm" in text
        assert f"{ship.state.hit_points} hit points" in text
    # a box per hit point, booster and fin of every ship; lost hit points crossed
    boxes = [r for r in page.rects if r["stroke"] and abs(r["width"] / MM - 3.8) < 0.01
             and abs(r["height"] / MM - 3.8) < 0.01]
    assert len(boxes) == sum(s.state.hit_points + s.state.boosters + s.state.fins
                             for s in view.ships)
    assert "+1 cm speed ×2" in text and "+1 booster" in text


def test_roster_says_in_words_what_damage_a_ship_still_carries(tmp_path: Path) -> None:
    # 1/, 12/: the roster keeps the damage a ship has taken. Kestrel left unrepaired: its
    # hit points left and its broken booster are written out, not only crossed in boxes.
    data = yaml.safe_load(HOLLOW.read_text())
    data["season"] = [entry for entry in data["season"]
                      if entry.get("repair", {}).get("ship") != "Kestrel"]
    path = tmp_path / "team.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    assert main(["build", "--no-pack", str(path), "-o", str(tmp_path / "out")]) == 0
    text = words(open_pdf(tmp_path / "out" / "formula-ace" / "team-rosters.pdf").pages[0])
    kestrel = next(s for s in team_view(team_of(path)).ships if s.name == "Kestrel")
    assert kestrel.state.hit_points_lost and kestrel.state.boosters_broken == 1
    left = f"{kestrel.state.hit_points_left} of {kestrel.state.hit_points} hit points left"
    assert f"Speed 18 cm · {left}" in text, text
    assert "1 booster broken; +1 booster" in text, text
    assert "Starling · Beta Pilot: Lena Morrow Speed 24 cm · 11 hit points" in text
    # The ship card says it too, over its upgrades.
    cards = drawn_text(tmp_path / "out" / "formula-ace" / "ship-cards.pdf")[0]
    assert f"{left} · 1 booster broken +1 booster Pilot: Otto Brandt" in cards, cards


def test_roster_turn_log_has_a_numbered_row_per_turn(built: dict[str, Path]) -> None:
    page = open_pdf(built["a4"] / "team-rosters.pdf").pages[0]
    tokens = [w["text"] for w in page.extract_words()]
    assert "TURN LOG" in words(page)
    assert all(str(turn) in tokens for turn in range(1, print_facts().log_turns + 1))
    rows = [r for r in page.rects if r["stroke"] and abs(r["height"] / MM - 4.4) < 0.01]
    assert len(rows) == print_facts().log_turns


def test_a_large_team_continues_its_roster_on_another_page(tmp_path: Path) -> None:
    data = yaml.safe_load(HOLLOW.read_text())
    data["season"].append({"race": {  # a win worth 11,000 credits pays for seven ships
        "name": "Grand Prix", "category": "total-speed-way", "starters": 12,
        "results": [{"pilot": "Lena Morrow", "ship": "Starling", "place": 1}]}})
    data["season"] += [{"new_ship": {"name": f"Spare {n}", "type": "Gamma"}}
                       for n in range(1, 8)]
    path = tmp_path / "big.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    assert main(["build", str(path), "-o", str(tmp_path / "out"), "--only",
                 "team-rosters"]) == 0
    pdf = open_pdf(tmp_path / "out" / "formula-ace" / "team-rosters.pdf")
    assert len(pdf.pages) == 2
    both = " ".join(words(p) for p in pdf.pages)
    assert "Hollow Star (continued)" in words(pdf.pages[1])
    assert all(f"Spare {n}" in both for n in range(1, 8))
    assert "TURN LOG" not in words(pdf.pages[1])


# --- cards --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["ship-cards", "pilot-cards"])
def test_cards_are_poker_size_with_backs_behind_their_fronts(built: dict[str, Path],
                                                             name: str) -> None:
    pdf = open_pdf(built["a4"] / f"{name}.pdf")
    assert len(pdf.pages) == 2  # nine cards: one sheet, its backs on the next page
    front, back = pdf.pages
    width = float(front.width)
    fronts = cut_hairlines(front, CARD)
    assert len(fronts) == len(SHIPPED) * 3
    mirrored = sorted((width - x - CARD[0], top) for x, top in fronts)
    backs = cut_hairlines(back, CARD)
    assert len(backs) == len(mirrored)
    for got, want in zip(backs, mirrored, strict=True):
        assert got == pytest.approx(want, abs=0.01)
    views = [team_view(team_of(path)) for path in SHIPPED]
    items = [(v.ships if name == "ship-cards" else v.pilots) for v in views]
    for item in (i for group in items for i in group):
        face = next(w for w in front.extract_words() if w["text"] == item.name.split()[0])
        title = item.name.split()[0].upper()
        behind = [w for w in back.extract_words() if w["text"] == title]
        centre = (face["x0"] + face["x1"]) / 2
        cell = next(x for x, top in fronts if x < centre < x + CARD[0]
                    and top < face["top"] < top + CARD[1])
        assert any(width - cell - CARD[0] < w["x0"] < width - cell for w in behind), title


def test_ship_card_shows_weapons_with_range_and_damage(built: dict[str, Path]) -> None:
    text = words(open_pdf(built["a4"] / "ship-cards.pdf").pages[0])
    rockets = formula_data().items["rockets"]
    assert f"Rockets (front) {rockets.range_cm} cm, {rockets.damage}" in text
    assert "Countermeasures, cancels on 5-6" in text
    back = words(open_pdf(built["a4"] / "ship-cards.pdf").pages[1])
    starling = next(s for s in team_view(team_of(HOLLOW)).ships if s.name == "Starling")
    assert f"Most: {starling.state.speed} cm, plus 1D for each booster lit" in back


def test_pilot_card_shows_skills_and_wounds(built: dict[str, Path]) -> None:
    page = open_pdf(built["a4"] / "pilot-cards.pdf").pages[0]
    text = words(page)
    assert "Misses the next race" in text and "DESTRUCTION DERBY" in text
    big = [c for c in page.chars if c["size"] >= 19]
    expected = sum(len(p.skills) for path in SHIPPED for p in team_view(team_of(path)).pilots)
    assert len(big) == expected


# --- reference tables ---------------------------------------------------------------------


def test_reference_tables_front_and_back_in_our_words(built: dict[str, Path]) -> None:
    pdf = open_pdf(built["a4"] / "reference-tables.pdf")
    assert len(pdf.pages) == 4
    for page in pdf.pages:
        trim = page_box(page, "TrimBox")
        assert (trim.width, trim.height) == (pytest.approx(148, abs=0.01),
                                             pytest.approx(210, abs=0.01))
    text = " ".join(words(p) for p in pdf.pages)
    for title in ("DAMAGE TABLE", "CRITICAL DAMAGE TABLE", "ENGINE START TABLE",
                  "SPECIAL FEATURE TABLE", "FIRING WEAPONS"):
        assert title in text
    for item in formula_data().items.values():
        if item.kind == "weapon":
            row = f"{item.name} {item.range_cm} cm {item.skill:+d}".replace("+0", "0")
            assert f"{row} {item.damage} {item.price:,}" in text
    assert "Replacing it costs 2,000 credits" in text
    # 15/: the winner gets 1000 a starting *opponent* (Paddock's prize: starters - 1)
    assert "1,000 credits for each other ship at the start" in text
    assert "Lucky boy" not in text and "full psychos" not in text  # paraphrased
    assert min(c["size"] for p in pdf.pages for c in p.chars) >= 6.0


# --- centimetre templates -----------------------------------------------------------------


def _trims(page: Any) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) in mm of every piece's cut hairline on the page."""
    return [(r["x0"] / MM, r["y0"] / MM, r["x1"] / MM, r["y1"] / MM) for r in page.rects
            if r["stroke"] and not r["fill"] and r["width"] > mm(10)]


def _ticks(page: Any, x0: float, y0: float, y1: float) -> list[float]:
    """Heights (mm) of the horizontal ticks starting on the left edge of a ruler part."""
    return sorted({round(line["y0"] / MM, 4) for line in page.lines
                   if abs(line["y0"] - line["y1"]) < 1e-6
                   and abs(line["x0"] / MM - x0) < 0.001
                   and y0 - 0.001 <= line["y0"] / MM <= y1 + 0.001})


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_range_rulers_are_exact_and_their_parts_add_up(built: dict[str, Path],
                                                       paper: str) -> None:
    pdf = open_pdf(built[paper] / "cm-templates.pdf")
    facts = print_facts()
    for ruler, page in zip(facts.rulers, pdf.pages, strict=False):
        parts = ruler.parts
        trims = _trims(page)
        assert len(trims) == len(parts) * ruler.copies
        total, count = 0.0, 0
        # Parts print top to bottom on the page; the ruler's 0 is at the top of part one.
        ordered = sorted(trims, key=lambda t: t[0])[:len(parts)]
        for index, (x0, y0, x1, y1) in enumerate(ordered):
            assert x1 - x0 == pytest.approx(facts.strip_width, abs=0.01)
            ticks = _ticks(page, x0, y0, y1)
            first, last = index == 0, index == len(parts) - 1
            # No tick on a cut: 3 and 4 mm of strip at the ruler's ends, half a mm at a join, so
            # butted parts keep the 1 mm step across the join.
            assert y1 - ticks[-1] == pytest.approx(3.0 if first else 0.5, abs=0.01)
            assert ticks[0] - y0 == pytest.approx(4.0 if last else 0.5, abs=0.01)
            gaps = [b - a for a, b in zip(ticks, ticks[1:], strict=False)]
            assert all(g == pytest.approx(1.0, abs=0.01) for g in gaps)
            total += ticks[-1] - ticks[0] + (0.0 if last else 1.0)
            count += len(ticks)
        assert total == pytest.approx(ruler.length_cm * 10, abs=0.01)
        assert count == ruler.length_cm * 10 + 1


def test_every_centimetre_of_a_ruler_is_numbered_ends_and_joins_too(
        built: dict[str, Path]) -> None:
    pdf = open_pdf(built["a4"] / "cm-templates.pdf")
    for ruler, page in zip(print_facts().rulers, pdf.pages, strict=False):
        words = page.extract_words(extra_attrs=["size"])
        numbers = {int(w["text"]) for w in words
                   if w["text"].isdigit() and w["size"] == pytest.approx(6)}
        assert numbers >= set(range(0, ruler.length_cm + 1)), ruler.length_cm
        assert {n for n in numbers if n % 5 == 0} == set(range(0, ruler.length_cm + 1, 5))


def test_ruler_joins_are_lettered_on_both_parts(built: dict[str, Path]) -> None:
    pdf = open_pdf(built["a4"] / "cm-templates.pdf")
    letters = [sorted(c["text"] for c in page.chars if c["size"] == pytest.approx(11))
               for page in pdf.pages[:2]]
    copies = [r.copies for r in print_facts().rulers]
    assert letters[0] == ["A"] * 2 * copies[0]
    assert letters[1] == ["B"] * 2 * copies[1]
    first, second = drawn_text(built["a4"] / "cm-templates.pdf")[:2]
    assert "join A to A, tape behind" in first
    assert "30 CM RANGE · Rockets, Rays, special features · part 1 of 2" in first
    assert "50 CM RANGE · Missile, Plasma · part 2 of 2" in second
    # Turned along the strip, the label still reads back word for word, not reversed.
    read = [" ".join(page.extract_text().split()) for page in pdf.pages[:2]]
    assert "30 CM RANGE · Rockets, Rays, special features · part 1 of 2" in read[0]
    assert "join A to A, tape behind" in read[0]
    assert "50 CM RANGE · Missile, Plasma · part 2 of 2" in read[1]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_straight_and_turn_gauges_are_exact(built: dict[str, Path], paper: str) -> None:
    pdf = open_pdf(built[paper] / "cm-templates.pdf")
    straight, turn = pdf.pages[2], pdf.pages[3]
    movement = formula_data().movement
    trims = _trims(straight)
    assert len(trims) == print_facts().gauge_copies
    for x0, _, x1, _ in trims:
        assert x1 - x0 == pytest.approx(movement["straight_before_turn_cm"] * 10, abs=0.01)
    assert "5 CM STRAIGHT before each turn" in words(straight)
    squares = _trims(turn)
    assert len(squares) == print_facts().gauge_copies
    for x0, y0, x1, y1 in squares:
        limit = [line for line in turn.curves + turn.lines
                 if abs(line["x0"] / MM - x0) < 0.01 and abs(line["y0"] / MM - y0) < 0.01
                 and abs(line["x1"] / MM - x1) < 0.01 and abs(line["y1"] / MM - y1) < 0.01]
        assert limit, "the limit runs from the pivot corner to the opposite corner"
        angle = math.degrees(math.atan2(y1 - y0, x1 - x0))
        assert angle == pytest.approx(movement["max_turn_degrees"], abs=0.01)
    assert "TURN: 1 TO 45°" in words(turn)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_template_crop_marks_stay_outside_every_trim(built: dict[str, Path],
                                                     paper: str) -> None:
    for page in open_pdf(built[paper] / "cm-templates.pdf").pages:
        trims = _trims(page)
        media = page_box(page, "MediaBox")
        marks = [line for line in page.lines if abs(line["linewidth"] - 0.5) < 1e-6
                 and line["stroking_color"] in ((0,), (0, 0, 0), 0)
                 and max(line["width"], line["height"]) == pytest.approx(mm(3.5), abs=0.01)]
        assert len(marks) >= 8
        for line in marks:
            lx0, ly0, lx1, ly1 = (line[k] / MM for k in ("x0", "y0", "x1", "y1"))
            assert lx0 >= 0 and ly0 >= 0
            assert lx1 <= media.width and ly1 <= media.height
            for x0, y0, x1, y1 in trims:
                assert not (x0 + 0.01 < lx1 and lx0 < x1 - 0.01
                            and y0 + 0.01 < ly1 and ly0 < y1 - 0.01)


# --- FA-PRINT-TEXT ------------------------------------------------------------------------


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_teams_print_without_findings(path: Path) -> None:
    assert "FA-PRINT-TEXT" not in rule_ids(check_file(path).findings)


def test_a_name_too_long_for_the_roster_is_a_finding_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "team.yaml"
    path.write_text(HOLLOW.read_text().replace("Otto Brandt", "W" * 24))
    findings = [f for f in check_file(path).findings if f.rule == "FA-PRINT-TEXT"]
    assert [f.message for f in findings] == [
        "pilot 2 name does not fit on the team roster even at 6 pt",
        "ship 2 pilot does not fit on the team roster even at 6 pt"]
    lines = path.read_text().splitlines()
    assert lines[findings[0].mark.line - 1].strip() == f"- name: {'W' * 24}"
    assert lines[findings[1].mark.line - 1].strip() == f"pilot: {'W' * 24}"
    assert all(f.rule == "FA-PRINT-TEXT" for f in check_file(path).findings)
    assert findings[0].hint == "shorten the text: a shorter name"


def test_a_template_that_overflows_the_cards_fails_the_check(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "templates" / "formula-ace"
    folder.mkdir(parents=True)
    (folder / "ship-card.j2").write_text(
        '{% extends "formula-ace/ship-card-base.j2" %}\n'
        "{% block name %}{{ ship.name * 40 }}{% endblock %}\n")
    code = main(["check", str(HOLLOW), "--templates", str(tmp_path / "templates")])
    out = capsys.readouterr().out
    assert code == 1
    line = HOLLOW.read_text().splitlines().index("  - name: Starling") + 1
    assert f"hollow-star.yaml:{line}:11: error FA-PRINT-TEXT: name does not fit on the ship " \
           "card of Starling even at 6 pt" in out


def test_cards_follow_the_card_size_and_refuse_one_too_small(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", str(HOLLOW), "-o", str(tmp_path / "bridge"), "--card-size",
                 "bridge", "--only", "ship-cards"]) == 0
    page = open_pdf(tmp_path / "bridge" / "formula-ace" / "ship-cards.pdf").pages[0]
    assert len(cut_hairlines(page, (mm(57.15), mm(88.9)))) == 3
    capsys.readouterr()
    code = main(["build", str(HOLLOW), "-o", str(tmp_path / "mini"), "--card-size",
                 "mini-euro", "--only", "pilot-cards"])
    err = capsys.readouterr().err
    assert code == 2
    assert "Formula Ace card text does not fit at 6 pt on mini-euro (44 x 68 mm) cards" in err
    assert not (tmp_path / "mini" / "formula-ace").exists()
