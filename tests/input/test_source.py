"""YAML loading: every value keeps its position; duplicate keys and bad YAML are reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import InputError
from generator.input.source import Map, Scalar, Seq, load_document, parse_document


def test_every_value_keeps_its_line_and_column() -> None:
    doc = parse_document("name: Red Comet\nspeed:\n  move: [0, 1,  2]\n", "v.yaml")
    root = doc.root
    assert isinstance(root, Map)
    name = root.get("name")
    assert isinstance(name, Scalar) and (name.mark.line, name.mark.column) == (1, 7)
    speed = root.get("speed")
    assert isinstance(speed, Map)
    move = speed.get("move")
    assert isinstance(move, Seq)
    assert [(i.mark.line, i.mark.column) for i in move.items] == [(3, 10), (3, 13), (3, 17)]
    assert root.entries["speed"].key_mark.line == 2


def test_duplicate_keys_are_reported_with_both_positions() -> None:
    doc = parse_document("name: A\ncolour: '#000000'\nname: B\n", "v.yaml")
    assert len(doc.duplicates) == 1
    dup = doc.duplicates[0]
    assert dup.key == "name"
    assert (dup.first.line, dup.second.line, dup.second.column) == (1, 3, 1)
    root = doc.root
    assert isinstance(root, Map)
    first = root.get("name")
    assert isinstance(first, Scalar) and first.value == "A"


def test_merge_keys_are_not_duplicates_and_explicit_keys_win() -> None:
    text = "base: &b {x: 1, y: 2}\nthing:\n  <<: *b\n  y: 3\n"
    doc = parse_document(text, "v.yaml")
    assert doc.duplicates == []
    root = doc.root
    assert isinstance(root, Map)
    thing = root.get("thing")
    assert isinstance(thing, Map)
    values = {k: e.value.value for k, e in thing.entries.items() if isinstance(e.value, Scalar)}
    assert values == {"x": 1, "y": 3}


def test_unsafe_tags_are_refused() -> None:
    with pytest.raises(InputError, match="unsupported YAML tag"):
        parse_document("x: !!python/object:os.system ls\n", "evil.yaml")


@pytest.mark.parametrize(("text", "message"), [
    ("", "the file is empty"),
    ("# only a comment\n", "the file is empty"),
    ("a: 1\n---\nb: 2\n", "more than one YAML document"),
])
def test_empty_or_multi_document_files_are_refused(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_document(text, "f.yaml")


def test_missing_file_and_folder_are_input_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        load_document(tmp_path / "nope.yaml")
    with pytest.raises(InputError, match="is a folder"):
        load_document(tmp_path)


def test_non_utf8_file_is_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes("name: Caf\xe9\n".encode("latin-1"))
    with pytest.raises(InputError, match="not UTF-8"):
        load_document(path)


@pytest.mark.parametrize(("written", "value"), [
    ("030", 30), ("08", 8), ("-07", -7), ("+010", 10), ("0", 0), ("'030'", "030"),
    ("!!str 030", "030"), ("0x1A", 26)])
def test_a_whole_number_with_leading_zeros_reads_in_decimal(written: str, value: object
                                                            ) -> None:
    """YAML 1.1 reads '030' as octal 24 and '08' as text; whoever typed them (and an
    editor's YAML 1.2) means 30 and 8. Quoted or tagged text stays text."""
    root = parse_document(f"endurance: {written}\n", "v.yaml").root
    assert isinstance(root, Map)
    scalar = root.get("endurance")
    assert isinstance(scalar, Scalar) and scalar.value == value
    assert type(scalar.value) is type(value)
