"""Circus Maximus: each chariot rule firing on a minimal bad case and silent on the shipped
chariots, the CLI (new, schema, rules, check, balance), and the record sheet and reference
card read back from the PDFs: trim sizes, boxes, text."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.commands.cli import main
from generator.games.circus_maximus.catalogues import circus_data
from generator.games.circus_maximus.model import CHARIOT_SCHEMA, Car, Chariot, Driver, Horse
from generator.games.circus_maximus.rules import RULES
from generator.input.nodes import Mark
from generator.input.schema import load_packaged, reference
from tests.conftest import VEHICLES, check_file, format_findings, rule_ids
from tests.conftest import run_cli as run
from tests.pdf_geometry import MM, open_pdf, page_box

KIT = VEHICLES / "circus-maximus"
SHIPPED = sorted(KIT.glob("*.yaml"))
GREEN = KIT / "green-faction.yaml"
GREEN_MARK = Mark(str(GREEN), 1, 1)


def chariot(tmp_path: Path, change: Any) -> Path:
    """The green chariot with ``change(data)`` applied, written to a temporary file."""
    data = yaml.safe_load(GREEN.read_text())
    change(data)
    path = tmp_path / "chariot.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path




@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_chariots_have_no_findings(path: Path) -> None:
    assert check_file(path).findings == []


def test_every_rule_but_the_print_check_has_a_check() -> None:
    assert RULES.unchecked() == ["CM-PRINT-TEXT"]
    assert all(rule_id.startswith("CM-") for rule_id in RULES.rules)


def _set(path: tuple[str | int, ...], value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


BAD_CASES = {
    "CM-STRAIN-ENDURANCE": (_set(("endurance",), 0), "warning", "endurance: 0"),
    "CM-STRAIN-CDM": (_set(("driver", "cdm"), -1), "warning", "cdm: -1"),
    "CM-RAM-MODIFIER": (_set(("ram_modifier",), 3), "error", "ram_modifier: 3"),
    "CM-LIGHT-SCYTHE": (lambda d: d.update(car={"type": "light", "scythe_blades": True}),
                        "info", None),
    # The fifth horse is the first whose loss the text does not cover.
    "CM-TEAM-SIZE": (lambda d: d["horses"].append({"name": "Victor", "damage_boxes": 6}),
                     "info", "Victor"),
    # Four horses, one down: three dice less a CDM of 1 is at least 2, over a speed of 1.
    "CM-CUT-FREE-NEVER": (_set(("max_team_speed",), 1), "warning", "max_team_speed: 1"),
    # Two dice less a CDM of 0 is at least 2: one hit box can never be enough.
    "CM-DRAG-FREE-NEVER": (_set(("driver",), {"name": "Tiro", "cdm": 0, "hit_boxes": 1}),
                           "warning", "hit_boxes: 1"),
    # The second horse takes the first one's name: the finding is on the second.
    "CM-HORSE-NAME-DUPLICATE": (_set(("horses", 1, "name"), "Aquilo"), "warning",
                                "name: Aquilo"),
}


@pytest.mark.parametrize("name", ["AQUILO", " aquilo ", "Aquilo"])
def test_horse_names_are_compared_ignoring_case_and_spacing(tmp_path: Path, name: str) -> None:
    path = chariot(tmp_path, _set(("horses", 3, "name"), name))
    findings = check_file(path).findings
    assert rule_ids(findings) == {"CM-HORSE-NAME-DUPLICATE"}
    assert findings[0].message.startswith("horses 1 and 4 are both called 'Aquilo'")
    assert path.read_text().splitlines()[findings[0].mark.line - 1].endswith(
        yaml.safe_dump(name).splitlines()[0].strip())


@pytest.mark.parametrize("change", [
    _set(("max_team_speed",), 2),  # three dice less 1 can be 2: the cut can succeed
    lambda d: d.update(max_team_speed=1, horses=d["horses"][:2]),  # one die less 1 is 0
    _set(("driver",), {"name": "Tiro", "cdm": 0, "hit_boxes": 2}),
    _set(("driver",), {"name": "Tiro", "cdm": 1, "hit_boxes": 1})],
    ids=["speed-2", "two-horses-speed-1", "two-boxes", "one-box-cdm-1"])
def test_freeing_rules_are_silent_when_a_roll_can_succeed(tmp_path: Path, change: Any) -> None:
    assert check_file(chariot(tmp_path, change)).findings == []


def test_a_seventh_horse_is_refused_where_it_is_written(tmp_path: Path) -> None:
    # The sheet has rows for six horses: the error sits on the seventh, the one to remove.
    horses = [{"name": f"Horse {n}", "damage_boxes": 6} for n in range(1, 8)]
    path = chariot(tmp_path, lambda d: d.update(horses=horses))
    (error,) = [f for f in check_file(path).findings if f.rule == "SCHEMA-LENGTH"]
    assert "Horse 7" in path.read_text().splitlines()[error.mark.line - 1]


@pytest.mark.parametrize("rule_id", sorted(BAD_CASES))
def test_each_rule_fires_on_a_minimal_bad_case(rule_id: str, tmp_path: Path) -> None:
    change, severity, written = BAD_CASES[rule_id]
    path = chariot(tmp_path, change)
    findings = check_file(path).findings
    assert rule_ids(findings) == {rule_id}
    finding = findings[0]
    assert finding.severity.value == severity
    assert finding.source.startswith("Circus Maximus, second-edition changes, ")
    if written is not None:
        lines = path.read_text().splitlines()
        assert written in lines[finding.mark.line - 1]


def test_ram_modifier_message_names_the_expected_value(tmp_path: Path) -> None:
    path = chariot(tmp_path, _set(("ram_modifier",), 3))
    finding = check_file(path).findings[0]
    assert finding.message == ("ram_modifier says +3, but a standard car without scythe "
                               "blades rams a team at 0")
    light = chariot(tmp_path, lambda d: d.update(car={"type": "light"}, ram_modifier=-3))
    assert check_file(light).findings == []


@pytest.mark.parametrize("blades", [False, True])
@pytest.mark.parametrize("stated", [-3, 0, 2, 3, 5])
def test_ram_modifier_of_a_heavy_car_is_not_checked(tmp_path: Path, blades: bool,
                                                     stated: int) -> None:
    # 16.5 implies a heavy car modifies ram rolls but no number is given anywhere in the
    # second-edition changes: whatever a heavy chariot states cannot be refused.
    path = chariot(tmp_path, lambda d: d.update(car={"type": "heavy", "scythe_blades": blades},
                                                ram_modifier=stated))
    assert check_file(path).findings == []


@pytest.mark.parametrize("car, stated", [({"type": "standard", "scythe_blades": True}, 0),
                                         ({"type": "light"}, 3),
                                         ({"type": "standard"}, -3)])
def test_ram_modifier_still_checked_on_light_and_standard_cars(tmp_path: Path,
                                                               car: dict[str, Any],
                                                               stated: int) -> None:
    path = chariot(tmp_path, lambda d: d.update(car=car, ram_modifier=stated))
    assert rule_ids(check_file(path).findings) == {"CM-RAM-MODIFIER"}


@pytest.mark.parametrize("stated", [-3, 0, 3, None])
def test_a_light_car_with_blades_may_state_any_reading(tmp_path: Path,
                                                       stated: int | None) -> None:
    # 9.61 gives +3 for blades and -3 for a light car but not how they combine: either
    # alone or their sum is a reading, and the combination itself is pointed out (info).
    path = chariot(tmp_path, lambda d: d.update(
        car={"type": "light", "scythe_blades": True}, ram_modifier=stated))
    assert rule_ids(check_file(path).findings) == {"CM-LIGHT-SCYTHE"}


@pytest.mark.parametrize("stated", [-6, 2, 6])
def test_a_light_car_with_blades_stating_no_reading_is_refused(tmp_path: Path,
                                                               stated: int) -> None:
    path = chariot(tmp_path, lambda d: d.update(
        car={"type": "light", "scythe_blades": True}, ram_modifier=stated))
    findings = [f for f in check_file(path).findings if f.rule == "CM-RAM-MODIFIER"]
    assert [f.message for f in findings] == [
        f"ram_modifier says {stated:+d}, but a light car with scythe blades rams a team at "
        "-3 or 0 or +3"]
    assert f"ram_modifier: {stated}" in path.read_text().splitlines()[findings[0].mark.line - 1]


@pytest.mark.parametrize("change", [_set(("endurance",), 1), _set(("driver", "cdm"), 0),
                                    lambda d: d["horses"].append({"name": "V", "damage_boxes": 6}),
                                    lambda d: d.update(horses=d["horses"][:1])],
                         ids=["endurance-1", "cdm-0", "four-plus-one-horses-is-info-only",
                              "one-horse"])
def test_edges_at_the_limits(tmp_path: Path, change: Any) -> None:
    findings = check_file(chariot(tmp_path, change)).findings
    assert {f.severity.value for f in findings} <= {"info"}
    assert all(f.rule == "CM-TEAM-SIZE" for f in findings)


def test_a_team_of_one_horse_is_pointed_out(tmp_path: Path) -> None:
    # 9.52 keeps the chariot still until a fallen horse is cut free and 9.53 rolls a die per
    # horse left standing: both assume horses remain, which a lone horse's fall leaves none of.
    path = chariot(tmp_path, lambda d: d.update(horses=d["horses"][:1]))
    findings = check_file(path).findings
    assert [(f.rule, f.severity.value) for f in findings] == [("CM-TEAM-SIZE", "info")]
    assert findings[0].message.startswith("a team of 1 horse: once it falls no horse is left")
    assert findings[0].source == "Circus Maximus, second-edition changes, 9.52, 9.53"
    assert "Aquilo" in path.read_text().splitlines()[findings[0].mark.line - 1]
    for horses in (2, 3, 4):
        assert check_file(chariot(tmp_path, lambda d, n=horses: d.update(
            horses=d["horses"][:n]))).findings == []


def test_new_chariot_file_ends_with_a_newline(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(["new", "circus-maximus", "Grey"], capsys)[0] == 0
    assert (tmp_path / "vehicles" / "circus-maximus" / "grey.yaml").read_text().endswith("\n")


def test_endurance_message_uses_the_facts(tmp_path: Path) -> None:
    finding = check_file(chariot(tmp_path, _set(("endurance",), 0))).findings[0]
    assert "maximum team speed of 14 falls by 1" in finding.message
    # 8.41: with no endurance a corner over the lane's safe speed flips the chariot.
    assert "corner taken faster than its lane's safe speed flips it" in finding.message


def test_schema_refuses_an_unknown_car_with_a_suggestion(tmp_path: Path) -> None:
    path = chariot(tmp_path, _set(("car", "type"), "hevy"))
    findings = format_findings(check_file(path).findings)
    assert [f.rule for f in findings] == ["SCHEMA-VALUE"]
    assert "did you mean 'heavy'?" in findings[0].message


def test_a_car_without_a_type_cites_the_ram_sections(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # The car's type decides its ram modifier (9.61; 16.5 for a heavy car): a file that
    # leaves it out is told so with those sections, as a wrong type is, and the field
    # reference lists them too (it used to cite the file format only).
    path = chariot(tmp_path, lambda d: d["car"].pop("type"))
    (finding,) = format_findings(check_file(path).findings)
    assert finding.rule == "SCHEMA-MISSING-KEY"
    assert finding.source == "Circus Maximus, second-edition changes, 9.61, 16.5"
    code, out, _ = run(["schema", "circus-maximus"], capsys)
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("- `car.type`"))
    assert line.endswith("(Circus Maximus, second-edition changes, 9.61, 16.5)")


def test_print_check_reports_a_template_that_overflows(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    folder = tmp_path / "templates" / "circus-maximus"
    folder.mkdir(parents=True)
    (folder / "record-sheet.j2").write_text(
        '{% extends "circus-maximus/record-sheet-base.j2" %}\n'
        "{% block title %}{{ chariot.name * 60 }}{% endblock %}\n")
    code, out, _ = run(["check", str(GREEN), "--templates", str(tmp_path / "templates")],
                       capsys)
    assert code == 1
    assert "green-faction.yaml:7:7: error CM-PRINT-TEXT: title does not fit" in out


def test_new_writes_a_chariot_that_checks_clean(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(["new", "circus-maximus", "White Faction"], capsys)
    target = tmp_path / "vehicles" / "circus-maximus" / "white-faction.yaml"
    assert code == 0 and target.is_file()
    text = target.read_text()
    assert 'name: "White Faction"' in text and "kind: chariot" in text
    assert max(len(line) for line in text.splitlines()) <= 100
    code, out, _ = run(["check", str(target)], capsys)
    assert code == 0 and out.strip() == "0 errors, 0 warnings, 0 info in 1 file"


def test_schema_and_rules_listings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["schema", "circus-maximus"], capsys)
    assert code == 0
    for field in ("driver.cdm", "driver.hit_boxes", "car.type", "car.scythe_blades",
                  "horses.damage_boxes", "endurance", "max_team_speed"):
        assert f"`{field}`" in out
    code, out, _ = run(["rules", "circus-maximus", "--format", "json"], capsys)
    rules = {r["rule"]: r for r in json.loads(out)["rules"]}
    assert code == 0 and set(rules) == set(RULES.rules)
    assert rules["CM-STRAIN-CDM"]["source"] == "Circus Maximus, second-edition changes, 6.521"


def test_balance_says_there_is_no_profile(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["balance", str(KIT)], capsys)
    assert code == 0
    assert out.count("the second-edition changes give no movement or combat tables") == len(SHIPPED)
    # -o names a report that cannot be written: said, not silently skipped (issue 23)
    code, out, err = run(["balance", str(KIT), "-o", str(tmp_path / "b.pdf")], capsys)
    assert code == 2 and "no report to write: no build could be measured" in err
    assert out.count("the second-edition changes give no movement or combat tables") == len(SHIPPED)
    assert not (tmp_path / "b.pdf").exists()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("cm")
    assert main(["build", str(KIT), "-o", str(out)]) == 0
    return out / "circus-maximus"


def test_record_sheets_one_per_chariot_at_trim_size(built: Path) -> None:
    pdf = open_pdf(built / "record-sheets.pdf")
    assert len(pdf.pages) == len(SHIPPED)
    for page in pdf.pages:
        trim = page_box(page, "TrimBox")
        assert abs(trim.width - 180) < 0.01 and abs(trim.height - 250) < 0.01
        assert abs(page.width / MM - 210) < 0.01 and abs(page.height / MM - 297) < 0.01


def _squares(page: Any, side_mm: float) -> int:
    return sum(1 for r in page.rects if r["stroke"] and abs(r["width"] / MM - side_mm) < 0.01
               and abs(r["height"] / MM - side_mm) < 0.01)


def test_record_sheet_boxes_and_text_match_the_chariot(built: Path) -> None:
    pdf = open_pdf(built / "record-sheets.pdf")
    pages = {" ".join((p.extract_text() or "").split()): p for p in pdf.pages}
    text, page = next((t, p) for t, p in pages.items() if "Red Faction" in t)
    red = yaml.safe_load((KIT / "red-scythe.yaml").read_text())
    assert _squares(page, 6.0) == sum(h["damage_boxes"] for h in red["horses"])
    assert _squares(page, 5.0) == red["driver"]["hit_boxes"]
    pitch = 164 / 20 - 0.8
    assert _squares(page, pitch) == red["endurance"]
    for words in ("Scorpus", "HEAVY CAR with scythe blades", "+3 (scythe blades)",
                  "heavy car: not given; in all, as stated: +3",
                  "Ingenuus", "Tigris", "MAXIMUM TEAM SPEED", "TURN LOG", "Written"):
        assert words in text, words
    big = "".join(c["text"] for c in sorted(page.chars, key=lambda c: c["x0"])
                  if c["size"] > 20)
    assert big == "+213"  # the CDM, then the maximum team speed
    turns = [w["text"] for w in page.extract_words()]
    assert all(str(turn) in turns for turn in range(1, circus_data().log_turns + 1))


def test_reference_card_front_and_back(built: Path) -> None:
    pdf = open_pdf(built / "reference-card.pdf")
    assert len(pdf.pages) == 2
    for page in pdf.pages:
        trim = page_box(page, "TrimBox")
        assert abs(trim.width - 148) < 0.01 and abs(trim.height - 210) < 0.01
    front, back = (" ".join((p.extract_text() or "").split()) for p in pdf.pages)
    assert "6.521 Straining." in front and "8.43 Fading team." in front
    assert "+3 if it has scythe blades, -3 if it is light" in back
    assert "1/4 for the first horse, 1/3 for the second, 1/2 for the third" in back
    # 9.52: no attack, brake or evade only in the turn the cut is tried, not the turn the
    # horse falls; 16.2: dragged no farther than the team moved from the flip.
    assert "cannot attack, brake or evade in a turn it tries to cut the horse free" in back
    assert "no farther than the team moved since the flip" in back
    # 9.311 and 9.43: the written speed is "not necessarily" lowered, which is not "never".
    assert "the written move need not fall with it" in front
    assert "(the written speed need not)" in front
    # 16.7: a driver pulled out keeps the team checking for flips; 17.4: a loss that leaves
    # the chariot short comes off next turn's maximum speed; 12.4: a wreck left in a square.
    assert "still checks for a flip above a corner lane's safe speed" in back
    assert "from next turn's maximum speed if the loss leaves it short" in back
    assert "Left sharing a wreck's square: roll on the chart at the start of the move" in back
    # 9.52: the CDM counts as 0 for attacks only; the cut-free roll (9.53) takes the real one.
    assert "counts its CDM as 0 in attacks (unless negative)" in back
    assert min(c["size"] for p in pdf.pages for c in p.chars) >= 6.0


def test_a_ram_modifier_never_wraps_away_from_what_it_is_for(tmp_path: Path) -> None:
    # Light car with blades: the longest modifier line. "-3" alone at a line end, with
    # "(light car)" under it, read as a bare number.
    path = chariot(tmp_path, lambda d: d.update(car={"type": "light", "scythe_blades": True}))
    assert main(["build", str(path), "-o", str(tmp_path / "out"), "--only", "record-sheets"]) == 0
    page = open_pdf(tmp_path / "out" / "circus-maximus" / "record-sheets.pdf").pages[0]
    lines = [" ".join(line.replace("\xa0", " ").split())
             for line in (page.extract_text() or "").splitlines()]
    assert any(line.endswith("-3 (light car)") for line in lines), lines
    assert any("+3 (scythe blades)" in line for line in lines), lines
    assert not any("as stated" in line for line in lines), lines  # no reading stated


@pytest.mark.parametrize("car, stated, printed", [
    ({"type": "light", "scythe_blades": True}, 0, "in all, as stated: 0"),
    ({"type": "heavy"}, -2, "in all, as stated: -2"),
    ({"type": "light"}, -3, None)], ids=["light-blades", "heavy", "light-unambiguous"])
def test_a_stated_ram_modifier_the_text_cannot_settle_is_printed(
        tmp_path: Path, car: dict[str, Any], stated: int, printed: str | None) -> None:
    # Heavy, or light with blades: the number the players agreed on is on the sheet.
    path = chariot(tmp_path, lambda d: d.update(car=car, ram_modifier=stated))
    assert main(["build", str(path), "-o", str(tmp_path / "out"), "--only", "record-sheets"]) == 0
    page = open_pdf(tmp_path / "out" / "circus-maximus" / "record-sheets.pdf").pages[0]
    text = " ".join((page.extract_text() or "").replace("\xa0", " ").split())
    if printed is None:
        assert "as stated" not in text and "-3 (light car)" in text
    else:
        assert printed in text, text


POINTING_CASES = [
    # The CDM alone spoils the roll (a CDM of 0 would do): the finding points at the CDM.
    ("CM-DRAG-FREE-NEVER", _set(("driver", "cdm"), -9), "cdm: -9"),
    ("CM-DRAG-FREE-NEVER", _set(("driver",), {"name": "Tiro", "cdm": -1, "hit_boxes": 2}),
     "cdm: -1"),
    ("CM-CUT-FREE-NEVER", lambda d: d.update(max_team_speed=3, driver={
        "name": "Tiro", "cdm": -1, "hit_boxes": 10}), "cdm: -1"),
    # Too few boxes or too low a speed even with a CDM of 0: the finding points at them.
    ("CM-DRAG-FREE-NEVER", _set(("driver",), {"name": "Tiro", "cdm": -1, "hit_boxes": 1}),
     "hit_boxes: 1"),
    ("CM-CUT-FREE-NEVER", lambda d: d.update(max_team_speed=2, driver={
        "name": "Tiro", "cdm": -1, "hit_boxes": 10}), "max_team_speed: 2")]
POINTING_IDS = ["drag-cdm-9", "drag-cdm-1-two-boxes", "cut-cdm-1-speed-3", "drag-one-box",
                "cut-speed-2"]


@pytest.mark.parametrize("rule_id, change, written", POINTING_CASES, ids=POINTING_IDS)
def test_freeing_rules_point_at_the_value_that_spoils_the_roll(
        tmp_path: Path, rule_id: str, change: Any, written: str) -> None:
    path = chariot(tmp_path, change)
    findings = [f for f in check_file(path).findings if f.rule == rule_id]
    assert len(findings) == 1 and findings[0].severity.value == "warning"
    assert written in path.read_text().splitlines()[findings[0].mark.line - 1]


def _sections(source: str) -> set[str]:
    """The sections a rule or a field cites, the book's name left off."""
    return set(source.removeprefix(f"{circus_data().book}, ").split(", "))


def _field_source(path: tuple[str | int, ...]) -> str:
    """The source of the field at ``path``, or of its nearest ancestor that has one (a
    horse's name is cited through the team)."""
    fields = dict(reference(Chariot))
    names = [key for key in path if isinstance(key, str)]
    while names:
        info = fields.get(".".join(names))
        if info is not None and info.source:
            return info.source
        names.pop()
    return ""


@pytest.mark.parametrize("rule_id, change", [
    *((rule_id, case[0]) for rule_id, case in sorted(BAD_CASES.items())),
    *((rule_id, change) for rule_id, change, _ in POINTING_CASES)],
    ids=[*sorted(BAD_CASES), *POINTING_IDS])
def test_a_field_a_rule_points_at_cites_the_rule_sections(
        tmp_path: Path, rule_id: str, change: Any) -> None:
    # A schema error on that field (a CDM of 10, a speed of 0) cites the field's sections:
    # they name every sentence a rule reads the value against (the CDM: 6.521, 9.53, 16.2).
    model = load_packaged(chariot(tmp_path, change), CHARIOT_SCHEMA)
    paths: list[tuple[str | int, ...]] = []

    def locate(path: tuple[str | int, ...]) -> Mark:
        paths.append(path)
        return GREEN_MARK
    findings = list(RULES.run(model, locate, circus_data()))
    assert {f.rule for f in findings} >= {rule_id} and paths
    rule_sections = _sections(RULES[rule_id].source)
    for path, finding in zip(paths, findings, strict=True):
        if finding.rule == rule_id:
            assert rule_sections <= _sections(_field_source(path)), (path, rule_sections)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_sheet_reads_back_its_chariot(built: Path, path: Path) -> None:
    # Every number a player marks or rolls with, read back from the PDF: a row of damage
    # boxes per horse beside its name, the driver's hit boxes, the endurance boxes numbered
    # down from the total, the CDM and the maximum team speed, the car and its ram modifiers.
    data = yaml.safe_load(path.read_text())
    pdf = open_pdf(built / "record-sheets.pdf")
    page = next(p for p in pdf.pages if data["name"] in (p.extract_text() or ""))
    text = " ".join((page.extract_text() or "").replace("\xa0", " ").split())
    rows: dict[float, int] = {}
    for r in page.rects:
        if r["stroke"] and abs(r["width"] / MM - 6.0) < 0.01:
            rows[round(r["top"], 1)] = rows.get(round(r["top"], 1), 0) + 1
    assert list(rows.values()) == [h["damage_boxes"] for h in data["horses"]]
    words = [w["text"] for w in page.extract_words()]
    assert [w for w in words if w in {h["name"] for h in data["horses"]}] == [
        h["name"] for h in data["horses"]]
    assert _squares(page, 5.0) == data["driver"]["hit_boxes"]
    assert _squares(page, 164 / 20 - 0.8) == data["endurance"]
    assert str(data["endurance"]) in words and "1" in words
    big = "".join(c["text"] for c in sorted(page.chars, key=lambda c: c["x0"])
                  if c["size"] > 20)
    cdm = data["driver"]["cdm"]
    assert big == (f"{cdm:+d}" if cdm else "0") + str(data["max_team_speed"])
    car = data["car"]
    assert f"{car['type'].upper()} CAR" in text
    assert ("+3 (scythe blades)" in text) == bool(car.get("scythe_blades"))
    assert ("-3 (light car)" in text) == (car["type"] == "light")


def test_record_sheet_prints_each_count_as_text(tmp_path: Path) -> None:
    # The horses' damage boxes, the driver's hit boxes and the endurance factors are also
    # printed as numbers, and follow the file: a reader (or a pasted-in text) sees them.
    def change(data: dict[str, Any]) -> None:
        data["horses"][0]["damage_boxes"] = 12
        data["driver"]["hit_boxes"] = 27
        data["endurance"] = 33
    path = chariot(tmp_path, change)
    assert main(["build", str(path), "-o", str(tmp_path / "out"), "--only", "record-sheets"]) == 0
    page = open_pdf(tmp_path / "out" / "circus-maximus" / "record-sheets.pdf").pages[0]
    lines = [" ".join(line.replace("\xa0", " ").split())
             for line in (page.extract_text() or "").splitlines()]
    data = yaml.safe_load(path.read_text())
    assert "HIT BOXES · 27" in lines and "ENDURANCE · 33" in lines, lines
    for horse in data["horses"]:
        assert f"{horse['name']} {horse['damage_boxes']} damage boxes" in lines, lines


def _rules_found(chariot_model: Chariot) -> set[str]:
    """The CM- rules that fire on a chariot built in Python (no file, no positions)."""
    return {f.rule for f in RULES.run(chariot_model, lambda _: GREEN_MARK, circus_data())}


def test_the_build_rules_agree_with_the_text_on_every_boundary() -> None:
    # An oracle written from the text alone, over every team size, every CDM the schema
    # takes and the speeds and hit boxes around each boundary: 6.521 (no straining with no
    # endurance or a negative CDM), 9.52 (losses given for three horses; a lone horse),
    # 9.53 (a die per horse still standing, less the CDM, from a speed no higher than the
    # maximum) and 16.2 (two dice less the CDM at or under the hit boxes).
    names = ["Aquilo", "Pompeianus", "Cotynus", "Galata", "Victor", "Tigris"]
    car = Car(type="standard")
    for horses, cdm, speed, boxes, endurance in itertools.product(
            range(1, 7), range(-9, 10), (*range(1, 9), 30), (1, 2, 3, 11, 30), (0, 1)):
        team = tuple(Horse(name=name, damage_boxes=6) for name in names[:horses])
        model = Chariot(name="G", driver=Driver(name="D", cdm=cdm, hit_boxes=boxes),
                        car=car, horses=team, endurance=endurance, max_team_speed=speed)
        expected = {rule for rule, fires in (
            ("CM-STRAIN-ENDURANCE", endurance == 0),
            ("CM-STRAIN-CDM", cdm < 0),
            ("CM-TEAM-SIZE", horses == 1 or horses > 4),
            ("CM-CUT-FREE-NEVER", horses > 1 and horses - 1 - cdm > speed),
            ("CM-DRAG-FREE-NEVER", 2 - cdm > boxes)) if fires}
        assert _rules_found(model) == expected, (horses, cdm, speed, boxes, endurance)


def test_the_ram_rules_agree_with_the_text_for_every_car() -> None:
    # 9.61: +3 for scythe blades, -3 for a light car; blades on a light car may be read
    # as either or both; a heavy car's number is never given (16.5), so it is not checked.
    readings = {("light", False): {-3}, ("standard", False): {0},
                ("standard", True): {3}, ("light", True): {-3, 0, 3}}
    team = tuple(Horse(name=name, damage_boxes=6) for name in ("Aquilo", "Galata"))
    for car_type, blades, stated in itertools.product(
            ("light", "standard", "heavy"), (False, True), (None, *range(-9, 10))):
        model = Chariot(name="G", driver=Driver(name="D", cdm=1, hit_boxes=10),
                        car=Car(type=car_type, scythe_blades=blades), horses=team,
                        endurance=30, max_team_speed=14, ram_modifier=stated)
        wrong = (stated is not None and car_type != "heavy"
                 and stated not in readings[car_type, blades])
        expected = {rule for rule, fires in (
            ("CM-RAM-MODIFIER", wrong),
            ("CM-LIGHT-SCYTHE", car_type == "light" and blades)) if fires}
        assert _rules_found(model) == expected, (car_type, blades, stated)


@pytest.mark.parametrize(("speed", "cdm", "said"), [
    ("03", 0, None), ("02", 0, "maximum team speed of 2:"), ("011", -9, "speed of 11:"),
    ("012", -9, None)])
def test_a_number_written_with_leading_zeros_is_read_as_written(
        tmp_path: Path, speed: str, cdm: int, said: str | None) -> None:
    """'max_team_speed: 012' is twelve, not YAML 1.1's octal ten, and '02' is two, not text:
    the cut-free boundary (9.53: three dice less the CDM) sits where the digits say."""
    path = tmp_path / "chariot.yaml"
    path.write_text(GREEN.read_text().replace("cdm: 1", f"cdm: {cdm}")
                    .replace("max_team_speed: 14", f"max_team_speed: {speed}"))
    found = [f.message for f in check_file(path).findings if f.rule == "CM-CUT-FREE-NEVER"]
    assert len(found) == (0 if said is None else 1)
    assert all(said in message for message in found if said)


@pytest.mark.parametrize(("old", "new", "said"), [
    ("  scythe_blades: false\n", "  scythe_blades: false\n  ram_modifier: 0\n",
     "16:3: error SCHEMA-UNKNOWN-KEY: car.ram_modifier: unknown key 'ram_modifier'; did you "
     "mean to put it outside 'car:', one level up?"),
    ("  cdm: 1\n  hit_boxes: 10\ncar:\n  type: standard\n",
     "  hit_boxes: 10\ncar:\n  type: standard\n  cdm: 1\n",
     "error SCHEMA-UNKNOWN-KEY: car.cdm: unknown key 'cdm'; did you mean to put it under "
     "'driver:'?"),
    ("{name: Aquilo, damage_boxes: 6}", "{name: Aquilo, damage_boxes: 6, endurance: 3}",
     "error SCHEMA-UNKNOWN-KEY: horses[0].endurance: unknown key 'endurance' ["),
])
def test_a_key_written_in_the_wrong_block_says_where_it_belongs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str,
        said: str) -> None:
    """ram_modifier is the chariot's, beside car: (not in it); the CDM is the driver's. A key
    the chariot already has (endurance) is only unknown where it was written again."""
    path = tmp_path / "chariot.yaml"
    text = GREEN.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    code, out, _ = run(["check", str(path)], capsys)
    assert code == 1 and said in out


def _editor_accepts(path: Path) -> bool:
    """Whether the chariot's editor schema takes the file as an editor reads it."""
    import jsonschema

    from generator.commands.json_schema import kind_schema
    from generator.project.registry import GAMES
    game = GAMES["circus-maximus"]
    data = json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8"))))
    validator = jsonschema.Draft202012Validator(kind_schema(game, game.kinds["chariot"]))
    return not list(validator.iter_errors(data))


@pytest.mark.parametrize(("written", "car_type"), [
    ("light car", "light"), ("Heavy car", "heavy"), ("standard car", "standard"),
    ("light chariot", "light"), ("HEAVY CAR", "heavy")])
def test_a_car_named_as_the_text_names_it_is_that_car(tmp_path: Path, written: str,
                                                      car_type: str) -> None:
    # 16.5 says "heavy or light car", 9.61 "the opposing chariot is light".
    def change(data: dict[str, Any]) -> None:
        data["car"] = {"type": written}
        if car_type == "light":  # a light car rams at -3 (9.61)
            data["ram_modifier"] = -3
    path = chariot(tmp_path, change)
    loaded = check_file(path)
    assert loaded.findings == [], format_findings(loaded.findings)
    assert loaded.definitions[0].model.car.type == car_type
    assert _editor_accepts(path)


def test_a_car_of_no_weight_the_text_names_is_still_refused(tmp_path: Path) -> None:
    for wrong in ("medium car", "light cart", "racing chariot"):
        path = chariot(tmp_path, _set(("car",), {"type": wrong}))
        assert "SCHEMA-VALUE" in rule_ids(check_file(path).findings), wrong
        assert not _editor_accepts(path), wrong


@pytest.mark.parametrize(("key", "written", "value"), [
    (("endurance",), "30 endurance factors", 30), (("endurance",), "30 Endurance", 30),
    (("max_team_speed",), "14 MFs", 14), (("max_team_speed",), "14 movement factors", 14),
    (("driver", "hit_boxes"), "10 hit boxes", 10), (("driver", "hit_boxes"), "10 boxes", 10),
    (("horses", 0, "damage_boxes"), "6 damage boxes", 6)])
def test_a_count_written_with_the_text_s_unit_is_that_count(
        tmp_path: Path, key: tuple[str | int, ...], written: str, value: int) -> None:
    # The text counts endurance in factors (8.43), speed in MFs (9.311), boxes as boxes.
    path = chariot(tmp_path, _set(key, written))
    loaded = check_file(path)
    assert loaded.findings == [], format_findings(loaded.findings)
    model: Any = loaded.definitions[0].model
    for part in key:
        model = model[part] if isinstance(part, int) else getattr(model, part)
    assert model == value
    assert _editor_accepts(path)


@pytest.mark.parametrize(("key", "written"), [
    (("endurance",), "30 MFs"), (("max_team_speed",), "14 endurance factors"),
    (("driver", "hit_boxes"), "10 damage boxes"), (("horses", 0, "damage_boxes"), "6 hit boxes"),
    (("endurance",), "0x1E endurance factors"), (("endurance",), "61 endurance factors")])
def test_a_count_with_another_field_s_unit_is_refused(
        tmp_path: Path, key: tuple[str | int, ...], written: str) -> None:
    path = chariot(tmp_path, _set(key, written))
    assert rule_ids(check_file(path).findings) & {"SCHEMA-TYPE", "SCHEMA-VALUE"}, written
    assert not _editor_accepts(path), written


def test_a_count_with_its_unit_still_meets_the_rules(tmp_path: Path) -> None:
    # 0 endurance factors is still no straining (6.521).
    path = chariot(tmp_path, _set(("endurance",), "0 endurance factors"))
    assert rule_ids(check_file(path).findings) == {"CM-STRAIN-ENDURANCE"}
