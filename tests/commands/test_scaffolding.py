"""``paddock new``: never a file that fails ``check``; names transliterated; tracks and items."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.commands.scaffolding import slug
from tests.conftest import run_cli as run


@pytest.mark.parametrize(("name", "expected"), [
    ("Über Wagon!", "uber-wagon"), ("Straße Renner", "strasse-renner"),
    ("Ærø & Søn", "aero-and-son"), ("Œuvre", "oeuvre"), ("Łódź Flyer", "lodz-flyer"),
    ("!!!", "vehicle"), ("The Red Comet", "the-red-comet")])
def test_file_names_are_transliterated(name: str, expected: str) -> None:
    assert slug(name, "vehicle") == expected


def test_a_name_too_long_for_the_schema_is_refused_and_nothing_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    monkeypatch.chdir(tmp_path)
    name = "The Extraordinarily Long Named Racing Chariot"
    code, out, err = run(["new", "frothy-races", name], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"paddock: cannot start a file for {name!r}: name: expected text of "
                          "at most 28 characters")
    assert not (tmp_path / "vehicles").exists()


def test_an_umlaut_name_checks_clean_under_its_transliterated_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(["new", "frothy-races", "Über Wagon!"], capsys)
    target = tmp_path / "vehicles" / "frothy-races" / "uber-wagon.yaml"
    assert code == 0 and target.is_file() and 'name: "Über Wagon!"' in target.read_text()
    assert run(["check", str(target)], capsys)[0] == 0


@pytest.mark.parametrize(("game", "kind", "where"), [
    ("frothy-races", "track", "vehicles/tracks/mud-loop.yaml"),
    ("joyride", "track", "vehicles/tracks/mud-loop.yaml"),
    ("joyride", "item", "vehicles/joyride/items/mud-loop.yaml"),
])
def test_tracks_and_items_have_scaffolds_that_check_clean(
        game: str, kind: str, where: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(["new", game, "Mud Loop", "--kind", kind], capsys)
    assert code == 0 and out.startswith(f"wrote {where}")
    text = (tmp_path / where).read_text()
    assert f"game: {game}\nkind: {kind}\n" in text and text.count("#") > 5
    code, out, _ = run(["check", where], capsys)
    assert code == 0 and " 0 errors, 0 warnings" in " " + out.splitlines()[-1]


@pytest.mark.parametrize(("game", "offers_slots"), [("frothy-races", True), ("joyride", False)])
def test_a_track_scaffold_offers_only_what_its_game_allows(
        game: str, offers_slots: bool, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # A Joyride car starts on the starting line (TRK-START-ON-LINE): its scaffold must not
    # suggest numbered slots, and it names the item checkpoints and pick-ups instead.
    monkeypatch.chdir(tmp_path)
    assert run(["new", game, "Mud Loop", "--kind", "track"], capsys)[0] == 0
    text = (tmp_path / "vehicles/tracks/mud-loop.yaml").read_text()
    assert ("numbered starting slots if you want a grid" in text) is offers_slots
    assert ("? a face-down item" in text) is not offers_slots
    assert ("spaces wide everywhere" in text) is offers_slots


def test_a_kind_the_game_has_no_scaffold_for_is_bad_usage(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(["new", "outrider", "Mud Loop", "--kind", "track"], capsys)
    assert code == 2 and "--kind (for outrider): unknown value 'track' (choose from vehicle)" in err


def test_a_formula_ace_team_with_no_letters_to_keep_is_team_yaml(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(["new", "formula-ace", "!!!"], capsys)
    assert code == 0 and out.startswith("wrote vehicles/formula-ace/team.yaml")
    code, out, _ = run(["new", "formula-ace", "Über Team!"], capsys)
    target = tmp_path / "vehicles" / "formula-ace" / "uber-team.yaml"
    assert code == 0 and 'name: "Über Team!"' in target.read_text()
    assert run(["check", str(target)], capsys)[0] == 0


@pytest.mark.parametrize(("game", "kind"), [
    ("frothy-races", "vehicle"), ("frothy-races", "track"), ("joyride", "vehicle"),
    ("joyride", "item"), ("outrider", "vehicle"), ("circus-maximus", "vehicle"),
    ("formula-ace", "vehicle")])
def test_every_new_file_ends_with_one_newline(
        game: str, kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Jinja drops a template's last newline; editors and diffs expect a file to end in one."""
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "new.yaml"
    assert run(["new", game, "Tail End", "--kind", kind, "-o", str(target)], capsys)[0] == 0
    text = target.read_text()
    assert text.endswith("\n") and not text.endswith("\n\n")
