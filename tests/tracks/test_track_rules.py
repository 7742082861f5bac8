"""Every track rule fires on a minimal bad track and is silent on the shipped tracks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.input.findings import Finding, Severity
from generator.tracks.rules import RULES
from tests.conftest import check_file, rule_ids, shipped_files
from tests.track_files import JOY_LOOP, STRIP, TRACKS, write_track

CIRCUIT_WITH_ONE_CHECKPOINT = """\
XXXXXXXXXX
X12=.....X
X34=.....X
X..XXXX..X
X..XXXX..X
X...a....X
X...a....X
XXXXXXXXXX"""

# A circuit whose checkpoint 2 (b) comes before checkpoint 1 (a) when driven from the grid.
CIRCUIT_NUMBERED_BACKWARDS = """\
XXXXXXXXXX
X12=.....X
X34=.....X
X..XXXXbbX
X..XXXX..X
X...a....X
X...a....X
XXXXXXXXXX"""

# A circuit whose checkpoints run 1, 3, 2 round the lap: right at its ends, wrong between.
CIRCUIT_MIDDLE_SWAPPED = """\
XXXXXXXXXX
X12=.a...X
X34=.a...X
X..XXXXccX
X..XXXX..X
X...b....X
X...b....X
XXXXXXXXXX"""

# A circuit with no finish line for a Fox and Hounds: the Fox (slot 1) three spaces ahead.
FOX_CIRCUIT = """\
XXXXXXXXXX
X23..1...X
X45......X
X..XXXX..X
X..XXXX..X
X........X
X........X
XXXXXXXXXX"""

# A Fox and Hounds circuit four spaces wide: the two Hounds lined up across the start at
# either edge of the track (three spaces apart), the Fox ahead of them.
FOX_SPREAD = """\
XXXXXXXXXX
X2...1...X
X........X
X........X
X3.......X
X..XXXX..X
X........X
X........X
XXXXXXXXXX"""

# A Pursuit circuit: slot 1 top left facing 3 o'clock, slot 2 on the far side facing 9.
PURSUIT_CIRCUIT = """\
XXXXXXXXXX
X1.=.....X
X..=.....X
X..XXXXaaX
X..XXXX..X
X...b...2X
X...b....X
XXXXXXXXXX"""

# A Joyride strip three spaces wide whose checkpoint 1 runs barrier to barrier but bends
# (down-right, then down-left): no two tokens pointing at each other set out that line.
BENT_CHECKPOINT = """\
XXXXXXXXXXXXX
X.12...a..=.X
X.34....a.=.X
X......a..=.X
XXXXXXXXXXXXX"""

# rule -> (map, game, fields) of a track that breaks it and as little else as possible.
BAD_CASES: dict[str, tuple[str | None, str, dict[str, Any]]] = {
    "TRK-MAP-CHAR": (STRIP.replace("X12", "#12"), "frothy-races", {}),
    "TRK-LEGEND-CHAR": (STRIP, "frothy-races", {"legend": {".": {"terrain": "track"}}}),
    "TRK-MAP-OR-PIECES": (None, "frothy-races", {}),
    "TRK-TERRAIN": (STRIP.replace("....", "~...", 1), "joyride", {}),
    "TRK-START-SLOTS": (STRIP, "frothy-races", {"players": 6}),
    "TRK-START-NUMBERS": (STRIP.replace("34", "31"), "frothy-races", {}),
    "TRK-START-FACING": (STRIP, "joyride", {"start_facing": 12}),
    "TRK-START-ROOM": (STRIP, "joyride", {}),
    "TRK-FINISH-MISSING": (STRIP.replace("=", "."), "frothy-races", {}),
    "TRK-FINISH-REACH": (STRIP.replace("......=.", ".....X=.").replace("X34......",
                                                                       "X34.....X"),
                         "frothy-races", {}),
    "TRK-CHECKPOINT-NUMBERS": (STRIP.replace("X12...", "X12.b.").replace("X34...", "X34.b."),
                               "frothy-races", {}),
    "TRK-CHECKPOINT-CROSS": (STRIP.replace("X12...", "X12.a."), "frothy-races", {}),
    "TRK-CHECKPOINT-ORDER": (CIRCUIT_NUMBERED_BACKWARDS, "frothy-races", {}),
    "TRK-BARRIER-GAP": (STRIP.replace("=.X", "=.."), "frothy-races", {}),
    "TRK-RACE-GRID": (CIRCUIT_NUMBERED_BACKWARDS.replace("b", "."), "frothy-races",
                      {"race_type": "Toughest"}),
    "TRK-PURSUIT-START": (CIRCUIT_NUMBERED_BACKWARDS.replace("b", "."), "frothy-races",
                          {"race_type": "Pursuit"}),
    # Slot 2 on the far side facing 3 o'clock, as slot 1 does: the other way round.
    "TRK-PURSUIT-WAY": (PURSUIT_CIRCUIT, "frothy-races", {"race_type": "Pursuit"}),
    "TRK-NARROW": (STRIP.replace("X12......", "X12...X.."), "frothy-races", {}),
    "TRK-NARROW-FIELD": (STRIP, "frothy-races", {"players": 3}),
    "TRK-ISLAND": (STRIP + "\nX...X", "frothy-races", {}),
    "TRK-LAP-LENGTH": (STRIP, "frothy-races", {}),
    "TRK-DRIVE-REACH": (STRIP, "frothy-races", {"start_facing": 9}),
    "TRK-LAP-DIRECTION": (CIRCUIT_WITH_ONE_CHECKPOINT, "frothy-races", {}),
    "TRK-RACE-TYPE": (STRIP, "joyride", {"race_type": "Toughest"}),
    "TRK-RACE-PLAYERS": (STRIP, "frothy-races", {"race_type": "Pursuit", "players": "2-4"}),
    "TRK-RACE-CIRCUIT": (STRIP, "frothy-races", {"race_type": "Toughest"}),
    "TRK-RACE-NEEDS-CIRCUIT": (STRIP, "frothy-races", {"race_type": "Fox and Hounds"}),
    "TRK-FOX-START": (FOX_CIRCUIT.replace("X23..1", "X21...").replace("X45", "X43"),
                      "frothy-races", {"race_type": "Fox and Hounds", "players": 4}),
    # A Hound (slot 5) started round the far bend, away from the pack on the start.
    "TRK-FOX-PACK": (FOX_CIRCUIT.replace("X45", "X4.").replace(
        "X........X\nXXXX", "X....5...X\nXXXX"), "frothy-races",
                     {"race_type": "Fox and Hounds", "players": 5}),
    "TRK-PLAYERS-RANGE": (STRIP, "frothy-races", {"players": "1-4"}),
    "TRK-LAPS-NO-LOOP": (STRIP, "frothy-races", {"laps": 3}),
    "TRK-LAPS-UNUSED": (CIRCUIT_NUMBERED_BACKWARDS.replace("b", "."), "frothy-races",
                        {"race_type": "Furthest", "laps": 3}),
    "TRK-RATING-PLAIN": (STRIP.replace("X12...", "X12.k."), "frothy-races",
                         {"legend": {"k": {"terrain": "track", "rating": 1}}}),
    "TRK-MARKERS-PLACE": (STRIP.replace("X12...", "X12.k."), "frothy-races",
                          {"legend": {"k": {"terrain": "track", "markers": 2}}}),
    "TRK-ITEMS-NONE": (STRIP.replace("X12...", "X12.?."), "joyride", {}),
    # Five face-down pick-ups and one recommended item: four tokens to lay them with.
    "TRK-ITEMS-TOKENS": (STRIP.replace("X12...", "X12???").replace("X34...", "X34??."),
                         "joyride", {"items": ["Rocket"]}),
    "TRK-ITEMS-UNKNOWN": (STRIP, "joyride", {"items": ["Rocket", "Banana Skin"]}),
    "TRK-ITEMS-OTHER-NAME": (STRIP, "joyride", {"items": ["Oil Slick", "Missile"]}),
    "TRK-CHECKPOINT-SEQUENCE": (CIRCUIT_MIDDLE_SWAPPED, "frothy-races", {}),
    "TRK-CHECKPOINT-STRAIGHT": (BENT_CHECKPOINT, "joyride", {}),
    # A starting slot drawn on a Joyride map, beside its starting line.
    "TRK-START-ON-LINE": (JOY_LOOP.replace("X.......=", "X......1=", 1), "joyride", {}),
    # A barrier two spaces ahead of one place on the starting line.
    "TRK-START-RUNWAY": (JOY_LOOP.replace("X.......=......X", "X.......=..X...X", 1),
                         "joyride", {}),
    "TRK-ITEMS-TWICE": (JOY_LOOP, "joyride", {"items": ["Rocket", "Mine", "ROCKET"]}),
    "TRK-ITEMS-UNUSED": (JOY_LOOP, "joyride", {"items": ["Rocket"]}),
    "TRK-ITEMS-SPACE": (JOY_LOOP.replace("XXXXXXXX", "XXXXXXXk", 1), "joyride", {
        "items": ["Rocket"], "legend": {"k": {"terrain": "barrier", "item": True}}}),
    "TRK-SPECIAL-RULES": (STRIP.replace("X12...", "X12.!."), "frothy-races", {}),
    "TRK-LAYOUT-FIELDS": (STRIP, "joyride", {"location": None}),
    "TRK-PIECE-UNKNOWN": (None, "frothy-races", {"pieces": ["strait"]}),
    "TRK-PIECE-JOIN": (None, "frothy-races", {"pieces": ["start", "finish"], "closed": True}),
    "TRK-PIECE-OVERLAP": (None, "frothy-races", {"pieces": ["curve-60-left"] * 7}),
    "TRK-PRINT-ICON": (STRIP.replace("X12...", "X12.s."), "frothy-races",
                       {"legend": {"s": {"terrain": "special", "icon": "nosuch"}},
                        "special_rules": "s: a spring; it throws you one space on."}),
    "TRK-PRINT-TEXT": (STRIP, "frothy-races", {"description": "A very long tale. " * 400}),
}


def findings_of(tmp_path: Path, rule_id: str) -> list[Finding]:
    map_text, game, fields = BAD_CASES[rule_id]
    path = write_track(tmp_path, map_text=map_text, game=game, **fields)
    return check_file(path).findings


def test_every_rule_has_a_bad_case_here() -> None:
    assert set(BAD_CASES) == set(RULES.rules)


def test_every_rule_but_the_print_checks_has_a_registered_check() -> None:
    # TRK-ITEMS-UNKNOWN reads the run's item files too: the track kind's cross-file check.
    # TRK-LAYOUT-FIELDS reads the file's own keys, which the model's defaults hide.
    assert sorted(RULES.unchecked()) == ["TRK-ITEMS-UNKNOWN", "TRK-LAYOUT-FIELDS",
                                         "TRK-PRINT-ICON", "TRK-PRINT-TEXT"]


def test_the_clean_strip_has_only_its_lap_length(tmp_path: Path) -> None:
    assert rule_ids(check_file(write_track(tmp_path)).findings) == {"TRK-LAP-LENGTH"}


@pytest.mark.parametrize("rule_id", sorted(BAD_CASES))
def test_rule_fires_on_its_minimal_bad_case(tmp_path: Path, rule_id: str) -> None:
    findings = findings_of(tmp_path, rule_id)
    fired = [f for f in findings if f.rule == rule_id]
    assert fired, f"{rule_id} did not fire; got {sorted(rule_ids(findings))}"
    rule = RULES[rule_id]
    for finding in fired:
        assert finding.severity is rule.severity
        assert finding.source == rule.source
        assert finding.source.startswith(("Frothy Races guide 3.6, ", "Joyride prototype",
                                          "Paddock file format, "))
        assert finding.mark.line >= 1 and finding.mark.column >= 1
        assert "{{" not in finding.message and finding.message


@pytest.mark.parametrize("path", shipped_files("tracks"), ids=lambda p: p.stem)
def test_shipped_tracks_only_report_their_lap_length(path: Path) -> None:
    loaded = check_file(path)
    assert len(loaded.definitions) == 1
    assert [f.rule for f in loaded.findings] == ["TRK-LAP-LENGTH"]
    assert loaded.findings[0].severity is Severity.INFO


def test_at_least_three_original_tracks_ship_for_both_games() -> None:
    games = {check_file(p, templates=False).definitions[0].game.id
             for p in shipped_files("tracks")}
    assert len(shipped_files("tracks")) >= 3
    assert games == {"frothy-races", "joyride"}


def test_checkpoints_numbered_with_the_drive_are_silent(tmp_path: Path) -> None:
    backwards = check_file(write_track(tmp_path, map_text=CIRCUIT_NUMBERED_BACKWARDS))
    (finding,) = [f for f in backwards.findings if f.rule == "TRK-CHECKPOINT-ORDER"]
    assert finding.message.startswith("driving the way the grid faces, checkpoint 2 comes ")
    assert (finding.mark.line, finding.mark.column) == (10, 10)
    swapped = CIRCUIT_NUMBERED_BACKWARDS.replace("a", "c").replace("b", "a").replace("c", "b")
    ordered = check_file(write_track(tmp_path, "ok.yaml", map_text=swapped))
    assert "TRK-CHECKPOINT-ORDER" not in rule_ids(ordered.findings)


@pytest.mark.parametrize(("rows", "game", "bends"), [
    (("...a..", "....a.", "...a.."), "joyride", True),      # down-right, then down-left
    (("...a..", "...a..", "..aa.."), "joyride", True),      # a foot at the bottom
    (("...a..", "...a..", "..a..."), "joyride", False),     # a hex diagonal (one s)
    (("...a..", "...a..", "...a.."), "joyride", False),     # one column of the map
    (("...a..", "....a.", "...a.."), "frothy-races", False),  # lines not set by tokens
])
def test_a_joyride_line_is_one_straight_row(tmp_path: Path, rows: tuple[str, str, str],
                                            game: str, bends: bool) -> None:
    # Checkpoint 2 of the Joyride loop moved into its top straight, three spaces wide.
    lines = JOY_LOOP.replace("bbb", "...").splitlines()
    map_text = "\n".join([lines[0], *(f"{line[:4]}{row.replace('a', 'b')}{line[10:]}"
                                      for line, row in zip(lines[1:4], rows, strict=True)),
                          *lines[4:]])
    findings = check_file(write_track(tmp_path, map_text=map_text, game=game)).findings
    fired = [f for f in findings if f.rule == "TRK-CHECKPOINT-STRAIGHT"]
    assert bool(fired) is bends
    assert rule_ids(findings) - {"TRK-CHECKPOINT-STRAIGHT"} == {"TRK-LAP-LENGTH"}
    lines = (tmp_path / "track.yaml").read_text().splitlines()
    for finding in fired:
        assert lines[finding.mark.line - 1][finding.mark.column - 1] == "b"


SET_UP_CLEAN: dict[str, tuple[str, str, dict[str, Any]]] = {
    "a Fox three spaces ahead of the pack": (FOX_CIRCUIT, "frothy-races", {
        "race_type": "Fox and Hounds", "players": 5}),
    "Hounds spread across the start line, a Fox ahead": (FOX_SPREAD, "frothy-races", {
        "race_type": "Fox and Hounds", "players": 3}),
    "a Pursuit on a circuit": (PURSUIT_CIRCUIT, "frothy-races", {
        "race_type": "Pursuit", "players": 2, "slot_facings": {2: 9}}),
    "2 players (the game's least)": (STRIP, "frothy-races", {"players": 2}),
    "three laps of a circuit": (CIRCUIT_MIDDLE_SWAPPED.replace("c", "x").replace(
        "b", "c").replace("x", "b"), "frothy-races", {"laps": 3}),
    "a rated hazard": (STRIP.replace("X12...", "X12.k."), "frothy-races",
                       {"legend": {"k": {"terrain": "hazard", "rating": 1}}}),
}


@pytest.mark.parametrize("case", sorted(SET_UP_CLEAN))
def test_race_set_ups_the_rulebooks_allow_are_clean(tmp_path: Path, case: str) -> None:
    map_text, game, fields = SET_UP_CLEAN[case]
    findings = check_file(write_track(tmp_path, map_text=map_text, game=game, **fields)).findings
    # (tight test circuits may warn that the drive model cannot turn in time: not errors)
    assert [f.rule for f in findings if f.severity is Severity.ERROR] == []


def test_a_hound_away_from_the_pack_is_named_at_its_slot(tmp_path: Path) -> None:
    fired = [f for f in findings_of(tmp_path, "TRK-FOX-PACK") if f.rule == "TRK-FOX-PACK"]
    assert [f.message for f in fired] == [
        "in a Fox and Hounds race the Hounds line up together on the start, and slot 5 "
        "stands apart from the pack (slots 2, 3, 4)"]
    lines = (tmp_path / "track.yaml").read_text().splitlines()
    assert lines[fired[0].mark.line - 1][fired[0].mark.column - 1] == "5"


def test_a_hound_level_with_the_pack_across_the_infield_stands_apart(tmp_path: Path) -> None:
    # Slot 3 on the far straight, level with slot 2 but with the infield wall between them.
    across = FOX_SPREAD.replace("X2...1...X", "X...2..1.X").replace("X3.......X", "X........X")
    across = across.replace("X........X\nXXXXXXXXXX", "X...3....X\nXXXXXXXXXX")
    path = write_track(tmp_path, map_text=across, game="frothy-races",
                       race_type="Fox and Hounds", players=3)
    assert [f.rule for f in check_file(path).findings if f.severity is Severity.ERROR] == [
        "TRK-FOX-PACK"]


def test_hounds_one_space_apart_are_still_one_pack(tmp_path: Path) -> None:
    spaced = FOX_CIRCUIT.replace("X23..1", "X2.3.1").replace("X45", "X.4")
    findings = check_file(write_track(tmp_path, map_text=spaced, race_type="Fox and Hounds",
                                      players=4)).findings
    assert [f.rule for f in findings if f.severity is not Severity.INFO
            and f.rule.startswith("TRK-FOX")] == []


@pytest.mark.parametrize("race_type", ["Furthest", "Toughest", "Pursuit", "Fox and Hounds"])
def test_a_race_not_decided_by_laps_needs_no_lap_direction(tmp_path: Path,
                                                          race_type: str) -> None:
    map_text, game, fields = BAD_CASES["TRK-LAP-DIRECTION"]
    findings = check_file(write_track(tmp_path, map_text=map_text, game=game,
                                      **{**fields, "race_type": race_type})).findings
    assert "TRK-LAP-DIRECTION" not in rule_ids(findings)


def test_a_one_lap_finish_line_racers_can_drive_round_is_an_error(tmp_path: Path) -> None:
    short = STRIP.replace("X34......=.X", "X34........X")  # the line stops half way across
    findings = check_file(write_track(tmp_path, map_text=short)).findings
    (finding,) = [f for f in findings if f.severity is Severity.ERROR]
    assert finding.rule == "TRK-CHECKPOINT-CROSS"
    assert finding.message.startswith("the finish line does not run from barrier to barrier")
    assert (finding.mark.line, finding.mark.column) == (8, 12)
    assert rule_ids(check_file(write_track(tmp_path, "ok.yaml")).findings) == {"TRK-LAP-LENGTH"}


def test_a_point_to_point_race_of_laps_says_so_plainly_and_only_so(tmp_path: Path) -> None:
    findings = check_file(write_track(tmp_path, laps=2)).findings
    assert [f.rule for f in findings if f.severity is Severity.ERROR] == ["TRK-LAPS-NO-LOOP"]
    assert [f.message for f in findings if f.rule == "TRK-LAPS-NO-LOOP"] == [(
        "this track does not loop back to its start / finish line, "
                                   "so it cannot be raced for 2 laps")]


def test_checkpoints_out_of_order_in_the_middle_of_the_lap(tmp_path: Path) -> None:
    (finding,) = [f for f in check_file(write_track(tmp_path, map_text=CIRCUIT_MIDDLE_SWAPPED))
                  .findings if f.severity is Severity.ERROR]
    assert finding.rule == "TRK-CHECKPOINT-SEQUENCE"
    assert finding.message == ("from checkpoint 1 no stretch of track reaches checkpoint 2 "
                               "without crossing another line; checkpoint 1 leads on to 3: the "
                               "checkpoints are numbered out of order")


# A there-and-back Joyride course: the starting line across the middle of a straight with a
# loop at each end. A lap goes out over checkpoint 1 to the right-hand loop (checkpoint 2),
# back over checkpoint 1 and the starting line to the left-hand loop (checkpoint 3) and back.
DOGBONE = """\
XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX
X....c.....XXXXXXXXXXXXXXXXXXXXX...........X
X....c.....XXXXXXXXXXXXXXXXXXXXX...........X
X....c.....XXXXXXXXXXXXXXXXXXXXX...........X
X...XXXX...XXXXXXXXXXXXXXXXXXXXX...XXXXX...X
X...XXXX...........=.......a.......XXXXX...X
X...XXXX...........=.......a.......XXXXXbbbX
X...XXXX...........=.......a.......XXXXX...X
X...XXXX...........=.......a.......XXXXX...X
X...XXXX...XXXXXXXXXXXXXXXXXXXXX...XXXXX...X
X..........XXXXXXXXXXXXXXXXXXXXX...........X
X..........XXXXXXXXXXXXXXXXXXXXX...........X
X..........XXXXXXXXXXXXXXXXXXXXX...........X
XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"""


# The same course with checkpoint 1 on the right-hand loop, 2 and 3 on the left-hand one: a
# lap goes back over the starting line between checkpoints 1 and 2.
DOGBONE_OUT_AND_BACK = """\
XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX
X....b.....XXXXXXXXXXXXXXXXXXXXX...........X
X....b.....XXXXXXXXXXXXXXXXXXXXX...........X
X....b.....XXXXXXXXXXXXXXXXXXXXX...........X
X...XXXX...XXXXXXXXXXXXXXXXXXXXX...XXXXX...X
X...XXXX...........=...............XXXXX...X
XcccXXXX...........=...............XXXXXaaaX
X...XXXX...........=...............XXXXX...X
X...XXXX...........=...............XXXXX...X
X...XXXX...XXXXXXXXXXXXXXXXXXXXX...XXXXX...X
X..........XXXXXXXXXXXXXXXXXXXXX...........X
X..........XXXXXXXXXXXXXXXXXXXXX...........X
X..........XXXXXXXXXXXXXXXXXXXXX...........X
XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"""


@pytest.mark.parametrize("map_text", [DOGBONE, DOGBONE_OUT_AND_BACK])
def test_a_there_and_back_lap_is_in_order(tmp_path: Path, map_text: str) -> None:
    # Crossing a checkpoint already crossed (1, between 2 and 3), or the starting line
    # before the last checkpoint (between 1 and 2), counts for nothing (Checkpoint Tokens):
    # neither line parts one checkpoint from the next. Numbered wrong, a lap still is.
    path = write_track(tmp_path, map_text=map_text, game="joyride", players="2-4")
    assert [f.rule for f in check_file(path).findings if f.severity is Severity.ERROR] == []
    misnumbered = map_text.replace("a", "x").replace("c", "a").replace("x", "c")
    path = write_track(tmp_path, "bad.yaml", map_text=misnumbered, game="joyride", players="2-4")
    assert rule_ids(check_file(path).findings) & {"TRK-CHECKPOINT-SEQUENCE",
                                                   "TRK-CHECKPOINT-ORDER"}


def test_recommended_items_may_be_defined_in_the_projects_item_files(tmp_path: Path) -> None:
    (tmp_path / "vehicles" / "joyride" / "items").mkdir(parents=True)
    (tmp_path / "vehicles" / "joyride" / "items" / "skin.yaml").write_text(
        "game: joyride\nkind: item\nname: Banana Skin\n", encoding="utf-8")
    folder = tmp_path / "vehicles" / "tracks"
    folder.mkdir()
    path = write_track(folder, map_text=STRIP, game="joyride", items=["Banana Skin", "Nitro"])
    assert "TRK-ITEMS-UNKNOWN" not in rule_ids(check_file(path).findings)
    frothy = write_track(folder, "frothy.yaml", map_text=STRIP, items=["Banana Skin"])
    (finding,) = [f for f in check_file(frothy).findings if f.rule == "TRK-ITEMS-UNKNOWN"]
    assert finding.message == "recommended item 'Banana Skin': Frothy Races has no items"
    other = write_track(folder, "other.yaml", map_text=STRIP, game="joyride",
                        items=["Banana Skins"])
    (finding,) = [f for f in check_file(other).findings if f.rule == "TRK-ITEMS-UNKNOWN"]
    assert "did you mean 'Banana Skin'?" in finding.message


def test_an_item_file_under_a_standard_name_is_not_offered_twice(tmp_path: Path) -> None:
    # 'rocket' and 'missile' item files are JR-ITEM-STANDARD-NAME errors, and the Rocket
    # still: the unknown item's suggestion and list give the rulebook's spelling once.
    items = tmp_path / "vehicles" / "joyride" / "items"
    items.mkdir(parents=True)
    for name in ("rocket", "missile", "Tar Pit"):
        (items / f"{name}.yaml").write_text(
            f"game: joyride\nkind: item\nname: {name}\n", encoding="utf-8")
    folder = tmp_path / "vehicles" / "tracks"
    folder.mkdir()
    path = write_track(folder, map_text=STRIP, game="joyride", items=["Rockets"])
    (finding,) = [f for f in check_file(path).findings if f.rule == "TRK-ITEMS-UNKNOWN"]
    assert "did you mean 'Rocket'?" in finding.message
    assert finding.hint == ("use one of Rocket, Mine, Oil Slick, Nitro, Tar Pit, or define it "
                            "in a 'kind: item' file")


def test_the_rulebooks_own_layout_may_recommend_a_missile(tmp_path: Path) -> None:
    # Training Wheels (the Junkyard layout) recommends MISSILE, OIL SLICK, NITRO and MINE:
    # the Missile is the Rocket, known to the stack, with advice to print it as the Rocket.
    path = write_track(tmp_path, map_text=STRIP, game="joyride",
                       items=["MISSILE", "Oil Slick", "Nitro", "Mine"])
    found = check_file(path).findings
    assert "TRK-ITEMS-UNKNOWN" not in rule_ids(found)
    (finding,) = [f for f in found if f.rule == "TRK-ITEMS-OTHER-NAME"]
    assert finding.severity is Severity.INFO
    assert finding.message == ("recommended item 'MISSILE' is the rulebook's other name for the "
                               "Rocket; its pick-ups print as 'MISSILE' and its card as "
                               "'Rocket'")
    assert finding.hint == "write Rocket so the pick-ups match the card"
    rocket = write_track(tmp_path, "rocket.yaml", STRIP, "joyride",
                         items=["Rocket", "Oil Slick", "Nitro", "Mine"])
    assert "TRK-ITEMS-OTHER-NAME" not in rule_ids(check_file(rocket).findings)


@pytest.mark.parametrize("game", ["joyride", "frothy-races"])
def test_special_spaces_need_their_rules_written_down(tmp_path: Path, game: str) -> None:
    legend = {"r": {"terrain": "special", "label": "tram rails"}}
    map_text = STRIP.replace("X12...", "X12.r.").replace("X34...", "X34.!.")
    path = write_track(tmp_path, map_text=map_text, game=game, legend=legend)
    (finding,) = [f for f in check_file(path).findings if f.rule == "TRK-SPECIAL-RULES"]
    assert finding.message == ("the map has 2 special spaces (special space, tram rails) and "
                               "no special_rules to say what they do")
    marked = path.read_text().splitlines()[finding.mark.line - 1]
    assert marked.startswith("  X12.r.") and finding.mark.column == 7  # the first one
    explained = write_track(tmp_path, "ok.yaml", map_text=map_text, game=game, legend=legend,
                            special_rules="Tram rails: steer at once. !: lose a die.")
    assert "TRK-SPECIAL-RULES" not in rule_ids(check_file(explained).findings)


@pytest.mark.parametrize("left_out", [("laps",), ("location", "description"),
                                      ("difficulty",), ("items",), ("location", "items")])
def test_a_joyride_layout_gives_every_field_the_race_guide_prints(
        tmp_path: Path, left_out: tuple[str, ...]) -> None:
    path = write_track(tmp_path, map_text=STRIP, game="joyride")
    kept = [line for line in path.read_text().splitlines()
            if not line.startswith(tuple(f"{name}:" for name in left_out))]
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    findings = check_file(path).findings
    (finding,) = [f for f in findings if f.rule == "TRK-LAYOUT-FIELDS"]
    assert finding.severity is Severity.WARNING
    assert finding.message.startswith(f"the layout leaves out {', '.join(left_out)}; ")
    assert (finding.mark.line, finding.mark.column) == (1, 1)
    frothy = write_track(tmp_path, "frothy.yaml", map_text=STRIP)  # Frothy has no such list
    assert "TRK-LAYOUT-FIELDS" not in rule_ids(check_file(frothy).findings)


def test_a_joyride_layout_raced_without_items_says_so(tmp_path: Path) -> None:
    """Each layout names its item mix (Track Layouts); most have items, not all: an empty
    list is a layout without items, and only a list left out is a warning."""
    path = write_track(tmp_path, map_text=STRIP, game="joyride", items=[])
    assert "TRK-LAYOUT-FIELDS" not in rule_ids(check_file(path).findings)
    path = write_track(tmp_path, map_text=STRIP, game="joyride", items=None)
    (finding,) = [f for f in check_file(path).findings if f.rule == "TRK-LAYOUT-FIELDS"]
    assert finding.message.startswith("the layout leaves out items; ")
    assert finding.hint.endswith("(items: [] for a race without items)")
    gates = write_track(tmp_path, map_text=JOY_LOOP.replace("bbb", "BBB"), game="joyride",
                        players="2-4", items=None)  # item checkpoints with no items: one error
    found = check_file(gates).findings
    assert "TRK-ITEMS-NONE" in rule_ids(found) and "TRK-LAYOUT-FIELDS" not in rule_ids(found)


@pytest.mark.parametrize(("field", "value"), [("location", '""'), ("description", "'  '")])
def test_a_joyride_layout_field_written_blank_is_left_out(
        tmp_path: Path, field: str, value: str) -> None:
    """A blank location or description prints as nothing, like one left out; the finding
    points at the blank value."""
    path = write_track(tmp_path, map_text=STRIP, game="joyride")
    lines = [f"{field}: {value}" if line.startswith(f"{field}:") else line
             for line in path.read_text().splitlines()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (finding,) = [f for f in check_file(path).findings if f.rule == "TRK-LAYOUT-FIELDS"]
    assert finding.severity is Severity.WARNING
    assert finding.message.startswith(f"the layout leaves out {field}; ")
    marked = path.read_text().splitlines()[finding.mark.line - 1]
    assert marked == f"{field}: {value}"
    assert finding.mark.column == len(field) + 3


def test_a_map_edge_with_no_barrier_is_a_gap(tmp_path: Path) -> None:
    path = write_track(tmp_path, map_text=STRIP.replace("=.X", "=.."))
    (finding,) = [f for f in check_file(path).findings if f.rule == "TRK-BARRIER-GAP"]
    assert finding.message == ("2 track spaces at line:column 8:14, 9:14 lie on the edge "
                               "of the map with no barrier beyond")


def test_a_pursuit_grid_on_opposite_sides_is_silent(tmp_path: Path) -> None:
    spread = """\
XXXXXXXXXX
X1.=.....X
X..=.....X
X..XXXXbbX
X..XXXX..X
X...a...2X
X...a....X
XXXXXXXXXX"""
    path = write_track(tmp_path, map_text=spread.replace("a", "x").replace("b", "a")
                       .replace("x", "b"), race_type="Pursuit", slot_facings={2: 9})
    findings = check_file(path).findings
    assert "TRK-RACE-GRID" not in rule_ids(findings)
    bunched = check_file(write_track(tmp_path, "bunched.yaml", map_text=CIRCUIT_NUMBERED_BACKWARDS
                                     .replace("b", "."), race_type="Toughest", players=4))
    (finding,) = [f for f in bunched.findings if f.rule == "TRK-RACE-GRID"]
    assert finding.message.startswith("starting slots 1 and 2 are 1 space apart; a Toughest race")


def line_of(path: Path, finding: Finding) -> str:
    return path.read_text(encoding="utf-8").splitlines()[finding.mark.line - 1]


def test_a_bad_map_character_is_reported_at_its_own_line_and_column(tmp_path: Path) -> None:
    path = write_track(tmp_path, map_text=STRIP.replace("X34....", "X34.&.."))
    (finding,) = [f for f in check_file(path).findings if f.rule == "TRK-MAP-CHAR"]
    assert line_of(path, finding)[finding.mark.column - 1] == "&"
    assert (finding.mark.line, finding.mark.column) == (9, 7)
    assert finding.message == "map: '&' is not in the legend"


def test_positions_hold_with_an_indentation_indicator_and_leading_spaces(
        tmp_path: Path) -> None:
    path = tmp_path / "indented.yaml"
    path.write_text("game: frothy-races\nkind: track\nname: Indented\nplayers: 2\n"
                    "start_facing: 3\nmap: |2\n    XXXXXXXX\n  X12...=.X\n  X34..%=.X\n"
                    "  XXXXXXXXXX\n")
    (bad,) = [f for f in check_file(path).findings if f.rule == "TRK-MAP-CHAR"]
    assert (bad.mark.line, bad.mark.column) == (9, 8)
    assert line_of(path, bad)[bad.mark.column - 1] == "%"


def test_a_hash_is_explained_as_a_yaml_comment_not_a_wall(tmp_path: Path) -> None:
    path = write_track(tmp_path, map_text=STRIP.replace("X12", "#12"))
    (finding,) = [f for f in check_file(path).findings if f.rule == "TRK-MAP-CHAR"]
    assert "barriers are 'X'" in finding.message


def test_a_map_that_is_not_a_literal_block_is_refused_at_the_key(tmp_path: Path) -> None:
    path = tmp_path / "folded.yaml"
    path.write_text("game: frothy-races\nkind: track\nname: Folded\nplayers: 2\n"
                    "start_facing: 3\nmap: >\n  XXXX\n  X1=X\n")
    findings = check_file(path).findings
    (finding,) = [f for f in findings if f.rule == "SCHEMA-VALUE"]
    assert finding.mark.line == 6
    assert "literal block" in finding.message


def test_the_narrowest_point_names_its_hexes_by_line_and_column(tmp_path: Path) -> None:
    map_text, game, fields = BAD_CASES["TRK-NARROW"]
    path = write_track(tmp_path, map_text=map_text, game=game, **fields)
    (finding,) = [f for f in check_file(path).findings if f.rule == "TRK-NARROW"]
    assert finding.message == ("the track narrows to 1 space at line:column 9:9; one wreck "
                               "there would block it unless wreckage may be jumped")
    assert finding.severity is Severity.WARNING  # the guide forbids no width (Scale)
    assert (finding.mark.line, finding.mark.column) == (9, 9)
    assert line_of(path, finding)[8] == "."
    assert line_of(path, finding)[8 - 1:8 + 1] == ".."  # under the wall that narrows it
    assert path.read_text().splitlines()[7][8] == "X"


def test_an_unreachable_finish_names_the_slot_and_the_line(tmp_path: Path) -> None:
    findings = findings_of(tmp_path, "TRK-FINISH-REACH")
    messages = [f.message for f in findings if f.rule == "TRK-FINISH-REACH"]
    assert "from starting slot 1 no route of track spaces reaches the finish line" in messages
    assert len(messages) == 4


def test_a_checkpoint_out_of_order_names_the_missing_one(tmp_path: Path) -> None:
    findings = findings_of(tmp_path, "TRK-CHECKPOINT-NUMBERS")
    (finding,) = [f for f in findings if f.rule == "TRK-CHECKPOINT-NUMBERS"]
    assert finding.message == "checkpoint 2 is marked but checkpoint 1 is not"


def test_lap_length_compares_the_path_with_the_drive(tmp_path: Path) -> None:
    (finding,) = findings_of(tmp_path, "TRK-LAP-LENGTH")
    assert finding.message == (
        "course length 7 hexes by the shortest path, 7 for a vehicle turning 30 degrees "
        "after each 2-space movement phase (0% longer); the starting slots differ by up to "
        "1 hex")


def test_a_joyride_lap_length_names_places_on_the_line_not_slots() -> None:
    (finding,) = check_file(TRACKS / "gasometer-gauntlet.yaml").findings
    assert finding.message.endswith("the starting places on the line differ by up to 3 hexes")


def test_a_tight_circuit_drives_longer_than_its_path() -> None:
    (finding,) = check_file(TRACKS / "tin-plate-loop.yaml").findings
    assert finding.message.startswith("course length 26 hexes by the shortest path, 31 for "
                                      "a vehicle turning 30 degrees")


def test_joyride_describes_its_own_movement(tmp_path: Path) -> None:
    path = write_track(tmp_path, game="joyride")
    (finding,) = [f for f in check_file(path).findings if f.rule == "TRK-LAP-LENGTH"]
    assert "for a vehicle steering at the start of each 2-space move" in finding.message


def test_a_joyride_line_start_counts_places_with_room_behind(tmp_path: Path) -> None:
    line_start = ("XXXXXXXXXX\n"
                  "X.=......X\n"
                  "X.=......X\n"
                  "XX=......X\n"
                  "XXXXXXXXXX")
    path = write_track(tmp_path, map_text=line_start.replace("......X", "..a...X"),
                       game="joyride", players=3, laps=1)
    findings = check_file(path).findings
    (slots,) = [f for f in findings if f.rule == "TRK-START-SLOTS"]
    assert slots.message == ("3 players need 3 starting places; the track has 2 usable "
                             "places on its starting line")


def test_the_pieces_join_error_says_how_far_the_circuit_is_from_closing(
        tmp_path: Path) -> None:
    findings = findings_of(tmp_path, "TRK-PIECE-JOIN")
    (finding,) = [f for f in findings if f.rule == "TRK-PIECE-JOIN"]
    assert finding.message == ("the last piece (finish) does not meet the first: its exit "
                               "ends 6 hexes from the first entry")


def test_an_unknown_piece_suggests_the_standard_name(tmp_path: Path) -> None:
    (finding,) = findings_of(tmp_path, "TRK-PIECE-UNKNOWN")
    assert finding.message == "'strait' is not a standard track piece; did you mean 'straight'?"
    assert finding.mark.line == 7
    assert "strait" in Path(finding.mark.file).read_text().splitlines()[6]


def test_paddock_check_reports_track_findings_like_vehicle_findings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from generator.commands.cli import main
    from tests.commands.test_cli import LINE
    path = write_track(tmp_path, map_text=STRIP.replace("X34....", "X34.&.."))
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    (match,) = [m for m in map(LINE.match, out.splitlines()) if m and m["rule"] == "TRK-MAP-CHAR"]
    assert (match["line"], match["col"], match["sev"]) == ("9", "7", "error")
    assert match["source"] == "Paddock file format, Track maps"
    assert main(["check", str(write_track(tmp_path, "clean.yaml"))]) == 0
    assert main(["check", "--strict", str(write_track(tmp_path, "field.yaml", players=3))]) == 1


def test_rules_and_schema_list_the_track_kind_for_both_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    from generator.commands.cli import main
    assert main(["rules", "joyride"]) == 0
    listed = capsys.readouterr().out
    assert "TRK-NARROW " in listed and "Frothy Races guide 3.6, Movement > 'Wipe-out'" in listed
    assert main(["schema", "frothy-races"]) == 0
    schema = capsys.readouterr().out
    assert "## kind: track" in schema and "`map` (optional)" in schema
    assert "`legend.rating` (optional)" in schema


@pytest.mark.parametrize(("race_type", "laps"), [("Fastest", 3), ("Furthest", 1),
                                                  ("Toughest", 1)])
def test_laps_are_not_reported_where_they_count_or_are_left_alone(
        tmp_path: Path, race_type: str, laps: int) -> None:
    path = write_track(tmp_path, map_text=CIRCUIT_NUMBERED_BACKWARDS.replace("b", "."),
                       game="frothy-races", race_type=race_type, laps=laps)
    assert "TRK-LAPS-UNUSED" not in rule_ids(check_file(path).findings)


@pytest.mark.parametrize("race_type", ["Toughest", "Pursuit", "Fox and Hounds"])
def test_laps_count_for_no_race_type_but_fastest(tmp_path: Path, race_type: str) -> None:
    path = write_track(tmp_path, map_text=CIRCUIT_NUMBERED_BACKWARDS.replace("b", "."),
                       game="frothy-races", race_type=race_type, laps=2, players=2)
    assert "TRK-LAPS-UNUSED" in rule_ids(check_file(path).findings)


@pytest.mark.parametrize("items", [["Rocket", "Mine"], ["Rocket", "rocket ", "Mine"]])
def test_pickups_within_the_tokens_are_not_reported(tmp_path: Path, items: list[str]) -> None:
    path = write_track(tmp_path, map_text=STRIP.replace("X12...", "X12???").replace(
        "X34...", "X34??."), game="joyride", items=items)
    assert "TRK-ITEMS-TOKENS" not in rule_ids(check_file(path).findings)


def test_one_item_named_twice_is_still_four_tokens(tmp_path: Path) -> None:
    path = write_track(tmp_path, map_text=STRIP.replace("X12...", "X12???").replace(
        "X34...", "X34??."), game="joyride", items=["Rocket", "ROCKET"])
    assert "TRK-ITEMS-TOKENS" in rule_ids(check_file(path).findings)


def gasometer_with(row: int, column: int, char: str) -> str:
    """The shipped Joyride track with one map character changed (row 0 is the top wall)."""
    return _put((TRACKS / "gasometer-gauntlet.yaml").read_text(encoding="utf-8"),
                row, column, char)


def test_a_barrier_ahead_of_one_place_does_not_turn_the_lap_round(tmp_path: Path) -> None:
    # Five spaces ahead of the top place of the starting line: that place alone finds the
    # way to checkpoint 1 longer than a U-turn to checkpoint 3; the others do not.
    path = tmp_path / "track.yaml"
    path.write_text(gasometer_with(12, 20, "X"), encoding="utf-8")
    findings = check_file(path).findings
    assert rule_ids(findings) == {"TRK-START-RUNWAY", "TRK-LAP-LENGTH"}
    backwards = tmp_path / "backwards.yaml"
    backwards.write_text(gasometer_with(12, 20, "X").replace("start_facing: 3",
                                                             "start_facing: 9"))
    (order,) = [f for f in check_file(backwards).findings if f.rule == "TRK-CHECKPOINT-ORDER"]
    assert order.message.startswith("driving the way the starting line faces, checkpoint 3 ")
    assert order.hint.endswith("or turn the starting line (start_facing)")


def gasometer_line_at(column: int, char: str = "=") -> str:
    """The shipped Joyride track with its starting line (or, for another ``char``, that
    line drawn too) moved to ``column`` of the bottom straight, rows 12 to 16."""
    text = (TRACKS / "gasometer-gauntlet.yaml").read_text(encoding="utf-8")
    text = text.replace("=", ".") if char == "=" else text.replace("XcccccccXX", "X.......XX")
    for row in range(12, 17):
        text = _put(text, row, column, char)
    return text


def _put(text: str, row: int, column: int, char: str) -> str:
    """``text`` with one character of its map changed (row 0 is the top wall)."""
    lines = text.splitlines(keepends=True)
    top = lines.index("map: |\n") + 1
    line = lines[top + row]
    lines[top + row] = line[:2 + column] + char + line[3 + column:]
    return "".join(lines)


@pytest.mark.parametrize(("column", "char"), [(12, "="), (10, "="), (10, "c"), (12, "c")])
def test_a_lap_is_read_from_the_front_of_the_starting_line(
        tmp_path: Path, column: int, char: str) -> None:
    # Checkpoints rightly numbered, the starting line nearer the last one than the first
    # (moved two spaces back, or checkpoint 3 drawn just behind it): a U-turn over the line
    # reached checkpoint 3 first, and ORDER called the numbers backwards (Checkpoint Tokens:
    # the lap leaves the line the way its arrows point).
    path = tmp_path / "track.yaml"
    path.write_text(gasometer_line_at(column, char), encoding="utf-8")
    assert "TRK-CHECKPOINT-ORDER" not in rule_ids(check_file(path).findings)
    backwards = tmp_path / "backwards.yaml"
    backwards.write_text(gasometer_line_at(column, char).replace("start_facing: 3",
                                                                 "start_facing: 9"))
    (order,) = [f for f in check_file(backwards).findings if f.rule == "TRK-CHECKPOINT-ORDER"]
    assert order.message.startswith("driving the way the starting line faces, checkpoint 3 ")


# A Joyride figure of eight, rightly numbered: down the left-hand loop from the starting line,
# straight on through the junction to the right-hand loop (checkpoint 1), back through the
# junction to the top of the left-hand loop (checkpoint 2). Turning sharp at the junction
# reaches checkpoint 2 first, but the lap does not go that way.
FIGURE_EIGHT = """\
XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX
X.....b....XXXXXXXXXX...........X
X.....b....XXXXXXXXXX...........X
X...XXXX....XXXXXXXX....XXXXX...X
X...XXXXX....XXXXXX....XXXXXX...X
X...XXXXXX....XXXX....XXXXXXX...X
X...XXXXXXX..........XXXXXXXX...X
X===XXXXXXXX........XXXXXXXXXaaaX
X...XXXXXXX..........XXXXXXXX...X
X...XXXXXX....XXXX....XXXXXXX...X
X...XXXXX....XXXXXX....XXXXXX...X
X...XXXX....XXXXXXXX....XXXXX...X
X..........XXXXXXXXXX...........X
X..........XXXXXXXXXX...........X
XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"""


def test_a_figure_of_eight_is_read_by_the_checkpoint_its_way_out_meets(tmp_path: Path) -> None:
    path = write_track(tmp_path, map_text=FIGURE_EIGHT, game="joyride", players="2",
                       start_facing=5)
    assert "TRK-CHECKPOINT-ORDER" not in rule_ids(check_file(path).findings)
    backwards = write_track(tmp_path, "up.yaml", map_text=FIGURE_EIGHT, game="joyride",
                            players="2", start_facing=11)
    assert "TRK-CHECKPOINT-ORDER" in rule_ids(check_file(backwards).findings)


def test_a_missing_checkpoint_is_one_error(tmp_path: Path) -> None:
    # Checkpoint 1 left out: the numbers have a gap, and no order is judged from them.
    path = tmp_path / "track.yaml"
    path.write_text((TRACKS / "gasometer-gauntlet.yaml").read_text(encoding="utf-8")
                    .replace("XXaaaaaaaX", "XX.......X"), encoding="utf-8")
    errors = [f.rule for f in check_file(path).findings if f.severity is Severity.ERROR]
    assert errors == ["TRK-CHECKPOINT-NUMBERS"]


@pytest.mark.parametrize(("difficulty", "read"), [("**", 2), ("\u2605\u2605\u2605", 3),
                                                  (" ***** ", 5), (4, 4), ("* * *", 3),
                                                  ("\u2605 \u2605", 2),
                                                  ("\u2605\u2605\u2606\u2606\u2606", 2)])
def test_a_difficulty_may_be_written_as_its_stars(tmp_path: Path, difficulty: Any,
                                                  read: int) -> None:
    # The rulebook's layouts rate difficulty in stars ('*'): as many stars, as a number.
    loaded = check_file(write_track(tmp_path, map_text=JOY_LOOP, game="joyride", players="2-4",
                                    difficulty=difficulty))
    assert rule_ids(loaded.findings) == {"TRK-LAP-LENGTH"}
    assert loaded.definitions[0].model.difficulty == read


@pytest.mark.parametrize(("difficulty", "rule"), [("******", "SCHEMA-VALUE"),
                                                  ("* * * * * *", "SCHEMA-VALUE"),
                                                  ("*\u2605", "SCHEMA-TYPE"),
                                                  ("2 stars", "SCHEMA-TYPE"),
                                                  ("2", "SCHEMA-TYPE"), (0, "SCHEMA-VALUE")])
def test_a_difficulty_past_five_stars_is_refused(tmp_path: Path, difficulty: Any,
                                                 rule: str) -> None:
    loaded = check_file(write_track(tmp_path, map_text=JOY_LOOP, game="joyride", players="2-4",
                                    difficulty=difficulty))
    assert [f.rule for f in loaded.findings if f.severity is Severity.ERROR] == [rule]


def test_a_joyride_checkpoint_drawn_twice_is_one_numbers_error(tmp_path: Path) -> None:
    # Checkpoint 1 drawn again where checkpoint 4 was: two whole lines, each from barrier to
    # barrier; a pair of tokens sets one line, so it is a clash of numbers, not a gap.
    path = write_track(tmp_path, map_text=JOY_LOOP.replace("XdddX", "XaaaX"), game="joyride",
                       players="2-4")
    (finding,) = [f for f in check_file(path).findings if f.severity is Severity.ERROR]
    assert finding.rule == "TRK-CHECKPOINT-NUMBERS"
    assert finding.message == ("checkpoint 1 is drawn as 2 separate lines; each checkpoint and "
                               "the starting line is one row of spaces between its pair of "
                               "tokens")
    line = path.read_text().splitlines()[finding.mark.line - 1]
    assert line[finding.mark.column - 1:] == "aaaX"  # the second line, in reading order
    starts = write_track(tmp_path, "starts.yaml", map_text=JOY_LOOP.replace("XdddX", "X===X"),
                         game="joyride", players="2-4")
    errors = [f for f in check_file(starts).findings if f.severity is Severity.ERROR]
    assert [(f.rule, f.hint) for f in errors] == [
        ("TRK-CHECKPOINT-NUMBERS", "keep one line and draw the other as plain track")]


def test_a_frothy_checkpoint_across_two_branches_is_not_a_clash(tmp_path: Path) -> None:
    # Frothy lines are drawn, not set by tokens: only the old gap finding (CROSS) applies.
    path = write_track(tmp_path, map_text=JOY_LOOP.replace("XdddX", "XaaaX").replace(
        ".=", "1=", 1).replace(".=", "2=", 1), game="frothy-races")
    assert "TRK-CHECKPOINT-NUMBERS" not in rule_ids(check_file(path).findings)


def test_a_legend_label_too_wide_is_found_at_the_label(tmp_path: Path) -> None:
    # One unbroken word of 32 capital Ws cannot fit the layout page's key: the finding points
    # at the label the file gives, not at the track's name.
    path = tmp_path / "track.yaml"
    path.write_text((TRACKS / "gasometer-gauntlet.yaml").read_text(encoding="utf-8").replace(
        "label: tram rails (special space)", "label: " + "W" * 32), encoding="utf-8")
    (finding,) = [f for f in check_file(path).findings if f.rule == "TRK-PRINT-TEXT"]
    line = path.read_text().splitlines()[finding.mark.line - 1]
    assert line[finding.mark.column - 1:].startswith("W" * 32)


@pytest.mark.parametrize(("old", "new", "fix"), [
    ("X12...", "X12.?.", "draw the face-down items as plain track"),
    ("bbb", "BBB", "turn the gates to their plain side (lower-case letters)")])
def test_items_with_nothing_to_give_are_told_what_to_change(
        tmp_path: Path, old: str, new: str, fix: str) -> None:
    map_text = (STRIP if old.startswith("X12") else JOY_LOOP).replace(old, new)
    path = write_track(tmp_path, map_text=map_text, game="joyride")
    (finding,) = [f for f in check_file(path).findings if f.rule == "TRK-ITEMS-NONE"]
    assert finding.hint == f"list the items under 'items:', or {fix}"


def test_a_checkpoint_one_space_from_the_start_says_space(tmp_path: Path) -> None:
    # The message counted '1 spaces' when the last checkpoint sat on the finish piece.
    loop = Path(__file__).parents[2] / "vehicles" / "tracks" / "tin-plate-loop.yaml"
    text = loop.read_text(encoding="utf-8").replace(
        "  - finish\n", "  - {piece: finish, checkpoint: 3}\n", 1)
    path = tmp_path / "loop.yaml"
    path.write_text(text, encoding="utf-8")
    (order,) = [f for f in check_file(path).findings if f.rule == "TRK-CHECKPOINT-ORDER"]
    assert " comes 1 space from the start " in order.message


def test_a_joyride_line_drawn_along_a_wall_is_told_so(tmp_path: Path) -> None:
    """A line whose every space touches a barrier lies along the wall, not across the track:
    its ends may meet barriers, so 'does not run from barrier to barrier' would be untrue."""
    along = JOY_LOOP.replace("XcccXXXXXXXXbbbX", "XcccXXXXXXXX...X").replace(
        "X..............X\nX..............X\nX..............X\nXccc",
        "X......ObbbbbbbX\nX..............X\nX..............X\nXccc")
    path = write_track(tmp_path, map_text=along, game="joyride", players="2-4")
    (finding,) = [f for f in check_file(path).findings if f.severity is Severity.ERROR]
    assert finding.rule == "TRK-CHECKPOINT-CROSS"
    assert finding.message == ("checkpoint 2 runs along a barrier, not across the track: "
                               "racers can drive past it")
    assert finding.hint.startswith("redraw the line across the track")
    gap = JOY_LOOP.replace("XdddXXXXXXXXaaaX", "XdddXXXXXXXXaa.X")  # an open end, as before
    path = write_track(tmp_path, "gap.yaml", map_text=gap, game="joyride", players="2-4")
    (finding,) = [f for f in check_file(path).findings if f.rule == "TRK-CHECKPOINT-CROSS"]
    assert finding.message == ("checkpoint 1 does not run from barrier to barrier: racers can "
                               "drive round it")


def _gasometer_with(tmp_path: Path, old: str, new: str, players: str = "2-4") -> Path:
    """The shipped Joyride track with one map row changed."""
    text = (TRACKS / "gasometer-gauntlet.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "track.yaml"
    path.write_text(text.replace(old, new, 1).replace("players: 2-4", f"players: {players}"),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize(("row", "clean"), [
    ("  XccccO..XX        XX.......X\n", False),  # wall to a lone obstacle: drive round it
    ("  XccccO.XXX        XX.......X\n  X....O..XX", False),  # two, still a gap past them
    ("  XccccX..XX        XX.......X\n", False),  # an obstacle token drawn as barrier
    ("  XccccccOXX        XX.......X\n", True),   # the obstacle meets the far wall
    ("  XcccccOOXX        XX.......X\n", True),   # a two-hex obstacle closes the track
    ("  XcccccO.XX        XX.......X\n  X......OXX", True),  # obstacles chained to the wall
    ("  XcccccccXX        XX.......X\n  X...O...XX", True),  # beside the line's middle
])
def test_a_checkpoint_stopping_at_an_obstacle_racers_drive_round_is_an_error(
        tmp_path: Path, row: str, clean: bool) -> None:
    """Checkpoint Tokens: the line is the row of spaces between two tokens, so it closes
    the track; ended at an obstacle with track beyond it, cars pass without crossing it."""
    rows = row.count("\n") + (0 if row.endswith("\n") else 1)
    old = "  XcccccccXX        XX.......X\n" + ("  X.......XX" if rows == 2 else "")
    path = _gasometer_with(tmp_path, old, row)
    found = check_file(path).findings
    errors = [f for f in found if f.severity is Severity.ERROR]
    if clean:
        assert errors == []
        return
    (finding,) = errors
    assert finding.rule == "TRK-CHECKPOINT-CROSS"
    assert (finding.mark.line, finding.mark.column) == (35, 4)  # the line's first space
    assert finding.message == ("checkpoint 3 stops at an obstacle with track beyond it: "
                               "racers can drive round the obstacle and never cross the line")


def test_a_finish_line_stopping_at_an_obstacle_is_told_so_however_few_lines(
        tmp_path: Path) -> None:
    # The starting line ends at an obstacle with a space beyond it: with every checkpoint,
    # or with none (a lap then also goes the long way round, which proves nothing).
    rows = "  X.............=............X\n  X.............=............X\n"
    short = "  X.............O............X\n  X..........................X\n"
    path = _gasometer_with(tmp_path, rows, short, players="2-3")
    (finding,) = [f for f in check_file(path).findings if f.severity is Severity.ERROR]
    assert (finding.rule, finding.mark.line, finding.mark.column) == (
        "TRK-CHECKPOINT-CROSS", 38, 17)
    assert finding.message.startswith("the finish line stops at an obstacle")
    head, board = path.read_text(encoding="utf-8").split("map: |")
    for letter in "aBc":
        board = board.replace(letter, ".")
    path.write_text(head + "map: |" + board, encoding="utf-8")
    assert [(f.rule, f.mark.line) for f in check_file(path).findings
            if f.severity is Severity.ERROR] == [("TRK-CHECKPOINT-CROSS", 38)]


@pytest.mark.parametrize(("middle", "short", "clean"), [
    ("XXX", False, True),   # a barrier parts the back straight: b crosses both branches
    ("OOO", False, True),   # so may a solid obstacle
    ("OOO", True, False),   # one branch's piece stops short: racers take that branch
])
def test_a_frothy_checkpoint_may_cross_each_branch_of_a_fork(
        tmp_path: Path, middle: str, short: bool, clean: bool) -> None:
    """The guide has no checkpoints (ours give a lap its direction): one drawn in pieces,
    each from barrier to barrier across a branch, is crossed on every lap."""
    text = (TRACKS / "bogwater-bowl.yaml").read_text(encoding="utf-8")
    rows = text.splitlines(keepends=True)
    for line in (31, 32):  # the hay bales' straight, lines 32 and 33 of the file
        rows[line] = rows[line].replace(".b.", middle, 1)
    if short:
        rows[34] = rows[34].replace("b", ".", 1)
    path = tmp_path / "track.yaml"
    path.write_text("".join(rows), encoding="utf-8")
    errors = [(f.rule, f.mark.line) for f in check_file(path).findings
              if f.severity is Severity.ERROR]
    assert errors == ([] if clean else [("TRK-CHECKPOINT-CROSS", 29)])


def test_a_first_checkpoint_along_a_wall_is_not_judged_for_order(tmp_path: Path) -> None:
    # Checkpoint 1 laid along the top wall, from an obstacle to the wall: where a car first
    # meets it says nothing of the lap's direction until it crosses the track, so
    # TRK-CHECKPOINT-CROSS is the one error (TRK-CHECKPOINT-ORDER called it numbered
    # against the drive).
    path = tmp_path / "track.yaml"
    path.write_text((TRACKS / "gasometer-gauntlet.yaml").read_text(encoding="utf-8")
                    .replace("XXaaaaaaaX", "XX.......X")
                    .replace("  X............B.............X\n",
                             "  X............BOaaaaaaaaaaaaX\n", 1), encoding="utf-8")
    found = check_file(path).findings
    assert [f.rule for f in found if f.severity is Severity.ERROR] == ["TRK-CHECKPOINT-CROSS"]
    assert "TRK-DRIVE-REACH" not in rule_ids(found)  # nor a warning that no drive crosses it


# A Joyride loop whose starting line is one row of spaces running 3 to 9 o'clock, across
# the right-hand straight: cars face down it (5 o'clock), as the layout should show them.
ROW_START = """\
XXXXXXXXXXXXXXXXXX
X................X
X................X
X................X
X...XXXXXXXXXX...X
X...X        X...X
XbbbX        X===X
X...X        X...X
X...X        X...X
X...X        X...X
X...XXXXXXXXXXaaaX
X................X
X................X
X................X
XXXXXXXXXXXXXXXXXX"""


@pytest.mark.parametrize("hour", [3, 9])
def test_a_starting_line_faced_along_itself_is_an_error(tmp_path: Path, hour: int) -> None:
    """Shared Components > Starting Positions: the cars point the way the layout shows, and
    a facing down the line's own row would drive them along it, never across."""
    path = write_track(tmp_path, map_text=ROW_START, game="joyride", players=2,
                       start_facing=hour)
    findings = check_file(path).findings
    # TRK-START-SLOTS still counts the one car such a line holds (its back on the next place)
    assert sorted(f.rule for f in findings if f.severity is Severity.ERROR) == [
        "TRK-START-FACING", "TRK-START-SLOTS"]
    (finding,) = [f for f in findings if f.rule == "TRK-START-FACING"]
    assert finding.message == (f"the starting line faces {hour} o'clock, the way the line "
                               "itself runs: cars set on it would drive along the line, not "
                               "across it")
    assert finding.hint.startswith("point the cars across the line (one of 1, 5, 7, 11")
    assert path.read_text().splitlines()[finding.mark.line - 1] == f"start_facing: {hour}"
    across = write_track(tmp_path, "across.yaml", map_text=ROW_START, game="joyride",
                         players=2, start_facing=5)
    assert "TRK-START-FACING" not in rule_ids(check_file(across).findings)


def test_a_digit_drawn_in_a_joyride_starting_line_is_one_error(tmp_path: Path) -> None:
    # A Frothy habit: a slot number written over one space of the line. The digit is
    # TRK-START-ON-LINE's error; the line it interrupts is not also 'driven round'.
    path = write_track(tmp_path, map_text=JOY_LOOP.replace("X.......=......X",
                                                           "X.......1......X", 1),
                       game="joyride", players="2-3")
    errors = [f.rule for f in check_file(path).findings if f.severity is Severity.ERROR]
    assert errors == ["TRK-START-ON-LINE"]
