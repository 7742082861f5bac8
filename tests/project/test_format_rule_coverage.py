"""The two format and kit rules no test named: DEF-NAME-CLASH (two definitions of one game and
kind with one name) and TABLE-TARGET (a kit table the kit cannot use), each firing on a
minimal bad case at the value that breaks it, and silent on the good ones."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.input.validation import FORMAT_RULES
from generator.project.kit import KIT_RULES
from generator.project.loading import load
from tests.conftest import VEHICLES, rule_ids
from tests.rule_coverage import assert_points_at

GIG = VEHICLES / "frothy-races" / "whisper-gig.yaml"


def copy_named(folder: Path, name: str, file_name: str, source: Path = GIG) -> Path:
    """``source`` copied into ``folder`` as ``file_name``, renamed ``name``."""
    text = source.read_text(encoding="utf-8")
    old = next(line for line in text.splitlines() if line.startswith("name:"))
    path = folder / file_name
    path.write_text(text.replace(old, f"name: {name}", 1), encoding="utf-8")
    return path


def test_two_definitions_of_one_name_clash_at_the_second(tmp_path: Path) -> None:
    first = copy_named(tmp_path, "Whisper Gig", "a.yaml")
    second = copy_named(tmp_path, "whisper gig", "b.yaml")  # names compare without case
    findings = load([first, second]).findings
    assert rule_ids(findings) == {"DEF-NAME-CLASH"}
    assert_points_at(findings, FORMAT_RULES["DEF-NAME-CLASH"], second, "whisper gig")
    assert "also defined in" in findings[0].message and str(first.name) in findings[0].message


def test_names_that_differ_only_in_spaces_clash(tmp_path: Path) -> None:
    """An Outrider vehicle named again with extra spaces prints the same card name."""
    iron = VEHICLES / "outrider" / "iron-curtain.yaml"
    first = copy_named(tmp_path, "Iron Curtain", "a.yaml", iron)
    second = copy_named(tmp_path, "'  iron   CURTAIN '", "b.yaml", iron)
    findings = load([first, second]).findings
    assert rule_ids(findings) == {"DEF-NAME-CLASH"}
    assert_points_at(findings, FORMAT_RULES["DEF-NAME-CLASH"], second, "'  iron")


@pytest.mark.parametrize("other", ["Whisper Gig II", None], ids=["another-name", "another-kind"])
def test_names_clash_only_within_one_game_and_kind(tmp_path: Path, other: str | None) -> None:
    first = copy_named(tmp_path, "Whisper Gig", "a.yaml")
    if other is None:  # a track of the same name: another kind of the same game
        second = copy_named(tmp_path, "Whisper Gig", "b.yaml",
                            VEHICLES / "tracks" / "tanners-twist.yaml")
    else:
        second = copy_named(tmp_path, other, "b.yaml")
    assert "DEF-NAME-CLASH" not in rule_ids(load([first, second]).findings)


@pytest.mark.parametrize(("entry", "at"), [
    ("{file: items.csv, game: joyrid, kind: item}", "joyrid,"),
    ("{file: items.csv, game: joyride, kind: itme}", "itme}"),
    ("{file: items.txt, game: joyride, kind: item}", "items.txt,"),
    ("{file: items.csv, sheet: Items, game: joyride, kind: item}", "Items,"),
], ids=["game", "kind", "file", "sheet"])
def test_a_table_the_kit_cannot_use_points_at_the_key(tmp_path: Path, entry: str,
                                                      at: str) -> None:
    (tmp_path / "items.csv").write_text("name,type,explodes,icon,effect\n", encoding="utf-8")
    kit = tmp_path / "kit.yaml"
    kit.write_text(f"kind: kit\ntables:\n  - {entry}\n", encoding="utf-8")
    findings = load([tmp_path]).findings
    assert rule_ids(findings) == {"TABLE-TARGET"}
    assert_points_at(findings, KIT_RULES["TABLE-TARGET"], kit, at)


def test_a_usable_table_is_silent(tmp_path: Path) -> None:
    (tmp_path / "items.csv").write_text("name,type,explodes,icon,effect\n", encoding="utf-8")
    (tmp_path / "kit.yaml").write_text(
        "kind: kit\ntables:\n  - {file: items.csv, game: joyride, kind: item}\n",
        encoding="utf-8")
    shutil.copy(GIG, tmp_path / "gig.yaml")
    assert load([tmp_path]).findings == []
