"""Where each track rule points: on its minimal bad track (BAD_CASES in test_track_rules.py)
every finding of the rule is in the track file, at the hex of the map (or the field) that
breaks the rule, with the rule's severity and rulebook section."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.tracks.rules import RULES
from tests.conftest import check_file
from tests.rule_coverage import At, assert_points_at
from tests.track_files import STRIP, write_track
from tests.tracks.test_track_rules import BAD_CASES

# rule -> the rest of the line from the finding's column (for the description, its start):
# on the map, the hex it points at and the hexes after it on that row.
AT: dict[str, At] = {
    "TRK-BARRIER-GAP": ".",                               # the gap in the right-hand wall
    "TRK-CHECKPOINT-CROSS": "a....=.X",
    "TRK-CHECKPOINT-NUMBERS": "b....=.X",
    "TRK-CHECKPOINT-ORDER": "bbX",
    "TRK-CHECKPOINT-SEQUENCE": "b....X",
    "TRK-CHECKPOINT-STRAIGHT": "a..=.X",                  # the hex off the line's row
    "TRK-DRIVE-REACH": ("12......=.X", "2......=.X", "34......=.X", "4......=.X"),
    "TRK-FINISH-MISSING": "|",                            # the map, where the line goes
    "TRK-FINISH-REACH": ("12.....X=.X", "2.....X=.X", "34.....X=.X", "4.....X=.X"),
    "TRK-FOX-PACK": "5...X",
    "TRK-FOX-START": "1......X",                          # the Fox's slot, not first
    "TRK-ISLAND": "...X",
    "TRK-ITEMS-NONE": "?....=.X",
    "TRK-ITEMS-TOKENS": "?....=.X",                       # the first pick-up past the tokens
    "TRK-ITEMS-SPACE": "kXXXXXXXX",                       # the item laid on a barrier
    "TRK-ITEMS-TWICE": "ROCKET",
    "TRK-ITEMS-UNKNOWN": "Banana Skin",
    "TRK-ITEMS-OTHER-NAME": "Missile",
    "TRK-ITEMS-UNUSED": "- Rocket",                       # the items list
    "TRK-START-ON-LINE": "1=......X",
    "TRK-START-RUNWAY": "=..X...X",                       # the place with no room ahead
    "TRK-LAP-DIRECTION": "=.....X",
    "TRK-LAP-LENGTH": "Test Strip",
    "TRK-LAPS-NO-LOOP": "3",
    "TRK-LAPS-UNUSED": "3",
    "TRK-LAYOUT-FIELDS": "game: joyride",                 # the missing field: the file's top
    "TRK-LEGEND-CHAR": "terrain: track",
    "TRK-MAP-CHAR": "#12......=.X",
    "TRK-MAP-OR-PIECES": "game: frothy-races",
    "TRK-MARKERS-PLACE": "2",                             # the legend entry's markers
    "TRK-NARROW": "...=.X",
    "TRK-NARROW-FIELD": "......=.X",
    "TRK-PIECE-JOIN": "finish",
    "TRK-PIECE-OVERLAP": "curve-60-left",
    "TRK-PIECE-UNKNOWN": "strait",
    "TRK-PLAYERS-RANGE": "1-4",
    "TRK-PRINT-ICON": "nosuch",
    "TRK-PRINT-TEXT": "'A very long tale. A very",      # the description (folded)
    "TRK-RACE-CIRCUIT": "Toughest",
    "TRK-RACE-GRID": "2=.....X",
    "TRK-PURSUIT-START": "2=.....X",                      # slot 2, beside slot 1
    "TRK-PURSUIT-WAY": "2X",                              # slot 2, the far side
    "TRK-RACE-NEEDS-CIRCUIT": "Fox and Hounds",
    "TRK-RACE-PLAYERS": "2-4",
    "TRK-RACE-TYPE": "Toughest",
    "TRK-RATING-PLAIN": "1",
    "TRK-SPECIAL-RULES": "!....=.X",
    "TRK-START-FACING": "12",
    "TRK-START-NUMBERS": "1......=.X",
    "TRK-START-ROOM": ("12......=.X", "34......=.X"),
    "TRK-START-SLOTS": "6",
    "TRK-TERRAIN": "~.....=.X",
}


# The other ways into a rule that BAD_CASES does not take:
# (rule, map, game, fields, the rest of the line from where it points).
BRANCHES: dict[str, tuple[str, str, str, dict[str, Any], str]] = {
    "an item pick-up on a Frothy Races map": (
        "TRK-TERRAIN", STRIP.replace("X12...", "X12.?."), "frothy-races", {}, "?....=.X"),
    "slot 5 with no slot 4": (
        "TRK-START-NUMBERS", STRIP.replace("X34", "X35"), "frothy-races", {}, "5......=.X"),
    "a facing for a slot not on the map": (
        "TRK-START-FACING", STRIP, "joyride", {"slot_facings": {7: 3}}, "3"),
    "a rating on a Frothy Races special space": (
        "TRK-RATING-PLAIN", STRIP.replace("X12...", "X12.k."), "frothy-races",
        {"legend": {"k": {"terrain": "special", "rating": 1}},
         "special_rules": "k: a ramp; it throws you one space on."}, "1"),
    "markers on a Joyride track": (
        "TRK-MARKERS-PLACE", STRIP.replace("X12...", "X12.k."), "joyride",
        {"legend": {"k": {"terrain": "special", "markers": 3}},
         "special_rules": "k: a ramp; it throws you one space on."}, "3"),
    "a checkpoint from the wall to an obstacle racers drive round": (
        "TRK-CHECKPOINT-CROSS", "XXXXXXXXXXXX\nX12...a..=.X\nX34...O..=.X\nX........=.X\n"
        "XXXXXXXXXXXX", "frothy-races", {}, "a..=.X"),
    "one checkpoint line both normal and item": (
        "TRK-CHECKPOINT-NUMBERS", STRIP.replace("X12...", "X12.a.").replace("X34...", "X34.A."),
        "joyride", {"items": ["Rocket"]}, "a....=.X"),
}


@pytest.mark.parametrize("case", sorted(BRANCHES))
def test_each_way_into_a_rule_points_at_what_breaks_it(tmp_path: Path, case: str) -> None:
    rule_id, map_text, game, fields, at = BRANCHES[case]
    path = write_track(tmp_path, map_text=map_text, game=game, **fields)
    findings = check_file(path).findings
    assert_points_at(findings, RULES[rule_id], path, at, whole=True)


def test_every_rule_says_where_it_points() -> None:
    assert set(AT) == set(BAD_CASES) == set(RULES.rules)


@pytest.mark.parametrize("rule_id", sorted(AT))
def test_rule_points_at_what_breaks_it(tmp_path: Path, rule_id: str) -> None:
    map_text, game, fields = BAD_CASES[rule_id]
    path = write_track(tmp_path, map_text=map_text, game=game, **fields)
    assert_points_at(check_file(path).findings, RULES[rule_id], path, AT[rule_id],
                     whole=rule_id != "TRK-PRINT-TEXT")


def test_a_shared_start_facing_is_one_finding_and_a_slot_s_own_is_its_own(tmp_path: Path
                                                                         ) -> None:
    shared = write_track(tmp_path, "shared.yaml", STRIP, "joyride", start_facing=12)
    (finding,) = [f for f in check_file(shared).findings if f.rule == "TRK-START-FACING"]
    assert finding.message.startswith("every starting slot faces 12 o'clock, a hex corner")
    own = write_track(tmp_path, "own.yaml", STRIP, "joyride", slot_facings={2: 12, 4: 2})
    findings = [f for f in check_file(own).findings if f.rule == "TRK-START-FACING"]
    assert [f.message.split(",")[0] for f in findings] == [
        "starting slot 2 faces 12 o'clock", "starting slot 4 faces 2 o'clock"]
    lines = own.read_text().splitlines()
    assert [lines[f.mark.line - 1].strip() for f in findings] == ["2: 12", "4: 2"]
