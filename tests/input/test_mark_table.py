"""A definition's positions, packed: the same answers as the dict they were made from."""

from __future__ import annotations

from pathlib import Path

from generator.input.schema import locate
from generator.input.source import Mark, MarkTable
from generator.project.loading import load

ROOT = Path(__file__).resolve().parents[2]


def test_a_table_answers_as_the_dict_of_marks_it_packs() -> None:
    marks = {(): Mark("a.yaml", 1, 1), ("name",): Mark("a.yaml", 2, 7),
             ("speed_table", "move_2", 4): Mark("a.yaml", 30, 115),
             ("art",): Mark("other.yaml", 123456, 9)}
    table = MarkTable(marks)
    assert dict(table) == marks
    assert list(table) == list(marks) and len(table) == 4
    assert ("name",) in table and ("nope",) not in table
    assert table.get(("nope",)) is None
    assert locate(table, ("speed_table", "move_2", 4, "x"), Mark("f", 1, 1)) == \
        Mark("a.yaml", 30, 115)


def test_definitions_of_one_shape_share_their_paths(tmp_path: Path) -> None:
    source = (ROOT / "vehicles" / "frothy-races" / "basic-chariot.yaml").read_text()
    for number in (1, 2):
        (tmp_path / f"copy-{number}.yaml").write_text(
            source.replace("name: Basic Chariot", f"name: Copy {number}"))
    loaded = load([tmp_path])
    first, second = (d.marks for d in loaded.definitions)
    assert isinstance(first, MarkTable) and isinstance(second, MarkTable)
    assert first._index is second._index  # one index for the shape
    assert first[("name",)] == Mark(loaded.definitions[0].path, 7, 7)
    assert second[("name",)] == Mark(loaded.definitions[1].path, 7, 7)
