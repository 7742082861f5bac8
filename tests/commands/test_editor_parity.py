"""An editor catches what the checker catches: for every rule that judges one value or one
mapping of a file alone, a shipped file changed in one place to break it is refused by
``paddock check`` (exit 1, that rule) and by the file's JSON Schema, and the shipped file
passes both. (The same cases go through yaml-language-server in
test_yaml_language_server.py.) Rules across files, or sums and budgets, are beyond a
schema and not listed (docs/rules-fidelity.md, The editor schema)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from generator.commands.json_schema import kind_schema, schema_rules
from generator.project.registry import GAMES
from tests.conftest import VEHICLES
from tests.conftest import run_cli as run

# (rule, shipped file, text in it, what it becomes): one edit that breaks the rule.
CASES = [
    ("OR-EQUIPMENT-STANDARD", "outrider/big-horn.yaml", "armor: d8", "armor: d6"),
    ("OR-ACTION-POINTS", "outrider/big-horn.yaml", "name: Big Horn",
     "name: Big Horn\ntachometer: 5"),
    ("OR-SKILL-POINTS", "outrider/big-horn.yaml", "name: Big Horn",
     "name: Big Horn\nskill_track: 6.0"),
    ("OR-BONUS-RANGE", "outrider/big-horn.yaml", "{defense: 1, firepower: 2}",
     "{defense: 1, firepower: 3}"),
    ("OR-ARC-PRIMARY", "outrider/big-horn.yaml",
     "{weapon: secondary, facing: rear, mount: fixed}",
     "{weapon: Primary, facing: rear, mount: fixed}"),
    ("OR-ARC-SECONDARY", "outrider/big-horn.yaml",
     "{weapon: secondary, facing: rear, mount: articulated}",
     "{weapon: secondary, facing: rear, mount: articulated}\n"
     "      - {weapon: secondary, facing: left, mount: articulated}\n"
     "      - {weapon: secondary, facing: right, mount: articulated}"),
    ("OR-ARC-FIXED-FACING", "outrider/big-horn.yaml",
     "{weapon: secondary, facing: rear, mount: fixed}",
     "{weapon: secondary, facing: left, mount: FIXED}"),
    ("OR-PRINT-ARCS", "outrider/big-horn.yaml",
     "{weapon: secondary, facing: rear, mount: articulated}",
     "{weapon: secondary, facing: front, mount: articulated}\n"
     "      - {weapon: secondary, facing: front, mount: articulated}"),
    ("FA-TEAM-PILOTS", "formula-ace/iron-bastion.yaml", "    rank: ace\n",
     "    rank: ace\n    recruited: yes\n"),
    ("FA-TEAM-SHIPS", "formula-ace/hollow-star.yaml",
     "  - name: Magpie\n    type: Gamma\n    pilot: Ines Caldera\n", ""),
    ("FA-TEAM-CREDITS", "formula-ace/iron-bastion.yaml", "credits: 2500", "credits: 3000"),
    ("FA-PILOT-FIRING", "formula-ace/iron-bastion.yaml", "{piloting: 4, g_endurance: 4}",
     "{piloting: 4, g_endurance: 4, firing: 1}"),
    ("FA-WEAPON-MOUNT", "formula-ace/iron-bastion.yaml", "{item: rockets, mount: front}",
     "{item: Rockets, mount: blank}"),
    ("FA-SEASON-ENTRY", "formula-ace/iron-bastion.yaml",
     "  - repair: {ship: Rampart, hit_points: 3}",
     "  - repair: {ship: Rampart, hit_points: 3}\n    borrow: 500"),
    ("FA-RACE-FEATURES", "formula-ace/iron-bastion.yaml", "      starters: 6",
     "      starters: 6\n      special_features: 7"),
    ("JR-DASH-ELEMENTS", "joyride/sunburst.yaml", "  mirror: true", "  mirror: no"),
    ("JR-DASH-MARKERS", "joyride/sunburst.yaml", "    - {marker: reverse}\n    - {marker: "
     "bonus-steer}", "    - {marker: bonus-steer}\n    - {marker: reverse}"),
    ("JR-DAMAGE-SLOTS", "joyride/sunburst.yaml", "item_slots: [damage, damage]",
     "item_slots: [damage, plain]"),
    ("JR-DAMAGE-PROTECTED", "joyride/sunburst.yaml", "[damage, damage, plain, damage]",
     "[damage, damage, DAMAGE, damage]"),
    ("JR-ABILITY-SET", "joyride/sunburst.yaml", "  - name: Lucky Dice",
     "  - name: Lucky Dice\n    timing: [roll]\n    effect: Once more.\n"
     "  - name: Lucky Dice Two"),
    ("JR-ABILITY-TIMING", "joyride/sunburst.yaml", "timing: [lock, roll]",
     "timing: [lock, Lock]"),
    ("JR-ABILITY-TOGGLE", "joyride/sunburst.yaml", "mode: permanent", "mode: toggleable"),
    ("JR-ITEM-TIMING", "joyride/items/spike-strip.yaml", "type: dropped",
     "type: dropped\ntiming: [start, shift]"),
    ("JR-ITEM-STANDARD-NAME", "joyride/items/spike-strip.yaml", "name: Spike Strip",
     "name: MISSILE"),
    ("FR-SPEED-ZERO-MOVES", "frothy-races/basic-chariot.yaml", "move_2:       [0, 0,",
     "move_2:       [1, 0,"),
    ("FR-SPEED-BOXES", "frothy-races/basic-chariot.yaml", "deceleration: [1, 2, 2, 2,",
     "deceleration: [1, 2, 2, 0,"),
    ("FR-MOVE-PHASE-MAX", "frothy-races/basic-chariot.yaml", "move_4:       [0, 0, 1, 2, 2,",
     "move_4:       [0, 0, 1, 2, 7,"),
    ("FR-PRINT-BOXES", "frothy-races/basic-chariot.yaml", "acceleration: [1, 2, 2, 2, 1,",
     "acceleration: [1, 2, 2, 2, 6,"),
    ("FR-HASH-MISSING", "frothy-races/glimmering-orrery.yaml", "  - {name: Driver, value: 1}",
     "  - Driver"),
    ("FR-HASH-MISSING", "frothy-races/glimmering-orrery.yaml", "  - {name: Driver, value: 1}",
     "  - {name: driver}"),
    ("FR-HASH-UNEXPECTED", "frothy-races/glimmering-orrery.yaml", "  - Flyer",
     "  - {name: Flyer, value: 2}"),
    ("FR-HASH-NO-EFFECT", "frothy-races/glimmering-orrery.yaml",
     "  - {name: Driver, value: 1}", "  - {name: Driver, value: 0}"),
    ("FR-HASH-NO-EFFECT", "frothy-races/glimmering-orrery.yaml",
     "    3: {name: Random, choices: [Haste, Slow]}",
     "    3: {name: '+/- # Speed Check Acceleration Modifier', value: 0}"),
    ("FR-AFFECT-PARAM", "frothy-races/glimmering-orrery.yaml",
     "    2: {name: Lose Named Trait, trait: Flyer}", "    2: Lose Named Trait"),
    ("FR-AFFECT-PARAM", "frothy-races/glimmering-orrery.yaml",
     "    2: {name: Lose Named Trait, trait: Flyer}", "    2: [Haste, Lose Trait]"),
    ("FR-AFFECT-PARAM-UNEXPECTED", "frothy-races/glimmering-orrery.yaml",
     "    2: {name: Lose Named Trait, trait: Flyer}",
     "    2: {name: Lose Named Trait, trait: Flyer, card: whip}"),
    ("FR-AFFECT-PARAM-UNEXPECTED", "frothy-races/glimmering-orrery.yaml",
     "    2: {name: Lose Named Trait, trait: Flyer}", "    2: {name: -1 Reins card, card: Whip}"),
    ("FR-DMG-RANDOM-CHOICES", "frothy-races/glimmering-orrery.yaml", "choices: [Haste, Slow]",
     "choices: [Haste]"),
    ("FR-DMG-RANDOM-CHOICES", "frothy-races/glimmering-orrery.yaml", "choices: [Haste, Slow]",
     "choices: [Haste, random]"),
    ("FR-SPECIAL-FACE", "frothy-races/glimmering-orrery.yaml", "  dual: 2",
     "  dual: 2\n  special:\n    - {name: Mud Lark, custom: true, summary: Sticks.}"),
    ("FR-SPECIAL-FACE", "frothy-races/cogsworth-steam-carriage.yaml",
     "{name: Determination, face: reins, discard: true}", "{name: Determination, discard: true}"),
    ("FR-STAMINA-TRACK", "frothy-races/glimmering-orrery.yaml", "  minimum: 0",
     "  minimum: 10"),
    ("FR-PRINT-TRACK", "frothy-races/glimmering-orrery.yaml", "  maximum: 10",
     "  maximum: 22"),
    ("FR-DMG-AFFECT-LEVEL", "frothy-races/glimmering-orrery.yaml", "    4: Wipe-out",
     "    4: Wipe-out\n    5: Haste"),
    ("FR-STAMINA-AFFECT-LEVEL", "frothy-races/glimmering-orrery.yaml", "  maximum: 10",
     "  maximum: 6"),
    ("FR-DMG-WIPEOUT", "frothy-races/glimmering-orrery.yaml", "    4: Wipe-out",
     "    4: Haste"),
    ("FR-DMG-WIPEOUT", "frothy-races/glimmering-orrery.yaml", "choices: [Haste, Slow]",
     "choices: [Haste, wipe out]"),
    ("CM-RAM-MODIFIER", "circus-maximus/blue-light.yaml", "ram_modifier: -3",
     "ram_modifier: 3"),
    ("CM-RAM-MODIFIER", "circus-maximus/green-faction.yaml", "  scythe_blades: false",
     "  scythe_blades: 'yes'\nram_modifier: 0"),
    ("TRK-MAP-OR-PIECES", "tracks/tin-plate-loop.yaml", "pieces:", "map: |\n  X..X\npieces:"),
    ("TRK-LEGEND-CHAR", "tracks/tanners-twist.yaml", "legend:\n",
     "legend:\n  X: {terrain: solid}\n"),
    ("TRK-RATING-PLAIN", "tracks/tanners-twist.yaml", "k: {terrain: hazard, rating: 1,",
     "k: {terrain: Track, rating: 1,"),
    ("TRK-RACE-TYPE", "tracks/gasometer-gauntlet.yaml", "players: 2-4",
     "players: 2-4\nrace_type: Toughest"),
    ("TRK-RACE-PLAYERS", "tracks/tanners-twist.yaml", "race_type: Fastest",
     "race_type: pursuit"),
    ("TRK-PLAYERS-RANGE", "tracks/bogwater-bowl.yaml", "players: 2-6", "players: 2-7"),
]


def broken(name: str, old: str, new: str) -> str:
    """The shipped file's text with the one edit made."""
    text = (VEHICLES / name).read_text(encoding="utf-8")
    assert old in text, f"{name} no longer has {old!r}"
    return text.replace(old, new, 1)


def schema_errors(text: str) -> list[str]:
    data = json.loads(json.dumps(yaml.safe_load(text)))
    game = GAMES[data["game"]]
    validator = jsonschema.Draft202012Validator(kind_schema(game, game.kinds[data["kind"]]))
    return [error.message for error in validator.iter_errors(data)]


@pytest.mark.parametrize(("rule", "name", "old", "new"), CASES,
                         ids=[f"{c[0]}-{Path(c[1]).stem}" for c in CASES])
def test_check_and_the_editor_schema_both_refuse_the_broken_file(
        rule: str, name: str, old: str, new: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert rule in schema_rules()
    text = broken(name, old, new)
    path = tmp_path / Path(name).name
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(["check", str(path), "--format", "json"], capsys)
    found = {f["rule"] for f in json.loads(out)["findings"] if f["severity"] == "error"}
    assert code == 1 and rule in found, f"check found {sorted(found)}"
    assert schema_errors(text), "the editor's schema took the broken file"


@pytest.mark.parametrize("name", sorted({c[1] for c in CASES}))
def test_the_shipped_file_passes_check_and_the_editor_schema(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", str(VEHICLES / name)], capsys)
    assert code == 0, out
    assert schema_errors((VEHICLES / name).read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(("game_id", "kind"), [(g.id, k) for g in GAMES.values()
                                               for k in g.kinds])
def test_every_kind_schema_is_a_valid_json_schema(game_id: str, kind: str) -> None:
    game = GAMES[game_id]
    jsonschema.Draft202012Validator.check_schema(kind_schema(game, game.kinds[kind]))


@pytest.mark.parametrize("players", ["4-2", "0-3", "2-10"])
def test_a_players_range_check_refuses_is_refused_by_the_schema(
        players: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (VEHICLES / "tracks" / "tanners-twist.yaml").read_text(encoding="utf-8")
    text = text.replace("players: 2-4", f"players: {players}", 1)
    path = tmp_path / "track.yaml"
    path.write_text(text, encoding="utf-8")
    assert run(["check", str(path)], capsys)[0] == 1
    assert schema_errors(text)
