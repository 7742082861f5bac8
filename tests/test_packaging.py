"""The package ships whole: every subpackage listed, data and templates inside the wheel,
every schema field documented."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from generator.input.schema import reference
from generator.project.registry import GAMES
from generator.text.templates import builtin_templates_dir

REPO = Path(__file__).resolve().parents[1]


def listed_packages() -> set[str]:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    return set(config["tool"]["setuptools"]["packages"])


def test_every_python_package_is_listed_in_pyproject() -> None:
    found = {".".join(init.parent.relative_to(REPO).parts)
             for init in (REPO / "generator").rglob("__init__.py")}
    assert found | {"generator._templates", "generator._tracks"} == listed_packages()


def test_templates_ship_inside_the_package_mapping() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert config["tool"]["setuptools"]["package-dir"]["generator._templates"] == "templates"
    assert (builtin_templates_dir() / "frothy-races" / "licence-base.j2").is_file()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_schema_field_has_a_one_line_doc(game: str) -> None:
    for kind in GAMES[game].kinds.values():
        for name, info in reference(kind.schema.model):
            assert info.doc.strip(), f"{game} {kind.name}: {name} has no doc"
            assert "\n" not in info.doc, f"{name}: docs are one line"
            assert info.doc.endswith("."), f"{name}: end the doc with a full stop"


def test_schema_reference_lists_every_field() -> None:
    from generator.commands.schema_docs import format_schema
    text = format_schema(GAMES["frothy-races"])
    for field in ("speed_table.move_1", "damage.resilience", "cards.special.discard",
                  "traits.custom", "stamina.affects"):
        assert f"`{field}`" in text
