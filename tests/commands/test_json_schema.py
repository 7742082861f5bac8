"""``paddock schema --json-schema``: editors' schemas accept every shipped file and refuse
the mistakes the schema refuses; ``--help`` and ``schema --format json`` for people and tools."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from generator.commands.cli import command_parsers, main, make_parser
from generator.commands.json_schema import (
    EDITOR_SETTINGS,
    KIT_SCHEMA_FILE,
    PROJECT_SCHEMA_FILE,
    SCHEMA_LINE,
    kind_schema,
    project_schema,
)
from generator.project.registry import GAMES
from tests.conftest import VEHICLES, shipped_files
from tests.conftest import run_cli as run


def schema_for(data: dict) -> dict:
    game = GAMES[data["game"]]
    return kind_schema(game, game.kinds[data["kind"]])


def as_editor_reads(path: Path) -> dict:
    """A file's data as JSON, as an editor validates it: keys are text ('4', not 4)."""
    data: dict = json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8"))))
    return data


@pytest.mark.parametrize("path", [p for p in shipped_files() if "kit" not in p.name],
                         ids=lambda p: p.stem)
def test_every_shipped_definition_is_valid_under_its_json_schema(path: Path) -> None:
    data = as_editor_reads(path)
    if data.get("kind") == "kit":
        pytest.skip("the kit file has no game")
    jsonschema.validate(data, schema_for(data))


def test_the_json_schema_refuses_a_long_name_and_an_unknown_key() -> None:
    data = yaml.safe_load((VEHICLES / "joyride" / "sunburst.yaml").read_text())
    schema = schema_for(data)
    with pytest.raises(jsonschema.ValidationError, match="is too long"):
        jsonschema.validate({**data, "name": "x" * 29}, schema)
    with pytest.raises(jsonschema.ValidationError, match="Additional properties"):
        jsonschema.validate({**data, "flavor": "typo"}, schema)


def test_json_schema_files_are_written_per_kind(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["schema", "frothy-races", "--json-schema", str(tmp_path)], capsys)
    assert code == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["frothy-races.track.schema.json", "frothy-races.vehicle.schema.json",
                     "kit.schema.json", "paddock.schema.json"]
    vehicle = json.loads((tmp_path / names[1]).read_text())
    assert vehicle["properties"]["name"]["maxLength"] == 28
    assert vehicle["properties"]["name"]["description"].startswith("The vehicle's name")


def test_without_a_folder_the_schemas_go_to_the_projects_schemas_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    deep = tmp_path / "vehicles" / "outrider" / "spares"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    code, _, _ = run(["schema", "outrider", "--json-schema"], capsys)
    assert code == 0
    assert (tmp_path / "schemas" / "outrider.vehicle.schema.json").is_file()
    assert not (deep / "schemas").exists()


def test_new_files_name_their_schema_and_the_schema_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(["new", "outrider", "Red Comet"], capsys)
    first = (tmp_path / "vehicles/outrider/red-comet.yaml").read_text().splitlines()[0]
    assert first == SCHEMA_LINE
    assert (tmp_path / "schemas" / "outrider.vehicle.schema.json").is_file()
    assert (tmp_path / "schemas" / "paddock.schema.json").is_file()
    assert f"wrote {tmp_path / 'schemas' / 'outrider.vehicle.schema.json'}" in out
    settings = json.loads((tmp_path / ".vscode" / "settings.json").read_text())
    assert settings == EDITOR_SETTINGS


def project_validator(folder: Path) -> jsonschema.Draft202012Validator:
    """The project schema in ``folder``, its references to the kinds' schemas resolved from
    the files beside it (as an editor resolves them)."""
    from referencing import Registry, Resource

    registry = Registry().with_resources(
        (path.name, Resource.from_contents(json.loads(path.read_text(encoding="utf-8"))))
        for path in folder.glob("*.schema.json"))
    schema = json.loads((folder / PROJECT_SCHEMA_FILE).read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema, registry=registry)


def glob_matches(pattern: str, path: str) -> bool:
    """A glob as editors match them: '**/' any depth of folders, '*' within one name."""
    regex = "".join("(?:.*/)?" if part == "**/" else "[^/]*" if part == "*" else re.escape(part)
                    for part in re.split(r"(\*\*/|\*)", pattern))
    return re.fullmatch(regex, path) is not None


def test_a_file_moved_into_a_sub_folder_still_finds_its_schema(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    # The editor maps the one project schema to every file under vehicles/ (the setting's
    # glob has no folder depth: yaml-language-server turns '*' into '.*'), and the project
    # schema picks the kind's own by 'game' and 'kind', so where the file sits is no matter.
    monkeypatch.chdir(tmp_path)
    assert run(["init", "."], capsys)[0] == 0
    assert run(["new", "outrider", "Red Comet"], capsys)[0] == 0
    moved = tmp_path / "vehicles" / "garage" / "spares" / "red-comet.yaml"
    moved.parent.mkdir(parents=True)
    (tmp_path / "vehicles" / "outrider" / "red-comet.yaml").rename(moved)
    (patterns,) = EDITOR_SETTINGS["yaml.schemas"].values()
    assert any(glob_matches(pattern, moved.relative_to(tmp_path).as_posix())
               for pattern in patterns)
    validator = project_validator(tmp_path / "schemas")
    data = yaml.safe_load(moved.read_text(encoding="utf-8"))
    assert list(validator.iter_errors(data)) == []
    assert list(validator.iter_errors({**data, "equipment": {**data["equipment"],
                                                           "engine": "d20"}}))
    kit = yaml.safe_load((tmp_path / "vehicles" / "kit.yaml").read_text(encoding="utf-8"))
    assert list(validator.iter_errors(kit)) == []
    assert list(validator.iter_errors({**kit, "waive": "all"}))


def test_schema_as_json_lists_each_field(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["schema", "outrider", "--format", "json"], capsys)
    fields = {f["field"]: f for f in json.loads(out)["kinds"]["vehicle"]}
    assert code == 0 and fields["name"]["accepts"] == "text of at most 28 characters"
    assert fields["name"]["required"] is True


@pytest.mark.parametrize("command", ["check", "build", "balance", "rules", "catalogue", "new",
                                     "schema"])
def test_every_command_has_a_description_an_example_and_help_for_each_option(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = capsys.readouterr().out
    assert "examples:\n  paddock " + command in text
    sub = command_parsers(make_parser())[command]
    assert sub.description
    undocumented = [a.dest for a in sub._actions if not a.help]
    assert undocumented == []


def test_global_options_work_after_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--debug", str(VEHICLES / "outrider")]) == 0


def test_the_formula_ace_schema_takes_the_books_names_as_paddock_does() -> None:
    data = yaml.safe_load((VEHICLES / "formula-ace" / "iron-bastion.yaml").read_text())
    schema = schema_for(data)
    data["pilots"][0]["category"] = "Total Speed Way"
    data["ships"][1]["weapons"][1]["item"] = "Countermeasures"
    jsonschema.validate(data, schema)
    data["pilots"][0]["category"] = "  total-speed way "  # any case and spacing, as check
    jsonschema.validate(data, schema)
    data["pilots"][0]["category"] = "Total Sped Way"
    with pytest.raises(jsonschema.ValidationError, match="Total Sped Way"):
        jsonschema.validate(data, schema)


def test_the_formula_ace_schema_takes_a_derby_item_by_its_name_alone() -> None:
    data = yaml.safe_load((VEHICLES / "formula-ace" / "iron-bastion.yaml").read_text())
    schema = schema_for(data)
    data["ships"][2]["weapons"] = ["mines", "Decoy"]  # as paddock check reads them
    jsonschema.validate(data, schema)
    data["ships"][2]["weapons"] = ["Rockets"]  # a firing weapon needs a mount (17/)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)
    data["ships"][2]["weapons"] = ["rokets"]
    with pytest.raises(jsonschema.ValidationError, match="rokets"):
        jsonschema.validate(data, schema)
    data["ships"][2]["weapons"] = []
    data["ships"][0]["upgrades"] = ["booster", "Hit Points"]  # upgrades one name each
    jsonschema.validate(data, schema)


def test_the_formula_ace_schema_takes_the_skills_as_the_book_writes_them() -> None:
    data = yaml.safe_load((VEHICLES / "formula-ace" / "iron-bastion.yaml").read_text())
    schema = schema_for(data)
    data["pilots"][1]["skills"] = {"Piloting": 3, "G-Endurance": 3, "FIRING": 3}
    jsonschema.validate(data, schema)
    data["pilots"][1]["skills"] = {"Piloting": 3, "Firing": 3}  # G-Endurance left out
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)
    data["pilots"][1]["skills"] = {"Piloting": 3, "G-Endurance": 3, "Fireing": 3}
    with pytest.raises(jsonschema.ValidationError, match="Fireing"):
        jsonschema.validate(data, schema)


def test_the_outrider_schema_takes_the_keys_as_the_book_writes_them() -> None:
    """ENGINE, DRIVER, ARMOR and WEAPON (2.2) and the four characteristics (1.2-1.3) in any
    case, 'armour' too, and a characteristic by its icon (1.2's Shield), as check reads
    them; the one-of-each-die rule still holds."""
    data = yaml.safe_load((VEHICLES / "outrider" / "iron-curtain.yaml").read_text())
    schema = schema_for(data)
    data["equipment"] = {"ENGINE": "d8", "Driver": "d10", "Armour": "d12", "weapon": "d6"}
    data["variants"]["narrow"]["bonuses"] = {"DEFENSE": 2, "Handling": 1}
    data["variants"]["wide"]["bonuses"] = {"defence": 1, "handling": 1}
    jsonschema.validate(data, schema)
    data["variants"]["wide"]["bonuses"] = {"Shield": 1, "wheel": 1}  # 1.2's icons
    jsonschema.validate(data, schema)
    data["variants"]["wide"]["bonuses"] = {"ARMOR": 1, "driver": 1}  # 2.7's slots
    jsonschema.validate(data, schema)
    data["equipment"]["Armour"] = "d8"  # the d8 twice
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)
    data["equipment"] = {"ENGINE": "d8", "Driver": "d10", "weapon": "d6", "shield": "d12"}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)


REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_committed_schemas_are_what_the_specs_generate(game_id: str) -> None:
    game = GAMES[game_id]
    for kind in game.kinds.values():
        committed = REPO / "schemas" / f"{game_id}.{kind.name}.schema.json"
        assert json.loads(committed.read_text(encoding="utf-8")) == kind_schema(game, kind), (
            f"{committed.name} is stale: run paddock schema {game_id} --json-schema schemas")


def test_the_committed_project_schema_is_what_the_games_generate() -> None:
    committed = REPO / "schemas" / PROJECT_SCHEMA_FILE
    assert json.loads(committed.read_text(encoding="utf-8")) == project_schema(GAMES.values())
    settings = json.loads((REPO / ".vscode" / "settings.json").read_text(encoding="utf-8"))
    assert settings == EDITOR_SETTINGS


@pytest.mark.parametrize("path", shipped_files(), ids=lambda p: p.stem)
def test_every_shipped_file_names_its_schema(path: Path) -> None:
    assert path.read_text(encoding="utf-8").splitlines()[0] == SCHEMA_LINE
    errors = project_validator(REPO / "schemas").iter_errors(as_editor_reads(path))
    assert [e.message for e in errors] == []


def test_the_joyride_schema_refuses_a_standard_ability_in_the_unique_set() -> None:
    data = yaml.safe_load((VEHICLES / "joyride" / "sunburst.yaml").read_text())
    schema = schema_for(data)
    jsonschema.validate(data, schema)
    for reused in ("Handbrake Turn", {**data["abilities"][0], "name": "gear-master"}):
        changed = {**data, "abilities": [reused, *data["abilities"][1:]]}
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(changed, schema)


def test_the_joyride_schemas_read_plurals_and_spaced_words_as_check_does() -> None:
    """jrcheck8: 'Handbrake Turns' and 'Rockets' are the standard names in the plural (refused,
    as JR-ABILITY-MIX and JR-ITEM-STANDARD-NAME refuse them); 'bonus steer', 'Gears Right' and
    'Extra Steer' are the words spelt as the rulebook writes them (taken, as check takes them)."""
    car = yaml.safe_load((VEHICLES / "joyride" / "verdigris.yaml").read_text())
    schema = schema_for(car)
    plural = {**car, "abilities": [{**car["abilities"][0], "name": "Handbrake Turns"},
                                   *car["abilities"][1:]]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(plural, schema)
    dashboard = {**car["dashboard"], "layout": "Gears Right",
                 "gears": [{"marker": "Reverse"}, {"marker": "bonus steer"},
                           *car["dashboard"]["gears"][2:]]}
    steer = {**car["abilities"][0], "balance": {"effect": "Extra Steer", "amount": 1}}
    jsonschema.validate({**car, "dashboard": dashboard,
                         "abilities": [steer, *car["abilities"][1:]]}, schema)
    item = yaml.safe_load((VEHICLES / "joyride" / "items" / "spike-strip.yaml").read_text())
    for name in ("Rockets", "oil slicks", "Missiles"):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({**item, "name": name}, schema_for(item))
    jsonschema.validate({**item, "name": "Nitrous"}, schema_for(item))


def test_the_frothy_schema_offers_and_holds_the_catalogue_names() -> None:
    data = as_editor_reads(VEHICLES / "frothy-races" / "basic-chariot.yaml")
    schema = schema_for(data)
    names = schema["properties"]["traits"]["items"]["anyOf"][0]["anyOf"][0]["enum"]
    assert "Cat O' Nine" in names and "Blades" in names
    for spelling in ("cat o nine", "CAT O' NINE", "blades", "lucky"):  # Lucky: a special card
        jsonschema.validate({**data, "traits": [{"name": spelling, "value": 1}]}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**data, "traits": [{"name": "Blads", "value": 1}]}, schema)
    custom = {"name": "Mud Lover", "custom": True, "summary": "Ignores mud."}
    jsonschema.validate({**data, "traits": [custom]}, schema)
    with pytest.raises(jsonschema.ValidationError):  # a custom entry needs its summary
        jsonschema.validate({**data, "traits": [{"name": "Mud Lover", "custom": True}]}, schema)


def test_the_outrider_schema_offers_the_nickname_classes() -> None:
    data = yaml.safe_load((VEHICLES / "outrider" / "big-horn.yaml").read_text())
    nickname = schema_for(data)["properties"]["nickname"]
    assert "Interceptor" in nickname["examples"]
    jsonschema.validate({**data, "nickname": "Road Hog"}, schema_for(data))  # open, as check


def test_the_shipped_kit_is_valid_under_the_committed_kit_schema() -> None:
    from generator.commands.json_schema import kit_schema
    from generator.project.kit import Kit

    committed = REPO / "schemas" / KIT_SCHEMA_FILE
    assert json.loads(committed.read_text(encoding="utf-8")) == kit_schema(Kit)
    jsonschema.validate(yaml.safe_load((VEHICLES / "kit.yaml").read_text()),
                        json.loads(committed.read_text()))
