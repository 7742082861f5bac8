"""The track rules read the Joyride rulebook as written: its cars start on the starting line
and roll straight off it, every lap comes back to that line, its boards may run to their
edge and block routes off, and no Frothy Races wreck or width advice applies to it."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.input.findings import Finding, Severity
from tests.conftest import check_file, rule_ids
from tests.track_files import JOY_LOOP, write_track


def findings(tmp_path: Path, map_text: str, game: str = "joyride", **fields: object
             ) -> list[Finding]:
    return check_file(write_track(tmp_path, map_text=map_text, game=game, **fields)).findings


def at(tmp_path: Path, finding: Finding) -> str:
    """The map character a finding points at."""
    mark = finding.mark
    return (tmp_path / "track.yaml").read_text().splitlines()[mark.line - 1][mark.column - 1]


def test_the_joyride_loop_is_clean_for_two_to_four_players(tmp_path: Path) -> None:
    for players in (2, 4, "2-4", "4", " 3 "):  # a count quoted reads as a range does
        assert rule_ids(findings(tmp_path, JOY_LOOP, players=players)) == {"TRK-LAP-LENGTH"}


# --- Frothy's width and scale advice is not Joyride's ------------------------------------

# The loop's top straight pinched to one space (rows 2 and 3 walled at column 7).
ONE_WIDE = "\n".join(row[:7] + "X" + row[8:] if n in (2, 3) else row
                     for n, row in enumerate(JOY_LOOP.splitlines()))


@pytest.mark.parametrize(("game", "fired"), [("joyride", False), ("frothy-races", True)])
def test_a_lane_one_space_wide_is_a_warning_only_where_wrecks_stay(
        tmp_path: Path, game: str, fired: bool) -> None:
    found = findings(tmp_path, ONE_WIDE, game=game)
    assert ("TRK-NARROW" in rule_ids(found)) is fired
    # A wreck may usually be jumped (Jumps), and the guide sets no width: never an error.
    assert "TRK-NARROW" not in {f.rule for f in found if f.severity is Severity.ERROR}
    assert "TRK-NARROW-FIELD" not in rule_ids(findings(tmp_path, JOY_LOOP, players=4))


def test_a_route_blocked_off_on_a_joyride_board_is_no_island(tmp_path: Path) -> None:
    # Spaces of the infield walled off on every side, as obstacle tokens close a route.
    walled = JOY_LOOP.replace("X...X      X...X", "X...XX..XX  X...X", 1)
    assert rule_ids(findings(tmp_path, walled)) == {"TRK-LAP-LENGTH"}
    assert "TRK-ISLAND" in rule_ids(findings(tmp_path, walled, game="frothy-races"))


def test_a_joyride_line_may_run_to_the_board_edge(tmp_path: Path) -> None:
    # Checkpoints 1 and 2 each set by a single token, their lines running to the right edge.
    open_edge = "\n".join(row[:-1] if 4 <= n <= 7 else row
                          for n, row in enumerate(JOY_LOOP.splitlines()))
    assert rule_ids(findings(tmp_path, open_edge)) == {"TRK-LAP-LENGTH"}
    assert "TRK-BARRIER-GAP" in rule_ids(findings(tmp_path, open_edge, game="frothy-races"))


# --- The start ---------------------------------------------------------------------------

def test_numbered_slots_on_a_joyride_map_are_an_error_at_the_first(tmp_path: Path) -> None:
    slots = JOY_LOOP.replace("X.......=", "X.....2.=", 1).replace("X.......=", "X......1=", 1)
    found = findings(tmp_path, slots)
    (fired,) = [f for f in found if f.rule == "TRK-START-ON-LINE"]
    assert fired.severity is Severity.ERROR
    assert fired.message == ("Joyride cars start on the starting line, and this track marks 2 "
                             "numbered starting slots")
    assert at(tmp_path, fired) == "1"


def test_a_facing_written_in_quotes_is_told_to_lose_them(tmp_path: Path) -> None:
    (found,) = [f for f in findings(tmp_path, JOY_LOOP, start_facing="3")
                if f.rule == "SCHEMA-VALUE"]
    assert "remove the quotes to make it a number" in found.message
    assert found.source.endswith("Shared Components > Starting Positions")


def test_a_joyride_track_of_the_standard_pieces_is_told_to_draw_a_map(tmp_path: Path
                                                                       ) -> None:
    # The start piece lays Frothy Races' numbered grid; a Joyride race is set on a board.
    loop = ["start", "finish", *["curve-60-left"] * 3, "straight", "short-straight",
            *["curve-60-left"] * 3]
    path = write_track(tmp_path, map_text=None, game="joyride", pieces=loop, closed=True)
    (fired,) = [f for f in check_file(path).findings if f.rule == "TRK-START-ON-LINE"]
    assert fired.severity is Severity.ERROR
    assert fired.message.endswith("(the standard pieces' start piece is a Frothy Races grid)")
    assert fired.hint is not None and fired.hint.startswith(
        "a Joyride race is set on a board: draw the track as a map (map: |)")


def test_a_slot_on_a_joyride_map_is_one_error_and_the_line_still_counts(tmp_path: Path
                                                                      ) -> None:
    # One digit drawn beside the line (slot 2, no slot 1): TRK-START-ON-LINE reports it; the
    # slot is no grid to number, and the line's places still hold the field.
    found = findings(tmp_path, JOY_LOOP.replace("X.......=", "X......2=", 1))
    assert [f.rule for f in found if f.severity is Severity.ERROR] == ["TRK-START-ON-LINE"]
    crowded = findings(tmp_path, JOY_LOOP.replace("X.......=", "X......2=", 1), players=5)
    (short,) = [f for f in crowded if f.rule == "TRK-START-SLOTS"]
    assert short.message == ("5 players need 5 starting places; the track has 4 usable places "
                             "on its starting line")


def test_the_starting_roll_needs_six_spaces_straight_ahead(tmp_path: Path) -> None:
    # The loop's line has exactly 6 spaces ahead of every place: at the limit, clean.
    assert rule_ids(findings(tmp_path, JOY_LOOP)) == {"TRK-LAP-LENGTH"}
    short = JOY_LOOP.replace("X.......=......X", "X.......=....X.X", 1)
    (fired,) = [f for f in findings(tmp_path, short) if f.rule == "TRK-START-RUNWAY"]
    assert fired.severity is Severity.WARNING
    assert fired.message.startswith("1 of the 4 places on the starting line has fewer than 6 "
                                    "spaces straight ahead (this one 4)")
    assert at(tmp_path, fired) == "="
    row = (tmp_path / "track.yaml").read_text().splitlines()[fired.mark.line - 1]
    assert row.strip() == "X.......=....X.X"  # the place the barrier stands ahead of


def test_a_line_the_cars_point_along_holds_one_car_in_two_spaces(tmp_path: Path) -> None:
    # The starting line drawn across the left straight, in a row: cars facing 3 o'clock
    # point along it, so each one's back stands on the next place.
    along = JOY_LOOP.replace("=", ".").replace("X...X      X", "X===X      X", 1)
    (fired,) = [f for f in findings(tmp_path, along) if f.rule == "TRK-START-SLOTS"]
    assert fired.message == ("2 players need 2 starting places; the track has 1 usable "
                             "place on its starting line")
    # and the facing itself is the slip: the cars would drive down the line, not across it
    assert "TRK-START-FACING" in rule_ids(findings(tmp_path, along))


def test_a_joyride_lap_ends_back_over_the_starting_line(tmp_path: Path) -> None:
    strip = "XXXXXXXXXXXX\nX.=......a.X\nX.=......a.X\nXXXXXXXXXXXX"
    found = findings(tmp_path, strip, laps=1)
    (fired,) = [f for f in found if f.rule == "TRK-LAPS-NO-LOOP"]
    assert fired.message == ("this track does not loop back to its start / finish line, so it "
                             "cannot be raced for 1 lap: a Joyride lap starts on the starting "
                             "line and ends by crossing it again")
    assert "TRK-CHECKPOINT-CROSS" not in rule_ids(found)
    frothy = "XXXXXXXXXXXX\nX12....a.=.X\nX34....a.=.X\nXXXXXXXXXXXX"
    assert "TRK-LAPS-NO-LOOP" not in rule_ids(findings(tmp_path, frothy, "frothy-races"))


# --- Items -------------------------------------------------------------------------------

def pickups(count: int, map_text: str = JOY_LOOP) -> str:
    """The loop with ``count`` face-down items along its top straight."""
    rows = map_text.splitlines()
    rows[2] = rows[2][:3] + "?" * count + rows[2][3 + count:]
    return "\n".join(rows)


@pytest.mark.parametrize("items", [["Oil Slick", "Oil-Slick"], ["Rocket", "ROCKET!"]])
def test_one_item_written_two_ways_is_listed_twice_and_has_four_tokens(
        tmp_path: Path, items: list[str]) -> None:
    found = findings(tmp_path, pickups(5), items=items)
    (twice,) = [f for f in found if f.rule == "TRK-ITEMS-TWICE"]
    assert twice.message.startswith(f"recommended item '{items[1]}' is listed twice "
                                    f"(first as '{items[0]}')")
    assert "TRK-ITEMS-TOKENS" in rule_ids(found)


def test_item_checkpoints_need_a_token_left_in_the_stack(tmp_path: Path) -> None:
    gates = JOY_LOOP.replace("b", "B")
    assert rule_ids(findings(tmp_path, pickups(3, gates), items=["Rocket"])) == {
        "TRK-LAP-LENGTH"}
    (fired,) = [f for f in findings(tmp_path, pickups(4, gates), items=["Rocket"])
                if f.rule == "TRK-ITEMS-TOKENS"]
    assert fired.message == ("this track lays all 4 pick-up tokens of its 1 recommended item "
                             "face-down on the board, so its item checkpoints have no stack "
                             "to take from")
    assert at(tmp_path, fired) == "B"
    assert rule_ids(findings(tmp_path, pickups(4), items=["Rocket"])) == {"TRK-LAP-LENGTH"}


@pytest.mark.parametrize(("terrain", "fired"), [("barrier", True), ("solid", True),
                                                ("special", False), ("track", False)])
def test_a_face_down_item_lies_where_a_car_can_drive_over_it(
        tmp_path: Path, terrain: str, fired: bool) -> None:
    crate = JOY_LOOP.replace("X..............X", "X......k.......X", 1)
    found = findings(tmp_path, crate, items=["Rocket"], special_rules="k: a crate.",
                     legend={"k": {"terrain": terrain, "item": True, "label": "crate"}})
    spotted = [f for f in found if f.rule == "TRK-ITEMS-SPACE"]
    assert bool(spotted) is fired
    for finding in spotted:
        assert finding.severity is Severity.ERROR and at(tmp_path, finding) == "k"


def test_recommended_items_need_a_way_to_be_gained(tmp_path: Path) -> None:
    (fired,) = [f for f in findings(tmp_path, JOY_LOOP, items=["Rocket", "Mine"])
                if f.rule == "TRK-ITEMS-UNUSED"]
    assert fired.severity is Severity.WARNING
    assert fired.message == ("the track recommends 2 items but has no item checkpoint and no "
                             "face-down item, so no car can gain them")
    for gained in (JOY_LOOP.replace("b", "B"), pickups(1)):
        assert rule_ids(findings(tmp_path, gained, items=["Rocket"])) == {"TRK-LAP-LENGTH"}


@pytest.mark.parametrize("race_type", ["Furthest", "Toughest", "Pursuit", "Fox and Hounds"])
def test_a_race_type_joyride_lacks_is_one_error(tmp_path: Path, race_type: str) -> None:
    # Racing > Goal: Joyride races to the finish line. Another game's race type is reported
    # once (TRK-RACE-TYPE); its own set-up rules (two vehicles for a Pursuit, a spread grid
    # for Toughest, laps it does not count) are that game's and say nothing here.
    found = findings(tmp_path, JOY_LOOP, race_type=race_type, laps=2)
    assert [f.rule for f in found if f.severity is not Severity.INFO] == ["TRK-RACE-TYPE"]


def test_a_joyride_map_with_no_starting_line_is_one_error(tmp_path: Path) -> None:
    # Racing > Goal and Setup: the line is where cars start and finish. Without one the
    # finish is missing (TRK-FINISH-MISSING); its places are not counted again.
    found = findings(tmp_path, JOY_LOOP.replace("=", "."))
    assert [f.rule for f in found if f.severity is Severity.ERROR] == ["TRK-FINISH-MISSING"]


@pytest.mark.parametrize("players", ["2-4", "2 - 4", "2\u20134", "2\u20144"])
def test_a_player_range_may_be_written_with_a_printed_dash(tmp_path: Path, players: str
                                                           ) -> None:
    # Track Layouts: the layout's PLAYERS 2-4, as typed or as copied from a printed page.
    assert rule_ids(findings(tmp_path, JOY_LOOP, players=players)) == {"TRK-LAP-LENGTH"}
    assert "SCHEMA-VALUE" in rule_ids(findings(tmp_path, JOY_LOOP, players="2 to 4"))


def test_slot_facings_on_a_joyride_track_say_the_cars_have_no_slots(tmp_path: Path) -> None:
    # Setup: every car starts on the line, facing the way its arrows show (start_facing);
    # a facing for a slot is no use, and marking the slot would be TRK-START-ON-LINE's error.
    (fired,) = [f for f in findings(tmp_path, JOY_LOOP, slot_facings={1: 9})
                if f.rule == "TRK-START-FACING"]
    assert fired.message == ("slot_facings turns slot 1, and Joyride cars have no slots: they "
                             "all start on the starting line, facing start_facing")
    assert fired.hint == "remove slot_facings"

