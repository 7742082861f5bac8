"""YAML mistakes in plain words, at the right place: one test per common case, exact text."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.input.findings import Summary
from generator.input.report import format_text
from generator.project.loading import load

VEHICLE = Path(__file__).resolve().parents[2] / "vehicles" / "frothy-races" / "whisper-gig.yaml"


def report(tmp_path: Path, text: str) -> str:
    """What ``paddock check`` prints for a file holding ``text`` (without the summary)."""
    path = tmp_path / "v.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load([path])
    return format_text(loaded.findings, Summary.of(loaded.findings, 1)).replace(
        str(path), "v.yaml").rsplit("\n", 1)[0]


CASES = {
    "colon-in-text": (
        "game: frothy-races\nbackground: The crew: three goats\n",
        "v.yaml:2:21: error YAML-SYNTAX: YAML syntax error: ': ' inside a value starts a new key"
        " [Paddock file format, YAML]\n"
        "    2 | background: The crew: three goats\n"
        "      |                     ^\n"
        '    hint: quote the text: background: "The crew: three goats"'),
    "tab": (
        "game: frothy-races\nspeed_table:\n\tmove_1: [0, 1]\n",
        "v.yaml:3:1: error YAML-SYNTAX: YAML syntax error: a tab in the indentation"
        " [Paddock file format, YAML]\n"
        "    3 |  move_1: [0, 1]\n"
        "      | ^\n"
        "    hint: YAML needs spaces, not tabs: indent with spaces"),
    "unclosed-bracket": (
        "game: frothy-races\ntraits: [Evasive, Flimsy\ncolour: red\nname: Gig\n",
        "v.yaml:2:9: error YAML-SYNTAX: YAML syntax error: this '[' is never closed"
        " [Paddock file format, YAML]\n"
        "    2 | traits: [Evasive, Flimsy\n"
        "      |         ^\n"
        "    hint: close it with ']' after the last item (items are separated by ', ')"),
    "unclosed-brace": (
        "game: frothy-races\ncards: {whip: 3, reins: 3\nname: Gig\n",
        "v.yaml:2:8: error YAML-SYNTAX: YAML syntax error: this '{' is never closed"
        " [Paddock file format, YAML]\n"
        "    2 | cards: {whip: 3, reins: 3\n"
        "      |        ^\n"
        "    hint: close it with '}' after the last item (items are separated by ', ')"),
    "colon-in-a-closed-brace": (
        "game: joyride\nitems:\n  - {name: Bog: Born}\n",
        "v.yaml:3:15: error YAML-SYNTAX: YAML syntax error: ': ' inside a value starts a new key"
        " (in '{...}' items are separated by ', ') [Paddock file format, YAML]\n"
        "    3 |   - {name: Bog: Born}\n"
        "      |               ^\n"
        '    hint: quote the text: name: "Bog: Born"'),
    "unclosed-quote": (
        "game: frothy-races\nname: 'Whisper Gig\ncolour: red\n",
        "v.yaml:2:7: error YAML-SYNTAX: YAML syntax error: this ' is never closed"
        " [Paddock file format, YAML]\n"
        "    2 | name: 'Whisper Gig\n"
        "      |       ^\n"
        "    hint: end the text with ' on the same line (write '' for a quote inside it)"),
    "text-after-quote": (
        "game: frothy-races\nname: 'Whisper' Gig\n",
        "v.yaml:2:17: error YAML-SYNTAX: YAML syntax error: text goes on after the closing quote"
        " [Paddock file format, YAML]\n"
        "    2 | name: 'Whisper' Gig\n"
        "      |                 ^\n"
        '    hint: quote the whole text: name: "Whisper Gig"'),
    "indented-too-far": (
        "game: frothy-races\nname: Gig\n  colour: red\n",
        "v.yaml:3:3: error YAML-SYNTAX: YAML syntax error: this line is indented deeper "
        "(2 spaces) than the key above it [Paddock file format, YAML]\n"
        "    3 |   colour: red\n"
        "      |   ^\n"
        "    hint: line it up with the keys of its block, or put the text in quotes if it goes "
        "on from the line above"),
    "indentation-between-blocks": (
        "game: frothy-races\ndamage:\n  resilience: 0\n value: 4\n",
        "v.yaml:4:2: error YAML-SYNTAX: YAML syntax error: this line's indentation (1 space) "
        "matches no block above it [Paddock file format, YAML]\n"
        "    4 |  value: 4\n"
        "      |  ^\n"
        "    hint: indent it exactly like the other keys of its block"),
    "no-space-after-colon": (
        "game: frothy-races\nwhip:3\nname: Gig\n",
        "v.yaml:2:5: error YAML-SYNTAX: YAML syntax error: ':' needs a space after it"
        " [Paddock file format, YAML]\n"
        "    2 | whip:3\n"
        "      |     ^\n"
        "    hint: write 'whip: 3'"),
    "no-colon": (
        "game: frothy-races\nname Whisper Gig\ncolour: red\n",
        "v.yaml:2:1: error YAML-SYNTAX: YAML syntax error: this line is not 'key: value'"
        " [Paddock file format, YAML]\n"
        "    2 | name Whisper Gig\n"
        "      | ^\n"
        "    hint: add ':' after the key, or indent the line if it goes on from the value above"),
    "reserved-character": (
        "game: frothy-races\nname: @gig\n",
        "v.yaml:2:7: error YAML-SYNTAX: YAML syntax error: a value cannot start with '@'"
        " [Paddock file format, YAML]\n"
        "    2 | name: @gig\n"
        "      |       ^\n"
        '    hint: quote the text: name: "@gig"'),
    # A rating written as the printed layout's stars: YAML reads '*' as an alias.
    "star": (
        "game: joyride\ndifficulty: **\n",
        "v.yaml:2:13: error YAML-SYNTAX: YAML syntax error: a value cannot start with '*'"
        " (YAML reads it as a reference to an anchor) [Paddock file format, YAML]\n"
        "    2 | difficulty: **\n"
        "      |             ^\n"
        '    hint: quote the text: difficulty: "**"'),
    "item-after-key": (
        "game: frothy-races\ntraits: - Evasive\n",
        "v.yaml:2:9: error YAML-SYNTAX: YAML syntax error: a list item '- ' cannot follow a key"
        " on its line [Paddock file format, YAML]\n"
        "    2 | traits: - Evasive\n"
        "      |         ^\n"
        "    hint: put each '- item' on a line of its own, indented under the key, or write the "
        "list as [a, b]"),
    "not-a-list-item": (
        "traits:\n  - Evasive\n  - Flimsy\n  Lady Luck: 1\n",
        "v.yaml:4:3: error YAML-SYNTAX: YAML syntax error: this line is not an item of the list"
        " above it [Paddock file format, YAML]\n"
        "    4 |   Lady Luck: 1\n"
        "      |   ^\n"
        "    hint: start it with '- ' to add an item, or indent it under an item, or line it up "
        "with the key that holds the list"),
    "hash-in-text": (
        "kind: kit\nname: Team #1 kit\n",
        "v.yaml:2:7: warning YAML-COMMENT-IN-TEXT: '#' starts a comment here, so the text stops"
        " at 'Team' [Paddock file format, YAML]\n"
        '    hint: quote the text: name: "Team #1 kit"'),
    # The '#' cut the name short, and the line's own comment stays one after the quotes.
    "hash-before-comment": (
        "kind: kit\nname: Team #1   # the first kit\n",
        "v.yaml:2:7: warning YAML-COMMENT-IN-TEXT: '#' starts a comment here, so the text stops"
        " at 'Team' [Paddock file format, YAML]\n"
        '    hint: quote the text: name: "Team #1"   # the first kit'),
    "control-character": (
        "kind: kit\nname: a\x07b\n",
        "v.yaml:2:8: error YAML-SYNTAX: a control character (U+0007) that YAML does not allow"
        " [Paddock file format, YAML]\n"
        "    2 | name: a\ufffdb\n"
        "      |        ^\n"
        "    hint: delete it: it is invisible in most editors"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_yaml_mistake_is_explained_where_it_is(tmp_path: Path, case: str) -> None:
    text, expected = CASES[case]
    assert report(tmp_path, text) == expected


def vehicle_with(change: dict[str, str]) -> str:
    text = VEHICLE.read_text(encoding="utf-8")
    for old, new in change.items():
        assert old in text
        text = text.replace(old, new, 1)
    return text


def test_a_key_dedented_out_of_its_block_links_both_findings(tmp_path: Path) -> None:
    text = vehicle_with({"  value: 4\n": "", "    4: Wipe-out\n": "    4: Wipe-out\nvalue: 4\n"})
    lines = report(tmp_path, text).split("\n")
    missing = lines.index("v.yaml:22:3: error SCHEMA-MISSING-KEY: damage.value: required key "
                          "'value' is missing [Vehicle Creation Guide > Damage Table > Damage "
                          "Value]")
    assert lines[missing + 1] == ("    hint: 'value:' is at line 27, outside 'damage': did you "
                                  "mean to indent it under 'damage'?")
    assert ("v.yaml:27:1: error SCHEMA-UNKNOWN-KEY: value: unknown key 'value'; did you mean to "
            "indent 'value' under 'damage'? [Paddock file format: Frothy Races vehicle]") in lines


def test_a_number_in_quotes_says_remove_the_quotes(tmp_path: Path) -> None:
    text = vehicle_with({"  whip: 3\n": "  whip: '3'\n"})
    assert ("v.yaml:37:9: error SCHEMA-TYPE: cards.whip: expected a whole number from 0 to 20, "
            "found '3' (text); remove the quotes to make it a number [Vehicle Creation Guide > "
            "Whip & Reins]") in report(tmp_path, text).split("\n")


def test_a_number_in_quotes_where_blank_is_allowed_says_remove_the_quotes(
        tmp_path: Path) -> None:
    text = vehicle_with({"  resilience: 0\n": "  resilience: \"0\"\n"})
    assert ("v.yaml:22:15: error SCHEMA-TYPE: damage.resilience: expected a whole number, or "
            "blank ('blank', '-' or ~), found '0' (text); remove the quotes to make it a number "
            "[Vehicle Creation Guide > Damage Table > Resilience]") in report(
                tmp_path, text).split("\n")


def test_text_over_its_limit_gives_the_limit_and_the_length(tmp_path: Path) -> None:
    text = vehicle_with({"name: Whisper Gig\n": "name: " + "W" * 40 + "\n"})
    assert ("v.yaml:5:7: error SCHEMA-VALUE: name: expected text of at most 28 characters, "
            "found 40 characters; shorten it [Paddock file format: Frothy Races vehicle]"
            ) in report(tmp_path, text).split("\n")


def test_json_findings_carry_the_excerpt(tmp_path: Path) -> None:
    path = tmp_path / "v.yaml"
    path.write_text("game: frothy-races\nname: [Gig\n")
    loaded = load([path])
    data = loaded.findings[0].as_dict()
    assert (data["rule"], data["line"], data["column"]) == ("YAML-SYNTAX", 2, 7)
    assert data["excerpt"] == "    2 | name: [Gig\n      |       ^"
