"""``paddock`` with Outrider files: the scaffold, rules and schema listings, exit codes, and
builds that refuse what cannot be printed without leaving anything half-written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import VEHICLES
from tests.conftest import run_cli as run

KIT = VEHICLES / "outrider"




def test_new_outrider_writes_a_commented_vehicle_that_checks_without_findings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(["new", "outrider", "Red Comet"], capsys)
    target = tmp_path / "vehicles" / "outrider" / "red-comet.yaml"
    assert code == 0 and target.is_file() and str(target.relative_to(tmp_path)) in out
    text = target.read_text()
    assert 'name: "Red Comet"' in text and "game: outrider" in text and text.count("#") > 15
    assert max(len(line) for line in text.splitlines()) <= 100
    code, out, _ = run(["check", str(target)], capsys)
    assert code == 0 and out.strip() == "0 errors, 0 warnings, 0 info in 1 file"
    code, _, err = run(["new", "outrider", "Red Comet"], capsys)
    assert code == 2 and "already exists" in err


def test_rules_lists_every_outrider_rule_with_its_section(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    code, out, _ = run(["rules", "outrider", "--format", "json"], capsys)
    assert code == 0
    rules = {r["rule"]: r for r in json.loads(out)["rules"]}
    assert all(rule_id.startswith("OR-") for rule_id in rules)
    assert rules["OR-EQUIPMENT-STANDARD"]["source"] == "Outrider, 2.2 Using Equipment Dice"
    assert rules["OR-RULE-OF-FOUR"]["params"]["cap"] == 4
    assert rules["OR-VARIANT-BONUSES"]["severity"] == "warning"


def test_schema_describes_every_outrider_field(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["schema", "outrider"], capsys)
    assert code == 0
    for field in ("nickname", "equipment.engine", "variants.narrow.arcs.facing",
                  "variants.wide.bonuses.firepower", "upgrades.roll", "tachometer"):
        assert f"`{field}`" in out


def test_check_exits_1_on_a_rule_error_and_2_on_unreadable_yaml(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "two-weapons.yaml"
    broken.write_text((KIT / "dust-devil.yaml").read_text().replace("armor: d6", "armor: d8"))
    code, out, _ = run(["check", str(broken)], capsys)
    assert code == 1
    assert f"{broken}:" in out and "error OR-EQUIPMENT-STANDARD:" in out
    unreadable = tmp_path / "unreadable.yaml"
    unreadable.write_text("game: outrider\nname: [oops\n")
    assert run(["check", str(unreadable)], capsys)[0] == 2


@pytest.mark.parametrize(("old", "new", "finding"), [
    ("weapon: d8 ", "weapon: d20", "error OR-EQUIPMENT-STANDARD:"),
    ("{acceleration: 2, handling: 1}", "{acceleration: -1, handling: 1}",
     "error OR-BONUS-RANGE:"),
    ("equipment:", "tachometer: 13\nequipment:", "error OR-ACTION-POINTS:")])
def test_check_reports_a_rule_break_by_its_rule_at_its_line(
        old: str, new: str, finding: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    text = (KIT / "dust-devil.yaml").read_text()
    assert old in text
    path = tmp_path / "broken.yaml"
    path.write_text(text.replace(old, new, 1))
    code, out, _ = run(["check", str(path)], capsys)
    assert code == 1 and "SCHEMA" not in out
    (line,) = [line for line in out.splitlines() if finding in line]
    number = int(line.split(":")[1])
    assert new.split("\n")[0] in path.read_text().splitlines()[number - 1]


def test_build_refuses_a_bad_vehicle_and_prints_the_rest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "kit"
    folder.mkdir()
    shutil.copy(KIT / "rattler.yaml", folder)
    (folder / "broken.yaml").write_text(
        (KIT / "dust-devil.yaml").read_text().replace("armor: d6", "armor: d8"))
    code, _, err = run(["build", "--no-pack", str(folder), "-o", str(tmp_path / "out")], capsys)
    assert code == 1 and "not built:" in err and "broken.yaml" in err
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert {e["path"] for e in manifest["files"]} == {
        f"outrider/{n}.pdf" for n in ("vehicle-cards", "dashboards", "maneuver-cards",
                                      "reference-cards", "tokens")}
    assert all(e["vehicles"] == ["Rattler"] for e in manifest["files"])


def test_a_user_template_that_breaks_a_shared_card_stops_the_build_before_writing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "templates" / "outrider"
    folder.mkdir(parents=True)
    (folder / "maneuver-card.j2").write_text(
        '{% extends "outrider/maneuver-card-base.j2" %}'
        "{% block title %}" + "THE LONGEST MANEUVER EVER " * 10 + "{% endblock %}")
    out_dir = tmp_path / "out"
    code, _, err = run(["build", "--no-pack", str(KIT / "rattler.yaml"), "-o", str(out_dir),
                        "--templates", str(tmp_path / "templates")], capsys)
    assert code == 2
    assert "maneuver card PUNCH IT!: title does not fit even at 6 pt" in err
    assert not out_dir.exists() or not list(out_dir.rglob("*.pdf"))


def test_a_user_template_can_reword_one_block(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    import pdfplumber
    folder = tmp_path / "templates" / "outrider"
    folder.mkdir(parents=True)
    (folder / "maneuver-card.j2").write_text(
        '{% extends "outrider/maneuver-card-base.j2" %}'
        "{% block difficulty_label %}COST{% endblock %}")
    out_dir = tmp_path / "out"
    code, _, _ = run(["build", "--no-pack", str(KIT / "rattler.yaml"), "-o", str(out_dir),
                      "--templates", str(tmp_path / "templates")], capsys)
    assert code == 0
    with pdfplumber.open(out_dir / "outrider" / "maneuver-cards.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "COST" in text and "DIFFICULTY" not in text and "PUNCH IT!" in text
