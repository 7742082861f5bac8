"""``paddock catalogue``: the names a definition may use, with '#', summary and source."""

from __future__ import annotations

import json

import pytest

from generator.project.registry import GAMES
from tests.conftest import run_cli as run


def test_traits_are_listed_with_their_hash_summary_and_source(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["catalogue", "frothy-races", "traits"], capsys)
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == ("traits (47; Frothy Races guide 3.6, Vehicle Creation Guide > Traits "
                        "(Edges & Flaws))")
    blades = next(line for line in lines if line.strip().startswith("Blades "))
    assert blades.split() == ["Blades", "+#", "Attack", "Value", "on", "Vehicle", "attacks",
                              "you", "start.", "[Vehicle", "Attack;", "#", "typically", "1-3]"]
    flyer = next(line for line in lines if line.strip().startswith("Flyer "))
    assert "#" not in flyer and "Ignores hazards and low obstacles." in flyer


def test_json_carries_every_entry_of_every_catalogue(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["catalogue", "frothy-races", "--format", "json"], capsys)
    data = json.loads(out)["catalogues"]
    assert list(data) == ["traits", "special-cards", "damage-affects", "stamina-affects"]
    lash = next(e for e in data["special-cards"] if e["name"] == "Lash")
    assert lash["takes_value"] is True and lash["typical"] == [1, 3]
    assert lash["source"] == "Frothy Races guide 3.6, Vehicle Creation Guide > Whip & Reins"
    yah = next(e for e in data["special-cards"] if e["name"] == "Yah!")
    assert yah["takes_value"] is False and "typical" not in yah
    other = next(e for e in data["damage-affects"] if e["source"].endswith("Attack Example"))
    assert other["name"]


@pytest.mark.parametrize(("game", "names"), [
    ("joyride", ["abilities", "items", "item-types", "timing"]),
    ("outrider", ["classes", "equipment", "maneuvers"]),
    ("formula-ace", ["ships", "upgrades", "derby-equipment", "race-options", "categories"]),
])
def test_every_game_lists_its_catalogues(game: str, names: list[str],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["catalogue", game, "--format", "json"], capsys)
    data = json.loads(out)["catalogues"]
    assert code == 0 and list(data) == names
    assert all(e["summary"] and e["source"] for entries in data.values() for e in entries)


def test_outrider_classes_are_the_ones_the_rule_accepts() -> None:
    from generator.games.outrider.catalogues import outrider_data
    listed = GAMES["outrider"].catalogues
    assert listed is not None
    names = [e.name for e in listed()["classes"]]
    assert names == [c.name for c in outrider_data().classes]


def test_an_unknown_catalogue_is_bad_usage_with_the_nearest_name(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["catalogue", "frothy-races", "trait"], capsys)
    assert code == 2 and out == ""
    assert "frothy-races has no catalogue 'trait'; did you mean traits?" in err


def test_the_unknown_trait_hint_points_at_the_catalogue(
        tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.conftest import VEHICLES
    text = (VEHICLES / "frothy-races" / "basic-chariot.yaml").read_text()
    path = tmp_path / "t.yaml"
    path.write_text(text.replace("{name: Blades, value: 1}", "{name: Bladez, value: 1}"))
    code, out, _ = run(["check", str(path)], capsys)
    assert code == 1 and "FR-TRAIT-UNKNOWN" in out
    assert "'paddock catalogue frothy-races traits' lists them" in out


def test_formula_ace_lists_the_names_a_team_file_accepts_with_the_book_numbers(
        capsys: pytest.CaptureFixture[str]) -> None:
    from generator.games.formula_ace import model
    code, out, _ = run(["catalogue", "formula-ace", "--format", "json"], capsys)
    data = json.loads(out)["catalogues"]
    names = {key: [e["name"] for e in entries] for key, entries in data.items()}
    assert code == 0
    assert names["ships"] == list(model.SHIP_TYPES)
    assert sorted(names["upgrades"]) == sorted(model.UPGRADES)
    assert sorted(names["derby-equipment"]) == sorted(model.DERBY_EQUIPMENT)
    assert names["race-options"] == list(model.TEAM_OPTIONS)
    assert names["categories"] == list(model.CATEGORIES)
    summary = {e["name"]: e["summary"] for entries in data.values() for e in entries}
    assert summary["Alpha"].startswith("speed 24 cm, 8 hit points, 4 space")  # 2/
    assert summary["booster"] == "+1 booster; 2,000 credits, 1 space, at most 4 a ship"
    assert "Firing +1; damage 2D" in summary["plasma"] and "2,000 credits" in summary["plasma"]
    assert "cancels one attack on 5-6" in summary["countermeasures"]
    code, _, err = run(["catalogue", "formula-ace", "weapon"], capsys)
    assert code == 2 and "Its catalogues: ships, upgrades" in err
