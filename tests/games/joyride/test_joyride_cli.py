"""``paddock`` with Joyride cars and items: the scaffold, the rules and schema listings, exit
codes, and builds that refuse what cannot be printed without leaving anything half-written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pdfplumber
import pytest

from generator.commands.cli import main
from tests.conftest import VEHICLES
from tests.conftest import run_cli as run

KIT = VEHICLES / "joyride"
CAR_FILES = {f"joyride/{n}.pdf" for n in ("dashboards", "ability-tokens", "player-aids",
                                          "car-tokens", "items", "dice-stickers")}




def test_new_joyride_writes_a_commented_car_that_checks_without_findings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(["new", "joyride", "Red Comet"], capsys)
    target = tmp_path / "vehicles" / "joyride" / "red-comet.yaml"
    assert code == 0 and target.is_file() and str(target.relative_to(tmp_path)) in out
    text = target.read_text()
    assert 'name: "Red Comet"' in text and "kind: vehicle" in text and text.count("#") > 15
    assert "Hard Lock" in text and "Handbrake Turn" not in text and "timing: [lock, roll]" in text
    assert max(len(line) for line in text.splitlines()) <= 100
    code, out, _ = run(["check", str(target)], capsys)
    assert code == 0 and out.strip() == "0 errors, 0 warnings, 0 info in 1 file"
    code, _, err = run(["new", "joyride", "Red Comet"], capsys)
    assert code == 2 and "already exists" in err


def test_rules_lists_the_car_item_and_track_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", "joyride", "--format", "json"], capsys)
    assert code == 0
    rules = {r["rule"]: r for r in json.loads(out)["rules"]}
    assert {"JR-DAMAGE-SLOTS", "JR-ITEM-TIMING", "TRK-TERRAIN"} <= set(rules)
    assert rules["JR-DAMAGE-SLOTS"]["source"] == "Joyride prototype rulebook, Driving > Damage"
    assert rules["JR-DAMAGE-SLOTS"]["params"]["total"] == 8
    assert rules["JR-ABILITY-SET"]["params"]["count"] == 3
    assert rules["JR-DICE-COLOUR"]["severity"] == "info"


def test_schema_describes_cars_and_items(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["schema", "joyride"], capsys)
    assert code == 0
    assert "## kind: vehicle" in out and "## kind: item" in out and "## kind: track" in out
    for field in ("dashboard.gears.marker", "dashboard.locked_slots", "abilities.timing",
                  "abilities.other_side.effect", "abilities.balance.effect", "explodes"):
        assert f"`{field}`" in out, field


def test_check_exits_1_on_a_rule_error_and_2_on_unreadable_yaml(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "four-damaged-locks.yaml"
    broken.write_text((KIT / "verdigris.yaml").read_text().replace(
        "[damage, plain, damage, damage]", "[damage, damage, damage, damage]"))
    code, out, _ = run(["check", str(broken)], capsys)
    assert code == 1
    assert "error JR-DAMAGE-PROTECTED:" in out
    line = int(out.split(f"{broken}:")[1].split(":")[0])
    assert "locked_slots:" in broken.read_text().splitlines()[line - 1]
    unreadable = tmp_path / "unreadable.yaml"
    unreadable.write_text("game: joyride\nkind: vehicle\nname: [oops\n")
    assert run(["check", str(unreadable)], capsys)[0] == 2


def test_build_refuses_a_bad_car_and_prints_the_rest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "kit"
    folder.mkdir()
    shutil.copy(KIT / "sunburst.yaml", folder)
    (folder / "broken.yaml").write_text((KIT / "rust-bucket.yaml").read_text().replace(
        "name: Rust Bucket", "name: Broken").replace("    - {damage: true}\n", "", 1))
    code, _, err = run(["build", "--no-pack", str(folder), "-o", str(tmp_path / "out")], capsys)
    assert code == 1 and "not built:" in err and "broken.yaml" in err
    assert "JR-DASH-ELEMENTS" in err
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert {e["path"] for e in manifest["files"]} == CAR_FILES
    assert all("Broken" not in e["vehicles"] for e in manifest["files"])


def test_a_custom_item_alone_prints_the_item_set(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(["build", "--no-pack", str(KIT / "items"), "-o", str(tmp_path)], capsys)
    assert code == 0
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    items = {e["path"]: e for e in manifest["files"]}["joyride/items.pdf"]
    assert items["vehicles"] == ["Rocket", "Mine", "Oil Slick", "Nitro", "Spike Strip"]


def test_a_hex_too_large_for_the_item_slots_stops_the_build_before_writing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_dir = tmp_path / "out"
    code, _, err = run(["build", "--no-pack", str(KIT / "verdigris.yaml"), "-o", str(out_dir),
                        "--hex", "45mm"], capsys)
    assert code == 2
    assert "item slots hold pick-ups of at most" in err and "choose a smaller --hex" in err
    assert not out_dir.exists() or not list(out_dir.rglob("*.pdf"))


def test_a_user_template_that_overflows_a_token_is_a_finding(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "templates" / "joyride"
    folder.mkdir(parents=True)
    (folder / "ability-token.j2").write_text(
        '{% extends "joyride/ability-token-base.j2" %}'
        "{% block low_power_text %}" + "Resting. " * 80 + "{% endblock %}")
    code, out, _ = run(["check", str(KIT / "verdigris.yaml"), "--templates",
                        str(tmp_path / "templates")], capsys)
    assert code == 1
    assert ("low-power side low power text does not fit on the 'Gear Master' ability token "
            "even at 6 pt") in out


def test_a_user_template_can_reword_one_block(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "templates" / "joyride"
    folder.mkdir(parents=True)
    (folder / "player-aid.j2").write_text(
        '{% extends "joyride/player-aid-base.j2" %}'
        "{% block turn_title %}ON YOUR GO{% endblock %}")
    out_dir = tmp_path / "out"
    code, _, _ = run(["build", "--no-pack", str(KIT / "verdigris.yaml"), "-o", str(out_dir),
                      "--templates", str(tmp_path / "templates")], capsys)
    assert code == 0
    with pdfplumber.open(out_dir / "joyride" / "player-aids.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "ON YOUR GO" in text and "YOUR TURN" not in text and "1 START." in text


def test_pickups_print_once_whether_or_not_the_item_set_is_built(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A track alone prints its item pick-ups with its tokens; with a car in the build the
    item set prints them, so the track's token sheet leaves them out."""
    track = VEHICLES / "tracks" / "gasometer-gauntlet.yaml"
    car = VEHICLES / "joyride" / "rust-bucket.yaml"

    def pickup_names(out: Path) -> int:
        with pdfplumber.open(out / "tracks" / "gasometer-gauntlet-tokens.pdf") as pdf:
            text = "\n".join(page.extract_text() or "" for page in pdf.pages)
        return sum(text.count(item) for item in ("Rocket", "Oil Slick", "Nitro", "Mine"))

    alone, with_car = tmp_path / "alone", tmp_path / "with-car"
    assert main(["build", "--no-pack", str(track), "-o", str(alone)]) == 0
    assert main(["build", "--no-pack", str(track), str(car), "-o", str(with_car)]) == 0
    capsys.readouterr()
    assert pickup_names(alone) > 0
    assert pickup_names(with_car) == 0
    assert (with_car / "joyride" / "items.pdf").is_file()
    assert not (alone / "joyride" / "items.pdf").exists()
