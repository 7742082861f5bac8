"""`paddock check` of a track's own features, sentence by sentence (Frothy Races guide 3.6,
Collisions: what counts as a Hazard, Fragile or Solid Obstacle, and their ratings; walls
round the track): each constraint fires with its severity at the map cell or legend entry
it is about, and the set-ups the book allows are clean. The audit is
docs/reference/frothy-track-audit.md; the minimal bad case of every rule is in test_track_rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.input.findings import Finding, Severity
from generator.text.templates import TextTemplates
from generator.tracks.tokens import plan_tokens
from tests.conftest import check_file
from tests.track_files import JOY_LOOP, write_track

# The test strip three lanes wide, so one obstacle in it leaves two lanes (TRK-NARROW).
WIDE = """\
XXXXXXXXXXXXX
X12.......=.X
X34.......=.X
X.........=.X
XXXXXXXXXXXXX"""


def findings(tmp_path: Path, map_text: str, game: str = "frothy-races",
             **fields: Any) -> list[Finding]:
    path = write_track(tmp_path, map_text=map_text, game=game, **fields)
    return check_file(path).findings


def at(tmp_path: Path, finding: Finding) -> tuple[str, str]:
    """The finding's line of the file, cut at its column: (before, from there on)."""
    line = (tmp_path / "track.yaml").read_text().splitlines()[finding.mark.line - 1]
    return line[:finding.mark.column - 1], line[finding.mark.column - 1:]


def errors(found: list[Finding]) -> list[Finding]:
    return [f for f in found if f.severity is Severity.ERROR]


@pytest.mark.parametrize("terrain, legend", [
    ("built in", {}),
    ("the track's own, rated", {
        "m": {"terrain": "hazard", "rating": 1, "label": "mud (+1)"},
        "y": {"terrain": "fragile", "rating": 2, "label": "crowd (+2)"},
        "Q": {"terrain": "solid", "rating": -1, "label": "hay wall (-1)"}}),
])
def test_hazards_fragile_and_solid_obstacles_agreed_before_play_are_clean(
        tmp_path: Path, terrain: str, legend: dict[str, Any]) -> None:
    """Collisions: 'Decide and agree what counts as a Hazard, Fragile Obstacle and Solid
    Obstacle on the track before play. It is also possible to give any Hazard, Fragile
    Obstacle or Solid Obstacle a rating': a hazard, a fragile and a solid obstacle, built
    in or the track's own with a rating, make no error."""
    chars = "myQ" if legend else "~*O"
    map_text = WIDE.replace("X12.......", f"X12.{chars[0]}.{chars[1]}...").replace(
        "X.........=", f"X......{chars[2]}..=")
    assert errors(findings(tmp_path, map_text, legend=legend)) == []


def test_a_wall_may_carry_a_rating(tmp_path: Path) -> None:
    """Solid Obstacles: 'eg. wrecked vehicles; walls (eg those around the edge of the
    track)', and any Solid Obstacle may be given a rating: a rated barrier is no error
    (TRK-RATING-PLAIN refused it, as if a wall caused nothing to add to; hitting one
    rolls a Damage die for each Speed)."""
    map_text = WIDE.replace("XXXXXXXXXXXXX", "XRRRRRRRRRRRX", 1)
    found = findings(tmp_path, map_text, legend={
        "R": {"terrain": "barrier", "rating": 2, "label": "spiked wall (+2)"}})
    assert errors(found) == []


@pytest.mark.parametrize("game, terrain", [
    ("frothy-races", "track"), ("frothy-races", "special"),
    ("joyride", "special"), ("joyride", "barrier")])
def test_a_rating_where_nothing_takes_it_is_an_error_at_the_legend_entry(
        tmp_path: Path, game: str, terrain: str) -> None:
    """A rating 'modifies the number of basic Control points and/or dice rolled for
    Damage' of a hazard or obstacle: a plain track space or a special space has neither,
    and Joyride gives no hex a rating at all. The error names the legend entry's rating
    at its own line and column. A rated Frothy special space, and any rated Joyride
    special space, passed unreported."""
    base = JOY_LOOP if game == "joyride" else WIDE
    cell = "k"
    if terrain == "barrier":
        map_text = base.replace("XXXXXXXXXXXXXXXX", "XXXXXkXXXXXXXXXX", 1)
    else:
        map_text = base.replace("X.........", "X....k....", 1) if game != "joyride" else \
            base.replace("X..............X", "X.....k........X", 1)
    fields: dict[str, Any] = {"legend": {cell: {"terrain": terrain, "rating": 1}}}
    if terrain == "special":
        fields["special_rules"] = "k: a ramp; it throws you one space on."
    found = [f for f in findings(tmp_path, map_text, game, **fields)
             if f.rule == "TRK-RATING-PLAIN"]
    assert [f.severity for f in found] == [Severity.ERROR]
    before, there = at(tmp_path, found[0])
    assert before.endswith("rating: ") and there.startswith("1")
    assert f"legend '{cell}' is {terrain} with a rating of 1" in found[0].message


@pytest.mark.parametrize("char, legend", [
    ("*", {}), ("m", {"m": {"terrain": "hazard", "label": "mud"}})])
def test_hazards_and_fragile_obstacles_are_frothy_terrain_only(
        tmp_path: Path, char: str, legend: dict[str, Any]) -> None:
    """Hazards and fragile obstacles are Frothy Races' (Collisions); Joyride's board has
    barriers, obstacles and special spaces. A Joyride map with one, built in or its own
    legend's, is an error at the map cell that draws it."""
    map_text = JOY_LOOP.replace("X..............X", f"X.....{char}........X", 1)
    found = [f for f in findings(tmp_path, map_text, "joyride", legend=legend)
             if f.rule == "TRK-TERRAIN"]
    assert [f.severity for f in found] == [Severity.ERROR]
    assert at(tmp_path, found[0])[1].startswith(char)


def test_a_walls_rating_is_printed_legibly_on_its_dark_hex(tmp_path: Path) -> None:
    """A rating agreed before play is printed on its hex; on a wall's dark fill it is
    printed in the track's light colour (in the ink of the other ratings it could not be
    read against the wall)."""
    import pdfplumber

    from generator.commands.cli import main

    path = write_track(tmp_path, "walled.yaml", WIDE.replace("XXXXXXXXXXXXX", "XRRRRRRRRRRRX", 1)
                       .replace("X12.......", "X12..m...."), legend={
                           "R": {"terrain": "barrier", "rating": 2, "label": "spiked wall"},
                           "m": {"terrain": "hazard", "rating": 1, "label": "mud"}})
    assert main(["build", "--no-pack", str(path), "-o", str(tmp_path / "out")]) == 0
    with pdfplumber.open(tmp_path / "out" / "tracks" / "test-strip-layout.pdf") as pdf:
        chars = pdf.pages[0].chars
    colours: dict[str, set[tuple[float, ...]]] = {}
    for i, char in enumerate(chars[:-1]):
        if char["text"] == "+" and chars[i + 1]["text"] in "12":
            colours.setdefault(chars[i + 1]["text"], set()).add(
                tuple(round(c, 2) for c in char["non_stroking_color"]))
    assert set(colours) == {"1", "2"}
    (wall,), (mud,) = colours["2"], colours["1"]
    assert sum(wall) / len(wall) > 0.9 > 0.2 > sum(mud) / len(mud)


@pytest.mark.parametrize("terrain", ["fragile", "hazard"])
def test_several_markers_or_a_hazard_with_markers_are_clean(tmp_path: Path,
                                                             terrain: str) -> None:
    """'Multiple fragile obstacle markers may be put in the same space'; 'It is possible
    to have a space containing both a hazard and a fragile obstacle': a legend entry
    laying three markers on a fragile obstacle, or one on a hazard, is no error, and the
    token sheet counts every marker the map lays (three, or one, and the two '*')."""
    map_text = WIDE.replace("X12.......", "X12.k..*..").replace("X.........=", "X......*..=")
    found = findings(tmp_path, map_text, legend={
        "k": {"terrain": terrain, "markers": 3 if terrain == "fragile" else 1}})
    assert errors(found) == []
    definition = check_file(tmp_path / "track.yaml").definitions[0]
    plan = plan_tokens(definition.model, definition.kind.context, TextTemplates())
    assert plan.counts[0].count == (3 if terrain == "fragile" else 1) + 2


@pytest.mark.parametrize("game, terrain", [
    ("frothy-races", "track"), ("frothy-races", "solid"), ("frothy-races", "barrier"),
    ("frothy-races", "special"), ("joyride", "special")])
def test_markers_anywhere_else_are_an_error_at_the_legend_entry(
        tmp_path: Path, game: str, terrain: str) -> None:
    """Markers lie on a fragile obstacle or a hazard; on a wall or a solid obstacle no
    vehicle could ever meet them, and on a plain or special space they would be a fragile
    obstacle the map does not show. Joyride has no fragile obstacles at all. The error
    names the entry's 'markers' at its line and column."""
    if game == "joyride":
        map_text = JOY_LOOP.replace("X..............X", "X.....k........X", 1)
    elif terrain == "barrier":
        map_text = WIDE.replace("XXXXXXXXXXXXX", "XkXXXXXXXXXXX", 1)
    else:
        map_text = WIDE.replace("X.........", "X....k....", 1)
    fields: dict[str, Any] = {"legend": {"k": {"terrain": terrain, "markers": 2}}}
    if terrain == "special":
        fields["special_rules"] = "k: a ramp; it throws you one space on."
    found = [f for f in findings(tmp_path, map_text, game, **fields)
             if f.rule == "TRK-MARKERS-PLACE"]
    assert [f.severity for f in found] == [Severity.ERROR]
    before, there = at(tmp_path, found[0])
    assert before.endswith("markers: ") and there.startswith("2")
