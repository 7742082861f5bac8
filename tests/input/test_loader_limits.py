"""Loader limits: every hostile file is refused at its position, never a crash or a hang."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.errors import InputError
from generator.input.source import LIMITS, Limits, Map, Scalar, Seq, load_document, parse_document
from generator.paper.units import parse_length
from generator.project.kit import parse_positive_length
from generator.project.loading import load
from tests.fuzz_cases import HOSTILE_DOCUMENTS


def refused(text: str, limits: Limits = LIMITS) -> InputError:
    with pytest.raises(InputError) as info:
        parse_document(text, "f.yaml", limits)
    return info.value


def test_an_alias_bomb_is_refused_at_the_alias_that_crosses_the_value_limit() -> None:
    error = refused(HOSTILE_DOCUMENTS["alias-bomb"])
    assert error.rule == "YAML-LIMIT"
    assert error.message == ("this alias brings the file to more than 20,000 values (aliases "
                             "count every value they repeat)")
    # a0..a3 hold 10, 91, 820 and 7,381 values: the second '*a3' on line 5 crosses 20,000
    assert (error.line, error.column) == (5, 15)


def test_an_alias_is_shared_not_copied() -> None:
    doc = parse_document("base: &b {x: 1}\none: *b\ntwo: *b\n", "f.yaml")
    root = doc.root
    assert isinstance(root, Map)
    assert root.get("one") is root.get("base") is root.get("two")


@pytest.mark.parametrize(("text", "column"), [
    ("a: &a [*a]\n", 8),
    ("c: &c {<<: *c}\n", 12),
])
def test_an_alias_inside_its_own_value_is_refused(text: str, column: int) -> None:
    error = refused(text)
    assert error.message.startswith(f"alias '*{text[4]}' is inside the value it names")
    assert (error.line, error.column) == (1, column)


@pytest.mark.parametrize("name", ["deep-flow-30000", "deep-mapping-flow", "deep-block-500",
                                  "deep-sequence"])
def test_deep_nesting_is_refused_long_before_any_recursion_limit(name: str) -> None:
    error = refused(HOSTILE_DOCUMENTS[name])
    assert error.message == "nested more than 32 levels deep"
    assert error.line is not None and error.column is not None


def test_thirty_thousand_levels_do_not_crash_the_interpreter(tmp_path: Path) -> None:
    """The composer used to segfault (exit 139) here; the process must report and exit 2."""
    path = tmp_path / "deep.yaml"
    path.write_text(HOSTILE_DOCUMENTS["deep-flow-30000"])
    result = subprocess.run([sys.executable, "-m", "generator", "check", str(path)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2, result.stderr
    assert f"{path}:1:33: error YAML-LIMIT: nested more than 32 levels deep" in result.stdout


def test_the_depth_limit_counts_levels_exactly() -> None:
    limits = Limits(depth=3)
    parse_document("a: {b: {c: 1}}\n", "f.yaml", limits)
    error = refused("a: {b: {c: [1]}}\n", limits)
    assert (error.line, error.column) == (1, 12)


def test_a_long_value_is_refused_with_its_length_and_the_limit() -> None:
    error = refused("name: " + "x" * 10_001 + "\n")
    assert error.message == ("a value of 10,001 characters; Paddock reads at most 10,000 in "
                             "one value")
    assert (error.line, error.column) == (1, 7)


def test_a_file_over_the_size_limit_is_refused_where_it_crosses_it(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("k: v\n" * 120_000)
    with pytest.raises(InputError) as info:
        load_document(path)
    assert info.value.message == ("the file is 600,000 bytes; a definition may be at most "
                                  "524,288 (reached here)")
    assert (info.value.line, info.value.column) == (104_858, 4)


@pytest.mark.parametrize("text", [
    "x: !!python/object:os.system ls\n",
    "!!python/object:__main__.Thing\ngame: joyride\n",
    "x: !!set {a, b}\n",
    "x: !!binary aGk=\n",
    "x: !custom value\n",
    "x: !!python/tuple [1, 2]\n",
    "x: !!map [1]\n",
    "- !!omap [a: 1]\n",
])
def test_only_core_schema_tags_are_read(text: str) -> None:
    error = refused(text)
    assert error.rule == "YAML-TAG"
    assert error.message.startswith("unsupported YAML tag")
    assert error.line == 1


def test_core_tags_are_read() -> None:
    doc = parse_document("a: !!str 3\nb: !!int '4'\nc: !!float 1\nd: !!seq [1]\n"
                         "e: !!map {x: !!null ''}\nf: !!bool yes\n", "f.yaml")
    root = doc.root
    assert isinstance(root, Map)
    values = {k: e.value.value for k, e in root.entries.items() if isinstance(e.value, Scalar)}
    assert values == {"a": "3", "b": 4, "c": 1.0, "f": True}
    assert isinstance(root.get("d"), Seq) and isinstance(root.get("e"), Map)


@pytest.mark.parametrize(("value", "message"), [
    ("!!int abc", "'abc' is not a valid !!int value"),
    ("!!int ''", "'' is not a valid !!int value"),
    ("!!int 0b102", "'0b102' is not a valid !!int value"),
    ("!!float abc", "'abc' is not a valid !!float value"),
    ("!!bool maybe", "'maybe' is not a valid !!bool value"),
    ("!!timestamp notadate", "'notadate' is not a valid !!timestamp value"),
    ("2024-13-45", "'2024-13-45' looks like a timestamp but is not one"),
])
def test_a_bad_tagged_value_is_a_finding_at_its_position(value: str, message: str) -> None:
    error = refused(f"game: joyride\nx: {value}\n")
    assert (error.rule, error.message, error.line, error.column) == ("YAML-VALUE", message, 2, 4)


@pytest.mark.parametrize(("value", "message"), [
    (".nan", "'.nan' is not a finite number"),
    ("-.inf", "'-.inf' is not a finite number"),
    ("1.0e+400", "'1.0e+400' is not a finite number"),
    ("1" + "0" * 400, "the number 1000000000000000000000000000000000000000 is out of range: "
                      "Paddock reads numbers from -1,000,000,000,000 to 1,000,000,000,000"),
])
def test_numbers_are_finite_and_in_range(value: str, message: str) -> None:
    error = refused(f"x: [1, {value}]\n")
    assert (error.message, error.line, error.column) == (message, 1, 8)


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(InputError) as info:
        load_document(fifo)  # opening a FIFO would block until a writer came
    assert info.value.message.startswith("not a regular file")


def test_a_device_is_refused() -> None:
    with pytest.raises(InputError, match="not a regular file"):
        load_document(Path("/dev/zero"))


def test_bytes_that_are_not_utf8_are_pointed_at(tmp_path: Path) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes("game: joyride\nname: Caf\xe9\n".encode("latin-1"))
    with pytest.raises(InputError) as info:
        load_document(path)
    assert (info.value.line, info.value.column) == (2, 10)


def test_a_control_character_is_pointed_at() -> None:
    error = refused("name: Red\ncolour: bl\x1bue\n")
    assert error.message == "a control character (U+001B) that YAML does not allow"
    assert (error.line, error.column) == (2, 11)
    assert error.excerpt is not None and "\x1b" not in error.excerpt


@pytest.mark.parametrize("text", ["1" * 400, "1" * 400 + "mm", 10**400, float("nan"),
                                  float("inf"), "20000mm"])
def test_lengths_are_finite_and_at_most_ten_metres(text: str | float | int) -> None:
    with pytest.raises(ValueError, match="out of range: a length is at most 10 m"):
        parse_length(text)
    with pytest.raises(ValueError):
        parse_positive_length(text)


@pytest.mark.parametrize("name", ["nan-kit", "huge-kit", "huge-length-text"])
def test_kit_values_out_of_range_are_findings(tmp_path: Path, name: str) -> None:
    path = tmp_path / "kit.yaml"
    path.write_text(HOSTILE_DOCUMENTS[name])
    loaded = load([path])
    assert loaded.findings and all(f.severity.value == "error" for f in loaded.findings)
    assert loaded.kit is None
    assert all(f.mark.line >= 1 for f in loaded.findings)


def test_a_number_as_text_is_not_mistaken_for_a_cut_comment() -> None:
    doc = parse_document("whip: 3 #three\nname: Red # the car\n", "f.yaml")
    assert doc.cut_texts == []


def test_text_cut_by_a_comment_is_noticed() -> None:
    doc = parse_document("name: Team #1 Racer\ncolour: #ff0000\n", "f.yaml")
    assert [(c.mark.line, c.mark.column, c.kept) for c in doc.cut_texts] == [
        (1, 7, "Team"), (2, 8, "")]


@pytest.mark.parametrize("name", sorted(HOSTILE_DOCUMENTS) + ["control-character"])
def test_the_pure_python_parser_keeps_the_same_contract(
        monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Without libyaml PyYAML parses in Python: every hostile file still ends in a document
    or an error with a position."""
    import yaml

    import generator.input.composer

    monkeypatch.setattr(generator.input.composer, "_SAFE_LOADER", yaml.SafeLoader)
    text = HOSTILE_DOCUMENTS.get(name, "name: a\x07b\n")
    try:
        parse_document(text, "f.yaml")
    except InputError as error:
        assert error.line is not None and error.column is not None, error
