"""Decks from spreadsheets: Joyride items, Frothy Races special cards and Formula Ace pilots
read from CSV or XLSX rows the kit names, judged by the same schema and rules as the YAML
form, each finding at file:row:column of its cell."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from openpyxl import Workbook

from generator.commands.cli import main
from generator.project.loading import Loaded, load
from tests.conftest import VEHICLES

KIT_HEAD = "kind: kit\ntables:\n"
ITEM_HEADER = "name,type,explodes,icon,effect\n"


def project(tmp_path: Path, tables: str, files: dict[str, str]) -> Path:
    """A project folder: the kit with ``tables``, the Frothy Races Whisper Gig and Marsh
    Hopper, the Formula Ace team Hollow Star, and ``files`` (path -> text)."""
    root = tmp_path / "vehicles"
    for shipped in ("frothy-races/whisper-gig.yaml", "frothy-races/marsh-hopper.yaml",
                    "formula-ace/hollow-star.yaml"):
        (root / shipped).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(VEHICLES / shipped, root / shipped)
    (root / "kit.yaml").write_text(KIT_HEAD + tables, encoding="utf-8")
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def at(loaded: Loaded, rule: str) -> list[str]:
    """Where each finding of ``rule`` is, as file:row:column."""
    return [str(f.mark) for f in loaded.findings if f.rule == rule]


def shown(root: Path, name: str) -> str:
    return str(root / name)


ITEMS = "  - {file: items.csv, game: joyride, kind: item}\n"
SPECIALS = ("  - {file: specials.csv, game: frothy-races, kind: vehicle, "
            "list: cards.special}\n")


def test_each_row_of_an_item_table_is_an_item(tmp_path: Path) -> None:
    root = project(tmp_path, ITEMS, {"items.csv": ITEM_HEADER + (
        'Grease Pot,dropped,false,spikes,"Drop it behind you, spinning."\n'
        "Flare,fired,true,spikes,Fire it ahead.\n")})
    loaded = load([root])
    items = {d.name: d for d in loaded.clean() if d.kind.name == "item"}
    assert set(items) == {"Grease Pot", "Flare"}
    assert items["Flare"].model.explodes is True
    assert str(items["Flare"].locate(("effect",))) == f"{shown(root, 'items.csv')}:3:5"


def test_a_bad_cell_is_reported_at_its_row_and_column(tmp_path: Path) -> None:
    root = project(tmp_path, ITEMS, {"items.csv": ITEM_HEADER + (
        "Grease Pot,droped,false,spikes,Spins.\n"
        "Flare,fired,maybe,spikes,Fire it ahead.\n"
        "Caltrops,dropped,false,spikes,Sharp.\n")})
    loaded = load([root])
    assert at(loaded, "SCHEMA-VALUE") == [f"{shown(root, 'items.csv')}:2:2"]
    assert at(loaded, "SCHEMA-TYPE") == [f"{shown(root, 'items.csv')}:3:3"]
    # a bad row holds back its own item only
    assert [d.name for d in loaded.clean() if d.kind.name == "item"] == ["Caltrops"]


def test_a_row_breaks_the_same_rules_as_the_yaml_form(tmp_path: Path) -> None:
    yaml_item = ("game: joyride\nkind: item\nname: Rocket\ntype: fired\nexplodes: true\n"
                 "icon: spikes\neffect: Boom.\n")
    root = project(tmp_path, ITEMS, {"items.csv": ITEM_HEADER + "Rocket,fired,true,spikes,Boom.\n",
                                     "joyride/rocket.yaml": yaml_item})
    loaded = load([root])
    found = [f for f in loaded.findings if f.rule == "JR-ITEM-STANDARD-NAME"]
    assert sorted(str(f.mark) for f in found) == sorted(
        [f"{shown(root, 'items.csv')}:2:1", f"{shown(root, 'joyride/rocket.yaml')}:3:7"])
    assert found[0].message == found[1].message


def test_special_cards_join_the_vehicle_the_row_names(tmp_path: Path) -> None:
    root = project(tmp_path, SPECIALS, {"specials.csv": (
        "vehicle,name,value,face,custom,summary,text\n"
        "Whisper Gig,Second Wind,,reins,true,Recover.,Gain 1 Stamina.\n"
        "Marsh Hopper,Lucky,9,whip,,,\n")})
    loaded = load([root])
    by_name = {d.name: d for d in loaded.definitions}
    gig = [c.name for c in by_name["Whisper Gig"].model.cards.special]
    assert gig == ["Lucky", "Second Wind"]  # the file's own, then the table's
    # the rules judge a row's card as the YAML form's: a value of 9 is out of the range
    assert at(loaded, "FR-HASH-RANGE") == [f"{shown(root, 'specials.csv')}:3:3"]


def test_a_rule_error_in_a_row_holds_back_its_vehicle_only(tmp_path: Path) -> None:
    root = project(tmp_path, SPECIALS, {"specials.csv": (
        "vehicle,name,value,face,count\n"
        "Marsh Hopper,Lucky,1,whip,9\n")})  # at most 6 copies: a schema error in the row
    loaded = load([root])
    errors = [str(f.mark) for f in loaded.findings if f.severity.value == "error"]
    assert errors == [f"{shown(root, 'specials.csv')}:2:5"]
    clean = {d.name for d in loaded.clean()}
    assert "Whisper Gig" in clean and "Marsh Hopper" not in clean


def test_a_row_naming_no_definition_is_an_error_with_a_suggestion(tmp_path: Path) -> None:
    root = project(tmp_path, SPECIALS, {"specials.csv": (
        "vehicle,name,value,face\nMarsh Hoper,Lucky,1,whip\n")})
    loaded = load([root])
    found = [f for f in loaded.findings if f.rule == "TABLE-OWNER-UNKNOWN"]
    assert [str(f.mark) for f in found] == [f"{shown(root, 'specials.csv')}:2:1"]
    assert "did you mean 'Marsh Hopper'?" in found[0].message


def test_a_build_of_one_file_takes_its_own_rows_and_reports_no_others(tmp_path: Path) -> None:
    root = project(tmp_path, SPECIALS, {"specials.csv": (
        "vehicle,name,value,face\nMarsh Hopper,Lucky,1,whip\nNobody,Lucky,1,whip\n")})
    loaded = load([root / "frothy-races" / "marsh-hopper.yaml"], project_kit=True)
    assert not at(loaded, "TABLE-OWNER-UNKNOWN")
    (hopper,) = loaded.definitions
    assert "Lucky" in [c.name for c in hopper.model.cards.special]


def test_pilots_come_from_a_workbook_sheet_with_dotted_headers(tmp_path: Path) -> None:
    root = project(tmp_path, "  - {file: pilots.xlsx, sheet: Pilots, game: formula-ace, "
                   "kind: team, list: pilots}\n", {})
    book = Workbook()
    book.active.append(["not this sheet"])
    sheet = book.create_sheet("Pilots")
    sheet.append(["team", "name", "rank", "category", "skills.piloting", "skills.g_endurance"])
    sheet.append(["Hollow Star", "Ada Vex", "seasned", "dragster-show", 3, 3])
    book.save(root / "pilots.xlsx")
    loaded = load([root])
    found = [f for f in loaded.findings if f.rule == "SCHEMA-VALUE"]
    assert [str(f.mark) for f in found] == [f"{shown(root, 'pilots.xlsx')}:2:3"]
    assert "did you mean 'seasoned'?" in found[0].message
    sheet.cell(2, 3, "seasoned")
    book.save(root / "pilots.xlsx")
    loaded = load([root])
    team = next(d for d in loaded.definitions if d.name == "Hollow Star")
    ada = next(p for p in team.model.pilots if p.name == "Ada Vex")
    assert (ada.skills.piloting, ada.skills.g_endurance) == (3, 3)
    assert len(team.model.pilots) == 4
    assert not [f for f in loaded.findings if f.mark.file == shown(root, "pilots.xlsx")]


@pytest.mark.parametrize(("header", "column", "words"), [
    ("name,type,name\n", 3, "written twice"),
    ("name,ty pe\n", 2, "is not a key"),
])
def test_a_bad_header_is_reported_at_its_cell(tmp_path: Path, header: str, column: int,
                                              words: str) -> None:
    root = project(tmp_path, ITEMS, {"items.csv": header + "Flare,fired\n"})
    loaded = load([root])
    found = [f for f in loaded.findings if f.rule == "TABLE-UNREADABLE"]
    assert [str(f.mark) for f in found] == [f"{shown(root, 'items.csv')}:1:{column}"]
    assert words in found[0].message


@pytest.mark.parametrize(("entry", "key", "words"), [
    ("{file: items.csv, game: joyrid, kind: item}", "game", "did you mean 'joyride'?"),
    ("{file: items.csv, game: joyride, kind: itme}", "kind", "did you mean 'item'?"),
    ("{file: items.txt, game: joyride, kind: item}", "file", "not a .csv or .xlsx"),
    ("{file: missing.csv, game: joyride, kind: item}", None, "no such file"),
])
def test_a_table_entry_the_kit_cannot_use_is_reported_in_the_kit(
        tmp_path: Path, entry: str, key: str | None, words: str) -> None:
    root = project(tmp_path, f"  - {entry}\n", {"items.csv": ITEM_HEADER})
    loaded = load([root])
    found = [f for f in loaded.findings if f.rule.startswith("TABLE-")]
    assert len(found) == 1 and words in found[0].message
    assert found[0].mark.file == shown(root, "kit.yaml")


def test_check_exits_1_and_json_names_the_cell(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path, ITEMS, {"items.csv": ITEM_HEADER + "Flare,fired,maybe,spikes,x\n"})
    assert main(["check", str(root), "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    bad = [f for f in report["findings"] if f["rule"] == "SCHEMA-TYPE"]
    assert [(f["line"], f["column"]) for f in bad] == [(2, 3)]


def test_a_table_named_on_its_own_says_where_it_belongs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path, ITEMS, {"items.csv": ITEM_HEADER + "Flare,fired,true,spikes,x\n"})
    assert main(["check", str(root / "items.csv")]) == 2
    assert "a table is read through the kit file's tables: list" in capsys.readouterr().out


def test_paddock_table_shows_the_rows_values(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A definition read from a row, or extended by rows, is exported with those values."""
    root = project(tmp_path, ITEMS + SPECIALS, {
        "items.csv": ITEM_HEADER + "Flare,fired,true,spikes,Fire it ahead.\n",
        "specials.csv": "vehicle,name,value,face\nMarsh Hopper,Lucky,1,whip\n"})
    assert main(["table", str(root), "--format", "csv"]) == 0
    import csv
    import io
    table = {row["name"]: row for row in csv.DictReader(io.StringIO(capsys.readouterr().out))}
    assert (table["Flare"]["type"], table["Flare"]["effect"]) == ("fired", "Fire it ahead.")
    names = [v for k, v in table["Marsh Hopper"].items()
             if k.startswith("cards.special.") and k.endswith(".name")]
    assert "Lucky" in names
